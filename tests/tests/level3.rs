//! Level 3 conformance: gemm (all 9 op combinations, every layout mix, block-edge sizes, empty
//! dimensions, α = 0 / β = 0 with NaN), trsm (all 24 side × uplo × trans × diag combinations,
//! both layouts), syrk and herk (both triangles, every trans, the other triangle untouched).

use gpublas_tests::*;

/// Runs one random gemm and checks it against the reference, and that A and B are unchanged
/// (complex `Op::C` on an operand whose layout differs from C's runs on a conjugated copy).
#[allow(clippy::too_many_arguments)]
fn check_gemm<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    ta: Op,
    tb: Op,
    (m, n, k): (usize, usize, usize),
    orders: [Order; 3],
    extra: usize,
) {
    let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
    let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
    let la = Layout::new(orders[0], ar, ac, extra);
    let lb = Layout::new(orders[1], br, bc, extra * 2);
    let lc = Layout::new(orders[2], m, n, extra + 1);
    let a: Vec<T> = rand_mat(r, la);
    let b: Vec<T> = rand_mat(r, lb);
    let c0: Vec<T> = rand_mat(r, lc);
    let (a_before, b_before) = (a.clone(), b.clone());
    let (alpha, beta): (T, T) = (rand_scalar(r), rand_scalar(r));
    let mut c = c0.clone();
    let what = format!("gemm {ta:?}{tb:?} m={m} n={n} k={k} layouts {orders:?} ld+{extra}");
    let res = dev.gemm(
        ta,
        tb,
        alpha,
        la.mat(&a),
        lb.mat(&b),
        beta,
        lc.mat_mut(&mut c),
    );
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let (want, mag) = ref_gemm_with_mag(
        alpha.to_c(),
        &read_mat(&a, la).op(ta),
        &read_mat(&b, lb).op(tb),
        beta.to_c(),
        &read_mat(&c0, lc),
    );
    assert_close::<T>(&what, &read_mat(&c, lc), &want, &mag, k);
    assert_padding_untouched(&what, &c0, &c, lc);
    assert_bitwise_eq(&format!("{what}: a unchanged"), &a, &a_before);
    assert_bitwise_eq(&format!("{what}: b unchanged"), &b, &b_before);
}

const COL: [Order; 3] = [Order::ColMajor; 3];
const ROW: [Order; 3] = [Order::RowMajor; 3];

fn gemm_matches_reference_for_all_op_combinations<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_ops"));
    for ta in OPS {
        for tb in OPS {
            for orders in [COL, ROW] {
                for (i, dims) in [(1, 1, 1), (7, 16, 17), (33, 17, 7), (17, 9, 33)]
                    .into_iter()
                    .enumerate()
                {
                    check_gemm::<T>(&dev, &mut r, ta, tb, dims, orders, i % 3);
                }
            }
        }
    }
}

fn gemm_matches_reference_for_every_layout_mix<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_layouts"));
    for ta in OPS {
        for tb in OPS {
            for mask in 0..8 {
                let orders = [0, 1, 2].map(|bit| {
                    if mask >> bit & 1 == 1 {
                        Order::RowMajor
                    } else {
                        Order::ColMajor
                    }
                });
                check_gemm::<T>(&dev, &mut r, ta, tb, (5, 6, 7), orders, mask % 2);
            }
        }
    }
}

fn gemm_sizes_crossing_block_edges<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_edges"));
    let dims = [
        (1, 65, 7),
        (65, 1, 33),
        (16, 16, 16),
        (17, 17, 17),
        (33, 7, 65),
        (7, 33, 1),
        (65, 17, 16),
        (16, 65, 33),
        (64, 64, 1),
        (1, 1, 65),
    ];
    for d in dims {
        check_gemm::<T>(&dev, &mut r, Op::N, Op::N, d, COL, 0);
        check_gemm::<T>(&dev, &mut r, Op::T, Op::C, d, ROW, 1);
    }
}

