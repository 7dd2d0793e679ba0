//! How level-1 and level-2 work on the host splits into fixed chunks and over threads. A vector
//! of `n` elements is cut into chunks of [`CHUNK`] elements (the last one shorter) whatever the
//! thread count; a reduction computes one partial result per chunk and combines the partials
//! in chunk order, so its value depends on `n` alone, never on how many threads ran the chunks.
//! Threads are rayon's (the current pool's size, `RAYON_NUM_THREADS` for the global pool), used
//! only from [`PARALLEL_FROM`] elements on, where waking them pays, through [`par_for`], in
//! which a calling thread from outside the pool works alongside them (the gemm and trmm splits
//! use it too).

use std::ops::{Add, Range};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex};

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
    par_for(count, threads_for(work), |c| f(chunk(c, size, n)));
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
        let partials: Vec<Mutex<Option<R>>> = (0..count).map(|_| Mutex::new(None)).collect();
        par_for(count, threads, |c| {
            let r = f(chunk(c, CHUNK, n));
            *partials[c].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
        });
        partials
            .into_iter()
            .map(|p| p.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect::<Option<Vec<R>>>()
            .and_then(|v| v.into_iter().reduce(combine))
    } else {
        (0..count).map(|c| f(chunk(c, CHUNK, n))).reduce(combine)
    }
}

/// `f(0)`, …, `f(count − 1)`, on up to `threads` threads (each index exactly once, in no
/// particular order). On a thread of a rayon pool this is rayon's parallel loop. From any other
/// thread — a program calling BLAS, which rayon would park on a condition variable until its
/// workers finish — the calling thread works too: it starts one task on rayon's pool, which
/// starts the other helpers from inside the pool, and every thread claims indices from a shared
/// counter until none is left; the caller then waits, spinning, only for indices that a helper
/// claimed and has not finished. Helpers that wake after the work is done find nothing to claim
/// and never touch `f`, so a call whose helpers are asleep costs about the serial time, and a
/// call whose helpers are awake is not slowed by a park and wake-up of the caller
/// (`bench/results/2026-12-08-local-caller-joins.md`).
pub(super) fn par_for(count: usize, threads: usize, f: impl Fn(usize) + Sync) {
    let threads = threads.min(count);
    if threads <= 1 {
        (0..count).for_each(f);
        return;
    }
    if rayon::current_thread_index().is_some() {
        (0..count)
            .into_par_iter()
            .with_min_len(count.div_ceil(threads))
            .for_each(&f);
        return;
    }
    let shared = Arc::new(Claims {
        next: AtomicUsize::new(0),
        active: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
        count,
    });
    let f: *const (dyn Fn(usize) + Sync + '_) = &f;
    // SAFETY: a pointer cast that only drops the lifetime (the same wide pointer); see `Work`
    // for why it is never dereferenced after the closure is gone.
    let work = Work(unsafe {
        std::mem::transmute::<
            *const (dyn Fn(usize) + Sync + '_),
            *const (dyn Fn(usize) + Sync + 'static),
        >(f)
    });
    let first = Arc::clone(&shared);
    rayon::spawn(move || {
        for _ in 2..threads {
            let s = Arc::clone(&first);
            rayon::spawn(move || claim(&s, work));
        }
        claim(&first, work);
    });
    // Waits for the claimed indices on every way out of this function, unwinding included (a
    // panic in `f` here must not free what a helper is still using).
    let wait = Wait(&shared);
    claim(&shared, work);
    drop(wait);
    assert!(!shared.failed.load(SeqCst), "a host worker thread panicked");
}

/// `f(b, block)` for the blocks of `size` elements of `y` (the last one shorter), on up to
/// `threads` threads through [`par_for`].
#[cfg(feature = "host")]
pub(super) fn par_blocks<T: Send>(
    y: &mut [T],
    size: usize,
    threads: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) {
    if threads <= 1 {
        y.chunks_mut(size).enumerate().for_each(|(b, yb)| f(b, yb));
        return;
    }
    // Each block behind its own (uncontended) lock: handed to whichever thread claims it.
    let blocks: Vec<Mutex<&mut [T]>> = y.chunks_mut(size).map(Mutex::new).collect();
    par_for(blocks.len(), threads, |b| {
        f(b, &mut blocks[b].lock().unwrap_or_else(|e| e.into_inner()))
    });
}

/// The indices of one [`par_for`]: the next to claim, the claims being worked on, whether a
/// helper panicked.
struct Claims {
    next: AtomicUsize,
    active: AtomicUsize,
    failed: AtomicBool,
    count: usize,
}

/// The work of a [`par_for`], as a pointer whose lifetime the compiler does not track: it is
/// dereferenced only for a claimed index, and every claim is finished before `par_for` returns.
#[derive(Clone, Copy)]
struct Work(*const (dyn Fn(usize) + Sync));

// SAFETY: the pointee is `Sync`; the pointer is only dereferenced while `par_for`, which owns
// the borrow, waits (see `claim`).
unsafe impl Send for Work {}

/// Claims indices and runs them until none is left. `active` counts a claim from before the
/// index is taken until its work is done, so once the caller has seen the counter past the end
/// and `active` at zero, no thread can run an index any more.
fn claim(s: &Claims, work: Work) {
    /// Ends a claim even if the work panics (marking the call failed).
    struct Active<'a>(&'a Claims);
    impl Drop for Active<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.failed.store(true, SeqCst);
            }
            self.0.active.fetch_sub(1, SeqCst);
        }
    }
    loop {
        s.active.fetch_add(1, SeqCst);
        let active = Active(s);
        let i = s.next.fetch_add(1, SeqCst);
        if i >= s.count {
            return;
        }
        // SAFETY: index `i` was claimed while `active` counts this thread, so `par_for` has
        // not returned (it waits for `active` to reach zero after the last index is taken) and
        // the closure behind `work` is alive.
        unsafe { (*work.0)(i) };
        drop(active);
    }
}

