//! Level 2 conformance of the symmetric and Hermitian rank-1 and rank-2 updates in full and
//! packed storage (syr/her, spr/hpr, syr2/her2, spr2/hpr2): both triangles, both layouts
//! (row-major as CBLAS defines it; complex Hermitian row-major is `Unsupported`), ld > n,
//! increments ±1…3, orders 0, 1, 5 and 33, against `ref_syr`/`ref_syr2` on the column-major
//! storage of the same matrix. NaN fills the other triangle and the padding, which must stay
//! bit for bit unchanged; a Hermitian diagonal's imaginary parts are cleared (also in columns
//! where x is zero); α = 0 touches nothing. Bad arguments are errors naming the argument.

mod level2x_common;

use gpublas_tests::*;
use level2x_common::*;

const ORDERS_N: [usize; 4] = [0, 1, 5, 33];
const UPDATE_KINDS: [Kind; 3] = [
    Kind::Full { extra: 0 },
    Kind::Full { extra: 3 },
    Kind::Packed,
];

fn routine(kind: Kind, herm: bool, rank2: bool) -> &'static str {
    match (kind, herm, rank2) {
        (Kind::Packed, false, false) => "spr",
        (Kind::Packed, true, false) => "hpr",
        (Kind::Packed, false, true) => "spr2",
        (Kind::Packed, true, true) => "hpr2",
        (_, false, false) => "syr",
        (_, true, false) => "her",
        (_, false, true) => "syr2",
        (_, true, true) => "her2",
    }
}

/// Calls the update for `kind` on the buffer `a` in `order`; `alpha` is used as a real for
/// `her`/`hpr` (its real part).
#[allow(clippy::too_many_arguments)]
fn call<T: TestScalar>(
    dev: &Device,
    kind: Kind,
    (herm, rank2): (bool, bool),
    (order, uplo, n): (Order, Uplo, usize),
    alpha: T,
    x: Vector<'_, [T]>,
    y: Vector<'_, [T]>,
    a: &mut [T],
) -> Result<(), Error> {
    let (ld, row) = (kind.ld(n), order == Order::RowMajor);
    let ar = alpha.re();
    match kind {
        Kind::Packed => {
            let p = if uplo == Uplo::Upper {
                PackedMut::upper(a, n)
            } else {
                PackedMut::lower(a, n)
            };
            let p = if row { p.row_major() } else { p };
            match (herm, rank2) {
                (false, false) => dev.spr(alpha, x, p),
                (true, false) => dev.hpr(ar, x, p),
                (false, true) => dev.spr2(alpha, x, y, p),
                (true, true) => dev.hpr2(alpha, x, y, p),
            }
        }
        Kind::Full { .. } | Kind::Band { .. } => {
            let m = if row {
                MatMut::row_major(a, n, n)
            } else {
                MatMut::col_major(a, n, n)
            }
            .with_ld(ld);
            match (herm, rank2) {
                (false, false) => dev.syr(uplo, alpha, x, m),
                (true, false) => dev.her(uplo, ar, x, m),
                (false, true) => dev.syr2(uplo, alpha, x, y, m),
                (true, true) => dev.her2(uplo, alpha, x, y, m),
            }
        }
    }
}

fn updates_match_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("updates"));
    for herm in [false, true] {
        for rank2 in [false, true] {
            for kind in UPDATE_KINDS {
                let name = routine(kind, herm, rank2);
                for uplo in UPLOS {
                    for order in ORDERS {
                        for (s, &(incx, incy)) in STRIDES.iter().enumerate() {
                            for n in ORDERS_N {
                                let what = format!("{name} {kind:?} {uplo:?} {order:?} n={n} incx={incx} incy={incy}");
                                let d = dense::<T>(&mut r, n, false);
                                let a0: Vec<T> = kind.store(order, uplo, n, &d);
                                let (mut x, vx) = vector::<T>(&mut r, n, incx, false);
                                let (y, vy) = vector::<T>(&mut r, n, incy, false);
                                if n > 1 && s % 2 == 0 {
                                    // A zero x_j: the column is skipped (a Hermitian diagonal
                                    // still loses its imaginary part).
                                    x[vx.idx(1)] = T::zero();
                                }
                                let alpha: T = rand_scalar(&mut r);
                                let mut a = a0.clone();
                                let res = call(
                                    &dev,
                                    kind,
                                    (herm, rank2),
                                    (order, uplo, n),
                                    alpha,
                                    vx.vec(&x[..]),
                                    vy.vec(&y[..]),
                                    &mut a,
                                );
                                if T::IS_COMPLEX && !herm && kind == Kind::Packed {
                                    // cspr/cspr2 are not in BLAS.
                                    unsupported_untouched(res, name, &what, &a, &a0);
                                    continue;
                                }
                                if T::IS_COMPLEX && herm && order == Order::RowMajor {
                                    unsupported_untouched(res, name, &what, &a, &a0);
                                    continue;
                                }
                                res.unwrap_or_else(|e| panic!("{what}: {e}"));
                                let st = kind.storage(n);
                                let acm = z(&kind.store::<T>(Order::ColMajor, uplo, n, &d));
                                let (mut want, mut mag) = (acm.clone(), zabs_buf(&acm));
                                let (xz, yz) = (z(&x), z(&y));
                                let az = if herm && !rank2 {
                                    zr(alpha.to_c().re)
                                } else {
                                    alpha.to_c()
                                };
                                if rank2 {
                                    ref_syr2(
                                        uplo, herm, n, az, &xz, incx, &yz, incy, &mut want, st,
                                    );
                                    ref_syr2(
                                        uplo,
                                        herm,
                                        n,
                                        zabs(az),
                                        &zabs_buf(&xz),
                                        incx,
                                        &zabs_buf(&yz),
                                        incy,
                                        &mut mag,
                                        st,
                                    );
                                } else {
                                    ref_syr(uplo, herm, n, az, &xz, incx, &mut want, st);
                                    ref_syr(
                                        uplo,
                                        herm,
                                        n,
                                        zabs(az),
                                        &zabs_buf(&xz),
                                        incx,
                                        &mut mag,
                                        st,
                                    );
                                }
                                let want = kind.back_to_layout(order, uplo, n, &want);
                                let mag = kind.back_to_layout(order, uplo, n, &mag);
                                assert_buf_close(&what, &a, &a0, &want, &mag, 2);
                            }
                        }
                    }
                }
            }
        }
    }
}

