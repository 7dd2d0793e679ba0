//! Property tests: random shapes, leading dimensions, increments and buffer lengths (valid and
//! invalid) for gemm, gemv and axpy. A call succeeds iff an independent validity predicate says
//! the arguments are valid; an invalid call names one of the faulty arguments and leaves the
//! output untouched; a valid call matches the reference.

use gpublas_tests::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The smallest valid leading dimension of `l`.
fn min_ld(l: &Layout) -> usize {
    (if l.order == Order::ColMajor {
        l.rows
    } else {
        l.cols
    })
    .max(1)
}

/// Elements a matrix needs: `(outer - 1) · ld + inner`, 0 if empty (given a valid ld).
fn need_mat(l: &Layout) -> usize {
    let (inner, outer) = if l.order == Order::ColMajor {
        (l.rows, l.cols)
    } else {
        (l.cols, l.rows)
    };
    if inner == 0 || outer == 0 {
        0
    } else {
        (outer - 1) * l.ld + inner
    }
}

/// Elements a strided vector needs (any sign of increment; 0 needs one element).
fn need_vec(n: usize, inc: isize) -> usize {
    if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    }
}

/// A matrix operand whose leading dimension is `min_ld + ld_delta` (may be invalid) and whose
/// buffer is `need + len_delta` long (may be too short).
fn operand(
    order: Order,
    rows: usize,
    cols: usize,
    ld_delta: i64,
    len_delta: i64,
) -> (Layout, usize, bool) {
    let mut l = Layout::new(order, rows, cols, 0);
    let ld = (min_ld(&l) as i64 + ld_delta).max(0) as usize;
    l = l.with_ld(ld);
    let ld_ok = ld >= min_ld(&l);
    let need = if ld_ok { need_mat(&l) } else { 0 };
    let len = (need as i64 + len_delta).max(0) as usize;
    (l, len, ld_ok && len >= need)
}

/// A buffer of `len` elements: the matrix's elements (those inside the buffer) random, the rest NaN.
fn buf_for<T: TestScalar>(r: &mut ChaCha8Rng, l: Layout, len: usize) -> Vec<T> {
    let mut v = poison::<T>(len);
    if l.ld == 0 {
        return v;
    }
    for j in 0..l.cols {
        for i in 0..l.rows {
            let k = l.idx(i, j);
            if k < len {
                v[k] = rand_scalar(r);
            }
        }
    }
    v
}

fn vec_buf<T: TestScalar>(r: &mut ChaCha8Rng, n: usize, inc: isize, len: usize) -> Vec<T> {
    let mut v = poison::<T>(len);
    let l = VLayout::new(n, inc);
    for i in 0..n {
        // Out-of-range elements (a buffer made too short on purpose) are simply left out.
        if let Some(e) = v.get_mut(l.idx(i)) {
            *e = rand_scalar(r);
        }
    }
    v
}

/// Checks `res` against the predicted faults: Ok iff none; otherwise InvalidArgument naming one
/// of them (and the output untouched).
fn check_outcome(
    routine: &str,
    res: &gpublas::Result<()>,
    faults: &[&str],
) -> Result<bool, TestCaseError> {
    match res {
        Ok(()) => {
            prop_assert!(
                faults.is_empty(),
                "{routine} accepted invalid arguments (faults {faults:?})"
            );
            Ok(true)
        }
        Err(gpublas::Error::InvalidArgument {
            routine: r,
            arg,
            rule,
        }) => {
            prop_assert_eq!(*r, routine);
            prop_assert!(
                faults.contains(arg),
                "{routine} rejected `{arg}` ({rule}) but the faults are {faults:?}"
            );
            Ok(false)
        }
        Err(e) => Err(TestCaseError::fail(format!(
            "{routine}: unexpected error {e} (faults {faults:?})"
        ))),
    }
}

