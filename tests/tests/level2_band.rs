//! Level 2 conformance of the general band product (gbmv): N/T/C, both layouts (row-major as
//! CBLAS defines it: row `i` holds its band, `(i, j)` at `i·ld + kl + j − i`; `Op::C` on it is
//! `Unsupported` for complex types), ld > kl + ku + 1, bands wider than the matrix, increments
//! ±1…3, empty matrices (y untouched, not even scaled), α = 0 (A and x never read), β = 0 with
//! NaN in y, against `ref_gbmv` on the column-major band storage of the same matrix; NaN fills
//! every slot outside the band. Bad arguments are errors naming the argument.

mod level2x_common;

use gpublas_tests::*;
use level2x_common::*;

const SHAPES: [(usize, usize); 6] = [(0, 3), (3, 0), (1, 1), (7, 5), (5, 9), (17, 17)];
const BANDS: [(usize, usize); 4] = [(0, 0), (1, 2), (3, 0), (2, 6)];

/// The band of the dense `m × n` matrix `d` (leading dimension `m`) stored row by row with
/// leading dimension `ld`: `(i, j)` at `i·ld + kl + j − i`; NaN elsewhere.
fn row_major_band<T: TestScalar>(
    (m, n, kl, ku): (usize, usize, usize, usize),
    d: &[Z],
    ld: usize,
) -> Vec<T> {
    let mut b = vec![T::nan(); m * ld];
    for i in 0..m {
        for j in 0..n {
            if in_band(kl, ku, i, j) {
                b[i * ld + kl + j - i] = T::from_c(d[i + j * m]);
            }
        }
    }
    b
}

fn gbmv_matches_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gbmv"));
    for trans in OPS {
        for order in ORDERS {
            for (m, n) in SHAPES {
                for (kl, ku) in BANDS {
                    for (s, &(incx, incy)) in STRIDES.iter().enumerate() {
                        let extra = s % 3;
                        let ld = kl + ku + 1 + extra;
                        let beta_zero = s == 2;
                        let what = format!(
                            "gbmv {trans:?} {order:?} {m}×{n} kl={kl} ku={ku} ld={ld} incx={incx} incy={incy} beta_zero={beta_zero}"
                        );
                        let d: Vec<Z> = (0..m * n)
                            .map(|_| rand_scalar::<T>(&mut r).to_c())
                            .collect();
                        let cm: Vec<T> = to_band((m, n, kl, ku), &from_z::<T>(&d), m.max(1), ld);
                        let a: Vec<T> = match order {
                            Order::ColMajor => cm.clone(),
                            Order::RowMajor => row_major_band((m, n, kl, ku), &d, ld),
                        };
                        let (rows, cols) = trans.apply(m, n);
                        let (x, vx) = vector::<T>(&mut r, cols, incx, false);
                        let (y0, vy) = vector::<T>(&mut r, rows, incy, beta_zero);
                        let alpha: T = rand_scalar(&mut r);
                        let beta = if beta_zero {
                            T::zero()
                        } else {
                            rand_scalar(&mut r)
                        };
                        let (a0, x0, mut y) = (a.clone(), x.clone(), y0.clone());
                        let b = Banded::new(&a[..], m, n, kl, ku).with_ld(ld);
                        let b = if order == Order::RowMajor {
                            b.row_major()
                        } else {
                            b
                        };
                        let res = dev.gbmv(
                            trans,
                            alpha,
                            b,
                            vx.vec(&x[..]),
                            beta,
                            vy.vec_mut(&mut y[..]),
                        );
                        if T::IS_COMPLEX && order == Order::RowMajor && trans == Op::C {
                            unsupported_untouched(res, "gbmv", &what, &y, &y0);
                            continue;
                        }
                        res.unwrap_or_else(|e| panic!("{what}: {e}"));
                        let (mut want, mut mag) = (z(&y0), zabs_buf(&z(&y0)));
                        let cmz = z(&cm);
                        ref_gbmv(
                            trans,
                            (m, n, kl, ku),
                            alpha.to_c(),
                            &cmz,
                            ld,
                            &z(&x),
                            incx,
                            beta.to_c(),
                            &mut want,
                            incy,
                        );
                        ref_gbmv(
                            trans,
                            (m, n, kl, ku),
                            zabs(alpha.to_c()),
                            &zabs_buf(&cmz),
                            ld,
                            &zabs_buf(&z(&x)),
                            incx,
                            zabs(beta.to_c()),
                            &mut mag,
                            incy,
                        );
                        assert_buf_close(&what, &y, &y0, &want, &mag, cols);
                        unchanged(&format!("{what}: a"), &a, &a0);
                        unchanged(&format!("{what}: x"), &x, &x0);
                    }
                }
            }
        }
    }
}

