//! [`Blas<T>`] for every [`Gpu`]: sizes as the vendors' 64-bit integers (the vendor layer calls
//! the 32-bit entry point whenever they fit), 16-byte-aligned host scalars, and one call through
//! the vendor's [`GpuApi`].
//!
//! `nrm2` is the vendor's where it scales (cuBLAS); rocBLAS sums unscaled squares, so a result
//! of its that may have over- or underflowed is recomputed on the host by Blue's algorithm
//! ([`host_path::nrm2_of_unscaled`]).
//!
//! Increments reach the vendors as they are, negative ones included: cuBLAS and rocBLAS take
//! reference BLAS's convention (the pointer is the lowest address of the span, a negative
//! increment walks from the end). [`Blas`]'s contract keeps zero *output* increments and
//! non-positive increments of one-vector routines away from them.

use super::{wide, wide_inc, Gpu, GpuApi, GpuApiX, GpuLevel3Ext, A16};
use crate::backend::level1x::host_path;
use crate::backend::{Blas, DevPtr};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

impl<T: Scalar, A: GpuApiX + GpuLevel3Ext> Blas<T> for Gpu<A> {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "axpy";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        // SAFETY: forwarded to the caller (the safe layer validated every extent).
        self.with_handle(|h| unsafe { self.ctx.api.axpy(h, n, &alpha.0, x, incx, y, incy) })
    }
    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: isize) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "scal";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.scal(h, n, &alpha.0, x, incx) })
    }
    unsafe fn copy(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        let r = "copy";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.copy::<T>(h, n, x, incx, y, incy) })
    }
    unsafe fn swap(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        let r = "swap";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.swap::<T>(h, n, x, incx, y, incy) })
    }
    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { self.dot_impl(false, n, x, incx, y, incy) }
    }
    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { self.dot_impl(true, n, x, incx, y, incy) }
    }
    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        let r = "nrm2";
        let (n64, incx64) = (wide(r, n)?, wide_inc(r, incx)?);
        let mut out = A16(num_traits::zero());
        // SAFETY: forwarded to the caller; the result goes to host memory (host pointer mode).
        self.with_handle(|h| unsafe { self.ctx.api.nrm2::<T>(h, n64, x, incx64, &mut out.0) })?;
        if A::NRM2_SCALED {
            return Ok(out.0);
        }
        // An unscaled vendor result that may have over- or underflowed is recomputed on the
        // host by Blue's algorithm.
        // SAFETY: forwarded to the caller.
        unsafe { host_path::nrm2_of_unscaled::<T, Self>(self, n, x, incx, out.0) }
    }
    unsafe fn asum(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        let r = "asum";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let mut out = A16(num_traits::zero());
        // SAFETY: as for `nrm2`.
        self.with_handle(|h| unsafe { self.ctx.api.asum::<T>(h, n, x, incx, &mut out.0) })?;
        Ok(out.0)
    }
    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        // SAFETY: forwarded to the caller.
        unsafe { self.index_impl::<T>(true, n, x, incx) }
    }
    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        // SAFETY: forwarded to the caller.
        unsafe { self.index_impl::<T>(false, n, x, incx) }
    }
    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemv";
        let (m, n, lda, incx, incy) = (
            wide(r, m)?,
            wide(r, n)?,
            wide(r, lda)?,
            wide_inc(r, incx)?,
            wide_inc(r, incy)?,
        );
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .gemv(h, trans, m, n, &alpha.0, a, lda, x, incx, &beta.0, y, incy)
        })
    }
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "ger";
        let (m, n, incx, incy, lda) = (
            wide(r, m)?,
            wide(r, n)?,
            wide_inc(r, incx)?,
            wide_inc(r, incy)?,
            wide(r, lda)?,
        );
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .ger(h, conj, m, n, &alpha.0, x, incx, y, incy, a, lda)
        })
    }
    unsafe fn gemm(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemm";
        let (m, n, k) = (wide(r, m)?, wide(r, n)?, wide(r, k)?);
        let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemm(
                h, ta, tb, m, n, k, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc,
            )
        })
    }
    unsafe fn trsm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "trsm";
        let (m, n, lda, ldb) = (wide(r, m)?, wide(r, n)?, wide(r, lda)?, wide(r, ldb)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .trsm(h, side, uplo, trans, diag, m, n, &alpha.0, a, lda, b, ldb)
        })
    }
    unsafe fn syrk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "syrk";
        let (n, k, lda, ldc) = (wide(r, n)?, wide(r, k)?, wide(r, lda)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .syrk(h, uplo, trans, n, k, &alpha.0, a, lda, &beta.0, c, ldc)
        })
    }
    unsafe fn herk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T::Real,
        a: DevPtr,
        lda: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "herk";
        let (n, k, lda, ldc) = (wide(r, n)?, wide(r, k)?, wide(r, lda)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .herk::<T>(h, uplo, trans, n, k, &alpha.0, a, lda, &beta.0, c, ldc)
        })
    }
    unsafe fn gemm_strided_batched(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemm_strided_batched";
        let (m, n, k, batch) = (wide(r, m)?, wide(r, n)?, wide(r, k)?, wide(r, batch)?);
        let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
        let (sa, sb, sc) = (wide(r, stride_a)?, wide(r, stride_b)?, wide(r, stride_c)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemm_strided_batched(
                h, ta, tb, m, n, k, &alpha.0, a, lda, sa, b, ldb, sb, &beta.0, c, ldc, sc, batch,
            )
        })
    }
}

