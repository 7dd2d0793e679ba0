//! Mixed precision: gemm on `f16` / `bf16` operands with f32 accumulation, and f32 gemm with a
//! chosen arithmetic (TF32). The storage and arithmetic rules are on [`GemmInput`].

use super::level2::single;
use super::level3::plan_gemm;
use super::mismatch;
use crate::args::{MatIn, MatOut, Shape};
use crate::backend::{Backend, MixedPrecision};
use crate::device::Device;
use crate::error::Result;
use crate::precision::{ComputeType, GemmInput, GemmOutput, GemmTypes};
use crate::types::Op;

impl<B: Backend> Device<B> {
    /// `C ← α op(A) op(B) + βC` with `A` and `B` stored as `I` ([`f16`](struct@crate::f16),
    /// [`bf16`](crate::bf16) or `f32`), `C` as `O` (`I` or `f32`), `α`, `β` as `f32`, and the
    /// arithmetic `compute` ([`ComputeType::F32`]: products summed in f32; [`ComputeType::Tf32`]:
    /// f32 inputs rounded to TF32 where the device has TF32 units).
    ///
    /// Semantics and layouts are [`gemm`](Device::gemm)'s: any mix of column- and row-major
    /// operands, `β = 0` overwrites `C` without reading it, `α = 0` reads neither `A` nor `B`.
    /// A 16-bit `C` is rounded once from the f32 result (`αAB + βC` formed in f32).
    ///
    /// # Errors
    /// As for [`gemm`](Device::gemm), and [`Error::Unsupported`](crate::Error::Unsupported) where
    /// the backend has no path for these types (e.g. TF32 on a rocBLAS without math modes). The
    /// output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::{f16, ComputeType};
    ///
    /// let dev = Device::auto()?;
    /// let a: Vec<f16> = [1.0, 2.0, 3.0, 4.0].map(f16::from_f32).to_vec(); // 2×2
    /// let b: Vec<f16> = [0.5, 0.25, 1.0, 2.0].map(f16::from_f32).to_vec();
    /// let mut c = vec![f32::NAN; 4]; // β = 0: never read
    /// dev.gemm_with(ComputeType::F32, Op::N, Op::N, 1.0, Mat::col_major(&a, 2, 2),
    ///               Mat::col_major(&b, 2, 2), 0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [1.25, 2.0, 7.0, 10.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_with<'a, I: GemmInput, O: GemmOutput<I>>(
        &'a self,
        compute: ComputeType,
        ta: Op,
        tb: Op,
        alpha: f32,
        a: impl MatIn<'a, I, B>,
        b: impl MatIn<'a, I, B>,
        beta: f32,
        c: impl MatOut<'a, O, B>,
    ) -> Result<()>
    where
        B: MixedPrecision,
    {
        const R: &str = "gemm_with";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(R, arg, s)?;
        }
        // The mixed-precision types are all real: `f32` stands for them in the plan.
        let p = plan_gemm::<f32>(R, ta, tb, &a.shape, &b.shape, &c.shape)?;
        // Reference BLAS's quick returns: nothing to compute, or nothing to add with β = 1.
        if p.m == 0 || p.n == 0 || ((alpha == 0.0 || p.k == 0) && beta == 1.0) {
            return Ok(());
        }
        // α = 0 must not read A or B (vendors differ): k = 0 makes the backend only scale C.
        let k = if alpha == 0.0 { 0 } else { p.k };
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        let copy_in = !(beta == 0.0 && c.dense);
        let a_s = a.store(self, R, "a")?;
        let b_s = b.store(self, R, "b")?;
        let c_s = c.store(self, copy_in, R, "c")?;
        let ((x, ldx), (y, ldy)) = if p.swap {
            ((b_s.ptr, ldb), (a_s.ptr, lda))
        } else {
            ((a_s.ptr, lda), (b_s.ptr, ldb))
        };
        let types = GemmTypes::of::<I, O>(compute);
        // SAFETY: every operand was checked against its storage for the shapes of this call
        // (k = 0 reads less); `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.backend().gemm_ex(
                types, p.ta, p.tb, p.m, p.n, k, alpha, x, ldx, y, ldy, beta, c_s.ptr, ldc,
            )?
        };
        crate::args::finish_outputs(self, R, [("c", c_s)])
    }

    /// [`gemm_with`](Device::gemm_with) for each matrix of three strided batches (see
    /// [`Mat::batched`](crate::Mat::batched)), as
    /// [`gemm_strided_batched`](Device::gemm_strided_batched) does it: the same count for all
    /// three, `C`'s stride keeping its matrices apart, strides counted in elements of each
    /// operand's own type.
    ///
    /// # Errors
    /// As for [`gemm_strided_batched`](Device::gemm_strided_batched) and
    /// [`gemm_with`](Device::gemm_with). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::{bf16, ComputeType};
    ///
    /// let dev = Device::auto()?;
    /// let a: Vec<bf16> = [1.0, 2.0, 3.0, 4.0].map(bf16::from_f32).to_vec(); // two 1×2 rows
    /// let b: Vec<bf16> = [1.0, 1.0].map(bf16::from_f32).to_vec(); // one 2×1, shared: stride 0
    /// let mut c = vec![bf16::ZERO; 2]; // two 1×1 results, rounded to bf16
    /// let a = Mat::row_major(&a, 1, 2).batched(2, 2);
    /// let b = Mat::col_major(&b, 2, 1).batched(2, 0);
    /// let c_batch = MatMut::col_major(&mut c, 1, 1).batched(2, 1);
    /// dev.gemm_strided_batched_with(ComputeType::F32, Op::N, Op::N, 1.0, a, b, 0.0, c_batch)?;
    /// assert_eq!(c, [bf16::from_f32(3.0), bf16::from_f32(7.0)]); // 1 + 2, 3 + 4
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_strided_batched_with<'a, I: GemmInput, O: GemmOutput<I>>(
        &'a self,
        compute: ComputeType,
        ta: Op,
        tb: Op,
        alpha: f32,
        a: impl MatIn<'a, I, B>,
        b: impl MatIn<'a, I, B>,
        beta: f32,
        c: impl MatOut<'a, O, B>,
    ) -> Result<()>
    where
        B: MixedPrecision,
    {
        const R: &str = "gemm_strided_batched_with";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        let count = c.shape.count;
        for (arg, n) in [("a", a.shape.count), ("b", b.shape.count)] {
            if n != count {
                return Err(mismatch(
                    R,
                    arg,
                    format!("is a batch of {n} but `c` is a batch of {count}"),
                ));
            }
        }
        let p = plan_gemm::<f32>(R, ta, tb, &a.shape, &b.shape, &c.shape)?;
        // Validation already proved the extent fits in usize.
        let c_extent = c.shape.extent().unwrap_or(0);
        if count > 1 && c.shape.batch_stride() < c_extent {
            return Err(mismatch(
                R,
                "c",
                format!(
                    "has stride {} < one matrix's extent {c_extent}: outputs would overlap",
                    c.shape.batch_stride()
                ),
            ));
        }
        if p.m == 0 || p.n == 0 || count == 0 || ((alpha == 0.0 || p.k == 0) && beta == 1.0) {
            return Ok(());
        }
        let k = if alpha == 0.0 { 0 } else { p.k };
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        // A stride nothing is read through (one matrix, or matrices with no elements) is
        // irrelevant; 0 keeps backends from computing offsets with it.
        let stride = |s: &Shape, read: bool| match s.extent() {
            Some(e) if read && e > 0 && count > 1 => s.batch_stride(),
            _ => 0,
        };
        let (sa, sb) = (stride(&a.shape, k > 0), stride(&b.shape, k > 0));
        let sc = stride(&c.shape, true);
        let copy_in = !(beta == 0.0 && c.dense);
        let a_s = a.store(self, R, "a")?;
        let b_s = b.store(self, R, "b")?;
        let c_s = c.store(self, copy_in, R, "c")?;
        let ((x, ldx, sx), (y, ldy, sy)) = if p.swap {
            ((b_s.ptr, ldb, sb), (a_s.ptr, lda, sa))
        } else {
            ((a_s.ptr, lda, sa), (b_s.ptr, ldb, sb))
        };
        let types = GemmTypes::of::<I, O>(compute);
        // SAFETY: every batch was checked against its storage (count, stride and extent), and
        // C's matrices do not overlap each other or any input.
        unsafe {
            self.backend().gemm_strided_batched_ex(
                types, p.ta, p.tb, p.m, p.n, k, alpha, x, ldx, sx, y, ldy, sy, beta, c_s.ptr, ldc,
                sc, count,
            )?
        };
        crate::args::finish_outputs(self, R, [("c", c_s)])
    }
}
