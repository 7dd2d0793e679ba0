//! 3-D ndarray arrays and views as `gemm_strided_batched` operands (batch along axis 0): used
//! in place when each matrix is in standard or Fortran layout with no gap between matrices (or
//! one matrix repeated, read-only), copied otherwise, with written views copied back and the
//! rest of their array untouched.

use gpublas_tests::*;
use ndarray::{s, Array3, ArrayView2, ArrayView3, Axis, ShapeBuilder};

fn to_m<T: TestScalar>(v: ArrayView2<'_, T>) -> M {
    let mut m = M::zeros(v.nrows(), v.ncols());
    for ((i, j), x) in v.indexed_iter() {
        m.set(i, j, x.to_c());
    }
    m
}

/// A random `(count, rows, cols)` array: standard layout, or each matrix column-major.
fn rand_batch<T: TestScalar>(
    r: &mut ChaCha8Rng,
    (count, rows, cols): (usize, usize, usize),
    col_major_matrices: bool,
) -> Array3<T> {
    let v = rand_vec::<T>(r, count * rows * cols);
    if col_major_matrices {
        // Stored as (count, cols, rows) in standard layout, then each matrix transposed.
        let a = Array3::from_shape_vec((count, cols, rows), v).unwrap();
        a.permuted_axes([0, 2, 1])
    } else {
        Array3::from_shape_vec((count, rows, cols), v).unwrap()
    }
}

/// Checks `c` against `α op(aᵢ) op(bᵢ) + β c0ᵢ` for every batch entry.
#[allow(clippy::too_many_arguments)]
#[track_caller]
fn check_entries<T: TestScalar>(
    what: &str,
    (ta, tb): (Op, Op),
    alpha: T,
    a: ArrayView3<'_, T>,
    b: ArrayView3<'_, T>,
    beta: T,
    c0: ArrayView3<'_, T>,
    c: ArrayView3<'_, T>,
) {
    let k = if ta == Op::N { a.dim().2 } else { a.dim().1 };
    for i in 0..c.dim().0 {
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &to_m(a.index_axis(Axis(0), i)).op(ta),
            &to_m(b.index_axis(Axis(0), i)).op(tb),
            beta.to_c(),
            &to_m(c0.index_axis(Axis(0), i)),
        );
        let got = to_m(c.index_axis(Axis(0), i));
        assert_close::<T>(&format!("{what}, entry {i}"), &got, &want, &mag, k);
    }
}

fn batched_gemm_on_array3_in_every_matrix_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd3_layouts"));
    let (count, m, n, k) = (4, 5, 3, 6);
    for (ta, tb) in [
        (Op::N, Op::N),
        (Op::T, Op::N),
        (Op::N, Op::C),
        (Op::C, Op::T),
    ] {
        for mask in 0..8 {
            let (ad, bd) = (
                if ta == Op::N {
                    (count, m, k)
                } else {
                    (count, k, m)
                },
                if tb == Op::N {
                    (count, k, n)
                } else {
                    (count, n, k)
                },
            );
            let a: Array3<T> = rand_batch(&mut r, ad, mask & 1 == 1);
            let b: Array3<T> = rand_batch(&mut r, bd, mask & 2 == 2);
            let c0: Array3<T> = rand_batch(&mut r, (count, m, n), mask & 4 == 4);
            let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
            let mut c = c0.clone();
            dev.gemm_strided_batched(ta, tb, alpha, &a, b.view(), beta, &mut c)
                .unwrap();
            let what = format!("batched {ta:?}{tb:?} matrix layouts {mask:03b}");
            check_entries(
                &what,
                (ta, tb),
                alpha,
                a.view(),
                b.view(),
                beta,
                c0.view(),
                c.view(),
            );
        }
    }
}

