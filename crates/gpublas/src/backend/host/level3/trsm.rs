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
use faer::{MatMut, MatRef, Par};
use rayon::iter::ParallelIterator;

use crate::backend::host::chunks::vectorized;
use crate::backend::host::fa;
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
        solve_upper::<T>(l, conj, unit, x, par);
    }
}

/// [`solve_lower`] for an upper triangular `U`: `U₂₂ X₂ = B₂`, then `U₁₁ X₁ = B₁ − U₁₂ X₂`. The
/// halves are not reversed views, so the update stays a product of BLAS operands; a diagonal
/// block is the lower substitution with its rows and columns reversed.
fn solve_upper<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let n = l.nrows();
    if n <= LEAF {
        substitute::<T>(l.reverse_rows_and_cols(), conj, unit, x.reverse_rows_mut());
        return;
    }
    let h = n / 2;
    let (mut top, mut bottom) = x.split_at_row_mut(h);
    solve_upper::<T>(
        l.submatrix(h, h, n - h, n - h),
        conj,
        unit,
        bottom.rb_mut(),
        par,
    );
    super::update::add_product::<T>(
        top.rb_mut(),
        (l.submatrix(0, h, h, n - h), conj),
        (bottom.into_const(), false),
        -T::one(),
        par,
    );
    solve_upper::<T>(l.submatrix(0, 0, h, h), conj, unit, top, par);
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
    super::update::add_product::<T>(
        bottom.rb_mut(),
        (l.submatrix(h, 0, n - h, h), conj),
        (top.into_const(), false),
        -T::one(),
        par,
    );
    solve_lower::<T>(l.submatrix(h, h, n - h, n - h), conj, unit, bottom, par);
}

/// Columns of `X` a diagonal block's substitution carries at once (independent chains of
/// dependent steps, so the CPU overlaps them).
const GROUP: usize = 4;

/// Forward substitution on one diagonal block, in reference BLAS's order (`?trsm.f`, left side,
/// lower, no transpose) for every element: an element of `X` that is zero is skipped, so its
/// column of `L` is not used for it.
///
/// Each column is copied into a `LEAF`-long array and updated one step `k` at a time across all
/// its rows, those at or above `k` masked (they keep their value exactly), so a step is a few
/// vector operations instead of a scalar loop; [`GROUP`] columns go side by side.
fn substitute<T: Scalar>(l: MatRef<'_, T::Faer>, conj: bool, unit: bool, x: MatMut<'_, T::Faer>) {
    // Compiled for the CPU's widest instruction set, so the steps vectorise.
    vectorized(
        #[inline(always)]
        || substitute_body::<T>(l, conj, unit, x),
    );
}

/// [`substitute`]'s work (inlined into each instruction set's copy).
#[inline(always)]
fn substitute_body<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    mut x: MatMut<'_, T::Faer>,
) {
    let b = l.nrows();
    debug_assert!(b <= LEAF);
    // The block's columns, conjugated if asked (zeros above the diagonal, never used).
    let mut lb = [[T::zero(); LEAF]; LEAF];
    for (k, col) in lb.iter_mut().enumerate().take(b) {
        for (i, e) in col.iter_mut().enumerate().take(b).skip(k) {
            let v: T = bytemuck::cast(*l.get(i, k));
            *e = if conj { v.conj() } else { v };
        }
    }
    let n = x.ncols();
    if b > 0 && n > 1 && x.col_stride() == 1 {
        // Rows contiguous (a right-side solve's transposed view): sweep along them instead.
        return substitute_rows::<T>(&lb, b, unit, x);
    }
    let mut cols = [[T::zero(); LEAF]; GROUP];
    for j0 in (0..n).step_by(GROUP) {
        let w = GROUP.min(n - j0);
        for (c, col) in cols.iter_mut().enumerate().take(w) {
            let xc = x.rb().col(j0 + c);
            if let Some(xs) = xc.try_as_col_major() {
                for (e, v) in col.iter_mut().zip(xs.as_slice()) {
                    *e = bytemuck::cast(*v);
                }
            } else {
                for (r, e) in col.iter_mut().enumerate().take(b) {
                    *e = bytemuck::cast(*xc.get(r));
                }
            }
        }
        for k in 0..b {
            for col in cols.iter_mut().take(w) {
                let mut xk = col[k];
                if xk.is_zero() {
                    continue;
                }
                if !unit {
                    xk = div(xk, lb[k][k]);
                    col[k] = xk;
                }
                let lk = &lb[k];
                for (i, (e, &li)) in col.iter_mut().zip(lk).enumerate() {
                    let t = *e - xk * li;
                    *e = if i > k { t } else { *e };
                }
            }
        }
        for (c, col) in cols.iter().enumerate().take(w) {
            let mut xc = x.rb_mut().col_mut(j0 + c);
            if let Some(xs) = xc.rb_mut().try_as_col_major_mut() {
                for (v, &e) in xs.as_slice_mut().iter_mut().zip(col) {
                    *v = fa(e);
                }
            } else {
                for (r, &e) in col.iter().enumerate().take(b) {
                    *xc.rb_mut().get_mut(r) = fa(e);
                }
            }
        }
    }
}

/// Columns of a row-major block swept at once (`LEAF` rows of them stay in L1).
const SWEEP: usize = 256;

/// [`substitute_body`] for an `X` whose rows are contiguous: step `k` divides row `k` and
/// subtracts its multiples from the rows below, each a loop along contiguous elements; the
/// operations per element, and the zero-skipping, are the column path's.
#[inline(always)]
fn substitute_rows<T: Scalar>(
    lb: &[[T; LEAF]; LEAF],
    b: usize,
    unit: bool,
    mut x: MatMut<'_, T::Faer>,
) {
    let n = x.ncols();
    let mut rk = [T::zero(); SWEEP];
    for j0 in (0..n).step_by(SWEEP) {
        let w = SWEEP.min(n - j0);
        for (k, lk) in lb.iter().enumerate().take(b) {
            let xk = row_slice::<T>(x.rb_mut(), k, j0, w);
            if !unit {
                let d = lk[k];
                for e in xk.iter_mut() {
                    // Zero stays zero (the reference skips it).
                    *e = div(*e, if e.is_zero() { T::one() } else { d });
                }
            }
            rk[..w].copy_from_slice(xk);
            for (i, &lik) in lk.iter().enumerate().take(b).skip(k + 1) {
                for (e, &v) in row_slice::<T>(x.rb_mut(), i, j0, w)
                    .iter_mut()
                    .zip(&rk[..w])
                {
                    let t = *e - v * lik;
                    *e = if v.is_zero() { *e } else { t };
                }
            }
        }
    }
}

/// Elements `j0 .. j0 + w` of row `i` of a matrix with contiguous rows, as `T`s.
#[inline(always)]
pub(super) fn row_slice<T: Scalar>(
    x: MatMut<'_, T::Faer>,
    i: usize,
    j0: usize,
    w: usize,
) -> &mut [T] {
    let r = x.row_mut(i).subcols_mut(j0, w).try_as_row_major_mut();
    // The caller checked the column stride is 1, so this is never the empty default.
    bytemuck::cast_slice_mut(r.map(|r| r.as_slice_mut()).unwrap_or_default())
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
