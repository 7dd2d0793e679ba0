//! rocBLAS's level-3 additions and extensions ([`GpuLevel3Ext`] for [`RocmApi`]): symm/hemm,
//! syr2k/her2k, syrkx/herkx, trmm, geam, dgmm and the batched routines, from the
//! `RocblasLevel3` and `RocblasExtensions` tables, each loaded on first use.
//!
//! trmm needs rocBLAS 4.0 (ROCm 6.0) or newer: older libraries export an in-place trmm under
//! the same symbol, which `rocblas-sys` clears from its table rather than bind with the wrong
//! signature, so there it is `Unsupported`.

use rocblas_sys as sys;

use super::{diag, fill, op, side, RocmApi};
use crate::backend::gpu::{ffi, vendor_level3x_methods, GpuLevel3Ext};
use crate::backend::DevPtr;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

use ffi::{c, m, s};

impl RocmApi {
    /// The level-3 table, or `Unsupported` naming rocBLAS if it did not load.
    fn level3(&self, routine: &'static str) -> Result<&'static sys::RocblasLevel3> {
        sys::rocblas_level3().map_err(|e| Error::Unsupported {
            routine,
            what: format!("a rocBLAS whose level-3 routines did not load ({e})"),
        })
    }

    /// The extensions table, or `Unsupported` naming rocBLAS if it did not load.
    fn extensions(&self, routine: &'static str) -> Result<&'static sys::RocblasExtensions> {
        sys::rocblas_extensions().map_err(|e| Error::Unsupported {
            routine,
            what: format!("a rocBLAS whose extensions did not load ({e})"),
        })
    }

    /// The error for an optional entry point the loaded rocBLAS lacks (only trmm's are
    /// optional: cleared below rocBLAS 4.0).
    fn missing(&self, routine: &'static str, symbol: &'static str) -> Error {
        Error::Unsupported {
            routine,
            what: format!(
                "rocBLAS older than 4.0 (ROCm 6.0), whose `{symbol}` is the in-place form under \
                 the same name (gpublas binds the out-of-place one of rocBLAS 4)"
            ),
        }
    }
}

impl GpuLevel3Ext for RocmApi {
    vendor_level3x_methods!(rb_check, level3, extensions, {
        symm: [rocblas_ssymm, rocblas_dsymm, rocblas_csymm, rocblas_zsymm],
        hemm: [rocblas_ssymm, rocblas_dsymm, rocblas_chemm, rocblas_zhemm],
        syr2k: [rocblas_ssyr2k, rocblas_dsyr2k, rocblas_csyr2k, rocblas_zsyr2k],
        her2k: [rocblas_ssyr2k, rocblas_dsyr2k, rocblas_cher2k, rocblas_zher2k],
        syrkx: [rocblas_ssyrkx, rocblas_dsyrkx, rocblas_csyrkx, rocblas_zsyrkx],
        herkx: [rocblas_ssyrkx, rocblas_dsyrkx, rocblas_cherkx, rocblas_zherkx],
        trmm: [? rocblas_strmm, rocblas_dtrmm, rocblas_ctrmm, rocblas_ztrmm],
        geam: [rocblas_sgeam, rocblas_dgeam, rocblas_cgeam, rocblas_zgeam],
        dgmm: [rocblas_sdgmm, rocblas_ddgmm, rocblas_cdgmm, rocblas_zdgmm],
        gemm_batched: [rocblas_sgemm_batched, rocblas_dgemm_batched, rocblas_cgemm_batched, rocblas_zgemm_batched],
        trsm_batched: [rocblas_strsm_batched, rocblas_dtrsm_batched, rocblas_ctrsm_batched, rocblas_ztrsm_batched],
        gemv_strided_batched: [rocblas_sgemv_strided_batched, rocblas_dgemv_strided_batched, rocblas_cgemv_strided_batched, rocblas_zgemv_strided_batched],
    });
}
