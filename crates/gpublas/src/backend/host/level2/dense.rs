//! Level 2 on full (column-major) storage, column by column on contiguous slices the compiler
//! vectorises: the vectors are gathered into walk order first and written back after, so every
//! increment takes the same loops. The loops are reference BLAS's (the same columns, the same
//! skipped zeros, the same triangle: nothing outside it is read), grouped so that a pass over a
//! vector serves four or eight columns (each element still takes its terms in column order);
//! only dot products are summed in eight partial sums. `symv`/`hemv` read `A` once, four columns
//! per pass adding to `y` and accumulating four dots, in fixed column blocks (in parallel for
//! large `n`) whose partial results are added in block order, so the result does not depend on
//! the thread count. `trsv` without a transpose solves blocks of columns and updates the rest
//! of `x` with the `gemv` loops (in parallel for large `n`), in the reference's order.

use std::ops::Range;

use rayon::prelude::*;

use super::storage::cj;
use super::triangular::div;
use crate::backend::host::chunks::{par_blocks, par_for, threads_for, vectorized};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::{Op, Uplo};

/// A column-major matrix with contiguous columns.
#[derive(Debug, Clone, Copy)]
pub(super) struct Full {
    pub p: DevPtr,
    pub ld: usize,
}

impl Full {
    /// Rows `r` of column `j`.
    ///
    /// # Safety
    /// The elements are valid for reading for `'a` and nothing writes them meanwhile.
    unsafe fn col<'a, T>(self, j: usize, r: Range<usize>) -> &'a [T] {
        // SAFETY: forwarded to the caller.
        unsafe {
            std::slice::from_raw_parts(self.p.cast::<T>().add(j * self.ld + r.start), r.len())
        }
    }

    /// Rows `r` of column `j`, to write.
    ///
    /// # Safety
    /// The elements are valid for reading and writing for `'a` and nothing else accesses them
    /// meanwhile.
    unsafe fn col_mut<'a, T>(self, j: usize, r: Range<usize>) -> &'a mut [T] {
        // SAFETY: forwarded to the caller.
        unsafe {
            std::slice::from_raw_parts_mut(self.p.cast::<T>().add(j * self.ld + r.start), r.len())
        }
    }

    /// Element `(j, j)`.
    ///
    /// # Safety
    /// As for [`Full::col`].
    unsafe fn diag<T: Copy>(self, j: usize) -> T {
        // SAFETY: forwarded to the caller.
        unsafe { *self.p.cast::<T>().add(j * self.ld + j) }
    }
}

/// The `n` elements of a strided vector in walk order.
///
/// # Safety
/// `x` is valid for reading its `n` elements at `inc`.
pub(super) unsafe fn gather<T: Scalar>(n: usize, x: DevPtr, inc: isize) -> Vec<T> {
    // SAFETY: forwarded to the caller.
    (0..n)
        .map(|i| unsafe { *elem::<T>(x, n, inc, i) })
        .collect()
}

/// Writes `v[i]` (or adds it, if `add`) to element `i` of a strided vector.
///
/// # Safety
/// `x` is valid for reading and writing its `v.len()` elements at `inc ≠ 0`.
pub(super) unsafe fn scatter<T: Scalar>(v: &[T], x: DevPtr, inc: isize, add: bool) {
    let n = v.len();
    for (i, &vi) in v.iter().enumerate() {
        let e = elem::<T>(x, n, inc, i);
        // SAFETY: forwarded to the caller.
        unsafe { *e = if add { *e + vi } else { vi } };
    }
}

/// `y ← y + t·a`.
#[inline(always)]
fn axpy<T: Scalar>(y: &mut [T], t: T, a: &[T]) {
    for (yi, &ai) in y.iter_mut().zip(a) {
        *yi += t * ai;
    }
}

/// `y ← y + t₀a₀ + t₁a₁ + t₂a₂ + t₃a₃`, added in that order (as four [`axpy`]s would): `y` is
/// loaded and stored once for four columns.
#[inline(always)]
fn axpy4<T: Scalar>(y: &mut [T], t: [T; 4], a: [&[T]; 4]) {
    let len = y.len();
    let (a0, a1, a2, a3) = (&a[0][..len], &a[1][..len], &a[2][..len], &a[3][..len]);
    for i in 0..len {
        y[i] = (((y[i] + t[0] * a0[i]) + t[1] * a1[i]) + t[2] * a2[i]) + t[3] * a3[i];
    }
}

