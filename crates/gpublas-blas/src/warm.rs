//! Keeping the host's threads awake between the calls of a BLAS-using program.
//!
//! A program that calls BLAS from one thread — reference LAPACK's factorizations — alternates
//! serial steps of a few µs to a few hundred (a panel's pivot search, small solves) with calls
//! the host backend spreads over rayon's threads. Rayon's idle workers go to sleep within tens
//! of µs, and waking them from a thread outside the pool costs 20–80 µs on a 16-core host
//! (`bench/results/2026-12-07-h100-run-ae.md`) — as much as the parallel work of many of those
//! calls. OpenBLAS's threads spin between calls for the same reason.
//!
//! With `GPUBLAS_BLAS_SPIN_US` set to `t` > 0, every call served on the host (re)arms a deadline
//! `t` µs ahead and makes sure each of rayon's workers runs a *lingering* task until then: a loop
//! of [`rayon::yield_now`], which runs any job the pool has (so the next parallel call starts
//! on threads that are already awake) and otherwise yields the CPU to the program's own thread.
//! The workers go back to sleep once the program has made no host call for `t` µs. Arming costs
//! a call one atomic store, and one spawn when the lingering tasks have ended. Off (0) unless set.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The variable that sets how long the host's threads stay awake after a call (µs; 0: off).
pub const SPIN_VAR: &str = "GPUBLAS_BLAS_SPIN_US";

/// The lingering state of the global pool.
struct Warm {
    spin: Duration,
    epoch: Instant,
    /// When lingering ends, in ns since `epoch`.
    until: AtomicU64,
    /// Lingering tasks running or queued.
    lingering: AtomicUsize,
}

fn warm() -> &'static Warm {
    static WARM: OnceLock<Warm> = OnceLock::new();
    WARM.get_or_init(|| Warm {
        spin: Duration::from_micros(spin_from(std::env::var(SPIN_VAR).ok().as_deref())),
        epoch: Instant::now(),
        until: AtomicU64::new(0),
        lingering: AtomicUsize::new(0),
    })
}

/// The spin in µs a value of [`SPIN_VAR`] asks for (unset, empty or not a number: 0, off).
fn spin_from(value: Option<&str>) -> u64 {
    value.and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Called before a call runs on the host: extends the deadline and, if the lingering tasks have
/// ended, starts one per worker of the global pool. Nothing when off, with one thread, or from
/// inside a pool (a program that runs its own rayon work keeps its threads busy itself).
pub fn keep() {
    let w = warm();
    if w.spin.is_zero() || rayon::current_thread_index().is_some() {
        return;
    }
    let threads = rayon::current_num_threads();
    if threads <= 1 {
        return;
    }
    let until = nanos(w.epoch.elapsed() + w.spin);
    w.until.fetch_max(until, Ordering::Relaxed);
    if w.lingering
        .compare_exchange(0, threads, Ordering::AcqRel, Ordering::Relaxed)
        .is_err()
    {
        return;
    }
    // One injection from this thread; the first task starts the others from inside the pool
    // (a spawn there wakes a sleeping worker without this thread's help).
    rayon::spawn(move || {
        for _ in 1..threads {
            rayon::spawn(|| linger(warm()));
        }
        linger(warm());
    });
}

/// Runs the pool's jobs, or yields, until the deadline.
fn linger(w: &Warm) {
    loop {
        match rayon::yield_now() {
            Some(rayon::Yield::Executed) => continue,
            _ => std::thread::yield_now(),
        }
        if nanos(w.epoch.elapsed()) >= w.until.load(Ordering::Relaxed) {
            break;
        }
    }
    w.lingering.fetch_sub(1, Ordering::AcqRel);
}

#[cfg(test)]
mod tests {
    use super::spin_from;

    #[test]
    fn spin_is_off_unless_a_number_is_set() {
        assert_eq!(spin_from(None), 0);
        assert_eq!(spin_from(Some("")), 0);
        assert_eq!(spin_from(Some("fast")), 0);
        assert_eq!(spin_from(Some(" 250 ")), 250);
    }
}
