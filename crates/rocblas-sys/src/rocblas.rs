//! The rocBLAS function table, resolved from `librocblas` at run time.
//!
//! Every declaration mirrors `rocblas/internal/rocblas-functions.h` and
//! `rocblas/internal/rocblas-auxiliary.h` of rocBLAS 6.4 (LP64: [`rocblas_int`] is `i32`);
//! `scripts/check-abi.sh` compiles each one against those headers and checks that the real
//! `librocblas.so.4` exports it.

use core::ffi::{c_char, c_void};

use gpublas_dynload::{dyn_api, LibSpec};

use crate::types::*;

mod extensions;
mod level1;
mod level2;
mod level3;
mod triangular;

pub use extensions::RocblasExtensions;
pub use level1::RocblasLevel1;
pub use level2::RocblasLevel2;
pub use level3::RocblasLevel3;
pub use triangular::RocblasTriangular;

/// Where to find rocBLAS: `GPUBLAS_ROCBLAS_PATH`, else `$ROCM_PATH/{lib,lib64}`, else the
/// system's search path; newest soname first.
pub const ROCBLAS: LibSpec = LibSpec {
    name: "rocBLAS",
    override_var: "GPUBLAS_ROCBLAS_PATH",
    candidates: &[
        "librocblas.so.5",
        "librocblas.so.4",
        "librocblas.so.0",
        "librocblas.so",
    ],
    root_vars: &["ROCM_PATH"],
    root_subdirs: &["lib", "lib64"],
};

