//! Backends: the thin, unsafe layer under the safe API.
//!
//! A [`Backend`] owns one device's memory and streams; [`Blas<T>`] adds the BLAS routines for a
//! scalar type. Both take raw [`DevPtr`]s and **trust their arguments**: the safe layer
//! (`Device` and its operations) validates every dimension, leading dimension, increment
//! and length against the real allocations before it calls them.
//!
//! | backend | feature | memory | library |
//! |---|---|---|---|
//! | [`Host`] | `host` (default) | host memory, zero-copy mapping | faer and gpublas's own gemm kernel, plus plain loops for level 1 |
//! | `Cuda` | `cuda` | NVIDIA device memory | cuBLAS, loaded at run time |
//! | `Rocm` | `rocm` | AMD device memory | rocBLAS, loaded at run time |
//! | [`Emulated`] | `host` (default) | host memory behind copies, checked | the host's (testing: a GPU's paths without a GPU) |
//! | [`Dynamic`] | always | whichever was picked at run time | forwards to one of the above |

use crate::error::{Error, Result};
use crate::scalar::ScalarKind;

mod all;
mod batched;
#[cfg(feature = "cuda")]
mod cuda;
mod dynamic;
#[cfg(feature = "host")]
mod emulated;
#[cfg(any(feature = "cuda", feature = "rocm"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "cuda", feature = "rocm"))))]
pub mod gpu;
mod host;
mod host_path;
mod level1;
mod level2;
mod level3;
mod mixed;
#[cfg(feature = "rocm")]
mod rocm;

pub use all::{Blas, BlasAll};
pub(crate) use batched::batched_methods;
pub use batched::Batched;
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use cuda::{Cuda, CudaApi};
pub use dynamic::Dynamic;
#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
pub use emulated::Emulated;
#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
pub use host::Host;
pub(crate) use level1::level1_methods;
pub use level1::Level1;
pub(crate) use level2::level2_methods;
pub use level2::Level2;
pub(crate) use level3::level3_methods;
pub use level3::Level3;
pub(crate) use mixed::mixed_methods;
pub use mixed::MixedPrecision;
#[cfg(feature = "rocm")]
#[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
pub use rocm::{Rocm, RocmApi};

/// A raw address in a backend's memory space (a host address for [`Host`]).
///
/// It is only an address: it carries no length, no type and no lifetime, and nothing can be
/// read through it without `unsafe` backend calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DevPtr(*mut u8);

// SAFETY: a `DevPtr` is an inert address; every access through it goes through `unsafe` backend
// calls whose callers uphold the synchronisation rules.
unsafe impl Send for DevPtr {}
// SAFETY: as above.
unsafe impl Sync for DevPtr {}

impl DevPtr {
    /// The null address (what an empty allocation resolves to).
    pub const NULL: DevPtr = DevPtr(std::ptr::null_mut());

    /// Wraps a raw address.
    pub const fn from_raw(p: *mut u8) -> Self {
        DevPtr(p)
    }

    /// The raw address.
    pub const fn as_raw(self) -> *mut u8 {
        self.0
    }

    /// The address as a typed pointer.
    pub fn cast<T>(self) -> *mut T {
        self.0.cast()
    }

    /// Whether this is the null address.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The address `elems` elements of `T` further on (wrapping: it is never dereferenced here).
    pub fn offset<T>(self, elems: usize) -> Self {
        DevPtr(self.0.wrapping_add(elems * std::mem::size_of::<T>()))
    }
}

/// Which family a backend belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendKind {
    /// The CPU.
    Host,
    /// NVIDIA, through the CUDA runtime and cuBLAS.
    Cuda,
    /// AMD, through HIP and rocBLAS.
    Rocm,
    /// The CPU behaving like a discrete GPU ([`Emulated`]), for testing.
    Emulated,
}

impl BackendKind {
    /// The lower-case name `GPUBLAS_BACKEND` uses.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Host => "host",
            BackendKind::Cuda => "cuda",
            BackendKind::Rocm => "rocm",
            BackendKind::Emulated => "emulated",
        }
    }
}

