//! Storage helpers for the buffer-level references: signed vector increments, packed and band
//! storage (conversions to and from dense, NaN sentinels in every slot the format does not use),
//! and buffer comparisons that prove untouched elements stay bit-for-bit unchanged.
//!
//! Everything is column-major and 0-based, as in reference BLAS:
//! - **vectors**: element `i` of an `n`-vector with increment `inc` sits at `i·inc` when
//!   `inc > 0`, at `(n-1-i)·|inc|` when `inc < 0` (the vector is walked from its end), and at 0
//!   when `inc == 0` (legal in level 1 only);
//! - **packed** (`n(n+1)/2` elements): the `uplo` triangle column by column; upper `(i, j)`,
//!   `i ≤ j`, at `i + j(j+1)/2`; lower `(i, j)`, `i ≥ j`, at `i - j + j·n - j(j-1)/2`;
//! - **general band** (`kl` sub-, `ku` superdiagonals, `ldab ≥ kl + ku + 1`): `(i, j)` with
//!   `j - ku ≤ i ≤ j + kl` at `ku + i - j + j·ldab`;
//! - **triangular/symmetric band** (`k` off-diagonals, `ldab ≥ k + 1`): upper `(i, j)`,
//!   `j - k ≤ i ≤ j`, at `k + i - j + j·ldab`; lower `(i, j)`, `j ≤ i ≤ j + k`, at `i - j + j·ldab`.

use super::*;

/// Buffer index of element `i` of an `n`-vector with increment `inc` (see the module docs).
pub fn vidx(i: usize, n: usize, inc: isize) -> usize {
    debug_assert!(i < n, "element {i} of a {n}-vector");
    let step = inc.unsigned_abs();
    if inc >= 0 {
        i * step
    } else {
        (n - 1 - i) * step
    }
}

/// Elements an `n`-vector with increment `inc` spans (`1 + (n-1)·|inc|`, 0 when empty).
pub fn vspan(n: usize, inc: isize) -> usize {
    if n == 0 {
        0
    } else {
        1 + (n - 1) * inc.unsigned_abs()
    }
}

/// A buffer holding `v` with increment `inc` (`inc != 0`), every gap and `tail` extra elements
/// at the end set to `fill` (NaN to prove gaps are never touched).
pub fn strided<T: Copy>(v: &[T], inc: isize, tail: usize, fill: T) -> Vec<T> {
    assert!(
        inc != 0 || v.len() <= 1,
        "a zero increment holds one element"
    );
    let mut b = vec![fill; vspan(v.len(), inc) + tail];
    for (i, &x) in v.iter().enumerate() {
        b[vidx(i, v.len(), inc)] = x;
    }
    b
}

/// The `n` elements of a vector with increment `inc`, in logical order.
pub fn unstrided<T: Copy>(buf: &[T], n: usize, inc: isize) -> Vec<T> {
    (0..n).map(|i| buf[vidx(i, n, inc)]).collect()
}

/// The buffer as `Complex<f64>` (exact).
pub fn zbuf<T: TestScalar>(buf: &[T]) -> Vec<Z> {
    buf.iter().map(|&x| x.to_c()).collect()
}

/// Element-wise moduli (as real parts): run a reference on these, with `|α|` and `|β|`, to get
/// the magnitude of every term of a product-and-sum result for [`assert_buf_close`].
pub fn zabs_buf(buf: &[Z]) -> Vec<Z> {
    buf.iter().map(|z| Z::new(z.norm(), 0.0)).collect()
}

/// Whether either part is NaN.
pub fn has_nan(z: Z) -> bool {
    z.re.is_nan() || z.im.is_nan()
}

