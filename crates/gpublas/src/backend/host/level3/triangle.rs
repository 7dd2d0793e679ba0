//! Updates of one triangle of `C` by sums of products, `C ← C + Σₜ αₜ op(Xₜ) op(Yₜ)`, on the
//! host's gemm kernel: the rank-k and rank-2k updates (`syrk`, `herk`, `syr2k`, `her2k`,
//! `syrkx`, `herkx`). On one thread the triangle is one product of the gemm kernel restricted
//! to it (tiles outside it skipped, tiles across its edge computed in a copy of which only the
//! triangle goes back). On several, it is halved recursively: the off-diagonal block is one
//! rectangular gemm (parallel inside), the two diagonal halves recurse side by side on rayon's
//! threads, down to diagonal blocks of at least as many as there are threads, each a
//! restricted product on one thread. Nothing outside the triangle is read or written, and a NaN
//! there never reaches it.
//!
//! Every element goes through the gemm kernel with `β = 1` on its own value, so its result is
//! the one gemm gives it, whatever block it falls in (the kernel's shape independence).

use rayon::prelude::*;

use super::gemm::{gemm, gemm_serial, Call};
use crate::backend::host::chunks;
use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::{Op, Uplo};

/// The smallest order of a diagonal block computed by [`leaf`] when several threads share the
/// triangle. Tiny under Miri, so its small problems take every path.
const LEAF: usize = if cfg!(miri) { 4 } else { 64 };

/// Order from which the two diagonal halves run on two threads.
const JOIN_FROM: usize = 256;

/// A stored matrix and the operation applied to it: `op(X)` is what the product reads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Factor {
    pub p: DevPtr,
    pub ld: usize,
    pub op: Op,
}

impl Factor {
    /// `op(X)` from its row `i` on (a left factor's block of rows).
    fn rows_from<T>(self, i: usize) -> Factor {
        let elems = if self.op == Op::N { i } else { i * self.ld };
        Factor {
            p: self.p.offset::<T>(elems),
            ..self
        }
    }

    /// `op(Y)` from its column `j` on (a right factor's block of columns).
    fn cols_from<T>(self, j: usize) -> Factor {
        let elems = if self.op == Op::N { j * self.ld } else { j };
        Factor {
            p: self.p.offset::<T>(elems),
            ..self
        }
    }
}

/// One term `α op(X) op(Y)` of the update: `op(X)` is `n × k`, `op(Y)` is `k × n`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Term<T> {
    pub alpha: T,
    pub x: Factor,
    pub y: Factor,
}

/// `C ← C + Σ terms` on the `uplo` triangle (diagonal included) of the order-`n` matrix `c`
/// (leading dimension `ldc`), products of depth `k`. `C` is already scaled by `β`.
///
/// # Safety
/// Every factor covers its stored shape (`op(X)` `n × k`, `op(Y)` `k × n`) with its leading
/// dimension; `c` covers `n × n` with `ldc`, its triangle is writable and overlaps no factor.
pub(super) unsafe fn update<T: Scalar>(
    uplo: Uplo,
    n: usize,
    k: usize,
    terms: &[Term<T>],
    (c, ldc): (DevPtr, usize),
) {
    let threads = chunks::threads();
    if threads >= GRID_FROM {
        // SAFETY: forwarded to the caller.
        unsafe { grid(uplo, n, k, terms, (c, ldc), threads) };
        return;
    }
    // Diagonal blocks small enough that there are at least as many as threads: they run side
    // by side, one thread each; one thread computes the whole triangle at once.
    let leaf = if threads <= 1 {
        n
    } else {
        LEAF.max(n.div_ceil(threads.next_power_of_two()))
    };
    // SAFETY: forwarded to the caller.
    unsafe { split(uplo, n, k, terms, (c, ldc), leaf) }
}

/// Threads from which the triangle is cut into a grid of blocks, each a task of its own.
const GRID_FROM: usize = 4;

/// The smallest order of a grid block. Tiny under Miri, so its small problems take the path.
const MIN_BLOCK: usize = if cfg!(miri) { 2 } else { 32 };

