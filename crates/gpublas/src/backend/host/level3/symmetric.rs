//! The host's symmetric and Hermitian level-3 kernels on faer's triangular matmul: symm/hemm
//! ([`sym_mm`]), the rank-k updates syrk/herk ([`rank_k`]) and the rank-2k updates
//! syr2k/her2k/syrkx/herkx ([`rank_2k`]).

use faer::linalg::matmul::triangular::{matmul_with_conj, BlockStructure};
use faer::reborrow::ReborrowMut;
use faer::{Accum, Conj, MatRef};

use crate::backend::host::{conj_if, fa, par, scale, scale_triangle, view, view_mut};
use crate::backend::DevPtr;
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
/// As for [`Level3::symm`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn sym_mm<T: Scalar>(
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
/// As for [`Level3::syr2k`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn rank_2k<T: Scalar>(
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

/// Shared body of `syrk` (`conj = false`) and `herk` (`conj = true`).
///
/// # Safety
/// As for [`Level3::syrk`](crate::backend::Level3::syrk).
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn rank_k<T: Scalar>(
    conj: bool,
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
) {
    // SAFETY: the caller guarantees `c` covers an `n × n` matrix with leading dimension `ldc`.
    unsafe { scale_triangle(c, n, ldc, (uplo, conj), beta) };
    if !alpha.is_zero() && k > 0 {
        // SAFETY: as above; nothing else accesses `c` during the call.
        let cm = unsafe { view_mut::<T::Faer>(c, n, n, ldc) };
        let (rows, cols) = if trans == Op::N { (n, k) } else { (k, n) };
        // SAFETY: the caller guarantees `a` covers `op(A)`'s stored shape.
        let am = unsafe { view::<T::Faer>(a, rows, cols, lda) };
        // op(A) and its (conjugate) transpose.
        let (lhs, lconj, rhs, rconj) = if trans == Op::N {
            (am, Conj::No, am.transpose(), conj_if(conj))
        } else {
            (am.transpose(), conj_if(conj), am, Conj::No)
        };
        let structure = match uplo {
            Uplo::Upper => BlockStructure::TriangularUpper,
            Uplo::Lower => BlockStructure::TriangularLower,
        };
        faer::linalg::matmul::triangular::matmul_with_conj(
            cm,
            structure,
            Accum::Add,
            lhs,
            BlockStructure::Rectangular,
            lconj,
            rhs,
            BlockStructure::Rectangular,
            rconj,
            fa(alpha),
            par(),
        );
    }
    if conj {
        // Reference BLAS keeps a Hermitian matrix's diagonal real.
        for j in 0..n {
            let e = c.cast::<T>().wrapping_add(j * ldc + j);
            // SAFETY: the diagonal lies inside `c`'s extent.
            unsafe { *e = T::from_real((*e).re()) };
        }
    }
}
