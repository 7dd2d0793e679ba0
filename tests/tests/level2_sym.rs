//! Level 2 conformance of the symmetric and Hermitian products in full, band and packed storage
//! (symv/hemv, sbmv/hbmv, spmv/hpmv): both triangles, both layouts (row-major as CBLAS defines
//! it; complex Hermitian row-major is `Unsupported`), ld > n, increments ±1…3, orders 0, 1, 5
//! and 33, against `ref_symv` on the column-major storage of the same matrix. NaN fills every
//! slot the format does not use, a Hermitian diagonal has nonzero imaginary parts that must be
//! ignored; α = 0 reads neither A nor x, β = 0 ignores NaN in y, and bad arguments are errors
//! naming the argument with every buffer untouched.

mod level2x_common;

use gpublas_tests::*;
use level2x_common::*;

const ORDERS_N: [usize; 4] = [0, 1, 5, 33];

/// Which routine a (kind, herm) pair is.
fn routine(kind: Kind, herm: bool) -> &'static str {
    match (kind, herm) {
        (Kind::Full { .. }, false) => "symv",
        (Kind::Full { .. }, true) => "hemv",
        (Kind::Band { .. }, false) => "sbmv",
        (Kind::Band { .. }, true) => "hbmv",
        (Kind::Packed, false) => "spmv",
        (Kind::Packed, true) => "hpmv",
    }
}

/// Calls the routine for `kind` on the buffer `a` in `order`.
#[allow(clippy::too_many_arguments)]
fn call<T: TestScalar>(
    dev: &Device,
    kind: Kind,
    herm: bool,
    (order, uplo, n): (Order, Uplo, usize),
    alpha: T,
    a: &[T],
    x: Vector<'_, [T]>,
    beta: T,
    y: VectorMut<'_, [T]>,
) -> Result<(), Error> {
    let ld = kind.ld(n);
    let row = order == Order::RowMajor;
    match kind {
        Kind::Full { .. } => {
            let m = if row {
                Mat::row_major(a, n, n)
            } else {
                Mat::col_major(a, n, n)
            }
            .with_ld(ld);
            if herm {
                dev.hemv(uplo, alpha, m, x, beta, y)
            } else {
                dev.symv(uplo, alpha, m, x, beta, y)
            }
        }
        Kind::Band { k, .. } => {
            let b = if uplo == Uplo::Upper {
                Banded::upper(a, n, k)
            } else {
                Banded::lower(a, n, k)
            }
            .with_ld(ld);
            let b = if row { b.row_major() } else { b };
            if herm {
                dev.hbmv(alpha, b, x, beta, y)
            } else {
                dev.sbmv(alpha, b, x, beta, y)
            }
        }
        Kind::Packed => {
            let p = if uplo == Uplo::Upper {
                Packed::upper(a, n)
            } else {
                Packed::lower(a, n)
            };
            let p = if row { p.row_major() } else { p };
            if herm {
                dev.hpmv(alpha, p, x, beta, y)
            } else {
                dev.spmv(alpha, p, x, beta, y)
            }
        }
    }
}

