//! [`BlasLevel3Ext`]: the level-3 routines beyond [`Blas`](super::Blas)'s own: symm/hemm,
//! syr2k/her2k, syrkx/herkx (cuBLAS's and rocBLAS's extension of syrk) and trmm in the
//! out-of-place form cuBLAS and rocBLAS 4 define.

use super::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Calls `$m! { Trait; fn name(args) -> ret; ... }` with the signature of every
/// [`BlasLevel3Ext`] method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! level3x_methods {
    ($m:ident) => {
        $m! { BlasLevel3Ext;
        fn symm(side: $crate::types::Side, uplo: $crate::types::Uplo, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn hemm(side: $crate::types::Side, uplo: $crate::types::Uplo, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn syr2k(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn her2k(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T::Real, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn syrkx(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn herkx(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T::Real, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn trmm(side: $crate::types::Side, uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use level3x_methods;

/// Level-3 routines beyond [`Blas`](super::Blas)'s, for one scalar type on one backend (a
/// supertrait of `Blas<T>`, so a `B: Blas<T>` bound gives them too).
///
/// Operands follow [`Blas`](super::Blas)'s conventions: column-major, leading dimensions
/// ≥ max(1, rows), `Op::C` only for complex types. The symmetric/Hermitian/triangular operand
/// is read from its `uplo` triangle only (a unit diagonal is not read); the rank-2k updates
/// write the `uplo` triangle of `C` only, and the Hermitian ones (`her2k`, `herkx`) leave its
/// diagonal real. `syr2k`/`syrkx` take `trans` `N` or `T`, `her2k`/`herkx` `N` or `C` (for real
/// types they are `syr2k`/`syrkx`).
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): the pointers are valid for the extents the dimensions imply
/// and the output overlaps no input — except `trmm`'s `c`, which may be `b` itself (the same
/// address with `ldc == ldb`: the in-place product, which both vendors support).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait BlasLevel3Ext<T: Scalar> {
    /// `C ← α A B + βC` (`Left`, `A` of order `m`) or `C ← α B A + βC` (`Right`, order `n`),
    /// `A` symmetric (complex symmetric for complex types); `B`, `C` are `m × n`.
    unsafe fn symm(
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
    ) -> Result<()>;
    /// `symm` with `A` Hermitian (its diagonal's imaginary part is not read); `symm` for real
    /// types.
    unsafe fn hemm(
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
    ) -> Result<()>;
    /// `C ← α op(A) op(B)ᵀ + α op(B) op(A)ᵀ + βC` on the `uplo` triangle of the order-`n` `C`;
    /// `op(X)` is `n × k`.
    unsafe fn syr2k(
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
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;
    /// `C ← α op(A) op(B)ᴴ + conj(α) op(B) op(A)ᴴ + βC` with real `β`, keeping the diagonal
    /// real.
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
    ) -> Result<()>;
    /// `C ← α op(A) op(B)ᵀ + βC` on the `uplo` triangle (the caller knows the result is
    /// symmetric).
    unsafe fn syrkx(
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
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;
    /// `C ← α op(A) op(B)ᴴ + βC` with real `β` on the `uplo` triangle, keeping the diagonal
    /// real.
    unsafe fn herkx(
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
    ) -> Result<()>;
    /// `C ← α op(A) B` (`Left`, `A` of order `m`) or `C ← α B op(A)` (`Right`, order `n`), `A`
    /// triangular; `B`, `C` are `m × n`, and `c` may be `b` (in place, `ldc == ldb`). `α ≠ 0`
    /// (the safe layer zeroes `C` itself for `α = 0`).
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
    ) -> Result<()>;
}