/// [`update`] on many threads: the triangle cut into `p × p` blocks with `p² ≈ 4 · threads`
/// (so about twice as many full blocks' work as threads), the blocks of the triangle run as
/// separate tasks on rayon's threads, each a product on one thread — a rectangle, or a
/// diagonal block restricted to the triangle. The full blocks go first, the half ones last,
/// so the threads finish together.
///
/// # Safety
/// As for [`update`].
unsafe fn grid<T: Scalar>(
    uplo: Uplo,
    n: usize,
    k: usize,
    terms: &[Term<T>],
    (c, ldc): (DevPtr, usize),
    threads: usize,
) {
    let p = (4 * threads).isqrt();
    let p = (if p * p < 4 * threads { p + 1 } else { p })
        .min(n / MIN_BLOCK)
        .max(1);
    let edge = |i: usize| i * n / p;
    // (block row, block column) of the lower triangle; the upper's are its transposes.
    let mut blocks: Vec<(usize, usize)> =
        (0..p).flat_map(|j| (j..p).map(move |i| (i, j))).collect();
    blocks.sort_by_key(|&(i, j)| i == j);
    blocks.into_par_iter().with_max_len(1).for_each(|(bi, bj)| {
        let (bi, bj) = if uplo == Uplo::Lower {
            (bi, bj)
        } else {
            (bj, bi)
        };
        let (r0, r1, c0, c1) = (edge(bi), edge(bi + 1), edge(bj), edge(bj + 1));
        for t in terms {
            // SAFETY: the block lies in the caller's triangle (a diagonal block restricted to
            // it), its factors' rows and columns in the caller's factors; the tasks write
            // disjoint blocks.
            unsafe {
                gemm_serial(
                    Call {
                        ta: t.x.op,
                        tb: t.y.op,
                        m: r1 - r0,
                        n: c1 - c0,
                        k,
                        alpha: t.alpha,
                        a: t.x.rows_from::<T>(r0).p,
                        lda: t.x.ld,
                        b: t.y.cols_from::<T>(c0).p,
                        ldb: t.y.ld,
                        beta: T::one(),
                        c: c.offset::<T>(r0 + c0 * ldc),
                        ldc,
                    },
                    (bi == bj).then_some(uplo),
                )
            };
        }
    });
}

/// [`update`], with diagonal blocks of order ≤ `leaf` computed by [`leaf`].
///
/// # Safety
/// As for [`update`].
unsafe fn split<T: Scalar>(
    uplo: Uplo,
    n: usize,
    k: usize,
    terms: &[Term<T>],
    (c, ldc): (DevPtr, usize),
    leaf_order: usize,
) {
    if n == 0 || k == 0 {
        return;
    }
    if n <= leaf_order {
        // SAFETY: forwarded to the caller.
        unsafe { leaf(uplo, n, k, terms, (c, ldc)) };
        return;
    }
    let h = n / 2;
    let rest = n - h;
    let c22 = c.offset::<T>(h * ldc + h);
    let halves = || {
        // SAFETY: the two diagonal blocks are disjoint parts of the caller's triangle, each
        // with the factors' rows and columns of its own range.
        let first = || unsafe { split(uplo, h, k, terms, (c, ldc), leaf_order) };
        // SAFETY: as for `first`.
        let second = || unsafe {
            let shifted: Vec<Term<T>> = terms
                .iter()
                .map(|t| Term {
                    alpha: t.alpha,
                    x: t.x.rows_from::<T>(h),
                    y: t.y.cols_from::<T>(h),
                })
                .collect();
            split(uplo, rest, k, &shifted, (c22, ldc), leaf_order)
        };
        if n >= JOIN_FROM && chunks::threads() > 1 {
            rayon::join(first, second);
        } else {
            first();
            second();
        }
    };
    halves();
    // The off-diagonal block: rows h.. × columns ..h (lower) or rows ..h × columns h.. (upper).
    let (rows, cols, m, nn) = match uplo {
        Uplo::Lower => (h, 0, rest, h),
        Uplo::Upper => (0, h, h, rest),
    };
    for t in terms {
        // SAFETY: the block lies in the caller's triangle; its factors' rows and columns lie in
        // the caller's factors.
        unsafe {
            gemm(Call {
                ta: t.x.op,
                tb: t.y.op,
                m,
                n: nn,
                k,
                alpha: t.alpha,
                a: t.x.rows_from::<T>(rows).p,
                lda: t.x.ld,
                b: t.y.cols_from::<T>(cols).p,
                ldb: t.y.ld,
                beta: T::one(),
                c: c.offset::<T>(rows + cols * ldc),
                ldc,
            })
        };
    }
}

/// A diagonal block computed on this thread by the gemm kernel restricted to the triangle.
///
/// # Safety
/// As for [`update`].
unsafe fn leaf<T: Scalar>(
    uplo: Uplo,
    n: usize,
    k: usize,
    terms: &[Term<T>],
    (c, ldc): (DevPtr, usize),
) {
    for t in terms {
        // SAFETY: the factors as the caller guarantees; only `c`'s triangle is written.
        unsafe {
            gemm_serial(
                Call {
                    ta: t.x.op,
                    tb: t.y.op,
                    m: n,
                    n,
                    k,
                    alpha: t.alpha,
                    a: t.x.p,
                    lda: t.x.ld,
                    b: t.y.p,
                    ldb: t.y.ld,
                    beta: T::one(),
                    c,
                    ldc,
                },
                Some(uplo),
            )
        };
    }
}
