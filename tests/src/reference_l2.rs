//! Reference level-2 products and solves with netlib's semantics, on buffers: gbmv;
//! symv/hemv, sbmv/hbmv, spmv/hpmv (one routine over [`Storage`]); trmv/tbmv/tpmv and
//! trsv/tbsv/tpsv (likewise). Vectors take signed, non-zero increments ([`vidx`]); a zero
//! increment is a test bug (level 2 rejects it) and panics.
//!
//! What is read and written is exactly what netlib reads and writes: only the stored triangle
//! or band (the other triangle, band corners and padding are never read), never a unit
//! diagonal, the imaginary part of a Hermitian diagonal is read as zero, `α = 0` reads neither
//! the matrix nor `x`, `β = 0` overwrites `y` without reading it, and `y` is untouched on the
//! quick return (`m = 0`, `n = 0`, or `α = 0` with `β = 1`).

use super::*;

const ZERO: Z = Z::new(0.0, 0.0);
const ONE: Z = Z::new(1.0, 0.0);

#[track_caller]
fn check_incs(incs: &[isize]) {
    assert!(
        incs.iter().all(|&i| i != 0),
        "level-2 increments must be non-zero"
    );
}

/// `y ← β·y` with netlib's rules (`β = 0` writes zeros without reading `y`; `β = 1` leaves it).
fn scale_y(beta: Z, y: &mut [Z], n: usize, incy: isize) {
    if beta == ONE {
        return;
    }
    for i in 0..n {
        let k = vidx(i, n, incy);
        y[k] = if beta == ZERO { ZERO } else { beta * y[k] };
    }
}

/// The common tail of every `y ← α·op(A)·x + β·y`: quick return, `β` scaling, `α = 0` return,
/// then `y_i += α·Σ_j a(i, j)·x_j` with `a` giving op(A)'s element or `None` where it is
/// structurally zero (never read).
#[allow(clippy::too_many_arguments)]
fn mv(
    (rows, cols): (usize, usize),
    a: impl Fn(usize, usize) -> Option<Z>,
    alpha: Z,
    x: &[Z],
    incx: isize,
    beta: Z,
    y: &mut [Z],
    incy: isize,
) {
    check_incs(&[incx, incy]);
    if rows == 0 || cols == 0 || (alpha == ZERO && beta == ONE) {
        return;
    }
    scale_y(beta, y, rows, incy);
    if alpha == ZERO {
        return;
    }
    for i in 0..rows {
        let mut s = ZERO;
        for j in 0..cols {
            if let Some(v) = a(i, j) {
                s += v * x[vidx(j, cols, incx)];
            }
        }
        y[vidx(i, rows, incy)] += alpha * s;
    }
}

/// `v` or its conjugate.
fn cj(v: Z, conj: bool) -> Z {
    if conj {
        v.conj()
    } else {
        v
    }
}

/// `gbmv`: `y ← α·op(A)·x + β·y` for the `m × n` band matrix `A` (`kl` sub-, `ku`
/// superdiagonals) in band storage `a` with leading dimension `lda ≥ kl + ku + 1`. `x` has
/// `n` elements for `N`, `m` otherwise; `y` the other count.
#[allow(clippy::too_many_arguments)]
pub fn ref_gbmv(
    trans: Op,
    (m, n, kl, ku): (usize, usize, usize, usize),
    alpha: Z,
    a: &[Z],
    lda: usize,
    x: &[Z],
    incx: isize,
    beta: Z,
    y: &mut [Z],
    incy: isize,
) {
    assert!(lda > kl + ku, "gbmv: lda < kl + ku + 1");
    let elem = |i: usize, j: usize| in_band(kl, ku, i, j).then(|| a[band_idx(ku, lda, i, j)]);
    match trans {
        Op::N => mv((m, n), elem, alpha, x, incx, beta, y, incy),
        Op::T | Op::C => mv(
            (n, m),
            |i, j| elem(j, i).map(|v| cj(v, trans == Op::C)),
            alpha,
            x,
            incx,
            beta,
            y,
            incy,
        ),
    }
}

