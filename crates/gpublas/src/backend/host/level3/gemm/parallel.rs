//! How many threads a product gets, and how it is split: `C` into a grid of row and column
//! blocks, one per thread, each computed as a product of its own (never a split of the depth,
//! which would change how elements are summed). Batches of small products are split by
//! product instead. Threads are rayon's: the current pool's size (`RAYON_NUM_THREADS` for the
//! global pool), used only when the work pays for them, through
//! `chunks::par_for` (the calling thread takes part).

use std::marker::PhantomData;
use std::ops::Range;

use pulp::{Simd, WithSimd};

use super::direct::{Direct, DIRECT_WORK};
use super::driver::{product, Blocking, InPlace, Scratch};
use super::kernel::Scalars;
use super::simd::{dispatch, Unit};
use super::Product;
use crate::backend::host::chunks::par_for;

/// Real multiply-adds a thread must get before a product is split (below this, waking a thread
/// costs more than it saves). Tiny under Miri, so its small problems take the parallel paths.
const WORK_PER_THREAD: usize = if cfg!(miri) { 32 } else { 1 << 18 };

/// [`WORK_PER_THREAD`] for complex products: a complex tile does four real multiply-adds per
/// element it packs and per element of `C` it updates, so a split pays from a quarter of the
/// work (16-core AVX-512 host, 16 threads, 64 × 64 × 64: cgemm 19.5 → 13.3 µs, zgemm 27.4 →
/// 15.6 µs, against OpenBLAS's 16.9 and 29.1; the same lower limit made sgemm and dgemm of that
/// order 1.5–3× slower, so the real limit stays).
const COMPLEX_WORK_PER_THREAD: usize = WORK_PER_THREAD / 4;

/// The threads a product may use: the current rayon pool's (`RAYON_NUM_THREADS` sizes the
/// global one). Under Miri, outside a pool, one: like faer, the backend then stays off rayon's
/// global pool (rayon's work-stealing deque is not strict-provenance clean).
fn available_threads() -> usize {
    if cfg!(miri) && rayon::current_thread_index().is_none() {
        return 1;
    }
    rayon::current_num_threads().max(1)
}

/// Products of a batch, one after the other in memory (strides in units; `count ≥ 1`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Batch {
    pub stride_a: usize,
    pub stride_b: usize,
    pub stride_c: usize,
    pub count: usize,
}

impl<U: Unit, const CPLX: bool> Product<U, CPLX> {
    /// Product `i` of a batch whose first product is `self`.
    fn entry(&self, batch: &Batch, i: usize) -> Self {
        let mut p = *self;
        p.a.ptr = p.a.ptr.wrapping_add(i * batch.stride_a);
        p.b.ptr = p.b.ptr.wrapping_add(i * batch.stride_b);
        p.c = p.c.wrapping_add(i * batch.stride_c);
        p
    }
}

/// Sequential work for one thread: products `entries` of the batch, each restricted to the
/// block `rows × cols` of `C`.
struct Job<U, const CPLX: bool> {
    first: Product<U, CPLX>,
    batch: Batch,
    entries: Range<usize>,
    rows: (usize, usize),
    cols: (usize, usize),
}

impl<U: Unit, const CPLX: bool> Job<U, CPLX> {
    /// Runs the job with register tiles of `MV × NRR`.
    #[inline(always)]
    fn run<S: Simd, const MV: usize, const NRR: usize>(self, simd: S) {
        let block = |i: usize| self.first.entry(&self.batch, i).block(self.rows, self.cols);
        let blocking = Blocking::new::<S, U, CPLX, MV, NRR>(self.rows.1, self.cols.1, self.first.k);
        let (a_units, b_units) = blocking.scratch_units(1 + CPLX as usize);
        let mut scratch = Scratch::take((a_units + b_units) * size_of::<U>());
        let a_buf = scratch.units::<U>();
        // SAFETY: the scratch holds `a_units + b_units` units.
        let b_buf = unsafe { a_buf.add(a_units) };
        let scalars = Scalars::<S, U>::new(simd, self.first.alpha, self.first.beta);
        for i in self.entries.clone() {
            // SAFETY: `run`'s caller guarantees every product of the batch is valid and that
            // jobs write disjoint blocks of C; the blocking was made for this block's shape.
            unsafe {
                product::<S, U, CPLX, MV, NRR>(simd, &block(i), &blocking, &scalars, (a_buf, b_buf))
            };
        }
    }
}

