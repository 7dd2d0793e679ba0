//! Level-3 routines beyond [`Cublas`](super::Cublas): symm/hemm, syr2k/her2k, trmm (cuBLAS's
//! out-of-place form: `C = α op(A) B` or `α B op(A)`), syrkx/herkx, plus the 64-bit-size (`_64`)
//! entry points of all level-3 routines, including `cublasGemmEx_64` and
//! `cublasGemmStridedBatchedEx_64`.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::{c_int, c_longlong, c_void};

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-3 function table of cuBLAS, loaded from `libcublas` by [`crate::cublas_level3`] or
    /// [`CublasLevel3::load`]. Signatures are those of cuBLAS 13's `cublas_api.h`.
    ///
    /// Every `_64` entry point (64-bit sizes, increments and leading dimensions: `i64`) is an
    /// `Option`: cuBLAS has them from 12.0 on, and `libcublas.so.11` is still a supported
    /// candidate.
    pub struct CublasLevel3 {
        required {
            // symm/hemm, syr2k/her2k, out-of-place trmm, syrkx/herkx
            fn cublasSsymm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const f32, A: *const f32, lda: c_int, B: *const f32, ldb: c_int,
                beta: *const f32, C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDsymm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const f64, A: *const f64, lda: c_int, B: *const f64, ldb: c_int,
                beta: *const f64, C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCsymm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const cuComplex, C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZsymm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasChemm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const cuComplex, C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZhemm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: c_int,
                n: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasSsyr2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const f32, A: *const f32, lda: c_int, B: *const f32, ldb: c_int,
                beta: *const f32, C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDsyr2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const f64, A: *const f64, lda: c_int, B: *const f64, ldb: c_int,
                beta: *const f64, C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCsyr2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const cuComplex, C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZsyr2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCher2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const f32, C: *mut cuComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZher2k_v2(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const f64, C: *mut cuDoubleComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasStrmm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const f32, A: *const f32, lda: c_int, B: *const f32, ldb: c_int,
                C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDtrmm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const f64, A: *const f64, lda: c_int, B: *const f64, ldb: c_int,
                C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCtrmm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const cuComplex, A: *const cuComplex, lda: c_int, B: *const cuComplex,
                ldb: c_int, C: *mut cuComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZtrmm_v2(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: c_int, n: c_int,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasSsyrkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const f32, A: *const f32, lda: c_int, B: *const f32, ldb: c_int,
                beta: *const f32, C: *mut f32, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDsyrkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const f64, A: *const f64, lda: c_int, B: *const f64, ldb: c_int,
                beta: *const f64, C: *mut f64, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCsyrkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const cuComplex, C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZsyrkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCherkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuComplex, A: *const cuComplex, lda: c_int,
                B: *const cuComplex, ldb: c_int, beta: *const f32, C: *mut cuComplex, ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZherkx(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: c_int,
                k: c_int, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: c_int,
                B: *const cuDoubleComplex, ldb: c_int, beta: *const f64, C: *mut cuDoubleComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
        }
        optional {
            // 64-bit-size entry points (cuBLAS 12.0 and newer), for the routines above
            fn cublasSsymm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDsymm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCsymm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZsymm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasChemm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZhemm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t, m: i64,
                n: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasSsyr2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDsyr2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCsyr2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZsyr2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCher2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const f32, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZher2k_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const f64, C: *mut cuDoubleComplex,
                ldc: i64,
            ) -> cublasStatus_t;
            fn cublasStrmm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, B: *const f32, ldb: i64, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDtrmm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, B: *const f64, ldb: i64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCtrmm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZtrmm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasSsyrkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDsyrkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCsyrkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZsyrkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCherkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *const cuComplex,
                ldb: i64, beta: *const f32, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZherkx_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *const cuDoubleComplex, ldb: i64, beta: *const f64, C: *mut cuDoubleComplex,
                ldc: i64,
            ) -> cublasStatus_t;
            // and for the level-3 routines of `Cublas`
            fn cublasSgemm_v2_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32,
                ldb: i64, beta: *const f32, C: *mut f32, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDgemm_v2_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64,
                ldb: i64, beta: *const f64, C: *mut f64, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCgemm_v2_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64,
                B: *const cuComplex, ldb: i64, beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZgemm_v2_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex,
                lda: i64, B: *const cuDoubleComplex, ldb: i64, beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasStrsm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, B: *mut f32, ldb: i64,
            ) -> cublasStatus_t;
            fn cublasDtrsm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, B: *mut f64, ldb: i64,
            ) -> cublasStatus_t;
            fn cublasCtrsm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuComplex, A: *const cuComplex, lda: i64, B: *mut cuComplex, ldb: i64,
            ) -> cublasStatus_t;
            fn cublasZtrsm_v2_64(
                handle: cublasHandle_t, side: cublasSideMode_t, uplo: cublasFillMode_t,
                trans: cublasOperation_t, diag: cublasDiagType_t, m: i64, n: i64,
                alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                B: *mut cuDoubleComplex, ldb: i64,
            ) -> cublasStatus_t;
            fn cublasSsyrk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, beta: *const f32, C: *mut f32,
                ldc: i64,
            ) -> cublasStatus_t;
            fn cublasDsyrk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, beta: *const f64, C: *mut f64,
                ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCsyrk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64,
                beta: *const cuComplex, C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZsyrk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex, lda: i64,
                beta: *const cuDoubleComplex, C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasCherk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f32, A: *const cuComplex, lda: i64, beta: *const f32,
                C: *mut cuComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasZherk_v2_64(
                handle: cublasHandle_t, uplo: cublasFillMode_t, trans: cublasOperation_t, n: i64,
                k: i64, alpha: *const f64, A: *const cuDoubleComplex, lda: i64, beta: *const f64,
                C: *mut cuDoubleComplex, ldc: i64,
            ) -> cublasStatus_t;
            fn cublasSgemmStridedBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f32, A: *const f32, lda: i64,
                strideA: c_longlong, B: *const f32, ldb: i64, strideB: c_longlong, beta: *const f32,
                C: *mut f32, ldc: i64, strideC: c_longlong, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasDgemmStridedBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const f64, A: *const f64, lda: i64,
                strideA: c_longlong, B: *const f64, ldb: i64, strideB: c_longlong, beta: *const f64,
                C: *mut f64, ldc: i64, strideC: c_longlong, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasCgemmStridedBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuComplex, A: *const cuComplex, lda: i64,
                strideA: c_longlong, B: *const cuComplex, ldb: i64, strideB: c_longlong,
                beta: *const cuComplex, C: *mut cuComplex, ldc: i64, strideC: c_longlong,
                batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasZgemmStridedBatched_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const cuDoubleComplex, A: *const cuDoubleComplex,
                lda: i64, strideA: c_longlong, B: *const cuDoubleComplex, ldb: i64,
                strideB: c_longlong, beta: *const cuDoubleComplex, C: *mut cuDoubleComplex,
                ldc: i64, strideC: c_longlong, batchCount: i64,
            ) -> cublasStatus_t;
            fn cublasGemmEx_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const c_void, A: *const c_void, Atype: cudaDataType,
                lda: i64, B: *const c_void, Btype: cudaDataType, ldb: i64, beta: *const c_void,
                C: *mut c_void, Ctype: cudaDataType, ldc: i64, computeType: cublasComputeType_t,
                algo: cublasGemmAlgo_t,
            ) -> cublasStatus_t;
            fn cublasGemmStridedBatchedEx_64(
                handle: cublasHandle_t, transa: cublasOperation_t, transb: cublasOperation_t,
                m: i64, n: i64, k: i64, alpha: *const c_void, A: *const c_void, Atype: cudaDataType,
                lda: i64, strideA: c_longlong, B: *const c_void, Btype: cudaDataType, ldb: i64,
                strideB: c_longlong, beta: *const c_void, C: *mut c_void, Ctype: cudaDataType,
                ldc: i64, strideC: c_longlong, batchCount: i64, computeType: cublasComputeType_t,
                algo: cublasGemmAlgo_t,
            ) -> cublasStatus_t;
        }
    }
}
