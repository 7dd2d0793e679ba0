//! The guard around routines a library computes by multiplying structural zeros: on an emulated
//! device whose `trmv`/`tbmv`/`tpmv`, `trmm` and `her2k` multiply the zeros as cuBLAS's do
//! (`Emulated::with_vendor_zeros`), a NaN or ∞ in `x` (or `B`, or `A`/`B` of her2k) reaches
//! exactly the elements of the result the reference lets it reach, and finite inputs give the
//! reference's result. Checked against a naive reference in `Complex64` that sums only the
//! terms of the triangle (and band), on fresh seeded random inputs, for the four types, both
//! triangles, every op and both diagonals; the host backend is held to the same reference.
#![cfg(feature = "host")]

use gpublas::backend::StructuralZeros;
use gpublas::prelude::*;
use gpublas::{Backend, Emulated, Host};
use num_complex::Complex64 as Z;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The four types seen through `Complex64`.
trait TestScalar: Scalar {
    const EPS: f64;
    fn z(self) -> Z;
    fn of(z: Z) -> Self;
}

macro_rules! real {
    ($t:ty) => {
        impl TestScalar for $t {
            const EPS: f64 = <$t>::EPSILON as f64;
            fn z(self) -> Z {
                Z::new(self as f64, 0.0)
            }
            fn of(z: Z) -> Self {
                z.re as $t
            }
        }
    };
}
macro_rules! complex {
    ($t:ty, $r:ty) => {
        impl TestScalar for $t {
            const EPS: f64 = <$r>::EPSILON as f64;
            fn z(self) -> Z {
                Z::new(self.re as f64, self.im as f64)
            }
            fn of(z: Z) -> Self {
                <$t>::new(z.re as $r, z.im as $r)
            }
        }
    };
}
real!(f32);
real!(f64);
complex!(Complex32, f32);
complex!(Complex64, f64);

fn rand_z<T: TestScalar>(r: &mut ChaCha8Rng) -> T {
    T::of(Z::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0)))
}

/// The non-finite values put into operands: NaN (both parts) and +∞ (the real part).
fn poisons<T: TestScalar>() -> [T; 2] {
    [
        T::of(Z::new(f64::NAN, f64::NAN)),
        T::of(Z::new(f64::INFINITY, 0.0)),
    ]
}

fn finite(z: Z) -> bool {
    z.re.is_finite() && z.im.is_finite()
}

/// `got` is non-finite exactly where the reference's `want` is, and within a tolerance of it
/// elsewhere.
#[track_caller]
fn check<T: TestScalar>(what: &str, got: T, want: Z, terms: usize) {
    let g = got.z();
    if finite(want) {
        let tol = 16.0 * T::EPS * (terms as f64 + 1.0) * (1.0 + want.norm());
        assert!(
            finite(g) && (g - want).norm() <= tol,
            "{what}: got {g}, the reference gives {want} (a non-finite value reached an element the reference keeps finite, or the value is wrong)"
        );
    } else {
        assert!(!finite(g), "{what}: got {g}, the reference gives {want}");
    }
}

fn ops<T: TestScalar>() -> Vec<Op> {
    if T::IS_COMPLEX {
        vec![Op::N, Op::T, Op::C]
    } else {
        vec![Op::N, Op::T]
    }
}

const UPLOS: [Uplo; 2] = [Uplo::Upper, Uplo::Lower];
const DIAGS: [Diag; 2] = [Diag::NonUnit, Diag::Unit];

/// Whether `(i, j)` is in the `uplo` triangle, within `k` off-diagonals.
fn in_band(uplo: Uplo, k: usize, i: usize, j: usize) -> bool {
    match uplo {
        Uplo::Upper => i <= j && j - i <= k,
        Uplo::Lower => i >= j && i - j <= k,
    }
}

