//! cuBLASXt, cuBLAS's multi-GPU host-memory interface: only what a benchmark needs (handle, device
//! selection, block size, pinning mode, and the four gemms).

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::c_int;

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// cuBLASXt function table, loaded from `libcublas` by [`crate::cublas_xt`] or
    /// [`CublasXt::load`]. Signatures are those of cuBLAS 13's `cublasXt.h` (every one has been in
    /// `libcublas` since CUDA 6). Matrices are host (or device) pointers; sizes are `size_t`.
    pub struct CublasXt {
        required {
            fn cublasXtCreate(handle: *mut cublasXtHandle_t) -> cublasStatus_t;
            fn cublasXtDestroy(handle: cublasXtHandle_t) -> cublasStatus_t;
            fn cublasXtDeviceSelect(
                handle: cublasXtHandle_t, nbDevices: c_int, deviceId: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasXtSetBlockDim(handle: cublasXtHandle_t, blockDim: c_int) -> cublasStatus_t;
            fn cublasXtGetBlockDim(
                handle: cublasXtHandle_t, blockDim: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasXtSetPinningMemMode(
                handle: cublasXtHandle_t, mode: cublasXtPinnedMemMode_t,
            ) -> cublasStatus_t;
            fn cublasXtGetPinningMemMode(
                handle: cublasXtHandle_t, mode: *mut cublasXtPinnedMemMode_t,
            ) -> cublasStatus_t;
            fn cublasXtSgemm(
                handle: cublasXtHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: usize, n: usize, k: usize, alpha: *const f32, A: *const f32, lda: usize,
                B: *const f32, ldb: usize, beta: *const f32, C: *mut f32, ldc: usize,
            ) -> cublasStatus_t;
            fn cublasXtDgemm(
                handle: cublasXtHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: usize, n: usize, k: usize, alpha: *const f64, A: *const f64, lda: usize,
                B: *const f64, ldb: usize, beta: *const f64, C: *mut f64, ldc: usize,
            ) -> cublasStatus_t;
            fn cublasXtCgemm(
                handle: cublasXtHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: usize, n: usize, k: usize, alpha: *const cuComplex, A: *const cuComplex,
                lda: usize, B: *const cuComplex, ldb: usize, beta: *const cuComplex,
                C: *mut cuComplex, ldc: usize,
            ) -> cublasStatus_t;
            fn cublasXtZgemm(
                handle: cublasXtHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: usize, n: usize, k: usize, alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex, lda: usize, B: *const cuDoubleComplex, ldb: usize,
                beta: *const cuDoubleComplex, C: *mut cuDoubleComplex, ldc: usize,
            ) -> cublasStatus_t;
        }
        optional {
        }
    }
}
