//! The element types BLAS works on: [`Scalar`], sealed, implemented for `f32`, `f64`,
//! [`Complex32`] and [`Complex64`], and built on num-traits: `T::zero()`, `T::one()` and the
//! arithmetic operators come from [`num_traits::NumAssign`], so generic code that also uses
//! num-traits sees one `zero`, not two.

use std::fmt::{Debug, Display};
use std::iter::Sum;
use std::ops::Neg;

pub use num_complex::{Complex32, Complex64};
use num_traits::{Float, FromPrimitive, NumAssign};

use crate::backend::{Blas, BlasAll};

mod sealed {
    /// Seals [`Scalar`](super::Scalar), and keeps the host backend's view of each type (faer's
    /// scalar of the same layout) out of the public API.
    pub trait Sealed {
        #[cfg(feature = "host")]
        type Faer: faer::traits::ComplexField<Real: bytemuck::Pod> + bytemuck::Pod;
    }
    /// Implements [`Sealed`] for a type that is its own faer scalar.
    macro_rules! sealed {
        ($($t:ty),*) => {$(
            impl Sealed for $t {
                #[cfg(feature = "host")]
                type Faer = $t;
            }
        )*};
    }
    sealed!(f32, f64, super::Complex32, super::Complex64);
}
/// Which of the four BLAS types a [`Scalar`] is (BLAS's s, d, c, z prefixes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarKind {
    /// `f32` (BLAS `s`).
    F32,
    /// `f64` (BLAS `d`).
    F64,
    /// `Complex32` (BLAS `c`).
    C32,
    /// `Complex64` (BLAS `z`).
    C64,
}

/// A BLAS element type: `f32`, `f64`, `Complex32` or `Complex64`. Sealed.
///
/// Built on num-traits: [`NumAssign`] supplies `T::zero()`, `T::one()`, `is_zero()`, `is_one()`
/// and the arithmetic and compound-assignment operators, so bounds such as
/// `T: Scalar + num_traits::Zero` never make `T::zero()` ambiguous. Every scalar is plain old data
/// (`bytemuck::Pod`), so buffers of it move to and from a device byte for byte.
///
/// ```
/// use gpublas::Scalar;
///
/// /// Works for all four BLAS types.
/// fn sum_of_squares<T: Scalar>(xs: &[T]) -> T::Real {
///     xs.iter().map(|x| x.abs() * x.abs()).sum()
/// }
/// assert_eq!(sum_of_squares(&[3.0f64, 4.0]), 25.0);
/// assert_eq!(sum_of_squares(&[gpublas::Complex32::new(3.0, 4.0)]), 25.0);
/// ```
///
/// `T::Real` (`f32` or `f64`) is a num-traits [`Float`] and [`FromPrimitive`], so generic code
/// takes square roots, epsilons and constants as it would with num-traits alone (the crate is
/// re-exported as `gpublas::num_traits`):
///
/// ```
/// use gpublas::num_traits::{Float, FromPrimitive};
/// use gpublas::prelude::*;
///
/// /// Scales `x` so that its root-mean-square ‖x‖₂/√n is `rms`, for any of the four types.
/// fn scale_to_rms<B: BlasAll, T: Scalar>(
///     dev: &Device<B>,
///     x: &mut [T],
///     rms: f64,
/// ) -> Result<(), Error> {
///     // f32 and f64 convert from every f64 and usize (f32 rounds), so these are never None.
///     let rms = T::Real::from_f64(rms).unwrap_or_else(T::Real::nan);
///     let n = T::Real::from_usize(x.len()).unwrap_or_else(T::Real::nan);
///     let norm = dev.nrm2(&*x)?;
///     dev.scal_real(rms * n.sqrt() / norm, x)
/// }
///
/// let dev = Device::auto()?;
/// let mut x = vec![3.0f64, 0.0, 4.0, 0.0]; // ‖x‖₂ = 5, √n = 2: scaled by 0.5·2/5 = 0.2
/// scale_to_rms(&dev, &mut x, 0.5)?;
/// assert!(x.iter().zip([0.6, 0.0, 0.8, 0.0]).all(|(got, want)| (got - want).abs() < 1e-12));
/// let mut z = vec![Complex32::new(3.0, 4.0)]; // |z| = 5, n = 1: scaled by 1/5
/// scale_to_rms(&dev, &mut z, 1.0)?;
/// assert!((z[0] - Complex32::new(0.6, 0.8)).norm() < 1e-6);
/// # Ok::<(), gpublas::Error>(())
/// ```
///
/// With `Float` in scope, `r.abs()` on a generic `r: T::Real` names two methods, `Scalar::abs`
/// and `Float::abs` (which agree): write `Float::abs(r)`.
pub trait Scalar:
    sealed::Sealed
    + bytemuck::Pod
    + Default
    + Debug
    + Display
    + NumAssign
    + Neg<Output = Self>
    + Sum
    + Send
    + Sync
    + 'static
{
    /// The real type of the same precision (`Self` for real types): `f32` or `f64`, with
    /// num-traits' [`Float`] (`sqrt`, `epsilon`, `hypot`, …) and [`FromPrimitive`]
    /// (`from_f64`, `from_usize`, …).
    type Real: Scalar<Real = Self::Real> + Float + FromPrimitive + PartialOrd + Into<f64>;
    /// Which of the four types this is.
    const KIND: ScalarKind;
    /// Whether the type is complex.
    const IS_COMPLEX: bool;
    /// Embeds a real number.
    fn from_real(re: Self::Real) -> Self;
    /// Builds a value from real and imaginary parts (the imaginary part is ignored for real types).
    fn from_parts(re: Self::Real, im: Self::Real) -> Self;
    /// The real part.
    fn re(self) -> Self::Real;
    /// The imaginary part (zero for real types).
    fn im(self) -> Self::Real;
    /// The complex conjugate (identity for real types).
    fn conj(self) -> Self;
    /// `|re| + |im|`: the magnitude BLAS's `asum`, `iamax` and `iamin` use.
    fn abs1(self) -> Self::Real;
    /// The absolute value (the modulus `√(re² + im²)` for complex types, computed without
    /// undue overflow).
    fn abs(self) -> Self::Real;

    /// The same backend, seen through its `Blas<Self>` implementation (how a generic operation
    /// bounded by [`BlasAll`] reaches the routines of its own type).
    #[doc(hidden)]
    type On<B: BlasAll>: Blas<Self>;
    #[doc(hidden)]
    fn on<B: BlasAll>(backend: &B) -> &Self::On<B>;
}

