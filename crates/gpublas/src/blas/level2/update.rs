//! Level 2 symmetric and Hermitian rank-1 and rank-2 updates in full and packed storage (`syr`,
//! `her`, `spr`, `hpr`, `syr2`, `her2`, `spr2`, `hpr2`), with reference BLAS's semantics: only
//! the `uplo` triangle is written (the other is not touched), a Hermitian update keeps the
//! diagonal real (clearing its imaginary parts), and `n = 0` or `α = 0` returns without
//! touching `A`. A zero increment is an error naming `incx`/`incy`.
//!
//! A row-major matrix is stored as its transpose: a symmetric one is then the same matrix with
//! the other triangle. A complex Hermitian one is its conjugate, which an update could only
//! reach with conjugated vectors: `Unsupported`.

use super::symmetric::{real_only, square, sym_uplo, vec_len};
use super::{nonzero_inc, single};
use crate::args::{MatOut, Output, PackedMut, StoredMut, VecDesc, VecIn};
use num_traits::Zero;

use crate::backend::{Backend, BlasAll, DevPtr, Level2};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::Uplo;

/// A vector operand as the backend takes it.
type V = (DevPtr, isize);

impl<B: Backend> Device<B> {
    /// `A ← αxxᵀ + A` on the `uplo` triangle of a symmetric `A` (BLAS `syr`; for complex types
    /// the complex *symmetric* update, cuBLAS's and rocBLAS's `csyr`/`zsyr`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, a vector does not have `A`'s
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
    /// let mut a = vec![0.0, -1.0, 0.0, 0.0]; // 2×2; the lower element is not touched
    /// dev.syr(Uplo::Upper, 1.0, &[1.0, 2.0], MatMut::col_major(&mut a, 2, 2))?;
    /// assert_eq!(a, [1.0, -1.0, 2.0, 4.0]); // upper triangle of xxᵀ = [1 2; 2 4]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn syr<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "syr";
        let (uplo, n, lda, a) = self.full_update(R, false, uplo, a)?;
        self.rank_tail(R, n, alpha.is_zero(), x, None, a, |b, (x, incx), _, a| {
            // SAFETY: `a` was checked to hold an order-`n` matrix, `x` `n` elements.
            unsafe { Level2::<T>::syr(b, uplo, n, alpha, x, incx, a, lda) }
        })
    }

    /// `A ← αxxᴴ + A` with a real `α` on the `uplo` triangle of a Hermitian `A`, its diagonal
    /// kept real (BLAS `her`; `syr` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, a vector does not have `A`'s
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
    /// // xxᴴ = [1 −i; i 1] for x = [1, i], added to the lower triangle; the diagonal's old
    /// // imaginary part (5) is cleared, the upper element (7 + 7i) not touched.
    /// let mut a = vec![c(0.0, 5.0), c(0.0, 0.0), c(7.0, 7.0), c(0.0, 0.0)];
    /// dev.her(Uplo::Lower, 1.0, &[c(1.0, 0.0), c(0.0, 1.0)], MatMut::col_major(&mut a, 2, 2))?;
    /// assert_eq!(a, [c(1.0, 0.0), c(0.0, 1.0), c(7.0, 7.0), c(1.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn her<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T::Real,
        x: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "her";
        let (uplo, n, lda, a) = self.full_update(R, true, uplo, a)?;
        self.rank_tail(R, n, alpha.is_zero(), x, None, a, |b, (x, incx), _, a| {
            // SAFETY: as for `syr`.
            unsafe { Level2::<T>::her(b, uplo, n, alpha, x, incx, a, lda) }
        })
    }

    /// `A ← αxyᵀ + αyxᵀ + A` on the `uplo` triangle of a symmetric `A` (BLAS `syr2`; for
    /// complex types the complex *symmetric* update, cuBLAS's and rocBLAS's `csyr2`/`zsyr2`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, a vector does not have `A`'s
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
    /// let mut a = vec![1.0f32, 9.0, 0.0, 1.0]; // the lower element (9) is not touched
    /// // xyᵀ + yxᵀ = [0 1; 1 0] for x = [1, 0], y = [0, 1]
    /// dev.syr2(Uplo::Upper, 1.0, &[1.0, 0.0], &[0.0, 1.0], MatMut::col_major(&mut a, 2, 2))?;
    /// assert_eq!(a, [1.0, 9.0, 1.0, 1.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn syr2<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.syr2_impl("syr2", false, uplo, alpha, x, y, a)
    }

    /// `A ← αxyᴴ + conj(α)yxᴴ + A` on the `uplo` triangle of a Hermitian `A`, its diagonal kept
    /// real (BLAS `her2`; `syr2` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, `A` is not square or is a batch, a vector does not have `A`'s
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
    /// let c = |re, im| Complex32::new(re, im);
    /// let (zero, one, i) = (c(0.0, 0.0), c(1.0, 0.0), c(0.0, 1.0));
    /// // α = i, x = [1, 0], y = [0, 1]: αxyᴴ + conj(α)yxᴴ = [0 i; −i 0]; upper triangle.
    /// let mut a = vec![zero; 4];
    /// dev.her2(Uplo::Upper, i, &[one, zero], &[zero, one], MatMut::col_major(&mut a, 2, 2))?;
    /// assert_eq!(a, [zero, zero, i, zero]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn her2<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.syr2_impl("her2", true, uplo, alpha, x, y, a)
    }

    /// `A ← αxxᵀ + A` for a packed symmetric `A` ([`PackedMut`]; BLAS `spr`; real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, a vector does not have `A`'s order, or an increment is zero
    /// (`incx`, `incy`); [`Error::Unsupported`](crate::Error::Unsupported) for complex types (`hpr`
    /// is the complex one); a transfer or backend failure (see [`Error`](crate::Error)). The output
    /// is untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut ap = vec![0.0; 3]; // upper triangle of a 2×2, column by column
    /// dev.spr(2.0, &[1.0, 2.0], PackedMut::upper(&mut ap, 2))?;
    /// assert_eq!(ap, [2.0, 4.0, 8.0]); // 2xxᵀ = [2 4; 4 8]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn spr<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        ap: PackedMut<'a, A>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "spr";
        real_only::<T>(R, "hpr")?;
        let (uplo, n, ap) = self.packed_update(R, false, ap)?;
        self.rank_tail(R, n, alpha.is_zero(), x, None, ap, |b, (x, incx), _, ap| {
            // SAFETY: `ap` was checked to hold the packed order-`n` triangle, `x` `n` elements.
            unsafe { Level2::<T>::spr(b, uplo, n, alpha, x, incx, ap) }
        })
    }

    /// `A ← αxxᴴ + A` with a real `α` for a packed Hermitian `A` ([`PackedMut`]), its diagonal
    /// kept real (BLAS `hpr`; `spr` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, a vector does not have `A`'s order, or an increment is zero
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
    /// let mut ap = vec![c(0.0, 0.0); 3]; // lower triangle of a 2×2, column by column
    /// dev.hpr(1.0, &[c(1.0, 0.0), c(0.0, 1.0)], PackedMut::lower(&mut ap, 2))?;
    /// assert_eq!(ap, [c(1.0, 0.0), c(0.0, 1.0), c(1.0, 0.0)]); // xxᴴ = [1 −i; i 1]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn hpr<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        alpha: T::Real,
        x: impl VecIn<'a, T, B>,
        ap: PackedMut<'a, A>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "hpr";
        let (uplo, n, ap) = self.packed_update(R, true, ap)?;
        self.rank_tail(R, n, alpha.is_zero(), x, None, ap, |b, (x, incx), _, ap| {
            // SAFETY: as for `spr`.
            unsafe { Level2::<T>::hpr(b, uplo, n, alpha, x, incx, ap) }
        })
    }

    /// `A ← αxyᵀ + αyxᵀ + A` for a packed symmetric `A` ([`PackedMut`]; BLAS `spr2`; real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, a vector does not have `A`'s order, or an increment is zero
    /// (`incx`, `incy`); [`Error::Unsupported`](crate::Error::Unsupported) for complex types
    /// (`hpr2` is the complex one); a transfer or backend failure (see [`Error`](crate::Error)).
    /// The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut ap = vec![1.0; 3]; // lower triangle of a 2×2, column by column
    /// // xyᵀ + yxᵀ = [2 2; 2 0] for x = [1, 2], y = [1, 0]
    /// dev.spr2(1.0, &[1.0, 2.0], &[1.0, 0.0], PackedMut::lower(&mut ap, 2))?;
    /// assert_eq!(ap, [3.0, 3.0, 1.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn spr2<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        ap: PackedMut<'a, A>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        real_only::<T>("spr2", "hpr2")?;
        self.spr2_impl("spr2", false, alpha, x, y, ap)
    }

    /// `A ← αxyᴴ + conj(α)yxᴴ + A` for a packed Hermitian `A` ([`PackedMut`]), its diagonal
    /// kept real (BLAS `hpr2`; `spr2` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, a vector does not have `A`'s order, or an increment is zero
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
    /// let (zero, one, i) = (c(0.0, 0.0), c(1.0, 0.0), c(0.0, 1.0));
    /// let mut ap = vec![zero; 3]; // upper triangle of a 2×2: a₀₀, a₀₁, a₁₁
    /// dev.hpr2(i, &[one, zero], &[zero, one], PackedMut::upper(&mut ap, 2))?;
    /// assert_eq!(ap, [zero, i, zero]); // αxyᴴ + conj(α)yxᴴ = [0 i; −i 0]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn hpr2<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        ap: PackedMut<'a, A>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.spr2_impl("hpr2", true, alpha, x, y, ap)
    }

    #[allow(clippy::too_many_arguments)]
    fn syr2_impl<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        herm: bool,
        uplo: Uplo,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        a: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let (uplo, n, lda, a) = self.full_update(r, herm, uplo, a)?;
        let y = y.vec_in(r, "y")?;
        self.rank_tail(
            r,
            n,
            alpha.is_zero(),
            x,
            Some(y),
            a,
            |b, (x, incx), y, a| {
                let (y, incy) = y.unwrap_or((DevPtr::NULL, 1));
                // SAFETY: `a` was checked to hold an order-`n` matrix, `x` and `y` `n` elements.
                unsafe { Level2::<T>::syr2(b, herm, uplo, n, alpha, x, incx, y, incy, a, lda) }
            },
        )
    }

    fn spr2_impl<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        r: &'static str,
        herm: bool,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
        ap: PackedMut<'a, A>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let (uplo, n, ap) = self.packed_update(r, herm, ap)?;
        let y = y.vec_in(r, "y")?;
        self.rank_tail(
            r,
            n,
            alpha.is_zero(),
            x,
            Some(y),
            ap,
            |b, (x, incx), y, ap| {
                let (y, incy) = y.unwrap_or((DevPtr::NULL, 1));
                // SAFETY: `ap` was checked to hold the packed order-`n` triangle, `x` and `y` `n`
                // elements.
                unsafe { Level2::<T>::spr2(b, herm, uplo, n, alpha, x, incx, y, incy, ap) }
            },
        )
    }

    /// Validates a full-storage `A` of an update: one square matrix; returns the stored
    /// triangle, the order, the leading dimension and the validated matrix (not yet stored).
    #[allow(clippy::type_complexity)]
    fn full_update<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        herm: bool,
        uplo: Uplo,
        a: impl MatOut<'a, T, B>,
    ) -> Result<(
        Uplo,
        usize,
        usize,
        impl FnOnce(&'a Self) -> Result<StoredMut<'a, T, B>>,
    )> {
        self.check()?;
        let a = a.mat_out(r, "a")?;
        single(r, "a", &a.shape)?;
        square(r, "a", a.shape.rows, a.shape.cols)?;
        let uplo = sym_uplo::<T>(r, "a", herm, uplo, a.shape.order)?;
        let (n, lda) = (a.shape.rows, a.shape.ld);
        Ok((uplo, n, lda, move |d| a.store(d, true, r, "a")))
    }

    /// Validates a packed `A` of an update; returns the stored triangle, the order and the
    /// validated matrix (not yet stored).
    #[allow(clippy::type_complexity)]
    fn packed_update<'a, T: Scalar, A: ?Sized + Output<T, B>>(
        &'a self,
        r: &'static str,
        herm: bool,
        ap: PackedMut<'a, A>,
    ) -> Result<(
        Uplo,
        usize,
        impl FnOnce(&'a Self) -> Result<StoredMut<'a, T, B>>,
    )> {
        self.check()?;
        let ap = ap.desc(r, "ap")?;
        let uplo = sym_uplo::<T>(r, "ap", herm, ap.shape.uplo, ap.shape.order)?;
        Ok((uplo, ap.shape.n, move |d| ap.store(d, r, "ap")))
    }

    /// The shared tail of the updates: the vectors' checks, the quick return (`n = 0` or
    /// `α = 0`), the operands on the device and one backend call.
    #[allow(clippy::too_many_arguments)]
    fn rank_tail<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        n: usize,
        alpha_zero: bool,
        x: impl VecIn<'a, T, B>,
        y: Option<VecDesc<'a, T, B>>,
        a: impl FnOnce(&'a Self) -> Result<StoredMut<'a, T, B>>,
        call: impl FnOnce(&T::On<B>, V, Option<V>, DevPtr) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let x = x.vec_in(r, "x")?;
        nonzero_inc(r, "incx", x.inc)?;
        vec_len(r, "x", x.n, n, "the order of A")?;
        if let Some(y) = &y {
            nonzero_inc(r, "incy", y.inc)?;
            vec_len(r, "y", y.n, n, "the order of A")?;
        }
        if n == 0 || alpha_zero {
            return Ok(());
        }
        let incx = x.inc;
        let x_s = x.store(self, r, "x")?;
        let y_s = match y {
            Some(y) => {
                let incy = y.inc;
                Some((y.store(self, r, "y")?, incy))
            }
            None => None,
        };
        let a_s = a(self)?;
        call(
            self.blas::<T>(),
            (x_s.ptr, incx),
            y_s.as_ref().map(|(s, inc)| (s.ptr, *inc)),
            a_s.ptr,
        )?;
        crate::args::finish_outputs(self, r, [("a", a_s)])
    }
}
