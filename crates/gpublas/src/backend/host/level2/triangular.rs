//! Triangular products and solves on the host (`trmv`/`tbmv`/`tpmv`, `trsv`/`tbsv`/`tpsv`):
//! reference BLAS's `?trmv.f` and `?trsv.f` loops over a [`StoredMat`], in place on `x`.

use num_complex::{Complex32, Complex64};

use super::dense::{self, Full};
use super::storage::{cj, Store, StoredMat};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::{Scalar, ScalarKind};
use crate::types::{Diag, Op, Uplo};

/// `a / b`; complex division scales by `|b|` so it neither overflows nor underflows needlessly.
pub(super) fn div<T: Scalar>(a: T, b: T) -> T {
    use bytemuck::cast;
    match T::KIND {
        ScalarKind::F32 => cast(cast::<T, f32>(a) / cast::<T, f32>(b)),
        ScalarKind::F64 => cast(cast::<T, f64>(a) / cast::<T, f64>(b)),
        ScalarKind::C32 => cast(cast::<T, Complex32>(a).fdiv(cast(b))),
        ScalarKind::C64 => cast(cast::<T, Complex64>(a).fdiv(cast(b))),
    }
}

/// Whether `op(A)` is upper triangular.
fn upper(uplo: Option<Uplo>, trans: Op) -> bool {
    (uplo == Some(Uplo::Upper)) == (trans == Op::N)
}

/// `x ← op(A) x` for the order-`a.rows` triangular matrix `a` (`?trmv.f`'s loops: a column of
/// `A` is used only when its `x` element is nonzero, for `Op::N`).
///
/// # Safety
/// `a` is valid for its stored elements, `x` for its `n` elements at `incx ≠ 0`, and they do
/// not overlap.
pub(super) unsafe fn mv<T: Scalar>(a: StoredMat, trans: Op, diag: Diag, x: DevPtr, incx: isize) {
    let n = a.rows;
    let (unit, conj) = (diag == Diag::Unit, trans == Op::C);
    if let Store::Full { ld } = a.store {
        let how = (a.uplo == Some(Uplo::Upper), trans != Op::N, conj, unit);
        // SAFETY: forwarded to the caller.
        unsafe {
            let mut xs = dense::gather::<T>(n, x, incx);
            dense::trmv(Full { p: a.p, ld }, how, &mut xs);
            dense::scatter(&xs, x, incx, false);
        }
        return;
    }
    let xe = |i| elem::<T>(x, n, incx, i);
    // SAFETY: the caller guarantees both extents; `rows_of` keeps every `(i, j)` stored.
    unsafe {
        let aij = |i, j| cj(*a.at::<T>(i, j), conj);
        match (trans == Op::N, upper(a.uplo, trans)) {
            // x = U x: column j adds x_j·A(0..j, j) to the entries above, then scales x_j.
            (true, true) => {
                for j in 0..n {
                    let t = *xe(j);
                    if !t.is_zero() {
                        for i in a.rows_of(j).filter(|&i| i != j) {
                            *xe(i) = *xe(i) + t * aij(i, j);
                        }
                        if !unit {
                            *xe(j) = t * aij(j, j);
                        }
                    }
                }
            }
            // x = L x: the same from the last column back.
            (true, false) => {
                for j in (0..n).rev() {
                    let t = *xe(j);
                    if !t.is_zero() {
                        for i in a.rows_of(j).rev().filter(|&i| i != j) {
                            *xe(i) = *xe(i) + t * aij(i, j);
                        }
                        if !unit {
                            *xe(j) = t * aij(j, j);
                        }
                    }
                }
            }
            // x = Uᵀx with U = op(A) upper, i.e. A lower: x_j = Σ A(i, j) x_i over i ≥ j, first
            // j first (later entries are still the old ones).
            (false, true) => {
                for j in 0..n {
                    let mut t = *xe(j);
                    if !unit {
                        t *= aij(j, j);
                    }
                    for i in a.rows_of(j).filter(|&i| i != j) {
                        t += aij(i, j) * *xe(i);
                    }
                    *xe(j) = t;
                }
            }
            // A upper, transposed: x_j = Σ A(i, j) x_i over i ≤ j, last j first.
            (false, false) => {
                for j in (0..n).rev() {
                    let mut t = *xe(j);
                    if !unit {
                        t *= aij(j, j);
                    }
                    for i in a.rows_of(j).rev().filter(|&i| i != j) {
                        t += aij(i, j) * *xe(i);
                    }
                    *xe(j) = t;
                }
            }
        }
    }
}

/// Solves `op(A) x_new = x` in place for the order-`a.rows` triangular matrix `a`
/// (`?trsv.f`'s loops: substitution, dividing by the diagonal unless it is a unit one).
///
/// # Safety
/// As for [`mv`].
pub(super) unsafe fn sv<T: Scalar>(a: StoredMat, trans: Op, diag: Diag, x: DevPtr, incx: isize) {
    let n = a.rows;
    let (unit, conj) = (diag == Diag::Unit, trans == Op::C);
    if let Store::Full { ld } = a.store {
        let how = (a.uplo == Some(Uplo::Upper), trans != Op::N, conj, unit);
        // SAFETY: forwarded to the caller.
        unsafe {
            let mut xs = dense::gather::<T>(n, x, incx);
            dense::trsv(Full { p: a.p, ld }, how, &mut xs);
            dense::scatter(&xs, x, incx, false);
        }
        return;
    }
    let xe = |i| elem::<T>(x, n, incx, i);
    // SAFETY: as for `mv`.
    unsafe {
        let aij = |i, j| cj(*a.at::<T>(i, j), conj);
        match (trans == Op::N, upper(a.uplo, trans)) {
            // U x = b: backward; x_j is final once the columns after it are eliminated.
            (true, true) => {
                for j in (0..n).rev() {
                    if !xe(j).read().is_zero() {
                        if !unit {
                            *xe(j) = div(*xe(j), aij(j, j));
                        }
                        let t = *xe(j);
                        for i in a.rows_of(j).rev().filter(|&i| i != j) {
                            *xe(i) = *xe(i) - t * aij(i, j);
                        }
                    }
                }
            }
            // L x = b: forward.
            (true, false) => {
                for j in 0..n {
                    if !xe(j).read().is_zero() {
                        if !unit {
                            *xe(j) = div(*xe(j), aij(j, j));
                        }
                        let t = *xe(j);
                        for i in a.rows_of(j).filter(|&i| i != j) {
                            *xe(i) = *xe(i) - t * aij(i, j);
                        }
                    }
                }
            }
            // op(A) upper with A lower: x_j = (b_j − Σ_{i>j} A(i, j) x_i) / A(j, j), last first.
            (false, true) => {
                for j in (0..n).rev() {
                    let mut t = *xe(j);
                    for i in a.rows_of(j).rev().filter(|&i| i != j) {
                        t -= aij(i, j) * *xe(i);
                    }
                    if !unit {
                        t = div(t, aij(j, j));
                    }
                    *xe(j) = t;
                }
            }
            // op(A) lower with A upper: forward.
            (false, false) => {
                for j in 0..n {
                    let mut t = *xe(j);
                    for i in a.rows_of(j).filter(|&i| i != j) {
                        t -= aij(i, j) * *xe(i);
                    }
                    if !unit {
                        t = div(t, aij(j, j));
                    }
                    *xe(j) = t;
                }
            }
        }
    }
}
