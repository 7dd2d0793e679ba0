//! Level 3: matrix-matrix operations, with reference BLAS's argument checks, `XERBLA`
//! positions and quick returns. `α = 0` never reads `A` or `B` (the call is made with an empty
//! inner dimension, which gpublas defines as scaling `C` by `β`).

use std::ffi::c_char;

use gpublas::{Mat, MatMut, Scalar};

use crate::raw::{
    diag, dim, flag, input_mat, int, is_diag, is_side, is_trans, is_uplo, mspan, name, op, side,
    uplo, val, FInt, Out,
};
use crate::route::{run_moving, Level};
use crate::xerbla::xerbla;

type Ch = *const c_char;

fn failed<T: Scalar, I: FInt>(base: &str, info: i64) -> bool {
    if info != 0 {
        xerbla::<I>(&name::<T>(base), info);
    }
    info != 0
}

fn first(checks: &[(bool, i64)]) -> i64 {
    checks.iter().find(|c| c.0).map_or(0, |c| c.1)
}

/// A column-major `rows × cols` input with leading dimension `ld`.
fn mat<T>(data: &[T], rows: i64, cols: i64, ld: i64) -> Mat<'_, [T]> {
    Mat::col_major(data, dim(rows), dim(cols)).with_ld(dim(ld))
}

