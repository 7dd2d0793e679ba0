//! The guard of the routines a library computes by multiplying structural zeros
//! ([`Backend::multiplies_structural_zeros`]): the triangular products `trmv`/`tbmv`/`tpmv` and
//! `trmm`, and `her2k`.
//!
//! Reference BLAS never multiplies a structural zero (the other triangle of a triangular
//! matrix, the outside of its band), so an element of `x` or `B` that only such a zero would
//! multiply never affects the result. A library that multiplies the whole square (cuBLAS does)
//! computes `0·NaN = NaN` there, and a NaN or ∞ reaches elements of the result the reference
//! keeps finite. When every element such a product could take is finite, `0·x = 0` and the
//! library's result is the reference's; so each guard first checks that with the backend's own
//! `asum` (NaN or ∞ exactly when an element is not finite, or when huge finite ones overflow the
//! sum), and runs the library only then. Otherwise the operands come to the host, the [`Host`]
//! backend's routine (the reference's semantics) runs there and the result goes back.
//!
//! The check reads each operand's whole span (`ld·(cols − 1) + rows` elements): a non-finite
//! value in the padding between columns also sends the call to the host, needlessly but with
//! the same result. Its cost is one `asum` per checked operand and the synchronisation that
//! returns its value: a device-resident call of a guarded routine waits for the device.

// Without the `host` feature only the checks remain (a non-finite operand is `Unsupported`).
#![cfg_attr(not(feature = "host"), allow(dead_code, unused_imports))]

use super::HostCopy;
use crate::backend::{Backend, DevPtr, Level1, StructuralZeros};
#[cfg(feature = "host")]
use crate::backend::{Host, Level2, Level3};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// How a triangular matrix of `tr*mv` is stored.
#[derive(Debug, Clone, Copy)]
pub(crate) enum TriangularStorage {
    /// Full storage with leading dimension `lda` (`trmv`).
    Full { lda: usize },
    /// Band storage, `k` off-diagonals, leading dimension `lda` (`tbmv`).
    Band { k: usize, lda: usize },
    /// Packed storage (`tpmv`).
    Packed,
}

/// The number of elements from the first to the last of a `rows × cols` matrix with leading
/// dimension `ld` (0 for an empty one).
fn span(ld: usize, rows: usize, cols: usize) -> usize {
    if rows == 0 || cols == 0 {
        0
    } else {
        ld * (cols - 1) + rows
    }
}

/// Whether the `len` elements from `x` at increment `inc ≥ 1` are all finite, by the backend's
/// `asum` (`|re| + |im|` summed: NaN or ∞ when an element is, or when the sum overflows).
///
/// # Safety
/// `x` holds `len` elements at `inc` in `backend`'s memory.
unsafe fn finite<T: Scalar, B: Level1<T>>(
    backend: &B,
    len: usize,
    x: DevPtr,
    inc: usize,
) -> Result<bool> {
    if len == 0 {
        return Ok(true);
    }
    let inc = isize::try_from(inc).unwrap_or(isize::MAX);
    // SAFETY: forwarded to the caller.
    let sum: f64 = unsafe { Level1::<T>::asum(backend, len, x, inc)? }.into();
    Ok(sum.is_finite())
}

/// `len` elements of device memory copied to the host, to be run on by the [`Host`] backend and
/// copied back.
struct HostSpan<T> {
    data: Vec<T>,
}

impl<T: Scalar> HostSpan<T> {
    /// # Safety
    /// `p` holds `len` elements in `backend`'s memory, which nothing writes during the call.
    unsafe fn new<B: Backend>(backend: &B, p: DevPtr, len: usize) -> Result<Self> {
        let mut data = vec![T::zero(); len];
        let bytes = std::mem::size_of_val(data.as_slice());
        // SAFETY: `p` holds `len` elements (the caller's contract); `data` as many.
        unsafe { backend.download(data.as_mut_ptr().cast(), p, bytes)? };
        Ok(HostSpan { data })
    }

    /// The copy as a host "device" pointer.
    fn ptr(&mut self) -> DevPtr {
        DevPtr::from_raw(self.data.as_mut_ptr().cast())
    }

    /// Copies the elements back to `p`.
    ///
    /// # Safety
    /// `p` is the span this copy came from, writable.
    unsafe fn write_back<B: Backend>(&self, backend: &B, p: DevPtr) -> Result<()> {
        let bytes = std::mem::size_of_val(self.data.as_slice());
        // SAFETY: the span holds `data.len()` elements (the caller's contract).
        unsafe { backend.upload(p, self.data.as_ptr().cast(), bytes) }
    }
}

/// What a guarded call whose operand is not finite returns without the `host` feature: the
/// host's level 2 and 3, which would compute it by the reference's rules, are not compiled in.
#[cfg(not(feature = "host"))]
fn no_host_fallback(routine: &'static str) -> crate::error::Error {
    crate::error::Error::Unsupported {
        routine,
        what: "a non-finite operand on a library that multiplies structural zeros (its result \
               would differ from reference BLAS's); gpublas computes such calls on the host, \
               which needs the `host` feature"
            .into(),
    }
}

