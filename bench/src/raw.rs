//! The raw side of the comparison: a cuBLAS handle of our own on gpublas's stream, CUDA events,
//! and the s/d/c/z gemm and saxpy entry points, all called through the very function tables
//! gpublas loaded (so both sides run the same library on the same stream).

use std::ffi::c_int;
use std::time::Instant;

use cublas_sys as sys;
use gpublas::backend::CudaApi;
use gpublas::{Complex32, Complex64, Cuda, Device};

use crate::host::HostScalar;
use crate::{Res, Timing};

/// A CUDA runtime status as a result.
pub fn rt_check(api: CudaApi, what: &str, code: sys::cudaError_t) -> Res<()> {
    if code == sys::cudaSuccess {
        Ok(())
    } else {
        Err(format!("{what} failed: {}", sys::error_string(api.rt, code)).into())
    }
}

/// A cuBLAS status as a result.
pub fn bl_check(api: CudaApi, what: &str, status: sys::cublasStatus_t) -> Res<()> {
    if status == sys::CUBLAS_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what} failed: {}", sys::status_string(api.bl, status)).into())
    }
}

/// Waits for everything enqueued on gpublas's stream.
fn stream_sync(dev: &Device<Cuda>) -> Res<()> {
    let (api, stream) = (dev.backend().api(), dev.backend().stream());
    // SAFETY: the stream is gpublas's, live as long as `dev`.
    rt_check(api, "cudaStreamSynchronize", unsafe {
        (api.rt.cudaStreamSynchronize)(stream)
    })
}

/// The CUDA driver version, e.g. `13.0`.
pub fn driver_version(api: CudaApi) -> Res<String> {
    let mut v: c_int = 0;
    // SAFETY: writes one int.
    rt_check(api, "cudaDriverGetVersion", unsafe {
        (api.rt.cudaDriverGetVersion)(&mut v)
    })?;
    Ok(format!("{}.{}", v / 1000, (v % 1000) / 10))
}

/// The types with a raw cuBLAS gemm.
pub trait RawScalar: HostScalar {
    /// Floating-point operations per multiply-add (2 real, 8 complex).
    const FLOPS_PER_FMA: f64;
    /// The largest [`crate::host::max_rel_diff`] allowed between two runs of the same library
    /// call on the same inputs (they should agree bit for bit; this only absorbs a different
    /// reduction order should cuBLAS pick another kernel).
    const SAME_TOL: f64;
    /// The error allowed against the host reference (see [`crate::host::check_gemm_entries`]).
    const HOST_TOL: f64;

