//! Host `gemm` against an independent reference: every element of `C ← α op(A) op(B) + β C`
//! computed in the test from exact products summed with a compensated (Neumaier) sum in `f64`,
//! so the reference is accurate to far below the tolerance for every type.
//!
//! Sizes sweep the kernel's edges: every `m`, `n`, `k` in 1..=17 (register tiles), 63..65 and
//! 127..129 (vector and tile multiples), depths around both depth-block sizes (256 and 512
//! units), every op pair (N, T, C), leading dimensions larger than the rows with the padding
//! filled with NaN (read, it would poison the result), `α = 0` with NaN operands (never read),
//! `β = 0` with NaN in `C` (never read), `k = 0`, and empty `C`.
//!
//! Small cases run under Miri:
//! `MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-strict-provenance" cargo +nightly miri test -p gpublas --test host_gemm_kernel`

#![cfg(feature = "host")] // the host backend (a default feature)

use gpublas::prelude::*;
use gpublas::{Complex32, Complex64};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A type under test, seen through `Complex64`.
trait Elem: Scalar {
    /// The unit roundoff of the type.
    const EPS: f64;
    fn from_z(z: Complex64) -> Self;
    fn to_z(self) -> Complex64;
}

macro_rules! elem {
    ($t:ty, real, $eps:expr) => {
        impl Elem for $t {
            const EPS: f64 = $eps;
            fn from_z(z: Complex64) -> Self {
                z.re as $t
            }
            fn to_z(self) -> Complex64 {
                Complex64::new(self.into(), 0.0)
            }
        }
    };
    ($t:ty, complex, $eps:expr) => {
        impl Elem for $t {
            const EPS: f64 = $eps;
            fn from_z(z: Complex64) -> Self {
                <$t>::new(z.re as _, z.im as _)
            }
            fn to_z(self) -> Complex64 {
                Complex64::new(self.re.into(), self.im.into())
            }
        }
    };
}
elem!(f32, real, f32::EPSILON as f64 / 2.0);
elem!(f64, real, f64::EPSILON / 2.0);
elem!(Complex32, complex, f32::EPSILON as f64 / 2.0);
elem!(Complex64, complex, f64::EPSILON / 2.0);

fn random<T: Elem>(rng: &mut ChaCha8Rng) -> T {
    T::from_z(Complex64::new(
        rng.gen_range(-1.0..1.0),
        rng.gen_range(-1.0..1.0),
    ))
}

fn nan<T: Elem>() -> T {
    T::from_z(Complex64::new(f64::NAN, f64::NAN))
}

/// A compensated sum of exact products (`TwoProduct` through a fused multiply-add, Neumaier's
/// summation): the reference's accuracy does not depend on `k`.
#[derive(Default, Clone, Copy)]
struct Sum {
    hi: f64,
    lo: f64,
    /// `Σ |terms|`, for the error bound.
    mag: f64,
}

impl Sum {
    fn add(&mut self, x: f64) {
        let t = self.hi + x;
        self.lo += if self.hi.abs() >= x.abs() {
            (self.hi - t) + x
        } else {
            (x - t) + self.hi
        };
        self.hi = t;
        self.mag += x.abs();
    }

    fn add_product(&mut self, a: f64, b: f64) {
        let p = a * b;
        self.add(p);
        self.add(a.mul_add(b, -p));
    }

    fn value(&self) -> f64 {
        self.hi + self.lo
    }
}

/// One gemm problem with its inputs stored column-major with padded leading dimensions.
struct Case<T> {
    ta: Op,
    tb: Op,
    m: usize,
    n: usize,
    k: usize,
    alpha: T,
    beta: T,
    a: Vec<T>,
    lda: usize,
    b: Vec<T>,
    ldb: usize,
    c0: Vec<T>,
    ldc: usize,
}

fn stored(op: Op, rows: usize, cols: usize) -> (usize, usize) {
    if op == Op::N {
        (rows, cols)
    } else {
        (cols, rows)
    }
}

