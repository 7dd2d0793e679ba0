//! Level-3 routines beyond [`Rocblas`](super::Rocblas): symm/hemm, syr2k/her2k, trmm, syrkx/herkx,
//! the math mode (xf32), plus the ILP64 (`_64`) entry points of all level-3 routines, including
//! `rocblas_gemm_ex_64` and `rocblas_gemm_strided_batched_ex_64`.

// The C functions' own names are kept (also as the loader's local bindings).
#![allow(non_snake_case)]

use core::ffi::c_void;

use gpublas_dynload::dyn_api;

use crate::types::*;

dyn_api! {
    /// Level-3 function table of rocBLAS, loaded from `librocblas` by [`crate::rocblas_level3`] or
    /// [`RocblasLevel3::load`]. Signatures are those of rocBLAS 6.4's
    /// `rocblas/internal/rocblas-functions.h` (LP64 for the plain names).
    ///
    /// **trmm** is an `Option` for a different reason: rocBLAS 4.0 (ROCm 6.0) changed
    /// `rocblas_<t>trmm` from in-place (`B = α op(A) B`) to out-of-place (`C = α op(A) B`) under
    /// the same symbol name, so a rocBLAS 3 library (`librocblas.so.0`) exports a symbol these
    /// declarations do not describe. [`crate::rocblas_level3`] clears the four trmm entries unless
    /// the loaded library reports version 4 or newer; a table loaded with [`RocblasLevel3::load`]
    /// must be checked the same way ([`RocblasLevel3::forget_trmm_unless`]).
    ///
    /// The math-mode functions are `Option`s too (absent from rocBLAS 3.0 / ROCm 5.5). Every `_64`
    /// entry point (the ILP64 API: 64-bit sizes, increments and leading dimensions, `i64`) is an
    /// `Option`: rocBLAS 4.4 (ROCm 6.4) exports them, rocBLAS 3.0 (ROCm 5.5) declares none, and
    /// older sonames are still supported candidates.
    pub struct RocblasLevel3 {
        required {
            // symm/hemm, syr2k/her2k, syrkx/herkx
            fn rocblas_ssymm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const f32, A: *const f32, lda: rocblas_int, B: *const f32,
                ldb: rocblas_int, beta: *const f32, C: *mut f32, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsymm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const f64, A: *const f64, lda: rocblas_int, B: *const f64,
                ldb: rocblas_int, beta: *const f64, C: *mut f64, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csymm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsymm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_chemm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zhemm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: rocblas_int,
                n: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssyr2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const f32, A: *const f32, lda: rocblas_int,
                B: *const f32, ldb: rocblas_int, beta: *const f32, C: *mut f32, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsyr2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const f64, A: *const f64, lda: rocblas_int,
                B: *const f64, ldb: rocblas_int, beta: *const f64, C: *mut f64, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csyr2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsyr2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cher2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const f32, C: *mut rocblas_float_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zher2k(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int, beta: *const f64,
                C: *mut rocblas_double_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ssyrkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const f32, A: *const f32, lda: rocblas_int,
                B: *const f32, ldb: rocblas_int, beta: *const f32, C: *mut f32, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dsyrkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const f64, A: *const f64, lda: rocblas_int,
                B: *const f64, ldb: rocblas_int, beta: *const f64, C: *mut f64, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_csyrkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zsyrkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_cherkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: rocblas_int, B: *const rocblas_float_complex,
                ldb: rocblas_int, beta: *const f32, C: *mut rocblas_float_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_zherkx(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation,
                n: rocblas_int, k: rocblas_int, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: rocblas_int,
                B: *const rocblas_double_complex, ldb: rocblas_int, beta: *const f64,
                C: *mut rocblas_double_complex, ldc: rocblas_int,
            ) -> rocblas_status;
        }
        optional {
            // trmm, rocBLAS 4 signature (C = α op(A) B or α B op(A)): see the table docs
            fn rocblas_strmm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const f32, A: *const f32, lda: rocblas_int, B: *const f32, ldb: rocblas_int,
                C: *mut f32, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_dtrmm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const f64, A: *const f64, lda: rocblas_int, B: *const f64, ldb: rocblas_int,
                C: *mut f64, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ctrmm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: rocblas_int, B: *const rocblas_float_complex, ldb: rocblas_int,
                C: *mut rocblas_float_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            fn rocblas_ztrmm(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: rocblas_int, n: rocblas_int,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: rocblas_int, B: *const rocblas_double_complex, ldb: rocblas_int,
                C: *mut rocblas_double_complex, ldc: rocblas_int,
            ) -> rocblas_status;
            // Math mode (xf32 for f32 gemm on MI300-class GPUs)
            fn rocblas_set_math_mode(
                handle: rocblas_handle, math_mode: rocblas_math_mode,
            ) -> rocblas_status;
            fn rocblas_get_math_mode(
                handle: rocblas_handle, math_mode: *mut rocblas_math_mode,
            ) -> rocblas_status;
            // ILP64 entry points (rocBLAS 4.4 has them, 3.0 does not), for the routines above
            fn rocblas_ssymm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dsymm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_csymm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                B: *const rocblas_float_complex, ldb: i64, beta: *const rocblas_float_complex,
                C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zsymm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                B: *const rocblas_double_complex, ldb: i64, beta: *const rocblas_double_complex,
                C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_chemm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                B: *const rocblas_float_complex, ldb: i64, beta: *const rocblas_float_complex,
                C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zhemm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                B: *const rocblas_double_complex, ldb: i64, beta: *const rocblas_double_complex,
                C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_ssyr2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dsyr2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_csyr2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: i64, B: *const rocblas_float_complex, ldb: i64,
                beta: *const rocblas_float_complex, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zsyr2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: i64, B: *const rocblas_double_complex, ldb: i64,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cher2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: i64, B: *const rocblas_float_complex, ldb: i64, beta: *const f32,
                C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zher2k_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: i64, B: *const rocblas_double_complex, ldb: i64, beta: *const f64,
                C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_strmm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64, C: *mut f32,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dtrmm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64, C: *mut f64,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_ctrmm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                B: *const rocblas_float_complex, ldb: i64, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_ztrmm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                B: *const rocblas_double_complex, ldb: i64, C: *mut rocblas_double_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_ssyrkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32, ldb: i64,
                beta: *const f32, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dsyrkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64, ldb: i64,
                beta: *const f64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_csyrkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: i64, B: *const rocblas_float_complex, ldb: i64,
                beta: *const rocblas_float_complex, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zsyrkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: i64, B: *const rocblas_double_complex, ldb: i64,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cherkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: i64, B: *const rocblas_float_complex, ldb: i64, beta: *const f32,
                C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zherkx_64(
                handle: rocblas_handle, uplo: rocblas_fill, trans: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: i64, B: *const rocblas_double_complex, ldb: i64, beta: *const f64,
                C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            // and for the level-3 routines of `Rocblas`
            fn rocblas_sgemm_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f32, A: *const f32, lda: i64, B: *const f32,
                ldb: i64, beta: *const f32, C: *mut f32, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dgemm_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f64, A: *const f64, lda: i64, B: *const f64,
                ldb: i64, beta: *const f64, C: *mut f64, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cgemm_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: i64, B: *const rocblas_float_complex,
                ldb: i64, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zgemm_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: i64, B: *const rocblas_double_complex,
                ldb: i64, beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_strsm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f32, A: *const f32, lda: i64, B: *mut f32, ldb: i64,
            ) -> rocblas_status;
            fn rocblas_dtrsm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const f64, A: *const f64, lda: i64, B: *mut f64, ldb: i64,
            ) -> rocblas_status;
            fn rocblas_ctrsm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_float_complex, A: *const rocblas_float_complex, lda: i64,
                B: *mut rocblas_float_complex, ldb: i64,
            ) -> rocblas_status;
            fn rocblas_ztrsm_64(
                handle: rocblas_handle, side: rocblas_side, uplo: rocblas_fill,
                transA: rocblas_operation, diag: rocblas_diagonal, m: i64, n: i64,
                alpha: *const rocblas_double_complex, A: *const rocblas_double_complex, lda: i64,
                B: *mut rocblas_double_complex, ldb: i64,
            ) -> rocblas_status;
            fn rocblas_ssyrk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const f32, A: *const f32, lda: i64, beta: *const f32, C: *mut f32,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_dsyrk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const f64, A: *const f64, lda: i64, beta: *const f64, C: *mut f64,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_csyrk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_float_complex, A: *const rocblas_float_complex,
                lda: i64, beta: *const rocblas_float_complex, C: *mut rocblas_float_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zsyrk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const rocblas_double_complex, A: *const rocblas_double_complex,
                lda: i64, beta: *const rocblas_double_complex, C: *mut rocblas_double_complex,
                ldc: i64,
            ) -> rocblas_status;
            fn rocblas_cherk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const f32, A: *const rocblas_float_complex, lda: i64,
                beta: *const f32, C: *mut rocblas_float_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_zherk_64(
                handle: rocblas_handle, uplo: rocblas_fill, transA: rocblas_operation, n: i64,
                k: i64, alpha: *const f64, A: *const rocblas_double_complex, lda: i64,
                beta: *const f64, C: *mut rocblas_double_complex, ldc: i64,
            ) -> rocblas_status;
            fn rocblas_sgemm_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f32, A: *const f32, lda: i64,
                stride_a: rocblas_stride, B: *const f32, ldb: i64, stride_b: rocblas_stride,
                beta: *const f32, C: *mut f32, ldc: i64, stride_c: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_dgemm_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const f64, A: *const f64, lda: i64,
                stride_a: rocblas_stride, B: *const f64, ldb: i64, stride_b: rocblas_stride,
                beta: *const f64, C: *mut f64, ldc: i64, stride_c: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_cgemm_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_float_complex,
                A: *const rocblas_float_complex, lda: i64, stride_a: rocblas_stride,
                B: *const rocblas_float_complex, ldb: i64, stride_b: rocblas_stride,
                beta: *const rocblas_float_complex, C: *mut rocblas_float_complex, ldc: i64,
                stride_c: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_zgemm_strided_batched_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const rocblas_double_complex,
                A: *const rocblas_double_complex, lda: i64, stride_a: rocblas_stride,
                B: *const rocblas_double_complex, ldb: i64, stride_b: rocblas_stride,
                beta: *const rocblas_double_complex, C: *mut rocblas_double_complex, ldc: i64,
                stride_c: rocblas_stride, batch_count: i64,
            ) -> rocblas_status;
            fn rocblas_gemm_ex_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const c_void, a: *const c_void,
                a_type: rocblas_datatype, lda: i64, b: *const c_void, b_type: rocblas_datatype,
                ldb: i64, beta: *const c_void, c: *const c_void, c_type: rocblas_datatype, ldc: i64,
                d: *mut c_void, d_type: rocblas_datatype, ldd: i64, compute_type: rocblas_datatype,
                algo: rocblas_gemm_algo, solution_index: i32, flags: u32,
            ) -> rocblas_status;
            fn rocblas_gemm_strided_batched_ex_64(
                handle: rocblas_handle, transA: rocblas_operation, transB: rocblas_operation,
                m: i64, n: i64, k: i64, alpha: *const c_void, a: *const c_void,
                a_type: rocblas_datatype, lda: i64, stride_a: rocblas_stride, b: *const c_void,
                b_type: rocblas_datatype, ldb: i64, stride_b: rocblas_stride, beta: *const c_void,
                c: *const c_void, c_type: rocblas_datatype, ldc: i64, stride_c: rocblas_stride,
                d: *mut c_void, d_type: rocblas_datatype, ldd: i64, stride_d: rocblas_stride,
                batch_count: i64, compute_type: rocblas_datatype, algo: rocblas_gemm_algo,
                solution_index: i32, flags: u32,
            ) -> rocblas_status;
        }
    }
}