/// `op(A)(i, j)` of the triangle `tri` (dense, column-major, order `n`), `None` for a structural
/// zero; a unit diagonal is `Some(1)`.
fn op_tri(
    tri: &[Z],
    n: usize,
    (uplo, trans, diag, k): (Uplo, Op, Diag, usize),
    i: usize,
    j: usize,
) -> Option<Z> {
    let (r, c) = if trans == Op::N { (i, j) } else { (j, i) };
    if !in_band(uplo, k, r, c) {
        return None;
    }
    if r == c && diag == Diag::Unit {
        return Some(Z::new(1.0, 0.0));
    }
    let v = tri[r + c * n];
    Some(if trans == Op::C { v.conj() } else { v })
}

/// `x ← op(A) x` as the reference computes it: only the terms of the triangle.
fn ref_trmv(tri: &[Z], n: usize, shape: (Uplo, Op, Diag, usize), x: &[Z]) -> Vec<Z> {
    (0..n)
        .map(|i| {
            (0..n)
                .filter_map(|j| op_tri(tri, n, shape, i, j).map(|a| a * x[j]))
                .sum()
        })
        .collect()
}

/// The triangle of order `n` within `k` off-diagonals: random inside, NaN outside and on a unit
/// diagonal (the reference reads neither).
fn triangle<T: TestScalar>(
    r: &mut ChaCha8Rng,
    n: usize,
    (uplo, diag, k): (Uplo, Diag, usize),
) -> Vec<T> {
    let nan = poisons::<T>()[0];
    let mut t = vec![nan; n * n];
    for j in 0..n {
        for i in 0..n {
            if in_band(uplo, k, i, j) && !(i == j && diag == Diag::Unit) {
                t[i + j * n] = rand_z(r);
            }
        }
    }
    t
}

/// The storage formats of the triangular products.
#[derive(Debug, Clone, Copy)]
enum Storage {
    Full,
    Band(usize),
    Packed,
}

/// `dense` (column-major, order `n`) in `storage`, NaN in every slot the format leaves unused;
/// full storage has one row of padding.
fn stored<T: TestScalar>(dense: &[T], n: usize, uplo: Uplo, storage: Storage) -> (Vec<T>, usize) {
    let nan = poisons::<T>()[0];
    match storage {
        Storage::Full => {
            let ld = n + 1;
            let mut a = vec![nan; ld * n];
            for j in 0..n {
                for i in 0..n {
                    a[i + j * ld] = dense[i + j * n];
                }
            }
            (a, ld)
        }
        Storage::Band(k) => {
            let ld = k + 1;
            let mut a = vec![nan; ld * n];
            for j in 0..n {
                for i in 0..n {
                    if in_band(uplo, k, i, j) {
                        let row = if uplo == Uplo::Upper {
                            k + i - j
                        } else {
                            i - j
                        };
                        a[row + j * ld] = dense[i + j * n];
                    }
                }
            }
            (a, ld)
        }
        Storage::Packed => {
            let mut a = Vec::with_capacity(n * (n + 1) / 2);
            for j in 0..n {
                let rows = if uplo == Uplo::Upper { 0..j + 1 } else { j..n };
                for i in rows {
                    a.push(dense[i + j * n]);
                }
            }
            (a, 0)
        }
    }
}

/// Buffer index of element `i` of an `n`-vector at `inc` (a negative one walks from the end).
fn vidx(i: usize, n: usize, inc: isize) -> usize {
    let s = inc.unsigned_abs();
    if inc > 0 {
        i * s
    } else {
        (n - 1 - i) * s
    }
}

