//! [`Device`]: the handle every operation goes through.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use crate::backend::{Backend, BackendKind, DevPtr, Dynamic};
#[cfg(feature = "host")]
use crate::backend::{Emulated, Host};
use crate::error::{Error, Result};
use crate::memory::pool::{self, Pool};
use crate::transfer::staging::Staging;
use crate::transfer::{Counters, Engine, Link, Stats};

/// A device to run BLAS on: a backend plus the state the safe layer keeps for it (the present
/// table of the mapping scopes alive on it).
///
/// Cloning is cheap (a reference count) and clones share everything. A `Device` is `Send + Sync`;
/// each backend serialises what its vendor library requires.
pub struct Device<B: Backend = Dynamic> {
    inner: Arc<Inner<B>>,
}

struct Inner<B: Backend> {
    backend: B,
    /// Unique for the process's lifetime (clones share it): keys this device's deferred errors.
    id: u64,
    /// Live read-only mappings of the scopes open on this device.
    present: Mutex<Vec<Present>>,
    /// `present.len()`, read without the lock: calls skip the table when it is empty.
    present_len: AtomicUsize,
    skipped: Vec<Error>,
    /// Freed device blocks kept for reuse.
    pool: Pool,
    /// The transfer engine's state: staging slots, counters, tiling and zero-copy settings.
    engine: Engine,
    /// Whether this device's memory has been an operand of a call on another device of its
    /// family (a [`Device::fork`] or the device it was forked from), whose queue is not this
    /// one: from then on, a free or reuse of this device's memory first waits for the
    /// family's queues ([`Backend::order_after_forks`]). Never cleared.
    lent: AtomicBool,
}

impl<B: Backend> Drop for Inner<B> {
    fn drop(&mut self) {
        pool::release(&self.backend, self.pool.drain());
        self.engine.staging.drain(&self.backend);
    }
}

/// Default bound of the device pool on backends with their own device memory: 1 GiB.
pub const DEFAULT_POOL_LIMIT: usize = 1 << 30;

/// What keeps a present mapping's device copy alive: the mapping's shared allocation (a
/// `memory` lease), held here by type only as something to clone and drop, so the device's
/// state does not depend on the memory layer above it.
pub(crate) type Keep = std::sync::Arc<dyn std::any::Any + Send + Sync>;

/// One live read-only mapping of a scope: host bytes `[start, end)` have a device copy at
/// `base`, kept alive by `keep`.
struct Present {
    start: usize,
    end: usize,
    base: DevPtr,
    keep: Keep,
    /// The mapping's own id (its guard removes it by this id).
    entry: u64,
    /// The scope that made it (which removes it when it ends).
    scope: u64,
}

/// A fresh process-unique id (devices, scopes, mappings).
pub(crate) fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Copy-back errors of guards dropped on this thread, with the id of their device, not yet
/// returned by a call. Kept per thread so that an error reaches the thread whose guard failed
/// and no other.
struct Deferred(Vec<(u64, Error)>);

impl Drop for Deferred {
    fn drop(&mut self) {
        // The thread ends with errors no call returned: say so rather than drop them silently.
        for (_, e) in self.0.drain(..) {
            log::error!("gpublas: a thread ended with an unreported copy-back error: {e}");
        }
    }
}

thread_local! {
    static DEFERRED: RefCell<Deferred> = const { RefCell::new(Deferred(Vec::new())) };
}

/// A reference to a device that does not keep it alive: what device memory holds to give itself
/// back, so that a forgotten guard leaks only its own allocation, never the device (its pool,
/// staging and context).
pub(crate) struct WeakDevice<B: Backend>(Weak<Inner<B>>);

impl<B: Backend> WeakDevice<B> {
    /// The device, if it is still alive.
    pub(crate) fn upgrade(&self) -> Option<Device<B>> {
        self.0.upgrade().map(|inner| Device { inner })
    }
}

impl<B: Backend> Clone for Device<B> {
    fn clone(&self) -> Self {
        Device {
            inner: self.inner.clone(),
        }
    }
}