/// One device's memory and transfers.
///
/// # Safety (for implementors)
/// The safe layer's memory safety rests on every implementation keeping this contract, so the
/// trait is `unsafe` to implement:
/// - **Ordering:** all work the backend enqueues (copies, memsets, frees, BLAS calls) runs in
///   the order it was enqueued, whichever thread enqueued it.
/// - **Completion:** `upload` and `download` are complete when they return: the device never
///   reads or writes the host memory they were given after they return.
/// - **Allocation:** `alloc(bytes)` returns memory valid for `bytes` bytes, aligned for every
///   [`Scalar`](crate::Scalar) (16 bytes at least), until `free`; `free` is ordered after all work enqueued
///   before it.
/// - **Truthful queries:** `host_memory()` is `true` only if device addresses *are* host
///   addresses (host data is then used in place); `same_context(other)` is `true` only if
///   memory of one may be used by the other's calls.
/// - **Forks:** the work of a [`fork`](Backend::fork) may run in any order with this backend's
///   (that is what a second queue is for); after [`order_after_forks`](Backend::order_after_forks)
///   returns `Ok`, work enqueued here runs after everything its forks had enqueued.
/// - `Send + Sync`: the methods may be called from any thread at once.
#[allow(clippy::missing_safety_doc)] // each method's `# Safety` section says it; clippy misses some
pub unsafe trait Backend: Send + Sync + 'static {
    /// Which family this backend is.
    fn kind(&self) -> BackendKind;

    /// One line naming the device and library, e.g. `"cuda: NVIDIA H200 (cuBLAS 13.1)"`.
    fn describe(&self) -> String;

    /// Whether device addresses are host addresses, so host data can be mapped without copies.
    fn host_memory(&self) -> bool;

    /// Whether `other` shares this backend's memory space and ordering (the same context), so
    /// buffers of one may be used with the other.
    fn same_context(&self, other: &Self) -> bool;

    /// Allocates `bytes` (> 0) bytes, aligned for every [`Scalar`](crate::Scalar).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] if the device has not enough memory.
    ///
    /// # Safety
    /// `bytes > 0`.
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr>;

    /// Frees an allocation, ordered after all work enqueued before it.
    ///
    /// # Safety
    /// `ptr` came from [`Backend::alloc`] on this backend with the same `bytes`, and is not used
    /// by any work enqueued after this call.
    unsafe fn free(&self, ptr: DevPtr, bytes: usize);

    /// Copies `bytes` from host memory to the device, after all earlier work; complete on return.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`]).
    ///
    /// # Safety
    /// `src` is valid for reading and `dst` for writing `bytes` bytes.
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()>;

    /// Copies `bytes` from the device to host memory, after all earlier work; complete on return.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`]); `dst` may then be partly
    /// written (a vendor copy can stop part way).
    ///
    /// # Safety
    /// `src` is valid for reading and `dst` for writing `bytes` bytes.
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()>;

    /// Copies `bytes` between two device ranges that do not overlap, in stream order.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`]).
    ///
    /// # Safety
    /// Both ranges are valid for `bytes` bytes and do not overlap.
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()>;

    /// Sets `bytes` bytes to zero, in stream order.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`]).
    ///
    /// # Safety
    /// `dst` is valid for writing `bytes` bytes.
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()>;

    /// Waits until all enqueued work is complete.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`]), including
    /// failures of earlier asynchronous work.
    fn synchronize(&self) -> Result<()>;

    /// Waits until all work enqueued on every queue of this backend (compute and transfer) is
    /// complete. The default is [`Backend::synchronize`], right for backends whose transfer
    /// queues are the compute queue or are drained by it.
    ///
    /// # Errors
    /// As for [`Backend::synchronize`].
    fn synchronize_all(&self) -> Result<()> {
        self.synchronize()
    }

    /// A backend on the same device and memory (`same_context` holds between the two) whose
    /// work runs on a queue of its own, so it can overlap this backend's: a new stream of the
    /// same GPU. Backends with one queue (host, emulated) return a clone, whose work stays in
    /// the one order.
    ///
    /// A backend whose forks order work on other queues must implement
    /// [`Backend::order_after_forks`] too: the safe layer relies on it before it frees or
    /// reuses memory a fork may have used.
    ///
    /// # Errors
    /// [`Error::Unsupported`] by default; a vendor failure creating the queue.
    fn fork(&self) -> Result<Self>
    where
        Self: Sized,
    {
        Err(Error::Unsupported {
            routine: "fork",
            what: format!("a second queue on {}", self.describe()),
        })
    }

    /// Makes work enqueued on this backend's compute queue from now on wait for all work
    /// enqueued so far on every live fork of its family (see [`Backend::fork`]), without
    /// blocking the host. Nothing to do (the default) where there are no forks on other queues.
    ///
    /// # Errors
    /// A vendor failure recording or waiting for an event; the ordering is then not in place
    /// (the safe layer leaks the memory it was about to free rather than free it early).
    fn order_after_forks(&self) -> Result<()> {
        Ok(())
    }

    /// The device's index among its vendor's devices (0 for the CPU), as DLPack and the vendor
    /// runtimes number them.
    fn device_ordinal(&self) -> usize {
        0
    }

    // ---- Transfer primitives (the transfer engine in `crate::transfer` builds on these). A
    // backend without asynchronous transfers keeps the defaults: everything synchronous, pinned
    // memory is ordinary host memory, events are no-ops.

    /// Whether transfers run asynchronously on their own queues beside the compute queue. When
    /// `false`, every `*_async` method completes before it returns and events do nothing.
    fn async_transfers(&self) -> bool {
        false
    }

    /// Allocates `bytes` (> 0) of page-locked host memory (ordinary host memory by default),
    /// aligned to 64 bytes.
    ///
    /// # Safety
    /// `bytes > 0`.
    unsafe fn alloc_pinned(&self, bytes: usize) -> Result<*mut u8> {
        let layout =
            std::alloc::Layout::from_size_align(bytes, 64).map_err(|_| Error::OutOfMemory {
                backend: "host (pinned)",
                bytes,
            })?;
        // SAFETY: `bytes > 0` (the caller's contract), so the layout is not zero-sized.
        let p = unsafe { std::alloc::alloc(layout) };
        if p.is_null() {
            Err(Error::OutOfMemory {
                backend: "host (pinned)",
                bytes,
            })
        } else {
            Ok(p)
        }
    }

    /// The device address of page-locked memory `p` from [`Backend::alloc_pinned`] (its start),
    /// if the device can read and write that memory in place over the link (mapped page-locked
    /// memory), so BLAS routines may take it as an operand; `None` (the default) where not.
    ///
    /// Implementors guarantee that a returned address designates the same bytes as the
    /// allocation, for as long as it lives, as an operand of this backend's routines; and that
    /// the device's writes to it are visible to the host once an event recorded after them on
    /// the compute queue is reached.
    ///
    /// # Safety
    /// `p` came from `alloc_pinned` on this backend and is not yet freed.
    unsafe fn pinned_device_address(&self, p: *mut u8) -> Option<DevPtr> {
        let _ = p;
        None
    }

    /// Frees memory from [`Backend::alloc_pinned`].
    ///
    /// # Safety
    /// `p` came from `alloc_pinned(bytes)` on this backend, and no transfer still uses it.
    unsafe fn free_pinned(&self, p: *mut u8, bytes: usize) {
        // SAFETY: the caller guarantees `p` came from `alloc_pinned(bytes)`, whose layout was valid.
        unsafe { std::alloc::dealloc(p, std::alloc::Layout::from_size_align_unchecked(bytes, 64)) }
    }

    /// Enqueues a copy of `bytes` from host memory to the device on `q`, after earlier work on
    /// `q`; returns at once when transfers are asynchronous.
    ///
    /// # Safety
    /// As for [`Backend::upload`], and `src` stays valid and unchanged until the copy is complete
    /// (an event recorded on `q` after it has completed). Asynchronous backends need `src` to
    /// be page-locked memory from [`Backend::alloc_pinned`] or registered with
    /// [`Backend::register_host`].
    unsafe fn upload_async(
        &self,
        q: Queue,
        dst: DevPtr,
        src: *const u8,
        bytes: usize,
    ) -> Result<()> {
        let _ = q;
        // SAFETY: forwarded to the caller.
        unsafe { self.upload(dst, src, bytes) }
    }

    /// Enqueues a copy of `bytes` from the device to host memory on `q`.
    ///
    /// # Safety
    /// As for [`Backend::download`], and `dst` stays valid and untouched by anything else until
    /// the copy is complete; page-locked as for [`Backend::upload_async`].
    unsafe fn download_async(
        &self,
        q: Queue,
        dst: *mut u8,
        src: DevPtr,
        bytes: usize,
    ) -> Result<()> {
        let _ = q;
        // SAFETY: forwarded to the caller.
        unsafe { self.download(dst, src, bytes) }
    }

    /// Enqueues a strided copy from host memory to the device on `q`: `height` rows of `width`
    /// bytes, row `i` read at `src + i·spitch` and written at `dst + i·dpitch` (a column-major
    /// block, its columns as rows). By default one [`Backend::upload_async`] per row; GPU
    /// backends make it one DMA (`cudaMemcpy2DAsync`).
    ///
    /// # Safety
    /// `width <= spitch` and `width <= dpitch`; every row's source and destination are valid
    /// for `width` bytes, and the conditions of [`Backend::upload_async`] hold for each.
    #[allow(clippy::too_many_arguments)]
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
        // SAFETY: forwarded to the caller.
        unsafe { upload_rows(self, q, dst, dpitch, src, spitch, width, height) }
    }

    /// Enqueues a strided copy from the device to host memory on `q`: `height` rows of `width`
    /// bytes, row `i` read at `src + i·spitch` and written at `dst + i·dpitch`. By default one
    /// [`Backend::download_async`] per row.
    ///
    /// # Safety
    /// As for [`Backend::upload_2d_async`], with the conditions of
    /// [`Backend::download_async`] for each row.
    #[allow(clippy::too_many_arguments)]
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
        // SAFETY: forwarded to the caller.
        unsafe { download_rows(self, q, dst, dpitch, src, spitch, width, height) }
    }

    /// Creates an event (a marker in a queue that other queues and the host can wait for).
    fn event_create(&self) -> Result<Event> {
        Ok(Event::NONE)
    }

    /// Destroys an event.
    ///
    /// # Safety
    /// `e` came from this backend's `event_create` and is not used afterwards.
    unsafe fn event_destroy(&self, e: Event) {
        let _ = e;
    }

    /// Marks the current end of queue `q` with `e`.
    ///
    /// # Safety
    /// `e` is a live event of this backend.
    unsafe fn event_record(&self, e: Event, q: Queue) -> Result<()> {
        let _ = (e, q);
        Ok(())
    }

    /// Makes later work on `q` wait until `e`'s marker is reached.
    ///
    /// # Safety
    /// `e` is a live event of this backend.
    unsafe fn event_wait(&self, q: Queue, e: Event) -> Result<()> {
        let _ = (q, e);
        Ok(())
    }

    /// Blocks the calling thread until `e`'s marker is reached.
    ///
    /// # Safety
    /// `e` is a live event of this backend.
    unsafe fn event_sync(&self, e: Event) -> Result<()> {
        let _ = e;
        Ok(())
    }

    /// Page-locks `bytes` of existing host memory so transfers can use it directly (does
    /// nothing by default).
    ///
    /// # Safety
    /// `p` is valid for `bytes` bytes until [`Backend::unregister_host`].
    unsafe fn register_host(&self, p: *mut u8, bytes: usize) -> Result<()> {
        let _ = (p, bytes);
        Ok(())
    }

    /// Undoes [`Backend::register_host`].
    ///
    /// # Safety
    /// `p` was registered with `register_host` and no transfer still uses it.
    unsafe fn unregister_host(&self, p: *mut u8) {
        let _ = p;
    }

    /// Frees cached device memory the vendor's allocator holds beyond `keep` bytes.
    fn trim(&self, keep: usize) -> Result<()> {
        let _ = keep;
        Ok(())
    }

    /// Whether this backend's library computes `routine` on scalar type `kind` by multiplying
    /// elements the reference never multiplies — a structural zero of a triangle times an
    /// element of another operand — so that a NaN or ∞ in that operand (`0·NaN = NaN`) reaches
    /// elements of the result the reference keeps finite. `false` by default (the host's
    /// routines follow the reference).
    ///
    /// Where it is `true`, the backend guards the routine: it first checks, with its own `asum`
    /// (a synchronisation), whether the operands such a product could take are all finite; if
    /// they are, `0·x = 0` and the library's result is the reference's, so the library runs;
    /// if not, the operands are copied to the host, the [`Host`] backend's routine runs there
    /// and the result is copied back.
    fn multiplies_structural_zeros(&self, routine: StructuralZeros, kind: ScalarKind) -> bool {
        let _ = (routine, kind);
        false
    }
}

