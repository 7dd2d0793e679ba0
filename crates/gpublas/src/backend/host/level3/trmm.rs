//! The host's triangular matrix product `X ← α·L·X`, in place, for a lower triangular `L`: the
//! one kernel behind every trmm form (left or right side, upper or lower, any op), which
//! [`multiply`] reduces to it with views, as [`trsm`](super::trsm) does for solves.
//!
//! Only the triangle is ever read or multiplied, as in reference BLAS's `?trmm.f`: recursive
//! halving, `[L₁₁ 0; L₂₁ L₂₂]·[X₁; X₂] = [L₁₁X₁; L₂₁X₁ + L₂₂X₂]`, puts almost all the work in
//! the rectangular product `L₂₁X₁` (faer's matmul), and the diagonal blocks of order ≤ 16 are
//! multiplied by a loop over their triangle, reference BLAS's. The block above the diagonal is never formed, so an
//! element of `X` is never multiplied by one of its zeros: a NaN or ∞ in `X` reaches exactly the
//! elements that reference BLAS's result has it in (`0·NaN` would be NaN). A unit diagonal is
//! never read.
//!
//! In place without a copy: the bottom half is finished first (`X₂ ← α(L₂₂X₂ + L₂₁X₁)` needs the
//! original `X₁`), then the top half; within a diagonal block, rows from the last up.

use faer::reborrow::{Reborrow, ReborrowMut};
use faer::{MatMut, MatRef, Par};
use rayon::iter::ParallelIterator;

use core::marker::PhantomData;
use pulp::{Simd, WithSimd};
use std::sync::Mutex;

use super::gemm::simd::{dispatch, Unit};
use super::trsm::{
    group_offset, in_strips, pack_groups, panels, row_slice, ACROSS, GROUP, PARALLEL_WORK,
    STRIP_LEAF,
};
use crate::backend::host::chunks::{par_for, vectorized};
use crate::backend::host::fa;
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
    // Real products with the rows of `X` contiguous (a right-side product of a column-major
    // `X`) have diagonal blocks up to STRIP_LEAF multiplied by strips; the others up to LEAF.
    // Decided once for the whole product: a narrow last part of a split keeps it.
    let strips = strips_apply::<T>(x.rb());
    let run = |x: MatMut<'_, T::Faer>, par: Par| {
        if lower {
            lower_in_place::<T>(l, conj, unit, alpha, x, par, strips);
        } else {
            upper_in_place::<T>(l, conj, unit, alpha, x, par, strips);
        }
    };
    // The columns of `X` are independent: with several threads, one panel of them per thread,
    // each multiplied sequentially (parallel products inside a thin panel's recursion cost
    // more in synchronisation than they save).
    let panels = panels(par.degree(), l.nrows(), x.ncols(), PANEL);
    if panels > 1 {
        let width = x.ncols().div_ceil(panels);
        // Each panel behind its own (uncontended) lock, handed to whichever thread claims it
        // (the calling thread takes part: see `chunks::par_for`).
        let mut parts = Vec::with_capacity(panels);
        let mut rest = x;
        while rest.ncols() > 0 {
            let w = width.min(rest.ncols());
            let (part, tail) = rest.split_at_col_mut(w);
            parts.push(Mutex::new(part));
            rest = tail;
        }
        par_for(parts.len(), panels, |i| {
            let mut part = parts[i].lock().unwrap_or_else(|e| e.into_inner());
            run(part.rb_mut(), Par::Seq)
        });
    } else if (l.nrows() * l.nrows()).saturating_mul(x.ncols()) < PARALLEL_WORK {
        // Too small for threads to pay, even inside the recursion.
        run(x, Par::Seq);
    } else {
        run(x, par);
    }
}

