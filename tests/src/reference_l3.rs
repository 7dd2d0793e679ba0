//! Reference level-3 routines and BLAS-like extensions with netlib's semantics, on
//! column-major buffers with leading dimensions: symm/hemm, syr2k/her2k, syrkx/herkx (cuBLAS's
//! `C ← α·op(A)·op(B)ᵀ + β·C` on one triangle), trmm (out-of-place, as cuBLAS and rocBLAS 4
//! define it), geam and dgmm.
//!
//! As in netlib: empty dimensions return at once; `α = 0` reads neither `A` nor `B`; `β = 0`
//! overwrites `C` without reading it; only the `uplo` triangle of a symmetric/Hermitian/
//! triangular operand is read and only the `uplo` triangle of a rank-k result is written; a
//! unit diagonal is never read; Hermitian results have a real diagonal (her2k/herkx set its
//! imaginary part to zero whenever they write `C`).

use super::*;

const ZERO: Z = Z::new(0.0, 0.0);
const ONE: Z = Z::new(1.0, 0.0);

/// `C` (`rows × cols`, leading dimension `ldc`) as an [`M`], or zeros when `β = 0` (unread).
fn read_c(beta: Z, (rows, cols): (usize, usize), c: &[Z], ldc: usize) -> M {
    if beta == ZERO {
        M::zeros(rows, cols)
    } else {
        dense_m(rows, cols, c, ldc)
    }
}

/// `op(X)` of the dense `rows × cols` matrix stored in `x` (before the op).
fn op_of(op: Op, (rows, cols): (usize, usize), x: &[Z], ld: usize) -> M {
    dense_m(rows, cols, x, ld).op(op)
}