#[derive(Debug, Clone)]
struct GemmArgs {
    ta: Op,
    tb: Op,
    dims: (usize, usize, usize),
    /// 0: shapes agree; 1: op(B) has one row too many; 2: C has one column too many.
    perturb: u8,
    orders: [Order; 3],
    ld_delta: [i64; 3],
    len_delta: [i64; 3],
    seed: u64,
}

/// A leading-dimension offset from the smallest valid one: mostly valid, sometimes 1 too small.
fn ld_delta() -> impl Strategy<Value = i64> {
    prop_oneof![8 => 0i64..3, 1 => Just(-1i64)]
}
/// A buffer-length offset from the needed length: mostly enough, sometimes 1 or 2 short.
fn len_delta() -> impl Strategy<Value = i64> {
    prop_oneof![8 => 0i64..3, 1 => -2i64..0]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![Just(Op::N), Just(Op::T), Just(Op::C)]
}
fn order() -> impl Strategy<Value = Order> {
    prop_oneof![Just(Order::ColMajor), Just(Order::RowMajor)]
}

fn gemm_args() -> impl Strategy<Value = GemmArgs> {
    (
        op(),
        op(),
        (0usize..7, 0usize..7, 0usize..7),
        prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        [order(), order(), order()],
        [ld_delta(), ld_delta(), ld_delta()],
        [len_delta(), len_delta(), len_delta()],
        any::<u64>(),
    )
        .prop_map(
            |(ta, tb, dims, perturb, orders, ld_delta, len_delta, seed)| GemmArgs {
                ta,
                tb,
                dims,
                perturb,
                orders,
                ld_delta,
                len_delta,
                seed,
            },
        )
}

fn gemm_case<T: TestScalar>(p: GemmArgs) -> Result<(), TestCaseError> {
    let dev = device();
    let mut r = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(p.seed);
    let (m, n, k) = p.dims;
    let kb = if p.perturb == 1 { k + 1 } else { k };
    let nc = if p.perturb == 2 { n + 1 } else { n };
    let (ar, ac) = if p.ta == Op::N { (m, k) } else { (k, m) };
    let (br, bc) = if p.tb == Op::N { (kb, n) } else { (n, kb) };
    let (la, lena, oka) = operand(p.orders[0], ar, ac, p.ld_delta[0], p.len_delta[0]);
    let (lb, lenb, okb) = operand(p.orders[1], br, bc, p.ld_delta[1], p.len_delta[1]);
    let (lc, lenc, okc) = operand(p.orders[2], m, nc, p.ld_delta[2], p.len_delta[2]);
    let mut faults = vec![];
    for (ok, name) in [(oka, "a"), (okb, "b"), (okc, "c")] {
        if !ok {
            faults.push(name);
        }
    }
    match p.perturb {
        1 => faults.push("b"),
        2 => faults.push("c"),
        _ => {}
    }
    let a: Vec<T> = buf_for(&mut r, la, lena);
    let b: Vec<T> = buf_for(&mut r, lb, lenb);
    let c0: Vec<T> = buf_for(&mut r, lc, lenc);
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    let mut c = c0.clone();
    let res = dev.gemm(
        p.ta,
        p.tb,
        alpha,
        la.mat(&a),
        lb.mat(&b),
        beta,
        lc.mat_mut(&mut c),
    );
    if check_outcome("gemm", &res, &faults)? {
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &read_mat(&a, la).op(p.ta),
            &read_mat(&b, lb).op(p.tb),
            beta.to_c(),
            &read_mat(&c0, lc),
        );
        assert_close::<T>("proptest gemm", &read_mat(&c, lc), &want, &mag, k);
        assert_padding_untouched("proptest gemm", &c0, &c, lc);
    } else {
        assert_bitwise_eq("gemm output after an error", &c, &c0);
    }
    Ok(())
}