impl<T: Elem> Case<T> {
    /// Random operands; every element outside the stored shapes is NaN.
    fn new(rng: &mut ChaCha8Rng, (ta, tb): (Op, Op), (m, n, k): (usize, usize, usize)) -> Self {
        let (ar, ac) = stored(ta, m, k);
        let (br, bc) = stored(tb, k, n);
        let (lda, ldb, ldc) = (
            ar.max(1) + rng.gen_range(0..3),
            br.max(1) + rng.gen_range(0..3),
            m.max(1) + rng.gen_range(0..3),
        );
        let mut fill = |rows: usize, cols: usize, ld: usize| {
            let mut v = vec![nan::<T>(); ld * cols];
            for j in 0..cols {
                for i in 0..rows {
                    v[i + j * ld] = random(rng);
                }
            }
            v
        };
        let (a, b, c0) = (fill(ar, ac, lda), fill(br, bc, ldb), fill(m, n, ldc));
        Case {
            ta,
            tb,
            m,
            n,
            k,
            alpha: random(rng),
            beta: random(rng),
            a,
            lda,
            b,
            ldb,
            c0,
            ldc,
        }
    }

    /// Element `(i, p)` of `op(A)`, or `(p, j)` of `op(B)`, as a complex number.
    fn op_elem(op: Op, x: &[T], ld: usize, row: usize, col: usize) -> Complex64 {
        let z = if op == Op::N {
            x[row + col * ld]
        } else {
            x[col + row * ld]
        }
        .to_z();
        if op == Op::C {
            z.conj()
        } else {
            z
        }
    }

    /// The gemm through gpublas's host backend.
    fn run(&self) -> Vec<T> {
        let (ar, ac) = stored(self.ta, self.m, self.k);
        let (br, bc) = stored(self.tb, self.k, self.n);
        let mut c = self.c0.clone();
        Device::host()
            .gemm(
                self.ta,
                self.tb,
                self.alpha,
                Mat::col_major(&self.a, ar, ac).with_ld(self.lda),
                Mat::col_major(&self.b, br, bc).with_ld(self.ldb),
                self.beta,
                MatMut::col_major(&mut c, self.m, self.n).with_ld(self.ldc),
            )
            .expect("a valid gemm");
        c
    }

    /// Checks every element of `got` against the reference, and the padding of `C` against
    /// its old contents (bit for bit).
    fn check(&self, got: &[T]) {
        let (alpha, beta) = (self.alpha.to_z(), self.beta.to_z());
        let beta_zero = self.beta.is_zero();
        let alpha_zero = self.alpha.is_zero();
        for j in 0..self.n {
            for i in 0..self.m {
                let (mut re, mut im) = (Sum::default(), Sum::default());
                if !alpha_zero {
                    for p in 0..self.k {
                        let x = Self::op_elem(self.ta, &self.a, self.lda, i, p) * alpha;
                        let y = Self::op_elem(self.tb, &self.b, self.ldb, p, j);
                        re.add_product(x.re, y.re);
                        re.add_product(-x.im, y.im);
                        im.add_product(x.re, y.im);
                        im.add_product(x.im, y.re);
                    }
                }
                let c0 = self.c0[i + j * self.ldc].to_z();
                if !beta_zero {
                    let t = beta * c0;
                    re.add(t.re);
                    im.add(t.im);
                }
                let want = Complex64::new(re.value(), im.value());
                let have = got[i + j * self.ldc].to_z();
                // Forming α·a and β·c adds a few more roundings than the k-term dot product.
                let bound =
                    (self.k as f64 + 4.0) * 4.0 * T::EPS * (re.mag + im.mag) + f64::MIN_POSITIVE;
                let err = (have - want).norm();
                assert!(
                    err <= bound,
                    "{:?} gemm {:?}{:?} m={} n={} k={} α={} β={}: C[{i},{j}] = {have}, \
                     reference {want} (error {err:.3e}, bound {bound:.3e})",
                    T::KIND,
                    self.ta,
                    self.tb,
                    self.m,
                    self.n,
                    self.k,
                    self.alpha,
                    self.beta,
                );
            }
            for i in self.m..self.ldc.min(got.len() - j * self.ldc) {
                let at = i + j * self.ldc;
                assert!(
                    got[at].to_z().re.is_nan(),
                    "C's padding at ({i}, {j}) was written"
                );
            }
        }
    }
}

const OPS: [(Op, Op); 9] = [
    (Op::N, Op::N),
    (Op::N, Op::T),
    (Op::N, Op::C),
    (Op::T, Op::N),
    (Op::T, Op::T),
    (Op::T, Op::C),
    (Op::C, Op::N),
    (Op::C, Op::T),
    (Op::C, Op::C),
];

fn rng(tag: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0x9e44_0000 ^ tag)
}

/// The op pairs a test runs: all nine, or under Miri (slow) three that still cover every op
/// on each side.
fn ops() -> &'static [(Op, Op)] {
    if cfg!(miri) {
        &[(Op::N, Op::T), (Op::T, Op::C), (Op::C, Op::N)]
    } else {
        &OPS
    }
}

