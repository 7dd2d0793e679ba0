//! The routines a GPU library computes by multiplying structural zeros
//! ([`StructuralZeros`](crate::backend::StructuralZeros)), as [`Emulated::with_vendor_zeros`]
//! runs them: the way cuBLAS does, so that the guard the GPU backends put around them
//! ([`structural_zeros`]) runs, and is tested, without a GPU.
//!
//! - `trmv`, `tbmv`, `tpmv`, `trmm`: the triangle is made a dense square — its stored elements
//!   inside the triangle (and band), 1 on a unit diagonal, 0 everywhere else — and multiplied
//!   as a full matrix, every product summed, `0·x` included.
//! - `her2k` (`syr2k` for real types): the rows of `op(A)` and `op(B)` are taken by a product
//!   with the identity matrix (as a kernel that picks a block's rows by a masked product would),
//!   so an element of `A` or `B` reaches every row of its column through `0·x`, and from there
//!   every element of `C` its column contributes to.
//!
//! Every routine runs through the same guard as on a GPU; outside that mode the guard answers at
//! once (the backend does not multiply structural zeros) and the [`Host`] backend's routine runs.
//! With finite operands each gives the reference's result (`0·x = 0`), up to rounding.

use super::Emulated;
use crate::backend::host_path::structural_zeros::{self, TriangularStorage};
use crate::backend::{DevPtr, Host, Level2, Level3};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// Element `idx` of the operand at `p`.
///
/// # Safety
/// `p` holds at least `idx + 1` elements of `T` in host memory (the emulated device's).
unsafe fn at<T: Scalar>(p: DevPtr, idx: usize) -> T {
    // SAFETY: the caller's contract.
    unsafe { p.cast::<T>().add(idx).read() }
}

/// Stores `v` at element `idx` of the operand at `p`.
///
/// # Safety
/// `p` holds at least `idx + 1` writable elements of `T` in host memory.
unsafe fn put<T: Scalar>(p: DevPtr, idx: usize, v: T) {
    // SAFETY: the caller's contract.
    unsafe { p.cast::<T>().add(idx).write(v) }
}

/// Buffer index of element `i` of an `n`-vector at increment `inc` (reference BLAS's walk: a
/// negative increment starts at the end).
fn vidx(i: usize, n: usize, inc: isize) -> usize {
    let step = inc.unsigned_abs();
    if inc > 0 {
        i * step
    } else {
        (n - 1 - i) * step
    }
}

/// The order-`n` triangle as a dense column-major square: `stored(i, j)` inside the `uplo`
/// triangle and within `k` off-diagonals (`None`: all of them), 1 on a unit diagonal, 0 elsewhere.
fn dense_triangle<T: Scalar>(
    n: usize,
    (uplo, diag): (Uplo, Diag),
    k: Option<usize>,
    stored: impl Fn(usize, usize) -> T,
) -> Vec<T> {
    let mut d = vec![T::zero(); n * n];
    for j in 0..n {
        for i in 0..n {
            let inside = match uplo {
                Uplo::Upper => i <= j && k.is_none_or(|k| j - i <= k),
                Uplo::Lower => i >= j && k.is_none_or(|k| i - j <= k),
            };
            if i == j && diag == Diag::Unit {
                d[i + j * n] = T::one();
            } else if inside {
                d[i + j * n] = stored(i, j);
            }
        }
    }
    d
}

/// Element `(i, j)` of `op(D)` for the dense order-`n` `d`.
fn op_at<T: Scalar>(d: &[T], n: usize, trans: Op, i: usize, j: usize) -> T {
    match trans {
        Op::N => d[i + j * n],
        Op::T => d[j + i * n],
        Op::C => d[j + i * n].conj(),
    }
}

/// `x ← op(D) x` with every product of the dense square summed.
///
/// # Safety
/// `x` holds `n` elements at `incx` in host memory.
unsafe fn dense_mv<T: Scalar>(d: &[T], n: usize, trans: Op, x: DevPtr, incx: isize) {
    // SAFETY: the caller's contract.
    let xs: Vec<T> = (0..n).map(|j| unsafe { at(x, vidx(j, n, incx)) }).collect();
    for i in 0..n {
        let mut s = T::zero();
        for (j, &xj) in xs.iter().enumerate() {
            s += op_at(d, n, trans, i, j) * xj;
        }
        // SAFETY: as above.
        unsafe { put(x, vidx(i, n, incx), s) };
    }
}

