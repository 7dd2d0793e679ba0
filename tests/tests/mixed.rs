//! Mixed-precision gemm conformance (`gemm_with`, `gemm_strided_batched_with`): f16 and bf16
//! operands into their own type or f32, f32 with F32 and TF32 arithmetic, against an f64
//! reference computed from the very (16-bit-rounded) inputs the device got. Every op
//! combination, both layouts, ld > rows with NaN padding, empty dimensions, α = 0 with NaN in
//! A and B, β = 0 with NaN in C, strided batches with gaps, device buffers and guards of 16-bit
//! data, ndarray views, and bad arguments.
//!
//! Tolerances: products of f16/bf16 values are exact in f32, so the f32 accumulation of `k`
//! terms is off by at most about `k·u₃₂·Σ|αaᵢbᵢ| + |βc|·u₃₂` (taken ×4, as the whole suite
//! does); a 16-bit `C` adds one rounding, `u·|result|` (u = 2⁻¹¹ for f16, 2⁻⁸ for bf16, plus
//! half of f16's smallest subnormal). TF32 rounds (or truncates) each f32 input to a 10-bit
//! mantissa: each product is then off by up to 2·2⁻¹⁰ relative, ~2e-3 of `Σ|αaᵢbᵢ|`.

use gpublas_tests::gpublas::{bf16, f16, ComputeType, GemmInput, GemmOutput};
use gpublas_tests::*;

/// The storage types, as the reference sees them.
trait Storage16: GemmInput + std::fmt::Debug {
    const NAME: &'static str;
    /// Unit roundoff of the storage (0 for f32, whose results are not rounded again).
    const U: f64;
    /// Half the smallest positive subnormal (the absolute rounding error near zero).
    const TINY: f64;
    fn nan() -> Self;
    fn bits(self) -> u32;
}

impl Storage16 for f16 {
    const NAME: &'static str = "f16";
    const U: f64 = 1.0 / 2048.0;
    const TINY: f64 = 2.98e-8;
    fn nan() -> Self {
        f16::NAN
    }
    fn bits(self) -> u32 {
        u32::from(self.to_bits())
    }
}
impl Storage16 for bf16 {
    const NAME: &'static str = "bf16";
    const U: f64 = 1.0 / 256.0;
    const TINY: f64 = 0.0;
    fn nan() -> Self {
        bf16::NAN
    }
    fn bits(self) -> u32 {
        u32::from(self.to_bits())
    }
}
impl Storage16 for f32 {
    const NAME: &'static str = "f32";
    const U: f64 = 0.0;
    const TINY: f64 = 0.0;
    fn nan() -> Self {
        f32::NAN
    }
    fn bits(self) -> u32 {
        self.to_bits()
    }
}

const U32: f64 = f32::EPSILON as f64 / 2.0;

/// A buffer for layout `l` (plus a tail) whose elements are random in [-1, 1) rounded to `T`,
/// and whose padding is NaN.
fn buf<T: Storage16>(rng: &mut ChaCha8Rng, l: Layout) -> Vec<T> {
    let mut v = vec![T::nan(); l.len() + 3];
    for j in 0..l.cols {
        for i in 0..l.rows {
            v[l.idx(i, j)] = T::from_f32(rand_real::<f32>(rng));
        }
    }
    v
}

fn get<T: Storage16>(b: &[T], l: Layout, i: usize, j: usize) -> f64 {
    f64::from(b[l.idx(i, j)].to_f32())
}

/// Element `(i, j)` of `op(X)` for stored `X` of layout `l`.
fn get_op<T: Storage16>(b: &[T], l: Layout, op: Op, i: usize, j: usize) -> f64 {
    if op == Op::N {
        get(b, l, i, j)
    } else {
        get(b, l, j, i)
    }
}

#[derive(Debug, Clone, Copy)]
struct Case {
    ta: Op,
    tb: Op,
    m: usize,
    n: usize,
    k: usize,
    orders: [Order; 3],
    pad: usize,
    alpha: f32,
    beta: f32,
}