/// `C ← α op(A) op(B) + βC`.
pub unsafe fn gemm<T: Scalar, I: FInt>(
    transa: Ch,
    transb: Ch,
    m: *const I,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
    _la: usize,
    _lb: usize,
) {
    // SAFETY: Fortran scalar arguments.
    let (ta, tb, m, n, k, lda, ldb, ldc) = unsafe {
        (
            flag(transa),
            flag(transb),
            int(m),
            int(n),
            int(k),
            int(lda),
            int(ldb),
            int(ldc),
        )
    };
    let nrowa = if ta == b'N' { m } else { k };
    let nrowb = if tb == b'N' { k } else { n };
    let info = first(&[
        (!is_trans(ta), 1),
        (!is_trans(tb), 2),
        (m < 0, 3),
        (n < 0, 4),
        (k < 0, 5),
        (lda < nrowa.max(1), 8),
        (ldb < nrowb.max(1), 10),
        (ldc < m.max(1), 13),
    ]);
    if failed::<T, I>("GEMM", info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if m == 0 || n == 0 || ((alpha.is_zero() || k == 0) && beta == T::one()) {
        return;
    }
    let k = if alpha.is_zero() { 0 } else { k };
    let (ar, ac) = if ta == b'N' { (m, k) } else { (k, m) };
    let (br, bc) = if tb == b'N' { (k, n) } else { (n, k) };
    let co = Out::new(c, mspan(m, n, ldc));
    let outs = [co.region()];
    // SAFETY: the arrays span what their validated arguments say (the BLAS contract); inputs
    // overlapping `C` are copied before `C` becomes a slice.
    let ((a_s, lda), (b_s, ldb), c_s) = unsafe {
        (
            input_mat(a, ar, ac, lda, &outs),
            input_mat(b, br, bc, ldb, &outs),
            co.slice(),
        )
    };
    let work = 2.0 * (m as f64) * (n as f64) * (k as f64);
    let moved = (ar * ac + br * bc + 2 * m * n) as f64;
    run_moving("gemm", Level::L3, (work, moved), |d| {
        let cm = MatMut::col_major(&mut *c_s, dim(m), dim(n)).with_ld(dim(ldc));
        d.gemm(
            op::<T>(ta),
            op::<T>(tb),
            alpha,
            mat(&a_s, ar, ac, lda),
            mat(&b_s, br, bc, ldb),
            beta,
            cm,
        )
    })
}

/// `C ← αAB + βC` or `αBA + βC`, `A` symmetric (`hermitian`: Hermitian).
///
/// # Safety
/// The BLAS contract of `?symm`.
unsafe fn symm_any<T: Scalar, I: FInt>(
    hermitian: bool,
    sd: Ch,
    ul: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (sd, ul, m, n, lda, ldb, ldc) = unsafe {
        (
            flag(sd),
            flag(ul),
            int(m),
            int(n),
            int(lda),
            int(ldb),
            int(ldc),
        )
    };
    let ka = if sd == b'L' { m } else { n };
    let info = first(&[
        (!is_side(sd), 1),
        (!is_uplo(ul), 2),
        (m < 0, 3),
        (n < 0, 4),
        (lda < ka.max(1), 7),
        (ldb < m.max(1), 9),
        (ldc < m.max(1), 12),
    ]);
    let base = if hermitian { "HEMM" } else { "SYMM" };
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if m == 0 || n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let co = Out::new(c, mspan(m, n, ldc));
    let outs = [co.region()];
    // With α = 0, A and B are not read: pass empty ones of a shape gpublas accepts.
    let (ka_used, bn) = if alpha.is_zero() { (0, 0) } else { (ka, n) };
    // SAFETY: as in `gemm`.
    let ((a_s, lda), (b_s, ldb), c_s) = unsafe {
        (
            input_mat(a, ka_used, ka_used, lda, &outs),
            input_mat(b, m, bn, ldb, &outs),
            co.slice(),
        )
    };
    let work = 2.0 * (m as f64) * (n as f64) * (ka as f64);
    let moved = (ka * ka / 2 + m * n + 2 * m * n) as f64;
    run_moving(base, Level::L3, (work, moved), |d| {
        let mut cm = MatMut::col_major(&mut *c_s, dim(m), dim(n)).with_ld(dim(ldc));
        if alpha.is_zero() {
            // C ← βC: a product with an empty inner dimension.
            let (e, f): (&[T], &[T]) = (&[], &[]);
            let (ea, eb) = (mat(e, m, 0, m.max(1)), mat(f, 0, n, 1));
            return d.gemm(
                gpublas::Op::N,
                gpublas::Op::N,
                alpha,
                ea,
                eb,
                beta,
                cm.reborrow(),
            );
        }
        let (am, bm) = (mat(&a_s, ka, ka, lda), mat(&b_s, m, n, ldb));
        if hermitian {
            d.hemm(side(sd), uplo(ul), alpha, am, bm, beta, cm)
        } else {
            d.symm(side(sd), uplo(ul), alpha, am, bm, beta, cm)
        }
    })
}

/// `C ← αAB + βC` or `αBA + βC`, `A` symmetric.
pub unsafe fn symm<T: Scalar, I: FInt>(
    sd: Ch,
    ul: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { symm_any::<T, I>(false, sd, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc) }
}

/// `C ← αAB + βC` or `αBA + βC`, `A` Hermitian.
pub unsafe fn hemm<T: Scalar, I: FInt>(
    sd: Ch,
    ul: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { symm_any::<T, I>(true, sd, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc) }
}

/// Which rank-k update.
#[derive(Clone, Copy, PartialEq)]
enum Rank {
    Syrk,
    Herk,
    Syr2k,
    Her2k,
}

/// The rank-k (`b` null) or rank-2k update of the triangle of `C`. `herk`'s `α` and `β`, and
/// `her2k`'s `β`, are real and read as such.
///
/// # Safety
/// The BLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn rank_any<T: Scalar, I: FInt>(
    kind: Rank,
    ul: Ch,
    trans: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
) {
    let two = matches!(kind, Rank::Syr2k | Rank::Her2k);
    // SAFETY: Fortran scalar arguments (`ldb` only for the rank-2k updates).
    let (ul, tr, n, k, lda, ldc) =
        unsafe { (flag(ul), flag(trans), int(n), int(k), int(lda), int(ldc)) };
    // SAFETY: as above.
    let ldb = if two { unsafe { int(ldb) } } else { 1 };
    // Allowed TRANS: real syrk/syr2k take N, T, C; complex symmetric N, T; Hermitian N, C.
    let trans_ok = match kind {
        Rank::Herk | Rank::Her2k => matches!(tr, b'N' | b'C'),
        _ if T::IS_COMPLEX => matches!(tr, b'N' | b'T'),
        _ => is_trans(tr),
    };
    let nrowa = if tr == b'N' { n } else { k };
    let info = if two {
        first(&[
            (!is_uplo(ul), 1),
            (!trans_ok, 2),
            (n < 0, 3),
            (k < 0, 4),
            (lda < nrowa.max(1), 7),
            (ldb < nrowa.max(1), 9),
            (ldc < n.max(1), 12),
        ])
    } else {
        first(&[
            (!is_uplo(ul), 1),
            (!trans_ok, 2),
            (n < 0, 3),
            (k < 0, 4),
            (lda < nrowa.max(1), 7),
            (ldc < n.max(1), 10),
        ])
    };
    let base = match kind {
        Rank::Syrk => "SYRK",
        Rank::Herk => "HERK",
        Rank::Syr2k => "SYR2K",
        Rank::Her2k => "HER2K",
    };
    if failed::<T, I>(base, info) {
        return;
    }
    // Real α (herk) and β (herk, her2k) are read as reals.
    // SAFETY: Fortran scalar arguments of the type the routine declares.
    let alpha: T = unsafe {
        if kind == Rank::Herk {
            T::from_real(val(alpha.cast::<T::Real>()))
        } else {
            val(alpha)
        }
    };
    // SAFETY: as above.
    let beta: T = unsafe {
        if matches!(kind, Rank::Herk | Rank::Her2k) {
            T::from_real(val(beta.cast::<T::Real>()))
        } else {
            val(beta)
        }
    };
    if n == 0 || ((alpha.is_zero() || k == 0) && beta == T::one()) {
        return;
    }
    let k = if alpha.is_zero() { 0 } else { k };
    let (ar, ac) = if tr == b'N' { (n, k) } else { (k, n) };
    let co = Out::new(c, mspan(n, n, ldc));
    let outs = [co.region()];
    // SAFETY: as in `gemm`.
    let ((a_s, lda), (b_s, ldb)) = unsafe {
        (
            input_mat(a, ar, ac, lda, &outs),
            if two {
                input_mat(b, ar, ac, ldb, &outs)
            } else {
                (crate::raw::Held::Borrowed(&[]), ldb)
            },
        )
    };
    // SAFETY: as in `gemm`.
    let c_s = unsafe { co.slice() };
    let (u, o) = (uplo(ul), op::<T>(tr));
    let work = (if two { 2.0 } else { 1.0 }) * (n as f64) * (n as f64) * (k as f64);
    let moved = ((if two { 2 } else { 1 }) * n * k + n * n) as f64;
    run_moving(base, Level::L3, (work, moved), |d| {
        let cm = MatMut::col_major(&mut *c_s, dim(n), dim(n)).with_ld(dim(ldc));
        let am = mat(&a_s, ar, ac, lda);
        match kind {
            Rank::Syrk => d.syrk(u, o, alpha, am, beta, cm),
            Rank::Herk => d.herk(u, o, alpha.re(), am, beta.re(), cm),
            Rank::Syr2k => d.syr2k(u, o, alpha, am, mat(&b_s, ar, ac, ldb), beta, cm),
            Rank::Her2k => d.her2k(u, o, alpha, am, mat(&b_s, ar, ac, ldb), beta.re(), cm),
        }
    })
}

