//! gemv_strided_batched conformance: strided batches of A (`Mat::batched`), x and y
//! (`Vector::batched`), every trans, both layouts, positive and negative increments, stride 0
//! for a shared A or x, counts 0, 1 and several — each entry against the dense reference; α = 0
//! reading neither A nor x (NaN there), β = 0 ignoring NaN in y, an empty A leaving y untouched,
//! everything between the y vectors untouched; zero increments, overlapping outputs and count
//! mismatches rejected naming the argument.

use gpublas_tests::*;

/// One case's operands: strides (0 for a shared input) and NaN fills.
#[derive(Debug, Clone, Copy)]
struct Case {
    count: usize,
    shared_a: bool,
    shared_x: bool,
    nan_ax: bool,
    nan_y: bool,
}

impl Case {
    fn new(count: usize) -> Self {
        Case {
            count,
            shared_a: false,
            shared_x: false,
            nan_ax: false,
            nan_y: false,
        }
    }
}

/// A buffer of `count` entries `stride` apart, each `len` elements, set by `fill(buf, base)`
/// (once if the stride is 0), NaN elsewhere.
fn batch_buf<T: TestScalar>(
    count: usize,
    stride: usize,
    len: usize,
    mut fill: impl FnMut(&mut [T], usize),
) -> Vec<T> {
    let total = if count == 0 {
        2
    } else {
        (count - 1) * stride + len + 2
    };
    let mut v = poison::<T>(total);
    let distinct = if stride == 0 { count.min(1) } else { count };
    for i in 0..distinct {
        fill(&mut v, i * stride);
    }
    v
}

#[allow(clippy::too_many_arguments)]
fn check_gemv_batched<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    trans: Op,
    (m, n): (usize, usize),
    order: Order,
    (incx, incy): (isize, isize),
    case: Case,
    scalars: Option<(T, T)>,
) {
    let count = case.count;
    let la = Layout::new(order, m, n, 1);
    let (rows, cols) = trans.apply(m, n);
    let (vx, vy) = (VLayout::new(cols, incx), VLayout::new(rows, incy));
    let sa = if case.shared_a { 0 } else { la.len() + 2 };
    let sx = if case.shared_x { 0 } else { vx.len() + 1 };
    let sy = vy.len() + 2;
    let mut val = |nan: bool| if nan { T::nan() } else { rand_scalar::<T>(r) };
    let a = batch_buf::<T>(count, sa, la.len(), |v, base| {
        for j in 0..n {
            for i in 0..m {
                v[base + la.idx(i, j)] = val(case.nan_ax);
            }
        }
    });
    let x = batch_buf::<T>(count, sx, vx.len(), |v, base| {
        for i in 0..cols {
            v[base + vx.idx(i)] = val(case.nan_ax);
        }
    });
    let y0 = batch_buf::<T>(count, sy, vy.len(), |v, base| {
        for i in 0..rows {
            v[base + vy.idx(i)] = val(case.nan_y);
        }
    });
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let mut y = y0.clone();
    let what =
        format!("gemv_strided_batched {trans:?} {m}×{n} {order:?} incs {incx},{incy} {case:?}");
    let res = dev.gemv_strided_batched(
        trans,
        alpha,
        la.mat(&a).batched(count, sa),
        vx.vec(&x).batched(count, sx),
        beta,
        vy.vec_mut(&mut y).batched(count, sy),
    );
    // A row-major A under Op::C (a conjugate without a transpose) runs on a conjugated copy.
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    if m == 0 || n == 0 {
        assert_bitwise_eq(&what, &y, &y0);
        return;
    }
    for i in 0..count {
        let (opa, xv) = if alpha.is_zero() {
            (M::zeros(rows, cols), M::zeros(cols, 1))
        } else {
            (
                read_mat(&a[i * sa..], la).op(trans),
                read_vec(&x[i * sx..], vx),
            )
        };
        let yv = if beta.is_zero() {
            M::zeros(rows, 1)
        } else {
            read_vec(&y0[i * sy..], vy)
        };
        let (want, mag) = ref_gemm_with_mag(alpha.to_c(), &opa, &xv, beta.to_c(), &yv);
        let got = read_vec(&y[i * sy..], vy);
        assert_close::<T>(&format!("{what}, entry {i}"), &got, &want, &mag, cols);
    }
    for k in 0..y.len() {
        let inside = (0..count).any(|i| k >= i * sy && vy.covers(k - i * sy));
        if !inside {
            assert!(
                y[k].bits() == y0[k].bits(),
                "{what}: element {k} between the vectors changed from {:?} to {:?}",
                y0[k],
                y[k]
            );
        }
    }
}

