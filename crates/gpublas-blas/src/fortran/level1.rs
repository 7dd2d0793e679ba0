//! Level 1: vector operations (no argument errors: `n ≤ 0` returns at once, increments follow
//! reference BLAS, which gpublas implements).

use gpublas::{Scalar, Vector, VectorMut};

use crate::raw::{
    dim, gather, input, input_vec, int, outputs_overlap, scatter, val, vspan, FInt, Out,
};
use crate::route::{run, Level};

/// A strided input vector over `data` for gpublas.
fn v<T>(data: &[T], n: usize, inc: i64) -> Vector<'_, [T]> {
    Vector::strided(data, n, inc as isize)
}

/// A strided output vector over `data` for gpublas.
fn vm<T>(data: &mut [T], n: usize, inc: i64) -> VectorMut<'_, [T]> {
    VectorMut::strided(data, n, inc as isize)
}

/// `y ← αx + y`.
pub unsafe fn axpy<T: Scalar, I: FInt>(
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, alpha, incx, incy) = unsafe { (int(n), val(alpha), int(incx), int(incy)) };
    if n <= 0 || alpha.is_zero() {
        return;
    }
    let yo = Out::new(y, vspan(n, incy));
    // SAFETY: the arrays span what their arguments say (the BLAS contract); `x` is copied if
    // it overlaps `y`.
    let ((xs, incx), ys) = unsafe { (input_vec(x, n, incx, &[yo.region()]), yo.slice()) };
    let n = dim(n);
    run("axpy", Level::L1, 2.0 * n as f64, |d| {
        d.axpy(alpha, v(&xs, n, incx), vm(ys, n, incy))
    })
}

/// `x ← αx` (`incx ≤ 0` does nothing, as in reference BLAS).
pub unsafe fn scal<T: Scalar, I: FInt>(n: *const I, alpha: *const T, x: *mut T, incx: *const I) {
    // SAFETY: Fortran scalar arguments.
    let (n, alpha, incx) = unsafe { (int(n), val(alpha), int(incx)) };
    if n <= 0 || incx <= 0 {
        return;
    }
    // SAFETY: the array spans what its arguments say.
    let xs = unsafe { Out::new(x, vspan(n, incx)).slice() };
    let n = dim(n);
    run("scal", Level::L1, n as f64, |d| {
        d.scal(alpha, vm(xs, n, incx))
    })
}

/// `x ← αx` with a real `α` (`csscal`, `zdscal`).
pub unsafe fn scal_real<T: Scalar, I: FInt>(
    n: *const I,
    alpha: *const T::Real,
    x: *mut T,
    incx: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, alpha, incx) = unsafe { (int(n), val(alpha), int(incx)) };
    if n <= 0 || incx <= 0 {
        return;
    }
    // SAFETY: the array spans what its arguments say.
    let xs = unsafe { Out::new(x, vspan(n, incx)).slice() };
    let n = dim(n);
    run("scal", Level::L1, n as f64, |d| {
        d.scal_real(alpha, vm(xs, n, incx))
    })
}

/// `y ← x`.
pub unsafe fn copy<T: Scalar, I: FInt>(
    n: *const I,
    x: *const T,
    incx: *const I,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy) = unsafe { (int(n), int(incx), int(incy)) };
    if n <= 0 {
        return;
    }
    let yo = Out::new(y, vspan(n, incy));
    // SAFETY: as in `axpy`.
    let ((xs, incx), ys) = unsafe { (input_vec(x, n, incx, &[yo.region()]), yo.slice()) };
    let n = dim(n);
    run("copy", Level::L1, n as f64, |d| {
        d.copy(v(&xs, n, incx), vm(ys, n, incy))
    })
}

/// Runs `f` on two output vectors: as slices when their spans are apart, else on contiguous
/// copies of their elements written back afterwards (rows of one matrix interleave).
///
/// # Safety
/// Both arrays span what their arguments say.
unsafe fn two_outputs<T: Scalar>(
    n: i64,
    x: *mut T,
    incx: i64,
    y: *mut T,
    incy: i64,
    f: impl FnOnce(VectorMut<'_, [T]>, VectorMut<'_, [T]>),
) {
    let (xo, yo) = (Out::new(x, vspan(n, incx)), Out::new(y, vspan(n, incy)));
    let n = dim(n);
    if outputs_overlap(&xo, &yo) {
        // SAFETY: the caller's contract.
        let (mut xs, mut ys) = unsafe { (gather(x, n, incx), gather(y, n, incy)) };
        f(vm(&mut xs, n, 1), vm(&mut ys, n, 1));
        // SAFETY: the caller's contract.
        unsafe { (scatter(x, &xs, incx), scatter(y, &ys, incy)) };
    } else {
        // SAFETY: the caller's contract; the spans are disjoint.
        let (xs, ys) = unsafe { (xo.slice(), yo.slice()) };
        f(vm(xs, n, incx), vm(ys, n, incy));
    }
}