/// `symm` (`herm = false`; complex symmetric for c/z) / `hemm` (`herm = true`):
/// `C ← α·A·B + β·C` (`side = Left`, `A` of order `m`) or `C ← α·B·A + β·C` (`Right`, order
/// `n`), `A` symmetric/Hermitian with its `uplo` triangle in `a`; `B`, `C` are `m × n`.
#[allow(clippy::too_many_arguments)]
pub fn ref_symm(
    (side, uplo, herm): (Side, Uplo, bool),
    (m, n): (usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    b: &[Z],
    ldb: usize,
    beta: Z,
    c: &mut [Z],
    ldc: usize,
) {
    if m == 0 || n == 0 || (alpha == ZERO && beta == ONE) {
        return;
    }
    let cm = read_c(beta, (m, n), c, ldc);
    let prod = if alpha == ZERO {
        M::zeros(m, n)
    } else {
        let ka = if side == Side::Left { m } else { n };
        let full = symmetrize(uplo, herm, ka, Storage::Full { ld: lda }, a);
        let bm = dense_m(m, n, b, ldb);
        if side == Side::Left {
            full.mul(&bm)
        } else {
            bm.mul(&full)
        }
    };
    for j in 0..n {
        for i in 0..m {
            c[i + j * ldc] = alpha * prod.get(i, j) + beta * cm.get(i, j);
        }
    }
}

/// Writes `C ← P + β·C` on the `uplo` triangle of the order-`n` `C` (the shared tail of the
/// rank-k updates). `herm`: `β` is real (`β.re`), `C`'s diagonal is read as real and the
/// result's diagonal imaginary part is zero.
fn rank_k_tail(uplo: Uplo, herm: bool, n: usize, p: &M, beta: Z, c: &mut [Z], ldc: usize) {
    for j in 0..n {
        for i in 0..n {
            if !in_triangle(uplo, i, j) {
                continue;
            }
            let k = i + j * ldc;
            let old = if beta == ZERO {
                ZERO
            } else if herm && i == j {
                beta * c[k].re
            } else {
                beta * c[k]
            };
            let v = p.get(i, j) + old;
            c[k] = if herm && i == j { zr(v.re) } else { v };
        }
    }
}

/// The rank-k operands `op(X)` (`n × k`): `X` when `trans = N`, else `Xᵀ` (symmetric) or `Xᴴ`
/// (Hermitian), for `X` stored `n × k` (`N`) or `k × n`.
fn rank_k_op(trans: Op, herm: bool, (n, k): (usize, usize), x: &[Z], ld: usize) -> M {
    if trans == Op::N {
        dense_m(n, k, x, ld)
    } else {
        op_of(if herm { Op::C } else { Op::T }, (k, n), x, ld)
    }
}

/// `syr2k` (`herm = false`): `C ← α·op(A)·op(B)ᵀ + α·op(B)·op(A)ᵀ + β·C`; `her2k`
/// (`herm = true`, `β` real): `C ← α·op(A)·op(B)ᴴ + conj(α)·op(B)·op(A)ᴴ + β·C`. `op(X)` is
/// `X` (`trans = N`, `X` is `n × k`) or `Xᵀ`/`Xᴴ` (`X` is `k × n`); only the `uplo` triangle of
/// the order-`n` `C` is written. Quick return when `n = 0`, or `α = 0` or `k = 0` with `β = 1`.
#[allow(clippy::too_many_arguments)]
pub fn ref_syr2k(
    (uplo, trans, herm): (Uplo, Op, bool),
    (n, k): (usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    b: &[Z],
    ldb: usize,
    beta: Z,
    c: &mut [Z],
    ldc: usize,
) {
    let beta = if herm { zr(beta.re) } else { beta };
    if n == 0 || ((alpha == ZERO || k == 0) && beta == ONE) {
        return;
    }
    let p = if alpha == ZERO {
        M::zeros(n, n)
    } else {
        let (oa, ob) = (
            rank_k_op(trans, herm, (n, k), a, lda),
            rank_k_op(trans, herm, (n, k), b, ldb),
        );
        let second = if herm { Op::C } else { Op::T };
        let ab = oa.mul(&ob.op(second));
        let ba = ob.mul(&oa.op(second));
        let alpha2 = if herm { alpha.conj() } else { alpha };
        let mut p = M::zeros(n, n);
        for idx in 0..p.d.len() {
            p.d[idx] = alpha * ab.d[idx] + alpha2 * ba.d[idx];
        }
        p
    };
    rank_k_tail(uplo, herm, n, &p, beta, c, ldc);
}

/// `syrkx` (`herm = false`): `C ← α·op(A)·op(B)ᵀ + β·C`; `herkx` (`herm = true`, `β` real):
/// `C ← α·op(A)·op(B)ᴴ + β·C`, on the `uplo` triangle of the order-`n` `C` (cuBLAS's
/// extensions; the caller promises the result is symmetric/Hermitian). Same quick return and
/// Hermitian-diagonal rule as [`ref_syr2k`] (herk's).
#[allow(clippy::too_many_arguments)]
pub fn ref_syrkx(
    (uplo, trans, herm): (Uplo, Op, bool),
    (n, k): (usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    b: &[Z],
    ldb: usize,
    beta: Z,
    c: &mut [Z],
    ldc: usize,
) {
    let beta = if herm { zr(beta.re) } else { beta };
    if n == 0 || ((alpha == ZERO || k == 0) && beta == ONE) {
        return;
    }
    let p = if alpha == ZERO {
        M::zeros(n, n)
    } else {
        let (oa, ob) = (
            rank_k_op(trans, herm, (n, k), a, lda),
            rank_k_op(trans, herm, (n, k), b, ldb),
        );
        let mut p = oa.mul(&ob.op(if herm { Op::C } else { Op::T }));
        p.d.iter_mut().for_each(|v| *v *= alpha);
        p
    };
    rank_k_tail(uplo, herm, n, &p, beta, c, ldc);
}

/// `trmm`, out of place: `C ← α·op(T)·B` (`Left`, `T` of order `m`) or `C ← α·B·op(T)`
/// (`Right`, order `n`), `T` triangular from the `uplo` triangle of `a` (unit diagonal unread
/// when `diag = Unit`); `B`, `C` are `m × n`. `α = 0` writes zeros without reading `A` or `B`.
/// Each element of the result sums only the terms whose element of `op(T)` is in the triangle,
/// as netlib's loops do: an element of `B` is never multiplied by a structural zero (so a NaN
/// or ∞ in `B` reaches exactly the elements netlib's result has it in).
/// For netlib's in-place form pass a copy of `B` as `b` and `B` itself as `c`.
#[allow(clippy::too_many_arguments)]
pub fn ref_trmm(
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    (m, n): (usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    b: &[Z],
    ldb: usize,
    c: &mut [Z],
    ldc: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    // Element (r, s) of op(T), or None where it is a structural zero.
    let t = |r: usize, s: usize| -> Option<Z> {
        let (i, j) = if trans == Op::N { (r, s) } else { (s, r) };
        if i == j && diag == Diag::Unit {
            Some(ONE)
        } else if in_triangle(uplo, i, j) {
            let v = a[i + j * lda];
            Some(if trans == Op::C { v.conj() } else { v })
        } else {
            None
        }
    };
    let ka = if side == Side::Left { m } else { n };
    for j in 0..n {
        for i in 0..m {
            c[i + j * ldc] = if alpha == ZERO {
                ZERO
            } else {
                let terms = (0..ka).filter_map(|k| match side {
                    Side::Left => t(i, k).map(|v| v * b[k + j * ldb]),
                    Side::Right => t(k, j).map(|v| b[i + k * ldb] * v),
                });
                alpha * terms.fold(ZERO, |s, v| s + v)
            };
        }
    }
}

/// `geam`: `C ← α·op(A) + β·op(B)` for an `m × n` `C`; `op(A)`, `op(B)` are `m × n` (so `A` is
/// stored `m × n` for `N`, `n × m` otherwise). `α = 0` does not read `A`, `β = 0` does not
/// read `B`.
#[allow(clippy::too_many_arguments)]
pub fn ref_geam(
    (transa, transb): (Op, Op),
    (m, n): (usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    beta: Z,
    b: &[Z],
    ldb: usize,
    c: &mut [Z],
    ldc: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    let shape = |op: Op| if op == Op::N { (m, n) } else { (n, m) };
    let ta = (alpha != ZERO).then(|| op_of(transa, shape(transa), a, lda));
    let tb = (beta != ZERO).then(|| op_of(transb, shape(transb), b, ldb));
    for j in 0..n {
        for i in 0..m {
            let va = ta.as_ref().map_or(ZERO, |t| alpha * t.get(i, j));
            let vb = tb.as_ref().map_or(ZERO, |t| beta * t.get(i, j));
            c[i + j * ldc] = va + vb;
        }
    }
}

/// `dgmm`: `C ← diag(x)·A` (`Left`, `x` has `m` elements) or `C ← A·diag(x)` (`Right`, `n`
/// elements) for `m × n` `A` and `C`. `x`'s increment may be negative (walked from its end) or
/// 0 (the same element for every row/column).
#[allow(clippy::too_many_arguments)]
pub fn ref_dgmm(
    side: Side,
    (m, n): (usize, usize),
    a: &[Z],
    lda: usize,
    x: &[Z],
    incx: isize,
    c: &mut [Z],
    ldc: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    let len = if side == Side::Left { m } else { n };
    for j in 0..n {
        for i in 0..m {
            let d = x[if side == Side::Left {
                vidx(i, len, incx)
            } else {
                vidx(j, len, incx)
            }];
            c[i + j * ldc] = d * a[i + j * lda];
        }
    }
}
