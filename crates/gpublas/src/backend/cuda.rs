//! The CUDA backend: the CUDA runtime and cuBLAS, loaded at run time through `cublas-sys`.
//! Everything vendor-neutral lives in [`super::gpu`]; this file maps gpublas's calls and enums
//! onto the CUDA runtime and cuBLAS v2, and their status codes onto [`Error`]s.

use std::ffi::{c_int, c_void};

use cublas_sys as sys;

use super::gpu::{ffi, lp64_or_ilp64, CopyKind, GemmExCall, Gpu, GpuApi, GpuMixed};
use super::{BackendKind, DevPtr, StructuralZeros};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::precision::{ComputeType, Precision};
use crate::scalar::ScalarKind;
use crate::types::{Diag, Op, Side, Uplo};

/// The CUDA backend: one NVIDIA GPU, through cuBLAS.
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub type Cuda = Gpu<CudaApi>;

impl Device<Cuda> {
    /// CUDA device `ordinal` (0 is the first GPU).
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] if the runtime or BLAS library cannot be loaded (the message
    /// lists what was tried); [`Error::NoDevice`] if there is no such device or it cannot be
    /// used; a vendor failure creating the stream or the BLAS handle.
    #[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
    pub fn cuda(ordinal: usize) -> Result<Self> {
        Cuda::new(ordinal).map(Device::new)
    }

    /// CUDA device `ordinal`, running on the program's own `stream` (a `cudaStream_t`, or a
    /// driver API `CUstream`: the same object): gpublas's calls are ordered on it with the
    /// program's kernels and copies, so no synchronisation is needed where data changes hands.
    /// With the `cudarc` feature, [`Device::from_cudarc`] does this safely.
    ///
    /// # Safety
    /// See [`Gpu::from_raw_stream`](crate::backend::gpu::Gpu::from_raw_stream): `stream` is a
    /// live stream of device `ordinal`'s primary context and outlives this device, its clones,
    /// buffers and guards, and the work queued through them.
    ///
    /// # Errors
    /// As for [`Device::cuda`].
    #[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
    pub unsafe fn cuda_on_stream(ordinal: usize, stream: sys::cudaStream_t) -> Result<Self> {
        // SAFETY: the caller's contract is `from_raw_stream`'s.
        unsafe { Cuda::from_raw_stream(ordinal, stream, None) }.map(Device::new)
    }
}

/// The loaded CUDA runtime and cuBLAS function tables.
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
#[derive(Debug, Clone, Copy)]
pub struct CudaApi {
    /// The CUDA runtime.
    pub rt: &'static sys::Cudart,
    /// cuBLAS.
    pub bl: &'static sys::Cublas,
}

impl CudaApi {
    fn rt_check(&self, routine: &'static str, code: sys::cudaError_t) -> Result<()> {
        if code == sys::cudaSuccess {
            Ok(())
        } else {
            Err(Error::Vendor {
                library: "CUDA runtime",
                routine,
                code: code as i64,
                message: sys::error_string(self.rt, code),
            })
        }
    }

    pub(super) fn bl_check(
        &self,
        routine: &'static str,
        status: sys::cublasStatus_t,
    ) -> Result<()> {
        if status == sys::CUBLAS_STATUS_SUCCESS {
            Ok(())
        } else {
            Err(Error::Vendor {
                library: "cuBLAS",
                routine,
                code: status as i64,
                message: sys::status_string(self.bl, status),
            })
        }
    }
}

/// Why the CUDA runtime sees no device (`code` from `cudaGetDeviceCount`). Without an NVIDIA
/// driver the runtime says "CUDA driver version is insufficient", which sends users looking for
/// a newer driver: when the driver's library does not load, say that no driver was found and
/// what to install; when a driver is there but too old, give both versions. The runtime's own
/// message ends every reason.
fn no_device_reason(rt: &sys::Cudart, code: sys::cudaError_t) -> String {
    let runtime = sys::error_string(rt, code);
    let driver = sys::CUDA_DRIVER_LIBRARY;
    if let Err(why) = sys::cuda_driver_present() {
        return format!(
            "no NVIDIA driver found ({driver} does not load: {why}); install the NVIDIA GPU \
             driver, which provides {driver} (the CUDA toolkit and runtime do not), or in a \
             container run with the NVIDIA Container Toolkit (`--gpus all`). The CUDA runtime \
             said: {runtime}"
        );
    }
    if code == sys::cudaErrorInsufficientDriver {
        let (mut driver_version, mut runtime_version): (c_int, c_int) = (0, 0);
        // SAFETY: each writes one int.
        unsafe {
            (rt.cudaDriverGetVersion)(&mut driver_version);
            (rt.cudaRuntimeGetVersion)(&mut runtime_version);
        }
        let v = |v: c_int| format!("{}.{}", v / 1000, v % 1000 / 10);
        return format!(
            "the NVIDIA driver supports CUDA up to {} but the CUDA runtime loaded ({}) is CUDA \
             {}: update the driver, or set GPUBLAS_CUDART_PATH to the runtime of an older CUDA. \
             The CUDA runtime said: {runtime}",
            v(driver_version),
            rt.path,
            v(runtime_version)
        );
    }
    runtime
}

