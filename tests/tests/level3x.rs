//! Level 3 additions conformance: symm/hemm (both sides, both triangles, every layout pair),
//! syr2k/her2k and syrkx/herkx (both triangles, every valid trans, every layout pair, k = 0),
//! against the buffer-level references `ref_symm`, `ref_syr2k`, `ref_syrkx`: only the stored
//! triangle of A is read (the other is NaN), only the `uplo` triangle of a rank-2k C is written
//! (the other is NaN and must stay so bit for bit), the Hermitian results have an exactly real
//! diagonal, α = 0 reads neither A nor B, β = 0 ignores NaN in C, empty dimensions and
//! `α = 0, β = 1` return at once; a Hermitian operand in a layout other than C's (a conjugate
//! without a transpose) runs on a conjugated copy; an operand that would need a transpose and
//! has no op (symm's B in another layout than C's, syr2k's B in another layout than A's) runs on
//! a copy in the needed layout, made on the host for host data and on the device for device data.

mod l3x_common;

use gpublas_tests::*;
use l3x_common::*;

// ---------------------------------------------------------------------------------------------
// symm / hemm

/// Runs one symm (`herm = false`) or hemm and checks it against `ref_symm` (a complex Hermitian
/// A in another layout than C's runs on a conjugated copy; a B in another layout than C's on a
/// relaid copy). `scalars` overrides the random α, β; `nan_ab` makes A and B all NaN (for
/// α = 0); `on_device` passes A and B as device buffers.
#[allow(clippy::too_many_arguments)]
fn check_symm<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    herm: bool,
    (side, uplo): (Side, Uplo),
    (m, n): (usize, usize),
    [oa, ob, oc]: [Order; 3],
    extra: usize,
    scalars: Option<(T, T)>,
    nan_ab: bool,
    on_device: bool,
) {
    let ka = if side == Side::Left { m } else { n };
    let la = Layout::new(oa, ka, ka, extra);
    let lb = Layout::new(ob, m, n, extra + 1);
    let lc = Layout::new(oc, m, n, extra + 2);
    let (a, b): (Vec<T>, Vec<T>) = if nan_ab {
        (nan_mat(la), nan_mat(lb))
    } else {
        (tri_buf(r, la, uplo, false), rand_mat(r, lb))
    };
    let c0: Vec<T> = rand_mat(r, lc);
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let mut c = c0.clone();
    let routine = if herm { "hemm" } else { "symm" };
    let what = format!(
        "{routine} {side:?} {uplo:?} {m}×{n} layouts {oa:?}/{ob:?}/{oc:?} ld+{extra}{}",
        if on_device {
            " (A, B on the device)"
        } else {
            ""
        }
    );
    macro_rules! call {
        ($a:expr, $b:expr) => {
            if herm {
                dev.hemm(side, uplo, alpha, $a, $b, beta, lc.mat_mut(&mut c))
            } else {
                dev.symm(side, uplo, alpha, $a, $b, beta, lc.mat_mut(&mut c))
            }
        };
    }
    let res = if on_device {
        let (a_d, b_d) = (dev.upload(&a).unwrap(), dev.upload(&b).unwrap());
        call!(la.mat(&a_d), lb.mat(&b_d))
    } else {
        call!(la.mat(&a), lb.mat(&b))
    };
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let herm = herm && T::IS_COMPLEX;
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let s = |x: T| if abs { za(x.to_c()) } else { x.to_c() };
        let ((za_, lda), (zb, ldb), (mut zc, ldc)) = (f(&a, la), f(&b, lb), f(&c0, lc));
        let (al, be) = (s(alpha), s(beta));
        ref_symm(
            (side, uplo, herm),
            (m, n),
            al,
            &za_,
            lda,
            &zb,
            ldb,
            be,
            &mut zc,
            ldc,
        );
        zc
    };
    check_out(&what, &c0, &c, lc, &run(false), &run(true), ka);
}

fn symm_matches_reference_for_every_side_uplo_and_layout<T: TestScalar>() {
    symm_or_hemm_every_case::<T>(false)
}

