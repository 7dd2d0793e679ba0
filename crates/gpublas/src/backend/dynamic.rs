//! [`Dynamic`]: a backend chosen at run time among the compiled ones, itself a [`Backend`], so
//! code written for one static backend and code written for `Device::auto()` are the same code.

use super::{Backend, BackendKind, DevPtr, Event, Queue, StructuralZeros};
use super::{Batched, Level1, Level2, Level3, MixedPrecision};
#[cfg(feature = "host")]
use super::{Emulated, Host};
use crate::error::Result;
use crate::scalar::{Scalar, ScalarKind};

/// One of the compiled backends, picked at run time (see `Device::auto`).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Dynamic {
    /// The CPU.
    #[cfg(feature = "host")]
    #[cfg_attr(docsrs, doc(cfg(feature = "host")))]
    Host(Host),
    /// The CPU behaving like a discrete GPU (testing).
    #[cfg(feature = "host")]
    #[cfg_attr(docsrs, doc(cfg(feature = "host")))]
    Emulated(Emulated),
    /// An NVIDIA GPU.
    #[cfg(feature = "cuda")]
    #[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
    Cuda(super::Cuda),
    /// An AMD GPU.
    #[cfg(feature = "rocm")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
    Rocm(super::Rocm),
}

/// Runs `$body` with `$b` bound to the inner backend.
macro_rules! dispatch {
    ($self:expr, $b:ident => $body:expr) => {
        match $self {
            #[cfg(feature = "host")]
            Dynamic::Host($b) => $body,
            #[cfg(feature = "host")]
            Dynamic::Emulated($b) => $body,
            #[cfg(feature = "cuda")]
            Dynamic::Cuda($b) => $body,
            #[cfg(feature = "rocm")]
            Dynamic::Rocm($b) => $body,
        }
    };
}

// SAFETY: every method forwards to the one backend the value holds, which keeps the contract;
// `same_context` is `false` across different backends.
unsafe impl Backend for Dynamic {
    fn kind(&self) -> BackendKind {
        dispatch!(self, b => b.kind())
    }
    fn describe(&self) -> String {
        dispatch!(self, b => b.describe())
    }
    fn host_memory(&self) -> bool {
        dispatch!(self, b => b.host_memory())
    }
    fn same_context(&self, other: &Self) -> bool {
        match (self, other) {
            #[cfg(feature = "host")]
            (Dynamic::Host(a), Dynamic::Host(b)) => a.same_context(b),
            #[cfg(feature = "host")]
            (Dynamic::Emulated(a), Dynamic::Emulated(b)) => a.same_context(b),
            #[cfg(feature = "cuda")]
            (Dynamic::Cuda(a), Dynamic::Cuda(b)) => a.same_context(b),
            #[cfg(feature = "rocm")]
            (Dynamic::Rocm(a), Dynamic::Rocm(b)) => a.same_context(b),
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.alloc(bytes) })
    }
    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.free(ptr, bytes) })
    }
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.upload(dst, src, bytes) })
    }
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.download(dst, src, bytes) })
    }
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { Backend::copy(b, dst, src, bytes) })
    }
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.zero(dst, bytes) })
    }
    fn synchronize_all(&self) -> Result<()> {
        dispatch!(self, b => b.synchronize_all())
    }
    fn synchronize(&self) -> Result<()> {
        dispatch!(self, b => b.synchronize())
    }
    fn fork(&self) -> Result<Self> {
        match self {
            #[cfg(feature = "host")]
            Dynamic::Host(b) => b.fork().map(Dynamic::Host),
            #[cfg(feature = "host")]
            Dynamic::Emulated(b) => b.fork().map(Dynamic::Emulated),
            #[cfg(feature = "cuda")]
            Dynamic::Cuda(b) => b.fork().map(Dynamic::Cuda),
            #[cfg(feature = "rocm")]
            Dynamic::Rocm(b) => b.fork().map(Dynamic::Rocm),
        }
    }
    fn order_after_forks(&self) -> Result<()> {
        dispatch!(self, b => b.order_after_forks())
    }
    fn device_ordinal(&self) -> usize {
        dispatch!(self, b => b.device_ordinal())
    }
    fn async_transfers(&self) -> bool {
        dispatch!(self, b => b.async_transfers())
    }
    unsafe fn alloc_pinned(&self, bytes: usize) -> Result<*mut u8> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.alloc_pinned(bytes) })
    }
    unsafe fn pinned_device_address(&self, p: *mut u8) -> Option<DevPtr> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.pinned_device_address(p) })
    }
    unsafe fn free_pinned(&self, p: *mut u8, bytes: usize) {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.free_pinned(p, bytes) })
    }
    unsafe fn upload_async(
        &self,
        q: Queue,
        dst: DevPtr,
        src: *const u8,
        bytes: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.upload_async(q, dst, src, bytes) })
    }
    unsafe fn download_async(
        &self,
        q: Queue,
        dst: *mut u8,
        src: DevPtr,
        bytes: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.download_async(q, dst, src, bytes) })
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
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.upload_2d_async(q, dst, dpitch, src, spitch, width, height) })
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
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.download_2d_async(q, dst, dpitch, src, spitch, width, height) })
    }
    fn event_create(&self) -> Result<Event> {
        dispatch!(self, b => b.event_create())
    }
    unsafe fn event_destroy(&self, e: Event) {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.event_destroy(e) })
    }
    unsafe fn event_record(&self, e: Event, q: Queue) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.event_record(e, q) })
    }
    unsafe fn event_wait(&self, q: Queue, e: Event) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.event_wait(q, e) })
    }
    unsafe fn event_sync(&self, e: Event) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.event_sync(e) })
    }
    unsafe fn register_host(&self, p: *mut u8, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.register_host(p, bytes) })
    }
    unsafe fn unregister_host(&self, p: *mut u8) {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.unregister_host(p) })
    }
    fn trim(&self, keep: usize) -> Result<()> {
        dispatch!(self, b => b.trim(keep))
    }
    fn multiplies_structural_zeros(&self, routine: StructuralZeros, kind: ScalarKind) -> bool {
        dispatch!(self, b => b.multiplies_structural_zeros(routine, kind))
    }
}

/// Forwards each listed method of the trait named first to the inner backend.
macro_rules! forward_blas {
    ($tr:ident; $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $(
            unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
                // SAFETY: forwarded to the caller.
                dispatch!(self, b => unsafe { $tr::<T>::$name(b, $($arg),*) })
            }
        )*
    };
}

impl<T: Scalar> Level1<T> for Dynamic {
    super::level1_methods!(forward_blas);
}
impl<T: Scalar> Level2<T> for Dynamic {
    super::level2_methods!(forward_blas);
}
impl<T: Scalar> Level3<T> for Dynamic {
    super::level3_methods!(forward_blas);
}
impl<T: Scalar> Batched<T> for Dynamic {
    super::batched_methods!(forward_blas);
}

/// Forwards each listed method of [`MixedPrecision`] to the inner backend.
macro_rules! forward_mixed {
    ($tr:ident; $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $(
            unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
                // SAFETY: forwarded to the caller.
                dispatch!(self, b => unsafe { $tr::$name(b, $($arg),*) })
            }
        )*
    };
}

impl MixedPrecision for Dynamic {
    super::mixed_methods!(forward_mixed);
}
