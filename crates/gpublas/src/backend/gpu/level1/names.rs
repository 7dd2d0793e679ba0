//! [`GpuLevel1`] for both vendors, from their routine names side by side: cuBLAS (`libcublas`
//! 11–13: the main table and `CublasLevel1`) and rocBLAS (`librocblas`: the main table and
//! `RocblasLevel1`). `-` marks a routine the vendor does not have: complex modified Givens
//! rotations (not in BLAS).

#[cfg(feature = "cuda")]
mod cuda {
    use cublas_sys as sys;

    use crate::backend::cuda::CudaApi;
    use crate::backend::gpu::ffi::{c, m, out, s};
    use crate::backend::gpu::{vendor_level1_methods, xcall, GpuLevel1};
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;

    impl GpuLevel1 for CudaApi {
        vendor_level1_methods! {
            check: bl_check,
            main: bl,
            level1: sys::cublas_level1(),
            // cublasDotEx takes no f32 vectors with an f64 result: dsdot runs on the host.
            dot_ex: [none],
            // cuBLAS 13.1's nrm2 flushes subnormal elements (16 × 1.4e-45 gives 0) and loses
            // accuracy on mixed tiny magnitudes (H200, 2026-12-04): its small results are
            // checked and recomputed on the host like rocBLAS's.
            nrm2_scaled: false,
            axpy: [cublasSaxpy_v2, cublasDaxpy_v2, cublasCaxpy_v2, cublasZaxpy_v2],
            scal: [cublasSscal_v2, cublasDscal_v2, cublasCscal_v2, cublasZscal_v2],
            copy: [cublasScopy_v2, cublasDcopy_v2, cublasCcopy_v2, cublasZcopy_v2],
            swap: [cublasSswap_v2, cublasDswap_v2, cublasCswap_v2, cublasZswap_v2],
            dotu: [cublasSdot_v2, cublasDdot_v2, cublasCdotu_v2, cublasZdotu_v2],
            dotc: [cublasSdot_v2, cublasDdot_v2, cublasCdotc_v2, cublasZdotc_v2],
            nrm2: [cublasSnrm2_v2, cublasDnrm2_v2, cublasScnrm2_v2, cublasDznrm2_v2],
            asum: [cublasSasum_v2, cublasDasum_v2, cublasScasum_v2, cublasDzasum_v2],
            iamax: [cublasIsamax_v2, cublasIdamax_v2, cublasIcamax_v2, cublasIzamax_v2],
            iamin: [cublasIsamin_v2, cublasIdamin_v2, cublasIcamin_v2, cublasIzamin_v2],
            rotg: [cublasSrotg_v2, cublasDrotg_v2, cublasCrotg_v2, cublasZrotg_v2],
            rotmg: [cublasSrotmg_v2, cublasDrotmg_v2, -, -],
            rot: [cublasSrot_v2, cublasDrot_v2, cublasCsrot_v2, cublasZdrot_v2],
            rot_complex: [cublasSrot_v2, cublasDrot_v2, cublasCrot_v2, cublasZrot_v2],
            rotm: [cublasSrotm_v2, cublasDrotm_v2, -, -],
            scal_real: [cublasSscal_v2, cublasDscal_v2, cublasCsscal_v2, cublasZdscal_v2],
        }
    }
}

#[cfg(feature = "rocm")]
mod rocm {
    use rocblas_sys as sys;

    use crate::backend::gpu::ffi::{c, m, out, s};
    use crate::backend::gpu::{vendor_level1_methods, xcall, GpuApi, GpuLevel1};
    use crate::backend::rocm::RocmApi;
    use crate::backend::DevPtr;
    use crate::error::Result;
    use crate::scalar::Scalar;

    impl GpuLevel1 for RocmApi {
        vendor_level1_methods! {
            check: rb_check,
            main: rb,
            level1: sys::rocblas_level1(),
            dot_ex: [rocblas_dot_ex(sys::rocblas_datatype_f32_r, sys::rocblas_datatype_f64_r, unsupported: sys::rocblas_status_not_implemented)],
            nrm2_scaled: false,
            axpy: [rocblas_saxpy, rocblas_daxpy, rocblas_caxpy, rocblas_zaxpy],
            scal: [rocblas_sscal, rocblas_dscal, rocblas_cscal, rocblas_zscal],
            copy: [rocblas_scopy, rocblas_dcopy, rocblas_ccopy, rocblas_zcopy],
            swap: [rocblas_sswap, rocblas_dswap, rocblas_cswap, rocblas_zswap],
            dotu: [rocblas_sdot, rocblas_ddot, rocblas_cdotu, rocblas_zdotu],
            dotc: [rocblas_sdot, rocblas_ddot, rocblas_cdotc, rocblas_zdotc],
            nrm2: [rocblas_snrm2, rocblas_dnrm2, rocblas_scnrm2, rocblas_dznrm2],
            asum: [rocblas_sasum, rocblas_dasum, rocblas_scasum, rocblas_dzasum],
            iamax: [rocblas_isamax, rocblas_idamax, rocblas_icamax, rocblas_izamax],
            iamin: [rocblas_isamin, rocblas_idamin, rocblas_icamin, rocblas_izamin],
            rotg: [rocblas_srotg, rocblas_drotg, rocblas_crotg, rocblas_zrotg],
            rotmg: [rocblas_srotmg, rocblas_drotmg, -, -],
            rot: [rocblas_srot, rocblas_drot, rocblas_csrot, rocblas_zdrot],
            rot_complex: [rocblas_srot, rocblas_drot, rocblas_crot, rocblas_zrot],
            rotm: [rocblas_srotm, rocblas_drotm, -, -],
            scal_real: [rocblas_sscal, rocblas_dscal, rocblas_csscal, rocblas_zdscal],
        }
    }
}