fn gemm_bigger_problems<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_big"));
    check_gemm::<T>(&dev, &mut r, Op::N, Op::N, (96, 96, 96), COL, 0);
    check_gemm::<T>(&dev, &mut r, Op::C, Op::T, (130, 97, 111), COL, 5);
}

fn gemm_k_zero_scales_c_by_beta<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_k0"));
    for orders in [COL, ROW] {
        let (m, n) = (6, 5);
        let lc = Layout::new(orders[2], m, n, 2);
        let c0: Vec<T> = rand_mat(&mut r, lc);
        let beta: T = rand_scalar(&mut r);
        let (a, b): (Vec<T>, Vec<T>) = (vec![], vec![]);
        let mut c = c0.clone();
        dev.gemm(
            Op::N,
            Op::N,
            T::one(),
            Layout::new(orders[0], m, 0, 0).mat(&a),
            Layout::new(orders[1], 0, n, 0).mat(&b),
            beta,
            lc.mat_mut(&mut c),
        )
        .unwrap();
        let (want, mag) = ref_gemm_with_mag(
            zr(1.0),
            &M::zeros(m, 0),
            &M::zeros(0, n),
            beta.to_c(),
            &read_mat(&c0, lc),
        );
        assert_close::<T>("gemm k=0", &read_mat(&c, lc), &want, &mag, 0);
        assert_padding_untouched("gemm k=0", &c0, &c, lc);
        // β = 0 with k = 0: zeros, even over NaN.
        let mut c = poison::<T>(lc.len());
        dev.gemm(
            Op::T,
            Op::T,
            T::one(),
            Layout::new(orders[0], 0, m, 0).mat(&a),
            Layout::new(orders[1], n, 0, 0).mat(&b),
            T::zero(),
            lc.mat_mut(&mut c),
        )
        .unwrap();
        assert_close::<T>(
            "gemm k=0 beta=0",
            &read_mat(&c, lc),
            &M::zeros(m, n),
            &M::zeros(m, n),
            0,
        );
    }
}

fn gemm_m_or_n_zero_leaves_c_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_mn0"));
    for (m, n) in [(0, 5), (5, 0), (0, 0)] {
        let k = 4;
        let a: Vec<T> = rand_vec(&mut r, m * k);
        let b: Vec<T> = rand_vec(&mut r, k * n);
        // C's storage is non-empty NaN-free data that the empty matrix must not touch.
        let c0: Vec<T> = rand_vec(&mut r, 6);
        let mut c = c0.clone();
        dev.gemm(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&a, m, k),
            Mat::col_major(&b, k, n),
            T::zero(),
            MatMut::col_major(&mut c, m, n),
        )
        .unwrap();
        assert_bitwise_eq(&format!("gemm m={m} n={n}"), &c, &c0);
    }
}

fn gemm_alpha_zero_ignores_nan_in_a_and_b<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_alpha0"));
    for orders in [COL, ROW] {
        let (m, n, k) = (7, 9, 5);
        let la = Layout::new(orders[0], m, k, 1);
        let lb = Layout::new(orders[1], k, n, 0);
        let lc = Layout::new(orders[2], m, n, 2);
        let (a, b) = (poison::<T>(la.len()), poison::<T>(lb.len()));
        let c0: Vec<T> = rand_mat(&mut r, lc);
        let beta: T = rand_scalar(&mut r);
        let mut c = c0.clone();
        dev.gemm(
            Op::N,
            Op::N,
            T::zero(),
            la.mat(&a),
            lb.mat(&b),
            beta,
            lc.mat_mut(&mut c),
        )
        .unwrap();
        let (want, mag) = ref_gemm_with_mag(
            zr(0.0),
            &M::zeros(m, k),
            &M::zeros(k, n),
            beta.to_c(),
            &read_mat(&c0, lc),
        );
        assert_close::<T>("gemm alpha=0", &read_mat(&c, lc), &want, &mag, 0);
        assert_padding_untouched("gemm alpha=0", &c0, &c, lc);
        // α = 0 and β = 0: zeros, though A, B and C are all NaN.
        let mut c = poison::<T>(lc.len());
        dev.gemm(
            Op::N,
            Op::N,
            T::zero(),
            la.mat(&a),
            lb.mat(&b),
            T::zero(),
            lc.mat_mut(&mut c),
        )
        .unwrap();
        assert_close::<T>(
            "gemm alpha=0 beta=0",
            &read_mat(&c, lc),
            &M::zeros(m, n),
            &M::zeros(m, n),
            0,
        );
    }
}

