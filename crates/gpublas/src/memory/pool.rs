//! The device allocation pool: freed blocks are kept, by size class, for later allocations, so
//! repeated calls do not allocate and free device memory on their hot path.
//!
//! Reuse is stream-ordered: a block returns to the pool when its last user drops it, possibly
//! while work enqueued on the compute queue still uses it; the next user's work is enqueued on
//! the same queue after that, so it runs after. Copies on the transfer engine's own queues wait
//! for the compute queue before they touch device memory (`crate::transfer`), which keeps them
//! ordered after every earlier user of a recycled block too.
//!
//! Bounded: at most `limit` bytes are kept; a freed block that would pass it is released to the
//! backend. [`Device::trim`](crate::Device::trim) releases everything kept.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use crate::backend::{Backend, DevPtr};

/// Smallest block handed out (bytes); small operands share this class.
const MIN_CLASS: usize = 256;

/// The size class of a request: the next size of the form `(4 + i) · 2^e` (i in 0..4) at or
/// above `bytes`, so a block wastes less than a quarter of itself.
pub(crate) fn size_class(bytes: usize) -> usize {
    if bytes <= MIN_CLASS {
        return MIN_CLASS;
    }
    let e = usize::BITS - 1 - bytes.leading_zeros(); // 2^e <= bytes < 2^(e+1)
    let step = 1usize << (e - 2);
    bytes.div_ceil(step).saturating_mul(step)
}

/// Cached blocks by size class, and the bound.
pub(crate) struct Pool {
    state: Mutex<PoolState>,
}

struct PoolState {
    free: BTreeMap<usize, Vec<DevPtr>>,
    cached: usize,
    limit: usize,
}

fn lock(m: &Mutex<PoolState>) -> MutexGuard<'_, PoolState> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Pool {
    pub(crate) fn new(limit: usize) -> Self {
        Pool {
            state: Mutex::new(PoolState {
                free: BTreeMap::new(),
                cached: 0,
                limit,
            }),
        }
    }

    /// A cached block of exactly `class` bytes, if there is one.
    pub(crate) fn take(&self, class: usize) -> Option<DevPtr> {
        let mut s = lock(&self.state);
        let p = s.free.get_mut(&class)?.pop()?;
        s.cached -= class;
        Some(p)
    }

    /// Keeps a block of `class` bytes if the bound allows; gives it back otherwise.
    pub(crate) fn give(&self, p: DevPtr, class: usize) -> Option<DevPtr> {
        let mut s = lock(&self.state);
        if s.cached + class > s.limit {
            return Some(p);
        }
        s.cached += class;
        s.free.entry(class).or_default().push(p);
        None
    }

    /// Bytes kept now.
    pub(crate) fn cached(&self) -> usize {
        lock(&self.state).cached
    }

    /// The bound.
    pub(crate) fn limit(&self) -> usize {
        lock(&self.state).limit
    }

    /// Sets the bound; returns the blocks that no longer fit under it (to release).
    pub(crate) fn set_limit(&self, limit: usize) -> Vec<(DevPtr, usize)> {
        let mut s = lock(&self.state);
        s.limit = limit;
        let mut out = Vec::new();
        while s.cached > s.limit {
            let Some((&class, list)) = s.free.iter_mut().next_back() else {
                break;
            };
            match list.pop() {
                Some(p) => {
                    s.cached -= class;
                    out.push((p, class));
                }
                None => {
                    s.free.remove(&class);
                }
            }
        }
        out
    }

    /// Empties the pool; returns every block (to release).
    pub(crate) fn drain(&self) -> Vec<(DevPtr, usize)> {
        let mut s = lock(&self.state);
        s.cached = 0;
        std::mem::take(&mut s.free)
            .into_iter()
            .flat_map(|(class, list)| list.into_iter().map(move |p| (p, class)))
            .collect()
    }
}

/// Releases blocks to the backend.
pub(crate) fn release<B: Backend>(backend: &B, blocks: Vec<(DevPtr, usize)>) {
    for (p, class) in blocks {
        // SAFETY: every pooled block came from `backend.alloc(class)` and is owned by the pool
        // alone; the free is stream-ordered after all work enqueued before it.
        unsafe { backend.free(p, class) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes_waste_less_than_a_quarter_and_are_stable() {
        for bytes in (1..5000).chain([1 << 20, (1 << 20) + 1, 3 << 20, 123_456_789]) {
            let c = size_class(bytes);
            assert!(c >= bytes);
            assert!(c == MIN_CLASS || (c - bytes) * 4 < c, "{bytes} -> {c}");
            assert_eq!(size_class(c), c, "a class is its own class");
        }
    }

    #[test]
    fn the_pool_keeps_blocks_up_to_its_limit() {
        let pool = Pool::new(1000);
        let p = |a: usize| DevPtr::from_raw(std::ptr::without_provenance_mut(a));
        assert_eq!(pool.give(p(8), 512), None);
        assert_eq!(
            pool.give(p(16), 512),
            Some(p(16)),
            "over the limit: given back"
        );
        assert_eq!(pool.take(256), None);
        assert_eq!(pool.take(512), Some(p(8)));
        assert_eq!(pool.cached(), 0);
        assert_eq!(pool.give(p(24), 256), None);
        assert_eq!(pool.set_limit(0), vec![(p(24), 256)]);
        assert!(pool.drain().is_empty());
    }
}
