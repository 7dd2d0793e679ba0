//! Level 2 conformance: gemv (N/T/C, both layouts, ld > rows, increments ±1, ±2, ±3 — negative
//! ones walk the vector from its end — empty matrices, α = 0 and β = 0 with NaN) and
//! ger/geru/gerc; a zero increment is an error naming `incx`/`incy`, as reference BLAS's.

use gpublas_tests::*;

/// (extra leading dimension, incx, incy).
const STRIDES: [(usize, isize, isize); 6] = [
    (0, 1, 1),
    (3, 2, 3),
    (1, 3, 2),
    (0, -1, -1),
    (2, -2, 3),
    (1, 3, -3),
];
const SHAPES: [(usize, usize); 4] = [(7, 5), (17, 33), (1, 16), (16, 1)];

fn gemv_matches_reference_for_all_ops_layouts_and_strides<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv"));
    for trans in OPS {
        for order in ORDERS {
            for (extra, incx, incy) in STRIDES {
                for (m, n) in SHAPES {
                    let la = Layout::new(order, m, n, extra);
                    let a: Vec<T> = rand_mat(&mut r, la);
                    let opa = read_mat(&a, la).op(trans);
                    let (vx, vy) = (VLayout::new(opa.cols, incx), VLayout::new(opa.rows, incy));
                    let x: Vec<T> = rand_strided(&mut r, vx);
                    let y0: Vec<T> = rand_strided(&mut r, vy);
                    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
                    let (a0, x0) = (a.clone(), x.clone());
                    let mut y = y0.clone();
                    let what = format!(
                        "gemv {trans:?} {order:?} {m}×{n} ld+{extra} incx={incx} incy={incy}"
                    );
                    let res = dev.gemv(
                        trans,
                        alpha,
                        la.mat(&a),
                        vx.vec(&x),
                        beta,
                        vy.vec_mut(&mut y),
                    );
                    // Complex Aᴴ of a row-major A runs on a conjugated copy of A.
                    res.unwrap_or_else(|e| panic!("{what}: {e}"));
                    let (want, mag) = ref_gemm_with_mag(
                        alpha.to_c(),
                        &opa,
                        &read_vec(&x, vx),
                        beta.to_c(),
                        &read_vec(&y0, vy),
                    );
                    assert_close::<T>(&what, &read_vec(&y, vy), &want, &mag, opa.cols);
                    assert_gaps_untouched(&what, &y0, &y, vy);
                    assert_bitwise_eq(&format!("{what}: a"), &a, &a0);
                    assert_bitwise_eq(&format!("{what}: x"), &x, &x0);
                }
            }
        }
    }
}

fn gemv_alpha_zero_ignores_nan_in_a_and_x<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_alpha_zero"));
    for trans in OPS {
        let (m, n) = (9, 6);
        let la = Layout::col(m, n);
        let a = poison::<T>(la.len());
        let (xn, yn) = if trans == Op::N { (n, m) } else { (m, n) };
        let x = poison::<T>(xn);
        let y0: Vec<T> = rand_vec(&mut r, yn);
        let beta: T = rand_scalar(&mut r);
        let mut y = y0.clone();
        dev.gemv(trans, T::zero(), la.mat(&a), &x, beta, &mut y)
            .unwrap();
        let ym = read_vec(&y0, VLayout::new(yn, 1));
        let (want, mag) = ref_gemm_with_mag(
            zr(0.0),
            &M::zeros(yn, xn),
            &M::zeros(xn, 1),
            beta.to_c(),
            &ym,
        );
        assert_close::<T>(
            &format!("gemv {trans:?} alpha=0"),
            &read_vec(&y, VLayout::new(yn, 1)),
            &want,
            &mag,
            0,
        );
    }
}

fn gemv_alpha_zero_beta_one_leaves_y_bitwise_unchanged<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_alpha_zero_beta_one"));
    let la = Layout::col(5, 4);
    let a = poison::<T>(la.len());
    let x = poison::<T>(4);
    let y0: Vec<T> = rand_vec(&mut r, 5);
    let mut y = y0.clone();
    dev.gemv(Op::N, T::zero(), la.mat(&a), &x, T::one(), &mut y)
        .unwrap();
    assert_bitwise_eq("gemv alpha=0 beta=1", &y, &y0);
}

