//! The ROCm backend: the HIP runtime and rocBLAS, loaded at run time through `rocblas-sys`.
//! Everything vendor-neutral lives in [`super::gpu`]; this file maps gpublas's calls and enums
//! onto HIP and rocBLAS, and their status codes onto [`Error`]s.
//!
//! The differences from cuBLAS absorbed here: rocBLAS's own enum values (`rocblas_operation_none`
//! is 111, not 0), `rocblas_status` with its own names, `hipError_t` codes and messages, the
//! handle API (`rocblas_create_handle`, `rocblas_set_stream`, `rocblas_set_pointer_mode`), the
//! routine names (`rocblas_sgemm`, `rocblas_sgemm_strided_batched`, ...), `rocblas_stride` strides,
//! memory pools that not every AMD device supports, and the version strings.

use std::ffi::{c_char, c_int, c_void};
use std::path::Path;

use rocblas_sys as sys;

use super::gpu::{CopyKind, Gpu, GpuApi};
use super::{BackendKind, DevPtr, StructuralZeros};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::ScalarKind;
use crate::types::{Diag, Op, Side, Uplo};

/// The ROCm backend: one AMD GPU, through rocBLAS.
#[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
pub type Rocm = Gpu<RocmApi>;

impl Device<Rocm> {
    /// ROCm (HIP) device `ordinal` (0 is the first GPU).
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] if the runtime or BLAS library cannot be loaded (the message
    /// lists what was tried); [`Error::NoDevice`] if there is no such device or it cannot be
    /// used; a vendor failure creating the stream or the BLAS handle.
    #[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
    pub fn rocm(ordinal: usize) -> Result<Self> {
        Rocm::new(ordinal).map(Device::new)
    }

    /// ROCm device `ordinal`, running on the program's own HIP `stream`: gpublas's calls are
    /// ordered on it with the program's kernels and copies, so no synchronisation is needed
    /// where data changes hands.
    ///
    /// # Safety
    /// See [`Gpu::from_raw_stream`](crate::backend::gpu::Gpu::from_raw_stream): `stream` is a
    /// live stream of device `ordinal`'s primary context and outlives this device, its clones,
    /// buffers and guards, and the work queued through them.
    ///
    /// # Errors
    /// As for [`Device::rocm`].
    #[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
    pub unsafe fn rocm_on_stream(ordinal: usize, stream: sys::hipStream_t) -> Result<Self> {
        // SAFETY: the caller's contract is `from_raw_stream`'s.
        unsafe { Rocm::from_raw_stream(ordinal, stream, None) }.map(Device::new)
    }
}

/// The loaded HIP runtime and rocBLAS function tables.
#[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
#[derive(Debug, Clone, Copy)]
pub struct RocmApi {
    /// The HIP runtime.
    pub hip: &'static sys::Hip,
    /// rocBLAS.
    pub rb: &'static sys::Rocblas,
}

impl RocmApi {
    fn hip_check(&self, routine: &'static str, code: sys::hipError_t) -> Result<()> {
        if code == sys::hipSuccess {
            Ok(())
        } else {
            Err(Error::Vendor {
                library: "HIP runtime",
                routine,
                code: code as i64,
                message: sys::error_string(self.hip, code),
            })
        }
    }

    pub(super) fn rb_check(
        &self,
        routine: &'static str,
        status: sys::rocblas_status,
    ) -> Result<()> {
        // `perf_degraded` means the call completed, with a smaller workspace than it wanted
        // (low device memory): the result is valid, so it is not an error.
        if status == sys::rocblas_status_success || status == sys::rocblas_status_perf_degraded {
            Ok(())
        } else {
            Err(Error::Vendor {
                library: "rocBLAS",
                routine,
                code: status as i64,
                message: sys::status_string(self.rb, status),
            })
        }
    }

    /// Whether the current device supports stream-ordered allocation (`hipMallocAsync` is
    /// exported by every HIP 5.1+, but fails on devices without memory pools). Constant per
    /// device, so `malloc` and `free` of one context always agree.
    fn pools_supported(&self) -> bool {
        let mut dev: c_int = 0;
        let mut yes: c_int = 0;
        // SAFETY: each call writes one int.
        let ok = unsafe {
            (self.hip.hipGetDevice)(&mut dev) == sys::hipSuccess
                && (self.hip.hipDeviceGetAttribute)(
                    &mut yes,
                    sys::hipDeviceAttributeMemoryPoolsSupported,
                    dev,
                ) == sys::hipSuccess
        };
        ok && yes != 0
    }

