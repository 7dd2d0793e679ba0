//! [`GpuLevel3`] for both vendors, from their routine names side by side: cuBLAS (`libcublas`
//! 11–13: the main table, `CublasLevel3`, `CublasExtensions`) and rocBLAS (`librocblas`: the
//! main table, `RocblasLevel3`, `RocblasExtensions`). For real types the Hermitian forms are the
//! symmetric ones. Optional entry points (`(? name, "why")`): rocBLAS's trmm, whose table
//! entries `rocblas-sys` clears below rocBLAS 4.0 (an in-place trmm is exported under the same
//! name there).

#[cfg(feature = "cuda")]
mod cuda {
    use cublas_sys as sys;

    use crate::backend::cuda::{diag, fill, op, side, CudaApi};
    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_level3_methods, xcall, GpuLevel3};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Side, Uplo};

    impl GpuLevel3 for CudaApi {
        vendor_level3_methods! {
            check: bl_check,
            main: bl,
            level3: sys::cublas_level3(),
            extensions: sys::cublas_extensions(),
            gemm: [cublasSgemm_v2, cublasDgemm_v2, cublasCgemm_v2, cublasZgemm_v2],
            trsm: [cublasStrsm_v2, cublasDtrsm_v2, cublasCtrsm_v2, cublasZtrsm_v2],
            syrk: [cublasSsyrk_v2, cublasDsyrk_v2, cublasCsyrk_v2, cublasZsyrk_v2],
            herk: [cublasSsyrk_v2, cublasDsyrk_v2, cublasCherk_v2, cublasZherk_v2],
            symm: [cublasSsymm_v2, cublasDsymm_v2, cublasCsymm_v2, cublasZsymm_v2],
            hemm: [cublasSsymm_v2, cublasDsymm_v2, cublasChemm_v2, cublasZhemm_v2],
            syr2k: [cublasSsyr2k_v2, cublasDsyr2k_v2, cublasCsyr2k_v2, cublasZsyr2k_v2],
            her2k: [cublasSsyr2k_v2, cublasDsyr2k_v2, cublasCher2k_v2, cublasZher2k_v2],
            syrkx: [cublasSsyrkx, cublasDsyrkx, cublasCsyrkx, cublasZsyrkx],
            herkx: [cublasSsyrkx, cublasDsyrkx, cublasCherkx, cublasZherkx],
            trmm: [cublasStrmm_v2, cublasDtrmm_v2, cublasCtrmm_v2, cublasZtrmm_v2],
            geam: [cublasSgeam, cublasDgeam, cublasCgeam, cublasZgeam],
            dgmm: [cublasSdgmm, cublasDdgmm, cublasCdgmm, cublasZdgmm],
        }
    }
}

#[cfg(feature = "rocm")]
mod rocm {
    use rocblas_sys as sys;

    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_level3_methods, xcall, GpuLevel3};
    use crate::backend::rocm::{diag, fill, op, side, RocmApi};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Side, Uplo};

    impl GpuLevel3 for RocmApi {
        vendor_level3_methods! {
            check: rb_check,
            main: rb,
            level3: sys::rocblas_level3(),
            extensions: sys::rocblas_extensions(),
            gemm: [rocblas_sgemm, rocblas_dgemm, rocblas_cgemm, rocblas_zgemm],
            trsm: [rocblas_strsm, rocblas_dtrsm, rocblas_ctrsm, rocblas_ztrsm],
            syrk: [rocblas_ssyrk, rocblas_dsyrk, rocblas_csyrk, rocblas_zsyrk],
            herk: [rocblas_ssyrk, rocblas_dsyrk, rocblas_cherk, rocblas_zherk],
            symm: [rocblas_ssymm, rocblas_dsymm, rocblas_csymm, rocblas_zsymm],
            hemm: [rocblas_ssymm, rocblas_dsymm, rocblas_chemm, rocblas_zhemm],
            syr2k: [rocblas_ssyr2k, rocblas_dsyr2k, rocblas_csyr2k, rocblas_zsyr2k],
            her2k: [rocblas_ssyr2k, rocblas_dsyr2k, rocblas_cher2k, rocblas_zher2k],
            syrkx: [rocblas_ssyrkx, rocblas_dsyrkx, rocblas_csyrkx, rocblas_zsyrkx],
            herkx: [rocblas_ssyrkx, rocblas_dsyrkx, rocblas_cherkx, rocblas_zherkx],
            // Below rocBLAS 4.0 these names are an in-place trmm, which rocblas-sys does not bind.
            trmm: [
                (? rocblas_strmm, "rocBLAS 4.0 (ROCm 6.0) and later have the out-of-place trmm"),
                (? rocblas_dtrmm, "rocBLAS 4.0 (ROCm 6.0) and later have the out-of-place trmm"),
                (? rocblas_ctrmm, "rocBLAS 4.0 (ROCm 6.0) and later have the out-of-place trmm"),
                (? rocblas_ztrmm, "rocBLAS 4.0 (ROCm 6.0) and later have the out-of-place trmm")
            ],
            geam: [rocblas_sgeam, rocblas_dgeam, rocblas_cgeam, rocblas_zgeam],
            dgmm: [rocblas_sdgmm, rocblas_ddgmm, rocblas_cdgmm, rocblas_zdgmm],
        }
    }
}
