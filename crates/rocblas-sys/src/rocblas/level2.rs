//! Level-2 routines on general band, symmetric and Hermitian matrices (full, band and packed
//! storage), plus the ILP64 (`_64`) entry points of all non-triangular level-2 routines.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-2 function table of rocBLAS (non-triangular), loaded from `librocblas` by
    /// [`crate::rocblas_level2`] or [`RocblasLevel2::load`]. Signatures are those of rocBLAS 6.4's
    /// `rocblas/internal/rocblas-functions.h` (LP64 for the plain names).
    ///
    /// Every `_64` entry point (the ILP64 API: 64-bit sizes, increments and leading dimensions,
    /// `i64`) is an `Option`: rocBLAS 4.4 (ROCm 6.4) exports them, rocBLAS 3.0 (ROCm 5.5) declares
    /// none, and older sonames are still supported candidates.
    pub struct RocblasLevel2 {
        required {
            // Matrix-vector products: general band, symmetric/Hermitian (full, band, packed)
            fn rocblas_sgbmv(
                handle: rocblas_handle, trans: rocblas_operation, m: rocblas_int, n: rocblas_int,
                kl: rocblas_int, ku: rocblas_int, alpha: *const f32, A: *const f32,
                lda: rocblas_int, x: *const f32, incx: rocblas_int, beta: *const f32, y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgbmv(
                handle: rocblas_handle, trans: rocblas_operation, m: rocblas_int, n: rocblas_int,
                kl: rocblas_int, ku: rocblas_int, alpha: *const f64, A: *const f64,
                lda: rocblas_int, x: *const f64, incx: rocblas_int, beta: *const f64, y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgbmv(
                handle: rocblas_handle, trans: rocblas_operation, m: rocblas_int, n: rocblas_int,
                kl: rocblas_int, ku: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, x: *const rocblas_float_complex,
                incx: rocblas_int, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgbmv(
                handle: rocblas_handle, trans: rocblas_operation, m: rocblas_int, n: rocblas_int,
                kl: rocblas_int, ku: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                x: *const rocblas_double_complex, incx: rocblas_int,
                beta: *const rocblas_double_complex, y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssymv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                A: *const f32, lda: rocblas_int, x: *const f32, incx: rocblas_int, beta: *const f32,
                y: *mut f32, incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsymv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                A: *const f64, lda: rocblas_int, x: *const f64, incx: rocblas_int, beta: *const f64,
                y: *mut f64, incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csymv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: rocblas_int, x: *const rocblas_float_complex, incx: rocblas_int,
                beta: *const rocblas_float_complex, y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsymv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: rocblas_int, x: *const rocblas_double_complex, incx: rocblas_int,
                beta: *const rocblas_double_complex, y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_chemv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: rocblas_int, x: *const rocblas_float_complex, incx: rocblas_int,
                beta: *const rocblas_float_complex, y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zhemv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: rocblas_int, x: *const rocblas_double_complex, incx: rocblas_int,
                beta: *const rocblas_double_complex, y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssbmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, k: rocblas_int,
                alpha: *const f32, A: *const f32, lda: rocblas_int, x: *const f32,
                incx: rocblas_int, beta: *const f32, y: *mut f32, incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsbmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, k: rocblas_int,
                alpha: *const f64, A: *const f64, lda: rocblas_int, x: *const f64,
                incx: rocblas_int, beta: *const f64, y: *mut f64, incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_chbmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, k: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: rocblas_int, x: *const rocblas_float_complex, incx: rocblas_int,
                beta: *const rocblas_float_complex, y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zhbmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, k: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: rocblas_int, x: *const rocblas_double_complex, incx: rocblas_int,
                beta: *const rocblas_double_complex, y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sspmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                A: *const f32, x: *const f32, incx: rocblas_int, beta: *const f32, y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dspmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                A: *const f64, x: *const f64, incx: rocblas_int, beta: *const f64, y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_chpmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, AP: *const rocblas_float_complex,
                x: *const rocblas_float_complex, incx: rocblas_int,
                beta: *const rocblas_float_complex, y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zhpmv(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, AP: *const rocblas_double_complex,
                x: *const rocblas_double_complex, incx: rocblas_int,
                beta: *const rocblas_double_complex, y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            // Symmetric/Hermitian rank-1 and rank-2 updates (full and packed)
            fn rocblas_ssyr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const f32, incx: rocblas_int, A: *mut f32, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsyr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const f64, incx: rocblas_int, A: *mut f64, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csyr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex,
                incx: rocblas_int, A: *mut rocblas_float_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsyr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex,
                incx: rocblas_int, A: *mut rocblas_double_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cher(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const rocblas_float_complex, incx: rocblas_int, A: *mut rocblas_float_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zher(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const rocblas_double_complex, incx: rocblas_int, A: *mut rocblas_double_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssyr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const f32, incx: rocblas_int, y: *const f32, incy: rocblas_int, A: *mut f32,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsyr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const f64, incx: rocblas_int, y: *const f64, incy: rocblas_int, A: *mut f64,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csyr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex,
                incx: rocblas_int, y: *const rocblas_float_complex, incy: rocblas_int,
                A: *mut rocblas_float_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsyr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex,
                incx: rocblas_int, y: *const rocblas_double_complex, incy: rocblas_int,
                A: *mut rocblas_double_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cher2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex,
                incx: rocblas_int, y: *const rocblas_float_complex, incy: rocblas_int,
                A: *mut rocblas_float_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zher2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex,
                incx: rocblas_int, y: *const rocblas_double_complex, incy: rocblas_int,
                A: *mut rocblas_double_complex, lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sspr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const f32, incx: rocblas_int, AP: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dspr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const f64, incx: rocblas_int, AP: *mut f64,
            ) -> rocblas_status;
            fn rocblas_cspr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex,
                incx: rocblas_int, AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zspr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex,
                incx: rocblas_int, AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_chpr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const rocblas_float_complex, incx: rocblas_int, AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zhpr(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const rocblas_double_complex, incx: rocblas_int,
                AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_sspr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f32,
                x: *const f32, incx: rocblas_int, y: *const f32, incy: rocblas_int, AP: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dspr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int, alpha: *const f64,
                x: *const f64, incx: rocblas_int, y: *const f64, incy: rocblas_int, AP: *mut f64,
            ) -> rocblas_status;
            fn rocblas_chpr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex,
                incx: rocblas_int, y: *const rocblas_float_complex, incy: rocblas_int,
                AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zhpr2(
                handle: rocblas_handle, uplo: rocblas_fill, n: rocblas_int,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex,
                incx: rocblas_int, y: *const rocblas_double_complex, incy: rocblas_int,
                AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
        }
        optional {
            // ILP64 entry points (rocBLAS 4.4 has them, 3.0 does not), for the routines above
            fn rocblas_sgbmv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const f32, A: *const f32, lda: i64, x: *const f32, incx: i64,
                beta: *const f32, y: *mut f32, incy: i64,
            ) -> rocblas_status;
            fn rocblas_dgbmv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const f64, A: *const f64, lda: i64, x: *const f64, incx: i64,
                beta: *const f64, y: *mut f64, incy: i64,
            ) -> rocblas_status;
            fn rocblas_cgbmv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zgbmv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, kl: i64, ku: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_ssymv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_dsymv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_csymv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zsymv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_chemv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zhemv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_ssbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, k: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_dsbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, k: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_chbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, k: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zhbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, k: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_sspmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                A: *const f32, x: *const f32, incx: i64, beta: *const f32, y: *mut f32, incy: i64,
            ) -> rocblas_status;
            fn rocblas_dspmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                A: *const f64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64, incy: i64,
            ) -> rocblas_status;
            fn rocblas_chpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, AP: *const rocblas_float_complex,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zhpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, AP: *const rocblas_double_complex,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_ssyr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, A: *mut f32, lda: i64,
            ) -> rocblas_status;
            fn rocblas_dsyr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, A: *mut f64, lda: i64,
            ) -> rocblas_status;
            fn rocblas_csyr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex, incx: i64,
                A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zsyr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex, incx: i64,
                A: *mut rocblas_double_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_cher_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const rocblas_float_complex, incx: i64, A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zher_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const rocblas_double_complex, incx: i64, A: *mut rocblas_double_complex,
                lda: i64,
            ) -> rocblas_status;
            fn rocblas_ssyr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, y: *const f32, incy: i64, A: *mut f32, lda: i64,
            ) -> rocblas_status;
            fn rocblas_dsyr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, y: *const f64, incy: i64, A: *mut f64, lda: i64,
            ) -> rocblas_status;
            fn rocblas_csyr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex, incx: i64,
                y: *const rocblas_float_complex, incy: i64, A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zsyr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex, incx: i64,
                y: *const rocblas_double_complex, incy: i64, A: *mut rocblas_double_complex,
                lda: i64,
            ) -> rocblas_status;
            fn rocblas_cher2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex, incx: i64,
                y: *const rocblas_float_complex, incy: i64, A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zher2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex, incx: i64,
                y: *const rocblas_double_complex, incy: i64, A: *mut rocblas_double_complex,
                lda: i64,
            ) -> rocblas_status;
            fn rocblas_sspr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, AP: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dspr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, AP: *mut f64,
            ) -> rocblas_status;
            fn rocblas_cspr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex, incx: i64,
                AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zspr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex, incx: i64,
                AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_chpr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const rocblas_float_complex, incx: i64, AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zhpr_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const rocblas_double_complex, incx: i64, AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_sspr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f32,
                x: *const f32, incx: i64, y: *const f32, incy: i64, AP: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dspr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64, alpha: *const f64,
                x: *const f64, incx: i64, y: *const f64, incy: i64, AP: *mut f64,
            ) -> rocblas_status;
            fn rocblas_chpr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_float_complex, x: *const rocblas_float_complex, incx: i64,
                y: *const rocblas_float_complex, incy: i64, AP: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zhpr2_64(
                handle: rocblas_handle, uplo: rocblas_fill, n: i64,
                alpha: *const rocblas_double_complex, x: *const rocblas_double_complex, incx: i64,
                y: *const rocblas_double_complex, incy: i64, AP: *mut rocblas_double_complex,
            ) -> rocblas_status;
            // and for gemv and ger of `Rocblas`
            fn rocblas_sgemv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, alpha: *const f32,
                A: *const f32, lda: i64, x: *const f32, incx: i64, beta: *const f32, y: *mut f32,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_dgemv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64, alpha: *const f64,
                A: *const f64, lda: i64, x: *const f64, incx: i64, beta: *const f64, y: *mut f64,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_cgemv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                x: *const rocblas_float_complex, incx: i64, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zgemv_64(
                handle: rocblas_handle, trans: rocblas_operation, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                x: *const rocblas_double_complex, incx: i64, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_sger_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const f32, x: *const f32, incx: i64,
                y: *const f32, incy: i64, A: *mut f32, lda: i64,
            ) -> rocblas_status;
            fn rocblas_dger_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const f64, x: *const f64, incx: i64,
                y: *const f64, incy: i64, A: *mut f64, lda: i64,
            ) -> rocblas_status;
            fn rocblas_cgeru_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex, incx: i64, y: *const rocblas_float_complex,
                incy: i64, A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_cgerc_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex, incx: i64, y: *const rocblas_float_complex,
                incy: i64, A: *mut rocblas_float_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zgeru_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex, incx: i64, y: *const rocblas_double_complex,
                incy: i64, A: *mut rocblas_double_complex, lda: i64,
            ) -> rocblas_status;
            fn rocblas_zgerc_64(
                handle: rocblas_handle, m: i64, n: i64, alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex, incx: i64, y: *const rocblas_double_complex,
                incy: i64, A: *mut rocblas_double_complex, lda: i64,
            ) -> rocblas_status;
        }
    }
}