/// Runs one gemm_with case and checks C element by element against the f64 reference, and its
/// padding bit for bit.
fn check<I: Storage16, O: Storage16 + GemmOutput<I>>(
    rng: &mut ChaCha8Rng,
    compute: ComputeType,
    c: Case,
) {
    let dev = device();
    let (ar, ac) = c.ta.apply(c.m, c.k);
    let (br, bc) = c.tb.apply(c.k, c.n);
    let (la, lb, lc) = (
        Layout::new(c.orders[0], ar, ac, c.pad),
        Layout::new(c.orders[1], br, bc, c.pad),
        Layout::new(c.orders[2], c.m, c.n, c.pad),
    );
    let mut a = buf::<I>(rng, la);
    let mut b = buf::<I>(rng, lb);
    if c.alpha == 0.0 {
        // α = 0 reads neither A nor B.
        a.iter_mut().for_each(|x| *x = I::nan());
        b.iter_mut().for_each(|x| *x = I::nan());
    }
    let mut cc = buf::<O>(rng, lc);
    if c.beta == 0.0 {
        // β = 0 overwrites C without reading it.
        for j in 0..c.n {
            for i in 0..c.m {
                cc[lc.idx(i, j)] = O::nan();
            }
        }
    }
    let before = cc.clone();
    let cm = if lc.order == Order::ColMajor {
        MatMut::col_major(&mut cc[..], c.m, c.n).with_ld(lc.ld)
    } else {
        MatMut::row_major(&mut cc[..], c.m, c.n).with_ld(lc.ld)
    };
    dev.gemm_with(
        compute,
        c.ta,
        c.tb,
        c.alpha,
        mat(&a, la),
        mat(&b, lb),
        c.beta,
        cm,
    )
    .unwrap_or_else(|e| panic!("{c:?}: {e}"));
    let tf32 = compute == ComputeType::Tf32 && I::NAME == "f32";
    for j in 0..c.n {
        for i in 0..c.m {
            let (mut want, mut mag) = (0.0f64, 0.0f64);
            if c.alpha != 0.0 {
                for p in 0..c.k {
                    let t = get_op(&a, la, c.ta, i, p) * get_op(&b, lb, c.tb, p, j);
                    want += f64::from(c.alpha) * t;
                    mag += (f64::from(c.alpha) * t).abs();
                }
            }
            let cmag = if c.beta == 0.0 {
                0.0
            } else {
                (f64::from(c.beta) * get(&before, lc, i, j)).abs()
            };
            if c.beta != 0.0 {
                want += f64::from(c.beta) * get(&before, lc, i, j);
            }
            let acc = 4.0 * U32 * (c.k as f64 + 2.0) * (mag + cmag);
            // Each f32 input rounded (or truncated) to TF32's 10-bit mantissa.
            let input = if tf32 {
                2.1 * 2f64.powi(-10) * mag
            } else {
                0.0
            };
            let e1 = acc + input;
            let tol = e1 + O::U * (want.abs() + e1) + O::TINY;
            let got = get(&cc, lc, i, j);
            let err = (got - want).abs();
            assert!(
                err <= tol,
                "{}×{}→{} {}: {c:?}: C({i},{j}) = {got}, reference {want} (error {err:e} > {tol:e})",
                I::NAME,
                I::NAME,
                O::NAME,
                compute.name()
            );
        }
    }
    for k in 0..cc.len() {
        if !lc.covers(k) {
            assert_eq!(
                cc[k].bits(),
                before[k].bits(),
                "{c:?}: padding element {k} of C changed"
            );
        }
    }
}

/// A matrix of layout `l` over `b`.
fn mat<T: Storage16>(b: &[T], l: Layout) -> Mat<'_, [T]> {
    if l.order == Order::ColMajor {
        Mat::col_major(b, l.rows, l.cols).with_ld(l.ld)
    } else {
        Mat::row_major(b, l.rows, l.cols).with_ld(l.ld)
    }
}

const OPS_REAL: [Op; 3] = [Op::N, Op::T, Op::C];

fn sweep<I: Storage16, O: Storage16 + GemmOutput<I>>(compute: ComputeType) {
    let mut rng = rng(&format!(
        "mixed_sweep::{}::{}::{}",
        I::NAME,
        O::NAME,
        compute.name()
    ));
    for &ta in &OPS_REAL {
        for &tb in &OPS_REAL {
            for orders in [
                [Order::ColMajor; 3],
                [Order::RowMajor; 3],
                [Order::RowMajor, Order::ColMajor, Order::ColMajor],
                [Order::ColMajor, Order::RowMajor, Order::RowMajor],
            ] {
                let (m, n, k) = (7, 5, 33);
                let case = |alpha, beta, pad| Case {
                    ta,
                    tb,
                    m,
                    n,
                    k,
                    orders,
                    pad,
                    alpha,
                    beta,
                };
                check::<I, O>(&mut rng, compute, case(1.0, 0.0, 0));
                check::<I, O>(&mut rng, compute, case(-0.75, 0.5, 2));
            }
        }
    }
    // Sizes across tile edges, α = 0 (NaN in A and B), β = 1 with α = 0 (C untouched), empty
    // dimensions and k = 0 (C ← βC).
    let col = [Order::ColMajor; 3];
    for (m, n, k, alpha, beta) in [
        (17, 16, 129, 1.25, -1.0),
        (64, 65, 64, 1.0, 0.0),
        (6, 4, 9, 0.0, 0.5),
        (6, 4, 9, 0.0, 0.0),
        (6, 4, 9, 0.0, 1.0),
        (0, 4, 3, 1.0, 0.5),
        (4, 0, 3, 1.0, 0.5),
        (4, 3, 0, 1.0, 0.5),
        (4, 3, 0, 1.0, 0.0),
    ] {
        let case = Case {
            ta: Op::N,
            tb: Op::T,
            m,
            n,
            k,
            orders: col,
            pad: 1,
            alpha,
            beta,
        };
        check::<I, O>(&mut rng, compute, case);
    }
}

#[test]
fn gemm_with_f16_into_f16_matches_the_f64_reference() {
    sweep::<f16, f16>(ComputeType::F32);
}
#[test]
fn gemm_with_f16_into_f32_matches_the_f64_reference() {
    sweep::<f16, f32>(ComputeType::F32);
}
#[test]
fn gemm_with_bf16_into_bf16_matches_the_f64_reference() {
    sweep::<bf16, bf16>(ComputeType::F32);
}
#[test]
fn gemm_with_bf16_into_f32_matches_the_f64_reference() {
    sweep::<bf16, f32>(ComputeType::F32);
}
#[test]
fn gemm_with_f32_in_f32_arithmetic_matches_the_f64_reference() {
    sweep::<f32, f32>(ComputeType::F32);
}
#[test]
fn gemm_with_f32_in_tf32_arithmetic_is_within_tf32_rounding_of_the_reference() {
    sweep::<f32, f32>(ComputeType::Tf32);
}
#[test]
fn gemm_with_tf32_on_f16_operands_is_the_f32_arithmetic() {
    // TF32 holds every f16 exactly: the request is accepted and means F32.
    sweep::<f16, f32>(ComputeType::Tf32);
}