/// The parts of an implementation every scalar shares.
macro_rules! scalar_common {
    () => {
        type On<B: BlasAll> = B;
        fn on<B: BlasAll>(backend: &B) -> &B {
            backend
        }
    };
}

macro_rules! real_scalar {
    ($t:ty, $kind:ident) => {
        impl Scalar for $t {
            type Real = $t;
            const KIND: ScalarKind = ScalarKind::$kind;
            const IS_COMPLEX: bool = false;
            scalar_common!();
            fn from_real(re: $t) -> Self {
                re
            }
            fn from_parts(re: $t, _im: $t) -> Self {
                re
            }
            fn re(self) -> $t {
                self
            }
            fn im(self) -> $t {
                0.0
            }
            fn conj(self) -> Self {
                self
            }
            fn abs1(self) -> $t {
                <$t>::abs(self)
            }
            fn abs(self) -> $t {
                <$t>::abs(self)
            }
        }
    };
}

macro_rules! complex_scalar {
    ($t:ty, $r:ty, $kind:ident) => {
        impl Scalar for $t {
            type Real = $r;
            const KIND: ScalarKind = ScalarKind::$kind;
            const IS_COMPLEX: bool = true;
            scalar_common!();
            fn from_real(re: $r) -> Self {
                <$t>::new(re, 0.0)
            }
            fn from_parts(re: $r, im: $r) -> Self {
                <$t>::new(re, im)
            }
            fn re(self) -> $r {
                self.re
            }
            fn im(self) -> $r {
                self.im
            }
            fn conj(self) -> Self {
                num_complex::Complex::conj(&self)
            }
            fn abs1(self) -> $r {
                self.re.abs() + self.im.abs()
            }
            fn abs(self) -> $r {
                self.norm()
            }
        }
    };
}

real_scalar!(f32, F32);
real_scalar!(f64, F64);
complex_scalar!(Complex32, f32, C32);
complex_scalar!(Complex64, f64, C64);