/// `y ← y + t₀a₀ + … + t₇a₇`, added in that order (as eight [`axpy`]s would).
#[inline(always)]
fn axpy8<T: Scalar>(y: &mut [T], t: [T; 8], a: [&[T]; 8]) {
    let len = y.len();
    let a = a.map(|c| &c[..len]);
    for i in 0..len {
        let mut v = y[i];
        for k in 0..8 {
            v += t[k] * a[k][i];
        }
        y[i] = v;
    }
}

/// `y ← y + α op(A) x` for the column-major `rows × cols` matrix `a` (`op(A)` is `rows × cols`
/// for `Op::N`, its transpose for `Op::T`/`Op::C`), `x` and `y` in walk order. Each element of
/// `y` takes its terms in column order (`Op::N`) or as an eight-lane dot (`Op::T`, `Op::C`), so
/// the result does not depend on how the work is split: `Op::N` splits `y`'s rows into blocks
/// (one per thread, at most [`GEMV_ROWS`] rows: a block of `y` stays in cache while the columns
/// stream past it), `Op::T` splits the columns.
///
/// # Safety
/// `a` is valid for reading its `rows × cols` elements (`x.len()`, `y.len()` give the shape).
pub(super) unsafe fn gemv<T: Scalar>(trans: Op, a: Full, alpha: T, x: &[T], y: &mut [T]) {
    let work = x.len() * y.len();
    let threads = threads_for(work);
    if trans == Op::N {
        let t: Vec<T> = x.iter().map(|&v| alpha * v).collect();
        // SAFETY: rows `r` of every column are inside the matrix (the caller's contract).
        add_columns(y, &t, threads, |j, r| unsafe { a.col::<T>(j, r) });
    } else {
        let conj = trans == Op::C;
        let rows = x.len();
        let cols = y.len().div_ceil(threads).max(1);
        let block = |(b, yb): (usize, &mut [T])| {
            vectorized(
                #[inline(always)]
                || {
                    for (k, yj) in yb.iter_mut().enumerate() {
                        // SAFETY: column `b·cols + k` is inside the matrix (the caller's contract).
                        let c = unsafe { a.col::<T>(b * cols + k, 0..rows) };
                        *yj += alpha * dot(c, x, conj);
                    }
                },
            )
        };
        par_blocks(y, cols, threads, |b, yb| block((b, yb)));
    }
}

/// `y ← y + Σₖ t[k]·col(k, rows)` for the rows `0..y.len()` of `k` columns, each element taking
/// its terms in `k` order (four columns per pass over a block of `y`, the rest one by one), so
/// the result does not depend on the split: `y` in blocks of at most [`GEMV_ROWS`] rows, one
/// per thread when `threads > 1`.
fn add_columns<'a, T: Scalar>(
    y: &mut [T],
    t: &[T],
    threads: usize,
    col: impl Fn(usize, Range<usize>) -> &'a [T] + Sync,
) {
    let cols = t.len();
    let rows = y
        .len()
        .div_ceil(threads)
        .next_multiple_of(8)
        .clamp(8, GEMV_ROWS);
    let block = |(b, yb): (usize, &mut [T])| {
        let r = b * rows..b * rows + yb.len();
        let col = |j: usize| col(j, r.clone());
        vectorized(
            #[inline(always)]
            || {
                let mut j = 0;
                while j + 8 <= cols {
                    axpy8(yb, lanes(&t[j..]), std::array::from_fn(|k| col(j + k)));
                    j += 8;
                }
                while j + 4 <= cols {
                    axpy4(
                        yb,
                        [t[j], t[j + 1], t[j + 2], t[j + 3]],
                        [col(j), col(j + 1), col(j + 2), col(j + 3)],
                    );
                    j += 4;
                }
                for (j, &tj) in t.iter().enumerate().skip(j) {
                    axpy(yb, tj, col(j));
                }
            },
        )
    };
    par_blocks(y, rows, threads, |b, yb| block((b, yb)));
}

