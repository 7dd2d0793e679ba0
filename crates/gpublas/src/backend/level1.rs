//! [`Level1<T>`]: vector operations — updates (`axpy`, `scal`, `scal_real`, `copy`, `swap`),
//! reductions (the dots, `nrm2`, `asum`, `iamax`, `iamin`) and Givens rotations (`rotg`,
//! `rotmg` construct them, `rot`, `rot_complex`, `rotm` apply them).

use super::{Backend, DevPtr};
use crate::error::Result;
use crate::scalar::Scalar;

/// Calls `$m! { Level1; fn name(args) -> ret; ... }` with the signature of every [`Level1`]
/// method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! level1_methods {
    ($m:ident) => {
        $m! { Level1;
        fn axpy(n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn scal(n: usize, alpha: T, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn scal_real(n: usize, alpha: T::Real, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        fn copy(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn swap(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<()>;
        fn dotu(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<T>;
        fn dotc(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<T>;
        fn dsdot(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<f64>;
        fn nrm2(n: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<T::Real>;
        fn asum(n: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<T::Real>;
        fn iamax(n: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<usize>;
        fn iamin(n: usize, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<usize>;
        fn rotg(a: T, b: T) -> $crate::error::Result<(T, T::Real, T, T)>;
        fn rotmg(d1: T, d2: T, x1: T, y1: T) -> $crate::error::Result<(T, T, T, [T; 5])>;
        fn rot(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, c: T::Real, s: T::Real) -> $crate::error::Result<()>;
        fn rot_complex(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, c: T::Real, s: T) -> $crate::error::Result<()>;
        fn rotm(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, param: [T; 5]) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use level1_methods;

/// Level 1 — vector operations — for one scalar type on one backend.
///
/// Vectors follow [`Blas`](super::Blas)'s conventions and contract. What each routine may be
/// given:
///
/// | routines | increments |
/// |---|---|
/// | `axpy`, `copy`, `swap`, `dotu`, `dotc`, `dsdot` | any sign for inputs (`x` of `axpy`/`copy`, both of the dots); **nonzero** for outputs (`y` of `axpy`/`copy`, `x` and `y` of `swap`) |
/// | `scal`, `scal_real`, `nrm2`, `asum`, `iamax`, `iamin` | `incx ≥ 1` |
/// | `rot`, `rot_complex`, `rotm` | both vectors are written: **nonzero**, any sign |
///
/// The safe layer reduces everything else reference BLAS allows (zero output increments,
/// non-positive increments of the one-vector routines) to these before calling: GPU libraries
/// update a zero-increment output from many threads at once. Index results are 0-based.
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): the pointers are valid for the extents the dimensions and
/// increments imply, the outputs overlap nothing else, the increments obey the rules above.
/// `rotg` and `rotmg` take and return host scalars only (nothing beyond the trait's rules).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait Level1<T: Scalar>: Backend {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<()>;
    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: isize) -> Result<()>;
    /// `xᵢ ← α·xᵢ` with a real `α`, each part scaled separately (`csscal`, `zdscal`; `scal` for
    /// real types).
    unsafe fn scal_real(&self, n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()>;
    unsafe fn copy(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()>;
    unsafe fn swap(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()>;
    /// `Σ xᵢ yᵢ` (no conjugation).
    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T>;
    /// `Σ conj(xᵢ) yᵢ`.
    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T>;
    /// `Σ xᵢ yᵢ` of `f32` vectors accumulated in `f64` (`dsdot`; `T = f32` only). A GPU
    /// backend whose vendor library has no such routine computes it on the host from copies
    /// of the vectors.
    unsafe fn dsdot(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize)
        -> Result<f64>;
    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real>;
    unsafe fn asum(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real>;
    /// 0-based index of the first element of largest `|re| + |im|`; `n > 0`.
    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize>;
    /// 0-based index of the first element of smallest `|re| + |im|`; `n > 0`.
    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize>;
    /// Constructs a Givens rotation: returns `(r, c, s, z)` with `[c s; −conj(s) c]·[a; b] =
    /// [r; 0]` (reference BLAS's `?rotg`); `z` is what the real routines store in `b` (for
    /// complex types, `b` unchanged).
    unsafe fn rotg(&self, a: T, b: T) -> Result<(T, T::Real, T, T)>;
    /// Constructs a modified Givens rotation (`srotmg`/`drotmg`; real types): returns the
    /// updated `(d1, d2, x1)` and `param` (entries the flag does not use are 0).
    unsafe fn rotmg(&self, d1: T, d2: T, x1: T, y1: T) -> Result<(T, T, T, [T; 5])>;
    /// `xᵢ ← c·xᵢ + s·yᵢ`, `yᵢ ← c·yᵢ − s·xᵢ` with real `c`, `s` (`srot`, `drot`, `csrot`,
    /// `zdrot`).
    unsafe fn rot(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T::Real,
    ) -> Result<()>;
    /// `xᵢ ← c·xᵢ + s·yᵢ`, `yᵢ ← c·yᵢ − conj(s)·xᵢ` with real `c` and a complex `s` (`crot`,
    /// `zrot`; `rot` for real types).
    unsafe fn rot_complex(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T,
    ) -> Result<()>;
    /// Applies the modified Givens rotation `param` (`srotm`/`drotm`; real types; the flag is
    /// −1, 0 or 1: −2 never reaches a backend).
    unsafe fn rotm(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        param: [T; 5],
    ) -> Result<()>;
}
