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

/// A column of values as the reference's matrix.
fn zmat<T: TestScalar>(v: &[T], rows: usize, cols: usize) -> M {
    M {
        rows,
        cols,
        d: v.iter().map(|x| x.to_c()).collect(),
    }
}

fn one_column_operands_with_the_largest_leading_dimension_are_multiplied<T: TestScalar>() {
    // A leading dimension never steps over a matrix's only column (or, row-major, its only
    // row), so any value up to isize::MAX is valid for it, as in reference BLAS.
    let dev = device();
    let mut r = rng(&seed_name::<T>("one_column_huge_ld"));
    let huge = isize::MAX as usize;
    let a: Vec<T> = rand_vec(&mut r, 3);
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    let (al, be, am) = (alpha.to_c(), beta.to_c(), zmat(&a, 3, 1));
    // op(A) is the 3×1 column either way: stored 3×1 column-major with no op, or 1×3
    // row-major, transposed.
    let forms = [
        (
            "A column-major 3×1",
            Mat::col_major(&a, 3, 1).with_ld(huge),
            Op::N,
        ),
        (
            "A row-major 1×3",
            Mat::row_major(&a, 1, 3).with_ld(huge),
            Op::T,
        ),
    ];
    for (what, a_stored, op) in forms {
        // syrk with k = 3, n = 1: C = α·op(A)ᵀ·op(A) + βC, where syrk's own op is the flip of
        // `op` (Op::T takes A as k × n).
        let syrk_op = if op == Op::N { Op::T } else { Op::N };
        let c0: Vec<T> = rand_vec(&mut r, 1);
        let mut c = c0.clone();
        let c_out = MatMut::col_major(&mut c, 1, 1).with_ld(huge);
        dev.syrk(Uplo::Upper, syrk_op, alpha, a_stored, beta, c_out)
            .unwrap_or_else(|e| panic!("syrk {syrk_op:?}, {what}: {e}"));
        let (want, mag) = ref_gemm_with_mag(al, &am.op(Op::T), &am, be, &zmat(&c0, 1, 1));
        let what_syrk = format!("syrk {syrk_op:?}, {what}, ld = isize::MAX");
        assert_close::<T>(&what_syrk, &zmat(&c, 1, 1), &want, &mag, 3);
        // gemm: C (3×1) = α·op(A)·B + βC, B 1×1 and C 3×1 with the same leading dimension.
        let b: Vec<T> = rand_vec(&mut r, 1);
        let c0: Vec<T> = rand_vec(&mut r, 3);
        let mut c = c0.clone();
        dev.gemm(
            op,
            Op::N,
            alpha,
            a_stored,
            Mat::col_major(&b, 1, 1).with_ld(huge),
            beta,
            MatMut::col_major(&mut c, 3, 1).with_ld(huge),
        )
        .unwrap_or_else(|e| panic!("gemm {op:?}, {what}: {e}"));
        let (want, mag) = ref_gemm_with_mag(al, &am, &zmat(&b, 1, 1), be, &zmat(&c0, 3, 1));
        let what_gemm = format!("gemm {op:?}, {what}, ld = isize::MAX");
        assert_close::<T>(&what_gemm, &zmat(&c, 3, 1), &want, &mag, 1);
    }
    // gemv and ger: a one-element vector's increment is never applied either.
    let a_col = Mat::col_major(&a, 3, 1).with_ld(huge);
    let x: Vec<T> = rand_vec(&mut r, 1);
    let y0: Vec<T> = rand_vec(&mut r, 3);
    let mut y = y0.clone();
    let x_huge = Vector::strided(&x, 1, isize::MAX);
    dev.gemv(Op::N, alpha, a_col, x_huge, beta, &mut y)
        .unwrap_or_else(|e| panic!("gemv: {e}"));
    let (want, mag) = ref_gemm_with_mag(al, &am, &zmat(&x, 1, 1), be, &zmat(&y0, 3, 1));
    assert_close::<T>(
        "gemv, A 3×1 and x with huge ld and inc",
        &zmat(&y, 3, 1),
        &want,
        &mag,
        1,
    );
    let mut a_upd = a.clone();
    let a_out = MatMut::col_major(&mut a_upd, 3, 1).with_ld(huge);
    dev.ger(alpha, &y0, Vector::strided(&x, 1, isize::MAX), a_out)
        .unwrap_or_else(|e| panic!("ger: {e}"));
    let (want, mag) = ref_ger(al, &zmat(&y0, 3, 1), &zmat(&x, 1, 1), &am, false);
    assert_close::<T>(
        "ger, A 3×1 and y with huge ld and inc",
        &zmat(&a_upd, 3, 1),
        &want,
        &mag,
        1,
    );
    // trsm on the right: X·A = αB with a 1×1 A and a 3×1 B.
    let d = [T::from_c(zr(2.0) + rand_scalar::<T>(&mut r).to_c())];
    let mut bx = y0.clone();
    let b_out = MatMut::col_major(&mut bx, 3, 1).with_ld(huge);
    let a_11 = Mat::col_major(&d, 1, 1).with_ld(huge);
    dev.trsm(
        Side::Right,
        Uplo::Lower,
        Op::N,
        Diag::NonUnit,
        alpha,
        a_11,
        b_out,
    )
    .unwrap_or_else(|e| panic!("trsm: {e}"));
    let want = ref_trsm(
        Side::Right,
        Uplo::Lower,
        Op::N,
        Diag::NonUnit,
        al,
        &zmat(&d, 1, 1),
        &zmat(&y0, 3, 1),
    );
    let mag = M {
        rows: 3,
        cols: 1,
        d: want.d.iter().map(|v| zr(v.norm())).collect(),
    };
    assert_close::<T>(
        "trsm, A 1×1 and B 3×1 with huge ld",
        &zmat(&bx, 3, 1),
        &want,
        &mag,
        1,
    );
}

for_all_types!(
    one_column_operands_with_the_largest_leading_dimension_are_multiplied,
    matmul_of_huge_empty_operands_is_an_error_not_a_panic,
    batched_gemm_with_k_zero_ignores_huge_operand_strides,
    leading_dimension_above_isize_max_is_rejected,
    increment_of_magnitude_above_isize_max_is_rejected,
);
