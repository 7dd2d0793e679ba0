//! Level 1 kernels on the host over signed increments, in reference BLAS's walk order (element
//! `i` of `n` at `i·inc` for `inc ≥ 0`, at `(n−1−i)·(−inc)` for `inc < 0`, from the lowest
//! address `p`). Element-wise routines run in fixed chunks ([`chunks`](super::super::chunks)),
//! in parallel for large `n`, with slice loops the compiler vectorises for unit increments; a
//! zero output increment keeps netlib's sequential loop and result. Sums ([`sum8`](super::super::chunks::sum8)) keep eight
//! partial sums per chunk, combined the same way whatever the increment or thread count.

use std::ops::{Add, Range};

use super::super::chunks::{self, sum8, vectorized, CHUNK};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::Scalar;

/// Elements `r` of a unit-increment vector as a slice.
///
/// # Safety
/// `p` is valid for reading elements `r` for `'a`, and nothing writes them meanwhile.
unsafe fn slice<'a, T>(p: DevPtr, r: &Range<usize>) -> &'a [T] {
    // SAFETY: forwarded to the caller.
    unsafe { std::slice::from_raw_parts(p.cast::<T>().add(r.start), r.len()) }
}

/// Elements `r` of a unit-increment vector as a mutable slice.
///
/// # Safety
/// `p` is valid for reading and writing elements `r` for `'a`, and nothing else accesses them
/// meanwhile.
unsafe fn slice_mut<'a, T>(p: DevPtr, r: &Range<usize>) -> &'a mut [T] {
    // SAFETY: forwarded to the caller.
    unsafe { std::slice::from_raw_parts_mut(p.cast::<T>().add(r.start), r.len()) }
}

/// Runs `f` on the chunks of `0..n` (in parallel for large `n`), each vectorised. `f` and the
/// closures it calls are inlined (`#[inline(always)]` at the call sites) into the code
/// [`vectorized`] compiles for the CPU's widest instructions: a closure left out of line would be
/// compiled for the baseline instruction set and its loop would not use them.
#[inline(always)]
fn each_chunk(n: usize, f: impl Fn(Range<usize>) + Sync) {
    chunks::for_each_chunk(n, CHUNK, n, |r| {
        vectorized(
            #[inline(always)]
            || f(r),
        )
    });
}

/// `y ← αx + y`.
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
    // Closures capture `alpha` by value: a captured reference could alias the output as far as
    // the compiler knows, and `alpha` would be reloaded after every store.
    let serial = move |r: Range<usize>| {
        for i in r {
            let (xi, yi) = (elem::<T>(x, n, incx, i), elem::<T>(y, n, incy, i));
            // SAFETY: forwarded to the caller; `i < n` keeps both inside their spans.
            unsafe { *yi = alpha * *xi + *yi };
        }
    };
    if incy == 0 {
        return serial(0..n);
    }
    each_chunk(
        n,
        #[inline(always)]
        move |r| {
            let alpha = alpha;
            if incx == 1 && incy == 1 {
                // SAFETY: chunks are disjoint and `y` overlaps no element of `x`.
                let (xs, ys) = unsafe { (slice::<T>(x, &r), slice_mut::<T>(y, &r)) };
                for (yi, &xi) in ys.iter_mut().zip(xs) {
                    *yi = alpha * xi + *yi;
                }
            } else {
                serial(r);
            }
        },
    );
}

/// `x ← f(x)` element-wise (`scal` and friends).
///
/// # Safety
/// `x` is valid for its span.
pub(super) unsafe fn map<T: Scalar>(
    n: usize,
    x: DevPtr,
    incx: isize,
    f: impl Fn(T) -> T + Sync + Copy,
) {
    // `f` is copied into each chunk's frame (see `axpy`).
    let serial = move |r: Range<usize>| {
        let f = f;
        for i in r {
            let xi = elem::<T>(x, n, incx, i);
            // SAFETY: forwarded to the caller.
            unsafe { *xi = f(*xi) };
        }
    };
    if incx == 0 {
        return serial(0..n);
    }
    each_chunk(
        n,
        #[inline(always)]
        move |r| {
            let f = f;
            if incx == 1 {
                // SAFETY: chunks are disjoint.
                for xi in unsafe { slice_mut::<T>(x, &r) } {
                    *xi = f(*xi);
                }
            } else {
                serial(r);
            }
        },
    );
}