fn products_match_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("sym_products"));
    for herm in [false, true] {
        for kind in KINDS {
            let name = routine(kind, herm);
            for uplo in UPLOS {
                for order in ORDERS {
                    for (s, &(incx, incy)) in STRIDES.iter().enumerate() {
                        for n in ORDERS_N {
                            let beta_zero = s == 1;
                            let what = format!(
                                "{name} {kind:?} {uplo:?} {order:?} n={n} incx={incx} incy={incy} beta_zero={beta_zero}"
                            );
                            let d = dense::<T>(&mut r, n, false);
                            let a: Vec<T> = kind.store(order, uplo, n, &d);
                            let (x, vx) = vector::<T>(&mut r, n, incx, false);
                            let (y0, vy) = vector::<T>(&mut r, n, incy, beta_zero);
                            let alpha: T = rand_scalar(&mut r);
                            let beta = if beta_zero {
                                T::zero()
                            } else {
                                rand_scalar(&mut r)
                            };
                            let (a0, x0, mut y) = (a.clone(), x.clone(), y0.clone());
                            let res = call(
                                &dev,
                                kind,
                                herm,
                                (order, uplo, n),
                                alpha,
                                &a,
                                vx.vec(&x[..]),
                                beta,
                                vy.vec_mut(&mut y[..]),
                            );
                            if T::IS_COMPLEX && !herm && !matches!(kind, Kind::Full { .. }) {
                                // csbmv/cspmv are not in BLAS (nor in cuBLAS or rocBLAS).
                                unsupported_untouched(res, name, &what, &y, &y0);
                                continue;
                            }
                            if T::IS_COMPLEX && herm && order == Order::RowMajor {
                                unsupported_untouched(res, name, &what, &y, &y0);
                                continue;
                            }
                            res.unwrap_or_else(|e| panic!("{what}: {e}"));
                            let st = kind.storage(n);
                            let acm = z(&kind.store::<T>(Order::ColMajor, uplo, n, &d));
                            let (mut want, mut mag) = (z(&y0), zabs_buf(&z(&y0)));
                            // (β = 0 overwrites the NaN in y0 in both.)
                            ref_symv(
                                uplo,
                                herm,
                                n,
                                st,
                                alpha.to_c(),
                                &acm,
                                &z(&x),
                                incx,
                                beta.to_c(),
                                &mut want,
                                incy,
                            );
                            ref_symv(
                                uplo,
                                herm,
                                n,
                                st,
                                zabs(alpha.to_c()),
                                &zabs_buf(&acm),
                                &zabs_buf(&z(&x)),
                                incx,
                                zabs(beta.to_c()),
                                &mut mag,
                                incy,
                            );
                            assert_buf_close(&what, &y, &y0, &want, &mag, n);
                            unchanged(&format!("{what}: a"), &a, &a0);
                            unchanged(&format!("{what}: x"), &x, &x0);
                        }
                    }
                }
            }
        }
    }
}

fn hermitian_products_ignore_the_imaginary_part_of_the_diagonal<T: TestScalar>() {
    // A real diagonal with NaN imaginary parts: only the real parts may be read.
    let dev = device();
    let mut r = rng(&seed_name::<T>("hemv_diag"));
    let n = 6;
    for kind in KINDS {
        for uplo in UPLOS {
            let mut d = dense::<T>(&mut r, n, false);
            for i in 0..n {
                d[i + i * n] = Z::new(d[i + i * n].re, f64::NAN);
            }
            let a: Vec<T> = kind.store(Order::ColMajor, uplo, n, &d);
            let x: Vec<T> = rand_vec(&mut r, n);
            let mut y: Vec<T> = rand_vec(&mut r, n);
            let y0 = y.clone();
            let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
            let what = format!("{} {kind:?} {uplo:?}", routine(kind, true));
            call(
                &dev,
                kind,
                true,
                (Order::ColMajor, uplo, n),
                alpha,
                &a,
                Vector::strided(&x[..], n, 1),
                beta,
                VectorMut::strided(&mut y[..], n, 1),
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            let mut want = z(&y0);
            let mut clean = z(&a);
            for v in clean.iter_mut().filter(|v| v.im.is_nan() && !v.re.is_nan()) {
                v.im = 0.0;
            }
            ref_symv(
                uplo,
                true,
                n,
                kind.storage(n),
                alpha.to_c(),
                &clean,
                &z(&x),
                1,
                beta.to_c(),
                &mut want,
                1,
            );
            let mut mag = zabs_buf(&z(&y0));
            ref_symv(
                uplo,
                true,
                n,
                kind.storage(n),
                zabs(alpha.to_c()),
                &zabs_buf(&clean),
                &zabs_buf(&z(&x)),
                1,
                zabs(beta.to_c()),
                &mut mag,
                1,
            );
            assert_buf_close(&what, &y, &y0, &want, &mag, n);
        }
    }
}

fn alpha_zero_reads_neither_a_nor_x<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("sym_alpha_zero"));
    let n = 7;
    for herm in [false, true] {
        for kind in [
            Kind::Full { extra: 1 },
            Kind::Band { k: 2, extra: 0 },
            Kind::Packed,
        ] {
            if T::IS_COMPLEX && !herm && kind != (Kind::Full { extra: 1 }) {
                continue;
            }
            let a = poison::<T>(kind.len(n));
            let x = poison::<T>(n);
            for (beta, what) in [
                (rand_scalar::<T>(&mut r), "β random"),
                (T::zero(), "β = 0"),
                (T::one(), "β = 1"),
            ] {
                let y0: Vec<T> = rand_vec(&mut r, n);
                let mut y = y0.clone();
                let what = format!("{} α = 0, {what}", routine(kind, herm));
                call(
                    &dev,
                    kind,
                    herm,
                    (Order::ColMajor, Uplo::Lower, n),
                    T::zero(),
                    &a,
                    Vector::strided(&x[..], n, 1),
                    beta,
                    VectorMut::strided(&mut y[..], n, -1),
                )
                .unwrap_or_else(|e| panic!("{what}: {e}"));
                if beta == T::one() {
                    unchanged(&what, &y, &y0);
                } else {
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
                    assert_buf_close(&what, &y, &y0, &want, &mag, 1);
                }
            }
        }
    }
}

