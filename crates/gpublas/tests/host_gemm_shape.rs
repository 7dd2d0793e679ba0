//! Host `gemm`: the value of an element of `C` depends only on its own inputs — its row of
//! `op(A)`, its column of `op(B)`, `k`, `α`, `β` and its old value — never on the rest of the
//! call: not on `m` or `n`, not on where the element sits in `C` (which tile, which edge), not on
//! how many threads run. Reference BLAS has this property and LAPACK relies on it: its
//! eigenvalue tests compare, for exact equality, eigenvalues computed with and without
//! eigenvectors, where the only difference is how many rows or columns the same updates cover.
//!
//! Each test computes one `m × n` product, then the same elements again through smaller calls
//! (single rows, single columns, blocks, other `m`/`n`) and through the whole call in thread
//! pools of several sizes, and asserts that every shared element is bitwise the same.
//!
//! Small sizes run under Miri:
//! `MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-strict-provenance" cargo +nightly miri test -p gpublas --test host_gemm_shape`

#![cfg(feature = "host")] // the host backend (a default feature)

use std::ops::Range;

use gpublas::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The four BLAS types as this test draws and compares them.
trait Elem: Scalar {
    /// A random value with parts uniform in `[-1, 1)`.
    fn random(rng: &mut ChaCha8Rng) -> Self;
    /// The value's bits (both parts), for exact comparison (NaN payloads and signed zeros
    /// included).
    fn bits(self) -> (u64, u64);
    /// NaN (in both parts).
    fn nan() -> Self;
}

macro_rules! elem_real {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            fn random(rng: &mut ChaCha8Rng) -> Self {
                rng.gen_range(-1.0..1.0)
            }
            fn bits(self) -> (u64, u64) {
                (self.to_bits().into(), 0)
            }
            fn nan() -> Self {
                <$t>::NAN
            }
        }
    )*};
}
macro_rules! elem_complex {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            fn random(rng: &mut ChaCha8Rng) -> Self {
                <$t>::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0))
            }
            fn bits(self) -> (u64, u64) {
                (self.re.to_bits().into(), self.im.to_bits().into())
            }
            fn nan() -> Self {
                let zero = <$t>::new(0.0, 0.0);
                zero / zero
            }
        }
    )*};
}
elem_real!(f32, f64);
elem_complex!(Complex32, Complex64);

fn random_vec<T: Elem>(rng: &mut ChaCha8Rng, len: usize) -> Vec<T> {
    (0..len).map(|_| T::random(rng)).collect()
}

/// One product `C ← α op(A) op(B) + β C₀` with its inputs, leading dimensions larger than the
/// rows.
struct Problem<T> {
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

impl<T: Elem> Problem<T> {
    fn random(rng: &mut ChaCha8Rng, (ta, tb): (Op, Op), m: usize, n: usize, k: usize) -> Self {
        let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
        let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
        let (lda, ldb, ldc) = (ar + 3, br + 1, m + 2);
        Problem {
            ta,
            tb,
            m,
            n,
            k,
            alpha: T::random(rng),
            beta: T::random(rng),
            a: random_vec(rng, lda * ac),
            lda,
            b: random_vec(rng, ldb * bc),
            ldb,
            c0: random_vec(rng, ldc * n),
            ldc,
        }
    }

    /// The block `rows × cols` of the result, computed by one call covering only that block
    /// (the same `k`, the same inputs, reached through offsets), column-major.
    fn block(&self, rows: Range<usize>, cols: Range<usize>) -> Vec<T> {
        let (mb, nb) = (rows.len(), cols.len());
        // Where op(A)'s row `rows.start` and op(B)'s column `cols.start` begin in storage.
        let a_off = if self.ta == Op::N {
            rows.start
        } else {
            rows.start * self.lda
        };
        let b_off = if self.tb == Op::N {
            cols.start * self.ldb
        } else {
            cols.start
        };
        let (ar, ac) = if self.ta == Op::N {
            (mb, self.k)
        } else {
            (self.k, mb)
        };
        let (br, bc) = if self.tb == Op::N {
            (self.k, nb)
        } else {
            (nb, self.k)
        };
        let mut c = self.c0.clone();
        let c_off = rows.start + cols.start * self.ldc;
        Device::host()
            .gemm(
                self.ta,
                self.tb,
                self.alpha,
                Mat::col_major(&self.a[a_off..], ar, ac).with_ld(self.lda),
                Mat::col_major(&self.b[b_off..], br, bc).with_ld(self.ldb),
                self.beta,
                MatMut::col_major(&mut c[c_off..], mb, nb).with_ld(self.ldc),
            )
            .expect("a valid gemm");
        let mut out = Vec::with_capacity(mb * nb);
        for j in cols.clone() {
            out.extend_from_slice(&c[rows.start + j * self.ldc..rows.end + j * self.ldc]);
        }
        // Nothing outside the block moved.
        for j in 0..self.n {
            for i in 0..self.m {
                if !(rows.contains(&i) && cols.contains(&j)) {
                    let at = i + j * self.ldc;
                    assert_eq!(c[at].bits(), self.c0[at].bits(), "({i}, {j}) outside");
                }
            }
        }
        out
    }

