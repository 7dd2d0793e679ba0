//! [`BlasExtensions`] on the host: geam and dgmm as element-wise loops (memory-bound; each
//! output element is read-then-written once, so geam's in-place forms are exact), and the
//! batched routines as loops over the host's own gemm, trsm and gemv.

use super::level1::elem;
use super::Host;
use crate::backend::{Blas, BlasExtensions, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Element `(i, j)` of `op(X)` for the column-major `X` at `p` with leading dimension `ld`.
///
/// # Safety
/// The element lies in `X`'s extent.
unsafe fn op_elem<T: Scalar>(p: DevPtr, ld: usize, op: Op, i: usize, j: usize) -> T {
    // SAFETY: forwarded to the caller.
    unsafe {
        match op {
            Op::N => *p.cast::<T>().add(i + j * ld),
            Op::T => *p.cast::<T>().add(j + i * ld),
            Op::C => (*p.cast::<T>().add(j + i * ld)).conj(),
        }
    }
}

/// Address `i` of a device array of matrix addresses (the safe layer copies the pointers
/// there byte for byte, so on the host they are pointers still, provenance included).
///
/// # Safety
/// `arr` holds at least `i + 1` addresses.
unsafe fn entry(arr: DevPtr, i: usize) -> DevPtr {
    // SAFETY: forwarded to the caller; the array holds pointers.
    DevPtr::from_raw(unsafe { *arr.cast::<*mut u8>().add(i) })
}

impl<T: Scalar> BlasExtensions<T> for Host {
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
        for j in 0..n {
            for i in 0..m {
                // SAFETY: the caller guarantees every extent; an in-place `c` (`a` or `b` with
                // op N and the same leading dimension) is read at `(i, j)` just before that
                // element is written, through raw pointers only.
                unsafe {
                    let va = if alpha.is_zero() {
                        T::zero()
                    } else {
                        alpha * op_elem::<T>(a, lda, ta, i, j)
                    };
                    let vb = if beta.is_zero() {
                        T::zero()
                    } else {
                        beta * op_elem::<T>(b, ldb, tb, i, j)
                    };
                    *c.cast::<T>().add(i + j * ldc) = va + vb;
                }
            }
        }
        Ok(())
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
        let len = if side == Side::Left { m } else { n };
        for j in 0..n {
            for i in 0..m {
                let d = elem::<T>(x, len, incx, if side == Side::Left { i } else { j });
                // SAFETY: the caller guarantees `x`'s span and the extents of `a` and `c`.
                unsafe { *c.cast::<T>().add(i + j * ldc) = *d * *a.cast::<T>().add(i + j * lda) };
            }
        }
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
                Blas::<T>::gemm(
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
                Blas::<T>::trsm(self, side, uplo, trans, diag, m, n, alpha, ai, lda, bi, ldb)?;
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
                Blas::<T>::gemv(self, trans, m, n, alpha, ai, lda, xi, incx, beta, yi, incy)?;
            }
        }
        Ok(())
    }
}
