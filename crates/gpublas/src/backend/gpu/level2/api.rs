//! [`GpuLevel2`]: the vendor calls behind [`Level2`](crate::backend::Level2), written once
//! for both vendors by `vendor_level2_methods!` (`vendor.rs`) from their routine names
//! (`names.rs`).

use crate::backend::gpu::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};

/// The vendor half of [`Level2`](crate::backend::Level2): one `unsafe` function per routine
/// family, s/d/c/z chosen by `T`. Host scalars (host pointer mode); dimensions, leading
/// dimensions and increments as `i64` (the 32-bit entry point is called when they all fit in
/// `i32`, the `_64` one otherwise); pointers the safe layer validated. `solve` picks `tr*sv`
/// over `tr*mv`; `herm` the Hermitian routine.
///
/// # Safety (for every method)
/// As for [`GpuApi`]: `h` is a live handle; device pointers (and the addresses in device
/// pointer arrays) are valid for the extents the dimensions imply, as for the backend trait
/// the method serves; host references are valid for the call.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuLevel2: GpuApi {
    unsafe fn gemv<T: Scalar>(
        &self,
        h: Self::Handle,
        trans: Op,
        m: i64,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn ger<T: Scalar>(
        &self,
        h: Self::Handle,
        conj: bool,
        m: i64,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn gbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        trans: Op,
        m: i64,
        n: i64,
        kl: i64,
        ku: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn symv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn sbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn spmv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        ap: DevPtr,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn trmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn tbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        k: i64,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn tpmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        ap: DevPtr,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn syr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn her<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn spr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        ap: DevPtr,
    ) -> Result<()>;
    unsafe fn hpr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
        ap: DevPtr,
    ) -> Result<()>;
    unsafe fn syr2<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn spr2<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        ap: DevPtr,
    ) -> Result<()>;
}
