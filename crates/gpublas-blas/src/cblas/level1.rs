//! CBLAS level 1: the Fortran cores with scalars by value (complex ones by pointer), complex
//! dot products through an output pointer (`cblas_cdotu_sub`), and 0-based `i?amax`.

use std::ffi::c_void;

use gpublas::Scalar;

use crate::fortran::level1 as f;
use crate::raw::{CArg, FInt};

/// `y ← αx + y`.
pub unsafe fn axpy<T: CArg, I: FInt>(
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe { f::axpy::<T, I>(&n, &T::read(alpha), x, &incx, y, &incy) }
}

/// `x ← αx`.
pub unsafe fn scal<T: CArg, I: FInt>(n: I, alpha: T::Arg, x: *mut T, incx: I) {
    // SAFETY: the caller's contract.
    unsafe { f::scal::<T, I>(&n, &T::read(alpha), x, &incx) }
}

/// `x ← αx`, `α` real.
pub unsafe fn scal_real<T: CArg, I: FInt>(n: I, alpha: T::Real, x: *mut T, incx: I) {
    // SAFETY: the caller's contract.
    unsafe { f::scal_real::<T, I>(&n, &alpha, x, &incx) }
}

/// `y ← x`.
pub unsafe fn copy<T: CArg, I: FInt>(n: I, x: *const T, incx: I, y: *mut T, incy: I) {
    // SAFETY: the caller's contract.
    unsafe { f::copy::<T, I>(&n, x, &incx, y, &incy) }
}

/// `x ↔ y`.
pub unsafe fn swap<T: CArg, I: FInt>(n: I, x: *mut T, incx: I, y: *mut T, incy: I) {
    // SAFETY: the caller's contract.
    unsafe { f::swap::<T, I>(&n, x, &incx, y, &incy) }
}

/// A plane rotation with real `c`, `s`.
pub unsafe fn rot<T: CArg, I: FInt>(
    n: I,
    x: *mut T,
    incx: I,
    y: *mut T,
    incy: I,
    c: T::Real,
    s: T::Real,
) {
    // SAFETY: the caller's contract.
    unsafe { f::rot::<T, I>(&n, x, &incx, y, &incy, &c, &s) }
}

/// A modified Givens rotation.
pub unsafe fn rotm<T: CArg + Scalar<Real = T>, I: FInt>(
    n: I,
    x: *mut T,
    incx: I,
    y: *mut T,
    incy: I,
    p: *const T,
) {
    // SAFETY: the caller's contract.
    unsafe { f::rotm::<T, I>(&n, x, &incx, y, &incy, p) }
}

/// Constructs a Givens rotation.
pub unsafe fn rotg<T: CArg, I: FInt>(a: *mut T, b: *mut T, c: *mut T::Real, s: *mut T) {
    // SAFETY: the caller's contract.
    unsafe { f::rotg::<T, I>(a, b, c, s) }
}

/// Constructs a modified Givens rotation (`b2` by value).
pub unsafe fn rotmg<T: CArg + Scalar<Real = T>, I: FInt>(
    d1: *mut T,
    d2: *mut T,
    b1: *mut T,
    b2: T,
    p: *mut T,
) {
    // SAFETY: the caller's contract.
    unsafe { f::rotmg::<T, I>(d1, d2, b1, &b2, p) }
}

/// `xᵀy` (real).
pub unsafe fn dot<T: CArg, I: FInt>(n: I, x: *const T, incx: I, y: *const T, incy: I) -> T {
    // SAFETY: the caller's contract.
    unsafe { f::dot::<T, I>(&n, x, &incx, y, &incy) }
}

/// `xᵀy` (complex) into `*out`.
pub unsafe fn dotu_sub<T: CArg, I: FInt>(
    n: I,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    out: *mut c_void,
) {
    // SAFETY: the caller's contract (`out` points to a complex of type `T`).
    unsafe {
        out.cast::<T>()
            .write_unaligned(f::dotu::<T, I>(&n, x, &incx, y, &incy))
    }
}

/// `xᴴy` into `*out`.
pub unsafe fn dotc_sub<T: CArg, I: FInt>(
    n: I,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    out: *mut c_void,
) {
    // SAFETY: the caller's contract.
    unsafe {
        out.cast::<T>()
            .write_unaligned(f::dotc::<T, I>(&n, x, &incx, y, &incy))
    }
}

/// `α + xᵀy`, accumulated in double precision.
pub unsafe fn sdsdot<T: CArg, I: FInt>(
    n: I,
    alpha: f32,
    x: *const f32,
    incx: I,
    y: *const f32,
    incy: I,
) -> f32 {
    // SAFETY: the caller's contract.
    unsafe { f::sdsdot::<T, I>(&n, &alpha, x, &incx, y, &incy) }
}

/// `xᵀy` of single-precision vectors, in double precision.
pub unsafe fn dsdot<T: CArg, I: FInt>(n: I, x: *const f32, incx: I, y: *const f32, incy: I) -> f64 {
    // SAFETY: the caller's contract.
    unsafe { f::dsdot::<T, I>(&n, x, &incx, y, &incy) }
}

