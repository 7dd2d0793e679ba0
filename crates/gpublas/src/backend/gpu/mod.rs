//! The GPU backend shared by CUDA and ROCm: [`Gpu<A>`] implements [`Backend`] and [`Blas<T>`](crate::Blas)
//! once, over a [`GpuApi`] that each vendor implements with its runtime and BLAS library.
//!
//! What is shared: one context per device with one non-blocking stream that orders every copy,
//! free and BLAS call; a pool of BLAS handles bound to that stream (a handle is used by one
//! thread at a time); stream-ordered allocation where the runtime has it; synchronous
//! host↔device copies (complete on return, so guards stay sound under `mem::forget`); host
//! pointer mode for scalars; the checked conversion of dimensions to the vendors' 32-bit ints.
//! What each vendor absorbs: enum values, status codes and messages, library names.

use std::sync::{Arc, Mutex};

mod blas;
mod vendor;

pub(crate) use vendor::{ffi, sdcz, vendor_blas_methods};

use super::{Backend, BackendKind, DevPtr};
use crate::error::{Error, Result};
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

/// A vendor's runtime and BLAS library, as the shared GPU backend needs them. Implemented by
/// `CudaApi` and `RocmApi`; not meant to be implemented elsewhere.
///
/// Every function maps the vendor's status to an [`Error`] with the vendor's own message. BLAS
/// functions take host scalars (host pointer mode), dimensions already converted to `i32`, and
/// pointers the safe layer validated.
///
/// # Safety (for every `unsafe` method)
/// Streams and handles are live ones created by this API; device pointers are valid for the
/// extents the dimensions imply (as for [`Blas`](crate::Blas)); host pointers are valid for the bytes given.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuApi: Copy + Send + Sync + 'static {
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
    /// Waits for the stream (a live stream of this API: the context owns it).
    fn stream_sync(&self, s: Self::Stream) -> Result<()>;
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

/// A GPU backend: one device of one vendor. `Cuda` and `Rocm` are this type.
pub struct Gpu<A: GpuApi> {
    ctx: Arc<Ctx<A>>,
}

struct Ctx<A: GpuApi> {
    api: A,
    ordinal: i32,
    /// The only device there is: then it is current on every thread, and `enter` has nothing
    /// to do (a per-call saving on the hot path).
    single_device: bool,
    stream: A::Stream,
    handles: Mutex<Vec<A::Handle>>,
    description: String,
}

// SAFETY: a stream may be used from any thread (the vendor runtimes are thread-safe); BLAS
// handles sit in a mutex-guarded pool and are used by one thread at a time.
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
    /// Opens device `ordinal`: loads the libraries, creates the stream and a first BLAS handle,
    /// so a device that cannot run BLAS fails here rather than at the first call.
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] if the runtime or BLAS library cannot be loaded (the message
    /// lists what was tried); [`Error::NoDevice`] if there is no such device or it cannot be
    /// used; a vendor failure creating the stream or the BLAS handle.
    pub fn new(ordinal: usize) -> Result<Self> {
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
        // SAFETY: the device is current; the stream is destroyed in `Ctx::drop`.
        let stream = unsafe { api.stream_create()? };
        // SAFETY: the stream is live; the handle goes to the pool, which `Ctx::drop` empties
        // (and on the error path below, `Ctx` does not exist yet, so it is destroyed here).
        let first = match unsafe { api.handle_create(stream) } {
            Ok(h) => h,
            Err(e) => {
                // SAFETY: nothing else uses the stream yet.
                unsafe { api.stream_destroy(stream) };
                return Err(e);
            }
        };
        let ctx = Ctx {
            api,
            ordinal,
            single_device: count == 1,
            stream,
            handles: Mutex::new(vec![first]),
            // SAFETY: `first` is the live handle created above.
            description: format!("{name}: {}", unsafe { api.describe(ordinal, first) }),
        };
        Ok(Gpu { ctx: Arc::new(ctx) })
    }

    /// The device's ordinal.
    pub fn ordinal(&self) -> usize {
        self.ctx.ordinal as usize
    }

    /// The vendor API (for the raw layer and benchmarks).
    pub fn api(&self) -> A {
        self.ctx.api
    }

    /// The device's stream, on which every call is ordered.
    pub fn stream(&self) -> A::Stream {
        self.ctx.stream
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
    fn pool(&self) -> std::sync::MutexGuard<'_, Vec<A::Handle>> {
        self.handles.lock().unwrap_or_else(|p| p.into_inner())
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
        let _ = self.api.stream_sync(self.stream);
        for h in self.pool().drain(..) {
            // SAFETY: the handles were created here and no call is using them (we are the last owner).
            unsafe { self.api.handle_destroy(h) };
        }
        // SAFETY: all work on the stream is complete and nothing else refers to it.
        unsafe { self.api.stream_destroy(self.stream) };
    }
}

/// A host scalar or result slot aligned to 16 bytes: the vendors' complex types (`double2`) are
/// 16-byte aligned and their host code may load them with aligned instructions, while
/// `Complex64` is only 8-byte aligned.
#[repr(C, align(16))]
struct A16<T>(T);

/// A dimension as the vendors' 32-bit `int`.
fn int(routine: &'static str, v: usize) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::Unsupported { routine, what: format!("a dimension, leading dimension or increment of {v} (over the vendor API's 32-bit limit)") })
}

fn stride(v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::Unsupported {
        routine: "gemm_strided_batched",
        what: format!("a batch stride of {v}"),
    })
}

impl<A: GpuApi> Backend for Gpu<A> {
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
        Arc::ptr_eq(&self.ctx, &other.ctx)
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
        self.ctx.api.stream_sync(self.ctx.stream)
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
        self.ctx.api.stream_sync(self.ctx.stream)
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
        self.ctx.api.stream_sync(self.ctx.stream)
    }
}
