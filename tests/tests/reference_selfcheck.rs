//! Self-checks of the buffer-level references (tests/src/{storage,reference_l1x,reference_l2,
//! reference_l2_update,reference_l3}.rs), part 1: storage formats (packed and band against
//! dense, netlib's packed index, signed increments) and level 1 (rot, rotg, rotm/rotmg, scal
//! with a real scalar, sdsdot) against their defining equations. Levels 2 and 3 are checked in
//! `reference_selfcheck_l2.rs` and `reference_selfcheck_l3.rs`. No device is used.

mod selfcheck_common;

use gpublas_tests::*;
use selfcheck_common::*;

#[test]
fn packed_index_is_netlibs_formula() {
    for n in [1usize, 2, 5, 9] {
        for j in 0..n {
            for i in 0..n {
                // netlib, 1-based: upper AP(i + j(j-1)/2), lower AP(i + (j-1)(2n-j)/2).
                let (fi, fj) = (i + 1, j + 1);
                if i <= j {
                    assert_eq!(packed_idx(Uplo::Upper, n, i, j) + 1, fi + fj * (fj - 1) / 2);
                }
                if i >= j {
                    assert_eq!(
                        packed_idx(Uplo::Lower, n, i, j) + 1,
                        fi + (fj - 1) * (2 * n - fj) / 2
                    );
                }
            }
        }
        assert_eq!(packed_len(n), n * (n + 1) / 2);
    }
}

#[test]
fn storage_round_trips_and_marks_unused_slots() {
    let mut r = rng("selfcheck_storage");
    let n = 6;
    let a = rz(&mut r, 8 * n);
    for uplo in UPLOS {
        let ap = pack(uplo, n, &a, 8);
        let back = unpack(uplo, n, &ap, 8, NAN);
        for j in 0..n {
            for i in 0..8 {
                let inside = i < n && in_triangle(uplo, i, j);
                assert_eq!(has_nan(back[i + j * 8]), !inside, "{uplo:?} ({i}, {j})");
                if inside {
                    assert_eq!(back[i + j * 8], a[i + j * 8]);
                }
            }
        }
        for s in STORAGES {
            let st = s.store(uplo, n, &a, 8);
            let used = (0..n)
                .flat_map(|j| (0..n).map(move |i| (i, j)))
                .filter(|&(i, j)| s.idx(uplo, n, i, j).is_some())
                .count();
            assert_eq!(
                st.iter().filter(|z| !has_nan(**z)).count(),
                used,
                "{s:?} {uplo:?}"
            );
            let d = s.dense(uplo, n, &st, zr(0.0));
            for j in 0..n {
                for i in 0..n {
                    let want = if s.idx(uplo, n, i, j).is_some() {
                        a[i + j * 8]
                    } else {
                        zr(0.0)
                    };
                    assert_eq!(d[i + j * n], want);
                }
            }
        }
    }
    // General band: kl = 2, ku = 1 of a 7×5 matrix, ldab = 5 (one spare row).
    let (m, nn, kl, ku, ldab) = (7, 5, 2, 1, 5);
    let g = rz(&mut r, m * nn);
    let ab = to_band::<Complex64>(
        (m, nn, kl, ku),
        &g.iter().map(|z| Complex64::from_c(*z)).collect::<Vec<_>>(),
        m,
        ldab,
    );
    let used = (0..nn)
        .map(|j| (0..m).filter(|&i| in_band(kl, ku, i, j)).count())
        .sum::<usize>();
    assert_eq!(ab.iter().filter(|z| !z.re.is_nan()).count(), used);
    let dense = from_band((m, nn, kl, ku), &zbuf(&ab), ldab, m, zr(0.0));
    for j in 0..nn {
        for i in 0..m {
            let want = if in_band(kl, ku, i, j) {
                g[i + j * m]
            } else {
                zr(0.0)
            };
            assert_eq!(dense[i + j * m], want);
        }
    }
}

#[test]
fn negative_increments_walk_from_the_end() {
    let v: Vec<Z> = (0..4).map(|i| zr(i as f64)).collect();
    let b = strided(&v, -3, 1, NAN);
    assert_eq!(b.len(), 11);
    assert_eq!((b[9], b[0]), (v[0], v[3]));
    assert_eq!(unstrided(&b, 4, -3), v);
    assert_eq!((vidx(0, 4, 0), vspan(4, 0), vspan(0, 5)), (0, 1, 0));
}

