//! Level 2: matrix-vector operations, general, symmetric/Hermitian and triangular, in full,
//! band and packed storage. Each checks its arguments in reference BLAS's order and reports
//! the first illegal one to `XERBLA` with reference BLAS's position.

use std::ffi::c_char;

use gpublas::{Banded, Mat, MatMut, Packed, PackedMut, Scalar, Vector, VectorMut};

use crate::raw::{
    diag, dim, flag, input, input_mat, input_vec, int, is_diag, is_trans, is_uplo, mspan, name, op,
    pspan, uplo, val, vspan, FInt, Out,
};
use crate::route::{run, Level};
use crate::xerbla::xerbla;

type Ch = *const c_char;

/// Reports `info` for routine `base` (of type `T`) unless it is 0; true if it was reported.
fn failed<T: Scalar, I: FInt>(base: &str, info: i64) -> bool {
    if info != 0 {
        xerbla::<I>(&name::<T>(base), info);
    }
    info != 0
}

/// The first failing check's position, 0 if std::ptr::null().
fn first(checks: &[(bool, i64)]) -> i64 {
    checks.iter().find(|c| c.0).map_or(0, |c| c.1)
}

fn v<T>(data: &[T], n: usize, inc: i64) -> Vector<'_, [T]> {
    Vector::strided(data, n, inc as isize)
}

fn vm<T>(data: &mut [T], n: usize, inc: i64) -> VectorMut<'_, [T]> {
    VectorMut::strided(data, n, inc as isize)
}