impl<B: Backend + std::fmt::Debug> std::fmt::Debug for Device<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("backend", &self.inner.backend)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked while holding it; the data (a list of
    // mappings) is still consistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<B: Backend> Device<B> {
    /// Wraps a backend.
    pub fn new(backend: B) -> Self {
        Self::with_skipped(backend, Vec::new())
    }

    fn with_skipped(backend: B, skipped: Vec<Error>) -> Self {
        let backend_async = backend.async_transfers();
        Device {
            inner: Arc::new(Inner {
                backend,
                id: next_id(),
                present: Mutex::new(Vec::new()),
                present_len: AtomicUsize::new(0),
                skipped,
                // Host-memory backends allocate no temporaries; the emulated device keeps none,
                // so its use-after-free checks see every free.
                pool: Pool::new(if backend_async { DEFAULT_POOL_LIMIT } else { 0 }),
                engine: Engine::new(),
                lent: AtomicBool::new(false),
            }),
        }
    }

    /// A device on a new stream of the same GPU: it shares this device's memory (buffers,
    /// guards and page-locked memory of either are operands of the other's calls) and runs
    /// its work on a stream of its own, so its calls can overlap this device's. Work on the
    /// two streams is not ordered: hand data from one to the other with
    /// [`Device::record_event`] and [`Device::wait_event`] (or a synchronisation). Freeing is
    /// always safe: once memory of one has been used by the other, its frees and reuses wait
    /// for the other's queued work (so that work never sees freed memory; it costs an event
    /// record and wait per stream at each such free).
    ///
    /// The new device has its own pool, staging and counters, and starts with this device's
    /// pool bound, gemm tiling and zero-copy settings. On the host and emulated backends,
    /// which run each call to completion, it is a device of its own over the same one queue.
    ///
    /// # Errors
    /// [`Error::Unsupported`] on a backend without forks (a backend of the program's own
    /// that does not implement [`Backend::fork`]); a vendor failure creating the streams or
    /// the BLAS handle; a copy-back error deferred on this thread ([`Error::Deferred`]).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let side = dev.fork()?; // a second stream: its calls may overlap `dev`'s
    /// let a = dev.upload(&[1.0f64, 2.0, 3.0, 4.0])?; // 2×2, column-major
    /// let ready = dev.record_event()?; // `a`'s upload, as a point in `dev`'s queue
    /// side.wait_event(&ready)?;
    /// let mut c = side.zeros::<f64>(4)?;
    /// side.gemm(Op::N, Op::N, 1.0, Mat::col_major(&a, 2, 2), Mat::col_major(&a, 2, 2), 0.0,
    ///           MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c.to_vec()?, [7.0, 10.0, 15.0, 22.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn fork(&self) -> Result<Device<B>> {
        self.check()?;
        let dev = Device::new(self.inner.backend.fork()?);
        dev.set_pool_limit(self.pool_limit());
        dev.set_zero_copy_limit(self.zero_copy_limit());
        let e = &self.inner.engine;
        dev.set_gemm_tiling(
            e.tile_from.load(Ordering::Relaxed),
            Some(e.tile_edge.load(Ordering::Relaxed)).filter(|&t| t > 0),
        );
        Ok(dev)
    }

    /// Notes that a call on `other` uses this device's memory: if `other` is another device
    /// of the family (a fork), this device's frees wait for the family's queues from now on.
    pub(crate) fn lend_to(&self, other: &Device<B>) {
        if !Arc::ptr_eq(&self.inner, &other.inner) && !self.inner.lent.load(Ordering::Acquire) {
            self.inner.lent.store(true, Ordering::Release);
        }
    }

    /// Before memory of this device is freed or reused: if a fork may have used it, orders
    /// this device's queue after the family's queued work. `false` if that failed (the memory
    /// must then be leaked, not freed).
    pub(crate) fn ready_to_free(&self) -> bool {
        match self.order_after_lent() {
            Ok(()) => true,
            Err(e) => {
                log::error!("gpublas: device memory leaked: could not order its free after the work of the device's forks: {e}");
                false
            }
        }
    }

    /// If this device's memory has been used by a fork, orders its queue after the family's.
    fn order_after_lent(&self) -> Result<()> {
        if self.inner.lent.load(Ordering::Acquire) {
            self.inner.backend.order_after_forks()
        } else {
            Ok(())
        }
    }

    /// Ends the loan of memory gpublas does not own (a DLPack tensor): waits for everything
    /// queued on it, by this device and (if they used its memory) its forks; `r` is the
    /// result of the work done with it, returned unless the wait fails.
    #[cfg_attr(not(feature = "dlpack"), allow(dead_code))]
    pub(crate) fn settle_borrowed<R>(&self, r: Result<R>) -> Result<R> {
        let ordered = self.order_after_lent();
        let synced = self.inner.backend.synchronize();
        let v = r?;
        ordered?;
        synced?;
        Ok(v)
    }

    /// A reference that does not keep the device alive.
    pub(crate) fn downgrade(&self) -> WeakDevice<B> {
        WeakDevice(Arc::downgrade(&self.inner))
    }

    /// The backend (for the raw, unsafe layer).
    pub fn backend(&self) -> &B {
        &self.inner.backend
    }

    /// Which backend family runs the calls.
    pub fn kind(&self) -> BackendKind {
        self.inner.backend.kind()
    }

    /// One line naming the backend, device and library.
    pub fn describe(&self) -> String {
        self.inner.backend.describe()
    }

    /// Why `Device::auto()` passed over the backends it tried before this one (empty otherwise).
    pub fn skipped(&self) -> &[Error] {
        &self.inner.skipped
    }

    /// Waits for all work enqueued on the device.
    ///
    /// # Errors
    /// The backend's failure to synchronise, or copy-back errors deferred on this thread
    /// ([`Error::Deferred`]).
    pub fn synchronize(&self) -> Result<()> {
        self.check()?;
        self.inner.backend.synchronize()
    }

    /// Whether `other` is this device (or a clone of it) or shares its context.
    pub fn same_device(&self, other: &Device<B>) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || self.inner.backend.same_context(&other.inner.backend)
    }

    /// What moved between host and device, and how the pools did, since the device was made
    /// or [`Device::reset_stats`] was called.
    pub fn stats(&self) -> Stats {
        self.inner.engine.counters.snapshot(
            self.inner.pool.cached(),
            self.inner.engine.staging.pinned_bytes(),
        )
    }

    /// Sets the transfer and pool counters of [`Device::stats`] back to zero.
    pub fn reset_stats(&self) {
        self.inner.engine.counters.reset();
    }

    /// Releases the device memory the pool keeps and the staging slots not in use.
    ///
    /// # Errors
    /// A vendor error from releasing memory.
    pub fn trim(&self) -> Result<()> {
        self.check()?;
        pool::release(&self.inner.backend, self.inner.pool.drain());
        self.inner.engine.staging.drain(&self.inner.backend);
        self.inner.backend.trim(0)
    }

    /// Sets how many bytes of freed device memory the pool may keep for reuse (default
    /// 1 GiB on GPUs; 0 disables pooling); releases what no longer fits.
    pub fn set_pool_limit(&self, bytes: usize) {
        pool::release(&self.inner.backend, self.inner.pool.set_limit(bytes));
    }

    /// The pool's bound (see [`Device::set_pool_limit`]).
    pub fn pool_limit(&self) -> usize {
        self.inner.pool.limit()
    }

    /// Sets the transfer engine's page-locked staging: `slot_bytes` per slot (the chunk size of
    /// pipelined copies; default 16 MiB) and at most `max_slots` slots (default 8), so at most
    /// `slot_bytes × max_slots` bytes of page-locked memory (default 128 MiB).
    pub fn set_staging(&self, slot_bytes: usize, max_slots: usize) {
        self.inner
            .engine
            .staging
            .configure(&self.inner.backend, slot_bytes, max_slots);
    }

    /// Sets when gemm with host operands is tiled so transfers overlap computation: from
    /// `from_bytes` of host data (A, B and C together; default 48 MiB), with tiles of
    /// `edge × edge` elements (`None`: 1024 or 2048 by size). Only backends with asynchronous
    /// transfers tile.
    pub fn set_gemm_tiling(&self, from_bytes: usize, edge: Option<usize>) {
        self.inner
            .engine
            .tile_from
            .store(from_bytes, Ordering::Relaxed);
        self.inner
            .engine
            .tile_edge
            .store(edge.unwrap_or(0), Ordering::Relaxed);
    }

    /// Sets the largest host operand, in bytes, that a call hands to the device **in place**
    /// (default [`DEFAULT_ZERO_COPY_LIMIT`](crate::DEFAULT_ZERO_COPY_LIMIT); 0 turns it off).
    ///
    /// A call's small host operands are copied into page-locked staging either way. Where the
    /// device can address that memory directly (mapped page-locked memory: CUDA, and the
    /// emulated asynchronous device), operands up to this size are not copied on to device
    /// memory: the routine reads and writes them over the link, and the call then waits once
    /// and copies its outputs back to your slices. This saves the two copies' latency, which is
    /// most of what a tiny call costs; larger operands are faster in device memory, since a
    /// routine may read each element many times. Elsewhere the setting has no effect.
    ///
    /// ```
    /// let dev = gpublas::Device::host();
    /// dev.set_zero_copy_limit(0); // always copy small operands to device memory
    /// assert_eq!(dev.zero_copy_limit(), 0);
    /// ```
    pub fn set_zero_copy_limit(&self, bytes: usize) {
        self.inner
            .engine
            .zero_copy_max
            .store(bytes, Ordering::Relaxed);
    }

    /// The limit set by [`Device::set_zero_copy_limit`].
    pub fn zero_copy_limit(&self) -> usize {
        self.inner.engine.zero_copy_max.load(Ordering::Relaxed)
    }

    pub(crate) fn pool(&self) -> &Pool {
        &self.inner.pool
    }

    /// The transfer engine, moving data for this device's backend.
    pub(crate) fn link(&self) -> Link<'_, B> {
        Link::new(&self.inner.backend, &self.inner.engine)
    }

    pub(crate) fn staging(&self) -> &Staging {
        &self.inner.engine.staging
    }

    pub(crate) fn counters(&self) -> &Counters {
        &self.inner.engine.counters
    }

    /// Takes the copy-back errors that guards of this device, dropped on the calling thread,
    /// could not return (every call on this device returns them too, as [`Error::Deferred`]).
    pub fn take_deferred_errors(&self) -> Vec<Error> {
        let id = self.inner.id;
        // While the thread's locals are being destroyed the list may be gone; it logged what
        // it held when it went (see `Deferred`'s `Drop`).
        DEFERRED
            .try_with(|d| {
                let mut d = d.borrow_mut();
                let mut taken = Vec::new();
                d.0.retain_mut(|(dev, e)| {
                    if *dev == id {
                        taken.push(std::mem::replace(e, Error::Deferred(Vec::new())));
                        false
                    } else {
                        true
                    }
                });
                taken
            })
            .unwrap_or_default()
    }

    /// Returns, as one error, the copy-back errors that guards of this device dropped on this
    /// thread recorded.
    pub(crate) fn check(&self) -> Result<()> {
        let pending = DEFERRED
            .try_with(|d| !d.borrow().0.is_empty())
            .unwrap_or(false);
        if !pending {
            return Ok(());
        }
        let errors = self.take_deferred_errors();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::Deferred(errors))
        }
    }

    /// Records an error from a guard's `Drop` for this thread's next call on this device. While
    /// the thread's locals are being destroyed (a guard dropped by another thread-local's
    /// destructor) there is no next call: the error is logged instead.
    pub(crate) fn defer(&self, e: Error) {
        let id = self.inner.id;
        let mut e = Some(e);
        let _ = DEFERRED.try_with(|d| {
            if let Some(e) = e.take() {
                d.borrow_mut().0.push((id, e));
            }
        });
        if let Some(e) = e {
            log::error!("gpublas: a copy-back failed while the thread was ending: {e}");
        }
    }

    /// Enters a scope's read-only mapping of `host` into the present table; returns its id.
    pub(crate) fn present_insert<T>(
        &self,
        host: &[T],
        base: DevPtr,
        keep: Keep,
        scope: u64,
    ) -> u64 {
        let start = host.as_ptr() as usize;
        let entry = next_id();
        let mut table = lock(&self.inner.present);
        table.push(Present {
            start,
            end: start + std::mem::size_of_val(host),
            base,
            keep,
            entry,
            scope,
        });
        self.inner.present_len.store(table.len(), Ordering::Release);
        entry
    }

    /// Removes one mapping (its guard was dropped). The lease drops after the lock is released.
    pub(crate) fn present_remove(&self, entry: u64) {
        let removed = {
            let mut table = lock(&self.inner.present);
            let i = table.iter().position(|p| p.entry == entry);
            let removed = i.map(|i| table.swap_remove(i));
            self.inner.present_len.store(table.len(), Ordering::Release);
            removed
        };
        drop(removed);
    }

    /// Removes every mapping of a scope and hands them to the caller (to drop outside the lock).
    pub(crate) fn present_remove_scope(&self, scope: u64) -> Vec<Keep> {
        let mut table = lock(&self.inner.present);
        let mut removed = Vec::new();
        table.retain_mut(|p| {
            if p.scope == scope {
                removed.push(p.keep.clone());
                false
            } else {
                true
            }
        });
        self.inner.present_len.store(table.len(), Ordering::Release);
        removed
    }

    /// The device copy of host bytes `[start, start + bytes)` if a live scope mapping holds
    /// them at an offset that is a multiple of `elem` bytes (so the device address is aligned
    /// for the element type), with a lease that keeps the copy alive while the caller uses it.
    pub(crate) fn present_lookup(
        &self,
        start: usize,
        bytes: usize,
        elem: usize,
    ) -> Option<(DevPtr, Keep)> {
        if self.inner.present_len.load(Ordering::Acquire) == 0 {
            return None;
        }
        let end = start.checked_add(bytes)?;
        let table = lock(&self.inner.present);
        table
            .iter()
            .find(|p| p.start <= start && end <= p.end && (start - p.start).is_multiple_of(elem))
            .map(|p| (p.base.offset::<u8>(start - p.start), p.keep.clone()))
    }
}

