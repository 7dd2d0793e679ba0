//! nrm2 over the whole floating-point range, for every scalar type and increment (1, 2, 3, and
//! with reference BLAS's semantics −1, −2, −3 and 0): subnormal elements, elements whose squares
//! underflow or overflow (1e±300 in double, 1e±30 in single precision, the thresholds of Blue's
//! algorithm), elements near the largest finite number, and vectors mixing all of these. The
//! reference (`ref_nrm2`) scales by a power of two and sums in double-double arithmetic, so it
//! is exact to far below the tolerance whatever the range; gaps between the elements are NaN, so
//! a read outside the vector shows.

use gpublas_tests::*;

const SIZES: [usize; 5] = [1, 2, 5, 16, 33];
const INCS: [isize; 7] = [1, 2, 3, -1, -2, -3, 0];

/// The real type's range, as `f64`s.
struct Range {
    /// Smallest positive subnormal.
    denorm_min: f64,
    /// Smallest positive normal number.
    min_normal: f64,
    /// Largest finite number.
    max: f64,
}

fn range<T: TestScalar>() -> Range {
    if T::EPS > 1e-10 {
        Range {
            denorm_min: f64::from(f32::from_bits(1)),
            min_normal: f64::from(f32::MIN_POSITIVE),
            max: f64::from(f32::MAX),
        }
    } else {
        Range {
            denorm_min: f64::from_bits(1),
            min_normal: f64::MIN_POSITIVE,
            max: f64::MAX,
        }
    }
}

/// Magnitudes that stress a norm: subnormals, around the square root of the smallest normal
/// number (where squares start to underflow) and of the largest (where they overflow), Blue's
/// thresholds, and the ends of the range.
fn magnitudes<T: TestScalar>() -> Vec<f64> {
    let r = range::<T>();
    let single = T::EPS > 1e-10;
    let (tiny, huge) = if single {
        (1e-30, 1e30)
    } else {
        (1e-300, 1e300)
    };
    // Blue's thresholds (LAPACK 3.10 `?nrm2.f90`): below tsml and above tbig the algorithm
    // switches accumulators.
    let (tsml, tbig) = if single {
        (2f64.powi(-63), 2f64.powi(52))
    } else {
        (2f64.powi(-511), 2f64.powi(486))
    };
    vec![
        r.denorm_min,
        r.denorm_min * 37.0,
        r.min_normal * 0.75,
        r.min_normal,
        tiny,
        r.min_normal.sqrt() * 0.5,
        tsml * 0.999,
        tsml,
        tsml * 1.001,
        1.0,
        tbig * 0.999,
        tbig,
        tbig * 1.001,
        r.max.sqrt() * 2.0,
        huge,
        r.max / 64.0,
    ]
}

/// A value of `T` with parts of magnitude `mag·u` (`u` random in [1/2, 1)) and random signs;
/// complex values get an imaginary part of the same kind.
fn element<T: TestScalar>(r: &mut ChaCha8Rng, mag: f64) -> T {
    let mut part = || {
        let u: f64 = rand_real::<f64>(r).abs() * 0.5 + 0.5;
        let sign = if rand_real::<f64>(r) < 0.0 { -1.0 } else { 1.0 };
        T::round(sign * mag * u)
    };
    T::from_c(Z::new(part(), part()))
}

/// Lays the logical elements `v` out with increment `inc` (one element for `inc = 0`, which
/// repeats it `n` times), NaN in every gap and in a two-element tail.
fn lay_out<T: TestScalar>(v: &[T], n: usize, inc: isize) -> Vec<T> {
    let l = VLayout::new(n, inc);
    let mut b = vec![T::nan(); l.len() + 2];
    for i in 0..n {
        b[l.idx(i)] = if inc == 0 { v[0] } else { v[i] };
    }
    b
}

