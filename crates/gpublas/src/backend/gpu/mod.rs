//! The GPU backend shared by CUDA and ROCm: [`Gpu<A>`] implements [`Backend`] and the BLAS
//! traits ([`Level1`](crate::backend::Level1) … [`MixedPrecision`](crate::backend::MixedPrecision))
//! once, over a [`GpuApi`] (the vendor's runtime) and one vendor trait per BLAS level
//! ([`GpuLevel1`], [`GpuLevel2`], [`GpuLevel3`], [`GpuBatched`], [`GpuMixed`]) that each vendor
//! implements with its BLAS library.
//!
//! | folder | the backend trait it implements | the vendor trait (`api.rs`) | written for both vendors by (`vendor.rs`, from `names.rs`) |
//! |---|---|---|---|
//! | `level1/` | [`Level1`](crate::backend::Level1) | [`GpuLevel1`] | `vendor_level1_methods!` |
//! | `level2/` | [`Level2`](crate::backend::Level2) | [`GpuLevel2`] | `vendor_level2_methods!` |
//! | `level3/` | [`Level3`](crate::backend::Level3) | [`GpuLevel3`] | `vendor_level3_methods!` |
//! | `batched/` | [`Batched`](crate::backend::Batched) | [`GpuBatched`] | `vendor_batched_methods!` |
//! | `mixed/` | [`MixedPrecision`](crate::backend::MixedPrecision) | [`GpuMixed`] | by hand, per vendor (`cuda.rs`, `rocm/mixed.rs`) |
//!
//!
//! What is shared: one context per device with one non-blocking stream that orders every copy,
//! free and BLAS call (a fork, `Backend::fork`, shares the memory with streams of its own); a
//! pool of BLAS handles bound to that stream (a handle is used by one
//! thread at a time); stream-ordered allocation where the runtime has it; synchronous
//! host↔device copies (complete on return, so guards stay sound under `mem::forget`); host
//! pointer mode for scalars; the choice between the vendors' 32-bit entry points and their
//! `_64` twins (`sdcz64!`).
//! What each vendor absorbs: enum values, status codes and messages, library names.

use std::sync::{Arc, Mutex, MutexGuard, Weak};

mod api;
mod batched;
mod ilp64;
mod level1;
mod level2;
mod level3;
mod mixed;
mod vendor;

pub(crate) use api::Sealed;
pub use api::{CopyKind, GpuApi};
pub use batched::GpuBatched;
pub use level1::GpuLevel1;
pub use level2::GpuLevel2;
pub use level3::GpuLevel3;
pub use mixed::{GemmExCall, GpuMixed};

pub(crate) use batched::vendor_batched_methods;
pub(crate) use ilp64::{lp64_or_ilp64, missing, narrow, sdcz64, wide, wide_inc};
pub(crate) use level1::{vendor_dsdot, vendor_level1_methods};
pub(crate) use level2::vendor_level2_methods;
pub(crate) use level3::vendor_level3_methods;
#[allow(unused_imports)] // `sdcz!`: for routines without `_64` entry points
pub(crate) use vendor::{ffi, sdcz, xcall};

use super::{Backend, BackendKind, DevPtr, Event, Queue, StructuralZeros};
use crate::error::{Error, Result};
use crate::scalar::ScalarKind;

/// A GPU backend: one device of one vendor. `Cuda` and `Rocm` are this type.
pub struct Gpu<A: GpuApi> {
    ctx: Arc<Ctx<A>>,
}