    fn device_name(&self, ordinal: i32) -> Option<String> {
        let mut buf = [0 as c_char; 256];
        // SAFETY: writes at most `len` bytes (NUL-terminated) into `buf`; on AMD a
        // `hipDevice_t` is the device ordinal.
        let code =
            unsafe { (self.hip.hipDeviceGetName)(buf.as_mut_ptr(), buf.len() as c_int, ordinal) };
        if code != sys::hipSuccess {
            return None;
        }
        let bytes: Vec<u8> = buf
            .iter()
            .map(|&c| c as u8)
            .take_while(|&b| b != 0)
            .collect();
        let name = String::from_utf8_lossy(&bytes).trim().to_string();
        (!name.is_empty()).then_some(name)
    }

    /// rocBLAS's version as `major.minor.patch` (the library's string also carries a commit).
    fn rocblas_version(&self) -> Option<String> {
        let mut len: usize = 0;
        // SAFETY: writes one size.
        let st = unsafe { (self.rb.rocblas_get_version_string_size)(&mut len) };
        if st != sys::rocblas_status_success || len == 0 || len > 4096 {
            return None;
        }
        let mut buf = vec![0 as c_char; len];
        // SAFETY: `buf` holds the `len` bytes rocBLAS asked for, terminating NUL included.
        let st = unsafe { (self.rb.rocblas_get_version_string)(buf.as_mut_ptr(), len) };
        if st != sys::rocblas_status_success {
            return None;
        }
        let bytes: Vec<u8> = buf
            .iter()
            .map(|&c| c as u8)
            .take_while(|&b| b != 0)
            .collect();
        let full = String::from_utf8_lossy(&bytes).into_owned();
        let short: Vec<&str> = full.trim().split(['.', '-', '+']).take(3).collect();
        Some(if short.len() == 3 {
            short.join(".")
        } else {
            full.trim().to_string()
        })
    }
}

/// The number of HIP devices; a failing query or none at all is [`Error::NoDevice`].
fn hip_device_count(hip: &sys::Hip) -> Result<usize> {
    let mut n: c_int = 0;
    // SAFETY: writes one int.
    let code = unsafe { (hip.hipGetDeviceCount)(&mut n) };
    if code != sys::hipSuccess {
        return Err(Error::NoDevice {
            backend: "rocm",
            reason: no_device_reason(sys::error_string(hip, code), Path::new(KFD)),
        });
    }
    if n <= 0 {
        return Err(Error::NoDevice {
            backend: "rocm",
            reason: no_device_reason("the HIP runtime reports no devices".into(), Path::new(KFD)),
        });
    }
    Ok(n as usize)
}

/// The device file of the AMD GPU kernel driver (amdgpu's KFD), which the ROCm runtime opens.
const KFD: &str = "/dev/kfd";

/// Why the HIP runtime sees no device, given its own message and the driver's device file
/// ([`KFD`]). The ROCm user-space libraries load without a kernel driver, and the runtime then
/// only says that no device was detected: when the device file is missing, say that the kernel
/// driver is not loaded and what to install. (Whether this user may open the file would take
/// opening it, which creates a driver context: the message names the usual groups instead.)
fn no_device_reason(runtime: String, kfd: &Path) -> String {
    let (exists, kfd) = (kfd.exists(), kfd.display());
    if exists {
        format!(
            "{runtime} ({kfd} exists: if there is an AMD GPU, check that this user may open \
             {kfd} and /dev/dri/renderD*, usually by being in the `render` and `video` groups)"
        )
    } else {
        format!(
            "no AMD GPU kernel driver found ({kfd} does not exist: the amdgpu kernel module is \
             not loaded); install the AMD GPU driver (amdgpu-dkms from AMD's ROCm packages, or \
             a kernel with amdgpu), or in a container pass --device={kfd} --device=/dev/dri. \
             The HIP runtime said: {runtime}"
        )
    }
}

