//! [`BlasLevel1Ext`] and [`BlasLevel2Ext`] for every [`Gpu`]: sizes as the vendors' 64-bit
//! integers (the vendor layer calls the 32-bit entry point whenever they fit), 16-byte-aligned
//! host scalars, and one call through the vendor's [`GpuApiX`].
//!
//! `dsdot` runs the vendor's mixed-precision dot where it takes f32 vectors with an f64 result
//! (rocBLAS's `dot_ex` in recent versions, sizes within its 32-bit interface); otherwise (always
//! on cuBLAS, whose `DotEx` has no such form) the vectors are copied to the host and accumulated
//! there in f64, as reference BLAS's `dsdot.f` ([`host_path::dsdot_on_host`]).
//!
//! `rotg` and `rotmg` call the vendor's routine with host scalars (host pointer mode): both
//! vendors then compute on the host after waiting for the stream, so the results are the
//! vendor's own arithmetic.

use super::blas::inc;
use super::{int, wide, wide_inc, Gpu, GpuApiX, GpuLevel3Ext, A16};
use crate::backend::level1x::host_path;
use crate::backend::{BlasLevel1Ext, BlasLevel2Ext, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};

impl<T: Scalar, A: GpuApiX + GpuLevel3Ext> BlasLevel1Ext<T> for Gpu<A> {
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
            return Err(super::api_x::missing::<T>(r, A::KIND));
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
    unsafe fn scal_real(&self, n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()> {
        let r = "scal_real";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.scal_real::<T>(h, n, &alpha.0, x, incx) })
    }
}

impl<T: Scalar, A: GpuApiX> BlasLevel2Ext<T> for Gpu<A> {
    unsafe fn gbmv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        kl: usize,
        ku: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let r = "gbmv";
        let (m, n, kl, ku, lda) = (
            wide(r, m)?,
            wide(r, n)?,
            wide(r, kl)?,
            wide(r, ku)?,
            wide(r, lda)?,
        );
        let (incx, incy) = (wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (alpha, beta) = (A16(alpha), A16(beta));
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gbmv(
                h, trans, m, n, kl, ku, &alpha.0, a, lda, x, incx, &beta.0, y, incy,
            )
        })
    }
    unsafe fn symv(
        &self,
        herm: bool,
        uplo: Uplo,
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
        let r = if herm { "hemv" } else { "symv" };
        let (n, lda, incx, incy) = (
            wide(r, n)?,
            wide(r, lda)?,
            wide_inc(r, incx)?,
            wide_inc(r, incy)?,
        );
        let (alpha, beta) = (A16(alpha), A16(beta));
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.symv(
                h, herm, uplo, n, &alpha.0, a, lda, x, incx, &beta.0, y, incy,
            )
        })
    }
    unsafe fn sbmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let r = if herm { "hbmv" } else { "sbmv" };
        let (n, k, lda) = (wide(r, n)?, wide(r, k)?, wide(r, lda)?);
        let (incx, incy) = (wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (alpha, beta) = (A16(alpha), A16(beta));
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.sbmv(
                h, herm, uplo, n, k, &alpha.0, a, lda, x, incx, &beta.0, y, incy,
            )
        })
    }
    unsafe fn spmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        let r = if herm { "hpmv" } else { "spmv" };
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (alpha, beta) = (A16(alpha), A16(beta));
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .spmv(h, herm, uplo, n, &alpha.0, ap, x, incx, &beta.0, y, incy)
        })
    }
    unsafe fn trmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.tr::<T>(false, uplo, trans, diag, n, None, (a, Some(lda)), x, incx) }
    }
    unsafe fn trsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.tr::<T>(true, uplo, trans, diag, n, None, (a, Some(lda)), x, incx) }
    }
    unsafe fn tbmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            self.tr::<T>(
                false,
                uplo,
                trans,
                diag,
                n,
                Some(k),
                (a, Some(lda)),
                x,
                incx,
            )
        }
    }
    unsafe fn tbsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.tr::<T>(true, uplo, trans, diag, n, Some(k), (a, Some(lda)), x, incx) }
    }
    unsafe fn tpmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.tr::<T>(false, uplo, trans, diag, n, None, (ap, None), x, incx) }
    }
    unsafe fn tpsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { self.tr::<T>(true, uplo, trans, diag, n, None, (ap, None), x, incx) }
    }
    unsafe fn syr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let r = "syr";
        let (n, incx, lda) = (wide(r, n)?, wide_inc(r, incx)?, wide(r, lda)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.syr(h, uplo, n, &alpha.0, x, incx, a, lda) })
    }
    unsafe fn her(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let r = "her";
        let (n, incx, lda) = (wide(r, n)?, wide_inc(r, incx)?, wide(r, lda)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.her::<T>(h, uplo, n, &alpha.0, x, incx, a, lda)
        })
    }
    unsafe fn spr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let r = "spr";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.spr(h, uplo, n, &alpha.0, x, incx, ap) })
    }
    unsafe fn hpr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let r = "hpr";
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.hpr::<T>(h, uplo, n, &alpha.0, x, incx, ap) })
    }
    unsafe fn syr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        let r = if herm { "her2" } else { "syr2" };
        let (n, incx, incy, lda) = (
            wide(r, n)?,
            wide_inc(r, incx)?,
            wide_inc(r, incy)?,
            wide(r, lda)?,
        );
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .syr2(h, herm, uplo, n, &alpha.0, x, incx, y, incy, a, lda)
        })
    }
    unsafe fn spr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        ap: DevPtr,
    ) -> Result<()> {
        let r = if herm { "hpr2" } else { "spr2" };
        let (n, incx, incy) = (wide(r, n)?, wide_inc(r, incx)?, wide_inc(r, incy)?);
        let alpha = A16(alpha);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .spr2(h, herm, uplo, n, &alpha.0, x, incx, y, incy, ap)
        })
    }
}

impl<A: GpuApiX> Gpu<A> {
    /// The six triangular routines: `solve` picks `tr*sv`; `k` is `Some` for band storage; `lda`
    /// is `None` for packed storage.
    ///
    /// # Safety
    /// As for [`BlasLevel2Ext::trmv`] and its band and packed forms.
    #[allow(clippy::too_many_arguments)]
    unsafe fn tr<T: Scalar>(
        &self,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: Option<usize>,
        (a, lda): (DevPtr, Option<usize>),
        x: DevPtr,
        incx: isize,
    ) -> Result<()> {
        let r = match (solve, k, lda) {
            (false, None, Some(_)) => "trmv",
            (true, None, Some(_)) => "trsv",
            (false, Some(_), _) => "tbmv",
            (true, Some(_), _) => "tbsv",
            (false, None, None) => "tpmv",
            (true, None, None) => "tpsv",
        };
        let (n, incx) = (wide(r, n)?, wide_inc(r, incx)?);
        let lda = lda.map(|v| wide(r, v)).transpose()?;
        let k = k.map(|v| wide(r, v)).transpose()?;
        let api = self.ctx.api;
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            match (k, lda) {
                (Some(k), Some(lda)) => {
                    api.tbmv::<T>(h, solve, uplo, trans, diag, n, k, a, lda, x, incx)
                }
                (None, Some(lda)) => api.trmv::<T>(h, solve, uplo, trans, diag, n, a, lda, x, incx),
                _ => api.tpmv::<T>(h, solve, uplo, trans, diag, n, a, x, incx),
            }
        })
    }
}
