//! gemm_batched conformance: arrays of matrices in every form (a `Vec` of `Mat`s, a `MatArray`
//! at shuffled offsets, a strided batch, a shared input), every op combination, both layouts,
//! counts 0, 1 and several, block edges, k = 0, empty C; α = 0 reading neither A nor B (NaN
//! there), β = 0 ignoring NaN in C; everything around the outputs untouched; overlapping outputs,
//! count mismatches and bad shapes rejected naming the argument.

mod arrays_common;

use arrays_common::*;
use gpublas_tests::*;

// ---------------------------------------------------------------------------------------------
// gemm_batched

/// Runs one gemm_batched and checks every matrix against the dense reference.
#[allow(clippy::too_many_arguments)]
fn check_gemm_batched<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    ops: (Op, Op),
    (m, n, k): (usize, usize, usize),
    [oa, ob, oc]: [Order; 3],
    [fa, fb, fc]: [Form; 3],
    count: usize,
    scalars: Option<(T, T)>,
    (nan_in, nan_c): (bool, bool),
) {
    let (ta, tb) = ops;
    let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
    let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
    let la = Layout::new(oa, ar, ac, 1);
    let (lb, lc) = (Layout::new(ob, br, bc, 0), Layout::new(oc, m, n, 2));
    let a = Arr::<T>::new(r, fa, la, count, nan_in);
    let b = Arr::<T>::new(r, fb, lb, count, nan_in);
    let c0 = Arr::<T>::new(r, fc, lc, count, nan_c);
    let (alpha, beta) = scalars.unwrap_or_else(|| (rand_scalar(r), rand_scalar(r)));
    let mut c = c0.clone();
    let what = format!("gemm_batched {ta:?}{tb:?} {m}×{n}×{k} {oa:?}/{ob:?}/{oc:?} forms {fa:?}/{fb:?}/{fc:?}, {count} matrices");
    gemm_batched_any(dev, ops, (alpha, beta), (a.input(), b.input(), c.output()))
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let want: Vec<(M, M)> = (0..count)
        .map(|i| {
            let (opa, opb) = if alpha.is_zero() {
                (M::zeros(m, k), M::zeros(k, n))
            } else {
                (a.read(i).op(ta), b.read(i).op(tb))
            };
            let cm = if beta.is_zero() {
                M::zeros(m, n)
            } else {
                c0.read(i)
            };
            ref_gemm_with_mag(alpha.to_c(), &opa, &opb, beta.to_c(), &cm)
        })
        .collect();
    check_arr(&what, &c0, &c, &want, k);
}

fn gemm_batched_matches_reference_for_every_form_op_and_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_batched"));
    for ta in OPS {
        for tb in OPS {
            // Same layouts, and mixes (a complex Op::C on an operand in another layout than C's
            // runs on conjugated copies).
            for orders in [
                [Order::ColMajor; 3],
                [Order::RowMajor; 3],
                [Order::RowMajor, Order::ColMajor, Order::ColMajor],
                [Order::ColMajor, Order::RowMajor, Order::RowMajor],
            ] {
                for (i, forms) in [
                    [Form::List; 3],
                    [Form::Offsets; 3],
                    [Form::Strided; 3],
                    [Form::Offsets, Form::List, Form::Strided],
                ]
                .into_iter()
                .enumerate()
                {
                    let count = [3, 1, 4, 2][i];
                    let f = (false, false);
                    check_gemm_batched::<T>(
                        &dev,
                        &mut r,
                        (ta, tb),
                        (4, 3, 5),
                        orders,
                        forms,
                        count,
                        None,
                        f,
                    );
                }
            }
        }
    }
}

fn gemm_batched_counts_shared_inputs_and_edges<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_batched_edges"));
    let o = Order::ColMajor;
    let f = (false, false);
    for count in [0, 1, 5] {
        for fc in FORMS {
            // A shared by every entry; B per entry.
            let forms = [Form::Shared, Form::Strided, fc];
            check_gemm_batched::<T>(
                &dev,
                &mut r,
                (Op::N, Op::T),
                (3, 4, 2),
                [o; 3],
                forms,
                count,
                None,
                f,
            );
        }
    }
    // Block edges, k = 0 (C ← βC), empty C.
    for dims in [(17, 16, 33), (1, 65, 7), (5, 6, 0), (0, 4, 3), (4, 0, 3)] {
        let forms = [Form::List, Form::Offsets, Form::Strided];
        check_gemm_batched::<T>(
            &dev,
            &mut r,
            (Op::C, Op::N),
            dims,
            [Order::RowMajor; 3],
            forms,
            3,
            None,
            f,
        );
    }
}