fn batched_gemm_shares_a_broadcast_operand<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd3_broadcast"));
    let (count, m, n, k) = (5, 4, 3, 2);
    for fortran in [false, true] {
        let one: ndarray::Array2<T> = {
            let v = rand_vec::<T>(&mut r, m * k);
            if fortran {
                ndarray::Array2::from_shape_vec((m, k).f(), v).unwrap()
            } else {
                ndarray::Array2::from_shape_vec((m, k), v).unwrap()
            }
        };
        let a = one.broadcast((count, m, k)).unwrap(); // stride 0 along the batch
        let b: Array3<T> = rand_batch(&mut r, (count, k, n), false);
        let mut c = Array3::<T>::from_elem((count, m, n), T::nan()); // β = 0: never read
        let alpha: T = rand_scalar(&mut r);
        dev.gemm_strided_batched(Op::N, Op::N, alpha, a, &b, T::zero(), &mut c)
            .unwrap();
        let c0 = Array3::<T>::zeros((count, m, n));
        check_entries(
            &format!("broadcast A (fortran {fortran})"),
            (Op::N, Op::N),
            alpha,
            a,
            b.view(),
            T::zero(),
            c0.view(),
            c.view(),
        );
    }
}

fn batched_gemm_copies_views_with_gaps_and_writes_them_back<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd3_gaps"));
    let (count, m, n, k) = (3, 4, 5, 3);
    // Every other matrix of a bigger batch (gaps between matrices), a Fortran-order array
    // (the batch axis is the fastest: no matrix is contiguous), and a reversed batch.
    let big_a: Array3<T> = rand_batch(&mut r, (2 * count, m, k), false);
    let a = big_a.slice(s![..;2, .., ..]);
    let fb =
        Array3::from_shape_vec((count, k, n).f(), rand_vec::<T>(&mut r, count * k * n)).unwrap();
    let big_c0: Array3<T> = rand_batch(&mut r, (count, m + 2, n), false);
    let mut big_c = big_c0.clone();
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    dev.gemm_strided_batched(
        Op::N,
        Op::N,
        alpha,
        a,
        &fb,
        beta,
        big_c.slice_mut(s![..;-1, 1..m + 1, ..]),
    )
    .unwrap();
    check_entries(
        "gapped A, Fortran B, reversed C with gaps",
        (Op::N, Op::N),
        alpha,
        a,
        fb.view(),
        beta,
        big_c0.slice(s![..;-1, 1..m + 1, ..]),
        big_c.slice(s![..;-1, 1..m + 1, ..]),
    );
    for ((b, i, j), v) in big_c.indexed_iter() {
        if i == 0 || i > m {
            assert!(
                v.bits() == big_c0[(b, i, j)].bits(),
                "({b}, {i}, {j}) outside the written view changed"
            );
        }
    }
}

fn batched_gemm_on_array3_rejects_mismatches<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd3_errors"));
    let a: Array3<T> = rand_batch(&mut r, (3, 2, 4), false);
    let b: Array3<T> = rand_batch(&mut r, (2, 4, 5), false);
    let c0: Array3<T> = rand_batch(&mut r, (3, 2, 5), false);
    let mut c = c0.clone();
    let res = dev.gemm_strided_batched(Op::N, Op::N, T::one(), &a, &b, T::zero(), &mut c);
    assert_invalid(res, "gemm_strided_batched", "b");
    assert!(c.iter().zip(c0.iter()).all(|(x, y)| x.bits() == y.bits()));
    // A 3-D array is a batch: plain gemm rejects it.
    let mut c2 = ndarray::Array2::<T>::zeros((2, 5));
    let b2: ndarray::Array2<T> = ndarray::Array2::zeros((4, 5));
    let res = dev.gemm(Op::N, Op::N, T::one(), &a, &b2, T::zero(), &mut c2);
    assert_invalid(res, "gemm", "a");
}

for_all_types!(
    batched_gemm_on_array3_in_every_matrix_layout,
    batched_gemm_shares_a_broadcast_operand,
    batched_gemm_copies_views_with_gaps_and_writes_them_back,
    batched_gemm_on_array3_rejects_mismatches,
);
