//! The CUDA runtime (`libcudart`) functions gpublas uses.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::{c_char, c_int, c_uint, c_void};

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Function table of the CUDA runtime, loaded from `libcudart` by [`crate::cudart`] or
    /// [`Cudart::load`]. Signatures are those of CUDA 13's `cuda_runtime_api.h`.
    pub struct Cudart {
        required {
            // Devices and versions
            fn cudaGetDeviceCount(count: *mut c_int) -> cudaError_t;
            fn cudaSetDevice(device: c_int) -> cudaError_t;
            fn cudaGetDevice(device: *mut c_int) -> cudaError_t;
            fn cudaDeviceGetAttribute(
                value: *mut c_int,
                attr: cudaDeviceAttr,
                device: c_int,
            ) -> cudaError_t;
            fn cudaRuntimeGetVersion(runtimeVersion: *mut c_int) -> cudaError_t;
            fn cudaDriverGetVersion(driverVersion: *mut c_int) -> cudaError_t;
            fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> cudaError_t;
            fn cudaDeviceSynchronize() -> cudaError_t;
            // Memory
            fn cudaMalloc(devPtr: *mut *mut c_void, size: usize) -> cudaError_t;
            fn cudaFree(devPtr: *mut c_void) -> cudaError_t;
            fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> cudaError_t;
            fn cudaFreeHost(ptr: *mut c_void) -> cudaError_t;
            fn cudaHostAlloc(pHost: *mut *mut c_void, size: usize, flags: c_uint) -> cudaError_t;
            fn cudaHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> cudaError_t;
            fn cudaHostUnregister(ptr: *mut c_void) -> cudaError_t;
            fn cudaHostGetDevicePointer(
                pDevice: *mut *mut c_void,
                pHost: *mut c_void,
                flags: c_uint,
            ) -> cudaError_t;
            fn cudaMemcpy(
                dst: *mut c_void,
                src: *const c_void,
                count: usize,
                kind: cudaMemcpyKind,
            ) -> cudaError_t;
            fn cudaMemcpyAsync(
                dst: *mut c_void,
                src: *const c_void,
                count: usize,
                kind: cudaMemcpyKind,
                stream: cudaStream_t,
            ) -> cudaError_t;
            fn cudaMemcpy2DAsync(
                dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize,
                height: usize, kind: cudaMemcpyKind, stream: cudaStream_t,
            ) -> cudaError_t;
            fn cudaMemsetAsync(
                devPtr: *mut c_void,
                value: c_int,
                count: usize,
                stream: cudaStream_t,
            ) -> cudaError_t;
            // Streams and events
            fn cudaStreamCreateWithFlags(pStream: *mut cudaStream_t, flags: c_uint) -> cudaError_t;
            fn cudaStreamDestroy(stream: cudaStream_t) -> cudaError_t;
            fn cudaStreamSynchronize(stream: cudaStream_t) -> cudaError_t;
            fn cudaStreamWaitEvent(
                stream: cudaStream_t, event: cudaEvent_t, flags: c_uint,
            ) -> cudaError_t;
            fn cudaLaunchHostFunc(
                stream: cudaStream_t, fn_: cudaHostFn_t, userData: *mut c_void,
            ) -> cudaError_t;
            fn cudaEventCreateWithFlags(event: *mut cudaEvent_t, flags: c_uint) -> cudaError_t;
            fn cudaEventRecord(event: cudaEvent_t, stream: cudaStream_t) -> cudaError_t;
            fn cudaEventSynchronize(event: cudaEvent_t) -> cudaError_t;
            fn cudaEventQuery(event: cudaEvent_t) -> cudaError_t;
            fn cudaEventElapsedTime(
                ms: *mut f32,
                start: cudaEvent_t,
                end: cudaEvent_t,
            ) -> cudaError_t;
            fn cudaEventDestroy(event: cudaEvent_t) -> cudaError_t;
            // Peer access between the GPUs of one node
            fn cudaDeviceCanAccessPeer(
                canAccessPeer: *mut c_int, device: c_int, peerDevice: c_int,
            ) -> cudaError_t;
            fn cudaDeviceEnablePeerAccess(peerDevice: c_int, flags: c_uint) -> cudaError_t;
            fn cudaDeviceDisablePeerAccess(peerDevice: c_int) -> cudaError_t;
            fn cudaMemcpyPeerAsync(
                dst: *mut c_void, dstDevice: c_int, src: *const c_void, srcDevice: c_int,
                count: usize, stream: cudaStream_t,
            ) -> cudaError_t;
            // Errors
            fn cudaGetErrorString(error: cudaError_t) -> *const c_char;
            fn cudaGetErrorName(error: cudaError_t) -> *const c_char;
            fn cudaGetLastError() -> cudaError_t;
            /// Fills the `cudaDeviceProp` at `prop` for device `device`.
            ///
            /// `prop` is untyped because the struct's layout differs between CUDA versions
            /// (this symbol is the CUDA 13 layout in `libcudart.so.13`, the pre-12 layout in
            /// `libcudart.so.12`); see [`Cudart::device_name`] for a layout-independent use.
            fn cudaGetDeviceProperties(prop: *mut c_void, device: c_int) -> cudaError_t;
        }
        optional {
            /// CUDA 12 only: `cuda_runtime_api.h` 12.x maps `cudaGetDeviceProperties` to this
            /// symbol (CUDA 12 layout of `cudaDeviceProp`); absent from CUDA 11 and 13.
            fn cudaGetDeviceProperties_v2(prop: *mut c_void, device: c_int) -> cudaError_t;
            // Stream-ordered allocation (CUDA 11.2 and newer).
            fn cudaMallocAsync(
                devPtr: *mut *mut c_void,
                size: usize,
                hStream: cudaStream_t,
            ) -> cudaError_t;
            fn cudaFreeAsync(devPtr: *mut c_void, hStream: cudaStream_t) -> cudaError_t;
            // Stream-ordered memory pools (CUDA 11.2 and newer): limits, usage, trimming.
            fn cudaDeviceGetDefaultMemPool(
                memPool: *mut cudaMemPool_t, device: c_int,
            ) -> cudaError_t;
            fn cudaMemPoolSetAttribute(
                memPool: cudaMemPool_t, attr: cudaMemPoolAttr, value: *mut c_void,
            ) -> cudaError_t;
            fn cudaMemPoolGetAttribute(
                memPool: cudaMemPool_t, attr: cudaMemPoolAttr, value: *mut c_void,
            ) -> cudaError_t;
            fn cudaMemPoolTrimTo(memPool: cudaMemPool_t, minBytesToKeep: usize) -> cudaError_t;
        }
    }
}

