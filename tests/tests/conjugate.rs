//! Complex `Op::C` on an operand whose layout differs from the output's, complex `gerc` into a
//! row-major matrix and complex `herk` with mixed layouts: gpublas runs them on a conjugated
//! copy of the operand. These tests pass the operand from device memory (a device copy,
//! conjugated on the device) and from a mapping guard, check the result against the reference,
//! and check the operand itself is unchanged. (Host operands are covered by the layout sweeps in
//! level2.rs, level3.rs and batched.rs.)

use gpublas_tests::*;

const MIXED: [[Order; 2]; 2] = [
    [Order::RowMajor, Order::ColMajor],
    [Order::ColMajor, Order::RowMajor],
];

fn gemm_op_c_on_a_device_operand_of_the_other_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_gemm_device"));
    let (m, n, k) = (7, 5, 9);
    for [a_order, c_order] in MIXED {
        for (ta, tb) in [
            (Op::C, Op::N),
            (Op::N, Op::C),
            (Op::C, Op::C),
            (Op::C, Op::T),
        ] {
            let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
            let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
            let (la, lb, lc) = (
                Layout::new(a_order, ar, ac, 2),
                Layout::new(a_order, br, bc, 1),
                Layout::new(c_order, m, n, 1),
            );
            let a: Vec<T> = rand_mat(&mut r, la);
            let b: Vec<T> = rand_mat(&mut r, lb);
            let c0: Vec<T> = rand_mat(&mut r, lc);
            let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
            let what = format!("gemm {ta:?}{tb:?} A, B {a_order:?} C {c_order:?}");
            let b_before = b.clone();
            let a_d = dev.upload(&a).unwrap();
            let b_g = dev.map(&b).unwrap();
            let mut c_d = dev.upload(&c0).unwrap();
            dev.gemm(
                ta,
                tb,
                alpha,
                la.mat(&a_d),
                lb.mat(&b_g),
                beta,
                lc.mat_mut(&mut c_d),
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            let c = c_d.to_vec().unwrap();
            let (want, mag) = ref_gemm_with_mag(
                alpha.to_c(),
                &read_mat(&a, la).op(ta),
                &read_mat(&b, lb).op(tb),
                beta.to_c(),
                &read_mat(&c0, lc),
            );
            assert_close::<T>(&what, &read_mat(&c, lc), &want, &mag, k);
            assert_padding_untouched(&what, &c0, &c, lc);
            assert_bitwise_eq(
                &format!("{what}: a on the device"),
                &a_d.to_vec().unwrap(),
                &a,
            );
            drop(b_g);
            assert_bitwise_eq(&format!("{what}: b (mapped)"), &b, &b_before);
        }
    }
}

fn gemm_strided_batched_op_c_on_a_device_batch_of_the_other_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_batched_device"));
    let (m, n, k, count) = (4, 3, 5, 3);
    for [a_order, c_order] in MIXED {
        let la = Layout::new(a_order, k, m, 1); // op(A) = Aᴴ is m × k
        let lb = Layout::new(c_order, k, n, 0);
        let lc = Layout::new(c_order, m, n, 0);
        let stride_a = la.len() + 2;
        let a: Vec<T> = rand_vec(&mut r, stride_a * count);
        let b: Vec<T> = rand_vec(&mut r, lb.len() * count);
        let c0: Vec<T> = rand_vec(&mut r, lc.len() * count);
        let alpha: T = rand_scalar(&mut r);
        let what = format!("gemm_strided_batched C N, A {a_order:?} C {c_order:?}");
        let a_d = dev.upload(&a).unwrap();
        let mut c = c0.clone();
        dev.gemm_strided_batched(
            Op::C,
            Op::N,
            alpha,
            la.mat(&a_d).batched(count, stride_a),
            lb.mat(&b).batched(count, lb.len()),
            T::zero(),
            lc.mat_mut(&mut c).batched(count, lc.len()),
        )
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        for i in 0..count {
            let ai = read_mat(&a[i * stride_a..], la);
            let bi = read_mat(&b[i * lb.len()..], lb);
            let (want, mag) =
                ref_gemm_with_mag(alpha.to_c(), &ai.op(Op::C), &bi, zr(0.0), &M::zeros(m, n));
            let got = read_mat(&c[i * lc.len()..], lc);
            assert_close::<T>(&format!("{what} entry {i}"), &got, &want, &mag, k);
        }
        assert_bitwise_eq(
            &format!("{what}: a on the device"),
            &a_d.to_vec().unwrap(),
            &a,
        );
    }
}

