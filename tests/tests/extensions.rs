//! geam and dgmm conformance against `ref_geam` and `ref_dgmm`: geam for all 9 op combinations
//! and all 8 layout mixes (C never read: it starts as NaN), α = 0 / β = 0 not reading that
//! operand (NaN there), its in-place form `C ← αC + β op(B)`; dgmm on both sides with positive,
//! negative and zero increments; empty dimensions; bad arguments named.

mod l3x_common;

use gpublas_tests::*;
use l3x_common::*;

/// Every mix of three layouts.
fn order_triples() -> Vec<[Order; 3]> {
    (0..8)
        .map(|mask| {
            [0, 1, 2].map(|bit| {
                if mask >> bit & 1 == 1 {
                    Order::RowMajor
                } else {
                    Order::ColMajor
                }
            })
        })
        .collect()
}

/// Runs one geam and checks it against `ref_geam` (a complex `Op::C` on an operand in another
/// layout than C's runs on a conjugated copy). `nan` makes A and/or B all NaN (for a zero scalar).
#[allow(clippy::too_many_arguments)]
fn check_geam<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (ta, tb): (Op, Op),
    (m, n): (usize, usize),
    [oa, ob, oc]: [Order; 3],
    extra: usize,
    scalars: Option<(T, T)>,
    (nan_a, nan_b): (bool, bool),
) {
    let shape = |op: Op| if op == Op::N { (m, n) } else { (n, m) };
    let ((ar, ac), (br, bc)) = (shape(ta), shape(tb));
    let la = Layout::new(oa, ar, ac, extra);
    let lb = Layout::new(ob, br, bc, extra + 1);
    let lc = Layout::new(oc, m, n, extra + 2);
    let a: Vec<T> = if nan_a { nan_mat(la) } else { rand_mat(r, la) };
    let b: Vec<T> = if nan_b { nan_mat(lb) } else { rand_mat(r, lb) };
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let c0 = nan_mat::<T>(lc);
    let mut c = c0.clone();
    let what = format!("geam {ta:?}{tb:?} {m}×{n} layouts {oa:?}/{ob:?}/{oc:?} ld+{extra}");
    let res = dev.geam(
        ta,
        tb,
        alpha,
        la.mat(&a),
        beta,
        lb.mat(&b),
        lc.mat_mut(&mut c),
    );
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let s = |x: T| if abs { za(x.to_c()) } else { x.to_c() };
        let ((za_, lda), (zb, ldb), (mut zc, ldc)) = (f(&a, la), f(&b, lb), zcol(&c0, lc));
        ref_geam(
            (ta, tb),
            (m, n),
            s(alpha),
            &za_,
            lda,
            s(beta),
            &zb,
            ldb,
            &mut zc,
            ldc,
        );
        zc
    };
    check_out(&what, &c0, &c, lc, &run(false), &run(true), 1);
}

fn geam_matches_reference_for_every_op_and_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("geam"));
    for ta in OPS {
        for tb in OPS {
            for orders in order_triples() {
                for (extra, dims) in [(0, (5, 7)), (1, (1, 4)), (2, (16, 17))] {
                    let ops = (ta, tb);
                    check_geam::<T>(&dev, &mut r, ops, dims, orders, extra, None, (false, false));
                }
            }
        }
    }
}

fn geam_zero_scalar_operand_is_not_read<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("geam_zero"));
    for (ta, tb) in [(Op::N, Op::N), (Op::T, Op::C), (Op::C, Op::N)] {
        for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
            let (s, z) = (rand_scalar::<T>(&mut r), T::zero());
            for (scalars, nan) in [
                ((z, s), (true, false)),
                ((s, z), (false, true)),
                ((z, z), (true, true)),
            ] {
                check_geam::<T>(
                    &dev,
                    &mut r,
                    (ta, tb),
                    (6, 5),
                    orders,
                    1,
                    Some(scalars),
                    nan,
                );
            }
        }
    }
}

