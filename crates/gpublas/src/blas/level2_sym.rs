//! Level 2 products beyond `gemv`: the general band product (`gbmv`) and the symmetric and
//! Hermitian products in full, band and packed storage (`symv`/`hemv`, `sbmv`/`hbmv`,
//! `spmv`/`hpmv`), with reference BLAS's semantics.
//!
//! As in `?gemv.f`: an empty matrix, or `α = 0` with `β = 1`, leaves `y` untouched; `β = 0`
//! overwrites `y` without reading it; `α = 0` reads neither `A` nor `x` (done here by scaling
//! `y` alone, so no backend is ever asked to read them). A zero increment is an error naming
//! `incx`/`incy`; negative ones walk the vector from its end.

use super::level2::{nonzero_inc, single};
use super::{mismatch, stored_op};
use crate::args::{Banded, Input, MatIn, Packed, Stored, VecDesc, VecDescMut, VecIn, VecOut};

use crate::backend::{Backend, Blas, BlasAll, BlasLevel2Ext, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order, Uplo};

/// The triangle to pass for a symmetric (`herm = false`) or Hermitian matrix stored in `order`:
/// a row-major matrix is stored as its transpose, which is the matrix itself with the other
/// triangle when symmetric. A complex Hermitian matrix's transpose is its conjugate, which no
/// BLAS call can take without conjugating the vectors too: `Unsupported`.
pub(super) fn sym_uplo<T: Scalar>(
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
pub(super) fn real_only<T: Scalar>(r: &'static str, hermitian: &'static str) -> Result<()> {
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
pub(super) fn square(r: &'static str, arg: &'static str, rows: usize, cols: usize) -> Result<()> {
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
pub(super) fn vec_len(
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
                    BlasLevel2Ext::<T>::gbmv(
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
                    BlasLevel2Ext::<T>::symv(
                        b, herm, uplo, n, alpha, a, lda, x, incx, beta, y, incy,
                    )
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
                    BlasLevel2Ext::<T>::sbmv(
                        b, herm, uplo, n, k, alpha, a, lda, x, incx, beta, y, incy,
                    )
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
                unsafe {
                    BlasLevel2Ext::<T>::spmv(b, herm, uplo, n, alpha, ap, x, incx, beta, y, incy)
                }
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
            return crate::args::finish_outputs(self, r, vec![("y", y_s)]);
        }
        let incx = x.inc;
        let a_s = a(self)?;
        let x_s = x.store(self, r, "x")?;
        let y_s = y.store(self, copy_in, r, "y")?;
        call(self.blas::<T>(), a_s.ptr, (x_s.ptr, incx), (y_s.ptr, incy))?;
        crate::args::finish_outputs(self, r, vec![("y", y_s)])
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
            unsafe { Blas::<T>::copy(self.blas::<T>(), n, zeros.as_device_ptr(), 1, y, inc) }
        } else {
            // SAFETY: the caller guarantees `y`; `inc ≥ 1`.
            unsafe { Blas::<T>::scal(self.blas::<T>(), n, beta, y, inc) }
        }
    }
}

/// The stored triangle and off-diagonal count of a symmetric, Hermitian or triangular band.
pub(super) fn band_triangle(
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