fn alpha_zero_touches_nothing<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("updates_alpha_zero"));
    let n = 6;
    for herm in [false, true] {
        for rank2 in [false, true] {
            for kind in [Kind::Full { extra: 1 }, Kind::Packed] {
                if T::IS_COMPLEX && !herm && kind == Kind::Packed {
                    continue;
                }
                // Random everywhere, the Hermitian diagonal's imaginary parts included: nothing
                // may change, not even those.
                let a0: Vec<T> = rand_vec(&mut r, kind.len(n));
                let (x, y) = (poison::<T>(n), poison::<T>(n));
                let mut a = a0.clone();
                let what = format!("{} α = 0", routine(kind, herm, rank2));
                call(
                    &dev,
                    kind,
                    (herm, rank2),
                    (Order::ColMajor, Uplo::Upper, n),
                    T::zero(),
                    Vector::strided(&x[..], n, 1),
                    Vector::strided(&y[..], n, -1),
                    &mut a,
                )
                .unwrap_or_else(|e| panic!("{what}: {e}"));
                unchanged(&what, &a, &a0);
            }
        }
    }
}

fn bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let n = 4;
    let a0 = vec![T::one(); n * n];
    let mut a = a0.clone();
    let (x, one) = (vec![T::one(); n], T::one());
    let re = T::real(1.0);
    assert_invalid(
        dev.syr(
            Uplo::Upper,
            one,
            &x,
            MatMut::col_major(&mut a[..], n, n - 1),
        ),
        "syr",
        "a",
    );
    assert_invalid(
        dev.her(
            Uplo::Upper,
            re,
            &x,
            MatMut::col_major(&mut a[..], n, n).with_ld(n + 1),
        ),
        "her",
        "a",
    );
    assert_invalid(
        dev.her(
            Uplo::Upper,
            re,
            &x[..3],
            MatMut::col_major(&mut a[..], n, n),
        ),
        "her",
        "x",
    );
    assert_invalid(
        dev.syr(
            Uplo::Lower,
            one,
            Vector::strided(&x[..], n, 0),
            MatMut::col_major(&mut a[..], n, n),
        ),
        "syr",
        "incx",
    );
    assert_invalid(
        dev.her2(
            Uplo::Lower,
            one,
            &x,
            Vector::strided(&x[..], n, 0),
            MatMut::col_major(&mut a[..], n, n),
        ),
        "her2",
        "incy",
    );
    assert_invalid(
        dev.syr2(
            Uplo::Lower,
            one,
            &x,
            &x[..2],
            MatMut::col_major(&mut a[..], n, n),
        ),
        "syr2",
        "y",
    );
    assert_invalid(
        dev.hpr(re, &x, PackedMut::upper(&mut a[..], 6)),
        "hpr",
        "ap",
    );
    assert_invalid(
        dev.hpr2(one, &x, &x[..3], PackedMut::upper(&mut a[..], n)),
        "hpr2",
        "y",
    );
    unchanged("bad arguments: a", &a, &a0);
}

fn complex_symmetric_packed_updates_are_unsupported<T: TestScalar>() {
    let dev = device();
    let a0 = vec![T::one(); 10];
    let mut a = a0.clone();
    let x = vec![T::one(); 4];
    assert_unsupported(
        dev.spr(T::one(), &x, PackedMut::upper(&mut a[..], 4)),
        "spr",
    );
    assert_unsupported(
        dev.spr2(T::one(), &x, &x, PackedMut::lower(&mut a[..], 4)),
        "spr2",
    );
    unchanged("a", &a, &a0);
}

for_all_types!(
    updates_match_reference,
    alpha_zero_touches_nothing,
    bad_arguments_name_the_argument
);
for_complex_types!(complex_symmetric_packed_updates_are_unsupported);
