//! The level-3 additions and extensions on tiny problems, on the host backend (zero-copy), the
//! emulated discrete device and its asynchronous form: the paths with raw-pointer work of their
//! own (device arrays of matrix addresses, trmm and geam in place, symm's diagonal pass after
//! faer's products), small enough to run under Miri, which checks every pointer they derive:
//! `MIRIFLAGS=-Zmiri-ignore-leaks cargo +nightly miri test -p gpublas --test host_paths_l3x`.
//! The full conformance suite is in `tests/tests/`; these compare with naive loops here.

#![cfg(feature = "host")] // the host backend (a default feature)

use gpublas::prelude::*;
use gpublas::{Dynamic, Emulated, Host};

fn data(len: usize, seed: u64) -> Vec<f64> {
    (0..len as u64)
        .map(|i| (((i * 7919 + seed * 104_729) % 1000) as f64) / 500.0 - 1.0)
        .collect()
}

fn close(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-12 * (1.0 + w.abs()),
            "{what} [{i}]: got {g}, want {w}"
        );
    }
}

/// `C = αA·B + βC` for column-major `m×k`, `k×n` (leading dimensions `m`, `k`, `ldc`).
#[allow(clippy::too_many_arguments)]
fn naive_gemm(
    (m, k, n): (usize, usize, usize),
    alpha: f64,
    a: &[f64],
    b: &[f64],
    beta: f64,
    c: &mut [f64],
    ldc: usize,
) {
    for j in 0..n {
        for i in 0..m {
            let s: f64 = (0..k).map(|p| a[i + p * m] * b[p + j * k]).sum();
            c[i + j * ldc] = alpha * s + beta * c[i + j * ldc];
        }
    }
}

/// The host, the emulated device and its asynchronous form.
fn devices() -> Vec<Device> {
    vec![
        Device::new(Dynamic::Host(Host)),
        Device::new(Dynamic::Emulated(Emulated::new())),
        Device::new(Dynamic::Emulated(Emulated::asynchronous())),
    ]
}

#[test]
fn gemm_batched_through_every_array_form() {
    for dev in &devices() {
        let (m, k, n) = (3, 2, 2);
        let a = data(3 * 8, 1); // three A's at offsets 16, 0, 8
        let bs: Vec<Vec<f64>> = (0..3).map(|i| data(k * n, 2 + i)).collect();
        let c0 = data(3 * 7, 9); // three C's at offsets 14, 7, 0 (ld 3, gaps of 1)
        let (ao, co) = ([16, 0, 8], [14, 7, 0]);
        let mut c = c0.clone();
        let b_d: Vec<_> = bs.iter().map(|b| dev.upload(b).unwrap()).collect();
        dev.gemm_batched(
            Op::N,
            Op::N,
            0.5,
            Mat::col_major(&a, m, k).at_offsets(&ao),
            b_d.iter()
                .map(|b| Mat::col_major(b, k, n))
                .collect::<Vec<_>>(),
            2.0,
            MatMut::col_major(&mut c, m, n).at_offsets(&co),
        )
        .unwrap();
        let mut want = c0.clone();
        for i in 0..3 {
            let (am, cm) = (&a[ao[i]..ao[i] + m * k], &mut want[co[i]..]);
            naive_gemm((m, k, n), 0.5, am, &bs[i], 2.0, cm, m);
        }
        close("gemm_batched", &c, &want);
    }
}

#[test]
fn trsm_batched_and_gemv_strided_batched() {
    for dev in &devices() {
        // Two lower triangular 2×2 solves, each B in its own Vec.
        let a = [2.0, 1.0, f64::NAN, 4.0, 3.0, -1.0, f64::NAN, 0.5];
        let x = [[1.0, -2.0, 0.5, 3.0], [2.0, 1.0, -1.0, 0.25]];
        let mut bs: Vec<Vec<f64>> = (0..2)
            .map(|i| {
                let l = &a[i * 4..];
                (0..2)
                    .flat_map(|j| {
                        let (x0, x1) = (x[i][2 * j], x[i][2 * j + 1]);
                        [l[0] * x0, l[1] * x0 + l[3] * x1]
                    })
                    .collect()
            })
            .collect();
        let outs: Vec<_> = bs.iter_mut().map(|b| MatMut::col_major(b, 2, 2)).collect();
        let sutd = (Side::Left, Uplo::Lower, Op::N, Diag::NonUnit);
        let av = Mat::col_major(&a[..], 2, 2).batched(2, 4);
        dev.trsm_batched(sutd.0, sutd.1, sutd.2, sutd.3, 1.0, av, outs)
            .unwrap();
        close("trsm_batched 0", &bs[0], &x[0]);
        close("trsm_batched 1", &bs[1], &x[1]);

        // y_i = A_i x_i + y_i with a shared A and x walked backwards.
        let a = data(6, 4);
        let xs = data(7, 5);
        let y0 = data(8, 6);
        let mut y = y0.clone();
        dev.gemv_strided_batched(
            Op::T,
            1.0,
            Mat::col_major(&a, 3, 2).batched(2, 0),
            Vector::strided(&xs[..], 3, -2).batched(2, 1),
            1.0,
            VectorMut::strided(&mut y[..], 2, 1).batched(2, 4),
        )
        .unwrap();
        let mut want = y0.clone();
        for e in 0..2 {
            for r in 0..2 {
                let s: f64 = (0..3).map(|i| a[i + 3 * r] * xs[e + (2 - i) * 2]).sum();
                want[e * 4 + r] += s;
            }
        }
        close("gemv_strided_batched", &y, &want);
    }
}

