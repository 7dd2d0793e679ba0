//! Reference BLAS's reading rules at level 2, with non-finite values: NaN or ∞ in every slot
//! the reference does not read (the other triangle, the band outside the band storage and the
//! padding of full and band storage, a unit diagonal, a Hermitian diagonal's imaginary part) and
//! NaN or ∞ in each element of `x` (or `y`) in turn, for the triangular products and solves
//! (trmv/tbmv/tpmv, trsv/tbsv/tpsv), the symmetric and Hermitian products (symv/hemv,
//! sbmv/hbmv, spmv/hpmv) and the rank-1 and rank-2 updates (syr/her/spr/hpr,
//! syr2/her2/spr2/hpr2), in both layouts. The result must be non-finite exactly where the
//! reference's is, NaN exactly where its is when the vector held NaN, match it elsewhere, and
//! leave every slot the routine does not write bit for bit unchanged.

mod level2x_common;
mod reading_rules_common;

use gpublas_tests::*;
use level2x_common::*;
use reading_rules_common::*;

/// The order of the matrices: every element of `x` is poisoned in turn.
const N: usize = 5;

/// The `uplo` triangle of the dense `d` (leading dimension `n`) in `kind`'s storage and
/// `order`, with `fill` in every slot the format leaves unused, on a unit diagonal (`unit`) and
/// in a Hermitian diagonal's imaginary parts (`herm`).
fn stored<T: TestScalar>(
    (kind, order, uplo, n): (Kind, Order, Uplo, usize),
    d: &[Z],
    fill: Special,
    (unit, herm): (bool, bool),
) -> Vec<T> {
    let mut b = vec![fill.value::<T>(); kind.len(n)];
    let st = kind.storage(n);
    for j in 0..n {
        for i in 0..n {
            let Some(cm) = st.idx(uplo, n, i, j) else {
                continue;
            };
            let k = match order {
                Order::ColMajor => cm,
                Order::RowMajor => kind.row_major_idx(uplo, n, i, j),
            };
            b[k] = if unit && i == j {
                fill.value()
            } else if herm && i == j {
                T::from_c(Z::new(d[i + j * n].re, fill.part()))
            } else {
                T::from_c(d[i + j * n])
            };
        }
    }
    b
}

/// The column-major storage the references take, and its moduli for the magnitude run (a
/// Hermitian diagonal's imaginary parts, which no reference reads, left out of them).
fn reference_storage<T: TestScalar>(
    (kind, order, uplo, n): (Kind, Order, Uplo, usize),
    a: &[T],
    herm: bool,
) -> (Vec<Z>, Vec<Z>) {
    let cm = kind.to_col_major(order, uplo, n, &z(a));
    let mut abs = cm.clone();
    if herm {
        for i in 0..n {
            if let Some(k) = kind.storage(n).idx(uplo, n, i, i) {
                abs[k].im = 0.0;
            }
        }
    }
    (cm, zabs_buf(&abs))
}

/// A random `N`-vector at `inc` (NaN gaps) with `poison` at element `at`.
fn poisoned_vector<T: TestScalar>(
    r: &mut ChaCha8Rng,
    inc: isize,
    poison: Option<(Special, usize)>,
) -> (Vec<T>, VLayout) {
    let (mut x, vx) = vector::<T>(r, N, inc, false);
    if let Some((p, at)) = poison {
        x[vx.idx(at)] = p.value();
    }
    (x, vx)
}

/// Checks the elements of the vector `vx` in `after` against the reference's buffer `want` (and
/// `mag`), every gap bit for bit unchanged.
#[track_caller]
fn check_vector<T: TestScalar>(
    what: &str,
    (before, after): (&[T], &[T]),
    vx: VLayout,
    (want, mag): (&[Z], &[Z]),
    poison: Special,
) {
    assert_gaps_untouched(what, before, after, vx);
    for i in 0..vx.n {
        let k = vx.idx(i);
        check_element(
            what,
            format_args!("element {i}"),
            after[k],
            want[k],
            mag[k],
            N,
            poison,
        );
    }
}

fn triangular_routine(kind: Kind, solve: bool) -> &'static str {
    match (kind, solve) {
        (Kind::Full { .. }, false) => "trmv",
        (Kind::Full { .. }, true) => "trsv",
        (Kind::Band { .. }, false) => "tbmv",
        (Kind::Band { .. }, true) => "tbsv",
        (Kind::Packed, false) => "tpmv",
        (Kind::Packed, true) => "tpsv",
    }
}