/// `symv`/`hemv` (`Storage::Full`), `sbmv`/`hbmv` (`Storage::Band`), `spmv`/`hpmv`
/// (`Storage::Packed`): `y ← α·A·x + β·y` for the order-`n` symmetric (`herm = false`; complex
/// symmetric is cuBLAS/rocBLAS's `csymv`) or Hermitian matrix whose `uplo` triangle is in `a`.
#[allow(clippy::too_many_arguments)]
pub fn ref_symv(
    uplo: Uplo,
    herm: bool,
    n: usize,
    storage: Storage,
    alpha: Z,
    a: &[Z],
    x: &[Z],
    incx: isize,
    beta: Z,
    y: &mut [Z],
    incy: isize,
) {
    let elem = |i: usize, j: usize| {
        if in_triangle(uplo, i, j) {
            storage.idx(uplo, n, i, j).map(|k| {
                if herm && i == j {
                    Z::new(a[k].re, 0.0)
                } else {
                    a[k]
                }
            })
        } else {
            storage.idx(uplo, n, j, i).map(|k| cj(a[k], herm))
        }
    };
    mv((n, n), elem, alpha, x, incx, beta, y, incy);
}

/// Element `(i, j)` of `op(T)` for the triangular matrix in `a`, or `None` where it is
/// structurally zero; a unit diagonal is 1 and never read.
fn tri_elem(
    (uplo, trans, diag): (Uplo, Op, Diag),
    n: usize,
    storage: Storage,
    a: &[Z],
    i: usize,
    j: usize,
) -> Option<Z> {
    let (r, c) = if trans == Op::N { (i, j) } else { (j, i) };
    if r == c && diag == Diag::Unit {
        return Some(ONE);
    }
    storage.idx(uplo, n, r, c).map(|k| cj(a[k], trans == Op::C))
}

/// `trmv` (`Storage::Full`), `tbmv` (`Storage::Band`), `tpmv` (`Storage::Packed`):
/// `x ← op(T)·x` for the order-`n` triangular matrix whose `uplo` triangle is in `a`. Reads
/// every `x_j` before writing (the result is the exact product, as in netlib's ordering).
pub fn ref_trmv(
    (uplo, trans, diag): (Uplo, Op, Diag),
    n: usize,
    storage: Storage,
    a: &[Z],
    x: &mut [Z],
    incx: isize,
) {
    check_incs(&[incx]);
    if n == 0 {
        return;
    }
    let old = unstrided(x, n, incx);
    for i in 0..n {
        let mut s = ZERO;
        for (j, &xj) in old.iter().enumerate() {
            if let Some(v) = tri_elem((uplo, trans, diag), n, storage, a, i, j) {
                s += v * xj;
            }
        }
        x[vidx(i, n, incx)] = s;
    }
}

/// `trsv` (`Storage::Full`), `tbsv` (`Storage::Band`), `tpsv` (`Storage::Packed`): solves
/// `op(T)·x_new = x` in place by substitution (forward when `op(T)` is lower triangular, else
/// backward), reading only the stored triangle and never a unit diagonal.
pub fn ref_trsv(
    (uplo, trans, diag): (Uplo, Op, Diag),
    n: usize,
    storage: Storage,
    a: &[Z],
    x: &mut [Z],
    incx: isize,
) {
    check_incs(&[incx]);
    if n == 0 {
        return;
    }
    let mut b = unstrided(x, n, incx);
    let lower = (uplo == Uplo::Lower) == (trans == Op::N);
    let order: Vec<usize> = if lower {
        (0..n).collect()
    } else {
        (0..n).rev().collect()
    };
    for (pos, &i) in order.iter().enumerate() {
        let mut s = b[i];
        for &j in &order[..pos] {
            if let Some(v) = tri_elem((uplo, trans, diag), n, storage, a, i, j) {
                s -= v * b[j];
            }
        }
        if let Some(d) = tri_elem((uplo, trans, diag), n, storage, a, i, i) {
            if diag == Diag::NonUnit {
                s /= d;
            }
        }
        b[i] = s;
    }
    for (i, v) in b.into_iter().enumerate() {
        x[vidx(i, n, incx)] = v;
    }
}