/// `C ← α op(A) op(A)ᵀ + βC`, `C` symmetric.
pub unsafe fn syrk<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        rank_any::<T, I>(
            Rank::Syrk,
            ul,
            trans,
            n,
            k,
            alpha,
            a,
            lda,
            std::ptr::null(),
            std::ptr::null(),
            beta,
            c,
            ldc,
        )
    }
}

/// `C ← α op(A) op(A)ᴴ + βC`, `C` Hermitian, `α`, `β` real.
pub unsafe fn herk<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T::Real,
    a: *const T,
    lda: *const I,
    beta: *const T::Real,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract (`alpha`, `beta` are read as reals).
    unsafe {
        rank_any::<T, I>(
            Rank::Herk,
            ul,
            trans,
            n,
            k,
            alpha.cast(),
            a,
            lda,
            std::ptr::null(),
            std::ptr::null(),
            beta.cast(),
            c,
            ldc,
        )
    }
}

/// `C ← α op(A) op(B)ᵀ + α op(B) op(A)ᵀ + βC`, `C` symmetric.
pub unsafe fn syr2k<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        rank_any::<T, I>(
            Rank::Syr2k,
            ul,
            trans,
            n,
            k,
            alpha,
            a,
            lda,
            b,
            ldb,
            beta,
            c,
            ldc,
        )
    }
}

