//! Level 3 on the host. gemm is the host's own kernel ([`gemm`]: an element's value does not
//! depend on the call's shape or thread count); the triangular solve is a recursive solve on faer's matmul
//! ([`trsm`]); the symmetric, Hermitian and triangular routines run faer's triangular matmul,
//! told which triangle of each operand to read and which of the output to write, so nothing
//! outside a routine's `uplo` triangle (or a unit diagonal) is ever read, and nothing outside the
//! output's is written ([`symmetric`]):
//!
//! - symm/hemm: `A = S + D + S'`, with `S` the stored strict triangle, `S'` its transpose
//!   (conjugate transpose if Hermitian) and `D` the diagonal (its real part if Hermitian): two
//!   strict-triangular products and a diagonal scaling.
//! - syrk/herk, syr2k/her2k/syrkx/herkx: one or two products into the `uplo` triangle of `C`,
//!   after `C`'s triangle is scaled by `β` (`β = 0` writes zeros, never reading `C`).
//! - trmm: `B` copied into `C` (unless `c` is `b`), then the in-place triangular product of
//!   [`trmm`], which reads and multiplies only the triangle (never its zeros).
//!
//! geam and dgmm are element-wise loops (memory-bound; each output element is read-then-written
//! once, so geam's in-place forms are exact).

pub(super) mod gemm;
mod symmetric;
mod triangle;
mod trmm;
mod trsm;
mod update;

use super::{par, scale, view, view_mut, Host};
use crate::backend::host::elem;
use crate::backend::{DevPtr, Level3};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};
use symmetric::{rank_2k, rank_k, sym_mm};

/// Element `(i, j)` of `op(X)` for the column-major `X` at `p` with leading dimension `ld`.
///
/// # Safety
/// The element lies in `X`'s extent.
unsafe fn op_elem<T: Scalar>(p: DevPtr, ld: usize, op: Op, i: usize, j: usize) -> T {
    // SAFETY: forwarded to the caller.
    unsafe {
        match op {
            Op::N => *p.cast::<T>().add(i + j * ld),
            Op::T => *p.cast::<T>().add(j + i * ld),
            Op::C => (*p.cast::<T>().add(j + i * ld)).conj(),
        }
    }
}

impl<T: Scalar> Level3<T> for Host {
    unsafe fn gemm(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let call = gemm::Call {
            ta,
            tb,
            m,
            n,
            k,
            alpha,
            a,
            lda,
            b,
            ldb,
            beta,
            c,
            ldc,
        };
        // SAFETY: forwarded to the caller (every operand covers its stored shape, `c` overlaps
        // no input).
        unsafe { gemm::gemm(call) };
        Ok(())
    }

    unsafe fn symm(
        &self,
        side: Side,
        uplo: Uplo,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (sides, ab, c) = ((side, uplo), ((a, lda), (b, ldb)), (c, ldc));
        // SAFETY: forwarded to the caller.
        unsafe { sym_mm(false, sides, (m, n), alpha, ab.0, ab.1, beta, c) };
        Ok(())
    }

    unsafe fn hemm(
        &self,
        side: Side,
        uplo: Uplo,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (sides, ab, c) = ((side, uplo), ((a, lda), (b, ldb)), (c, ldc));
        // SAFETY: forwarded to the caller.
        unsafe { sym_mm(T::IS_COMPLEX, sides, (m, n), alpha, ab.0, ab.1, beta, c) };
        Ok(())
    }

