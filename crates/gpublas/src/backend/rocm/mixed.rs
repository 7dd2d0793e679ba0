//! Mixed-precision gemm on rocBLAS: `rocblas_gemm_ex` / `rocblas_gemm_strided_batched_ex` with
//! an f32 compute type, `C` and `D` the same matrix (rocBLAS computes in place when `ldc == ldd`
//! and the types match), and TF32 as rocBLAS's `xf32` math mode, set on the handle for the call
//! and reset after it.

use rocblas_sys as sys;

use super::{op, RocmApi};
use crate::backend::gpu::{ffi, lp64_or_ilp64, GemmExCall, GpuMixed};
use crate::error::{Error, Result};
use crate::precision::{ComputeType, Precision};

use ffi::{c, m, s};

/// A storage precision as rocBLAS's `rocblas_datatype`.
fn data_type(routine: &'static str, p: Precision) -> Result<sys::rocblas_datatype> {
    match p {
        Precision::F16 => Ok(sys::rocblas_datatype_f16_r),
        Precision::Bf16 => Ok(sys::rocblas_datatype_bf16_r),
        Precision::F32 => Ok(sys::rocblas_datatype_f32_r),
        #[allow(unreachable_patterns)]
        other => Err(Error::Unsupported {
            routine,
            what: format!("{} operands on rocm", other.name()),
        }),
    }
}

impl GpuMixed for RocmApi {
    unsafe fn gemm_ex(&self, h: Self::Handle, call: &GemmExCall) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.gemm_ex_with_mode(h, call) }
    }
}

impl RocmApi {
    /// [`GpuMixed::gemm_ex`](crate::backend::gpu::GpuMixed::gemm_ex), with the handle in the xf32
    /// math mode for the call when `ComputeType::Tf32` asks for it.
    ///
    /// # Safety
    /// As for `GpuMixed::gemm_ex`.
    pub(super) unsafe fn gemm_ex_with_mode(
        &self,
        h: sys::rocblas_handle,
        x: &GemmExCall,
    ) -> Result<()> {
        let r = if x.batch.is_some() {
            "gemm_strided_batched_with"
        } else {
            "gemm_with"
        };
        if x.types.compute != ComputeType::Tf32 {
            // SAFETY: forwarded to the caller.
            return unsafe { self.gemm_ex_call(h, x, r) };
        }
        let set = sys::rocblas_level3()
            .ok()
            .and_then(|t| t.rocblas_set_math_mode)
            .ok_or_else(|| Error::Unsupported {
                routine: r,
                what: "ComputeType::Tf32 on rocm: the loaded rocBLAS has no `rocblas_set_math_mode` (the xf32 math mode needs rocBLAS 4.0 or newer)".into(),
            })?;
        // SAFETY: `h` is a live handle used by this thread alone (the pool hands it out once).
        self.rb_check("rocblas_set_math_mode", unsafe {
            set(h, sys::rocblas_xf32_xdl_math_op)
        })?;
        // SAFETY: forwarded to the caller.
        let result = unsafe { self.gemm_ex_call(h, x, r) };
        // The handle goes back to the pool: it must leave in the default mode, which every other
        // call assumes.
        // SAFETY: as above.
        let reset = self.rb_check("rocblas_set_math_mode", unsafe {
            set(h, sys::rocblas_default_math)
        });
        result.and(reset)
    }

    /// The `rocblas_gemm_ex` (or strided batched) call itself.
    ///
    /// # Safety
    /// As for `GpuMixed::gemm_ex`.
    unsafe fn gemm_ex_call(
        &self,
        h: sys::rocblas_handle,
        x: &GemmExCall,
        r: &'static str,
    ) -> Result<()> {
        let ab = data_type(r, x.types.input)?;
        let ct = data_type(r, x.types.output)?;
        // f32 accumulation with f32 scalars for every storage type (rocBLAS's table for
        // `rocblas_gemm_ex`); xf32, if asked for, is the handle's math mode.
        let compute = sys::rocblas_datatype_f32_r;
        let (algo, solution, flags) = (sys::rocblas_gemm_algo_standard, 0i32, 0u32);
        let (ta, tb, alpha, beta) = (op(x.ta), op(x.tb), &x.alpha, &x.beta);
        let (mm, n, k, lda, ldb, ldc) = (x.m, x.n, x.k, x.lda, x.ldb, x.ldc);
        // SAFETY: the caller guarantees every pointer's extent for these dimensions (every
        // matrix of a batch); C doubles as D (same pointer, type and leading dimension, which
        // rocBLAS computes in place); the scalars are host `f32`s (host pointer mode).
        unsafe {
            match x.batch {
                None => lp64_or_ilp64!(self, r, rb_check, lp64: self.rb => rocblas_gemm_ex,
                    ilp64: sys::rocblas_level3(), ints: [mm, n, k, lda, ldb, ldc],
                    (h, ta, tb, mm, n, k, s(alpha), c(x.a), ab, lda, c(x.b), ab, ldb, s(beta),
                     c(x.c), ct, ldc, m(x.c), ct, ldc, compute, algo, solution, flags)),
                Some((sa, sb, sc, batch)) => lp64_or_ilp64!(self, r, rb_check,
                    lp64: self.rb => rocblas_gemm_strided_batched_ex,
                    ilp64: sys::rocblas_level3(), ints: [mm, n, k, lda, ldb, ldc, batch],
                    (h, ta, tb, mm, n, k, s(alpha), c(x.a), ab, lda, sa, c(x.b), ab, ldb, sb,
                     s(beta), c(x.c), ct, ldc, sc, m(x.c), ct, ldc, sc, batch, compute, algo,
                     solution, flags)),
            }
        }
    }
}
