//! Helpers shared by the level-2 extension suites (`level2_band.rs`, `level2_sym.rs`,
//! `level2_tri.rs`, `level2_update.rs`): random matrices in each storage format, column-major
//! (the references' own format, from `storage.rs`) and row-major (written here from CBLAS's
//! definitions, independently of the library), with NaN in every slot the format leaves unused.

// Each test file uses a different subset.
#![allow(dead_code)]

use gpublas_tests::*;

/// (incx, incy): unit, larger, negative and mixed.
pub const STRIDES: [(isize, isize); 5] = [(1, 1), (2, 3), (-1, -1), (-2, 3), (3, -2)];

pub const NAN: Z = Z::new(f64::NAN, f64::NAN);

/// A buffer as the references see it.
pub fn z<T: TestScalar>(b: &[T]) -> Vec<Z> {
    b.iter().map(|v| v.to_c()).collect()
}

/// A buffer of `T` from the references' values.
pub fn from_z<T: TestScalar>(b: &[Z]) -> Vec<T> {
    b.iter().map(|&v| T::from_c(v)).collect()
}

/// A random dense `n × n` matrix (column-major, leading dimension `n`) as `T` values; with
/// `dominant`, its diagonal is shifted by `n + 2` so triangular solves are well conditioned.
pub fn dense<T: TestScalar>(r: &mut ChaCha8Rng, n: usize, dominant: bool) -> Vec<Z> {
    let mut a: Vec<Z> = (0..n * n).map(|_| rand_scalar::<T>(r).to_c()).collect();
    if dominant {
        for i in 0..n {
            a[i + i * n] += zr(n as f64 + 2.0);
        }
    }
    // Exactly representable in T.
    a.into_iter().map(|v| T::from_c(v).to_c()).collect()
}

/// The formats of symmetric, Hermitian and triangular matrices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Full storage, leading dimension `n + extra`.
    Full { extra: usize },
    /// Band storage with `k` off-diagonals, leading dimension `k + 1 + extra`.
    Band { k: usize, extra: usize },
    /// Packed storage.
    Packed,
}

pub const KINDS: [Kind; 5] = [
    Kind::Full { extra: 0 },
    Kind::Full { extra: 3 },
    Kind::Band { k: 2, extra: 0 },
    Kind::Band { k: 4, extra: 2 },
    Kind::Packed,
];

impl Kind {
    /// The leading dimension for order `n` (0 for packed).
    pub fn ld(self, n: usize) -> usize {
        match self {
            Kind::Full { extra } => n.max(1) + extra,
            Kind::Band { k, extra } => k + 1 + extra,
            Kind::Packed => 0,
        }
    }

    /// The references' column-major format.
    pub fn storage(self, n: usize) -> Storage {
        match self {
            Kind::Full { .. } => Storage::Full { ld: self.ld(n) },
            Kind::Band { k, .. } => Storage::Band { k, ld: self.ld(n) },
            Kind::Packed => Storage::Packed,
        }
    }

    /// Whether `(i, j)` (in the `uplo` triangle) is stored.
    pub fn stores(self, i: usize, j: usize) -> bool {
        match self {
            Kind::Band { k, .. } => i.abs_diff(j) <= k,
            _ => true,
        }
    }

    /// Index of `(i, j)` of the `uplo` triangle in this format stored row by row (CBLAS's
    /// `CblasRowMajor` formats): full `i·ld + j`; band, row `i` holding its diagonals
    /// (`i·ld + j − i` for upper, `i·ld + k + j − i` for lower); packed, the triangle's rows one
    /// after another.
    pub fn row_major_idx(self, uplo: Uplo, n: usize, i: usize, j: usize) -> usize {
        let ld = self.ld(n);
        match (self, uplo) {
            (Kind::Full { .. }, _) => i * ld + j,
            (Kind::Band { .. }, Uplo::Upper) => i * ld + j - i,
            (Kind::Band { k, .. }, Uplo::Lower) => i * ld + k + j - i,
            // Rows 0..i of the upper triangle hold n, n−1, …, n−i+1 elements.
            (Kind::Packed, Uplo::Upper) => i * n - i * (i + 1) / 2 + j,
            // Rows 0..i of the lower triangle hold 1, 2, …, i elements.
            (Kind::Packed, Uplo::Lower) => i * (i + 1) / 2 + j,
        }
    }