/// `y ← α op(A) x + βy`.
pub unsafe fn gemv<T: Scalar, I: FInt>(
    trans: Ch,
    m: *const I,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _ltrans: usize,
) {
    // SAFETY: Fortran scalar arguments.
    let (tr, m, n, lda, incx, incy) =
        unsafe { (flag(trans), int(m), int(n), int(lda), int(incx), int(incy)) };
    let info = first(&[
        (!is_trans(tr), 1),
        (m < 0, 2),
        (n < 0, 3),
        (lda < m.max(1), 6),
        (incx == 0, 8),
        (incy == 0, 11),
    ]);
    if failed::<T, I>("GEMV", info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if m == 0 || n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let (lx, ly) = if tr == b'N' { (n, m) } else { (m, n) };
    let yo = Out::new(y, vspan(ly, incy));
    let outs = [yo.region()];
    // SAFETY: the arrays span what their validated arguments say (the BLAS contract); inputs
    // overlapping `y` are copied before `y` becomes a slice.
    let ((a_s, lda), (xs, incx), ys) = unsafe {
        (
            input_mat(a, m, n, lda, &outs),
            input_vec(x, lx, incx, &outs),
            yo.slice(),
        )
    };
    let (m, n, lx, ly, lda) = (dim(m), dim(n), dim(lx), dim(ly), dim(lda));
    run("gemv", Level::L2, 2.0 * (m * n) as f64, |d| {
        let am = Mat::col_major(&*a_s, m, n).with_ld(lda);
        d.gemv(
            op::<T>(tr),
            alpha,
            am,
            v(&xs, lx, incx),
            beta,
            vm(ys, ly, incy),
        )
    })
}

/// `y ← α op(A) x + βy` for a band matrix `A`.
pub unsafe fn gbmv<T: Scalar, I: FInt>(
    trans: Ch,
    m: *const I,
    n: *const I,
    kl: *const I,
    ku: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _ltrans: usize,
) {
    // SAFETY: Fortran scalar arguments.
    let (tr, m, n, kl, ku, lda, incx, incy) = unsafe {
        (
            flag(trans),
            int(m),
            int(n),
            int(kl),
            int(ku),
            int(lda),
            int(incx),
            int(incy),
        )
    };
    let info = first(&[
        (!is_trans(tr), 1),
        (m < 0, 2),
        (n < 0, 3),
        (kl < 0, 4),
        (ku < 0, 5),
        (lda < kl.saturating_add(ku).saturating_add(1), 8),
        (incx == 0, 10),
        (incy == 0, 13),
    ]);
    if failed::<T, I>("GBMV", info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if m == 0 || n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let (lx, ly) = if tr == b'N' { (n, m) } else { (m, n) };
    let yo = Out::new(y, vspan(ly, incy));
    let outs = [yo.region()];
    // SAFETY: as in `gemv`.
    let ((a_s, lda), (xs, incx), ys) = unsafe {
        (
            input_mat(a, kl + ku + 1, n, lda, &outs),
            input_vec(x, lx, incx, &outs),
            yo.slice(),
        )
    };
    let (m, n, kl, ku, lx, ly, lda) =
        (dim(m), dim(n), dim(kl), dim(ku), dim(lx), dim(ly), dim(lda));
    run("gbmv", Level::L2, 2.0 * (n * (kl + ku + 1)) as f64, |d| {
        let ab = Banded::new(&*a_s, m, n, kl, ku).with_ld(lda);
        d.gbmv(
            op::<T>(tr),
            alpha,
            ab,
            v(&xs, lx, incx),
            beta,
            vm(ys, ly, incy),
        )
    })
}

/// Which symmetric matrix-vector product.
#[derive(Clone, Copy, PartialEq)]
enum Sym {
    Symmetric,
    Hermitian,
}

/// `y ← αAx + βy`, `A` symmetric (`?symv`) or Hermitian (`?hemv`), one triangle stored.
///
/// # Safety
/// The BLAS contract of `?symv`.
unsafe fn symv_any<T: Scalar, I: FInt>(
    kind: Sym,
    ul: Ch,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (ul, n, lda, incx, incy) = unsafe { (flag(ul), int(n), int(lda), int(incx), int(incy)) };
    let info = first(&[
        (!is_uplo(ul), 1),
        (n < 0, 2),
        (lda < n.max(1), 5),
        (incx == 0, 7),
        (incy == 0, 10),
    ]);
    let base = if kind == Sym::Symmetric {
        "SYMV"
    } else {
        "HEMV"
    };
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let yo = Out::new(y, vspan(n, incy));
    let outs = [yo.region()];
    // SAFETY: as in `gemv`.
    let ((a_s, lda), (xs, incx), ys) = unsafe {
        (
            input_mat(a, n, n, lda, &outs),
            input_vec(x, n, incx, &outs),
            yo.slice(),
        )
    };
    let (n, lda) = (dim(n), dim(lda));
    run(base, Level::L2, 2.0 * (n * n) as f64, |d| {
        let am = Mat::col_major(&*a_s, n, n).with_ld(lda);
        let (xv, yv) = (v(&xs, n, incx), vm(&mut *ys, n, incy));
        match kind {
            Sym::Symmetric => d.symv(uplo(ul), alpha, am, xv, beta, yv),
            Sym::Hermitian => d.hemv(uplo(ul), alpha, am, xv, beta, yv),
        }
    })
}

/// `y ← αAx + βy`, `A` symmetric.
pub unsafe fn symv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { symv_any::<T, I>(Sym::Symmetric, ul, n, alpha, a, lda, x, incx, beta, y, incy) }
}

/// `y ← αAx + βy`, `A` Hermitian.
pub unsafe fn hemv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { symv_any::<T, I>(Sym::Hermitian, ul, n, alpha, a, lda, x, incx, beta, y, incy) }
}

/// `y ← αAx + βy`, `A` a symmetric (`?sbmv`) or Hermitian (`?hbmv`) band matrix.
///
/// # Safety
/// The BLAS contract of `?sbmv`.
unsafe fn sbmv_any<T: Scalar, I: FInt>(
    kind: Sym,
    ul: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (ul, n, k, lda, incx, incy) =
        unsafe { (flag(ul), int(n), int(k), int(lda), int(incx), int(incy)) };
    let info = first(&[
        (!is_uplo(ul), 1),
        (n < 0, 2),
        (k < 0, 3),
        (lda < k.saturating_add(1), 6),
        (incx == 0, 8),
        (incy == 0, 11),
    ]);
    let base = if kind == Sym::Symmetric {
        "SBMV"
    } else {
        "HBMV"
    };
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let yo = Out::new(y, vspan(n, incy));
    let outs = [yo.region()];
    // SAFETY: as in `gemv`.
    let ((a_s, lda), (xs, incx), ys) = unsafe {
        (
            input_mat(a, k + 1, n, lda, &outs),
            input_vec(x, n, incx, &outs),
            yo.slice(),
        )
    };
    let (n, k, lda) = (dim(n), dim(k), dim(lda));
    run(base, Level::L2, 4.0 * (n * (k + 1)) as f64, |d| {
        let ab = band(&a_s, ul, n, k, lda);
        let (xv, yv) = (v(&xs, n, incx), vm(&mut *ys, n, incy));
        match kind {
            Sym::Symmetric => d.sbmv(alpha, ab, xv, beta, yv),
            Sym::Hermitian => d.hbmv(alpha, ab, xv, beta, yv),
        }
    })
}