fn gemm_beta_zero_ignores_nan_in_c<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_beta0"));
    for orders in [COL, ROW] {
        for extra in [0, 3] {
            let (m, n, k) = (9, 8, 10);
            let la = Layout::new(orders[0], m, k, 0);
            let lb = Layout::new(orders[1], k, n, 0);
            let lc = Layout::new(orders[2], m, n, extra);
            let (a, b): (Vec<T>, Vec<T>) = (rand_mat(&mut r, la), rand_mat(&mut r, lb));
            // Dense (no tail) NaN C when extra = 0, padded otherwise.
            let c0 = poison::<T>(lc.len() + extra);
            let alpha: T = rand_scalar(&mut r);
            let mut c = c0.clone();
            dev.gemm(
                Op::N,
                Op::N,
                alpha,
                la.mat(&a),
                lb.mat(&b),
                T::zero(),
                lc.mat_mut(&mut c),
            )
            .unwrap();
            let (want, mag) = ref_gemm_with_mag(
                alpha.to_c(),
                &read_mat(&a, la),
                &read_mat(&b, lb),
                zr(0.0),
                &M::zeros(m, n),
            );
            let what = format!("gemm beta=0 {orders:?} ld+{extra}");
            assert_close::<T>(&what, &read_mat(&c, lc), &want, &mag, k);
            assert_padding_untouched(&what, &c0, &c, lc);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// trsm

/// A well-conditioned triangular `n × n` matrix for trsm: the `uplo` triangle has off-diagonal
/// entries of modulus < 1/n (so rows are diagonally dominant), the diagonal has modulus ≥ 1, or
/// is NaN for a unit diagonal (which must not be read); the other triangle is NaN (it must not be
/// read either).
fn trsm_matrix<T: TestScalar>(r: &mut ChaCha8Rng, la: Layout, uplo: Uplo, diag: Diag) -> Vec<T> {
    let n = la.rows;
    mat_buf(la, 2, T::nan(), |i, j| {
        if i == j {
            if diag == Diag::Unit {
                T::nan()
            } else {
                let v: T = rand_scalar(r);
                let s = if v.to_c().re < 0.0 { -1.5 } else { 1.5 };
                T::from_c(zr(s) + v.to_c() * 0.5)
            }
        } else if in_triangle(uplo, i, j) {
            T::from_c(rand_scalar::<T>(r).to_c() / n as f64)
        } else {
            T::nan()
        }
    })
}

fn trsm_matches_reference_for_all_24_combinations<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trsm"));
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    for (a_order, order) in LAYOUT_PAIRS.map(|[a, b]| (a, b)) {
                        for (extra, (m, n)) in [
                            (0, (7, 5)),
                            (3, (17, 9)),
                            (1, (1, 16)),
                            (2, (70, 3)),
                            (0, (2, 129)),
                            // Wider than the host's sweep of 256 contiguous elements.
                            (1, (5, 300)),
                            (0, (300, 5)),
                        ] {
                            let na = if side == Side::Left { m } else { n };
                            let la = Layout::new(a_order, na, na, extra);
                            let lb = Layout::new(order, m, n, extra + 1);
                            let a: Vec<T> = trsm_matrix(&mut r, la, uplo, diag);
                            let b0: Vec<T> = rand_mat(&mut r, lb);
                            let alpha: T = rand_scalar(&mut r);
                            let mut b = b0.clone();
                            let what = format!("trsm {side:?} {uplo:?} {trans:?} {diag:?} A {a_order:?} B {order:?} {m}×{n} ld+{extra}");
                            dev.trsm(
                                side,
                                uplo,
                                trans,
                                diag,
                                alpha,
                                la.mat(&a),
                                lb.mat_mut(&mut b),
                            )
                            .unwrap_or_else(|e| panic!("{what}: {e}"));
                            let want = ref_trsm(
                                side,
                                uplo,
                                trans,
                                diag,
                                alpha.to_c(),
                                &read_mat(&a, la),
                                &read_mat(&b0, lb),
                            );
                            // Forward error of a diagonally dominant triangular solve (condition < 4).
                            let scale = 4.0 * want.max_abs();
                            let mag = M {
                                rows: m,
                                cols: n,
                                d: vec![zr(scale); m * n],
                            };
                            assert_close::<T>(&what, &read_mat(&b, lb), &want, &mag, na);
                            assert_padding_untouched(&what, &b0, &b, lb);
                        }
                    }
                }
            }
        }
    }
}