/// `X ← α·U·X` for the upper triangular `U`: `X₁ ← α(U₁₁X₁ + U₁₂X₂)` first (it needs the
/// original `X₂`), then `X₂ ← αU₂₂X₂`. The halves are not reversed views, so the update stays a
/// product of BLAS operands; a diagonal block is the lower one with rows and columns reversed.
fn upper_in_place<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    x: MatMut<'_, T::Faer>,
    par: Par,
    strips: bool,
) {
    let n = l.nrows();
    if n <= if strips { STRIP_LEAF } else { LEAF } {
        let (l, x) = (l.reverse_rows_and_cols(), x.reverse_rows_mut());
        return lower_in_place::<T>(l, conj, unit, alpha, x, par, strips);
    }
    let h = n / 2;
    let (mut top, bottom) = x.split_at_row_mut(h);
    upper_in_place::<T>(
        l.submatrix(0, 0, h, h),
        conj,
        unit,
        alpha,
        top.rb_mut(),
        par,
        strips,
    );
    super::update::add_product::<T>(
        top,
        (l.submatrix(0, h, h, n - h), conj),
        (bottom.rb(), false),
        alpha,
        par,
    );
    upper_in_place::<T>(
        l.submatrix(h, h, n - h, n - h),
        conj,
        unit,
        alpha,
        bottom,
        par,
        strips,
    );
}

/// `X ← α·L·X` for the lower triangular `L` (conjugated if `conj`, unit diagonal if `unit`).
fn lower_in_place<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    x: MatMut<'_, T::Faer>,
    par: Par,
    strips: bool,
) {
    let n = l.nrows();
    if n <= if strips { STRIP_LEAF } else { LEAF } {
        let block = |part: MatMut<'_, T::Faer>| {
            if strips {
                by_strips::<T>(l, unit, alpha, part);
            } else {
                self::leaf::<T>(l, conj, unit, alpha, part);
            }
        };
        match par {
            // Columns are independent: wide blocks split across the threads.
            Par::Rayon(threads) if threads.get() > 1 && x.ncols() >= 4 * PANEL => {
                let chunk = x.ncols().div_ceil(threads.get()).max(PANEL);
                x.par_col_chunks_mut(chunk).for_each(block);
            }
            _ => block(x),
        }
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
        strips,
    );
    super::update::add_product::<T>(
        bottom,
        (l.submatrix(h, 0, n - h, h), conj),
        (top.rb(), false),
        alpha,
        par,
    );
    lower_in_place::<T>(l.submatrix(0, 0, h, h), conj, unit, alpha, top, par, strips);
}

/// Columns of `X` a diagonal block's loop works on at once.
const PANEL: usize = 32;

/// The triangle loop on one diagonal block (order ≤ [`LEAF`]) in reference BLAS's order
/// (`?trmm.f`, left side, lower, no transpose): from the last row `k` up, `t = α·X(k, ·)`
/// becomes `X(k, ·) = L(k, k)·t` (`t` for a unit diagonal) and is added, times `L(i, k)`, to
/// the rows `i > k` below it, so the innermost loop is an `axpy` along a row. Rows that are
/// contiguous already (a right-side product of a column-major `X`, or a row-major `X`) are
/// updated in place, [`SWEEP`] elements at a time; otherwise a panel of up to [`PANEL`] columns
/// is copied into a small row-major array first. The triangle (conjugated if `conj`) is copied
/// into a dense array; its other triangle is never used. Compiled for the CPU's widest
/// instruction set (the loops along rows vectorise).
fn leaf<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    x: MatMut<'_, T::Faer>,
) {
    vectorized(
        #[inline(always)]
        || leaf_body::<T>(l, conj, unit, alpha, x),
    );
}

