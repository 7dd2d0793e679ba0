//! Level 1 on the host: plain loops over signed increments, in reference BLAS's walk order
//! (element `i` of `n` at `i·inc` for `inc ≥ 0`, at `(n−1−i)·(−inc)` for `inc < 0`, from the
//! lowest address `p`), so even a zero output increment gives netlib's sequential result.

use crate::backend::DevPtr;
use crate::scalar::Scalar;

/// Element `i` of the `n`-element vector at `p` with increment `inc` (wrapping: the address is
/// only computed here; callers dereference it under their own safety contract).
pub(super) fn elem<T>(p: DevPtr, n: usize, inc: isize, i: usize) -> *mut T {
    let k = if inc >= 0 {
        i * inc.unsigned_abs()
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    };
    p.cast::<T>().wrapping_add(k)
}

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