/// Calls trmv/trsv (and the band and packed forms) on `a`.
fn call_triangular<T: TestScalar>(
    dev: &Device,
    (kind, order, uplo, n): (Kind, Order, Uplo, usize),
    (solve, trans, diag): (bool, Op, Diag),
    a: &[T],
    x: VectorMut<'_, [T]>,
) -> Result<(), Error> {
    let row = order == Order::RowMajor;
    match kind {
        Kind::Full { .. } => {
            let m = if row {
                Mat::row_major(a, n, n)
            } else {
                Mat::col_major(a, n, n)
            };
            let m = m.with_ld(kind.ld(n));
            if solve {
                dev.trsv(uplo, trans, diag, m, x)
            } else {
                dev.trmv(uplo, trans, diag, m, x)
            }
        }
        Kind::Band { k, .. } => {
            let b = if uplo == Uplo::Upper {
                Banded::upper(a, n, k)
            } else {
                Banded::lower(a, n, k)
            };
            let b = b.with_ld(kind.ld(n));
            let b = if row { b.row_major() } else { b };
            if solve {
                dev.tbsv(trans, diag, b, x)
            } else {
                dev.tbmv(trans, diag, b, x)
            }
        }
        Kind::Packed => {
            let p = if uplo == Uplo::Upper {
                Packed::upper(a, n)
            } else {
                Packed::lower(a, n)
            };
            let p = if row { p.row_major() } else { p };
            if solve {
                dev.tpsv(trans, diag, p, x)
            } else {
                dev.tpmv(trans, diag, p, x)
            }
        }
    }
}

/// One triangular product or solve on an order-`N` matrix with `poison` at element `at` of `x`.
fn triangular_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    shape: (Kind, Order, Uplo, usize),
    (solve, trans, diag): (bool, Op, Diag),
    (fill, poison): (Special, Special),
    (at, incx): (usize, isize),
) {
    let (kind, order, uplo, _) = shape;
    let d = dense::<T>(r, N, solve);
    let a: Vec<T> = stored(shape, &d, fill, (diag == Diag::Unit, false));
    let (x0, vx) = poisoned_vector::<T>(r, incx, Some((poison, at)));
    let mut x = x0.clone();
    let what = format!(
        "{} {kind:?} {uplo:?} {trans:?} {diag:?} {order:?} incx={incx}, {fill:?} unread, {poison:?} at {at}",
        triangular_routine(kind, solve)
    );
    call_triangular(dev, shape, (solve, trans, diag), &a, vx.vec_mut(&mut x[..]))
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (acm, aabs) = reference_storage(shape, &a, false);
    let (st, t) = (kind.storage(N), (uplo, trans, diag));
    let mut want = z(&x0);
    let mag = if solve {
        ref_trsv(t, N, st, &acm, &mut want, incx);
        // Forward error of a diagonally dominant solve, over the finite elements.
        let finite = want.iter().filter(|v| !nonfinite(**v));
        vec![zr(4.0 * finite.fold(0.0f64, |s, v| s.max(v.norm()))); want.len()]
    } else {
        ref_trmv(t, N, st, &acm, &mut want, incx);
        let mut mag = zabs_buf(&z(&x0));
        ref_trmv(t, N, st, &aabs, &mut mag, incx);
        mag
    };
    check_vector(&what, (&x0, &x), vx, (&want, &mag), poison);
}

fn triangular_routines_read_only_the_stored_triangle_and_keep_non_finite_values_in_place<
    T: TestScalar,