/// Runs one `geam_in_place` and checks it against `ref_geam` with C's old values as A.
#[allow(clippy::too_many_arguments)]
fn check_geam_in_place<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    tb: Op,
    (m, n): (usize, usize),
    [ob, oc]: [Order; 2],
    extra: usize,
    scalars: Option<(T, T)>,
    (nan_b, nan_c): (bool, bool),
) {
    let (br, bc) = if tb == Op::N { (m, n) } else { (n, m) };
    let lb = Layout::new(ob, br, bc, extra);
    let lc = Layout::new(oc, m, n, extra + 1);
    let b: Vec<T> = if nan_b { nan_mat(lb) } else { rand_mat(r, lb) };
    let c0: Vec<T> = if nan_c {
        mat_buf(lc, 2, T::nan(), |_, _| T::nan())
    } else {
        rand_mat(r, lc)
    };
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let mut c = c0.clone();
    let what = format!("geam_in_place {tb:?} {m}×{n} layouts {ob:?}/{oc:?} ld+{extra}");
    let res = dev.geam_in_place(alpha, beta, tb, lb.mat(&b), lc.mat_mut(&mut c));
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let s = |x: T| if abs { za(x.to_c()) } else { x.to_c() };
        let ((zc, ldc), (zb, ldb)) = (f(&c0, lc), f(&b, lb));
        let mut out = zc.clone();
        ref_geam(
            (Op::N, tb),
            (m, n),
            s(alpha),
            &zc,
            ldc,
            s(beta),
            &zb,
            ldb,
            &mut out,
            ldc,
        );
        out
    };
    check_out(&what, &c0, &c, lc, &run(false), &run(true), 1);
}

fn geam_in_place_matches_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("geam_in_place"));
    for tb in OPS {
        for orders in ORDER_PAIRS {
            for (extra, dims) in [(0, (5, 7)), (1, (1, 4)), (2, (16, 17))] {
                let f = (false, false);
                check_geam_in_place::<T>(&dev, &mut r, tb, dims, orders, extra, None, f);
            }
        }
        // α = 0 does not read C (NaN there); β = 0 does not read B (NaN there); both zero.
        let (s, z) = (rand_scalar::<T>(&mut r), T::zero());
        let o = [Order::ColMajor; 2];
        // (NaN in B, NaN in C) for each pair of scalars.
        for (scalars, nan) in [
            ((z, s), (false, true)),
            ((s, z), (true, false)),
            ((z, z), (true, true)),
        ] {
            check_geam_in_place::<T>(&dev, &mut r, tb, (4, 6), o, 1, Some(scalars), nan);
        }
    }
}

fn geam_quick_returns_leave_c_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("geam_quick"));
    let b = poison::<T>(20);
    // geam_in_place with α = 1, β = 0: C unchanged bit for bit (NaN included).
    let mut c0: Vec<T> = rand_vec(&mut r, 12);
    c0[3] = T::nan();
    let mut c = c0.clone();
    dev.geam_in_place(
        T::one(),
        T::zero(),
        Op::T,
        Mat::col_major(&b, 4, 3),
        MatMut::col_major(&mut c, 3, 4),
    )
    .unwrap();
    assert_bitwise_eq("geam_in_place α=1 β=0", &c, &c0);
    for (m, n) in [(0, 3), (3, 0)] {
        let mut c = c0.clone();
        let (am, bm) = (Mat::col_major(&b, m, n), Mat::col_major(&b, m, n));
        dev.geam(
            Op::N,
            Op::N,
            T::one(),
            am,
            T::one(),
            bm,
            MatMut::col_major(&mut c, m, n),
        )
        .unwrap();
        assert_bitwise_eq(&format!("geam {m}×{n}"), &c, &c0);
    }
}