/// `x ↔ y`.
pub unsafe fn swap<T: Scalar, I: FInt>(
    n: *const I,
    x: *mut T,
    incx: *const I,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy) = unsafe { (int(n), int(incx), int(incy)) };
    if n <= 0 {
        return;
    }
    // SAFETY: the arrays span what their arguments say.
    unsafe {
        two_outputs(n, x, incx, y, incy, |mut xv, mut yv| {
            run("swap", Level::L1, n as f64, |d| {
                d.swap(xv.reborrow(), yv.reborrow())
            })
        })
    }
}

/// Applies a plane rotation with real `c` and `s` (`srot`, `drot`, `csrot`, `zdrot`).
pub unsafe fn rot<T: Scalar, I: FInt>(
    n: *const I,
    x: *mut T,
    incx: *const I,
    y: *mut T,
    incy: *const I,
    c: *const T::Real,
    s: *const T::Real,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy, c, s) = unsafe { (int(n), int(incx), int(incy), val(c), val(s)) };
    if n <= 0 {
        return;
    }
    // SAFETY: the arrays span what their arguments say.
    unsafe {
        two_outputs(n, x, incx, y, incy, |mut xv, mut yv| {
            run("rot", Level::L1, 6.0 * n as f64, |d| {
                d.rot(xv.reborrow(), yv.reborrow(), c, s)
            })
        })
    }
}

/// Applies a modified Givens rotation (`srotm`, `drotm`).
pub unsafe fn rotm<T: Scalar<Real = T>, I: FInt>(
    n: *const I,
    x: *mut T,
    incx: *const I,
    y: *mut T,
    incy: *const I,
    param: *const T,
) {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy) = unsafe { (int(n), int(incx), int(incy)) };
    if n <= 0 {
        return;
    }
    // SAFETY: PARAM is an array of 5.
    let p: [T; 5] = std::array::from_fn(|i| unsafe { val(param.add(i)) });
    // SAFETY: the arrays span what their arguments say.
    unsafe {
        two_outputs(n, x, incx, y, incy, |mut xv, mut yv| {
            run("rotm", Level::L1, 6.0 * n as f64, |d| {
                d.rotm(xv.reborrow(), yv.reborrow(), p)
            })
        })
    }
}

/// Which dot product.
#[derive(Clone, Copy)]
enum Dot {
    Plain,
    Unconj,
    Conj,
}

/// A dot product (`n ≤ 0`: 0).
///
/// # Safety
/// The arrays span what their arguments say.
unsafe fn dot_any<T: Scalar, I: FInt>(
    kind: Dot,
    n: *const I,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
) -> T {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy) = unsafe { (int(n), int(incx), int(incy)) };
    if n <= 0 {
        return T::zero();
    }
    // SAFETY: the caller's contract; nothing is written.
    let (xs, ys) = unsafe { (input(x, vspan(n, incx), &[]), input(y, vspan(n, incy), &[])) };
    let n = dim(n);
    run("dot", Level::L1, 2.0 * n as f64, |d| {
        let (xv, yv) = (v(&xs, n, incx), v(&ys, n, incy));
        match kind {
            Dot::Plain => d.dot(xv, yv),
            Dot::Unconj => d.dotu(xv, yv),
            Dot::Conj => d.dotc(xv, yv),
        }
    })
}

/// `xᵀy` (real types).
pub unsafe fn dot<T: Scalar, I: FInt>(
    n: *const I,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
) -> T {
    // SAFETY: the caller's contract.
    unsafe { dot_any::<T, I>(Dot::Plain, n, x, incx, y, incy) }
}

/// `xᵀy` (complex, unconjugated), returned by value as gfortran returns `COMPLEX`.
pub unsafe fn dotu<T: Scalar, I: FInt>(
    n: *const I,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
) -> T {
    // SAFETY: the caller's contract.
    unsafe { dot_any::<T, I>(Dot::Unconj, n, x, incx, y, incy) }
}

/// `xᴴy`, returned by value.
pub unsafe fn dotc<T: Scalar, I: FInt>(
    n: *const I,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
) -> T {
    // SAFETY: the caller's contract.
    unsafe { dot_any::<T, I>(Dot::Conj, n, x, incx, y, incy) }
}