    /// Calls `cublas?gemm_v2(h, N, N, n, n, n, α, a, n, b, n, β, c, n)` and returns the routine's
    /// name and status.
    ///
    /// # Safety
    /// `h` is a live handle in host pointer mode; `a`, `b`, `c` are device allocations of at
    /// least n × n elements of `Self`, `c` overlapping neither input.
    #[allow(clippy::too_many_arguments)]
    unsafe fn gemm(
        api: CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> (&'static str, sys::cublasStatus_t);
}

impl RawScalar for f32 {
    const FLOPS_PER_FMA: f64 = 2.0;
    const SAME_TOL: f64 = 1e-5;
    const HOST_TOL: f64 = 1e-4;
    unsafe fn gemm(
        api: CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> (&'static str, sys::cublasStatus_t) {
        let nn = sys::CUBLAS_OP_N;
        // SAFETY: forwarded to the caller; the scalars are host values (host pointer mode).
        let s =
            unsafe { (api.bl.cublasSgemm_v2)(h, nn, nn, n, n, n, alpha, a, n, b, n, beta, c, n) };
        ("cublasSgemm_v2", s)
    }
}

impl RawScalar for f64 {
    const FLOPS_PER_FMA: f64 = 2.0;
    const SAME_TOL: f64 = 1e-13;
    const HOST_TOL: f64 = 1e-12;
    unsafe fn gemm(
        api: CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> (&'static str, sys::cublasStatus_t) {
        let nn = sys::CUBLAS_OP_N;
        // SAFETY: as for f32.
        let s =
            unsafe { (api.bl.cublasDgemm_v2)(h, nn, nn, n, n, n, alpha, a, n, b, n, beta, c, n) };
        ("cublasDgemm_v2", s)
    }
}

impl RawScalar for Complex32 {
    const FLOPS_PER_FMA: f64 = 8.0;
    const SAME_TOL: f64 = 1e-5;
    const HOST_TOL: f64 = 1e-4;
    unsafe fn gemm(
        api: CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> (&'static str, sys::cublasStatus_t) {
        let nn = sys::CUBLAS_OP_N;
        // The scalars as cuBLAS's own (8-aligned) struct; device pointers are only passed on.
        let al = sys::cuComplex {
            x: alpha.re,
            y: alpha.im,
        };
        let be = sys::cuComplex {
            x: beta.re,
            y: beta.im,
        };
        // SAFETY: as for f32; `Complex32` and `cuComplex` are both two `f32`s (re, im).
        let s = unsafe {
            (api.bl.cublasCgemm_v2)(
                h,
                nn,
                nn,
                n,
                n,
                n,
                &al,
                a.cast(),
                n,
                b.cast(),
                n,
                &be,
                c.cast(),
                n,
            )
        };
        ("cublasCgemm_v2", s)
    }
}

impl RawScalar for Complex64 {
    const FLOPS_PER_FMA: f64 = 8.0;
    const SAME_TOL: f64 = 1e-13;
    const HOST_TOL: f64 = 1e-12;
    unsafe fn gemm(
        api: CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> (&'static str, sys::cublasStatus_t) {
        let nn = sys::CUBLAS_OP_N;
        let al = sys::cuDoubleComplex {
            x: alpha.re,
            y: alpha.im,
        };
        let be = sys::cuDoubleComplex {
            x: beta.re,
            y: beta.im,
        };
        // SAFETY: as for f32; `Complex64` and `cuDoubleComplex` are both two `f64`s (re, im).
        let s = unsafe {
            (api.bl.cublasZgemm_v2)(
                h,
                nn,
                nn,
                n,
                n,
                n,
                &al,
                a.cast(),
                n,
                b.cast(),
                n,
                &be,
                c.cast(),
                n,
            )
        };
        ("cublasZgemm_v2", s)
    }
}

/// A cuBLAS handle of our own, bound to gpublas's stream, in host pointer mode (as gpublas's
/// handles are).
pub struct RawBlas {
    api: CudaApi,
    handle: sys::cublasHandle_t,
    /// Keeps gpublas's stream (which the handle is bound to) alive.
    _dev: Device<Cuda>,
}

impl RawBlas {
    /// Creates the handle and binds it to `dev`'s stream.
    pub fn new(dev: &Device<Cuda>) -> Res<Self> {
        let (api, stream) = (dev.backend().api(), dev.backend().stream());
        let mut handle: sys::cublasHandle_t = std::ptr::null_mut();
        // SAFETY: writes one handle.
        bl_check(api, "cublasCreate_v2", unsafe {
            (api.bl.cublasCreate_v2)(&mut handle)
        })?;
        // From here on, dropping `raw` destroys the handle (if configuring it fails).
        let raw = RawBlas {
            api,
            handle,
            _dev: dev.clone(),
        };
        // SAFETY: the handle is live and the stream is gpublas's, live as long as `dev`.
        bl_check(api, "cublasSetStream_v2", unsafe {
            (api.bl.cublasSetStream_v2)(handle, stream)
        })?;
        // SAFETY: the handle is live.
        let mode =
            unsafe { (api.bl.cublasSetPointerMode_v2)(handle, sys::CUBLAS_POINTER_MODE_HOST) };
        bl_check(api, "cublasSetPointerMode_v2", mode)?;
        Ok(raw)
    }

    /// The loaded tables (the very ones gpublas uses).
    pub fn api(&self) -> CudaApi {
        self.api
    }

    /// The handle: live as long as `self`, bound to gpublas's stream, host pointer mode.
    pub fn handle(&self) -> sys::cublasHandle_t {
        self.handle
    }

    /// cuBLAS's version, e.g. `13.1.0 (130100)`.
    pub fn version(&self) -> Res<String> {
        let mut v: c_int = 0;
        // SAFETY: the handle is live; writes one int.
        bl_check(self.api, "cublasGetVersion_v2", unsafe {
            (self.api.bl.cublasGetVersion_v2)(self.handle, &mut v)
        })?;
        Ok(format!(
            "{}.{}.{} ({v})",
            v / 10_000,
            (v % 10_000) / 100,
            v % 100
        ))
    }

    /// `C ← αAB + βC`, all n × n and column-major.
    ///
    /// # Safety
    /// `a`, `b`, `c` are live device allocations of gpublas's device holding at least n × n
    /// elements of `T`; `c` overlaps neither input; nothing else uses `c` meanwhile.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn gemm<T: RawScalar>(
        &self,
        n: usize,
        alpha: T,
        a: *const T,
        b: *const T,
        beta: T,
        c: *mut T,
    ) -> Res<()> {
        let n =
            c_int::try_from(n).map_err(|_| format!("gemm: n = {n} does not fit cuBLAS's int"))?;
        // SAFETY: forwarded to the caller; the handle is live and in host pointer mode.
        let (name, status) = unsafe { T::gemm(self.api, self.handle, n, &alpha, a, b, &beta, c) };
        bl_check(self.api, name, status)
    }

    /// `y ← αAx + βy`, A m × n column-major (lda = m), unit increments.
    ///
    /// # Safety
    /// `a` (m·n), `x` (n) and `y` (m) are live device allocations of gpublas's device; `y`
    /// overlaps neither input.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn dgemv(
        &self,
        m: usize,
        n: usize,
        alpha: f64,
        a: *const f64,
        x: *const f64,
        beta: f64,
        y: *mut f64,
    ) -> Res<()> {
        let dim = |v: usize| {
            c_int::try_from(v).map_err(|_| format!("dgemv: {v} does not fit cuBLAS's int"))
        };
        let (mi, ni) = (dim(m)?, dim(n)?);
        // SAFETY: forwarded to the caller; the handle is live and in host pointer mode.
        let status = unsafe {
            (self.api.bl.cublasDgemv_v2)(
                self.handle,
                sys::CUBLAS_OP_N,
                mi,
                ni,
                &alpha,
                a,
                mi.max(1),
                x,
                1,
                &beta,
                y,
                1,
            )
        };
        bl_check(self.api, "cublasDgemv_v2", status)
    }

    /// `y ← αx + y` on `n` floats.
    ///
    /// # Safety
    /// `x` and `y` are distinct live device allocations of at least `n` floats.
    pub unsafe fn saxpy(&self, n: usize, alpha: f32, x: *const f32, y: *mut f32) -> Res<()> {
        let n =
            c_int::try_from(n).map_err(|_| format!("saxpy: n = {n} does not fit cuBLAS's int"))?;
        // SAFETY: forwarded to the caller; the handle is live and in host pointer mode.
        let status = unsafe { (self.api.bl.cublasSaxpy_v2)(self.handle, n, &alpha, x, 1, y, 1) };
        bl_check(self.api, "cublasSaxpy_v2", status)
    }
}

impl Drop for RawBlas {
    fn drop(&mut self) {
        // SAFETY: the handle is ours and no call is using it.
        let status = unsafe { (self.api.bl.cublasDestroy_v2)(self.handle) };
        if let Err(e) = bl_check(self.api, "cublasDestroy_v2", status) {
            eprintln!("cuda_bench: warning: {e}");
        }
    }
}

/// A CUDA event (with timing).
struct Event {
    api: CudaApi,
    ev: sys::cudaEvent_t,
}

impl Event {
    fn new(api: CudaApi) -> Res<Self> {
        let mut ev: sys::cudaEvent_t = std::ptr::null_mut();
        // SAFETY: writes one event handle.
        rt_check(api, "cudaEventCreateWithFlags", unsafe {
            (api.rt.cudaEventCreateWithFlags)(&mut ev, sys::cudaEventDefault)
        })?;
        Ok(Event { api, ev })
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: the event is ours; destroying one still pending is allowed (freed when done).
        let code = unsafe { (self.api.rt.cudaEventDestroy)(self.ev) };
        if let Err(e) = rt_check(self.api, "cudaEventDestroy", code) {
            eprintln!("cuda_bench: warning: {e}");
        }
    }
}

/// Times batches of calls on one stream with a pair of CUDA events and the host clock.
pub struct Timer {
    api: CudaApi,
    dev: Device<Cuda>,
    stream: sys::cudaStream_t,
    start: Event,
    stop: Event,
}

impl Timer {
    /// A timer for `dev`'s stream.
    pub fn new(dev: &Device<Cuda>) -> Res<Self> {
        let (api, stream) = (dev.backend().api(), dev.backend().stream());
        Ok(Timer {
            api,
            dev: dev.clone(),
            stream,
            start: Event::new(api)?,
            stop: Event::new(api)?,
        })
    }

    /// Synchronises the stream, then runs `enqueue` between two events and waits for it:
    /// GPU time between the events, host time from before the first call to the end of the
    /// work, and host time spent enqueueing.
    pub fn time(&self, mut enqueue: impl FnMut() -> Res<()>) -> Res<Timing> {
        let api = self.api;
        stream_sync(&self.dev)?;
        let t0 = Instant::now();
        // SAFETY: the event is live, and so is the stream (`self.dev` keeps it).
        rt_check(api, "cudaEventRecord", unsafe {
            (api.rt.cudaEventRecord)(self.start.ev, self.stream)
        })?;
        enqueue()?;
        let submit = t0.elapsed();
        // SAFETY: as above.
        rt_check(api, "cudaEventRecord", unsafe {
            (api.rt.cudaEventRecord)(self.stop.ev, self.stream)
        })?;
        // SAFETY: the event is live and recorded.
        rt_check(api, "cudaEventSynchronize", unsafe {
            (api.rt.cudaEventSynchronize)(self.stop.ev)
        })?;
        let wall = t0.elapsed();
        let mut ms = 0.0f32;
        // SAFETY: both events are live and complete; writes one float.
        rt_check(api, "cudaEventElapsedTime", unsafe {
            (api.rt.cudaEventElapsedTime)(&mut ms, self.start.ev, self.stop.ev)
        })?;
        Ok(Timing {
            gpu_ms: f64::from(ms),
            wall_ms: wall.as_secs_f64() * 1e3,
            submit_ms: submit.as_secs_f64() * 1e3,
        })
    }
}
