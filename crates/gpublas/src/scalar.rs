//! The element types BLAS works on: [`Scalar`], sealed, implemented for `f32`, `f64`,
//! [`Complex32`] and [`Complex64`].

use std::fmt::Debug;
use std::ops::{Add, Mul, Neg, Sub};

pub use num_complex::{Complex32, Complex64};

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
    impl Sealed for super::Complex32 {}
    impl Sealed for super::Complex64 {}
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
/// Every scalar is plain old data (`bytemuck::Pod`), so buffers of it can be moved to and from a
/// device byte for byte.
pub trait Scalar:
    sealed::Sealed
    + bytemuck::Pod
    + Copy
    + Default
    + Debug
    + PartialEq
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + 'static
{
    /// The real type of the same precision (`Self` for real types).
    type Real: Scalar<Real = Self::Real> + PartialOrd + Into<f64>;
    /// The same type as faer sees it (identical layout), for the host backend.
    #[doc(hidden)]
    type Faer: faer::traits::ComplexField<Real: bytemuck::Pod> + bytemuck::Pod;
    /// Which of the four types this is.
    const KIND: ScalarKind;
    /// Whether the type is complex.
    const IS_COMPLEX: bool;
    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
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
    /// Exactly zero (both parts).
    fn is_zero(self) -> bool {
        self == Self::zero()
    }
    /// Exactly one.
    fn is_one(self) -> bool {
        self == Self::one()
    }
}

macro_rules! real_scalar {
    ($t:ty, $kind:ident) => {
        impl Scalar for $t {
            type Real = $t;
            type Faer = $t;
            const KIND: ScalarKind = ScalarKind::$kind;
            const IS_COMPLEX: bool = false;
            fn zero() -> Self {
                0.0
            }
            fn one() -> Self {
                1.0
            }
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
                self.abs()
            }
        }
    };
}

macro_rules! complex_scalar {
    ($t:ty, $r:ty, $kind:ident) => {
        impl Scalar for $t {
            type Real = $r;
            type Faer = $t;
            const KIND: ScalarKind = ScalarKind::$kind;
            const IS_COMPLEX: bool = true;
            fn zero() -> Self {
                <$t>::new(0.0, 0.0)
            }
            fn one() -> Self {
                <$t>::new(1.0, 0.0)
            }
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
        }
    };
}

real_scalar!(f32, F32);
real_scalar!(f64, F64);
complex_scalar!(Complex32, f32, C32);
complex_scalar!(Complex64, f64, C64);
