//! The host's triangular matrix product `X ← α·L·X`, in place, for a lower triangular `L`: the
//! one kernel behind every trmm form (left or right side, upper or lower, any op), which
//! [`multiply`] reduces to it with views, as [`trsm`](super::trsm) does for solves.
//!
//! Only the triangle is ever read or multiplied, as in reference BLAS's `?trmm.f`: recursive
//! halving, `[L₁₁ 0; L₂₁ L₂₂]·[X₁; X₂] = [L₁₁X₁; L₂₁X₁ + L₂₂X₂]`, puts almost all the work in
//! the rectangular product `L₂₁X₁` (faer's matmul), and the diagonal blocks of order ≤ 16 are
//! multiplied by a loop over their triangle. The block above the diagonal is never formed, so an
//! element of `X` is never multiplied by one of its zeros: a NaN or ∞ in `X` reaches exactly the
//! elements that reference BLAS's result has it in (`0·NaN` would be NaN). A unit diagonal is
//! never read.
//!
//! In place without a copy: the bottom half is finished first (`X₂ ← α(L₂₂X₂ + L₂₁X₁)` needs the
//! original `X₁`), then the top half; within a diagonal block, rows from the last up.

use faer::reborrow::{Reborrow, ReborrowMut};
use faer::{Accum, MatMut, MatRef, Par};

use super::{conj_if, fa};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Order up to which a diagonal block is multiplied by the triangle loop; larger ones are halved.
const LEAF: usize = 16;

/// `X ← α·op(A)·X` (`Side::Left`) or `X ← α·X·op(A)` (`Side::Right`) in place, for the
/// triangular `A` whose `uplo` triangle (and diagonal, unless `diag` is unit) is read.
pub(super) fn multiply<T: Scalar>(
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    alpha: T,
    a: MatRef<'_, T::Faer>,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let conj = trans == Op::C;
    // As a left product `L·X'` with views: for the right side, `X·op(A)` is `(op(A)ᵀ·Xᵀ)ᵀ`;
    // `lower` says whether the left factor is lower triangular.
    let (l, lower, x) = match (side, trans) {
        (Side::Left, Op::N) => (a, uplo == Uplo::Lower, x),
        (Side::Left, _) => (a.transpose(), uplo == Uplo::Upper, x),
        (Side::Right, Op::N) => (a.transpose(), uplo == Uplo::Upper, x.transpose_mut()),
        (Side::Right, _) => (a, uplo == Uplo::Lower, x.transpose_mut()),
    };
    let unit = diag == Diag::Unit;
    if lower {
        lower_in_place::<T>(l, conj, unit, alpha, x, par);
    } else {
        // An upper triangular product is a lower one with rows and columns reversed.
        let (l, x) = (l.reverse_rows_and_cols(), x.reverse_rows_mut());
        lower_in_place::<T>(l, conj, unit, alpha, x, par);
    }
}

/// `X ← α·L·X` for the lower triangular `L` (conjugated if `conj`, unit diagonal if `unit`).
fn lower_in_place<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let n = l.nrows();
    if n <= LEAF {
        leaf::<T>(l, conj, unit, alpha, x);
        return;
    }
    let h = n / 2;
    let (top, mut bottom) = x.split_at_row_mut(h);
    lower_in_place::<T>(
        l.submatrix(h, h, n - h, n - h),
        conj,
        unit,
        alpha,
        bottom.rb_mut(),
        par,
    );
    faer::linalg::matmul::matmul_with_conj(
        bottom,
        Accum::Add,
        l.submatrix(h, 0, n - h, h),
        conj_if(conj),
        top.rb(),
        faer::Conj::No,
        fa(alpha),
        par,
    );
    lower_in_place::<T>(l.submatrix(0, 0, h, h), conj, unit, alpha, top, par);
}

/// The triangle loop on one diagonal block: row `i` of the result is `α·Σ_{k ≤ i} L(i, k)·X(k, j)`
/// (`X(i, j)` itself for a unit diagonal), rows from the last up so that the rows still needed
/// are the original ones.
fn leaf<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    mut x: MatMut<'_, T::Faer>,
) {
    let at = |i: usize, k: usize| -> T {
        let v: T = bytemuck::cast(*l.get(i, k));
        if conj {
            v.conj()
        } else {
            v
        }
    };
    let b = l.nrows();
    for j in 0..x.ncols() {
        for i in (0..b).rev() {
            let xi: T = bytemuck::cast(*x.rb().get(i, j));
            let mut s = if unit { xi } else { at(i, i) * xi };
            for k in 0..i {
                let xk: T = bytemuck::cast(*x.rb().get(k, j));
                s += at(i, k) * xk;
            }
            *x.rb_mut().get_mut(i, j) = fa(alpha * s);
        }
    }
}