/// Runs nrm2 on `v` laid out with every increment and compares it with the exact reference: an
/// infinite or zero reference must be met exactly; otherwise within `tol(n, ‖v‖)` plus `1 + √n`
/// units of the smallest subnormal. (A subnormal result has few significant bits: rounding the
/// norm of one subnormal element to them costs up to half a unit, which a zero increment's
/// `√n·‖x₀‖` multiplies by `√n`.)
#[track_caller]
fn check<T: TestScalar>(dev: &Device, what: &str, v: &[T]) {
    let n = v.len();
    let r = range::<T>();
    for inc in INCS {
        let buf = lay_out(v, n, inc);
        let l = VLayout::new(n, inc);
        let want = T::round(ref_nrm2(n, &zbuf(&buf), inc));
        let got = real_to_f64::<T>(
            dev.nrm2(l.vec(&buf))
                .unwrap_or_else(|e| panic!("{what} inc={inc}: {e}")),
        );
        let ok = if want.is_infinite() || want == 0.0 || want.is_nan() {
            got == want || (want.is_nan() && got.is_nan())
        } else {
            (got - want).abs() <= tol::<T>(n, want) + (1.0 + (n as f64).sqrt()) * r.denorm_min
        };
        assert!(
            ok,
            "nrm2 ({}) {what}, n={n}, inc={inc}: got {got:e}, the exact norm is {want:e}",
            T::NAME
        );
    }
}

fn nrm2_of_equal_magnitudes_is_exact_at_every_threshold<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nrm2_thresholds"));
    for mag in magnitudes::<T>() {
        for n in SIZES {
            let v: Vec<T> = (0..n).map(|_| element(&mut r, mag)).collect();
            check(&dev, &format!("elements of magnitude {mag:e}"), &v);
        }
    }
}

fn nrm2_of_mixed_magnitudes_keeps_every_scale<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nrm2_mixed"));
    let mags = magnitudes::<T>();
    for n in SIZES {
        for round in 0..8 {
            let v: Vec<T> = (0..n)
                .map(|_| {
                    let k = rand_real::<f64>(&mut r).abs() * mags.len() as f64;
                    element(&mut r, mags[(k as usize).min(mags.len() - 1)])
                })
                .collect();
            check(&dev, &format!("mixed magnitudes (round {round})"), &v);
        }
        // Only small elements beside one medium one, and only huge ones beside a tiny one: the
        // cases where Blue's algorithm combines two accumulators.
        let (tiny, huge) = (mags[4], mags[14]);
        let mut v: Vec<T> = (0..n).map(|_| element(&mut r, tiny)).collect();
        v[n / 2] = element(&mut r, 1.0);
        check(&dev, "tiny elements and one of magnitude 1", &v);
        let mut v: Vec<T> = (0..n).map(|_| element(&mut r, huge)).collect();
        v[0] = element(&mut r, tiny);
        check(&dev, "huge elements and one tiny one", &v);
    }
}

fn nrm2_near_the_largest_number_is_finite_until_the_norm_overflows<T: TestScalar>() {
    let dev = device();
    let max = range::<T>().max;
    let parts = if T::IS_COMPLEX { 2.0 } else { 1.0 };
    // ‖v‖ = half · √(n · parts): finite while that is at most `max`, then infinite.
    for (half, n) in [
        (max / 2.0, 1),
        (max / 4.0, 2),
        (max / 8.0, 8),
        (max / 2.0, 9),
    ] {
        let x = T::from_c(Z::new(T::round(half), T::round(half)));
        let v = vec![x; n];
        let finite = half * (n as f64 * parts).sqrt() <= max;
        check(&dev, &format!("{n} × {half:e} (finite: {finite})"), &v);
    }
}

fn nrm2_propagates_nan_and_infinity<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nrm2_nan_inf"));
    let huge = *magnitudes::<T>().last().unwrap_or(&1.0);
    for n in [1, 2, 7] {
        for at in [0, n / 2, n - 1] {
            for (special, mag) in [
                (f64::INFINITY, 1.0),
                (f64::NEG_INFINITY, huge),
                (f64::NAN, 1.0),
                (f64::NAN, huge),
            ] {
                let mut v: Vec<T> = (0..n).map(|_| element(&mut r, mag)).collect();
                v[at] = T::from_c(Z::new(special, 0.0));
                check(&dev, &format!("{special} at {at} among {mag:e}"), &v);
            }
        }
    }
}

for_all_types!(
    nrm2_of_equal_magnitudes_is_exact_at_every_threshold,
    nrm2_of_mixed_magnitudes_keeps_every_scale,
    nrm2_near_the_largest_number_is_finite_until_the_norm_overflows,
    nrm2_propagates_nan_and_infinity,
);
