//! The vendors' BLAS-like extensions on single matrices: geam (`C ← α op(A) + β op(B)`, with its
//! in-place form `C ← αC + β op(B)`) and dgmm (`C ← diag(x) A` or `A diag(x)`).
//!
//! An operand whose scalar is zero is never read: the backend is handed the other operand in
//! its place (so it is not even transferred), and both zero is plain device memsets.

use crate::args::{MatIn, MatOut, VecIn};
use crate::backend::{Backend, BlasAll, Level3};
use crate::blas::level2::single;
use crate::blas::{mismatch, stored_op};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Op, Order, Side};

impl<B: Backend> Device<B> {
    /// `C ← α op(A) + β op(B)` (cuBLAS's and rocBLAS's `geam`): matrix addition, scaling and
    /// (conjugate) transposition out of place. `op(A)` and `op(B)` are `C`'s shape; `α = 0`
    /// does not read `A`, `β = 0` does not read `B`, and `C` is never read.
    ///
    /// Any mix of layouts works (a complex `Op::C` on an operand in another layout than `C`'s
    /// runs on a conjugated copy of it). `C` is borrowed mutably, so it cannot alias `A` or `B`:
    /// the vendors' in-place sums are [`Device::geam_in_place`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, or `op(A)` or `op(B)` is not `C`'s shape; a transfer
    /// or backend failure (see [`Error`](crate::Error)). The output is untouched on every error
    /// except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results
    /// began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // C = Aᵀ + 2B for A = [[1, 3], [2, 4]] and B all ones.
    /// let (a, b) = ([1.0, 2.0, 3.0, 4.0], [1.0; 4]);
    /// let mut c = vec![f64::NAN; 4];
    /// dev.geam(Op::T, Op::N, 1.0, Mat::col_major(&a, 2, 2), 2.0, Mat::col_major(&b, 2, 2),
    ///          MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [3.0, 5.0, 4.0, 6.0]); // [[3, 4], [5, 6]]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn geam<'a, T: Scalar>(
        &'a self,
        ta: Op,
        tb: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        beta: T,
        b: impl MatIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "geam";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(R, arg, s)?;
        }
        let (m, n) = (c.shape.rows, c.shape.cols);
        for (arg, op, s) in [("a", ta, &a.shape), ("b", tb, &b.shape)] {
            let (r, k) = op.apply(s.rows, s.cols);
            if (r, k) != (m, n) {
                return Err(mismatch(
                    R,
                    arg,
                    format!(
                        "gives an op({}) of {r}×{k} but C is {m}×{n}",
                        arg.to_uppercase()
                    ),
                ));
            }
        }
        let c_row = c.shape.order == Order::RowMajor;
        let (ta, conj_a) = stored_op::<T>(ta, a.shape.order, c_row);
        let (tb, conj_b) = stored_op::<T>(tb, b.shape.order, c_row);
        let (sm, sn) = c.shape.stored();
        if sm == 0 || sn == 0 {
            return Ok(());
        }
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        // Every element of C's matrix is written: copy in only what lies between them.
        let mut call = self.call(R).memsets();
        if alpha.is_zero() && beta.is_zero() {
            let c_s = call.output(c.src, !c.dense, "c")?;
            call.launch()?;
            // SAFETY: `c` was checked to hold its `sm × sn` stored matrix.
            unsafe { self.scale_stored(c_s, (sm, sn, ldc), T::zero())? };
            return call.finish();
        }
        // An operand with a zero scalar is not read: the other one stands in for it. One read
        // under a conjugate without a transpose runs on a conjugated copy.
        let (mut keep_a, mut keep_b) = (None, None);
        let a = if conj_a && !alpha.is_zero() {
            self.conjugated_mat(a, &mut keep_a, R, "a")?
        } else {
            a
        };
        let b = if conj_b && !beta.is_zero() {
            self.conjugated_mat(b, &mut keep_b, R, "b")?
        } else {
            b
        };
        let ((a_s, ta, lda), (b_s, tb, ldb), c_s) = if alpha.is_zero() {
            let b_s = call.input(b.src, "b")?;
            (
                (b_s, tb, ldb),
                (b_s, tb, ldb),
                call.output(c.src, !c.dense, "c")?,
            )
        } else if beta.is_zero() {
            let a_s = call.input(a.src, "a")?;
            (
                (a_s, ta, lda),
                (a_s, ta, lda),
                call.output(c.src, !c.dense, "c")?,
            )
        } else {
            let a_s = call.input(a.src, "a")?;
            let b_s = call.input(b.src, "b")?;
            (
                (a_s, ta, lda),
                (b_s, tb, ldb),
                call.output(c.src, !c.dense, "c")?,
            )
        };
        call.launch()?;
        // SAFETY: `a` and `b` were checked to hold matrices whose ops are C's stored shape, `c`
        // its shape; `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>()
                .geam(ta, tb, sm, sn, alpha, a_s, lda, beta, b_s, ldb, c_s, ldc)?
        };
        call.finish()
    }

    /// `C ← αC + β op(B)`: geam in place (the vendors' `C = A` form), with `op(B)` of `C`'s
    /// shape. `α = 0` does not read `C`, `β = 0` does not read `B`; `α = 1, β = 0` returns at
    /// once. Any layouts work (as for [`Device::geam`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, or `op(B)` is not `C`'s shape; a transfer or backend
    /// failure (see [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // C ← 2C − Bᵀ for C all ones and B = [[1, 3], [2, 4]].
    /// let b = [1.0, 2.0, 3.0, 4.0];
    /// let mut c = vec![1.0; 4];
    /// dev.geam_in_place(2.0, -1.0, Op::T, Mat::col_major(&b, 2, 2), MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [1.0, -1.0, 0.0, -2.0]); // [[1, 0], [−1, −2]]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn geam_in_place<'a, T: Scalar>(
        &'a self,
        alpha: T,
        beta: T,
        tb: Op,
        b: impl MatIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "geam_in_place";
        self.check()?;
        let (b, c) = (b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        single(R, "b", &b.shape)?;
        single(R, "c", &c.shape)?;
        let (m, n) = (c.shape.rows, c.shape.cols);
        let (r, k) = tb.apply(b.shape.rows, b.shape.cols);
        if (r, k) != (m, n) {
            return Err(mismatch(
                R,
                "b",
                format!("gives an op(B) of {r}×{k} but C is {m}×{n}"),
            ));
        }
        let (tb, conj_b) = stored_op::<T>(tb, b.shape.order, c.shape.order == Order::RowMajor);
        let (sm, sn) = c.shape.stored();
        if sm == 0 || sn == 0 || (alpha.is_one() && beta.is_zero()) {
            return Ok(());
        }
        let (ldb, ldc) = (b.shape.ld, c.shape.ld);
        let mut call = self.call(R).memsets();
        if beta.is_zero() {
            // C ← αC (zeros for α = 0), not reading B.
            let c_s = call.output(c.src, !(alpha.is_zero() && c.dense), "c")?;
            call.launch()?;
            // SAFETY: `c` was checked to hold its `sm × sn` stored matrix.
            unsafe { self.scale_stored(c_s, (sm, sn, ldc), alpha)? };
            return call.finish();
        }
        let mut keep = None;
        let b = if conj_b {
            self.conjugated_mat(b, &mut keep, R, "b")?
        } else {
            b
        };
        let b_s = call.input(b.src, "b")?;
        if alpha.is_zero() {
            // C ← β op(B), out of place (C is not read): B stands in for the unread A.
            let c_s = call.output(c.src, !c.dense, "c")?;
            call.launch()?;
            // SAFETY: `b` was checked to hold a matrix whose op is C's stored shape, `c` its
            // shape; `c` is a mutable borrow, so it does not overlap `b`.
            unsafe {
                self.blas::<T>().geam(
                    tb,
                    tb,
                    sm,
                    sn,
                    T::zero(),
                    b_s,
                    ldb,
                    beta,
                    b_s,
                    ldb,
                    c_s,
                    ldc,
                )?
            };
            return call.finish();
        }
        let c_s = call.output(c.src, true, "c")?;
        call.launch()?;
        // SAFETY: as above; `c` is also the `A` operand, with op N and its own leading
        // dimension: the in-place form the backend contract allows.
        unsafe {
            self.blas::<T>()
                .geam(Op::N, tb, sm, sn, alpha, c_s, ldc, beta, b_s, ldb, c_s, ldc)?
        };
        call.finish()
    }

    /// `C ← diag(x) A` (`Side::Left`, `x` has `C`'s row count of elements) or `C ← A diag(x)`
    /// (`Side::Right`, one per column), as cuBLAS's and rocBLAS's `dgmm`; `C` is never read.
    /// `x`'s increment may be negative (walked from its end) or 0 (the same element for every
    /// row or column).
    ///
    /// Any layouts: dgmm has no op on `A`, so an `A` in another layout than `C`'s runs on a copy
    /// in `C`'s layout.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `A` is not `C`'s shape, or `x` has the wrong length;
    /// a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on
    /// every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written. (An `A`
    /// in another layout than `C`'s runs on a copy of it in `C`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // Scale row i of A (all ones) by x[i], with x = [2, 3] walked backwards from [3, 2].
    /// let (a, x) = ([1.0; 4], [3.0, 2.0]);
    /// let mut c = vec![f64::NAN; 4];
    /// dev.dgmm(Side::Left, Mat::col_major(&a, 2, 2), Vector::strided(&x, 2, -1),
    ///          MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [2.0, 3.0, 2.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn dgmm<'a, T: Scalar>(
        &'a self,
        side: Side,
        a: impl MatIn<'a, T, B>,
        x: impl VecIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "dgmm";
        self.check()?;
        let (a, x, c) = (a.mat_in(R, "a")?, x.vec_in(R, "x")?, c.mat_out(R, "c")?);
        single(R, "a", &a.shape)?;
        single(R, "c", &c.shape)?;
        let (m, n) = (c.shape.rows, c.shape.cols);
        if (a.shape.rows, a.shape.cols) != (m, n) {
            return Err(mismatch(
                R,
                "a",
                format!("is {}×{} but C is {m}×{n}", a.shape.rows, a.shape.cols),
            ));
        }
        let (len, which) = if side == Side::Left {
            (m, "rows")
        } else {
            (n, "columns")
        };
        if x.n != len {
            return Err(mismatch(
                R,
                "x",
                format!("has {} elements but C has {len} {which}", x.n),
            ));
        }
        // dgmm has no op on A: an A in the other layout than C's runs on a relaid copy.
        let mut keep_a = None;
        let a = self.in_layout(a, c.shape.order, &mut keep_a, R, "a")?;
        // (diag(x) A)ᵀ = Aᵀ diag(x): a row-major C flips the side.
        let side = if c.shape.order == Order::RowMajor {
            side.flip()
        } else {
            side
        };
        let (sm, sn) = c.shape.stored();
        if sm == 0 || sn == 0 {
            return Ok(());
        }
        // One element is at the lowest address whatever the increment.
        let incx = if x.n == 1 { 1 } else { x.inc };
        let (lda, ldc) = (a.shape.ld, c.shape.ld);
        let mut call = self.call(R);
        let a_s = call.input(a.src, "a")?;
        let x_s = call.vec_in(x, "x")?;
        let c_s = call.output(c.src, !c.dense, "c")?;
        call.launch()?;
        // SAFETY: `a` and `c` were checked to hold C's stored shape, `x` its `len` elements with
        // increment `incx`; `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>()
                .dgmm(side, sm, sn, a_s, lda, x_s, incx, c_s, ldc)?
        };
        call.finish()
    }
}