fn hemm_matches_reference_for_every_side_uplo_and_layout<T: TestScalar>() {
    symm_or_hemm_every_case::<T>(true)
}

fn symm_or_hemm_every_case<T: TestScalar>(herm: bool) {
    let dev = device();
    let mut r = rng(&seed_name::<T>(if herm { "hemm" } else { "symm" }));
    for side in SIDES {
        for uplo in UPLOS {
            for [oa, oc] in ORDER_PAIRS {
                for ob in [Order::ColMajor, Order::RowMajor] {
                    let cases = [(0, (5, 7)), (1, (1, 3)), (2, (17, 16)), (0, (33, 2))];
                    for (extra, dims) in cases {
                        let su = (side, uplo);
                        let o = [oa, ob, oc];
                        check_symm::<T>(&dev, &mut r, herm, su, dims, o, extra, None, false, false);
                    }
                    // A and B as device buffers: a relaid B is copied on the device.
                    let o = [oa, ob, oc];
                    let su = (side, uplo);
                    check_symm::<T>(&dev, &mut r, herm, su, (6, 5), o, 1, None, false, true);
                }
            }
        }
    }
}

fn symm_alpha_zero_reads_neither_a_nor_b<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("symm_alpha0"));
    for herm in [false, true] {
        for side in SIDES {
            for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
                let beta: T = rand_scalar(&mut r);
                let s = Some((T::zero(), beta));
                let su = (side, Uplo::Lower);
                check_symm::<T>(&dev, &mut r, herm, su, (6, 4), orders, 1, s, true, false);
            }
        }
    }
}

fn symm_beta_zero_ignores_nan_in_c<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("symm_beta0"));
    for herm in [false, true] {
        for side in SIDES {
            let (m, n) = (5, 6);
            let ka = if side == Side::Left { m } else { n };
            let la = Layout::new(Order::ColMajor, ka, ka, 1);
            let (lb, lc) = (Layout::col(m, n), Layout::col(m, n).with_ld(m + 2));
            let a: Vec<T> = tri_buf(&mut r, la, Uplo::Upper, false);
            let b: Vec<T> = rand_mat(&mut r, lb);
            let alpha: T = rand_scalar(&mut r);
            let c0 = nan_mat::<T>(lc);
            let mut c = c0.clone();
            let (a_m, b_m, c_m) = (la.mat(&a), lb.mat(&b), lc.mat_mut(&mut c));
            if herm {
                dev.hemm(side, Uplo::Upper, alpha, a_m, b_m, T::zero(), c_m)
            } else {
                dev.symm(side, Uplo::Upper, alpha, a_m, b_m, T::zero(), c_m)
            }
            .unwrap();
            let (za_, lda) = zcol(&a, la);
            let (zb, ldb) = zcol(&b, lb);
            let mut want = vec![Z::new(0.0, 0.0); m * n];
            let su = (side, Uplo::Upper, herm && T::IS_COMPLEX);
            let al = alpha.to_c();
            ref_symm(su, (m, n), al, &za_, lda, &zb, ldb, zr(0.0), &mut want, m);
            let (aa, ab) = (zabs_buf(&za_), zabs_buf(&zb));
            let mut mag = vec![Z::new(0.0, 0.0); m * n];
            ref_symm(su, (m, n), za(al), &aa, lda, &ab, ldb, zr(0.0), &mut mag, m);
            check_out("symm/hemm beta=0 over NaN", &c0, &c, lc, &want, &mag, ka);
        }
    }
}

fn symm_quick_returns_leave_c_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("symm_quick"));
    // α = 0 and β = 1 (A and B NaN); and empty C.
    for (m, n, alpha) in [(4, 3, T::zero()), (0, 3, T::one()), (4, 0, T::one())] {
        for side in SIDES {
            let ka = if side == Side::Left { m } else { n };
            let a = poison::<T>(ka * ka + 1);
            let b = poison::<T>(m * n + 1);
            let c0: Vec<T> = rand_vec(&mut r, m * n + 3);
            let mut c = c0.clone();
            let (a_m, b_m) = (Mat::col_major(&a, ka, ka), Mat::col_major(&b, m, n));
            dev.symm(
                side,
                Uplo::Upper,
                alpha,
                a_m,
                b_m,
                T::one(),
                MatMut::col_major(&mut c, m, n),
            )
            .unwrap();
            assert_bitwise_eq(&format!("symm quick return {m}×{n}"), &c, &c0);
        }
    }
}