/// The routines a library may compute by multiplying structural zeros
/// ([`Backend::multiplies_structural_zeros`]), with the operands whose non-finite elements then
/// leak into the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StructuralZeros {
    /// `trmv`, `tbmv`, `tpmv`: the zeros of the triangle (and outside the band) times `x`.
    TriangularMv,
    /// `trmm`: the zeros of the triangle times `B`.
    Trmm,
    /// `her2k` (`syr2k` for real types): elements of `A` and `B` reach elements of `C` their
    /// products do not belong to.
    Her2k,
}

/// A work queue of a backend: BLAS calls run on the compute queue; the transfer engine moves
/// data on the two copy queues, one per direction, so transfers overlap computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Queue {
    /// The queue every BLAS call, memset and free is ordered on.
    Compute,
    /// Host-to-device copies.
    Upload,
    /// Device-to-host copies.
    Download,
}

/// An event of a backend (an opaque handle; [`Event::NONE`] on synchronous backends).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event(pub(crate) usize);

impl Event {
    /// The event of synchronous backends: always reached.
    pub const NONE: Event = Event(0);

    /// Wraps a raw vendor event handle.
    pub fn from_raw(p: *mut std::ffi::c_void) -> Self {
        Event(p as usize)
    }

    /// The raw vendor event handle.
    pub fn as_raw(self) -> *mut std::ffi::c_void {
        self.0 as *mut std::ffi::c_void
    }
}

/// [`Backend::upload_2d_async`] as one [`Backend::upload_async`] per row (the default, and the
/// GPU backends' way for pitches their strided copy does not take).
///
/// # Safety
/// As for [`Backend::upload_2d_async`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn upload_rows<B: Backend + ?Sized>(
    b: &B,
    q: Queue,
    dst: DevPtr,
    dpitch: usize,
    src: *const u8,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    for i in 0..height {
        // SAFETY: row `i` of both ranges, valid for `width` bytes (the caller's contract).
        unsafe { b.upload_async(q, dst.offset::<u8>(i * dpitch), src.add(i * spitch), width)? };
    }
    Ok(())
}

/// [`Backend::download_2d_async`] as one [`Backend::download_async`] per row.
///
/// # Safety
/// As for [`Backend::download_2d_async`].
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn download_rows<B: Backend + ?Sized>(
    b: &B,
    q: Queue,
    dst: *mut u8,
    dpitch: usize,
    src: DevPtr,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    for i in 0..height {
        // SAFETY: as above.
        unsafe { b.download_async(q, dst.add(i * dpitch), src.offset::<u8>(i * spitch), width)? };
    }
    Ok(())
}
