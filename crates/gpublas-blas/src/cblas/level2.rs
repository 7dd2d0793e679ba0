//! CBLAS level 2. A row-major matrix is the column-major storage of its transpose: the call
//! becomes the column-major one on the transpose (dimensions, band widths, triangles swapped).
//! Where that needs `conj(A)` (a conjugate transpose of a row-major matrix, a Hermitian matrix
//! read as its transpose) it is computed through conjugates: of `x` (copied) and of `y`, `α`,
//! `β` (in place, undone afterwards), as reference CBLAS does.

use std::ffi::c_int;

use gpublas::Scalar;

use super::{bad, ch, conj_copy, conj_in_place, diag, flip, row_major, trans, uplo};
use crate::fortran::level2 as f;
use crate::raw::{CArg, FInt};

/// Whether the row-major call needs the conjugate form (complex `Op::C`), and the flag the
/// column-major call on the transpose takes.
fn row_trans<T: Scalar>(t: u8) -> (bool, u8) {
    match t {
        b'N' => (false, b'T'),
        b'T' => (false, b'N'),
        _ => (T::IS_COMPLEX, b'N'),
    }
}

/// `x` (`n` elements, increment `inc`) conjugated into a contiguous copy when `conj` and the
/// vector is legal and non-empty (else the original, for the core to check or ignore).
///
/// # Safety
/// `x` spans what `n`, `inc` say.
unsafe fn maybe_conj<T: Scalar>(
    conj: bool,
    x: *const T,
    n: i64,
    inc: i64,
) -> (Option<Vec<T>>, i64) {
    if conj && n > 0 && inc != 0 {
        // SAFETY: the caller's contract.
        (Some(unsafe { conj_copy(x, n, inc) }), 1)
    } else {
        (None, inc)
    }
}

/// `y ← α op(A) x + βy`.
pub unsafe fn gemv<T: CArg, I: FInt>(
    order: c_int,
    ta: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>("gemv", 1);
    };
    let Some(t) = trans(ta) else {
        return bad::<T>("gemv", 2);
    };
    // SAFETY: CBLAS scalar arguments.
    let (alpha, beta) = unsafe { (T::read(alpha), T::read(beta)) };
    if !row {
        // SAFETY: the caller's contract.
        return unsafe {
            f::gemv::<T, I>(
                ch(&t),
                &m,
                &n,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            )
        };
    }
    let (conj, t) = row_trans::<T>(t);
    // The product with A's transpose: x has M elements, y has N.
    // SAFETY: the caller's contract.
    unsafe {
        let (xc, incx2) = maybe_conj(conj && n.get() > 0, x, m.get(), incx.get());
        if let Some(xc) = xc {
            conj_in_place(y, n.get(), incy.get());
            let (ac, bc, inc1) = (alpha.conj(), beta.conj(), I::from_i64(incx2));
            f::gemv::<T, I>(
                ch(&t),
                &n,
                &m,
                &ac,
                a,
                &lda,
                xc.as_ptr(),
                &inc1,
                &bc,
                y,
                &incy,
                1,
            );
            conj_in_place(y, n.get(), incy.get());
        } else {
            f::gemv::<T, I>(
                ch(&t),
                &n,
                &m,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            );
        }
    }
}

/// `y ← α op(A) x + βy`, `A` a band matrix.
pub unsafe fn gbmv<T: CArg, I: FInt>(
    order: c_int,
    ta: c_int,
    m: I,
    n: I,
    kl: I,
    ku: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>("gbmv", 1);
    };
    let Some(t) = trans(ta) else {
        return bad::<T>("gbmv", 2);
    };
    // SAFETY: CBLAS scalar arguments.
    let (alpha, beta) = unsafe { (T::read(alpha), T::read(beta)) };
    if !row {
        // SAFETY: the caller's contract.
        return unsafe {
            f::gbmv::<T, I>(
                ch(&t),
                &m,
                &n,
                &kl,
                &ku,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            )
        };
    }
    let (conj, t) = row_trans::<T>(t);
    // SAFETY: the caller's contract.
    unsafe {
        let (xc, incx2) = maybe_conj(conj && n.get() > 0, x, m.get(), incx.get());
        if let Some(xc) = xc {
            conj_in_place(y, n.get(), incy.get());
            let (ac, bc, inc1) = (alpha.conj(), beta.conj(), I::from_i64(incx2));
            f::gbmv::<T, I>(
                ch(&t),
                &n,
                &m,
                &ku,
                &kl,
                &ac,
                a,
                &lda,
                xc.as_ptr(),
                &inc1,
                &bc,
                y,
                &incy,
                1,
            );
            conj_in_place(y, n.get(), incy.get());
        } else {
            f::gbmv::<T, I>(
                ch(&t),
                &n,
                &m,
                &ku,
                &kl,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            );
        }
    }
}

