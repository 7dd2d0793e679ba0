//! `nrm2` on the host: a fast unscaled pass (the sum of squares in chunks, vectorised and
//! parallel for large `n`), trusted only where it cannot be wrong, else Blue's scaled algorithm
//! as reference BLAS 3.10 computes it. Either way the result neither overflows nor underflows
//! where the norm does not.

use super::super::chunks::{self, sum8, vectorized};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::{Scalar, ScalarKind};

/// A real type's constants for [`blue_norm`]: powers of the radix from LAPACK 3.10's
/// `?nrm2.f90` (`minexponent`, `maxexponent` and `digits` are Fortran's, so `f32`'s are −125,
/// 128, 24 and `f64`'s −1021, 1024, 53).
trait BlueReal:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// `2^⌈(minexponent − 1)/2⌉`: magnitudes below it go to the small accumulator.
    const TSML: Self;
    /// `2^⌊(maxexponent − digits + 1)/2⌋`: magnitudes above it go to the big accumulator.
    const TBIG: Self;
    /// `2^−⌊(minexponent − digits)/2⌋`: scales small magnitudes up before squaring.
    const SSML: Self;
    /// `2^−⌈(maxexponent + digits − 1)/2⌉`: scales big magnitudes down before squaring.
    const SBIG: Self;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn is_nan(self) -> bool;
}

/// `2^e` as an `f32` (a normal number: `−126 ≤ e ≤ 127`).
const fn pow2_f32(e: i32) -> f32 {
    f32::from_bits(((e + 127) as u32) << 23)
}

/// `2^e` as an `f64` (a normal number: `−1022 ≤ e ≤ 1023`).
const fn pow2_f64(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

macro_rules! blue_real {
    ($t:ty, $pow2:ident, tsml: $tsml:expr, tbig: $tbig:expr, ssml: $ssml:expr, sbig: $sbig:expr) => {
        impl BlueReal for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const TSML: Self = $pow2($tsml);
            const TBIG: Self = $pow2($tbig);
            const SSML: Self = $pow2($ssml);
            const SBIG: Self = $pow2($sbig);
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
        }
    };
}
blue_real!(f32, pow2_f32, tsml: -63, tbig: 52, ssml: 75, sbig: -76);
blue_real!(f64, pow2_f64, tsml: -511, tbig: 486, ssml: 537, sbig: -538);

/// `√(Σ pᵢ²)` of real numbers by Blue's algorithm, as reference BLAS 3.10 and later computes it
/// (`snrm2.f90`, `dnrm2.f90`, `scnrm2.f90`, `dznrm2.f90`, after Anderson, "Algorithm 978: Safe
/// Scaling in the Level 1 BLAS", ACM TOMS 44, 2017): one pass with three accumulators, for
/// magnitudes below `TSML` (scaled up), above `TBIG` (scaled down) and in between (unscaled),
/// combined at the end. Neither overflows nor underflows where the norm does not; a NaN part
/// gives NaN, an infinite one ∞ (unless a NaN is there too).
fn blue_norm<R: BlueReal>(parts: impl IntoIterator<Item = R>) -> R {
    let (mut asml, mut amed, mut abig) = (R::ZERO, R::ZERO, R::ZERO);
    let mut notbig = true;
    for p in parts {
        let ax = p.abs();
        if ax > R::TBIG {
            let s = ax * R::SBIG;
            abig = abig + s * s;
            notbig = false;
        } else if ax < R::TSML {
            // Small parts cannot matter once a big one is there.
            if notbig {
                let s = ax * R::SSML;
                asml = asml + s * s;
            }
        } else {
            // A NaN lands here: every comparison with it is false.
            amed = amed + ax * ax;
        }
    }
    let (scale, sumsq) = if abig > R::ZERO {
        if amed > R::ZERO || amed.is_nan() {
            abig = abig + (amed * R::SBIG) * R::SBIG;
        }
        (R::ONE / R::SBIG, abig)
    } else if asml > R::ZERO {
        if amed > R::ZERO || amed.is_nan() {
            let (amed, asml) = (amed.sqrt(), asml.sqrt() / R::SSML);
            let (ymin, ymax) = if asml > amed {
                (amed, asml)
            } else {
                (asml, amed)
            };
            let ratio = ymin / ymax;
            (R::ONE, ymax * ymax * (R::ONE + ratio * ratio))
        } else {
            (R::ONE / R::SSML, asml)
        }
    } else {
        (R::ONE, amed)
    };
    scale * sumsq.sqrt()
}

