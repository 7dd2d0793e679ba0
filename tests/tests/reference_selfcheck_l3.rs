//! Self-checks of the level-3 references and extensions: symm/hemm = gemm on the symmetrised
//! matrix, syr2k = two gemms, syrkx(A, A) = syrk (the dense reference), trmm = triangle · B and
//! trsm(trmm(B)) = B, geam and dgmm element-wise, with netlib's α = 0 / β = 0 / triangle rules.
//! No device is used.

mod selfcheck_common;

use gpublas_tests::*;
use selfcheck_common::*;

#[test]
fn symm_and_hemm_equal_gemm_on_the_symmetrised_matrix() {
    let mut r = rng("selfcheck_symm");
    let (m, n) = (4, 3);
    for herm in [false, true] {
        for side in SIDES {
            for uplo in UPLOS {
                let ka = if side == Side::Left { m } else { n };
                let mut a = rz(&mut r, ka * ka);
                for j in 0..ka {
                    for i in 0..ka {
                        if !in_triangle(uplo, i, j) {
                            a[i + j * ka] = NAN;
                        }
                    }
                }
                let full = symmetrize(uplo, herm, ka, Storage::Full { ld: ka }, &a);
                let b = rz(&mut r, m * n);
                let (alpha, beta) = (rz(&mut r, 1)[0], rz(&mut r, 1)[0]);
                let c0 = rz(&mut r, m * n);
                let mut c = c0.clone();
                ref_symm(
                    (side, uplo, herm),
                    (m, n),
                    alpha,
                    &a,
                    ka,
                    &b,
                    m,
                    beta,
                    &mut c,
                    m,
                );
                let bm = dense_m(m, n, &b, m);
                let (l, rt) = if side == Side::Left {
                    (full.clone(), bm)
                } else {
                    (bm, full.clone())
                };
                let want = ref_gemm(alpha, &l, &rt, beta, &dense_m(m, n, &c0, m));
                close(
                    &format!("symm herm={herm} {side:?} {uplo:?}"),
                    &c,
                    &want.d,
                    1e-13,
                );
                // β = 0 with NaN in C.
                let mut c = vec![NAN; m * n];
                ref_symm(
                    (side, uplo, herm),
                    (m, n),
                    alpha,
                    &a,
                    ka,
                    &b,
                    m,
                    zr(0.0),
                    &mut c,
                    m,
                );
                assert!(c.iter().all(|z| !has_nan(*z)));
            }
        }
    }
}

