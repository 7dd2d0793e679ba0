//! gemm_strided_batched conformance: every op combination, both layouts, strides with gaps, a
//! shared (stride 0) operand, batch counts 0 and 1, k = 0, α = 0 / β = 0 with NaN.

use gpublas_tests::*;

/// A strided batch of `count` matrices of layout `l`, `stride` elements apart.
#[derive(Debug, Clone, Copy)]
struct Batch {
    l: Layout,
    count: usize,
    stride: usize,
}

impl Batch {
    fn new(l: Layout, count: usize, gap: usize) -> Self {
        Batch {
            l,
            count,
            stride: l.len() + gap,
        }
    }
    fn shared(l: Layout, count: usize) -> Self {
        Batch {
            l,
            count,
            stride: 0,
        }
    }
    /// Buffer length (plus a 2-element tail).
    fn len(&self) -> usize {
        if self.count == 0 {
            2
        } else {
            (self.count - 1) * self.stride + self.l.len() + 2
        }
    }
    /// A buffer whose matrices come from `elem` and whose gaps and tail are NaN.
    fn buf<T: TestScalar>(&self, mut elem: impl FnMut() -> T) -> Vec<T> {
        let mut v = poison::<T>(self.len());
        for b in 0..self.count {
            for j in 0..self.l.cols {
                for i in 0..self.l.rows {
                    v[b * self.stride + self.l.idx(i, j)] = elem();
                }
            }
        }
        v
    }
    fn read<T: TestScalar>(&self, buf: &[T], b: usize) -> M {
        read_mat(&buf[b * self.stride..], self.l)
    }
    fn covers(&self, k: usize) -> bool {
        (0..self.count).any(|b| {
            k >= b * self.stride
                && k - b * self.stride < self.l.len()
                && self.l.covers(k - b * self.stride)
        })
    }
}

#[track_caller]
fn assert_batch_gaps_untouched<T: TestScalar>(what: &str, before: &[T], after: &[T], c: Batch) {
    for k in 0..before.len() {
        if !c.covers(k) {
            assert!(before[k].bits() == after[k].bits(), "{what}: element {k} between or after the batch's matrices changed from {:?} to {:?}", before[k], after[k]);
        }
    }
}

struct Case {
    ta: Op,
    tb: Op,
    dims: (usize, usize, usize),
    orders: [Order; 3],
    count: usize,
    gap: usize,
    shared_a: bool,
}

fn check_batched<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    cs: &Case,
    alpha: T,
    beta: T,
    nan_inputs: bool,
    nan_c: bool,
) {
    let (m, n, k) = cs.dims;
    let (ar, ac) = if cs.ta == Op::N { (m, k) } else { (k, m) };
    let (br, bc) = if cs.tb == Op::N { (k, n) } else { (n, k) };
    let la = Layout::new(cs.orders[0], ar, ac, cs.gap % 2);
    let lb = Layout::new(cs.orders[1], br, bc, 0);
    let lc = Layout::new(cs.orders[2], m, n, cs.gap);
    let ba = if cs.shared_a {
        Batch::shared(la, cs.count)
    } else {
        Batch::new(la, cs.count, cs.gap)
    };
    let bb = Batch::new(lb, cs.count, cs.gap + 1);
    let bcb = Batch::new(lc, cs.count, cs.gap);
    let a: Vec<T> = ba.buf(|| if nan_inputs { T::nan() } else { rand_scalar(r) });
    let b: Vec<T> = bb.buf(|| if nan_inputs { T::nan() } else { rand_scalar(r) });
    let c0: Vec<T> = bcb.buf(|| if nan_c { T::nan() } else { rand_scalar(r) });
    let mut c = c0.clone();
    let what = format!("gemm_strided_batched {:?}{:?} dims {:?} layouts {:?} count {} gap {} shared_a {} alpha {alpha:?} beta {beta:?}", cs.ta, cs.tb, cs.dims, cs.orders, cs.count, cs.gap, cs.shared_a);
    let res = dev.gemm_strided_batched(
        cs.ta,
        cs.tb,
        alpha,
        la.mat(&a).batched(ba.count, ba.stride),
        lb.mat(&b).batched(bb.count, bb.stride),
        beta,
        lc.mat_mut(&mut c).batched(bcb.count, bcb.stride),
    );
    // Complex Op::C on an operand whose layout differs from C's runs on a conjugated copy.
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    for i in 0..cs.count {
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &ba.read(&a, i).op(cs.ta),
            &bb.read(&b, i).op(cs.tb),
            beta.to_c(),
            &bcb.read(&c0, i),
        );
        assert_close::<T>(
            &format!("{what}: entry {i}"),
            &bcb.read(&c, i),
            &want,
            &mag,
            k,
        );
    }
    assert_batch_gaps_untouched(&what, &c0, &c, bcb);
}

fn gemm_strided_batched_matches_reference_for_all_op_combinations<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_ops"));
    for ta in OPS {
        for tb in OPS {
            for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
                for (gap, dims) in [(0, (5, 6, 7)), (3, (17, 1, 9)), (1, (2, 16, 17))] {
                    let (alpha, beta) = (rand_scalar(&mut r), rand_scalar(&mut r));
                    let cs = Case {
                        ta,
                        tb,
                        dims,
                        orders,
                        count: 3,
                        gap,
                        shared_a: false,
                    };
                    check_batched::<T>(&dev, &mut r, &cs, alpha, beta, false, false);
                }
            }
        }
    }
}

