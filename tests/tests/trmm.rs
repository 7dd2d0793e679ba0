//! trmm conformance, out of place (`C ← α op(A) B`, cuBLAS's and rocBLAS 4's form) and in place
//! (`B ← α op(A) B`, netlib's), against `ref_trmm`: all 24 side × uplo × trans × diag
//! combinations, every layout pair, ld > rows; only the stored triangle of A is read (the other
//! is NaN, and so is a unit diagonal), C is never read (it starts as NaN), α = 0 reads neither A
//! nor B, empty dimensions leave the output untouched.

mod l3x_common;

use gpublas_tests::*;
use l3x_common::*;

/// Runs one trmm (`in_place`: `trmm_in_place` on B) and checks it against `ref_trmm` (a complex
/// `Op::C` on an A in another layout than B's runs on a conjugated copy; a B in another layout
/// than C's on a relaid copy). `nan_ab` makes A and B all NaN (for α = 0). In place, C is B.
#[allow(clippy::too_many_arguments)]
fn check_trmm<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    (m, n): (usize, usize),
    [oa, ob, oc]: [Order; 3],
    extra: usize,
    in_place: bool,
    alpha: Option<T>,
    nan_ab: bool,
) {
    let ka = if side == Side::Left { m } else { n };
    let la = Layout::new(oa, ka, ka, extra);
    let lb = Layout::new(ob, m, n, extra + 1);
    let lc = Layout::new(if in_place { ob } else { oc }, m, n, extra + 2);
    let (a, b0): (Vec<T>, Vec<T>) = if nan_ab {
        (nan_mat(la), nan_mat(lb))
    } else {
        (tri_buf(r, la, uplo, diag == Diag::Unit), rand_mat(r, lb))
    };
    let alpha = alpha.unwrap_or_else(|| rand_scalar(r));
    let form = if in_place { "trmm_in_place" } else { "trmm" };
    let what = format!(
        "{form} {side:?} {uplo:?} {trans:?} {diag:?} {m}×{n} layouts {oa:?}/{ob:?}/{:?} ld+{extra}",
        lc.order
    );
    let sutd = (side, uplo, trans, diag);
    let (c0, mut c, mut b) = (nan_mat::<T>(lc), nan_mat::<T>(lc), b0.clone());
    let res = if in_place {
        dev.trmm_in_place(
            side,
            uplo,
            trans,
            diag,
            alpha,
            la.mat(&a),
            lb.mat_mut(&mut b),
        )
    } else {
        dev.trmm(
            side,
            uplo,
            trans,
            diag,
            alpha,
            la.mat(&a),
            lb.mat(&b0),
            lc.mat_mut(&mut c),
        )
    };
    let (out, before, lo) = if in_place {
        (&b, &b0, lb)
    } else {
        (&c, &c0, lc)
    };
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let al = if abs { za(alpha.to_c()) } else { alpha.to_c() };
        let ((za_, lda), (zb, ldb)) = (f(&a, la), f(&b0, lb));
        let mut zc = zb.clone();
        ref_trmm(sutd, (m, n), al, &za_, lda, &zb, ldb, &mut zc, ldb);
        zc
    };
    check_out(&what, before, out, lo, &run(false), &run(true), ka);
}

