//! [`Level1<T>`] for every [`Gpu`]: sizes as the vendors' 64-bit integers (the vendor layer calls
//! the 32-bit entry point whenever they fit), 16-byte-aligned host scalars, and one call through
//! the vendor's library.
//!
//! `nrm2` is the vendor's where it scales (cuBLAS); rocBLAS sums unscaled squares, so a result
//! of its that may have over- or underflowed is recomputed on the host by Blue's algorithm
//! ([`host_path::nrm2_of_unscaled`]).
//!
//! `dsdot` runs the vendor's mixed-precision dot where it takes f32 vectors with an f64 result
//! (rocBLAS's `dot_ex` in recent versions, sizes within its 32-bit interface); otherwise (always
//! on cuBLAS, whose `DotEx` has no such form) the vectors are copied to the host and accumulated
//! there in f64, as reference BLAS's `dsdot.f` ([`host_path::dsdot_on_host`]).
//!
//! `rotg` and `rotmg` call the vendor's routine with host scalars (host pointer mode): both
//! vendors then compute on the host after waiting for the stream, so the results are the
//! vendor's own arithmetic.
//!
//! Increments reach the vendors as they are, negative ones included: cuBLAS and rocBLAS take
//! reference BLAS's convention (the pointer is the lowest address of the span, a negative
//! increment walks from the end). [`Level1`]'s contract keeps zero *output* increments and
//! non-positive increments of one-vector routines away from them.
//!
//! The vendor side is split the same way for every level: `api.rs` declares what a vendor
//! provides ([`GpuLevel1`]), `vendor.rs` writes it once for both vendors from their routine
//! names, and `names.rs` holds cuBLAS's and rocBLAS's names side by side.

mod api;
mod names;
mod vendor;

pub use api::GpuLevel1;
pub(crate) use vendor::{vendor_dsdot, vendor_level1_methods};

use super::{int, wide, wide_inc, Gpu, A16};
use crate::backend::{host_path, DevPtr, Level1};
use crate::error::{Error, Result};
use crate::scalar::Scalar;

impl<T: Scalar, A: GpuLevel1> Level1<T> for Gpu<A> {
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
    unsafe fn scal_real(&self, n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()> {
        let r = "scal_real";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.scal_real::<T>(h, n, &alpha.0, x, incx) })
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
    unsafe fn dsdot(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<f64> {
        let r = "dsdot";
        if T::KIND != crate::scalar::ScalarKind::F32 {
            return Err(super::vendor::missing::<T>(r, A::KIND));
        }
        // The vendor's mixed-precision dot where it has an f32-input, f64-result form and the
        // sizes fit its 32-bit interface; otherwise the vectors come to the host.
        if let (Ok(n32), Ok(incx32), Ok(incy32)) = (int(r, n), inc(r, incx), inc(r, incy)) {
            // SAFETY: forwarded to the caller; the result goes to host memory.
            let vendor =
                self.with_handle(|h| unsafe { self.ctx.api.dsdot(h, n32, x, incx32, y, incy32) })?;
            if let Some(v) = vendor {
                return Ok(v);
            }
        }
        // SAFETY: forwarded to the caller (`T` is f32).
        unsafe { host_path::dsdot_on_host(self, n, x, incx, y, incy) }
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
    unsafe fn rotg(&self, a: T, b: T) -> Result<(T, T::Real, T, T)> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (mut a, mut b, mut s) = (A16(a), A16(b), A16(T::zero()));
        let mut c = A16(num_traits::zero());
        // SAFETY: host scalars, valid for the call (host pointer mode).
        self.with_handle(|h| unsafe {
            self.ctx.api.rotg(h, &mut a.0, &mut b.0, &mut c.0, &mut s.0)
        })?;
        Ok((a.0, c.0, s.0, b.0))
    }
    unsafe fn rotmg(&self, d1: T, d2: T, x1: T, y1: T) -> Result<(T, T, T, [T; 5])> {
        let (mut d1, mut d2, mut x1, y1) = (A16(d1), A16(d2), A16(x1), A16(y1));
        let mut param = A16([T::zero(); 5]);
        // SAFETY: as for `rotg`.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .rotmg(h, &mut d1.0, &mut d2.0, &mut x1.0, &y1.0, &mut param.0)
        })?;
        Ok((d1.0, d2.0, x1.0, param.0))
    }
    unsafe fn rot(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T::Real,
    ) -> Result<()> {
        let r = "rot";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (c, s) = (A16(c), A16(s));
        // SAFETY: forwarded to the caller (the safe layer validated every extent).
        self.with_handle(|h| unsafe { self.ctx.api.rot::<T>(h, n, x, incx, y, incy, &c.0, &s.0) })
    }
    unsafe fn rot_complex(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T,
    ) -> Result<()> {
        let r = "rot_complex";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (c, s) = (A16(c), A16(s));
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .rot_complex::<T>(h, n, x, incx, y, incy, &c.0, &s.0)
        })
    }
    unsafe fn rotm(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        param: [T; 5],
    ) -> Result<()> {
        let r = "rotm";
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let param = A16(param);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.rotm::<T>(h, n, x, incx, y, incy, &param.0) })
    }
}
impl<A: GpuLevel1> Gpu<A> {
    /// # Safety
    /// As for [`Level1::dotu`].
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
    /// As for [`Level1::iamax`].
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
fn inc(routine: &'static str, v: isize) -> Result<i32> {
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
