//! Level 2: matrix-vector operations.

use super::{mismatch, stored_op};
use crate::args::{MatIn, MatOut, Shape, VecIn, VecOut};
use crate::backend::{Backend, Blas};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order};

/// Rejects a zero increment: level 2 walks negative ones from the end but, as reference BLAS's
/// `XERBLA` checks, never accepts 0 (`arg` is `"incx"` or `"incy"`).
pub(super) fn nonzero_inc(routine: &'static str, arg: &'static str, inc: isize) -> Result<()> {
    if inc == 0 {
        Err(Error::arg(routine, arg, "must not be zero"))
    } else {
        Ok(())
    }
}

/// Rejects strided batches where a single matrix is expected.
pub(crate) fn single(routine: &'static str, arg: &'static str, s: &Shape) -> Result<()> {
    if s.count == 1 && s.stride.is_none() {
        Ok(())
    } else {
        Err(Error::arg(
            routine,
            arg,
            "is a batch; batches are only for gemm_strided_batched",
        ))
    }
}

impl<B: Backend> Device<B> {
    /// `y ← α op(A) x + βy`.
    ///
    /// `β = 0` overwrites `y` without reading it. An `A` with no rows or no columns leaves `y`
    /// untouched (reference BLAS's quick return). Negative increments walk `x` and `y` from the
    /// end; a zero increment is an error naming `incx` or `incy`.
    #[allow(clippy::too_many_arguments)]
    pub fn gemv<'a, T: Scalar>(
        &'a self,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        const R: &str = "gemv";
        self.check()?;
        let (a, x, y) = (a.mat_in(R, "a")?, x.vec_in(R, "x")?, y.vec_out(R, "y")?);
        nonzero_inc(R, "incx", x.inc)?;
        nonzero_inc(R, "incy", y.inc)?;
        single(R, "a", &a.shape)?;
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
        let op = stored_op::<T>(R, "a", trans, a.shape.order, false)?;
        let (m, n) = a.shape.stored();
        if m == 0 || n == 0 {
            return Ok(());
        }
        let (lda, incx, incy) = (a.shape.ld, x.inc, y.inc);
        let copy_in = !(beta.is_zero() && y.dense());
        let a_s = a.store(self, R, "a")?;
        let x_s = x.store(self, R, "x")?;
        let y_s = y.store(self, copy_in, R, "y")?;
        // SAFETY: every operand was checked against its storage for the stored shape `m × n`
        // and `op`; `y` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.backend().gemv(
                op, m, n, alpha, a_s.ptr, lda, x_s.ptr, incx, beta, y_s.ptr, incy,
            )?
        };
        y_s.finish()
    }

    /// `A ← αxyᵀ + A` (BLAS `ger`, `geru` for complex).
    pub fn ger<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        self.ger_impl("ger", false, alpha, x, y, a)
    }

    /// `A ← αxyᵀ + A` (BLAS `geru`; the same as [`Device::ger`]).
    pub fn geru<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        self.ger_impl("geru", false, alpha, x, y, a)
    }

    /// `A ← αxyᴴ + A` (BLAS `gerc`; the same as `ger` for real types).
    pub fn gerc<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        self.ger_impl("gerc", T::IS_COMPLEX, alpha, x, y, a)
    }

    fn ger_impl<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        conj: bool,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        self.check()?;
        let (x, y, a) = (x.vec_in(r, "x")?, y.vec_in(r, "y")?, a.mat_out(r, "a")?);
        nonzero_inc(r, "incx", x.inc)?;
        nonzero_inc(r, "incy", y.inc)?;
        single(r, "a", &a.shape)?;
        if x.n != a.shape.rows {
            return Err(mismatch(
                r,
                "x",
                format!("has {} elements but A has {} rows", x.n, a.shape.rows),
            ));
        }
        if y.n != a.shape.cols {
            return Err(mismatch(
                r,
                "y",
                format!("has {} elements but A has {} columns", y.n, a.shape.cols),
            ));
        }
        let row_major = a.shape.order == Order::RowMajor;
        if row_major && conj {
            return Err(Error::Unsupported { routine: r, what: "a row-major `a` for complex gerc (Aᵀ += α conj(y) xᵀ needs a conjugated vector); pass a column-major `a`".into() });
        }
        let (m, n) = a.shape.stored();
        if m == 0 || n == 0 || alpha.is_zero() {
            return Ok(());
        }
        let lda = a.shape.ld;
        // Row-major A is stored as Aᵀ, and Aᵀ += α y xᵀ: swap the vectors.
        let (u, v) = if row_major { (y, x) } else { (x, y) };
        let (incu, incv) = (u.inc, v.inc);
        let u_s = u.store(self, r, "x")?;
        let v_s = v.store(self, r, "y")?;
        let a_s = a.store(self, true, r, "a")?;
        // SAFETY: every operand was checked against its storage for the stored shape `m × n`;
        // `a` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.backend().ger(
                conj, m, n, alpha, u_s.ptr, incu, v_s.ptr, incv, a_s.ptr, lda,
            )?
        };
        a_s.finish()
    }
}