/// `trmv` on the emulated device.
///
/// # Safety
/// As for [`Level2::trmv`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn trmv<T: Scalar>(
    emu: &Emulated,
    uplo: Uplo,
    trans: Op,
    diag: Diag,
    n: usize,
    a: DevPtr,
    lda: usize,
    x: DevPtr,
    incx: isize,
) -> Result<()> {
    let library = || {
        if !emu.vendor_zeros() {
            // SAFETY: forwarded to the caller; the memory is host memory.
            return unsafe { Level2::<T>::trmv(&Host, uplo, trans, diag, n, a, lda, x, incx) };
        }
        // SAFETY: `A` holds its `uplo` triangle at `lda` (only that is read) and `x` its `n`
        // elements (the caller's contract).
        let d = dense_triangle::<T>(n, (uplo, diag), None, |i, j| unsafe { at(a, i + j * lda) });
        // SAFETY: as above.
        unsafe { dense_mv(&d, n, trans, x, incx) };
        Ok(())
    };
    let storage = TriangularStorage::Full { lda };
    // SAFETY: forwarded to the caller; `library` makes this call.
    unsafe {
        structural_zeros::triangular_mv::<T, _>(
            emu,
            storage,
            (uplo, trans, diag),
            n,
            a,
            x,
            incx,
            library,
        )
    }
}

/// `tbmv` on the emulated device.
///
/// # Safety
/// As for [`Level2::tbmv`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn tbmv<T: Scalar>(
    emu: &Emulated,
    uplo: Uplo,
    trans: Op,
    diag: Diag,
    n: usize,
    k: usize,
    a: DevPtr,
    lda: usize,
    x: DevPtr,
    incx: isize,
) -> Result<()> {
    let library = || {
        if !emu.vendor_zeros() {
            // SAFETY: forwarded to the caller; the memory is host memory.
            return unsafe { Level2::<T>::tbmv(&Host, uplo, trans, diag, n, k, a, lda, x, incx) };
        }
        // Band storage: `A(i, j)` at row `k + i − j` (upper) or `i − j` (lower) of column `j`.
        let band = |i: usize, j: usize| match uplo {
            Uplo::Upper => k + i - j + j * lda,
            Uplo::Lower => i - j + j * lda,
        };
        // SAFETY: `A` holds the band of its `uplo` triangle in band storage (only that is read)
        // and `x` its `n` elements (the caller's contract).
        let d = dense_triangle::<T>(n, (uplo, diag), Some(k), |i, j| unsafe {
            at(a, band(i, j))
        });
        // SAFETY: as above.
        unsafe { dense_mv(&d, n, trans, x, incx) };
        Ok(())
    };
    let storage = TriangularStorage::Band { k, lda };
    // SAFETY: forwarded to the caller; `library` makes this call.
    unsafe {
        structural_zeros::triangular_mv::<T, _>(
            emu,
            storage,
            (uplo, trans, diag),
            n,
            a,
            x,
            incx,
            library,
        )
    }
}

/// `tpmv` on the emulated device.
///
/// # Safety
/// As for [`Level2::tpmv`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn tpmv<T: Scalar>(
    emu: &Emulated,
    uplo: Uplo,
    trans: Op,
    diag: Diag,
    n: usize,
    ap: DevPtr,
    x: DevPtr,
    incx: isize,
) -> Result<()> {
    let library = || {
        if !emu.vendor_zeros() {
            // SAFETY: forwarded to the caller; the memory is host memory.
            return unsafe { Level2::<T>::tpmv(&Host, uplo, trans, diag, n, ap, x, incx) };
        }
        // Packed storage, column by column: upper `A(i, j)` at `i + j(j+1)/2`, lower at
        // `i − j + j(2n − j + 1)/2`.
        let packed = |i: usize, j: usize| match uplo {
            Uplo::Upper => i + j * (j + 1) / 2,
            Uplo::Lower => i - j + j * (2 * n - j + 1) / 2,
        };
        // SAFETY: `ap` holds the packed triangle and `x` its `n` elements (the caller's
        // contract).
        let d = dense_triangle::<T>(n, (uplo, diag), None, |i, j| unsafe {
            at(ap, packed(i, j))
        });
        // SAFETY: as above.
        unsafe { dense_mv(&d, n, trans, x, incx) };
        Ok(())
    };
    // SAFETY: forwarded to the caller; `library` makes this call.
    unsafe {
        structural_zeros::triangular_mv::<T, _>(
            emu,
            TriangularStorage::Packed,
            (uplo, trans, diag),
            n,
            ap,
            x,
            incx,
            library,
        )
    }
}

