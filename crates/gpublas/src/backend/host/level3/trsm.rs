//! The host's triangular solve: recursive halving with the host gemm for the updates between
//! the halves, and substitution on diagonal blocks of order ≤ 16 with reference BLAS's
//! arithmetic for the side (`?trsm.f`: a left-side solve divides by the diagonal, a right-side
//! one multiplies by its reciprocal; see [`Form`]).
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

use core::marker::PhantomData;
use pulp::{Simd, WithSimd};

use super::gemm::simd::{dispatch, Unit};
use crate::backend::host::chunks::vectorized;
use crate::backend::host::fa;
use crate::scalar::Scalar;

/// Order up to which a diagonal block is solved by substitution; larger ones are halved.
const LEAF: usize = 16;

/// Columns of `X` per thread below which the columns are not split (a narrower panel makes the
/// updates too thin to run well).
const PANEL: usize = if cfg!(miri) { 2 } else { 16 };

/// Solves `L X = B` in place (`X` overwrites `B`) for a lower (`lower = true`) or upper triangular
/// `L`, conjugated if `conj`, with the diagonal and the arithmetic of `form`.
///
/// The columns of `X` are independent: with several threads they are split into up to one panel
/// per thread (at least [`PANEL`] wide), solved side by side, their updates shared by the threads
/// left over when there are fewer panels than threads; a solve too narrow to split runs its
/// updates with `par`.
pub(super) fn solve<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    lower: bool,
    form: Form,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    let threads = par.degree();
    let panels = panels(threads, l.nrows(), x.ncols(), PANEL);
    if panels > 1 {
        let width = x.ncols().div_ceil(panels);
        // Threads left over when there are fewer panels than threads share each panel's
        // updates, if they are large enough to pay for it.
        let inner = threads / panels;
        let work = l.nrows() * l.nrows() * width;
        let par = if inner > 1 && work >= PARALLEL_WORK {
            Par::rayon(inner)
        } else {
            Par::Seq
        };
        x.par_col_chunks_mut(width)
            .for_each(|xp| solve_panel::<T>(l, conj, lower, form, xp, par));
    } else {
        // A small solve is not worth waking threads for.
        let work = l.nrows() * l.nrows() * x.ncols();
        let par = if work < PARALLEL_WORK { Par::Seq } else { par };
        solve_panel::<T>(l, conj, lower, form, x, par);
    }
}

/// Multiply-adds (`n²·cols`) from which a solve's updates run in parallel.
pub(super) const PARALLEL_WORK: usize = 1 << 22;

/// Multiply-adds (`n²·cols`, twice a triangle's) a thread's panel of columns must have before a
/// triangular solve or product is split into panels: waking a thread of the pool costs several
/// µs, as much as a 32 × 32 × 32 solve (LAPACK's `?getrf2` makes hundreds of those, and splitting
/// them in two made reference `dpotrf` slower on two threads than on one). Tiny under Miri, so
/// its small problems take the parallel paths.
const PANEL_WORK: usize = if cfg!(miri) { 8 } else { 1 << 19 };

/// The panels of at least `panel` columns a triangle of order `n` and `cols` columns of `X` are
/// split into over `threads` threads: at most one per thread, each with [`PANEL_WORK`].
pub(super) fn panels(threads: usize, n: usize, cols: usize, panel: usize) -> usize {
    let work = (n * n).saturating_mul(cols);
    threads.min(cols / panel).min(work / PANEL_WORK)
}

/// [`solve`] on one panel of columns.
fn solve_panel<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    lower: bool,
    form: Form,
    x: MatMut<'_, T::Faer>,
    par: Par,
) {
    // A right-side real solve (rows of the transposed view contiguous) has diagonal blocks up
    // to STRIP_LEAF solved by strips; the others have blocks up to LEAF.
    let leaf = if strips_apply::<T>(form, x.rb()) {
        STRIP_LEAF
    } else {
        LEAF
    };
    if lower {
        solve_lower::<T>(l, conj, form, x, par, leaf);
    } else {
        solve_upper::<T>(l, conj, form, x, par, leaf);
    }
}

