//! Batched routines on the host: loops over the host's own gemm, trsm and gemv, one entry of the
//! batch after the other.

use super::level3::gemm;
use super::Host;
use crate::backend::{Batched, DevPtr, Level2, Level3};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Address `i` of a device array of matrix addresses (the safe layer copies the pointers
/// there byte for byte, so on the host they are pointers still, provenance included).
///
/// # Safety
/// `arr` holds at least `i + 1` addresses.
unsafe fn entry(arr: DevPtr, i: usize) -> DevPtr {
    // SAFETY: forwarded to the caller; the array holds pointers.
    DevPtr::from_raw(unsafe { *arr.cast::<*mut u8>().add(i) })
}

impl<T: Scalar> Batched<T> for Host {
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
        let call = gemm::Call {
            ta,
            tb,
            m,
            n,
            k,
            alpha,
            a,
            lda,
            b,
            ldb,
            beta,
            c,
            ldc,
        };
        let strides = gemm::Strides {
            a: stride_a,
            b: stride_b,
            c: stride_c,
            count: batch,
        };
        // SAFETY: forwarded to the caller (every product's operands are valid, the outputs
        // overlap neither each other nor an input).
        unsafe { gemm::gemm_strided_batched(call, strides) };
        Ok(())
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
        for i in 0..batch {
            // SAFETY: the caller guarantees the arrays hold `batch` addresses of valid,
            // non-overlapping (for `c`) matrices.
            unsafe {
                let (ai, bi, ci) = (entry(a, i), entry(b, i), entry(c, i));
                Level3::<T>::gemm(
                    self, ta, tb, m, n, k, alpha, ai, lda, bi, ldb, beta, ci, ldc,
                )?;
            }
        }
        Ok(())
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
        for i in 0..batch {
            // SAFETY: as for `gemm_batched`.
            unsafe {
                let (ai, bi) = (entry(a, i), entry(b, i));
                Level3::<T>::trsm(self, side, uplo, trans, diag, m, n, alpha, ai, lda, bi, ldb)?;
            }
        }
        Ok(())
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
        for i in 0..batch {
            let (ai, xi, yi) = (
                a.offset::<T>(i * stride_a),
                x.offset::<T>(i * stride_x),
                y.offset::<T>(i * stride_y),
            );
            // SAFETY: the caller guarantees every batch entry's operands are valid and the
            // outputs do not overlap.
            unsafe {
                Level2::<T>::gemv(self, trans, m, n, alpha, ai, lda, xi, incx, beta, yi, incy)?;
            }
        }
        Ok(())
    }
}