/// Register tiles, as (vectors of rows, units of columns): 24 accumulators where there are 32
/// vector registers (AVX-512, NEON), 12 where there are 16 (AVX2, the portable fallback); and,
/// where there are 32, 16 accumulators for blocks of at most two vectors of rows (a 16×16
/// `f64` product would leave a third of the wide tile's multiply-adds on zero padding). The tile
/// does not change any element's operations, so the results are the same bits.
const WIDE: (usize, usize) = (3, 8);
const NARROW: (usize, usize) = (2, 6);
const SHORT: (usize, usize) = (2, 8);

fn wide<S: Simd>() -> bool {
    S::REGISTER_COUNT >= 32
}

impl<U: Unit, const CPLX: bool> WithSimd for Job<U, CPLX> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let rows_per_vector = U::lanes::<S>() / (1 + CPLX as usize);
        if wide::<S>() && self.rows.1 <= SHORT.0 * rows_per_vector {
            self.run::<S, { SHORT.0 }, { SHORT.1 }>(simd)
        } else if wide::<S>() {
            self.run::<S, { WIDE.0 }, { WIDE.1 }>(simd)
        } else {
            self.run::<S, { NARROW.0 }, { NARROW.1 }>(simd)
        }
    }
}

/// The kernel's geometry on this machine, in elements: rows per vector, columns per tile.
struct Geometry<U, const CPLX: bool>(PhantomData<U>);

impl<U: Unit, const CPLX: bool> WithSimd for Geometry<U, CPLX> {
    type Output = (usize, usize);

    fn with_simd<S: Simd>(self, _simd: S) -> (usize, usize) {
        let units = 1 + CPLX as usize;
        let nrr = if wide::<S>() { WIDE.1 } else { NARROW.1 };
        (U::lanes::<S>() / units, nrr / units)
    }
}

/// A packed element costs about this many multiply-adds (a copy against 16 to 32 lanes of
/// fused multiply-add per cycle).
const PACK_COST: usize = 16;

/// How a product's `C` may be cut: in units of `rows` rows and `cols` columns (a vector, a
/// register tile), and which operands each block packs.
#[derive(Debug, Clone, Copy)]
struct Cut {
    rows: usize,
    cols: usize,
    a_packed: bool,
    b_packed: bool,
}

/// The thread grid for `threads` threads over an `m × n` product: the `(rows, columns)` split
/// whose busiest thread has the least to compute and pack per step of the depth.
fn grid(threads: usize, m: usize, n: usize, cut: Cut) -> (usize, usize) {
    let (m_units, n_units) = (m.div_ceil(cut.rows), n.div_ceil(cut.cols));
    let mut best = (1, 1);
    let mut best_cost = usize::MAX;
    for tm in 1..=threads.min(m_units) {
        let tn = (threads / tm).min(n_units);
        let rows = m_units.div_ceil(tm) * cut.rows;
        let cols = n_units.div_ceil(tn) * cut.cols;
        let packed = rows * usize::from(cut.a_packed) + cols * usize::from(cut.b_packed);
        let cost = rows * cols + PACK_COST * packed;
        if cost < best_cost {
            (best, best_cost) = ((tm, tn), cost);
        }
    }
    best
}

/// Part `i` of `parts` of `tiles` grid units of `size` each, clamped to `len`: `(start, len)`.
fn share(i: usize, parts: usize, tiles: usize, size: usize, len: usize) -> (usize, usize) {
    let start = (i * tiles / parts * size).min(len);
    let end = ((i + 1) * tiles / parts * size).min(len);
    (start, end - start)
}

