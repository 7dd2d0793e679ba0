//! Level-2 triangular routines: products (trmv, tbmv, tpmv) and solves (trsv, tbsv, tpsv) with
//! full, band and packed storage, and their 64-bit-size (`_64`) entry points.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::c_int;

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Triangular level-2 function table of cuBLAS, loaded from `libcublas` by
    /// [`crate::cublas_triangular`] or [`CublasTriangular::load`]. Signatures are those of cuBLAS
    /// 13's `cublas_api.h`.
    ///
    /// Every `_64` entry point (64-bit sizes, increments and leading dimensions: `i64`) is an
    /// `Option`: cuBLAS has them from 12.0 on, and `libcublas.so.11` is still a supported
    /// candidate.
    pub struct CublasTriangular {
        required {
            // Triangular matrix-vector products (full, band, packed storage)
            fn cublasStrmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const f32, lda: c_int, x: *mut f32,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtrmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const f64, lda: c_int, x: *mut f64,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtrmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const cuComplex, lda: c_int,
                x: *mut cuComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtrmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const cuDoubleComplex, lda: c_int,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasStbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const f32, lda: c_int, x: *mut f32,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const f64, lda: c_int, x: *mut f64,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const cuComplex, lda: c_int,
                x: *mut cuComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const cuDoubleComplex, lda: c_int,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasStpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const f32, x: *mut f32, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const f64, x: *mut f64, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const cuComplex, x: *mut cuComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const cuDoubleComplex,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
            // Triangular solves with one right-hand side (full, band, packed storage)
            fn cublasStrsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const f32, lda: c_int, x: *mut f32,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtrsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const f64, lda: c_int, x: *mut f64,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtrsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const cuComplex, lda: c_int,
                x: *mut cuComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtrsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, A: *const cuDoubleComplex, lda: c_int,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasStbsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const f32, lda: c_int, x: *mut f32,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtbsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const f64, lda: c_int, x: *mut f64,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtbsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const cuComplex, lda: c_int,
                x: *mut cuComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtbsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, k: c_int, A: *const cuDoubleComplex, lda: c_int,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasStpsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const f32, x: *mut f32, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDtpsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const f64, x: *mut f64, incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCtpsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const cuComplex, x: *mut cuComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZtpsv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: c_int, AP: *const cuDoubleComplex,
                x: *mut cuDoubleComplex, incx: c_int,
            ) -> cublasStatus_t;
        }
        optional {
            // 64-bit-size entry points (cuBLAS 12.0 and newer)
            fn cublasStrmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const f32, lda: i64, x: *mut f32, incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtrmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const f64, lda: i64, x: *mut f64, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtrmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const cuComplex, lda: i64, x: *mut cuComplex,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtrmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const cuDoubleComplex, lda: i64,
                x: *mut cuDoubleComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasStbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const f32, lda: i64, x: *mut f32,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const f64, lda: i64, x: *mut f64,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const cuComplex, lda: i64,
                x: *mut cuComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const cuDoubleComplex, lda: i64,
                x: *mut cuDoubleComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasStpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const f32, x: *mut f32, incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const f64, x: *mut f64, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const cuComplex, x: *mut cuComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const cuDoubleComplex, x: *mut cuDoubleComplex,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasStrsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const f32, lda: i64, x: *mut f32, incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtrsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const f64, lda: i64, x: *mut f64, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtrsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const cuComplex, lda: i64, x: *mut cuComplex,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtrsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, A: *const cuDoubleComplex, lda: i64,
                x: *mut cuDoubleComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasStbsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const f32, lda: i64, x: *mut f32,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtbsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const f64, lda: i64, x: *mut f64,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtbsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const cuComplex, lda: i64,
                x: *mut cuComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtbsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, k: i64, A: *const cuDoubleComplex, lda: i64,
                x: *mut cuDoubleComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasStpsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const f32, x: *mut f32, incx: i64,
            ) -> cublasStatus_t;
            fn cublasDtpsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const f64, x: *mut f64, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCtpsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const cuComplex, x: *mut cuComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasZtpsv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t,
                diag: cublasDiagType_t, n: i64, AP: *const cuDoubleComplex, x: *mut cuDoubleComplex,
                incx: i64,
            ) -> cublasStatus_t;
        }
    }
}
