//! Level-2 routines on general band, symmetric and Hermitian matrices (full, band and packed
//! storage), plus the 64-bit-size (`_64`) entry points of all non-triangular level-2 routines.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::c_int;

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-2 function table of cuBLAS (non-triangular), loaded from `libcublas` by
    /// [`crate::cublas_level2`] or [`CublasLevel2::load`]. Signatures are those of cuBLAS 13's
    /// `cublas_api.h`.
    ///
    /// Every `_64` entry point (64-bit sizes, increments and leading dimensions: `i64`) is an
    /// `Option`: cuBLAS has them from 12.0 on, and `libcublas.so.11` is still a supported
    /// candidate.
    pub struct CublasLevel2 {
        required {
            // Matrix-vector products: general band, symmetric/Hermitian (full, band, packed)
            fn cublasSgbmv_v2(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int, kl: c_int,
                ku: c_int, alpha: *const f32, A: *const f32, lda: c_int, x: *const f32, incx: c_int,
                beta: *const f32, y: *mut f32, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDgbmv_v2(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int, kl: c_int,
                ku: c_int, alpha: *const f64, A: *const f64, lda: c_int, x: *const f64, incx: c_int,
                beta: *const f64, y: *mut f64, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCgbmv_v2(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int, kl: c_int,
                ku: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                x: *const cuComplex, incx: c_int, beta: *const cuComplex, y: *mut cuComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZgbmv_v2(
                handle: cublasHandle_t, trans: cublasOperation_t, m: c_int, n: c_int, kl: c_int,
                ku: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                x: *const cuDoubleComplex, incx: c_int, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSsymv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                A: *const f32, lda: c_int, x: *const f32, incx: c_int, beta: *const f32,
                y: *mut f32, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDsymv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                A: *const f64, lda: c_int, x: *const f64, incx: c_int, beta: *const f64,
                y: *mut f64, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCsymv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                A: *const cuComplex, lda: c_int, x: *const cuComplex, incx: c_int,
                beta: *const cuComplex, y: *mut cuComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZsymv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                x: *const cuDoubleComplex, incx: c_int, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasChemv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                A: *const cuComplex, lda: c_int, x: *const cuComplex, incx: c_int,
                beta: *const cuComplex, y: *mut cuComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZhemv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                x: *const cuDoubleComplex, incx: c_int, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSsbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, k: c_int,
                alpha: *const f32, A: *const f32, lda: c_int, x: *const f32, incx: c_int,
                beta: *const f32, y: *mut f32, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDsbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, k: c_int,
                alpha: *const f64, A: *const f64, lda: c_int, x: *const f64, incx: c_int,
                beta: *const f64, y: *mut f64, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasChbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, k: c_int,
                alpha: *const cuComplex, A: *const cuComplex, lda: c_int, x: *const cuComplex,
                incx: c_int, beta: *const cuComplex, y: *mut cuComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZhbmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, k: c_int,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                x: *const cuDoubleComplex, incx: c_int, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSspmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                AP: *const f32, x: *const f32, incx: c_int, beta: *const f32, y: *mut f32,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDspmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                AP: *const f64, x: *const f64, incx: c_int, beta: *const f64, y: *mut f64,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasChpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                AP: *const cuComplex, x: *const cuComplex, incx: c_int, beta: *const cuComplex,
                y: *mut cuComplex, incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZhpmv_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, AP: *const cuDoubleComplex,
                x: *const cuDoubleComplex, incx: c_int, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: c_int,
            ) -> cublasStatus_t;
            // Symmetric/Hermitian rank-1 and rank-2 updates (full and packed)
            fn cublasSsyr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const f32, incx: c_int, A: *mut f32, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasDsyr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const f64, incx: c_int, A: *mut f64, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCsyr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                x: *const cuComplex, incx: c_int, A: *mut cuComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZsyr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: c_int,
                A: *mut cuDoubleComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCher_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const cuComplex, incx: c_int, A: *mut cuComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZher_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const cuDoubleComplex, incx: c_int, A: *mut cuDoubleComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasSsyr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const f32, incx: c_int, y: *const f32, incy: c_int, A: *mut f32, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasDsyr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const f64, incx: c_int, y: *const f64, incy: c_int, A: *mut f64, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCsyr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                x: *const cuComplex, incx: c_int, y: *const cuComplex, incy: c_int,
                A: *mut cuComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZsyr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: c_int,
                y: *const cuDoubleComplex, incy: c_int, A: *mut cuDoubleComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCher2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                x: *const cuComplex, incx: c_int, y: *const cuComplex, incy: c_int,
                A: *mut cuComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZher2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: c_int,
                y: *const cuDoubleComplex, incy: c_int, A: *mut cuDoubleComplex, lda: c_int,
            ) -> cublasStatus_t;
            fn cublasSspr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const f32, incx: c_int, AP: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDspr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const f64, incx: c_int, AP: *mut f64,
            ) -> cublasStatus_t;
            fn cublasChpr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const cuComplex, incx: c_int, AP: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZhpr_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const cuDoubleComplex, incx: c_int, AP: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasSspr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f32,
                x: *const f32, incx: c_int, y: *const f32, incy: c_int, AP: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDspr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const f64,
                x: *const f64, incx: c_int, y: *const f64, incy: c_int, AP: *mut f64,
            ) -> cublasStatus_t;
            fn cublasChpr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int, alpha: *const cuComplex,
                x: *const cuComplex, incx: c_int, y: *const cuComplex, incy: c_int,
                AP: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZhpr2_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: c_int,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: c_int,
                y: *const cuDoubleComplex, incy: c_int, AP: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
        }
        optional {
            // 64-bit-size entry points (cuBLAS 12.0 and newer), for the routines above
            fn cublasSgbmv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const f32, A: *const f32, lda: i64, x: *const f32, incx: i64,
                beta: *const f32, y: *mut f32, incy: i64,
            ) -> cublasStatus_t;
            fn cublasDgbmv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const f64, A: *const f64, lda: i64, x: *const f64, incx: i64,
                beta: *const f64, y: *mut f64, incy: i64,
            ) -> cublasStatus_t;
            fn cublasCgbmv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, x: *const cuComplex,
                incx: i64, beta: *const cuComplex, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZgbmv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSsymv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasDsymv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasCsymv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                A: *const cuComplex, lda: i64, x: *const cuComplex, incx: i64,
                beta: *const cuComplex, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZsymv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasChemv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                A: *const cuComplex, lda: i64, x: *const cuComplex, incx: i64,
                beta: *const cuComplex, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZhemv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSsbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, k: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasDsbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, k: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasChbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, k: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, x: *const cuComplex,
                incx: i64, beta: *const cuComplex, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZhbmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, k: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSspmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                AP: *const f32, x: *const f32, incx: i64, beta: *const f32, y: *mut f32, incy: i64,
            ) -> cublasStatus_t;
            fn cublasDspmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                AP: *const f64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64, incy: i64,
            ) -> cublasStatus_t;
            fn cublasChpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                AP: *const cuComplex, x: *const cuComplex, incx: i64, beta: *const cuComplex,
                y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZhpmv_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, AP: *const cuDoubleComplex,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSsyr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, A: *mut f32, lda: i64,
            ) -> cublasStatus_t;
            fn cublasDsyr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, A: *mut f64, lda: i64,
            ) -> cublasStatus_t;
            fn cublasCsyr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, A: *mut cuComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasZsyr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: i64,
                A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasCher_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const cuComplex, incx: i64, A: *mut cuComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasZher_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const cuDoubleComplex, incx: i64, A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasSsyr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, y: *const f32, incy: i64, A: *mut f32, lda: i64,
            ) -> cublasStatus_t;
            fn cublasDsyr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, y: *const f64, incy: i64, A: *mut f64, lda: i64,
            ) -> cublasStatus_t;
            fn cublasCsyr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, y: *const cuComplex, incy: i64, A: *mut cuComplex,
                lda: i64,
            ) -> cublasStatus_t;
            fn cublasZsyr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: i64,
                y: *const cuDoubleComplex, incy: i64, A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasCher2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, y: *const cuComplex, incy: i64, A: *mut cuComplex,
                lda: i64,
            ) -> cublasStatus_t;
            fn cublasZher2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: i64,
                y: *const cuDoubleComplex, incy: i64, A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasSspr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, AP: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDspr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, AP: *mut f64,
            ) -> cublasStatus_t;
            fn cublasChpr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const cuComplex, incx: i64, AP: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZhpr_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const cuDoubleComplex, incx: i64, AP: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasSspr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, y: *const f32, incy: i64, AP: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDspr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, y: *const f64, incy: i64, AP: *mut f64,
            ) -> cublasStatus_t;
            fn cublasChpr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, y: *const cuComplex, incy: i64, AP: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZhpr2_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, n: i64,
                alpha: *const cuDoubleComplex, x: *const cuDoubleComplex, incx: i64,
                y: *const cuDoubleComplex, incy: i64, AP: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            // and for gemv and ger of `Cublas`
            fn cublasSgemv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasDgemv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasCgemv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, x: *const cuComplex,
                incx: i64, beta: *const cuComplex, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZgemv_v2_64(
                handle: cublasHandle_t, trans: cublasOperation_t, m: i64, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                x: *const cuDoubleComplex, incx: i64, beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSger_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const f32, x: *const f32, incx: i64,
                y: *const f32, incy: i64, A: *mut f32, lda: i64,
            ) -> cublasStatus_t;
            fn cublasDger_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const f64, x: *const f64, incx: i64,
                y: *const f64, incy: i64, A: *mut f64, lda: i64,
            ) -> cublasStatus_t;
            fn cublasCgeru_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, y: *const cuComplex, incy: i64, A: *mut cuComplex,
                lda: i64,
            ) -> cublasStatus_t;
            fn cublasCgerc_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const cuComplex,
                x: *const cuComplex, incx: i64, y: *const cuComplex, incy: i64, A: *mut cuComplex,
                lda: i64,
            ) -> cublasStatus_t;
            fn cublasZgeru_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex, incx: i64, y: *const cuDoubleComplex, incy: i64,
                A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
            fn cublasZgerc_v2_64(
                handle: cublasHandle_t, m: i64, n: i64, alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex, incx: i64, y: *const cuDoubleComplex, incy: i64,
                A: *mut cuDoubleComplex, lda: i64,
            ) -> cublasStatus_t;
        }
    }
}