#[test]
fn syr2k_is_two_gemms_and_syrkx_with_b_equal_a_is_syrk() {
    let mut r = rng("selfcheck_syr2k");
    let (n, k, ldc) = (5, 3, 6);
    for herm in [false, true] {
        for uplo in UPLOS {
            for trans in [Op::N, if herm { Op::C } else { Op::T }] {
                let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
                let (a, b) = (rz(&mut r, ar * ac), rz(&mut r, ar * ac));
                let (alpha, beta) = (rz(&mut r, 1)[0], rz(&mut r, 1)[0]);
                let mut c0 = rz(&mut r, ldc * n);
                for j in 0..n {
                    for i in 0..ldc {
                        if i >= n || !in_triangle(uplo, i, j) {
                            c0[i + j * ldc] = NAN;
                        }
                    }
                }
                let what = format!("herm={herm} {uplo:?} {trans:?}");
                let second = if herm { Op::C } else { Op::T };
                let (oa, ob) = (
                    dense_m(ar, ac, &a, ar).op(if trans == Op::N { Op::N } else { second }),
                    dense_m(ar, ac, &b, ar).op(if trans == Op::N { Op::N } else { second }),
                );
                let betar = if herm { zr(beta.re) } else { beta };
                let mut cz = dense_m(n, n, &c0, ldc);
                for i in 0..n {
                    for j in 0..n {
                        if !in_triangle(uplo, i, j) {
                            cz.set(i, j, zr(0.0));
                        }
                    }
                }
                let ab = ref_gemm(alpha, &oa, &ob.op(second), betar, &cz);
                let alpha2 = if herm { alpha.conj() } else { alpha };
                let want2k = ref_gemm(alpha2, &ob, &oa.op(second), zr(1.0), &ab);
                let mut c = c0.clone();
                ref_syr2k(
                    (uplo, trans, herm),
                    (n, k),
                    alpha,
                    &a,
                    ar,
                    &b,
                    ar,
                    beta,
                    &mut c,
                    ldc,
                );
                let mut cx = c0.clone();
                ref_syrkx(
                    (uplo, trans, herm),
                    (n, k),
                    alpha,
                    &a,
                    ar,
                    &a,
                    ar,
                    beta,
                    &mut cx,
                    ldc,
                );
                let want_k = if herm {
                    ref_rank_k(true, zr(alpha.re), &oa, betar, &cz).0
                } else {
                    ref_rank_k(false, alpha, &oa, beta, &cz).0
                };
                for j in 0..n {
                    for i in 0..ldc {
                        let idx = i + j * ldc;
                        if i >= n || !in_triangle(uplo, i, j) {
                            assert!(
                                has_nan(c[idx]) && has_nan(cx[idx]),
                                "{what}: ({i}, {j}) written"
                            );
                            continue;
                        }
                        let mut w = want2k.get(i, j);
                        if herm && i == j {
                            w.im = 0.0;
                            assert_eq!((c[idx].im, cx[idx].im), (0.0, 0.0), "{what}: diagonal");
                        }
                        assert!((c[idx] - w).norm() < 1e-13, "syr2k {what} ({i}, {j})");
                        if !herm {
                            assert!(
                                (cx[idx] - want_k.get(i, j)).norm() < 1e-13,
                                "syrkx {what} ({i}, {j})"
                            );
                        }
                    }
                }
                if herm {
                    // herkx(A, A) is herk when α is real (herk's α is real).
                    let mut cx = c0.clone();
                    ref_syrkx(
                        (uplo, trans, true),
                        (n, k),
                        zr(alpha.re),
                        &a,
                        ar,
                        &a,
                        ar,
                        beta,
                        &mut cx,
                        ldc,
                    );
                    for j in 0..n {
                        for i in 0..n {
                            if in_triangle(uplo, i, j) {
                                assert!(
                                    (cx[i + j * ldc] - want_k.get(i, j)).norm() < 1e-13,
                                    "herkx {what} ({i}, {j})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn rank_k_quick_return_keeps_the_hermitian_diagonal() {
    let mut c = vec![Z::new(1.0, 2.0); 4];
    ref_syr2k(
        (Uplo::Upper, Op::N, true),
        (2, 0),
        zr(1.0),
        &[],
        2,
        &[],
        2,
        zr(1.0),
        &mut c,
        2,
    );
    assert_eq!(c[0], Z::new(1.0, 2.0));
    // k = 0 with β ≠ 1 scales and makes the diagonal real.
    ref_syr2k(
        (Uplo::Upper, Op::N, true),
        (2, 0),
        zr(1.0),
        &[],
        2,
        &[],
        2,
        zr(2.0),
        &mut c,
        2,
    );
    assert_eq!(
        (c[0], c[2], c[1]),
        (zr(2.0), Z::new(2.0, 4.0), Z::new(1.0, 2.0))
    );
}

#[test]
fn trmm_is_the_triangle_times_b_and_alpha_zero_reads_nothing() {
    let mut r = rng("selfcheck_trmm");
    let (m, n) = (4, 3);
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    let ka = if side == Side::Left { m } else { n };
                    let mut a = rz(&mut r, ka * ka);
                    for j in 0..ka {
                        for i in 0..ka {
                            if !in_triangle(uplo, i, j) || (i == j && diag == Diag::Unit) {
                                a[i + j * ka] = NAN;
                            }
                        }
                    }
                    let b = rz(&mut r, m * n);
                    let alpha = rz(&mut r, 1)[0];
                    let mut c = vec![NAN; m * n];
                    ref_trmm(
                        (side, uplo, trans, diag),
                        (m, n),
                        alpha,
                        &a,
                        ka,
                        &b,
                        m,
                        &mut c,
                        m,
                    );
                    let t = triangle(&dense_m(ka, ka, &a, ka), uplo, diag).op(trans);
                    let bm = dense_m(m, n, &b, m);
                    let prod = if side == Side::Left {
                        t.mul(&bm)
                    } else {
                        bm.mul(&t)
                    };
                    let want: Vec<Z> = prod.d.iter().map(|v| alpha * v).collect();
                    close(
                        &format!("trmm {side:?} {uplo:?} {trans:?} {diag:?}"),
                        &c,
                        &want,
                        1e-13,
                    );
                    // Compare with the existing dense trsm reference: trsm(trmm(B)) = B.
                    let back = ref_trsm(
                        side,
                        uplo,
                        trans,
                        diag,
                        zr(1.0) / alpha,
                        &dense_m(ka, ka, &a, ka),
                        &dense_m(m, n, &c, m),
                    );
                    close("trsm∘trmm", &back.d, &b, 1e-12);
                    let mut c = vec![NAN; m * n];
                    ref_trmm(
                        (side, uplo, trans, diag),
                        (m, n),
                        zr(0.0),
                        &vec![NAN; ka * ka],
                        ka,
                        &vec![NAN; m * n],
                        m,
                        &mut c,
                        m,
                    );
                    assert!(c.iter().all(|z| *z == zr(0.0)));
                }
            }
        }
    }
}

#[test]
fn geam_and_dgmm_match_elementwise_formulas() {
    let mut r = rng("selfcheck_geam_dgmm");
    let (m, n) = (3, 4);
    for ta in OPS {
        for tb in OPS {
            let (sa, sb) = (
                if ta == Op::N { (m, n) } else { (n, m) },
                if tb == Op::N { (m, n) } else { (n, m) },
            );
            let (a, b) = (rz(&mut r, m * n), rz(&mut r, m * n));
            let (alpha, beta) = (rz(&mut r, 1)[0], rz(&mut r, 1)[0]);
            let mut c = vec![NAN; m * n];
            ref_geam((ta, tb), (m, n), alpha, &a, sa.0, beta, &b, sb.0, &mut c, m);
            let (opa, opb) = (
                dense_m(sa.0, sa.1, &a, sa.0).op(ta),
                dense_m(sb.0, sb.1, &b, sb.0).op(tb),
            );
            for j in 0..n {
                for i in 0..m {
                    let w = alpha * opa.get(i, j) + beta * opb.get(i, j);
                    assert!((c[i + j * m] - w).norm() < 1e-14, "geam {ta:?} {tb:?}");
                }
            }
            let mut c = vec![NAN; m * n];
            ref_geam(
                (ta, tb),
                (m, n),
                zr(0.0),
                &vec![NAN; m * n],
                sa.0,
                beta,
                &b,
                sb.0,
                &mut c,
                m,
            );
            assert!(c.iter().all(|z| !has_nan(*z)), "geam α = 0 read A");
        }
    }
    let a = rz(&mut r, m * n);
    for side in SIDES {
        let len = if side == Side::Left { m } else { n };
        for inc in [1isize, -2, 0] {
            let x = rz(&mut r, len);
            let xb = if inc == 0 {
                vec![x[0]]
            } else {
                strided(&x, inc, 0, NAN)
            };
            let mut c = vec![NAN; m * n];
            ref_dgmm(side, (m, n), &a, m, &xb, inc, &mut c, m);
            for j in 0..n {
                for i in 0..m {
                    let d = if inc == 0 {
                        x[0]
                    } else if side == Side::Left {
                        x[i]
                    } else {
                        x[j]
                    };
                    assert_eq!(c[i + j * m], d * a[i + j * m], "dgmm {side:?} inc {inc}");
                }
            }
        }
    }
}
