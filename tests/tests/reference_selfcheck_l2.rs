//! Self-checks of the level-2 references: spmv = sbmv = symv = gemv on the symmetrised matrix,
//! banded gbmv = gemv on the dense expansion, trmv = the dense triangle's product and
//! trsv(trmv(x)) = x for every storage, rank-1/2 updates against their dense formulas, and
//! netlib's read/write rules (NaN where nothing may be read, sentinels that must stay
//! bit-for-bit). No device is used.

mod selfcheck_common;

use gpublas_tests::*;
use selfcheck_common::*;

#[test]
fn symv_sbmv_spmv_equal_gemv_on_the_symmetrised_matrix() {
    let mut r = rng("selfcheck_symv");
    let n = 6;
    for herm in [false, true] {
        for uplo in UPLOS {
            for storage in STORAGES {
                for (incx, incy) in [(1isize, 1isize), (-2, 3), (2, -1)] {
                    let dense = dense_for(&mut r, n, storage);
                    let a = storage.store(uplo, n, &dense, 8);
                    let full = symmetrize(uplo, herm, n, Storage::Full { ld: 8 }, &dense);
                    let (x, y0) = (rz(&mut r, n), rz(&mut r, n));
                    let (alpha, beta) = (rz(&mut r, 1)[0], rz(&mut r, 1)[0]);
                    let (xb, mut yb) = (strided(&x, incx, 2, NAN), strided(&y0, incy, 2, NAN));
                    let y_before = yb.clone();
                    ref_symv(
                        uplo, herm, n, storage, alpha, &a, &xb, incx, beta, &mut yb, incy,
                    );
                    let want = ref_gemm(alpha, &full, &col(&x), beta, &col(&y0));
                    let what =
                        format!("symv herm={herm} {uplo:?} {storage:?} incx={incx} incy={incy}");
                    close(&what, &unstrided(&yb, n, incy), &want.d, 1e-13);
                    for (k, (now, was)) in yb.iter().zip(&y_before).enumerate() {
                        if has_nan(*was) {
                            assert_eq!(bits(&[*now]), bits(&[*was]), "{what}: gap {k}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn symv_alpha_zero_and_beta_zero_follow_netlib() {
    let mut r = rng("selfcheck_symv_special");
    let n = 5;
    let y0 = rz(&mut r, n);
    // α = 0: neither A nor x is read (both NaN), y = βy.
    let mut y = y0.clone();
    ref_symv(
        Uplo::Upper,
        true,
        n,
        Storage::Packed,
        zr(0.0),
        &vec![NAN; 15],
        &[NAN; 5],
        1,
        zr(2.0),
        &mut y,
        1,
    );
    close(
        "α = 0",
        &y,
        &y0.iter().map(|v| v * 2.0).collect::<Vec<_>>(),
        0.0,
    );
    // α = 0, β = 1: quick return, y untouched bit for bit even when NaN.
    let mut y = vec![NAN; n];
    ref_symv(
        Uplo::Lower,
        false,
        n,
        Storage::Full { ld: n },
        zr(0.0),
        &[NAN; 25],
        &[NAN; 5],
        1,
        zr(1.0),
        &mut y,
        1,
    );
    assert!(y.iter().all(|z| has_nan(*z)));
    // β = 0: NaN in y is overwritten, not propagated.
    let a = rz(&mut r, n * n);
    let x = rz(&mut r, n);
    let mut y = vec![NAN; n];
    ref_symv(
        Uplo::Upper,
        false,
        n,
        Storage::Full { ld: n },
        zr(1.0),
        &a,
        &x,
        1,
        zr(0.0),
        &mut y,
        1,
    );
    assert!(y.iter().all(|z| !has_nan(*z)));
    // The other triangle and a Hermitian diagonal's imaginary part are never read.
    let mut a_nan = a.clone();
    for j in 0..n {
        for i in 0..n {
            if i > j {
                a_nan[i + j * n] = NAN;
            }
        }
        a_nan[j + j * n].im = f64::NAN;
    }
    let mut y = vec![NAN; n];
    ref_symv(
        Uplo::Upper,
        true,
        n,
        Storage::Full { ld: n },
        zr(1.0),
        &a_nan,
        &x,
        1,
        zr(0.0),
        &mut y,
        1,
    );
    assert!(y.iter().all(|z| !has_nan(*z)));
}

#[test]
fn gbmv_equals_gemv_on_the_dense_expansion() {
    let mut r = rng("selfcheck_gbmv");
    let (m, n, kl, ku, ldab) = (7, 5, 2, 1, 6);
    for trans in OPS {
        for (incx, incy) in [(1isize, 1isize), (-2, 3), (3, -2)] {
            let g = rz(&mut r, m * n);
            let gt: Vec<Complex64> = g.iter().map(|z| Complex64::from_c(*z)).collect();
            let ab = zbuf(&to_band::<Complex64>((m, n, kl, ku), &gt, m, ldab));
            let dense = dense_m(m, n, &from_band((m, n, kl, ku), &ab, ldab, m, zr(0.0)), m);
            let opa = dense.op(trans);
            let (x, y0) = (rz(&mut r, opa.cols), rz(&mut r, opa.rows));
            let (alpha, beta) = (rz(&mut r, 1)[0], rz(&mut r, 1)[0]);
            let xb = strided(&x, incx, 1, NAN);
            let mut yb = strided(&y0, incy, 1, NAN);
            ref_gbmv(
                trans,
                (m, n, kl, ku),
                alpha,
                &ab,
                ldab,
                &xb,
                incx,
                beta,
                &mut yb,
                incy,
            );
            let want = ref_gemm(alpha, &opa, &col(&x), beta, &col(&y0));
            close(
                &format!("gbmv {trans:?} {incx} {incy}"),
                &unstrided(&yb, opa.rows, incy),
                &want.d,
                1e-13,
            );
            assert!(has_nan(yb[yb.len() - 1]), "tail sentinel");
        }
    }
}

#[test]
fn trmv_matches_the_dense_triangle_and_trsv_inverts_it() {
    let mut r = rng("selfcheck_trmv_trsv");
    let n = 6;
    for uplo in UPLOS {
        for trans in OPS {
            for diag in DIAGS {
                for storage in STORAGES {
                    let mut dense = dense_for(&mut r, n, storage);
                    for i in 0..n {
                        dense[i + i * 8] += zr(4.0); // well conditioned
                        if diag == Diag::Unit {
                            dense[i + i * 8] = NAN; // never read
                        }
                    }
                    let a = storage.store(uplo, n, &dense, 8);
                    let x = rz(&mut r, n);
                    let what = format!("{uplo:?} {trans:?} {diag:?} {storage:?}");
                    let t = triangle(&dense_m(n, n, &dense, 8), uplo, diag).op(trans);
                    for inc in [1isize, -2] {
                        let mut xb = strided(&x, inc, 1, NAN);
                        ref_trmv((uplo, trans, diag), n, storage, &a, &mut xb, inc);
                        close(
                            &format!("trmv {what}"),
                            &unstrided(&xb, n, inc),
                            &t.mul(&col(&x)).d,
                            1e-13,
                        );
                        ref_trsv((uplo, trans, diag), n, storage, &a, &mut xb, inc);
                        close(
                            &format!("trsv∘trmv {what}"),
                            &unstrided(&xb, n, inc),
                            &x,
                            1e-12,
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn rank_updates_match_dense_formulas_and_touch_only_their_triangle() {
    let mut r = rng("selfcheck_rank_updates");
    let n = 5;
    for herm in [false, true] {
        for uplo in UPLOS {
            for storage in [Storage::Full { ld: 7 }, Storage::Packed] {
                for (incx, incy) in [(1isize, 1isize), (-2, 3)] {
                    let dense = rz(&mut r, 7 * n);
                    let a0 = storage.store(uplo, n, &dense, 7);
                    let (x, y) = (rz(&mut r, n), rz(&mut r, n));
                    let alpha = rz(&mut r, 1)[0];
                    let (xb, yb) = (strided(&x, incx, 0, NAN), strided(&y, incy, 0, NAN));
                    let second = if herm { Op::C } else { Op::T };
                    let alpha1 = if herm { zr(alpha.re) } else { alpha };
                    let what = format!("herm={herm} {uplo:?} {storage:?} {incx} {incy}");
                    // rank 1
                    let mut a1 = a0.clone();
                    ref_syr(uplo, herm, n, alpha, &xb, incx, &mut a1, storage);
                    let p1 = ref_gemm(
                        alpha1,
                        &col(&x),
                        &col(&x).op(second),
                        zr(0.0),
                        &M::zeros(n, n),
                    );
                    // rank 2
                    let mut a2 = a0.clone();
                    ref_syr2(uplo, herm, n, alpha, &xb, incx, &yb, incy, &mut a2, storage);
                    let alpha2 = if herm { alpha.conj() } else { alpha };
                    let xy = ref_gemm(
                        alpha,
                        &col(&x),
                        &col(&y).op(second),
                        zr(0.0),
                        &M::zeros(n, n),
                    );
                    let yx = ref_gemm(
                        alpha2,
                        &col(&y),
                        &col(&x).op(second),
                        zr(0.0),
                        &M::zeros(n, n),
                    );
                    for j in 0..n {
                        for i in 0..n {
                            let Some(k) = storage.idx(uplo, n, i, j) else {
                                continue;
                            };
                            let base = if herm && i == j { zr(a0[k].re) } else { a0[k] };
                            let mut w1 = base + p1.get(i, j);
                            let mut w2 = base + xy.get(i, j) + yx.get(i, j);
                            if herm && i == j {
                                (w1.im, w2.im) = (0.0, 0.0);
                                assert_eq!((a1[k].im, a2[k].im), (0.0, 0.0), "{what}: diagonal");
                            }
                            assert!((a1[k] - w1).norm() < 1e-13, "syr {what} ({i}, {j})");
                            assert!((a2[k] - w2).norm() < 1e-13, "syr2 {what} ({i}, {j})");
                        }
                    }
                    if storage == Storage::Packed {
                        continue;
                    }
                    // Outside the triangle (and padding rows): bit for bit unchanged.
                    let mut poisoned = a0.clone();
                    for j in 0..n {
                        for i in 0..7 {
                            if i >= n || !in_triangle(uplo, i, j) {
                                poisoned[i + j * 7] = NAN;
                            }
                        }
                    }
                    let before = poisoned.clone();
                    ref_syr(uplo, herm, n, alpha, &xb, incx, &mut poisoned, storage);
                    ref_syr2(
                        uplo,
                        herm,
                        n,
                        alpha,
                        &xb,
                        incx,
                        &yb,
                        incy,
                        &mut poisoned,
                        storage,
                    );
                    for (k, (now, was)) in poisoned.iter().zip(&before).enumerate() {
                        if has_nan(*was) {
                            assert_eq!(
                                bits(&[*now]),
                                bits(&[*was]),
                                "{what}: element {k} outside the triangle"
                            );
                        } else {
                            assert!(!has_nan(*now), "{what}: element {k} inside the triangle");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn hermitian_rank_updates_follow_netlibs_diagonal_rules() {
    let n = 3;
    let mut a: Vec<Z> = (0..9).map(|k| Z::new(k as f64, 1.0 + k as f64)).collect();
    let orig = a.clone();
    // α = 0: quick return, the diagonal keeps its imaginary part.
    ref_syr(
        Uplo::Upper,
        true,
        n,
        zr(0.0),
        &[NAN; 3],
        1,
        &mut a,
        Storage::Full { ld: 3 },
    );
    assert_eq!(bits(&a), bits(&orig));
    // x_j = 0 skips column j but still makes its diagonal real.
    let x = [zr(0.0), zr(1.0), zr(0.0)];
    ref_syr(
        Uplo::Upper,
        true,
        n,
        zr(1.0),
        &x,
        1,
        &mut a,
        Storage::Full { ld: 3 },
    );
    for j in 0..n {
        assert_eq!(a[j + j * 3].im, 0.0);
    }
    assert_eq!(a[3], orig[3] + zr(0.0)); // (0, 1) += x0·conj(x1) = 0, column 1 is not skipped
    assert_eq!(a[6], orig[6]); // column 2 skipped entirely
    assert_eq!(a[1], orig[1]); // lower triangle never touched
}