fn gbmv_alpha_zero_reads_neither_a_nor_x<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gbmv_alpha_zero"));
    let (m, n, kl, ku) = (6, 4, 1, 2);
    for trans in OPS {
        let a = poison::<T>(4 * n);
        let (rows, cols) = trans.apply(m, n);
        let x = poison::<T>(cols);
        for beta in [rand_scalar::<T>(&mut r), T::zero(), T::one()] {
            let y0: Vec<T> = rand_vec(&mut r, rows);
            let mut y = y0.clone();
            let what = format!("gbmv {trans:?} α = 0 β = {beta:?}");
            dev.gbmv(
                trans,
                T::zero(),
                Banded::new(&a[..], m, n, kl, ku),
                &x,
                beta,
                &mut y,
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            let want: Vec<Z> = z(&y0)
                .iter()
                .map(|&v| {
                    if beta == T::zero() {
                        zr(0.0)
                    } else {
                        beta.to_c() * v
                    }
                })
                .collect();
            let mag: Vec<Z> = z(&y0)
                .iter()
                .map(|&v| zr(v.norm() * beta.to_c().norm()))
                .collect();
            if beta == T::one() {
                unchanged(&what, &y, &y0);
            } else {
                assert_buf_close(&what, &y, &y0, &want, &mag, 1);
            }
        }
    }
}

fn gbmv_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let (m, n) = (5, 4);
    let a = vec![T::one(); 4 * n];
    let (x, y0) = (vec![T::one(); n], vec![T::one(); m]);
    let mut y = y0.clone();
    let one = T::one();
    let b = || Banded::new(&a[..], m, n, 1, 2);
    assert_invalid(
        dev.gbmv(Op::N, one, b().with_ld(3), &x, one, &mut y),
        "gbmv",
        "a",
    );
    assert_invalid(
        dev.gbmv(Op::N, one, Banded::new(&a[..], m, n, 2, 2), &x, one, &mut y),
        "gbmv",
        "a",
    );
    assert_invalid(
        dev.gbmv(Op::N, one, b().row_major(), &x, one, &mut y),
        "gbmv",
        "a",
    );
    assert_invalid(
        dev.gbmv(Op::N, one, b(), &y, one, &mut y.clone()),
        "gbmv",
        "x",
    );
    assert_invalid(
        dev.gbmv(Op::T, one, b(), &y, one, &mut y.clone()),
        "gbmv",
        "y",
    );
    assert_invalid(
        dev.gbmv(Op::N, one, b(), Vector::strided(&x[..], n, 0), one, &mut y),
        "gbmv",
        "incx",
    );
    assert_invalid(
        dev.gbmv(
            Op::N,
            one,
            b(),
            &x,
            one,
            VectorMut::strided(&mut y[..], m, 0),
        ),
        "gbmv",
        "incy",
    );
    assert_invalid(
        dev.gbmv(
            Op::N,
            one,
            Banded::new(&a[..], m, n, usize::MAX, 1),
            &x,
            one,
            &mut y,
        ),
        "gbmv",
        "a",
    );
    unchanged("gbmv bad arguments: y", &y, &y0);
}

for_all_types!(
    gbmv_matches_reference,
    gbmv_alpha_zero_reads_neither_a_nor_x,
    gbmv_bad_arguments_name_the_argument
);