/// Every op pair on each shape.
fn sweep<T: Elem>(rng: &mut ChaCha8Rng, shapes: &[(usize, usize, usize)]) {
    for &shape in shapes {
        for &ops in ops() {
            let case = Case::<T>::new(rng, ops, shape);
            case.check(&case.run());
        }
    }
}

/// Shapes with every dimension in 1..=17 (a random sample under Miri).
fn small<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let limit = if cfg!(miri) { 5 } else { 17 };
    let mut shapes = Vec::new();
    for s in 1..=limit {
        shapes.push((s, s, s));
        shapes.push((s, limit + 1 - s, (s * 7) % limit + 1));
    }
    if !cfg!(miri) {
        for _ in 0..40 {
            shapes.push((
                r.gen_range(1..=17),
                r.gen_range(1..=17),
                r.gen_range(1..=17),
            ));
        }
    }
    sweep::<T>(&mut r, &shapes);
}

/// Rows and columns across vector and tile multiples (64 and 128 ± 1), one at a time.
fn edges<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let sizes: &[usize] = if cfg!(miri) {
        &[]
    } else {
        &[63, 64, 65, 127, 128, 129]
    };
    let mut shapes = Vec::new();
    for &s in sizes {
        shapes.push((s, 5, 9));
        shapes.push((7, s, 9));
        shapes.push((s, s, 3));
    }
    sweep::<T>(&mut r, &shapes);
}

/// Depths around both depth-block sizes (and past two blocks).
fn depths<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let (m, n) = if cfg!(miri) { (2, 3) } else { (19, 10) };
    let ks: &[usize] = if cfg!(miri) {
        &[257]
    } else {
        &[255, 256, 257, 511, 512, 513, 1030]
    };
    let shapes: Vec<_> = ks.iter().map(|&k| (m, n, k)).collect();
    sweep::<T>(&mut r, &shapes);
}

/// `α = 0` reads neither `A` nor `B` (all NaN here); `β = 0` never reads `C` (NaN here);
/// `k = 0` scales `C` by `β`; an empty `C` is left alone.
fn special_scalars<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let dims = if cfg!(miri) { (3, 2, 4) } else { (20, 9, 30) };
    for &ops in ops() {
        // α = 0, NaN operands.
        let mut case = Case::<T>::new(&mut r, ops, dims);
        case.alpha = T::zero();
        case.a.iter_mut().for_each(|x| *x = nan());
        case.b.iter_mut().for_each(|x| *x = nan());
        case.check(&case.run());
        // β = 0, NaN in C (inside the matrix too).
        let mut case = Case::<T>::new(&mut r, ops, dims);
        case.beta = T::zero();
        case.c0.iter_mut().for_each(|x| *x = nan());
        let got = case.run();
        assert!(got.iter().enumerate().all(|(at, x)| {
            let (i, j) = (at % case.ldc, at / case.ldc);
            (i >= case.m || j >= case.n) || !x.to_z().re.is_nan()
        }));
        case.check(&got);
        // α = 0 and β = 0: zeros, nothing read.
        case.alpha = T::zero();
        let got = case.run();
        for j in 0..case.n {
            for i in 0..case.m {
                assert_eq!(got[i + j * case.ldc].to_z(), Complex64::new(0.0, 0.0));
            }
        }
        // k = 0.
        let case = Case::<T>::new(&mut r, ops, (dims.0, dims.1, 0));
        case.check(&case.run());
        // Empty C: nothing written.
        for (m, n) in [(0, dims.1), (dims.0, 0)] {
            let case = Case::<T>::new(&mut r, ops, (m, n, dims.2));
            let got = case.run();
            // Bytes, not values: NaN payloads may change in a conversion (Miri varies them).
            assert!(got
                .iter()
                .zip(&case.c0)
                .all(|(x, y)| bytemuck::bytes_of(x) == bytemuck::bytes_of(y)));
        }
    }
}

macro_rules! for_each_type {
    ($($name:ident),*) => {$(
        mod $name {
            use super::*;
            #[test]
            fn f32() { $name::<f32>(1) }
            #[test]
            fn f64() { $name::<f64>(2) }
            #[test]
            fn c32() { $name::<Complex32>(3) }
            #[test]
            fn c64() { $name::<Complex64>(4) }
        }
    )*};
}

