//! Bad arguments: every one is `Err(Error::InvalidArgument)` naming the right routine and
//! argument, and leaves host data bit-for-bit untouched.

use gpublas_tests::*;

/// Random data, its pristine copy, for the before/after comparison.
fn data<T: TestScalar>(r: &mut ChaCha8Rng, n: usize) -> (Vec<T>, Vec<T>) {
    let v: Vec<T> = rand_vec(r, n);
    (v.clone(), v)
}

fn level1_rejects_short_buffers_huge_increments_and_length_mismatches<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_level1"));
    let (x, _) = data::<T>(&mut r, 8);
    let (mut y, y0) = data::<T>(&mut r, 8);
    let one = T::one();
    // 5 elements at increment 2 need 9.
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x, 5, 2),
            VectorMut::strided(&mut y, 5, 1),
        ),
        "axpy",
        "x",
    );
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x, 5, 1),
            VectorMut::strided(&mut y, 5, 2),
        ),
        "axpy",
        "y",
    );
    // A negative increment spans as much as the positive one: 5 elements at -2 need 9.
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x, 5, -2),
            VectorMut::strided(&mut y, 5, 1),
        ),
        "axpy",
        "x",
    );
    // |isize::MIN| exceeds isize::MAX, even for one element.
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x, 1, isize::MIN),
            VectorMut::strided(&mut y, 1, 1),
        ),
        "axpy",
        "x",
    );
    // An increment of 0 needs one element, even for a long vector; an empty buffer has none.
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x[..0], 3, 0),
            VectorMut::strided(&mut y, 3, 1),
        ),
        "axpy",
        "x",
    );
    assert_invalid(
        dev.axpy(
            one,
            Vector::strided(&x, 4, 1),
            VectorMut::strided(&mut y, 5, 1),
        ),
        "axpy",
        "y",
    );
    assert_invalid(
        dev.scal(one, VectorMut::strided(&mut y, 5, -2)),
        "scal",
        "x",
    );
    assert_invalid(dev.scal(one, VectorMut::strided(&mut y, 5, 2)), "scal", "x");
    assert_invalid(dev.copy(&x[..7], &mut y), "copy", "y");
    assert_invalid(dev.copy(Vector::strided(&x, 9, 1), &mut y), "copy", "x");
    let (mut x2, x20) = data::<T>(&mut r, 7);
    assert_invalid(dev.swap(&mut x2, &mut y), "swap", "y");
    assert_invalid(
        dev.swap(
            VectorMut::strided(&mut x2, 2, isize::MIN),
            VectorMut::strided(&mut y, 2, 1),
        ),
        "swap",
        "x",
    );
    assert_invalid(dev.dot(&x[..3], &y[..4]), "dot", "y");
    assert_invalid(dev.dotu(Vector::strided(&x, 3, -4), &y[..3]), "dotu", "x");
    assert_invalid(dev.dotc(&x[..3], Vector::strided(&y, 3, 4)), "dotc", "y");
    assert_invalid(dev.nrm2(Vector::strided(&x, 2, isize::MIN)), "nrm2", "x");
    assert_invalid(dev.asum(Vector::strided(&x, 3, 4)), "asum", "x");
    assert_invalid(dev.iamax(Vector::strided(&x, 9, 1)), "iamax", "x");
    assert_invalid(dev.iamin(Vector::strided(&x[..0], 1, 0)), "iamin", "x");
    assert_bitwise_eq("y after rejected level 1 calls", &y, &y0);
    assert_bitwise_eq("x2 after rejected level 1 calls", &x2, &x20);
}

