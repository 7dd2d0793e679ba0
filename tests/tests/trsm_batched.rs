//! trsm_batched conformance: arrays of matrices in every form, all 24 side × uplo × trans × diag
//! combinations, both layouts (unit diagonals and the other triangle NaN: never read), counts 0,
//! 1 and several, empty B, α = 0 (B zero, A not read); overlapping outputs and bad arrays
//! rejected naming the argument.

mod arrays_common;

use arrays_common::*;
use gpublas_tests::*;

// ---------------------------------------------------------------------------------------------
// trsm_batched

/// A well-conditioned triangular element: diagonal of modulus about 1.5 (NaN if unit: never
/// read), the `uplo` triangle small, the other triangle NaN (never read).
fn tri_elem<T: TestScalar>(
    r: &mut ChaCha8Rng,
    n: usize,
    uplo: Uplo,
    diag: Diag,
    i: usize,
    j: usize,
) -> T {
    if i == j {
        if diag == Diag::Unit {
            return T::nan();
        }
        let v: T = rand_scalar(r);
        let s = if v.to_c().re < 0.0 { -1.5 } else { 1.5 };
        T::from_c(zr(s) + v.to_c() * 0.5)
    } else if in_triangle(uplo, i, j) {
        T::from_c(rand_scalar::<T>(r).to_c() / n as f64)
    } else {
        T::nan()
    }
}

#[allow(clippy::too_many_arguments)]
fn check_trsm_batched<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    sutd: (Side, Uplo, Op, Diag),
    (m, n): (usize, usize),
    [oa, ob]: [Order; 2],
    [fa, fb]: [Form; 2],
    count: usize,
    alpha: Option<T>,
) {
    let (side, uplo, trans, diag) = sutd;
    let ka = if side == Side::Left { m } else { n };
    let la = Layout::new(oa, ka, ka, 1);
    let lb = Layout::new(ob, m, n, 2);
    let a_nan = alpha.is_some_and(|a| a.is_zero());
    let a = Arr::<T>::with(fa, la, count, |i, j| {
        if a_nan {
            T::nan()
        } else {
            tri_elem(r, ka, uplo, diag, i, j)
        }
    });
    let b0 = Arr::<T>::new(r, fb, lb, count, false);
    let alpha = alpha.unwrap_or_else(|| rand_scalar(r));
    let mut b = b0.clone();
    let what = format!("trsm_batched {side:?} {uplo:?} {trans:?} {diag:?} {m}×{n} {oa:?}/{ob:?} forms {fa:?}/{fb:?}, {count} matrices");
    trsm_batched_any(dev, sutd, alpha, a.input(), b.output())
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let want: Vec<(M, M)> = (0..count)
        .map(|i| {
            if alpha.is_zero() {
                return (M::zeros(m, n), M::zeros(m, n));
            }
            let x = ref_trsm(
                side,
                uplo,
                trans,
                diag,
                alpha.to_c(),
                &a.read(i),
                &b0.read(i),
            );
            // Forward error of a diagonally dominant triangular solve (condition < 4).
            let mag = M {
                rows: m,
                cols: n,
                d: vec![zr(4.0 * x.max_abs()); m * n],
            };
            (x, mag)
        })
        .collect();
    check_arr(&what, &b0, &b, &want, ka);
}

fn trsm_batched_matches_reference_for_all_combinations<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trsm_batched"));
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    // Every layout pair (Op::C on an A in another layout runs on conjugated
                    // copies).
                    for orders in [
                        [Order::ColMajor; 2],
                        [Order::RowMajor; 2],
                        [Order::RowMajor, Order::ColMajor],
                        [Order::ColMajor, Order::RowMajor],
                    ] {
                        for (forms, count) in [
                            ([Form::Offsets, Form::List], 3),
                            ([Form::Shared, Form::Strided], 2),
                            ([Form::Strided, Form::Offsets], 2),
                            ([Form::List, Form::List], 1),
                        ] {
                            let sutd = (side, uplo, trans, diag);
                            check_trsm_batched::<T>(
                                &dev,
                                &mut r,
                                sutd,
                                (5, 4),
                                orders,
                                forms,
                                count,
                                None,
                            );
                        }
                    }
                }
            }
        }
    }
}

fn trsm_batched_edges<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("trsm_batched_edges"));
    let sutd = (Side::Left, Uplo::Lower, Op::N, Diag::NonUnit);
    let forms = [Form::Offsets, Form::Offsets];
    // α = 0: every B zero, A (NaN) not read; counts 0 and 1; empty B; block edges.
    check_trsm_batched::<T>(
        &dev,
        &mut r,
        sutd,
        (6, 3),
        [Order::RowMajor; 2],
        forms,
        3,
        Some(T::zero()),
    );
    for count in [0, 1] {
        check_trsm_batched::<T>(
            &dev,
            &mut r,
            sutd,
            (6, 3),
            [Order::ColMajor; 2],
            forms,
            count,
            None,
        );
    }
    for dims in [(0, 3), (4, 0), (33, 17)] {
        check_trsm_batched::<T>(
            &dev,
            &mut r,
            sutd,
            dims,
            [Order::ColMajor; 2],
            forms,
            2,
            None,
        );
    }
}

fn trsm_batched_rejects_overlapping_outputs_and_bad_arrays<T: TestScalar>() {
    let dev = device();
    let one = T::one();
    let a = vec![one; 40];
    let b0 = vec![one; 40];
    let mut b = b0.clone();
    let (s, u, t, d) = (Side::Left, Uplo::Upper, Op::N, Diag::NonUnit);
    let ma = m3(&a).batched(2, 0);
    let r = dev.trsm_batched(
        s,
        u,
        t,
        d,
        one,
        ma,
        MatMut::col_major(&mut b, 3, 2).at_offsets(&[5, 0]),
    );
    assert_invalid(r, "trsm_batched", "b");
    let r = dev.trsm_batched(
        s,
        u,
        t,
        d,
        one,
        m3(&a).batched(3, 0),
        MatMut::col_major(&mut b, 3, 2).at_offsets(&[0, 6]),
    );
    assert_invalid(r, "trsm_batched", "a");
    let r = dev.trsm_batched(
        s,
        u,
        t,
        d,
        one,
        Mat::col_major(&a, 2, 2).batched(2, 0),
        MatMut::col_major(&mut b, 3, 2).at_offsets(&[0, 6]),
    );
    assert_invalid(r, "trsm_batched", "a");
    assert_bitwise_eq("rejected trsm_batched", &b, &b0);
}

fn m3<T>(v: &Vec<T>) -> Mat<'_, Vec<T>> {
    Mat::col_major(v, 3, 3)
}

for_all_types!(
    trsm_batched_matches_reference_for_all_combinations,
    trsm_batched_edges,
    trsm_batched_rejects_overlapping_outputs_and_bad_arrays,
);