pub(super) fn op(o: Op) -> sys::cublasOperation_t {
    match o {
        Op::N => sys::CUBLAS_OP_N,
        Op::T => sys::CUBLAS_OP_T,
        Op::C => sys::CUBLAS_OP_C,
    }
}
pub(super) fn fill(u: Uplo) -> sys::cublasFillMode_t {
    match u {
        Uplo::Upper => sys::CUBLAS_FILL_MODE_UPPER,
        Uplo::Lower => sys::CUBLAS_FILL_MODE_LOWER,
    }
}
pub(super) fn side(s: Side) -> sys::cublasSideMode_t {
    match s {
        Side::Left => sys::CUBLAS_SIDE_LEFT,
        Side::Right => sys::CUBLAS_SIDE_RIGHT,
    }
}
pub(super) fn diag(d: Diag) -> sys::cublasDiagType_t {
    match d {
        Diag::NonUnit => sys::CUBLAS_DIAG_NON_UNIT,
        Diag::Unit => sys::CUBLAS_DIAG_UNIT,
    }
}

use ffi::{c, m, s};

impl super::gpu::Sealed for CudaApi {}

impl GpuApi for CudaApi {
    type Stream = sys::cudaStream_t;
    type Handle = sys::cublasHandle_t;
    const KIND: BackendKind = BackendKind::Cuda;
    const LIBRARY: &'static str = "cuBLAS";
    const ILP64_SINCE: &'static str = "cuBLAS has its 64-bit entry points from 12.0 on";

    // Seen on an H200 with cuBLAS 13.1 (the reading-rules conformance tests): trmv (and its
    // band and packed forms) multiplies the zero triangle by `x`, trmm by `B`, for every type;
    // cher2k lets a NaN of `A` reach elements of `C` its products do not belong to (the other
    // types' her2k and syr2k kept the reference's semantics there).
    fn multiplies_structural_zeros(routine: StructuralZeros, kind: ScalarKind) -> bool {
        match routine {
            StructuralZeros::TriangularMv | StructuralZeros::Trmm => true,
            StructuralZeros::Her2k => kind == ScalarKind::C32,
        }
    }

    fn load() -> Result<Self> {
        // The runtime first, and whether it sees a device: on a machine without a GPU (or
        // driver) that is the error worth reporting, not a missing cuBLAS.
        let rt = sys::cudart()?;
        let mut n: c_int = 0;
        // SAFETY: writes one int.
        let code = unsafe { (rt.cudaGetDeviceCount)(&mut n) };
        if code != sys::cudaSuccess {
            return Err(Error::NoDevice {
                backend: "cuda",
                reason: no_device_reason(rt, code),
            });
        }
        Ok(CudaApi {
            rt,
            bl: sys::cublas()?,
        })
    }

    fn device_count(&self) -> Result<usize> {
        let mut n: c_int = 0;
        // SAFETY: writes one int.
        let code = unsafe { (self.rt.cudaGetDeviceCount)(&mut n) };
        if code != sys::cudaSuccess {
            return Err(Error::NoDevice {
                backend: "cuda",
                reason: no_device_reason(self.rt, code),
            });
        }
        if n <= 0 {
            return Err(Error::NoDevice {
                backend: "cuda",
                reason: "the CUDA runtime reports no devices".into(),
            });
        }
        Ok(n as usize)
    }

    fn current_device(&self) -> Result<i32> {
        let mut d: c_int = 0;
        // SAFETY: writes one int.
        self.rt_check("cudaGetDevice", unsafe { (self.rt.cudaGetDevice)(&mut d) })?;
        Ok(d)
    }