/// The parts (real, and imaginary for complex types) of the `n` elements in walk order, read as
/// the real type `R` of `T`, through [`blue_norm`].
///
/// # Safety
/// `x` is valid for reading its span; `R` is `T`'s real type.
unsafe fn blue_norm_of<T: Scalar, R: BlueReal>(n: usize, x: DevPtr, incx: isize) -> R {
    let parts = if T::IS_COMPLEX { 2 } else { 1 };
    debug_assert_eq!(std::mem::size_of::<T>(), parts * std::mem::size_of::<R>());
    blue_norm((0..n).flat_map(|i| {
        let e = elem::<T>(x, n, incx, i).cast::<R>();
        (0..parts).map(move |k| {
            // SAFETY: element `i` is in the span (the caller's contract), and a complex element
            // is its real and imaginary part side by side (`num_complex`'s `repr(C)`).
            unsafe { e.add(k).read() }
        })
    }))
}

/// `Σ |xᵢ|²` unscaled, in chunks of [`sum8`] added in chunk order.
///
/// # Safety
/// `x` is valid for reading its span.
unsafe fn sum_of_squares<T: Scalar>(n: usize, x: DevPtr, incx: isize) -> T::Real {
    let sq = |v: T| {
        if T::IS_COMPLEX {
            v.re() * v.re() + v.im() * v.im()
        } else {
            v.re() * v.re()
        }
    };
    let zero: T::Real = num_traits::zero();
    chunks::reduce(
        n,
        |r| {
            vectorized(
                #[inline(always)]
                || {
                    if incx == 1 {
                        sum8(
                            r.len(),
                            zero,
                            #[inline(always)]
                            |k| {
                                // SAFETY: forwarded to the caller; `r.start + k < n`.
                                sq(unsafe { *x.cast::<T>().add(r.start + k) })
                            },
                        )
                    } else {
                        sum8(
                            r.len(),
                            zero,
                            #[inline(always)]
                            |k| {
                                // SAFETY: forwarded to the caller.
                                sq(unsafe { *elem::<T>(x, n, incx, r.start + k) })
                            },
                        )
                    }
                },
            )
        },
        |a, b| a + b,
    )
    .unwrap_or(zero)
}

/// `‖x‖₂`. The unscaled sum of squares `s` stands where it cannot be wrong: finite (no square
/// and no partial sum overflowed) and `s ≥ 2n·λ/ε` for the smallest normal number `λ` and
/// epsilon `ε` (squares that underflowed, each below `λ`, then change it by less than half an
/// ulp). Otherwise (huge, tiny, zero, infinite or NaN elements) Blue's algorithm decides.
///
/// # Safety
/// `x` is valid for reading its span.
pub(super) unsafe fn nrm2<T: Scalar>(n: usize, x: DevPtr, incx: isize) -> T::Real {
    // SAFETY: forwarded to the caller.
    let s = unsafe { sum_of_squares::<T>(n, x, incx) };
    let (min_normal, eps) = match T::KIND {
        ScalarKind::F32 | ScalarKind::C32 => {
            (f64::from(f32::MIN_POSITIVE), f64::from(f32::EPSILON))
        }
        ScalarKind::F64 | ScalarKind::C64 => (f64::MIN_POSITIVE, f64::EPSILON),
    };
    let sf: f64 = s.into();
    if sf.is_finite() && sf >= 2.0 * n as f64 * (min_normal / eps) {
        return num_traits::Float::sqrt(s);
    }
    // SAFETY: forwarded to the caller; the real type matches `T`'s kind.
    unsafe {
        match T::KIND {
            ScalarKind::F32 | ScalarKind::C32 => bytemuck::cast(blue_norm_of::<T, f32>(n, x, incx)),
            ScalarKind::F64 | ScalarKind::C64 => bytemuck::cast(blue_norm_of::<T, f64>(n, x, incx)),
        }
    }
}

/// Small enough for Miri, which checks that only the vector's elements are read.
#[cfg(test)]
mod tests {
    use super::nrm2;
    use crate::backend::DevPtr;
    use num_complex::Complex32;

    #[test]
    fn nrm2_walks_a_strided_vector_in_every_accumulator() {
        // (3, 4)·s and 12·s with s tiny, then huge: ‖x‖ = 13·s; the gaps are never read.
        for s in [1e-30f32, 1.0, 1e30] {
            let mut buf = vec![Complex32::new(f32::NAN, f32::NAN); 5];
            buf[0] = Complex32::new(3.0 * s, -4.0 * s);
            buf[3] = Complex32::new(0.0, 12.0 * s);
            let x = DevPtr::from_raw(buf.as_mut_ptr().cast());
            // SAFETY: two elements three apart lie inside the five-element buffer.
            let got = unsafe { nrm2::<Complex32>(2, x, 3) };
            assert!(
                (got - 13.0 * s).abs() <= 4.0 * f32::EPSILON * 13.0 * s,
                "{s:e}: {got:e}"
            );
            // SAFETY: as above, walked from the end.
            let back = unsafe { nrm2::<Complex32>(2, x, -3) };
            assert_eq!(back, got);
        }
    }
}
