//! cuBLAS's level-3 additions and extensions ([`GpuLevel3Ext`] for [`CudaApi`]): symm/hemm,
//! syr2k/her2k, syrkx/herkx, out-of-place trmm, geam, dgmm and the batched routines, from the
//! `CublasLevel3` and `CublasExtensions` tables, each loaded on first use.

use cublas_sys as sys;

use super::{diag, fill, op, side, CudaApi};
use crate::backend::gpu::{ffi, vendor_level3x_methods, GpuLevel3Ext};
use crate::backend::DevPtr;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

use ffi::{c, m, s};

impl CudaApi {
    /// The level-3 table, or `Unsupported` naming cuBLAS if it did not load.
    fn level3(&self, routine: &'static str) -> Result<&'static sys::CublasLevel3> {
        sys::cublas_level3().map_err(|e| Error::Unsupported {
            routine,
            what: format!("a cuBLAS whose level-3 routines did not load ({e})"),
        })
    }

    /// The extensions table, or `Unsupported` naming cuBLAS if it did not load.
    fn extensions(&self, routine: &'static str) -> Result<&'static sys::CublasExtensions> {
        sys::cublas_extensions().map_err(|e| Error::Unsupported {
            routine,
            what: format!("a cuBLAS whose extensions did not load ({e})"),
        })
    }

    /// The error for an optional entry point the loaded cuBLAS lacks.
    fn missing(&self, routine: &'static str, symbol: &'static str) -> Error {
        Error::Unsupported {
            routine,
            what: format!("a cuBLAS without `{symbol}` (cuBLAS 11.6 and newer have it)"),
        }
    }
}

impl GpuLevel3Ext for CudaApi {
    vendor_level3x_methods!(bl_check, level3, extensions, {
        symm: [cublasSsymm_v2, cublasDsymm_v2, cublasCsymm_v2, cublasZsymm_v2],
        hemm: [cublasSsymm_v2, cublasDsymm_v2, cublasChemm_v2, cublasZhemm_v2],
        syr2k: [cublasSsyr2k_v2, cublasDsyr2k_v2, cublasCsyr2k_v2, cublasZsyr2k_v2],
        her2k: [cublasSsyr2k_v2, cublasDsyr2k_v2, cublasCher2k_v2, cublasZher2k_v2],
        syrkx: [cublasSsyrkx, cublasDsyrkx, cublasCsyrkx, cublasZsyrkx],
        herkx: [cublasSsyrkx, cublasDsyrkx, cublasCherkx, cublasZherkx],
        trmm: [cublasStrmm_v2, cublasDtrmm_v2, cublasCtrmm_v2, cublasZtrmm_v2],
        geam: [cublasSgeam, cublasDgeam, cublasCgeam, cublasZgeam],
        dgmm: [cublasSdgmm, cublasDdgmm, cublasCdgmm, cublasZdgmm],
        gemm_batched: [cublasSgemmBatched, cublasDgemmBatched, cublasCgemmBatched, cublasZgemmBatched],
        trsm_batched: [cublasStrsmBatched, cublasDtrsmBatched, cublasCtrsmBatched, cublasZtrsmBatched],
        gemv_strided_batched: [? cublasSgemvStridedBatched, cublasDgemvStridedBatched, cublasCgemvStridedBatched, cublasZgemvStridedBatched],
    });
}