    fn set_device(&self, ordinal: i32) -> Result<()> {
        // SAFETY: no pointers; an invalid ordinal is an error status.
        self.rt_check("cudaSetDevice", unsafe { (self.rt.cudaSetDevice)(ordinal) })
    }

    unsafe fn describe(&self, ordinal: i32, h: Self::Handle) -> String {
        let name = self
            .rt
            .device_name(ordinal)
            .unwrap_or_else(|_| format!("CUDA device {ordinal}"));
        let mut rtv: c_int = 0;
        // SAFETY: writes one int.
        unsafe { (self.rt.cudaRuntimeGetVersion)(&mut rtv) };
        let rt = format!("CUDA runtime {}.{}", rtv / 1000, (rtv % 1000) / 10);
        let mut blv: c_int = 0;
        // SAFETY: `h` is a live handle; writes one int.
        match unsafe { (self.bl.cublasGetVersion_v2)(h, &mut blv) } {
            sys::CUBLAS_STATUS_SUCCESS => format!(
                "{name} ({rt}, cuBLAS {}.{}.{})",
                blv / 10000,
                blv / 100 % 100,
                blv % 100
            ),
            _ => format!("{name} ({rt})"),
        }
    }

    unsafe fn stream_create(&self) -> Result<Self::Stream> {
        let mut st: sys::cudaStream_t = std::ptr::null_mut();
        // SAFETY: writes one stream handle.
        self.rt_check("cudaStreamCreateWithFlags", unsafe {
            (self.rt.cudaStreamCreateWithFlags)(&mut st, sys::cudaStreamNonBlocking)
        })?;
        Ok(st)
    }

    unsafe fn stream_destroy(&self, st: Self::Stream) {
        // SAFETY: the caller owns the stream and is done with it.
        unsafe { (self.rt.cudaStreamDestroy)(st) };
    }

    unsafe fn stream_sync(&self, st: Self::Stream) -> Result<()> {
        // SAFETY: the caller guarantees the stream is live.
        self.rt_check("cudaStreamSynchronize", unsafe {
            (self.rt.cudaStreamSynchronize)(st)
        })
    }

    unsafe fn malloc(&self, bytes: usize, st: Self::Stream) -> Result<DevPtr> {
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer; the stream is live.
        let (routine, code) = unsafe {
            match self.rt.cudaMallocAsync {
                Some(f) => ("cudaMallocAsync", f(&mut p, bytes, st)),
                None => ("cudaMalloc", (self.rt.cudaMalloc)(&mut p, bytes)),
            }
        };
        if code == sys::cudaErrorMemoryAllocation {
            // SAFETY: clears the sticky last error this failure set; no pointers.
            unsafe { (self.rt.cudaGetLastError)() };
            return Err(Error::OutOfMemory {
                backend: "cuda",
                bytes,
            });
        }
        self.rt_check(routine, code)?;
        Ok(DevPtr::from_raw(p.cast()))
    }

    unsafe fn free(&self, p: DevPtr, st: Self::Stream) {
        // SAFETY: the caller guarantees `p` is a live allocation no later work uses; the
        // stream-ordered free runs after the work enqueued before it (plain `cudaFree`
        // synchronises the device first).
        unsafe {
            match self.rt.cudaFreeAsync {
                Some(f) => f(p.as_raw().cast(), st),
                None => (self.rt.cudaFree)(p.as_raw().cast()),
            }
        };
    }

    unsafe fn memcpy(
        &self,
        dst: *mut u8,
        src: *const u8,
        bytes: usize,
        kind: CopyKind,
        st: Self::Stream,
    ) -> Result<()> {
        let kind = match kind {
            CopyKind::HostToDevice => sys::cudaMemcpyHostToDevice,
            CopyKind::DeviceToHost => sys::cudaMemcpyDeviceToHost,
            CopyKind::DeviceToDevice => sys::cudaMemcpyDeviceToDevice,
        };
        // SAFETY: the caller guarantees both ranges for `bytes` bytes.
        self.rt_check("cudaMemcpyAsync", unsafe {
            (self.rt.cudaMemcpyAsync)(dst.cast(), src.cast(), bytes, kind, st)
        })
    }