fn gemv_op_c_on_a_row_major_device_matrix<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_gemv_device"));
    let (m, n) = (6, 9);
    let la = Layout::new(Order::RowMajor, m, n, 3);
    let a: Vec<T> = rand_mat(&mut r, la);
    let x: Vec<T> = rand_vec(&mut r, m);
    let y0: Vec<T> = rand_vec(&mut r, n);
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    let a_d = dev.upload(&a).unwrap();
    let mut y = y0.clone();
    dev.gemv(Op::C, alpha, la.mat(&a_d), &x, beta, &mut y)
        .unwrap();
    let col = |v: &[T]| M {
        rows: v.len(),
        cols: 1,
        d: v.iter().map(|e| e.to_c()).collect(),
    };
    let (want, mag) = ref_gemm_with_mag(
        alpha.to_c(),
        &read_mat(&a, la).op(Op::C),
        &col(&x),
        beta.to_c(),
        &col(&y0),
    );
    assert_close::<T>(
        "gemv Op::C, row-major A on the device",
        &col(&y),
        &want,
        &mag,
        m,
    );
    assert_bitwise_eq("gemv: a on the device", &a_d.to_vec().unwrap(), &a);
}

fn gerc_into_a_row_major_matrix_with_a_strided_device_y<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_gerc_device"));
    let (m, n) = (5, 7);
    let la = Layout::new(Order::RowMajor, m, n, 2);
    let (vx, vy) = (VLayout::new(m, 2), VLayout::new(n, 3));
    let a0: Vec<T> = rand_mat(&mut r, la);
    let x: Vec<T> = rand_strided(&mut r, vx);
    let y: Vec<T> = rand_strided(&mut r, vy);
    let alpha: T = rand_scalar(&mut r);
    let y_d = dev.upload(&y).unwrap();
    let mut a = a0.clone();
    dev.gerc(alpha, vx.vec(&x), vy.vec(&y_d), la.mat_mut(&mut a))
        .unwrap();
    let (want, mag) = ref_ger(
        alpha.to_c(),
        &read_vec(&x, vx),
        &read_vec(&y, vy),
        &read_mat(&a0, la),
        T::IS_COMPLEX,
    );
    assert_close::<T>(
        "gerc row-major A, y on the device",
        &read_mat(&a, la),
        &want,
        &mag,
        1,
    );
    assert_padding_untouched("gerc", &a0, &a, la);
    assert_bitwise_eq("gerc: y on the device", &y_d.to_vec().unwrap(), &y);
}

/// A random Hermitian matrix (real diagonal; symmetric for real types), as herk's C must be.
fn random_hermitian<T: TestScalar>(r: &mut ChaCha8Rng, n: usize) -> M {
    let mut h = M::zeros(n, n);
    for j in 0..n {
        for i in 0..=j {
            let v = rand_scalar::<T>(r).to_c();
            let v = if i == j { zr(v.re) } else { v };
            h.set(i, j, v);
            h.set(j, i, v.conj());
        }
    }
    h
}

