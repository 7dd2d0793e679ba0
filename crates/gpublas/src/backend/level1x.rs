//! [`BlasLevel1Ext`]: the level-1 routines beyond [`Blas`](super::Blas)'s own: Givens and
//! modified Givens rotations (construction and application), the extended-precision dot and
//! scaling by a real scalar.

use super::DevPtr;
use crate::error::Result;
use crate::scalar::Scalar;

/// Calls `$m! { Trait; fn name(args) -> ret; ... }` with the signature of every
/// [`BlasLevel1Ext`] method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! level1x_methods {
    ($m:ident) => {
        $m! { BlasLevel1Ext;
        fn rotg(a: T, b: T) -> $crate::error::Result<(T, T::Real, T, T)>;
        fn rotmg(d1: T, d2: T, x1: T, y1: T) -> $crate::error::Result<(T, T, T, [T; 5])>;
        fn rot(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, c: T::Real, s: T::Real) -> $crate::error::Result<()>;
        fn rot_complex(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, c: T::Real, s: T) -> $crate::error::Result<()>;
        fn rotm(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize, param: [T; 5]) -> $crate::error::Result<()>;
        fn dsdot(n: usize, x: $crate::backend::DevPtr, incx: isize, y: $crate::backend::DevPtr, incy: isize) -> $crate::error::Result<f64>;
        fn scal_real(n: usize, alpha: T::Real, x: $crate::backend::DevPtr, incx: isize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use level1x_methods;

/// Level-1 routines beyond [`Blas`](super::Blas)'s, for one scalar type on one backend (a
/// supertrait of `Blas<T>`, so a `B: Blas<T>` bound gives them too).
///
/// Vectors follow [`Blas`](super::Blas)'s conventions and contract. Increments: `rot`,
/// `rot_complex` and `rotm` write both vectors, so both are **nonzero** (any sign); `dsdot`'s
/// inputs may have any increment; `scal_real` takes `incx ≥ 1`.
///
/// # Safety (for every method)
/// As for [`Blas`](super::Blas): the pointers are valid for the extents the dimensions and
/// increments imply, the outputs overlap nothing else, the increments obey the rules above.
/// `rotg` and `rotmg` take and return host scalars only (nothing beyond the trait's rules).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
pub trait BlasLevel1Ext<T: Scalar> {
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
    /// `Σ xᵢ yᵢ` of `f32` vectors accumulated in `f64` (`dsdot`; `T = f32` only).
    unsafe fn dsdot(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize)
        -> Result<f64>;
    /// `xᵢ ← α·xᵢ` with a real `α`, each part scaled separately (`csscal`, `zdscal`; `scal` for
    /// real types).
    unsafe fn scal_real(&self, n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()>;
}