/// The shape of a symmetric/Hermitian matrix argument.
#[derive(Clone, Copy)]
enum Stor<I> {
    Full(I),
    Band(I, I),
    Packed,
}

/// `y ← αAx + βy` for symmetric (`herm = false`) or Hermitian `A` in any storage.
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn symv_any<T: CArg, I: FInt>(
    base: &str,
    herm: bool,
    stor: Stor<I>,
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    a: *const T,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 2);
    };
    // SAFETY: CBLAS scalar arguments.
    let (mut alpha, mut beta) = unsafe { (T::read(alpha), T::read(beta)) };
    let (mut x, mut incx) = (x, incx);
    let mut xc = None;
    let conj = row && herm && T::IS_COMPLEX && n.get() > 0 && incx.get() != 0 && incy.get() != 0;
    if row {
        u = flip(u);
    }
    if conj {
        // SAFETY: the caller's contract.
        let (c, inc1) = unsafe { maybe_conj(true, x, n.get(), incx.get()) };
        xc = c;
        x = xc.as_ref().map_or(x, |v| v.as_ptr());
        incx = I::from_i64(inc1);
        (alpha, beta) = (alpha.conj(), beta.conj());
        // SAFETY: the caller's contract.
        unsafe { conj_in_place(y, n.get(), incy.get()) };
    }
    // SAFETY: the caller's contract.
    unsafe {
        match (stor, herm) {
            (Stor::Full(lda), false) => {
                f::symv::<T, I>(ch(&u), &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1)
            }
            (Stor::Full(lda), true) => {
                f::hemv::<T, I>(ch(&u), &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1)
            }
            (Stor::Band(k, lda), false) => f::sbmv::<T, I>(
                ch(&u),
                &n,
                &k,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            ),
            (Stor::Band(k, lda), true) => f::hbmv::<T, I>(
                ch(&u),
                &n,
                &k,
                &alpha,
                a,
                &lda,
                x,
                &incx,
                &beta,
                y,
                &incy,
                1,
            ),
            (Stor::Packed, false) => {
                f::spmv::<T, I>(ch(&u), &n, &alpha, a, x, &incx, &beta, y, &incy, 1)
            }
            (Stor::Packed, true) => {
                f::hpmv::<T, I>(ch(&u), &n, &alpha, a, x, &incx, &beta, y, &incy, 1)
            }
        }
        if conj {
            conj_in_place(y, n.get(), incy.get());
        }
    }
    drop(xc);
}

/// `y ← αAx + βy`, `A` symmetric.
pub unsafe fn symv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "symv",
            false,
            Stor::Full(lda),
            order,
            ul,
            n,
            alpha,
            a,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` Hermitian.
pub unsafe fn hemv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "hemv",
            true,
            Stor::Full(lda),
            order,
            ul,
            n,
            alpha,
            a,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` symmetric band.
pub unsafe fn sbmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "sbmv",
            false,
            Stor::Band(k, lda),
            order,
            ul,
            n,
            alpha,
            a,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` Hermitian band.
pub unsafe fn hbmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "hbmv",
            true,
            Stor::Band(k, lda),
            order,
            ul,
            n,
            alpha,
            a,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` symmetric packed.