/// `A ← A + α·xᵢ·yⱼ` column by column for the column-major `x.len() × y.len()` matrix `a`
/// (`conj(yⱼ)` if `conj`): a column whose `yⱼ` is zero is skipped, as in reference BLAS's
/// `?ger`. Each element is `a + α·(x·y)` for real types and reference `?ger`'s `a + x·(α·y)` for
/// complex ones. LAPACK's eigenvalue tests hold ill-conditioned matrices whose outcome turns on
/// this rounding, and these are the orders with which every one of them passes as it does over
/// reference BLAS (the reference order for real types fails `dgees`'s reordering on `ded.in`'s
/// type 17 matrix; `α·(x·y)` for complex ones fails one of `xeigtstz`'s `zgd.in` driver tests). Columns are
/// split over the threads for large products (each element's operations are the same either
/// way).
///
/// # Safety
/// `a` is valid for reading and writing its elements, which overlap neither `x` nor `y`.
pub(super) unsafe fn ger<T: Scalar>(a: Full, alpha: T, conj: bool, x: &[T], y: &[T]) {
    let (rows, n) = (x.len(), y.len());
    let threads = threads_for(rows * n);
    let cols = n.div_ceil(threads).max(1);
    let block = |b: usize| {
        vectorized(
            #[inline(always)]
            || {
                for (j, &yj) in y
                    .iter()
                    .enumerate()
                    .take(n.min((b + 1) * cols))
                    .skip(b * cols)
                {
                    if yj.is_zero() {
                        continue;
                    }
                    let t = if conj { yj.conj() } else { yj };
                    // SAFETY: column `j` is inside the matrix (the caller's contract) and
                    // belongs to this block alone.
                    let c = unsafe { a.col_mut::<T>(j, 0..rows) };
                    if T::IS_COMPLEX {
                        let at = alpha * t;
                        for (e, &xi) in c.iter_mut().zip(x) {
                            *e += xi * at;
                        }
                    } else {
                        for (e, &xi) in c.iter_mut().zip(x) {
                            *e += alpha * (xi * t);
                        }
                    }
                }
            },
        )
    };
    par_for(n.div_ceil(cols), threads, block);
}

/// The most rows of `y` one block of [`gemv`] (`Op::N`) updates.
const GEMV_ROWS: usize = if cfg!(miri) { 8 } else { 2048 };

/// `Σ op(aₖ) xₖ` (`op` the conjugate if `conj`), in eight partial sums added as `sum8` adds
/// them.
#[inline(always)]
fn dot<T: Scalar>(a: &[T], x: &[T], conj: bool) -> T {
    let mut acc = [T::zero(); 8];
    let (ac, xc) = (a.chunks_exact(8), x[..a.len()].chunks_exact(8));
    let (at, xt) = (ac.remainder(), xc.remainder());
    for (ak, xk) in ac.zip(xc) {
        for l in 0..8 {
            acc[l] += cj(ak[l], conj) * xk[l];
        }
    }
    for ((s, &v), &w) in acc.iter_mut().zip(at).zip(xt) {
        *s += cj(v, conj) * w;
    }
    add8(acc)
}

/// Eight elements as an array (`s` has eight).
#[inline(always)]
fn lanes<T: Copy>(s: &[T]) -> [T; 8] {
    let mut v = [s[0]; 8];
    v.copy_from_slice(&s[..8]);
    v
}

/// The eight partial sums of `chunks::sum8`, added its way.
#[inline(always)]
fn add8<T: Scalar>(acc: [T; 8]) -> T {
    ((acc[0] + acc[4]) + (acc[2] + acc[6])) + ((acc[1] + acc[5]) + (acc[3] + acc[7]))
}

/// `y ← y + t·a` and `Σ op(aₖ) xₖ` in one pass over `a` (the dot as [`dot`] sums it).
#[inline(always)]
fn axpy_dot<T: Scalar>(y: &mut [T], t: T, a: &[T], x: &[T], conj: bool) -> T {
    let len = a.len();
    let mut acc = [T::zero(); 8];
    let mut yc = y[..len].chunks_exact_mut(8);
    let (ac, xc) = (a.chunks_exact(8), x[..len].chunks_exact(8));
    let (at, xt) = (ac.remainder(), xc.remainder());
    for ((yk, ak), xk) in yc.by_ref().zip(ac).zip(xc) {
        // Eight lanes as arrays: the compiler keeps them in vector registers.
        let (av, xv, mut yv) = (lanes(ak), lanes(xk), lanes(yk));
        for l in 0..8 {
            yv[l] += t * av[l];
            acc[l] += cj(av[l], conj) * xv[l];
        }
        yk.copy_from_slice(&yv);
    }
    for (((s, yi), &v), &w) in acc.iter_mut().zip(yc.into_remainder()).zip(at).zip(xt) {
        *yi += t * v;
        *s += cj(v, conj) * w;
    }
    add8(acc)
}