fn gemm_strided_batched_layout_mixes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_layouts"));
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
                let (alpha, beta) = (rand_scalar(&mut r), rand_scalar(&mut r));
                let cs = Case {
                    ta,
                    tb,
                    dims: (4, 3, 5),
                    orders,
                    count: 2,
                    gap: 1,
                    shared_a: false,
                };
                check_batched::<T>(&dev, &mut r, &cs, alpha, beta, false, false);
            }
        }
    }
}

fn gemm_strided_batched_with_a_shared_operand<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_shared"));
    for ta in [Op::N, Op::T] {
        let (alpha, beta) = (rand_scalar(&mut r), rand_scalar(&mut r));
        let cs = Case {
            ta,
            tb: Op::N,
            dims: (6, 5, 4),
            orders: [Order::ColMajor; 3],
            count: 4,
            gap: 2,
            shared_a: true,
        };
        check_batched::<T>(&dev, &mut r, &cs, alpha, beta, false, false);
    }
}

fn gemm_strided_batched_counts_zero_and_one<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_counts"));
    for count in [0, 1] {
        let (alpha, beta) = (rand_scalar(&mut r), rand_scalar(&mut r));
        let cs = Case {
            ta: Op::N,
            tb: Op::T,
            dims: (7, 6, 5),
            orders: [Order::ColMajor; 3],
            count,
            gap: 1,
            shared_a: false,
        };
        check_batched::<T>(&dev, &mut r, &cs, alpha, beta, false, false);
    }
}

fn gemm_strided_batched_beta_zero_ignores_nan_in_c_and_alpha_zero_ignores_nan_in_a_b<
    T: TestScalar,
>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_nan"));
    for orders in [[Order::ColMajor; 3], [Order::RowMajor; 3]] {
        let cs = Case {
            ta: Op::T,
            tb: Op::N,
            dims: (6, 7, 8),
            orders,
            count: 3,
            gap: 2,
            shared_a: false,
        };
        let alpha: T = rand_scalar(&mut r);
        check_batched::<T>(&dev, &mut r, &cs, alpha, T::zero(), false, true);
        let beta: T = rand_scalar(&mut r);
        check_batched::<T>(&dev, &mut r, &cs, T::zero(), beta, true, false);
        check_batched::<T>(&dev, &mut r, &cs, T::zero(), T::zero(), true, true);
    }
}

fn gemm_strided_batched_k_zero_scales_each_c_by_beta<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_k0"));
    let beta: T = rand_scalar(&mut r);
    let cs = Case {
        ta: Op::N,
        tb: Op::N,
        dims: (5, 4, 0),
        orders: [Order::ColMajor; 3],
        count: 3,
        gap: 1,
        shared_a: false,
    };
    check_batched::<T>(&dev, &mut r, &cs, T::one(), beta, false, false);
}

fn gemm_strided_batched_with_empty_matrices_leaves_c_untouched<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_empty"));
    for (m, n) in [(0, 4), (4, 0)] {
        let k = 3;
        let a: Vec<T> = rand_vec(&mut r, 3 * m * k);
        let b: Vec<T> = rand_vec(&mut r, 3 * k * n);
        let c0: Vec<T> = rand_vec(&mut r, 5);
        let mut c = c0.clone();
        // C's matrices are empty; a stride as large as the buffer keeps them apart by any measure.
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&a, m, k).batched(3, m * k),
            Mat::col_major(&b, k, n).batched(3, k * n),
            T::zero(),
            MatMut::col_major(&mut c, m, n).batched(3, 5),
        )
        .unwrap();
        assert_bitwise_eq(&format!("batched {m}×{n}"), &c, &c0);
    }
}

/// An empty matrix spans no elements, so a batch of empty C matrices cannot overlap whatever its
/// stride; the default stride of such a batch is 0 (its extent).
fn gemm_strided_batched_empty_c_with_stride_zero_is_not_an_overlap<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_empty_stride0"));
    for (m, n) in [(0, 4), (4, 0)] {
        let k = 3;
        let a: Vec<T> = rand_vec(&mut r, 3 * m * k);
        let b: Vec<T> = rand_vec(&mut r, 3 * k * n);
        let c0: Vec<T> = rand_vec(&mut r, 5);
        let mut c = c0.clone();
        let res = dev.gemm_strided_batched(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&a, m, k).batched(3, m * k),
            Mat::col_major(&b, k, n).batched(3, k * n),
            T::zero(),
            MatMut::col_major(&mut c, m, n).batched(3, 0),
        );
        res.unwrap_or_else(|e| panic!("empty {m}×{n} C batch with stride 0: {e}"));
        assert_bitwise_eq(&format!("batched {m}×{n}"), &c, &c0);
    }
}

for_all_types!(
    gemm_strided_batched_matches_reference_for_all_op_combinations,
    gemm_strided_batched_layout_mixes,
    gemm_strided_batched_with_a_shared_operand,
    gemm_strided_batched_counts_zero_and_one,
    gemm_strided_batched_beta_zero_ignores_nan_in_c_and_alpha_zero_ignores_nan_in_a_b,
    gemm_strided_batched_k_zero_scales_each_c_by_beta,
    gemm_strided_batched_with_empty_matrices_leaves_c_untouched,
    gemm_strided_batched_empty_c_with_stride_zero_is_not_an_overlap,
);
