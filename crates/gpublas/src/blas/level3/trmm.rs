//! trmm, in the out-of-place form cuBLAS and rocBLAS 4 define (`C ← α op(A) B`), and netlib's
//! in-place form (`B ← α op(A) B`) through it (the vendors' in-place use: `C` is `B`).
//!
//! rocBLAS before 4.0 exports only an in-place trmm under the same name, which is not bound;
//! there trmm is `Unsupported`, naming rocBLAS.

use crate::args::{MatIn, MatOut, Shape};
use crate::backend::{Backend, BlasAll, Level3};
use crate::blas::level2::single;
use crate::blas::{mismatch, stored_op};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Order, Side, Uplo};

/// A call with a triangular `A` beside a general `B` (trmm, trsm), planned for `B`'s stored
/// layout: a row-major `B` is stored as `Bᵀ`, which flips the side (`(op(A) B)ᵀ = Bᵀ op(A)ᵀ`),
/// and a row-major `A` is stored as `Aᵀ`, whose triangle is the other one.
pub(in crate::blas) struct TriPlan {
    pub(in crate::blas) side: Side,
    pub(in crate::blas) uplo: Uplo,
    pub(in crate::blas) op: Op,
    /// Whether `A` must be replaced by a conjugated copy (see `stored_op`).
    pub(in crate::blas) conj_a: bool,
    /// The stored shape of `B`.
    pub(in crate::blas) m: usize,
    pub(in crate::blas) n: usize,
}

/// Checks that `a` is square of `b`'s side and plans the column-major call.
pub(in crate::blas) fn plan_tri<T: Scalar>(
    r: &'static str,
    (side, uplo, trans): (Side, Uplo, Op),
    a: &Shape,
    b: &Shape,
    b_arg: &'static str,
) -> Result<TriPlan> {
    if a.rows != a.cols {
        return Err(mismatch(
            r,
            "a",
            format!("is {}×{}; it must be square", a.rows, a.cols),
        ));
    }
    let (need, which) = if side == Side::Left {
        (b.rows, "rows")
    } else {
        (b.cols, "columns")
    };
    if a.rows != need {
        return Err(mismatch(
            r,
            "a",
            format!(
                "is {}×{} but {} has {need} {which}",
                a.rows,
                a.cols,
                b_arg.to_uppercase()
            ),
        ));
    }
    let bt = b.order == Order::RowMajor;
    let (op, conj_a) = stored_op::<T>(trans, a.order, bt);
    let uplo = if a.order == Order::RowMajor {
        uplo.flip()
    } else {
        uplo
    };
    let side = if bt { side.flip() } else { side };
    let (m, n) = b.stored();
    Ok(TriPlan {
        side,
        uplo,
        op,
        conj_a,
        m,
        n,
    })
}