/// Waits, spinning then yielding, until no index is being worked on, after taking all that are
/// left from the helpers (so an unwinding caller does not wait for work nobody needs).
struct Wait<'a>(&'a Claims);

impl Drop for Wait<'_> {
    fn drop(&mut self) {
        let s = self.0;
        if std::thread::panicking() {
            s.next.fetch_max(s.count, SeqCst);
        }
        let mut spins = 0u32;
        while s.active.load(SeqCst) != 0 {
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
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

    /// Runs `f` on a thread of its own and fails if it does not finish within a minute (a hang
    /// fails the test instead of stopping the suite).
    fn within_a_minute(f: impl FnOnce() + Send + 'static) {
        let (tx, rx) = std::sync::mpsc::channel();
        let t = std::thread::spawn(move || {
            f();
            let _ = tx.send(());
        });
        match rx.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(()) => t.join().unwrap(),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                std::panic::resume_unwind(t.join().unwrap_err())
            }
            Err(e) => panic!("par_for did not finish within a minute: {e}"),
        }
    }

    /// Many more calling threads than the pool has, each asking for more helpers than it has:
    /// every index runs exactly once per call, and no call waits forever.
    #[test]
    #[cfg_attr(miri, ignore)] // Miri stays off rayon's pools (see `threads`).
    fn par_for_runs_each_index_once_from_many_callers() {
        within_a_minute(|| {
            std::thread::scope(|s| {
                for caller in 0..16 {
                    s.spawn(move || {
                        for round in 0..200 {
                            let count = 1 + (caller * 7 + round * 13) % 97;
                            let hits: Vec<AtomicUsize> =
                                (0..count).map(|_| AtomicUsize::new(0)).collect();
                            super::par_for(count, 2 + round % 15, |i| {
                                hits[i].fetch_add(1, Ordering::Relaxed);
                            });
                            for (i, h) in hits.iter().enumerate() {
                                assert_eq!(h.load(Ordering::Relaxed), 1, "index {i} of {count}");
                            }
                        }
                    });
                }
            });
        });
    }

    /// A panic in the caller's share unwinds only after every helper has finished the index it
    /// claimed (the closure and what it borrows are freed by the unwinding), and the next call
    /// works.
    #[test]
    #[cfg_attr(miri, ignore)] // Miri stays off rayon's pools (see `threads`).
    fn a_panic_in_the_callers_share_waits_for_the_helpers() {
        within_a_minute(|| {
            for _ in 0..50 {
                let running = AtomicUsize::new(0);
                let done = AtomicUsize::new(0);
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    super::par_for(64, 4, |_| {
                        running.fetch_add(1, Ordering::SeqCst);
                        let on_caller = rayon::current_thread_index().is_none();
                        // Helpers take a while, so they are mid-index when the caller panics.
                        std::thread::sleep(std::time::Duration::from_micros(200));
                        running.fetch_sub(1, Ordering::SeqCst);
                        assert!(!on_caller, "the caller's share fails");
                        done.fetch_add(1, Ordering::SeqCst);
                    })
                }));
                assert!(result.is_err(), "the caller's panic reaches it");
                assert_eq!(running.load(Ordering::SeqCst), 0, "a helper still running");
                let after = done.load(Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(1));
                assert_eq!(
                    done.load(Ordering::SeqCst),
                    after,
                    "an index ran after the call"
                );
            }
            let n = AtomicUsize::new(0);
            super::par_for(10, 4, |_| {
                n.fetch_add(1, Ordering::SeqCst);
            });
            assert_eq!(n.into_inner(), 10);
        });
    }
}
