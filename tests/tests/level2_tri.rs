//! Level 2 conformance of the triangular products and solves in full, band and packed storage
//! (trmv/tbmv/tpmv against `ref_trmv`, trsv/tbsv/tpsv by their residual `op(A)·x − b` through
//! `ref_trmv`): both triangles, N/T/C, unit and non-unit diagonals (a unit diagonal holds NaN:
//! it must never be read), both layouts (row-major as CBLAS defines it; `Op::C` on it is
//! `Unsupported` for complex types), ld > n, increments ±1…3, orders 0, 1, 5 and 33; NaN fills
//! every slot the format does not use and every gap of `x`. Bad arguments are errors naming the
//! argument.

mod level2x_common;

use gpublas_tests::*;
use level2x_common::*;

const ORDERS_N: [usize; 4] = [0, 1, 5, 33];
const INCS: [isize; 4] = [1, 2, -1, -3];

/// Which routine a (kind, solve) pair is.
fn routine(kind: Kind, solve: bool) -> &'static str {
    match (kind, solve) {
        (Kind::Full { .. }, false) => "trmv",
        (Kind::Full { .. }, true) => "trsv",
        (Kind::Band { .. }, false) => "tbmv",
        (Kind::Band { .. }, true) => "tbsv",
        (Kind::Packed, false) => "tpmv",
        (Kind::Packed, true) => "tpsv",
    }
}

/// Calls the routine for `kind` on the buffer `a` in `order`.
#[allow(clippy::too_many_arguments)]
fn call<T: TestScalar>(
    dev: &Device,
    kind: Kind,
    solve: bool,
    (order, uplo, n): (Order, Uplo, usize),
    trans: Op,
    diag: Diag,
    a: &[T],
    x: VectorMut<'_, [T]>,
) -> Result<(), Error> {
    let (ld, row) = (kind.ld(n), order == Order::RowMajor);
    match kind {
        Kind::Full { .. } => {
            let m = if row {
                Mat::row_major(a, n, n)
            } else {
                Mat::col_major(a, n, n)
            }
            .with_ld(ld);
            if solve {
                dev.trsv(uplo, trans, diag, m, x)
            } else {
                dev.trmv(uplo, trans, diag, m, x)
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
            if solve {
                dev.tbsv(trans, diag, b, x)
            } else {
                dev.tbmv(trans, diag, b, x)
            }
        }
        Kind::Packed => {
            let p = if uplo == Uplo::Upper {
                Packed::upper(a, n)
            } else {
                Packed::lower(a, n)
            };
            let p = if row { p.row_major() } else { p };
            if solve {
                dev.tpsv(trans, diag, p, x)
            } else {
                dev.tpmv(trans, diag, p, x)
            }
        }
    }
}

fn triangular_routines_match_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("triangular"));
    for solve in [false, true] {
        for kind in KINDS {
            let name = routine(kind, solve);
            for uplo in UPLOS {
                for trans in OPS {
                    for diag in DIAGS {
                        for order in ORDERS {
                            for (s, n) in ORDERS_N.into_iter().enumerate() {
                                let incx = INCS[(s + usize::from(solve)) % INCS.len()];
                                let what = format!(
                                    "{name} {kind:?} {uplo:?} {trans:?} {diag:?} {order:?} n={n} incx={incx}"
                                );
                                let mut d = dense::<T>(&mut r, n, true);
                                if diag == Diag::Unit {
                                    for i in 0..n {
                                        d[i + i * n] = NAN;
                                    }
                                }
                                let a: Vec<T> = kind.store(order, uplo, n, &d);
                                let (x0, vx) = vector::<T>(&mut r, n, incx, false);
                                let (a0, mut x) = (a.clone(), x0.clone());
                                let res = call(
                                    &dev,
                                    kind,
                                    solve,
                                    (order, uplo, n),
                                    trans,
                                    diag,
                                    &a,
                                    vx.vec_mut(&mut x[..]),
                                );
                                if T::IS_COMPLEX && order == Order::RowMajor && trans == Op::C {
                                    unsupported_untouched(res, name, &what, &x, &x0);
                                    continue;
                                }
                                res.unwrap_or_else(|e| panic!("{what}: {e}"));
                                unchanged(&format!("{what}: a"), &a, &a0);
                                let st = kind.storage(n);
                                let acm = z(&kind.store::<T>(Order::ColMajor, uplo, n, &d));
                                let tri = (uplo, trans, diag);
                                if solve {
                                    // op(A)·x must give back the right-hand side.
                                    let mut back = z(&x);
                                    ref_trmv(tri, n, st, &acm, &mut back, incx);
                                    let mut mag = zabs_buf(&z(&x));
                                    ref_trmv(tri, n, st, &zabs_buf(&acm), &mut mag, incx);
                                    let b = z(&x0);
                                    for i in 0..n {
                                        let k = vx.idx(i);
                                        let (err, t) =
                                            ((back[k] - b[k]).norm(), tol::<T>(n, mag[k].re));
                                        assert!(
                                            err <= t,
                                            "{what}: residual of element {i} is {err:e} > {t:e}"
                                        );
                                    }
                                    assert_gaps_untouched(&what, &x0, &x, vx);
                                } else {
                                    let (mut want, mut mag) = (z(&x0), zabs_buf(&z(&x0)));
                                    ref_trmv(tri, n, st, &acm, &mut want, incx);
                                    ref_trmv(tri, n, st, &zabs_buf(&acm), &mut mag, incx);
                                    assert_buf_close(&what, &x, &x0, &want, &mag, n);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let n = 4;
    let a = vec![T::one(); n * n];
    let x0 = vec![T::one(); n];
    let mut x = x0.clone();
    let (u, t, d) = (Uplo::Upper, Op::N, Diag::NonUnit);
    assert_invalid(
        dev.trmv(u, t, d, Mat::col_major(&a[..], n, n - 1), &mut x),
        "trmv",
        "a",
    );
    assert_invalid(
        dev.trsv(u, t, d, Mat::col_major(&a[..], n, n).with_ld(n + 1), &mut x),
        "trsv",
        "a",
    );
    assert_invalid(
        dev.trsv(u, t, d, Mat::col_major(&a[..], 3, 3), &mut x),
        "trsv",
        "x",
    );
    assert_invalid(
        dev.trmv(
            u,
            t,
            d,
            Mat::col_major(&a[..], n, n),
            VectorMut::strided(&mut x[..], n, 0),
        ),
        "trmv",
        "incx",
    );
    assert_invalid(
        dev.tbmv(t, d, Banded::new(&a[..], n, n, 0, 1), &mut x),
        "tbmv",
        "a",
    );
    assert_invalid(
        dev.tbsv(t, d, Banded::lower(&a[..], n, 2).with_ld(2), &mut x),
        "tbsv",
        "a",
    );
    assert_invalid(
        dev.tbsv(
            t,
            d,
            Banded::lower(&a[..], n, 1),
            VectorMut::strided(&mut x[..], n, 0),
        ),
        "tbsv",
        "incx",
    );
    assert_invalid(
        dev.tpsv(t, d, Packed::lower(&a[..], 6), &mut x),
        "tpsv",
        "ap",
    );
    assert_invalid(
        dev.tpmv(t, d, Packed::lower(&a[..], 5), &mut x),
        "tpmv",
        "x",
    );
    unchanged("bad arguments: x", &x, &x0);
}

for_all_types!(
    triangular_routines_match_reference,
    bad_arguments_name_the_argument
);
