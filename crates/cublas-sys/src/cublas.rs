//! The cuBLAS v2 (`libcublas`) functions gpublas uses.
//!
//! Most level-1/2/3 routines are exported with a `_v2` suffix (the names `cublas_v2.h` maps
//! the plain names to); the `gemmStridedBatched`, `GemmEx` and math-mode functions have none.
//!
//! [`Cublas`] holds the handle functions and the routines gpublas has used from the start; the
//! rest of cuBLAS is split by concern into tables of its own, each loaded on first use from the
//! same library ([`crate::cublas_level1`], [`crate::cublas_level2`], [`crate::cublas_triangular`],
//! [`crate::cublas_level3`], [`crate::cublas_extensions`], [`crate::cublas_xt`]), so a routine
//! missing from one table never stops another from loading.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::{c_char, c_int, c_longlong, c_void};

use gpublas_dynload::dyn_api;

use crate::types::*;

mod extensions;
mod level1;
mod level2;
mod level3;
mod triangular;
mod xt;

pub use extensions::CublasExtensions;
pub use level1::CublasLevel1;
pub use level2::CublasLevel2;
pub use level3::CublasLevel3;
pub use triangular::CublasTriangular;
pub use xt::CublasXt;

dyn_api! {
    /// Function table of cuBLAS, loaded from `libcublas` by [`crate::cublas`] or
    /// [`Cublas::load`]. Signatures are those of cuBLAS 13's `cublas_api.h`; matrices are
    /// column-major.
    pub struct Cublas {
        required {
            // Handle
            fn cublasCreate_v2(handle: *mut cublasHandle_t) -> cublasStatus_t;
            fn cublasDestroy_v2(handle: cublasHandle_t) -> cublasStatus_t;
            fn cublasSetStream_v2(handle: cublasHandle_t, streamId: cudaStream_t) -> cublasStatus_t;
            fn cublasGetStream_v2(
                handle: cublasHandle_t,
                streamId: *mut cudaStream_t,
            ) -> cublasStatus_t;
            fn cublasSetPointerMode_v2(
                handle: cublasHandle_t,
                mode: cublasPointerMode_t,
            ) -> cublasStatus_t;
            fn cublasGetPointerMode_v2(
                handle: cublasHandle_t,
                mode: *mut cublasPointerMode_t,
            ) -> cublasStatus_t;
            fn cublasSetMathMode(handle: cublasHandle_t, mode: cublasMath_t) -> cublasStatus_t;
            fn cublasGetVersion_v2(handle: cublasHandle_t, version: *mut c_int) -> cublasStatus_t;
            fn cublasSetWorkspace_v2(
                handle: cublasHandle_t,
                workspace: *mut c_void,
                workspaceSizeInBytes: usize,
            ) -> cublasStatus_t;
            // Level 1
            fn cublasSaxpy_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f32,
                x: *const f32,
                incx: c_int,
                y: *mut f32,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f32,
                x: *mut f32,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasScopy_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                y: *mut f32,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSswap_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *mut f32,
                incx: c_int,
                y: *mut f32,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDaxpy_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f64,
                x: *const f64,
                incx: c_int,
                y: *mut f64,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f64,
                x: *mut f64,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasDcopy_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                y: *mut f64,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDswap_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *mut f64,
                incx: c_int,
                y: *mut f64,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCaxpy_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const cuComplex,
                x: *const cuComplex,
                incx: c_int,
                y: *mut cuComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const cuComplex,
                x: *mut cuComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasCcopy_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                y: *mut cuComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCswap_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *mut cuComplex,
                incx: c_int,
                y: *mut cuComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZaxpy_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *mut cuDoubleComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const cuDoubleComplex,
                x: *mut cuDoubleComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZcopy_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *mut cuDoubleComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZswap_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *mut cuDoubleComplex,
                incx: c_int,
                y: *mut cuDoubleComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCsscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f32,
                x: *mut cuComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasZdscal_v2(
                handle: cublasHandle_t,
                n: c_int,
                alpha: *const f64,
                x: *mut cuDoubleComplex,
                incx: c_int,
            ) -> cublasStatus_t;
            fn cublasSdot_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                y: *const f32,
                incy: c_int,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDdot_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                y: *const f64,
                incy: c_int,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasCdotu_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                y: *const cuComplex,
                incy: c_int,
                result: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasCdotc_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                y: *const cuComplex,
                incy: c_int,
                result: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZdotu_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *const cuDoubleComplex,
                incy: c_int,
                result: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasZdotc_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *const cuDoubleComplex,
                incy: c_int,
                result: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasSnrm2_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDnrm2_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasScnrm2_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDznrm2_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasSasum_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDasum_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasScasum_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDzasum_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasIsamax_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIdamax_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIcamax_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIzamax_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIsamin_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f32,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIdamin_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const f64,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIcamin_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuComplex,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            fn cublasIzamin_v2(
                handle: cublasHandle_t,
                n: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                result: *mut c_int,
            ) -> cublasStatus_t;
            // Level 2
            fn cublasSgemv_v2(
                handle: cublasHandle_t,
                trans: cublasOperation_t,
                m: c_int,
                n: c_int,
                alpha: *const f32,
                A: *const f32,
                lda: c_int,
                x: *const f32,
                incx: c_int,
                beta: *const f32,
                y: *mut f32,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasDgemv_v2(
                handle: cublasHandle_t,
                trans: cublasOperation_t,
                m: c_int,
                n: c_int,
                alpha: *const f64,
                A: *const f64,
                lda: c_int,
                x: *const f64,
                incx: c_int,
                beta: *const f64,
                y: *mut f64,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasCgemv_v2(
                handle: cublasHandle_t,
                trans: cublasOperation_t,
                m: c_int,
                n: c_int,
                alpha: *const cuComplex,
                A: *const cuComplex,
                lda: c_int,
                x: *const cuComplex,
                incx: c_int,
                beta: *const cuComplex,
                y: *mut cuComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasZgemv_v2(
                handle: cublasHandle_t,
                trans: cublasOperation_t,
                m: c_int,
                n: c_int,
                alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex,
                lda: c_int,
                x: *const cuDoubleComplex,
                incx: c_int,
                beta: *const cuDoubleComplex,
                y: *mut cuDoubleComplex,
                incy: c_int,
            ) -> cublasStatus_t;
            fn cublasSger_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const f32,
                x: *const f32,
                incx: c_int,
                y: *const f32,
                incy: c_int,
                A: *mut f32,
                lda: c_int,
            ) -> cublasStatus_t;
            fn cublasDger_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const f64,
                x: *const f64,
                incx: c_int,
                y: *const f64,
                incy: c_int,
                A: *mut f64,
                lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCgeru_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const cuComplex,
                x: *const cuComplex,
                incx: c_int,
                y: *const cuComplex,
                incy: c_int,
                A: *mut cuComplex,
                lda: c_int,
            ) -> cublasStatus_t;
            fn cublasCgerc_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const cuComplex,
                x: *const cuComplex,
                incx: c_int,
                y: *const cuComplex,
                incy: c_int,
                A: *mut cuComplex,
                lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZgeru_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *const cuDoubleComplex,
                incy: c_int,
                A: *mut cuDoubleComplex,
                lda: c_int,
            ) -> cublasStatus_t;
            fn cublasZgerc_v2(
                handle: cublasHandle_t,
                m: c_int,
                n: c_int,
                alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex,
                incx: c_int,
                y: *const cuDoubleComplex,
                incy: c_int,
                A: *mut cuDoubleComplex,
                lda: c_int,
            ) -> cublasStatus_t;
            // Level 3
            fn cublasSgemm_v2(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const f32,
                A: *const f32,
                lda: c_int,
                B: *const f32,
                ldb: c_int,
                beta: *const f32,
                C: *mut f32,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDgemm_v2(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const f64,
                A: *const f64,
                lda: c_int,
                B: *const f64,
                ldb: c_int,
                beta: *const f64,
                C: *mut f64,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCgemm_v2(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const cuComplex,
                A: *const cuComplex,
                lda: c_int,
                B: *const cuComplex,
                ldb: c_int,
                beta: *const cuComplex,
                C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZgemm_v2(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex,
                lda: c_int,
                B: *const cuDoubleComplex,
                ldb: c_int,
                beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasStrsm_v2(
                handle: cublasHandle_t,
                side: cublasSideMode_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                diag: cublasDiagType_t,
                m: c_int,
                n: c_int,
                alpha: *const f32,
                A: *const f32,
                lda: c_int,
                B: *mut f32,
                ldb: c_int,
            ) -> cublasStatus_t;
            fn cublasDtrsm_v2(
                handle: cublasHandle_t,
                side: cublasSideMode_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                diag: cublasDiagType_t,
                m: c_int,
                n: c_int,
                alpha: *const f64,
                A: *const f64,
                lda: c_int,
                B: *mut f64,
                ldb: c_int,
            ) -> cublasStatus_t;
            fn cublasCtrsm_v2(
                handle: cublasHandle_t,
                side: cublasSideMode_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                diag: cublasDiagType_t,
                m: c_int,
                n: c_int,
                alpha: *const cuComplex,
                A: *const cuComplex,
                lda: c_int,
                B: *mut cuComplex,
                ldb: c_int,
            ) -> cublasStatus_t;
            fn cublasZtrsm_v2(
                handle: cublasHandle_t,
                side: cublasSideMode_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                diag: cublasDiagType_t,
                m: c_int,
                n: c_int,
                alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex,
                lda: c_int,
                B: *mut cuDoubleComplex,
                ldb: c_int,
            ) -> cublasStatus_t;
            fn cublasSsyrk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const f32,
                A: *const f32,
                lda: c_int,
                beta: *const f32,
                C: *mut f32,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasDsyrk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const f64,
                A: *const f64,
                lda: c_int,
                beta: *const f64,
                C: *mut f64,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCsyrk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const cuComplex,
                A: *const cuComplex,
                lda: c_int,
                beta: *const cuComplex,
                C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZsyrk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex,
                lda: c_int,
                beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasCherk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const f32,
                A: *const cuComplex,
                lda: c_int,
                beta: *const f32,
                C: *mut cuComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasZherk_v2(
                handle: cublasHandle_t,
                uplo: cublasFillMode_t,
                trans: cublasOperation_t,
                n: c_int,
                k: c_int,
                alpha: *const f64,
                A: *const cuDoubleComplex,
                lda: c_int,
                beta: *const f64,
                C: *mut cuDoubleComplex,
                ldc: c_int,
            ) -> cublasStatus_t;
            fn cublasSgemmStridedBatched(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const f32,
                A: *const f32,
                lda: c_int,
                strideA: c_longlong,
                B: *const f32,
                ldb: c_int,
                strideB: c_longlong,
                beta: *const f32,
                C: *mut f32,
                ldc: c_int,
                strideC: c_longlong,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasDgemmStridedBatched(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const f64,
                A: *const f64,
                lda: c_int,
                strideA: c_longlong,
                B: *const f64,
                ldb: c_int,
                strideB: c_longlong,
                beta: *const f64,
                C: *mut f64,
                ldc: c_int,
                strideC: c_longlong,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasCgemmStridedBatched(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const cuComplex,
                A: *const cuComplex,
                lda: c_int,
                strideA: c_longlong,
                B: *const cuComplex,
                ldb: c_int,
                strideB: c_longlong,
                beta: *const cuComplex,
                C: *mut cuComplex,
                ldc: c_int,
                strideC: c_longlong,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasZgemmStridedBatched(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const cuDoubleComplex,
                A: *const cuDoubleComplex,
                lda: c_int,
                strideA: c_longlong,
                B: *const cuDoubleComplex,
                ldb: c_int,
                strideB: c_longlong,
                beta: *const cuDoubleComplex,
                C: *mut cuDoubleComplex,
                ldc: c_int,
                strideC: c_longlong,
                batchCount: c_int,
            ) -> cublasStatus_t;
            fn cublasGemmEx(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const c_void,
                A: *const c_void,
                Atype: cudaDataType,
                lda: c_int,
                B: *const c_void,
                Btype: cudaDataType,
                ldb: c_int,
                beta: *const c_void,
                C: *mut c_void,
                Ctype: cudaDataType,
                ldc: c_int,
                computeType: cublasComputeType_t,
                algo: cublasGemmAlgo_t,
            ) -> cublasStatus_t;
            fn cublasGemmStridedBatchedEx(
                handle: cublasHandle_t,
                transa: cublasOperation_t,
                transb: cublasOperation_t,
                m: c_int,
                n: c_int,
                k: c_int,
                alpha: *const c_void,
                A: *const c_void,
                Atype: cudaDataType,
                lda: c_int,
                strideA: c_longlong,
                B: *const c_void,
                Btype: cudaDataType,
                ldb: c_int,
                strideB: c_longlong,
                beta: *const c_void,
                C: *mut c_void,
                Ctype: cudaDataType,
                ldc: c_int,
                strideC: c_longlong,
                batchCount: c_int,
                computeType: cublasComputeType_t,
                algo: cublasGemmAlgo_t,
            ) -> cublasStatus_t;
        }
        optional {
            // cuBLAS 11.4 and newer.
            fn cublasGetStatusString(status: cublasStatus_t) -> *const c_char;
            fn cublasGetStatusName(status: cublasStatus_t) -> *const c_char;
        }
    }
}