struct Ctx<A: GpuApi> {
    api: A,
    /// The contexts of this device that share memory: this one and its forks
    /// ([`Backend::fork`]), each on its own streams.
    family: Arc<Family<A>>,
    /// Events that forks record on this context's streams (compute, upload, download) and
    /// wait for on theirs ([`Backend::order_after_forks`]); made at first use, reused.
    joins: Mutex<Option<[*mut std::ffi::c_void; 3]>>,
    ordinal: i32,
    /// The only device there is: then it is current on every thread, and `enter` has nothing
    /// to do (a per-call saving on the hot path).
    single_device: bool,
    /// The compute stream: every BLAS call, memset and free is ordered on it.
    stream: A::Stream,
    /// The copy streams of the transfer engine (host→device, device→host).
    up: A::Stream,
    down: A::Stream,
    handles: Mutex<Vec<A::Handle>>,
    description: String,
    /// Whether `stream` was created here (and is destroyed with the context). A stream the
    /// program handed in ([`Gpu::from_raw_stream`]) stays the program's.
    owns_stream: bool,
    /// What keeps a handed-in stream alive (e.g. the program's `Arc` of a cudarc stream),
    /// dropped after everything else of the context.
    _keep: Option<Box<dyn std::any::Any + Send + Sync>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked while holding it; the data (handles,
    // events, weak references) is still consistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The largest pitch a strided copy is given (the vendors' limit, `cudaDevAttrMaxPitch`, is
/// 2³¹ − 1 bytes on current devices); wider ones are copied row by row.
const MAX_PITCH: usize = i32::MAX as usize;

/// A device context and its forks: what `same_context` compares, and whose streams a free
/// waits for once a fork may have used the memory.
struct Family<A: GpuApi> {
    members: Mutex<Vec<Weak<Ctx<A>>>>,
}

// SAFETY: `GpuApi` is sealed: `A` is `CudaApi` or `RocmApi`, whose runtimes are thread-safe and
// whose streams and events may be used from any thread; BLAS handles sit in a mutex-guarded pool
// and are used by one thread at a time; the join events are used under their mutex; the rest of
// `Ctx` is plain data.
unsafe impl<A: GpuApi> Send for Ctx<A> {}
// SAFETY: as above.
unsafe impl<A: GpuApi> Sync for Ctx<A> {}

impl<A: GpuApi> Clone for Gpu<A> {
    fn clone(&self) -> Self {
        Gpu {
            ctx: self.ctx.clone(),
        }
    }
}

impl<A: GpuApi> std::fmt::Debug for Gpu<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gpu")
            .field("device", &self.ctx.description)
            .field("ordinal", &self.ctx.ordinal)
            .finish()
    }
}