#[derive(Debug, Clone)]
struct GemvArgs {
    trans: Op,
    dims: (usize, usize),
    /// 0: shapes agree; 1: x has one element too many; 2: y has one element too many.
    perturb: u8,
    order: Order,
    ld_delta: i64,
    len_delta: [i64; 3],
    inc: (isize, isize),
    seed: u64,
}

fn gemv_args() -> impl Strategy<Value = GemvArgs> {
    (
        op(),
        (0usize..7, 0usize..7),
        prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        order(),
        ld_delta(),
        [len_delta(), len_delta(), len_delta()],
        (
            prop_oneof![8 => -3isize..4, 1 => Just(0isize)],
            prop_oneof![8 => -3isize..4, 1 => Just(0isize)],
        ),
        any::<u64>(),
    )
        .prop_map(
            |(trans, dims, perturb, order, ld_delta, len_delta, inc, seed)| GemvArgs {
                trans,
                dims,
                perturb,
                order,
                ld_delta,
                len_delta,
                inc,
                seed,
            },
        )
}

fn gemv_case<T: TestScalar>(p: GemvArgs) -> Result<(), TestCaseError> {
    let dev = device();
    let mut r = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(p.seed);
    let (m, n) = p.dims;
    let (la, lena, oka) = operand(p.order, m, n, p.ld_delta, p.len_delta[0]);
    let (rows, cols) = if p.trans == Op::N { (m, n) } else { (n, m) };
    let xn = cols + usize::from(p.perturb == 1);
    let yn = rows + usize::from(p.perturb == 2);
    let (incx, incy) = p.inc;
    let lenx = (need_vec(xn, incx) as i64 + p.len_delta[1]).max(0) as usize;
    let leny = (need_vec(yn, incy) as i64 + p.len_delta[2]).max(0) as usize;
    let mut faults = vec![];
    if !oka {
        faults.push("a");
    }
    if lenx < need_vec(xn, incx) || p.perturb == 1 {
        faults.push("x");
    }
    if leny < need_vec(yn, incy) || p.perturb == 2 {
        faults.push("y");
    }
    // Level 2 rejects a zero increment (reference BLAS's XERBLA), naming it.
    if incx == 0 {
        faults.push("incx");
    }
    if incy == 0 {
        faults.push("incy");
    }
    let a: Vec<T> = buf_for(&mut r, la, lena);
    let x: Vec<T> = vec_buf(&mut r, xn, incx, lenx);
    let y0: Vec<T> = vec_buf(&mut r, yn, incy, leny);
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    let mut y = y0.clone();
    let res = dev.gemv(
        p.trans,
        alpha,
        la.mat(&a),
        Vector::strided(&x, xn, incx),
        beta,
        VectorMut::strided(&mut y, yn, incy),
    );
    if check_outcome("gemv", &res, &faults)? {
        let (vx, vy) = (VLayout::new(xn, incx), VLayout::new(yn, incy));
        // Reference BLAS's quick return: an empty A leaves y as it is.
        let (want, mag) = if m == 0 || n == 0 {
            (read_vec(&y0, vy), M::zeros(yn, 1))
        } else {
            ref_gemm_with_mag(
                alpha.to_c(),
                &read_mat(&a, la).op(p.trans),
                &read_vec(&x, vx),
                beta.to_c(),
                &read_vec(&y0, vy),
            )
        };
        assert_close::<T>("proptest gemv", &read_vec(&y, vy), &want, &mag, cols);
        assert_gaps_untouched("proptest gemv", &y0, &y, vy);
    } else {
        assert_bitwise_eq("gemv output after an error", &y, &y0);
    }
    Ok(())
}

