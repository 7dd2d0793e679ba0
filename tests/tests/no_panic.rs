//! Inputs that used to panic (or overflow) inside the library: each is now an error naming the
//! routine and argument, or the correct result.

use gpublas_tests::*;
use ndarray::ArrayView2;

fn matmul_of_huge_empty_operands_is_an_error_not_a_panic<T: TestScalar>() {
    let dev = device();
    let empty: [T; 0] = [];
    // (2^40 × 0)·(0 × 2^40): valid operands, but the 2^80-element product cannot exist.
    let a = ArrayView2::from_shape((1usize << 40, 0), &empty[..]).unwrap();
    let b = ArrayView2::from_shape((0, 1usize << 40), &empty[..]).unwrap();
    assert_invalid(dev.matmul(a, b).map(|c| c.dim()), "matmul", "b");
    // 2^31 × 2^31 elements fit in usize but not in isize::MAX bytes.
    let a = ArrayView2::from_shape((1usize << 31, 0), &empty[..]).unwrap();
    let b = ArrayView2::from_shape((0, 1usize << 31), &empty[..]).unwrap();
    assert_invalid(dev.matmul(a, b).map(|c| c.dim()), "matmul", "b");
}

fn batched_gemm_with_k_zero_ignores_huge_operand_strides<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("batched_k0_huge_strides"));
    let (m, n, count) = (2, 3, 4);
    let (a, b): (Vec<T>, Vec<T>) = (vec![], vec![]);
    let c0: Vec<T> = rand_vec(&mut r, m * n * count);
    let beta: T = rand_scalar(&mut r);
    // With k = 0 no element of A or B exists, so their strides are never used: C ← βC.
    let huge = isize::MAX as usize;
    let mut c = c0.clone();
    dev.gemm_strided_batched(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, m, 0).batched(count, huge),
        Mat::col_major(&b, 0, n).batched(count, huge),
        beta,
        MatMut::col_major(&mut c, m, n).batched(count, m * n),
    )
    .unwrap();
    let c0m = M {
        rows: c0.len(),
        cols: 1,
        d: c0.iter().map(|v| v.to_c()).collect(),
    };
    let got = M {
        rows: c.len(),
        cols: 1,
        d: c.iter().map(|v| v.to_c()).collect(),
    };
    let (want, mag) = ref_gemm_with_mag(
        zr(0.0),
        &M::zeros(c0.len(), 0),
        &M::zeros(0, 1),
        beta.to_c(),
        &c0m,
    );
    assert_close::<T>("batched gemm, k = 0, huge strides", &got, &want, &mag, 0);
    // A stride above isize::MAX cannot describe any allocation: an error naming the operand.
    let mut c = c0.clone();
    let res = dev.gemm_strided_batched(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, m, 0).batched(count, usize::MAX),
        Mat::col_major(&b, 0, n).batched(count, 0),
        beta,
        MatMut::col_major(&mut c, m, n).batched(count, m * n),
    );
    assert_invalid(res, "gemm_strided_batched", "a");
    assert_bitwise_eq("c after the rejected call", &c, &c0);
}

fn leading_dimension_above_isize_max_is_rejected<T: TestScalar>() {
    let dev = device();
    let a = vec![T::one(); 2];
    let x = vec![T::one(); 1];
    let ld = isize::MAX as usize + 1;
    // One column: the extent (2 elements) fits, only the leading dimension is absurd.
    let mut y = vec![T::zero(); 2];
    let r = dev.gemv(
        Op::N,
        T::one(),
        Mat::col_major(&a, 2, 1).with_ld(ld),
        &x,
        T::zero(),
        &mut y,
    );
    assert_invalid(r, "gemv", "a");
    let mut c = vec![T::zero(); 2];
    let r = dev.gemm(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, 2, 1).with_ld(ld),
        Mat::col_major(&x, 1, 1),
        T::zero(),
        MatMut::col_major(&mut c, 2, 1),
    );
    assert_invalid(r, "gemm", "a");
    let r = dev.gemm(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, 2, 1),
        Mat::col_major(&x, 1, 1),
        T::zero(),
        MatMut::col_major(&mut c, 2, 1).with_ld(ld),
    );
    assert_invalid(r, "gemm", "c");
}

fn increment_of_magnitude_above_isize_max_is_rejected<T: TestScalar>() {
    let dev = device();
    let a = vec![T::one(); 2];
    let x = vec![T::one(); 1];
    let mut y = vec![T::zero(); 2];
    let r = dev.gemv(
        Op::N,
        T::one(),
        Mat::col_major(&a, 2, 1),
        Vector::strided(&x, 1, isize::MIN),
        T::zero(),
        &mut y,
    );
    assert_invalid(r, "gemv", "x");
    assert_invalid(dev.nrm2(Vector::strided(&x, 1, isize::MIN)), "nrm2", "x");
    // A span above isize::MAX elements, even with a representable increment.
    assert_invalid(dev.asum(Vector::strided(&x, 3, isize::MAX)), "asum", "x");
}

for_all_types!(
    matmul_of_huge_empty_operands_is_an_error_not_a_panic,
    batched_gemm_with_k_zero_ignores_huge_operand_strides,
    leading_dimension_above_isize_max_is_rejected,
    increment_of_magnitude_above_isize_max_is_rejected,
);