fn gemm_batched_alpha_zero_and_beta_zero<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("gemm_batched_zero"));
    for fc in FORMS {
        let forms = [Form::List, Form::Offsets, fc];
        let beta: T = rand_scalar(&mut r);
        // α = 0: A and B (NaN) are not read; with β = 0 too, C (NaN) is not either.
        let s = Some((T::zero(), beta));
        check_gemm_batched::<T>(
            &dev,
            &mut r,
            (Op::N, Op::N),
            (3, 4, 5),
            [Order::ColMajor; 3],
            forms,
            3,
            s,
            (true, false),
        );
        let s = Some((T::zero(), T::zero()));
        check_gemm_batched::<T>(
            &dev,
            &mut r,
            (Op::T, Op::N),
            (3, 4, 5),
            [Order::RowMajor; 3],
            forms,
            3,
            s,
            (true, true),
        );
        // β = 0 with NaN in C.
        let s = Some((rand_scalar(&mut r), T::zero()));
        check_gemm_batched::<T>(
            &dev,
            &mut r,
            (Op::N, Op::C),
            (3, 4, 5),
            [Order::ColMajor; 3],
            forms,
            3,
            s,
            (false, true),
        );
    }
}

fn gemm_batched_rejects_overlapping_outputs_and_bad_arrays<T: TestScalar>() {
    let dev = device();
    let (one, zero) = (T::one(), T::zero());
    let a = vec![one; 40];
    let c0 = vec![one; 40];
    let mut c = c0.clone();
    let m = |v| Mat::col_major(v, 2, 2);
    // Outputs at offsets 0 and 3 overlap (each spans 4 elements); a stride of 2 < 4 too.
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        vec![m(&a), m(&a)],
        vec![m(&a), m(&a)],
        zero,
        MatMut::col_major(&mut c, 2, 2).at_offsets(&[0, 3]),
    );
    assert_invalid(r, "gemm_batched", "c");
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        m(&a).batched(3, 4),
        m(&a).batched(3, 0),
        zero,
        MatMut::col_major(&mut c, 2, 2).batched(3, 2),
    );
    assert_invalid(r, "gemm_batched", "c");
    // Counts differ; shapes differ within an array; a matrix beyond its storage.
    macro_rules! out {
        () => {
            MatMut::col_major(&mut c, 2, 2).at_offsets(&[0, 8, 16])
        };
    }
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        vec![m(&a), m(&a)],
        m(&a).batched(3, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "a");
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        m(&a).batched(3, 0),
        m(&a).batched(2, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "b");
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        vec![m(&a), Mat::col_major(&a, 2, 2).with_ld(3), m(&a)],
        m(&a).batched(3, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "a");
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        m(&a).at_offsets(&[0, 37, 1]),
        m(&a).batched(3, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "a");
    // op(A)·op(B) not C's shape.
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        m(&a).batched(3, 0),
        Mat::col_major(&a, 2, 3).batched(3, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "c");
    // Huge counts never allocate or overflow: a shared input of usize::MAX matrices is a count
    // mismatch; empty matrices at a huge stride are a quick return.
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        m(&a).batched(usize::MAX, 0),
        m(&a).batched(usize::MAX, 0),
        zero,
        out!(),
    );
    assert_invalid(r, "gemm_batched", "a");
    let e = |v| Mat::col_major(v, 0, 2).batched(usize::MAX, isize::MAX as usize);
    let r = dev.gemm_batched(
        Op::N,
        Op::N,
        one,
        e(&a),
        m(&a).batched(usize::MAX, 0),
        zero,
        MatMut::col_major(&mut c, 0, 2).batched(usize::MAX, isize::MAX as usize),
    );
    r.unwrap();
    assert_bitwise_eq("rejected gemm_batched", &c, &c0);
}

for_all_types!(
    gemm_batched_matches_reference_for_every_form_op_and_layout,
    gemm_batched_counts_shared_inputs_and_edges,
    gemm_batched_alpha_zero_and_beta_zero,
    gemm_batched_rejects_overlapping_outputs_and_bad_arrays,
);
