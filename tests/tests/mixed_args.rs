//! Mixed-precision gemm beyond single host matrices: strided batches (gaps, a shared operand,
//! counts 0 and 1), 16-bit device buffers, guards and ndarray views as operands, and the
//! argument errors (each naming its argument; host data untouched).
//!
//! Inputs are small integers (exact in f16 and bf16, and their products and sums exact in f32),
//! so the reference is exact and every comparison is equality.

use gpublas_tests::gpublas::{bf16, f16, ComputeType, GemmInput};
use gpublas_tests::*;

/// `rows × cols` column-major integers in [-4, 4] (from `seed`), as `T`.
fn ints<T: GemmInput>(rows: usize, cols: usize, seed: usize) -> Vec<T> {
    (0..rows * cols)
        .map(|i| T::from_f32(((i * 7 + seed * 13) % 9) as f32 - 4.0))
        .collect()
}

/// `C ← αAB + βC`, all column-major and dense, exactly in f64.
fn naive<I: GemmInput, O: GemmInput>(
    (m, n, k): (usize, usize, usize),
    alpha: f32,
    a: &[I],
    b: &[I],
    beta: f32,
    c: &[O],
) -> Vec<f64> {
    let mut out = vec![0.0; m * n];
    for j in 0..n {
        for i in 0..m {
            let mut s = 0.0f64;
            for p in 0..k {
                s += f64::from(a[i + p * m].to_f32()) * f64::from(b[p + j * k].to_f32());
            }
            out[i + j * m] = f64::from(alpha) * s
                + if beta == 0.0 {
                    0.0
                } else {
                    f64::from(beta) * f64::from(c[i + j * m].to_f32())
                };
        }
    }
    out
}

fn as_f64<T: GemmInput>(v: &[T]) -> Vec<f64> {
    v.iter().map(|x| f64::from(x.to_f32())).collect()
}

fn batched<I: GemmInput, O: GemmInput + gpublas_tests::gpublas::GemmOutput<I>>() {
    let dev = device();
    let (m, n, k) = (5, 4, 6);
    for (count, gap, shared_a) in [(3, 2, false), (4, 0, true), (1, 1, false), (0, 1, false)] {
        let (ea, eb, ec) = (m * k, k * n, m * n);
        let sa = if shared_a { 0 } else { ea + gap };
        let (sb, sc) = (eb + gap, ec + gap);
        let len = |e: usize, s: usize| if count == 0 { 1 } else { (count - 1) * s + e };
        let a: Vec<I> = ints(len(ea, sa), 1, 1);
        let b: Vec<I> = ints(len(eb, sb), 1, 2);
        let c0: Vec<O> = ints(len(ec, sc), 1, 3);
        let mut c = c0.clone();
        dev.gemm_strided_batched_with(
            ComputeType::F32,
            Op::N,
            Op::N,
            2.0,
            Mat::col_major(&a, m, k).batched(count, sa),
            Mat::col_major(&b, k, n).batched(count, sb),
            -1.0,
            MatMut::col_major(&mut c, m, n).batched(count, sc),
        )
        .unwrap_or_else(|e| panic!("count {count}: {e}"));
        let mut want = as_f64(&c0);
        for i in 0..count {
            let r = naive(
                (m, n, k),
                2.0,
                &a[i * sa..i * sa + ea],
                &b[i * sb..i * sb + eb],
                -1.0,
                &c0[i * sc..i * sc + ec],
            );
            want[i * sc..i * sc + ec].copy_from_slice(&r);
        }
        // Gaps between C's matrices keep their values (exactly: they are the same integers).
        assert_eq!(
            as_f64(&c),
            want,
            "count {count}, gap {gap}, shared A {shared_a}"
        );
    }
}

#[test]
fn gemm_strided_batched_with_f16_into_f32_computes_every_matrix_and_leaves_gaps() {
    batched::<f16, f32>();
}
#[test]
fn gemm_strided_batched_with_bf16_into_bf16_computes_every_matrix_and_leaves_gaps() {
    batched::<bf16, bf16>();
}
#[test]
fn gemm_strided_batched_with_f32_computes_every_matrix_and_leaves_gaps() {
    batched::<f32, f32>();
}