fn symm_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let (a, b) = (vec![T::one(); 16], vec![T::one(); 12]);
    let mut c = vec![T::one(); 12];
    let one = T::one();
    let sym = |a: Mat<'_, Vec<T>>, b: Mat<'_, Vec<T>>, c: MatMut<'_, Vec<T>>| {
        dev.symm(Side::Left, Uplo::Lower, one, a, b, one, c)
    };
    // A not square; A of the wrong order for the left side; B's shape not C's; a batch; short C.
    let r = sym(
        Mat::col_major(&a, 3, 4),
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "symm", "a");
    let r = sym(
        Mat::col_major(&a, 4, 4),
        Mat::col_major(&b, 3, 4),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "symm", "a");
    let r = sym(
        Mat::col_major(&a, 3, 3),
        Mat::col_major(&b, 4, 3),
        MatMut::col_major(&mut c, 3, 4),
    );
    assert_invalid(r, "symm", "b");
    let r = sym(
        Mat::col_major(&a, 2, 2).batched(2, 4),
        Mat::col_major(&b, 2, 2),
        MatMut::col_major(&mut c, 2, 2),
    );
    assert_invalid(r, "symm", "a");
    let r = dev.hemm(
        Side::Right,
        Uplo::Lower,
        one,
        Mat::col_major(&a, 4, 4),
        Mat::col_major(&b, 3, 4),
        one,
        MatMut::col_major(&mut c, 3, 4).with_ld(4),
    );
    assert_invalid(r, "hemm", "c");
    assert!(c.iter().all(|v| v.is_one()), "C changed by a rejected call");
}

for_all_types!(
    symm_matches_reference_for_every_side_uplo_and_layout,
    hemm_matches_reference_for_every_side_uplo_and_layout,
    symm_alpha_zero_reads_neither_a_nor_b,
    symm_beta_zero_ignores_nan_in_c,
    symm_quick_returns_leave_c_untouched,
    symm_bad_arguments_name_the_argument,
);

// ---------------------------------------------------------------------------------------------
// syr2k / her2k / syrkx / herkx

#[derive(Debug, Clone, Copy, PartialEq)]
enum K2 {
    Syr2k,
    Her2k,
    Syrkx,
    Herkx,
}

const KINDS: [K2; 4] = [K2::Syr2k, K2::Her2k, K2::Syrkx, K2::Herkx];

impl K2 {
    fn name(self) -> &'static str {
        match self {
            K2::Syr2k => "syr2k",
            K2::Her2k => "her2k",
            K2::Syrkx => "syrkx",
            K2::Herkx => "herkx",
        }
    }
    fn hermitian(self) -> bool {
        matches!(self, K2::Her2k | K2::Herkx)
    }
    fn two(self) -> bool {
        matches!(self, K2::Syr2k | K2::Her2k)
    }
}

/// How one rank-2k case is fed: random operands, or NaN A and B (for α = 0), or NaN in C's
/// triangle (for β = 0).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fill {
    Random,
    NanAb,
    NanC,
}

