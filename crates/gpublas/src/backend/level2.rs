//! [`Level2<T>`]: matrix–vector operations — products (`gemv`, the band `gbmv`, the symmetric
//! and Hermitian `symv`/`sbmv`/`spmv`), triangular products and solves (`trmv`/`tbmv`/`tpmv`,
//! `trsv`/`tbsv`/`tpsv`), and rank-1 and rank-2 updates (`ger`, `syr`/`her`, `spr`/`hpr`,
//! `syr2`, `spr2`), in full, band and packed storage.

use super::{Backend, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Uplo};

/// Calls `$m! { Level2; fn name(args) -> ret; ... }` with the signature of every [`Level2`]
/// method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! level2_methods {
    ($m:ident) => {
        $m! { Level2;
        fn gemv(trans: $crate::types::Op, m: usize, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, beta: T, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn gbmv(trans: $crate::types::Op, m: usize, n: usize, kl: usize, ku: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, beta: T, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn symv(herm: bool, uplo: $crate::types::Uplo, n: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, beta: T, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn sbmv(herm: bool, uplo: $crate::types::Uplo, n: usize, k: usize, alpha: T, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize, beta: T, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn spmv(herm: bool, uplo: $crate::types::Uplo, n: usize, alpha: T, ap: $crate::backend::DevPtr, x: $crate::backend::DevPtr, incx: isize, beta: T, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn trmv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn trsv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn tbmv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, k: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn tbsv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, k: usize, a: $crate::backend::DevPtr, lda: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn tpmv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, ap: $crate::backend::DevPtr, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn tpsv(uplo: $crate::types::Uplo, trans: $crate::types::Op, diag: $crate::types::Diag, n: usize, ap: $crate::backend::DevPtr, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn ger(conj: bool, m: usize, n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, a: $crate::backend::DevPtr, lda: usize) -> $crate::error::Result<()>;
        fn syr(uplo: $crate::types::Uplo, n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, a: $crate::backend::DevPtr, lda: usize) -> $crate::error::Result<()>;
        fn her(uplo: $crate::types::Uplo, n: usize, alpha: T::Real, x: $crate::backend::DevPtr, incx: isize, a: $crate::backend::DevPtr, lda: usize) -> $crate::error::Result<()>;
        fn spr(uplo: $crate::types::Uplo, n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, ap: $crate::backend::DevPtr) -> $crate::error::Result<()>;
        fn hpr(uplo: $crate::types::Uplo, n: usize, alpha: T::Real, x: $crate::backend::DevPtr, incx: isize, ap: $crate::backend::DevPtr) -> $crate::error::Result<()>;
        fn syr2(herm: bool, uplo: $crate::types::Uplo, n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, a: $crate::backend::DevPtr, lda: usize) -> $crate::error::Result<()>;
        fn spr2(herm: bool, uplo: $crate::types::Uplo, n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, ap: $crate::backend::DevPtr) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use level2_methods;

/// Level 2 — matrix–vector operations — for one scalar type on one backend.
///
/// Every matrix is column-major; band matrices are in reference BLAS's band storage (`lda ≥
/// kl + ku + 1`, or `k + 1`), packed ones in its packed storage (`n(n+1)/2` elements). `herm`
/// picks the Hermitian routine (`hemv`, `hbmv`, `hpmv`, `her2`, `hpr2`) over the symmetric one;
/// for real types both are the symmetric one. The symmetric routines on complex types are the
/// complex *symmetric* ones (`csymv`, `csyr`, `csyr2`: vendor extensions); `sbmv`, `spmv`,
/// `spr` and `spr2` are only called for real types. Increments are nonzero, any sign. Apart
/// from `gemv` and `ger`, no quick returns reach a backend (`n = 0`, `α = 0`: the safe layer
/// handles them).
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): the pointers are valid for the extents the dimensions imply
/// (for a band, `(n − 1)·lda + kl + ku + 1` elements; packed, `n(n+1)/2`), the output overlaps
/// no input, the increments are nonzero.
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait Level2<T: Scalar>: Backend {
    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    /// `y ← α op(A) x + βy`, `A` an `m × n` band matrix with `kl` sub- and `ku` superdiagonals.
    unsafe fn gbmv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        kl: usize,
        ku: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    /// `y ← αAx + βy`, `A` symmetric (Hermitian if `herm`) with its `uplo` triangle stored.
    unsafe fn symv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    /// `symv` on a band matrix with `k` off-diagonals.
    unsafe fn sbmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    /// `symv` on a packed matrix.
    unsafe fn spmv(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    /// `x ← op(A) x`, `A` triangular.
    unsafe fn trmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// Solves `op(A) x_new = x` in place, `A` triangular.
    unsafe fn trsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// `trmv` on a triangular band matrix with `k` off-diagonals.
    unsafe fn tbmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// `trsv` on a triangular band matrix with `k` off-diagonals.
    unsafe fn tbsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        k: usize,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// `trmv` on a packed triangular matrix.
    unsafe fn tpmv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// `trsv` on a packed triangular matrix.
    unsafe fn tpsv(
        &self,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: usize,
        ap: DevPtr,
        x: DevPtr,
        incx: isize,
    ) -> Result<()>;
    /// `A ← αxyᵀ + A` (`conj = false`) or `A ← αxyᴴ + A` (`conj = true`).
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()>;
    /// `A ← αxxᵀ + A` on the `uplo` triangle.
    unsafe fn syr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()>;
    /// `A ← αxxᴴ + A` with a real `α` on the `uplo` triangle, the diagonal kept real.
    unsafe fn her(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()>;
    /// `syr` on a packed matrix (real types).
    unsafe fn spr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()>;
    /// `her` on a packed matrix.
    unsafe fn hpr(
        &self,
        uplo: Uplo,
        n: usize,
        alpha: T::Real,
        x: DevPtr,
        incx: isize,
        ap: DevPtr,
    ) -> Result<()>;
    /// `A ← αxyᵀ + αyxᵀ + A` (`A ← αxyᴴ + conj(α)yxᴴ + A`, the diagonal kept real, if `herm`) on
    /// the `uplo` triangle.
    unsafe fn syr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()>;
    /// `syr2` on a packed matrix (the symmetric form for real types only).
    unsafe fn spr2(
        &self,
        herm: bool,
        uplo: Uplo,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        ap: DevPtr,
    ) -> Result<()>;
}
