//! Level 2: matrix-vector operations.

mod symmetric;
mod triangular;
mod update;

use super::{mismatch, stored_op};
use crate::args::{MatIn, MatOut, Shape, VecIn, VecOut};
use crate::backend::{Backend, BlasAll, Level2};
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
    /// end; a zero increment is an error naming `incx` or `incy`. `A` may be in either layout
    /// with any op (a complex `Op::C` on a row-major `A` runs on a conjugated copy of `A`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a batch, or `x`, `y` do not match `op(A)`'s columns and
    /// rows; a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched
    /// on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[1, 2, 3], [4, 5, 6]], column-major.
    /// let a = [1.0, 4.0, 2.0, 5.0, 3.0, 6.0];
    /// let mut y = vec![f64::NAN; 2]; // β = 0: never read
    /// dev.gemv(Op::N, 1.0, Mat::col_major(&a, 2, 3), &[1.0, 1.0, 1.0], 0.0, &mut y)?;
    /// assert_eq!(y, [6.0, 15.0]);
    /// // Aᵀ x with a strided x (every other element).
    /// let mut z = vec![0.0; 3];
    /// let x = [1.0, -1.0, 2.0];
    /// dev.gemv(Op::T, 1.0, Mat::col_major(&a, 2, 3), Vector::strided(&x, 2, 2), 0.0, &mut z)?;
    /// assert_eq!(z, [9.0, 12.0, 15.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
        B: BlasAll,
    {
        self.gemv_as("gemv", trans, alpha, a, x, beta, y)
    }

    /// [`Device::gemv`], reporting errors as routine `r` (e.g. `matmul`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gemv_as<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (a, x, y) = (a.mat_in(r, "a")?, x.vec_in(r, "x")?, y.vec_out(r, "y")?);
        nonzero_inc(r, "incx", x.inc)?;
        nonzero_inc(r, "incy", y.inc)?;
        single(r, "a", &a.shape)?;
        let (rows, cols) = trans.apply(a.shape.rows, a.shape.cols);
        if x.n != cols {
            return Err(mismatch(
                r,
                "x",
                format!("has {} elements but op(A) has {cols} columns", x.n),
            ));
        }
        if y.n != rows {
            return Err(mismatch(
                r,
                "y",
                format!("has {} elements but op(A) has {rows} rows", y.n),
            ));
        }
        let (op, conj_a) = stored_op::<T>(trans, a.shape.order, false);
        let (m, n) = a.shape.stored();
        if m == 0 || n == 0 {
            return Ok(());
        }
        let mut keep = None;
        let a = if conj_a && !alpha.is_zero() {
            self.conjugated_mat(a, &mut keep, r, "a")?
        } else {
            a
        };
        let (lda, incx, incy) = (a.shape.ld, x.inc, y.inc);
        let copy_in = !(beta.is_zero() && y.dense());
        let mut call = self.call(r);
        let a_s = call.input(a.src, "a")?;
        let x_s = call.input(x.src, "x")?;
        let y_s = call.output(y.src, copy_in, "y")?;
        call.launch()?;
        // SAFETY: every operand was checked against its storage for the stored shape `m × n`
        // and `op`; `y` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>()
                .gemv(op, m, n, alpha, a_s, lda, x_s, incx, beta, y_s, incy)?
        };
        call.finish()
    }

    /// `A ← αxyᵀ + A` (BLAS `ger`, `geru` for complex).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a batch, or `x`, `y` do not match `A`'s rows and columns; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut a = vec![0.0f32; 6]; // 2×3, row-major
    /// dev.ger(1.0, &[1.0, 2.0], &[1.0, 10.0, 100.0], MatMut::row_major(&mut a, 2, 3))?;
    /// assert_eq!(a, [1.0, 10.0, 100.0, 2.0, 20.0, 200.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn ger<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.ger_impl("ger", false, alpha, x, y, a)
    }

    /// `A ← αxyᵀ + A` (BLAS `geru`; the same as [`Device::ger`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a batch, or `x`, `y` do not match `A`'s rows and columns; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let i = Complex64::new(0.0, 1.0);
    /// let mut a = vec![Complex64::new(0.0, 0.0); 1];
    /// dev.geru(Complex64::new(1.0, 0.0), &[i], &[i], MatMut::col_major(&mut a, 1, 1))?;
    /// assert_eq!(a, [Complex64::new(-1.0, 0.0)]); // i · i
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn geru<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.ger_impl("geru", false, alpha, x, y, a)
    }

    /// `A ← αxyᴴ + A` (BLAS `gerc`; the same as `ger` for real types). `A` may be row-major
    /// (it runs on a conjugated copy of `y` then).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a batch, or `x`, `y` do not match `A`'s rows and columns; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let i = Complex64::new(0.0, 1.0);
    /// let mut a = vec![Complex64::new(0.0, 0.0); 1];
    /// dev.gerc(Complex64::new(1.0, 0.0), &[i], &[i], MatMut::row_major(&mut a, 1, 1))?;
    /// assert_eq!(a, [Complex64::new(1.0, 0.0)]); // i · conj(i)
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn gerc<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
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
        B: BlasAll,
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
        let (m, n) = a.shape.stored();
        if m == 0 || n == 0 || alpha.is_zero() {
            return Ok(());
        }
        let lda = a.shape.ld;
        // Row-major A is stored as Aᵀ, and Aᵀ += α y xᵀ: swap the vectors. For gerc that is
        // Aᵀ += α conj(y) xᵀ: an unconjugated update with a conjugated copy of y.
        let mut keep = None;
        let (u, v, conj) = match (row_major, conj) {
            (false, _) => (x, y, conj),
            (true, false) => (y, x, false),
            (true, true) => (self.conjugated_vec(y, &mut keep, r, "y")?, x, false),
        };
        let (incu, incv) = (u.inc, v.inc);
        let (u_arg, v_arg) = if row_major { ("y", "x") } else { ("x", "y") };
        let mut call = self.call(r);
        let u_s = call.input(u.src, u_arg)?;
        let v_s = call.input(v.src, v_arg)?;
        let a_s = call.output(a.src, true, "a")?;
        call.launch()?;
        // SAFETY: every operand was checked against its storage for the stored shape `m × n`;
        // `a` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>()
                .ger(conj, m, n, alpha, u_s, incu, v_s, incv, a_s, lda)?
        };
        call.finish()
    }
}