/// `sb + xᵀy` accumulated in double precision (`sdsdot`; `T` is `f32`).
pub unsafe fn sdsdot<T: Scalar, I: FInt>(
    n: *const I,
    sb: *const f32,
    x: *const f32,
    incx: *const I,
    y: *const f32,
    incy: *const I,
) -> f32 {
    // SAFETY: Fortran scalar arguments.
    let (n, sb, incx, incy) = unsafe { (int(n), val(sb), int(incx), int(incy)) };
    if n <= 0 {
        return sb;
    }
    // SAFETY: the arrays span what their arguments say; nothing is written.
    let (xs, ys) = unsafe { (input(x, vspan(n, incx), &[]), input(y, vspan(n, incy), &[])) };
    let n = dim(n);
    run("sdsdot", Level::L1, 2.0 * n as f64, |d| {
        d.sdsdot(sb, v(&xs, n, incx), v(&ys, n, incy))
    })
}

/// `xᵀy` of single-precision vectors accumulated and returned in double (`dsdot`).
pub unsafe fn dsdot<T: Scalar, I: FInt>(
    n: *const I,
    x: *const f32,
    incx: *const I,
    y: *const f32,
    incy: *const I,
) -> f64 {
    // SAFETY: Fortran scalar arguments.
    let (n, incx, incy) = unsafe { (int(n), int(incx), int(incy)) };
    if n <= 0 {
        return 0.0;
    }
    // SAFETY: the arrays span what their arguments say; nothing is written.
    let (xs, ys) = unsafe { (input(x, vspan(n, incx), &[]), input(y, vspan(n, incy), &[])) };
    let n = dim(n);
    run("dsdot", Level::L1, 2.0 * n as f64, |d| {
        d.dsdot(v(&xs, n, incx), v(&ys, n, incy))
    })
}

/// Reads a one-vector input (`n ≤ 0` or `incx ≤ 0`: `None`, reference BLAS's early return).
///
/// # Safety
/// The array spans what its arguments say.
unsafe fn one_vector<'a, T: Scalar, I: FInt>(
    n: *const I,
    x: *const T,
    incx: *const I,
    neg_inc_ok: bool,
) -> Option<(crate::raw::Held<'a, T>, usize, i64)> {
    // SAFETY: Fortran scalar arguments.
    let (n, incx) = unsafe { (int(n), int(incx)) };
    if n <= 0 || (incx <= 0 && !neg_inc_ok) {
        return None;
    }
    // SAFETY: the caller's contract; nothing is written.
    let xs = unsafe { input(x, vspan(n, incx), &[]) };
    Some((xs, dim(n), incx))
}

/// The Euclidean norm (`snrm2`, `dnrm2`, `scnrm2`, `dznrm2`; any increment, as in 3.10+).
pub unsafe fn nrm2<T: Scalar, I: FInt>(n: *const I, x: *const T, incx: *const I) -> T::Real {
    // SAFETY: the caller's contract.
    let Some((xs, n, incx)) = (unsafe { one_vector(n, x, incx, true) }) else {
        return T::Real::zero();
    };
    run("nrm2", Level::L1, 2.0 * n as f64, |d| {
        d.nrm2(v(&xs, n, incx))
    })
}

/// The sum of `|re| + |im|` (`sasum`, `dasum`, `scasum`, `dzasum`).
pub unsafe fn asum<T: Scalar, I: FInt>(n: *const I, x: *const T, incx: *const I) -> T::Real {
    // SAFETY: the caller's contract.
    let Some((xs, n, incx)) = (unsafe { one_vector(n, x, incx, false) }) else {
        return T::Real::zero();
    };
    run("asum", Level::L1, n as f64, |d| d.asum(v(&xs, n, incx)))
}

/// The 1-based index of the first element of largest `|re| + |im|` (0 for an empty vector).
pub unsafe fn iamax<T: Scalar, I: FInt>(n: *const I, x: *const T, incx: *const I) -> I {
    // SAFETY: the caller's contract.
    let Some((xs, n, incx)) = (unsafe { one_vector(n, x, incx, false) }) else {
        return I::from_i64(0);
    };
    let i = run("iamax", Level::L1, n as f64, |d| d.iamax(v(&xs, n, incx)));
    I::from_i64(i.map_or(0, |i| i as i64 + 1))
}

/// Constructs a Givens rotation: `a ← r`, `c`, `s`, and for real types `b ← z`.
pub unsafe fn rotg<T: Scalar, I: FInt>(a: *mut T, b: *mut T, c: *mut T::Real, s: *mut T) {
    // SAFETY: Fortran scalar arguments.
    let (av, bv) = unsafe { (val(a), val(b)) };
    let g = run("rotg", Level::L1, 0.0, |d| d.rotg(av, bv));
    // SAFETY: Fortran scalar arguments, all written by reference `?rotg`.
    unsafe {
        a.write_unaligned(g.r);
        c.write_unaligned(g.c);
        s.write_unaligned(g.s);
        if let Some(z) = g.z {
            b.write_unaligned(z);
        }
    }
}