/// `trmm` on the emulated device.
///
/// # Safety
/// As for [`Level3::trmm`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn trmm<T: Scalar>(
    emu: &Emulated,
    side: Side,
    uplo: Uplo,
    trans: Op,
    diag: Diag,
    m: usize,
    n: usize,
    alpha: T,
    a: DevPtr,
    lda: usize,
    b: DevPtr,
    ldb: usize,
    c: DevPtr,
    ldc: usize,
) -> Result<()> {
    let library = || {
        if !emu.vendor_zeros() {
            // SAFETY: forwarded to the caller; the memory is host memory.
            return unsafe {
                Level3::<T>::trmm(
                    &Host, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, c, ldc,
                )
            };
        }
        let ka = if side == Side::Left { m } else { n };
        // SAFETY: `A` holds its `uplo` triangle of order `ka` at `lda` (only that is read).
        let d = dense_triangle::<T>(ka, (uplo, diag), None, |i, j| unsafe { at(a, i + j * lda) });
        // SAFETY: `B` holds `m × n` elements at `ldb` (the caller's contract).
        let bat = |i: usize, j: usize| -> T { unsafe { at(b, i + j * ldb) } };
        // The whole product first: `C` may be `B` itself.
        let mut out = vec![T::zero(); m * n];
        for j in 0..n {
            for i in 0..m {
                let mut s = T::zero();
                for l in 0..ka {
                    s += match side {
                        Side::Left => op_at(&d, ka, trans, i, l) * bat(l, j),
                        Side::Right => bat(i, l) * op_at(&d, ka, trans, l, j),
                    };
                }
                out[i + j * m] = alpha * s;
            }
        }
        for j in 0..n {
            for i in 0..m {
                // SAFETY: `C` holds `m × n` writable elements at `ldc`.
                unsafe { put(c, i + j * ldc, out[i + j * m]) };
            }
        }
        Ok(())
    };
    // SAFETY: forwarded to the caller; `library` makes this call.
    unsafe {
        structural_zeros::trmm::<T, _>(
            emu,
            (side, uplo, trans, diag),
            (m, n),
            alpha,
            (a, lda),
            (b, ldb),
            (c, ldc),
            library,
        )
    }
}

/// `her2k` on the emulated device.
///
/// # Safety
/// As for [`Level3::her2k`].
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn her2k<T: Scalar>(
    emu: &Emulated,
    uplo: Uplo,
    trans: Op,
    n: usize,
    k: usize,
    alpha: T,
    a: DevPtr,
    lda: usize,
    b: DevPtr,
    ldb: usize,
    beta: T::Real,
    c: DevPtr,
    ldc: usize,
) -> Result<()> {
    let library = || {
        if !emu.vendor_zeros() {
            // SAFETY: forwarded to the caller; the memory is host memory.
            return unsafe {
                Level3::<T>::her2k(
                    &Host, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                )
            };
        }
        // `op(X)` (n × k) with its rows picked by a product with the identity: every element
        // of a column reaches every row of it (`0·x`).
        let rows_of = |x: DevPtr, ld: usize| -> Vec<T> {
            let el = |i: usize, l: usize| -> T {
                let (idx, conj) = match trans {
                    Op::N => (i + l * ld, false),
                    Op::T => (l + i * ld, false),
                    Op::C => (l + i * ld, true),
                };
                // SAFETY: `x` holds `op(X)`'s `n × k` elements in its storage at `ld`.
                let v = unsafe { at::<T>(x, idx) };
                if conj {
                    v.conj()
                } else {
                    v
                }
            };
            let mut p = vec![T::zero(); n * k];
            for l in 0..k {
                for i in 0..n {
                    let mut s = T::zero();
                    for q in 0..n {
                        let e = if q == i { T::one() } else { T::zero() };
                        s += e * el(q, l);
                    }
                    p[i + l * n] = s;
                }
            }
            p
        };
        let zero_alpha = alpha == T::zero();
        let (p, q) = if zero_alpha {
            (Vec::new(), Vec::new())
        } else {
            (rows_of(a, lda), rows_of(b, ldb))
        };
        let beta = T::from_real(beta);
        for j in 0..n {
            let (lo, hi) = match uplo {
                Uplo::Upper => (0, j + 1),
                Uplo::Lower => (j, n),
            };
            for i in lo..hi {
                let mut s = T::zero();
                if !zero_alpha {
                    let (mut ab, mut ba) = (T::zero(), T::zero());
                    for l in 0..k {
                        ab += p[i + l * n] * q[j + l * n].conj();
                        ba += q[i + l * n] * p[j + l * n].conj();
                    }
                    s = alpha * ab + alpha.conj() * ba;
                }
                // β = 0 does not read `C`; the diagonal stays real.
                let scaled = if beta == T::zero() {
                    T::zero()
                } else {
                    // SAFETY: `C` holds its `n × n` elements at `ldc` (the caller's contract).
                    let old = unsafe { at::<T>(c, i + j * ldc) };
                    if i == j {
                        beta * T::from_real(old.re())
                    } else {
                        beta * old
                    }
                };
                let v = if i == j {
                    T::from_real((scaled + s).re())
                } else {
                    scaled + s
                };
                // SAFETY: as above.
                unsafe { put(c, i + j * ldc, v) };
            }
        }
        Ok(())
    };
    // SAFETY: forwarded to the caller; `library` makes this call.
    unsafe {
        structural_zeros::her2k::<T, _>(
            emu,
            (uplo, trans),
            (n, k),
            alpha,
            (a, lda),
            (b, ldb),
            beta,
            (c, ldc),
            library,
        )
    }
}
