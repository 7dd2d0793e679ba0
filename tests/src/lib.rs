//! The shared harness of gpublas's cross-backend conformance suite.
//!
//! Every test is written once and run against whichever backend `Device::auto()` selects
//! (`GPUBLAS_BACKEND=cuda|rocm|host` forces one; a forced backend that cannot be used fails the
//! tests, it never skips them).
//!
//! Running it: `cargo test -p gpublas-tests` (whatever `Device::auto()` picks: the host without
//! GPU features); `GPUBLAS_BACKEND=cuda cargo test -p gpublas-tests --features cuda` on an NVIDIA
//! machine (`--features rocm` and `rocm` likewise). `GPUBLAS_TEST_SEED=<n>` varies every test's
//! random inputs; each test prints its seed, which the harness shows when it fails.
//!
//! What lives here:
//! - [`device`]: the device every test runs on;
//! - [`rng`]: a seeded ChaCha8 generator per test (seed from the test name, optionally mixed with
//!   `GPUBLAS_TEST_SEED`), printed so a failure can be replayed;
//! - [`TestScalar`]: the four BLAS types seen through `Complex<f64>`, with their epsilon;
//! - [`M`] and the `ref_*` functions: a naive reference BLAS computed in `Complex<f64>`, which
//!   never calls gpublas;
//! - [`Layout`] and the buffer helpers: random matrices and vectors with padding filled with a
//!   sentinel, so tests can prove elements outside an operand are never touched;
//! - [`assert_close`] and friends: tolerances scaled by the type's epsilon and the problem size;
//! - [`for_all_types!`] and friends: instantiate a generic test for each scalar type.

use std::sync::OnceLock;

pub use gpublas;
pub use gpublas::prelude::*;
pub use gpublas::{MappedSlice, MappedSliceMut};
pub use num_complex::Complex64 as Z;
use rand::{Rng, SeedableRng};
pub use rand_chacha::ChaCha8Rng;

mod layout;
mod reference;
mod reference_l1x;
mod reference_l2;
mod reference_l2_update;
mod reference_l3;
mod storage;
pub use layout::*;
pub use reference::*;
pub use reference_l1x::*;
pub use reference_l2::*;
pub use reference_l2_update::*;
pub use reference_l3::*;
pub use storage::*;

// ---------------------------------------------------------------------------------------------
// Device

/// The device every test runs on: `Device::auto()`, created once per test binary.
///
/// # Panics
/// If `Device::auto()` fails (e.g. `GPUBLAS_BACKEND=cuda` without a usable GPU): a forced backend
/// that is not there must fail the suite, not skip it.
pub fn device() -> Device {
    static DEV: OnceLock<Result<Device, String>> = OnceLock::new();
    let dev = DEV.get_or_init(|| match Device::auto() {
        Ok(d) => {
            eprintln!("gpublas-tests: running on {}", d.describe());
            for s in d.skipped() {
                eprintln!("gpublas-tests: skipped a backend: {s}");
            }
            Ok(d)
        }
        Err(e) => Err(e.to_string()),
    });
    match dev {
        Ok(d) => {
            // Printed per test (captured, shown on failure) so a failing test says where it ran.
            println!("device: {}", d.describe());
            d.clone()
        }
        Err(e) => panic!("Device::auto() failed: {e}"),
    }
}