/// [`solve_lower`] for an upper triangular `U`: `U₂₂ X₂ = B₂`, then `U₁₁ X₁ = B₁ − U₁₂ X₂`. The
/// halves are not reversed views, so the update stays a product of BLAS operands; a diagonal
/// block is the lower substitution with its rows and columns reversed.
fn solve_upper<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    form: Form,
    x: MatMut<'_, T::Faer>,
    par: Par,
    leaf: usize,
) {
    let n = l.nrows();
    if n <= leaf {
        substitute::<T>(l.reverse_rows_and_cols(), conj, form, x.reverse_rows_mut());
        return;
    }
    let h = n / 2;
    let (mut top, mut bottom) = x.split_at_row_mut(h);
    solve_upper::<T>(
        l.submatrix(h, h, n - h, n - h),
        conj,
        form,
        bottom.rb_mut(),
        par,
        leaf,
    );
    super::update::add_product::<T>(
        top.rb_mut(),
        (l.submatrix(0, h, h, n - h), conj),
        (bottom.into_const(), false),
        -T::one(),
        par,
    );
    solve_upper::<T>(l.submatrix(0, 0, h, h), conj, form, top, par, leaf);
}

/// Recursive halving: `[L₁₁ 0; L₂₁ L₂₂] [X₁; X₂] = [B₁; B₂]` is `L₁₁ X₁ = B₁`, then
/// `L₂₂ X₂ = B₂ − L₂₁ X₁`, so almost all the work is in large matmuls.
fn solve_lower<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    form: Form,
    x: MatMut<'_, T::Faer>,
    par: Par,
    leaf: usize,
) {
    let n = l.nrows();
    if n <= leaf {
        substitute::<T>(l, conj, form, x);
        return;
    }
    let h = n / 2;
    let (mut top, mut bottom) = x.split_at_row_mut(h);
    solve_lower::<T>(l.submatrix(0, 0, h, h), conj, form, top.rb_mut(), par, leaf);
    super::update::add_product::<T>(
        bottom.rb_mut(),
        (l.submatrix(h, 0, n - h, h), conj),
        (top.into_const(), false),
        -T::one(),
        par,
    );
    solve_lower::<T>(
        l.submatrix(h, h, n - h, n - h),
        conj,
        form,
        bottom,
        par,
        leaf,
    );
}

/// Forward substitution on one diagonal block, in reference BLAS's order (`?trsm.f`, left side,
/// lower, no transpose) for every element: an element of `X` that is zero is neither divided
/// nor used, so its column of `L` is not used for it.
///
/// The steps run along rows of `X`, [`SWEEP`] columns at a time: step `k` divides row `k` and
/// subtracts its multiples from the rows below, each a vector loop over contiguous elements.
/// Rows of a column-major `X` are first copied into a row-major block (and back after), which
/// costs two moves per element against the step's `b/2` multiply-subtracts; a column at a time
/// instead, each step waits on the division before it and updates the whole column masked.
fn substitute<T: Scalar>(l: MatRef<'_, T::Faer>, conj: bool, form: Form, x: MatMut<'_, T::Faer>) {
    // Compiled for the CPU's widest instruction set, so the steps vectorise.
    vectorized(
        #[inline(always)]
        || substitute_body::<T>(l, conj, form, x),
    );
}

/// Columns of `X` swept at once: the block's `LEAF` rows of them stay in L1.
const SWEEP: usize = 128;

/// [`substitute`]'s work (inlined into each instruction set's copy).
#[inline(always)]
fn substitute_body<T: Scalar>(
    l: MatRef<'_, T::Faer>,
    conj: bool,
    form: Form,
    mut x: MatMut<'_, T::Faer>,
) {
    let b = l.nrows();
    if b == 0 {
        return;
    }
    if strips_apply::<T>(form, x.rb()) {
        if size_of::<T>() == 4 {
            by_strips::<T, f32>(l, form.unit, x);
        } else {
            by_strips::<T, f64>(l, form.unit, x);
        }
        return;
    }
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
    if n > 1 && x.col_stride() == 1 {
        // Rows contiguous (a right-side solve's transposed view): swept in place.
        for j0 in (0..n).step_by(SWEEP) {
            let w = SWEEP.min(n - j0);
            let mut rows: [&mut [T]; LEAF] = Default::default();
            let mut rest = x.rb_mut().subcols_mut(j0, w);
            for row in rows.iter_mut().take(b) {
                let (head, tail) = rest.split_at_row_mut(1);
                *row = row_slice::<T>(head, 0, 0, w);
                rest = tail;
            }
            sweep::<T, SWEEP>(&lb, form, &mut rows[..b]);
        }
        return;
    }
    // The row-major block is as wide as the solve needs (it is zeroed on every call).
    if n <= 4 {
        by_columns::<T, 4>(&lb, b, form, x);
    } else if n <= 32 {
        by_columns::<T, 32>(&lb, b, form, x);
    } else {
        by_columns::<T, SWEEP>(&lb, b, form, x);
    }
}

