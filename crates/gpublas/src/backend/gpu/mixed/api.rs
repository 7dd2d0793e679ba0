//! [`GpuMixed`]: the vendor call behind [`MixedPrecision`](crate::backend::MixedPrecision), and
//! [`GemmExCall`], its arguments.

use crate::backend::gpu::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::precision::GemmTypes;
use crate::types::Op;

/// One [`GpuMixed::gemm_ex`] call: `C ← α op(A) op(B) + βC` with the storage types and
/// arithmetic of `types`, `α`, `β` as `f32` host scalars, integers as `i64` (the 32-bit entry
/// point is used when they fit).
#[derive(Debug, Clone, Copy)]
#[allow(missing_docs)]
pub struct GemmExCall {
    pub types: GemmTypes,
    pub ta: Op,
    pub tb: Op,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: f32,
    pub a: DevPtr,
    pub lda: i64,
    pub b: DevPtr,
    pub ldb: i64,
    pub beta: f32,
    pub c: DevPtr,
    pub ldc: i64,
    /// `(stride_a, stride_b, stride_c, count)` for a strided batch, `None` for one gemm.
    pub batch: Option<(i64, i64, i64, i64)>,
}

/// The vendor half of [`MixedPrecision`](crate::backend::MixedPrecision).
///
/// # Safety (for every method)
/// As for [`GpuApi`]: `h` is a live handle; device pointers are valid for the extents the
/// dimensions imply (every matrix of a batch).
#[allow(clippy::missing_safety_doc)]
pub trait GpuMixed: GpuApi {
    /// One mixed-precision gemm or strided batch of them (cuBLAS `cublasGemmEx` /
    /// `cublasGemmStridedBatchedEx`, rocBLAS `rocblas_gemm_ex` /
    /// `rocblas_gemm_strided_batched_ex`).
    unsafe fn gemm_ex(&self, h: Self::Handle, call: &GemmExCall) -> Result<()>;
}
