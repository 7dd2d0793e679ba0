//! CBLAS (`cblas_*`, `cblas_*_64`), as reference CBLAS builds it: an invalid enum is reported
//! to `cblas_xerbla` with its CBLAS position; a row-major call becomes the column-major call on
//! the transposed operands (conjugating copies where a conjugate without a transpose is needed)
//! and goes to the Fortran core, whose errors reach the program's `xerbla_` with the Fortran
//! position of that call — the protocol CBLAS's own test programs check (their `xerbla_` adds
//! one, their `cblas_xerbla` maps the row-major positions back).

use std::ffi::{c_char, c_int, CString};

use gpublas::{Scalar, ScalarKind};

use crate::raw::{gather, vspan, Out};

pub mod level1;
pub mod level2;
pub mod level3;

/// `CblasRowMajor`.
pub const ROW_MAJOR: c_int = 101;
/// `CblasColMajor`.
pub const COL_MAJOR: c_int = 102;

/// Whether a layout is row-major (`None`: invalid).
pub fn row_major(order: c_int) -> Option<bool> {
    match order {
        ROW_MAJOR => Some(true),
        COL_MAJOR => Some(false),
        _ => None,
    }
}

/// The Fortran flag of a `CBLAS_TRANSPOSE`.
pub fn trans(t: c_int) -> Option<u8> {
    match t {
        111 => Some(b'N'),
        112 => Some(b'T'),
        113 => Some(b'C'),
        _ => None,
    }
}

/// The Fortran flag of a `CBLAS_UPLO`.
pub fn uplo(u: c_int) -> Option<u8> {
    match u {
        121 => Some(b'U'),
        122 => Some(b'L'),
        _ => None,
    }
}

/// The other triangle (a row-major triangle is the column-major one of the transpose).
pub fn flip(u: u8) -> u8 {
    if u == b'U' {
        b'L'
    } else {
        b'U'
    }
}

/// The Fortran flag of a `CBLAS_DIAG`.
pub fn diag(d: c_int) -> Option<u8> {
    match d {
        131 => Some(b'N'),
        132 => Some(b'U'),
        _ => None,
    }
}

/// The Fortran flag of a `CBLAS_SIDE`.
pub fn side(s: c_int) -> Option<u8> {
    match s {
        141 => Some(b'L'),
        142 => Some(b'R'),
        _ => None,
    }
}

/// A flag as the `CHARACTER` argument the cores take.
pub fn ch(c: &u8) -> *const c_char {
    (c as *const u8).cast()
}

/// Reports illegal argument `pos` of `cblas_<t><base>` to `cblas_xerbla`.
pub fn bad<T: Scalar>(base: &str, pos: i64) {
    let letter = match T::KIND {
        ScalarKind::F32 => 's',
        ScalarKind::F64 => 'd',
        ScalarKind::C32 => 'c',
        _ => 'z',
    };
    let rout = CString::new(format!("cblas_{letter}{base}")).unwrap_or_default();
    crate::xerbla::cblas_xerbla(pos, &rout);
}

/// Conjugates the `n`-element vector at `x` with increment `inc` in place (complex types; for
/// real ones nothing to do).
///
/// # Safety
/// `x` spans what `n`, `inc` say, and nothing else refers to it.
pub unsafe fn conj_in_place<T: Scalar>(x: *mut T, n: i64, inc: i64) {
    if !T::IS_COMPLEX || n <= 0 || inc == 0 {
        return;
    }
    // SAFETY: the caller's contract.
    let s = unsafe { Out::new(x, vspan(n, inc)).slice() };
    let step = inc.unsigned_abs() as usize;
    for v in s.iter_mut().step_by(step) {
        *v = v.conj();
    }
}

/// A contiguous conjugated copy of the `n`-element vector at `x` (increment `inc`), in its
/// logical order.
///
/// # Safety
/// `x` spans what `n`, `inc` say.
pub unsafe fn conj_copy<T: Scalar>(x: *const T, n: i64, inc: i64) -> Vec<T> {
    // SAFETY: the caller's contract.
    let mut v = unsafe { gather(x, usize::try_from(n).unwrap_or(0), inc) };
    for e in &mut v {
        *e = e.conj();
    }
    v
}