/// [`substitute_body`] for a column-major `X`: `W` columns at a time copied into a row-major
/// block, swept, and copied back.
#[inline(always)]
fn by_columns<T: Scalar, const W: usize>(
    lb: &[[T; LEAF]; LEAF],
    b: usize,
    form: Form,
    mut x: MatMut<'_, T::Faer>,
) {
    let n = x.ncols();
    let mut block = [[T::zero(); W]; LEAF];
    for j0 in (0..n).step_by(W) {
        let w = W.min(n - j0);
        for c in 0..w {
            let xc = x.rb().col(j0 + c);
            if let Some(xs) = xc.try_as_col_major() {
                for (row, v) in block.iter_mut().zip(xs.as_slice()) {
                    row[c] = bytemuck::cast(*v);
                }
            } else {
                for (r, row) in block.iter_mut().enumerate().take(b) {
                    row[c] = bytemuck::cast(*xc.get(r));
                }
            }
        }
        let mut rows: [&mut [T]; LEAF] = Default::default();
        for (row, r) in rows.iter_mut().zip(block.iter_mut()).take(b) {
            *row = &mut r[..w];
        }
        sweep::<T, W>(lb, form, &mut rows[..b]);
        for c in 0..w {
            let mut xc = x.rb_mut().col_mut(j0 + c);
            if let Some(xs) = xc.rb_mut().try_as_col_major_mut() {
                for (v, row) in xs.as_slice_mut().iter_mut().zip(&block) {
                    *v = fa(row[c]);
                }
            } else {
                for (r, row) in block.iter().enumerate().take(b) {
                    *xc.rb_mut().get_mut(r) = fa(row[c]);
                }
            }
        }
    }
}

/// Order up to which a right-side real solve's diagonal blocks are solved by [`by_strips`].
pub(super) const STRIP_LEAF: usize = if cfg!(miri) { 8 } else { 64 };

/// Rows of `X` [`by_strips`] solves together.
pub(super) const GROUP: usize = 4;
const _: () = assert!(STRIP_LEAF.is_multiple_of(GROUP));

/// Whether a solve's diagonal blocks are solved by [`by_strips`]: right-side (the reference's
/// multiply-by-reciprocal form), real, with the transposed view's rows contiguous.
fn strips_apply<T: Scalar>(form: Form, x: MatRef<'_, T::Faer>) -> bool {
    form.right && !T::IS_COMPLEX && x.col_stride() == 1 && x.ncols() > 1
}

/// Strips of [`by_strips`] copied in at once: each row's part of them is one contiguous run.
pub(super) const STRIPS: usize = 8;

/// Vector registers across a strip of [`by_strips`].
pub(super) const ACROSS: usize = 2;

/// A right-side diagonal block of order ≤ [`STRIP_LEAF`] (real, `T` of the size of `U`) solved
/// in strips of [`ACROSS`] vectors of elements of every row. [`STRIPS`] strips at a time are
/// copied into a buffer, each strip contiguous, so the solve's reads stay in L1 whatever the
/// leading dimension; each strip's rows are solved [`GROUP`] at a time by [`strip`]; the strips
/// are copied back.
///
/// Row `k` of a strip is `(x_k − Σ_{j<k} l_kj x_j) · (1/l_kk)`, the subtractions in increasing
/// `j` and those with `l_kj = 0` skipped: `?trsm.f`'s right-side steps for each element, each
/// multiply-subtract rounded once, in a left-looking order that keeps `GROUP` rows of sums in
/// registers and reads each solved row once per group.
fn by_strips<T: Scalar, U: Unit + bytemuck::Pod>(
    l: MatRef<'_, T::Faer>,
    unit: bool,
    x: MatMut<'_, T::Faer>,
) {
    dispatch(Strips::<T, U> {
        l,
        unit,
        x,
        unit_type: PhantomData,
    });
}

/// [`by_strips`]'s arguments, run for an instruction set.
struct Strips<'a, T: Scalar, U> {
    l: MatRef<'a, T::Faer>,
    unit: bool,
    x: MatMut<'a, T::Faer>,
    unit_type: PhantomData<U>,
}