/// `C ← α op(A) op(B)ᴴ + conj(α) op(B) op(A)ᴴ + βC`, `C` Hermitian, `β` real.
pub unsafe fn her2k<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *const T,
    ldb: *const I,
    beta: *const T::Real,
    c: *mut T,
    ldc: *const I,
    _l1: usize,
    _l2: usize,
) {
    // SAFETY: the caller's contract (`beta` is read as a real).
    unsafe {
        rank_any::<T, I>(
            Rank::Her2k,
            ul,
            trans,
            n,
            k,
            alpha,
            a,
            lda,
            b,
            ldb,
            beta.cast(),
            c,
            ldc,
        )
    }
}

/// `B ← α op(A) B` or `α B op(A)` (`solve`: `op(A)⁻¹`), `A` triangular.
///
/// # Safety
/// The BLAS contract of `?trmm` / `?trsm`.
#[allow(clippy::too_many_arguments)]
unsafe fn tri3_any<T: Scalar, I: FInt>(
    solve: bool,
    sd: Ch,
    ul: Ch,
    transa: Ch,
    dg: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *mut T,
    ldb: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (sd, ul, ta, dg, m, n, lda, ldb) = unsafe {
        (
            flag(sd),
            flag(ul),
            flag(transa),
            flag(dg),
            int(m),
            int(n),
            int(lda),
            int(ldb),
        )
    };
    let nrowa = if sd == b'L' { m } else { n };
    let info = first(&[
        (!is_side(sd), 1),
        (!is_uplo(ul), 2),
        (!is_trans(ta), 3),
        (!is_diag(dg), 4),
        (m < 0, 5),
        (n < 0, 6),
        (lda < nrowa.max(1), 9),
        (ldb < m.max(1), 11),
    ]);
    let base = if solve { "TRSM" } else { "TRMM" };
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: a Fortran scalar argument.
    let alpha = unsafe { val(alpha) };
    if m == 0 || n == 0 {
        return;
    }
    let bo = Out::new(b, mspan(m, n, ldb));
    // With α = 0, B ← 0 and A is not read.
    let na = if alpha.is_zero() { 0 } else { nrowa };
    // SAFETY: as in `gemm`.
    let ((a_s, lda), b_s) = unsafe { (input_mat(a, na, na, lda, &[bo.region()]), bo.slice()) };
    let work = (m as f64) * (n as f64) * (nrowa as f64);
    let moved = (nrowa * nrowa / 2 + 2 * m * n) as f64;
    run_moving(base, Level::L3, (work, moved), |d| {
        let mut bm = MatMut::col_major(&mut *b_s, dim(m), dim(n)).with_ld(dim(ldb));
        if alpha.is_zero() {
            let (e, f): (&[T], &[T]) = (&[], &[]);
            let (ea, eb) = (mat(e, m, 0, m.max(1)), mat(f, 0, n, 1));
            let zero = T::zero();
            return d.gemm(
                gpublas::Op::N,
                gpublas::Op::N,
                zero,
                ea,
                eb,
                zero,
                bm.reborrow(),
            );
        }
        let am = mat(&a_s, nrowa, nrowa, lda);
        let (s, u, o, dd) = (side(sd), uplo(ul), op::<T>(ta), diag(dg));
        if solve {
            d.trsm(s, u, o, dd, alpha, am, bm)
        } else {
            d.trmm_in_place(s, u, o, dd, alpha, am, bm)
        }
    })
}

