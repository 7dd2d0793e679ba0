//! faer's view of BLAS operands for the host's level-2, level-3 and mixed-precision routines:
//! column-major matrices and strided vectors as `MatRef`/`MatMut`, `op(A)` as a view plus a
//! conjugation, and reference BLAS's `β` scaling ahead of a `C ← C + α…` product.

use std::ptr::NonNull;

use faer::{Accum, Conj, MatMut, MatRef, Par};

use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::Uplo;

/// The parallelism faer's products run with: the threads of the current rayon pool (see
/// [`threads`](super::chunks::threads)), so `RAYON_NUM_THREADS` and a pool the caller
/// `install`s decide, and faer's global setting (which `faer::disable_global_parallelism`
/// would turn into a panic) is not consulted.
pub(super) fn par() -> Par {
    match super::chunks::threads() {
        0 | 1 => Par::Seq,
        t => Par::rayon(t),
    }
}

/// faer's conjugation flag: conjugate where `c`.
pub(super) fn conj_if(c: bool) -> Conj {
    if c {
        Conj::Yes
    } else {
        Conj::No
    }
}

/// Non-null base for faer views (faer wants `NonNull` even for empty views).
fn base<T>(p: DevPtr) -> *mut T {
    if p.is_null() {
        NonNull::<T>::dangling().as_ptr()
    } else {
        p.cast()
    }
}

/// The column stride of a column-major `rows × cols` view with leading dimension `ld`: `ld`,
/// except for at most one column, where no step is ever taken and BLAS allows any `ld` up to
/// `isize::MAX`. faer computes with its strides (in debug builds, overflow-checked: a one-column
/// operand with such an `ld` made it panic), so a single column gets the dense stride `rows`.
fn col_stride(rows: usize, cols: usize, ld: usize) -> isize {
    (if cols <= 1 { rows } else { ld }) as isize
}

/// A column-major view of `rows × cols` with leading dimension `ld`.
///
/// # Safety
/// `p` is valid for reading the view's elements for `'a`.
pub(super) unsafe fn view<'a, T>(p: DevPtr, rows: usize, cols: usize, ld: usize) -> MatRef<'a, T> {
    let cs = col_stride(rows, cols, ld);
    // SAFETY: forwarded to the caller; the column stride only differs from `ld` where it is
    // never applied.
    unsafe { MatRef::from_raw_parts(base::<T>(p), rows, cols, 1, cs) }
}

/// A mutable column-major view.
///
/// # Safety
/// `p` is valid for reading and writing the view's elements for `'a`, and nothing else accesses
/// them meanwhile.
pub(super) unsafe fn view_mut<'a, T>(
    p: DevPtr,
    rows: usize,
    cols: usize,
    ld: usize,
) -> MatMut<'a, T> {
    let cs = col_stride(rows, cols, ld);
    // SAFETY: as for `view`.
    unsafe { MatMut::from_raw_parts_mut(base::<T>(p), rows, cols, 1, cs) }
}

/// `X ← βX` on a `rows × cols` matrix with element strides `rs` (rows) and `cs` (columns), with
/// reference-BLAS semantics: `β = 0` writes zeros without reading. Returns the accumulation mode
/// for a following `X ← X + α…`.
///
/// # Safety
/// `p` is valid for reading and writing every element of the matrix.
pub(super) unsafe fn scale<T: Scalar>(
    p: DevPtr,
    rows: usize,
    cols: usize,
    rs: usize,
    cs: usize,
    beta: T,
) -> Accum {
    if beta.is_one() {
        return Accum::Add;
    }
    for j in 0..cols {
        for i in 0..rows {
            let e = p.cast::<T>().wrapping_add(i * rs + j * cs);
            // SAFETY: forwarded to the caller.
            unsafe { *e = if beta.is_zero() { T::zero() } else { beta * *e } };
        }
    }
    if beta.is_zero() {
        Accum::Replace
    } else {
        Accum::Add
    }
}

/// Like [`scale`] on one triangle (diagonal included) of a square column-major `C`. For a
/// Hermitian `C` (`herm`), the diagonal's imaginary parts are never read, as in reference BLAS
/// (`C(j, j) = β·re C(j, j)`): they are cleared first.
///
/// # Safety
/// As for [`scale`].
pub(super) unsafe fn scale_triangle<T: Scalar>(
    c: DevPtr,
    n: usize,
    ldc: usize,
    (uplo, herm): (Uplo, bool),
    beta: T,
) {
    if herm && !beta.is_zero() {
        for j in 0..n {
            let e = c.cast::<T>().wrapping_add(j * ldc + j);
            // SAFETY: the diagonal lies inside `c`'s extent (the caller's contract).
            unsafe { *e = T::from_real((*e).re()) };
        }
    }
    for j in 0..n {
        let (first, rows) = match uplo {
            Uplo::Upper => (0, j + 1),
            Uplo::Lower => (j, n - j),
        };
        // SAFETY: forwarded to the caller; this is column `j`'s part of the triangle.
        unsafe { scale(c.offset::<T>(j * ldc + first), rows, 1, 1, 0, beta) };
    }
}

/// A scalar as faer sees it (the same bits).
pub(super) fn fa<T: Scalar>(x: T) -> T::Faer {
    bytemuck::cast(x)
}
