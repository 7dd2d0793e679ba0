//! Host level 1 and 2 on vectors long enough to be split into chunks and over threads: every
//! result matches an independent naive loop (exactly for element-wise routines and `iamax`,
//! to rounding for sums), and is bitwise the same in thread pools of 1 to 4 threads.
//!
//! Routines that ignore a negative increment (`scal`, `asum`, `iamax`) are called with positive
//! ones.
//!
//! Small sizes run under Miri (the thread-pool tests are ignored there, as for the gemm):
//! `MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-strict-provenance" cargo +nightly miri test -p gpublas --test host_level12_threads`
#![cfg(feature = "host")]

use gpublas::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Lengths across the chunk and parallel thresholds (tiny under Miri).
fn lengths() -> Vec<usize> {
    if cfg!(miri) {
        vec![1, 7, 9, 17]
    } else {
        vec![1, 9, 4097, 70_001, 200_003]
    }
}

fn random(rng: &mut ChaCha8Rng, len: usize) -> Vec<f64> {
    (0..len).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

/// Buffer index of element `i` of an `n`-vector with increment `inc` (reference BLAS's walk).
fn at(i: usize, n: usize, inc: isize) -> usize {
    let step = inc.unsigned_abs();
    if inc >= 0 {
        i * step
    } else {
        (n - 1 - i) * step
    }
}

fn span(n: usize, inc: isize) -> usize {
    (n - 1) * inc.unsigned_abs() + 1
}

/// `f` in the global pool and in pools of 1 to 4 threads: all the same bits.
fn same_in_every_pool<R: PartialEq + std::fmt::Debug + Send>(
    what: &str,
    f: impl Fn() -> R + Sync,
) -> R {
    let global = f();
    if !cfg!(miri) {
        for threads in 1..=4 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            assert_eq!(pool.install(&f), global, "{what} with {threads} threads");
        }
    }
    global
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

const INCS: [isize; 3] = [1, -1, 3];

#[test]
fn level1_sums_match_a_naive_loop_and_not_the_thread_count() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0x11_5ee0);
    for n in lengths() {
        for inc in INCS {
            let x = random(&mut rng, span(n, inc));
            let y = random(&mut rng, span(n, inc));
            let (xv, yv) = (
                Vector::strided(&x[..], n, inc),
                Vector::strided(&y[..], n, inc),
            );
            let what = format!("n={n} inc={inc}");
            let walk = |v: &[f64]| (0..n).map(|i| v[at(i, n, inc)]).collect::<Vec<_>>();
            let (xw, yw) = (walk(&x), walk(&y));

            let dot = same_in_every_pool(&format!("dot {what}"), || {
                dev.dot(xv, yv).expect("dot").to_bits()
            });
            let want: f64 = xw.iter().zip(&yw).map(|(a, b)| a * b).sum();
            let bound: f64 = xw.iter().zip(&yw).map(|(a, b)| (a * b).abs()).sum();
            let got = f64::from_bits(dot);
            assert!(
                (got - want).abs() <= 1e-14 * bound,
                "dot {what}: {got} vs {want}"
            );

            let asum = same_in_every_pool(&format!("asum {what}"), || {
                dev.asum(Vector::strided(&x[..], n, inc.abs()))
                    .expect("asum")
                    .to_bits()
            });
            let want: f64 = xw.iter().map(|a| a.abs()).sum();
            let got = f64::from_bits(asum);
            assert!(
                (got - want).abs() <= 1e-14 * want,
                "asum {what}: {got} vs {want}"
            );

            for scale in [1.0, 1e-300, 1e300] {
                let xs: Vec<f64> = x.iter().map(|v| v * scale).collect();
                let nrm = same_in_every_pool(&format!("nrm2 {what} ×{scale:e}"), || {
                    dev.nrm2(Vector::strided(&xs[..], n, inc))
                        .expect("nrm2")
                        .to_bits()
                });
                let want = xw.iter().map(|a| a * a).sum::<f64>().sqrt() * scale;
                let got = f64::from_bits(nrm);
                assert!(
                    (got - want).abs() <= 1e-13 * want,
                    "nrm2 {what} ×{scale:e}: {got:e} vs {want:e}"
                );
            }
        }
    }
}

