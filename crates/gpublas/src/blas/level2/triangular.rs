//! Level 2 triangular products and solves in full, band and packed storage (`trmv`, `tbmv`,
//! `tpmv`, `trsv`, `tbsv`, `tpsv`), with reference BLAS's semantics: only the stored triangle
//! is read, a unit diagonal never; `x` is overwritten with the product or the solution; an
//! order-0 matrix returns at once; a zero increment is an error naming `incx`.
//!
//! A row-major matrix is stored as its transpose: the triangle flips and `Op::N` and `Op::T`
//! trade places. `Op::C` would then need a conjugate without a transpose, so for complex types
//! it is `Unsupported` on a row-major matrix.

use super::symmetric::{band_triangle, square, vec_len};
use super::{nonzero_inc, single};
use crate::args::{Banded, Input, MatIn, Packed, Stored, VecDescMut, VecOut};
use crate::blas::real_op;

use crate::backend::{Backend, BlasAll, DevPtr, Level2};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Order, Uplo};

/// The op to apply to a triangular matrix's stored column-major form.
fn tri_op<T: Scalar>(r: &'static str, arg: &'static str, trans: Op, order: Order) -> Result<Op> {
    let op = real_op::<T>(trans);
    match order {
        Order::ColMajor => Ok(op),
        Order::RowMajor => op.on_transposed(T::IS_COMPLEX).ok_or_else(|| Error::Unsupported {
            routine: r,
            what: format!(
                "Op::C on a row-major `{arg}` (its stored transpose would need a conjugate without a transpose); store it column-major"
            ),
        }),
    }
}

/// `x`'s checks: a nonzero increment, `n` elements.
fn check_x<T: Scalar, B: Backend>(
    r: &'static str,
    x: &VecDescMut<'_, T, B>,
    n: usize,
) -> Result<()> {
    nonzero_inc(r, "incx", x.inc)?;
    vec_len(r, "x", x.n, n, "the order of A")
}

/// Which of a triangular routine's two forms: the product or the solve.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Product,
    Solve,
}

