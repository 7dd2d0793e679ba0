//! Symmetric and Hermitian rank-1 and rank-2 updates on the host (`syr`/`her`/`spr`/`hpr`,
//! `syr2`/`her2`/`spr2`/`hpr2`): reference BLAS's `?syr.f`, `?her.f`, `?syr2.f`, `?her2.f`
//! loops over a [`StoredMat`] (full or packed).

use super::storage::{cj, StoredMat};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::Scalar;

/// `T::from_real(v.re())`: a Hermitian diagonal element kept real.
fn re<T: Scalar>(v: T) -> T {
    T::from_real(v.re())
}

/// `A ← αxxᵀ + A` (`herm = false`) or `A ← αxxᴴ + A` (`herm`, `α` real, the diagonal kept
/// real) on the stored triangle. As reference BLAS, a column whose `x_j` is zero is skipped
/// (for Hermitian matrices only its diagonal's imaginary part is cleared).
///
/// # Safety
/// `a` is valid for its stored elements, `x` for its elements at `incx ≠ 0`; they do not
/// overlap.
pub(super) unsafe fn rank1<T: Scalar>(
    herm: bool,
    a: StoredMat,
    alpha: T,
    (x, incx): (DevPtr, isize),
) {
    let n = a.rows;
    // SAFETY: the caller guarantees both extents; `rows_of` keeps every `(i, j)` stored.
    unsafe {
        let xe = |i| *elem::<T>(x, n, incx, i);
        for j in 0..n {
            let xj = xe(j);
            let d = a.at::<T>(j, j);
            if xj.is_zero() {
                if herm {
                    *d = re(*d);
                }
                continue;
            }
            let t = alpha * cj(xj, herm);
            for i in a.rows_of(j) {
                let e = a.at::<T>(i, j);
                let upd = xe(i) * t;
                *e = if herm && i == j {
                    T::from_real((*e).re() + upd.re())
                } else {
                    *e + upd
                };
            }
        }
    }
}

/// `A ← αxyᵀ + αyxᵀ + A` (`herm = false`) or `A ← αxyᴴ + conj(α)yxᴴ + A` (`herm`, the diagonal
/// kept real) on the stored triangle; columns where both `x_j` and `y_j` are zero are skipped as
/// in [`rank1`].
///
/// # Safety
/// As for [`rank1`], for both vectors.
pub(super) unsafe fn rank2<T: Scalar>(
    herm: bool,
    a: StoredMat,
    alpha: T,
    (x, incx): (DevPtr, isize),
    (y, incy): (DevPtr, isize),
) {
    let n = a.rows;
    // SAFETY: as for `rank1`.
    unsafe {
        let xe = |i| *elem::<T>(x, n, incx, i);
        let ye = |i| *elem::<T>(y, n, incy, i);
        for j in 0..n {
            let (xj, yj) = (xe(j), ye(j));
            let d = a.at::<T>(j, j);
            if xj.is_zero() && yj.is_zero() {
                if herm {
                    *d = re(*d);
                }
                continue;
            }
            let (t1, t2) = (alpha * cj(yj, herm), cj(alpha * xj, herm));
            for i in a.rows_of(j) {
                let e = a.at::<T>(i, j);
                let upd = xe(i) * t1 + ye(i) * t2;
                *e = if herm && i == j {
                    T::from_real((*e).re() + upd.re())
                } else {
                    *e + upd
                };
            }
        }
    }
}
