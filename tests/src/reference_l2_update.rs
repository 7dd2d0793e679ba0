//! Reference symmetric and Hermitian rank-1 and rank-2 updates with netlib's semantics, on
//! buffers: syr/her and spr/hpr (one routine over [`Storage`]), syr2/her2 and spr2/hpr2
//! (likewise). Vectors take signed, non-zero increments ([`vidx`]).
//!
//! As in netlib: `n = 0` or `α = 0` returns without touching `A` (not even a Hermitian
//! diagonal); only the `uplo` triangle is written; column `j` is skipped when `x_j` (and, for
//! rank 2, `y_j`) is zero; a Hermitian update sets the diagonal's imaginary part to zero,
//! skipped columns included.

use super::*;

const ZERO: Z = Z::new(0.0, 0.0);

/// The stored index of `(i, j)`; panics (a test bug) on a storage that cannot hold the matrix.
fn at(storage: Storage, uplo: Uplo, n: usize, i: usize, j: usize) -> usize {
    assert!(
        !matches!(storage, Storage::Band { .. }),
        "rank updates take full or packed storage"
    );
    storage
        .idx(uplo, n, i, j)
        .unwrap_or_else(|| panic!("({i}, {j}) is not stored"))
}

/// Rows of column `j` inside the `uplo` triangle.
fn rows(uplo: Uplo, n: usize, j: usize) -> std::ops::Range<usize> {
    match uplo {
        Uplo::Upper => 0..j + 1,
        Uplo::Lower => j..n,
    }
}

/// `syr`/`her` (`Storage::Full`), `spr`/`hpr` (`Storage::Packed`): `A ← α·x·xᵀ + A`
/// (symmetric, `herm = false`; complex symmetric is cuBLAS/rocBLAS's `csyr`) or
/// `A ← α·x·xᴴ + A` (Hermitian: only `α.re` is used, as `α` is real there).
#[allow(clippy::too_many_arguments)]
pub fn ref_syr(
    uplo: Uplo,
    herm: bool,
    n: usize,
    alpha: Z,
    x: &[Z],
    incx: isize,
    a: &mut [Z],
    storage: Storage,
) {
    assert!(incx != 0, "level-2 increments must be non-zero");
    let alpha = if herm { zr(alpha.re) } else { alpha };
    if n == 0 || alpha == ZERO {
        return;
    }
    for j in 0..n {
        let xj = x[vidx(j, n, incx)];
        let dj = at(storage, uplo, n, j, j);
        if xj == ZERO {
            if herm {
                a[dj] = zr(a[dj].re);
            }
            continue;
        }
        let temp = alpha * if herm { xj.conj() } else { xj };
        for i in rows(uplo, n, j) {
            let k = at(storage, uplo, n, i, j);
            let upd = x[vidx(i, n, incx)] * temp;
            a[k] = if herm && i == j {
                zr(a[k].re + upd.re)
            } else {
                a[k] + upd
            };
        }
    }
}

/// `syr2`/`her2` (`Storage::Full`), `spr2`/`hpr2` (`Storage::Packed`):
/// `A ← α·x·yᵀ + α·y·xᵀ + A` (symmetric; complex symmetric is cuBLAS/rocBLAS's `csyr2`) or
/// `A ← α·x·yᴴ + conj(α)·y·xᴴ + A` (Hermitian).
#[allow(clippy::too_many_arguments)]
pub fn ref_syr2(
    uplo: Uplo,
    herm: bool,
    n: usize,
    alpha: Z,
    x: &[Z],
    incx: isize,
    y: &[Z],
    incy: isize,
    a: &mut [Z],
    storage: Storage,
) {
    assert!(
        incx != 0 && incy != 0,
        "level-2 increments must be non-zero"
    );
    if n == 0 || alpha == ZERO {
        return;
    }
    for j in 0..n {
        let (xj, yj) = (x[vidx(j, n, incx)], y[vidx(j, n, incy)]);
        let dj = at(storage, uplo, n, j, j);
        if xj == ZERO && yj == ZERO {
            if herm {
                a[dj] = zr(a[dj].re);
            }
            continue;
        }
        let (t1, t2) = if herm {
            (alpha * yj.conj(), (alpha * xj).conj())
        } else {
            (alpha * yj, alpha * xj)
        };
        for i in rows(uplo, n, j) {
            let k = at(storage, uplo, n, i, j);
            let upd = x[vidx(i, n, incx)] * t1 + y[vidx(i, n, incy)] * t2;
            a[k] = if herm && i == j {
                zr(a[k].re + upd.re)
            } else {
                a[k] + upd
            };
        }
    }
}
