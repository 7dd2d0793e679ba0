//! [`Batched<T>`]: many independent operations of one shape in one call — gemm over strided
//! batches and over arrays of matrices, trsm over arrays of matrices, and gemv over strided
//! batches.

use super::{Backend, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Calls `$m! { Batched; fn name(args) -> ret; ... }` with the signature of every [`Batched`]
/// method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! batched_methods {
    ($m:ident) => {
        $m! { Batched;
        fn gemm_strided_batched(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, stride_a: usize, b: $crate::backend::DevPtr, ldb: usize, stride_b: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize, stride_c: usize, batch: usize) -> $crate::error::Result<()>;
        fn gemm_batched(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize, batch: usize) -> $crate::error::Result<()>;
        fn trsm_batched(side: $crate::types::Side, uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, batch: usize) -> $crate::error::Result<()>;
        fn gemv_strided_batched(trans: $crate::types::Op, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, stride_a: usize, x: $crate::backend::DevPtr, incx: isize, stride_x: usize, beta: T, y: $crate::backend::DevPtr, incy: isize, stride_y: usize, batch: usize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use batched_methods;

/// Batched routines for one scalar type on one backend.
///
/// Operands follow [`Blas`](super::Blas)'s conventions. In a strided batch, matrix (or vector)
/// `i` of an operand is `i·stride` elements after its first; strides are in elements. The
/// routines over arrays of matrices (`gemm_batched`, `trsm_batched`) take each operand as the
/// device address of an array of `batch` device addresses (pointer-sized, in device memory: what
/// `cublas<t>gemmBatched` and `rocblas_<t>gemm_batched` read), every matrix of one operand with
/// the same shape and leading dimension; the safe layer builds those arrays.
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): every pointer (and every address in a pointer array) is valid
/// for the extents the dimensions imply, for every entry of the batch; outputs overlap no input
/// and no other output of the batch. `gemv_strided_batched`'s increments are nonzero.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait Batched<T: Scalar>: Backend {
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
    ) -> Result<()>;
    /// `Cᵢ ← α op(Aᵢ) op(Bᵢ) + βCᵢ` for `i < batch`; `a`, `b`, `c` are device arrays of
    /// `batch` matrix addresses.
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
    ) -> Result<()>;
    /// `trsm` on each `(Aᵢ, Bᵢ)`; `a`, `b` are device arrays of `batch` matrix addresses. `α ≠ 0`
    /// (the safe layer zeroes the `Bᵢ` itself for `α = 0`).
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
    ) -> Result<()>;
    /// `yᵢ ← α op(Aᵢ) xᵢ + βyᵢ` for `i < batch`, operand `i` at `i · stride` elements from the
    /// first (each vector's address is the lowest of its span, as for `gemv`).
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
    ) -> Result<()>;
}