pub(super) fn op(o: Op) -> sys::rocblas_operation {
    match o {
        Op::N => sys::rocblas_operation_none,
        Op::T => sys::rocblas_operation_transpose,
        Op::C => sys::rocblas_operation_conjugate_transpose,
    }
}
pub(super) fn fill(u: Uplo) -> sys::rocblas_fill {
    match u {
        Uplo::Upper => sys::rocblas_fill_upper,
        Uplo::Lower => sys::rocblas_fill_lower,
    }
}
pub(super) fn side(s: Side) -> sys::rocblas_side {
    match s {
        Side::Left => sys::rocblas_side_left,
        Side::Right => sys::rocblas_side_right,
    }
}
pub(super) fn diag(d: Diag) -> sys::rocblas_diagonal {
    match d {
        Diag::NonUnit => sys::rocblas_diagonal_non_unit,
        Diag::Unit => sys::rocblas_diagonal_unit,
    }
}

mod mixed;

impl super::gpu::Sealed for RocmApi {}

impl GpuApi for RocmApi {
    type Stream = sys::hipStream_t;
    type Handle = sys::rocblas_handle;
    const KIND: BackendKind = BackendKind::Rocm;
    const LIBRARY: &'static str = "rocBLAS";
    const ILP64_SINCE: &'static str =
        "rocBLAS added its 64-bit entry points in 4.1 to 4.3 (ROCm 6.1 to 6.3)";

    // Not yet checked on AMD hardware: assumed to do what cuBLAS does (for every type), so
    // that results keep reference semantics until the reading-rules tests have run there.
    fn multiplies_structural_zeros(routine: StructuralZeros, kind: ScalarKind) -> bool {
        let _ = (routine, kind);
        true
    }

    fn load() -> Result<Self> {
        // The runtime first, and whether it sees a device: on a machine without an AMD GPU (or
        // driver) that is the error worth reporting, not a missing rocBLAS.
        let hip = sys::hip()?;
        hip_device_count(hip)?;
        Ok(RocmApi {
            hip,
            rb: sys::rocblas()?,
        })
    }

    fn device_count(&self) -> Result<usize> {
        hip_device_count(self.hip)
    }

    fn current_device(&self) -> Result<i32> {
        let mut d: c_int = 0;
        // SAFETY: writes one int.
        self.hip_check("hipGetDevice", unsafe { (self.hip.hipGetDevice)(&mut d) })?;
        Ok(d)
    }

    fn set_device(&self, ordinal: i32) -> Result<()> {
        // SAFETY: no pointers; an invalid ordinal is an error status.
        self.hip_check("hipSetDevice", unsafe { (self.hip.hipSetDevice)(ordinal) })
    }

    unsafe fn describe(&self, ordinal: i32, _h: Self::Handle) -> String {
        let name = self
            .device_name(ordinal)
            .unwrap_or_else(|| format!("HIP device {ordinal}"));
        let mut rtv: c_int = 0;
        // SAFETY: writes one int.
        let code = unsafe { (self.hip.hipRuntimeGetVersion)(&mut rtv) };
        // HIP_VERSION = major * 10_000_000 + minor * 100_000 + patch.
        let hip = if code == sys::hipSuccess && rtv > 0 {
            format!("HIP {}.{}", rtv / 10_000_000, (rtv / 100_000) % 100)
        } else {
            "HIP version unknown".to_string()
        };
        match self.rocblas_version() {
            Some(v) => format!("{name} ({hip}, rocBLAS {v})"),
            None => format!("{name} ({hip})"),
        }
    }

    unsafe fn stream_create(&self) -> Result<Self::Stream> {
        let mut st: sys::hipStream_t = std::ptr::null_mut();
        // SAFETY: writes one stream handle.
        self.hip_check("hipStreamCreateWithFlags", unsafe {
            (self.hip.hipStreamCreateWithFlags)(&mut st, sys::hipStreamNonBlocking)
        })?;
        Ok(st)
    }

    unsafe fn stream_destroy(&self, st: Self::Stream) {
        // SAFETY: the caller owns the stream and is done with it.
        unsafe { (self.hip.hipStreamDestroy)(st) };
    }

    unsafe fn stream_sync(&self, st: Self::Stream) -> Result<()> {
        // SAFETY: the caller guarantees the stream is live.
        self.hip_check("hipStreamSynchronize", unsafe {
            (self.hip.hipStreamSynchronize)(st)
        })
    }