fn geam_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let (a, b) = (vec![T::one(); 12], vec![T::one(); 12]);
    let mut c = vec![T::one(); 12];
    let one = T::one();
    let r = dev.geam(
        Op::N,
        Op::N,
        one,
        Mat::col_major(&a, 4, 3),
        one,
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "geam", "a");
    let r = dev.geam(
        Op::T,
        Op::N,
        one,
        Mat::col_major(&a, 4, 3),
        one,
        Mat::col_major(&b, 4, 3),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "geam", "b");
    let r = dev.geam(
        Op::N,
        Op::N,
        one,
        Mat::col_major(&a, 3, 4),
        one,
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 4, 4),
    );
    assert_invalid(r, "geam", "c");
    let r = dev.geam_in_place(
        one,
        one,
        Op::N,
        Mat::col_major(&b, 4, 3),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "geam_in_place", "b");
    assert!(c.iter().all(|v| v.is_one()), "C changed by a rejected call");
}

/// Runs one dgmm and checks it against `ref_dgmm`.
fn check_dgmm<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    side: Side,
    (m, n): (usize, usize),
    [oa, oc]: [Order; 2],
    extra: usize,
    incx: isize,
) {
    let la = Layout::new(oa, m, n, extra);
    let lc = Layout::new(oc, m, n, extra + 1);
    let vl = VLayout::new(if side == Side::Left { m } else { n }, incx);
    let a: Vec<T> = rand_mat(r, la);
    let x: Vec<T> = rand_strided(r, vl);
    let c0 = nan_mat::<T>(lc);
    let mut c = c0.clone();
    let what = format!("dgmm {side:?} {m}×{n} incx={incx} layouts {oa:?}/{oc:?} ld+{extra}");
    let res = dev.dgmm(side, la.mat(&a), vl.vec(&x), lc.mat_mut(&mut c));
    // An A in another layout than C's runs on a copy in C's layout.
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let zx = if abs { zabs_buf(&zbuf(&x)) } else { zbuf(&x) };
        let ((za_, lda), (mut zc, ldc)) = (f(&a, la), zcol(&c0, lc));
        ref_dgmm(side, (m, n), &za_, lda, &zx, incx, &mut zc, ldc);
        zc
    };
    check_out(&what, &c0, &c, lc, &run(false), &run(true), 1);
}

fn dgmm_matches_reference_for_every_side_increment_and_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("dgmm"));
    for side in SIDES {
        for orders in ORDER_PAIRS {
            for incx in [1, 2, -1, -3, 0] {
                for (extra, dims) in [(0, (5, 4)), (1, (1, 6)), (2, (9, 1)), (0, (17, 16))] {
                    check_dgmm::<T>(&dev, &mut r, side, dims, orders, extra, incx);
                }
            }
        }
    }
}

fn dgmm_empty_and_bad_arguments<T: TestScalar>() {
    let dev = device();
    let (a, x) = (vec![T::one(); 12], vec![T::one(); 4]);
    let mut c = vec![T::one(); 12];
    for (m, n) in [(0, 3), (3, 0)] {
        let xv = Vector::strided(&x, if m == 0 { 0 } else { 3 }, 1);
        dev.dgmm(
            Side::Left,
            Mat::col_major(&a, m, n),
            xv,
            MatMut::col_major(&mut c, m, n),
        )
        .unwrap();
    }
    let am = || Mat::col_major(&a, 3, 4);
    let r = dev.dgmm(
        Side::Left,
        am(),
        Vector::strided(&x, 4, 1),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "dgmm", "x");
    let r = dev.dgmm(
        Side::Right,
        am(),
        Vector::strided(&x, 4, 2),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "dgmm", "x");
    let r = dev.dgmm(
        Side::Right,
        am(),
        Vector::strided(&x, 4, 1),
        MatMut::col_major(&mut c, 4, 3),
    );
    assert_invalid(r, "dgmm", "a");
    assert!(
        c.iter().all(|v| v.is_one()),
        "C changed by an empty or rejected call"
    );
}

for_all_types!(
    geam_matches_reference_for_every_op_and_layout,
    geam_zero_scalar_operand_is_not_read,
    geam_in_place_matches_reference,
    geam_quick_returns_leave_c_untouched,
    geam_bad_arguments_name_the_argument,
    dgmm_matches_reference_for_every_side_increment_and_layout,
    dgmm_empty_and_bad_arguments,
);