/// [`axpy_dot`] for four columns in one pass: `y ← y + t₀a₀ + … + t₃a₃` (added in that order)
/// and the four dots `Σ op(aₖ) x`, each in eight partial sums.
#[inline(always)]
fn axpy_dot_k<T: Scalar, const K: usize>(
    y: &mut [T],
    t: [T; K],
    a: [&[T]; K],
    x: &[T],
    conj: bool,
) -> [T; K] {
    let len = y.len();
    let (a, x) = (a.map(|c| &c[..len]), &x[..len]);
    let mut acc = [[T::zero(); 8]; K];
    let mut i = 0;
    while i + 8 <= len {
        let (xv, mut yv) = (lanes(&x[i..]), lanes(&y[i..]));
        for k in 0..K {
            let av = lanes(&a[k][i..]);
            for l in 0..8 {
                yv[l] += t[k] * av[l];
                acc[k][l] += cj(av[l], conj) * xv[l];
            }
        }
        y[i..i + 8].copy_from_slice(&yv);
        i += 8;
    }
    for l in 0..len - i {
        for k in 0..K {
            let v = a[k][i + l];
            y[i + l] += t[k] * v;
            acc[k][l] += cj(v, conj) * x[i + l];
        }
    }
    acc.map(add8)
}

/// Column blocks of an order-`n` triangle, fixed by `n` alone, with about equal shares of the
/// triangle (column `j` of a lower triangle has `n − j` elements, of an upper one `j + 1`).
fn column_blocks(n: usize, uplo: Uplo) -> Vec<Range<usize>> {
    let count = (n / 128).clamp(1, 16);
    let nf = n as f64;
    let edge = |k: usize| {
        let f = k as f64 / count as f64;
        let c = match uplo {
            Uplo::Lower => nf * (1.0 - (1.0 - f).sqrt()),
            Uplo::Upper => nf * f.sqrt(),
        };
        (c.round() as usize).min(n)
    };
    let mut blocks: Vec<Range<usize>> = (0..count).map(|k| edge(k)..edge(k + 1)).collect();
    blocks[0].start = 0;
    blocks[count - 1].end = n;
    blocks.retain(|b| !b.is_empty());
    blocks
}

