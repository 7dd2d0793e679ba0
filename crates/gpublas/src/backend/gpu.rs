//! The GPU backend shared by CUDA and ROCm: [`Gpu<A>`] implements [`Backend`] and [`Blas<T>`]
//! once, over a [`GpuApi`] that each vendor implements with its runtime and BLAS library.
//!
//! What is shared: one context per device with one non-blocking stream that orders every copy,
//! free and BLAS call; a pool of BLAS handles bound to that stream (a handle is used by one
//! thread at a time); stream-ordered allocation where the runtime has it; synchronous
//! host↔device copies (complete on return, so guards stay sound under `mem::forget`); host
//! pointer mode for scalars; the checked conversion of dimensions to the vendors' 32-bit ints.
//! What each vendor absorbs: enum values, status codes and messages, library names.

use std::sync::{Arc, Mutex};

use super::{Backend, BackendKind, Blas, DevPtr};
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
/// extents the dimensions imply (as for [`Blas`]); host pointers are valid for the bytes given.
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
    /// `"NVIDIA H200 (CUDA runtime 13.0, cuBLAS 13.1.0)"`.
    fn describe(&self, ordinal: i32) -> String;

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
        let ctx = Ctx {
            api,
            ordinal,
            stream,
            handles: Mutex::new(Vec::new()),
            description: format!("{name}: {}", api.describe(ordinal)),
        };
        // SAFETY: the stream is live; the handle goes to the pool, which `Ctx::drop` empties.
        let first = unsafe { api.handle_create(stream)? };
        ctx.pool().push(first);
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

impl<T: Scalar, A: GpuApi> Blas<T> for Gpu<A> {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: usize,
        y: DevPtr,
        incy: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "axpy";
        let (n, incx, incy) = (int(r, n)?, int(r, incx)?, int(r, incy)?);
        // SAFETY: forwarded to the caller (the safe layer validated every extent).
        self.with_handle(|h| unsafe { self.ctx.api.axpy(h, n, &alpha.0, x, incx, y, incy) })
    }
    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: usize) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "scal";
        let (n, incx) = (int(r, n)?, int(r, incx)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.scal(h, n, &alpha.0, x, incx) })
    }
    unsafe fn copy(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()> {
        let r = "copy";
        let (n, incx, incy) = (int(r, n)?, int(r, incx)?, int(r, incy)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.copy::<T>(h, n, x, incx, y, incy) })
    }
    unsafe fn swap(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()> {
        let r = "swap";
        let (n, incx, incy) = (int(r, n)?, int(r, incx)?, int(r, incy)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.swap::<T>(h, n, x, incx, y, incy) })
    }
    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { self.dot_impl(false, n, x, incx, y, incy) }
    }
    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { self.dot_impl(true, n, x, incx, y, incy) }
    }
    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: usize) -> Result<T::Real> {
        let r = "nrm2";
        let (n, incx) = (int(r, n)?, int(r, incx)?);
        let mut out = A16(<T::Real as Scalar>::zero());
        // SAFETY: forwarded to the caller; the result goes to host memory (host pointer mode).
        self.with_handle(|h| unsafe { self.ctx.api.nrm2::<T>(h, n, x, incx, &mut out.0) })?;
        Ok(out.0)
    }
    unsafe fn asum(&self, n: usize, x: DevPtr, incx: usize) -> Result<T::Real> {
        let r = "asum";
        let (n, incx) = (int(r, n)?, int(r, incx)?);
        let mut out = A16(<T::Real as Scalar>::zero());
        // SAFETY: as for `nrm2`.
        self.with_handle(|h| unsafe { self.ctx.api.asum::<T>(h, n, x, incx, &mut out.0) })?;
        Ok(out.0)
    }
    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: usize) -> Result<usize> {
        // SAFETY: forwarded to the caller.
        unsafe { self.index_impl::<T>(true, n, x, incx) }
    }
    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: usize) -> Result<usize> {
        // SAFETY: forwarded to the caller.
        unsafe { self.index_impl::<T>(false, n, x, incx) }
    }
    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: usize,
        beta: T,
        y: DevPtr,
        incy: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemv";
        let (m, n, lda, incx, incy) = (
            int(r, m)?,
            int(r, n)?,
            int(r, lda)?,
            int(r, incx)?,
            int(r, incy)?,
        );
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .gemv(h, trans, m, n, &alpha.0, a, lda, x, incx, &beta.0, y, incy)
        })
    }
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: usize,
        y: DevPtr,
        incy: usize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "ger";
        let (m, n, incx, incy, lda) = (
            int(r, m)?,
            int(r, n)?,
            int(r, incx)?,
            int(r, incy)?,
            int(r, lda)?,
        );
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .ger(h, conj, m, n, &alpha.0, x, incx, y, incy, a, lda)
        })
    }
    unsafe fn gemm(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemm";
        let (m, n, k) = (int(r, m)?, int(r, n)?, int(r, k)?);
        let (lda, ldb, ldc) = (int(r, lda)?, int(r, ldb)?, int(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemm(
                h, ta, tb, m, n, k, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc,
            )
        })
    }
    unsafe fn trsm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "trsm";
        let (m, n, lda, ldb) = (int(r, m)?, int(r, n)?, int(r, lda)?, int(r, ldb)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .trsm(h, side, uplo, trans, diag, m, n, &alpha.0, a, lda, b, ldb)
        })
    }
    unsafe fn syrk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "syrk";
        let (n, k, lda, ldc) = (int(r, n)?, int(r, k)?, int(r, lda)?, int(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .syrk(h, uplo, trans, n, k, &alpha.0, a, lda, &beta.0, c, ldc)
        })
    }
    unsafe fn herk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T::Real,
        a: DevPtr,
        lda: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "herk";
        let (n, k, lda, ldc) = (int(r, n)?, int(r, k)?, int(r, lda)?, int(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .herk::<T>(h, uplo, trans, n, k, &alpha.0, a, lda, &beta.0, c, ldc)
        })
    }
    unsafe fn gemm_strided_batched(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemm_strided_batched";
        let (m, n, k, batch) = (int(r, m)?, int(r, n)?, int(r, k)?, int(r, batch)?);
        let (lda, ldb, ldc) = (int(r, lda)?, int(r, ldb)?, int(r, ldc)?);
        let (sa, sb, sc) = (stride(stride_a)?, stride(stride_b)?, stride(stride_c)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemm_strided_batched(
                h, ta, tb, m, n, k, &alpha.0, a, lda, sa, b, ldb, sb, &beta.0, c, ldc, sc, batch,
            )
        })
    }
}