/// Size of the buffer [`Cudart::device_name`] passes as `cudaDeviceProp`: several times the
/// struct's size in any CUDA version so far (about 1 KiB).
const DEVICE_PROP_BUFFER: usize = 8192;

impl Cudart {
    /// The name of device `dev` (e.g. `"NVIDIA H100 80GB HBM3"`), read from `cudaDeviceProp`.
    ///
    /// Calls `cudaGetDeviceProperties_v2` when the library has it (CUDA 12), else
    /// `cudaGetDeviceProperties`, into a zeroed, oversized, 8-aligned buffer and reads the
    /// NUL-terminated `name`, which is the struct's first field in every CUDA version.
    ///
    /// # Errors
    /// The CUDA runtime's status when it cannot read the properties (e.g. no such device).
    pub fn device_name(&self, dev: c_int) -> Result<String, cudaError_t> {
        let mut buf = vec![0u64; DEVICE_PROP_BUFFER / 8];
        let prop = buf.as_mut_ptr().cast::<c_void>();
        let get = self
            .cudaGetDeviceProperties_v2
            .unwrap_or(self.cudaGetDeviceProperties);
        // SAFETY: `prop` points to DEVICE_PROP_BUFFER writable, 8-aligned, zeroed bytes, more
        // than any version's `cudaDeviceProp`, which is all the function writes.
        let err = unsafe { get(prop, dev) };
        if err != cudaSuccess {
            return Err(err);
        }
        let bytes: Vec<u8> = buf.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let name = bytes.split(|&b| b == 0).next().unwrap_or_default();
        Ok(String::from_utf8_lossy(name).into_owned())
    }
}