/// Reference BLAS's `idamax` loop, 0-based.
fn naive_iamax(v: &[f64]) -> usize {
    let mut best = v[0].abs();
    let mut at = 0;
    for (i, x) in v.iter().enumerate().skip(1) {
        if x.abs() > best {
            best = x.abs();
            at = i;
        }
    }
    at
}

#[test]
fn iamax_finds_the_first_largest_as_the_reference_loop_does() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0x1a_5ee0);
    for n in lengths() {
        for inc in [1, 3] {
            // Few distinct values, so the largest has ties; NaNs never win except in front.
            let mut x: Vec<f64> = (0..span(n, inc))
                .map(|_| f64::from(rng.gen_range(-4i8..=4)))
                .collect();
            for case in 0..4 {
                if case >= 1 {
                    let k = rng.gen_range(0..x.len());
                    x[k] = f64::NAN;
                }
                if case == 3 {
                    x[at(0, n, inc)] = f64::NAN;
                }
                let walk: Vec<f64> = (0..n).map(|i| x[at(i, n, inc)]).collect();
                let got = same_in_every_pool(&format!("iamax n={n} inc={inc}"), || {
                    dev.iamax(Vector::strided(&x[..], n, inc)).expect("iamax")
                });
                assert_eq!(
                    got,
                    Some(naive_iamax(&walk)),
                    "iamax n={n} inc={inc} case {case}"
                );
            }
        }
    }
}

#[test]
fn level1_element_wise_routines_match_a_naive_loop_bitwise() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0xe1_5ee0);
    let (alpha, c, s) = (0.7, 0.6, 0.8);
    for n in lengths() {
        for (incx, incy) in [(1, 1), (-1, 2), (3, 1)] {
            let x0 = random(&mut rng, span(n, incx));
            let y0 = random(&mut rng, span(n, incy));
            let what = format!("n={n} incx={incx} incy={incy}");
            let (mut xw, mut yw) = (x0.clone(), y0.clone());
            for i in 0..n {
                let (p, q) = (at(i, n, incx), at(i, n, incy));
                yw[q] += alpha * x0[p];
            }
            let got = same_in_every_pool(&format!("axpy {what}"), || {
                let mut y = y0.clone();
                dev.axpy(
                    alpha,
                    Vector::strided(&x0[..], n, incx),
                    VectorMut::strided(&mut y[..], n, incy),
                )
                .expect("axpy");
                bits(&y)
            });
            assert_eq!(got, bits(&yw), "axpy {what}");

            let got = same_in_every_pool(&format!("scal {what}"), || {
                let mut x = x0.clone();
                dev.scal(alpha, VectorMut::strided(&mut x[..], n, incx.abs()))
                    .expect("scal");
                bits(&x)
            });
            xw.clone_from(&x0);
            for i in 0..n {
                xw[at(i, n, incx.abs())] *= alpha;
            }
            assert_eq!(got, bits(&xw), "scal {what}");

            let got = same_in_every_pool(&format!("rot {what}"), || {
                let (mut x, mut y) = (x0.clone(), y0.clone());
                dev.rot(
                    VectorMut::strided(&mut x[..], n, incx),
                    VectorMut::strided(&mut y[..], n, incy),
                    c,
                    s,
                )
                .expect("rot");
                (bits(&x), bits(&y))
            });
            let (mut xw, mut yw) = (x0.clone(), y0.clone());
            for i in 0..n {
                let (p, q) = (at(i, n, incx), at(i, n, incy));
                let (u, v) = (x0[p], y0[q]);
                (xw[p], yw[q]) = (c * u + s * v, c * v - s * u);
            }
            assert_eq!(got, (bits(&xw), bits(&yw)), "rot {what}");

            let got = same_in_every_pool(&format!("swap/copy {what}"), || {
                let (mut x, mut y) = (x0.clone(), y0.clone());
                dev.swap(
                    VectorMut::strided(&mut x[..], n, incx),
                    VectorMut::strided(&mut y[..], n, incy),
                )
                .expect("swap");
                let mut z = vec![0.0; span(n, incy)];
                dev.copy(
                    Vector::strided(&x[..], n, incx),
                    VectorMut::strided(&mut z[..], n, incy),
                )
                .expect("copy");
                (bits(&x), bits(&y), bits(&z))
            });
            let (mut xw, mut yw) = (x0.clone(), y0.clone());
            let mut zw = vec![0.0; span(n, incy)];
            for i in 0..n {
                let (p, q) = (at(i, n, incx), at(i, n, incy));
                (xw[p], yw[q]) = (y0[q], x0[p]);
                zw[q] = xw[p];
            }
            assert_eq!(got, (bits(&xw), bits(&yw), bits(&zw)), "swap/copy {what}");
        }
    }
}

