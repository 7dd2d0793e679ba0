//! Level 2 products beyond `gemv`: the general band product (`gbmv`) and the symmetric and
//! Hermitian products in full, band and packed storage (`symv`/`hemv`, `sbmv`/`hbmv`,
//! `spmv`/`hpmv`), with reference BLAS's semantics.
//!
//! As in `?gemv.f`: an empty matrix, or `α = 0` with `β = 1`, leaves `y` untouched; `β = 0`
//! overwrites `y` without reading it; `α = 0` reads neither `A` nor `x` (done here by scaling
//! `y` alone, so no backend is ever asked to read them). A zero increment is an error naming
//! `incx`/`incy`; negative ones walk the vector from its end.

use super::{nonzero_inc, single};
use crate::args::{Banded, Input, MatIn, Packed, Stored, VecDesc, VecDescMut, VecIn, VecOut};
use crate::blas::{mismatch, stored_op};

use crate::backend::{Backend, BlasAll, DevPtr, Level1, Level2};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order, Uplo};

/// The triangle to pass for a symmetric (`herm = false`) or Hermitian matrix stored in `order`:
/// a row-major matrix is stored as its transpose, which is the matrix itself with the other
/// triangle when symmetric. A complex Hermitian matrix's transpose is its conjugate, which no
/// BLAS call can take without conjugating the vectors too: `Unsupported`.
pub(in crate::blas) fn sym_uplo<T: Scalar>(
    r: &'static str,
    arg: &'static str,
    herm: bool,
    uplo: Uplo,
    order: Order,
) -> Result<Uplo> {
    match order {
        Order::ColMajor => Ok(uplo),
        Order::RowMajor if herm && T::IS_COMPLEX => Err(Error::Unsupported {
            routine: r,
            what: format!(
                "a row-major `{arg}` for a complex Hermitian matrix (its transpose is its conjugate, which would need conjugated vectors); store it column-major"
            ),
        }),
        Order::RowMajor => Ok(uplo.flip()),
    }
}

/// Rejects the complex forms of the symmetric band and packed routines, which BLAS does not
/// define (and neither cuBLAS nor rocBLAS has): their Hermitian counterparts are the complex
/// routines.
pub(in crate::blas) fn real_only<T: Scalar>(
    r: &'static str,
    hermitian: &'static str,
) -> Result<()> {
    if T::IS_COMPLEX {
        Err(Error::Unsupported {
            routine: r,
            what: format!(
                "complex {r} (a complex symmetric matrix in this storage is not in BLAS; {hermitian} is the Hermitian one)"
            ),
        })
    } else {
        Ok(())
    }
}

/// Rejects a non-square matrix.
pub(in crate::blas) fn square(
    r: &'static str,
    arg: &'static str,
    rows: usize,
    cols: usize,
) -> Result<()> {
    if rows == cols {
        Ok(())
    } else {
        Err(mismatch(
            r,
            arg,
            format!("is {rows}×{cols}; it must be square"),
        ))
    }
}

/// Rejects a vector whose length is not `want` (`what` says where `want` comes from).
pub(in crate::blas) fn vec_len(
    r: &'static str,
    arg: &'static str,
    n: usize,
    want: usize,
    what: &str,
) -> Result<()> {
    if n == want {
        Ok(())
    } else {
        Err(mismatch(
            r,
            arg,
            format!("has {n} elements but {what} is {want}"),
        ))
    }
}

