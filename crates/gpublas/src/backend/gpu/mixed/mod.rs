//! [`MixedPrecision`] for every [`Gpu`]: sizes as `i64`, one [`GemmExCall`] through the vendor's
//! [`GpuMixed::gemm_ex`]. The vendor side: [`GpuMixed`] (`api.rs`), implemented by each vendor
//! module by hand (`cuda.rs`; `rocm/mixed.rs`), as the two libraries' mixed-precision entry
//! points differ in their types, compute types and math modes.

mod api;

pub use api::{GemmExCall, GpuMixed};

use super::{wide, Gpu};
use crate::backend::{DevPtr, MixedPrecision};
use crate::error::Result;
use crate::precision::GemmTypes;
use crate::types::Op;

impl<A: GpuMixed> MixedPrecision for Gpu<A> {
    unsafe fn gemm_ex(
        &self,
        types: GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        let r = "gemm_with";
        let call = GemmExCall {
            types,
            ta,
            tb,
            m: wide(r, m)?,
            n: wide(r, n)?,
            k: wide(r, k)?,
            alpha,
            a,
            lda: wide(r, lda)?,
            b,
            ldb: wide(r, ldb)?,
            beta,
            c,
            ldc: wide(r, ldc)?,
            batch: None,
        };
        // SAFETY: forwarded to the caller (the safe layer validated every extent).
        self.with_handle(|h| unsafe { self.ctx.api.gemm_ex(h, &call) })
    }

    unsafe fn gemm_strided_batched_ex(
        &self,
        types: GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()> {
        let r = "gemm_strided_batched_with";
        let call = GemmExCall {
            types,
            ta,
            tb,
            m: wide(r, m)?,
            n: wide(r, n)?,
            k: wide(r, k)?,
            alpha,
            a,
            lda: wide(r, lda)?,
            b,
            ldb: wide(r, ldb)?,
            beta,
            c,
            ldc: wide(r, ldc)?,
            batch: Some((
                wide(r, stride_a)?,
                wide(r, stride_b)?,
                wide(r, stride_c)?,
                wide(r, batch)?,
            )),
        };
        // SAFETY: forwarded to the caller.
        self.with_handle(|h| unsafe { self.ctx.api.gemm_ex(h, &call) })
    }
}
