//! [`GpuLevel2`] for both vendors, from their routine names side by side: cuBLAS (`libcublas`
//! 11–13: the main table, `CublasLevel2`, `CublasTriangular`) and rocBLAS (`librocblas`: the
//! main table, `RocblasLevel2`, `RocblasTriangular`). For real types the Hermitian forms are the
//! symmetric ones. `-` marks a routine the vendor does not have: the complex symmetric band and
//! packed forms (`csbmv`, `cspmv`, `cspr2`: neither vendor; `cspr`: rocBLAS only, left out so
//! both backends agree).

#[cfg(feature = "cuda")]
mod cuda {
    use cublas_sys as sys;

    use crate::backend::cuda::{diag, fill, op, CudaApi};
    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_level2_methods, xcall, GpuLevel2};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Uplo};

    impl GpuLevel2 for CudaApi {
        vendor_level2_methods! {
            check: bl_check,
            main: bl,
            level2: sys::cublas_level2(),
            triangular: sys::cublas_triangular(),
            gemv: [cublasSgemv_v2, cublasDgemv_v2, cublasCgemv_v2, cublasZgemv_v2],
            geru: [cublasSger_v2, cublasDger_v2, cublasCgeru_v2, cublasZgeru_v2],
            gerc: [cublasSger_v2, cublasDger_v2, cublasCgerc_v2, cublasZgerc_v2],
            gbmv: [cublasSgbmv_v2, cublasDgbmv_v2, cublasCgbmv_v2, cublasZgbmv_v2],
            symv: [cublasSsymv_v2, cublasDsymv_v2, cublasCsymv_v2, cublasZsymv_v2],
            hemv: [cublasSsymv_v2, cublasDsymv_v2, cublasChemv_v2, cublasZhemv_v2],
            sbmv: [cublasSsbmv_v2, cublasDsbmv_v2, -, -],
            hbmv: [cublasSsbmv_v2, cublasDsbmv_v2, cublasChbmv_v2, cublasZhbmv_v2],
            spmv: [cublasSspmv_v2, cublasDspmv_v2, -, -],
            hpmv: [cublasSspmv_v2, cublasDspmv_v2, cublasChpmv_v2, cublasZhpmv_v2],
            trmv: [cublasStrmv_v2, cublasDtrmv_v2, cublasCtrmv_v2, cublasZtrmv_v2],
            trsv: [cublasStrsv_v2, cublasDtrsv_v2, cublasCtrsv_v2, cublasZtrsv_v2],
            tbmv: [cublasStbmv_v2, cublasDtbmv_v2, cublasCtbmv_v2, cublasZtbmv_v2],
            tbsv: [cublasStbsv_v2, cublasDtbsv_v2, cublasCtbsv_v2, cublasZtbsv_v2],
            tpmv: [cublasStpmv_v2, cublasDtpmv_v2, cublasCtpmv_v2, cublasZtpmv_v2],
            tpsv: [cublasStpsv_v2, cublasDtpsv_v2, cublasCtpsv_v2, cublasZtpsv_v2],
            syr: [cublasSsyr_v2, cublasDsyr_v2, cublasCsyr_v2, cublasZsyr_v2],
            her: [cublasSsyr_v2, cublasDsyr_v2, cublasCher_v2, cublasZher_v2],
            spr: [cublasSspr_v2, cublasDspr_v2, -, -],
            hpr: [cublasSspr_v2, cublasDspr_v2, cublasChpr_v2, cublasZhpr_v2],
            syr2: [cublasSsyr2_v2, cublasDsyr2_v2, cublasCsyr2_v2, cublasZsyr2_v2],
            her2: [cublasSsyr2_v2, cublasDsyr2_v2, cublasCher2_v2, cublasZher2_v2],
            spr2: [cublasSspr2_v2, cublasDspr2_v2, -, -],
            hpr2: [cublasSspr2_v2, cublasDspr2_v2, cublasChpr2_v2, cublasZhpr2_v2],
        }
    }
}

#[cfg(feature = "rocm")]
mod rocm {
    use rocblas_sys as sys;

    use crate::backend::gpu::ffi::{c, m, s};
    use crate::backend::gpu::{vendor_level2_methods, xcall, GpuLevel2};
    use crate::backend::rocm::{diag, fill, op, RocmApi};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;
    use crate::types::{Diag, Op, Uplo};

    impl GpuLevel2 for RocmApi {
        vendor_level2_methods! {
            check: rb_check,
            main: rb,
            level2: sys::rocblas_level2(),
            triangular: sys::rocblas_triangular(),
            gemv: [rocblas_sgemv, rocblas_dgemv, rocblas_cgemv, rocblas_zgemv],
            geru: [rocblas_sger, rocblas_dger, rocblas_cgeru, rocblas_zgeru],
            gerc: [rocblas_sger, rocblas_dger, rocblas_cgerc, rocblas_zgerc],
            gbmv: [rocblas_sgbmv, rocblas_dgbmv, rocblas_cgbmv, rocblas_zgbmv],
            symv: [rocblas_ssymv, rocblas_dsymv, rocblas_csymv, rocblas_zsymv],
            hemv: [rocblas_ssymv, rocblas_dsymv, rocblas_chemv, rocblas_zhemv],
            sbmv: [rocblas_ssbmv, rocblas_dsbmv, -, -],
            hbmv: [rocblas_ssbmv, rocblas_dsbmv, rocblas_chbmv, rocblas_zhbmv],
            spmv: [rocblas_sspmv, rocblas_dspmv, -, -],
            hpmv: [rocblas_sspmv, rocblas_dspmv, rocblas_chpmv, rocblas_zhpmv],
            trmv: [rocblas_strmv, rocblas_dtrmv, rocblas_ctrmv, rocblas_ztrmv],
            trsv: [rocblas_strsv, rocblas_dtrsv, rocblas_ctrsv, rocblas_ztrsv],
            tbmv: [rocblas_stbmv, rocblas_dtbmv, rocblas_ctbmv, rocblas_ztbmv],
            tbsv: [rocblas_stbsv, rocblas_dtbsv, rocblas_ctbsv, rocblas_ztbsv],
            tpmv: [rocblas_stpmv, rocblas_dtpmv, rocblas_ctpmv, rocblas_ztpmv],
            tpsv: [rocblas_stpsv, rocblas_dtpsv, rocblas_ctpsv, rocblas_ztpsv],
            syr: [rocblas_ssyr, rocblas_dsyr, rocblas_csyr, rocblas_zsyr],
            her: [rocblas_ssyr, rocblas_dsyr, rocblas_cher, rocblas_zher],
            spr: [rocblas_sspr, rocblas_dspr, -, -],
            hpr: [rocblas_sspr, rocblas_dspr, rocblas_chpr, rocblas_zhpr],
            syr2: [rocblas_ssyr2, rocblas_dsyr2, rocblas_csyr2, rocblas_zsyr2],
            her2: [rocblas_ssyr2, rocblas_dsyr2, rocblas_cher2, rocblas_zher2],
            spr2: [rocblas_sspr2, rocblas_dspr2, -, -],
            hpr2: [rocblas_sspr2, rocblas_dspr2, rocblas_chpr2, rocblas_zhpr2],
        }
    }
}
