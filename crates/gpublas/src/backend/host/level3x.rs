//! [`BlasLevel3Ext`] on the host: faer's triangular matmul, told which triangle of each
//! operand to read and which of the output to write, so nothing outside a routine's `uplo`
//! triangle (or a unit diagonal) is ever read, and nothing outside the output's is written.
//!
//! - symm/hemm: `A = S + D + S'`, with `S` the stored strict triangle, `S'` its transpose
//!   (conjugate transpose if Hermitian) and `D` the diagonal (its real part if Hermitian): two
//!   strict-triangular products and a diagonal scaling.
//! - syr2k/her2k/syrkx/herkx: one or two products into the `uplo` triangle of `C`, after `C`'s
//!   triangle is scaled by `β` (`β = 0` writes zeros, never reading `C`).
//! - trmm: `B` copied into `C` (unless `c` is `b`), then the in-place triangular product of
//!   [`trmm`](super::trmm), which reads and multiplies only the triangle (never its zeros).

use faer::linalg::matmul::triangular::{matmul_with_conj, BlockStructure};
use faer::reborrow::ReborrowMut;
use faer::{Accum, Conj, MatRef};

use super::{conj_if, fa, par, scale, scale_triangle, view, view_mut, Host};
use crate::backend::{BlasLevel3Ext, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// The structure of a triangle: with (`Triangular*`) or without (`Strict*`) its diagonal, or
/// with a unit diagonal that is not read (`Unit*`).
fn triangle(uplo: Uplo, diag: Option<Diag>) -> BlockStructure {
    use BlockStructure as S;
    match (uplo, diag) {
        (Uplo::Upper, None) => S::StrictTriangularUpper,
        (Uplo::Lower, None) => S::StrictTriangularLower,
        (Uplo::Upper, Some(Diag::NonUnit)) => S::TriangularUpper,
        (Uplo::Lower, Some(Diag::NonUnit)) => S::TriangularLower,
        (Uplo::Upper, Some(Diag::Unit)) => S::UnitTriangularUpper,
        (Uplo::Lower, Some(Diag::Unit)) => S::UnitTriangularLower,
    }
}

/// Shared body of `symm` (`herm = false`) and `hemm` (`herm = true`).
///
/// # Safety
/// As for [`BlasLevel3Ext::symm`].
#[allow(clippy::too_many_arguments)]
unsafe fn sym_mm<T: Scalar>(
    herm: bool,
    (side, uplo): (Side, Uplo),
    (m, n): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    beta: T,
    (c, ldc): (DevPtr, usize),
) {
    // SAFETY: the caller guarantees `c` covers `m × n` with leading dimension `ldc`.
    let accum = unsafe { scale(c, m, n, 1, ldc, beta) };
    if alpha.is_zero() || m == 0 || n == 0 {
        return;
    }
    let ka = if side == Side::Left { m } else { n };
    {
        // SAFETY: the caller guarantees each operand's extent and that `c` overlaps no input.
        let (am, bm, mut cm) = unsafe {
            (
                view::<T::Faer>(a, ka, ka, lda),
                view::<T::Faer>(b, m, n, ldb),
                view_mut::<T::Faer>(c, m, n, ldc),
            )
        };
        let (s, st) = (triangle(uplo, None), triangle(uplo.flip(), None));
        let rect = BlockStructure::Rectangular;
        let alpha = fa(alpha);
        // The stored strict triangle S, then its mirror S' (read from the same elements).
        if side == Side::Left {
            let terms = [(am, s, Conj::No), (am.transpose(), st, conj_if(herm))];
            for (i, (l, ls, lc)) in terms.into_iter().enumerate() {
                let acc = if i == 0 { accum } else { Accum::Add };
                matmul_with_conj(
                    cm.rb_mut(),
                    rect,
                    acc,
                    l,
                    ls,
                    lc,
                    bm,
                    rect,
                    Conj::No,
                    alpha,
                    par(),
                );
            }
        } else {
            let terms = [(am, s, Conj::No), (am.transpose(), st, conj_if(herm))];
            for (i, (r, rs, rc)) in terms.into_iter().enumerate() {
                let acc = if i == 0 { accum } else { Accum::Add };
                matmul_with_conj(
                    cm.rb_mut(),
                    rect,
                    acc,
                    bm,
                    rect,
                    Conj::No,
                    r,
                    rs,
                    rc,
                    alpha,
                    par(),
                );
            }
        }
    }
    // The diagonal D (real part if Hermitian), element by element.
    for j in 0..n {
        for i in 0..m {
            let d = if side == Side::Left { i } else { j };
            // SAFETY: `(d, d)` lies in A's `ka × ka` extent, `(i, j)` in B's and C's; the faer
            // views above are gone, and C overlaps neither input.
            unsafe {
                let dv = *a.cast::<T>().add(d * lda + d);
                let dv = if herm { T::from_real(dv.re()) } else { dv };
                let e = c.cast::<T>().add(i + j * ldc);
                *e += alpha * (dv * *b.cast::<T>().add(i + j * ldb));
            }
        }
    }
}

/// `op(X)` as a view, and whether faer conjugates it.
fn op_of<U>(x: MatRef<'_, U>, trans: Op) -> (MatRef<'_, U>, bool) {
    match trans {
        Op::N => (x, false),
        Op::T => (x.transpose(), false),
        Op::C => (x.transpose(), true),
    }
}

/// Shared body of `syr2k` / `her2k` (`two = true`) and `syrkx` / `herkx` (`two = false`); the
/// Hermitian forms (`herm = true`) conjugate the second factors and keep the diagonal real.
///
/// # Safety
/// As for [`BlasLevel3Ext::syr2k`].
#[allow(clippy::too_many_arguments)]
unsafe fn rank_2k<T: Scalar>(
    (herm, two): (bool, bool),
    (uplo, trans): (Uplo, Op),
    (n, k): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    beta: T,
    (c, ldc): (DevPtr, usize),
) {
    // SAFETY: the caller guarantees `c` covers an `n × n` matrix with leading dimension `ldc`.
    unsafe { scale_triangle(c, n, ldc, (uplo, herm), beta) };
    if !alpha.is_zero() && k > 0 && n > 0 {
        let (rows, cols) = trans.apply(n, k);
        // SAFETY: the caller guarantees each operand's extent and that `c` overlaps no input.
        let (am, bm, mut cm) = unsafe {
            (
                view::<T::Faer>(a, rows, cols, lda),
                view::<T::Faer>(b, rows, cols, ldb),
                view_mut::<T::Faer>(c, n, n, ldc),
            )
        };
        // op(X) (n × k) as a view and whether faer conjugates it.
        let ((xa, ca), (xb, cb)) = (op_of(am, trans), op_of(bm, trans));
        let (dst, rect) = (
            triangle(uplo, Some(Diag::NonUnit)),
            BlockStructure::Rectangular,
        );
        // α op(A) op(B)ᵀ (ᴴ if Hermitian): the second factor is op(B) transposed, conjugated
        // once more if Hermitian.
        matmul_with_conj(
            cm.rb_mut(),
            dst,
            Accum::Add,
            xa,
            rect,
            conj_if(ca),
            xb.transpose(),
            rect,
            conj_if(cb != herm),
            fa(alpha),
            par(),
        );
        if two {
            let alpha2 = if herm { alpha.conj() } else { alpha };
            matmul_with_conj(
                cm,
                dst,
                Accum::Add,
                xb,
                rect,
                conj_if(cb),
                xa.transpose(),
                rect,
                conj_if(ca != herm),
                fa(alpha2),
                par(),
            );
        }
    }
    if herm {
        // Reference BLAS keeps a Hermitian matrix's diagonal real.
        for j in 0..n {
            let e = c.cast::<T>().wrapping_add(j * ldc + j);
            // SAFETY: the diagonal lies inside `c`'s extent.
            unsafe { *e = T::from_real((*e).re()) };
        }
    }
}

impl<T: Scalar> BlasLevel3Ext<T> for Host {
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
        super::trmm::multiply::<T>((side, uplo, trans, diag), alpha, am, cm, par());
        Ok(())
    }
}