    unsafe fn syrk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { rank_k(false, uplo, trans, n, k, alpha, a, lda, beta, c, ldc) };
        Ok(())
    }

    unsafe fn herk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T::Real,
        a: DevPtr,
        lda: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (alpha, beta) = (T::from_real(alpha), T::from_real(beta));
        // SAFETY: forwarded to the caller.
        unsafe {
            rank_k(
                T::IS_COMPLEX,
                uplo,
                trans,
                n,
                k,
                alpha,
                a,
                lda,
                beta,
                c,
                ldc,
            )
        };
        Ok(())
    }

    unsafe fn syr2k(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (ab, c) = (((a, lda), (b, ldb)), (c, ldc));
        // SAFETY: forwarded to the caller.
        unsafe {
            rank_2k(
                (false, true),
                (uplo, trans),
                (n, k),
                alpha,
                ab.0,
                ab.1,
                beta,
                c,
            )
        };
        Ok(())
    }

    unsafe fn her2k(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (ab, c, beta) = (((a, lda), (b, ldb)), (c, ldc), T::from_real(beta));
        let kind = (T::IS_COMPLEX, true);
        // SAFETY: forwarded to the caller.
        unsafe { rank_2k(kind, (uplo, trans), (n, k), alpha, ab.0, ab.1, beta, c) };
        Ok(())
    }

    unsafe fn syrkx(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (ab, c) = (((a, lda), (b, ldb)), (c, ldc));
        // SAFETY: forwarded to the caller.
        unsafe {
            rank_2k(
                (false, false),
                (uplo, trans),
                (n, k),
                alpha,
                ab.0,
                ab.1,
                beta,
                c,
            )
        };
        Ok(())
    }

    unsafe fn herkx(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let (ab, c, beta) = (((a, lda), (b, ldb)), (c, ldc), T::from_real(beta));
        let kind = (T::IS_COMPLEX, false);
        // SAFETY: forwarded to the caller.
        unsafe { rank_2k(kind, (uplo, trans), (n, k), alpha, ab.0, ab.1, beta, c) };
        Ok(())
    }

    unsafe fn trmm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        if m == 0 || n == 0 {
            return Ok(());
        }
        if alpha.is_zero() {
            // SAFETY: the caller guarantees `c` covers `m × n`; β = 0 writes zeros without
            // reading (reference BLAS reads neither A nor B either).
            unsafe { scale(c, m, n, 1, ldc, T::zero()) };
            return Ok(());
        }
        if b != c {
            for j in 0..n {
                // SAFETY: column `j` of B and of C lie in their `m × n` extents (the caller's
                // contract), and C overlaps no input.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        b.cast::<T>().add(j * ldb),
                        c.cast::<T>().add(j * ldc),
                        m,
                    )
                };
            }
        }
        let ka = if side == Side::Left { m } else { n };
        // SAFETY: the caller guarantees each operand's extent; `c` (now holding B) overlaps
        // `a` nowhere.
        let (am, cm) = unsafe {
            (
                view::<T::Faer>(a, ka, ka, lda),
                view_mut::<T::Faer>(c, m, n, ldc),
            )
        };
        trmm::multiply::<T>((side, uplo, trans, diag), alpha, am, cm, par());
        Ok(())
    }

    unsafe fn trsm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
    ) -> Result<()> {
        // SAFETY: the caller guarantees `b` covers `m × n` with leading dimension `ldb`. With
        // α = 0 this writes zeros without reading B, and A is never read (reference BLAS).
        unsafe { scale(b, m, n, 1, ldb, alpha) };
        if alpha.is_zero() {
            return Ok(());
        }
        let ka = if side == Side::Left { m } else { n };
        // SAFETY: the caller guarantees `a` covers `ka × ka` with leading dimension `lda`, `b`
        // covers `m × n`, and they do not overlap.
        let (am, bm) = unsafe {
            (
                view::<T::Faer>(a, ka, ka, lda),
                view_mut::<T::Faer>(b, m, n, ldb),
            )
        };
        // Reduce to a left solve `L X = B'` on views: for the right side, X op(A) = B is
        // op(A)ᵀ Xᵀ = Bᵀ.
        let (lhs, conj, lower, rhs) = match (side, trans) {
            (Side::Left, Op::N) => (am, false, uplo == Uplo::Lower, bm),
            (Side::Left, Op::T) => (am.transpose(), false, uplo == Uplo::Upper, bm),
            (Side::Left, Op::C) => (am.transpose(), true, uplo == Uplo::Upper, bm),
            (Side::Right, Op::N) => (
                am.transpose(),
                false,
                uplo == Uplo::Upper,
                bm.transpose_mut(),
            ),
            (Side::Right, Op::T) => (am, false, uplo == Uplo::Lower, bm.transpose_mut()),
            (Side::Right, Op::C) => (am, true, uplo == Uplo::Lower, bm.transpose_mut()),
        };
        let form = trsm::Form {
            unit: diag == Diag::Unit,
            right: side == Side::Right,
        };
        trsm::solve::<T>(lhs, conj, lower, form, rhs, par());
        Ok(())
    }

    unsafe fn geam(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        b: DevPtr,
        ldb: usize,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        for j in 0..n {
            for i in 0..m {
                // SAFETY: the caller guarantees every extent; an in-place `c` (`a` or `b` with
                // op N and the same leading dimension) is read at `(i, j)` just before that
                // element is written, through raw pointers only.
                unsafe {
                    let va = if alpha.is_zero() {
                        T::zero()
                    } else {
                        alpha * op_elem::<T>(a, lda, ta, i, j)
                    };
                    let vb = if beta.is_zero() {
                        T::zero()
                    } else {
                        beta * op_elem::<T>(b, ldb, tb, i, j)
                    };
                    *c.cast::<T>().add(i + j * ldc) = va + vb;
                }
            }
        }
        Ok(())
    }

    unsafe fn dgmm(
        &self,
        side: Side,
        m: usize,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let len = if side == Side::Left { m } else { n };
        for j in 0..n {
            for i in 0..m {
                let d = elem::<T>(x, len, incx, if side == Side::Left { i } else { j });
                // SAFETY: the caller guarantees `x`'s span and the extents of `a` and `c`.
                unsafe { *c.cast::<T>().add(i + j * ldc) = *d * *a.cast::<T>().add(i + j * lda) };
            }
        }
        Ok(())
    }
}
