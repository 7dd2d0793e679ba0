//! [`BlasLevel2Ext`] on the host: reference BLAS's column-oriented loops over one view of the
//! three storage formats ([`StoredMat`]), so each routine is written once for full, band and
//! packed storage. Like reference BLAS they read only the stored triangle or band, never a unit
//! diagonal, and only the real part of a Hermitian diagonal.

use std::ops::Range;

use super::level1::elem;
use super::{scale, triangular, update, Host};
use crate::backend::{BlasLevel2Ext, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};

/// How a matrix's elements are laid out.
#[derive(Debug, Clone, Copy)]
pub(super) enum Store {
    /// Column-major with leading dimension `ld`.
    Full { ld: usize },
    /// Band storage: `kl` sub- and `ku` superdiagonals, leading dimension `ld`.
    Band { kl: usize, ku: usize, ld: usize },
    /// Packed (the triangle's columns one after the other).
    Packed,
}

/// A column-major matrix in one of the three formats: `rows` rows, and for symmetric,
/// Hermitian and triangular matrices the stored triangle.
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredMat {
    pub p: DevPtr,
    pub rows: usize,
    pub store: Store,
    pub uplo: Option<Uplo>,
}

impl StoredMat {
    pub(super) fn full(p: DevPtr, n: usize, ld: usize, uplo: Uplo) -> Self {
        StoredMat {
            p,
            rows: n,
            store: Store::Full { ld },
            uplo: Some(uplo),
        }
    }

    /// A symmetric or triangular band: `k` super- (upper) or subdiagonals (lower).
    pub(super) fn band(p: DevPtr, n: usize, k: usize, ld: usize, uplo: Uplo) -> Self {
        let (kl, ku) = if uplo == Uplo::Upper { (0, k) } else { (k, 0) };
        StoredMat {
            p,
            rows: n,
            store: Store::Band { kl, ku, ld },
            uplo: Some(uplo),
        }
    }

    pub(super) fn packed(p: DevPtr, n: usize, uplo: Uplo) -> Self {
        StoredMat {
            p,
            rows: n,
            store: Store::Packed,
            uplo: Some(uplo),
        }
    }

    /// The rows of column `j` that are stored (inside the band and the triangle); the diagonal
    /// is among them whenever there is a triangle.
    pub(super) fn rows_of(&self, j: usize) -> Range<usize> {
        let (lo, hi) = match self.store {
            Store::Band { kl, ku, .. } => (
                j.saturating_sub(ku),
                j.saturating_add(kl).saturating_add(1).min(self.rows),
            ),
            _ => (0, self.rows),
        };
        match self.uplo {
            None => lo..hi,
            Some(Uplo::Upper) => lo..hi.min(j + 1),
            Some(Uplo::Lower) => lo.max(j)..hi,
        }
    }

    /// The address of stored element `(i, j)` (`i` in `rows_of(j)`; wrapping: only computed).
    pub(super) fn at<T>(&self, i: usize, j: usize) -> *mut T {
        let k = match self.store {
            Store::Full { ld } => i + j * ld,
            Store::Band { ku, ld, .. } => ku + i - j + j * ld,
            Store::Packed => match self.uplo {
                Some(Uplo::Lower) => i + j * self.rows - j * (j + 1) / 2,
                _ => i + j * (j + 1) / 2,
            },
        };
        self.p.cast::<T>().wrapping_add(k)
    }
}

/// `v`, conjugated if `conj`.
pub(super) fn cj<T: Scalar>(v: T, conj: bool) -> T {
    if conj {
        v.conj()
    } else {
        v
    }
}

/// `y ← βy` for the `n`-element vector `y` (`β = 0` writes zeros without reading `y`).
///
/// # Safety
/// `y` is valid for its `n` elements at `incy`.
unsafe fn scale_y<T: Scalar>(n: usize, beta: T, y: DevPtr, incy: isize) {
    // SAFETY: forwarded to the caller; scaling visits the same elements from the lowest address
    // whatever the increment's sign.
    unsafe { scale(y, n, 1, incy.unsigned_abs(), 0, beta) };
}

