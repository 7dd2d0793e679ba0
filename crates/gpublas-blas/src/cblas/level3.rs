//! CBLAS level 3. A row-major call is the column-major call that computes the transpose of
//! the result: `Cᵀ = op(B)ᵀ op(A)ᵀ` (operands and dimensions swapped), sides and triangles
//! flipped; for `her2k`, `conj(α)`.

use std::ffi::c_int;

use gpublas::Scalar;

use super::{bad, ch, diag, flip, row_major, side, trans, uplo};
use crate::fortran::level3 as f;
use crate::raw::{CArg, FInt};

/// `C ← α op(A) op(B) + βC`.
pub unsafe fn gemm<T: CArg, I: FInt>(
    order: c_int,
    ta: c_int,
    tb: c_int,
    m: I,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>("gemm", 1);
    };
    let Some(ta) = trans(ta) else {
        return bad::<T>("gemm", 2);
    };
    let Some(tb) = trans(tb) else {
        return bad::<T>("gemm", 3);
    };
    // SAFETY: CBLAS scalar arguments.
    let (alpha, beta) = unsafe { (T::read(alpha), T::read(beta)) };
    // SAFETY: the caller's contract.
    unsafe {
        if row {
            f::gemm::<T, I>(
                ch(&tb),
                ch(&ta),
                &n,
                &m,
                &k,
                &alpha,
                b,
                &ldb,
                a,
                &lda,
                &beta,
                c,
                &ldc,
                1,
                1,
            )
        } else {
            f::gemm::<T, I>(
                ch(&ta),
                ch(&tb),
                &m,
                &n,
                &k,
                &alpha,
                a,
                &lda,
                b,
                &ldb,
                &beta,
                c,
                &ldc,
                1,
                1,
            )
        }
    }
}

/// `C ← αAB + βC` or `αBA + βC`, `A` symmetric or (`herm`) Hermitian.
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn symm_any<T: CArg, I: FInt>(
    base: &str,
    herm: bool,
    order: c_int,
    sd: c_int,
    ul: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut s) = side(sd) else {
        return bad::<T>(base, 2);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 3);
    };
    // SAFETY: CBLAS scalar arguments.
    let (alpha, beta) = unsafe { (T::read(alpha), T::read(beta)) };
    let (mut m, mut n) = (m, n);
    if row {
        s = if s == b'L' { b'R' } else { b'L' };
        u = flip(u);
        (m, n) = (n, m);
    }
    let (s, u) = (ch(&s), ch(&u));
    // SAFETY: the caller's contract.
    unsafe {
        if herm {
            f::hemm::<T, I>(s, u, &m, &n, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1)
        } else {
            f::symm::<T, I>(s, u, &m, &n, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1)
        }
    }
}

/// `C ← αAB + βC` or `αBA + βC`, `A` symmetric.
pub unsafe fn symm<T: CArg, I: FInt>(
    order: c_int,
    sd: c_int,
    ul: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symm_any::<T, I>(
            "symm", false, order, sd, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc,
        )
    }
}

/// `C ← αAB + βC` or `αBA + βC`, `A` Hermitian.
pub unsafe fn hemm<T: CArg, I: FInt>(
    order: c_int,
    sd: c_int,
    ul: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        symm_any::<T, I>(
            "hemm", true, order, sd, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc,
        )
    }
}

/// The row-major `TRANS` of a rank-k update: `N` becomes the transpose (`C` for Hermitian
/// updates), a transpose becomes `N`.
fn rank_trans<T: Scalar>(t: u8, herm: bool) -> u8 {
    match t {
        b'N' if herm => b'C',
        b'N' => b'T',
        // A transpose where the routine takes only the other kind stays illegal.
        b'T' if herm => b'T',
        b'C' if !herm && T::IS_COMPLEX => b'C',
        _ => b'N',
    }
}