/// α = 0: B becomes zero. `nan_a` / `nan_b` fill A / B with NaN, which must not be read.
fn trsm_alpha_zero_case<T: TestScalar>(nan_a: bool, nan_b: bool) {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trsm_alpha0"));
    for side in SIDES {
        for order in ORDERS {
            let (m, n) = (6, 4);
            let na = if side == Side::Left { m } else { n };
            let la = Layout::new(order, na, na, 0);
            let lb = Layout::new(order, m, n, 2);
            let a: Vec<T> = if nan_a {
                poison::<T>(la.len())
            } else {
                trsm_matrix(&mut r, la, Uplo::Lower, Diag::NonUnit)
            };
            let b0 = mat_buf(lb, 2, T::from_c(zr(7.0)), |_, _| {
                if nan_b {
                    T::nan()
                } else {
                    rand_scalar(&mut r)
                }
            });
            let mut b = b0.clone();
            dev.trsm(
                side,
                Uplo::Lower,
                Op::N,
                Diag::NonUnit,
                T::zero(),
                la.mat(&a),
                lb.mat_mut(&mut b),
            )
            .unwrap();
            let what =
                format!("trsm alpha=0 {side:?} {order:?} NaN in A: {nan_a}, NaN in B: {nan_b}");
            assert_close::<T>(
                &what,
                &read_mat(&b, lb),
                &M::zeros(m, n),
                &M::zeros(m, n),
                0,
            );
            assert_padding_untouched(&what, &b0, &b, lb);
        }
    }
}

fn trsm_alpha_zero_sets_b_to_zero<T: TestScalar>() {
    trsm_alpha_zero_case::<T>(false, false)
}

fn trsm_alpha_zero_does_not_read_a<T: TestScalar>() {
    trsm_alpha_zero_case::<T>(true, false)
}

/// Reference BLAS sets B to zero without reading it, so NaN in B does not survive.
fn trsm_alpha_zero_does_not_read_b<T: TestScalar>() {
    trsm_alpha_zero_case::<T>(false, true)
}