fn gemv_and_ger_reject_bad_shapes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_level2"));
    let (m, n) = (5, 4);
    let (a, _) = data::<T>(&mut r, m * n);
    let (x, _) = data::<T>(&mut r, 8);
    let (mut y, y0) = data::<T>(&mut r, 8);
    let (one, zero) = (T::one(), T::zero());
    // ld < rows (column-major) and ld < columns (row-major).
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n).with_ld(m - 1),
            &x[..n],
            zero,
            &mut y[..m],
        ),
        "gemv",
        "a",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::row_major(&a, m, n).with_ld(n - 1),
            &x[..n],
            zero,
            &mut y[..m],
        ),
        "gemv",
        "a",
    );
    // ld = 0 is invalid even for an empty matrix (it must be at least 1).
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, 0, n).with_ld(0),
            &x[..n],
            zero,
            &mut y[..0],
        ),
        "gemv",
        "a",
    );
    // Too short: 5×4 with ld 6 needs 3·6 + 5 = 23 elements.
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n).with_ld(6),
            &x[..n],
            zero,
            &mut y[..m],
        ),
        "gemv",
        "a",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n),
            &x[..m],
            zero,
            &mut y[..m],
        ),
        "gemv",
        "x",
    );
    assert_invalid(
        dev.gemv(
            Op::T,
            one,
            Mat::col_major(&a, m, n),
            &x[..m],
            zero,
            &mut y[..m],
        ),
        "gemv",
        "y",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n),
            Vector::strided(&x, n, 0),
            zero,
            &mut y[..m],
        ),
        "gemv",
        "incx",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n),
            &x[..n],
            zero,
            VectorMut::strided(&mut y, m, 0),
        ),
        "gemv",
        "incy",
    );
    // Reference BLAS checks the increments before its quick return on an empty matrix.
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, 0, n),
            &x[..n],
            zero,
            VectorMut::strided(&mut y, 0, 0),
        ),
        "gemv",
        "incy",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, m, n),
            &x[..n],
            zero,
            VectorMut::strided(&mut y, m, 2),
        ),
        "gemv",
        "y",
    );
    assert_invalid(
        dev.gemv(
            Op::N,
            one,
            Mat::col_major(&a, 2, 2).batched(2, 4),
            &x[..2],
            zero,
            &mut y[..2],
        ),
        "gemv",
        "a",
    );
    let (mut am, am0) = data::<T>(&mut r, m * n);
    for (name, res) in [
        (
            "ger",
            dev.ger(one, &x[..m + 1], &x[..n], MatMut::col_major(&mut am, m, n)),
        ),
        (
            "geru",
            dev.geru(one, &x[..m], &x[..n + 1], MatMut::col_major(&mut am, m, n)),
        ),
        (
            "gerc",
            dev.gerc(
                one,
                &x[..m],
                &x[..n],
                MatMut::col_major(&mut am, m, n).with_ld(m + 1),
            ),
        ),
    ] {
        let arg = match name {
            "ger" => "x",
            "geru" => "y",
            _ => "a",
        };
        assert_invalid(res, name, arg);
    }
    assert_invalid(
        dev.ger(
            one,
            Vector::strided(&x, m, 0),
            &x[..n],
            MatMut::col_major(&mut am, m, n),
        ),
        "ger",
        "incx",
    );
    assert_invalid(
        dev.gerc(
            one,
            &x[..m],
            Vector::strided(&x, n, 0),
            MatMut::row_major(&mut am, m, n),
        ),
        "gerc",
        "incy",
    );
    assert_bitwise_eq("y after rejected gemv calls", &y, &y0);
    assert_bitwise_eq("a after rejected ger calls", &am, &am0);
}

fn gemm_rejects_bad_shapes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_gemm"));
    let (m, n, k) = (4, 3, 5);
    let (a, _) = data::<T>(&mut r, 40);
    let (b, _) = data::<T>(&mut r, 40);
    let (mut c, c0) = data::<T>(&mut r, 40);
    let (one, zero) = (T::one(), T::zero());
    let ma = || Mat::col_major(&a[..m * k], m, k);
    let mb = || Mat::col_major(&b[..k * n], k, n);
    let cases: Vec<(&str, gpublas::Result<()>)> = vec![
        (
            "a",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                Mat::col_major(&a, m, k).with_ld(m - 1),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "a",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                Mat::col_major(&a[..m * k - 1], m, k),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "a",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                Mat::row_major(&a, m, k).with_ld(k - 1),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "b",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                Mat::col_major(&b, k, n).with_ld(k - 2),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "b",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                Mat::col_major(&b[..k * n - 1], k, n),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "c",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n).with_ld(m - 1),
            ),
        ),
        (
            "c",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                mb(),
                zero,
                MatMut::col_major(&mut c[..m * n - 1], m, n),
            ),
        ),
        (
            "c",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                mb(),
                zero,
                MatMut::row_major(&mut c, m, n).with_ld(0),
            ),
        ),
        // op(A) is 4×5 but op(B) = Bᵀ is 3×5: inner dimensions differ.
        (
            "b",
            dev.gemm(
                Op::N,
                Op::T,
                one,
                ma(),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        // C is 3×4 but op(A)·op(B) is 4×3.
        (
            "c",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                mb(),
                zero,
                MatMut::col_major(&mut c, n, m),
            ),
        ),
        // A strided batch is not a matrix.
        (
            "a",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma().batched(1, 0),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n),
            ),
        ),
        (
            "c",
            dev.gemm(
                Op::N,
                Op::N,
                one,
                ma(),
                mb(),
                zero,
                MatMut::col_major(&mut c, m, n).batched(2, 12),
            ),
        ),
    ];
    for (i, (arg, res)) in cases.into_iter().enumerate() {
        println!("case {i}");
        assert_invalid(res, "gemm", arg);
    }
    assert_bitwise_eq("c after rejected gemm calls", &c, &c0);
}