fn trmm_matches_reference_for_all_combinations_and_layouts<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trmm"));
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    for [oa, ob] in ORDER_PAIRS {
                        for (extra, dims) in [(0, (7, 5)), (1, (1, 16)), (2, (17, 3))] {
                            // In place (C is B), and out of place with C in B's layout and in
                            // the other one (B then runs on a relaid copy).
                            for (in_place, oc) in [(true, ob), (false, ob), (false, flip(ob))] {
                                let sutd = (side, uplo, trans, diag);
                                let o = [oa, ob, oc];
                                check_trmm::<T>(
                                    &dev, &mut r, sutd, dims, o, extra, in_place, None, false,
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

fn trmm_bigger_problems<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trmm_big"));
    let o = [Order::ColMajor; 3];
    for in_place in [false, true] {
        let sutd = (Side::Left, Uplo::Lower, Op::T, Diag::NonUnit);
        check_trmm::<T>(&dev, &mut r, sutd, (130, 97), o, 3, in_place, None, false);
        let sutd = (Side::Right, Uplo::Upper, Op::N, Diag::Unit);
        check_trmm::<T>(&dev, &mut r, sutd, (65, 129), o, 0, in_place, None, false);
        // A wide B: the host splits its diagonal blocks' columns across threads.
        let sutd = (Side::Left, Uplo::Upper, Op::C, Diag::NonUnit);
        check_trmm::<T>(&dev, &mut r, sutd, (40, 300), o, 1, in_place, None, false);
    }
    // Right-side products of a tall column-major B (LAPACK's `?larfb` makes them with 32 or 64
    // columns): the host multiplies real diagonal blocks of order up to 64 in strips of rows,
    // with partial strips and groups at these orders, and halves the order-100 triangle.
    for uplo in [Uplo::Lower, Uplo::Upper] {
        for trans in [Op::N, Op::T] {
            for diag in [Diag::NonUnit, Diag::Unit] {
                for (dims, extra) in [((300, 32), 2), ((130, 64), 0), ((45, 100), 1)] {
                    let sutd = (Side::Right, uplo, trans, diag);
                    check_trmm::<T>(&dev, &mut r, sutd, dims, o, extra, true, None, false);
                }
            }
        }
    }
}

fn trmm_alpha_zero_reads_neither_a_nor_b<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trmm_alpha0"));
    for side in SIDES {
        for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
            for in_place in [false, true] {
                let sutd = (side, Uplo::Upper, Op::N, Diag::NonUnit);
                let z = Some(T::zero());
                check_trmm::<T>(&dev, &mut r, sutd, (5, 4), orders, 1, in_place, z, true);
            }
        }
    }
}

fn trmm_empty_leaves_the_output_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trmm_empty"));
    for side in SIDES {
        for (m, n) in [(0, 4), (4, 0)] {
            let ka = if side == Side::Left { m } else { n };
            let a = poison::<T>(ka * ka + 1);
            let b0: Vec<T> = rand_vec(&mut r, 5);
            let mut b = b0.clone();
            let sutd = (side, Uplo::Upper, Op::T, Diag::NonUnit);
            dev.trmm_in_place(
                sutd.0,
                sutd.1,
                sutd.2,
                sutd.3,
                T::one(),
                Mat::col_major(&a, ka, ka),
                MatMut::col_major(&mut b, m, n),
            )
            .unwrap();
            assert_bitwise_eq(&format!("trmm_in_place {side:?} {m}×{n}"), &b, &b0);
            let mut c = b0.clone();
            dev.trmm(
                sutd.0,
                sutd.1,
                sutd.2,
                sutd.3,
                T::one(),
                Mat::col_major(&a, ka, ka),
                Mat::col_major(&b0, m, n),
                MatMut::col_major(&mut c, m, n),
            )
            .unwrap();
            assert_bitwise_eq(&format!("trmm {side:?} {m}×{n}"), &c, &b0);
        }
    }
}

fn trmm_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let (a, b) = (vec![T::one(); 16], vec![T::one(); 12]);
    let mut c = vec![T::one(); 12];
    let one = T::one();
    let call = |a: Mat<'_, Vec<T>>, b: Mat<'_, Vec<T>>, c: MatMut<'_, Vec<T>>| {
        dev.trmm(Side::Left, Uplo::Lower, Op::N, Diag::Unit, one, a, b, c)
    };
    // A not square; A not of B's row count; C's shape not B's; a short B.
    let r = call(
        Mat::col_major(&a, 3, 4),
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "trmm", "a");
    let r = call(
        Mat::col_major(&a, 4, 4),
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "trmm", "a");
    let r = call(
        Mat::col_major(&a, 3, 3),
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 4, 3),
    );
    assert_invalid(r, "trmm", "c");
    let r = call(
        Mat::col_major(&a, 4, 4),
        Mat::col_major(&b, 4, 4),
        MatMut::col_major(&mut c, 4, 3),
    );
    assert_invalid(r, "trmm", "b");
    let mut b2 = b.clone();
    let r = dev.trmm_in_place(
        Side::Right,
        Uplo::Lower,
        Op::N,
        Diag::Unit,
        one,
        Mat::col_major(&a, 3, 3),
        MatMut::col_major(&mut b2, 3, 4),
    );
    assert_invalid(r, "trmm_in_place", "a");
    assert!(
        c.iter().chain(&b2).all(|v| v.is_one()),
        "output changed by a rejected call"
    );
}

for_all_types!(
    trmm_matches_reference_for_all_combinations_and_layouts,
    trmm_bigger_problems,
    trmm_alpha_zero_reads_neither_a_nor_b,
    trmm_empty_leaves_the_output_untouched,
    trmm_bad_arguments_name_the_argument,
);
