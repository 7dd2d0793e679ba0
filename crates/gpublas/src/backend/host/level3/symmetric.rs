//! The host's symmetric and Hermitian level-3 kernels: symm/hemm ([`sym_mm`]) on faer's
//! triangular matmul, and the rank-k updates syrk/herk ([`rank_k`]) and rank-2k updates
//! syr2k/her2k/syrkx/herkx ([`rank_2k`]) as triangle updates on the host's gemm kernel
//! ([`triangle`](super::triangle)).

use faer::linalg::matmul::triangular::{matmul_with_conj, BlockStructure};
use faer::reborrow::ReborrowMut;
use faer::{Accum, Conj};

use super::triangle::{update, Factor, Term};

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

/// The factors of a rank update's products: `op(X)` as stored (`trans`) and the second factor
/// `op(Y)ᵀ` (`ᴴ` if Hermitian) of the `n × k` matrix `op(Y)`.
fn factors(
    (x, ldx): (DevPtr, usize),
    (y, ldy): (DevPtr, usize),
    trans: Op,
    herm: bool,
) -> (Factor, Factor) {
    let second = if trans == Op::N {
        if herm {
            Op::C
        } else {
            Op::T
        }
    } else {
        Op::N
    };
    (
        Factor {
            p: x,
            ld: ldx,
            op: trans,
        },
        Factor {
            p: y,
            ld: ldy,
            op: second,
        },
    )
}

/// Reference BLAS keeps a Hermitian matrix's diagonal real.
///
/// # Safety
/// `c` covers an `n × n` matrix with leading dimension `ldc`.
unsafe fn real_diagonal<T: Scalar>(n: usize, c: DevPtr, ldc: usize) {
    for j in 0..n {
        let e = c.cast::<T>().wrapping_add(j * ldc + j);
        // SAFETY: the diagonal lies inside `c`'s extent.
        unsafe { *e = T::from_real((*e).re()) };
    }
}

/// Shared body of `syr2k` / `her2k` (`two = true`) and `syrkx` / `herkx` (`two = false`); the
/// Hermitian forms (`herm = true`) conjugate the second factors and keep the diagonal real.
///
/// # Safety
/// As for [`Level3::syr2k`](crate::backend::Level3::syr2k).
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
        // α op(A) op(B)ᵀ (ᴴ if Hermitian), then (rank 2k) ᾱ op(B) op(A)ᵀ (α if symmetric).
        let (xa, yb) = factors((a, lda), (b, ldb), trans, herm);
        let (xb, ya) = factors((b, ldb), (a, lda), trans, herm);
        let alpha2 = if herm { alpha.conj() } else { alpha };
        let terms = [
            Term {
                alpha,
                x: xa,
                y: yb,
            },
            Term {
                alpha: alpha2,
                x: xb,
                y: ya,
            },
        ];
        let terms = if two { &terms[..] } else { &terms[..1] };
        // SAFETY: the caller guarantees each operand's extent and that `c` overlaps no input.
        unsafe { update(uplo, n, k, terms, (c, ldc)) };
    }
    if herm {
        // SAFETY: as above.
        unsafe { real_diagonal::<T>(n, c, ldc) };
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
    if !alpha.is_zero() && k > 0 && n > 0 {
        // α op(A) op(A)ᵀ (ᴴ if Hermitian).
        let (x, y) = factors((a, lda), (a, lda), trans, conj);
        // SAFETY: the caller guarantees `a`'s extent and that `c` overlaps it not.
        unsafe { update(uplo, n, k, &[Term { alpha, x, y }], (c, ldc)) };
    }
    if conj {
        // SAFETY: as above.
        unsafe { real_diagonal::<T>(n, c, ldc) };
    }
}