>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_triangular_l2"));
    for solve in [false, true] {
        for kind in KINDS {
            for uplo in UPLOS {
                for trans in OPS {
                    for diag in DIAGS {
                        for order in ORDERS {
                            if T::IS_COMPLEX && order == Order::RowMajor && trans == Op::C {
                                continue; // Unsupported (see blas/level2/triangular.rs)
                            }
                            for fp in FILL_AND_POISON {
                                for at in (0..N).zip([1, -2, 1, -2, 3]) {
                                    let (shape, tri) =
                                        ((kind, order, uplo, N), (solve, trans, diag));
                                    triangular_case::<T>(&dev, &mut r, shape, tri, fp, at);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Calls symv/hemv (and the band and packed forms) on `a`.
#[allow(clippy::too_many_arguments)]
fn call_symmetric<T: TestScalar>(
    dev: &Device,
    (kind, order, uplo, n): (Kind, Order, Uplo, usize),
    herm: bool,
    alpha: T,
    a: &[T],
    x: Vector<'_, [T]>,
    beta: T,
    y: VectorMut<'_, [T]>,
) -> Result<(), Error> {
    let row = order == Order::RowMajor;
    match kind {
        Kind::Full { .. } => {
            let m = if row {
                Mat::row_major(a, n, n)
            } else {
                Mat::col_major(a, n, n)
            };
            let m = m.with_ld(kind.ld(n));
            if herm {
                dev.hemv(uplo, alpha, m, x, beta, y)
            } else {
                dev.symv(uplo, alpha, m, x, beta, y)
            }
        }
        Kind::Band { k, .. } => {
            let b = if uplo == Uplo::Upper {
                Banded::upper(a, n, k)
            } else {
                Banded::lower(a, n, k)
            };
            let b = b.with_ld(kind.ld(n));
            let b = if row { b.row_major() } else { b };
            if herm {
                dev.hbmv(alpha, b, x, beta, y)
            } else {
                dev.sbmv(alpha, b, x, beta, y)
            }
        }
        Kind::Packed => {
            let p = if uplo == Uplo::Upper {
                Packed::upper(a, n)
            } else {
                Packed::lower(a, n)
            };
            let p = if row { p.row_major() } else { p };
            if herm {
                dev.hpmv(alpha, p, x, beta, y)
            } else {
                dev.spmv(alpha, p, x, beta, y)
            }
        }
    }
}

/// One symmetric (or Hermitian) product with `poison` at element `at` of `x` (if any: a
/// non-finite element of `x` reaches every element of `y`, so only products without one show
/// whether an unread slot was read).
fn symmetric_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (shape, herm): ((Kind, Order, Uplo, usize), bool),
    (fill, poison): (Special, Special),
    (at, (incx, incy)): (Option<usize>, (isize, isize)),
) {
    let (kind, order, uplo, _) = shape;
    let d = dense::<T>(r, N, false);
    let a: Vec<T> = stored(shape, &d, fill, (false, herm));
    let (x, vx) = poisoned_vector::<T>(r, incx, at.map(|at| (poison, at)));
    let (y0, vy) = poisoned_vector::<T>(r, incy, None);
    let (alpha, beta): (T, T) = (rand_scalar(r), rand_scalar(r));
    let mut y = y0.clone();
    let what = format!(
        "{} {kind:?} {uplo:?} {order:?} incx={incx} incy={incy}, {fill:?} unread, {poison:?} at {at:?}",
        if herm { "hemv/hbmv/hpmv" } else { "symv/sbmv/spmv" }
    );
    let (xv, yv) = (vx.vec(&x[..]), vy.vec_mut(&mut y[..]));
    call_symmetric(dev, shape, herm, alpha, &a, xv, beta, yv)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (acm, aabs) = reference_storage(shape, &a, herm);
    let st = kind.storage(N);
    let (mut want, mut mag) = (z(&y0), zabs_buf(&z(&y0)));
    let (al, be, xz) = (alpha.to_c(), beta.to_c(), z(&x));
    ref_symv(uplo, herm, N, st, al, &acm, &xz, incx, be, &mut want, incy);
    let (aa, ba, xa) = (zabs(al), zabs(be), zabs_buf(&xz));
    ref_symv(uplo, herm, N, st, aa, &aabs, &xa, incx, ba, &mut mag, incy);
    check_vector(&what, (&y0, &y), vy, (&want, &mag), poison);
}

fn symmetric_products_read_one_triangle_and_keep_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_symv"));
    for herm in [false, T::IS_COMPLEX] {
        for kind in KINDS {
            for uplo in UPLOS {
                for order in ORDERS {
                    let full = matches!(kind, Kind::Full { .. });
                    if T::IS_COMPLEX && ((!herm && !full) || (herm && order == Order::RowMajor)) {
                        continue; // Unsupported (see blas/level2/symmetric.rs)
                    }
                    for fp in FILL_AND_POISON {
                        let ats = std::iter::once(None).chain((0..N).map(Some));
                        for at in ats.zip(STRIDES.into_iter().cycle()) {
                            let shape = ((kind, order, uplo, N), herm);
                            symmetric_case::<T>(&dev, &mut r, shape, fp, at);
                        }
                    }
                }
            }
        }
    }
}

/// The update kinds of [`rank_updates_write_one_triangle_and_keep_non_finite_values_in_place`].
const UPDATE_KINDS: [Kind; 3] = [
    Kind::Full { extra: 0 },
    Kind::Full { extra: 2 },
    Kind::Packed,
];

/// Calls the rank-1 (`y` unused) or rank-2 update on `a`; `alpha` is used as a real for
/// her/hpr (its real part).
#[allow(clippy::too_many_arguments)]
fn call_update<T: TestScalar>(
    dev: &Device,
    (kind, order, uplo, n): (Kind, Order, Uplo, usize),
    (herm, rank2): (bool, bool),
    alpha: T,
    x: Vector<'_, [T]>,
    y: Vector<'_, [T]>,
    a: &mut [T],
) -> Result<(), Error> {
    let (row, ar) = (order == Order::RowMajor, alpha.re());
    if kind == Kind::Packed {
        let p = if uplo == Uplo::Upper {
            PackedMut::upper(a, n)
        } else {
            PackedMut::lower(a, n)
        };
        let p = if row { p.row_major() } else { p };
        return match (herm, rank2) {
            (false, false) => dev.spr(alpha, x, p),
            (true, false) => dev.hpr(ar, x, p),
            (false, true) => dev.spr2(alpha, x, y, p),
            (true, true) => dev.hpr2(alpha, x, y, p),
        };
    }
    let m = if row {
        MatMut::row_major(a, n, n)
    } else {
        MatMut::col_major(a, n, n)
    };
    let m = m.with_ld(kind.ld(n));
    match (herm, rank2) {
        (false, false) => dev.syr(uplo, alpha, x, m),
        (true, false) => dev.her(uplo, ar, x, m),
        (false, true) => dev.syr2(uplo, alpha, x, y, m),
        (true, true) => dev.her2(uplo, alpha, x, y, m),
    }
}

/// One rank-1 or rank-2 update with `poison` at element `at` of `x` (or of `y`, `in_y`).
fn update_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (shape, herm, rank2): ((Kind, Order, Uplo, usize), bool, bool),
    (fill, poison): (Special, Special),
    (at, (incx, incy), in_y): (usize, (isize, isize), bool),
) {
    let (kind, order, uplo, _) = shape;
    let d = dense::<T>(r, N, false);
    let a0: Vec<T> = stored(shape, &d, fill, (false, herm));
    let p = Some((poison, at));
    let (x, vx) = poisoned_vector::<T>(r, incx, if in_y { None } else { p });
    let (y, vy) = poisoned_vector::<T>(r, incy, if in_y { p } else { None });
    let alpha: T = rand_scalar(r);
    let mut a = a0.clone();
    let what = format!(
        "rank-{} update (herm: {herm}) {kind:?} {uplo:?} {order:?} incx={incx} incy={incy}, {fill:?} unread, {poison:?} at {at} of {}",
        if rank2 { 2 } else { 1 },
        if in_y { "y" } else { "x" }
    );
    let (xv, yv) = (vx.vec(&x[..]), vy.vec(&y[..]));
    call_update(dev, shape, (herm, rank2), alpha, xv, yv, &mut a)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (mut want, mut mag) = reference_storage(shape, &a0, herm);
    let st = kind.storage(N);
    let al = if herm && !rank2 {
        zr(alpha.to_c().re)
    } else {
        alpha.to_c()
    };
    let (xz, yz) = (z(&x), z(&y));
    let (xa, ya) = (zabs_buf(&xz), zabs_buf(&yz));
    if rank2 {
        ref_syr2(uplo, herm, N, al, &xz, incx, &yz, incy, &mut want, st);
        ref_syr2(uplo, herm, N, zabs(al), &xa, incx, &ya, incy, &mut mag, st);
    } else {
        ref_syr(uplo, herm, N, al, &xz, incx, &mut want, st);
        ref_syr(uplo, herm, N, zabs(al), &xa, incx, &mut mag, st);
    }
    // Every stored slot against the reference (in column-major storage at `cm`); every other
    // slot (the other triangle, padding) bit for bit unchanged.
    let mut stored_at = vec![None; a.len()];
    for j in 0..N {
        for i in 0..N {
            if let Some(cm) = st.idx(uplo, N, i, j) {
                let row = order == Order::RowMajor;
                stored_at[if row {
                    kind.row_major_idx(uplo, N, i, j)
                } else {
                    cm
                }] = Some(cm);
            }
        }
    }
    for (k, cm) in stored_at.into_iter().enumerate() {
        if let Some(cm) = cm {
            let slot = format_args!("slot {k}");
            check_element(&what, slot, a[k], want[cm], mag[cm], 2, poison);
        } else {
            assert!(
                a[k].bits() == a0[k].bits(),
                "{what}: slot {k}, which the update must not write, changed from {:?} to {:?}",
                a0[k],
                a[k]
            );
        }
    }
}

fn rank_updates_write_one_triangle_and_keep_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_updates"));
    for herm in [false, T::IS_COMPLEX] {
        for rank2 in [false, true] {
            for kind in UPDATE_KINDS {
                for uplo in UPLOS {
                    for order in ORDERS {
                        let packed = kind == Kind::Packed;
                        let row = order == Order::RowMajor;
                        if T::IS_COMPLEX && ((!herm && packed) || (herm && row)) {
                            continue; // Unsupported (see blas/level2/update.rs)
                        }
                        for fp in FILL_AND_POISON {
                            for (at, incs) in (0..N).zip(STRIDES) {
                                for in_y in [false, true].into_iter().filter(|&y| !y || rank2) {
                                    let shape = ((kind, order, uplo, N), herm, rank2);
                                    update_case::<T>(&dev, &mut r, shape, fp, (at, incs, in_y));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

for_all_types!(
    triangular_routines_read_only_the_stored_triangle_and_keep_non_finite_values_in_place,
    symmetric_products_read_one_triangle_and_keep_non_finite_values_in_place,
    rank_updates_write_one_triangle_and_keep_non_finite_values_in_place,
);
