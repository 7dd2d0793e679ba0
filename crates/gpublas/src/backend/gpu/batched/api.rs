//! [`GpuBatched`]: the vendor calls behind [`Batched`](crate::backend::Batched), written once
//! for both vendors by `vendor_batched_methods!` (`vendor.rs`) from their routine names
//! (`names.rs`).

use crate::backend::gpu::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// The vendor half of [`Batched`](crate::backend::Batched): one `unsafe` function per routine
/// family, s/d/c/z chosen by `T`. Host scalars (host pointer mode); dimensions, leading
/// dimensions, strides and batch counts as `i64` (the 32-bit entry point is called when they
/// fit, its `_64` twin otherwise); pointers the safe layer validated. A table or entry point the
/// loaded library lacks is [`Error::Unsupported`](crate::Error::Unsupported), never a wrong
/// call.
///
/// # Safety (for every method)
/// As for [`GpuApi`]: `h` is a live handle; device pointers (and the addresses in device
/// pointer arrays) are valid for the extents the dimensions imply, as for the backend trait
/// the method serves; host references are valid for the call.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuBatched: GpuApi {
    unsafe fn gemm_strided_batched<T: Scalar>(
        &self,
        h: Self::Handle,
        ta: Op,
        tb: Op,
        m: i64,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        sa: i64,
        b: DevPtr,
        ldb: i64,
        sb: i64,
        beta: &T,
        c: DevPtr,
        ldc: i64,
        sc: i64,
        batch: i64,
    ) -> Result<()>;
    /// `a`, `b`, `c` are device arrays of `batch` device addresses.
    unsafe fn gemm_batched<T: Scalar>(
        &self,
        h: Self::Handle,
        ta: Op,
        tb: Op,
        m: i64,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        beta: &T,
        c: DevPtr,
        ldc: i64,
        batch: i64,
    ) -> Result<()>;
    /// `a`, `b` are device arrays of `batch` device addresses.
    unsafe fn trsm_batched<T: Scalar>(
        &self,
        h: Self::Handle,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        batch: i64,
    ) -> Result<()>;
    unsafe fn gemv_strided_batched<T: Scalar>(
        &self,
        h: Self::Handle,
        trans: Op,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        sa: i64,
        x: DevPtr,
        incx: i64,
        sx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
        sy: i64,
        batch: i64,
    ) -> Result<()>;
}
