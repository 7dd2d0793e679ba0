//! cuBLAS extensions: geam, dgmm, gemm and trsm batched over arrays of device pointers, gemv
//! strided batched, and their 64-bit-size (`_64`) entry points.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::{c_int, c_longlong};

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Extension function table of cuBLAS, loaded from `libcublas` by [`crate::cublas_extensions`]
    /// or [`CublasExtensions::load`]. Signatures are those of cuBLAS 13's `cublas_api.h`.
    ///
    /// `cublas<t>gemvStridedBatched` is an `Option`: cuBLAS has it from 11.6 on. Every `_64` entry
    /// point (64-bit sizes, increments and leading dimensions: `i64`) is an `Option`: cuBLAS has
    /// them from 12.0 on, and `libcublas.so.11` is still a supported candidate.
    ///
    /// The pointer arrays of the batched routines (`Aarray`, …) live in device memory.
    pub struct CublasExtensions {
        required {
            // geam (C = αop(A) + βop(B)) and dgmm (A·diag(x) or diag(x)·A)
            fn cublasSgeam(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, alpha: *const f32, A: *const f32, lda: c_int, beta: *const f32,
                B: *const f32, ldb: c_int, C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDgeam(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, alpha: *const f64, A: *const f64, lda: c_int, beta: *const f64,
                B: *const f64, ldb: c_int, C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCgeam(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                beta: *const cuComplex, B: *const cuComplex, ldb: c_int, C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZgeam(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex,
                lda: c_int, beta: *const cuDoubleComplex, B: *const cuDoubleComplex, ldb: c_int,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasSdgmm(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: c_int, n: c_int, A: *const f32,
                lda: c_int, x: *const f32, incx: c_int, C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDdgmm(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: c_int, n: c_int, A: *const f64,
                lda: c_int, x: *const f64, incx: c_int, C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCdgmm(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: c_int, n: c_int,
                A: *const cuComplex, lda: c_int, x: *const cuComplex, incx: c_int,
                C: *mut cuComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZdgmm(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: c_int, n: c_int,
                A: *const cuDoubleComplex, lda: c_int, x: *const cuDoubleComplex, incx: c_int,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            // Batched over arrays of device pointers to matrices
            fn cublasSgemmBatched(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, k: c_int, alpha: *const f32, Aarray: *const *const f32,
                lda: c_int, Barray: *const *const f32, ldb: c_int, beta: *const f32,
                Carray: *const *mut f32, ldc: c_int, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasDgemmBatched(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, k: c_int, alpha: *const f64, Aarray: *const *const f64,
                lda: c_int, Barray: *const *const f64, ldb: c_int, beta: *const f64,
                Carray: *const *mut f64, ldc: c_int, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasCgemmBatched(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, k: c_int, alpha: *const cuComplex,
                Aarray: *const *const cuComplex, lda: c_int, Barray: *const *const cuComplex,
                ldb: c_int, beta: *const cuComplex, Carray: *const *mut cuComplex, ldc: c_int,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasZgemmBatched(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: c_int, n: c_int, k: c_int, alpha: *const cuDoubleComplex,
                Aarray: *const *const cuDoubleComplex, lda: c_int,
                Barray: *const *const cuDoubleComplex, ldb: c_int, beta: *const cuDoubleComplex,
                Carray: *const *mut cuDoubleComplex, ldc: c_int, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasStrsmBatched(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const f32, A: *const *const f32, lda: c_int, B: *const *mut f32, ldb: c_int,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasDtrsmBatched(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const f64, A: *const *const f64, lda: c_int, B: *const *mut f64, ldb: c_int,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasCtrsmBatched(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const cuComplex, A: *const *const cuComplex, lda: c_int,
                B: *const *mut cuComplex, ldb: c_int, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasZtrsmBatched(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const cuDoubleComplex, A: *const *const cuDoubleComplex, lda: c_int,
                B: *const *mut cuDoubleComplex, ldb: c_int, batchCount: c_int,
            ) -> cublasStatus_t;
        }
        optional {
            // cuBLAS 11.6 and newer
            fn cublasSgemvStridedBatched(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int,
                alpha: *const f32, A: *const f32, lda: c_int, strideA: c_longlong, x: *const f32,
                incx: c_int, stridex: c_longlong, beta: *const f32, y: *mut f32, incy: c_int,
                stridey: c_longlong, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasDgemvStridedBatched(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int,
                alpha: *const f64, A: *const f64, lda: c_int, strideA: c_longlong, x: *const f64,
                incx: c_int, stridex: c_longlong, beta: *const f64, y: *mut f64, incy: c_int,
                stridey: c_longlong, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasCgemvStridedBatched(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int,
                alpha: *const cuComplex, A: *const cuComplex, lda: c_int, strideA: c_longlong,
                x: *const cuComplex, incx: c_int, stridex: c_longlong, beta: *const cuComplex,
                y: *mut cuComplex, incy: c_int, stridey: c_longlong, batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasZgemvStridedBatched(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                strideA: c_longlong, x: *const cuDoubleComplex, incx: c_int, stridex: c_longlong,
                beta: *const cuDoubleComplex, y: *mut cuDoubleComplex, incy: c_int,
                stridey: c_longlong, batchCount: c_int,
            ) -> cublasStatus_t;
            // 64-bit-size entry points (cuBLAS 12.0 and newer)
            fn cublasSgeam_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, alpha: *const f32, A: *const f32, lda: i64, beta: *const f32,
                B: *const f32, ldb: i64, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDgeam_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, alpha: *const f64, A: *const f64, lda: i64, beta: *const f64,
                B: *const f64, ldb: i64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCgeam_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64,
                beta: *const cuComplex, B: *const cuComplex, ldb: i64, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZgeam_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                beta: *const cuDoubleComplex, B: *const cuDoubleComplex, ldb: i64,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasSdgmm_64(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: i64, n: i64, A: *const f32,
                lda: i64, x: *const f32, incx: i64, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDdgmm_64(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: i64, n: i64, A: *const f64,
                lda: i64, x: *const f64, incx: i64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCdgmm_64(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: i64, n: i64, A: *const cuComplex,
                lda: i64, x: *const cuComplex, incx: i64, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZdgmm_64(
                handle: cublasHandle_t, mode: cublasSideMode_t, m: i64, n: i64,
                A: *const cuDoubleComplex, lda: i64, x: *const cuDoubleComplex, incx: i64,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasSgemmBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f32, Aarray: *const *const f32, lda: i64,
                Barray: *const *const f32, ldb: i64, beta: *const f32, Carray: *const *mut f32,
                ldc: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasDgemmBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f64, Aarray: *const *const f64, lda: i64,
                Barray: *const *const f64, ldb: i64, beta: *const f64, Carray: *const *mut f64,
                ldc: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasCgemmBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuComplex, Aarray: *const *const cuComplex,
                lda: i64, Barray: *const *const cuComplex, ldb: i64, beta: *const cuComplex,
                Carray: *const *mut cuComplex, ldc: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasZgemmBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuDoubleComplex,
                Aarray: *const *const cuDoubleComplex, lda: i64,
                Barray: *const *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                Carray: *const *mut cuDoubleComplex, ldc: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasStrsmBatched_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f32,
                A: *const *const f32, lda: i64, B: *const *mut f32, ldb: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasDtrsmBatched_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f64,
                A: *const *const f64, lda: i64, B: *const *mut f64, ldb: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasCtrsmBatched_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuComplex, A: *const *const cuComplex, lda: i64,
                B: *const *mut cuComplex, ldb: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasZtrsmBatched_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuDoubleComplex, A: *const *const cuDoubleComplex, lda: i64,
                B: *const *mut cuDoubleComplex, ldb: i64, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasSgemvStridedBatched_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, strideA: c_longlong, x: *const f32, incx: i64,
                stridex: c_longlong, beta: *const f32, y: *mut f32, incy: i64, stridey: c_longlong,
                batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasDgemvStridedBatched_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, strideA: c_longlong, x: *const f64, incx: i64,
                stridex: c_longlong, beta: *const f64, y: *mut f64, incy: i64, stridey: c_longlong,
                batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasCgemvStridedBatched_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, strideA: c_longlong,
                x: *const cuComplex, incx: i64, stridex: c_longlong, beta: *const cuComplex,
                y: *mut cuComplex, incy: i64, stridey: c_longlong, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasZgemvStridedBatched_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                strideA: c_longlong, x: *const cuDoubleComplex, incx: i64, stridex: c_longlong,
                beta: *const cuDoubleComplex, y: *mut cuDoubleComplex, incy: i64,
                stridey: c_longlong, batchCount: i64,
            ) -> cublasStatus_t;
        }
    }
}
