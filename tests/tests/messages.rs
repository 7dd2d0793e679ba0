//! The exact text of errors users read: a single matrix is described as one matrix (not as a
//! batch of one), a batch with its count and stride, and each names the routine and argument.

use gpublas_tests::*;

fn too_short_matrices_are_described_as_they_were_passed<T: TestScalar>() {
    let dev = device();
    let a = vec![T::one(); 5];
    let b = vec![T::one(); 12];
    let mut c = vec![T::zero(); 4];
    let err = dev
        .gemm(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&a, 2, 3),
            Mat::col_major(&b, 3, 2),
            T::zero(),
            MatMut::col_major(&mut c, 2, 2),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "gemm: argument `a` is too short: a 2×3 matrix (ld 2) needs 6 elements but it has 5"
    );
    let err = dev
        .gemv(
            Op::N,
            T::one(),
            Mat::row_major(&a, 2, 3).with_ld(4),
            &b[..3],
            T::zero(),
            &mut c[..2],
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "gemv: argument `a` is too short: a 2×3 matrix (ld 4) needs 7 elements but it has 5"
    );
    let mut cb = vec![T::zero(); 8];
    let err = dev
        .gemm_strided_batched(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&b[..11], 2, 3).batched(2, 6),
            Mat::col_major(&b, 3, 2).batched(2, 6),
            T::zero(),
            MatMut::col_major(&mut cb, 2, 2).batched(2, 4),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "gemm_strided_batched: argument `a` is too short: a batch of 2 2×3 matrices (ld 2, \
         stride 6) needs 12 elements but it has 11"
    );
    assert!(
        c.iter().chain(&cb).all(|v| v.is_zero()),
        "outputs untouched"
    );
}

for_all_types!(too_short_matrices_are_described_as_they_were_passed);