/// Tall, narrow products (few columns of `C`, many rows), which the backend computes transposed
/// when `op(A)` is stored by rows (`Cᵀ = op(B)ᵀ·op(A)ᵀ` into a copy of `C`): every op pair, and
/// `β = 0` with NaN in `C`.
fn narrow<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let shapes: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(13, 3, 4)]
    } else {
        &[(1100, 9, 110), (530, 128, 20), (700, 1, 1600)]
    };
    sweep::<T>(&mut r, shapes);
    for &dims in shapes {
        for &ops in ops() {
            let mut case = Case::<T>::new(&mut r, ops, dims);
            case.beta = T::zero();
            case.c0.iter_mut().for_each(|x| *x = nan());
            case.check(&case.run());
        }
    }
}

/// The panel products of LAPACK's recursive factorizations (`dgetrf2`: `m × n × n` with `n`
/// halving down to 1): `C` of 1 to 16 columns over many rows, which real products compute in
/// register tiles of 1 to 4 columns; every op pair, and `β = 0` with NaN in `C`.
fn panels<T: Elem>(tag: u64) {
    let mut r = rng(tag);
    let shapes: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(13, 1, 3), (9, 2, 5), (11, 3, 2), (10, 4, 3)]
    } else {
        &[
            (600, 1, 1),
            (600, 2, 2),
            (600, 3, 3),
            (601, 4, 40),
            (600, 5, 16),
            (600, 8, 20),
            (599, 12, 16),
            (600, 16, 16),
        ]
    };
    sweep::<T>(&mut r, shapes);
    for &dims in shapes {
        for &ops in ops() {
            let mut case = Case::<T>::new(&mut r, ops, dims);
            case.beta = T::zero();
            case.c0.iter_mut().for_each(|x| *x = nan());
            case.check(&case.run());
        }
    }
}

for_each_type!(small, edges, depths, special_scalars, narrow, panels);

/// A strided batch against the same reference, product by product, with shared (stride 0)
/// and distinct operands, enough products to be split across threads.
#[test]
fn strided_batch_matches_the_reference_per_product() {
    let mut r = rng(9);
    let (m, n, k, count) = if cfg!(miri) {
        (3, 2, 4, 3)
    } else {
        (17, 16, 15, 300)
    };
    for (ta, tb) in [(Op::N, Op::N), (Op::T, Op::C)] {
        let cases: Vec<Case<Complex64>> = (0..count)
            .map(|_| Case::new(&mut r, (ta, tb), (m, n, k)))
            .collect();
        // One shared B (stride 0): every case uses the first case's B.
        let (ar, ac) = stored(ta, m, k);
        let (br, bc) = stored(tb, k, n);
        let lda = cases[0]
            .lda
            .max(cases.iter().map(|c| c.lda).max().unwrap_or(1));
        let (ldb, ldc) = (cases[0].ldb, m);
        let mut a = vec![nan::<Complex64>(); lda * ac * count];
        let mut c = vec![Complex64::default(); ldc * n * count];
        for (q, case) in cases.iter().enumerate() {
            for j in 0..ac {
                for i in 0..ar {
                    a[q * lda * ac + i + j * lda] = case.a[i + j * case.lda];
                }
            }
            for j in 0..n {
                for i in 0..m {
                    c[q * ldc * n + i + j * ldc] = case.c0[i + j * case.ldc];
                }
            }
        }
        let (alpha, beta) = (cases[0].alpha, cases[0].beta);
        Device::host()
            .gemm_strided_batched(
                ta,
                tb,
                alpha,
                Mat::col_major(&a, ar, ac)
                    .with_ld(lda)
                    .batched(count, lda * ac),
                Mat::col_major(&cases[0].b, br, bc)
                    .with_ld(ldb)
                    .batched(count, 0),
                beta,
                MatMut::col_major(&mut c, m, n)
                    .with_ld(ldc)
                    .batched(count, ldc * n),
            )
            .expect("a valid batch");
        for (q, case) in cases.iter().enumerate() {
            // The product as the batch computed it: its A, the shared B, the batch's α and β.
            let single = Case {
                ta,
                tb,
                m,
                n,
                k,
                alpha,
                beta,
                a: case.a.clone(),
                lda: case.lda,
                b: cases[0].b.clone(),
                ldb,
                c0: case.c0.clone(),
                ldc: case.ldc,
            };
            let mut got = case.c0.clone();
            for j in 0..n {
                for i in 0..m {
                    got[i + j * case.ldc] = c[q * ldc * n + i + j * ldc];
                }
            }
            single.check(&got);
        }
    }
}