fn gemv_beta_zero_ignores_nan_in_y<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_beta_zero"));
    for trans in OPS {
        for incy in [1, 2, -2] {
            let (m, n) = (8, 13);
            let la = Layout::col(m, n);
            let a: Vec<T> = rand_mat(&mut r, la);
            let opa = read_mat(&a, la).op(trans);
            let (vx, vy) = (VLayout::new(opa.cols, 1), VLayout::new(opa.rows, incy));
            let x: Vec<T> = rand_strided(&mut r, vx);
            let y0 = poison::<T>(vy.len());
            let mut y = y0.clone();
            let alpha: T = rand_scalar(&mut r);
            dev.gemv(
                trans,
                alpha,
                la.mat(&a),
                vx.vec(&x),
                T::zero(),
                vy.vec_mut(&mut y),
            )
            .unwrap();
            let (want, mag) = ref_gemm_with_mag(
                alpha.to_c(),
                &opa,
                &read_vec(&x, vx),
                zr(0.0),
                &read_vec(&y0, vy),
            );
            let what = format!("gemv {trans:?} beta=0 incy={incy}");
            assert_close::<T>(&what, &read_vec(&y, vy), &want, &mag, opa.cols);
            assert_gaps_untouched(&what, &y0, &y, vy);
        }
    }
}

fn gemv_with_an_empty_matrix_leaves_y_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_empty"));
    for trans in OPS {
        for order in ORDERS {
            // Stored shapes with one empty dimension; y is op(A)'s rows (possibly empty).
            for (m, n) in [(6, 0), (0, 6), (0, 0)] {
                let la = Layout::new(order, m, n, 0);
                let a = poison::<T>(la.len());
                let (xn, yn) = if trans == Op::N { (n, m) } else { (m, n) };
                let x = poison::<T>(xn);
                let y0: Vec<T> = rand_vec(&mut r, yn);
                let mut y = y0.clone();
                let what = format!("gemv {trans:?} {order:?} {m}×{n}");
                let res = dev.gemv(trans, T::one(), la.mat(&a), &x, T::from_c(zr(2.0)), &mut y);
                res.unwrap_or_else(|e| panic!("{what}: {e}"));
                // Reference BLAS's quick return: y is not even scaled by β.
                assert_bitwise_eq(&what, &y, &y0);
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum GerKind {
    Ger,
    Geru,
    Gerc,
}

fn call_ger<T: TestScalar>(
    dev: &Device,
    which: GerKind,
    alpha: T,
    x: Vector<'_, Vec<T>>,
    y: Vector<'_, Vec<T>>,
    a: MatMut<'_, Vec<T>>,
) -> gpublas::Result<()> {
    match which {
        GerKind::Ger => dev.ger(alpha, x, y, a),
        GerKind::Geru => dev.geru(alpha, x, y, a),
        GerKind::Gerc => dev.gerc(alpha, x, y, a),
    }
}

fn ger_geru_gerc_match_reference_for_all_layouts_and_strides<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("ger"));
    for which in [GerKind::Ger, GerKind::Geru, GerKind::Gerc] {
        for order in ORDERS {
            for (extra, incx, incy) in STRIDES {
                for (m, n) in SHAPES {
                    let la = Layout::new(order, m, n, extra);
                    let (vx, vy) = (VLayout::new(m, incx), VLayout::new(n, incy));
                    let a0: Vec<T> = rand_mat(&mut r, la);
                    let x: Vec<T> = rand_strided(&mut r, vx);
                    let y: Vec<T> = rand_strided(&mut r, vy);
                    let y_before = y.clone();
                    let alpha: T = rand_scalar(&mut r);
                    let mut a = a0.clone();
                    let what =
                        format!("{which:?} {order:?} {m}×{n} ld+{extra} incx={incx} incy={incy}");
                    let res = call_ger(
                        &dev,
                        which,
                        alpha,
                        vx.vec(&x),
                        vy.vec(&y),
                        la.mat_mut(&mut a),
                    );
                    // Complex gerc into a row-major A runs on a conjugated copy of y.
                    let conj = which == GerKind::Gerc && T::IS_COMPLEX;
                    res.unwrap_or_else(|e| panic!("{what}: {e}"));
                    let (want, mag) = ref_ger(
                        alpha.to_c(),
                        &read_vec(&x, vx),
                        &read_vec(&y, vy),
                        &read_mat(&a0, la),
                        conj,
                    );
                    assert_close::<T>(&what, &read_mat(&a, la), &want, &mag, 1);
                    assert_padding_untouched(&what, &a0, &a, la);
                    assert_bitwise_eq(&format!("{what}: y unchanged"), &y, &y_before);
                }
            }
        }
    }
}

fn ger_alpha_zero_or_empty_leaves_a_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("ger_alpha_zero"));
    for which in [GerKind::Ger, GerKind::Geru, GerKind::Gerc] {
        let la = Layout::col(5, 4);
        let a0: Vec<T> = rand_mat(&mut r, la);
        let (x, y) = (poison::<T>(5), poison::<T>(4));
        let mut a = a0.clone();
        call_ger(
            &dev,
            which,
            T::zero(),
            Vector::strided(&x, 5, 1),
            Vector::strided(&y, 4, 1),
            la.mat_mut(&mut a),
        )
        .unwrap();
        assert_bitwise_eq(&format!("{which:?} alpha=0"), &a, &a0);
        for (m, n) in [(0, 4), (5, 0)] {
            let le = Layout::col(m, n).with_ld(5);
            let mut a = a0.clone();
            call_ger(
                &dev,
                which,
                T::one(),
                Vector::strided(&x, m, 1),
                Vector::strided(&y, n, 1),
                le.mat_mut(&mut a),
            )
            .unwrap();
            assert_bitwise_eq(&format!("{which:?} {m}×{n}"), &a, &a0);
        }
    }
}