impl<A: GpuApi> Gpu<A> {
    /// # Safety
    /// As for [`Blas::dotu`].
    unsafe fn dot_impl<T: Scalar>(
        &self,
        conj: bool,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<T> {
        let r = "dot";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let mut out = A16(T::zero());
        // SAFETY: forwarded to the caller; the result goes to host memory (host pointer mode).
        self.with_handle(|h| unsafe {
            self.ctx.api.dot(h, conj, n, x, incx, y, incy, &mut out.0)
        })?;
        Ok(out.0)
    }

    /// # Safety
    /// As for [`Blas::iamax`].
    unsafe fn index_impl<T: Scalar>(
        &self,
        max: bool,
        n: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<usize> {
        let r = if max { "iamax" } else { "iamin" };
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let mut out = A16(0i64);
        // SAFETY: as for `dot_impl`.
        self.with_handle(|h| unsafe { self.ctx.api.iamax::<T>(h, max, n, x, incx, &mut out.0) })?;
        vendor_index(r, out.0, n)
    }
}

/// An increment as the vendors' 32-bit int, for a routine whose vendor call has not adopted
/// `sdcz64!` (see `int`).
pub(super) fn inc(routine: &'static str, v: isize) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::Unsupported {
        routine,
        what: format!("an increment of {v} (over the vendor API's 32-bit limit)"),
    })
}

/// The 0-based index of a vendor's 1-based `i?amax`/`i?amin` result for `n > 0` elements; a
/// result outside `1..=n` is a vendor error, never an index used as is.
fn vendor_index(routine: &'static str, out: i64, n: i64) -> Result<usize> {
    match out.checked_sub(1).map(usize::try_from) {
        Some(Ok(i)) if out <= n => Ok(i),
        _ => Err(Error::Vendor {
            library: "BLAS",
            routine,
            code: out,
            message: format!("returned index {out}, outside 1..={n}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::vendor_index;
    use crate::error::Error;

    #[test]
    fn vendor_index_accepts_exactly_one_to_n() {
        assert_eq!(vendor_index("iamax", 1, 5).unwrap(), 0);
        assert_eq!(vendor_index("iamax", 5, 5).unwrap(), 4);
        assert_eq!(
            vendor_index("iamax", 3_000_000_000, 3_000_000_000).unwrap(),
            2_999_999_999
        );
        for bad in [0, 6, -1, i64::MIN, i64::MAX, i64::from(i32::MAX)] {
            match vendor_index("iamax", bad, 5) {
                Err(Error::Vendor { code, .. }) => assert_eq!(code, bad),
                other => panic!("index {bad} of 5 gave {other:?}"),
            }
        }
    }
}