/// `trmv`, `tbmv` or `tpmv` (by `storage`) on `backend`: `library` (the backend's own call)
/// unless the backend multiplies structural zeros and `x` holds a non-finite value, in which
/// case the [`Host`] backend computes it on host copies of `A` and `x`.
///
/// # Safety
/// As for [`Level2::trmv`] (and its band and packed forms) on `backend`; `library` makes that
/// call.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn triangular_mv<T: Scalar, B: Level1<T>>(
    backend: &B,
    storage: TriangularStorage,
    (uplo, trans, diag): (Uplo, Op, Diag),
    n: usize,
    a: DevPtr,
    x: DevPtr,
    incx: isize,
    library: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let guarded = backend.multiplies_structural_zeros(StructuralZeros::TriangularMv, T::KIND);
    // SAFETY: `x` holds `n` elements at `incx` (the caller's contract), the same elements from
    // its start at `|incx|`.
    if !guarded || unsafe { finite::<T, B>(backend, n, x, incx.unsigned_abs())? } {
        return library();
    }
    #[cfg(feature = "host")]
    {
        // SAFETY: forwarded to the caller.
        unsafe {
            triangular_mv_on_host::<T, B>(backend, storage, (uplo, trans, diag), n, a, x, incx)
        }
    }
    #[cfg(not(feature = "host"))]
    {
        let _ = (backend, storage, (uplo, trans, diag), n, a, x, incx);
        Err(no_host_fallback("trmv"))
    }
}

/// The host computation of [`triangular_mv`] (its operands are not all finite).
///
/// # Safety
/// As for [`triangular_mv`].
#[cfg(feature = "host")]
#[allow(clippy::too_many_arguments)]
unsafe fn triangular_mv_on_host<T: Scalar, B: Level1<T>>(
    backend: &B,
    storage: TriangularStorage,
    (uplo, trans, diag): (Uplo, Op, Diag),
    n: usize,
    a: DevPtr,
    x: DevPtr,
    incx: isize,
) -> Result<()> {
    let a_len = match storage {
        TriangularStorage::Full { lda } => span(lda, n, n),
        TriangularStorage::Band { k, lda } => span(lda, k + 1, n),
        TriangularStorage::Packed => n * (n + 1) / 2,
    };
    // SAFETY: `A` holds its storage's `a_len` elements and `x` its `n` (the caller's contract).
    let (mut ah, mut xh) = unsafe {
        (
            HostSpan::<T>::new(backend, a, a_len)?,
            HostCopy::<T>::new(backend, n, x, incx)?,
        )
    };
    let (ap, xp, xinc) = (ah.ptr(), xh.ptr(), xh.inc);
    // SAFETY: the copies hold `A`'s storage and `x`'s elements at `xinc` in host memory, with
    // the caller's (valid) dimensions.
    unsafe {
        match storage {
            TriangularStorage::Full { lda } => {
                Level2::<T>::trmv(&Host, uplo, trans, diag, n, ap, lda, xp, xinc)?
            }
            TriangularStorage::Band { k, lda } => {
                Level2::<T>::tbmv(&Host, uplo, trans, diag, n, k, ap, lda, xp, xinc)?
            }
            TriangularStorage::Packed => {
                Level2::<T>::tpmv(&Host, uplo, trans, diag, n, ap, xp, xinc)?
            }
        }
        xh.write_back(backend, n, x, incx)
    }
}

/// `trmm` on `backend`: `library` (the backend's own call) unless the backend multiplies
/// structural zeros and `B` holds a non-finite value, in which case the [`Host`] backend
/// computes it on host copies of `A`, `B` and `C` (of `B` alone in place).
///
/// # Safety
/// As for [`Level3::trmm`] on `backend`; `library` makes that call.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn trmm<T: Scalar, B: Level1<T>>(
    backend: &B,
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    (m, n): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    (c, ldc): (DevPtr, usize),
    library: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let guarded = backend.multiplies_structural_zeros(StructuralZeros::Trmm, T::KIND);
    // SAFETY: `B` spans `span(ldb, m, n)` elements (the caller's contract).
    if !guarded || unsafe { finite::<T, B>(backend, span(ldb, m, n), b, 1)? } {
        return library();
    }
    #[cfg(feature = "host")]
    {
        // SAFETY: forwarded to the caller.
        unsafe {
            trmm_on_host::<T, B>(
                backend,
                (side, uplo, trans, diag),
                (m, n),
                alpha,
                (a, lda),
                (b, ldb),
                (c, ldc),
            )
        }
    }
    #[cfg(not(feature = "host"))]
    {
        let _ = (
            backend,
            (side, uplo, trans, diag),
            (m, n),
            alpha,
            (a, lda),
            (b, ldb),
            (c, ldc),
        );
        Err(no_host_fallback("trmm"))
    }
}

