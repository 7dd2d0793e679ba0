//! The host's triangular solve: recursive halving with faer's matmul for the updates between
//! the halves, and substitution (dividing by the diagonal as reference BLAS's `?trsm.f` does) on
//! diagonal blocks of order ≤ 16.
//!
//! Why not faer's `solve_*_triangular_in_place`: faer 0.24's 2×2 and 3×3 base cases
//! (`linalg/triangular_solve.rs`) compute the diagonal's reciprocals as independent scalar
//! divisions, which LLVM's SLP vectorizer (in optimised builds) packs into one 4-lane `divps`
//! whose unused lanes divide zeros. Single-precision solves then raise the IEEE *invalid* and
//! *divide-by-zero* flags on non-singular input (the results are right; only the flags leak).
//! Reference BLAS raises none, and neither does this solve (checked in optimised builds by the
//! `host_trsm_fp_flags` test): its divisions are steps of a substitution loop, one column at a
//! time, not independent straight-line scalars for the SLP vectorizer to pack.

use faer::reborrow::{IntoConst, Reborrow, ReborrowMut};
use faer::{Accum, MatMut, MatRef, Par};
use rayon::iter::ParallelIterator;

use crate::backend::host::{conj_if, fa};
use crate::scalar::Scalar;

/// Order up to which a diagonal block is solved by substitution; larger ones are halved.
const LEAF: usize = 16;

/// Columns of `X` per thread below which the columns are not split (a narrower panel makes the
/// updates too thin to run well).
const PANEL: usize = if cfg!(miri) { 2 } else { 32 };

/// Solves `L X = B` in place (`X` overwrites `B`) for a lower (`lower = true`) or upper triangular
/// `L`, conjugated if `conj`, with a unit diagonal (not read) if `unit`.
///
/// The columns of `X` are independent: with several threads they are split into one panel per
/// thread (at least [`PANEL`] wide), each solved sequentially; a solve too narrow to split runs
/// its updates with `par`.
pub(super) fn solve<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    lower: bool,
    unit: bool,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let threads = par.degree();
    let panels = threads.min(x.ncols() / PANEL);
    if panels > 1 {
        let width = x.ncols().div_ceil(panels);
        x.par_col_chunks_mut(width)
            .for_each(|xp| solve_panel::<T>(l, conj, lower, unit, xp, Par::Seq));
    } else {
        // A small solve is not worth waking threads for.
        let work = l.nrows() * l.nrows() * x.ncols();
        let par = if work < PARALLEL_WORK { Par::Seq } else { par };
        solve_panel::<T>(l, conj, lower, unit, x, par);
    }
}

/// Multiply-adds (`n²·cols`) from which a solve's updates run in parallel.
const PARALLEL_WORK: usize = 1 << 22;

/// [`solve`] on one panel of columns.
fn solve_panel<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    lower: bool,
    unit: bool,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    if lower {
        solve_lower::<T>(l, conj, unit, x, par);
    } else {
        // An upper triangular solve is a lower one with rows and columns reversed.
        solve_lower::<T>(
            l.reverse_rows_and_cols(),
            conj,
            unit,
            x.reverse_rows_mut(),
            par,
        );
    }
}

/// Recursive halving: `[L₁₁ 0; L₂₁ L₂₂] [X₁; X₂] = [B₁; B₂]` is `L₁₁ X₁ = B₁`, then
/// `L₂₂ X₂ = B₂ − L₂₁ X₁`, so almost all the work is in large matmuls.
fn solve_lower<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let n = l.nrows();
    if n <= LEAF {
        substitute::<T>(l, conj, unit, x);
        return;
    }
    let h = n / 2;
    let (mut top, mut bottom) = x.split_at_row_mut(h);
    solve_lower::<T>(l.submatrix(0, 0, h, h), conj, unit, top.rb_mut(), par);
    faer::linalg::matmul::matmul_with_conj(
        bottom.rb_mut(),
        Accum::Add,
        l.submatrix(h, 0, n - h, h),
        conj_if(conj),
        top.into_const(),
        faer::Conj::No,
        fa(-T::one()),
        par,
    );
    solve_lower::<T>(l.submatrix(h, h, n - h, n - h), conj, unit, bottom, par);
}

/// Forward substitution on one diagonal block, column by column, in reference BLAS's order
/// (`?trsm.f`, left side, lower, no transpose): an element of `X` that is zero is skipped, so
/// its column of `L` is not read.
fn substitute<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
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
        for k in 0..b {
            let mut xk: T = bytemuck::cast(*x.rb().get(k, j));
            if xk.is_zero() {
                continue;
            }
            if !unit {
                xk = div(xk, at(k, k));
                *x.rb_mut().get_mut(k, j) = fa(xk);
            }
            for i in k + 1..b {
                let e = x.rb_mut().get_mut(i, j);
                let xi: T = bytemuck::cast(*e);
                *e = fa(xi - xk * at(i, k));
            }
        }
    }
}

/// `x / d`: an IEEE division for real types; for complex ones `x · (1/d)` with faer's scaled
/// reciprocal, which neither overflows nor underflows where the quotient does not.
fn div<T: Scalar>(x: T, d: T) -> T {
    let (x, d) = (fa(x), fa(d));
    bytemuck::cast(if T::IS_COMPLEX {
        x * faer::traits::math_utils::recip(&d)
    } else {
        x / d
    })
}