impl<B: Backend> Device<B> {
    /// `x ← op(A) x` for a triangular `A` of which the `uplo` triangle is referenced (BLAS
    /// `trmv`).
    ///
    /// On a backend whose library multiplies structural zeros (cuBLAS; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `x`
    /// is first checked for NaN and ∞ with the library's `asum` (a synchronisation: the call waits
    /// for the device); if it holds one, the call runs on the host from copies of `A` and `x`, so
    /// that it reaches only the elements the reference lets it reach.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, `x` does not have `A`'s order, or
    /// `incx` is zero; [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major
    /// complex `A`; a transfer or backend failure (see [`Error`](crate::Error)). The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let a = [1.0, f64::NAN, 2.0, 3.0]; // A = [1 2; · 3], upper: the lower element is never read
    /// let mut x = vec![1.0, 1.0];
    /// dev.trmv(Uplo::Upper, Op::N, Diag::NonUnit, Mat::col_major(&a, 2, 2), &mut x)?;
    /// assert_eq!(x, [3.0, 3.0]);
    /// // Aᵀ with a unit diagonal (the stored one is not read): [1 0; 2 1]·[1, 1].
    /// let mut x = vec![1.0, 1.0];
    /// dev.trmv(Uplo::Upper, Op::T, Diag::Unit, Mat::col_major(&a, 2, 2), &mut x)?;
    /// assert_eq!(x, [1.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn trmv<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        a: impl MatIn<'a, T, B>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_full("trmv", Kind::Product, uplo, trans, diag, a, x)
    }

    /// Solves `op(A) x_new = x` in place for a triangular `A` of which the `uplo` triangle is
    /// referenced (BLAS `trsv`; no test for singularity, as in BLAS).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, `x` does not have `A`'s order, or
    /// `incx` is zero; [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major
    /// complex `A`; a transfer or backend failure (see [`Error`](crate::Error)). The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let a = [2.0, 1.0, f64::NAN, 4.0]; // A = [2 ·; 1 4], lower
    /// let mut x = vec![2.0, 9.0]; // b, overwritten by the solution
    /// dev.trsv(Uplo::Lower, Op::N, Diag::NonUnit, Mat::col_major(&a, 2, 2), &mut x)?;
    /// assert_eq!(x, [1.0, 2.0]); // 2·1 = 2, 1·1 + 4·2 = 9
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn trsv<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        a: impl MatIn<'a, T, B>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_full("trsv", Kind::Solve, uplo, trans, diag, a, x)
    }

    /// `x ← op(A) x` for a triangular band matrix ([`Banded::upper`] or [`Banded::lower`];
    /// BLAS `tbmv`).
    ///
    /// On a backend whose library multiplies structural zeros (cuBLAS; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `x`
    /// is first checked for NaN and ∞ with the library's `asum` (a synchronisation: the call waits
    /// for the device); if it holds one, the call runs on the host from copies of `A` and `x`, so
    /// that it reaches only the elements the reference lets it reach.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a general band (`Banded::new`; this takes `upper` or
    /// `lower`), `x` does not have `A`'s order, or `incx` is zero;
    /// [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major complex band; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [1 2 0; 0 3 4; 0 0 5], one superdiagonal: band columns (·, 1), (2, 3), (4, 5).
    /// let ab = [f64::NAN, 1.0, 2.0, 3.0, 4.0, 5.0];
    /// let mut x = vec![1.0; 3];
    /// dev.tbmv(Op::N, Diag::NonUnit, Banded::upper(&ab, 3, 1), &mut x)?;
    /// assert_eq!(x, [3.0, 7.0, 5.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn tbmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        trans: Op,
        diag: Diag,
        a: Banded<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_band("tbmv", Kind::Product, trans, diag, a, x)
    }

    /// Solves `op(A) x_new = x` in place for a triangular band matrix ([`Banded::upper`] or
    /// [`Banded::lower`]; BLAS `tbsv`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is a general band (`Banded::new`; this takes `upper` or
    /// `lower`), `x` does not have `A`'s order, or `incx` is zero;
    /// [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major complex band; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [1 0 0; 2 1 0; 0 2 1], one subdiagonal, unit diagonal (its slots are never read):
    /// // band columns (·, 2), (·, 2), (·, ·).
    /// let nan = f32::NAN;
    /// let ab = [nan, 2.0, nan, 2.0, nan, nan];
    /// let mut x = vec![1.0f32, 4.0, 8.0];
    /// dev.tbsv(Op::N, Diag::Unit, Banded::lower(&ab, 3, 1), &mut x)?;
    /// assert_eq!(x, [1.0, 2.0, 4.0]); // 1, 2·1 + 2, 2·2 + 4
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn tbsv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        trans: Op,
        diag: Diag,
        a: Banded<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_band("tbsv", Kind::Solve, trans, diag, a, x)
    }

    /// `x ← op(A) x` for a packed triangular matrix ([`Packed`]; BLAS `tpmv`).
    ///
    /// On a backend whose library multiplies structural zeros (cuBLAS; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `x`
    /// is first checked for NaN and ∞ with the library's `asum` (a synchronisation: the call waits
    /// for the device); if it holds one, the call runs on the host from copies of `A` and `x`, so
    /// that it reaches only the elements the reference lets it reach.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `x` does not have `A`'s order, or `incx` is zero;
    /// [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major complex `A`; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let ap = [1.0, 2.0, 3.0]; // A = [1 2; 0 3], upper triangle column by column
    /// let mut x = vec![1.0, 1.0];
    /// dev.tpmv(Op::T, Diag::NonUnit, Packed::upper(&ap, 2), &mut x)?;
    /// assert_eq!(x, [1.0, 5.0]); // Aᵀ = [1 0; 2 3]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn tpmv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        trans: Op,
        diag: Diag,
        ap: Packed<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_packed("tpmv", Kind::Product, trans, diag, ap, x)
    }

    /// Solves `op(A) x_new = x` in place for a packed triangular matrix ([`Packed`]; BLAS
    /// `tpsv`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `x` does not have `A`'s order, or `incx` is zero;
    /// [`Error::Unsupported`](crate::Error::Unsupported) for `Op::C` on a row-major complex `A`; a
    /// transfer or backend failure (see [`Error`](crate::Error)). The output is untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let ap = [2.0f32, 1.0, 4.0]; // A = [2 0; 1 4], lower triangle column by column
    /// let mut x = vec![2.0f32, 9.0];
    /// dev.tpsv(Op::N, Diag::NonUnit, Packed::lower(&ap, 2), &mut x)?;
    /// assert_eq!(x, [1.0, 2.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn tpsv<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        trans: Op,
        diag: Diag,
        ap: Packed<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.tr_packed("tpsv", Kind::Solve, trans, diag, ap, x)
    }

    #[allow(clippy::too_many_arguments)]
    fn tr_full<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        kind: Kind,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        a: impl MatIn<'a, T, B>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (a, x) = (a.mat_in(r, "a")?, x.vec_out(r, "x")?);
        single(r, "a", &a.shape)?;
        square(r, "a", a.shape.rows, a.shape.cols)?;
        let (n, lda, order) = (a.shape.rows, a.shape.ld, a.shape.order);
        check_x(r, &x, n)?;
        let op = tri_op::<T>(r, "a", trans, order)?;
        let uplo = if order == Order::RowMajor {
            uplo.flip()
        } else {
            uplo
        };
        self.tr_tail(
            r,
            n,
            move |d| a.store(d, r, "a"),
            x,
            |b, a, x, incx| {
                // SAFETY: `a` was checked to hold an order-`n` matrix, `x` `n` elements.
                unsafe {
                    match kind {
                        Kind::Product => Level2::<T>::trmv(b, uplo, op, diag, n, a, lda, x, incx),
                        Kind::Solve => Level2::<T>::trsv(b, uplo, op, diag, n, a, lda, x, incx),
                    }
                }
            },
        )
    }

    fn tr_band<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        r: &'static str,
        kind: Kind,
        trans: Op,
        diag: Diag,
        a: Banded<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (a, x) = (a.desc(r, "a")?, x.vec_out(r, "x")?);
        let (uplo, k) = band_triangle(r, &a.shape.stored())?;
        let (n, lda) = (a.shape.rows, a.shape.ld);
        check_x(r, &x, n)?;
        let op = tri_op::<T>(r, "a", trans, a.shape.order)?;
        self.tr_tail(
            r,
            n,
            move |d| a.store(d, r, "a"),
            x,
            |b, a, x, incx| {
                // SAFETY: `a` was checked to hold the order-`n` band, `x` `n` elements.
                unsafe {
                    match kind {
                        Kind::Product => {
                            Level2::<T>::tbmv(b, uplo, op, diag, n, k, a, lda, x, incx)
                        }
                        Kind::Solve => Level2::<T>::tbsv(b, uplo, op, diag, n, k, a, lda, x, incx),
                    }
                }
            },
        )
    }

    fn tr_packed<'a, T: Scalar, A: ?Sized + Input<T, B>>(
        &'a self,
        r: &'static str,
        kind: Kind,
        trans: Op,
        diag: Diag,
        ap: Packed<'a, A>,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (ap, x) = (ap.desc(r, "ap")?, x.vec_out(r, "x")?);
        let (n, uplo) = (ap.shape.n, ap.shape.stored_uplo());
        check_x(r, &x, n)?;
        let op = tri_op::<T>(r, "ap", trans, ap.shape.order)?;
        self.tr_tail(
            r,
            n,
            move |d| ap.store(d, r, "ap"),
            x,
            |b, ap, x, incx| {
                // SAFETY: `ap` was checked to hold the packed order-`n` triangle, `x` `n` elements.
                unsafe {
                    match kind {
                        Kind::Product => Level2::<T>::tpmv(b, uplo, op, diag, n, ap, x, incx),
                        Kind::Solve => Level2::<T>::tpsv(b, uplo, op, diag, n, ap, x, incx),
                    }
                }
            },
        )
    }

    /// The shared tail: the quick return for order 0, the operands on the device and one
    /// backend call.
    fn tr_tail<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        n: usize,
        a: impl FnOnce(&'a Self) -> Result<Stored<'a, T, B>>,
        x: VecDescMut<'a, T, B>,
        call: impl FnOnce(&T::On<B>, DevPtr, DevPtr, isize) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        if n == 0 {
            return Ok(());
        }
        let incx = x.inc;
        let a_s = a(self)?;
        let x_s = x.store(self, true, r, "x")?;
        call(self.blas::<T>(), a_s.ptr, x_s.ptr, incx)?;
        crate::args::finish_outputs(self, r, [("x", x_s)])
    }
}