/// The stored triangle of an order-`n` band matrix with `k` off-diagonals.
fn band<T>(data: &[T], ul: u8, n: usize, k: usize, lda: usize) -> Banded<'_, [T]> {
    if ul == b'U' {
        Banded::upper(data, n, k).with_ld(lda)
    } else {
        Banded::lower(data, n, k).with_ld(lda)
    }
}

/// The stored triangle of a packed matrix of order `n`.
fn packed<T>(data: &[T], ul: u8, n: usize) -> Packed<'_, [T]> {
    if ul == b'U' {
        Packed::upper(data, n)
    } else {
        Packed::lower(data, n)
    }
}

/// The stored triangle of a writable packed matrix of order `n`.
fn packed_mut<T>(data: &mut [T], ul: u8, n: usize) -> PackedMut<'_, [T]> {
    if ul == b'U' {
        PackedMut::upper(data, n)
    } else {
        PackedMut::lower(data, n)
    }
}

/// `y ← αAx + βy`, `A` a symmetric band matrix.
pub unsafe fn sbmv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        sbmv_any::<T, I>(
            Sym::Symmetric,
            ul,
            n,
            k,
            alpha,
            a,
            lda,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` a Hermitian band matrix.
pub unsafe fn hbmv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    k: *const I,
    alpha: *const T,
    a: *const T,
    lda: *const I,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        sbmv_any::<T, I>(
            Sym::Hermitian,
            ul,
            n,
            k,
            alpha,
            a,
            lda,
            x,
            incx,
            beta,
            y,
            incy,
        )
    }
}

/// `y ← αAx + βy`, `A` symmetric (`?spmv`) or Hermitian (`?hpmv`) in packed storage.
///
/// # Safety
/// The BLAS contract of `?spmv`.
unsafe fn spmv_any<T: Scalar, I: FInt>(
    kind: Sym,
    ul: Ch,
    n: *const I,
    alpha: *const T,
    ap: *const T,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (ul, n, incx, incy) = unsafe { (flag(ul), int(n), int(incx), int(incy)) };
    let info = first(&[
        (!is_uplo(ul), 1),
        (n < 0, 2),
        (incx == 0, 6),
        (incy == 0, 9),
    ]);
    let base = if kind == Sym::Symmetric {
        "SPMV"
    } else {
        "HPMV"
    };
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: Fortran scalar arguments.
    let (alpha, beta) = unsafe { (val(alpha), val(beta)) };
    if n == 0 || (alpha.is_zero() && beta == T::one()) {
        return;
    }
    let yo = Out::new(y, vspan(n, incy));
    let outs = [yo.region()];
    // SAFETY: as in `gemv`.
    let (a_s, xs, ys) = unsafe {
        (
            input(ap, pspan(n), &outs),
            input(x, vspan(n, incx), &outs),
            yo.slice(),
        )
    };
    let n = dim(n);
    run(base, Level::L2, 2.0 * (n * n) as f64, |d| {
        let (pa, xv, yv) = (packed(&a_s, ul, n), v(&xs, n, incx), vm(&mut *ys, n, incy));
        match kind {
            Sym::Symmetric => d.spmv(alpha, pa, xv, beta, yv),
            Sym::Hermitian => d.hpmv(alpha, pa, xv, beta, yv),
        }
    })
}

/// `y ← αAx + βy`, `A` symmetric packed.
pub unsafe fn spmv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    ap: *const T,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { spmv_any::<T, I>(Sym::Symmetric, ul, n, alpha, ap, x, incx, beta, y, incy) }
}

/// `y ← αAx + βy`, `A` Hermitian packed.
pub unsafe fn hpmv<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    ap: *const T,
    x: *const T,
    incx: *const I,
    beta: *const T,
    y: *mut T,
    incy: *const I,
    _lul: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { spmv_any::<T, I>(Sym::Hermitian, ul, n, alpha, ap, x, incx, beta, y, incy) }
}

/// Triangular storage: full, band or packed.
#[derive(Clone, Copy, PartialEq)]
enum Tri {
    Full,
    Band,
    Packed,
}

/// `x ← op(A)x` (`solve`: `x ← op(A)⁻¹x`) for a triangular `A` in any storage. `k`/`lda` are
/// absent (null) where the storage has std::ptr::null().
///
/// # Safety
/// The BLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn tri_any<T: Scalar, I: FInt>(
    storage: Tri,
    solve: bool,
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    k: *const I,
    a: *const T,
    lda: *const I,
    x: *mut T,
    incx: *const I,
) {
    // SAFETY: Fortran scalar arguments (`k`, `lda` only where the storage has them).
    let (ul, tr, dg, n, incx) = unsafe { (flag(ul), flag(trans), flag(dg), int(n), int(incx)) };
    // SAFETY: as above.
    let k = if storage == Tri::Band {
        // SAFETY: a Fortran argument this routine has (see above).
        unsafe { int(k) }
    } else {
        0
    };
    // SAFETY: as above.
    let lda = if storage == Tri::Packed {
        1
    } else {
        // SAFETY: a Fortran argument this routine has (see above).
        unsafe { int(lda) }
    };
    let head = [
        (!is_uplo(ul), 1),
        (!is_trans(tr), 2),
        (!is_diag(dg), 3),
        (n < 0, 4),
    ];
    let (info, base) = match storage {
        Tri::Full => (
            first(&[(lda < n.max(1), 6), (incx == 0, 8)]),
            if solve { "TRSV" } else { "TRMV" },
        ),
        Tri::Band => (
            first(&[(k < 0, 5), (lda < k.saturating_add(1), 7), (incx == 0, 9)]),
            if solve { "TBSV" } else { "TBMV" },
        ),
        Tri::Packed => (
            first(&[(incx == 0, 7)]),
            if solve { "TPSV" } else { "TPMV" },
        ),
    };
    let info = match first(&head) {
        0 => info,
        i => i,
    };
    if failed::<T, I>(base, info) {
        return;
    }
    if n == 0 {
        return;
    }
    let xo = Out::new(x, vspan(n, incx));
    let outs = [xo.region()];
    // SAFETY: as in `gemv` (`A` is copied if it overlaps `x`).
    let ((a_s, lda), xs) = unsafe {
        let a_s = match storage {
            Tri::Full => input_mat(a, n, n, lda, &outs),
            Tri::Band => input_mat(a, k + 1, n, lda, &outs),
            Tri::Packed => (input(a, pspan(n), &outs), lda),
        };
        (a_s, xo.slice())
    };
    let (n, k, lda) = (dim(n), dim(k), dim(lda));
    let (u, o, dd) = (uplo(ul), op::<T>(tr), diag(dg));
    let work = (n * if storage == Tri::Band { k + 1 } else { n }) as f64;
    run(base, Level::L2, work, |d| {
        let xv = VectorMut::strided(&mut *xs, n, incx as isize);
        match (storage, solve) {
            (Tri::Full, false) => d.trmv(u, o, dd, Mat::col_major(&*a_s, n, n).with_ld(lda), xv),
            (Tri::Full, true) => d.trsv(u, o, dd, Mat::col_major(&*a_s, n, n).with_ld(lda), xv),
            (Tri::Band, false) => d.tbmv(o, dd, band(&a_s, ul, n, k, lda), xv),
            (Tri::Band, true) => d.tbsv(o, dd, band(&a_s, ul, n, k, lda), xv),
            (Tri::Packed, false) => d.tpmv(o, dd, packed(&a_s, ul, n), xv),
            (Tri::Packed, true) => d.tpsv(o, dd, packed(&a_s, ul, n), xv),
        }
    })
}

/// `x ← op(A)x`, `A` triangular.
pub unsafe fn trmv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    a: *const T,
    lda: *const I,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            Tri::Full,
            false,
            ul,
            trans,
            dg,
            n,
            std::ptr::null(),
            a,
            lda,
            x,
            incx,
        )
    }
}

/// `x ← op(A)⁻¹x`, `A` triangular.
pub unsafe fn trsv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    a: *const T,
    lda: *const I,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            Tri::Full,
            true,
            ul,
            trans,
            dg,
            n,
            std::ptr::null(),
            a,
            lda,
            x,
            incx,
        )
    }
}

/// `x ← op(A)x`, `A` triangular band.
pub unsafe fn tbmv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    k: *const I,
    a: *const T,
    lda: *const I,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { tri_any::<T, I>(Tri::Band, false, ul, trans, dg, n, k, a, lda, x, incx) }
}

/// `x ← op(A)⁻¹x`, `A` triangular band.
pub unsafe fn tbsv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    k: *const I,
    a: *const T,
    lda: *const I,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { tri_any::<T, I>(Tri::Band, true, ul, trans, dg, n, k, a, lda, x, incx) }
}

/// `x ← op(A)x`, `A` triangular packed.
pub unsafe fn tpmv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    ap: *const T,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            Tri::Packed,
            false,
            ul,
            trans,
            dg,
            n,
            std::ptr::null(),
            ap,
            std::ptr::null(),
            x,
            incx,
        )
    }
}

/// `x ← op(A)⁻¹x`, `A` triangular packed.
pub unsafe fn tpsv<T: Scalar, I: FInt>(
    ul: Ch,
    trans: Ch,
    dg: Ch,
    n: *const I,
    ap: *const T,
    x: *mut T,
    incx: *const I,
    _l1: usize,
    _l2: usize,
    _l3: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        tri_any::<T, I>(
            Tri::Packed,
            true,
            ul,
            trans,
            dg,
            n,
            std::ptr::null(),
            ap,
            std::ptr::null(),
            x,
            incx,
        )
    }
}

/// Which general rank-1 update.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Ger {
    Plain,
    Unconj,
    Conj,
}

/// `A ← αxyᵀ + A` (`yᴴ` for `gerc`), reporting errors as routine `base` (CBLAS computes a
/// row-major `gerc` with `geru`, and reports it as `gerc`).
///
/// # Safety
/// The BLAS contract of `?ger`.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn ger_any<T: Scalar, I: FInt>(
    kind: Ger,
    base: &str,
    m: *const I,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
) {
    // SAFETY: Fortran scalar arguments.
    let (m, n, incx, incy, lda) = unsafe { (int(m), int(n), int(incx), int(incy), int(lda)) };
    let info = first(&[
        (m < 0, 1),
        (n < 0, 2),
        (incx == 0, 5),
        (incy == 0, 7),
        (lda < m.max(1), 9),
    ]);
    if failed::<T, I>(base, info) {
        return;
    }
    // SAFETY: a Fortran scalar argument.
    let alpha = unsafe { val(alpha) };
    if m == 0 || n == 0 || alpha.is_zero() {
        return;
    }
    let ao = Out::new(a, mspan(m, n, lda));
    let outs = [ao.region()];
    // SAFETY: as in `gemv`.
    let ((xs, incx), (ys, incy), a_s) = unsafe {
        (
            input_vec(x, m, incx, &outs),
            input_vec(y, n, incy, &outs),
            ao.slice(),
        )
    };
    let (m, n, lda) = (dim(m), dim(n), dim(lda));
    run(base, Level::L2, 2.0 * (m * n) as f64, |d| {
        let am = MatMut::col_major(&mut *a_s, m, n).with_ld(lda);
        let (xv, yv) = (v(&xs, m, incx), v(&ys, n, incy));
        match kind {
            Ger::Plain => d.ger(alpha, xv, yv, am),
            Ger::Unconj => d.geru(alpha, xv, yv, am),
            Ger::Conj => d.gerc(alpha, xv, yv, am),
        }
    })
}

/// `A ← αxyᵀ + A` (real).
pub unsafe fn ger<T: Scalar, I: FInt>(
    m: *const I,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>(Ger::Plain, "GER", m, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxyᵀ + A` (complex).
pub unsafe fn geru<T: Scalar, I: FInt>(
    m: *const I,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>(Ger::Unconj, "GERU", m, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxyᴴ + A`.
pub unsafe fn gerc<T: Scalar, I: FInt>(
    m: *const I,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
) {
    // SAFETY: the caller's contract.
    unsafe { ger_any::<T, I>(Ger::Conj, "GERC", m, n, alpha, x, incx, y, incy, a, lda) }
}

/// Symmetric/Hermitian rank-1 and rank-2 updates in full or packed storage.
#[derive(Clone, Copy, PartialEq)]
enum Upd {
    Syr,
    Her,
    Syr2,
    Her2,
}

/// The update `kind` of the full (`packed = false`, with `lda`) or packed matrix `a`. For the
/// rank-1 updates `y`/`incy` are absent (null); `alpha` of `her`/`hpr` is real and read as
/// such.
///
/// # Safety
/// The BLAS contract of the routine.
#[allow(clippy::too_many_arguments)]
unsafe fn update_any<T: Scalar, I: FInt>(
    kind: Upd,
    packed_storage: bool,
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
) {
    let two = matches!(kind, Upd::Syr2 | Upd::Her2);
    // SAFETY: Fortran scalar arguments (`incy`, `lda` only where the routine has them).
    let (ul, n, incx) = unsafe { (flag(ul), int(n), int(incx)) };
    // SAFETY: as above.
    let incy = if two { unsafe { int(incy) } } else { 1 };
    // SAFETY: as above.
    let lda = if packed_storage {
        1
    } else {
        // SAFETY: a Fortran argument this routine has (see above).
        unsafe { int(lda) }
    };
    let info = if two {
        first(&[
            (!is_uplo(ul), 1),
            (n < 0, 2),
            (incx == 0, 5),
            (incy == 0, 7),
            (!packed_storage && lda < n.max(1), 9),
        ])
    } else {
        first(&[
            (!is_uplo(ul), 1),
            (n < 0, 2),
            (incx == 0, 5),
            (!packed_storage && lda < n.max(1), 7),
        ])
    };
    let base = match (kind, packed_storage) {
        (Upd::Syr, false) => "SYR",
        (Upd::Her, false) => "HER",
        (Upd::Syr2, false) => "SYR2",
        (Upd::Her2, false) => "HER2",
        (Upd::Syr, true) => "SPR",
        (Upd::Her, true) => "HPR",
        (Upd::Syr2, true) => "SPR2",
        (Upd::Her2, true) => "HPR2",
    };
    if failed::<T, I>(base, info) {
        return;
    }
    // `her`/`hpr` take a real alpha: read it as one, widened to `T`.
    let alpha: T = if kind == Upd::Her {
        // SAFETY: a Fortran real scalar argument.
        T::from_real(unsafe { val(alpha.cast::<T::Real>()) })
    } else {
        // SAFETY: a Fortran scalar argument.
        unsafe { val(alpha) }
    };
    if n == 0 || alpha.is_zero() {
        return;
    }
    let span = if packed_storage {
        pspan(n)
    } else {
        mspan(n, n, lda)
    };
    let ao = Out::new(a, span);
    let outs = [ao.region()];
    // SAFETY: as in `gemv`.
    let (xs, incx) = unsafe { input_vec(x, n, incx, &outs) };
    // SAFETY: as in `gemv`.
    let (ys, incy) = if two {
        // SAFETY: as in `gemv`.
        unsafe { input_vec(y, n, incy, &outs) }
    } else {
        (crate::raw::Held::Borrowed(&[]), incy)
    };
    // SAFETY: as in `gemv`: the inputs were copied if they overlap.
    let a_s = unsafe { ao.slice() };
    let (n, lda, u) = (dim(n), dim(lda), uplo(ul));
    run(base, Level::L2, (2 * n * n) as f64, |d| {
        let (xv, yv) = (v(&xs, n, incx), v(&ys, if two { n } else { 0 }, incy));
        if packed_storage {
            let pa = packed_mut(&mut *a_s, ul, n);
            match kind {
                Upd::Syr => d.spr(alpha, xv, pa),
                Upd::Her => d.hpr(alpha.re(), xv, pa),
                Upd::Syr2 => d.spr2(alpha, xv, yv, pa),
                Upd::Her2 => d.hpr2(alpha, xv, yv, pa),
            }
        } else {
            let am = MatMut::col_major(&mut *a_s, n, n).with_ld(lda);
            match kind {
                Upd::Syr => d.syr(u, alpha, xv, am),
                Upd::Her => d.her(u, alpha.re(), xv, am),
                Upd::Syr2 => d.syr2(u, alpha, xv, yv, am),
                Upd::Her2 => d.her2(u, alpha, xv, yv, am),
            }
        }
    })
}

/// `A ← αxxᵀ + A`, `A` symmetric.
pub unsafe fn syr<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    a: *mut T,
    lda: *const I,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            Upd::Syr,
            false,
            ul,
            n,
            alpha,
            x,
            incx,
            std::ptr::null(),
            std::ptr::null(),
            a,
            lda,
        )
    }
}

/// `A ← αxxᴴ + A`, `A` Hermitian, `α` real.
pub unsafe fn her<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T::Real,
    x: *const T,
    incx: *const I,
    a: *mut T,
    lda: *const I,
    _l: usize,
) {
    // SAFETY: the caller's contract (`alpha` is read as a real).
    unsafe {
        update_any::<T, I>(
            Upd::Her,
            false,
            ul,
            n,
            alpha.cast(),
            x,
            incx,
            std::ptr::null(),
            std::ptr::null(),
            a,
            lda,
        )
    }
}

/// `A ← αxyᵀ + αyxᵀ + A`, `A` symmetric.
pub unsafe fn syr2<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { update_any::<T, I>(Upd::Syr2, false, ul, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxyᴴ + conj(α)yxᴴ + A`, `A` Hermitian.
pub unsafe fn her2<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    a: *mut T,
    lda: *const I,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { update_any::<T, I>(Upd::Her2, false, ul, n, alpha, x, incx, y, incy, a, lda) }
}

/// `A ← αxxᵀ + A`, `A` symmetric packed.
pub unsafe fn spr<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    ap: *mut T,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            Upd::Syr,
            true,
            ul,
            n,
            alpha,
            x,
            incx,
            std::ptr::null(),
            std::ptr::null(),
            ap,
            std::ptr::null(),
        )
    }
}