/// Compares a buffer the vendor wrote with the reference's: where `want` holds NaN (a sentinel
/// the reference left alone) `got` must equal `before` bit for bit; everywhere else `got` must
/// be within [`tol`]`::<T>(k, |mag|)` of `want` (NaN never passes).
#[track_caller]
pub fn assert_buf_close<T: TestScalar>(
    what: &str,
    got: &[T],
    before: &[T],
    want: &[Z],
    mag: &[Z],
    k: usize,
) {
    assert_eq!(got.len(), want.len(), "{what}: buffer length");
    assert_eq!(before.len(), want.len(), "{what}: buffer length");
    for idx in 0..got.len() {
        if has_nan(want[idx]) {
            assert!(
                got[idx].bits() == before[idx].bits(),
                "{what} ({}): element {idx} must stay {:?} bit for bit, found {:?}",
                T::NAME,
                before[idx],
                got[idx]
            );
            continue;
        }
        let err = (got[idx].to_c() - want[idx]).norm();
        let t = tol::<T>(k, mag[idx].norm());
        assert!(
            err <= t,
            "{what} ({}): element {idx} is {:?} but the reference is {} (error {err:e} > tolerance {t:e}, k = {k})",
            T::NAME,
            got[idx],
            want[idx]
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Packed storage

/// Elements of a packed `n × n` triangle: `n(n+1)/2`.
pub fn packed_len(n: usize) -> usize {
    n * (n + 1) / 2
}

/// Index of `(i, j)` (inside the `uplo` triangle) in packed storage.
pub fn packed_idx(uplo: Uplo, n: usize, i: usize, j: usize) -> usize {
    assert!(
        in_triangle(uplo, i, j) && i < n && j < n,
        "({i}, {j}) outside the packed {uplo:?} triangle of order {n}"
    );
    match uplo {
        Uplo::Upper => i + j * (j + 1) / 2,
        Uplo::Lower => i - j + j * n - j * j.saturating_sub(1) / 2,
    }
}

/// The `uplo` triangle of the dense `n × n` matrix in `a` (leading dimension `lda`), packed.
/// Reads nothing outside the triangle.
pub fn pack<T: Copy>(uplo: Uplo, n: usize, a: &[T], lda: usize) -> Vec<T> {
    let mut ap = Vec::with_capacity(packed_len(n));
    for j in 0..n {
        let rows = match uplo {
            Uplo::Upper => 0..j + 1,
            Uplo::Lower => j..n,
        };
        ap.extend(rows.map(|i| a[i + j * lda]));
    }
    ap
}

/// A dense `n × n` buffer (leading dimension `lda ≥ n`) holding the packed triangle `ap`, with
/// `fill` everywhere else (the other triangle and the padding rows).
pub fn unpack<T: Copy>(uplo: Uplo, n: usize, ap: &[T], lda: usize, fill: T) -> Vec<T> {
    assert!(lda >= n.max(1) && ap.len() >= packed_len(n));
    let mut a = vec![fill; lda * n];
    for j in 0..n {
        for i in 0..n {
            if in_triangle(uplo, i, j) {
                a[i + j * lda] = ap[packed_idx(uplo, n, i, j)];
            }
        }
    }
    a
}

// ---------------------------------------------------------------------------------------------
// Band storage

/// Whether `(i, j)` is inside a band with `kl` sub- and `ku` superdiagonals.
pub fn in_band(kl: usize, ku: usize, i: usize, j: usize) -> bool {
    i + ku >= j && i <= j + kl
}

/// Index of `(i, j)` (inside the band) in general band storage with leading dimension `ldab`.
pub fn band_idx(ku: usize, ldab: usize, i: usize, j: usize) -> usize {
    ku + i + j * ldab - j
}

/// The band of the dense `m × n` matrix `a` (leading dimension `lda`) in band storage with
/// leading dimension `ldab ≥ kl + ku + 1`; every slot outside the band (the corners, the rows
/// beyond `kl + ku + 1`) is NaN. Reads nothing outside the band.
pub fn to_band<T: TestScalar>(
    (m, n, kl, ku): (usize, usize, usize, usize),
    a: &[T],
    lda: usize,
    ldab: usize,
) -> Vec<T> {
    assert!(ldab > kl + ku, "ldab {ldab} < kl + ku + 1");
    let mut ab = vec![T::nan(); ldab * n];
    for j in 0..n {
        for i in 0..m {
            if in_band(kl, ku, i, j) {
                ab[band_idx(ku, ldab, i, j)] = a[i + j * lda];
            }
        }
    }
    ab
}

/// The dense `m × n` matrix (leading dimension `lda ≥ m`) of band storage `ab`: the band's
/// elements, `fill` elsewhere (zero for the mathematical matrix).
pub fn from_band<T: Copy>(
    (m, n, kl, ku): (usize, usize, usize, usize),
    ab: &[T],
    ldab: usize,
    lda: usize,
    fill: T,
) -> Vec<T> {
    let mut a = vec![fill; lda * n];
    for j in 0..n {
        for i in 0..m {
            if in_band(kl, ku, i, j) {
                a[i + j * lda] = ab[band_idx(ku, ldab, i, j)];
            }
        }
    }
    a
}

/// Where a symmetric, Hermitian or triangular matrix's stored elements live: dense with a
/// leading dimension, band with `k` off-diagonals, or packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// Dense, leading dimension `ld`: only the `uplo` triangle is read or written.
    Full {
        /// Leading dimension.
        ld: usize,
    },
    /// Triangular/symmetric band with `k` off-diagonals and leading dimension `ld ≥ k + 1`.
    Band {
        /// Off-diagonals stored.
        k: usize,
        /// Leading dimension.
        ld: usize,
    },
    /// Packed, `n(n+1)/2` elements.
    Packed,
}

impl Storage {
    /// Buffer index of `(i, j)` of the `uplo` triangle of an order-`n` matrix, or `None` where
    /// the format stores nothing (outside the triangle, or outside the band).
    pub fn idx(self, uplo: Uplo, n: usize, i: usize, j: usize) -> Option<usize> {
        if !in_triangle(uplo, i, j) {
            return None;
        }
        match self {
            Storage::Full { ld } => Some(i + j * ld),
            Storage::Band { k, ld } => {
                if i.abs_diff(j) > k {
                    None
                } else if uplo == Uplo::Upper {
                    Some(k + i + j * ld - j)
                } else {
                    Some(i - j + j * ld)
                }
            }
            Storage::Packed => Some(packed_idx(uplo, n, i, j)),
        }
    }

    /// Buffer length an order-`n` matrix needs in this format (0 when `n = 0`).
    pub fn len(self, n: usize) -> usize {
        match self {
            _ if n == 0 => 0,
            Storage::Full { ld } | Storage::Band { ld, .. } => ld * n,
            Storage::Packed => packed_len(n),
        }
    }

    /// Whether an order-`n` matrix takes no elements in this format.
    pub fn is_empty(self, n: usize) -> bool {
        self.len(n) == 0
    }

    /// The `uplo` triangle (within the band, for `Band`) of the dense `n × n` matrix `a`
    /// (leading dimension `lda`) in this format; every slot the format leaves unused is NaN.
    pub fn store<T: TestScalar>(self, uplo: Uplo, n: usize, a: &[T], lda: usize) -> Vec<T> {
        let mut s = vec![T::nan(); self.len(n)];
        for j in 0..n {
            for i in 0..n {
                if let Some(k) = self.idx(uplo, n, i, j) {
                    s[k] = a[i + j * lda];
                }
            }
        }
        s
    }

    /// The dense `n × n` matrix (leading dimension `n`) with this format's stored elements of
    /// the `uplo` triangle and `fill` everywhere else.
    pub fn dense<T: Copy>(self, uplo: Uplo, n: usize, s: &[T], fill: T) -> Vec<T> {
        let mut a = vec![fill; n * n];
        for j in 0..n {
            for i in 0..n {
                if let Some(k) = self.idx(uplo, n, i, j) {
                    a[i + j * n] = s[k];
                }
            }
        }
        a
    }
}

/// The full `n × n` symmetric (`herm = false`) or Hermitian (`herm = true`) matrix whose `uplo`
/// triangle is stored in `s`: the other triangle mirrored (conjugated if Hermitian), the
/// diagonal's imaginary part read as zero if Hermitian. Reads only the stored elements.
pub fn symmetrize(uplo: Uplo, herm: bool, n: usize, storage: Storage, s: &[Z]) -> M {
    let mut a = M::zeros(n, n);
    for j in 0..n {
        for i in 0..n {
            let (si, sj, mirrored) = if in_triangle(uplo, i, j) {
                (i, j, false)
            } else {
                (j, i, true)
            };
            let Some(k) = storage.idx(uplo, n, si, sj) else {
                continue;
            };
            let v = s[k];
            let v = if herm && i == j {
                Z::new(v.re, 0.0)
            } else if herm && mirrored {
                v.conj()
            } else {
                v
            };
            a.set(i, j, v);
        }
    }
    a
}

/// The triangular `n × n` matrix whose `uplo` triangle is stored in `s`: zero outside the
/// triangle (and band), ones on the diagonal if `diag` is `Unit` (the stored diagonal unread).
pub fn triangular(uplo: Uplo, diag: Diag, n: usize, storage: Storage, s: &[Z]) -> M {
    let mut t = M::zeros(n, n);
    for j in 0..n {
        for i in 0..n {
            if i == j && diag == Diag::Unit {
                t.set(i, j, zr(1.0));
            } else if let Some(k) = storage.idx(uplo, n, i, j) {
                t.set(i, j, s[k]);
            }
        }
    }
    t
}

/// A dense `m × n` column-major buffer (leading dimension `ld ≥ m`) as an [`M`].
pub fn dense_m(m: usize, n: usize, a: &[Z], ld: usize) -> M {
    let mut r = M::zeros(m, n);
    for j in 0..n {
        for i in 0..m {
            r.set(i, j, a[i + j * ld]);
        }
    }
    r
}
