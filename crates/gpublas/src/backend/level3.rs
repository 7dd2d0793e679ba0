//! [`Level3<T>`]: matrix–matrix operations — `gemm`, the symmetric and Hermitian products
//! (`symm`/`hemm`), the rank-k and rank-2k updates (`syrk`/`herk`, `syr2k`/`her2k`, and
//! `syrkx`/`herkx`, cuBLAS's and rocBLAS's extension of syrk), the triangular product (`trmm`, in
//! the out-of-place form cuBLAS and rocBLAS 4 define) and solve (`trsm`), and the element-wise
//! matrix operations both vendors have: `geam` (sums of matrices, transposed or not) and `dgmm`
//! (scaling by a diagonal matrix).

use super::{Backend, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Calls `$m! { Level3; fn name(args) -> ret; ... }` with the signature of every [`Level3`]
/// method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! level3_methods {
    ($m:ident) => {
        $m! { Level3;
        fn gemm(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn symm(side: $crate::types::Side, uplo: $crate::types::Uplo, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn hemm(side: $crate::types::Side, uplo: $crate::types::Uplo, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn syrk(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn herk(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T::Real, a: $crate::backend::DevPtr, lda: usize, beta: T::Real, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn syr2k(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn her2k(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T::Real, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn syrkx(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn herkx(uplo: $crate::types::Uplo, trans: $crate::types::Op, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: T::Real, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn trmm(side: $crate::types::Side, uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn trsm(side: $crate::types::Side, uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize) -> $crate::error::Result<()>;
        fn geam(ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, beta: T, b: $crate::backend::DevPtr, ldb: usize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn dgmm(side: $crate::types::Side, m: usize, n: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use level3_methods;

/// Level 3 — matrix–matrix operations — for one scalar type on one backend.
///
/// Operands follow [`Blas`](super::Blas)'s conventions: column-major, leading dimensions
/// ≥ max(1, rows), `Op::C` only for complex types. The symmetric/Hermitian/triangular operand
/// is read from its `uplo` triangle only (a unit diagonal is not read); the rank-k and rank-2k
/// updates write the `uplo` triangle of `C` only, and the Hermitian ones (`herk`, `her2k`,
/// `herkx`) leave its diagonal real. `syrk`/`syr2k`/`syrkx` take `trans` `N` or `T`,
/// `herk`/`her2k`/`herkx` `N` or `C` (for real types they are `syrk`/`syr2k`/`syrkx`).
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): the pointers are valid for the extents the dimensions imply
/// and the output overlaps no input — except `trmm`'s `c`, which may be `b` itself (the same
/// address with `ldc == ldb`: the in-place product, which both vendors support), and `geam`'s
/// `c`, which may be `a` itself when `ta` is `N` and `ldc == lda` (or `b` itself when `tb` is
/// `N` and `ldc == ldb`): the in-place sums both vendors support. `dgmm`'s `incx` may be any
/// (0: the same element for every row/column; negative: walked from the end).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait Level3<T: Scalar>: Backend {
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
    ) -> Result<()>;
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
    /// `C ← α op(A) op(A)ᵀ + βC` on one triangle; `trans` is `N` or `T`.
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
    ) -> Result<()>;
    /// `C ← α op(A) op(A)ᴴ + βC` on one triangle with real `α`, `β`; `trans` is `N` or `C`
    /// (for real types this is `syrk`, with `trans` `N` or `T`).
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
    ) -> Result<()>;
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
}