impl<T: Scalar, U: Unit + bytemuck::Pod> WithSimd for Strips<'_, T, U> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Strips { l, unit, mut x, .. } = self;
        let b = l.nrows();
        debug_assert!(b <= STRIP_LEAF);
        let unit_of =
            |i: usize, j: usize| -> U { bytemuck::cast::<T, U>(bytemuck::cast(*l.get(i, j))) };
        let zero = U::ZERO;
        let (packed, zeros) = pack_groups(b, unit_of);
        let mut recips = [zero; STRIP_LEAF];
        for (k, r) in recips.iter_mut().enumerate().take(b) {
            *r = if unit {
                bytemuck::cast::<T, U>(T::one())
            } else {
                bytemuck::cast::<T, U>(recip(bytemuck::cast::<_, T>(*l.get(k, k))))
            };
        }
        in_strips::<S, T, U>(x.rb_mut(), b, |blk| {
            strip::<S, U>(simd, &packed, &recips, &zeros, blk)
        });
    }
}

/// Runs `each` on the strips of the first `b` rows of `x` (real `T` of `U`'s size, rows
/// contiguous): strips of [`ACROSS`] vectors of every row, [`STRIPS`] at a time copied into a
/// buffer where each strip's rows (whole groups of [`GROUP`]; rows past `b` start as zeros) are
/// contiguous, so the work on them stays in L1 whatever the leading dimension; the strips are
/// copied back. The last strip may be narrower: its unused columns start as zeros and are never
/// copied out. Shared by the right-side solves' [`by_strips`] and trmm's.
#[inline(always)]
pub(super) fn in_strips<S: Simd, T: Scalar, U: Unit + bytemuck::Pod>(
    mut x: MatMut<'_, T::Faer>,
    b: usize,
    mut each: impl FnMut(&mut [U::V<S>]),
) {
    debug_assert!(b <= STRIP_LEAF && size_of::<T>() == size_of::<U>());
    let n = x.ncols();
    let zero = U::ZERO;
    let mut rows: [&mut [U]; STRIP_LEAF] = core::array::from_fn(|_| <&mut [U]>::default());
    let mut rest = x.rb_mut();
    for row in rows.iter_mut().take(b) {
        let (head, tail) = rest.split_at_row_mut(1);
        *row = bytemuck::cast_slice_mut(row_slice::<T>(head, 0, 0, n));
        rest = tail;
    }
    let rows = &mut rows[..b];
    let width = ACROSS * U::lanes::<S>();
    let height = b.div_ceil(GROUP) * GROUP;
    let strips = STRIPS.min(n.div_ceil(width));
    let mut buffer = vec![zero; strips * height * width];
    for c0 in (0..n).step_by(width * strips) {
        let cw = (width * strips).min(n - c0);
        let used = cw.div_ceil(width);
        if cw % width != 0 {
            buffer[(used - 1) * height * width..used * height * width].fill(zero);
        }
        for (i, row) in rows.iter().enumerate() {
            let parts = row[c0..c0 + cw].chunks(width);
            for (blk, part) in buffer.chunks_exact_mut(height * width).zip(parts) {
                copy::<S, U>(part, &mut blk[i * width..][..width]);
            }
        }
        for blk in buffer.chunks_exact_mut(height * width).take(used) {
            each(U::vectors_mut::<S>(blk));
        }
        for (i, row) in rows.iter_mut().enumerate() {
            let parts = row[c0..c0 + cw].chunks_mut(width);
            for (blk, part) in buffer.chunks_exact(height * width).zip(parts) {
                copy::<S, U>(&blk[i * width..][..part.len()], part);
            }
        }
    }
}

/// `to = from` (of equal lengths): whole vectors as vectors, then the elements left; not
/// `copy_from_slice`, which is a call to `memmove` for these few dozen bytes.
#[inline(always)]
pub(super) fn copy<S: Simd, U: Unit>(from: &[U], to: &mut [U]) {
    let whole = from.len() / U::lanes::<S>() * U::lanes::<S>();
    for (t, &f) in U::vectors_mut::<S>(to)
        .iter_mut()
        .zip(U::vectors::<S>(from))
    {
        *t = f;
    }
    for (t, &f) in to[whole..].iter_mut().zip(&from[whole..]) {
        *t = f;
    }
}