/// `A ← αxxᴴ + A`, `A` Hermitian packed, `α` real.
pub unsafe fn hpr<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T::Real,
    x: *const T,
    incx: *const I,
    ap: *mut T,
    _l: usize,
) {
    // SAFETY: the caller's contract (`alpha` is read as a real).
    unsafe {
        update_any::<T, I>(
            Upd::Her,
            true,
            ul,
            n,
            alpha.cast(),
            x,
            incx,
            std::ptr::null(),
            std::ptr::null(),
            ap,
            std::ptr::null(),
        )
    }
}

/// `A ← αxyᵀ + αyxᵀ + A`, `A` symmetric packed.
pub unsafe fn spr2<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    ap: *mut T,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            Upd::Syr2,
            true,
            ul,
            n,
            alpha,
            x,
            incx,
            y,
            incy,
            ap,
            std::ptr::null(),
        )
    }
}

/// `A ← αxyᴴ + conj(α)yxᴴ + A`, `A` Hermitian packed.
pub unsafe fn hpr2<T: Scalar, I: FInt>(
    ul: Ch,
    n: *const I,
    alpha: *const T,
    x: *const T,
    incx: *const I,
    y: *const T,
    incy: *const I,
    ap: *mut T,
    _l: usize,
) {
    // SAFETY: the caller's contract.
    unsafe {
        update_any::<T, I>(
            Upd::Her2,
            true,
            ul,
            n,
            alpha,
            x,
            incx,
            y,
            incy,
            ap,
            std::ptr::null(),
        )
    }
}

