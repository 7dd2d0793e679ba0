//! rocBLAS extensions: geam, dgmm, gemm and trsm batched over arrays of device pointers, gemv
//! strided batched, and their ILP64 (`_64`) entry points.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Extension function table of rocBLAS, loaded from `librocblas` by
    /// [`crate::rocblas_extensions`] or [`RocblasExtensions::load`]. Signatures are those of
    /// rocBLAS 6.4's `rocblas/internal/rocblas-functions.h` (LP64 for the plain names).
    ///
    /// Every `_64` entry point (the ILP64 API: 64-bit sizes, increments and leading dimensions,
    /// `i64`) is an `Option`: rocBLAS 4.4 (ROCm 6.4) exports them, rocBLAS 3.0 (ROCm 5.5) declares
    /// none, and older sonames are still supported candidates.
    ///
    /// The pointer arrays of the batched routines (`A`, `B`, … of type `*const *const T`) live in
    /// device memory.
    pub struct RocblasExtensions {
        required {
            // geam (C = αop(A) + βop(B)) and dgmm (A·diag(x) or diag(x)·A)
            fn rocblas_sgeam(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, alpha: *const f32, A: *const f32, lda: rocblas_int,
                beta: *const f32, B: *const f32, ldb: rocblas_int, C: *mut f32, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgeam(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, alpha: *const f64, A: *const f64, lda: rocblas_int,
                beta: *const f64, B: *const f64, ldb: rocblas_int, C: *mut f64, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgeam(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int,
                beta: *const rocblas_float_complex, B: *const rocblas_float_complex,
                ldb: rocblas_int, C: *mut rocblas_float_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgeam(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                beta: *const rocblas_double_complex, B: *const rocblas_double_complex,
                ldb: rocblas_int, C: *mut rocblas_double_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sdgmm(
                handle: rocblas_handle, side: rocblas_side, m: rocblas_int, n: rocblas_int,
                A: *const f32, lda: rocblas_int, x: *const f32, incx: rocblas_int, C: *mut f32,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ddgmm(
                handle: rocblas_handle, side: rocblas_side, m: rocblas_int, n: rocblas_int,
                A: *const f64, lda: rocblas_int, x: *const f64, incx: rocblas_int, C: *mut f64,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cdgmm(
                handle: rocblas_handle, side: rocblas_side, m: rocblas_int, n: rocblas_int,
                A: *const rocblas_float_complex, lda: rocblas_int, x: *const rocblas_float_complex,
                incx: rocblas_int, C: *mut rocblas_float_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zdgmm(
                handle: rocblas_handle, side: rocblas_side, m: rocblas_int, n: rocblas_int,
                A: *const rocblas_double_complex, lda: rocblas_int,
                x: *const rocblas_double_complex, incx: rocblas_int, C: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            // Batched: arrays of device pointers (gemm, trsm) and strided (gemv)
            fn rocblas_sgemm_batched(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, k: rocblas_int, alpha: *const f32,
                A: *const *const f32, lda: rocblas_int, B: *const *const f32, ldb: rocblas_int,
                beta: *const f32, C: *const *mut f32, ldc: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgemm_batched(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, k: rocblas_int, alpha: *const f64,
                A: *const *const f64, lda: rocblas_int, B: *const *const f64, ldb: rocblas_int,
                beta: *const f64, C: *const *mut f64, ldc: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgemm_batched(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, k: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const *const rocblas_float_complex, lda: rocblas_int,
                B: *const *const rocblas_float_complex, ldb: rocblas_int,
                beta: *const rocblas_float_complex, C: *const *mut rocblas_float_complex,
                ldc: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgemm_batched(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: rocblas_int, n: rocblas_int, k: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const *const rocblas_double_complex,
                lda: rocblas_int, B: *const *const rocblas_double_complex, ldb: rocblas_int,
                beta: *const rocblas_double_complex, C: *const *mut rocblas_double_complex,
                ldc: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_strsm_batched(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const f32, A: *const *const f32, lda: rocblas_int, B: *const *mut f32,
                ldb: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtrsm_batched(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const f64, A: *const *const f64, lda: rocblas_int, B: *const *mut f64,
                ldb: rocblas_int, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctrsm_batched(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const *const rocblas_float_complex,
                lda: rocblas_int, B: *const *mut rocblas_float_complex, ldb: rocblas_int,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztrsm_batched(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const *const rocblas_double_complex,
                lda: rocblas_int, B: *const *mut rocblas_double_complex, ldb: rocblas_int,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sgemv_strided_batched(
                handle: rocblas_handle, transA: rocblas_operation, m: rocblas_int, n: rocblas_int,
                alpha: *const f32, A: *const f32, lda: rocblas_int, strideA: rocblas_stride,
                x: *const f32, incx: rocblas_int, stridex: rocblas_stride, beta: *const f32,
                y: *mut f32, incy: rocblas_int, stridey: rocblas_stride, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgemv_strided_batched(
                handle: rocblas_handle, transA: rocblas_operation, m: rocblas_int, n: rocblas_int,
                alpha: *const f64, A: *const f64, lda: rocblas_int, strideA: rocblas_stride,
                x: *const f64, incx: rocblas_int, stridex: rocblas_stride, beta: *const f64,
                y: *mut f64, incy: rocblas_int, stridey: rocblas_stride, batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgemv_strided_batched(
                handle: rocblas_handle, transA: rocblas_operation, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: rocblas_int, strideA: rocblas_stride, x: *const rocblas_float_complex,
                incx: rocblas_int, stridex: rocblas_stride, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: rocblas_int, stridey: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgemv_strided_batched(
                handle: rocblas_handle, transA: rocblas_operation, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: rocblas_int, strideA: rocblas_stride, x: *const rocblas_double_complex,
                incx: rocblas_int, stridex: rocblas_stride, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: rocblas_int, stridey: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
        }
        optional {
            // ILP64 entry points (rocBLAS 4.4 has them, 3.0 does not)
            fn rocblas_sgeam_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, alpha: *const f32, A: *const f32, lda: i64, beta: *const f32,
                B: *const f32, ldb: i64, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dgeam_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, alpha: *const f64, A: *const f64, lda: i64, beta: *const f64,
                B: *const f64, ldb: i64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cgeam_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: i64, beta: *const rocblas_float_complex,
                B: *const rocblas_float_complex, ldb: i64, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zgeam_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: i64, beta: *const rocblas_double_complex,
                B: *const rocblas_double_complex, ldb: i64, C: *mut rocblas_double_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_sdgmm_64(
                handle: rocblas_handle, side: rocblas_side, m: i64, n: i64, A: *const f32, lda: i64,
                x: *const f32, incx: i64, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_ddgmm_64(
                handle: rocblas_handle, side: rocblas_side, m: i64, n: i64, A: *const f64, lda: i64,
                x: *const f64, incx: i64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cdgmm_64(
                handle: rocblas_handle, side: rocblas_side, m: i64, n: i64,
                A: *const rocblas_float_complex, lda: i64, x: *const rocblas_float_complex,
                incx: i64, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zdgmm_64(
                handle: rocblas_handle, side: rocblas_side, m: i64, n: i64,
                A: *const rocblas_double_complex, lda: i64, x: *const rocblas_double_complex,
                incx: i64, C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_sgemm_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f32, A: *const *const f32, lda: i64,
                B: *const *const f32, ldb: i64, beta: *const f32, C: *const *mut f32, ldc: i64,
                batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_dgemm_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f64, A: *const *const f64, lda: i64,
                B: *const *const f64, ldb: i64, beta: *const f64, C: *const *mut f64, ldc: i64,
                batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_cgemm_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_float_complex,
                A: *const *const rocblas_float_complex, lda: i64,
                B: *const *const rocblas_float_complex, ldb: i64,
                beta: *const rocblas_float_complex, C: *const *mut rocblas_float_complex, ldc: i64,
                batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_zgemm_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_double_complex,
                A: *const *const rocblas_double_complex, lda: i64,
                B: *const *const rocblas_double_complex, ldb: i64,
                beta: *const rocblas_double_complex, C: *const *mut rocblas_double_complex,
                ldc: i64, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_strsm_batched_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f32, A: *const *const f32, lda: i64, B: *const *mut f32, ldb: i64,
                batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_dtrsm_batched_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f64, A: *const *const f64, lda: i64, B: *const *mut f64, ldb: i64,
                batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_ctrsm_batched_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const *const rocblas_float_complex,
                lda: i64, B: *const *mut rocblas_float_complex, ldb: i64, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_ztrsm_batched_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const *const rocblas_double_complex,
                lda: i64, B: *const *mut rocblas_double_complex, ldb: i64, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_sgemv_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, m: i64, n: i64,
                alpha: *const f32, A: *const f32, lda: i64, strideA: rocblas_stride, x: *const f32,
                incx: i64, stridex: rocblas_stride, beta: *const f32, y: *mut f32, incy: i64,
                stridey: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_dgemv_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, m: i64, n: i64,
                alpha: *const f64, A: *const f64, lda: i64, strideA: rocblas_stride, x: *const f64,
                incx: i64, stridex: rocblas_stride, beta: *const f64, y: *mut f64, incy: i64,
                stridey: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_cgemv_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                strideA: rocblas_stride, x: *const rocblas_float_complex, incx: i64,
                stridex: rocblas_stride, beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex, incy: i64, stridey: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_zgemv_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                strideA: rocblas_stride, x: *const rocblas_double_complex, incx: i64,
                stridex: rocblas_stride, beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex, incy: i64, stridey: rocblas_stride,
                batch_count: i64,
            ) -> rocblas_status;
        }
    }
}