    fn full(&self) -> Vec<T> {
        self.block(0..self.m, 0..self.n)
    }

    /// Asserts that `part` (the block `rows × cols` computed on its own) equals those elements
    /// of `full` bit for bit.
    fn assert_same(&self, full: &[T], rows: Range<usize>, cols: Range<usize>, what: &str) {
        let part = self.block(rows.clone(), cols.clone());
        for (jj, j) in cols.clone().enumerate() {
            for (ii, i) in rows.clone().enumerate() {
                let (whole, alone) = (full[i + j * self.m], part[ii + jj * rows.len()]);
                assert_eq!(
                    whole.bits(),
                    alone.bits(),
                    "{:?} gemm {:?}{:?} m={} n={} k={}: C[{i},{j}] is {whole} in the whole \
                     call but {alone} when computed as {what} rows {rows:?} cols {cols:?}",
                    T::KIND,
                    self.ta,
                    self.tb,
                    self.m,
                    self.n,
                    self.k,
                );
            }
        }
    }
}

const OPS: [Op; 3] = [Op::N, Op::T, Op::C];

/// Every element of a whole call against single rows, single columns, single elements,
/// leading and trailing blocks and a block in the middle.
fn check_sub_calls<T: Elem>(rng: &mut ChaCha8Rng, m: usize, n: usize, k: usize) {
    for ta in OPS {
        for tb in OPS {
            let p = Problem::<T>::random(rng, (ta, tb), m, n, k);
            let full = p.full();
            let (mid_r, mid_c) = (m / 3..m - m / 3, n / 3..n - n / 3);
            p.assert_same(&full, 0..m, mid_c.clone(), "the middle columns,");
            p.assert_same(&full, mid_r.clone(), 0..n, "the middle rows,");
            p.assert_same(&full, mid_r, mid_c, "a middle block,");
            p.assert_same(&full, 1..m, 0..n.max(2) - 1, "all but an edge,");
            for _ in 0..3 {
                let (i, j) = (rng.gen_range(0..m), rng.gen_range(0..n));
                p.assert_same(&full, i..i + 1, 0..n, "one row,");
                p.assert_same(&full, 0..m, j..j + 1, "one column,");
                p.assert_same(&full, i..i + 1, j..j + 1, "one element,");
            }
            p.assert_same(&full, m - 1..m, n - 1..n, "the last element,");
        }
    }
}

/// The whole call in thread pools of 1 to 4 threads against the call in the global pool.
fn check_thread_counts<T: Elem>(rng: &mut ChaCha8Rng, m: usize, n: usize, k: usize) {
    for (ta, tb) in [(Op::N, Op::N), (Op::T, Op::C), (Op::C, Op::T)] {
        let p = Problem::<T>::random(rng, (ta, tb), m, n, k);
        let full = p.full();
        for threads in 1..=4 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            let again = pool.install(|| p.full());
            for (i, (x, y)) in full.iter().zip(&again).enumerate() {
                assert_eq!(
                    x.bits(),
                    y.bits(),
                    "{:?} gemm {ta:?}{tb:?} m={m} n={n} k={k}: C[{}, {}] is {x} in the \
                     global pool but {y} with {threads} threads",
                    T::KIND,
                    i % m,
                    i / m
                );
            }
        }
    }
}

