//! Batched routines over arrays of matrices (`gemm_batched`, `trsm_batched`: the vendors read an
//! array of device addresses per operand, which the library builds in device memory from the
//! validated operands) and gemv over strided batches.
//!
//! Outputs never overlap each other or an input: matrices in different storages are different
//! borrows (one of them mutable), and the matrices of one output storage were checked apart
//! when the argument was validated.

use super::conj::ConjCopy;
use super::level3::{plan_gemm, plan_tri};
use super::{mismatch, stored_op};
use crate::args::{Call, MatDesc, MatIn, MatsDesc, MatsDescMut, MatsIn, MatsOut, VecsIn, VecsOut};
use crate::backend::{Backend, Batched, BlasAll, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::Alloc;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Rejects operands whose batch count is not the output's.
fn same_count(
    routine: &'static str,
    counts: &[(&'static str, usize)],
    out: (&'static str, usize),
) -> Result<()> {
    for &(arg, n) in counts {
        if n != out.1 {
            return Err(mismatch(
                routine,
                arg,
                format!("is a batch of {n} but `{}` is a batch of {}", out.0, out.1),
            ));
        }
    }
    Ok(())
}

impl<'a, T: Scalar, B: Backend> MatsDesc<'a, T, B> {
    /// Makes every matrix available on the device for `call`; their addresses, in order.
    fn put(self, call: &mut Call<'a, T, B>, arg: &'static str) -> Result<Vec<DevPtr>> {
        let mut ptrs = Vec::with_capacity(self.count);
        for (src, offsets) in self.parts {
            let base = call.input(src, arg)?;
            ptrs.extend(offsets.iter().map(|o| base.offset::<T>(o)));
        }
        Ok(ptrs)
    }
}

impl<'a, T: Scalar, B: BlasAll> MatsDesc<'a, T, B> {
    /// Every storage of the array conjugated (for an op that would need a conjugate without a
    /// transpose: see `stored_op`); `keeps` holds device copies until the call ends.
    fn conjugated(
        self,
        dev: &'a Device<B>,
        keeps: &mut Vec<ConjCopy<T, B>>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Self> {
        let Some(shape) = self.shape else {
            return Ok(self);
        };
        let mut parts = Vec::with_capacity(self.parts.len());
        for (src, offsets) in self.parts {
            let mut keep = None;
            let m = dev.conjugated_mat(MatDesc { src, shape }, &mut keep, routine, arg)?;
            keeps.push(keep);
            parts.push((m.src, offsets));
        }
        Ok(MatsDesc {
            parts,
            shape: self.shape,
            count: self.count,
        })
    }
}

impl<'a, T: Scalar, B: Backend> MatsDescMut<'a, T, B> {
    /// Makes every matrix available on the device for `call` (with its old contents if
    /// `copy_in`); their addresses, in order. Results reach them in `call.finish()`.
    fn put(
        self,
        call: &mut Call<'a, T, B>,
        copy_in: bool,
        arg: &'static str,
    ) -> Result<Vec<DevPtr>> {
        let mut ptrs = Vec::with_capacity(self.count);
        for (src, offsets) in self.parts {
            let base = call.output(src, copy_in, arg)?;
            ptrs.extend(offsets.iter().map(|o| base.offset::<T>(o)));
        }
        Ok(ptrs)
    }
}

/// The device arrays of matrix addresses the vendors read: one allocation holding `lists` one
/// after the other, and the address of each array in it. The allocation must outlive the call
/// that reads it (dropping it frees it in stream order).
fn ptr_arrays<B: Backend>(dev: &Device<B>, lists: &[&[DevPtr]]) -> Result<(Alloc<B>, Vec<DevPtr>)> {
    let ptrs: Vec<*mut u8> = lists
        .iter()
        .flat_map(|l| l.iter().map(|p| p.as_raw()))
        .collect();
    // The addresses are copied as they are, byte for byte (on host-memory backends they stay
    // pointers, provenance included, for the host's routines to read back).
    let len = std::mem::size_of_val(&ptrs[..]);
    // SAFETY: the vector's buffer holds `len` initialised bytes and outlives the borrow; it is
    // only copied from.
    let bytes = unsafe { std::slice::from_raw_parts(ptrs.as_ptr().cast::<u8>(), len) };
    let arrays = Alloc::bytes(dev, len)?;
    crate::transfer::upload(dev.link(), arrays.ptr(), bytes)?;
    let mut at = Vec::with_capacity(lists.len());
    let mut start = 0;
    for l in lists {
        at.push(arrays.ptr().offset::<*mut u8>(start));
        start += l.len();
    }
    Ok((arrays, at))
}

impl<B: Backend> Device<B> {
    /// `Cᵢ ← α op(Aᵢ) op(Bᵢ) + βCᵢ` for each matrix of three arrays of matrices of equal length
    /// (`cublas<t>gemmBatched`, `rocblas_<t>gemm_batched`): each operand is a slice, `Vec` or
    /// array of [`Mat`](crate::Mat)s (each in its own storage), a
    /// [`MatArray`](crate::MatArray) (matrices at offsets of one storage), or a strided batch.
    /// The matrices of one operand share a shape and leading dimension; the `Cᵢ` must not
    /// overlap (checked). Layouts as for [`Device::gemm`]; `α = 0` reads neither `A` nor `B`,
    /// `β = 0` does not read `C`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if a matrix
    /// does not fit its storage, the matrices of an operand differ in shape or leading dimension,
    /// the counts differ, the `Cᵢ` overlap, or the shapes of `op(A)`, `op(B)` and `C` do not agree;
    /// a transfer or backend failure (see [`Error`](crate::Error)). Outputs are untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach them), which names the outputs that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // Three 2×2 A's at chosen offsets of one buffer, three B's in their own buffers, and three
    /// // C's side by side.
    /// let a: Vec<f64> = (0..16).map(f64::from).collect();
    /// let bs = [vec![1.0; 4], vec![2.0; 4], vec![0.5; 4]];
    /// let mut c = vec![f64::NAN; 12]; // β = 0: never read
    /// dev.gemm_batched(
    ///     Op::N,
    ///     Op::N,
    ///     1.0,
    ///     Mat::col_major(&a, 2, 2).at_offsets(&[12, 0, 4]),
    ///     bs.iter().map(|b| Mat::col_major(b, 2, 2)).collect::<Vec<_>>(),
    ///     0.0,
    ///     MatMut::col_major(&mut c, 2, 2).batched(3, 4),
    /// )?;
    /// // C₀ = A₀·B₀ with A₀ = [12 14; 13 15] and B₀ all ones.
    /// assert_eq!(&c[..4], &[26.0, 28.0, 26.0, 28.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_batched<'a, T: Scalar>(
        &'a self,
        ta: Op,
        tb: Op,
        alpha: T,
        a: impl MatsIn<'a, T, B>,
        b: impl MatsIn<'a, T, B>,
        beta: T,
        c: impl MatsOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "gemm_batched";
        self.check()?;
        let (a, b, c) = (a.mats_in(R, "a")?, b.mats_in(R, "b")?, c.mats_out(R, "c")?);
        let count = c.count;
        same_count(R, &[("a", a.count), ("b", b.count)], ("c", count))?;
        let (Some(sa), Some(sb), Some(sc)) = (a.shape, b.shape, c.shape) else {
            return Ok(()); // no matrices at all
        };
        let p = plan_gemm::<T>(R, ta, tb, &sa, &sb, &sc)?;
        if p.m == 0 || p.n == 0 || count == 0 {
            return Ok(());
        }
        // α = 0 must not read A or B (vendors differ): k = 0 makes the backend only scale C.
        let k = if alpha.is_zero() { 0 } else { p.k };
        let copy_in = !(beta.is_zero() && c.dense);
        let mut keeps = Vec::new();
        let (a, b) = if k == 0 {
            (a, b)
        } else {
            let a = if p.conj_a {
                a.conjugated(self, &mut keeps, R, "a")?
            } else {
                a
            };
            let b = if p.conj_b {
                b.conjugated(self, &mut keeps, R, "b")?
            } else {
                b
            };
            (a, b)
        };
        let mut call = self.call(R);
        let (pa, pb, pc) = if k == 0 {
            // Nothing of A or B is read: C's addresses stand in for theirs.
            let pc = c.put(&mut call, copy_in, "c")?;
            (pc.clone(), pc.clone(), pc)
        } else {
            let (pa, pb) = (a.put(&mut call, "a")?, b.put(&mut call, "b")?);
            (pa, pb, c.put(&mut call, copy_in, "c")?)
        };
        call.launch()?;
        let ((x, ldx), (y, ldy)) = if p.swap {
            ((pb, sb.ld), (pa, sa.ld))
        } else {
            ((pa, sa.ld), (pb, sb.ld))
        };
        let (_arrays, at) = ptr_arrays(self, &[&x, &y, &pc])?;
        // SAFETY: every matrix was checked against its storage for the shapes of this call, the
        // arrays hold `count` addresses each, and C's matrices overlap neither each other nor
        // any input.
        unsafe {
            self.blas::<T>().gemm_batched(
                p.ta, p.tb, p.m, p.n, k, alpha, at[0], ldx, at[1], ldy, beta, at[2], sc.ld, count,
            )?
        };
        call.finish()
    }

    /// Solves `op(Aᵢ) Xᵢ = αBᵢ` (`Side::Left`) or `Xᵢ op(Aᵢ) = αBᵢ` (`Side::Right`) for each pair
    /// of two arrays of matrices of equal length (`cublas<t>trsmBatched`,
    /// `rocblas_<t>trsm_batched`); `Xᵢ` overwrites `Bᵢ`. Operands as for
    /// [`Device::gemm_batched`]; layouts as for [`Device::trsm`]. `α = 0` sets every `Bᵢ` to
    /// zero without reading `A`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if a matrix
    /// does not fit its storage, the matrices of an operand differ in shape or leading dimension,
    /// the counts differ, the `Bᵢ` overlap, or the `Aᵢ` are not square of the `Bᵢ`'s rows (left) or
    /// columns (right); a transfer or backend failure (see [`Error`](crate::Error)). Outputs are
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach them), which names the outputs that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // One A = [[2, 0], [1, 1]] (lower) shared by two right-hand sides in their own buffers.
    /// let a = [2.0, 1.0, f64::NAN, 1.0];
    /// let (mut b0, mut b1) = (vec![2.0, 3.0], vec![4.0, 4.0]);
    /// dev.trsm_batched(
    ///     Side::Left,
    ///     Uplo::Lower,
    ///     Op::N,
    ///     Diag::NonUnit,
    ///     1.0,
    ///     Mat::col_major(&a, 2, 2).batched(2, 0),
    ///     vec![MatMut::col_major(&mut b0, 2, 1), MatMut::col_major(&mut b1, 2, 1)],
    /// )?;
    /// assert_eq!((b0, b1), (vec![1.0, 2.0], vec![2.0, 2.0]));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn trsm_batched<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        alpha: T,
        a: impl MatsIn<'a, T, B>,
        b: impl MatsOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "trsm_batched";
        self.check()?;
        let (a, b) = (a.mats_in(R, "a")?, b.mats_out(R, "b")?);
        let count = b.count;
        same_count(R, &[("a", a.count)], ("b", count))?;
        let (Some(sa), Some(sb)) = (a.shape, b.shape) else {
            return Ok(()); // no matrices at all
        };
        let p = plan_tri::<T>(R, (side, uplo, trans), &sa, &sb, "b")?;
        if p.m == 0 || p.n == 0 || count == 0 {
            return Ok(());
        }
        let mut call = self.call(R).memsets();
        if alpha.is_zero() {
            // Reference BLAS: B ← 0, reading neither A nor B.
            let copy_in = !b.dense;
            let pb = b.put(&mut call, copy_in, "b")?;
            call.launch()?;
            for ptr in pb {
                // SAFETY: every Bᵢ was checked to hold its `m × n` stored matrix.
                unsafe { self.scale_stored(ptr, (p.m, p.n, sb.ld), T::zero())? };
            }
            return call.finish();
        }
        let mut keeps = Vec::new();
        let a = if p.conj_a {
            a.conjugated(self, &mut keeps, R, "a")?
        } else {
            a
        };
        let pa = a.put(&mut call, "a")?;
        let pb = b.put(&mut call, true, "b")?;
        call.launch()?;
        let (_arrays, at) = ptr_arrays(self, &[&pa, &pb])?;
        // SAFETY: every Aᵢ was checked to be square of its Bᵢ's side and every Bᵢ to hold its
        // shape; the arrays hold `count` addresses each; the Bᵢ overlap neither each other nor
        // any Aᵢ.
        unsafe {
            self.blas::<T>().trsm_batched(
                p.side, p.uplo, p.op, diag, p.m, p.n, alpha, at[0], sa.ld, at[1], sb.ld, count,
            )?
        };
        call.finish()
    }

    /// `yᵢ ← α op(Aᵢ) xᵢ + βyᵢ` for each entry of three strided batches of equal count
    /// (`cublas<t>gemvStridedBatched`, `rocblas_<t>gemv_strided_batched`): `A` is a
    /// [`Mat::batched`](crate::Mat::batched), `x` a [`Vector::batched`](crate::Vector::batched),
    /// `y` a [`VectorMut::batched`](crate::VectorMut::batched) (stride 0 shares one `A` or `x`
    /// between all entries; `y`'s stride must keep its vectors apart). Semantics per entry as for
    /// [`Device::gemv`]: zero increments are errors, negative ones walk from the end.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if a batch
    /// does not fit its storage, the counts differ, an increment is zero (naming `incx` or `incy`),
    /// `y`'s vectors overlap, or the lengths do not match `op(A)`; a transfer or backend failure
    /// (see [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // One 2×3 A shared by four entries (stride 0), four x's of 3 and four y's of 2.
    /// let a = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0];
    /// let x: Vec<f32> = (0..12).map(|v| v as f32).collect();
    /// let mut y = vec![0.0f32; 8];
    /// dev.gemv_strided_batched(
    ///     Op::N,
    ///     1.0,
    ///     Mat::col_major(&a, 2, 3).batched(4, 0),
    ///     Vector::strided(&x, 3, 1).batched(4, 3),
    ///     0.0,
    ///     VectorMut::strided(&mut y, 2, 1).batched(4, 2),
    /// )?;
    /// // y₁ = A·[3, 4, 5] = [3 + 5, 4 + 5].
    /// assert_eq!(&y[2..4], &[8.0, 9.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemv_strided_batched<'a, T: Scalar>(
        &'a self,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        x: impl VecsIn<'a, T, B>,
        beta: T,
        y: impl VecsOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "gemv_strided_batched";
        self.check()?;
        let (a, x, y) = (a.mat_in(R, "a")?, x.vecs_in(R, "x")?, y.vecs_out(R, "y")?);
        for (arg, inc) in [("incx", x.inc), ("incy", y.inc)] {
            if inc == 0 {
                return Err(Error::arg(R, arg, "must not be zero"));
            }
        }
        let count = y.count;
        same_count(R, &[("a", a.shape.count), ("x", x.count)], ("y", count))?;
        let (rows, cols) = trans.apply(a.shape.rows, a.shape.cols);
        if x.n != cols {
            return Err(mismatch(
                R,
                "x",
                format!("has {} elements but op(A) has {cols} columns", x.n),
            ));
        }
        if y.n != rows {
            return Err(mismatch(
                R,
                "y",
                format!("has {} elements but op(A) has {rows} rows", y.n),
            ));
        }
        let (op, conj_a) = stored_op::<T>(trans, a.shape.order, false);
        let (m, n) = a.shape.stored();
        if m == 0 || n == 0 || count == 0 {
            return Ok(());
        }
        // A stride nothing is read through (one entry, or an empty matrix) is irrelevant; 0
        // keeps backends from computing offsets with it.
        let several = count > 1;
        let sa = match a.shape.extent() {
            Some(e) if e > 0 && several => a.shape.batch_stride(),
            _ => 0,
        };
        let (sx, sy) = if several {
            (x.stride, y.stride)
        } else {
            (0, 0)
        };
        let (lda, incx, incy) = (a.shape.ld, x.inc, y.inc);
        let copy_in = !(beta.is_zero() && y.dense);
        let mut keep = None;
        let a = if conj_a && !alpha.is_zero() {
            self.conjugated_mat(a, &mut keep, R, "a")?
        } else {
            a
        };
        let mut call = self.call(R);
        let a_s = call.input(a.src, "a")?;
        let x_s = call.input(x.src, "x")?;
        let y_s = call.output(y.src, copy_in, "y")?;
        call.launch()?;
        // SAFETY: every batch was checked against its storage (count, stride and span), and y's
        // vectors overlap neither each other nor any input.
        unsafe {
            self.blas::<T>().gemv_strided_batched(
                op, m, n, alpha, a_s, lda, sa, x_s, incx, sx, beta, y_s, incy, sy, count,
            )?
        };
        call.finish()
    }
}