/// The strictly lower elements of an order-`b` triangle (`b ≤ STRIP_LEAF`, element `(i, j)`
/// from `elem`) packed by groups of [`GROUP`] rows for the strip kernels: group `g`'s columns
/// `0 .. k0 + GROUP` (`k0 = g · GROUP`), `GROUP` rows each, from [`group_offset`]`(g)`, with
/// zeros on and above the diagonal and past `b`. Sized to the block: zeroing whole-size arrays
/// cost a small solve more than its work. Also, for each group, whether one of its elements is
/// zero (the solves skip zero terms, as the reference does).
pub(super) fn pack_groups<U: Unit>(
    b: usize,
    elem: impl Fn(usize, usize) -> U,
) -> (Vec<U>, [bool; STRIP_LEAF / GROUP]) {
    let groups = b.div_ceil(GROUP);
    let mut packed = vec![U::ZERO; group_offset(groups)];
    let mut zeros = [false; STRIP_LEAF / GROUP];
    for (g, any) in zeros.iter_mut().enumerate().take(groups) {
        let k0 = g * GROUP;
        let lg = &mut packed[group_offset(g)..][..(k0 + GROUP) * GROUP];
        for j in 0..k0 + GROUP {
            for r in 0..GROUP {
                let i = k0 + r;
                if i < b && j < i {
                    let v = elem(i, j);
                    lg[j * GROUP + r] = v;
                    *any |= v.is_zero_unit();
                }
            }
        }
    }
    (packed, zeros)
}

/// Where group `g`'s elements begin in [`by_strips`]'s packed triangle.
pub(super) const fn group_offset(g: usize) -> usize {
    g * (g + 1) / 2 * GROUP * GROUP
}

/// One strip of [`by_strips`]: `block` holds its rows (whole groups of them), [`ACROSS`]
/// vectors each, solved [`GROUP`] at a time.
///
/// Whole groups throughout (the loops' bounds constant, the sums in registers): rows past `b`
/// in the last group compute zeros from zeros (their elements of `L` and reciprocals are zero)
/// and are never copied out nor read by another row.
#[inline(always)]
fn strip<S: Simd, U: Unit>(
    simd: S,
    packed: &[U],
    recips: &[U; STRIP_LEAF],
    zeros: &[bool; STRIP_LEAF / GROUP],
    block: &mut [U::V<S>],
) {
    let (block, _) = block.as_chunks_mut::<ACROSS>();
    let minus = |acc: &mut [U::V<S>; ACROSS], v: U, y: &[U::V<S>; ACROSS]| {
        // `acc − v·y` as `(−v)·y + acc`, one rounding.
        let nv = U::splat(simd, v.neg());
        for (a, &yv) in acc.iter_mut().zip(y) {
            *a = U::mul_add(simd, nv, yv, *a);
        }
    };
    for g in 0..block.len() / GROUP {
        let k0 = g * GROUP;
        let (lg, _) = packed[group_offset(g)..][..(k0 + GROUP) * GROUP].as_chunks::<GROUP>();
        let (above, rest) = block.split_at_mut(k0);
        // Always `Some`: the block's height is a multiple of `GROUP`.
        let Some(own) = rest.first_chunk_mut::<GROUP>() else {
            return;
        };
        let mut acc = *own;
        // The solved rows above the group.
        if zeros[g] {
            for (y, lj) in above.iter().zip(lg) {
                for (a, &v) in acc.iter_mut().zip(lj) {
                    if !v.is_zero_unit() {
                        minus(a, v, y);
                    }
                }
            }
        } else {
            for (y, lj) in above.iter().zip(lg) {
                for (a, &v) in acc.iter_mut().zip(lj) {
                    minus(a, v, y);
                }
            }
        }
        // The group's own triangle.
        for r in 0..GROUP {
            for q in 0..r {
                let v = lg[k0 + q][r];
                if !v.is_zero_unit() {
                    let yq = acc[q];
                    minus(&mut acc[r], v, &yq);
                }
            }
            let d = U::splat(simd, recips[k0 + r]);
            for a in acc[r].iter_mut() {
                *a = U::mul(simd, d, *a);
            }
        }
        *own = acc;
    }
}

/// How a solve treats the diagonal, and which of reference BLAS's substitutions it follows.
#[derive(Debug, Clone, Copy)]
pub(super) struct Form {
    /// A unit diagonal, never read.
    pub unit: bool,
    /// The solve is a right-side one (`X op(A) = B`, solved here transposed): `?trsm.f`'s
    /// right-side forms multiply by the diagonal's reciprocal and skip the zero elements of
    /// `A`; its left-side forms divide and skip the zero elements of `X`.
    pub right: bool,
}