/// Constructs a modified Givens rotation (`srotmg`, `drotmg`).
pub unsafe fn rotmg<T: Scalar<Real = T>, I: FInt>(
    d1: *mut T,
    d2: *mut T,
    x1: *mut T,
    y1: *const T,
    param: *mut T,
) {
    // SAFETY: Fortran scalar arguments.
    let (a, b, c, e) = unsafe { (val(d1), val(d2), val(x1), val(y1)) };
    let g = run("rotmg", Level::L1, 0.0, |d| d.rotmg(a, b, c, e));
    // SAFETY: Fortran scalar arguments and PARAM (5 elements).
    unsafe {
        d1.write_unaligned(g.d1);
        d2.write_unaligned(g.d2);
        x1.write_unaligned(g.x1);
        for (i, p) in g.param.iter().enumerate() {
            param.add(i).write_unaligned(*p);
        }
    }
}

/// `|re(z)| + |im(z)|` (`scabs1`, `dcabs1`).
pub unsafe fn cabs1<T: Scalar, I: FInt>(z: *const T) -> T::Real {
    // SAFETY: a Fortran scalar argument.
    unsafe { val(z) }.abs1()
}

use gpublas::num_traits::Zero as _;

export!(axpy => ["saxpy": f32, "daxpy": f64, "caxpy": gpublas::Complex32, "zaxpy": gpublas::Complex64]
    (n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *mut T, incy: *const I) -> ());
export!(scal => ["sscal": f32, "dscal": f64, "cscal": gpublas::Complex32, "zscal": gpublas::Complex64]
    (n: *const I, alpha: *const T, x: *mut T, incx: *const I) -> ());
export!(scal_real => ["csscal": gpublas::Complex32, "zdscal": gpublas::Complex64]
    (n: *const I, alpha: *const R, x: *mut T, incx: *const I) -> ());
export!(copy => ["scopy": f32, "dcopy": f64, "ccopy": gpublas::Complex32, "zcopy": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I, y: *mut T, incy: *const I) -> ());
export!(swap => ["sswap": f32, "dswap": f64, "cswap": gpublas::Complex32, "zswap": gpublas::Complex64]
    (n: *const I, x: *mut T, incx: *const I, y: *mut T, incy: *const I) -> ());
export!(rot => ["srot": f32, "drot": f64, "csrot": gpublas::Complex32, "zdrot": gpublas::Complex64]
    (n: *const I, x: *mut T, incx: *const I, y: *mut T, incy: *const I, c: *const R, s: *const R) -> ());
export!(rotm => ["srotm": f32, "drotm": f64]
    (n: *const I, x: *mut T, incx: *const I, y: *mut T, incy: *const I, param: *const T) -> ());
export!(dot => ["sdot": f32, "ddot": f64]
    (n: *const I, x: *const T, incx: *const I, y: *const T, incy: *const I) -> T);
export!(dotu => ["cdotu": gpublas::Complex32, "zdotu": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I, y: *const T, incy: *const I) -> T);
export!(dotc => ["cdotc": gpublas::Complex32, "zdotc": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I, y: *const T, incy: *const I) -> T);
export!(sdsdot => ["sdsdot": f32]
    (n: *const I, sb: *const f32, x: *const f32, incx: *const I, y: *const f32, incy: *const I) -> f32);
export!(dsdot => ["dsdot": f32]
    (n: *const I, x: *const f32, incx: *const I, y: *const f32, incy: *const I) -> f64);
export!(nrm2 => ["snrm2": f32, "dnrm2": f64, "scnrm2": gpublas::Complex32, "dznrm2": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I) -> R);
export!(asum => ["sasum": f32, "dasum": f64, "scasum": gpublas::Complex32, "dzasum": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I) -> R);
export!(iamax => ["isamax": f32, "idamax": f64, "icamax": gpublas::Complex32, "izamax": gpublas::Complex64]
    (n: *const I, x: *const T, incx: *const I) -> I);
export!(rotg => ["srotg": f32, "drotg": f64, "crotg": gpublas::Complex32, "zrotg": gpublas::Complex64]
    (a: *mut T, b: *mut T, c: *mut R, s: *mut T) -> ());
export!(rotmg => ["srotmg": f32, "drotmg": f64]
    (d1: *mut T, d2: *mut T, x1: *mut T, y1: *const T, param: *mut T) -> ());
export!(cabs1 => ["scabs1": gpublas::Complex32, "dcabs1": gpublas::Complex64]
    (z: *const T) -> R);