#[test]
fn rot_applies_the_rotation_with_any_increments() {
    let mut r = rng("selfcheck_rot");
    let n = 5;
    for (incx, incy) in [(1isize, 1isize), (-1, 2), (2, -3)] {
        let (x, y) = (rz(&mut r, n), rz(&mut r, n));
        let (c, s) = (0.6, Z::new(0.48, 0.64));
        let (mut xb, mut yb) = (strided(&x, incx, 1, NAN), strided(&y, incy, 1, NAN));
        ref_rot(n, &mut xb, incx, &mut yb, incy, c, s);
        let (gx, gy) = (unstrided(&xb, n, incx), unstrided(&yb, n, incy));
        for i in 0..n {
            assert!((gx[i] - (x[i] * c + s * y[i])).norm() < 1e-15);
            assert!((gy[i] - (y[i] * c - s.conj() * x[i])).norm() < 1e-15);
            // A rotation preserves |x_i|² + |y_i|².
            let before = x[i].norm_sqr() + y[i].norm_sqr();
            assert!((gx[i].norm_sqr() + gy[i].norm_sqr() - before).abs() < 1e-14);
        }
        assert!(has_nan(xb[xb.len() - 1]) && has_nan(yb[yb.len() - 1]));
    }
    // Increment 0 applies the rotation n times to the same pair.
    let (mut x, mut y) = (vec![zr(1.0)], vec![zr(0.0)]);
    ref_rot(4, &mut x, 0, &mut y, 0, 0.0, zr(1.0)); // four quarter turns
    assert!((x[0] - zr(1.0)).norm() < 1e-15 && y[0].norm() < 1e-15);
}

#[test]
fn rotg_builds_a_rotation_that_annihilates_b() {
    let mut r = rng("selfcheck_rotg");
    for _ in 0..50 {
        let v = rr(&mut r, 2);
        let (a, b) = (v[0].re, v[1].re);
        let (rr_, z, c, s) = ref_rotg_real(a, b);
        assert!(rotg_residual(zr(a), zr(b), zr(rr_), c, zr(s)) < 1e-15);
        let bigger = if a.abs() > b.abs() { a } else { b };
        assert_eq!(rr_.signum(), bigger.signum());
        // z encodes (c, s): |a| > |b| ⇒ z = s, else z = 1/c.
        assert!(
            (if a.abs() > b.abs() {
                z - s
            } else {
                z - 1.0 / c
            })
            .abs()
                < 1e-15
        );
        let w = rz(&mut r, 2);
        let (rc, cc, sc) = ref_rotg_complex(w[0], w[1]);
        assert!(rotg_residual(w[0], w[1], rc, cc, sc) < 1e-15);
        assert!(cc > 0.0 && (rc / rc.norm() - w[0] / w[0].norm()).norm() < 1e-14);
    }
    assert_eq!(ref_rotg_real(3.0, 0.0), (3.0, 0.0, 1.0, 0.0));
    assert_eq!(ref_rotg_real(0.0, -2.0), (-2.0, 1.0, 0.0, 1.0));
    let (rc, cc, sc) = ref_rotg_complex(zr(0.0), Z::new(3.0, 4.0));
    assert_eq!((rc, cc), (zr(5.0), 0.0));
    assert!(rotg_residual(zr(0.0), Z::new(3.0, 4.0), rc, cc, sc) < 1e-15);
}