#[test]
fn sixteen_bit_device_buffers_and_guards_are_operands() {
    let dev = device();
    let (m, n, k) = (3, 2, 4);
    let a: Vec<f16> = ints(m, k, 4);
    let b: Vec<f16> = ints(k, n, 5);
    let want = naive::<f16, f16>((m, n, k), 1.0, &a, &b, 0.0, &[]);
    // Device buffers in, a device buffer out.
    let (da, db) = (dev.upload(&a).unwrap(), dev.upload(&b).unwrap());
    let mut dc = dev.zeros::<f16>(m * n).unwrap();
    dev.gemm_with(
        ComputeType::F32,
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&da, m, k),
        Mat::col_major(&db, k, n),
        0.0,
        MatMut::col_major(&mut dc, m, n),
    )
    .unwrap();
    assert_eq!(as_f64(&dc.to_vec().unwrap()), want);
    // Guards: A mapped, C mapped for writing and copied back by `finish`; sub-slices of a buffer.
    let a_g = dev.map(&a).unwrap();
    let mut c = vec![f16::NAN; m * n];
    let mut c_g = dev.map_mut(&mut c).unwrap();
    dev.gemm_with(
        ComputeType::F32,
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a_g, m, k),
        Mat::col_major(&db.slice(..), k, n),
        0.0,
        MatMut::col_major(&mut c_g, m, n),
    )
    .unwrap();
    c_g.finish().unwrap();
    drop(a_g);
    assert_eq!(as_f64(&c), want);
    // bf16 zeros read back as zeros.
    let z = dev.zeros::<bf16>(5).unwrap().to_vec().unwrap();
    assert!(z.iter().all(|x| x.to_bits() == 0));
}

#[test]
fn sixteen_bit_ndarray_views_are_operands() {
    let dev = device();
    // Row-major 2×3 times 3×2, into a row-major f32 result.
    let a = ndarray::Array2::from_shape_vec((2, 3), ints::<bf16>(2, 3, 6)).unwrap();
    let b = ndarray::Array2::from_shape_vec((3, 2), ints::<bf16>(3, 2, 7)).unwrap();
    let mut c = ndarray::Array2::<f32>::from_elem((2, 2), f32::NAN);
    dev.gemm_with(ComputeType::F32, Op::N, Op::N, 1.0, &a, &b, 0.0, &mut c)
        .unwrap();
    for i in 0..2 {
        for j in 0..2 {
            let want: f32 = (0..3)
                .map(|p| a[[i, p]].to_f32() * b[[p, j]].to_f32())
                .sum();
            assert_eq!(c[[i, j]], want, "({i}, {j})");
        }
    }
}

#[test]
fn gemm_with_rejects_bad_arguments_naming_them_and_leaves_c_untouched() {
    let dev = device();
    let a: Vec<f16> = ints(4, 3, 1);
    let b: Vec<f16> = ints(3, 2, 2);
    let mut c = vec![f16::from_f32(7.0); 8];
    fn run(
        a: Mat<'_, Vec<f16>>,
        b: Mat<'_, Vec<f16>>,
        c: MatMut<'_, Vec<f16>>,
    ) -> Result<(), Error> {
        device().gemm_with(ComputeType::F32, Op::N, Op::N, 1.0, a, b, 0.0, c)
    }
    let r = "gemm_with";
    assert_invalid(
        run(
            Mat::col_major(&a, 4, 3),
            Mat::col_major(&b, 2, 3),
            MatMut::col_major(&mut c, 4, 2),
        ),
        r,
        "b",
    );
    assert_invalid(
        run(
            Mat::col_major(&a, 4, 3),
            Mat::col_major(&b, 3, 2),
            MatMut::col_major(&mut c, 4, 3),
        ),
        r,
        "c",
    );
    assert_invalid(
        run(
            Mat::col_major(&a, 5, 3),
            Mat::col_major(&b, 3, 2),
            MatMut::col_major(&mut c, 5, 2),
        ),
        r,
        "a",
    );
    assert_invalid(
        run(
            Mat::col_major(&a, 4, 3).with_ld(3),
            Mat::col_major(&b, 3, 2),
            MatMut::col_major(&mut c, 4, 2),
        ),
        r,
        "a",
    );
    assert!(c.iter().all(|x| x.to_f32() == 7.0), "C changed on error");
    // Batches: counts must agree, and C's matrices must not overlap.
    let rb = "gemm_strided_batched_with";
    let e = dev.gemm_strided_batched_with(
        ComputeType::F32,
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, 2, 3).batched(2, 6),
        Mat::col_major(&b, 3, 1).batched(1, 3),
        0.0,
        MatMut::col_major(&mut c, 2, 1).batched(2, 2),
    );
    assert_invalid(e, rb, "b");
    let e = dev.gemm_strided_batched_with(
        ComputeType::F32,
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, 2, 3).batched(2, 6),
        Mat::col_major(&b, 3, 1).batched(2, 3),
        0.0,
        MatMut::col_major(&mut c, 2, 1).batched(2, 1),
    );
    assert_invalid(e, rb, "c");
    assert!(c.iter().all(|x| x.to_f32() == 7.0), "C changed on error");
}