/// `αAx` for the symmetric (Hermitian, if `herm`) order-`n` matrix `a` stored in its `uplo`
/// triangle, `x` in walk order. Only the triangle is read, and of a Hermitian diagonal only the
/// real part.
///
/// # Safety
/// `a` is valid for reading the triangle's elements.
pub(super) unsafe fn symv<T: Scalar>(herm: bool, uplo: Uplo, a: Full, alpha: T, x: &[T]) -> Vec<T> {
    const G: usize = 4;
    let n = x.len();
    let block = |cols: Range<usize>| {
        vectorized(
            #[inline(always)]
            || {
                let mut y = vec![T::zero(); n];
                // Rows `r` of column `j` and its diagonal (real, if Hermitian).
                // SAFETY: rows in the stored triangle of column `j` (the caller's contract).
                let col = |j: usize, r: Range<usize>| unsafe { a.col::<T>(j, r) };
                let diag = |j: usize| {
                    // SAFETY: the diagonal is stored (the caller's contract).
                    let d = unsafe { a.diag::<T>(j) };
                    if herm {
                        T::from_real(d.re())
                    } else {
                        d
                    }
                };
                let mut j = cols.start;
                // Four columns at a time: one pass over the rows all four share (below the
                // group, or above it), then the group's own small triangle column by column.
                while j + G <= cols.end {
                    let t1: [T; G] = std::array::from_fn(|k| alpha * x[j + k]);
                    let shared = match uplo {
                        Uplo::Lower => j + G..n,
                        Uplo::Upper => 0..j,
                    };
                    let cs = std::array::from_fn(|k| col(j + k, shared.clone()));
                    let mut t2 = axpy_dot_k(&mut y[shared.clone()], t1, cs, &x[shared], herm);
                    for k in 0..G {
                        let jk = j + k;
                        let own = match uplo {
                            Uplo::Lower => jk + 1..j + G,
                            Uplo::Upper => j..jk,
                        };
                        for (i, &v) in own.clone().zip(col(jk, own)) {
                            y[i] += t1[k] * v;
                            t2[k] += cj(v, herm) * x[i];
                        }
                        y[jk] = y[jk] + t1[k] * diag(jk) + alpha * t2[k];
                    }
                    j += G;
                }
                for j in j..cols.end {
                    let t1 = alpha * x[j];
                    let rows = match uplo {
                        Uplo::Lower => j + 1..n,
                        Uplo::Upper => 0..j,
                    };
                    let t2 = axpy_dot(
                        &mut y[rows.clone()],
                        t1,
                        col(j, rows.clone()),
                        &x[rows],
                        herm,
                    );
                    y[j] = y[j] + t1 * diag(j) + alpha * t2;
                }
                y
            },
        )
    };
    let blocks = column_blocks(n, uplo);
    let par = blocks.len() > 1 && threads_for(n * n / 2) > 1;
    let partials: Vec<Vec<T>> = if par {
        blocks.into_par_iter().map(block).collect()
    } else {
        blocks.into_iter().map(block).collect()
    };
    let mut parts = partials.into_iter();
    let mut y = parts.next().unwrap_or_else(|| vec![T::zero(); n]);
    let rest: Vec<Vec<T>> = parts.collect();
    // Each element adds the blocks' partials in block order, whichever thread adds them: when
    // the blocks ran in parallel the rows split over the threads too, instead of one thread
    // adding up to sixteen partials of `n` elements (written by other cores) while the rest wait.
    let add = |(c, ys): (usize, &mut [T])| {
        let r0 = c * COMBINE;
        for p in &rest {
            for (yi, &pi) in ys.iter_mut().zip(&p[r0..]) {
                *yi += pi;
            }
        }
    };
    if par {
        y.par_chunks_mut(COMBINE).enumerate().for_each(add);
    } else {
        y.chunks_mut(COMBINE).enumerate().for_each(add);
    }
    y
}

/// Rows of `y` per task when [`symv`] adds its blocks' partial results.
const COMBINE: usize = if cfg!(miri) { 4 } else { 512 };

/// `x ← op(A)x` for the triangular matrix `a` (`upper_a`: `A` is upper), `x` in walk order:
/// reference BLAS's `?trmv.f` loops (for `Op::N` a column is used only when its `x` element is
/// nonzero).
///
/// # Safety
/// `a` is valid for reading its triangle (the diagonal too unless `unit`).
pub(super) unsafe fn trmv<T: Scalar>(
    a: Full,
    (upper_a, trans, conj, unit): (bool, bool, bool, bool),
    x: &mut [T],
) {
    let n = x.len();
    // SAFETY: every column slice is the part of column `j` inside the triangle, and the diagonal
    // is read only for a non-unit matrix (the caller's contract).
    let col = |j: usize, r: Range<usize>| unsafe { a.col::<T>(j, r) };
    // SAFETY: read only for a non-unit matrix, whose diagonal is stored.
    let d = |j: usize| cj(unsafe { a.diag::<T>(j) }, conj);
    vectorized(
        #[inline(always)]
        || match (trans, upper_a) {
            (false, true) => {
                for j in 0..n {
                    let t = x[j];
                    if !t.is_zero() {
                        axpy(&mut x[..j], t, col(j, 0..j));
                        if !unit {
                            x[j] = t * d(j);
                        }
                    }
                }
            }
            (false, false) => {
                for j in (0..n).rev() {
                    let t = x[j];
                    if !t.is_zero() {
                        axpy(&mut x[j + 1..], t, col(j, j + 1..n));
                        if !unit {
                            x[j] = t * d(j);
                        }
                    }
                }
            }
            (true, false) => {
                for j in 0..n {
                    let mut t = x[j];
                    if !unit {
                        t *= d(j);
                    }
                    x[j] = t + dot(col(j, j + 1..n), &x[j + 1..], conj);
                }
            }
            (true, true) => {
                for j in (0..n).rev() {
                    let mut t = x[j];
                    if !unit {
                        t *= d(j);
                    }
                    x[j] = t + dot(col(j, 0..j), &x[..j], conj);
                }
            }
        },
    );
}

/// Columns per block of [`trsv`] without a transpose: the block's triangle is solved column by
/// column, then the rest of `x` takes the block's columns four per pass (in parallel for a large
/// rest), each element its terms in column order as the unblocked loops add them.
const TRSV_BLOCK: usize = if cfg!(miri) { 3 } else { 128 };