fn trsm_with_empty_b_leaves_storage_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trsm_empty"));
    for side in SIDES {
        for (m, n) in [(0, 4), (4, 0)] {
            let na = if side == Side::Left { m } else { n };
            let a = poison::<T>(na * na);
            let b0: Vec<T> = rand_vec(&mut r, 5);
            let mut b = b0.clone();
            dev.trsm(
                side,
                Uplo::Upper,
                Op::T,
                Diag::NonUnit,
                T::one(),
                Mat::col_major(&a, na, na),
                MatMut::col_major(&mut b, m, n),
            )
            .unwrap();
            assert_bitwise_eq(&format!("trsm {side:?} {m}×{n}"), &b, &b0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// syrk / herk

/// A random `n × n` C whose `uplo` triangle is random and whose other triangle and padding are
/// NaN (never to be read or written).
fn rank_k_c<T: TestScalar>(r: &mut ChaCha8Rng, lc: Layout, uplo: Uplo) -> Vec<T> {
    mat_buf(lc, 2, T::nan(), |i, j| {
        if in_triangle(uplo, i, j) {
            rand_scalar(r)
        } else {
            T::nan()
        }
    })
}

/// Asserts the elements of `after` outside the `uplo` triangle of `lc` (the other triangle and
/// all padding) are bit-for-bit those of `before`.
#[track_caller]
fn assert_other_triangle_untouched<T: TestScalar>(
    what: &str,
    before: &[T],
    after: &[T],
    lc: Layout,
    uplo: Uplo,
) {
    assert_padding_untouched(what, before, after, lc);
    for j in 0..lc.cols {
        for i in 0..lc.rows {
            if !in_triangle(uplo, i, j) {
                let k = lc.idx(i, j);
                assert!(
                    before[k].bits() == after[k].bits(),
                    "{what}: ({i}, {j}) outside the {uplo:?} triangle changed from {:?} to {:?}",
                    before[k],
                    after[k]
                );
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Syrk,
    Herk,
}

/// Runs one random syrk/herk and checks it (or the documented error).
#[allow(clippy::too_many_arguments)]
fn check_rank_k<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    kind: Kind,
    uplo: Uplo,
    trans: Op,
    (n, k): (usize, usize),
    orders: [Order; 2],
    extra: usize,
    scalars: Option<(f64, f64)>,
) {
    let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
    let la = Layout::new(orders[0], ar, ac, extra);
    let lc = Layout::new(orders[1], n, n, extra + 1);
    let a: Vec<T> = rand_mat(r, la);
    let c0: Vec<T> = rank_k_c(r, lc, uplo);
    let mut c = c0.clone();
    let what = format!("{kind:?} {uplo:?} {trans:?} n={n} k={k} layouts {orders:?} ld+{extra}");
    let herm = kind == Kind::Herk && T::IS_COMPLEX;
    let (alpha, beta, res) = match kind {
        Kind::Syrk => {
            let (alpha, beta): (T, T) = match scalars {
                Some((al, be)) => (T::from_c(zr(al)), T::from_c(zr(be))),
                None => (rand_scalar(r), rand_scalar(r)),
            };
            (
                alpha.to_c(),
                beta.to_c(),
                dev.syrk(uplo, trans, alpha, la.mat(&a), beta, lc.mat_mut(&mut c)),
            )
        }
        Kind::Herk => {
            let (alpha, beta) = match scalars {
                Some((al, be)) => (T::real(al), T::real(be)),
                None => (rand_real::<T>(r), rand_real::<T>(r)),
            };
            (
                zr(real_to_f64::<T>(alpha)),
                zr(real_to_f64::<T>(beta)),
                dev.herk(uplo, trans, alpha, la.mat(&a), beta, lc.mat_mut(&mut c)),
            )
        }
    };
    // Complex herk with mixed layouts runs on a conjugated copy of A.
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let (want, mag) = ref_rank_k(
        herm,
        alpha,
        &read_mat(&a, la).op(trans),
        beta,
        &read_mat(&c0, lc),
    );
    let what = format!("{what} alpha={alpha} beta={beta}");
    let got = read_mat(&c, lc);
    // Reference BLAS returns at once when (α = 0 or k = 0) and β = 1: C stays exactly as it
    // was (for herk, imaginary parts on the diagonal included). gpublas takes that quick
    // return itself, so every backend agrees.
    let quick_return = (alpha == zr(0.0) || k == 0) && beta == zr(1.0);
    if quick_return {
        assert_bitwise_eq(&what, &c, &c0);
        return;
    }
    assert_close_where::<T>(&what, &got, &want, &mag, k, |i, j| in_triangle(uplo, i, j));
    assert_other_triangle_untouched(&what, &c0, &c, lc, uplo);
    if herm {
        for i in 0..n {
            assert!(
                got.get(i, i).im == 0.0,
                "{what}: diagonal ({i}, {i}) = {} is not real",
                got.get(i, i)
            );
        }
    }
}

/// (150, 9): a triangle the host halves recursively (diagonal blocks of ≤ 64 computed in scratch).
const RANK_K_SHAPES: [(usize, usize); 5] = [(7, 5), (17, 33), (1, 1), (16, 1), (150, 9)];
const LAYOUT_PAIRS: [[Order; 2]; 4] = [
    [Order::ColMajor, Order::ColMajor],
    [Order::RowMajor, Order::RowMajor],
    [Order::ColMajor, Order::RowMajor],
    [Order::RowMajor, Order::ColMajor],
];

fn syrk_matches_reference_on_its_triangle_only<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("syrk"));
    // Op::C is syrk's Op::T for real types; complex syrk rejects it (see errors.rs).
    let ops: &[Op] = if T::IS_COMPLEX { &[Op::N, Op::T] } else { &OPS };
    for uplo in UPLOS {
        for &trans in ops {
            for orders in LAYOUT_PAIRS {
                for (i, shape) in RANK_K_SHAPES.into_iter().enumerate() {
                    check_rank_k::<T>(
                        &dev,
                        &mut r,
                        Kind::Syrk,
                        uplo,
                        trans,
                        shape,
                        orders,
                        i % 3,
                        None,
                    );
                }
            }
        }
    }
}

fn herk_matches_reference_on_its_triangle_with_a_real_diagonal<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("herk"));
    // Op::T is herk's Op::C for real types; complex herk rejects it (see errors.rs).
    let ops: &[Op] = if T::IS_COMPLEX { &[Op::N, Op::C] } else { &OPS };
    for uplo in UPLOS {
        for &trans in ops {
            for orders in LAYOUT_PAIRS {
                for (i, shape) in RANK_K_SHAPES.into_iter().enumerate() {
                    check_rank_k::<T>(
                        &dev,
                        &mut r,
                        Kind::Herk,
                        uplo,
                        trans,
                        shape,
                        orders,
                        i % 3,
                        None,
                    );
                }
            }
        }
    }
}

fn syrk_and_herk_special_scalars<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank_k_scalars"));
    for kind in [Kind::Syrk, Kind::Herk] {
        let trans = if kind == Kind::Herk && T::IS_COMPLEX {
            Op::C
        } else {
            Op::T
        };
        for uplo in UPLOS {
            for orders in [LAYOUT_PAIRS[0], LAYOUT_PAIRS[1]] {
                for s in [(0.0, 0.5), (0.75, 0.0), (0.0, 1.0), (0.0, 0.0), (1.0, 1.0)] {
                    check_rank_k::<T>(&dev, &mut r, kind, uplo, trans, (9, 6), orders, 1, Some(s));
                    check_rank_k::<T>(&dev, &mut r, kind, uplo, Op::N, (9, 0), orders, 0, Some(s));
                }
            }
        }
    }
}