impl<A: GpuApi> Gpu<A> {
    /// How many devices the vendor runtime sees.
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] or [`Error::NoDevice`], as for [`Gpu::new`].
    pub fn count() -> Result<usize> {
        A::load()?.device_count()
    }

    /// Opens device `ordinal`: loads the libraries, creates the stream and a first BLAS handle,
    /// so a device that cannot run BLAS fails here rather than at the first call.
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] if the runtime or BLAS library cannot be loaded (the message
    /// lists what was tried); [`Error::NoDevice`] if there is no such device or it cannot be
    /// used; a vendor failure creating the stream or the BLAS handle.
    pub fn new(ordinal: usize) -> Result<Self> {
        Self::open(ordinal, None, None, None)
    }

    /// Opens device `ordinal` with the program's own `stream` as its compute stream: every BLAS
    /// call, memset and free of this backend is ordered on `stream`, after the work the program
    /// queued there before and before what it queues after, with no synchronisation at a
    /// hand-off. gpublas adds its own two copy streams for the transfer engine (ordered to
    /// `stream` by events) and never destroys `stream`.
    ///
    /// `keep` is held until the backend and all of its clones, buffers and guards are gone
    /// (pass what owns the stream, e.g. an `Arc` of it, to tie its lifetime to gpublas's use).
    ///
    /// # Safety
    /// `stream` must be a live stream of the vendor runtime, created in device `ordinal`'s
    /// primary context (the one the runtime API uses; cudarc's `CudaContext::new(ordinal)`
    /// is that context), and stay live until every clone of this backend, every buffer and
    /// guard of it has dropped and the work queued through them has run — `keep` can ensure
    /// the first half; the program must not destroy the stream before then.
    ///
    /// # Errors
    /// As for [`Gpu::new`].
    pub unsafe fn from_raw_stream(
        ordinal: usize,
        stream: A::Stream,
        keep: Option<Box<dyn std::any::Any + Send + Sync>>,
    ) -> Result<Self> {
        Self::open(ordinal, Some(stream), keep, None)
    }

    fn open(
        ordinal: usize,
        given: Option<A::Stream>,
        keep: Option<Box<dyn std::any::Any + Send + Sync>>,
        family: Option<Arc<Family<A>>>,
    ) -> Result<Self> {
        let api = A::load()?;
        let count = api.device_count()?;
        let name = A::KIND.name();
        if ordinal >= count {
            return Err(Error::NoDevice {
                backend: name,
                reason: format!("device {ordinal} asked for, {count} present"),
            });
        }
        let ordinal = ordinal as i32;
        api.set_device(ordinal)?;
        let mut streams = Vec::with_capacity(3);
        let own = if given.is_some() { 2 } else { 3 };
        let destroy = |streams: &[A::Stream]| {
            for &s in streams {
                // SAFETY: created below, not used by anything yet.
                unsafe { api.stream_destroy(s) };
            }
        };
        for _ in 0..own {
            // SAFETY: the device is current; the streams are destroyed in `Ctx::drop` (or
            // below, on an error path, before `Ctx` exists).
            match unsafe { api.stream_create() } {
                Ok(s) => streams.push(s),
                Err(e) => {
                    destroy(&streams);
                    return Err(e);
                }
            }
        }
        let (stream, up, down) = match given {
            Some(g) => (g, streams[0], streams[1]),
            None => (streams[0], streams[1], streams[2]),
        };
        // The streams created here (the given one is the program's).
        let created = &streams[..];
        // SAFETY: the stream is live; the handle goes to the pool, which `Ctx::drop` empties
        // (and on the error path below, `Ctx` does not exist yet, so it is destroyed here).
        let first = match unsafe { api.handle_create(stream) } {
            Ok(h) => h,
            Err(e) => {
                destroy(created);
                return Err(e);
            }
        };
        let family = family.unwrap_or_else(|| {
            Arc::new(Family {
                members: Mutex::new(Vec::new()),
            })
        });
        let ctx = Ctx {
            api,
            family: family.clone(),
            joins: Mutex::new(None),
            ordinal,
            single_device: count == 1,
            stream,
            up,
            down,
            handles: Mutex::new(vec![first]),
            // SAFETY: `first` is the live handle created above.
            description: format!("{name}: {}", unsafe { api.describe(ordinal, first) }),
            owns_stream: given.is_none(),
            _keep: keep,
        };
        let ctx = Arc::new(ctx);
        let mut members = lock(&family.members);
        members.retain(|m| m.strong_count() > 0);
        members.push(Arc::downgrade(&ctx));
        drop(members);
        Ok(Gpu { ctx })
    }

    /// The device's ordinal.
    pub fn ordinal(&self) -> usize {
        self.ctx.ordinal as usize
    }

    /// The vendor API (for the raw layer and benchmarks; every call through it is `unsafe`).
    pub fn api(&self) -> A {
        self.ctx.api
    }

    /// The device's stream, on which every call is ordered. A raw handle: using it is `unsafe`,
    /// and it is live only as long as this backend (or a clone of it).
    pub fn stream(&self) -> A::Stream {
        self.ctx.stream
    }

    /// What [`Gpu::from_raw_stream`] was given to keep alive (`None` for a stream of gpublas's
    /// own).
    pub fn kept(&self) -> Option<&(dyn std::any::Any + Send + Sync)> {
        self.ctx._keep.as_deref()
    }

    /// Runs `f` with a BLAS handle bound to the device's stream, with the device current.
    fn with_handle<R>(&self, f: impl FnOnce(A::Handle) -> Result<R>) -> Result<R> {
        self.ctx.enter()?;
        let pooled = self.ctx.pool().pop();
        let h = match pooled {
            Some(h) => h,
            // SAFETY: the stream is live for the context's lifetime.
            None => unsafe { self.ctx.api.handle_create(self.ctx.stream)? },
        };
        let r = f(h);
        self.ctx.pool().push(h);
        r
    }
}

impl<A: GpuApi> Ctx<A> {
    /// The stream of a queue.
    fn queue(&self, q: Queue) -> A::Stream {
        match q {
            Queue::Compute => self.stream,
            Queue::Upload => self.up,
            Queue::Download => self.down,
        }
    }