impl<B: Backend> Device<B> {
    /// `y ← α op(A) x + βy` for a general band matrix `A` ([`Banded`]; BLAS `gbmv`).
    ///
    /// A row-major band is the column-major band of `Aᵀ`, so `Op::C` on it is `Unsupported`
    /// for complex types (a conjugate without a transpose).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `x` or `y` does not match `op(A)`'s columns or rows, or an
    /// increment is zero (`incx`, `incy`); [`Error::Unsupported`](crate::Error::Unsupported) for
    /// `Op::C` on a row-major complex band; a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [1 2 0; 3 4 5; 0 6 7] (kl = ku = 1), by columns: (·, 1, 3), (2, 4, 6), (5, 7, ·).
    /// let ab = [0.0, 1.0, 3.0, 2.0, 4.0, 6.0, 5.0, 7.0, 0.0];
    /// let mut y = vec![1.0; 3];
    /// // y ← Aᵀ·[1, 2, 3] + 10·y = [7, 28, 31] + 10
    /// dev.gbmv(Op::T, 1.0, Banded::new(&ab, 3, 3, 1, 1), &[1.0, 2.0, 3.0], 10.0, &mut y)?;
    /// assert_eq!(y, [17.0, 38.0, 41.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn gbmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        trans: Op,
        alpha: T,
        a: Banded<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "gbmv";
        self.check()?;
        let (a, x, y) = (a.desc(R, "a")?, x.vec_in(R, "x")?, y.vec_out(R, "y")?);
        nonzero_inc(R, "incx", x.inc)?;
        nonzero_inc(R, "incy", y.inc)?;
        let (rows, cols) = trans.apply(a.shape.rows, a.shape.cols);
        vec_len(R, "x", x.n, cols, "the number of columns of op(A)")?;
        vec_len(R, "y", y.n, rows, "the number of rows of op(A)")?;
        let (op, conj) = stored_op::<T>(trans, a.shape.order, false);
        if conj {
            return Err(Error::Unsupported {
                routine: R,
                what: "Op::C on a row-major band matrix (a conjugate without a transpose)".into(),
            });
        }
        let (st, lda) = (a.shape.stored(), a.shape.ld);
        let empty = st.rows == 0 || st.cols == 0;
        self.mv_tail(
            R,
            empty,
            alpha,
            move |d| a.store(d, R, "a"),
            x,
            beta,
            y,
            move |b, a, (x, incx), (y, incy)| {
                // SAFETY: `a` was checked to hold the stored band, `x` and `y` their lengths.
                unsafe {
                    Level2::<T>::gbmv(
                        b, op, st.rows, st.cols, st.kl, st.ku, alpha, a, lda, x, incx, beta, y,
                        incy,
                    )
                }
            },
        )
    }

    /// `y ← αAx + βy` for a symmetric `A` of which the `uplo` triangle is referenced (BLAS
    /// `symv`; for complex types the complex *symmetric* product, cuBLAS's and rocBLAS's
    /// `csymv`/`zsymv`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, `x` or `y` does not have `A`'s
    /// order, or an increment is zero (`incx`, `incy`); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [2 1; 1 3], upper triangle referenced: the lower one is never read.
    /// let a = [2.0, f64::NAN, 1.0, 3.0];
    /// let mut y = vec![f64::NAN; 2]; // β = 0: never read
    /// dev.symv(Uplo::Upper, 1.0, Mat::col_major(&a, 2, 2), &[1.0, 2.0], 0.0, &mut y)?;
    /// assert_eq!(y, [4.0, 7.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn symv<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.symv_impl("symv", false, uplo, alpha, a, x, beta, y)
    }

    /// `y ← αAx + βy` for a Hermitian `A` of which the `uplo` triangle is referenced, the
    /// imaginary parts of its diagonal taken as zero (BLAS `hemv`; `symv` for real types).
    /// A row-major `A` is `Unsupported` for complex types.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, `x` or `y` does not have `A`'s
    /// order, or an increment is zero (`incx`, `incy`);
    /// [`Error::Unsupported`](crate::Error::Unsupported) for a row-major complex `A`; a transfer or
    /// backend failure (see [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let c = |re, im| Complex64::new(re, im);
    /// let (one, zero) = (c(1.0, 0.0), c(0.0, 0.0));
    /// // A = [2 i; −i 3], lower triangle referenced; the diagonal's imaginary parts count as 0.
    /// let a = [c(2.0, 5.0), c(0.0, -1.0), c(f64::NAN, f64::NAN), c(3.0, 0.0)];
    /// let mut y = vec![zero; 2];
    /// dev.hemv(Uplo::Lower, one, Mat::col_major(&a, 2, 2), &[one; 2], zero, &mut y)?;
    /// assert_eq!(y, [c(2.0, 1.0), c(3.0, -1.0)]); // [2 + i, −i + 3]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn hemv<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.symv_impl("hemv", true, uplo, alpha, a, x, beta, y)
    }

    /// `y ← αAx + βy` for a symmetric band matrix ([`Banded::upper`] or [`Banded::lower`];
    /// BLAS `sbmv`; real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a general band (`Banded::new`; this takes `upper` or
    /// `lower`), `x` or `y` does not have `A`'s order, or an increment is zero (`incx`, `incy`);
    /// [`Error::Unsupported`](crate::Error::Unsupported) for complex types (`hbmv` is the complex
    /// one); a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched
    /// on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [2 1 0; 1 2 1; 0 1 2], one superdiagonal: band columns (·, 2), (1, 2), (1, 2).
    /// let ab = [0.0f32, 2.0, 1.0, 2.0, 1.0, 2.0];
    /// let mut y = vec![0.0f32; 3];
    /// dev.sbmv(1.0, Banded::upper(&ab, 3, 1), &[1.0; 3], 0.0, &mut y)?;
    /// assert_eq!(y, [3.0, 4.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn sbmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        alpha: T,
        a: Banded<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        real_only::<T>("sbmv", "hbmv")?;
        self.sbmv_impl("sbmv", false, alpha, a, x, beta, y)
    }

    /// `y ← αAx + βy` for a Hermitian band matrix ([`Banded::upper`] or [`Banded::lower`];
    /// BLAS `hbmv`; `sbmv` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a general band (`Banded::new`; this takes `upper` or
    /// `lower`), `x` or `y` does not have `A`'s order, or an increment is zero (`incx`, `incy`);
    /// [`Error::Unsupported`](crate::Error::Unsupported) for a row-major complex band; a transfer
    /// or backend failure (see [`Error`](crate::Error)). The output is untouched on every error
    /// except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results
    /// began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let c = |re, im| Complex32::new(re, im);
    /// let (one, zero, i) = (c(1.0, 0.0), c(0.0, 0.0), c(0.0, 1.0));
    /// // A = [1 −i; i 1], one subdiagonal: band columns (a₀₀, a₁₀), (a₁₁, ·).
    /// let ab = [one, i, one, zero];
    /// let mut y = vec![zero; 2];
    /// dev.hbmv(one, Banded::lower(&ab, 2, 1), &[one, i], zero, &mut y)?;
    /// assert_eq!(y, [c(2.0, 0.0), c(0.0, 2.0)]); // [1 + (−i)·i, i + i]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn hbmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        alpha: T,
        a: Banded<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.sbmv_impl("hbmv", true, alpha, a, x, beta, y)
    }

    /// `y ← αAx + βy` for a packed symmetric matrix ([`Packed`]; BLAS `spmv`; real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `x` or `y` does not have `A`'s order, or an increment is zero
    /// (`incx`, `incy`); [`Error::Unsupported`](crate::Error::Unsupported) for complex types
    /// (`hpmv` is the complex one); a transfer or backend failure (see [`Error`](crate::Error)).
    /// The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [1 2 3; 2 4 5; 3 5 6], lower triangle column by column.
    /// let ap = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    /// let mut y = vec![1.0; 3];
    /// // y ← 2·A·[1, 0, −1] + y = 2·[−2, −3, −3] + 1
    /// dev.spmv(2.0, Packed::lower(&ap, 3), &[1.0, 0.0, -1.0], 1.0, &mut y)?;
    /// assert_eq!(y, [-3.0, -5.0, -5.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn spmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        alpha: T,
        ap: Packed<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        real_only::<T>("spmv", "hpmv")?;
        self.spmv_impl("spmv", false, alpha, ap, x, beta, y)
    }

    /// `y ← αAx + βy` for a packed Hermitian matrix ([`Packed`]; BLAS `hpmv`; `spmv` for real
    /// types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `x` or `y` does not have `A`'s order, or an increment is zero
    /// (`incx`, `incy`); [`Error::Unsupported`](crate::Error::Unsupported) for a row-major complex
    /// `A`; a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on
    /// every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let c = |re, im| Complex64::new(re, im);
    /// let (one, zero) = (c(1.0, 0.0), c(0.0, 0.0));
    /// // A = [2 1+i; 1−i 3], upper triangle column by column: a₀₀, a₀₁, a₁₁.
    /// let ap = [c(2.0, 0.0), c(1.0, 1.0), c(3.0, 0.0)];
    /// let mut y = vec![zero; 2];
    /// dev.hpmv(one, Packed::upper(&ap, 2), &[one; 2], zero, &mut y)?;
    /// assert_eq!(y, [c(3.0, 1.0), c(4.0, -1.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn hpmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        alpha: T,
        ap: Packed<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.spmv_impl("hpmv", true, alpha, ap, x, beta, y)
    }

    #[allow(clippy::too_many_arguments)]
    fn symv_impl<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        herm: bool,
        uplo: Uplo,
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
        square(r, "a", a.shape.rows, a.shape.cols)?;
        let n = a.shape.rows;
        vec_len(r, "x", x.n, n, "the order of A")?;
        vec_len(r, "y", y.n, n, "the order of A")?;
        let uplo = sym_uplo::<T>(r, "a", herm, uplo, a.shape.order)?;
        let lda = a.shape.ld;
        self.mv_tail(
            r,
            n == 0,
            alpha,
            move |d| a.store(d, r, "a"),
            x,
            beta,
            y,
            move |b, a, (x, incx), (y, incy)| {
                // SAFETY: `a` was checked to hold an order-`n` matrix, `x` and `y` `n` elements.
                unsafe {
                    Level2::<T>::symv(b, herm, uplo, n, alpha, a, lda, x, incx, beta, y, incy)
                }
            },
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn sbmv_impl<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        r: &'static str,
        herm: bool,
        alpha: T,
        a: Banded<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (a, x, y) = (a.desc(r, "a")?, x.vec_in(r, "x")?, y.vec_out(r, "y")?);
        nonzero_inc(r, "incx", x.inc)?;
        nonzero_inc(r, "incy", y.inc)?;
        // The stored triangle is already the transpose's for a row-major band: only the
        // Hermitian check is left.
        let (uplo, k) = band_triangle(r, &a.shape.stored())?;
        let (n, lda) = (a.shape.rows, a.shape.ld);
        vec_len(r, "x", x.n, n, "the order of A")?;
        vec_len(r, "y", y.n, n, "the order of A")?;
        sym_uplo::<T>(r, "a", herm, uplo, a.shape.order)?;
        self.mv_tail(
            r,
            n == 0,
            alpha,
            move |d| a.store(d, r, "a"),
            x,
            beta,
            y,
            move |b, a, (x, incx), (y, incy)| {
                // SAFETY: `a` was checked to hold the order-`n` band, `x` and `y` `n` elements.
                unsafe {
                    Level2::<T>::sbmv(b, herm, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy)
                }
            },
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn spmv_impl<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        r: &'static str,
        herm: bool,
        alpha: T,
        ap: Packed<'a, A>,
        x: impl VecIn<'a, T, B>,
        beta: T,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (ap, x, y) = (ap.desc(r, "ap")?, x.vec_in(r, "x")?, y.vec_out(r, "y")?);
        nonzero_inc(r, "incx", x.inc)?;
        nonzero_inc(r, "incy", y.inc)?;
        let n = ap.shape.n;
        vec_len(r, "x", x.n, n, "the order of A")?;
        vec_len(r, "y", y.n, n, "the order of A")?;
        let uplo = sym_uplo::<T>(r, "ap", herm, ap.shape.uplo, ap.shape.order)?;
        self.mv_tail(
            r,
            n == 0,
            alpha,
            move |d| ap.store(d, r, "ap"),
            x,
            beta,
            y,
            move |b, ap, (x, incx), (y, incy)| {
                // SAFETY: `ap` was checked to hold the packed order-`n` triangle, `x` and `y`
                // `n` elements.
                unsafe { Level2::<T>::spmv(b, herm, uplo, n, alpha, ap, x, incx, beta, y, incy) }
            },
        )
    }

    /// The shared tail of the products: quick return, `α = 0` (`y ← βy` alone), else the
    /// operands on the device and one backend call.
    #[allow(clippy::too_many_arguments)]
    fn mv_tail<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        empty: bool,
        alpha: T,
        a: impl FnOnce(&'a Self) -> Result<Stored<'a, T, B>>,
        x: VecDesc<'a, T, B>,
        beta: T,
        y: VecDescMut<'a, T, B>,
        call: impl FnOnce(&T::On<B>, DevPtr, (DevPtr, isize), (DevPtr, isize)) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        if empty || (alpha.is_zero() && beta.is_one()) {
            return Ok(());
        }
        let copy_in = !(beta.is_zero() && y.dense());
        let (n, incy) = (y.n, y.inc);
        if alpha.is_zero() {
            let y_s = y.store(self, copy_in, r, "y")?;
            // SAFETY: `y` was checked to hold `n` elements at `incy`.
            unsafe { self.scale_vector(n, beta, y_s.ptr, incy)? };
            return crate::args::finish_outputs(self, r, [("y", y_s)]);
        }
        let incx = x.inc;
        let a_s = a(self)?;
        let x_s = x.store(self, r, "x")?;
        let y_s = y.store(self, copy_in, r, "y")?;
        call(self.blas::<T>(), a_s.ptr, (x_s.ptr, incx), (y_s.ptr, incy))?;
        crate::args::finish_outputs(self, r, [("y", y_s)])
    }

    /// `y ← βy` for `n ≥ 1` elements at `incy ≠ 0`, reference BLAS's way: `β = 1` does
    /// nothing, `β = 0` writes zeros without reading `y`.
    ///
    /// # Safety
    /// `y` is valid for its `n` elements at `incy` on this device.
    unsafe fn scale_vector<T: Scalar>(
        &self,
        n: usize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        // The same elements from the lowest address whatever the increment's sign.
        let inc = incy.abs();
        if beta.is_one() {
            Ok(())
        } else if beta.is_zero() {
            let zeros = self.zeros::<T>(n)?;
            // SAFETY: `zeros` holds `n` elements; `y` is the caller's.
            unsafe { Level1::<T>::copy(self.blas::<T>(), n, zeros.as_device_ptr(), 1, y, inc) }
        } else {
            // SAFETY: the caller guarantees `y`; `inc ≥ 1`.
            unsafe { Level1::<T>::scal(self.blas::<T>(), n, beta, y, inc) }
        }
    }
}

/// The stored triangle and off-diagonal count of a symmetric, Hermitian or triangular band.
pub(in crate::blas) fn band_triangle(
    r: &'static str,
    st: &crate::args::StoredBand,
) -> Result<(Uplo, usize)> {
    match st.uplo {
        Some(uplo) => Ok((uplo, st.kl.max(st.ku))),
        None => Err(Error::arg(
            r,
            "a",
            format!(
                "is a general band matrix (Banded::new); {r} takes Banded::upper or Banded::lower"
            ),
        )),
    }
}