fn syrk_alpha_zero_ignores_nan_in_a_and_beta_zero_ignores_nan_in_c<T: TestScalar>() {
    rank_k_nan_case::<T>(Kind::Syrk)
}

fn herk_alpha_zero_ignores_nan_in_a_and_beta_zero_ignores_nan_in_c<T: TestScalar>() {
    rank_k_nan_case::<T>(Kind::Herk)
}

fn rank_k_nan_case<T: TestScalar>(kind: Kind) {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank_k_nan"));
    {
        for uplo in UPLOS {
            let (n, k) = (6, 4);
            let la = Layout::col(n, k);
            let lc = Layout::col(n, n).with_ld(n + 1);
            // α = 0: A (all NaN) is not read; C's triangle is scaled by β.
            let a = poison::<T>(la.len());
            let c0: Vec<T> = rank_k_c(&mut r, lc, uplo);
            let mut c = c0.clone();
            let beta = 0.5;
            match kind {
                Kind::Syrk => dev.syrk(
                    uplo,
                    Op::N,
                    T::zero(),
                    la.mat(&a),
                    T::from_c(zr(beta)),
                    lc.mat_mut(&mut c),
                ),
                Kind::Herk => dev.herk(
                    uplo,
                    Op::N,
                    T::real(0.0),
                    la.mat(&a),
                    T::real(beta),
                    lc.mat_mut(&mut c),
                ),
            }
            .unwrap();
            let herm = kind == Kind::Herk && T::IS_COMPLEX;
            let (want, mag) =
                ref_rank_k(herm, zr(0.0), &M::zeros(n, k), zr(beta), &read_mat(&c0, lc));
            let what = format!("{kind:?} {uplo:?} alpha=0");
            assert_close_where::<T>(&what, &read_mat(&c, lc), &want, &mag, 0, |i, j| {
                in_triangle(uplo, i, j)
            });
            assert_other_triangle_untouched(&what, &c0, &c, lc, uplo);
            // β = 0: C's triangle (all NaN) is overwritten without being read.
            let a: Vec<T> = rand_mat(&mut r, la);
            let c0 = poison::<T>(lc.len() + 2);
            let mut c = c0.clone();
            match kind {
                Kind::Syrk => dev.syrk(
                    uplo,
                    Op::N,
                    T::one(),
                    la.mat(&a),
                    T::zero(),
                    lc.mat_mut(&mut c),
                ),
                Kind::Herk => dev.herk(
                    uplo,
                    Op::N,
                    T::real(1.0),
                    la.mat(&a),
                    T::real(0.0),
                    lc.mat_mut(&mut c),
                ),
            }
            .unwrap();
            let (want, mag) =
                ref_rank_k(herm, zr(1.0), &read_mat(&a, la), zr(0.0), &M::zeros(n, n));
            let what = format!("{kind:?} {uplo:?} beta=0");
            assert_close_where::<T>(&what, &read_mat(&c, lc), &want, &mag, k, |i, j| {
                in_triangle(uplo, i, j)
            });
            assert_other_triangle_untouched(&what, &c0, &c, lc, uplo);
        }
    }
}