    unsafe fn memcpy_2d(
        &self,
        dst: *mut u8,
        dpitch: usize,
        src: *const u8,
        spitch: usize,
        width: usize,
        height: usize,
        kind: CopyKind,
        st: Self::Stream,
    ) -> Result<()> {
        let kind = match kind {
            CopyKind::HostToDevice => sys::cudaMemcpyHostToDevice,
            CopyKind::DeviceToHost => sys::cudaMemcpyDeviceToHost,
            CopyKind::DeviceToDevice => sys::cudaMemcpyDeviceToDevice,
        };
        // SAFETY: the caller guarantees every row of both ranges.
        self.rt_check("cudaMemcpy2DAsync", unsafe {
            (self.rt.cudaMemcpy2DAsync)(
                dst.cast(),
                dpitch,
                src.cast(),
                spitch,
                width,
                height,
                kind,
                st,
            )
        })
    }

    unsafe fn memset_zero(&self, dst: DevPtr, bytes: usize, st: Self::Stream) -> Result<()> {
        // SAFETY: the caller guarantees the range.
        self.rt_check("cudaMemsetAsync", unsafe {
            (self.rt.cudaMemsetAsync)(dst.as_raw().cast(), 0, bytes, st)
        })
    }

    unsafe fn host_alloc(&self, bytes: usize) -> Result<*mut u8> {
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer.
        let code = unsafe { (self.rt.cudaMallocHost)(&mut p, bytes) };
        if code == sys::cudaErrorMemoryAllocation {
            // SAFETY: clears the sticky last error this failure set; no pointers.
            unsafe { (self.rt.cudaGetLastError)() };
            return Err(Error::OutOfMemory {
                backend: "cuda (page-locked host memory)",
                bytes,
            });
        }
        self.rt_check("cudaMallocHost", code)?;
        Ok(p.cast())
    }

    unsafe fn host_free(&self, p: *mut u8) {
        // SAFETY: the caller guarantees `p` came from `cudaMallocHost` and is unused.
        unsafe { (self.rt.cudaFreeHost)(p.cast()) };
    }

    unsafe fn host_register(&self, p: *mut u8, bytes: usize) -> Result<()> {
        // SAFETY: the caller guarantees `p` is valid for `bytes` bytes until unregistered.
        self.rt_check("cudaHostRegister", unsafe {
            (self.rt.cudaHostRegister)(p.cast(), bytes, sys::cudaHostRegisterDefault)
        })
    }

    unsafe fn host_unregister(&self, p: *mut u8) {
        // SAFETY: the caller guarantees `p` was registered and no transfer uses it.
        unsafe { (self.rt.cudaHostUnregister)(p.cast()) };
    }

