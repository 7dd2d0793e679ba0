//! Level-1 routines beyond [`Cublas`](super::Cublas): Givens rotations, modified Givens rotations
//! and the mixed-precision dot products, plus the 64-bit-size (`_64`) entry points of all level-1
//! routines.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::{c_int, c_void};

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-1 function table of cuBLAS, loaded from `libcublas` by [`crate::cublas_level1`] or
    /// [`CublasLevel1::load`]. Signatures are those of cuBLAS 13's `cublas_api.h`.
    ///
    /// Every `_64` entry point (64-bit sizes, increments and leading dimensions: `i64`) is an
    /// `Option`: cuBLAS has them from 12.0 on, and `libcublas.so.11` is still a supported
    /// candidate.
    pub struct CublasLevel1 {
        required {
            // Givens rotations: construct (rotg, rotmg) and apply (rot, rotm)
            fn cublasSrotg_v2(
                handle: cublasHandle_t, a: *mut f32, b: *mut f32, c: *mut f32, s: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDrotg_v2(
                handle: cublasHandle_t, a: *mut f64, b: *mut f64, c: *mut f64, s: *mut f64,
            ) -> cublasStatus_t;
            fn cublasCrotg_v2(
                handle: cublasHandle_t, a: *mut cuComplex, b: *mut cuComplex, c: *mut f32,
                s: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZrotg_v2(
                handle: cublasHandle_t, a: *mut cuDoubleComplex, b: *mut cuDoubleComplex,
                c: *mut f64, s: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasSrotmg_v2(
                handle: cublasHandle_t, d1: *mut f32, d2: *mut f32, x1: *mut f32, y1: *const f32,
                param: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDrotmg_v2(
                handle: cublasHandle_t, d1: *mut f64, d2: *mut f64, x1: *mut f64, y1: *const f64,
                param: *mut f64,
            ) -> cublasStatus_t;
            fn cublasSrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut f32, incx: c_int, y: *mut f32,
                incy: c_int, c: *const f32, s: *const f32,
            ) -> cublasStatus_t;
            fn cublasDrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut f64, incx: c_int, y: *mut f64,
                incy: c_int, c: *const f64, s: *const f64,
            ) -> cublasStatus_t;
            fn cublasCrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut cuComplex, incx: c_int, y: *mut cuComplex,
                incy: c_int, c: *const f32, s: *const cuComplex,
            ) -> cublasStatus_t;
            fn cublasCsrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut cuComplex, incx: c_int, y: *mut cuComplex,
                incy: c_int, c: *const f32, s: *const f32,
            ) -> cublasStatus_t;
            fn cublasZrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut cuDoubleComplex, incx: c_int,
                y: *mut cuDoubleComplex, incy: c_int, c: *const f64, s: *const cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasZdrot_v2(
                handle: cublasHandle_t, n: c_int, x: *mut cuDoubleComplex, incx: c_int,
                y: *mut cuDoubleComplex, incy: c_int, c: *const f64, s: *const f64,
            ) -> cublasStatus_t;
            fn cublasSrotm_v2(
                handle: cublasHandle_t, n: c_int, x: *mut f32, incx: c_int, y: *mut f32,
                incy: c_int, param: *const f32,
            ) -> cublasStatus_t;
            fn cublasDrotm_v2(
                handle: cublasHandle_t, n: c_int, x: *mut f64, incx: c_int, y: *mut f64,
                incy: c_int, param: *const f64,
            ) -> cublasStatus_t;
            // Mixed-precision dot products (cudaDataType inputs, result and execution type)
            fn cublasDotEx(
                handle: cublasHandle_t, n: c_int, x: *const c_void, xType: cudaDataType,
                incx: c_int, y: *const c_void, yType: cudaDataType, incy: c_int,
                result: *mut c_void, resultType: cudaDataType, executionType: cudaDataType,
            ) -> cublasStatus_t;
            fn cublasDotcEx(
                handle: cublasHandle_t, n: c_int, x: *const c_void, xType: cudaDataType,
                incx: c_int, y: *const c_void, yType: cudaDataType, incy: c_int,
                result: *mut c_void, resultType: cudaDataType, executionType: cudaDataType,
            ) -> cublasStatus_t;
        }
        optional {
            // 64-bit-size entry points (cuBLAS 12.0 and newer), for the routines above
            fn cublasSrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
                c: *const f32, s: *const f32,
            ) -> cublasStatus_t;
            fn cublasDrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
                c: *const f64, s: *const f64,
            ) -> cublasStatus_t;
            fn cublasCrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuComplex, incx: i64, y: *mut cuComplex,
                incy: i64, c: *const f32, s: *const cuComplex,
            ) -> cublasStatus_t;
            fn cublasCsrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuComplex, incx: i64, y: *mut cuComplex,
                incy: i64, c: *const f32, s: *const f32,
            ) -> cublasStatus_t;
            fn cublasZrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuDoubleComplex, incx: i64,
                y: *mut cuDoubleComplex, incy: i64, c: *const f64, s: *const cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasZdrot_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuDoubleComplex, incx: i64,
                y: *mut cuDoubleComplex, incy: i64, c: *const f64, s: *const f64,
            ) -> cublasStatus_t;
            fn cublasSrotm_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
                param: *const f32,
            ) -> cublasStatus_t;
            fn cublasDrotm_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
                param: *const f64,
            ) -> cublasStatus_t;
            fn cublasDotEx_64(
                handle: cublasHandle_t, n: i64, x: *const c_void, xType: cudaDataType, incx: i64,
                y: *const c_void, yType: cudaDataType, incy: i64, result: *mut c_void,
                resultType: cudaDataType, executionType: cudaDataType,
            ) -> cublasStatus_t;
            fn cublasDotcEx_64(
                handle: cublasHandle_t, n: i64, x: *const c_void, xType: cudaDataType, incx: i64,
                y: *const c_void, yType: cudaDataType, incy: i64, result: *mut c_void,
                resultType: cudaDataType, executionType: cudaDataType,
            ) -> cublasStatus_t;
            // and for the level-1 routines of `Cublas`
            fn cublasSaxpy_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f32, x: *const f32, incx: i64,
                y: *mut f32, incy: i64,
            ) -> cublasStatus_t;
            fn cublasDaxpy_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f64, x: *const f64, incx: i64,
                y: *mut f64, incy: i64,
            ) -> cublasStatus_t;
            fn cublasCaxpy_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const cuComplex, x: *const cuComplex,
                incx: i64, y: *mut cuComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasZaxpy_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const cuDoubleComplex,
                x: *const cuDoubleComplex, incx: i64, y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f32, x: *mut f32, incx: i64,
            ) -> cublasStatus_t;
            fn cublasDscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f64, x: *mut f64, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const cuComplex, x: *mut cuComplex,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasZscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const cuDoubleComplex,
                x: *mut cuDoubleComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasCsscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f32, x: *mut cuComplex, incx: i64,
            ) -> cublasStatus_t;
            fn cublasZdscal_v2_64(
                handle: cublasHandle_t, n: i64, alpha: *const f64, x: *mut cuDoubleComplex,
                incx: i64,
            ) -> cublasStatus_t;
            fn cublasScopy_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, y: *mut f32, incy: i64,
            ) -> cublasStatus_t;
            fn cublasDcopy_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, y: *mut f64, incy: i64,
            ) -> cublasStatus_t;
            fn cublasCcopy_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, y: *mut cuComplex,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasZcopy_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSswap_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
            ) -> cublasStatus_t;
            fn cublasDswap_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
            ) -> cublasStatus_t;
            fn cublasCswap_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuComplex, incx: i64, y: *mut cuComplex,
                incy: i64,
            ) -> cublasStatus_t;
            fn cublasZswap_v2_64(
                handle: cublasHandle_t, n: i64, x: *mut cuDoubleComplex, incx: i64,
                y: *mut cuDoubleComplex, incy: i64,
            ) -> cublasStatus_t;
            fn cublasSdot_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, y: *const f32, incy: i64,
                result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDdot_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, y: *const f64, incy: i64,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasCdotu_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, y: *const cuComplex,
                incy: i64, result: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasCdotc_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, y: *const cuComplex,
                incy: i64, result: *mut cuComplex,
            ) -> cublasStatus_t;
            fn cublasZdotu_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                y: *const cuDoubleComplex, incy: i64, result: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasZdotc_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                y: *const cuDoubleComplex, incy: i64, result: *mut cuDoubleComplex,
            ) -> cublasStatus_t;
            fn cublasSnrm2_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDnrm2_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasScnrm2_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDznrm2_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasSasum_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDasum_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasScasum_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, result: *mut f32,
            ) -> cublasStatus_t;
            fn cublasDzasum_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                result: *mut f64,
            ) -> cublasStatus_t;
            fn cublasIsamax_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIdamax_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIcamax_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIzamax_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIsamin_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f32, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIdamin_v2_64(
                handle: cublasHandle_t, n: i64, x: *const f64, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIcamin_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuComplex, incx: i64, result: *mut i64,
            ) -> cublasStatus_t;
            fn cublasIzamin_v2_64(
                handle: cublasHandle_t, n: i64, x: *const cuDoubleComplex, incx: i64,
                result: *mut i64,
            ) -> cublasStatus_t;
        }
    }
}