#[test]
fn rotmg_and_rotm_zero_the_second_component_and_keep_the_weighted_norm() {
    let mut r = rng("selfcheck_rotmg");
    let mut flags = std::collections::BTreeSet::new();
    for t in 0..200 {
        let v = rr(&mut r, 4);
        let (d1, d2, x1, y1) = (v[0].re.abs() + 0.1, v[1].re.abs() + 0.1, v[2].re, v[3].re);
        // Every fourth case scales d1 far enough to exercise the γ rescaling.
        let d1 = if t % 4 == 0 { d1 * 1e9 } else { d1 };
        let out = ref_rotmg(d1, d2, x1, y1, [7.0; 5]);
        flags.insert(out.param[0] as i64);
        let (mut x, mut y) = (vec![zr(x1)], vec![zr(y1)]);
        ref_rotm(1, &mut x, 1, &mut y, 1, out.param);
        assert!(
            y[0].norm() <= 1e-12 * (x1.abs() + y1.abs()),
            "flag {} left {}",
            out.param[0],
            y[0]
        );
        assert!((x[0].re - out.x1).abs() <= 1e-12 * out.x1.abs().max(1e-300));
        let before = d1 * x1 * x1 + d2 * y1 * y1;
        assert!((out.d1 * out.x1 * out.x1 - before).abs() <= 1e-12 * before);
        // netlib leaves the entries its flag does not use as they were.
        if out.param[0] == 0.0 {
            assert_eq!((out.param[1], out.param[4]), (7.0, 7.0));
        } else if out.param[0] == 1.0 {
            assert_eq!((out.param[2], out.param[3]), (7.0, 7.0));
        }
    }
    assert!(
        flags.contains(&0) && flags.contains(&1) && flags.contains(&-1),
        "{flags:?}"
    );
    // p2 = d2·y1 = 0: flag -2, nothing else written; rotm with flag -2 is the identity.
    let out = ref_rotmg(2.0, 3.0, 4.0, 0.0, [7.0; 5]);
    assert_eq!(
        (out.param, out.d1, out.d2, out.x1),
        ([-2.0, 7.0, 7.0, 7.0, 7.0], 2.0, 3.0, 4.0)
    );
    // d1 < 0: everything zeroed, flag -1.
    let out = ref_rotmg(-1.0, 3.0, 4.0, 5.0, [7.0; 5]);
    assert_eq!(
        (out.param, out.d1, out.d2, out.x1),
        ([-1.0, 0.0, 0.0, 0.0, 0.0], 0.0, 0.0, 0.0)
    );
}

#[test]
fn scal_real_and_sdsdot_follow_netlib() {
    let mut x = vec![Z::new(1.0, f64::INFINITY), Z::new(-2.0, 3.0)];
    ref_scal_real(2, 0.5, &mut x, 1);
    assert_eq!(x, [Z::new(0.5, f64::INFINITY), Z::new(-1.0, 1.5)]);
    // netlib returns at once for incx ≤ 0 and for α = 1.
    let before = bits(&x);
    ref_scal_real(2, 3.0, &mut x, -1);
    ref_scal_real(2, 1.0, &mut x, 1);
    assert_eq!(bits(&x), before);
    let (xs, ys) = ([zr(1.0), zr(2.0), zr(3.0)], [zr(4.0), zr(5.0), zr(6.0)]);
    assert_eq!(ref_sdsdot(3, 0.5, &xs, 1, &ys, 1), 32.5);
    assert_eq!(
        ref_sdsdot(3, 0.0, &xs, -1, &ys, 1),
        3.0 * 4.0 + 2.0 * 5.0 + 6.0
    );
    assert_eq!(ref_sdsdot(0, 0.5, &xs, 1, &ys, 1), 0.5);
}

#[test]
fn norm_of_parts_is_exact_across_the_whole_range() {
    // Pythagorean triples scaled by powers of two are exact at every exponent, subnormal
    // results included (3·2^-1074 and 4·2^-1074 give 5·2^-1074).
    for e in [-1074, -1060, -600, -537, -300, 0, 300, 600, 1000, 1020] {
        let p = |k: f64| k * 2f64.powi(e / 2) * 2f64.powi(e - e / 2);
        assert_eq!(norm_of_parts(&[p(3.0), -p(4.0)]), p(5.0), "2^{e}");
        assert_eq!(norm_of_parts(&[p(2.0), p(3.0), p(6.0)]), p(7.0), "2^{e}");
    }
    // In the middle of the range, against the naive sum of squares.
    let mut r = rng("selfcheck_norm");
    for n in [1, 2, 17, 1000] {
        let v: Vec<f64> = rr(&mut r, n).iter().map(|z| z.re).collect();
        let naive = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!((norm_of_parts(&v) - naive).abs() <= 4.0 * n as f64 * f64::EPSILON * naive);
    }
    // Overflow only where the norm itself overflows; NaN beats ∞; zeros give zero.
    assert_eq!(norm_of_parts(&[f64::MAX, 1.0]), f64::MAX);
    assert_eq!(norm_of_parts(&[f64::MAX, f64::MAX]), f64::INFINITY);
    assert_eq!(norm_of_parts(&[1.0, f64::NEG_INFINITY]), f64::INFINITY);
    assert!(norm_of_parts(&[f64::INFINITY, f64::NAN]).is_nan());
    assert_eq!(norm_of_parts(&[0.0, -0.0]), 0.0);
    assert_eq!(norm_of_parts(&[]), 0.0);
}
