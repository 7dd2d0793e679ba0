//! [`GpuLevel3`]: the vendor calls behind [`Level3`](crate::backend::Level3), written once
//! for both vendors by `vendor_level3_methods!` (`vendor.rs`) from their routine names
//! (`names.rs`).

use crate::backend::gpu::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// The vendor half of [`Level3`](crate::backend::Level3): one `unsafe` function per routine
/// family, s/d/c/z chosen by `T`. Host scalars (host pointer mode); dimensions and leading
/// dimensions as `i64` (the 32-bit entry point is called when they all fit in `i32`, its `_64`
/// twin otherwise: see `ilp64.rs`); pointers the safe layer validated. The routines of the
/// vendors' main tables (`gemm`, `trsm`, `syrk`, `herk`) and of their lazily loaded level-3
/// and extension tables (`symm` … `dgmm`): a table or entry point the loaded library lacks is
/// [`Error::Unsupported`](crate::Error::Unsupported) naming the library and the symbol, never
/// a wrong call.
///
/// # Safety (for every method)
/// As for [`GpuApi`]: `h` is a live handle; device pointers (and the addresses in device
/// pointer arrays) are valid for the extents the dimensions imply, as for the backend trait
/// the method serves; host references are valid for the call.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuLevel3: GpuApi {
    unsafe fn gemm<T: Scalar>(
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
    ) -> Result<()>;
    unsafe fn trsm<T: Scalar>(
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
    ) -> Result<()>;
    unsafe fn syrk<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        beta: &T,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
    /// `syrk` for real types.
    unsafe fn herk<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        trans: Op,
        n: i64,
        k: i64,
        alpha: &T::Real,
        a: DevPtr,
        lda: i64,
        beta: &T::Real,
        c: DevPtr,
        ldc: i64,
    ) -> Result<()>;
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
}