/// [`leaf`]'s work (inlined into each instruction set's copy).
#[inline(always)]
fn leaf_body<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    unit: bool,
    alpha: T,
    mut x: MatMut<'_, T::Faer>,
) {
    let b = l.nrows();
    let mut tri = [T::zero(); LEAF * LEAF];
    for k in 0..b {
        // A unit diagonal is not read.
        for i in k + usize::from(unit)..b {
            let v: T = bytemuck::cast(*l.get(i, k));
            tri[i + k * LEAF] = if conj { v.conj() } else { v };
        }
    }
    let n = x.ncols();
    if b > 0 && n > 1 && x.col_stride() == 1 {
        let mut t = [T::zero(); SWEEP];
        for j0 in (0..n).step_by(SWEEP) {
            let w = SWEEP.min(n - j0);
            for k in (0..b).rev() {
                let row_k = row_slice::<T>(x.rb_mut(), k, j0, w);
                for (tc, xc) in t.iter_mut().zip(row_k.iter_mut()) {
                    *tc = alpha * *xc;
                    *xc = if unit { *tc } else { tri[k + k * LEAF] * *tc };
                }
                for i in k + 1..b {
                    let lik = tri[i + k * LEAF];
                    let row_i = row_slice::<T>(x.rb_mut(), i, j0, w);
                    for (xc, tc) in row_i.iter_mut().zip(&t[..w]) {
                        *xc += lik * *tc;
                    }
                }
            }
        }
        return;
    }
    let mut panel = [T::zero(); LEAF * PANEL];
    let mut t = [T::zero(); PANEL];
    for j0 in (0..n).step_by(PANEL) {
        let w = PANEL.min(n - j0);
        for i in 0..b {
            for c in 0..w {
                panel[i * PANEL + c] = bytemuck::cast(*x.rb().get(i, j0 + c));
            }
        }
        for k in (0..b).rev() {
            let (above, below) = panel.split_at_mut((k + 1) * PANEL);
            let row_k = &mut above[k * PANEL..k * PANEL + w];
            for (tc, xc) in t.iter_mut().zip(row_k.iter_mut()) {
                *tc = alpha * *xc;
                *xc = if unit { *tc } else { tri[k + k * LEAF] * *tc };
            }
            for (i, row_i) in below.chunks_exact_mut(PANEL).take(b - k - 1).enumerate() {
                let lik = tri[k + 1 + i + k * LEAF];
                for (xc, tc) in row_i[..w].iter_mut().zip(&t[..w]) {
                    *xc += lik * *tc;
                }
            }
        }
        for i in 0..b {
            for c in 0..w {
                *x.rb_mut().get_mut(i, j0 + c) = fa(panel[i * PANEL + c]);
            }
        }
    }
}

/// Elements of a contiguous row [`leaf`] updates at once.
const SWEEP: usize = 256;

/// Whether a product's diagonal blocks are multiplied by [`by_strips`]: real, with the rows of
/// `X` contiguous (a right-side product of a column-major `X`, seen transposed).
fn strips_apply<T: Scalar>(x: MatRef<'_, T::Faer>) -> bool {
    !T::IS_COMPLEX && x.col_stride() == 1 && x.ncols() > 1
}

/// `X ← α·L·X` for a diagonal block of order ≤ [`STRIP_LEAF`] (real, rows of `X` contiguous) in
/// strips of [`ACROSS`] vectors of every row copied into a buffer, as the right-side solves of
/// [`trsm`](super::trsm) are ([`in_strips`]): each strip's rows computed [`GROUP`] at a time
/// from the last group up by [`strip`] (a row's new value needs the original rows above it).
/// Where the row sweeps of [`leaf`] load and store every row below `k` for each `k` (LAPACK's
/// `?larfb` makes such products of order 32 with thousands of rows: 150 µs for 2000 rows
/// against OpenBLAS's 95, on one thread), a strip's sums stay in registers.
///
/// Row `k` becomes `α·(l_kk x_k + Σ_{j<k} l_kj x_j)` (`x_k` for `l_kk` with a unit diagonal,
/// never read), each multiply-add rounded once; only the triangle's elements are multiplied,
/// so a NaN or ∞ in `X` reaches the rows the triangle's own elements carry it to.
fn by_strips<T: Scalar>(l: MatRef<'_, T::Faer>, unit: bool, alpha: T, x: MatMut<'_, T::Faer>) {
    if size_of::<T>() == 4 {
        dispatch(Strips::<T, f32> {
            l,
            unit,
            alpha,
            x,
            unit_type: PhantomData,
        });
    } else {
        dispatch(Strips::<T, f64> {
            l,
            unit,
            alpha,
            x,
            unit_type: PhantomData,
        });
    }
}

/// [`by_strips`]'s arguments, run for an instruction set.
struct Strips<'a, T: Scalar, U> {
    l: MatRef<'a, T::Faer>,
    unit: bool,
    alpha: T,
    x: MatMut<'a, T::Faer>,
    unit_type: PhantomData<U>,
}