    /// The buffer length for order `n` (the same in both layouts).
    pub fn len(self, n: usize) -> usize {
        match self {
            Kind::Packed => n * (n + 1) / 2,
            _ => self.ld(n) * n,
        }
    }

    /// The `uplo` triangle of the dense `a` (leading dimension `n`) in this format, row- or
    /// column-major, NaN in every other slot.
    pub fn store<T: TestScalar>(self, order: Order, uplo: Uplo, n: usize, a: &[Z]) -> Vec<T> {
        let cm: Vec<T> = self.storage(n).store(uplo, n, &from_z::<T>(a), n);
        match order {
            Order::ColMajor => cm,
            Order::RowMajor => {
                let mut b = vec![T::nan(); self.len(n)];
                for j in 0..n {
                    for i in 0..n {
                        if in_triangle(uplo, i, j) && self.stores(i, j) {
                            b[self.row_major_idx(uplo, n, i, j)] = T::from_c(a[i + j * n]);
                        }
                    }
                }
                b
            }
        }
    }

    /// The column-major buffer (the references' format) holding what the row-major buffer `b`
    /// holds, NaN in the unused slots; the column-major buffer itself as is.
    pub fn to_col_major(self, order: Order, uplo: Uplo, n: usize, b: &[Z]) -> Vec<Z> {
        if order == Order::ColMajor {
            return b.to_vec();
        }
        let st = self.storage(n);
        let mut cm = vec![NAN; st.len(n)];
        for j in 0..n {
            for i in 0..n {
                if let Some(k) = st.idx(uplo, n, i, j) {
                    cm[k] = b[self.row_major_idx(uplo, n, i, j)];
                }
            }
        }
        cm
    }

    /// The inverse of [`Kind::to_col_major`]: a column-major reference result in this layout,
    /// NaN (left alone) in the unused slots.
    pub fn back_to_layout(self, order: Order, uplo: Uplo, n: usize, cm: &[Z]) -> Vec<Z> {
        if order == Order::ColMajor {
            return cm.to_vec();
        }
        let st = self.storage(n);
        let mut b = vec![NAN; self.len(n)];
        for j in 0..n {
            for i in 0..n {
                if let Some(k) = st.idx(uplo, n, i, j) {
                    b[self.row_major_idx(uplo, n, i, j)] = cm[k];
                }
            }
        }
        b
    }
}

/// A random strided vector of `n` elements (gaps and a 2-element tail NaN); with `poisoned`
/// its elements are NaN too (an output that must not be read).
pub fn vector<T: TestScalar>(
    r: &mut ChaCha8Rng,
    n: usize,
    inc: isize,
    poisoned: bool,
) -> (Vec<T>, VLayout) {
    let v = VLayout::new(n, inc);
    let b = if poisoned {
        poison(v.len() + 2)
    } else {
        rand_strided(r, v)
    };
    (b, v)
}

/// Whether the buffer of `T` is bit for bit `before`.
#[track_caller]
pub fn unchanged<T: TestScalar>(what: &str, now: &[T], before: &[T]) {
    assert_bitwise_eq(what, now, before);
}

/// Whether `r` is `Unsupported` from `routine` naming a conjugation problem, with the buffer
/// untouched.
#[track_caller]
pub fn unsupported_untouched<T: TestScalar, R: std::fmt::Debug>(
    r: Result<R, Error>,
    routine: &str,
    what: &str,
    now: &[T],
    before: &[T],
) {
    assert_unsupported(r, routine);
    assert_bitwise_eq(&format!("{what}: untouched when unsupported"), now, before);
}