fn gemm_strided_batched_rejects_bad_batches<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_batched"));
    let (m, n, k) = (3, 2, 4);
    let (a, _) = data::<T>(&mut r, 3 * m * k);
    let (b, _) = data::<T>(&mut r, 3 * k * n);
    let (mut c, c0) = data::<T>(&mut r, 3 * m * n);
    let (one, zero) = (T::one(), T::zero());
    let r_ = "gemm_strided_batched";
    let ba = |count| Mat::col_major(&a, m, k).batched(count, m * k);
    let bb = |count| Mat::col_major(&b, k, n).batched(count, k * n);
    // Batch counts differ.
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(2),
            bb(3),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n),
        ),
        r_,
        "a",
    );
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(3),
            bb(2),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n),
        ),
        r_,
        "b",
    );
    // A batch of 4 needs more storage than there is.
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(4),
            bb(4),
            zero,
            MatMut::col_major(&mut c, m, n).batched(4, 1),
        ),
        r_,
        "a",
    );
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(3),
            Mat::col_major(&b, k, n).batched(3, k * n + 1),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n),
        ),
        r_,
        "b",
    );
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(3),
            bb(3),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n + 1),
        ),
        r_,
        "c",
    );
    // C's matrices would overlap.
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(3),
            bb(3),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n - 1),
        ),
        r_,
        "c",
    );
    assert_invalid(
        dev.gemm_strided_batched(
            Op::N,
            Op::N,
            one,
            ba(3),
            bb(3),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, 0),
        ),
        r_,
        "c",
    );
    // Shape mismatch inside a batch.
    assert_invalid(
        dev.gemm_strided_batched(
            Op::T,
            Op::N,
            one,
            ba(3),
            bb(3),
            zero,
            MatMut::col_major(&mut c, m, n).batched(3, m * n),
        ),
        r_,
        "b",
    );
    assert_bitwise_eq("c after rejected batched calls", &c, &c0);
}

fn trsm_rejects_bad_shapes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_trsm"));
    let (a, _) = data::<T>(&mut r, 36);
    let (mut b, b0) = data::<T>(&mut r, 30);
    let one = T::one();
    let (l, u, n, nu) = (Side::Left, Uplo::Lower, Op::N, Diag::NonUnit);
    // A not square.
    assert_invalid(
        dev.trsm(
            l,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 4),
            MatMut::col_major(&mut b, 5, 6),
        ),
        "trsm",
        "a",
    );
    // A is 5×5 but B has 6 rows (left) / 5 columns (right).
    assert_invalid(
        dev.trsm(
            l,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 5),
            MatMut::col_major(&mut b, 6, 5),
        ),
        "trsm",
        "a",
    );
    assert_invalid(
        dev.trsm(
            Side::Right,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 5),
            MatMut::col_major(&mut b, 5, 6),
        ),
        "trsm",
        "a",
    );
    assert_invalid(
        dev.trsm(
            l,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 5).with_ld(4),
            MatMut::col_major(&mut b, 5, 6),
        ),
        "trsm",
        "a",
    );
    assert_invalid(
        dev.trsm(
            l,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 5),
            MatMut::col_major(&mut b, 5, 6).with_ld(6),
        ),
        "trsm",
        "b",
    );
    assert_invalid(
        dev.trsm(
            l,
            u,
            n,
            nu,
            one,
            Mat::col_major(&a, 5, 5),
            MatMut::col_major(&mut b[..29], 5, 6),
        ),
        "trsm",
        "b",
    );
    assert_bitwise_eq("b after rejected trsm calls", &b, &b0);
}