#[test]
fn trmm_geam_and_dgmm_in_place_and_out_of_place() {
    for dev in &devices() {
        // Upper triangular A (3×3, lower part NaN), B 3×2.
        let a = [1.0, f64::NAN, f64::NAN, 2.0, 3.0, f64::NAN, -1.0, 0.5, 2.0];
        let b0 = data(6, 7);
        let mut want = vec![0.0; 6];
        for j in 0..2 {
            for i in 0..3 {
                want[i + 3 * j] = 2.0 * (i..3).map(|p| a[i + 3 * p] * b0[p + 3 * j]).sum::<f64>();
            }
        }
        let sutd = (Side::Left, Uplo::Upper, Op::N, Diag::NonUnit);
        let mut c = vec![f64::NAN; 6];
        let am = || Mat::col_major(&a[..], 3, 3);
        dev.trmm(
            sutd.0,
            sutd.1,
            sutd.2,
            sutd.3,
            2.0,
            am(),
            Mat::col_major(&b0, 3, 2),
            MatMut::col_major(&mut c, 3, 2),
        )
        .unwrap();
        close("trmm", &c, &want);
        let mut b = b0.clone();
        dev.trmm_in_place(
            sutd.0,
            sutd.1,
            sutd.2,
            sutd.3,
            2.0,
            am(),
            MatMut::col_major(&mut b, 3, 2),
        )
        .unwrap();
        close("trmm_in_place", &b, &want);

        // C ← 2C − Bᵀ in place, then C ← diag(x) C.
        let bt = data(6, 8);
        let mut c = data(6, 9);
        let mut want: Vec<f64> = c.clone();
        for j in 0..2 {
            for i in 0..3 {
                want[i + 3 * j] = 2.0 * want[i + 3 * j] - bt[j + 2 * i];
            }
        }
        dev.geam_in_place(
            2.0,
            -1.0,
            Op::T,
            Mat::col_major(&bt, 2, 3),
            MatMut::col_major(&mut c, 3, 2),
        )
        .unwrap();
        close("geam_in_place", &c, &want);
        let x = [2.0, -1.0, 0.5];
        let mut d = vec![f64::NAN; 6];
        dev.dgmm(
            Side::Left,
            Mat::col_major(&c, 3, 2),
            Vector::strided(&x[..], 3, -1),
            MatMut::col_major(&mut d, 3, 2),
        )
        .unwrap();
        let want: Vec<f64> = (0..6).map(|k| x[2 - k % 3] * c[k]).collect();
        close("dgmm", &d, &want);
    }
}

