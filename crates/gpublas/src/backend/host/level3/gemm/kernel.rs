//! The register tile: `MV` vectors of rows (of units) × `NRR` columns of units, accumulated
//! over one depth block from packed panels, then folded into `C`.
//!
//! Per element, within a depth block: `acc ← fma(a_p, b_p, acc)` for `p` in order from
//! `acc = 0`. Folding into `C` (real types):
//! - first block, `β = 0`: `c ← α·acc` (`C` not read);
//! - first block, `β ≠ 0`: `c ← fma(α, acc, β·c)`;
//! - later blocks: `c ← fma(α, acc, c)`.
//!
//! Complex types accumulate `re·re, im·re` (against the real unit of `b`) and `re·im, im·im`
//! (against its imaginary unit) in two real accumulators, combined as
//! `s = (rr − ii, ir + ri)`; then `α·s` and `β·c` each as `fma(swap(x), (−im, im), x·re)` and
//! `c ← α·s + β·c` (or `α·s`, or `α·s + c` as above). The same operations for every element,
//! in every tile: an edge tile runs exactly this on a copy of `C`'s edge.

use super::simd::Unit;
use pulp::Simd;

/// How a depth block's sum is folded into `C`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Update {
    /// First block, `β = 0`: `c ← α·s`, `C` not read.
    Replace,
    /// First block, `β ≠ 0`: `c ← α·s + β·c`.
    Scale,
    /// Later blocks: `c ← α·s + c`.
    Add,
}

/// `α` and `β` as vectors, ready for [`Update`].
pub(super) struct Scalars<S: Simd, U: Unit> {
    /// Real types: α in every lane. Complex: `re α` in every lane.
    alpha: U::V<S>,
    /// Complex: `(−im α, im α)` in each pair of lanes.
    alpha_im: U::V<S>,
    beta: U::V<S>,
    beta_im: U::V<S>,
    /// Complex: `(−1, 1)` in each pair of lanes.
    sign: U::V<S>,
}

impl<S: Simd, U: Unit> Scalars<S, U> {
    /// The vectors for `α = (re, im)` and `β = (re, im)` (imaginary parts unused for real types).
    #[inline(always)]
    pub(super) fn new(simd: S, alpha: (U, U), beta: (U, U)) -> Self {
        let pairs = |re: U, im: U| {
            // Wide enough for any vector (64 bytes of f32).
            let mut lanes = [U::ZERO; 16];
            for (i, l) in lanes.iter_mut().enumerate().take(U::lanes::<S>()) {
                *l = if i % 2 == 0 { re } else { im };
            }
            // SAFETY: `lanes` holds at least one vector.
            unsafe { U::load(simd, lanes.as_ptr()) }
        };
        let one = U::from_f64(1.0);
        Scalars {
            alpha: U::splat(simd, alpha.0),
            alpha_im: pairs(alpha.1.neg(), alpha.1),
            beta: U::splat(simd, beta.0),
            beta_im: pairs(beta.1.neg(), beta.1),
            sign: pairs(one.neg(), one),
        }
    }
}

/// Where a tile's operands are read for one depth block.
///
/// `A`: vector `v` of step `p` at `a + p·a_step + v·lanes` (a packed panel: `a_step = MV·lanes`;
/// `op(A)` itself when its columns are contiguous: `a_step` = its leading dimension in units).
/// `B`: unit `j` of step `p` at `b + p·NRR + j` when packed (`b_in_place = None`), else, for
/// `(b_step, b_col) = b_in_place` (read in place), at `b + p·b_step + (j / units)·b_col +
/// j % units`.
#[derive(Clone, Copy)]
pub(super) struct Panels<U> {
    pub a: *const U,
    pub a_step: usize,
    pub b: *const U,
    pub b_in_place: Option<(usize, usize)>,
}

/// The depth-block sums of one tile: `acc[j][v]` is column (of units) `j`, row vector `v`.
///
/// # Safety
/// Every unit the panels name for `p < kc` (see [`Panels`]) is valid for reading.
#[inline(always)]
pub(super) unsafe fn accumulate<
    S: Simd,
    U: Unit,
    const CPLX: bool,
    const MV: usize,
    const NRR: usize,