fn triangular_products<T: TestScalar, B: BlasAll>(dev: &Device<B>, seed: u64) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    for n in [1usize, 4, 6] {
        for storage in [Storage::Full, Storage::Band(2), Storage::Packed] {
            let k = match storage {
                Storage::Band(k) => k,
                _ => n,
            };
            for uplo in UPLOS {
                for trans in ops::<T>() {
                    for diag in DIAGS {
                        for inc in [1isize, -2] {
                            // No poison, then a NaN and an ∞ at every element of `x` in turn.
                            let mut cases: Vec<Option<(T, usize)>> = vec![None];
                            for p in poisons::<T>() {
                                cases.extend((0..n).map(|at| Some((p, at))));
                            }
                            for case in cases {
                                let tri = triangle::<T>(&mut r, n, (uplo, diag, k));
                                let (a, lda) = stored(&tri, n, uplo, storage);
                                let len = (n - 1) * inc.unsigned_abs() + 1;
                                let mut x: Vec<T> = (0..len).map(|_| rand_z(&mut r)).collect();
                                if let Some((p, at)) = case {
                                    x[vidx(at, n, inc)] = p;
                                }
                                let x0 = x.clone();
                                let xv = VectorMut::strided(&mut x, n, inc);
                                let upper = uplo == Uplo::Upper;
                                match storage {
                                    Storage::Full => {
                                        let am = Mat::col_major(&a, n, n).with_ld(lda);
                                        dev.trmv(uplo, trans, diag, am, xv)
                                    }
                                    Storage::Band(k) => {
                                        let ab = if upper {
                                            Banded::upper(&a, n, k)
                                        } else {
                                            Banded::lower(&a, n, k)
                                        };
                                        dev.tbmv(trans, diag, ab, xv)
                                    }
                                    Storage::Packed => {
                                        let ap = if upper {
                                            Packed::upper(&a, n)
                                        } else {
                                            Packed::lower(&a, n)
                                        };
                                        dev.tpmv(trans, diag, ap, xv)
                                    }
                                }
                                .unwrap_or_else(|e| panic!("{storage:?}: {e}"));
                                let zt: Vec<Z> = tri.iter().map(|v| v.z()).collect();
                                let zx: Vec<Z> = (0..n).map(|i| x0[vidx(i, n, inc)].z()).collect();
                                let want = ref_trmv(&zt, n, (uplo, trans, diag, k), &zx);
                                let what = |i| {
                                    format!("{storage:?} {uplo:?} {trans:?} {diag:?} n={n} inc={inc} poison {case:?}: x[{i}]")
                                };
                                for (i, w) in want.iter().enumerate() {
                                    check(&what(i), x[vidx(i, n, inc)], *w, n);
                                }
                                // The gaps between the elements are untouched.
                                for (j, (g, o)) in x.iter().zip(&x0).enumerate() {
                                    if inc.unsigned_abs() > 1 && j % 2 == 1 {
                                        assert_eq!(g.z(), o.z(), "gap {j} changed");
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn trmm<T: TestScalar, B: BlasAll>(dev: &Device<B>, seed: u64) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    for (m, n) in [(3usize, 4usize), (5, 2)] {
        for side in [Side::Left, Side::Right] {
            let ka = if side == Side::Left { m } else { n };
            for uplo in UPLOS {
                for trans in ops::<T>() {
                    for diag in DIAGS {
                        for in_place in [false, true] {
                            let mut cases: Vec<Option<(T, usize, usize)>> = vec![None];
                            for p in poisons::<T>() {
                                for _ in 0..3 {
                                    cases.push(Some((p, r.gen_range(0..m), r.gen_range(0..n))));
                                }
                            }
                            for case in cases {
                                let tri = triangle::<T>(&mut r, ka, (uplo, diag, ka));
                                let (a, lda) = stored(&tri, ka, uplo, Storage::Full);
                                let ldb = m + 1;
                                let mut b: Vec<T> = (0..ldb * n).map(|_| rand_z(&mut r)).collect();
                                if let Some((p, i, j)) = case {
                                    b[i + j * ldb] = p;
                                }
                                let alpha: T = rand_z(&mut r);
                                let b0 = b.clone();
                                let am = Mat::col_major(&a, ka, ka).with_ld(lda);
                                let mut c: Vec<T> = vec![poisons::<T>()[0]; ldb * n];
                                let res = if in_place {
                                    let bm = MatMut::col_major(&mut b, m, n).with_ld(ldb);
                                    dev.trmm_in_place(side, uplo, trans, diag, alpha, am, bm)
                                } else {
                                    let bm = Mat::col_major(&b, m, n).with_ld(ldb);
                                    let cm = MatMut::col_major(&mut c, m, n).with_ld(ldb);
                                    dev.trmm(side, uplo, trans, diag, alpha, am, bm, cm)
                                };
                                res.unwrap_or_else(|e| panic!("trmm: {e}"));
                                let out = if in_place { &b } else { &c };
                                let zt: Vec<Z> = tri.iter().map(|v| v.z()).collect();
                                let shape = (uplo, trans, diag, ka);
                                for j in 0..n {
                                    for i in 0..m {
                                        let want: Z = (0..ka)
                                            .filter_map(|l| match side {
                                                Side::Left => op_tri(&zt, ka, shape, i, l)
                                                    .map(|t| t * b0[l + j * ldb].z()),
                                                Side::Right => op_tri(&zt, ka, shape, l, j)
                                                    .map(|t| b0[i + l * ldb].z() * t),
                                            })
                                            .sum::<Z>()
                                            * alpha.z();
                                        let what = format!(
                                            "trmm {side:?} {uplo:?} {trans:?} {diag:?} {m}×{n} in place {in_place} poison {case:?}: ({i}, {j})"
                                        );
                                        check(&what, out[i + j * ldb], want, ka);
                                    }
                                    // The padding row is untouched.
                                    let pad = m + j * ldb;
                                    let before = if in_place {
                                        b0[pad].z()
                                    } else {
                                        poisons::<T>()[0].z()
                                    };
                                    let after = out[pad].z();
                                    assert!(
                                        after == before || (after.is_nan() && before.is_nan()),
                                        "trmm padding changed"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn her2k<T: TestScalar, B: BlasAll>(dev: &Device<B>, seed: u64) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let ops = if T::IS_COMPLEX {
        [Op::N, Op::C]
    } else {
        [Op::N, Op::T]
    };
    for (n, k) in [(3usize, 4usize), (4, 2)] {
        for uplo in UPLOS {
            for trans in ops {
                let (rows, cols) = if trans == Op::N { (n, k) } else { (k, n) };
                let mut cases: Vec<Option<(T, bool, usize, usize)>> = vec![None];
                for p in poisons::<T>() {
                    for in_b in [false, true] {
                        for _ in 0..3 {
                            cases.push(Some((p, in_b, r.gen_range(0..rows), r.gen_range(0..cols))));
                        }
                    }
                }
                for case in cases {
                    let ld = rows + 1;
                    let mut a: Vec<T> = (0..ld * cols).map(|_| rand_z(&mut r)).collect();
                    let mut b: Vec<T> = (0..ld * cols).map(|_| rand_z(&mut r)).collect();
                    if let Some((p, in_b, i, j)) = case {
                        if in_b {
                            b[i + j * ld] = p
                        } else {
                            a[i + j * ld] = p
                        }
                    }
                    let nan = poisons::<T>()[0];
                    // C: random in the `uplo` triangle (a real diagonal), NaN in the other one.
                    let mut c = vec![nan; n * n];
                    for j in 0..n {
                        for i in 0..n {
                            if in_band(uplo, n, i, j) {
                                let v: T = rand_z(&mut r);
                                c[i + j * n] = if i == j {
                                    T::of(Z::new(v.z().re, 0.0))
                                } else {
                                    v
                                };
                            }
                        }
                    }
                    let alpha: T = rand_z(&mut r);
                    let beta: T::Real = T::of(Z::new(r.gen_range(-1.0..1.0), 0.0)).re();
                    let c0 = c.clone();
                    dev.her2k(
                        uplo,
                        trans,
                        alpha,
                        Mat::col_major(&a, rows, cols).with_ld(ld),
                        Mat::col_major(&b, rows, cols).with_ld(ld),
                        beta,
                        MatMut::col_major(&mut c, n, n),
                    )
                    .unwrap_or_else(|e| panic!("her2k: {e}"));
                    let op = |x: &[T], i: usize, l: usize| -> Z {
                        match trans {
                            Op::N => x[i + l * ld].z(),
                            _ => x[l + i * ld].z().conj(),
                        }
                    };
                    let (al, be) = (alpha.z(), Z::new(beta.into(), 0.0));
                    for j in 0..n {
                        for i in 0..n {
                            let what = format!(
                                "her2k {uplo:?} {trans:?} n={n} k={k} poison {case:?}: ({i}, {j})"
                            );
                            if !in_band(uplo, n, i, j) {
                                assert!(
                                    c[i + j * n].z().is_nan(),
                                    "{what}: the other triangle was written"
                                );
                                continue;
                            }
                            let s: Z = (0..k)
                                .map(|l| {
                                    al * op(&a, i, l) * op(&b, j, l).conj()
                                        + al.conj() * op(&b, i, l) * op(&a, j, l).conj()
                                })
                                .sum();
                            let mut want = be * c0[i + j * n].z() + s;
                            if i == j {
                                // The reference keeps the real parts of the diagonal only.
                                want = Z::new(want.re, 0.0);
                            }
                            check(&what, c[i + j * n], want, 2 * k);
                        }
                    }
                }
            }
        }
    }
}

/// Runs `$f` for the four types on `$dev`, from `$seed`.
macro_rules! for_all_types {
    ($f:ident, $dev:expr, $seed:expr) => {
        $f::<f32, _>($dev, $seed);
        $f::<f64, _>($dev, $seed + 1);
        $f::<Complex32, _>($dev, $seed + 2);
        $f::<Complex64, _>($dev, $seed + 3);
    };
}

/// The emulated device that multiplies structural zeros as cuBLAS does, guarded.
fn vendor_zeros() -> (Emulated, Device<Emulated>) {
    let emu = Emulated::with_vendor_zeros();
    let kinds = [f32::KIND, f64::KIND, Complex32::KIND, Complex64::KIND];
    let routines = [
        StructuralZeros::TriangularMv,
        StructuralZeros::Trmm,
        StructuralZeros::Her2k,
    ];
    for (r, k) in routines.iter().flat_map(|r| kinds.map(|k| (r, k))) {
        assert!(emu.multiplies_structural_zeros(*r, k));
        assert!(!Host.multiplies_structural_zeros(*r, k));
    }
    (emu.clone(), Device::new(emu))
}

#[test]
fn guarded_triangular_products_keep_non_finite_values_of_x_where_the_reference_does() {
    let (emu, dev) = vendor_zeros();
    for_all_types!(triangular_products, &dev, 0x5eed_2e70);
    assert_eq!(emu.live_allocations(), 0, "a guard's scratch was not freed");
    for_all_types!(triangular_products, &Device::new(Host), 0x5eed_4057);
}

#[test]
fn guarded_trmm_keeps_non_finite_values_of_b_where_the_reference_does() {
    let (emu, dev) = vendor_zeros();
    for_all_types!(trmm, &dev, 0x5eed_3170);
    assert_eq!(emu.live_allocations(), 0, "a guard's scratch was not freed");
    for_all_types!(trmm, &Device::new(Host), 0x5eed_3171);
}

#[test]
fn guarded_her2k_keeps_non_finite_values_of_a_and_b_where_the_reference_does() {
    let (emu, dev) = vendor_zeros();
    for_all_types!(her2k, &dev, 0x5eed_2e2c);
    assert_eq!(emu.live_allocations(), 0, "a guard's scratch was not freed");
    for_all_types!(her2k, &Device::new(Host), 0x5eed_2e2d);
}