/// `y = A x` for the symmetric matrix stored in the `uplo` triangle of the column-major `a`.
fn naive_symv(uplo: Uplo, n: usize, a: &[f64], x: &[f64]) -> Vec<f64> {
    let at = |i: usize, j: usize| {
        let (r, c) = if (uplo == Uplo::Lower) == (i >= j) {
            (i, j)
        } else {
            (j, i)
        };
        a[r + c * n]
    };
    (0..n)
        .map(|i| (0..n).map(|j| at(i, j) * x[j]).sum())
        .collect()
}

#[test]
fn symv_reads_one_triangle_matches_a_naive_product_and_not_the_thread_count() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5e_5ee0);
    let sizes: &[usize] = if cfg!(miri) {
        &[3, 9]
    } else {
        &[1, 17, 300, 700]
    };
    for &n in sizes {
        for uplo in [Uplo::Lower, Uplo::Upper] {
            let mut a = random(&mut rng, n * n);
            let want_a = a.clone();
            // The other triangle is never read: NaN there must not leak.
            for j in 0..n {
                for i in 0..n {
                    if (uplo == Uplo::Lower && i < j) || (uplo == Uplo::Upper && i > j) {
                        a[i + j * n] = f64::NAN;
                    }
                }
            }
            let x = random(&mut rng, 2 * n);
            let xw: Vec<f64> = (0..n).map(|i| x[2 * i]).collect();
            let want = naive_symv(uplo, n, &want_a, &xw);
            let got = same_in_every_pool(&format!("symv {uplo:?} n={n}"), || {
                let mut y = vec![f64::NAN; n];
                dev.symv(
                    uplo,
                    1.0,
                    Mat::col_major(&a, n, n),
                    Vector::strided(&x[..], n, 2),
                    0.0,
                    &mut y,
                )
                .expect("symv");
                bits(&y)
            });
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                let g = f64::from_bits(*g);
                assert!(
                    (g - w).abs() <= 1e-13 * n as f64,
                    "symv {uplo:?} n={n} [{i}]: {g} vs {w}"
                );
            }
        }
    }
}

/// Reference BLAS's `dtrsv` loops on a column-major order-`n` matrix, `x` contiguous: without a
/// transpose a column is used only when its `x` element is nonzero, updates in column order.
#[allow(clippy::needless_range_loop)] // the reference loops, index for index
fn naive_trsv(uplo: Uplo, trans: Op, unit: bool, n: usize, a: &[f64], x: &mut [f64]) {
    let at = |i: usize, j: usize| a[i + j * n];
    match (trans == Op::N, uplo == Uplo::Upper) {
        (true, true) => {
            for j in (0..n).rev() {
                if x[j] != 0.0 {
                    if !unit {
                        x[j] /= at(j, j);
                    }
                    let t = x[j];
                    for i in (0..j).rev() {
                        x[i] -= t * at(i, j);
                    }
                }
            }
        }
        (true, false) => {
            for j in 0..n {
                if x[j] != 0.0 {
                    if !unit {
                        x[j] /= at(j, j);
                    }
                    let t = x[j];
                    for i in j + 1..n {
                        x[i] -= t * at(i, j);
                    }
                }
            }
        }
        (false, true) => {
            for j in 0..n {
                let mut t = x[j];
                for i in 0..j {
                    t -= at(i, j) * x[i];
                }
                x[j] = if unit { t } else { t / at(j, j) };
            }
        }
        (false, false) => {
            for j in (0..n).rev() {
                let mut t = x[j];
                for i in j + 1..n {
                    t -= at(i, j) * x[i];
                }
                x[j] = if unit { t } else { t / at(j, j) };
            }
        }
    }
}

