//! How level-1 and level-2 work on the host splits into fixed chunks and over threads. A vector
//! of `n` elements is cut into chunks of [`CHUNK`] elements (the last one shorter) whatever the
//! thread count; a reduction computes one partial result per chunk and combines the partials
//! in chunk order, so its value depends on `n` alone, never on how many threads ran the chunks.
//! Threads are rayon's (the current pool's size, `RAYON_NUM_THREADS` for the global pool), used
//! only from [`PARALLEL_FROM`] elements on, where waking them pays.

use std::ops::{Add, Range};

use rayon::prelude::*;

/// Elements per chunk. Tiny under Miri, so its small problems are split too.
pub(super) const CHUNK: usize = if cfg!(miri) { 4 } else { 1 << 12 };

/// Elements from which a call runs its chunks in parallel.
pub(super) const PARALLEL_FROM: usize = if cfg!(miri) { 8 } else { 1 << 16 };

/// The threads host level-1/2 work may use: the current rayon pool's. Under Miri, outside a
/// pool, one: like faer and the gemm, the backend then stays off rayon's global pool (its
/// work-stealing deque is not strict-provenance clean).
pub(super) fn threads() -> usize {
    if cfg!(miri) && rayon::current_thread_index().is_none() {
        return 1;
    }
    rayon::current_num_threads().max(1)
}

/// Units of work each thread of a split must get (half of [`PARALLEL_FROM`]): waking a thread of
/// the pool costs several µs, as much as a few thousand elements of level-1 work, so a call
/// just past [`PARALLEL_FROM`] takes two threads, not all of them (on 16 threads, LAPACK's
/// `?geqr2` panels and `?getrf2` columns are such calls, thousands per factorization).
const PER_THREAD: usize = PARALLEL_FROM / 2;

/// The threads `work` units (elements, or multiply-adds) are worth: one below
/// [`PARALLEL_FROM`], else up to the pool's, each with at least [`PER_THREAD`] units.
pub(super) fn threads_for(work: usize) -> usize {
    if work < PARALLEL_FROM {
        return 1;
    }
    threads().min(work / PER_THREAD).max(1)
}

/// Runs `f` compiled for the widest instruction set of this CPU (through `pulp`'s dispatch), so
/// the plain loops inside it are vectorised with AVX2 or AVX-512 where there are. Loops whose
/// lanes are independent give the same bits at any width.
#[inline(always)]
pub(super) fn vectorized<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "host")]
    {
        pulp::Arch::new().dispatch(f)
    }
    // Without the `host` feature (a GPU-only build: level 1 serves the GPU backends' host
    // paths) pulp is not compiled in; the loops run as compiled.
    #[cfg(not(feature = "host"))]
    {
        f()
    }
}

/// `term(0) + … + term(len − 1)` as eight interleaved partial sums (lane `l` takes the terms
/// `k ≡ l mod 8`) added pairwise at the end: the compiler vectorises it, and the result is the
/// same for every instruction set.
#[inline(always)]
pub(super) fn sum8<A: Copy + Add<Output = A>>(len: usize, zero: A, term: impl Fn(usize) -> A) -> A {
    let mut acc = [zero; 8];
    let full = len / 8 * 8;
    let mut k = 0;
    while k < full {
        for (l, a) in acc.iter_mut().enumerate() {
            *a = *a + term(k + l);
        }
        k += 8;
    }
    for (l, a) in acc.iter_mut().enumerate().take(len - full) {
        *a = *a + term(full + l);
    }
    ((acc[0] + acc[4]) + (acc[2] + acc[6])) + ((acc[1] + acc[5]) + (acc[3] + acc[7]))
}

/// Chunk `c` of `0..n` for chunks of `size`.
fn chunk(c: usize, size: usize, n: usize) -> Range<usize> {
    c * size..((c + 1) * size).min(n)
}

/// Runs `f` on every chunk of `size` of `0..n` (in parallel when [`parallel`]`(work)`); the
/// chunks are disjoint, so `f` may write the elements of its own.
pub(super) fn for_each_chunk(n: usize, size: usize, work: usize, f: impl Fn(Range<usize>) + Sync) {
    let count = n.div_ceil(size);
    let threads = threads_for(work);
    if count > 1 && threads > 1 {
        (0..count)
            .into_par_iter()
            .with_min_len(count.div_ceil(threads))
            .for_each(|c| f(chunk(c, size, n)));
    } else {
        (0..count).for_each(|c| f(chunk(c, size, n)));
    }
}

/// `f` of every [`CHUNK`] of `0..n`, folded in chunk order by `combine` (`None` for `n = 0`).
/// The chunks run in parallel for large `n`; the result is the same either way.
pub(super) fn reduce<R: Send>(
    n: usize,
    f: impl Fn(Range<usize>) -> R + Sync,
    combine: impl FnMut(R, R) -> R,
) -> Option<R> {
    let count = n.div_ceil(CHUNK);
    let threads = threads_for(n);
    if count > 1 && threads > 1 {
        let partials: Vec<R> = (0..count)
            .into_par_iter()
            .with_min_len(count.div_ceil(threads))
            .map(|c| f(chunk(c, CHUNK, n)))
            .collect();
        partials.into_iter().reduce(combine)
    } else {
        (0..count).map(|c| f(chunk(c, CHUNK, n))).reduce(combine)
    }
}

#[cfg(test)]
mod tests {
    use super::{for_each_chunk, reduce, threads_for, CHUNK, PARALLEL_FROM, PER_THREAD};
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    #[cfg_attr(miri, ignore)] // Miri stays off rayon's pools (see `threads`).
    fn threads_grow_with_the_work_up_to_the_pool() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        pool.install(|| {
            assert_eq!(threads_for(0), 1);
            assert_eq!(threads_for(PARALLEL_FROM - 1), 1);
            assert_eq!(threads_for(PARALLEL_FROM), 2);
            assert_eq!(threads_for(3 * PER_THREAD), 3);
            assert_eq!(threads_for(100 * PER_THREAD), 4);
            assert_eq!(threads_for(usize::MAX), 4);
        });
    }

    #[test]
    fn chunks_cover_every_index_once_in_order() {
        for n in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 2] {
            let got = reduce(
                n,
                |r| r.collect::<Vec<_>>(),
                |mut a, b| {
                    a.extend(b);
                    a
                },
            );
            assert_eq!(got.unwrap_or_default(), (0..n).collect::<Vec<_>>());
            let count = AtomicUsize::new(0);
            for_each_chunk(n, 3, n, |r| {
                count.fetch_add(r.len(), Ordering::Relaxed);
            });
            assert_eq!(count.into_inner(), n);
        }
    }
}