impl<T: Scalar, U: Unit + bytemuck::Pod> WithSimd for Strips<'_, T, U> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Strips {
            l,
            unit,
            alpha,
            mut x,
            ..
        } = self;
        let b = l.nrows();
        if b == 0 {
            return;
        }
        debug_assert!(b <= STRIP_LEAF && size_of::<T>() == size_of::<U>());
        let unit_of =
            |i: usize, j: usize| -> U { bytemuck::cast::<T, U>(bytemuck::cast(*l.get(i, j))) };
        let zero = U::ZERO;
        // The strictly lower elements by groups (zeros above the diagonal and past `b`, never
        // multiplied); the diagonal apart (ones for a unit diagonal, zeros past `b`).
        let (packed, _) = pack_groups(b, unit_of);
        let mut diag = [zero; STRIP_LEAF];
        for (k, d) in diag.iter_mut().enumerate().take(b) {
            *d = if unit {
                bytemuck::cast::<T, U>(T::one())
            } else {
                unit_of(k, k)
            };
        }
        let alpha: U = bytemuck::cast(alpha);
        in_strips::<S, T, U>(x.rb_mut(), b, |blk| {
            strip::<S, U>(simd, &packed, &diag, alpha, blk)
        });
    }
}

/// One strip of [`by_strips`]: `block` holds its rows (whole groups of them), [`ACROSS`]
/// vectors each, multiplied [`GROUP`] rows at a time from the last group up, so the rows a
/// group reads (its own and those above it) still hold their original values.
///
/// Rows past `b` in the last group compute zeros (their elements of `L` and diagonal are zero)
/// and are never copied out nor read by another row.
#[inline(always)]
fn strip<S: Simd, U: Unit>(
    simd: S,
    packed: &[U],
    diag: &[U; STRIP_LEAF],
    alpha: U,
    block: &mut [U::V<S>],
) {
    let (block, _) = block.as_chunks_mut::<ACROSS>();
    let plus = |acc: &mut [U::V<S>; ACROSS], v: U, y: &[U::V<S>; ACROSS]| {
        // `acc + v·y`, one rounding.
        let v = U::splat(simd, v);
        for (a, &yv) in acc.iter_mut().zip(y) {
            *a = U::mul_add(simd, v, yv, *a);
        }
    };
    let scale = U::splat(simd, alpha);
    for g in (0..block.len() / GROUP).rev() {
        let k0 = g * GROUP;
        let (lg, _) = packed[group_offset(g)..][..(k0 + GROUP) * GROUP].as_chunks::<GROUP>();
        let (above, rest) = block.split_at_mut(k0);
        // Always `Some`: the block's height is a multiple of `GROUP`.
        let Some(own) = rest.first_chunk_mut::<GROUP>() else {
            return;
        };
        let original = *own;
        let mut acc = original;
        for (r, a) in acc.iter_mut().enumerate() {
            let d = U::splat(simd, diag[k0 + r]);
            for v in a.iter_mut() {
                *v = U::mul(simd, d, *v);
            }
        }
        // The original rows above the group.
        for (y, lj) in above.iter().zip(lg) {
            for (a, &v) in acc.iter_mut().zip(lj) {
                plus(a, v, y);
            }
        }
        // The group's own triangle, below the diagonal.
        for r in 1..GROUP {
            for q in 0..r {
                plus(&mut acc[r], lg[k0 + q][r], &original[q]);
            }
        }
        for (o, a) in own.iter_mut().zip(&acc) {
            for (ov, &av) in o.iter_mut().zip(a) {
                *ov = U::mul(simd, scale, av);
            }
        }
    }
}

/// Small enough for Miri, which checks every pointer faer's views derive here.
#[cfg(test)]
mod tests {
    use super::multiply;
    use crate::types::{Diag, Op, Side, Uplo};
    use faer::{MatMut, MatRef, Par};
    use num_complex::Complex64;