/// Runs every product of the batch whose first product is `first`.
///
/// # Safety
/// Every product's operands are valid (see [`Product`]) and the products' `C`s overlap neither
/// each other nor any input.
pub(super) unsafe fn run<U: Unit, const CPLX: bool>(first: Product<U, CPLX>, batch: Batch) {
    if batch.count == 1 && first.work() <= DIRECT_WORK {
        // A few elements: set-up would cost more than the arithmetic (see `direct`).
        // SAFETY: forwarded to the caller (valid operands, `C` overlapping no input).
        dispatch(unsafe { Direct::new(first) });
        return;
    }
    let threads = available_threads();
    let whole = ((0, first.m), (0, first.n));
    let job = |entries: Range<usize>, (rows, cols): ((usize, usize), (usize, usize))| Job {
        first,
        batch,
        entries,
        rows,
        cols,
    };
    let each = first.work();
    let per_thread = if CPLX {
        COMPLEX_WORK_PER_THREAD
    } else {
        WORK_PER_THREAD
    };
    let useful = |work: usize| threads.min(work / per_thread).max(1);
    if batch.count > 1 && (threads == 1 || useful(each) < threads) {
        // Products too small to use every thread: whole products per thread, in runs.
        let total = each.saturating_mul(batch.count);
        let parts = useful(total).min(batch.count);
        if parts == 1 {
            dispatch(job(0..batch.count, whole));
            return;
        }
        // A few runs per thread, so a slow thread does not hold the others up.
        let runs = (parts * 4).min(batch.count);
        par_for(runs, parts, |r| {
            let start = r * batch.count / runs;
            let end = (r + 1) * batch.count / runs;
            dispatch(job(start..end, whole));
        });
        return;
    }
    for i in 0..batch.count {
        // The rank updates run their blocks side by side themselves, each on one thread (a
        // grid of equal blocks would leave the threads of the blocks outside a triangle idle).
        let parts = if first.serial { 1 } else { useful(each) };
        if parts == 1 {
            dispatch(job(i..i + 1, whole));
            continue;
        }
        let (gm, gn) = dispatch(Geometry::<U, CPLX>(PhantomData));
        let in_place = InPlace::new(&first);
        let cut = Cut {
            rows: gm,
            cols: gn,
            a_packed: !in_place.a,
            b_packed: !in_place.b,
        };
        let (tm, tn) = grid(parts, first.m, first.n, cut);
        let (m_tiles, n_tiles) = (first.m.div_ceil(gm), first.n.div_ceil(gn));
        if tm * tn == 1 {
            // Too few rows and columns to split (a long depth): one thread.
            dispatch(job(i..i + 1, whole));
            continue;
        }
        par_for(tm * tn, tm * tn, |t| {
            let rows = share(t % tm, tm, m_tiles, gm, first.m);
            let cols = share(t / tm, tn, n_tiles, gn, first.n);
            if rows.1 > 0 && cols.1 > 0 {
                dispatch(job(i..i + 1, (rows, cols)));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_the_range_once() {
        for (parts, tiles, size, len) in [(3, 10, 48, 470), (4, 4, 24, 90), (2, 1, 48, 5)] {
            let mut next = 0;
            for i in 0..parts {
                let (start, l) = share(i, parts, tiles, size, len);
                assert_eq!(start, next);
                next += l;
            }
            assert_eq!(next, len);
        }
    }

    #[test]
    fn grid_splits_where_packing_is_cheapest() {
        let cut = |a_packed, b_packed| Cut {
            rows: 8,
            cols: 8,
            a_packed,
            b_packed,
        };
        let (tm, tn) = grid(2, 800, 800, cut(true, true));
        assert_eq!(tm * tn, 2);
        assert_eq!(grid(4, 1, 800, cut(true, true)), (1, 4));
        assert_eq!(grid(4, 800, 1, cut(true, true)), (4, 1));
        assert_eq!(grid(16, 1024, 1024, cut(true, true)), (4, 4));
        // B read in place: rows apart, so no thread packs another's A.
        assert_eq!(grid(16, 1024, 1024, cut(true, false)), (16, 1));
    }
}
