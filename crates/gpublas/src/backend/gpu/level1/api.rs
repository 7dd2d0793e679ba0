//! [`GpuLevel1`]: the vendor calls behind [`Level1`](crate::backend::Level1), written once
//! for both vendors by `vendor_level1_methods!` (`vendor.rs`) from their routine names
//! (`names.rs`).

use crate::backend::gpu::GpuApi;
use crate::backend::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;

/// The vendor half of [`Level1`](crate::backend::Level1): one `unsafe` function per routine
/// family, s/d/c/z chosen by `T`. Host scalars (host pointer mode); dimensions and increments
/// as `i64` (the 32-bit entry point is called when they all fit in `i32`, the `_64` one
/// otherwise; `dsdot` alone takes `i32`s); pointers the safe layer validated. The routines of
/// the vendors' main tables (`axpy` … `iamax`) and of their lazily loaded level-1 tables
/// (`rotg` … `scal_real`): a table or entry point the loaded library lacks is
/// [`Error::Unsupported`](crate::Error::Unsupported), never a wrong call.
///
/// # Safety (for every method)
/// As for [`GpuApi`]: `h` is a live handle; device pointers (and the addresses in device
/// pointer arrays) are valid for the extents the dimensions imply, as for the backend trait
/// the method serves; host references are valid for the call.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuLevel1: GpuApi {
    unsafe fn axpy<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn scal<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn copy<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn swap<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn dot<T: Scalar>(
        &self,
        h: Self::Handle,
        conj: bool,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        out: &mut T,
    ) -> Result<()>;
    unsafe fn nrm2<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        out: &mut T::Real,
    ) -> Result<()>;
    unsafe fn asum<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        out: &mut T::Real,
    ) -> Result<()>;
    /// 1-based, as the vendors return it (widened to `i64` from the 32-bit call).
    unsafe fn iamax<T: Scalar>(
        &self,
        h: Self::Handle,
        max: bool,
        n: i64,
        x: DevPtr,
        incx: i64,
        out: &mut i64,
    ) -> Result<()>;
    unsafe fn rotg<T: Scalar>(
        &self,
        h: Self::Handle,
        a: &mut T,
        b: &mut T,
        c: &mut T::Real,
        s: &mut T,
    ) -> Result<()>;
    unsafe fn rotmg<T: Scalar>(
        &self,
        h: Self::Handle,
        d1: &mut T,
        d2: &mut T,
        x1: &mut T,
        y1: &T,
        param: &mut [T; 5],
    ) -> Result<()>;
    unsafe fn rot<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        c: &T::Real,
        s: &T::Real,
    ) -> Result<()>;
    unsafe fn rot_complex<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        c: &T::Real,
        s: &T,
    ) -> Result<()>;
    unsafe fn rotm<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        param: &[T; 5],
    ) -> Result<()>;
    /// Whether the vendor's `nrm2` can be trusted over the whole range: neither overflows nor
    /// underflows where the norm does not. Neither vendor's can: rocBLAS's sums unscaled
    /// squares (`rocblas_fetch_nrm2`), and cuBLAS's scales against overflow but flushes
    /// subnormal elements (seen on an H200 with cuBLAS 13.1). So a result that may be wrong
    /// (infinite, or small enough that lost squares could matter) is recomputed on the host,
    /// by the host backend's scaled algorithm, from a copy of the vector; other results cost
    /// nothing extra.
    const NRM2_SCALED: bool;
    /// `f32` vectors, an `f64` result and compute type through the vendor's mixed-precision
    /// dot; `Ok(None)` where the library does not offer that combination (cuBLAS's `DotEx`
    /// never does; rocBLAS's `dot_ex` does in recent versions).
    unsafe fn dsdot(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
    ) -> Result<Option<f64>>;
    unsafe fn scal_real<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
}
