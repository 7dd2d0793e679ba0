//! [`BlasExtensions`]: the BLAS-like extensions both vendors have: geam, dgmm, gemm and trsm
//! batched over arrays of matrices, and gemv over strided batches.

use super::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Calls `$m! { Trait; fn name(args) -> ret; ... }` with the signature of every
/// [`BlasExtensions`] method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! extensions_methods {
    ($m:ident) => {
        $m! { BlasExtensions;
        fn geam(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, beta: T, b: $crate::backend::DevPtr, ldb: usize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn dgmm(side: $crate::types::Side, m: usize, n: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn gemm_batched(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize, batch: usize) -> $crate::error::Result<()>;
        fn trsm_batched(side: $crate::types::Side, uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, batch: usize) -> $crate::error::Result<()>;
        fn gemv_strided_batched(trans: $crate::types::Op, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, stride_a: usize, x: $crate::backend::DevPtr, incx: isize, stride_x: usize, beta: T, y: $crate::backend::DevPtr, incy: isize, stride_y: usize, batch: usize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use extensions_methods;

/// The vendors' BLAS-like extensions, for one scalar type on one backend (a supertrait of
/// `Blas<T>`, so a `B: Blas<T>` bound gives them too).
///
/// Operands follow [`Blas`](super::Blas)'s conventions. The batched routines over arrays of
/// matrices (`gemm_batched`, `trsm_batched`) take each operand as the device address of an
/// array of `batch` device addresses (pointer-sized, in device memory: what `cublas<t>gemmBatched`
/// and `rocblas_<t>gemm_batched` read), every matrix of one operand with the same shape and
/// leading dimension; the safe layer builds those arrays.
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): every pointer (and every address in a pointer array) is valid
/// for the extents the dimensions imply; outputs overlap no input and, in a batch, no other
/// output — except `geam`'s `c`, which may be `a` itself when `ta` is `N` and `ldc == lda` (or
/// `b` itself when `tb` is `N` and `ldc == ldb`): the in-place sums both vendors support.
/// `dgmm`'s `incx` may be any (0: the same element for every row/column; negative: walked from
/// the end); `gemv_strided_batched`'s increments are nonzero. Strides are in elements.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait BlasExtensions<T: Scalar> {
    /// `C ← α op(A) + β op(B)`, all `m × n` after the ops; `α = 0` does not read `A`, `β = 0`
    /// does not read `B`.
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
    ) -> Result<()>;
    /// `C ← diag(x) A` (`Left`, `x` has `m` elements) or `C ← A diag(x)` (`Right`, `n`), for
    /// `m × n` `A` and `C`.
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