/// A device of the same kind as [`device`], of this test's own: for tests that read the
/// device-wide counters of `Device::stats()`, which tests running beside them would change.
///
/// # Panics
/// As for [`device`].
pub fn fresh_device() -> Device {
    device();
    Device::auto().unwrap_or_else(|e| panic!("Device::auto() failed: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Random numbers

/// The variable that, when set to an integer, is mixed into every test's seed.
pub const SEED_VAR: &str = "GPUBLAS_TEST_SEED";

/// A generator seeded from `name` (use the test's name) and `GPUBLAS_TEST_SEED` if set. The seed
/// is printed; the test harness shows it when the test fails.
pub fn rng(name: &str) -> ChaCha8Rng {
    // FNV-1a: stable across platforms and Rust versions, unlike `DefaultHasher`.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let extra = std::env::var(SEED_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(e) = extra {
        h ^= e.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    println!(
        "rng seed for `{name}`: {h:#018x} ({SEED_VAR}={})",
        extra.map_or("unset".into(), |e| e.to_string())
    );
    ChaCha8Rng::seed_from_u64(h)
}

/// A uniform value in `[-1, 1)` (both parts for complex types).
pub fn rand_scalar<T: TestScalar>(rng: &mut ChaCha8Rng) -> T {
    T::from_c(Z::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
}

/// A uniform real value in `[-1, 1)`, as the type's real type.
pub fn rand_real<T: TestScalar>(rng: &mut ChaCha8Rng) -> T::Real {
    T::real(rng.gen_range(-1.0..1.0))
}

/// `n` random values.
pub fn rand_vec<T: TestScalar>(rng: &mut ChaCha8Rng, n: usize) -> Vec<T> {
    (0..n).map(|_| rand_scalar(rng)).collect()
}

/// `n` NaNs (both parts for complex types): an output that must be overwritten without being
/// read, or an input that must not be read.
pub fn poison<T: TestScalar>(n: usize) -> Vec<T> {
    vec![T::nan(); n]
}

// ---------------------------------------------------------------------------------------------
// Scalars

/// The four BLAS types, as the reference sees them.
pub trait TestScalar: Scalar {
    /// `"f32"`, `"f64"`, `"c32"` or `"c64"`.
    const NAME: &'static str;
    /// Machine epsilon of the type's precision.
    const EPS: f64;
    /// The value as `Complex<f64>` (exact).
    fn to_c(self) -> Z;
    /// The nearest value of this type (the imaginary part is dropped for real types).
    fn from_c(z: Z) -> Self;
    /// A real number as the type's real type.
    fn real(x: f64) -> Self::Real;
    /// Rounds a real `f64` to this type's precision (and back).
    fn round(x: f64) -> f64;
    /// NaN (in both parts for complex types).
    fn nan() -> Self;
    /// The bit patterns of the parts (for bit-for-bit comparisons, NaN included).
    fn bits(self) -> (u64, u64);
}

macro_rules! real_test_scalar {
    ($t:ty, $name:literal) => {
        impl TestScalar for $t {
            const NAME: &'static str = $name;
            const EPS: f64 = <$t>::EPSILON as f64;
            fn to_c(self) -> Z {
                Z::new(self as f64, 0.0)
            }
            fn from_c(z: Z) -> Self {
                z.re as $t
            }
            fn real(x: f64) -> $t {
                x as $t
            }
            fn round(x: f64) -> f64 {
                x as $t as f64
            }
            fn nan() -> Self {
                <$t>::NAN
            }
            fn bits(self) -> (u64, u64) {
                (self.to_bits() as u64, 0)
            }
        }
    };
}

macro_rules! complex_test_scalar {
    ($t:ty, $r:ty, $name:literal) => {
        impl TestScalar for $t {
            const NAME: &'static str = $name;
            const EPS: f64 = <$r>::EPSILON as f64;
            fn to_c(self) -> Z {
                Z::new(self.re as f64, self.im as f64)
            }
            fn from_c(z: Z) -> Self {
                <$t>::new(z.re as $r, z.im as $r)
            }
            fn real(x: f64) -> $r {
                x as $r
            }
            fn round(x: f64) -> f64 {
                x as $r as f64
            }
            fn nan() -> Self {
                <$t>::new(<$r>::NAN, <$r>::NAN)
            }
            fn bits(self) -> (u64, u64) {
                (self.re.to_bits() as u64, self.im.to_bits() as u64)
            }
        }
    };
}

real_test_scalar!(f32, "f32");
real_test_scalar!(f64, "f64");
complex_test_scalar!(Complex32, f32, "c32");
complex_test_scalar!(Complex64, f64, "c64");

/// A real number of `T`'s real type as `f64`.
pub fn real_to_f64<T: TestScalar>(r: T::Real) -> f64 {
    r.into()
}

/// Asserts two buffers are equal bit for bit (NaNs included).
#[track_caller]
pub fn assert_bitwise_eq<T: TestScalar>(what: &str, got: &[T], want: &[T]) {
    assert_eq!(got.len(), want.len(), "{what}: length changed");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            g.bits() == w.bits(),
            "{what}: element {i} is {g:?}, expected exactly {w:?} (bit for bit)"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Tolerances

/// Safety factor of every tolerance.
pub const TOL_FACTOR: f64 = 4.0;

/// The error bound of a sum of `k` products whose magnitudes add up to `mag`:
/// `TOL_FACTOR · eps · (k + 2) · mag` (the `+ 2` covers the α and β scalings; complex
/// arithmetic is covered by the factor).
pub fn tol<T: TestScalar>(k: usize, mag: f64) -> f64 {
    TOL_FACTOR * T::EPS * (k as f64 + 2.0) * mag
}

/// Asserts `got` (read back from a `T` buffer) matches `want` element-wise within
/// [`tol`]`(k, mag[i, j])`, on the elements where `keep(i, j)` holds. NaN never passes.
#[track_caller]
pub fn assert_close_where<T: TestScalar>(
    what: &str,
    got: &M,
    want: &M,
    mag: &M,
    k: usize,
    keep: impl Fn(usize, usize) -> bool,
) {
    assert_eq!(
        (got.rows, got.cols),
        (want.rows, want.cols),
        "{what}: shape"
    );
    let mut worst: Option<(usize, usize, f64, f64, f64)> = None;
    for j in 0..got.cols {
        for i in 0..got.rows {
            if !keep(i, j) {
                continue;
            }
            let err = (got.get(i, j) - want.get(i, j)).norm();
            let t = tol::<T>(k, mag.get(i, j).re);
            // Written so NaN fails; reports the worst element (NaN counts as infinitely bad).
            let pass = err <= t;
            if !pass {
                let ratio = if err.is_nan() {
                    f64::INFINITY
                } else {
                    err / t.max(f64::MIN_POSITIVE)
                };
                if worst.is_none_or(|(_, _, _, _, w)| ratio > w) {
                    worst = Some((i, j, err, t, ratio));
                }
            }
        }
    }
    if let Some((i, j, err, t, _)) = worst {
        panic!(
            "{what} ({}): element ({i}, {j}) is {} but the reference is {} (error {err:e} > tolerance {t:e}; {}×{}, k = {k})",
            T::NAME,
            got.get(i, j),
            want.get(i, j),
            got.rows,
            got.cols
        );
    }
}

/// [`assert_close_where`] on every element.
#[track_caller]
pub fn assert_close<T: TestScalar>(what: &str, got: &M, want: &M, mag: &M, k: usize) {
    assert_close_where::<T>(what, got, want, mag, k, |_, _| true)
}

/// Asserts a scalar result within `tol(k, mag)`.
#[track_caller]
pub fn assert_scalar_close<T: TestScalar>(what: &str, got: Z, want: Z, mag: f64, k: usize) {
    let err = (got - want).norm();
    let t = tol::<T>(k, mag);
    assert!(err <= t, "{what} ({}): got {got} but the reference is {want} (error {err:e} > tolerance {t:e}, n = {k})", T::NAME);
}

// ---------------------------------------------------------------------------------------------
// Errors

/// Asserts `r` is `Err(Error::InvalidArgument)` from `routine` naming argument `arg`.
#[track_caller]
pub fn assert_invalid<R: std::fmt::Debug>(r: Result<R, Error>, routine: &str, arg: &str) {
    match r {
        Err(Error::InvalidArgument { routine: r, arg: a, ref rule }) => {
            assert_eq!((r, a), (routine, arg), "wrong routine/argument named; rule: {rule}");
            assert!(!rule.is_empty(), "the error should say which rule was broken");
        }
        other => panic!("expected Err(InvalidArgument {{ routine: {routine:?}, arg: {arg:?}, .. }}), got {other:?}"),
    }
}

/// Asserts `r` is `Err(Error::Unsupported)` from `routine`.
#[track_caller]
pub fn assert_unsupported<R: std::fmt::Debug>(r: Result<R, Error>, routine: &str) {
    match r {
        Err(Error::Unsupported { routine: r, .. }) => assert_eq!(r, routine),
        other => panic!("expected Err(Unsupported {{ routine: {routine:?}, .. }}), got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Enumerations

/// All three ops.
pub const OPS: [Op; 3] = [Op::N, Op::T, Op::C];
/// Both triangles.
pub const UPLOS: [Uplo; 2] = [Uplo::Upper, Uplo::Lower];
/// Both sides.
pub const SIDES: [Side; 2] = [Side::Left, Side::Right];
/// Both diagonal kinds.
pub const DIAGS: [Diag; 2] = [Diag::NonUnit, Diag::Unit];
/// Both storage orders.
pub const ORDERS: [Order; 2] = [Order::ColMajor, Order::RowMajor];

/// `Complex<f64>` from a real number.
pub fn zr(x: f64) -> Z {
    Z::new(x, 0.0)
}

// ---------------------------------------------------------------------------------------------
// Instantiation per type

/// For each generic `fn name<T: TestScalar>()`, defines a module `name` with one `#[test]` per
/// scalar type: `name::f32`, `name::f64`, `name::c32`, `name::c64`.
#[macro_export]
macro_rules! for_all_types {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[test]
            fn f32() {
                super::$name::<f32>()
            }
            #[test]
            fn f64() {
                super::$name::<f64>()
            }
            #[test]
            fn c32() {
                super::$name::<$crate::gpublas::Complex32>()
            }
            #[test]
            fn c64() {
                super::$name::<$crate::gpublas::Complex64>()
            }
        }
    )*};
}

/// Like [`for_all_types!`], for `f32` and `f64` only.
#[macro_export]
macro_rules! for_real_types {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[test]
            fn f32() {
                super::$name::<f32>()
            }
            #[test]
            fn f64() {
                super::$name::<f64>()
            }
        }
    )*};
}

/// Like [`for_all_types!`], for `Complex32` and `Complex64` only.
#[macro_export]
macro_rules! for_complex_types {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[test]
            fn c32() {
                super::$name::<$crate::gpublas::Complex32>()
            }
            #[test]
            fn c64() {
                super::$name::<$crate::gpublas::Complex64>()
            }
        }
    )*};
}