    fn pool(&self) -> std::sync::MutexGuard<'_, Vec<A::Handle>> {
        lock(&self.handles)
    }

    /// Makes `waiter`'s compute stream wait for all work enqueued so far on this context's
    /// three streams (its device current).
    fn joined_by(&self, waiter: A::Stream) -> Result<()> {
        let mut joins = lock(&self.joins);
        let events = match *joins {
            Some(e) => e,
            None => {
                let mut made: Vec<*mut std::ffi::c_void> = Vec::with_capacity(3);
                for _ in 0..3 {
                    match self.api.event_create() {
                        Ok(e) => made.push(e),
                        Err(err) => {
                            for e in made {
                                // SAFETY: created just above, never recorded or awaited.
                                unsafe { self.api.event_destroy(e) };
                            }
                            return Err(err);
                        }
                    }
                }
                let e = [made[0], made[1], made[2]];
                *joins = Some(e);
                e
            }
        };
        for (e, q) in events
            .into_iter()
            .zip([Queue::Compute, Queue::Upload, Queue::Download])
        {
            // SAFETY: the events are this context's (destroyed only in its `Drop`, which cannot
            // run while `self` is borrowed) and the streams are live; recording and waiting
            // under the lock keeps each wait on the record just made (a wait captures the
            // event's state when it is enqueued, so re-recording it later changes nothing).
            unsafe {
                self.api.event_record(e, self.queue(q))?;
                self.api.stream_wait(waiter, e)?;
            }
        }
        Ok(())
    }

    /// Makes this context's device current on the calling thread.
    fn enter(&self) -> Result<()> {
        if self.single_device {
            return Ok(());
        }
        if self.api.current_device()? != self.ordinal {
            self.api.set_device(self.ordinal)?;
        }
        Ok(())
    }
}

impl<A: GpuApi> Drop for Ctx<A> {
    fn drop(&mut self) {
        // Errors cannot be reported from here; the device is being released anyway.
        let _ = self.enter();
        if let Some(events) = lock(&self.joins).take() {
            for e in events {
                // SAFETY: this context's events; a fork's stream still waiting for one keeps
                // what it needs (the vendors release an awaited event once the wait is done).
                unsafe { self.api.event_destroy(e) };
            }
        }
        // SAFETY: the stream is the context's own, live until destroyed below.
        let _ = unsafe { self.api.stream_sync(self.stream) };
        for h in self.pool().drain(..) {
            // SAFETY: the handles were created here and no call is using them (we are the last owner).
            unsafe { self.api.handle_destroy(h) };
        }
        for s in [self.up, self.down] {
            // SAFETY: the copy streams are the context's own; waiting for them first means no
            // copy is in flight when they go.
            unsafe {
                let _ = self.api.stream_sync(s);
                self.api.stream_destroy(s);
            }
        }
        if self.owns_stream {
            // SAFETY: all work on the stream is complete and nothing else refers to it.
            unsafe { self.api.stream_destroy(self.stream) };
        }
    }
}

/// A host scalar or result slot aligned to 16 bytes: the vendors' complex types (`double2`) are
/// 16-byte aligned and their host code may load them with aligned instructions, while
/// `Complex64` is only 8-byte aligned.
#[repr(C, align(16))]
struct A16<T>(T);

/// A dimension as the vendors' 32-bit `int`, for a routine whose vendor call has not adopted
/// `sdcz64!` (which takes `i64`s and picks the 32- or 64-bit entry point itself).
#[allow(dead_code)]
fn int(routine: &'static str, v: usize) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::Unsupported { routine, what: format!("a dimension, leading dimension or increment of {v} (over the vendor API's 32-bit limit)") })
}

/// A batch stride as the vendors' `long long` (see [`int`]; [`wide`] does the same for any
/// size).
#[allow(dead_code)]
fn stride(v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::Unsupported {
        routine: "gemm_strided_batched",
        what: format!("a batch stride of {v}"),
    })
}

