//! [`GpuBatched`] for both vendors, from their routine names side by side: cuBLAS (`libcublas`
//! 11–13: the main table, `CublasLevel3`, `CublasExtensions`) and rocBLAS (`librocblas`: the
//! main table, `RocblasLevel3`, `RocblasExtensions`). Optional entry points (`(? name, "why")`):
//! `cublas<t>gemvStridedBatched` (cuBLAS 11.6 and later).

#[cfg(feature = "cuda")]
mod cuda {
    use cublas_sys as sys;

    use crate::backend::cuda::{diag, fill, op, side, CudaApi};
    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_batched_methods, xcall, GpuBatched};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Side, Uplo};

    impl GpuBatched for CudaApi {
        vendor_batched_methods! {
            check: bl_check,
            main: bl,
            level3: sys::cublas_level3(),
            extensions: sys::cublas_extensions(),
            gemm_strided_batched: [cublasSgemmStridedBatched, cublasDgemmStridedBatched, cublasCgemmStridedBatched, cublasZgemmStridedBatched],
            gemm_batched: [cublasSgemmBatched, cublasDgemmBatched, cublasCgemmBatched, cublasZgemmBatched],
            trsm_batched: [cublasStrsmBatched, cublasDtrsmBatched, cublasCtrsmBatched, cublasZtrsmBatched],
            gemv_strided_batched: [
                (? cublasSgemvStridedBatched, "cuBLAS 11.6 and later have it"),
                (? cublasDgemvStridedBatched, "cuBLAS 11.6 and later have it"),
                (? cublasCgemvStridedBatched, "cuBLAS 11.6 and later have it"),
                (? cublasZgemvStridedBatched, "cuBLAS 11.6 and later have it")
            ],
        }
    }
}

#[cfg(feature = "rocm")]
mod rocm {
    use rocblas_sys as sys;

    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_batched_methods, xcall, GpuBatched};
    use crate::backend::rocm::{diag, fill, op, side, RocmApi};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Side, Uplo};

    impl GpuBatched for RocmApi {
        vendor_batched_methods! {
            check: rb_check,
            main: rb,
            level3: sys::rocblas_level3(),
            extensions: sys::rocblas_extensions(),
            gemm_strided_batched: [rocblas_sgemm_strided_batched, rocblas_dgemm_strided_batched, rocblas_cgemm_strided_batched, rocblas_zgemm_strided_batched],
            gemm_batched: [rocblas_sgemm_batched, rocblas_dgemm_batched, rocblas_cgemm_batched, rocblas_zgemm_batched],
            trsm_batched: [rocblas_strsm_batched, rocblas_dtrsm_batched, rocblas_ctrsm_batched, rocblas_ztrsm_batched],
            gemv_strided_batched: [rocblas_sgemv_strided_batched, rocblas_dgemv_strided_batched, rocblas_cgemv_strided_batched, rocblas_zgemv_strided_batched],
        }
    }
}