/// The substitution's steps on rows of equal length (at most `W`), `rows[i]` row `i` of
/// the block whose columns of `L` are `lb`, by the rules of `form`'s side.
#[inline(always)]
fn sweep<T: Scalar, const W: usize>(lb: &[[T; LEAF]; LEAF], form: Form, rows: &mut [&mut [T]]) {
    if form.right {
        sweep_right::<T>(lb, form.unit, rows);
    } else {
        sweep_left::<T, W>(lb, form.unit, rows);
    }
}

/// A left-side solve's steps: step `k` divides the nonzero elements of row `k` by `L`'s
/// diagonal (unless `unit`), then subtracts their multiples from the rows below; an element that
/// was zero before the step takes no part in it (the reference's test).
#[inline(always)]
fn sweep_left<T: Scalar, const W: usize>(
    lb: &[[T; LEAF]; LEAF],
    unit: bool,
    rows: &mut [&mut [T]],
) {
    let mut was = [T::zero(); W];
    for k in 0..rows.len() {
        let (head, below) = rows.split_at_mut(k + 1);
        let xk = &mut *head[k];
        let was = &mut was[..xk.len()];
        was.copy_from_slice(xk);
        if !unit {
            let d = lb[k][k];
            for (e, &v) in xk.iter_mut().zip(&*was) {
                // Zero stays zero, divided by one (no flag raised for a zero diagonal).
                *e = div(v, if v.is_zero() { T::one() } else { d });
            }
        }
        // Zeros are rare outside sparse right-hand sides; without them the update stores every
        // element (a select that keeps some would compile to a masked store, slow on some CPUs).
        let zeros = was.iter().fold(false, |z, v| z | v.is_zero());
        for (xi, &lik) in below.iter_mut().zip(&lb[k][k + 1..]) {
            if zeros {
                for ((e, &v), &w0) in xi.iter_mut().zip(&*xk).zip(&*was) {
                    let t = *e - v * lik;
                    *e = if w0.is_zero() { *e } else { t };
                }
            } else {
                for (e, &v) in xi.iter_mut().zip(&*xk) {
                    *e -= v * lik;
                }
            }
        }
    }
}

/// A right-side solve's steps (row `k` of the transposed view is column `k` of `B`): step `k`
/// multiplies row `k` by the reciprocal of `L`'s diagonal (unless `unit`), then subtracts its
/// multiples from the rows below whose element of `L` is nonzero (`?trsm.f`, right side).
#[inline(always)]
fn sweep_right<T: Scalar>(lb: &[[T; LEAF]; LEAF], unit: bool, rows: &mut [&mut [T]]) {
    for k in 0..rows.len() {
        let (head, below) = rows.split_at_mut(k + 1);
        let xk = &mut *head[k];
        if !unit {
            let r = recip(lb[k][k]);
            for e in xk.iter_mut() {
                *e = r * *e;
            }
        }
        for (xi, &lik) in below.iter_mut().zip(&lb[k][k + 1..]) {
            if lik.is_zero() {
                continue;
            }
            for (e, &v) in xi.iter_mut().zip(&*xk) {
                *e -= lik * v;
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

/// `1/d`: an IEEE division for real types, faer's scaled reciprocal for complex ones.
fn recip<T: Scalar>(d: T) -> T {
    if T::IS_COMPLEX {
        bytemuck::cast(faer::traits::math_utils::recip(&fa(d)))
    } else {
        div(T::one(), d)
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

#[cfg(test)]
mod tests {
    use super::{panels, PANEL, PANEL_WORK};

    #[test]
    fn small_triangles_stay_on_one_thread() {
        // `?getrf2`'s 32 × 32 solves with 32 columns: one thread whatever the pool.
        assert!(panels(16, 32, 32, PANEL) <= 1 || cfg!(miri));
        // `?potrf`'s panel solve, 64 × 64 with 2048 columns: a panel per thread.
        assert_eq!(panels(16, 64, 2048, PANEL), 16);
        // Never more panels than threads, nor narrower than `PANEL`, nor with less work.
        for (threads, n, cols) in [(2, 64, 2048), (16, 8, 40), (16, 200, 33), (4, 1, 1 << 20)] {
            let p = panels(threads, n, cols, PANEL);
            assert!(p <= threads && p <= cols / PANEL);
            assert!(p == 0 || n * n * cols / p >= PANEL_WORK);
        }
    }
}
