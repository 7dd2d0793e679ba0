//! The HIP runtime subset that gpublas needs, resolved from `libamdhip64` at run time.
//!
//! Every declaration mirrors `hip/hip_runtime_api.h` of HIP 6.4 compiled for the AMD platform
//! (`__HIP_PLATFORM_AMD__`), and names the symbol the library really exports (ROCm 6 renames a
//! few functions through macros, e.g. `hipGetDeviceProperties` → `hipGetDevicePropertiesR0600`;
//! none of the functions below is renamed). `scripts/check-abi.sh` compiles each declaration
//! against the header and checks that the real `libamdhip64.so.6` exports it.

// The table's fields (and the loader's locals) keep the C names, e.g. `hipMalloc`.
#![allow(non_snake_case)]

use core::ffi::{c_char, c_int, c_uint, c_void};

use gpublas_dynload::{dyn_api, LibSpec};

use crate::types::*;

/// Where to find the HIP runtime: `GPUBLAS_HIP_PATH`, else `$ROCM_PATH/{lib,lib64}`, else the
/// system's search path; newest soname first.
pub const HIP: LibSpec = LibSpec {
    name: "HIP runtime",
    override_var: "GPUBLAS_HIP_PATH",
    candidates: &[
        "libamdhip64.so.7",
        "libamdhip64.so.6",
        "libamdhip64.so.5",
        "libamdhip64.so",
    ],
    root_vars: &["ROCM_PATH"],
    root_subdirs: &["lib", "lib64"],
};

dyn_api! {
    /// HIP runtime entry points: devices, memory, copies, streams, events and errors.
    pub struct Hip {
        required {
            // Devices and versions.
            fn hipGetDeviceCount(count: *mut c_int) -> hipError_t;
            fn hipSetDevice(device_id: c_int) -> hipError_t;
            fn hipGetDevice(device_id: *mut c_int) -> hipError_t;
            fn hipDeviceGetAttribute(
                pi: *mut c_int,
                attr: hipDeviceAttribute_t,
                device_id: c_int,
            ) -> hipError_t;
            fn hipDeviceGetName(name: *mut c_char, len: c_int, device: hipDevice_t) -> hipError_t;
            fn hipRuntimeGetVersion(runtime_version: *mut c_int) -> hipError_t;
            fn hipDriverGetVersion(driver_version: *mut c_int) -> hipError_t;
            fn hipDeviceSynchronize() -> hipError_t;
            // Memory.
            fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> hipError_t;
            fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> hipError_t;
            fn hipFree(ptr: *mut c_void) -> hipError_t;
            fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> hipError_t;
            fn hipHostFree(ptr: *mut c_void) -> hipError_t;
            fn hipHostRegister(host_ptr: *mut c_void, size_bytes: usize, flags: c_uint) -> hipError_t;
            fn hipHostUnregister(host_ptr: *mut c_void) -> hipError_t;
            fn hipMemcpy(
                dst: *mut c_void,
                src: *const c_void,
                size_bytes: usize,
                kind: hipMemcpyKind,
            ) -> hipError_t;
            fn hipMemcpyAsync(
                dst: *mut c_void,
                src: *const c_void,
                size_bytes: usize,
                kind: hipMemcpyKind,
                stream: hipStream_t,
            ) -> hipError_t;
            fn hipMemcpy2DAsync(
                dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
                height: usize, kind: hipMemcpyKind, stream: hipStream_t,
            ) -> hipError_t;
            fn hipMemsetAsync(
                dst: *mut c_void,
                value: c_int,
                size_bytes: usize,
                stream: hipStream_t,
            ) -> hipError_t;
            // Streams.
            fn hipStreamCreateWithFlags(stream: *mut hipStream_t, flags: c_uint) -> hipError_t;
            fn hipStreamDestroy(stream: hipStream_t) -> hipError_t;
            fn hipStreamSynchronize(stream: hipStream_t) -> hipError_t;
            fn hipStreamWaitEvent(
                stream: hipStream_t, event: hipEvent_t, flags: c_uint,
            ) -> hipError_t;
            // Events.
            fn hipEventCreateWithFlags(event: *mut hipEvent_t, flags: c_uint) -> hipError_t;
            fn hipEventRecord(event: hipEvent_t, stream: hipStream_t) -> hipError_t;
            fn hipEventSynchronize(event: hipEvent_t) -> hipError_t;
            fn hipEventQuery(event: hipEvent_t) -> hipError_t;
            fn hipEventElapsedTime(ms: *mut f32, start: hipEvent_t, stop: hipEvent_t) -> hipError_t;
            fn hipEventDestroy(event: hipEvent_t) -> hipError_t;
            // Peer access between the GPUs of one node.
            fn hipDeviceCanAccessPeer(
                canAccessPeer: *mut c_int, deviceId: c_int, peerDeviceId: c_int,
            ) -> hipError_t;
            fn hipDeviceEnablePeerAccess(peerDeviceId: c_int, flags: c_uint) -> hipError_t;
            fn hipDeviceDisablePeerAccess(peerDeviceId: c_int) -> hipError_t;
            fn hipMemcpyPeerAsync(
                dst: *mut c_void, dstDeviceId: c_int, src: *const c_void, srcDevice: c_int,
                sizeBytes: usize, stream: hipStream_t,
            ) -> hipError_t;
            // Errors.
            fn hipGetErrorString(error: hipError_t) -> *const c_char;
            fn hipGetErrorName(error: hipError_t) -> *const c_char;
            fn hipGetLastError() -> hipError_t;
        }
        optional {
            // Stream-ordered allocation (HIP 5.1+; not every device supports memory pools).
            fn hipMallocAsync(dev_ptr: *mut *mut c_void, size: usize, stream: hipStream_t) -> hipError_t;
            fn hipFreeAsync(dev_ptr: *mut c_void, stream: hipStream_t) -> hipError_t;
            // Host callbacks in stream order (HIP 5.x; optional like the pools).
            fn hipLaunchHostFunc(
                stream: hipStream_t, fn_: hipHostFn_t, userData: *mut c_void,
            ) -> hipError_t;
            // Stream-ordered memory pools (HIP 5.2+): limits, usage, trimming.
            fn hipDeviceGetDefaultMemPool(mem_pool: *mut hipMemPool_t, device: c_int) -> hipError_t;
            fn hipMemPoolSetAttribute(
                mem_pool: hipMemPool_t, attr: hipMemPoolAttr, value: *mut c_void,
            ) -> hipError_t;
            fn hipMemPoolGetAttribute(
                mem_pool: hipMemPool_t, attr: hipMemPoolAttr, value: *mut c_void,
            ) -> hipError_t;
            fn hipMemPoolTrimTo(mem_pool: hipMemPool_t, min_bytes_to_hold: usize) -> hipError_t;
        }
    }
}
