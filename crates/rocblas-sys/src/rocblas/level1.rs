//! Level-1 routines beyond [`Rocblas`](super::Rocblas): Givens rotations, modified Givens rotations
//! and the mixed-precision dot products, plus the ILP64 (`_64`) entry points of all level-1
//! routines.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::c_void;

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-1 function table of rocBLAS, loaded from `librocblas` by [`crate::rocblas_level1`] or
    /// [`RocblasLevel1::load`]. Signatures are those of rocBLAS 6.4's
    /// `rocblas/internal/rocblas-functions.h` (LP64 for the plain names).
    ///
    /// Every `_64` entry point (the ILP64 API: 64-bit sizes, increments and leading dimensions,
    /// `i64`) is an `Option`: rocBLAS 4.4 (ROCm 6.4) exports them, rocBLAS 3.0 (ROCm 5.5) declares
    /// none, and older sonames are still supported candidates.
    pub struct RocblasLevel1 {
        required {
            // Givens rotations: construct (rotg, rotmg) and apply (rot, rotm)
            fn rocblas_srotg(
                handle: rocblas_handle, a: *mut f32, b: *mut f32, c: *mut f32, s: *mut f32,
            ) -> rocblas_status;
            fn rocblas_drotg(
                handle: rocblas_handle, a: *mut f64, b: *mut f64, c: *mut f64, s: *mut f64,
            ) -> rocblas_status;
            fn rocblas_crotg(
                handle: rocblas_handle, a: *mut rocblas_float_complex,
                b: *mut rocblas_float_complex, c: *mut f32, s: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zrotg(
                handle: rocblas_handle, a: *mut rocblas_double_complex,
                b: *mut rocblas_double_complex, c: *mut f64, s: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_srotmg(
                handle: rocblas_handle, d1: *mut f32, d2: *mut f32, x1: *mut f32, y1: *const f32,
                param: *mut f32,
            ) -> rocblas_status;
            fn rocblas_drotmg(
                handle: rocblas_handle, d1: *mut f64, d2: *mut f64, x1: *mut f64, y1: *const f64,
                param: *mut f64,
            ) -> rocblas_status;
            fn rocblas_srot(
                handle: rocblas_handle, n: rocblas_int, x: *mut f32, incx: rocblas_int, y: *mut f32,
                incy: rocblas_int, c: *const f32, s: *const f32,
            ) -> rocblas_status;
            fn rocblas_drot(
                handle: rocblas_handle, n: rocblas_int, x: *mut f64, incx: rocblas_int, y: *mut f64,
                incy: rocblas_int, c: *const f64, s: *const f64,
            ) -> rocblas_status;
            fn rocblas_crot(
                handle: rocblas_handle, n: rocblas_int, x: *mut rocblas_float_complex,
                incx: rocblas_int, y: *mut rocblas_float_complex, incy: rocblas_int, c: *const f32,
                s: *const rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_csrot(
                handle: rocblas_handle, n: rocblas_int, x: *mut rocblas_float_complex,
                incx: rocblas_int, y: *mut rocblas_float_complex, incy: rocblas_int, c: *const f32,
                s: *const f32,
            ) -> rocblas_status;
            fn rocblas_zrot(
                handle: rocblas_handle, n: rocblas_int, x: *mut rocblas_double_complex,
                incx: rocblas_int, y: *mut rocblas_double_complex, incy: rocblas_int, c: *const f64,
                s: *const rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_zdrot(
                handle: rocblas_handle, n: rocblas_int, x: *mut rocblas_double_complex,
                incx: rocblas_int, y: *mut rocblas_double_complex, incy: rocblas_int, c: *const f64,
                s: *const f64,
            ) -> rocblas_status;
            fn rocblas_srotm(
                handle: rocblas_handle, n: rocblas_int, x: *mut f32, incx: rocblas_int, y: *mut f32,
                incy: rocblas_int, param: *const f32,
            ) -> rocblas_status;
            fn rocblas_drotm(
                handle: rocblas_handle, n: rocblas_int, x: *mut f64, incx: rocblas_int, y: *mut f64,
                incy: rocblas_int, param: *const f64,
            ) -> rocblas_status;
            // Mixed-precision dot products (rocblas_datatype inputs, result and execution type)
            fn rocblas_dot_ex(
                handle: rocblas_handle, n: rocblas_int, x: *const c_void, x_type: rocblas_datatype,
                incx: rocblas_int, y: *const c_void, y_type: rocblas_datatype, incy: rocblas_int,
                result: *mut c_void, result_type: rocblas_datatype,
                execution_type: rocblas_datatype,
            ) -> rocblas_status;
            fn rocblas_dotc_ex(
                handle: rocblas_handle, n: rocblas_int, x: *const c_void, x_type: rocblas_datatype,
                incx: rocblas_int, y: *const c_void, y_type: rocblas_datatype, incy: rocblas_int,
                result: *mut c_void, result_type: rocblas_datatype,
                execution_type: rocblas_datatype,
            ) -> rocblas_status;
        }
        optional {
            // ILP64 entry points (rocBLAS 4.4 has them, 3.0 does not), for the routines above
            fn rocblas_srot_64(
                handle: rocblas_handle, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
                c: *const f32, s: *const f32,
            ) -> rocblas_status;
            fn rocblas_drot_64(
                handle: rocblas_handle, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
                c: *const f64, s: *const f64,
            ) -> rocblas_status;
            fn rocblas_crot_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_float_complex, incx: i64,
                y: *mut rocblas_float_complex, incy: i64, c: *const f32,
                s: *const rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_csrot_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_float_complex, incx: i64,
                y: *mut rocblas_float_complex, incy: i64, c: *const f32, s: *const f32,
            ) -> rocblas_status;
            fn rocblas_zrot_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_double_complex, incx: i64,
                y: *mut rocblas_double_complex, incy: i64, c: *const f64,
                s: *const rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_zdrot_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_double_complex, incx: i64,
                y: *mut rocblas_double_complex, incy: i64, c: *const f64, s: *const f64,
            ) -> rocblas_status;
            fn rocblas_srotm_64(
                handle: rocblas_handle, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
                param: *const f32,
            ) -> rocblas_status;
            fn rocblas_drotm_64(
                handle: rocblas_handle, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
                param: *const f64,
            ) -> rocblas_status;
            fn rocblas_dot_ex_64(
                handle: rocblas_handle, n: i64, x: *const c_void, x_type: rocblas_datatype,
                incx: i64, y: *const c_void, y_type: rocblas_datatype, incy: i64,
                result: *mut c_void, result_type: rocblas_datatype,
                execution_type: rocblas_datatype,
            ) -> rocblas_status;
            fn rocblas_dotc_ex_64(
                handle: rocblas_handle, n: i64, x: *const c_void, x_type: rocblas_datatype,
                incx: i64, y: *const c_void, y_type: rocblas_datatype, incy: i64,
                result: *mut c_void, result_type: rocblas_datatype,
                execution_type: rocblas_datatype,
            ) -> rocblas_status;
            // and for the level-1 routines of `Rocblas`
            fn rocblas_saxpy_64(
                handle: rocblas_handle, n: i64, alpha: *const f32, x: *const f32, incx: i64,
                y: *mut f32, incy: i64,
            ) -> rocblas_status;
            fn rocblas_daxpy_64(
                handle: rocblas_handle, n: i64, alpha: *const f64, x: *const f64, incx: i64,
                y: *mut f64, incy: i64,
            ) -> rocblas_status;
            fn rocblas_caxpy_64(
                handle: rocblas_handle, n: i64, alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex, incx: i64, y: *mut rocblas_float_complex,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_zaxpy_64(
                handle: rocblas_handle, n: i64, alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex, incx: i64, y: *mut rocblas_double_complex,
                incy: i64,
            ) -> rocblas_status;
            fn rocblas_sscal_64(
                handle: rocblas_handle, n: i64, alpha: *const f32, x: *mut f32, incx: i64,
            ) -> rocblas_status;
            fn rocblas_dscal_64(
                handle: rocblas_handle, n: i64, alpha: *const f64, x: *mut f64, incx: i64,
            ) -> rocblas_status;
            fn rocblas_cscal_64(
                handle: rocblas_handle, n: i64, alpha: *const rocblas_float_complex,
                x: *mut rocblas_float_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_zscal_64(
                handle: rocblas_handle, n: i64, alpha: *const rocblas_double_complex,
                x: *mut rocblas_double_complex, incx: i64,
            ) -> rocblas_status;
            fn rocblas_csscal_64(
                handle: rocblas_handle, n: i64, alpha: *const f32, x: *mut rocblas_float_complex,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_zdscal_64(
                handle: rocblas_handle, n: i64, alpha: *const f64, x: *mut rocblas_double_complex,
                incx: i64,
            ) -> rocblas_status;
            fn rocblas_scopy_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, y: *mut f32, incy: i64,
            ) -> rocblas_status;
            fn rocblas_dcopy_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, y: *mut f64, incy: i64,
            ) -> rocblas_status;
            fn rocblas_ccopy_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zcopy_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_sswap_64(
                handle: rocblas_handle, n: i64, x: *mut f32, incx: i64, y: *mut f32, incy: i64,
            ) -> rocblas_status;
            fn rocblas_dswap_64(
                handle: rocblas_handle, n: i64, x: *mut f64, incx: i64, y: *mut f64, incy: i64,
            ) -> rocblas_status;
            fn rocblas_cswap_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_float_complex, incx: i64,
                y: *mut rocblas_float_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_zswap_64(
                handle: rocblas_handle, n: i64, x: *mut rocblas_double_complex, incx: i64,
                y: *mut rocblas_double_complex, incy: i64,
            ) -> rocblas_status;
            fn rocblas_sdot_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, y: *const f32, incy: i64,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_ddot_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, y: *const f64, incy: i64,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_cdotu_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                y: *const rocblas_float_complex, incy: i64, result: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_cdotc_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                y: *const rocblas_float_complex, incy: i64, result: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zdotu_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                y: *const rocblas_double_complex, incy: i64, result: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_zdotc_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                y: *const rocblas_double_complex, incy: i64, result: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_snrm2_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dnrm2_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_scnrm2_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dznrm2_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_sasum_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dasum_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_scasum_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dzasum_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_isamax_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_idamax_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_icamax_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_izamax_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_isamin_64(
                handle: rocblas_handle, n: i64, x: *const f32, incx: i64, result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_idamin_64(
                handle: rocblas_handle, n: i64, x: *const f64, incx: i64, result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_icamin_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_float_complex, incx: i64,
                result: *mut i64,
            ) -> rocblas_status;
            fn rocblas_izamin_64(
                handle: rocblas_handle, n: i64, x: *const rocblas_double_complex, incx: i64,
                result: *mut i64,
            ) -> rocblas_status;
        }
    }
}
