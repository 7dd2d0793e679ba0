//! Level-2 triangular routines: products (trmv, tbmv, tpmv) and solves (trsv, tbsv, tpsv) with
//! full, band and packed storage, and their ILP64 (`_64`) entry points.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Triangular level-2 function table of rocBLAS, loaded from `librocblas` by
    /// [`crate::rocblas_triangular`] or [`RocblasTriangular::load`]. Signatures are those of
    /// rocBLAS 6.4's `rocblas/internal/rocblas-functions.h` (LP64 for the plain names).
    ///
    /// Every `_64` entry point (the ILP64 API: 64-bit sizes, increments and leading dimensions,
    /// `i64`) is an `Option`: rocBLAS 4.4 (ROCm 6.4) exports them, rocBLAS 3.0 (ROCm 5.5) declares
    /// none, and older sonames are still supported candidates.
    pub struct RocblasTriangular {
        required {
            // Triangular matrix-vector products (full, band, packed storage)
            fn rocblas_strmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f32, lda: rocblas_int,
                x: *mut f32, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtrmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f64, lda: rocblas_int,
                x: *mut f64, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctrmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_float_complex,
                lda: rocblas_int, x: *mut rocblas_float_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztrmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_double_complex,
                lda: rocblas_int, x: *mut rocblas_double_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_stbmv(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int, A: *const f32,
                lda: rocblas_int, x: *mut f32, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtbmv(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int, A: *const f64,
                lda: rocblas_int, x: *mut f64, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctbmv(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int,
                A: *const rocblas_float_complex, lda: rocblas_int, x: *mut rocblas_float_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztbmv(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int,
                A: *const rocblas_double_complex, lda: rocblas_int, x: *mut rocblas_double_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_stpmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f32, x: *mut f32,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtpmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f64, x: *mut f64,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctpmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_float_complex,
                x: *mut rocblas_float_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztpmv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_double_complex,
                x: *mut rocblas_double_complex, incx: rocblas_int,
            ) -> rocblas_status;
            // Triangular solves with one right-hand side (full, band, packed storage)
            fn rocblas_strsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f32, lda: rocblas_int,
                x: *mut f32, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtrsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const f64, lda: rocblas_int,
                x: *mut f64, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctrsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_float_complex,
                lda: rocblas_int, x: *mut rocblas_float_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztrsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, A: *const rocblas_double_complex,
                lda: rocblas_int, x: *mut rocblas_double_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_stbsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int, A: *const f32,
                lda: rocblas_int, x: *mut f32, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtbsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int, A: *const f64,
                lda: rocblas_int, x: *mut f64, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctbsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int,
                A: *const rocblas_float_complex, lda: rocblas_int, x: *mut rocblas_float_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztbsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, k: rocblas_int,
                A: *const rocblas_double_complex, lda: rocblas_int, x: *mut rocblas_double_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_stpsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, AP: *const f32, x: *mut f32,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtpsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, AP: *const f64, x: *mut f64,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctpsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, AP: *const rocblas_float_complex,
                x: *mut rocblas_float_complex, incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztpsv(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: rocblas_int, AP: *const rocblas_double_complex,
                x: *mut rocblas_double_complex, incx: rocblas_int,
            ) -> rocblas_status;
        }
        optional {
            // ILP64 entry points (rocBLAS 4.4 has them, 3.0 does not)
            fn rocblas_strmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f32, lda: i64, x: *mut f32, incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtrmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f64, lda: i64, x: *mut f64, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctrmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_float_complex, lda: i64,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztrmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_double_complex, lda: i64,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_stbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const f32, lda: i64, x: *mut f32,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const f64, lda: i64, x: *mut f64,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const rocblas_float_complex, lda: i64,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztbmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const rocblas_double_complex, lda: i64,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_stpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f32, x: *mut f32, incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f64, x: *mut f64, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_float_complex,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztpmv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_double_complex,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_strsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f32, lda: i64, x: *mut f32, incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtrsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const f64, lda: i64, x: *mut f64, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctrsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_float_complex, lda: i64,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztrsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, A: *const rocblas_double_complex, lda: i64,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_stbsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const f32, lda: i64, x: *mut f32,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtbsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const f64, lda: i64, x: *mut f64,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctbsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const rocblas_float_complex, lda: i64,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztbsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, k: i64, A: *const rocblas_double_complex, lda: i64,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_stpsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, AP: *const f32, x: *mut f32, incx: i64,
            ) -> rocblas_status;
            fn rocblas_dtpsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, AP: *const f64, x: *mut f64, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ctpsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, AP: *const rocblas_float_complex,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_ztpsv_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation,
                diag: rocblas_diagonal, n: i64, AP: *const rocblas_double_complex,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
        }
    }
}