/// The Euclidean norm.
pub unsafe fn nrm2<T: CArg, I: FInt>(n: I, x: *const T, incx: I) -> T::Real {
    // SAFETY: the caller's contract.
    unsafe { f::nrm2::<T, I>(&n, x, &incx) }
}

/// The sum of `|re| + |im|`.
pub unsafe fn asum<T: CArg, I: FInt>(n: I, x: *const T, incx: I) -> T::Real {
    // SAFETY: the caller's contract.
    unsafe { f::asum::<T, I>(&n, x, &incx) }
}

/// The 0-based index of the first element of largest `|re| + |im|` (0 when there is none, as
/// reference CBLAS returns).
pub unsafe fn iamax<T: CArg, I: FInt>(n: I, x: *const T, incx: I) -> usize {
    // SAFETY: the caller's contract.
    let i = unsafe { f::iamax::<T, I>(&n, x, &incx) }.get();
    usize::try_from(i - 1).unwrap_or(0)
}

/// `|re(z)| + |im(z)|`.
pub unsafe fn cabs1<T: CArg, I: FInt>(z: *const T) -> T::Real {
    // SAFETY: the caller's contract.
    unsafe { f::cabs1::<T, I>(z) }
}

type C32 = gpublas::Complex32;
type C64 = gpublas::Complex64;

export!(cblas axpy => ["cblas_saxpy": f32, "cblas_daxpy": f64, "cblas_caxpy": C32, "cblas_zaxpy": C64]
    (n: I, alpha: A, x: *const T, incx: I, y: *mut T, incy: I) -> ());
export!(cblas scal => ["cblas_sscal": f32, "cblas_dscal": f64, "cblas_cscal": C32, "cblas_zscal": C64]
    (n: I, alpha: A, x: *mut T, incx: I) -> ());
export!(cblas scal_real => ["cblas_csscal": C32, "cblas_zdscal": C64]
    (n: I, alpha: R, x: *mut T, incx: I) -> ());
export!(cblas copy => ["cblas_scopy": f32, "cblas_dcopy": f64, "cblas_ccopy": C32, "cblas_zcopy": C64]
    (n: I, x: *const T, incx: I, y: *mut T, incy: I) -> ());
export!(cblas swap => ["cblas_sswap": f32, "cblas_dswap": f64, "cblas_cswap": C32, "cblas_zswap": C64]
    (n: I, x: *mut T, incx: I, y: *mut T, incy: I) -> ());
export!(cblas rot => ["cblas_srot": f32, "cblas_drot": f64, "cblas_csrot": C32, "cblas_zdrot": C64]
    (n: I, x: *mut T, incx: I, y: *mut T, incy: I, c: R, s: R) -> ());
export!(cblas rotm => ["cblas_srotm": f32, "cblas_drotm": f64]
    (n: I, x: *mut T, incx: I, y: *mut T, incy: I, p: *const T) -> ());
export!(cblas rotg => ["cblas_srotg": f32, "cblas_drotg": f64, "cblas_crotg": C32, "cblas_zrotg": C64]
    (a: *mut T, b: *mut T, c: *mut R, s: *mut T) -> ());
export!(cblas rotmg => ["cblas_srotmg": f32, "cblas_drotmg": f64]
    (d1: *mut T, d2: *mut T, b1: *mut T, b2: T, p: *mut T) -> ());
export!(cblas dot => ["cblas_sdot": f32, "cblas_ddot": f64]
    (n: I, x: *const T, incx: I, y: *const T, incy: I) -> T);
export!(cblas dotu_sub => ["cblas_cdotu_sub": C32, "cblas_zdotu_sub": C64]
    (n: I, x: *const T, incx: I, y: *const T, incy: I, out: *mut c_void) -> ());
export!(cblas dotc_sub => ["cblas_cdotc_sub": C32, "cblas_zdotc_sub": C64]
    (n: I, x: *const T, incx: I, y: *const T, incy: I, out: *mut c_void) -> ());
export!(cblas sdsdot => ["cblas_sdsdot": f32]
    (n: I, alpha: f32, x: *const f32, incx: I, y: *const f32, incy: I) -> f32);
export!(cblas dsdot => ["cblas_dsdot": f32]
    (n: I, x: *const f32, incx: I, y: *const f32, incy: I) -> f64);
export!(cblas nrm2 => ["cblas_snrm2": f32, "cblas_dnrm2": f64, "cblas_scnrm2": C32, "cblas_dznrm2": C64]
    (n: I, x: *const T, incx: I) -> R);
export!(cblas asum => ["cblas_sasum": f32, "cblas_dasum": f64, "cblas_scasum": C32, "cblas_dzasum": C64]
    (n: I, x: *const T, incx: I) -> R);
export!(cblas iamax => ["cblas_isamax": f32, "cblas_idamax": f64, "cblas_icamax": C32, "cblas_izamax": C64]
    (n: I, x: *const T, incx: I) -> usize);
export!(cblas cabs1 => ["cblas_scabs1": C32, "cblas_dcabs1": C64]
    (z: *const T) -> R);