>(
    simd: S,
    kc: usize,
    panels: &Panels<U>,
) -> [[U::V<S>; MV]; NRR] {
    let l = U::lanes::<S>();
    let zero = U::splat(simd, U::ZERO);
    let mut acc = [[zero; MV]; NRR];
    // One loop per way of reading B, so the packed one addresses B with constant offsets.
    macro_rules! steps {
        ($p:ident, $j:ident, $b_unit:expr) => {
            for $p in 0..kc {
                let p = $p;
                // SAFETY: step `p` of A's panel, inside the caller's ranges.
                let ap = unsafe { panels.a.add(p * panels.a_step) };
                let mut av = [zero; MV];
                for (v, x) in av.iter_mut().enumerate() {
                    // SAFETY: vector `v` of step `p`.
                    *x = unsafe { U::load(simd, ap.add(v * l)) };
                }
                for ($j, col) in acc.iter_mut().enumerate() {
                    // SAFETY: unit `j < NRR` of step `p` of B's panel.
                    let bj = U::splat(simd, unsafe { *$b_unit });
                    for (x, a) in col.iter_mut().zip(av) {
                        *x = U::mul_add(simd, a, bj, *x);
                    }
                }
            }
        };
    }
    let units = 1 + CPLX as usize;
    match panels.b_in_place {
        None => steps!(p, j, panels.b.add(p * NRR + j)),
        Some((step, col)) => {
            // Columns in groups of three, each group from its own pointer: a column is then one
            // address (the group's pointer plus 0, 1 or 2 columns as a scaled index), and the
            // pointers advance independently — not a chain of additions through every column
            // of every step, which bounded the loop's speed.
            const GROUP: usize = 3;
            // (`black_box`: else the compiler sees that the pointers are a fixed distance
            // apart and folds them back into one, with the chain.)
            let mut groups: [*const U; 3] = core::array::from_fn(|g| {
                core::hint::black_box(panels.b.wrapping_add(g * GROUP * col))
            });
            steps!(p, j, {
                let e = j / units;
                let at = groups[e / GROUP].add((e % GROUP) * col + j % units);
                if j == NRR - 1 {
                    for g in &mut groups {
                        *g = g.wrapping_add(step);
                    }
                }
                at
            })
        }
    }
    acc
}

/// `x` times a complex scalar given as `re` (every lane) and `im` (`(−im, im)` pairs).
#[inline(always)]
fn complex_mul<S: Simd, U: Unit>(simd: S, x: U::V<S>, re: U::V<S>, im: U::V<S>) -> U::V<S> {
    U::mul_add(simd, U::swap_pairs(simd, x), im, U::mul(simd, x, re))
}

/// Folds a tile's sums into `C` (`c` at the tile's first unit, columns `ldc` units apart, every
/// unit of the `MV · lanes × NRR / units` tile present).
///
/// # Safety
/// `c` is valid for reading and writing the whole tile.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // `v` picks one vector out of two accumulators at once
pub(super) unsafe fn update<
    S: Simd,
    U: Unit,
    const CPLX: bool,
    const MV: usize,
    const NRR: usize,
>(
    simd: S,
    acc: &[[U::V<S>; MV]; NRR],
    c: *mut U,
    ldc: usize,
    how: Update,
    k: &Scalars<S, U>,
) {
    let l = U::lanes::<S>();
    let units = 1 + CPLX as usize;
    for j in 0..NRR / units {
        for v in 0..MV {
            // SAFETY: vector `v` of column `j` of the tile.
            let at = unsafe { c.add(j * ldc + v * l) };
            let new = if CPLX {
                let (re, im) = (acc[2 * j][v], acc[2 * j + 1][v]);
                let sum = U::mul_add(simd, U::swap_pairs(simd, im), k.sign, re);
                let scaled = complex_mul::<S, U>(simd, sum, k.alpha, k.alpha_im);
                match how {
                    Update::Replace => scaled,
                    Update::Scale => {
                        // SAFETY: as above.
                        let old = unsafe { U::load(simd, at) };
                        U::add(
                            simd,
                            scaled,
                            complex_mul::<S, U>(simd, old, k.beta, k.beta_im),
                        )
                    }
                    // SAFETY: as above.
                    Update::Add => U::add(simd, scaled, unsafe { U::load(simd, at) }),
                }
            } else {
                let sum = acc[j][v];
                match how {
                    Update::Replace => U::mul(simd, k.alpha, sum),
                    Update::Scale => {
                        // SAFETY: as above.
                        let old = unsafe { U::load(simd, at) };
                        U::mul_add(simd, k.alpha, sum, U::mul(simd, k.beta, old))
                    }
                    // SAFETY: as above.
                    Update::Add => U::mul_add(simd, k.alpha, sum, unsafe { U::load(simd, at) }),
                }
            };
            // SAFETY: as above.
            unsafe { U::store(simd, at, new) };
        }
    }
}

/// Units of the largest tile (`3 · 16` rows of `f32` × 8 columns) — the scratch copy of an
/// edge tile of `C`.
pub(super) const EDGE: usize = 3 * 16 * 8;

