//! Updates of one triangle of `C` by sums of products, `C ← C + Σₜ αₜ op(Xₜ) op(Yₜ)`, on the
//! host's gemm kernel: the rank-k and rank-2k updates (`syrk`, `herk`, `syr2k`, `her2k`,
//! `syrkx`, `herkx`). The triangle is halved recursively: the off-diagonal block is one
//! rectangular gemm (parallel inside), the two diagonal halves recurse (side by side on rayon's
//! threads), and a diagonal block of order ≤ [`LEAF`] is computed square in a scratch copy of
//! `C`'s block, of which only the triangle is copied back: nothing outside the triangle is
//! written, and a NaN there never reaches it.
//!
//! Every element goes through the gemm kernel with `β = 1` on its own value, so its result is
//! the one gemm gives it, whatever block it falls in (the kernel's shape independence).

use super::gemm::{gemm, Call};
use crate::backend::host::chunks;
use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::{Op, Uplo};

/// Order up to which a diagonal block is computed square in scratch. Tiny under Miri, so its
/// small problems take every path.
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
    if n == 0 || k == 0 {
        return;
    }
    if n <= LEAF {
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
        let first = || unsafe { update(uplo, h, k, terms, (c, ldc)) };
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
            update(uplo, rest, k, &shifted, (c22, ldc))
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

/// A diagonal block of order `n ≤ LEAF`: square in scratch (the triangle copied in, the rest
/// zero), then the triangle copied back.
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
    let rows = |j: usize| match uplo {
        Uplo::Lower => j..n,
        Uplo::Upper => 0..j + 1,
    };
    let mut s = vec![T::zero(); n * n];
    for j in 0..n {
        for i in rows(j) {
            // SAFETY: `(i, j)` is in the caller's triangle.
            s[i + j * n] = unsafe { *c.cast::<T>().add(i + j * ldc) };
        }
    }
    let sp = DevPtr::from_raw(s.as_mut_ptr().cast());
    for t in terms {
        // SAFETY: the factors as the caller guarantees; the scratch is `n × n` with `ld = n`
        // and overlaps nothing.
        unsafe {
            gemm(Call {
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
                c: sp,
                ldc: n,
            })
        };
    }
    for j in 0..n {
        for i in rows(j) {
            // SAFETY: as above.
            unsafe { *c.cast::<T>().add(i + j * ldc) = s[i + j * n] };
        }
    }
}
