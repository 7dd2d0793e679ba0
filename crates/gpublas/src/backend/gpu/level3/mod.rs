//! [`Level3<T>`] for every [`Gpu`]: sizes as the vendors' 64-bit integers (the 32-bit entry
//! points are used when they fit), 16-byte-aligned host scalars, and one call through the vendor's
//! library.
//!
//! `trmm` and `her2k` run through the guard of libraries that multiply structural zeros
//! ([`structural_zeros`]): on the host when an operand holds a non-finite value and the library
//! would let it reach elements the reference keeps finite.
//!
//! The vendor side: [`GpuLevel3`] (`api.rs`), written once for both vendors (`vendor.rs`) from
//! their routine names side by side (`names.rs`).

mod api;
mod names;
mod vendor;

pub use api::GpuLevel3;
pub(crate) use vendor::vendor_level3_methods;

use super::{wide, wide_inc, Gpu, GpuLevel1, A16};
use crate::backend::host_path::structural_zeros;
use crate::backend::{DevPtr, Level3};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Generates a `symm`-shaped method (`side, uplo, m, n, α, A, B, β, C`).
macro_rules! gpu_symm {
    ($name:ident, $r:literal) => {
        unsafe fn $name(
            &self,
            side: Side,
            uplo: Uplo,
            m: usize,
            n: usize,
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
            let (m, n) = (wide($r, m)?, wide($r, n)?);
            let (lda, ldb, ldc) = (wide($r, lda)?, wide($r, ldb)?, wide($r, ldc)?);
            // SAFETY: forwarded to the caller (the safe layer validated every extent).
            self.with_handle(|h| unsafe {
                self.ctx.api.$name(
                    h, side, uplo, m, n, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc,
                )
            })
        }
    };
}

/// Generates a rank-2k-shaped method (`uplo, trans, n, k, α, A, B, β, C`) with `β` of type
/// `$beta`.
macro_rules! gpu_rank_2k {
    ($name:ident, $r:literal, $beta:ty) => {
        unsafe fn $name(
            &self,
            uplo: Uplo,
            trans: Op,
            n: usize,
            k: usize,
            alpha: T,
            a: DevPtr,
            lda: usize,
            b: DevPtr,
            ldb: usize,
            beta: $beta,
            c: DevPtr,
            ldc: usize,
        ) -> Result<()> {
            // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
            let (alpha, beta) = (A16(alpha), A16(beta));
            let (n, k) = (wide($r, n)?, wide($r, k)?);
            let (lda, ldb, ldc) = (wide($r, lda)?, wide($r, ldb)?, wide($r, ldc)?);
            // SAFETY: forwarded to the caller (the safe layer validated every extent).
            self.with_handle(|h| unsafe {
                self.ctx.api.$name::<T>(
                    h, uplo, trans, n, k, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc,
                )
            })
        }
    };
}

impl<T: Scalar, A: GpuLevel1 + GpuLevel3> Level3<T> for Gpu<A> {
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
    gpu_symm!(symm, "symm");
    gpu_symm!(hemm, "hemm");
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
    gpu_rank_2k!(syr2k, "syr2k", T);
    unsafe fn her2k(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let library = || {
            // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
            let (alpha, beta) = (A16(alpha), A16(beta));
            let r = "her2k";
            let (nw, kw) = (wide(r, n)?, wide(r, k)?);
            let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
            // SAFETY: forwarded to the caller (the safe layer validated every extent).
            self.with_handle(|h| unsafe {
                self.ctx.api.her2k::<T>(
                    h, uplo, trans, nw, kw, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc,
                )
            })
        };
        // SAFETY: forwarded to the caller; `library` makes this call.
        unsafe {
            structural_zeros::her2k::<T, _>(
                self,
                (uplo, trans),
                (n, k),
                alpha,
                (a, lda),
                (b, ldb),
                beta,
                (c, ldc),
                library,
            )
        }
    }
    gpu_rank_2k!(syrkx, "syrkx", T);
    gpu_rank_2k!(herkx, "herkx", T::Real);
    unsafe fn trmm(
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
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let library = || {
            // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
            let alpha = A16(alpha);
            let r = "trmm";
            let (m, n) = (wide(r, m)?, wide(r, n)?);
            let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
            // SAFETY: forwarded to the caller.
            self.with_handle(|h| unsafe {
                self.ctx.api.trmm(
                    h, side, uplo, trans, diag, m, n, &alpha.0, a, lda, b, ldb, c, ldc,
                )
            })
        };
        // SAFETY: forwarded to the caller; `library` makes this call.
        unsafe {
            structural_zeros::trmm::<T, _>(
                self,
                (side, uplo, trans, diag),
                (m, n),
                alpha,
                (a, lda),
                (b, ldb),
                (c, ldc),
                library,
            )
        }
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
    unsafe fn geam(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        b: DevPtr,
        ldb: usize,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "geam";
        let (m, n) = (wide(r, m)?, wide(r, n)?);
        let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .geam(h, ta, tb, m, n, &alpha.0, a, lda, &beta.0, b, ldb, c, ldc)
        })
    }
    unsafe fn dgmm(
        &self,
        side: Side,
        m: usize,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let r = "dgmm";
        let (m, n, incx) = (wide(r, m)?, wide(r, n)?, wide_inc(r, incx)?);
        let (lda, ldc) = (wide(r, lda)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx
                .api
                .dgmm::<T>(h, side, m, n, a, lda, x, incx, c, ldc)
        })
    }
}
