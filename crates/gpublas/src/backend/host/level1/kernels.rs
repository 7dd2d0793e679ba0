//! Level 1 kernels on the host: plain loops over signed increments, in reference BLAS's walk
//! order (element `i` of `n` at `i·inc` for `inc ≥ 0`, at `(n−1−i)·(−inc)` for `inc < 0`, from
//! the lowest address `p`), so even a zero output increment gives netlib's sequential result.

use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::{Scalar, ScalarKind};

/// `y ← αx + y`, element by element in walk order.
///
/// # Safety
/// Both vectors are valid for their spans and `y` overlaps no element of `x`.
pub(super) unsafe fn axpy<T: Scalar>(
    n: usize,
    alpha: T,
    x: DevPtr,
    incx: isize,
    y: DevPtr,
    incy: isize,
) {
    for i in 0..n {
        let (xi, yi) = (elem::<T>(x, n, incx, i), elem::<T>(y, n, incy, i));
        // SAFETY: forwarded to the caller; `i < n` keeps both inside their spans.
        unsafe { *yi = alpha * *xi + *yi };
    }
}

/// `x ← αx`.
///
/// # Safety
/// `x` is valid for its span.
pub(super) unsafe fn scal<T: Scalar>(n: usize, alpha: T, x: DevPtr, incx: isize) {
    for i in 0..n {
        let xi = elem::<T>(x, n, incx, i);
        // SAFETY: forwarded to the caller.
        unsafe { *xi = alpha * *xi };
    }
}

/// `y ← x`, in walk order.
///
/// # Safety
/// As for [`axpy`].
pub(super) unsafe fn copy<T: Scalar>(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) {
    for i in 0..n {
        // SAFETY: forwarded to the caller.
        unsafe { *elem::<T>(y, n, incy, i) = *elem::<T>(x, n, incx, i) };
    }
}

/// `x ↔ y`, element by element in walk order.
///
/// # Safety
/// Both vectors are valid for their spans and do not overlap.
pub(super) unsafe fn swap<T: Scalar>(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) {
    for i in 0..n {
        // SAFETY: forwarded to the caller; the two elements are distinct.
        unsafe { std::ptr::swap(elem::<T>(x, n, incx, i), elem::<T>(y, n, incy, i)) };
    }
}

/// `Σ op(xᵢ) yᵢ` in walk order, `op` the conjugate if `conj`.
///
/// # Safety
/// Both vectors are valid for reading their spans.
pub(super) unsafe fn dot<T: Scalar>(
    conj: bool,
    n: usize,
    x: DevPtr,
    incx: isize,
    y: DevPtr,
    incy: isize,
) -> T {
    let mut acc = T::zero();
    for i in 0..n {
        // SAFETY: forwarded to the caller.
        let (xi, yi) = unsafe { (*elem::<T>(x, n, incx, i), *elem::<T>(y, n, incy, i)) };
        acc += if conj { xi.conj() } else { xi } * yi;
    }
    acc
}

/// `Σ |re xᵢ| + |im xᵢ|`.
///
/// # Safety
/// `x` is valid for reading its span.
pub(super) unsafe fn asum<T: Scalar>(n: usize, x: DevPtr, incx: isize) -> T::Real {
    let mut acc: T::Real = num_traits::zero();
    for i in 0..n {
        // SAFETY: forwarded to the caller.
        acc += unsafe { *elem::<T>(x, n, incx, i) }.abs1();
    }
    acc
}

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

/// `‖x‖₂` by Blue's algorithm ([`blue_norm`]) in the type's own precision, in walk order.
///
/// # Safety
/// `x` is valid for reading its span.
pub(super) unsafe fn nrm2<T: Scalar>(n: usize, x: DevPtr, incx: isize) -> T::Real {
    // SAFETY: forwarded to the caller; the real type matches `T`'s kind.
    unsafe {
        match T::KIND {
            ScalarKind::F32 | ScalarKind::C32 => bytemuck::cast(blue_norm_of::<T, f32>(n, x, incx)),
            ScalarKind::F64 | ScalarKind::C64 => bytemuck::cast(blue_norm_of::<T, f64>(n, x, incx)),
        }
    }
}

/// 0-based index of the first element whose `|re| + |im|` wins `better` against all before it.
///
/// # Safety
/// `x` is valid for reading its span, `n > 0`.
pub(super) unsafe fn extreme<T: Scalar>(
    n: usize,
    x: DevPtr,
    incx: isize,
    better: impl Fn(T::Real, T::Real) -> bool,
) -> usize {
    // SAFETY: forwarded to the caller.
    let mut best = unsafe { *elem::<T>(x, n, incx, 0) }.abs1();
    let mut at = 0;
    for i in 1..n {
        // SAFETY: forwarded to the caller.
        let v = unsafe { *elem::<T>(x, n, incx, i) }.abs1();
        if better(v, best) {
            best = v;
            at = i;
        }
    }
    at
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