/// `gbmv`: `y ← α op(A) x + βy` for the `m × n` band matrix `a`.
///
/// # Safety
/// As for [`BlasLevel2Ext::gbmv`].
#[allow(clippy::too_many_arguments)]
unsafe fn gbmv<T: Scalar>(
    trans: Op,
    (m, n): (usize, usize),
    a: StoredMat,
    alpha: T,
    (x, incx): (DevPtr, isize),
    beta: T,
    (y, incy): (DevPtr, isize),
) {
    let (ylen, xlen) = if trans == Op::N { (m, n) } else { (n, m) };
    // SAFETY: the caller guarantees every extent; `y` overlaps nothing else.
    unsafe {
        scale_y(ylen, beta, y, incy);
        if alpha.is_zero() {
            return;
        }
        let xe = |i| *elem::<T>(x, xlen, incx, i);
        let ye = |i| elem::<T>(y, ylen, incy, i);
        for j in 0..n {
            if trans == Op::N {
                let t = alpha * xe(j);
                for i in a.rows_of(j) {
                    *ye(i) = *ye(i) + t * *a.at::<T>(i, j);
                }
            } else {
                let mut s = T::zero();
                for i in a.rows_of(j) {
                    s += cj(*a.at::<T>(i, j), trans == Op::C) * xe(i);
                }
                *ye(j) = *ye(j) + alpha * s;
            }
        }
    }
}

/// `symv`/`hemv` (and their band and packed forms): `y ← αAx + βy`.
///
/// # Safety
/// As for [`BlasLevel2Ext::symv`].
unsafe fn symv<T: Scalar>(
    herm: bool,
    a: StoredMat,
    alpha: T,
    (x, incx): (DevPtr, isize),
    beta: T,
    (y, incy): (DevPtr, isize),
) {
    let n = a.rows;
    // SAFETY: the caller guarantees every extent; `y` overlaps nothing else.
    unsafe {
        scale_y(n, beta, y, incy);
        if alpha.is_zero() {
            return;
        }
        let xe = |i| *elem::<T>(x, n, incx, i);
        let ye = |i| elem::<T>(y, n, incy, i);
        for j in 0..n {
            let t1 = alpha * xe(j);
            let mut t2 = T::zero();
            for i in a.rows_of(j).filter(|&i| i != j) {
                let v = *a.at::<T>(i, j);
                *ye(i) = *ye(i) + t1 * v;
                t2 += cj(v, herm) * xe(i);
            }
            let d = *a.at::<T>(j, j);
            let d = if herm { T::from_real(d.re()) } else { d };
            *ye(j) = *ye(j) + t1 * d + alpha * t2;
        }
    }
}

impl<T: Scalar> BlasLevel2Ext<T> for Host {
    unsafe fn gbmv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        kl: usize,
        ku: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let a = StoredMat {
            p: a,
            rows: m,
            store: Store::Band { kl, ku, ld: lda },
            uplo: None,
        };
        // SAFETY: forwarded to the caller.
        unsafe { gbmv(trans, (m, n), a, alpha, (x, incx), beta, (y, incy)) };
        Ok(())
    }
    unsafe fn symv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { symv(herm, a, alpha, (x, incx), beta, (y, incy)) };
        Ok(())
    }
    unsafe fn sbmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let a = StoredMat::band(a, n, k, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { symv(herm, a, alpha, (x, incx), beta, (y, incy)) };
        Ok(())
    }
    unsafe fn spmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { symv(herm, a, alpha, (x, incx), beta, (y, incy)) };
        Ok(())
    }
    unsafe fn trmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::mv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn trsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::sv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn tbmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::band(a, n, k, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::mv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn tbsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::band(a, n, k, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::sv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn tpmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::mv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn tpsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { triangular::sv::<T>(a, trans, diag, x, incx) };
        Ok(())
    }
    unsafe fn syr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank1(false, a, alpha, (x, incx)) };
        Ok(())
    }
    unsafe fn her(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank1(T::IS_COMPLEX, a, T::from_real(alpha), (x, incx)) };
        Ok(())
    }
    unsafe fn spr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank1(false, a, alpha, (x, incx)) };
        Ok(())
    }
    unsafe fn hpr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank1(T::IS_COMPLEX, a, T::from_real(alpha), (x, incx)) };
        Ok(())
    }
    unsafe fn syr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let a = StoredMat::full(a, n, lda, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank2(herm && T::IS_COMPLEX, a, alpha, (x, incx), (y, incy)) };
        Ok(())
    }
    unsafe fn spr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let a = StoredMat::packed(ap, n, uplo);
        // SAFETY: forwarded to the caller.
        unsafe { update::rank2(herm && T::IS_COMPLEX, a, alpha, (x, incx), (y, incy)) };
        Ok(())
    }
}