#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
impl Device<Host> {
    /// The CPU backend (always available when the `host` feature, a default one, is on).
    pub fn host() -> Self {
        Device::new(Host)
    }
}

/// The variable that forces a backend: `cuda`, `rocm`, `host`, `emulated` / `emulated-async`
/// (the CPU behaving like a discrete GPU with synchronous / asynchronous transfers, for
/// testing), `emulated-vendor` (that device with triangular products and `her2k` multiplying
/// structural zeros as cuBLAS's do, guarded as on a GPU: [`Emulated::with_vendor_zeros`]) or
/// `auto`.
pub const BACKEND_VAR: &str = "GPUBLAS_BACKEND";

impl Device<Dynamic> {
    /// The first usable compiled backend: CUDA, then ROCm, then the host.
    ///
    /// `GPUBLAS_BACKEND=cuda|rocm|host` forces one; a forced backend that is not compiled in or
    /// not usable is an error, never a silent fallback. [`Device::skipped`] tells why earlier
    /// candidates were passed over. The choice is logged through the [`log`] crate: each backend
    /// tried and the one chosen at `info` level (with the reason a compiled backend was
    /// skipped), backends not compiled in at `debug`.
    ///
    /// # Errors
    /// When `GPUBLAS_BACKEND` forces a backend: [`Error::BackendUnavailable`] if it is not
    /// compiled in (the host and the emulated device without the `host` feature) or the name is
    /// unknown, else the backend's own error ([`Error::LibraryNotFound`], [`Error::NoDevice`],
    /// ...). Without it, `auto()` always succeeds when the `host` feature (a default one) is on:
    /// the host is always there. A GPU-only build (`default-features = false`) has no CPU
    /// fallback: when no compiled GPU backend is usable, [`Error::NoBackend`] says so and lists
    /// why each was skipped.
    ///
    /// ```
    /// let dev = gpublas::Device::auto()?;
    /// println!("running on {}", dev.describe());
    /// for why in dev.skipped() {
    ///     println!("skipped: {why}");
    /// }
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn auto() -> Result<Self> {
        let forced = std::env::var(BACKEND_VAR)
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let forced_to = |r: Result<Dynamic>| {
            match &r {
                Ok(b) => log::info!("{BACKEND_VAR}={forced} forces {}", b.describe()),
                Err(e) => {
                    log::info!("{BACKEND_VAR}={forced} forces a backend that cannot be used: {e}")
                }
            }
            r.map(Device::new)
        };
        match forced.as_str() {
            "" | "auto" => Self::first_usable(),
            "host" => forced_to(Self::try_host()),
            "emulated" => forced_to(Self::try_emulated(false)),
            "emulated-vendor" => forced_to(Self::try_emulated_vendor()),
            "emulated-async" => {
                // Tiny staging slots, so even small problems take the pipelined paths, and tiled
                // gemm from any size in tiles of 8: every gemm test runs through it.
                let dev = forced_to(Self::try_emulated(true))?;
                dev.set_staging(4096, 4);
                dev.set_gemm_tiling(0, Some(8));
                Ok(dev)
            }
            "cuda" => forced_to(Self::try_cuda()),
            "rocm" => forced_to(Self::try_rocm()),
            other => Err(Error::BackendUnavailable {
                requested: other.to_string(),
                reason:
                    "unknown backend; expected cuda, rocm, host, emulated, emulated-async, emulated-vendor or auto"
                        .into(),
            }),
        }
    }