fn bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let n = 4;
    let a = vec![T::one(); n * n];
    let x = vec![T::one(); n];
    let y0 = vec![T::one(); n];
    let mut y = y0.clone();
    let (one, m) = (T::one(), || Mat::col_major(&a[..], n, n));
    // Non-square, short storage, wrong vector lengths, zero increments.
    assert_invalid(
        dev.hemv(
            Uplo::Upper,
            one,
            Mat::col_major(&a[..], n, n - 1),
            &x,
            one,
            &mut y,
        ),
        "hemv",
        "a",
    );
    assert_invalid(
        dev.symv(
            Uplo::Upper,
            one,
            Mat::col_major(&a[..], n, n).with_ld(n + 1),
            &x,
            one,
            &mut y,
        ),
        "symv",
        "a",
    );
    assert_invalid(
        dev.symv(Uplo::Upper, one, m(), &x[..n - 1], one, &mut y),
        "symv",
        "x",
    );
    assert_invalid(
        dev.symv(Uplo::Upper, one, m(), &x, one, &mut y[..n - 1]),
        "symv",
        "y",
    );
    assert_invalid(
        dev.symv(
            Uplo::Upper,
            one,
            m(),
            Vector::strided(&x[..], n, 0),
            one,
            &mut y,
        ),
        "symv",
        "incx",
    );
    assert_invalid(
        dev.hemv(
            Uplo::Lower,
            one,
            m(),
            &x,
            one,
            VectorMut::strided(&mut y[..], n, 0),
        ),
        "hemv",
        "incy",
    );
    // A general band where a symmetric one is expected; ld < k + 1; too short.
    assert_invalid(
        dev.hbmv(one, Banded::new(&a[..], n, n, 1, 1), &x, one, &mut y),
        "hbmv",
        "a",
    );
    assert_invalid(
        dev.hbmv(one, Banded::upper(&a[..], n, 2).with_ld(2), &x, one, &mut y),
        "hbmv",
        "a",
    );
    assert_invalid(
        dev.hbmv(one, Banded::lower(&a[..], n, 3).with_ld(5), &x, one, &mut y),
        "hbmv",
        "a",
    );
    assert_invalid(
        dev.hpmv(one, Packed::upper(&a[..], 6), &x, one, &mut y),
        "hpmv",
        "ap",
    );
    assert_invalid(
        dev.hpmv(
            one,
            Packed::upper(&a[..], n),
            &x,
            one,
            VectorMut::strided(&mut y[..], 2, 3),
        ),
        "hpmv",
        "y",
    );
    unchanged("bad arguments: y", &y, &y0);
}

/// Complex symmetric band and packed products are not BLAS routines.
fn complex_symmetric_band_and_packed_are_unsupported<T: TestScalar>() {
    let dev = device();
    let a = [T::one(); 16];
    let x = vec![T::one(); 4];
    let mut y = x.clone();
    assert_unsupported(
        dev.sbmv(T::one(), Banded::upper(&a[..], 4, 1), &x, T::one(), &mut y),
        "sbmv",
    );
    assert_unsupported(
        dev.spmv(T::one(), Packed::upper(&a[..], 4), &x, T::one(), &mut y),
        "spmv",
    );
    assert_bitwise_eq("y", &y, &x);
}

for_all_types!(
    products_match_reference,
    alpha_zero_reads_neither_a_nor_x,
    bad_arguments_name_the_argument,
);
for_complex_types!(
    hermitian_products_ignore_the_imaginary_part_of_the_diagonal,
    complex_symmetric_band_and_packed_are_unsupported,
);