impl<A: GpuApi> Gpu<A> {
    /// # Safety
    /// As for [`Blas::dotu`].
    unsafe fn dot_impl<T: Scalar>(
        &self,
        conj: bool,
        n: usize,
        x: DevPtr,
        incx: usize,
        y: DevPtr,
        incy: usize,
    ) -> Result<T> {
        let r = "dot";
        let (n, incx, incy) = (int(r, n)?, int(r, incx)?, int(r, incy)?);
        let mut out = A16(T::zero());
        // SAFETY: forwarded to the caller; the result goes to host memory (host pointer mode).
        self.with_handle(|h| unsafe {
            self.ctx.api.dot(h, conj, n, x, incx, y, incy, &mut out.0)
        })?;
        Ok(out.0)
    }

    /// # Safety
    /// As for [`Blas::iamax`].
    unsafe fn index_impl<T: Scalar>(
        &self,
        max: bool,
        n: usize,
        x: DevPtr,
        incx: usize,
    ) -> Result<usize> {
        let r = if max { "iamax" } else { "iamin" };
        let (n, incx) = (int(r, n)?, int(r, incx)?);
        let mut out = A16(0i32);
        // SAFETY: as for `dot_impl`.
        self.with_handle(|h| unsafe { self.ctx.api.iamax::<T>(h, max, n, x, incx, &mut out.0) })?;
        // The vendors return 1-based indices; 0 would mean an empty vector, which the safe
        // layer never passes.
        usize::try_from(out.0 - 1).map_err(|_| Error::Vendor {
            library: "BLAS",
            routine: r,
            code: out.0 as i64,
            message: "returned index 0 for a non-empty vector".into(),
        })
    }
}

/// Helpers the vendor modules use to pass typed pointers and scalars to C.
pub(crate) mod ffi {
    use super::DevPtr;

    /// A device pointer as a read-only C pointer of whatever element type the callee takes.
    pub fn c<U>(p: DevPtr) -> *const U {
        p.as_raw().cast_const().cast()
    }
    /// A device pointer as a writable C pointer.
    pub fn m<U>(p: DevPtr) -> *mut U {
        p.as_raw().cast()
    }
    /// A host scalar as a C pointer (host pointer mode).
    pub fn s<T, U>(x: &T) -> *const U {
        (x as *const T).cast()
    }
    /// A host result slot as a C pointer.
    pub fn out<T, U>(x: &mut T) -> *mut U {
        (x as *mut T).cast()
    }
}
