//! Host backend only: the triangular solve's diagonal blocks.
//!
//! Inside one diagonal block, an element of `X` that is zero takes no part in the steps after
//! it, as in reference BLAS's `?trsm.f` (left side, lower, no transpose:
//! `IF (B(K,J).NE.ZERO)`): with the first `r` rows of `B` zero, the first `r` columns of `L` are
//! never read, so ∞ or NaN below their diagonal does not reach the solution. Checked against a
//! naive substitution in `Complex64` on the rows below `r`, with random right-hand sides wide
//! enough to span several of the solve's column sweeps, with zeros among them, for the four
//! types and both diagonals. A right-side solve's in-place row sweeps are checked too.
use gpublas::Device;
use gpublas_tests::*;
use rand::{Rng, SeedableRng};

fn check<T: TestScalar>(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dev = Device::host();
    // One diagonal block (the solve substitutes blocks of order ≤ 16); 3, 20 and 300 columns
    // take each width of the solve's row-major block, 300 across several sweeps.
    let (m, r) = (12usize, 5usize);
    for (n, diag) in [3usize, 20, 300]
        .into_iter()
        .flat_map(|n| [(n, Diag::NonUnit), (n, Diag::Unit)])
    {
        for poison in [f64::INFINITY, f64::NAN] {
            let mut l = vec![T::zero(); m * m];
            for j in 0..m {
                for i in j..m {
                    let v = if i == j {
                        Z::new(rng.gen_range(1.0..2.0), rng.gen_range(-0.5..0.5))
                    } else {
                        Z::new(rng.gen_range(-0.3..0.3), rng.gen_range(-0.3..0.3))
                    };
                    l[i + j * m] = T::from_c(v);
                }
            }
            // Below the diagonal of the columns the zero rows select: never to be read.
            for k in 0..r {
                l[(k + 2).min(m - 1) + k * m] = T::from_c(Z::new(poison, 0.0));
            }
            let mut b = vec![T::zero(); m * n];
            for j in 0..n {
                for i in r..m {
                    // Some zeros among the rows that are solved too.
                    if rng.gen_range(0..7) != 0 {
                        b[i + j * m] =
                            T::from_c(Z::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)));
                    }
                }
            }
            let b0 = b.clone();
            dev.trsm(
                Side::Left,
                Uplo::Lower,
                Op::N,
                diag,
                T::one(),
                Mat::col_major(&l, m, m),
                MatMut::col_major(&mut b, m, n),
            )
            .unwrap();
            let unit = diag == Diag::Unit;
            for j in 0..n {
                // Naive substitution on rows r.. (rows ..r stay zero).
                let mut x: Vec<Z> = (0..m).map(|i| b0[i + j * m].to_c()).collect();
                for k in r..m {
                    if !unit {
                        x[k] /= l[k + k * m].to_c();
                    }
                    let xk = x[k];
                    for i in k + 1..m {
                        x[i] -= xk * l[i + k * m].to_c();
                    }
                }
                for i in 0..m {
                    let got = b[i + j * m].to_c();
                    if i < r {
                        assert_eq!(got, Z::new(0.0, 0.0), "{diag:?} row {i} col {j}");
                    } else {
                        let err = (got - x[i]).norm();
                        assert!(
                            err.is_finite() && err <= 64.0 * T::EPS * (1.0 + x[i].norm()),
                            "{diag:?} {poison}: X[{i},{j}] = {got} against {}",
                            x[i]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn zero_rows_of_b_keep_their_columns_of_l_unread() {
    check::<f32>(1);
    check::<f64>(2);
    check::<Complex32>(3);
    check::<Complex64>(4);
}

/// A right-side solve works on `Xᵀ`, whose rows are contiguous: complex diagonal blocks sweep
/// them in place, 128 at a time; real ones of order ≤ 64 are solved in strips of 8 or 16
/// elements, 64 or 128 copied at a time. With 300 rows of `X` the sweeps cover 128, 128 and 44
/// columns of `Xᵀ`, the strips end with a partial one; orders 20, 64 and 100 (two blocks and an
/// update between them). Every op and triangle, both diagonals, checked by the residual
/// `‖X·op(A) − αB‖` against a naive product in `Complex64`.
fn right_side<T: TestScalar>(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dev = Device::host();
    for (m, n) in [(300usize, 20usize), (300, 64), (300, 100)] {
        for uplo in [Uplo::Lower, Uplo::Upper] {
            for op in [Op::N, Op::T, Op::C] {
                for diag in [Diag::NonUnit, Diag::Unit] {
                    let mut a = vec![T::zero(); n * n];
                    for j in 0..n {
                        for i in 0..n {
                            let inside = (uplo == Uplo::Lower) == (i >= j);
                            if i == j {
                                a[i + j * n] = T::from_c(Z::new(
                                    rng.gen_range(1.0..2.0),
                                    rng.gen_range(-0.5..0.5),
                                ));
                            } else if inside {
                                a[i + j * n] = T::from_c(Z::new(
                                    rng.gen_range(-0.3..0.3),
                                    rng.gen_range(-0.3..0.3),
                                ));
                            }
                        }
                    }
                    let b: Vec<T> = (0..m * n)
                        .map(|_| {
                            T::from_c(Z::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
                        })
                        .collect();
                    let mut x = b.clone();
                    dev.trsm(
                        Side::Right,
                        uplo,
                        op,
                        diag,
                        T::one(),
                        Mat::col_major(&a, n, n),
                        MatMut::col_major(&mut x, m, n),
                    )
                    .unwrap();
                    // op(A)[p, j] as the solve reads it (a unit diagonal taken as one).
                    let opa = |p: usize, j: usize| {
                        if p == j && diag == Diag::Unit {
                            return Z::new(1.0, 0.0);
                        }
                        match op {
                            Op::N => a[p + j * n].to_c(),
                            Op::T => a[j + p * n].to_c(),
                            Op::C => a[j + p * n].to_c().conj(),
                        }
                    };
                    for i in 0..m {
                        for j in 0..n {
                            let mut s = Z::new(0.0, 0.0);
                            let mut scale = 0.0;
                            for p in 0..n {
                                let t = x[i + p * m].to_c() * opa(p, j);
                                s += t;
                                scale += t.norm();
                            }
                            let err = (s - b[i + j * m].to_c()).norm();
                            assert!(
                                err <= 64.0 * T::EPS * (1.0 + scale),
                                "{m}×{n} {uplo:?} {op:?} {diag:?}: row {i} col {j} residual {err}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn right_side_solves_sweep_every_row() {
    right_side::<f32>(11);
    right_side::<f64>(12);
    right_side::<Complex32>(13);
    right_side::<Complex64>(14);
}

/// `?trsm.f`'s right-side steps skip the zero elements of `A`: a column `p` of `X` that no
/// other column depends on (row and column `p` of `A` zero off the diagonal) may hold ∞ without
/// making NaN of the rest. Inside one diagonal block (order ≤ 64 for a real right-side solve,
/// ≤ 16 otherwise) only: the products that update one block from another do not skip zeros.
/// Every op and triangle, orders 12 (one block of every type) and 64 (one real block), ∞ in a
/// few rows of column `p`; the other columns are checked by the residual against a naive
/// product in `Complex64`, column `p` is ∞ exactly where `B` was.
fn right_side_zero_skips<T: TestScalar>(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dev = Device::host();
    let m = 70usize;
    let orders: &[usize] = if T::IS_COMPLEX { &[12] } else { &[12, 64] };
    for &n in orders {
        for p in [1, n - 2] {
            for uplo in [Uplo::Lower, Uplo::Upper] {
                for op in [Op::N, Op::T, Op::C] {
                    let mut a = vec![T::zero(); n * n];
                    for j in 0..n {
                        for i in 0..n {
                            let inside = (uplo == Uplo::Lower) == (i >= j);
                            if i == j {
                                a[i + j * n] = T::from_c(Z::new(rng.gen_range(1.0..2.0), 0.1));
                            } else if inside && i != p && j != p {
                                a[i + j * n] = T::from_c(Z::new(
                                    rng.gen_range(-1.0..1.0) / n as f64,
                                    rng.gen_range(-0.1..0.1),
                                ));
                            }
                        }
                    }
                    let mut b: Vec<T> = (0..m * n)
                        .map(|_| T::from_c(Z::new(rng.gen_range(-1.0..1.0), 0.0)))
                        .collect();
                    let poisoned = [0usize, 9, 33, m - 1];
                    for &i in &poisoned {
                        b[i + p * m] = T::from_c(Z::new(f64::INFINITY, 0.0));
                    }
                    let mut x = b.clone();
                    dev.trsm(
                        Side::Right,
                        uplo,
                        op,
                        Diag::NonUnit,
                        T::one(),
                        Mat::col_major(&a, n, n),
                        MatMut::col_major(&mut x, m, n),
                    )
                    .unwrap();
                    let what = format!("{n} p={p} {uplo:?} {op:?}");
                    let opa = |q: usize, j: usize| match op {
                        Op::N => a[q + j * n].to_c(),
                        Op::T => a[j + q * n].to_c(),
                        Op::C => a[j + q * n].to_c().conj(),
                    };
                    for i in 0..m {
                        let xp = x[i + p * m].to_c();
                        assert_eq!(
                            xp.re.is_infinite(),
                            poisoned.contains(&i),
                            "{what}: X[{i}, {p}] = {xp}"
                        );
                        for j in (0..n).filter(|&j| j != p) {
                            let mut s = Z::new(0.0, 0.0);
                            let mut scale = 0.0;
                            for q in (0..n).filter(|&q| q != p) {
                                let t = x[i + q * m].to_c() * opa(q, j);
                                s += t;
                                scale += t.norm();
                            }
                            let err = (s - b[i + j * m].to_c()).norm();
                            assert!(
                                err <= 64.0 * T::EPS * (1.0 + scale),
                                "{what}: row {i} col {j} residual {err}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn right_side_solves_skip_zeros_of_a() {
    right_side_zero_skips::<f32>(21);
    right_side_zero_skips::<f64>(22);
    right_side_zero_skips::<Complex32>(23);
    right_side_zero_skips::<Complex64>(24);
}
