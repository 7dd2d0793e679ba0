//! One view of a matrix in any of reference BLAS's three storage formats — full, band and packed
//! — so each level-2 loop is written once for all three.

use std::ops::Range;

use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::Uplo;

/// How a matrix's elements are laid out.
#[derive(Debug, Clone, Copy)]
pub(super) enum Store {
    /// Column-major with leading dimension `ld`.
    Full { ld: usize },
    /// Band storage: `kl` sub- and `ku` superdiagonals, leading dimension `ld`.
    Band { kl: usize, ku: usize, ld: usize },
    /// Packed (the triangle's columns one after the other).
    Packed,
}

/// A column-major matrix in one of the three formats: `rows` rows, and for symmetric,
/// Hermitian and triangular matrices the stored triangle.
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredMat {
    pub p: DevPtr,
    pub rows: usize,
    pub store: Store,
    pub uplo: Option<Uplo>,
}

impl StoredMat {
    pub(super) fn full(p: DevPtr, n: usize, ld: usize, uplo: Uplo) -> Self {
        StoredMat {
            p,
            rows: n,
            store: Store::Full { ld },
            uplo: Some(uplo),
        }
    }

    /// A symmetric or triangular band: `k` super- (upper) or subdiagonals (lower).
    pub(super) fn band(p: DevPtr, n: usize, k: usize, ld: usize, uplo: Uplo) -> Self {
        let (kl, ku) = if uplo == Uplo::Upper { (0, k) } else { (k, 0) };
        StoredMat {
            p,
            rows: n,
            store: Store::Band { kl, ku, ld },
            uplo: Some(uplo),
        }
    }

    pub(super) fn packed(p: DevPtr, n: usize, uplo: Uplo) -> Self {
        StoredMat {
            p,
            rows: n,
            store: Store::Packed,
            uplo: Some(uplo),
        }
    }

    /// The rows of column `j` that are stored (inside the band and the triangle); the diagonal
    /// is among them whenever there is a triangle.
    pub(super) fn rows_of(&self, j: usize) -> Range<usize> {
        let (lo, hi) = match self.store {
            Store::Band { kl, ku, .. } => (
                j.saturating_sub(ku),
                j.saturating_add(kl).saturating_add(1).min(self.rows),
            ),
            _ => (0, self.rows),
        };
        match self.uplo {
            None => lo..hi,
            Some(Uplo::Upper) => lo..hi.min(j + 1),
            Some(Uplo::Lower) => lo.max(j)..hi,
        }
    }

    /// The address of stored element `(i, j)` (`i` in `rows_of(j)`; wrapping: only computed).
    pub(super) fn at<T>(&self, i: usize, j: usize) -> *mut T {
        let k = match self.store {
            Store::Full { ld } => i + j * ld,
            Store::Band { ku, ld, .. } => ku + i - j + j * ld,
            Store::Packed => match self.uplo {
                Some(Uplo::Lower) => i + j * self.rows - j * (j + 1) / 2,
                _ => i + j * (j + 1) / 2,
            },
        };
        self.p.cast::<T>().wrapping_add(k)
    }
}

/// `v`, conjugated if `conj`.
pub(super) fn cj<T: Scalar>(v: T, conj: bool) -> T {
    if conj {
        v.conj()
    } else {
        v
    }
}