/// Rank-k (`b` absent) and rank-2k updates; `alpha`, `beta` as the Fortran core reads them
/// (real where the routine's are real).
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn rank_any<T: CArg, I: FInt>(
    base: &str,
    herm: bool,
    order: c_int,
    ul: c_int,
    tr: c_int,
    n: I,
    k: I,
    alpha: T,
    a: *const T,
    lda: I,
    b: Option<(*const T, I)>,
    beta: T,
    c: *mut T,
    ldc: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 2);
    };
    let Some(mut t) = trans(tr) else {
        return bad::<T>(base, 3);
    };
    let mut alpha = alpha;
    if row {
        u = flip(u);
        t = rank_trans::<T>(t, herm);
        if herm && b.is_some() {
            alpha = alpha.conj();
        }
    }
    let (u, t) = (ch(&u), ch(&t));
    let (ar, br) = (alpha.re(), beta.re());
    // SAFETY: the caller's contract.
    unsafe {
        match (b, herm) {
            (None, false) => f::syrk::<T, I>(u, t, &n, &k, &alpha, a, &lda, &beta, c, &ldc, 1, 1),
            (None, true) => f::herk::<T, I>(u, t, &n, &k, &ar, a, &lda, &br, c, &ldc, 1, 1),
            (Some((b, ldb)), false) => {
                f::syr2k::<T, I>(u, t, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1)
            }
            (Some((b, ldb)), true) => {
                f::her2k::<T, I>(u, t, &n, &k, &alpha, a, &lda, b, &ldb, &br, c, &ldc, 1, 1)
            }
        }
    }
}

/// `C ← α op(A) op(A)ᵀ + βC`.
pub unsafe fn syrk<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    tr: c_int,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        let (alpha, beta) = (T::read(alpha), T::read(beta));
        rank_any::<T, I>(
            "syrk", false, order, ul, tr, n, k, alpha, a, lda, None, beta, c, ldc,
        )
    }
}

/// `C ← α op(A) op(A)ᴴ + βC`, `α`, `β` real.
pub unsafe fn herk<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    tr: c_int,
    n: I,
    k: I,
    alpha: T::Real,
    a: *const T,
    lda: I,
    beta: T::Real,
    c: *mut T,
    ldc: I,
) {
    let (alpha, beta) = (T::from_real(alpha), T::from_real(beta));
    // SAFETY: the caller's contract.
    unsafe {
        rank_any::<T, I>(
            "herk", true, order, ul, tr, n, k, alpha, a, lda, None, beta, c, ldc,
        )
    }
}

/// `C ← α op(A) op(B)ᵀ + α op(B) op(A)ᵀ + βC`.
pub unsafe fn syr2k<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    tr: c_int,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Arg,
    c: *mut T,
    ldc: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        let (alpha, beta) = (T::read(alpha), T::read(beta));
        rank_any::<T, I>(
            "syr2k",
            false,
            order,
            ul,
            tr,
            n,
            k,
            alpha,
            a,
            lda,
            Some((b, ldb)),
            beta,
            c,
            ldc,
        )
    }
}

/// `C ← α op(A) op(B)ᴴ + conj(α) op(B) op(A)ᴴ + βC`, `β` real.
pub unsafe fn her2k<T: CArg, I: FInt>(
    order: c_int,
    ul: c_int,
    tr: c_int,
    n: I,
    k: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: T::Real,
    c: *mut T,
    ldc: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        let (alpha, beta) = (T::read(alpha), T::from_real(beta));
        rank_any::<T, I>(
            "her2k",
            true,
            order,
            ul,
            tr,
            n,
            k,
            alpha,
            a,
            lda,
            Some((b, ldb)),
            beta,
            c,
            ldc,
        )
    }
}

/// `B ← α op(A) B` or `α B op(A)` (`solve`: with `op(A)⁻¹`), `A` triangular.
///
/// # Safety
/// The CBLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn tri_any<T: CArg, I: FInt>(
    base: &str,
    solve: bool,
    order: c_int,
    sd: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *mut T,
    ldb: I,
) {
    let Some(row) = row_major(order) else {
        return bad::<T>(base, 1);
    };
    let Some(mut s) = side(sd) else {
        return bad::<T>(base, 2);
    };
    let Some(mut u) = uplo(ul) else {
        return bad::<T>(base, 3);
    };
    let Some(t) = trans(ta) else {
        return bad::<T>(base, 4);
    };
    let Some(d) = diag(dg) else {
        return bad::<T>(base, 5);
    };
    // SAFETY: a CBLAS scalar argument.
    let alpha = unsafe { T::read(alpha) };
    let (mut m, mut n) = (m, n);
    if row {
        s = if s == b'L' { b'R' } else { b'L' };
        u = flip(u);
        (m, n) = (n, m);
    }
    let (s, u, t, d) = (ch(&s), ch(&u), ch(&t), ch(&d));
    // SAFETY: the caller's contract.
    unsafe {
        if solve {
            f::trsm::<T, I>(s, u, t, d, &m, &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1)
        } else {
            f::trmm::<T, I>(s, u, t, d, &m, &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1)
        }
    }
}