type C32 = gpublas::Complex32;
type C64 = gpublas::Complex64;

export!(gemv => ["sgemv": f32, "dgemv": f64, "cgemv": C32, "zgemv": C64]
    (trans: Ch, m: *const I, n: *const I, alpha: *const T, a: *const T, lda: *const I,
     x: *const T, incx: *const I, beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(gbmv => ["sgbmv": f32, "dgbmv": f64, "cgbmv": C32, "zgbmv": C64]
    (trans: Ch, m: *const I, n: *const I, kl: *const I, ku: *const I, alpha: *const T,
     a: *const T, lda: *const I, x: *const T, incx: *const I, beta: *const T, y: *mut T,
     incy: *const I, l1: usize) -> ());
export!(symv => ["ssymv": f32, "dsymv": f64]
    (ul: Ch, n: *const I, alpha: *const T, a: *const T, lda: *const I, x: *const T,
     incx: *const I, beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(hemv => ["chemv": C32, "zhemv": C64]
    (ul: Ch, n: *const I, alpha: *const T, a: *const T, lda: *const I, x: *const T,
     incx: *const I, beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(sbmv => ["ssbmv": f32, "dsbmv": f64]
    (ul: Ch, n: *const I, k: *const I, alpha: *const T, a: *const T, lda: *const I,
     x: *const T, incx: *const I, beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(hbmv => ["chbmv": C32, "zhbmv": C64]
    (ul: Ch, n: *const I, k: *const I, alpha: *const T, a: *const T, lda: *const I,
     x: *const T, incx: *const I, beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(spmv => ["sspmv": f32, "dspmv": f64]
    (ul: Ch, n: *const I, alpha: *const T, ap: *const T, x: *const T, incx: *const I,
     beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(hpmv => ["chpmv": C32, "zhpmv": C64]
    (ul: Ch, n: *const I, alpha: *const T, ap: *const T, x: *const T, incx: *const I,
     beta: *const T, y: *mut T, incy: *const I, l1: usize) -> ());
export!(trmv => ["strmv": f32, "dtrmv": f64, "ctrmv": C32, "ztrmv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, a: *const T, lda: *const I, x: *mut T,
     incx: *const I, l1: usize, l2: usize, l3: usize) -> ());
export!(trsv => ["strsv": f32, "dtrsv": f64, "ctrsv": C32, "ztrsv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, a: *const T, lda: *const I, x: *mut T,
     incx: *const I, l1: usize, l2: usize, l3: usize) -> ());
export!(tbmv => ["stbmv": f32, "dtbmv": f64, "ctbmv": C32, "ztbmv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, k: *const I, a: *const T, lda: *const I,
     x: *mut T, incx: *const I, l1: usize, l2: usize, l3: usize) -> ());
export!(tbsv => ["stbsv": f32, "dtbsv": f64, "ctbsv": C32, "ztbsv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, k: *const I, a: *const T, lda: *const I,
     x: *mut T, incx: *const I, l1: usize, l2: usize, l3: usize) -> ());
export!(tpmv => ["stpmv": f32, "dtpmv": f64, "ctpmv": C32, "ztpmv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, ap: *const T, x: *mut T, incx: *const I,
     l1: usize, l2: usize, l3: usize) -> ());
export!(tpsv => ["stpsv": f32, "dtpsv": f64, "ctpsv": C32, "ztpsv": C64]
    (ul: Ch, trans: Ch, dg: Ch, n: *const I, ap: *const T, x: *mut T, incx: *const I,
     l1: usize, l2: usize, l3: usize) -> ());
export!(ger => ["sger": f32, "dger": f64]
    (m: *const I, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, a: *mut T, lda: *const I) -> ());
export!(geru => ["cgeru": C32, "zgeru": C64]
    (m: *const I, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, a: *mut T, lda: *const I) -> ());
export!(gerc => ["cgerc": C32, "zgerc": C64]
    (m: *const I, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, a: *mut T, lda: *const I) -> ());
export!(syr => ["ssyr": f32, "dsyr": f64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, a: *mut T,
     lda: *const I, l1: usize) -> ());
export!(her => ["cher": C32, "zher": C64]
    (ul: Ch, n: *const I, alpha: *const R, x: *const T, incx: *const I, a: *mut T,
     lda: *const I, l1: usize) -> ());
export!(syr2 => ["ssyr2": f32, "dsyr2": f64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, a: *mut T, lda: *const I, l1: usize) -> ());
export!(her2 => ["cher2": C32, "zher2": C64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, a: *mut T, lda: *const I, l1: usize) -> ());
export!(spr => ["sspr": f32, "dspr": f64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, ap: *mut T,
     l1: usize) -> ());
export!(hpr => ["chpr": C32, "zhpr": C64]
    (ul: Ch, n: *const I, alpha: *const R, x: *const T, incx: *const I, ap: *mut T,
     l1: usize) -> ());
export!(spr2 => ["sspr2": f32, "dspr2": f64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, ap: *mut T, l1: usize) -> ());
export!(hpr2 => ["chpr2": C32, "zhpr2": C64]
    (ul: Ch, n: *const I, alpha: *const T, x: *const T, incx: *const I, y: *const T,
     incy: *const I, ap: *mut T, l1: usize) -> ());