#[test]
fn trsv_across_its_column_blocks_matches_the_reference_loops_and_not_the_thread_count() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0x7_25f0);
    // Across the solve's column blocks (128; 3 under Miri), with partial last blocks.
    let sizes: &[usize] = if cfg!(miri) {
        &[1, 4, 8]
    } else {
        &[1, 127, 128, 300, 1000]
    };
    for &n in sizes {
        for uplo in [Uplo::Lower, Uplo::Upper] {
            for trans in [Op::N, Op::T] {
                for unit in [false, true] {
                    let what = format!("trsv {uplo:?} {trans:?} unit={unit} n={n}");
                    // Well conditioned: a dominant diagonal, off-diagonal terms of size 1/n.
                    let mut a = random(&mut rng, n * n);
                    for j in 0..n {
                        for i in 0..n {
                            a[i + j * n] = if i == j {
                                2.0 + a[i + j * n].abs()
                            } else {
                                a[i + j * n] / n as f64
                            };
                        }
                    }
                    let mut b = random(&mut rng, n);
                    // Without a transpose, a zero first element (in solve order) skips its column:
                    // NaN in that column below (above) the diagonal must not leak.
                    let first = if uplo == Uplo::Lower { 0 } else { n - 1 };
                    if trans == Op::N && n > 1 {
                        b[first] = 0.0;
                    }
                    let mut want = b.clone();
                    naive_trsv(uplo, trans, unit, n, &a, &mut want);
                    if trans == Op::N && n > 1 {
                        for i in 0..n {
                            if (uplo == Uplo::Lower && i > first)
                                || (uplo == Uplo::Upper && i < first)
                            {
                                a[i + first * n] = f64::NAN;
                            }
                        }
                    }
                    let diag = if unit { Diag::Unit } else { Diag::NonUnit };
                    let got = same_in_every_pool(&what, || {
                        let mut x = b.clone();
                        dev.trsv(uplo, trans, diag, Mat::col_major(&a, n, n), &mut x)
                            .expect("trsv");
                        bits(&x)
                    });
                    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                        let g = f64::from_bits(*g);
                        if trans == Op::N {
                            // The same operations in the same order: the same bits.
                            assert_eq!(g.to_bits(), w.to_bits(), "{what} [{i}]: {g} vs {w}");
                        } else {
                            assert!(
                                (g - w).abs() <= 1e-13 * (1.0 + w.abs()),
                                "{what} [{i}]: {g} vs {w}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// `ger` (real) as a naive loop: column `j` skipped where `y_j = 0` (as reference BLAS's `dger`),
/// else `a(i, j) + α·(x_i·y_j)`; bitwise equal, whatever the increments and the thread count, and
/// a NaN in `x` never reaches a skipped column.
#[test]
fn ger_matches_a_naive_loop_bitwise_and_not_the_thread_count() {
    let dev = Device::host();
    let mut rng = ChaCha8Rng::seed_from_u64(0x6e_7000);
    let shapes: &[(usize, usize)] = if cfg!(miri) {
        &[(3, 4), (9, 2)]
    } else {
        &[(1, 1), (17, 5), (300, 257), (2000, 40)]
    };
    let alpha = -0.375f64;
    for &(m, n) in shapes {
        for (incx, incy) in [(1, 1), (-1, 3), (2, -2)] {
            let mut x = random(&mut rng, span(m, incx));
            let mut y = random(&mut rng, span(n, incy));
            // Zeros in y: their columns are not touched, even by a NaN in x.
            for j in (0..n).step_by(3) {
                y[at(j, n, incy)] = 0.0;
            }
            x[at(m - 1, m, incx)] = f64::NAN;
            let a0 = random(&mut rng, m * n);
            let mut want = a0.clone();
            for j in 0..n {
                let yj = y[at(j, n, incy)];
                if yj != 0.0 {
                    for i in 0..m {
                        want[i + j * m] += alpha * (x[at(i, m, incx)] * yj);
                    }
                }
            }
            // NaN's sign is not specified (Miri picks it at random): any NaN is the same here.
            let canon = |v: &[f64]| -> Vec<u64> {
                v.iter()
                    .map(|x| if x.is_nan() { f64::NAN } else { *x }.to_bits())
                    .collect()
            };
            let got = same_in_every_pool(&format!("ger {m}×{n} incs {incx} {incy}"), || {
                let mut a = a0.clone();
                dev.ger(
                    alpha,
                    Vector::strided(&x[..], m, incx),
                    Vector::strided(&y[..], n, incy),
                    MatMut::col_major(&mut a, m, n),
                )
                .expect("ger");
                canon(&a)
            });
            assert_eq!(got, canon(&want), "ger {m}×{n} incs {incx} {incy}");
        }
    }
}