fn syrk_and_herk_with_n_zero_leave_storage_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rank_k_n0"));
    let a: Vec<T> = rand_vec(&mut r, 3);
    let c0: Vec<T> = rand_vec(&mut r, 3);
    let mut c = c0.clone();
    dev.syrk(
        Uplo::Upper,
        Op::N,
        T::one(),
        Mat::col_major(&a, 0, 3),
        T::zero(),
        MatMut::col_major(&mut c, 0, 0),
    )
    .unwrap();
    dev.herk(
        Uplo::Lower,
        Op::N,
        T::real(1.0),
        Mat::col_major(&a, 0, 3),
        T::real(0.0),
        MatMut::col_major(&mut c, 0, 0),
    )
    .unwrap();
    assert_bitwise_eq("syrk/herk n=0", &c, &c0);
}

for_all_types!(
    gemm_matches_reference_for_all_op_combinations,
    gemm_matches_reference_for_every_layout_mix,
    gemm_sizes_crossing_block_edges,
    gemm_bigger_problems,
    gemm_k_zero_scales_c_by_beta,
    gemm_m_or_n_zero_leaves_c_untouched,
    gemm_alpha_zero_ignores_nan_in_a_and_b,
    gemm_beta_zero_ignores_nan_in_c,
    trsm_matches_reference_for_all_24_combinations,
    trsm_alpha_zero_sets_b_to_zero,
    trsm_alpha_zero_does_not_read_a,
    trsm_alpha_zero_does_not_read_b,
    trsm_with_empty_b_leaves_storage_untouched,
    syrk_matches_reference_on_its_triangle_only,
    herk_matches_reference_on_its_triangle_with_a_real_diagonal,
    syrk_and_herk_special_scalars,
    syrk_alpha_zero_ignores_nan_in_a_and_beta_zero_ignores_nan_in_c,
    herk_alpha_zero_ignores_nan_in_a_and_beta_zero_ignores_nan_in_c,
    syrk_and_herk_with_n_zero_leave_storage_untouched,
);