/// `y ← x`.
///
/// # Safety
/// As for [`axpy`].
pub(super) unsafe fn copy<T: Scalar>(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) {
    let serial = |r: Range<usize>| {
        for i in r {
            // SAFETY: forwarded to the caller.
            unsafe { *elem::<T>(y, n, incy, i) = *elem::<T>(x, n, incx, i) };
        }
    };
    if incy == 0 {
        return serial(0..n);
    }
    each_chunk(
        n,
        #[inline(always)]
        |r| {
            if incx == 1 && incy == 1 {
                // SAFETY: as for `axpy`.
                unsafe { slice_mut::<T>(y, &r).copy_from_slice(slice::<T>(x, &r)) };
            } else {
                serial(r);
            }
        },
    );
}

/// `(xᵢ, yᵢ) ← f(xᵢ, yᵢ)` for every element pair (`swap`, the rotations).
///
/// # Safety
/// Both vectors are valid for their spans and do not overlap.
pub(super) unsafe fn map2<T: Scalar>(
    n: usize,
    (x, incx): (DevPtr, isize),
    (y, incy): (DevPtr, isize),
    f: impl Fn(T, T) -> (T, T) + Sync + Copy,
) {
    let serial = move |r: Range<usize>| {
        let f = f;
        for i in r {
            let (xi, yi) = (elem::<T>(x, n, incx, i), elem::<T>(y, n, incy, i));
            // SAFETY: forwarded to the caller; the two elements are distinct.
            unsafe { (*xi, *yi) = f(*xi, *yi) };
        }
    };
    if incx == 0 || incy == 0 {
        return serial(0..n);
    }
    each_chunk(
        n,
        #[inline(always)]
        move |r| {
            let f = f;
            if incx == 1 && incy == 1 {
                // SAFETY: chunks are disjoint and the vectors do not overlap.
                let (xs, ys) = unsafe { (slice_mut::<T>(x, &r), slice_mut::<T>(y, &r)) };
                for (xi, yi) in xs.iter_mut().zip(ys) {
                    (*xi, *yi) = f(*xi, *yi);
                }
            } else {
                serial(r);
            }
        },
    );
}

/// `Σ term(i)` over the `n` walk indices, by chunks of [`sum8`] added in chunk order.
#[inline(always)]
fn sum<A: Copy + Add<Output = A> + Send + Sync>(
    n: usize,
    zero: A,
    term: impl Fn(usize) -> A + Sync,
) -> A {
    chunks::reduce(
        n,
        |r| {
            vectorized(
                #[inline(always)]
                || {
                    sum8(
                        r.len(),
                        zero,
                        #[inline(always)]
                        |k| term(r.start + k),
                    )
                },
            )
        },
        |a, b| a + b,
    )
    .unwrap_or(zero)
}

/// `Σ op(xᵢ) yᵢ`, `op` the conjugate if `conj`.
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
    let op = move |v: T| if conj { v.conj() } else { v };
    if incx == 1 && incy == 1 {
        // SAFETY: forwarded to the caller; `i < n`.
        return sum(
            n,
            T::zero(),
            #[inline(always)]
            |i| unsafe { op(*x.cast::<T>().add(i)) * *y.cast::<T>().add(i) },
        );
    }
    sum(
        n,
        T::zero(),
        #[inline(always)]
        |i| {
            // SAFETY: forwarded to the caller.
            let (xi, yi) = unsafe { (*elem::<T>(x, n, incx, i), *elem::<T>(y, n, incy, i)) };
            op(xi) * yi
        },
    )
}

/// `Σ |re xᵢ| + |im xᵢ|`.
///
/// # Safety
/// `x` is valid for reading its span.
pub(super) unsafe fn asum<T: Scalar>(n: usize, x: DevPtr, incx: isize) -> T::Real {
    let zero: T::Real = num_traits::zero();
    if incx == 1 {
        // SAFETY: forwarded to the caller; `i < n`.
        return sum(
            n,
            zero,
            #[inline(always)]
            |i| unsafe { *x.cast::<T>().add(i) }.abs1(),
        );
    }
    // SAFETY: forwarded to the caller.
    sum(
        n,
        zero,
        #[inline(always)]
        |i| unsafe { *elem::<T>(x, n, incx, i) }.abs1(),
    )
}
