//! Generic code written the way a user would: one bound for the backend (`BlasAll`), `Scalar`
//! for the element type, nothing per type; `Scalar` built on num-traits, so num-traits'
//! `Zero`/`One` in scope do not clash with it.

use gpublas_tests::*;
// In scope on purpose: with them, `T::zero()` and `T::one()` must still resolve (one trait, not
// two); `One` itself is not needed otherwise.
#[allow(unused_imports)]
use num_traits::{One, Zero};

/// `y`, `‖y‖₂`, `Σ|y|` and `yᴴ y`.
type Norms<T> = (Vec<T>, <T as Scalar>::Real, <T as Scalar>::Real, T);

/// `y ← A x` then `‖y‖₂`, `Σ|y|` and `yᴴ y`, for any backend and any of the four types, with
/// only `B: Backend + BlasAll` and `T: Scalar`.
fn norms_of_product<B: Backend + BlasAll, T: Scalar>(
    dev: &Device<B>,
    a: &[T],
    rows: usize,
    x: &[T],
) -> Result<Norms<T>, Error> {
    // `T::zero()` / `T::one()` resolve to num-traits' (a supertrait), with `Zero` and `One`
    // imported here: no ambiguity.
    let mut y = vec![T::zero(); rows];
    dev.gemv(
        Op::N,
        T::one(),
        Mat::col_major(a, rows, x.len()),
        x,
        T::zero(),
        &mut y,
    )?;
    let n2 = dev.nrm2(&y)?;
    let n1 = dev.asum(&y)?;
    let d = dev.dotc(&y, &y)?;
    Ok((y, n2, n1, d))
}

/// Plain arithmetic on the scalar types through `Scalar` alone (num-traits' operators and
/// identities, and `abs`).
fn sum_of_moduli<T: Scalar>(xs: &[T]) -> T::Real {
    let mut acc = T::Real::zero();
    for &x in xs {
        acc += x.abs();
    }
    acc
}

fn generic_code_needs_only_blas_all_and_scalar<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("generic_blas_all"));
    let (m, n) = (9, 7);
    let a: Vec<T> = rand_vec(&mut r, m * n);
    let x: Vec<T> = rand_vec(&mut r, n);
    let (y, n2, n1, d) = norms_of_product(&dev, &a, m, &x).unwrap();
    let am = read_mat(&a, Layout::col(m, n));
    let xm = M {
        rows: n,
        cols: 1,
        d: x.iter().map(|v| v.to_c()).collect(),
    };
    let (want, mag) = ref_gemm_with_mag(zr(1.0), &am, &xm, zr(0.0), &M::zeros(m, 1));
    let got = M {
        rows: m,
        cols: 1,
        d: y.iter().map(|v| v.to_c()).collect(),
    };
    assert_close::<T>("generic gemv", &got, &want, &mag, n);
    let norm2: f64 = y.iter().map(|v| v.to_c().norm_sqr()).sum::<f64>().sqrt();
    let norm1: f64 = y
        .iter()
        .map(|v| v.to_c().re.abs() + v.to_c().im.abs())
        .sum();
    assert_scalar_close::<T>(
        "generic nrm2",
        zr(real_to_f64::<T>(n2)),
        zr(norm2),
        norm2,
        m,
    );
    assert_scalar_close::<T>(
        "generic asum",
        zr(real_to_f64::<T>(n1)),
        zr(norm1),
        norm1,
        m,
    );
    assert_scalar_close::<T>(
        "generic dotc",
        d.to_c(),
        zr(norm2 * norm2),
        norm2 * norm2,
        m,
    );
    // The same function on the host backend's own static type.
    let host = Device::host();
    let (y_host, ..) = norms_of_product(&host, &a, m, &x).unwrap();
    let got_host = M {
        rows: m,
        cols: 1,
        d: y_host.iter().map(|v| v.to_c()).collect(),
    };
    assert_close::<T>("generic gemv on Device<Host>", &got_host, &want, &mag, n);
    // Scalar arithmetic from num-traits.
    let moduli: f64 = x.iter().map(|v| v.to_c().norm()).sum();
    let s = real_to_f64::<T>(sum_of_moduli(&x));
    assert_scalar_close::<T>("sum of |x|", zr(s), zr(moduli), moduli, n);
    assert!(T::one().is_one() && T::zero().is_zero() && !T::one().is_zero());
}

for_all_types!(generic_code_needs_only_blas_all_and_scalar);
