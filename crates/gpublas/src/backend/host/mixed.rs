//! [`MixedPrecision`] on the host: `op(A)` and `op(B)` converted to `f32`, multiplied by faer in `f32`,
//! `αAB + βC` formed in `f32` and rounded to `C`'s type once (what cuBLAS and rocBLAS compute
//! with f32 accumulation, up to summation order).
//!
//! [`ComputeType::Tf32`](crate::ComputeType::Tf32) has no meaning here beyond `F32`: the CPU
//! has no TF32 arithmetic, and full f32 is within TF32's error bound.

use faer::{Accum, Mat};

use super::{par, Host};
use crate::backend::{DevPtr, MixedPrecision};
use crate::error::{Error, Result};
use crate::precision::{bf16, f16, GemmInput, GemmTypes, Precision};
use crate::types::Op;

/// Runs `$f::<I, O>(args)` for the input and output types of `$types`.
macro_rules! with_types {
    ($types:expr, $routine:literal, $f:ident($($arg:expr),* $(,)?)) => {
        match ($types.input, $types.output) {
            (Precision::F16, Precision::F16) => $f::<f16, f16>($($arg),*),
            (Precision::F16, Precision::F32) => $f::<f16, f32>($($arg),*),
            (Precision::Bf16, Precision::Bf16) => $f::<bf16, bf16>($($arg),*),
            (Precision::Bf16, Precision::F32) => $f::<bf16, f32>($($arg),*),
            (Precision::F32, Precision::F32) => $f::<f32, f32>($($arg),*),
            _ => Err(Error::Unsupported {
                routine: $routine,
                what: format!("{} on the host backend", $types.describe()),
            }),
        }
    };
}

/// `op(X)` of the column-major matrix stored at `p` (leading dimension `ld`), as a dense `f32`
/// matrix of `rows × cols` (the shape after the op).
///
/// # Safety
/// `p` is valid for reading the stored matrix (`cols × rows` if `op` transposes).
unsafe fn load<T: GemmInput>(p: DevPtr, op: Op, rows: usize, cols: usize, ld: usize) -> Mat<f32> {
    let base = p.cast::<T>().cast_const();
    Mat::from_fn(rows, cols, |i, j| {
        let (si, sj) = if op.transposes() { (j, i) } else { (i, j) };
        // SAFETY: `(si, sj)` is inside the stored matrix, which the caller guarantees readable.
        unsafe { base.wrapping_add(si + sj * ld).read() }.to_f32()
    })
}

/// One gemm with inputs `I` and output `O`.
///
/// # Safety
/// As for [`MixedPrecision::gemm_ex`].
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_one<I: GemmInput, O: GemmInput>(
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
    // α = 0 or k = 0: A and B are not read (reference BLAS).
    let prod = if alpha != 0.0 && k > 0 && m > 0 && n > 0 {
        // SAFETY: the caller guarantees A and B cover their stored shapes.
        let (am, bm) = unsafe { (load::<I>(a, ta, m, k, lda), load::<I>(b, tb, k, n, ldb)) };
        let mut p = Mat::<f32>::zeros(m, n);
        faer::linalg::matmul::matmul(
            p.as_mut(),
            Accum::Replace,
            am.as_ref(),
            bm.as_ref(),
            1.0,
            par(),
        );
        Some(p)
    } else {
        None
    };
    let cp = c.cast::<O>();
    for j in 0..n {
        for i in 0..m {
            let e = cp.wrapping_add(i + j * ldc);
            let ab = prod.as_ref().map_or(0.0, |p| p[(i, j)]);
            // β = 0 overwrites C without reading it (NaN there does not propagate).
            let v = if beta == 0.0 {
                alpha * ab
            } else {
                // SAFETY: `(i, j)` is inside C, which the caller guarantees readable.
                alpha * ab + beta * unsafe { e.read() }.to_f32()
            };
            // SAFETY: as above, and C overlaps no input.
            unsafe { e.write(O::from_f32(v)) };
        }
    }
    Ok(())
}

/// A strided batch of [`gemm_one`]s.
///
/// # Safety
/// As for [`MixedPrecision::gemm_strided_batched_ex`].
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_batch<I: GemmInput, O: GemmInput>(
    ta: Op,
    tb: Op,
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    (a, lda, sa): (DevPtr, usize, usize),
    (b, ldb, sb): (DevPtr, usize, usize),
    beta: f32,
    (c, ldc, sc): (DevPtr, usize, usize),
    batch: usize,
) -> Result<()> {
    for i in 0..batch {
        // SAFETY: the caller guarantees every matrix of each batch, and that the outputs
        // overlap nothing else.
        unsafe {
            gemm_one::<I, O>(
                ta,
                tb,
                m,
                n,
                k,
                alpha,
                a.offset::<I>(i * sa),
                lda,
                b.offset::<I>(i * sb),
                ldb,
                beta,
                c.offset::<O>(i * sc),
                ldc,
            )?;
        }
    }
    Ok(())
}

impl MixedPrecision for Host {
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
        // SAFETY: forwarded to the caller.
        unsafe {
            with_types!(
                types,
                "gemm_with",
                gemm_one(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
            )
        }
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
        // SAFETY: forwarded to the caller.
        unsafe {
            with_types!(
                types,
                "gemm_strided_batched_with",
                gemm_batch(
                    ta,
                    tb,
                    m,
                    n,
                    k,
                    alpha,
                    (a, lda, stride_a),
                    (b, ldb, stride_b),
                    beta,
                    (c, ldc, stride_c),
                    batch
                )
            )
        }
    }
}