    fn first_usable() -> Result<Self> {
        let mut skipped = Vec::new();
        let candidates = [
            ("cuda", Self::try_cuda as fn() -> Result<Dynamic>),
            ("rocm", Self::try_rocm),
        ];
        for (name, attempt) in candidates {
            match attempt() {
                Ok(b) => {
                    log::info!("Device::auto: chose {}", b.describe());
                    return Ok(Device::with_skipped(b, skipped));
                }
                // Not compiled in: nothing to report to the caller.
                Err(Error::BackendUnavailable { reason, .. }) => {
                    log::debug!("Device::auto: {name} not tried: {reason}")
                }
                Err(e) => {
                    log::info!("Device::auto: tried {name}, skipped it: {e}");
                    skipped.push(e);
                }
            }
        }
        #[cfg(feature = "host")]
        {
            let host = Dynamic::Host(Host);
            log::info!(
                "Device::auto: chose {} (no GPU backend usable)",
                host.describe()
            );
            Ok(Device::with_skipped(host, skipped))
        }
        #[cfg(not(feature = "host"))]
        {
            log::info!("Device::auto: no GPU backend usable, and no CPU fallback compiled in");
            Err(Error::NoBackend { skipped })
        }
    }

    fn try_host() -> Result<Dynamic> {
        #[cfg(feature = "host")]
        {
            Ok(Dynamic::Host(Host))
        }
        #[cfg(not(feature = "host"))]
        {
            Err(no_host("host"))
        }
    }