    unsafe fn malloc(&self, bytes: usize, st: Self::Stream) -> Result<DevPtr> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let async_alloc = self.hip.hipMallocAsync.filter(|_| self.pools_supported());
        // SAFETY: writes one pointer; the stream is live.
        let (routine, code) = unsafe {
            match async_alloc {
                Some(f) => ("hipMallocAsync", f(&mut p, bytes, st)),
                None => ("hipMalloc", (self.hip.hipMalloc)(&mut p, bytes)),
            }
        };
        if code == sys::hipErrorOutOfMemory {
            // SAFETY: clears the last error this failure set; no pointers.
            unsafe { (self.hip.hipGetLastError)() };
            return Err(Error::OutOfMemory {
                backend: "rocm",
                bytes,
            });
        }
        self.hip_check(routine, code)?;
        Ok(DevPtr::from_raw(p.cast()))
    }

    unsafe fn free(&self, p: DevPtr, st: Self::Stream) {
        // `malloc` chose the pool exactly when this does (same device, same answer).
        let async_free = self
            .hip
            .hipFreeAsync
            .filter(|_| self.hip.hipMallocAsync.is_some() && self.pools_supported());
        // SAFETY: the caller guarantees `p` is a live allocation no later work uses; the
        // stream-ordered free runs after the work enqueued before it (plain `hipFree`
        // synchronises the device first).
        unsafe {
            match async_free {
                Some(f) => f(p.as_raw().cast(), st),
                None => (self.hip.hipFree)(p.as_raw().cast()),
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
            CopyKind::HostToDevice => sys::hipMemcpyHostToDevice,
            CopyKind::DeviceToHost => sys::hipMemcpyDeviceToHost,
            CopyKind::DeviceToDevice => sys::hipMemcpyDeviceToDevice,
        };
        // SAFETY: the caller guarantees both ranges for `bytes` bytes.
        self.hip_check("hipMemcpyAsync", unsafe {
            (self.hip.hipMemcpyAsync)(dst.cast(), src.cast(), bytes, kind, st)
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
            CopyKind::HostToDevice => sys::hipMemcpyHostToDevice,
            CopyKind::DeviceToHost => sys::hipMemcpyDeviceToHost,
            CopyKind::DeviceToDevice => sys::hipMemcpyDeviceToDevice,
        };
        // SAFETY: the caller guarantees every row of both ranges.
        self.hip_check("hipMemcpy2DAsync", unsafe {
            (self.hip.hipMemcpy2DAsync)(
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
        self.hip_check("hipMemsetAsync", unsafe {
            (self.hip.hipMemsetAsync)(dst.as_raw().cast(), 0, bytes, st)
        })
    }

    unsafe fn host_alloc(&self, bytes: usize) -> Result<*mut u8> {
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer.
        let code = unsafe { (self.hip.hipHostMalloc)(&mut p, bytes, sys::hipHostMallocDefault) };
        if code == sys::hipErrorOutOfMemory {
            // SAFETY: clears the sticky last error this failure set; no pointers.
            unsafe { (self.hip.hipGetLastError)() };
            return Err(Error::OutOfMemory {
                backend: "rocm (page-locked host memory)",
                bytes,
            });
        }
        self.hip_check("hipHostMalloc", code)?;
        Ok(p.cast())
    }

    unsafe fn host_free(&self, p: *mut u8) {
        // SAFETY: the caller guarantees `p` came from `hipHostMalloc` and is unused.
        unsafe { (self.hip.hipHostFree)(p.cast()) };
    }

    unsafe fn host_register(&self, p: *mut u8, bytes: usize) -> Result<()> {
        // SAFETY: the caller guarantees `p` is valid for `bytes` bytes until unregistered.
        self.hip_check("hipHostRegister", unsafe {
            (self.hip.hipHostRegister)(p.cast(), bytes, sys::hipHostRegisterDefault)
        })
    }

    unsafe fn host_unregister(&self, p: *mut u8) {
        // SAFETY: the caller guarantees `p` was registered and no transfer uses it.
        unsafe { (self.hip.hipHostUnregister)(p.cast()) };
    }

    fn event_create(&self) -> Result<*mut c_void> {
        let mut e: sys::hipEvent_t = std::ptr::null_mut();
        // SAFETY: writes one event handle.
        self.hip_check("hipEventCreateWithFlags", unsafe {
            (self.hip.hipEventCreateWithFlags)(&mut e, sys::hipEventDisableTiming)
        })?;
        Ok(e.cast())
    }

    unsafe fn event_destroy(&self, e: *mut c_void) {
        // SAFETY: the caller guarantees `e` is a live event it is done with.
        unsafe { (self.hip.hipEventDestroy)(e.cast()) };
    }

    unsafe fn event_record(&self, e: *mut c_void, st: Self::Stream) -> Result<()> {
        // SAFETY: the caller guarantees a live event and stream.
        self.hip_check("hipEventRecord", unsafe {
            (self.hip.hipEventRecord)(e.cast(), st)
        })
    }

    unsafe fn event_sync(&self, e: *mut c_void) -> Result<()> {
        // SAFETY: the caller guarantees a live event.
        self.hip_check("hipEventSynchronize", unsafe {
            (self.hip.hipEventSynchronize)(e.cast())
        })
    }

    unsafe fn stream_wait(&self, st: Self::Stream, e: *mut c_void) -> Result<()> {
        // SAFETY: the caller guarantees a live stream and event.
        self.hip_check("hipStreamWaitEvent", unsafe {
            (self.hip.hipStreamWaitEvent)(st, e.cast(), 0)
        })
    }

    unsafe fn handle_create(&self, st: Self::Stream) -> Result<Self::Handle> {
        let mut h: sys::rocblas_handle = std::ptr::null_mut();
        // SAFETY: writes one handle; then configures it (live) for the live stream.
        unsafe {
            self.rb_check(
                "rocblas_create_handle",
                (self.rb.rocblas_create_handle)(&mut h),
            )?;
            let set = self
                .rb_check("rocblas_set_stream", (self.rb.rocblas_set_stream)(h, st))
                .and_then(|_| {
                    self.rb_check(
                        "rocblas_set_pointer_mode",
                        (self.rb.rocblas_set_pointer_mode)(h, sys::rocblas_pointer_mode_host),
                    )
                });
            if let Err(e) = set {
                (self.rb.rocblas_destroy_handle)(h);
                return Err(e);
            }
        }
        Ok(h)
    }

    unsafe fn handle_destroy(&self, h: Self::Handle) {
        // SAFETY: the caller owns the handle and is done with it.
        unsafe { (self.rb.rocblas_destroy_handle)(h) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_are_rocblas_own() {
        assert_eq!(op(Op::N), 111);
        assert_eq!(op(Op::T), 112);
        assert_eq!(op(Op::C), 113);
        assert_eq!((fill(Uplo::Upper), fill(Uplo::Lower)), (121, 122));
        assert_eq!((diag(Diag::NonUnit), diag(Diag::Unit)), (131, 132));
        assert_eq!((side(Side::Left), side(Side::Right)), (141, 142));
        assert_eq!(sys::hipErrorOutOfMemory, 2);
    }

    #[test]
    fn no_device_reason_says_whether_the_kernel_driver_is_loaded() {
        let runtime = "hipErrorNoDevice (100): no ROCm-capable device is detected";
        let missing = Path::new("/nonexistent/gpublas-test/kfd");
        let msg = no_device_reason(runtime.into(), missing);
        assert!(
            msg.starts_with(
                "no AMD GPU kernel driver found (/nonexistent/gpublas-test/kfd does not exist"
            ),
            "{msg}"
        );
        assert!(msg.contains("install the AMD GPU driver"), "{msg}");
        assert!(msg.ends_with(runtime), "{msg}");
        // A device file that exists (any file stands for it): the runtime's message leads.
        let present = Path::new(env!("CARGO_MANIFEST_DIR"));
        let msg = no_device_reason(runtime.into(), present);
        assert!(msg.starts_with(runtime), "{msg}");
        assert!(msg.contains("`render` and `video` groups"), "{msg}");
        assert!(!msg.contains("no AMD GPU kernel driver"), "{msg}");
    }

    #[test]
    fn without_rocm_new_reports_the_missing_hip_runtime() {
        if std::env::var_os("GPUBLAS_HIP_PATH").is_some()
            || std::env::var_os("GPUBLAS_ROCBLAS_PATH").is_some()
            || sys::hip().is_ok()
        {
            eprintln!("skipped: ROCm is installed or its override variables are set");
            return;
        }
        match Rocm::new(0) {
            Err(Error::LibraryNotFound(e)) => {
                let msg = e.to_string();
                assert!(msg.contains("libamdhip64.so.7"), "{msg}");
                assert!(msg.contains("GPUBLAS_HIP_PATH"), "{msg}");
            }
            Err(other) => panic!("expected LibraryNotFound, got {other}"),
            Ok(dev) => panic!("opened a ROCm device without ROCm: {dev:?}"),
        }
        assert!(matches!(Device::rocm(0), Err(Error::LibraryNotFound(_))));
    }
}
