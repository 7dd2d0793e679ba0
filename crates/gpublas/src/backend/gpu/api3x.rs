//! [`GpuLevel3Ext`]: what the shared GPU backend needs of a vendor's BLAS library for
//! [`BlasLevel3Ext`](crate::backend::BlasLevel3Ext) and
//! [`BlasExtensions`](crate::backend::BlasExtensions), beyond [`GpuApi`].

use super::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// The vendor calls behind the level-3 additions and the extensions: one `unsafe` function per
/// routine family, s/d/c/z chosen by `T`, generated for both vendors from their routine names
/// (`vendor_level3x_methods!`). Dimensions, leading dimensions, increments and batch counts
/// are `i64`s: the 32-bit entry point is called when they all fit in `i32`, its `_64` twin
/// otherwise (see `ilp64.rs`). These routines live in function tables of their own
/// (`cublas_level3()`, `rocblas_extensions()`, …), loaded on first use; a table or entry point
/// the loaded library lacks is [`Error::Unsupported`](crate::Error::Unsupported) naming the
/// library and the symbol, never a wrong call.
///
/// # Safety (for every method)
/// As for [`GpuApi`]'s BLAS methods: `h` is a live handle; device pointers (and the addresses in
/// device pointer arrays) are valid for the extents the dimensions imply, as for
/// [`BlasLevel3Ext`](crate::backend::BlasLevel3Ext) and
/// [`BlasExtensions`](crate::backend::BlasExtensions).
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuLevel3Ext: GpuApi {
    unsafe fn symm<T: Scalar>(
        &self,
        h: Self::Handle,
        side: Side,
        uplo: Uplo,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        beta: &T,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    /// `symm` for real types.
    unsafe fn hemm<T: Scalar>(
        &self,
        h: Self::Handle,
        side: Side,
        uplo: Uplo,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        beta: &T,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    unsafe fn syr2k<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
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
    ) -> Result<()>;
    /// `syr2k` for real types.
    unsafe fn her2k<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        beta: &T::Real,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    unsafe fn syrkx<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
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
    ) -> Result<()>;
    /// `syrkx` for real types.
    unsafe fn herkx<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        b: DevPtr,
        ldb: i64,
        beta: &T::Real,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    /// Out of place (`c` may be `b` with `ldc == ldb`).
    unsafe fn trmm<T: Scalar>(
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
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    unsafe fn geam<T: Scalar>(
        &self,
        h: Self::Handle,
        ta: Op,
        tb: Op,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        beta: &T,
        b: DevPtr,
        ldb: i64,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    unsafe fn dgmm<T: Scalar>(
        &self,
        h: Self::Handle,
        side: Side,
        m: i64,
        n: i64,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        c: DevPtr,
        ldc: i64,
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