fn herk_with_mixed_layouts_and_a_device_operand<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_herk_device"));
    let (n, k) = (6, 4);
    for [a_order, c_order] in MIXED {
        for trans in [Op::N, Op::C] {
            for uplo in UPLOS {
                let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
                let la = Layout::new(a_order, ar, ac, 1);
                let lc = Layout::new(c_order, n, n, 2);
                let a: Vec<T> = rand_mat(&mut r, la);
                let h = random_hermitian::<T>(&mut r, n);
                let c0: Vec<T> = mat_buf(lc, 0, T::nan(), |i, j| T::from_c(h.get(i, j)));
                let (alpha, beta) = (rand_real::<T>(&mut r), rand_real::<T>(&mut r));
                let what = format!("herk {uplo:?} {trans:?} A {a_order:?} C {c_order:?}");
                let a_d = dev.upload(&a).unwrap();
                let mut c = c0.clone();
                dev.herk(uplo, trans, alpha, la.mat(&a_d), beta, lc.mat_mut(&mut c))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (want, mag) = ref_rank_k(
                    T::IS_COMPLEX,
                    zr(real_to_f64::<T>(alpha)),
                    &read_mat(&a, la).op(trans),
                    zr(real_to_f64::<T>(beta)),
                    &read_mat(&c0, lc),
                );
                assert_close_where::<T>(&what, &read_mat(&c, lc), &want, &mag, k, |i, j| {
                    in_triangle(uplo, i, j)
                });
                assert_bitwise_eq(
                    &format!("{what}: a on the device"),
                    &a_d.to_vec().unwrap(),
                    &a,
                );
            }
        }
    }
}

fn trsm_op_c_on_a_device_matrix_of_the_other_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("conj_trsm_device"));
    let (m, n) = (6, 4);
    for [a_order, b_order] in MIXED {
        for side in SIDES {
            for uplo in UPLOS {
                let na = if side == Side::Left { m } else { n };
                let la = Layout::new(a_order, na, na, 1);
                let lb = Layout::new(b_order, m, n, 2);
                // Diagonally dominant: a well-conditioned solve.
                let a: Vec<T> = mat_buf(la, 0, T::nan(), |i, j| {
                    let v: T = rand_scalar(&mut r);
                    if i == j {
                        T::from_c(v.to_c() + zr(na as f64 + 1.0))
                    } else {
                        v
                    }
                });
                let b0: Vec<T> = rand_mat(&mut r, lb);
                let alpha: T = rand_scalar(&mut r);
                let what = format!("trsm {side:?} {uplo:?} C A {a_order:?} B {b_order:?}");
                let a_d = dev.upload(&a).unwrap();
                let mut b = b0.clone();
                dev.trsm(
                    side,
                    uplo,
                    Op::C,
                    Diag::NonUnit,
                    alpha,
                    la.mat(&a_d),
                    lb.mat_mut(&mut b),
                )
                .unwrap_or_else(|e| panic!("{what}: {e}"));
                let want = ref_trsm(
                    side,
                    uplo,
                    Op::C,
                    Diag::NonUnit,
                    alpha.to_c(),
                    &read_mat(&a, la),
                    &read_mat(&b0, lb),
                );
                let mag = M {
                    rows: m,
                    cols: n,
                    d: vec![zr(4.0 * want.max_abs()); m * n],
                };
                assert_close::<T>(&what, &read_mat(&b, lb), &want, &mag, na);
                assert_padding_untouched(&what, &b0, &b, lb);
                assert_bitwise_eq(
                    &format!("{what}: a on the device"),
                    &a_d.to_vec().unwrap(),
                    &a,
                );
            }
        }
    }
}

for_all_types!(
    gemm_op_c_on_a_device_operand_of_the_other_layout,
    gemm_strided_batched_op_c_on_a_device_batch_of_the_other_layout,
    gemv_op_c_on_a_row_major_device_matrix,
    gerc_into_a_row_major_matrix_with_a_strided_device_y,
    herk_with_mixed_layouts_and_a_device_operand,
    trsm_op_c_on_a_device_matrix_of_the_other_layout,
);
