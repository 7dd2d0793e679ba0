//! [`Level2<T>`] for every [`Gpu`]: sizes as the vendors' 64-bit integers (the vendor layer calls
//! the 32-bit entry point whenever they fit), 16-byte-aligned host scalars, and one call through
//! the vendor's library.
//!
//! `trmv`, `tbmv` and `tpmv` run through the guard of libraries that multiply structural zeros
//! ([`structural_zeros`]): on the host when `x` holds a non-finite value and the library would
//! let it reach elements the reference keeps finite.
//!
//! The vendor side: [`GpuLevel2`] (`api.rs`), written once for both vendors (`vendor.rs`) from
//! their routine names side by side (`names.rs`).

mod api;
mod names;
mod vendor;

pub use api::GpuLevel2;
pub(crate) use vendor::vendor_level2_methods;

use super::{wide, wide_inc, Gpu, GpuLevel1, GpuLevel3, A16};
use crate::backend::host_path::structural_zeros::{self, TriangularStorage};
use crate::backend::{Backend, DevPtr, Level2};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};

impl<T: Scalar, A: GpuLevel1 + GpuLevel2 + GpuLevel3> Level2<T> for Gpu<A> {
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
        let storage = TriangularStorage::Full { lda };
        // SAFETY: forwarded to the caller.
        unsafe {
            structural_zeros::triangular_mv::<T, _>(
                self,
                storage,
                (uplo, trans, diag),
                n,
                a,
                x,
                incx,
                || self.tr::<T>(false, uplo, trans, diag, n, None, (a, Some(lda)), x, incx),
            )
        }
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
        let storage = TriangularStorage::Band { k, lda };
        // SAFETY: forwarded to the caller.
        unsafe {
            structural_zeros::triangular_mv::<T, _>(
                self,
                storage,
                (uplo, trans, diag),
                n,
                a,
                x,
                incx,
                || {
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
                },
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
        unsafe {
            structural_zeros::triangular_mv::<T, _>(
                self,
                TriangularStorage::Packed,
                (uplo, trans, diag),
                n,
                ap,
                x,
                incx,
                || self.tr::<T>(false, uplo, trans, diag, n, None, (ap, None), x, incx),
            )
        }
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
        if n == 0 || alpha.is_zero() {
            return Ok(());
        }
        // Not the vendor's `syr`: cuBLAS's `dsyr` forms xᵢxⱼ before scaling by α, so it
        // overflows (or underflows) where the reference's `xᵢ(αxⱼ)` does not — LAPACK's
        // `dsytf2` calls it with α = −1/d on matrices scaled near the overflow threshold, and
        // all 284 failures of `xlintstd` on the GPU came from there. The same update in the
        // reference's order: t = αx into scratch, then `syrkx` computes xᵢtⱼ on the triangle
        // (k = 1, both scalars 1, so no other rounding enters).
        let elem = core::mem::size_of::<T>();
        let bytes = n.checked_mul(2 * elem).ok_or_else(|| {
            crate::Error::arg(r, "n", format!("{n} is too large for the scratch"))
        })?;
        let (nw, incx_w, lda_w) = (wide(r, n)?, wide_inc(r, incx)?, wide(r, lda)?);
        // SAFETY: `bytes > 0`; freed below, ordered on the stream after the calls that use it.
        let scratch = unsafe { Backend::alloc(self, bytes)? };
        let (xs, t) = (scratch, scratch.offset::<T>(n));
        let (alpha, one) = (A16(alpha), A16(T::one()));
        // SAFETY: `x` holds `n` elements at `incx` and `a` an order-`n` matrix (the caller's
        // contract); `xs` and `t` are `n` contiguous elements each of the fresh scratch.
        let res = self.with_handle(|h| unsafe {
            let api = &self.ctx.api;
            api.copy::<T>(h, nw, x, incx_w, xs, 1)?;
            api.copy::<T>(h, nw, x, incx_w, t, 1)?;
            api.scal::<T>(h, nw, &alpha.0, t, 1)?;
            api.syrkx::<T>(
                h,
                uplo,
                Op::N,
                nw,
                1,
                &one.0,
                xs,
                nw,
                t,
                nw,
                &one.0,
                a,
                lda_w,
            )
        });
        // SAFETY: allocated above; the free is ordered on the stream after the calls.
        unsafe { Backend::free(self, scratch, bytes) };
        res
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
impl<A: GpuLevel1 + GpuLevel2> Gpu<A> {
    /// The six triangular routines: `solve` picks `tr*sv`; `k` is `Some` for band storage; `lda`
    /// is `None` for packed storage.
    ///
    /// # Safety
    /// As for [`Level2::trmv`] and its band and packed forms.
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