// SAFETY: allocations are the vendor's (aligned to 256 bytes); copies are synchronous (the
// stream is synchronised before `upload`/`download` return); every copy, memset, free and BLAS
// call is enqueued on the one stream of the context, so they run in order; `host_memory` is
// false; `same_context` compares the family (a context and its forks, whose memory is one);
// a fork runs on streams of its own, and `order_after_forks` makes this context's compute stream
// wait, by events, for everything its forks' streams hold.
unsafe impl<A: GpuApi> Backend for Gpu<A> {
    fn kind(&self) -> BackendKind {
        A::KIND
    }
    fn describe(&self) -> String {
        self.ctx.description.clone()
    }
    fn host_memory(&self) -> bool {
        false
    }
    fn same_context(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.ctx.family, &other.ctx.family)
    }
    fn fork(&self) -> Result<Self> {
        Self::open(
            self.ctx.ordinal as usize,
            None,
            None,
            Some(self.ctx.family.clone()),
        )
    }
    fn device_ordinal(&self) -> usize {
        self.ctx.ordinal as usize
    }
    fn order_after_forks(&self) -> Result<()> {
        let others: Vec<Arc<Ctx<A>>> = lock(&self.ctx.family.members)
            .iter()
            .filter_map(Weak::upgrade)
            .filter(|c| !Arc::ptr_eq(c, &self.ctx))
            .collect();
        if others.is_empty() {
            return Ok(());
        }
        self.ctx.enter()?;
        for other in &others {
            other.joined_by(self.ctx.stream)?;
        }
        Ok(())
    }
    fn multiplies_structural_zeros(&self, routine: StructuralZeros, kind: ScalarKind) -> bool {
        A::multiplies_structural_zeros(routine, kind)
    }
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        self.ctx.enter()?;
        // SAFETY: the stream is live; `bytes > 0` by the caller's contract.
        unsafe { self.ctx.api.malloc(bytes, self.ctx.stream) }
    }
    unsafe fn free(&self, ptr: DevPtr, _bytes: usize) {
        if self.ctx.enter().is_ok() {
            // SAFETY: the caller guarantees `ptr` is a live allocation of this context, used by
            // no later work; the free is ordered on the stream after earlier work.
            unsafe { self.ctx.api.free(ptr, self.ctx.stream) }
        }
    }
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: the caller guarantees both ranges; synchronising before returning means the
        // host memory is not read after this call.
        unsafe {
            self.ctx.api.memcpy(
                dst.as_raw(),
                src,
                bytes,
                CopyKind::HostToDevice,
                self.ctx.stream,
            )?
        };
        // SAFETY: the stream is the context's own, live as long as the context.
        unsafe { self.ctx.api.stream_sync(self.ctx.stream) }
    }
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: as for `upload`: the host memory is not written after this call.
        unsafe {
            self.ctx.api.memcpy(
                dst,
                src.as_raw(),
                bytes,
                CopyKind::DeviceToHost,
                self.ctx.stream,
            )?
        };
        // SAFETY: the stream is the context's own, live as long as the context.
        unsafe { self.ctx.api.stream_sync(self.ctx.stream) }
    }
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: the caller guarantees both device ranges; ordered on the stream.
        unsafe {
            self.ctx.api.memcpy(
                dst.as_raw(),
                src.as_raw(),
                bytes,
                CopyKind::DeviceToDevice,
                self.ctx.stream,
            )
        }
    }
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: the caller guarantees the range; ordered on the stream.
        unsafe { self.ctx.api.memset_zero(dst, bytes, self.ctx.stream) }
    }
    fn synchronize(&self) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: the stream is the context's own, live as long as the context.
        unsafe { self.ctx.api.stream_sync(self.ctx.stream) }
    }
    fn synchronize_all(&self) -> Result<()> {
        self.ctx.enter()?;
        let mut r = Ok(());
        for q in [Queue::Compute, Queue::Upload, Queue::Download] {
            // SAFETY: the streams are the context's own, live as long as the context.
            let s = unsafe { self.ctx.api.stream_sync(self.ctx.queue(q)) };
            r = r.and(s);
        }
        r
    }
    fn async_transfers(&self) -> bool {
        true
    }
    unsafe fn alloc_pinned(&self, bytes: usize) -> Result<*mut u8> {
        self.ctx.enter()?;
        // SAFETY: plain page-locked allocation.
        unsafe { self.ctx.api.host_alloc(bytes) }
    }
    unsafe fn pinned_device_address(&self, p: *mut u8) -> Option<DevPtr> {
        self.ctx.enter().ok()?;
        // SAFETY: `p` came from `alloc_pinned` (the caller's contract), i.e. `host_alloc`.
        unsafe { self.ctx.api.host_device_pointer(p) }.map(DevPtr::from_raw)
    }
    unsafe fn free_pinned(&self, p: *mut u8, _bytes: usize) {
        // SAFETY: the caller guarantees `p` came from `alloc_pinned` and no transfer uses it.
        unsafe { self.ctx.api.host_free(p) }
    }
    unsafe fn upload_async(
        &self,
        q: Queue,
        dst: DevPtr,
        src: *const u8,
        bytes: usize,
    ) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: the caller guarantees both ranges, and that `src` stays valid until the copy
        // is done; the stream is the context's own.
        unsafe {
            self.ctx.api.memcpy(
                dst.as_raw(),
                src,
                bytes,
                CopyKind::HostToDevice,
                self.ctx.queue(q),
            )
        }
    }
    unsafe fn download_async(
        &self,
        q: Queue,
        dst: *mut u8,
        src: DevPtr,
        bytes: usize,
    ) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: as for `upload_async`.
        unsafe {
            self.ctx.api.memcpy(
                dst,
                src.as_raw(),
                bytes,
                CopyKind::DeviceToHost,
                self.ctx.queue(q),
            )
        }
    }
    unsafe fn upload_2d_async(
        &self,
        q: Queue,
        dst: DevPtr,
        dpitch: usize,
        src: *const u8,
        spitch: usize,
        width: usize,
        height: usize,
    ) -> Result<()> {
        if height == 0 || width == 0 {
            return Ok(());
        }
        if dpitch.max(spitch) > MAX_PITCH {
            // SAFETY: forwarded to the caller.
            return unsafe {
                crate::backend::upload_rows(self, q, dst, dpitch, src, spitch, width, height)
            };
        }
        self.ctx.enter()?;
        // SAFETY: the caller guarantees every row of both ranges, and that `src` stays valid
        // until the copy is done; the stream is the context's own.
        unsafe {
            self.ctx.api.memcpy_2d(
                dst.as_raw(),
                dpitch,
                src,
                spitch,
                width,
                height,
                CopyKind::HostToDevice,
                self.ctx.queue(q),
            )
        }
    }
    unsafe fn download_2d_async(
        &self,
        q: Queue,
        dst: *mut u8,
        dpitch: usize,
        src: DevPtr,
        spitch: usize,
        width: usize,
        height: usize,
    ) -> Result<()> {
        if height == 0 || width == 0 {
            return Ok(());
        }
        if dpitch.max(spitch) > MAX_PITCH {
            // SAFETY: forwarded to the caller.
            return unsafe {
                crate::backend::download_rows(self, q, dst, dpitch, src, spitch, width, height)
            };
        }
        self.ctx.enter()?;
        // SAFETY: as for `upload_2d_async`.
        unsafe {
            self.ctx.api.memcpy_2d(
                dst,
                dpitch,
                src.as_raw(),
                spitch,
                width,
                height,
                CopyKind::DeviceToHost,
                self.ctx.queue(q),
            )
        }
    }
    fn event_create(&self) -> Result<Event> {
        self.ctx.enter()?;
        self.ctx.api.event_create().map(Event::from_raw)
    }
    unsafe fn event_destroy(&self, e: Event) {
        // SAFETY: forwarded to the caller.
        unsafe { self.ctx.api.event_destroy(e.as_raw()) }
    }
    unsafe fn event_record(&self, e: Event, q: Queue) -> Result<()> {
        // SAFETY: forwarded to the caller; the stream is the context's own.
        unsafe { self.ctx.api.event_record(e.as_raw(), self.ctx.queue(q)) }
    }
    unsafe fn event_wait(&self, q: Queue, e: Event) -> Result<()> {
        // SAFETY: as for `event_record`.
        unsafe { self.ctx.api.stream_wait(self.ctx.queue(q), e.as_raw()) }
    }
    unsafe fn event_sync(&self, e: Event) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.ctx.api.event_sync(e.as_raw()) }
    }
    unsafe fn register_host(&self, p: *mut u8, bytes: usize) -> Result<()> {
        self.ctx.enter()?;
        // SAFETY: forwarded to the caller.
        unsafe { self.ctx.api.host_register(p, bytes) }
    }
    unsafe fn unregister_host(&self, p: *mut u8) {
        // SAFETY: forwarded to the caller.
        unsafe { self.ctx.api.host_unregister(p) }
    }
}