    /// `α·op(T)·B` or `α·B·op(T)` by the definition, summing over the triangle only.
    fn naive(
        (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
        alpha: Complex64,
        a: &[Complex64],
        ka: usize,
        b: &[Complex64],
        (m, n): (usize, usize),
    ) -> Vec<Complex64> {
        let t = |r: usize, s: usize| {
            let (i, j) = if trans == Op::N { (r, s) } else { (s, r) };
            let inside = if uplo == Uplo::Upper { i <= j } else { i >= j };
            if i == j && diag == Diag::Unit {
                Some(Complex64::new(1.0, 0.0))
            } else if inside {
                let v = a[i + j * ka];
                Some(if trans == Op::C { v.conj() } else { v })
            } else {
                None
            }
        };
        let mut c = vec![Complex64::new(0.0, 0.0); m * n];
        for j in 0..n {
            for i in 0..m {
                let s: Complex64 = match side {
                    Side::Left => (0..m)
                        .filter_map(|k| t(i, k).map(|v| v * b[k + j * m]))
                        .sum(),
                    Side::Right => (0..n)
                        .filter_map(|k| t(k, j).map(|v| b[i + k * m] * v))
                        .sum(),
                };
                c[i + j * m] = alpha * s;
            }
        }
        c
    }

    #[test]
    fn every_form_is_the_triangle_product_across_a_block_edge() {
        // An order of 20 halves once: a diagonal block of 10 each side, one matmul between.
        let (big, small) = (20, 3);
        let value =
            |k: usize| Complex64::new(((k * 37) % 11) as f64 - 5.0, ((k * 13) % 7) as f64 - 3.0);
        let alpha = Complex64::new(0.5, -1.25);
        for side in [Side::Left, Side::Right] {
            let (m, n) = if side == Side::Left {
                (big, small)
            } else {
                (small, big)
            };
            let a: Vec<Complex64> = (0..big * big).map(value).collect();
            let b: Vec<Complex64> = (0..m * n).map(|k| value(k + 5)).collect();
            for uplo in [Uplo::Upper, Uplo::Lower] {
                for trans in [Op::N, Op::T, Op::C] {
                    for diag in [Diag::NonUnit, Diag::Unit] {
                        let shape = (side, uplo, trans, diag);
                        let want = naive(shape, alpha, &a, big, &b, (m, n));
                        let mut x = b.clone();
                        let am = MatRef::from_column_major_slice(&a, big, big);
                        let xm = MatMut::from_column_major_slice_mut(&mut x, m, n);
                        multiply::<Complex64>(shape, alpha, am, xm, Par::Seq);
                        for (k, (g, w)) in x.iter().zip(&want).enumerate() {
                            assert!(
                                (g - w).norm() <= 1e-12 * (1.0 + w.norm()),
                                "{shape:?} [{k}]: {g} vs {w}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn real_right_side_products_in_strips_match_the_triangle_product() {
        // Real right-side products of a column-major B: strips of its rows (several, the last
        // partial), groups of four with a partial one, orders that halve into strip blocks.
        let value = |k: usize| ((k * 37) % 11) as f64 - 5.0;
        let alpha = -0.75;
        for (order, rows) in [(20, 37), (7, 5)] {
            let a: Vec<f64> = (0..order * order).map(value).collect();
            let b: Vec<f64> = (0..rows * order).map(|k| value(k + 5)).collect();
            let c = |v: &[f64]| -> Vec<Complex64> { v.iter().map(|&x| x.into()).collect() };
            for uplo in [Uplo::Upper, Uplo::Lower] {
                for trans in [Op::N, Op::T] {
                    for diag in [Diag::NonUnit, Diag::Unit] {
                        let shape = (Side::Right, uplo, trans, diag);
                        let want = naive(shape, alpha.into(), &c(&a), order, &c(&b), (rows, order));
                        let mut x = b.clone();
                        let am = MatRef::from_column_major_slice(&a, order, order);
                        let xm = MatMut::from_column_major_slice_mut(&mut x, rows, order);
                        multiply::<f64>(shape, alpha, am, xm, Par::Seq);
                        for (k, (g, w)) in x.iter().zip(&want).enumerate() {
                            assert!(
                                (g - w.re).abs() <= 1e-12 * (1.0 + w.re.abs()),
                                "{shape:?} {order}×{rows} [{k}]: {g} vs {w}"
                            );
                        }
                    }
                }
            }
        }
    }
}
