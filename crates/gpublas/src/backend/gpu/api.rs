//! [`GpuApi`]: what the shared GPU backend needs of a vendor's runtime and BLAS library handles.
//! The BLAS routines themselves are one trait per level beside it, each in its level's folder:
//! [`GpuLevel1`](super::GpuLevel1), [`GpuLevel2`](super::GpuLevel2),
//! [`GpuLevel3`](super::GpuLevel3), [`GpuBatched`](super::GpuBatched) and
//! [`GpuMixed`](super::GpuMixed).

use crate::backend::{BackendKind, DevPtr, StructuralZeros};
use crate::error::Result;
use crate::scalar::ScalarKind;

/// Direction of a copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyKind {
    /// Host to device.
    HostToDevice,
    /// Device to host.
    DeviceToHost,
    /// Device to device.
    DeviceToDevice,
}

mod sealed {
    /// Keeps [`GpuApi`](super::GpuApi) implemented by this crate's vendor modules only: `Gpu<A>`
    /// is `Send + Sync` and runs vendor calls on the strength of what those implementations do.
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// A vendor's runtime and BLAS library, as the shared GPU backend needs them. Implemented by
/// `CudaApi` and `RocmApi` only (sealed): the backend's thread-safety and memory-safety
/// arguments rely on those two implementations (the vendor runtimes are thread-safe; streams
/// may be used from any thread; a BLAS handle is used by one thread at a time).
///
/// Sealed: an implementation outside gpublas does not compile,
/// ```compile_fail,E0277
/// # use gpublas::backend::gpu::GpuApi;
/// #[derive(Clone, Copy)]
/// struct Mine;
/// impl GpuApi for Mine {
///     // (the methods would go here)
/// }
/// ```
/// and a raw stream is only ever passed in `unsafe` code:
/// ```compile_fail,E0133
/// # use gpublas::backend::gpu::GpuApi;
/// fn sync<A: GpuApi>(api: A, stream: A::Stream) {
///     let _ = api.stream_sync(stream); // needs `unsafe`
/// }
/// ```
///
/// Every function maps the vendor's status to an [`Error`](crate::Error) with the vendor's own message. BLAS
/// functions take host scalars (host pointer mode), dimensions, leading dimensions, increments
/// and counts as `i64` (each call goes to the 32-bit entry point when they all fit in `i32`, to
/// the `_64` one otherwise: see `sdcz64!`), and pointers the safe layer
/// validated.
///
/// # Safety (for every `unsafe` method)
/// Streams and handles are live ones created by this API; device pointers are valid for the
/// extents the dimensions imply (as for [`Blas`](crate::Blas)); host pointers are valid for the bytes given.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuApi: Sealed + Copy + Send + Sync + 'static {
    /// A stream (an opaque pointer).
    type Stream: Copy;
    /// A BLAS handle (an opaque pointer).
    type Handle: Copy;
    /// Which backend family.
    const KIND: BackendKind;
    /// The BLAS library's name, e.g. `"cuBLAS"`.
    const LIBRARY: &'static str;
    /// Which versions of the BLAS library have the `_64` (64-bit size) entry points, for errors.
    const ILP64_SINCE: &'static str;

    /// Whether the library computes `routine` on `kind` by multiplying structural zeros
    /// ([`Backend::multiplies_structural_zeros`](crate::backend::Backend::multiplies_structural_zeros),
    /// which answers this): the backend then guards the routine.
    fn multiplies_structural_zeros(routine: StructuralZeros, kind: ScalarKind) -> bool;

    /// Loads the libraries (once per process).
    fn load() -> Result<Self>;
    fn device_count(&self) -> Result<usize>;
    fn current_device(&self) -> Result<i32>;
    fn set_device(&self, ordinal: i32) -> Result<()>;
    /// `"NVIDIA H200 (CUDA runtime 13.0, cuBLAS 13.1.0)"`; `h` is a live BLAS handle.
    unsafe fn describe(&self, ordinal: i32, h: Self::Handle) -> String;

    unsafe fn stream_create(&self) -> Result<Self::Stream>;
    unsafe fn stream_destroy(&self, s: Self::Stream);
    /// Waits for the stream.
    unsafe fn stream_sync(&self, s: Self::Stream) -> Result<()>;
    unsafe fn malloc(&self, bytes: usize, s: Self::Stream) -> Result<DevPtr>;
    unsafe fn free(&self, p: DevPtr, s: Self::Stream);
    /// Enqueues a copy on `s` (the caller synchronises where it must).
    unsafe fn memcpy(
        &self,
        dst: *mut u8,
        src: *const u8,
        bytes: usize,
        kind: CopyKind,
        s: Self::Stream,
    ) -> Result<()>;
    /// Enqueues a strided copy on `s`: `height` rows of `width` bytes, row `i` from
    /// `src + i·spitch` to `dst + i·dpitch` (`cudaMemcpy2DAsync` / `hipMemcpy2DAsync`).
    #[allow(clippy::too_many_arguments)]
    unsafe fn memcpy_2d(
        &self,
        dst: *mut u8,
        dpitch: usize,
        src: *const u8,
        spitch: usize,
        width: usize,
        height: usize,
        kind: CopyKind,
        s: Self::Stream,
    ) -> Result<()>;
    unsafe fn memset_zero(&self, dst: DevPtr, bytes: usize, s: Self::Stream) -> Result<()>;
    /// Page-locked host memory (`cudaMallocHost` / `hipHostMalloc`).
    unsafe fn host_alloc(&self, bytes: usize) -> Result<*mut u8>;
    unsafe fn host_free(&self, p: *mut u8);
    /// Page-locks existing host memory (`cudaHostRegister` / `hipHostRegister`).
    unsafe fn host_register(&self, p: *mut u8, bytes: usize) -> Result<()>;
    unsafe fn host_unregister(&self, p: *mut u8);
    /// The device's address of page-locked memory `p` (from `host_alloc`), if the device can
    /// read and write it in place (`cudaHostGetDevicePointer`); `None` where that is not known
    /// to work (the default).
    unsafe fn host_device_pointer(&self, p: *mut u8) -> Option<*mut u8> {
        let _ = p;
        None
    }
    /// An event without timing (the cheapest kind), as a raw handle.
    fn event_create(&self) -> Result<*mut std::ffi::c_void>;
    unsafe fn event_destroy(&self, e: *mut std::ffi::c_void);
    unsafe fn event_record(&self, e: *mut std::ffi::c_void, s: Self::Stream) -> Result<()>;
    unsafe fn event_sync(&self, e: *mut std::ffi::c_void) -> Result<()>;
    /// Makes later work on `s` wait for `e`.
    unsafe fn stream_wait(&self, s: Self::Stream, e: *mut std::ffi::c_void) -> Result<()>;
    unsafe fn handle_create(&self, s: Self::Stream) -> Result<Self::Handle>;
    unsafe fn handle_destroy(&self, h: Self::Handle);
}