pub unsafe fn spmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    ap: *const T,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "spmv",
            false,
            Stor::Packed,
            order,
            ul,
            n,
            alpha,
            ap,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` Hermitian packed.
pub unsafe fn hpmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    ap: *const T,
    x: *const T,
    incx: I,
    beta: T::Arg,
    y: *mut T,
    incy: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symv_any::<T, I>(
            "hpmv",
            true,
            Stor::Packed,
            order,
            ul,
            n,
            alpha,
            ap,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `x ← op(A)x` or `op(A)⁻¹x`, `A` triangular in any storage (`stor` names it; `k`, `lda`
/// where it has them).
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn tri_any<T: CArg, I: FInt>(
    base: &str,
    solve: bool,
    stor: Stor<I>,
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    a: *const T,
    x: *mut T,
    incx: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 2);
    };
    let Some(mut t) = trans(ta) else {
        return bad::<T>(base, 3);
    };
    let Some(d) = diag(dg) else {
        return bad::<T>(base, 4);
    };
    let mut conj = false;
    if row {
        u = flip(u);
        (conj, t) = row_trans::<T>(t);
    }
    conj = conj && n.get() > 0 && incx.get() != 0;
    // SAFETY: the caller's contract (`x` is conjugated and restored around the call).
    unsafe {
        if conj {
            conj_in_place(x, n.get(), incx.get());
        }
        let (u, t, d) = (ch(&u), ch(&t), ch(&d));
        match (stor, solve) {
            (Stor::Full(lda), false) => f::trmv::<T, I>(u, t, d, &n, a, &lda, x, &incx, 1, 1, 1),
            (Stor::Full(lda), true) => f::trsv::<T, I>(u, t, d, &n, a, &lda, x, &incx, 1, 1, 1),
            (Stor::Band(k, lda), false) => {
                f::tbmv::<T, I>(u, t, d, &n, &k, a, &lda, x, &incx, 1, 1, 1)
            }
            (Stor::Band(k, lda), true) => {
                f::tbsv::<T, I>(u, t, d, &n, &k, a, &lda, x, &incx, 1, 1, 1)
            }
            (Stor::Packed, false) => f::tpmv::<T, I>(u, t, d, &n, a, x, &incx, 1, 1, 1),
            (Stor::Packed, true) => f::tpsv::<T, I>(u, t, d, &n, a, x, &incx, 1, 1, 1),
        }
        if conj {
            conj_in_place(x, n.get(), incx.get());
        }
    }
}

/// `x ← op(A)x`, `A` triangular.
pub unsafe fn trmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "trmv",
            false,
            Stor::Full(lda),
            order,
            ul,
            ta,
            dg,
            n,
            a,
            x,
            incx,
        )
    }
}

/// `x ← op(A)⁻¹x`, `A` triangular.
pub unsafe fn trsv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "trsv",
            true,
            Stor::Full(lda),
            order,
            ul,
            ta,
            dg,
            n,
            a,
            x,
            incx,
        )
    }
}

/// `x ← op(A)x`, `A` triangular band.
pub unsafe fn tbmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "tbmv",
            false,
            Stor::Band(k, lda),
            order,
            ul,
            ta,
            dg,
            n,
            a,
            x,
            incx,
        )
    }
}

/// `x ← op(A)⁻¹x`, `A` triangular band.
pub unsafe fn tbsv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "tbsv",
            true,
            Stor::Band(k, lda),
            order,
            ul,
            ta,
            dg,
            n,
            a,
            x,
            incx,
        )
    }
}

/// `x ← op(A)x`, `A` triangular packed.
pub unsafe fn tpmv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    ap: *const T,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "tpmv",
            false,
            Stor::Packed,
            order,
            ul,
            ta,
            dg,
            n,
            ap,
            x,
            incx,
        )
    }
}

/// `x ← op(A)⁻¹x`, `A` triangular packed.
pub unsafe fn tpsv<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    n: I,
    ap: *const T,
    x: *mut T,
    incx: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "tpsv",
            true,
            Stor::Packed,
            order,
            ul,
            ta,
            dg,
            n,
            ap,
            x,
            incx,
        )
    }
}

/// General rank-1 updates: `xyᵀ` (`ger`, `geru`) or `xyᴴ` (`gerc`).
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn ger_any<T: CArg, I: FInt>(
    base: &str,
    conj: bool,
    order: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    // SAFETY: a CBLAS scalar argument.
    let alpha = unsafe { T::read(alpha) };
    let (kind, name) = match (T::IS_COMPLEX, conj) {
        (false, _) => (f::Ger::Plain, "GER"),
        (true, false) => (f::Ger::Unconj, "GERU"),
        (true, true) => (f::Ger::Conj, "GERC"),
    };
    // SAFETY: the caller's contract.
    unsafe {
        if !row {
            f::ger_any::<T, I>(kind, name, &m, &n, &alpha, x, &incx, y, &incy, a, &lda);
            return;
        }
        // Aᵀ ← α y xᵀ + Aᵀ; for gerc, α conj(y) xᵀ (an unconjugated update, reported as gerc).
        let (yc, incy2) = maybe_conj(conj && m.get() > 0, y, n.get(), incy.get());
        let (yp, incy2) = (yc.as_ref().map_or(y, |v| v.as_ptr()), I::from_i64(incy2));
        let kind = if yc.is_some() { f::Ger::Unconj } else { kind };
        f::ger_any::<T, I>(kind, name, &n, &m, &alpha, yp, &incy2, x, &incx, a, &lda);
    }
}

/// `A ← αxyᵀ + A` (real).
pub unsafe fn ger<T: CArg, I: FInt>(
    order: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>("ger", false, order, m, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxyᵀ + A` (complex).