/// Runs one rank-2k update and checks it against `ref_syr2k`/`ref_syrkx` (or the documented
/// error, with C untouched).
#[allow(clippy::too_many_arguments)]
fn check_rank2k<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    kind: K2,
    (uplo, trans): (Uplo, Op),
    (n, k): (usize, usize),
    [oa, ob, oc]: [Order; 3],
    extra: usize,
    scalars: Option<(T, T)>,
    fill: Fill,
) {
    let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
    let (la, lb) = (
        Layout::new(oa, ar, ac, extra),
        Layout::new(ob, ar, ac, extra + 1),
    );
    let lc = Layout::new(oc, n, n, extra + 2);
    let (a, b): (Vec<T>, Vec<T>) = if fill == Fill::NanAb {
        (nan_mat(la), nan_mat(lb))
    } else {
        (rand_mat(r, la), rand_mat(r, lb))
    };
    let c0: Vec<T> = if fill == Fill::NanC {
        mat_buf(lc, 2, T::nan(), |_, _| T::nan())
    } else {
        tri_buf(r, lc, uplo, false)
    };
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let herm = kind.hermitian() && T::IS_COMPLEX;
    // The Hermitian forms take a real β: its real part.
    let beta = if kind.hermitian() {
        T::from_c(zr(beta.to_c().re))
    } else {
        beta
    };
    let mut c = c0.clone();
    let what = format!(
        "{} {uplo:?} {trans:?} n={n} k={k} layouts {oa:?}/{ob:?}/{oc:?} ld+{extra} {fill:?}",
        kind.name()
    );
    let (am, bm, cm) = (la.mat(&a), lb.mat(&b), lc.mat_mut(&mut c));
    let res = match kind {
        K2::Syr2k => dev.syr2k(uplo, trans, alpha, am, bm, beta, cm),
        K2::Syrkx => dev.syrkx(uplo, trans, alpha, am, bm, beta, cm),
        K2::Her2k => dev.her2k(uplo, trans, alpha, am, bm, beta.re(), cm),
        K2::Herkx => dev.herkx(uplo, trans, alpha, am, bm, beta.re(), cm),
    };
    let bad_trans = T::IS_COMPLEX && trans == if kind.hermitian() { Op::T } else { Op::C };
    if bad_trans {
        assert_invalid(res, kind.name(), "trans");
        assert_bitwise_eq(&what, &c, &c0);
        return;
    }
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let s = |x: T| if abs { za(x.to_c()) } else { x.to_c() };
        let ((za_, lda), (zb, ldb), (mut zc, ldc)) = (f(&a, la), f(&b, lb), f(&c0, lc));
        let args = ((uplo, trans, herm), (n, k), s(alpha));
        if kind.two() {
            ref_syr2k(
                args.0,
                args.1,
                args.2,
                &za_,
                lda,
                &zb,
                ldb,
                s(beta),
                &mut zc,
                ldc,
            );
        } else {
            ref_syrkx(
                args.0,
                args.1,
                args.2,
                &za_,
                lda,
                &zb,
                ldb,
                s(beta),
                &mut zc,
                ldc,
            );
        }
        zc
    };
    let want = run(false);
    let terms = if kind.two() { 2 * k } else { k };
    check_out(&what, &c0, &c, lc, &want, &run(true), terms);
    let quick = n == 0 || ((alpha.is_zero() || k == 0) && beta.is_one());
    if herm && !quick {
        for i in 0..n {
            let d = c[lc.idx(i, i)].to_c();
            assert!(d.im == 0.0, "{what}: diagonal element {i} is {d}, not real");
        }
    }
}

fn rank2k_matches_reference_for_every_uplo_trans_and_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank2k"));
    for kind in KINDS {
        for uplo in UPLOS {
            for trans in OPS {
                for ([oa, oc], ob) in ORDER_PAIRS
                    .into_iter()
                    .flat_map(|p| [(p, Order::ColMajor), (p, Order::RowMajor)])
                {
                    for (extra, dims) in [
                        (0, (5, 3)),
                        (1, (1, 4)),
                        (2, (16, 17)),
                        (1, (6, 0)),
                        (0, (131, 7)),
                    ] {
                        let ut = (uplo, trans);
                        check_rank2k::<T>(
                            &dev,
                            &mut r,
                            kind,
                            ut,
                            dims,
                            [oa, ob, oc],
                            extra,
                            None,
                            Fill::Random,
                        );
                    }
                }
            }
        }
    }
}

fn rank2k_alpha_zero_reads_neither_a_nor_b<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank2k_alpha0"));
    for kind in KINDS {
        for uplo in UPLOS {
            for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
                let beta: T = rand_scalar(&mut r);
                for s in [(T::zero(), beta), (T::zero(), T::zero())] {
                    let ut = (uplo, Op::N);
                    check_rank2k::<T>(
                        &dev,
                        &mut r,
                        kind,
                        ut,
                        (5, 3),
                        orders,
                        1,
                        Some(s),
                        Fill::NanAb,
                    );
                }
            }
        }
    }
}