impl<B: Backend> Device<B> {
    /// `C ← α op(A) B` (`Side::Left`) or `C ← α B op(A)` (`Side::Right`), `A` triangular with
    /// its `uplo` triangle stored (the other is not read, nor a unit diagonal); `B` and `C` are
    /// `m × n`, and `C` is never read. `α = 0` sets `C` to zero without reading `A` or `B`.
    ///
    /// This is cuBLAS's and rocBLAS 4's trmm (out of place); [`Device::trmm_in_place`] is
    /// netlib's. Any layouts: a `B` in another layout than `C`'s runs on a copy in `C`'s layout;
    /// a complex `Op::C` on an `A` in another layout runs on a conjugated copy of `A`.
    ///
    /// On a backend whose library multiplies structural zeros (cuBLAS; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `B`
    /// is first checked for NaN and ∞ with the library's `asum` (a synchronisation: the call waits
    /// for the device); if it holds one, the call runs on the host from copies of the operands, so
    /// that it reaches only the elements the reference lets it reach.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `C` is not `B`'s shape, or `A` is not square of
    /// `B`'s rows (left) or columns (right); [`Error::Unsupported`](crate::Error::Unsupported) on
    /// rocBLAS older than 4.0 (its trmm is the in-place one); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (A `B` in another layout than
    /// `C`'s runs on a copy of it in `C`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[1, 2], [0, 3]] from its upper triangle (the lower one is not read).
    /// let a = [1.0, f64::NAN, 2.0, 3.0];
    /// let b = [1.0; 4];
    /// let mut c = vec![f64::NAN; 4];
    /// dev.trmm(Side::Left, Uplo::Upper, Op::N, Diag::NonUnit, 1.0, Mat::col_major(&a, 2, 2),
    ///          Mat::col_major(&b, 2, 2), MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [3.0, 3.0, 3.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn trmm<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "trmm";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(R, arg, s)?;
        }
        if (b.shape.rows, b.shape.cols) != (c.shape.rows, c.shape.cols) {
            return Err(mismatch(
                R,
                "c",
                format!(
                    "is {}×{} but B is {}×{}",
                    c.shape.rows, c.shape.cols, b.shape.rows, b.shape.cols
                ),
            ));
        }
        // trmm has no op on B: a B in the other layout than C's runs on a relaid copy.
        let mut keep_b = None;
        let b = self.in_layout(b, c.shape.order, &mut keep_b, R, "b")?;
        let p = plan_tri::<T>(R, (side, uplo, trans), &a.shape, &c.shape, "c")?;
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        // Every element of C's matrix is written: copy in only what lies between them.
        let mut call = self.call(R).memsets();
        if alpha.is_zero() {
            let c_s = call.output(c.src, !c.dense, "c")?;
            call.launch()?;
            // SAFETY: `c` was checked to hold its `m × n` stored matrix.
            unsafe { self.scale_stored(c_s, (p.m, p.n, ldc), T::zero())? };
            return call.finish();
        }
        let mut keep = None;
        let a = if p.conj_a {
            self.conjugated_mat(a, &mut keep, R, "a")?
        } else {
            a
        };
        let a_s = call.input(a.src, "a")?;
        let b_s = call.input(b.src, "b")?;
        let c_s = call.output(c.src, !c.dense, "c")?;
        call.launch()?;
        // SAFETY: `a` was checked to be square of C's side, `b` and `c` to hold their shape;
        // `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>().trmm(
                p.side, p.uplo, p.op, diag, p.m, p.n, alpha, a_s, lda, b_s, ldb, c_s, ldc,
            )?
        };
        call.finish()
    }

    /// `B ← α op(A) B` (`Side::Left`) or `B ← α B op(A)` (`Side::Right`): reference BLAS's
    /// in-place trmm, run as the vendors' out-of-place one with `C = B`. `α = 0` sets `B` to
    /// zero without reading `A`. Layouts as for [`Device::trmm`].
    ///
    /// On a backend whose library multiplies structural zeros (cuBLAS; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `B`
    /// is first checked for NaN and ∞ with the library's `asum` (a synchronisation: the call waits
    /// for the device); if it holds one, the call runs on the host from copies of the operands, so
    /// that it reaches only the elements the reference lets it reach.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, or `A` is not square of `B`'s rows (left) or columns
    /// (right); [`Error::Unsupported`](crate::Error::Unsupported) on rocBLAS older than 4.0; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // B ← B·A for A = [[1, 2], [0, 3]] with a unit diagonal (not read): [[1, 2], [0, 1]].
    /// let a = [f64::NAN, f64::NAN, 2.0, f64::NAN];
    /// let mut b = vec![1.0; 4];
    /// dev.trmm_in_place(Side::Right, Uplo::Upper, Op::N, Diag::Unit, 1.0,
    ///                   Mat::col_major(&a, 2, 2), MatMut::col_major(&mut b, 2, 2))?;
    /// assert_eq!(b, [1.0, 1.0, 3.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn trmm_in_place<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "trmm_in_place";
        self.check()?;
        let (a, b) = (a.mat_in(R, "a")?, b.mat_out(R, "b")?);
        single(R, "a", &a.shape)?;
        single(R, "b", &b.shape)?;
        let p = plan_tri::<T>(R, (side, uplo, trans), &a.shape, &b.shape, "b")?;
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let (lda, ldb) = (a.shape.ld, b.shape.ld);
        let mut call = self.call(R).memsets();
        if alpha.is_zero() {
            let b_s = call.output(b.src, !b.dense, "b")?;
            call.launch()?;
            // SAFETY: `b` was checked to hold its `m × n` stored matrix.
            unsafe { self.scale_stored(b_s, (p.m, p.n, ldb), T::zero())? };
            return call.finish();
        }
        let mut keep = None;
        let a = if p.conj_a {
            self.conjugated_mat(a, &mut keep, R, "a")?
        } else {
            a
        };
        let a_s = call.input(a.src, "a")?;
        let b_s = call.output(b.src, true, "b")?;
        call.launch()?;
        // SAFETY: `a` was checked to be square of B's side and `b` to hold its shape; `b` is a
        // mutable borrow, so it does not overlap `a`; `c` is `b` itself with the same leading
        // dimension (the in-place use the backend contract allows).
        unsafe {
            self.blas::<T>().trmm(
                p.side, p.uplo, p.op, diag, p.m, p.n, alpha, a_s, lda, b_s, ldb, b_s, ldb,
            )?
        };
        call.finish()
    }
}
