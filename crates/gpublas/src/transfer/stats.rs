//! [`Stats`]: what moved between host and device, and how the pools did.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Counters of a device's transfers and pools since it was made (or since
/// [`Device::reset_stats`](crate::Device::reset_stats)), from [`Device::stats`](crate::Device::stats).
///
/// Host-memory backends transfer nothing: mapping is zero-copy there, so their counters stay 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Bytes of host operands that crossed host → device: copied, or read by the device in
    /// place from page-locked staging ([`Device::set_zero_copy_limit`](crate::Device::set_zero_copy_limit)).
    pub bytes_in: u64,
    /// Bytes that crossed device → host (copied, or written by the device in place).
    pub bytes_out: u64,
    /// Host → device copies issued (a staged transfer counts each chunk it moves).
    pub transfers_in: u64,
    /// Device → host copies issued. (Operands used in place cross without a copy, so they
    /// count in the bytes but not here.)
    pub transfers_out: u64,
    /// Device allocations served from the pool.
    pub pool_hits: u64,
    /// Device allocations the pool could not serve (new device memory).
    pub pool_misses: u64,
    /// Bytes the device pool keeps now for reuse.
    pub pool_cached_bytes: u64,
    /// Page-locked staging memory allocated now (bytes).
    pub pinned_bytes: u64,
}

/// The live counters behind [`Stats`].
#[derive(Default)]
pub(crate) struct Counters {
    pub bytes_in: AtomicU64,
    pub bytes_out: AtomicU64,
    pub transfers_in: AtomicU64,
    pub transfers_out: AtomicU64,
    pub pool_hits: AtomicU64,
    pub pool_misses: AtomicU64,
}

impl Counters {
    pub(crate) fn copied_in(&self, bytes: usize) {
        self.bytes_in.fetch_add(bytes as u64, Relaxed);
        self.transfers_in.fetch_add(1, Relaxed);
    }

    pub(crate) fn copied_out(&self, bytes: usize) {
        self.bytes_out.fetch_add(bytes as u64, Relaxed);
        self.transfers_out.fetch_add(1, Relaxed);
    }

    /// Bytes the device read in place from page-locked staging (no copy was made).
    pub(crate) fn crossed_in(&self, bytes: usize) {
        self.bytes_in.fetch_add(bytes as u64, Relaxed);
    }

    /// Bytes the device wrote in place into page-locked staging.
    pub(crate) fn crossed_out(&self, bytes: usize) {
        self.bytes_out.fetch_add(bytes as u64, Relaxed);
    }

    pub(crate) fn snapshot(&self, pool_cached_bytes: usize, pinned_bytes: usize) -> Stats {
        Stats {
            bytes_in: self.bytes_in.load(Relaxed),
            bytes_out: self.bytes_out.load(Relaxed),
            transfers_in: self.transfers_in.load(Relaxed),
            transfers_out: self.transfers_out.load(Relaxed),
            pool_hits: self.pool_hits.load(Relaxed),
            pool_misses: self.pool_misses.load(Relaxed),
            pool_cached_bytes: pool_cached_bytes as u64,
            pinned_bytes: pinned_bytes as u64,
        }
    }

    pub(crate) fn reset(&self) {
        for c in [
            &self.bytes_in,
            &self.bytes_out,
            &self.transfers_in,
            &self.transfers_out,
            &self.pool_hits,
            &self.pool_misses,
        ] {
            c.store(0, Relaxed);
        }
    }
}
