//! [`GpuApi`]: what the shared GPU backend needs of a vendor's runtime and BLAS library.

use crate::backend::{BackendKind, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

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
/// functions take host scalars (host pointer mode), dimensions already converted to `i32`, and
/// pointers the safe layer validated.
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
    unsafe fn memset_zero(&self, dst: DevPtr, bytes: usize, s: Self::Stream) -> Result<()>;
    /// Page-locked host memory (`cudaMallocHost` / `hipHostMalloc`).
    unsafe fn host_alloc(&self, bytes: usize) -> Result<*mut u8>;
    unsafe fn host_free(&self, p: *mut u8);
    /// Page-locks existing host memory (`cudaHostRegister` / `hipHostRegister`).
    unsafe fn host_register(&self, p: *mut u8, bytes: usize) -> Result<()>;
    unsafe fn host_unregister(&self, p: *mut u8);
    /// An event without timing (the cheapest kind), as a raw handle.
    fn event_create(&self) -> Result<*mut std::ffi::c_void>;
    unsafe fn event_destroy(&self, e: *mut std::ffi::c_void);
    unsafe fn event_record(&self, e: *mut std::ffi::c_void, s: Self::Stream) -> Result<()>;
    unsafe fn event_sync(&self, e: *mut std::ffi::c_void) -> Result<()>;
    /// Makes later work on `s` wait for `e`.
    unsafe fn stream_wait(&self, s: Self::Stream, e: *mut std::ffi::c_void) -> Result<()>;
    unsafe fn handle_create(&self, s: Self::Stream) -> Result<Self::Handle>;
    unsafe fn handle_destroy(&self, h: Self::Handle);

    unsafe fn axpy<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        alpha: &T,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
    ) -> Result<()>;
    unsafe fn scal<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        alpha: &T,
        x: DevPtr,
        incx: i32,
    ) -> Result<()>;
    unsafe fn copy<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
    ) -> Result<()>;
    unsafe fn swap<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
    ) -> Result<()>;
    unsafe fn dot<T: Scalar>(
        &self,
        h: Self::Handle,
        conj: bool,
        n: i32,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
        out: &mut T,
    ) -> Result<()>;
    unsafe fn nrm2<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        out: &mut T::Real,
    ) -> Result<()>;
    unsafe fn asum<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        out: &mut T::Real,
    ) -> Result<()>;
    /// 1-based, as the vendors return it.
    unsafe fn iamax<T: Scalar>(
        &self,
        h: Self::Handle,
        max: bool,
        n: i32,
        x: DevPtr,
        incx: i32,
        out: &mut i32,
    ) -> Result<()>;
    unsafe fn gemv<T: Scalar>(
        &self,
        h: Self::Handle,
        trans: Op,
        m: i32,
        n: i32,
        alpha: &T,
        a: DevPtr,
        lda: i32,
        x: DevPtr,
        incx: i32,
        beta: &T,
        y: DevPtr,
        incy: i32,
    ) -> Result<()>;
    unsafe fn ger<T: Scalar>(
        &self,
        h: Self::Handle,
        conj: bool,
        m: i32,
        n: i32,
        alpha: &T,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
        a: DevPtr,
        lda: i32,
    ) -> Result<()>;
    unsafe fn gemm<T: Scalar>(
        &self,
        h: Self::Handle,
        ta: Op,
        tb: Op,
        m: i32,
        n: i32,
        k: i32,
        alpha: &T,
        a: DevPtr,
        lda: i32,
        b: DevPtr,
        ldb: i32,
        beta: &T,
        c: DevPtr,
        ldc: i32,
    ) -> Result<()>;
    unsafe fn trsm<T: Scalar>(
        &self,
        h: Self::Handle,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: i32,
        n: i32,
        alpha: &T,
        a: DevPtr,
        lda: i32,
        b: DevPtr,
        ldb: i32,
    ) -> Result<()>;
    unsafe fn syrk<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i32,
        k: i32,
        alpha: &T,
        a: DevPtr,
        lda: i32,
        beta: &T,
        c: DevPtr,
        ldc: i32,
    ) -> Result<()>;
    /// `syrk` for real types.
    unsafe fn herk<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i32,
        k: i32,
        alpha: &T::Real,
        a: DevPtr,
        lda: i32,
        beta: &T::Real,
        c: DevPtr,
        ldc: i32,
    ) -> Result<()>;
    unsafe fn gemm_strided_batched<T: Scalar>(
        &self,
        h: Self::Handle,
        ta: Op,
        tb: Op,
        m: i32,
        n: i32,
        k: i32,
        alpha: &T,
        a: DevPtr,
        lda: i32,
        sa: i64,
        b: DevPtr,
        ldb: i32,
        sb: i64,
        beta: &T,
        c: DevPtr,
        ldc: i32,
        sc: i64,
        batch: i32,
    ) -> Result<()>;
}