dyn_api! {
    /// rocBLAS entry points (handle management, level 1, 2 and 3 BLAS, and the `_ex` GEMMs).
    ///
    /// Scalars (`alpha`, `beta`, results) are host or device pointers according to the handle's
    /// pointer mode; matrices and vectors are device pointers, column-major.
    pub struct Rocblas {
        required {
            // Handles and auxiliary functions.
            fn rocblas_create_handle(handle: *mut rocblas_handle) -> rocblas_status;
            fn rocblas_destroy_handle(handle: rocblas_handle) -> rocblas_status;
            fn rocblas_set_stream(handle: rocblas_handle, stream: hipStream_t) -> rocblas_status;
            fn rocblas_get_stream(handle: rocblas_handle, stream: *mut hipStream_t) -> rocblas_status;
            fn rocblas_set_pointer_mode(
                handle: rocblas_handle,
                pointer_mode: rocblas_pointer_mode,
            ) -> rocblas_status;
            fn rocblas_get_pointer_mode(
                handle: rocblas_handle,
                pointer_mode: *mut rocblas_pointer_mode,
            ) -> rocblas_status;
            fn rocblas_get_version_string_size(len: *mut usize) -> rocblas_status;
            fn rocblas_get_version_string(buf: *mut c_char, len: usize) -> rocblas_status;
            fn rocblas_status_to_string(status: rocblas_status) -> *const c_char;
            // Level 1.
            fn rocblas_saxpy(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f32,
                x: *const f32,
                incx: rocblas_int,
                y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_daxpy(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f64,
                x: *const f64,
                incx: rocblas_int,
                y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_caxpy(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zaxpy(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f32,
                x: *mut f32,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f64,
                x: *mut f64,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                x: *mut rocblas_float_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                x: *mut rocblas_double_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f32,
                x: *mut rocblas_float_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zdscal(
                handle: rocblas_handle,
                n: rocblas_int,
                alpha: *const f64,
                x: *mut rocblas_double_complex,
                incx: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_scopy(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dcopy(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ccopy(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zcopy(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sswap(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *mut f32,
                incx: rocblas_int,
                y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dswap(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *mut f64,
                incx: rocblas_int,
                y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cswap(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *mut rocblas_float_complex,
                incx: rocblas_int,
                y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zswap(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *mut rocblas_double_complex,
                incx: rocblas_int,
                y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sdot(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                y: *const f32,
                incy: rocblas_int,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_ddot(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                y: *const f64,
                incy: rocblas_int,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_cdotu(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *const rocblas_float_complex,
                incy: rocblas_int,
                result: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_cdotc(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *const rocblas_float_complex,
                incy: rocblas_int,
                result: *mut rocblas_float_complex,
            ) -> rocblas_status;
            fn rocblas_zdotu(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *const rocblas_double_complex,
                incy: rocblas_int,
                result: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_zdotc(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *const rocblas_double_complex,
                incy: rocblas_int,
                result: *mut rocblas_double_complex,
            ) -> rocblas_status;
            fn rocblas_snrm2(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dnrm2(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_scnrm2(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dznrm2(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_sasum(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dasum(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_scasum(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                result: *mut f32,
            ) -> rocblas_status;
            fn rocblas_dzasum(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                result: *mut f64,
            ) -> rocblas_status;
            fn rocblas_isamax(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_idamax(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_icamax(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_izamax(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_isamin(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_idamin(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_icamin(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            fn rocblas_izamin(
                handle: rocblas_handle,
                n: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                result: *mut rocblas_int,
            ) -> rocblas_status;
            // Level 2.
            fn rocblas_sgemv(
                handle: rocblas_handle,
                trans: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f32,
                a: *const f32,
                lda: rocblas_int,
                x: *const f32,
                incx: rocblas_int,
                beta: *const f32,
                y: *mut f32,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgemv(
                handle: rocblas_handle,
                trans: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f64,
                a: *const f64,
                lda: rocblas_int,
                x: *const f64,
                incx: rocblas_int,
                beta: *const f64,
                y: *mut f64,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgemv(
                handle: rocblas_handle,
                trans: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                beta: *const rocblas_float_complex,
                y: *mut rocblas_float_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgemv(
                handle: rocblas_handle,
                trans: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                beta: *const rocblas_double_complex,
                y: *mut rocblas_double_complex,
                incy: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sger(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f32,
                x: *const f32,
                incx: rocblas_int,
                y: *const f32,
                incy: rocblas_int,
                a: *mut f32,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dger(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f64,
                x: *const f64,
                incx: rocblas_int,
                y: *const f64,
                incy: rocblas_int,
                a: *mut f64,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgeru(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *const rocblas_float_complex,
                incy: rocblas_int,
                a: *mut rocblas_float_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgerc(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                x: *const rocblas_float_complex,
                incx: rocblas_int,
                y: *const rocblas_float_complex,
                incy: rocblas_int,
                a: *mut rocblas_float_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgeru(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *const rocblas_double_complex,
                incy: rocblas_int,
                a: *mut rocblas_double_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgerc(
                handle: rocblas_handle,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                x: *const rocblas_double_complex,
                incx: rocblas_int,
                y: *const rocblas_double_complex,
                incy: rocblas_int,
                a: *mut rocblas_double_complex,
                lda: rocblas_int,
            ) -> rocblas_status;
            // Level 3.
            fn rocblas_sgemm(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f32,
                a: *const f32,
                lda: rocblas_int,
                b: *const f32,
                ldb: rocblas_int,
                beta: *const f32,
                c: *mut f32,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgemm(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f64,
                a: *const f64,
                lda: rocblas_int,
                b: *const f64,
                ldb: rocblas_int,
                beta: *const f64,
                c: *mut f64,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgemm(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_float_complex,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                b: *const rocblas_float_complex,
                ldb: rocblas_int,
                beta: *const rocblas_float_complex,
                c: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgemm(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_double_complex,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                b: *const rocblas_double_complex,
                ldb: rocblas_int,
                beta: *const rocblas_double_complex,
                c: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_strsm(
                handle: rocblas_handle,
                side: rocblas_side,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                diag: rocblas_diagonal,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f32,
                a: *const f32,
                lda: rocblas_int,
                b: *mut f32,
                ldb: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtrsm(
                handle: rocblas_handle,
                side: rocblas_side,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                diag: rocblas_diagonal,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const f64,
                a: *const f64,
                lda: rocblas_int,
                b: *mut f64,
                ldb: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctrsm(
                handle: rocblas_handle,
                side: rocblas_side,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                diag: rocblas_diagonal,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_float_complex,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                b: *mut rocblas_float_complex,
                ldb: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztrsm(
                handle: rocblas_handle,
                side: rocblas_side,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                diag: rocblas_diagonal,
                m: rocblas_int,
                n: rocblas_int,
                alpha: *const rocblas_double_complex,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                b: *mut rocblas_double_complex,
                ldb: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssyrk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f32,
                a: *const f32,
                lda: rocblas_int,
                beta: *const f32,
                c: *mut f32,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsyrk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f64,
                a: *const f64,
                lda: rocblas_int,
                beta: *const f64,
                c: *mut f64,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csyrk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_float_complex,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                beta: *const rocblas_float_complex,
                c: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsyrk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_double_complex,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                beta: *const rocblas_double_complex,
                c: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cherk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f32,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                beta: *const f32,
                c: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zherk(
                handle: rocblas_handle,
                uplo: rocblas_fill,
                trans_a: rocblas_operation,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f64,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                beta: *const f64,
                c: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_sgemm_strided_batched(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f32,
                a: *const f32,
                lda: rocblas_int,
                stride_a: rocblas_stride,
                b: *const f32,
                ldb: rocblas_int,
                stride_b: rocblas_stride,
                beta: *const f32,
                c: *mut f32,
                ldc: rocblas_int,
                stride_c: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dgemm_strided_batched(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const f64,
                a: *const f64,
                lda: rocblas_int,
                stride_a: rocblas_stride,
                b: *const f64,
                ldb: rocblas_int,
                stride_b: rocblas_stride,
                beta: *const f64,
                c: *mut f64,
                ldc: rocblas_int,
                stride_c: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cgemm_strided_batched(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_float_complex,
                a: *const rocblas_float_complex,
                lda: rocblas_int,
                stride_a: rocblas_stride,
                b: *const rocblas_float_complex,
                ldb: rocblas_int,
                stride_b: rocblas_stride,
                beta: *const rocblas_float_complex,
                c: *mut rocblas_float_complex,
                ldc: rocblas_int,
                stride_c: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zgemm_strided_batched(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const rocblas_double_complex,
                a: *const rocblas_double_complex,
                lda: rocblas_int,
                stride_a: rocblas_stride,
                b: *const rocblas_double_complex,
                ldb: rocblas_int,
                stride_b: rocblas_stride,
                beta: *const rocblas_double_complex,
                c: *mut rocblas_double_complex,
                ldc: rocblas_int,
                stride_c: rocblas_stride,
                batch_count: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_gemm_ex(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const c_void,
                a: *const c_void,
                a_type: rocblas_datatype,
                lda: rocblas_int,
                b: *const c_void,
                b_type: rocblas_datatype,
                ldb: rocblas_int,
                beta: *const c_void,
                c: *const c_void,
                c_type: rocblas_datatype,
                ldc: rocblas_int,
                d: *mut c_void,
                d_type: rocblas_datatype,
                ldd: rocblas_int,
                compute_type: rocblas_datatype,
                algo: rocblas_gemm_algo,
                solution_index: i32,
                flags: u32,
            ) -> rocblas_status;
            fn rocblas_gemm_strided_batched_ex(
                handle: rocblas_handle,
                trans_a: rocblas_operation,
                trans_b: rocblas_operation,
                m: rocblas_int,
                n: rocblas_int,
                k: rocblas_int,
                alpha: *const c_void,
                a: *const c_void,
                a_type: rocblas_datatype,
                lda: rocblas_int,
                stride_a: rocblas_stride,
                b: *const c_void,
                b_type: rocblas_datatype,
                ldb: rocblas_int,
                stride_b: rocblas_stride,
                beta: *const c_void,
                c: *const c_void,
                c_type: rocblas_datatype,
                ldc: rocblas_int,
                stride_c: rocblas_stride,
                d: *mut c_void,
                d_type: rocblas_datatype,
                ldd: rocblas_int,
                stride_d: rocblas_stride,
                batch_count: rocblas_int,
                compute_type: rocblas_datatype,
                algo: rocblas_gemm_algo,
                solution_index: i32,
                flags: u32,
            ) -> rocblas_status;
        }
        optional {}
    }
}