/// One tile: accumulates a depth block from `panels` and folds it into the `rows_u` units ×
/// `cols` elements of `C` at `c` — directly for a full tile, through a zero-padded copy for an
/// edge tile (the same arithmetic either way).
///
/// # Safety
/// As for [`accumulate`]; `c` is valid for reading and writing `rows_u` units of `cols` columns
/// `ldc` units apart; `rows_u ≤ MV · lanes` and `cols ≤ NRR / units`.
#[inline(always)]
pub(super) unsafe fn tile<S: Simd, U: Unit, const CPLX: bool, const MV: usize, const NRR: usize>(
    simd: S,
    kc: usize,
    panels: &Panels<U>,
    (c, ldc): (*mut U, usize),
    (rows_u, cols): (usize, usize),
    how: Update,
    k: &Scalars<S, U>,
) {
    let h = MV * U::lanes::<S>();
    let units = 1 + CPLX as usize;
    let nr = NRR / units;
    // SAFETY: forwarded to the caller.
    let acc = unsafe { accumulate::<S, U, CPLX, MV, NRR>(simd, kc, panels) };
    if rows_u == h && cols == nr {
        // SAFETY: a full tile: forwarded to the caller.
        unsafe { update::<S, U, CPLX, MV, NRR>(simd, &acc, c, ldc, how, k) };
        return;
    }
    debug_assert!(h * nr <= EDGE);
    // Only the `h × nr` units of the tile are used, and `Replace` writes them all without
    // reading any: the copy is zeroed (and C's part copied in) only for the updates that read
    // it. (Zeroing all of `EDGE` for every edge tile cost a tenth of a batch of 16×16 dgemms.)
    let mut edge = std::mem::MaybeUninit::<[U; EDGE]>::uninit();
    let e = edge.as_mut_ptr().cast::<U>();
    if how != Update::Replace {
        // SAFETY: `h · nr ≤ EDGE` units; all-zero bytes are `0.0` for both unit types.
        unsafe { std::ptr::write_bytes(e, 0, h * nr) };
        for j in 0..cols {
            for u in 0..rows_u {
                // SAFETY: unit `u` of column `j`, inside both the caller's tile and `edge`.
                unsafe { *e.add(j * h + u) = *c.add(j * ldc + u) };
            }
        }
    }
    // SAFETY: `edge` holds the whole `h × nr` tile with columns `h` apart, initialised where
    // the update reads it (above); the update writes every unit of it.
    unsafe { update::<S, U, CPLX, MV, NRR>(simd, &acc, e, h, how, k) };
    for j in 0..cols {
        for u in 0..rows_u {
            // SAFETY: as above.
            unsafe { *c.add(j * ldc + u) = *e.add(j * h + u) };
        }
    }
}

/// [`tile`] with the fewest vectors of rows (at most `MV`) that cover the tile's `rows_u` units:
/// the same arithmetic per element, less work on a short edge.
///
/// # Safety
/// As for [`tile`] with `MV` vectors.
#[inline(always)]
pub(super) unsafe fn smallest_tile<
    S: Simd,
    U: Unit,
    const CPLX: bool,
    const MV: usize,
    const NRR: usize,
>(
    simd: S,
    kc: usize,
    panels: &Panels<U>,
    at: (*mut U, usize),
    size: (usize, usize),
    how: Update,
    k: &Scalars<S, U>,
) {
    // A real tile of at most 4 columns where the kernel's are wider: a tile that many columns
    // wide, reading B's packed panel in place with its step, so a narrow `C` (the
    // panel products of LAPACK's recursive factorizations, `n ≤ 4`) is neither computed over
    // zero columns nor copied through an edge tile. Each column's sums are the same operations.
    // Only for tiles of all `MV` vectors of rows: a shorter one (the last rows) is read with
    // fewer vectors below, as `A` read in place holds no more rows than the tile.
    let vectors = size.0.div_ceil(U::lanes::<S>());
    if !CPLX && size.1 <= 4 && size.1 < NRR && vectors == MV {
        let narrow = Panels {
            b_in_place: Some(panels.b_in_place.unwrap_or((NRR, 1))),
            ..*panels
        };
        // SAFETY: forwarded to the caller; the narrower tile reads and writes less of the
        // same tile, and the packed panel's unit `j` of step `p` is at `p·NRR + j`, as the
        // in-place form `(NRR, 1)` names it.
        unsafe {
            match size.1 {
                1 => tile::<S, U, CPLX, MV, 1>(simd, kc, &narrow, at, size, how, k),
                2 => tile::<S, U, CPLX, MV, 2>(simd, kc, &narrow, at, size, how, k),
                3 => tile::<S, U, CPLX, MV, 3>(simd, kc, &narrow, at, size, how, k),
                _ => tile::<S, U, CPLX, MV, 4>(simd, kc, &narrow, at, size, how, k),
            }
        }
        return;
    }
    // SAFETY: forwarded to the caller; fewer vectors read and write less of the same tile.
    unsafe {
        match vectors {
            1 => tile::<S, U, CPLX, 1, NRR>(simd, kc, panels, at, size, how, k),
            2 if MV >= 2 => tile::<S, U, CPLX, 2, NRR>(simd, kc, panels, at, size, how, k),
            _ => tile::<S, U, CPLX, MV, NRR>(simd, kc, panels, at, size, how, k),
        }
    }
}