fn gemv_and_ger_reject_zero_increments_naming_them<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("level2_zero_inc"));
    let (m, n) = (4, 3);
    let la = Layout::col(m, n);
    let a0: Vec<T> = rand_mat(&mut r, la);
    let (x, y0): (Vec<T>, Vec<T>) = (rand_vec(&mut r, m), rand_vec(&mut r, m));
    for (incx, incy, arg) in [(0, 1, "incx"), (1, 0, "incy"), (0, 0, "incx")] {
        let mut y = y0.clone();
        let res = dev.gemv(
            Op::N,
            T::one(),
            la.mat(&a0),
            Vector::strided(&x, n, incx),
            T::zero(),
            VectorMut::strided(&mut y, m, incy),
        );
        assert_invalid(res, "gemv", arg);
        assert_bitwise_eq(&format!("gemv incx={incx} incy={incy}: y"), &y, &y0);
        for which in [GerKind::Ger, GerKind::Geru, GerKind::Gerc] {
            let mut a = a0.clone();
            let res = call_ger(
                &dev,
                which,
                T::one(),
                Vector::strided(&x, m, incx),
                Vector::strided(&y0, n, incy),
                la.mat_mut(&mut a),
            );
            let name = match which {
                GerKind::Ger => "ger",
                GerKind::Geru => "geru",
                GerKind::Gerc => "gerc",
            };
            assert_invalid(res, name, arg);
            assert_bitwise_eq(&format!("{name} incx={incx} incy={incy}: a"), &a, &a0);
        }
    }
}

for_all_types!(
    gemv_matches_reference_for_all_ops_layouts_and_strides,
    gemv_alpha_zero_ignores_nan_in_a_and_x,
    gemv_alpha_zero_beta_one_leaves_y_bitwise_unchanged,
    gemv_beta_zero_ignores_nan_in_y,
    gemv_with_an_empty_matrix_leaves_y_untouched,
    ger_geru_gerc_match_reference_for_all_layouts_and_strides,
    ger_alpha_zero_or_empty_leaves_a_untouched,
    gemv_and_ger_reject_zero_increments_naming_them,
);
