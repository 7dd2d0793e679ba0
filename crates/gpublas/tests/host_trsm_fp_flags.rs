//! Host backend only: `trsm` on non-singular triangular matrices raises neither the IEEE
//! *invalid* nor the *divide-by-zero* exception flag, as reference BLAS raises none.
//!
//! The flags are per thread, so faer runs sequentially in this test binary (its own process):
//! a flag raised on a worker thread would otherwise go unseen.

#![cfg(all(
    feature = "host",
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]

use std::os::raw::c_int;

use gpublas::{Complex32, Complex64, Device, Diag, Mat, MatMut, Op, Scalar, Side, Uplo};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[link(name = "m")]
extern "C" {
    fn feclearexcept(excepts: c_int) -> c_int;
    fn fetestexcept(excepts: c_int) -> c_int;
}

// <fenv.h> of glibc for each architecture.
#[cfg(target_arch = "x86_64")]
const FE_INVALID: c_int = 0x01;
#[cfg(target_arch = "x86_64")]
const FE_DIVBYZERO: c_int = 0x04;
#[cfg(target_arch = "aarch64")]
const FE_INVALID: c_int = 0x01;
#[cfg(target_arch = "aarch64")]
const FE_DIVBYZERO: c_int = 0x02;

const WATCHED: c_int = FE_INVALID | FE_DIVBYZERO;

fn clear_flags() {
    // SAFETY: `feclearexcept` only clears bits of this thread's floating-point status; any
    // combination of the FE_* constants is a valid argument.
    let rc = unsafe { feclearexcept(WATCHED) };
    assert_eq!(rc, 0, "feclearexcept failed");
}

/// Which of the watched flags are raised on this thread, by name.
fn raised_flags() -> Vec<&'static str> {
    // SAFETY: `fetestexcept` only reads this thread's floating-point status.
    let raised = unsafe { fetestexcept(WATCHED) };
    let mut names = Vec::new();
    if raised & FE_INVALID != 0 {
        names.push("invalid");
    }
    if raised & FE_DIVBYZERO != 0 {
        names.push("divide-by-zero");
    }
    names
}

/// A random scalar with both parts uniform in `[lo, hi)` and a random sign.
fn rand_in<T: Scalar>(r: &mut ChaCha8Rng, lo: f64, hi: f64) -> T
where
    T::Real: FromF64,
{
    let mut part = || {
        let v = r.gen_range(lo..hi);
        T::Real::from_f64(if r.gen_bool(0.5) { v } else { -v })
    };
    T::from_parts(part(), part())
}

/// The real types from `f64` (the test's only conversion need).
trait FromF64 {
    fn from_f64(v: f64) -> Self;
}
impl FromF64 for f32 {
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}
impl FromF64 for f64 {
    fn from_f64(v: f64) -> Self {
        v
    }
}

/// A well-conditioned `n × n` column-major matrix whose `uplo` triangle is a triangular factor
/// (diagonal of modulus in [1, 2), off-diagonal entries below 1/n) and whose other triangle is
/// random too (trsm must not read it).
fn triangular<T: Scalar>(r: &mut ChaCha8Rng, n: usize) -> Vec<T>
where
    T::Real: FromF64,
{
    let off = 1.0 / n as f64;
    (0..n * n)
        .map(|k| {
            if k % n == k / n {
                rand_in(r, 1.0, 2.0)
            } else {
                rand_in(r, 0.0, off)
            }
        })
        .collect()
}

fn trsm_raises_no_invalid_or_divide_by_zero_flag<T: Scalar>(name: &str)
where
    T::Real: FromF64,
{
    faer::set_global_parallelism(faer::Par::Seq);
    let dev = Device::host();
    let mut r = ChaCha8Rng::seed_from_u64(0x7253_6d00 ^ name.len() as u64);
    let sizes = (1..=70).chain(127..=129);
    let combos: Vec<(Side, Uplo, Op, Diag)> = [Side::Left, Side::Right]
        .into_iter()
        .flat_map(|s| [Uplo::Upper, Uplo::Lower].map(move |u| (s, u)))
        .flat_map(|(s, u)| [Op::N, Op::T, Op::C].map(move |o| (s, u, o)))
        .flat_map(|(s, u, o)| [Diag::NonUnit, Diag::Unit].map(move |d| (s, u, o, d)))
        .collect();
    let mut failures = Vec::new();
    for (i, n) in sizes.enumerate() {
        // Every size with one combination in turn, and the right-hand side count varied so
        // faer's split of wide right-hand sides (more than 64 columns) is covered too.
        let (side, uplo, trans, diag) = combos[i % combos.len()];
        let nrhs = [1, 3, 17, 66][i % 4];
        let a: Vec<T> = triangular(&mut r, n);
        let (bm, bn) = if side == Side::Left {
            (n, nrhs)
        } else {
            (nrhs, n)
        };
        let mut b: Vec<T> = (0..bm * bn).map(|_| rand_in(&mut r, 0.0, 1.0)).collect();
        let alpha: T = rand_in(&mut r, 0.5, 1.5);
        clear_flags();
        dev.trsm(
            side,
            uplo,
            trans,
            diag,
            alpha,
            Mat::col_major(&a, n, n),
            MatMut::col_major(&mut b, bm, bn),
        )
        .unwrap();
        let raised = raised_flags();
        if !raised.is_empty() {
            failures.push(format!(
                "n={n} nrhs={nrhs} {side:?} {uplo:?} {trans:?} {diag:?}: {raised:?}"
            ));
        }
        assert!(
            b.iter()
                .all(|v| v.re().into().is_finite() && v.im().into().is_finite()),
            "{name}: n={n}: non-finite result on a well-conditioned system"
        );
    }
    assert!(
        failures.is_empty(),
        "{name}: host trsm raised IEEE flags on non-singular input:\n{}",
        failures.join("\n")
    );
}

#[test]
fn host_trsm_raises_no_fp_flags_f32() {
    trsm_raises_no_invalid_or_divide_by_zero_flag::<f32>("f32");
}

#[test]
fn host_trsm_raises_no_fp_flags_f64() {
    trsm_raises_no_invalid_or_divide_by_zero_flag::<f64>("f64");
}

#[test]
fn host_trsm_raises_no_fp_flags_c32() {
    trsm_raises_no_invalid_or_divide_by_zero_flag::<Complex32>("c32");
}

#[test]
fn host_trsm_raises_no_fp_flags_c64() {
    trsm_raises_no_invalid_or_divide_by_zero_flag::<Complex64>("c64");
}