    unsafe fn host_device_pointer(&self, p: *mut u8) -> Option<*mut u8> {
        let mut d: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer; `p` is page-locked memory from `cudaMallocHost` (the
        // caller's contract), which with unified addressing is mapped into the device's space.
        let code = unsafe { (self.rt.cudaHostGetDevicePointer)(&mut d, p.cast(), 0) };
        if code != sys::cudaSuccess || d.is_null() {
            // SAFETY: clears the last error this failure set; no pointers.
            unsafe { (self.rt.cudaGetLastError)() };
            log::debug!("gpublas: cudaHostGetDevicePointer failed ({code}); no zero-copy staging");
            return None;
        }
        Some(d.cast())
    }

    fn event_create(&self) -> Result<*mut c_void> {
        let mut e: sys::cudaEvent_t = std::ptr::null_mut();
        // SAFETY: writes one event handle.
        self.rt_check("cudaEventCreateWithFlags", unsafe {
            (self.rt.cudaEventCreateWithFlags)(&mut e, sys::cudaEventDisableTiming)
        })?;
        Ok(e.cast())
    }

    unsafe fn event_destroy(&self, e: *mut c_void) {
        // SAFETY: the caller guarantees `e` is a live event it is done with.
        unsafe { (self.rt.cudaEventDestroy)(e.cast()) };
    }

    unsafe fn event_record(&self, e: *mut c_void, st: Self::Stream) -> Result<()> {
        // SAFETY: the caller guarantees a live event and stream.
        self.rt_check("cudaEventRecord", unsafe {
            (self.rt.cudaEventRecord)(e.cast(), st)
        })
    }

    unsafe fn event_sync(&self, e: *mut c_void) -> Result<()> {
        // SAFETY: the caller guarantees a live event.
        self.rt_check("cudaEventSynchronize", unsafe {
            (self.rt.cudaEventSynchronize)(e.cast())
        })
    }

    unsafe fn stream_wait(&self, st: Self::Stream, e: *mut c_void) -> Result<()> {
        // SAFETY: the caller guarantees a live stream and event.
        self.rt_check("cudaStreamWaitEvent", unsafe {
            (self.rt.cudaStreamWaitEvent)(st, e.cast(), 0)
        })
    }

    unsafe fn handle_create(&self, st: Self::Stream) -> Result<Self::Handle> {
        let mut h: sys::cublasHandle_t = std::ptr::null_mut();
        // SAFETY: writes one handle; then configures it (live) for the live stream.
        unsafe {
            self.bl_check("cublasCreate_v2", (self.bl.cublasCreate_v2)(&mut h))?;
            let set = self
                .bl_check("cublasSetStream_v2", (self.bl.cublasSetStream_v2)(h, st))
                .and_then(|_| {
                    self.bl_check(
                        "cublasSetPointerMode_v2",
                        (self.bl.cublasSetPointerMode_v2)(h, sys::CUBLAS_POINTER_MODE_HOST),
                    )
                });
            if let Err(e) = set {
                (self.bl.cublasDestroy_v2)(h);
                return Err(e);
            }
        }
        Ok(h)
    }

    unsafe fn handle_destroy(&self, h: Self::Handle) {
        // SAFETY: the caller owns the handle and is done with it.
        unsafe { (self.bl.cublasDestroy_v2)(h) };
    }
}

/// Mixed-precision gemm on cuBLAS: `cublasGemmEx` / `cublasGemmStridedBatchedEx`.
impl GpuMixed for CudaApi {
    unsafe fn gemm_ex(&self, h: Self::Handle, x: &GemmExCall) -> Result<()> {
        let r = if x.batch.is_some() {
            "gemm_strided_batched_with"
        } else {
            "gemm_with"
        };
        let ab = data_type(r, x.types.input)?;
        let ct = data_type(r, x.types.output)?;
        // f32 accumulation with f32 scalars, for every storage type (cuBLAS's table for
        // `cublasGemmEx`); TF32 tensor cores for f32 operands when asked.
        let compute = match x.types.compute {
            ComputeType::Tf32 => sys::CUBLAS_COMPUTE_32F_FAST_TF32,
            _ => sys::CUBLAS_COMPUTE_32F,
        };
        let algo = sys::CUBLAS_GEMM_DEFAULT;
        let (ta, tb, alpha, beta) = (op(x.ta), op(x.tb), &x.alpha, &x.beta);
        let (mm, n, k, lda, ldb, ldc) = (x.m, x.n, x.k, x.lda, x.ldb, x.ldc);
        // SAFETY: the caller guarantees every pointer's extent for these dimensions (every
        // matrix of a batch); the scalars are host `f32`s (host pointer mode, f32 scale type).
        unsafe {
            match x.batch {
                None => lp64_or_ilp64!(self, r, bl_check, lp64: self.bl => cublasGemmEx,
                    ilp64: sys::cublas_level3(), ints: [mm, n, k, lda, ldb, ldc],
                    (h, ta, tb, mm, n, k, s(alpha), c(x.a), ab, lda, c(x.b), ab, ldb, s(beta),
                     m(x.c), ct, ldc, compute, algo)),
                Some((sa, sb, sc, batch)) => lp64_or_ilp64!(self, r, bl_check,
                    lp64: self.bl => cublasGemmStridedBatchedEx,
                    ilp64: sys::cublas_level3(), ints: [mm, n, k, lda, ldb, ldc, batch],
                    (h, ta, tb, mm, n, k, s(alpha), c(x.a), ab, lda, sa, c(x.b), ab, ldb, sb,
                     s(beta), m(x.c), ct, ldc, sc, batch, compute, algo)),
            }
        }
    }
}

/// A storage precision as cuBLAS's `cudaDataType`.
fn data_type(routine: &'static str, p: Precision) -> Result<sys::cudaDataType> {
    match p {
        Precision::F16 => Ok(sys::CUDA_R_16F),
        Precision::Bf16 => Ok(sys::CUDA_R_16BF),
        Precision::F32 => Ok(sys::CUDA_R_32F),
        #[allow(unreachable_patterns)]
        other => Err(Error::Unsupported {
            routine,
            what: format!("{} operands on cuda", other.name()),
        }),
    }
}