fn rank2k_beta_zero_ignores_nan_in_c<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank2k_beta0"));
    for kind in KINDS {
        for uplo in UPLOS {
            let alpha: T = rand_scalar(&mut r);
            let (ut, o) = ((uplo, Op::N), [Order::ColMajor; 3]);
            check_rank2k::<T>(
                &dev,
                &mut r,
                kind,
                ut,
                (6, 4),
                o,
                0,
                Some((alpha, T::zero())),
                Fill::NanC,
            );
        }
    }
}

/// `α = 0, β = 1` (and `n = 0`) return at once: C, diagonal imaginary parts included, untouched.
fn rank2k_quick_returns_leave_c_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank2k_quick"));
    for kind in KINDS {
        for (n, alpha) in [(4, T::zero()), (0, T::one())] {
            let (a, b) = (poison::<T>(n * 2 + 1), poison::<T>(n * 2 + 1));
            let c0: Vec<T> = rand_vec(&mut r, n * n + 2);
            let mut c = c0.clone();
            let (am, bm) = (Mat::col_major(&a, n, 2), Mat::col_major(&b, n, 2));
            let cm = MatMut::col_major(&mut c, n, n);
            let one = T::one();
            match kind {
                K2::Syr2k => dev.syr2k(Uplo::Upper, Op::N, alpha, am, bm, one, cm),
                K2::Syrkx => dev.syrkx(Uplo::Upper, Op::N, alpha, am, bm, one, cm),
                K2::Her2k => dev.her2k(Uplo::Upper, Op::N, alpha, am, bm, one.re(), cm),
                K2::Herkx => dev.herkx(Uplo::Upper, Op::N, alpha, am, bm, one.re(), cm),
            }
            .unwrap();
            assert_bitwise_eq(&format!("{} quick return n={n}", kind.name()), &c, &c0);
        }
    }
}

fn rank2k_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let (a, b) = (vec![T::one(); 12], vec![T::one(); 12]);
    let mut c = vec![T::one(); 16];
    let one = T::one();
    for kind in KINDS {
        let call = |am: Mat<'_, Vec<T>>, bm: Mat<'_, Vec<T>>, cm: MatMut<'_, Vec<T>>| match kind {
            K2::Syr2k => dev.syr2k(Uplo::Lower, Op::N, one, am, bm, one, cm),
            K2::Syrkx => dev.syrkx(Uplo::Lower, Op::N, one, am, bm, one, cm),
            K2::Her2k => dev.her2k(Uplo::Lower, Op::N, one, am, bm, one.re(), cm),
            K2::Herkx => dev.herkx(Uplo::Lower, Op::N, one, am, bm, one.re(), cm),
        };
        // B's shape not A's; C not n × n; a short A.
        let res = call(
            Mat::col_major(&a, 4, 3),
            Mat::col_major(&b, 3, 4),
            MatMut::col_major(&mut c, 4, 4),
        );
        assert_invalid(res, kind.name(), "b");
        let res = call(
            Mat::col_major(&a, 4, 3),
            Mat::col_major(&b, 4, 3),
            MatMut::col_major(&mut c, 3, 3),
        );
        assert_invalid(res, kind.name(), "c");
        let res = call(
            Mat::col_major(&a, 4, 4),
            Mat::col_major(&b, 4, 3),
            MatMut::col_major(&mut c, 4, 4),
        );
        assert_invalid(res, kind.name(), "a");
    }
    assert!(c.iter().all(|v| v.is_one()), "C changed by a rejected call");
}

for_all_types!(
    rank2k_matches_reference_for_every_uplo_trans_and_layout,
    rank2k_alpha_zero_reads_neither_a_nor_b,
    rank2k_beta_zero_ignores_nan_in_c,
    rank2k_quick_returns_leave_c_untouched,
    rank2k_bad_arguments_name_the_argument,
);