fn axpy_case<T: TestScalar>(
    (n, ny, incx, incy, dx, dy, seed): (usize, usize, isize, isize, i64, i64, u64),
) -> Result<(), TestCaseError> {
    let dev = device();
    let mut r = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let lenx = (need_vec(n, incx) as i64 + dx).max(0) as usize;
    let leny = (need_vec(ny, incy) as i64 + dy).max(0) as usize;
    // Level 1 takes any increment (0 and negative ones as reference BLAS does).
    let mut faults = vec![];
    if lenx < need_vec(n, incx) {
        faults.push("x");
    }
    if leny < need_vec(ny, incy) || ny != n {
        faults.push("y");
    }
    let x: Vec<T> = vec_buf(&mut r, n, incx, lenx);
    let y0: Vec<T> = vec_buf(&mut r, ny, incy, leny);
    let alpha: T = rand_scalar(&mut r);
    let mut y = y0.clone();
    let res = dev.axpy(
        alpha,
        Vector::strided(&x, n, incx),
        VectorMut::strided(&mut y, ny, incy),
    );
    if check_outcome("axpy", &res, &faults)? {
        // netlib's loop on the whole buffers; a zero incy accumulates n terms into y[0].
        let z = |b: &[T]| b.iter().map(|v| v.to_c()).collect::<Vec<Z>>();
        let abs = |b: Vec<Z>| b.into_iter().map(zabs).collect::<Vec<Z>>();
        let (xz, mut want, mut mag) = (z(&x), z(&y0), abs(z(&y0)));
        ref_axpy(n, alpha.to_c(), &xz, incx, &mut want, incy);
        ref_axpy(n, zabs(alpha.to_c()), &abs(xz), incx, &mut mag, incy);
        let mut expect = vec![None; y.len()];
        for k in walk(n, incy) {
            expect[k] = Some((want[k], mag[k].re));
        }
        let terms = if incy == 0 { n } else { 1 };
        assert_buffer_matches("proptest axpy", &y0, &y, &expect, terms);
    } else {
        assert_bitwise_eq("axpy output after an error", &y, &y0);
    }
    Ok(())
}

fn axpy_args() -> impl Strategy<Value = (usize, usize, isize, isize, i64, i64, u64)> {
    (0usize..9).prop_flat_map(|n| {
        (
            Just(n),
            prop_oneof![6 => Just(n), 1 => 0usize..9],
            -3isize..4,
            -3isize..4,
            len_delta(),
            len_delta(),
            any::<u64>(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn gemm_is_ok_iff_arguments_are_valid_f32(p in gemm_args()) { gemm_case::<f32>(p)?; }
    #[test]
    fn gemm_is_ok_iff_arguments_are_valid_f64(p in gemm_args()) { gemm_case::<f64>(p)?; }
    #[test]
    fn gemm_is_ok_iff_arguments_are_valid_c32(p in gemm_args()) { gemm_case::<Complex32>(p)?; }
    #[test]
    fn gemm_is_ok_iff_arguments_are_valid_c64(p in gemm_args()) { gemm_case::<Complex64>(p)?; }

    #[test]
    fn gemv_is_ok_iff_arguments_are_valid_f32(p in gemv_args()) { gemv_case::<f32>(p)?; }
    #[test]
    fn gemv_is_ok_iff_arguments_are_valid_f64(p in gemv_args()) { gemv_case::<f64>(p)?; }
    #[test]
    fn gemv_is_ok_iff_arguments_are_valid_c32(p in gemv_args()) { gemv_case::<Complex32>(p)?; }
    #[test]
    fn gemv_is_ok_iff_arguments_are_valid_c64(p in gemv_args()) { gemv_case::<Complex64>(p)?; }

    #[test]
    fn axpy_is_ok_iff_arguments_are_valid_f32(p in axpy_args()) { axpy_case::<f32>(p)?; }
    #[test]
    fn axpy_is_ok_iff_arguments_are_valid_f64(p in axpy_args()) { axpy_case::<f64>(p)?; }
    #[test]
    fn axpy_is_ok_iff_arguments_are_valid_c32(p in axpy_args()) { axpy_case::<Complex32>(p)?; }
    #[test]
    fn axpy_is_ok_iff_arguments_are_valid_c64(p in axpy_args()) { axpy_case::<Complex64>(p)?; }
}