    /// The emulated device, with asynchronous transfers or not.
    fn try_emulated(asynchronous: bool) -> Result<Dynamic> {
        #[cfg(feature = "host")]
        {
            Ok(Dynamic::Emulated(if asynchronous {
                Emulated::asynchronous()
            } else {
                Emulated::new()
            }))
        }
        #[cfg(not(feature = "host"))]
        {
            Err(no_host(if asynchronous {
                "emulated-async"
            } else {
                "emulated"
            }))
        }
    }

    /// The emulated GPU whose triangular products and her2k multiply structural zeros as
    /// cuBLAS's do (`GPUBLAS_BACKEND=emulated-vendor`).
    fn try_emulated_vendor() -> Result<Dynamic> {
        #[cfg(feature = "host")]
        {
            Ok(Dynamic::Emulated(Emulated::with_vendor_zeros()))
        }
        #[cfg(not(feature = "host"))]
        {
            Err(no_host("emulated-vendor"))
        }
    }

    fn try_cuda() -> Result<Dynamic> {
        #[cfg(feature = "cuda")]
        {
            crate::backend::Cuda::new(0).map(Dynamic::Cuda)
        }
        #[cfg(not(feature = "cuda"))]
        {
            Err(not_compiled("cuda"))
        }
    }

    fn try_rocm() -> Result<Dynamic> {
        #[cfg(feature = "rocm")]
        {
            crate::backend::Rocm::new(0).map(Dynamic::Rocm)
        }
        #[cfg(not(feature = "rocm"))]
        {
            Err(not_compiled("rocm"))
        }
    }
}

/// The error for the host or the emulated device (which computes on the host) in a build without
/// the `host` feature, saying how to turn it on.
#[cfg(not(feature = "host"))]
fn no_host(requested: &str) -> Error {
    Error::BackendUnavailable {
        requested: requested.into(),
        reason: "gpublas was built without the `host` feature: no CPU backend (nor the emulated \
                 device, which computes on it); `host` is a default feature: keep gpublas's \
                 default features, or add \"host\" to its `features` in Cargo.toml"
            .into(),
    }
}

/// The error for a backend whose feature is off, saying how to turn it on.
#[cfg(not(all(feature = "cuda", feature = "rocm")))]
fn not_compiled(feature: &str) -> Error {
    Error::BackendUnavailable {
        requested: feature.into(),
        reason: format!(
            "gpublas was built without the `{feature}` feature; enable it in Cargo.toml \
             (`gpublas = {{ version = \"0.1\", features = [\"{feature}\"] }}`) or on the command \
             line (`cargo run --features gpublas/{feature}`)"
        ),
    }
}