fn gemv_strided_batched_matches_reference<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_strided_batched"));
    for trans in OPS {
        for order in ORDERS {
            for incs in [(1, 1), (2, -1), (-3, 2)] {
                for count in [0, 1, 4] {
                    for (shared_a, shared_x) in [(false, false), (true, false), (false, true)] {
                        let case = Case {
                            shared_a,
                            shared_x,
                            ..Case::new(count)
                        };
                        check_gemv_batched::<T>(
                            &dev,
                            &mut r,
                            trans,
                            (5, 7),
                            order,
                            incs,
                            case,
                            None,
                        );
                    }
                }
            }
        }
    }
    let case = Case::new(3);
    for dims in [(1, 65), (65, 1), (33, 17)] {
        check_gemv_batched::<T>(
            &dev,
            &mut r,
            Op::C,
            dims,
            Order::RowMajor,
            (1, -1),
            case,
            None,
        );
    }
}

fn gemv_strided_batched_alpha_zero_beta_zero_and_empty<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemv_strided_batched_zero"));
    let beta: T = rand_scalar(&mut r);
    for order in ORDERS {
        // α = 0: A and x (NaN) not read.
        let case = Case {
            nan_ax: true,
            ..Case::new(3)
        };
        check_gemv_batched::<T>(
            &dev,
            &mut r,
            Op::T,
            (4, 6),
            order,
            (1, 2),
            case,
            Some((T::zero(), beta)),
        );
        // β = 0: NaN in y ignored.
        let case = Case {
            nan_y: true,
            ..Case::new(3)
        };
        let alpha = rand_scalar(&mut r);
        check_gemv_batched::<T>(
            &dev,
            &mut r,
            Op::N,
            (4, 6),
            order,
            (-1, 1),
            case,
            Some((alpha, T::zero())),
        );
        // An empty A: y untouched.
        for dims in [(0, 5), (5, 0)] {
            check_gemv_batched::<T>(&dev, &mut r, Op::N, dims, order, (1, 1), Case::new(2), None);
        }
    }
}

fn gemv_strided_batched_bad_arguments_name_the_argument<T: TestScalar>() {
    let dev = device();
    let one = T::one();
    let (a, x) = (vec![one; 40], vec![one; 20]);
    let y0 = vec![one; 20];
    let mut y = y0.clone();
    let am = || Mat::col_major(&a, 3, 2).batched(2, 6);
    macro_rules! call {
        ($x:expr, $y:expr $(,)?) => {
            dev.gemv_strided_batched(Op::N, one, am(), $x, one, $y)
        };
    }
    let r = call!(
        Vector::strided(&x, 2, 0).batched(2, 2),
        VectorMut::strided(&mut y, 3, 1).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "incx");
    let r = call!(
        Vector::strided(&x, 2, 1).batched(2, 2),
        VectorMut::strided(&mut y, 3, 0).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "incy");
    let r = call!(
        Vector::strided(&x, 2, 1).batched(2, 2),
        VectorMut::strided(&mut y, 3, 1).batched(2, 2),
    );
    assert_invalid(r, "gemv_strided_batched", "y");
    let r = call!(
        Vector::strided(&x, 2, 1).batched(3, 2),
        VectorMut::strided(&mut y, 3, 1).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "x");
    let r = call!(
        Vector::strided(&x, 3, 1).batched(2, 3),
        VectorMut::strided(&mut y, 3, 1).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "x");
    let r = call!(
        Vector::strided(&x, 2, 1).batched(2, 2),
        VectorMut::strided(&mut y, 3, 1).batched(3, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "a");
    let r = dev.gemv_strided_batched(
        Op::N,
        one,
        Mat::col_major(&a, 3, 2).batched(2, 38),
        Vector::strided(&x, 2, 1).batched(2, 2),
        one,
        VectorMut::strided(&mut y, 3, 1).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "a");
    let r = call!(
        Vector::strided(&x, 2, 1).batched(2, 19),
        VectorMut::strided(&mut y, 3, 1).batched(2, 3),
    );
    assert_invalid(r, "gemv_strided_batched", "x");
    assert_bitwise_eq("rejected gemv_strided_batched", &y, &y0);
}

for_all_types!(
    gemv_strided_batched_matches_reference,
    gemv_strided_batched_alpha_zero_beta_zero_and_empty,
    gemv_strided_batched_bad_arguments_name_the_argument,
);