macro_rules! for_each_type {
    ($($(#[$attr:meta])* $name:ident: $body:ident($($arg:expr),*);)*) => {$(
        mod $name {
            use super::*;
            fn seed(tag: u64) -> ChaCha8Rng {
                ChaCha8Rng::seed_from_u64(0x5eed_0000 + tag)
            }
            #[test]
            $(#[$attr])*
            fn f32() { $body::<f32>(&mut seed(1), $($arg),*) }
            #[test]
            $(#[$attr])*
            fn f64() { $body::<f64>(&mut seed(2), $($arg),*) }
            #[test]
            $(#[$attr])*
            fn c32() { $body::<Complex32>(&mut seed(3), $($arg),*) }
            #[test]
            $(#[$attr])*
            fn c64() { $body::<Complex64>(&mut seed(4), $($arg),*) }
        }
    )*};
}

/// Sizes across register-tile edges, with `k` across the depth blocking of every type.
fn small_shapes<T: Elem>(rng: &mut ChaCha8Rng) {
    let shapes: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(5, 3, 4), (9, 2, 3)]
    } else {
        &[
            (1, 9, 70),
            (7, 1, 70),
            (13, 17, 3),
            (70, 37, 300),
            (50, 29, 530),
        ]
    };
    for &(m, n, k) in shapes {
        check_sub_calls::<T>(rng, m, n, k);
    }
}

/// Shapes large enough for the cache blocking over `m` and `n` and for the parallel split.
fn large_shapes<T: Elem>(rng: &mut ChaCha8Rng) {
    let shapes: &[(usize, usize, usize)] = if cfg!(miri) {
        &[(30, 3, 3)]
    } else {
        &[(200, 190, 260), (530, 3, 40), (3, 2100, 20)]
    };
    for &(m, n, k) in shapes {
        let p = Problem::<T>::random(rng, (Op::N, Op::T), m, n, k);
        let full = p.full();
        p.assert_same(&full, 1..m, 0..n, "all but the first row,");
        p.assert_same(&full, 0..m, 1..n, "all but the first column,");
        p.assert_same(&full, m - 1..m, 0..n, "the last row,");
        p.assert_same(&full, 0..m, n - 1..n, "the last column,");
    }
}

/// Tall, narrow products, computed transposed when `op(A)` is stored by rows, against their
/// rows, columns and elements computed on their own (which are not).
fn narrow_shapes<T: Elem>(rng: &mut ChaCha8Rng) {
    let (m, n, k) = if cfg!(miri) {
        (13, 3, 4)
    } else {
        (1100, 9, 110)
    };
    check_sub_calls::<T>(rng, m, n, k);
}

/// The whole product in thread pools of 1 to 4 threads.
fn thread_counts<T: Elem>(rng: &mut ChaCha8Rng) {
    if cfg!(miri) {
        check_thread_counts::<T>(rng, 9, 7, 5);
    } else {
        check_thread_counts::<T>(rng, 200, 190, 260);
        check_thread_counts::<T>(rng, 700, 40, 70);
    }
}

for_each_type! {
    gemm_element_does_not_depend_on_the_shape_of_the_call: small_shapes();
    gemm_element_does_not_depend_on_blocking: large_shapes();
    gemm_element_does_not_depend_on_orientation: narrow_shapes();
    // Rayon's work-stealing deque (crossbeam-epoch) casts integers to pointers, which
    // `-Zmiri-strict-provenance` rejects; under Miri run these with
    // `MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-permissive-provenance" ... -- --ignored`.
    #[cfg_attr(miri, ignore = "rayon's pools need -Zmiri-permissive-provenance")]
    gemm_element_does_not_depend_on_thread_count: thread_counts();
}

/// `syrk` (beta = 1) on the `uplo` triangle against the same elements of the full gemm
/// `C₀ + α op(A) op(A)ᵀ`, bit for bit, in pools of 1 to 4 threads; the elements outside the
/// triangle (NaN here) and the padding rows untouched. The rank updates run on the gemm kernel
/// restricted to the triangle (on one thread) or split into diagonal blocks (on several).
fn check_rank_update<T: Elem>(rng: &mut ChaCha8Rng, n: usize, k: usize) {
    for trans in [Op::N, Op::T] {
        let p = Problem::<T>::random(
            rng,
            (trans, if trans == Op::N { Op::T } else { Op::N }),
            n,
            n,
            k,
        );
        // op(A)ᵀ read from A itself: the product's B is A.
        let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
        let mut whole = p.c0.clone();
        Device::host()
            .gemm(
                p.ta,
                p.tb,
                p.alpha,
                Mat::col_major(&p.a[..], ar, ac).with_ld(p.lda),
                Mat::col_major(&p.a[..], ar, ac).with_ld(p.lda),
                T::one(),
                MatMut::col_major(&mut whole[..], n, n).with_ld(p.ldc),
            )
            .expect("a valid gemm");
        for uplo in [Uplo::Lower, Uplo::Upper] {
            let inside = |i: usize, j: usize| if uplo == Uplo::Lower { i >= j } else { i <= j };
            let mut c0 = p.c0.clone();
            for j in 0..n {
                for i in 0..n {
                    if !inside(i, j) {
                        c0[i + j * p.ldc] = T::nan();
                    }
                }
            }
            for threads in 1..=4 {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .expect("a thread pool");
                let mut c = c0.clone();
                pool.install(|| {
                    Device::host().syrk(
                        uplo,
                        trans,
                        p.alpha,
                        Mat::col_major(&p.a[..], ar, ac).with_ld(p.lda),
                        T::one(),
                        MatMut::col_major(&mut c[..], n, n).with_ld(p.ldc),
                    )
                })
                .expect("a valid syrk");
                for (at, (got, start)) in c.iter().zip(&c0).enumerate() {
                    let (i, j) = (at % p.ldc, at / p.ldc);
                    let want = if i < n && inside(i, j) {
                        whole[at]
                    } else {
                        *start
                    };
                    assert_eq!(
                        got.bits(),
                        want.bits(),
                        "{:?} syrk {uplo:?} {trans:?} n={n} k={k}, {threads} threads: C[{i},{j}] \
                         is {got}, the gemm gives {want}",
                        T::KIND,
                    );
                }
            }
        }
    }
}

/// Orders across register tiles and the diagonal-block split, depths across the blocking.
fn rank_update_shapes<T: Elem>(rng: &mut ChaCha8Rng) {
    let shapes: &[(usize, usize)] = if cfg!(miri) {
        &[(9, 5)]
    } else {
        &[(1, 3), (37, 300), (70, 530), (130, 40), (300, 260)]
    };
    for &(n, k) in shapes {
        check_rank_update::<T>(rng, n, k);
    }
}

for_each_type! {
    #[cfg_attr(miri, ignore = "rayon's pools need -Zmiri-permissive-provenance")]
    rank_update_is_the_gemm_on_its_triangle: rank_update_shapes();
}