/// The host computation of [`trmm`] (its operands are not all finite).
///
/// # Safety
/// As for [`trmm`].
#[cfg(feature = "host")]
#[allow(clippy::too_many_arguments)]
unsafe fn trmm_on_host<T: Scalar, B: Level1<T>>(
    backend: &B,
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    (m, n): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    (c, ldc): (DevPtr, usize),
) -> Result<()> {
    let ka = if side == Side::Left { m } else { n };
    // SAFETY: `A` spans `span(lda, ka, ka)` elements, `B` and `C` theirs (the caller's
    // contract); `C` is `B` itself or overlaps nothing.
    unsafe {
        let mut ah = HostSpan::<T>::new(backend, a, span(lda, ka, ka))?;
        let mut bh = HostSpan::<T>::new(backend, b, span(ldb, m, n))?;
        let (ap, bp) = (ah.ptr(), bh.ptr());
        if c == b {
            // In place (`ldc == ldb`).
            Level3::<T>::trmm(
                &Host, side, uplo, trans, diag, m, n, alpha, ap, lda, bp, ldb, bp, ldb,
            )?;
            bh.write_back(backend, b)
        } else {
            // `C`'s old elements (only its padding survives) keep the padding as it was.
            let mut ch = HostSpan::<T>::new(backend, c, span(ldc, m, n))?;
            let cp = ch.ptr();
            Level3::<T>::trmm(
                &Host, side, uplo, trans, diag, m, n, alpha, ap, lda, bp, ldb, cp, ldc,
            )?;
            ch.write_back(backend, c)
        }
    }
}

/// `her2k` on `backend`: `library` (the backend's own call) unless the backend multiplies
/// structural zeros in `her2k` for `T` and `A` or `B` holds a non-finite value, in which case
/// the [`Host`] backend computes it on host copies of `A`, `B` and `C`.
///
/// # Safety
/// As for [`Level3::her2k`] on `backend`; `library` makes that call.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn her2k<T: Scalar, B: Level1<T>>(
    backend: &B,
    (uplo, trans): (Uplo, Op),
    (n, k): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    beta: T::Real,
    (c, ldc): (DevPtr, usize),
    library: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let (rows, cols) = if trans == Op::N { (n, k) } else { (k, n) };
    let guarded = backend.multiplies_structural_zeros(StructuralZeros::Her2k, T::KIND);
    // SAFETY: `A` and `B` span their `rows × cols` (the caller's contract).
    let finite_operands = !guarded
        || unsafe {
            finite::<T, B>(backend, span(lda, rows, cols), a, 1)?
                && finite::<T, B>(backend, span(ldb, rows, cols), b, 1)?
        };
    if finite_operands {
        return library();
    }
    #[cfg(feature = "host")]
    {
        // SAFETY: forwarded to the caller.
        unsafe {
            her2k_on_host::<T, B>(
                backend,
                (uplo, trans),
                (n, k),
                alpha,
                (a, lda),
                (b, ldb),
                beta,
                (c, ldc),
            )
        }
    }
    #[cfg(not(feature = "host"))]
    {
        let _ = (
            backend,
            (uplo, trans),
            (n, k),
            alpha,
            (a, lda),
            (b, ldb),
            beta,
            (c, ldc),
        );
        Err(no_host_fallback("her2k"))
    }
}

/// The host computation of [`her2k`] (its operands are not all finite).
///
/// # Safety
/// As for [`her2k`].
#[cfg(feature = "host")]
#[allow(clippy::too_many_arguments)]
unsafe fn her2k_on_host<T: Scalar, B: Level1<T>>(
    backend: &B,
    (uplo, trans): (Uplo, Op),
    (n, k): (usize, usize),
    alpha: T,
    (a, lda): (DevPtr, usize),
    (b, ldb): (DevPtr, usize),
    beta: T::Real,
    (c, ldc): (DevPtr, usize),
) -> Result<()> {
    let (rows, cols) = if trans == Op::N { (n, k) } else { (k, n) };
    // SAFETY: `A`, `B` and `C` span these elements (the caller's contract); `C` overlaps
    // neither input.
    unsafe {
        let mut ah = HostSpan::<T>::new(backend, a, span(lda, rows, cols))?;
        let mut bh = HostSpan::<T>::new(backend, b, span(ldb, rows, cols))?;
        let mut ch = HostSpan::<T>::new(backend, c, span(ldc, n, n))?;
        let (ap, bp, cp) = (ah.ptr(), bh.ptr(), ch.ptr());
        Level3::<T>::her2k(
            &Host, uplo, trans, n, k, alpha, ap, lda, bp, ldb, beta, cp, ldc,
        )?;
        ch.write_back(backend, c)
    }
}