/// A test name for the RNG: the generic test's name plus the type.
pub fn seed_name<T: TestScalar>(test: &str) -> String {
    format!("{test}::{}", T::NAME)
}

#[cfg(test)]
mod selftest {
    use super::*;

    #[test]
    fn reference_trsm_solves_what_it_claims() {
        let mut r = rng("selftest_trsm");
        let n = 5;
        for &side in &SIDES {
            for &uplo in &UPLOS {
                for &trans in &OPS {
                    let mut a = M::zeros(n, n);
                    for j in 0..n {
                        for i in 0..n {
                            let v: Complex64 = rand_scalar(&mut r);
                            a.set(i, j, if i == j { v + zr(n as f64) } else { v });
                        }
                    }
                    let (bm, bn) = if side == Side::Left { (n, 3) } else { (3, n) };
                    let b = M {
                        rows: bm,
                        cols: bn,
                        d: (0..bm * bn)
                            .map(|_| rand_scalar::<Complex64>(&mut r))
                            .collect(),
                    };
                    let x = ref_trsm(side, uplo, trans, Diag::NonUnit, zr(2.0), &a, &b);
                    let t = triangle(&a, uplo, Diag::NonUnit).op(trans);
                    let back = if side == Side::Left {
                        t.mul(&x)
                    } else {
                        x.mul(&t)
                    };
                    for k in 0..b.d.len() {
                        assert!(
                            (back.d[k] - b.d[k] * 2.0).norm() < 1e-12,
                            "{side:?} {uplo:?} {trans:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn layout_covers_exactly_its_elements() {
        for l in [
            Layout::col(3, 2).with_ld(5),
            Layout::row(3, 2).with_ld(4),
            Layout::col(0, 3),
        ] {
            let n = (0..l.len() + 3)
                .filter(|&k| k < l.len() && l.covers(k))
                .count();
            assert_eq!(n, l.rows * l.cols);
        }
    }

    #[test]
    fn tolerance_rejects_nan() {
        let got = M {
            rows: 1,
            cols: 1,
            d: vec![Z::new(f64::NAN, 0.0)],
        };
        let want = M {
            rows: 1,
            cols: 1,
            d: vec![zr(1.0)],
        };
        let r = std::panic::catch_unwind(|| assert_close::<f64>("nan", &got, &want, &want, 1));
        assert!(r.is_err());
    }
}
