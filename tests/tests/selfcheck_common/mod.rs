//! Helpers shared by the reference self-checks (`reference_selfcheck*.rs`).

// Each test file uses a different subset.
#![allow(dead_code)]

use gpublas_tests::*;

pub const NAN: Z = Z::new(f64::NAN, f64::NAN);

pub fn rz(r: &mut ChaCha8Rng, n: usize) -> Vec<Z> {
    rand_vec::<Complex64>(r, n)
        .into_iter()
        .map(|z| z.to_c())
        .collect()
}

/// Real random values (imaginary parts zero), for the real-only routines.
pub fn rr(r: &mut ChaCha8Rng, n: usize) -> Vec<Z> {
    rz(r, n).into_iter().map(|z| zr(z.re)).collect()
}

pub fn col(v: &[Z]) -> M {
    M {
        rows: v.len(),
        cols: 1,
        d: v.to_vec(),
    }
}

#[track_caller]
pub fn close(what: &str, got: &[Z], want: &[Z], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).norm() <= tol,
            "{what}: element {i} is {g}, expected {w}"
        );
    }
}

pub fn bits(v: &[Z]) -> Vec<(u64, u64)> {
    v.iter().map(|z| (z.re.to_bits(), z.im.to_bits())).collect()
}

pub const STORAGES: [Storage; 3] = [
    Storage::Full { ld: 8 },
    Storage::Band { k: 2, ld: 4 },
    Storage::Packed,
];

/// A dense 6×6 buffer (ld 8) whose elements outside band `k` (if banded) are zero, so the
/// band storage and the dense matrix describe the same matrix.
pub fn dense_for(r: &mut ChaCha8Rng, n: usize, storage: Storage) -> Vec<Z> {
    let mut a = rz(r, 8 * n);
    if let Storage::Band { k, .. } = storage {
        for j in 0..n {
            for i in 0..n {
                if i.abs_diff(j) > k {
                    a[i + j * 8] = zr(0.0);
                }
            }
        }
    }
    a
}