/// `B ← α op(A) B` or `α B op(A)`, `A` triangular.
pub unsafe fn trmm<T: CArg, I: FInt>(
    order: c_int,
    sd: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *mut T,
    ldb: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "trmm", false, order, sd, ul, ta, dg, m, n, alpha, a, lda, b, ldb,
        )
    }
}

/// `B ← α op(A)⁻¹ B` or `α B op(A)⁻¹`, `A` triangular.
pub unsafe fn trsm<T: CArg, I: FInt>(
    order: c_int,
    sd: c_int,
    ul: c_int,
    ta: c_int,
    dg: c_int,
    m: I,
    n: I,
    alpha: T::Arg,
    a: *const T,
    lda: I,
    b: *mut T,
    ldb: I,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            "trsm", true, order, sd, ul, ta, dg, m, n, alpha, a, lda, b, ldb,
        )
    }
}

type C32 = gpublas::Complex32;
type C64 = gpublas::Complex64;

export!(cblas gemm => ["cblas_sgemm": f32, "cblas_dgemm": f64, "cblas_cgemm": C32, "cblas_zgemm": C64]
    (order: c_int, ta: c_int, tb: c_int, m: I, n: I, k: I, alpha: A, a: *const T, lda: I,
     b: *const T, ldb: I, beta: A, c: *mut T, ldc: I) -> ());
export!(cblas symm => ["cblas_ssymm": f32, "cblas_dsymm": f64, "cblas_csymm": C32, "cblas_zsymm": C64]
    (order: c_int, sd: c_int, ul: c_int, m: I, n: I, alpha: A, a: *const T, lda: I,
     b: *const T, ldb: I, beta: A, c: *mut T, ldc: I) -> ());
export!(cblas hemm => ["cblas_chemm": C32, "cblas_zhemm": C64]
    (order: c_int, sd: c_int, ul: c_int, m: I, n: I, alpha: A, a: *const T, lda: I,
     b: *const T, ldb: I, beta: A, c: *mut T, ldc: I) -> ());
export!(cblas syrk => ["cblas_ssyrk": f32, "cblas_dsyrk": f64, "cblas_csyrk": C32, "cblas_zsyrk": C64]
    (order: c_int, ul: c_int, tr: c_int, n: I, k: I, alpha: A, a: *const T, lda: I, beta: A,
     c: *mut T, ldc: I) -> ());
export!(cblas herk => ["cblas_cherk": C32, "cblas_zherk": C64]
    (order: c_int, ul: c_int, tr: c_int, n: I, k: I, alpha: R, a: *const T, lda: I, beta: R,
     c: *mut T, ldc: I) -> ());
export!(cblas syr2k => ["cblas_ssyr2k": f32, "cblas_dsyr2k": f64, "cblas_csyr2k": C32, "cblas_zsyr2k": C64]
    (order: c_int, ul: c_int, tr: c_int, n: I, k: I, alpha: A, a: *const T, lda: I,
     b: *const T, ldb: I, beta: A, c: *mut T, ldc: I) -> ());
export!(cblas her2k => ["cblas_cher2k": C32, "cblas_zher2k": C64]
    (order: c_int, ul: c_int, tr: c_int, n: I, k: I, alpha: A, a: *const T, lda: I,
     b: *const T, ldb: I, beta: R, c: *mut T, ldc: I) -> ());
export!(cblas trmm => ["cblas_strmm": f32, "cblas_dtrmm": f64, "cblas_ctrmm": C32, "cblas_ztrmm": C64]
    (order: c_int, sd: c_int, ul: c_int, ta: c_int, dg: c_int, m: I, n: I, alpha: A,
     a: *const T, lda: I, b: *mut T, ldb: I) -> ());
export!(cblas trsm => ["cblas_strsm": f32, "cblas_dtrsm": f64, "cblas_ctrsm": C32, "cblas_ztrsm": C64]
    (order: c_int, sd: c_int, ul: c_int, ta: c_int, dg: c_int, m: I, n: I, alpha: A,
     a: *const T, lda: I, b: *mut T, ldb: I) -> ());