pub unsafe fn geru<T: CArg, I: FInt>(
    order: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>("geru", false, order, m, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxyᴴ + A`.
pub unsafe fn gerc<T: CArg, I: FInt>(
    order: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>("gerc", true, order, m, n, alpha, x, incx, y, incy, a, lda) }
}

/// Symmetric/Hermitian rank-1 (`y` null) and rank-2 updates, full (`lda`) or packed.
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn update_any<T: CArg, I: FInt>(
    base: &str,
    herm: bool,
    lda: Option<I>,
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T,
    x: *const T,
    incx: I,
    y: Option<(*const T, I)>,
    a: *mut T,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 2);
    };
    let (mut x, mut incx, mut y) = (x, incx, y);
    let (mut xc, mut yc) = (None, None);
    if row {
        u = flip(u);
        if herm && T::IS_COMPLEX {
            // conj(A) is updated: with conj(x) (and, rank 2, the roles of x and y swapped).
            // SAFETY: the caller's contract.
            let (c, i) = unsafe { maybe_conj(n.get() > 0, x, n.get(), incx.get()) };
            xc = c;
            let xp = (xc.as_ref().map_or(x, |v| v.as_ptr()), I::from_i64(i));
            if let Some((yp, incy)) = y {
                // SAFETY: the caller's contract.
                let (c, i) = unsafe { maybe_conj(n.get() > 0, yp, n.get(), incy.get()) };
                yc = c;
                let yp2 = (yc.as_ref().map_or(yp, |v| v.as_ptr()), I::from_i64(i));
                ((x, incx), y) = (yp2, Some(xp));
            } else {
                (x, incx) = xp;
            }
        } else if let Some(yy) = y.filter(|_| herm) {
            ((x, incx), y) = (yy, Some((x, incx)));
        }
    }
    let uc = ch(&u);
    let re = alpha.re();
    // SAFETY: the caller's contract.
    unsafe {
        match (lda, y, herm) {
            (Some(lda), None, false) => f::syr::<T, I>(uc, &n, &alpha, x, &incx, a, &lda, 1),
            (Some(lda), None, true) => f::her::<T, I>(uc, &n, &re, x, &incx, a, &lda, 1),
            (Some(lda), Some((y, incy)), false) => {
                f::syr2::<T, I>(uc, &n, &alpha, x, &incx, y, &incy, a, &lda, 1)
            }
            (Some(lda), Some((y, incy)), true) => {
                f::her2::<T, I>(uc, &n, &alpha, x, &incx, y, &incy, a, &lda, 1)
            }
            (None, None, false) => f::spr::<T, I>(uc, &n, &alpha, x, &incx, a, 1),
            (None, None, true) => f::hpr::<T, I>(uc, &n, &re, x, &incx, a, 1),
            (None, Some((y, incy)), false) => {
                f::spr2::<T, I>(uc, &n, &alpha, x, &incx, y, &incy, a, 1)
            }
            (None, Some((y, incy)), true) => {
                f::hpr2::<T, I>(uc, &n, &alpha, x, &incx, y, &incy, a, 1)
            }
        }
    }
    drop((xc, yc));
}

/// `A ← αxxᵀ + A`, `A` symmetric.
pub unsafe fn syr<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "syr",
            false,
            Some(lda),
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            None,
            a,
        )
    }
}

/// `A ← αxxᴴ + A`, `A` Hermitian, `α` real.
pub unsafe fn her<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Real,
    x: *const T,
    incx: I,
    a: *mut T,
    lda: I,
) {
    let alpha = T::from_real(alpha);
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "her",
            true,
            Some(lda),
            order,
            ul,
            n,
            alpha,
            x,
            incx,
            None,
            a,
        )
    }
}

/// `A ← αxyᵀ + αyxᵀ + A`, `A` symmetric.
pub unsafe fn syr2<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "syr2",
            false,
            Some(lda),
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            Some((y, incy)),
            a,
        )
    }
}

/// `A ← αxyᴴ + conj(α)yxᴴ + A`, `A` Hermitian.
pub unsafe fn her2<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "her2",
            true,
            Some(lda),
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            Some((y, incy)),
            a,
        )
    }
}

/// `A ← αxxᵀ + A`, `A` symmetric packed.
pub unsafe fn spr<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    ap: *mut T,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "spr",
            false,
            None,
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            None,
            ap,
        )
    }
}

/// `A ← αxxᴴ + A`, `A` Hermitian packed, `α` real.
pub unsafe fn hpr<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Real,
    x: *const T,
    incx: I,
    ap: *mut T,
) {
    let alpha = T::from_real(alpha);
    // SAFETY: the caller's contract.
    unsafe { update_any::<T, I>("hpr", true, None, order, ul, n, alpha, x, incx, None, ap) }
}

/// `A ← αxyᵀ + αyxᵀ + A`, `A` symmetric packed.
pub unsafe fn spr2<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    ap: *mut T,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "spr2",
            false,
            None,
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            Some((y, incy)),
            ap,
        )
    }
}

/// `A ← αxyᴴ + conj(α)yxᴴ + A`, `A` Hermitian packed.
pub unsafe fn hpr2<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    n: I,
    alpha: T::Arg,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    ap: *mut T,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            "hpr2",
            true,
            None,
            order,
            ul,
            n,
            T::read(alpha),
            x,
            incx,
            Some((y, incy)),
            ap,
        )
    }
}

type C32 = gpublas::Complex32;
type C64 = gpublas::Complex64;

export!(cblas gemv => ["cblas_sgemv": f32, "cblas_dgemv": f64, "cblas_cgemv": C32, "cblas_zgemv": C64]
    (order: c_int, ta: c_int, m: I, n: I, alpha: A, a: *const T, lda: I, x: *const T, incx: I,
     beta: A, y: *mut T, incy: I) -> ());
export!(cblas gbmv => ["cblas_sgbmv": f32, "cblas_dgbmv": f64, "cblas_cgbmv": C32, "cblas_zgbmv": C64]
    (order: c_int, ta: c_int, m: I, n: I, kl: I, ku: I, alpha: A, a: *const T, lda: I,
     x: *const T, incx: I, beta: A, y: *mut T, incy: I) -> ());
export!(cblas symv => ["cblas_ssymv": f32, "cblas_dsymv": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, a: *const T, lda: I, x: *const T, incx: I,
     beta: A, y: *mut T, incy: I) -> ());
export!(cblas hemv => ["cblas_chemv": C32, "cblas_zhemv": C64]
    (order: c_int, ul: c_int, n: I, alpha: A, a: *const T, lda: I, x: *const T, incx: I,
     beta: A, y: *mut T, incy: I) -> ());
export!(cblas sbmv => ["cblas_ssbmv": f32, "cblas_dsbmv": f64]
    (order: c_int, ul: c_int, n: I, k: I, alpha: A, a: *const T, lda: I, x: *const T, incx: I,
     beta: A, y: *mut T, incy: I) -> ());
export!(cblas hbmv => ["cblas_chbmv": C32, "cblas_zhbmv": C64]
    (order: c_int, ul: c_int, n: I, k: I, alpha: A, a: *const T, lda: I, x: *const T, incx: I,
     beta: A, y: *mut T, incy: I) -> ());
export!(cblas spmv => ["cblas_sspmv": f32, "cblas_dspmv": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, ap: *const T, x: *const T, incx: I, beta: A,
     y: *mut T, incy: I) -> ());
export!(cblas hpmv => ["cblas_chpmv": C32, "cblas_zhpmv": C64]
    (order: c_int, ul: c_int, n: I, alpha: A, ap: *const T, x: *const T, incx: I, beta: A,
     y: *mut T, incy: I) -> ());
export!(cblas trmv => ["cblas_strmv": f32, "cblas_dtrmv": f64, "cblas_ctrmv": C32, "cblas_ztrmv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, a: *const T, lda: I, x: *mut T,
     incx: I) -> ());
export!(cblas trsv => ["cblas_strsv": f32, "cblas_dtrsv": f64, "cblas_ctrsv": C32, "cblas_ztrsv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, a: *const T, lda: I, x: *mut T,
     incx: I) -> ());
export!(cblas tbmv => ["cblas_stbmv": f32, "cblas_dtbmv": f64, "cblas_ctbmv": C32, "cblas_ztbmv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, k: I, a: *const T, lda: I,
     x: *mut T, incx: I) -> ());
export!(cblas tbsv => ["cblas_stbsv": f32, "cblas_dtbsv": f64, "cblas_ctbsv": C32, "cblas_ztbsv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, k: I, a: *const T, lda: I,
     x: *mut T, incx: I) -> ());
export!(cblas tpmv => ["cblas_stpmv": f32, "cblas_dtpmv": f64, "cblas_ctpmv": C32, "cblas_ztpmv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, ap: *const T, x: *mut T,
     incx: I) -> ());
export!(cblas tpsv => ["cblas_stpsv": f32, "cblas_dtpsv": f64, "cblas_ctpsv": C32, "cblas_ztpsv": C64]
    (order: c_int, ul: c_int, ta: c_int, dg: c_int, n: I, ap: *const T, x: *mut T,
     incx: I) -> ());
export!(cblas ger => ["cblas_sger": f32, "cblas_dger": f64]
    (order: c_int, m: I, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     a: *mut T, lda: I) -> ());
export!(cblas geru => ["cblas_cgeru": C32, "cblas_zgeru": C64]
    (order: c_int, m: I, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     a: *mut T, lda: I) -> ());
export!(cblas gerc => ["cblas_cgerc": C32, "cblas_zgerc": C64]
    (order: c_int, m: I, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     a: *mut T, lda: I) -> ());
export!(cblas syr => ["cblas_ssyr": f32, "cblas_dsyr": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, a: *mut T, lda: I) -> ());
export!(cblas her => ["cblas_cher": C32, "cblas_zher": C64]
    (order: c_int, ul: c_int, n: I, alpha: R, x: *const T, incx: I, a: *mut T, lda: I) -> ());
export!(cblas syr2 => ["cblas_ssyr2": f32, "cblas_dsyr2": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     a: *mut T, lda: I) -> ());
export!(cblas her2 => ["cblas_cher2": C32, "cblas_zher2": C64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     a: *mut T, lda: I) -> ());
export!(cblas spr => ["cblas_sspr": f32, "cblas_dspr": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, ap: *mut T) -> ());
export!(cblas hpr => ["cblas_chpr": C32, "cblas_zhpr": C64]
    (order: c_int, ul: c_int, n: I, alpha: R, x: *const T, incx: I, ap: *mut T) -> ());
export!(cblas spr2 => ["cblas_sspr2": f32, "cblas_dspr2": f64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     ap: *mut T) -> ());
export!(cblas hpr2 => ["cblas_chpr2": C32, "cblas_zhpr2": C64]
    (order: c_int, ul: c_int, n: I, alpha: A, x: *const T, incx: I, y: *const T, incy: I,
     ap: *mut T) -> ());