/// `B ← α op(A) B` or `α B op(A)`, `A` triangular.
pub unsafe fn trmm<T: Scalar, I: FInt>(
    sd: Ch,
    ul: Ch,
    transa: Ch,
    dg: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *mut T,
    ldb: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
    _l4: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { tri3_any::<T, I>(false, sd, ul, transa, dg, m, n, alpha, a, lda, b, ldb) }
}

/// `B ← α op(A)⁻¹ B` or `α B op(A)⁻¹`, `A` triangular.
pub unsafe fn trsm<T: Scalar, I: FInt>(
    sd: Ch,
    ul: Ch,
    transa: Ch,
    dg: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    b: *mut T,
    ldb: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
    _l4: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { tri3_any::<T, I>(true, sd, ul, transa, dg, m, n, alpha, a, lda, b, ldb) }
}

type C32 = gpublas::Complex32;
type C64 = gpublas::Complex64;

export!(gemm => ["sgemm": f32, "dgemm": f64, "cgemm": C32, "zgemm": C64]
    (transa: Ch, transb: Ch, m: *const I, n: *const I, k: *const I, alpha: *const T,
     a: *const T, lda: *const I, b: *const T, ldb: *const I, beta: *const T, c: *mut T,
     ldc: *const I, l1: usize, l2: usize) -> ());
export!(symm => ["ssymm": f32, "dsymm": f64, "csymm": C32, "zsymm": C64]
    (sd: Ch, ul: Ch, m: *const I, n: *const I, alpha: *const T, a: *const T, lda: *const I,
     b: *const T, ldb: *const I, beta: *const T, c: *mut T, ldc: *const I, l1: usize,
     l2: usize) -> ());
export!(hemm => ["chemm": C32, "zhemm": C64]
    (sd: Ch, ul: Ch, m: *const I, n: *const I, alpha: *const T, a: *const T, lda: *const I,
     b: *const T, ldb: *const I, beta: *const T, c: *mut T, ldc: *const I, l1: usize,
     l2: usize) -> ());
export!(syrk => ["ssyrk": f32, "dsyrk": f64, "csyrk": C32, "zsyrk": C64]
    (ul: Ch, trans: Ch, n: *const I, k: *const I, alpha: *const T, a: *const T,
     lda: *const I, beta: *const T, c: *mut T, ldc: *const I, l1: usize, l2: usize) -> ());
export!(herk => ["cherk": C32, "zherk": C64]
    (ul: Ch, trans: Ch, n: *const I, k: *const I, alpha: *const R, a: *const T,
     lda: *const I, beta: *const R, c: *mut T, ldc: *const I, l1: usize, l2: usize) -> ());
export!(syr2k => ["ssyr2k": f32, "dsyr2k": f64, "csyr2k": C32, "zsyr2k": C64]
    (ul: Ch, trans: Ch, n: *const I, k: *const I, alpha: *const T, a: *const T,
     lda: *const I, b: *const T, ldb: *const I, beta: *const T, c: *mut T, ldc: *const I,
     l1: usize, l2: usize) -> ());
export!(her2k => ["cher2k": C32, "zher2k": C64]
    (ul: Ch, trans: Ch, n: *const I, k: *const I, alpha: *const T, a: *const T,
     lda: *const I, b: *const T, ldb: *const I, beta: *const R, c: *mut T, ldc: *const I,
     l1: usize, l2: usize) -> ());
export!(trmm => ["strmm": f32, "dtrmm": f64, "ctrmm": C32, "ztrmm": C64]
    (sd: Ch, ul: Ch, transa: Ch, dg: Ch, m: *const I, n: *const I, alpha: *const T,
     a: *const T, lda: *const I, b: *mut T, ldb: *const I, l1: usize, l2: usize, l3: usize,
     l4: usize) -> ());
export!(trsm => ["strsm": f32, "dtrsm": f64, "ctrsm": C32, "ztrsm": C64]
    (sd: Ch, ul: Ch, transa: Ch, dg: Ch, m: *const I, n: *const I, alpha: *const T,
     a: *const T, lda: *const I, b: *mut T, ldb: *const I, l1: usize, l2: usize, l3: usize,
     l4: usize) -> ());
