//! [`Batched<T>`] for every [`Gpu`]: sizes and strides as the vendors' 64-bit integers (the
//! 32-bit entry points are used when they fit), 16-byte-aligned host scalars, and one call through
//! the vendor's library.
//!
//! The vendor side: [`GpuBatched`] (`api.rs`), written once for both vendors (`vendor.rs`) from
//! their routine names side by side (`names.rs`).

mod api;
mod names;
mod vendor;

pub use api::GpuBatched;
pub(crate) use vendor::vendor_batched_methods;

use super::{wide, wide_inc, Gpu, A16};
use crate::backend::{Batched, DevPtr};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// A batch stride as the vendors' 64-bit stride.
fn stride(routine: &'static str, v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::Unsupported {
        routine,
        what: format!("a batch stride of {v}"),
    })
}

impl<T: Scalar, A: GpuBatched> Batched<T> for Gpu<A> {
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
    unsafe fn gemm_batched(
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
        batch: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemm_batched";
        let (m, n, k, batch) = (wide(r, m)?, wide(r, n)?, wide(r, k)?, wide(r, batch)?);
        let (lda, ldb, ldc) = (wide(r, lda)?, wide(r, ldb)?, wide(r, ldc)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemm_batched(
                h, ta, tb, m, n, k, &alpha.0, a, lda, b, ldb, &beta.0, c, ldc, batch,
            )
        })
    }
    unsafe fn trsm_batched(
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
        batch: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let alpha = A16(alpha);
        let r = "trsm_batched";
        let (m, n, batch) = (wide(r, m)?, wide(r, n)?, wide(r, batch)?);
        let (lda, ldb) = (wide(r, lda)?, wide(r, ldb)?);
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.trsm_batched(
                h, side, uplo, trans, diag, m, n, &alpha.0, a, lda, b, ldb, batch,
            )
        })
    }
    unsafe fn gemv_strided_batched(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        x: DevPtr,
        incx: isize,
        stride_x: usize,
        beta: T,
        y: DevPtr,
        incy: isize,
        stride_y: usize,
        batch: usize,
    ) -> Result<()> {
        // cuBLAS reads complex scalars with 16-byte loads: keep them aligned.
        let (alpha, beta) = (A16(alpha), A16(beta));
        let r = "gemv_strided_batched";
        let (m, n, lda, batch) = (wide(r, m)?, wide(r, n)?, wide(r, lda)?, wide(r, batch)?);
        let (incx, incy) = (wide_inc(r, incx)?, wide_inc(r, incy)?);
        let (sa, sx, sy) = (
            stride(r, stride_a)?,
            stride(r, stride_x)?,
            stride(r, stride_y)?,
        );
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe {
            self.ctx.api.gemv_strided_batched(
                h, trans, m, n, &alpha.0, a, lda, sa, x, incx, sx, &beta.0, y, incy, sy, batch,
            )
        })
    }
}