#[test]
fn hemm_and_her2k_on_complex_data() {
    for dev in &devices() {
        let z = |re: f64, im: f64| Complex64::new(re, im);
        let nan = z(f64::NAN, f64::NAN);
        // Hermitian A (lower triangle stored; the diagonal's imaginary part is not read).
        let a = [z(2.0, 9.0), z(1.0, -1.0), nan, z(3.0, 7.0)];
        let full = [z(2.0, 0.0), z(1.0, -1.0), z(1.0, 1.0), z(3.0, 0.0)];
        let b = [z(1.0, 2.0), z(0.5, -1.0), z(-1.0, 0.0), z(2.0, 1.0)];
        let mut c = vec![nan; 4];
        dev.hemm(
            Side::Left,
            Uplo::Lower,
            z(1.0, 0.0),
            Mat::col_major(&a[..], 2, 2),
            Mat::col_major(&b[..], 2, 2),
            z(0.0, 0.0),
            MatMut::col_major(&mut c, 2, 2),
        )
        .unwrap();
        for j in 0..2 {
            for i in 0..2 {
                let w = full[i] * b[2 * j] + full[i + 2] * b[1 + 2 * j];
                assert!(
                    (c[i + 2 * j] - w).norm() < 1e-12,
                    "hemm ({i}, {j}): {} vs {w}",
                    c[i + 2 * j]
                );
            }
        }
        // her2k into the upper triangle; the lower one (NaN) untouched, the diagonal real.
        let mut c = [z(1.0, 5.0), nan, z(2.0, 1.0), z(-1.0, 3.0)];
        let c0 = c;
        dev.her2k(
            Uplo::Upper,
            Op::N,
            z(0.5, 1.0),
            Mat::col_major(&b[..], 2, 2),
            Mat::col_major(&full[..], 2, 2),
            2.0,
            MatMut::col_major(&mut c[..], 2, 2),
        )
        .unwrap();
        assert!(
            c[1].re.is_nan() && c[1].im.is_nan(),
            "her2k wrote the lower triangle"
        );
        for (i, j) in [(0, 0), (0, 1), (1, 1)] {
            let mut w = if i == j {
                z(2.0 * c0[i + 2 * j].re, 0.0)
            } else {
                c0[i + 2 * j] * 2.0
            };
            for p in 0..2 {
                w += z(0.5, 1.0) * b[i + 2 * p] * full[j + 2 * p].conj()
                    + z(0.5, -1.0) * full[i + 2 * p] * b[j + 2 * p].conj();
            }
            assert!(
                (c[i + 2 * j] - w).norm() < 1e-12,
                "her2k ({i}, {j}): {} vs {w}",
                c[i + 2 * j]
            );
            if i == j {
                assert_eq!(c[i + 2 * j].im, 0.0, "her2k diagonal not real");
            }
        }
    }
}

/// The host's triangular solve on both of its leaf paths (down contiguous columns, along
/// contiguous rows): left and right side, column- and row-major `B`, a triangle across the
/// 16-row leaf and a right-hand side wider than the 256-element sweep, against `X` itself.
#[test]
fn trsm_leaf_paths_recover_x_for_both_sides_and_layouts() {
    let dev = Device::new(Dynamic::Host(Host));
    for (side, (m, n)) in [
        (Side::Left, (20, 5)),
        (Side::Left, (3, 260)),
        (Side::Right, (5, 20)),
        (Side::Right, (260, 3)),
    ] {
        let ka = if side == Side::Left { m } else { n };
        // Lower triangular, diagonally dominant (column-major, ld = ka); NaN above the diagonal
        // must never be read.
        let mut l = data(ka * ka, 11);
        for j in 0..ka {
            for i in 0..ka {
                if i < j {
                    l[i + j * ka] = f64::NAN;
                } else if i == j {
                    l[i + j * ka] += 4.0;
                }
            }
        }
        let lt = |i: usize, j: usize| if i >= j { l[i + j * ka] } else { 0.0 };
        let x = data(m * n, 12); // column-major m × n, with some zeros below
        let xs = |i: usize, j: usize| x[i + j * m];
        for row_major in [false, true] {
            // B = L X (left) or X L (right), stored in the layout under test.
            let b_at = |i: usize, j: usize| -> f64 {
                if side == Side::Left {
                    (0..m).map(|p| lt(i, p) * xs(p, j)).sum()
                } else {
                    (0..n).map(|p| xs(i, p) * lt(p, j)).sum()
                }
            };
            let mut b: Vec<f64> = if row_major {
                (0..m * n).map(|e| b_at(e / n, e % n)).collect()
            } else {
                (0..m * n).map(|e| b_at(e % m, e / m)).collect()
            };
            let bm = if row_major {
                MatMut::row_major(&mut b[..], m, n)
            } else {
                MatMut::col_major(&mut b[..], m, n)
            };
            let am = Mat::col_major(&l[..], ka, ka);
            dev.trsm(side, Uplo::Lower, Op::N, Diag::NonUnit, 1.0, am, bm)
                .unwrap();
            let want: Vec<f64> = if row_major {
                (0..m * n).map(|e| xs(e / n, e % n)).collect()
            } else {
                x.clone()
            };
            let what = format!("trsm {side:?} {m}×{n} row-major {row_major}");
            for (i, (g, w)) in b.iter().zip(&want).enumerate() {
                assert!(
                    (g - w).abs() <= 1e-10 * (1.0 + w.abs()),
                    "{what} [{i}]: got {g}, want {w}"
                );
            }
        }
    }
}