fn syrk_and_herk_reject_bad_shapes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_rank_k"));
    let (a, _) = data::<T>(&mut r, 20);
    let (mut c, c0) = data::<T>(&mut r, 25);
    let (one, zero) = (T::one(), T::zero());
    let (ro, rz) = (T::real(1.0), T::real(0.0));
    let up = Uplo::Upper;
    // A is 5×4: op(A) = A gives a 5×5 C, not 4×4.
    assert_invalid(
        dev.syrk(
            up,
            Op::N,
            one,
            Mat::col_major(&a, 5, 4),
            zero,
            MatMut::col_major(&mut c, 4, 4),
        ),
        "syrk",
        "c",
    );
    assert_invalid(
        dev.herk(
            up,
            Op::N,
            ro,
            Mat::col_major(&a, 5, 4),
            rz,
            MatMut::col_major(&mut c, 4, 4),
        ),
        "herk",
        "c",
    );
    assert_invalid(
        dev.syrk(
            up,
            Op::N,
            one,
            Mat::col_major(&a, 5, 4),
            zero,
            MatMut::col_major(&mut c, 5, 4),
        ),
        "syrk",
        "c",
    );
    assert_invalid(
        dev.syrk(
            up,
            Op::N,
            one,
            Mat::col_major(&a, 5, 4).with_ld(4),
            zero,
            MatMut::col_major(&mut c, 5, 5),
        ),
        "syrk",
        "a",
    );
    assert_invalid(
        dev.herk(
            up,
            Op::N,
            ro,
            Mat::col_major(&a, 5, 4),
            rz,
            MatMut::col_major(&mut c[..24], 5, 5),
        ),
        "herk",
        "c",
    );
    assert_bitwise_eq("c after rejected syrk/herk calls", &c, &c0);
}

/// Complex syrk is symmetric (`N`/`T`); `Op::C` is herk's. Complex herk is Hermitian (`N`/`C`).
fn complex_syrk_rejects_op_c_and_complex_herk_rejects_op_t<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_trans"));
    let (a, _) = data::<T>(&mut r, 20);
    let (mut c, c0) = data::<T>(&mut r, 16);
    for uplo in UPLOS {
        assert_invalid(
            dev.syrk(
                uplo,
                Op::C,
                T::one(),
                Mat::col_major(&a, 5, 4),
                T::zero(),
                MatMut::col_major(&mut c, 4, 4),
            ),
            "syrk",
            "trans",
        );
        assert_invalid(
            dev.herk(
                uplo,
                Op::T,
                T::real(1.0),
                Mat::col_major(&a, 5, 4),
                T::real(0.0),
                MatMut::col_major(&mut c, 4, 4),
            ),
            "herk",
            "trans",
        );
    }
    assert_bitwise_eq("c after rejected complex syrk/herk", &c, &c0);
}

fn device_buffer_copies_reject_length_mismatches<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("errors_buffers"));
    let (h, _) = data::<T>(&mut r, 6);
    let mut buf = dev.upload(&h).unwrap();
    let (mut dst, dst0) = data::<T>(&mut r, 5);
    assert_invalid(buf.copy_to_host(&mut dst), "copy_to_host", "dst");
    assert_bitwise_eq("dst after a rejected copy_to_host", &dst, &dst0);
    assert_invalid(buf.copy_from_host(&dst), "copy_from_host", "src");
    assert_bitwise_eq(
        "buffer after a rejected copy_from_host",
        &buf.to_vec().unwrap(),
        &h,
    );
    assert!(buf.get(2..7).is_none());
    assert!(buf.get_mut(7..).is_none());
    // Device operands are validated like host ones.
    let y = dev.upload(&h[..4]).unwrap();
    assert_invalid(dev.axpy(T::one(), &y, &mut buf), "axpy", "y");
    assert_invalid(
        dev.gemm(
            Op::N,
            Op::N,
            T::one(),
            Mat::col_major(&y, 2, 3),
            Mat::col_major(&h, 3, 2),
            T::zero(),
            MatMut::col_major(&mut buf, 2, 2),
        ),
        "gemm",
        "a",
    );
    assert_bitwise_eq(
        "buffer after rejected device calls",
        &buf.to_vec().unwrap(),
        &h,
    );
}

for_all_types!(
    level1_rejects_short_buffers_huge_increments_and_length_mismatches,
    gemv_and_ger_reject_bad_shapes,
    gemm_rejects_bad_shapes,
    gemm_strided_batched_rejects_bad_batches,
    trsm_rejects_bad_shapes,
    syrk_and_herk_reject_bad_shapes,
    device_buffer_copies_reject_length_mismatches,
);
for_complex_types!(complex_syrk_rejects_op_c_and_complex_herk_rejects_op_t);
