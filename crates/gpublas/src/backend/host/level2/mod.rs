//! Level 2 on the host. `gemv` runs on its own blocked loops ([`dense::gemv`]), `ger` on faer's
//! matmul; the other routines are reference
//! BLAS's column-oriented loops over one view of the three storage formats
//! ([`StoredMat`](storage::StoredMat)), so each is written once for full, band and packed storage
//! (the triangular products and solves in [`triangular`], the symmetric and Hermitian rank
//! updates in [`update`]). Like reference BLAS they read only the stored triangle or band, never
//! a unit diagonal, and only the real part of a Hermitian diagonal.

mod dense;
mod storage;
mod triangular;
mod update;

use super::{elem, scale, Host};
use crate::backend::{DevPtr, Level2};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};
use storage::{cj, Store, StoredMat};

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
/// As for [`Level2::gbmv`].
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
/// As for [`Level2::symv`].
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
        if let (Store::Full { ld }, Some(uplo)) = (a.store, a.uplo) {
            let xs = dense::gather::<T>(n, x, incx);
            let ax = dense::symv(herm, uplo, dense::Full { p: a.p, ld }, alpha, &xs);
            dense::scatter(&ax, y, incy, true);
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

impl<T: Scalar> Level2<T> for Host {
    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
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
        let (rows, cols) = trans.apply(m, n);
        // SAFETY: the caller guarantees `y` covers `rows` strided elements.
        unsafe { scale_y(rows, beta, y, incy) };
        if alpha.is_zero() || cols == 0 || rows == 0 {
            return Ok(());
        }
        // SAFETY: the caller guarantees every operand covers its extent and `y` overlaps no
        // input; strided vectors are gathered into walk order and written back.
        unsafe {
            let a = dense::Full { p: a, ld: lda };
            let xs;
            let xv: &[T] = if incx == 1 {
                std::slice::from_raw_parts(x.cast::<T>(), cols)
            } else {
                xs = dense::gather::<T>(cols, x, incx);
                &xs
            };
            if incy == 1 {
                dense::gemv(
                    trans,
                    a,
                    alpha,
                    xv,
                    std::slice::from_raw_parts_mut(y.cast::<T>(), rows),
                );
            } else {
                let mut ys = dense::gather::<T>(rows, y, incy);
                dense::gemv(trans, a, alpha, xv, &mut ys);
                dense::scatter(&ys, y, incy, false);
            }
        }
        Ok(())
    }

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
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        if alpha.is_zero() || m == 0 || n == 0 {
            return Ok(());
        }
        // SAFETY: the caller guarantees every operand covers its extent and `A` overlaps
        // neither vector.
        unsafe {
            let (xs, ys) = (
                dense::gather::<T>(m, x, incx),
                dense::gather::<T>(n, y, incy),
            );
            dense::ger(dense::Full { p: a, ld: lda }, alpha, conj, &xs, &ys);
        }
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