/// Solves `op(A) x_new = x` in place (`x` in walk order): reference BLAS's `?trsv.f` loops
/// (for `Op::N` a column is used only when its `x` element is nonzero, and each element of `x`
/// takes its updates in the reference's column order; the blocks only group them).
///
/// # Safety
/// As for [`trmv`].
pub(super) unsafe fn trsv<T: Scalar>(
    a: Full,
    (upper_a, trans, conj, unit): (bool, bool, bool, bool),
    x: &mut [T],
) {
    let n = x.len();
    // SAFETY: as for `trmv`.
    let col = |j: usize, r: Range<usize>| unsafe { a.col::<T>(j, r) };
    // SAFETY: as for `trmv`.
    let d = |j: usize| cj(unsafe { a.diag::<T>(j) }, conj);
    if !trans {
        // The diagonal, read only for a non-unit matrix.
        let dj = |j: usize| if unit { T::one() } else { d(j) };
        // A block's diagonal, read up front: one cache miss per column, all in flight at once.
        let mut diag = [T::zero(); TRSV_BLOCK];
        // The columns a block used (nonzero `x_j` before the division), as `−x_j` and `j`.
        let mut used: Vec<(T, usize)> = Vec::with_capacity(TRSV_BLOCK);
        let mut t: Vec<T> = Vec::with_capacity(TRSV_BLOCK);
        // One column of the block's triangle (rows `r` of column `j` below or above `x_j`).
        #[inline(always)]
        fn solve<'a, T: Scalar>(
            x: &mut [T],
            used: &mut Vec<(T, usize)>,
            (j, r): (usize, Range<usize>),
            (unit, d, col): (bool, T, impl Fn(Range<usize>) -> &'a [T]),
        ) {
            if !x[j].is_zero() {
                if !unit {
                    x[j] = div(x[j], d);
                }
                let t = x[j];
                axpy(&mut x[r.clone()], -t, col(r));
                used.push((-t, j));
            }
        }
        let mut j1 = if upper_a { n } else { 0 };
        while (upper_a && j1 > 0) || (!upper_a && j1 < n) {
            used.clear();
            // The block's columns, and the rows the block's columns update outside it.
            let (cols, rest) = if upper_a {
                let j0 = j1.saturating_sub(TRSV_BLOCK);
                diag.iter_mut().zip(j0..j1).for_each(|(v, j)| *v = dj(j));
                vectorized(
                    #[inline(always)]
                    || {
                        for j in (j0..j1).rev() {
                            solve(
                                x,
                                &mut used,
                                (j, j0..j),
                                (unit, diag[j - j0], |r| col(j, r)),
                            );
                        }
                    },
                );
                (j0..j1, 0..j0)
            } else {
                let j0 = j1;
                let j1 = (j0 + TRSV_BLOCK).min(n);
                diag.iter_mut().zip(j0..j1).for_each(|(v, j)| *v = dj(j));
                vectorized(
                    #[inline(always)]
                    || {
                        for j in j0..j1 {
                            solve(
                                x,
                                &mut used,
                                (j, j + 1..j1),
                                (unit, diag[j - j0], |r| col(j, r)),
                            );
                        }
                    },
                );
                (j0..j1, j1..n)
            };
            j1 = if upper_a { cols.start } else { cols.end };
            if rest.is_empty() || used.is_empty() {
                continue;
            }
            t.clear();
            t.extend(used.iter().map(|u| u.0));
            let threads = threads_for(rest.len() * used.len());
            let (off, used) = (rest.start, &used);
            add_columns(&mut x[rest], &t, threads, |k, r| {
                col(used[k].1, off + r.start..off + r.end)
            });
        }
        return;
    }
    vectorized(
        #[inline(always)]
        || match upper_a {
            false => {
                for j in (0..n).rev() {
                    let mut t = x[j] - dot(col(j, j + 1..n), &x[j + 1..], conj);
                    if !unit {
                        t = div(t, d(j));
                    }
                    x[j] = t;
                }
            }
            true => {
                for j in 0..n {
                    let mut t = x[j] - dot(col(j, 0..j), &x[..j], conj);
                    if !unit {
                        t = div(t, d(j));
                    }
                    x[j] = t;
                }
            }
        },
    );
}
