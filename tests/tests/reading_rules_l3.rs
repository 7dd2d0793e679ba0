//! Reference BLAS's reading rules at level 3, with non-finite values: NaN or ∞ in every position
//! the reference does not read (the other triangle of a triangular, symmetric or Hermitian
//! operand, a unit diagonal, a Hermitian diagonal's imaginary part, the other triangle of a
//! rank-k result, the padding beyond the rows of a leading dimension, an output that is only
//! written), and NaN or ∞ in each element of `B` (trmm, trsm, symm/hemm) or of `A`/`B` (the
//! rank-k family) in turn. The result must be non-finite exactly where the reference's is, NaN
//! exactly where its is when the operand held NaN, and match it elsewhere: in particular an
//! element of `B` is never multiplied by a zero of the triangle (`0·NaN` and `0·∞` are NaN).
//! Small operands are poisoned at every position; sizes across the host's block edges at a few.

mod l3x_common;
mod reading_rules_common;

use gpublas_tests::*;
use l3x_common::{za, zcol, zcol_abs};
use reading_rules_common::*;

/// (A's layout, B's and C's layout).
const LAYOUTS: [[Order; 2]; 3] = [
    [Order::ColMajor, Order::ColMajor],
    [Order::RowMajor, Order::RowMajor],
    [Order::ColMajor, Order::RowMajor],
];

/// A triangular operand's side, triangle, op and diagonal.
type Sutd = (Side, Uplo, Op, Diag);

/// A triangular operand of layout `la`: random in the `uplo` triangle, `fill` outside it, on a
/// unit diagonal and in the padding. `dominant` makes it well conditioned for solves (a diagonal
/// of modulus ≥ 1, off-diagonal entries of modulus < 1/order).
fn tri_operand<T: TestScalar>(
    r: &mut ChaCha8Rng,
    la: Layout,
    (uplo, diag): (Uplo, Diag),
    fill: T,
    dominant: bool,
) -> Vec<T> {
    let n = la.rows as f64;
    mat_buf(la, 2, fill, |i, j| {
        let v: T = rand_scalar(r);
        if !in_triangle(uplo, i, j) || (diag == Diag::Unit && i == j) {
            fill
        } else if !dominant {
            v
        } else if i == j {
            let s = if v.to_c().re < 0.0 { -1.5 } else { 1.5 };
            T::from_c(zr(s) + v.to_c() * 0.5)
        } else {
            T::from_c(v.to_c() / n)
        }
    })
}

/// A random operand of layout `l` with `poison` at the positions `at` and `fill` in its padding.
fn poisoned<T: TestScalar>(
    r: &mut ChaCha8Rng,
    l: Layout,
    fill: T,
    (poison, at): (Special, &[(usize, usize)]),
) -> Vec<T> {
    let mut b = mat_buf(l, 2, fill, |_, _| rand_scalar(r));
    for &(i, j) in at {
        b[l.idx(i, j)] = poison.value();
    }
    b
}

/// `buf` (layout `l`) as the column-major buffer the references take, as is, or (`abs`) as the
/// moduli of its elements for the magnitude run; then a Hermitian diagonal's imaginary parts,
/// which the references never read, are left out of the moduli.
fn operand<T: TestScalar>(buf: &[T], l: Layout, abs: bool, herm_diag: bool) -> (Vec<Z>, usize) {
    let (mut z, ld) = zcol(buf, l);
    if abs {
        if herm_diag {
            for i in 0..l.rows.min(l.cols) {
                z[i + i * ld].im = 0.0;
            }
        }
        z = zabs_buf(&z);
    }
    (z, ld)
}

/// One trmm (in place: `trmm_in_place` on B) with `poison` in B at `at`, checked against
/// `ref_trmm`, which sums only the terms of the triangle.
fn trmm_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (sutd, (m, n), [oa, ob], in_place): (Sutd, (usize, usize), [Order; 2], bool),
    (fill, poison): (Special, Special),
    at: &[(usize, usize)],
) {
    let (side, uplo, trans, diag) = sutd;
    let ka = if side == Side::Left { m } else { n };
    let (la, lb) = (Layout::new(oa, ka, ka, 1), Layout::new(ob, m, n, 2));
    let lc = if in_place {
        lb
    } else {
        Layout::new(ob, m, n, 1)
    };
    let f = fill.value::<T>();
    let a = tri_operand(r, la, (uplo, diag), f, false);
    let b0 = poisoned(r, lb, f, (poison, at));
    let alpha: T = rand_scalar(r);
    // Out of place, C is only written: it starts as `fill` throughout.
    let c0 = if in_place {
        b0.clone()
    } else {
        mat_buf(lc, 2, f, |_, _| f)
    };
    let mut out = c0.clone();
    let form = if in_place { "trmm_in_place" } else { "trmm" };
    let what = format!(
        "{form} {side:?} {uplo:?} {trans:?} {diag:?} {m}×{n} A {oa:?} B {ob:?}, {fill:?} unread, {poison:?} at {at:?}"
    );
    let res = if in_place {
        let (am, bm) = (la.mat(&a), lb.mat_mut(&mut out));
        dev.trmm_in_place(side, uplo, trans, diag, alpha, am, bm)
    } else {
        let (am, bm, cm) = (la.mat(&a), lb.mat(&b0), lc.mat_mut(&mut out));
        dev.trmm(side, uplo, trans, diag, alpha, am, bm, cm)
    };
    res.unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let f = |buf: &[T], l| if abs { zcol_abs(buf, l) } else { zcol(buf, l) };
        let al = if abs { za(alpha.to_c()) } else { alpha.to_c() };
        let ((za_, lda), (zb, ldb)) = (f(&a, la), f(&b0, lb));
        let mut zc = vec![zr(0.0); m * n];
        ref_trmm(sutd, (m, n), al, &za_, lda, &zb, ldb, &mut zc, m);
        zc
    };
    let (want, mag) = (run(false), run(true));
    check_matrix(&what, &c0, &out, lc, (&want, &mag), ka, poison, |_, _| true);
}

fn trmm_never_multiplies_b_by_the_zeros_of_the_triangle<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_trmm"));
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    for layouts in LAYOUTS {
                        for in_place in [false, true] {
                            for fp in FILL_AND_POISON {
                                let (m, n) = if side == Side::Left { (4, 3) } else { (3, 4) };
                                let shape = ((side, uplo, trans, diag), (m, n), layouts, in_place);
                                for p in positions(&mut r, m, n) {
                                    trmm_case::<T>(&dev, &mut r, shape, fp, &[p]);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn trmm_across_block_edges_keeps_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_trmm_big"));
    let o = [Order::ColMajor; 2];
    let mut case = 0;
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    for in_place in [false, true] {
                        // An order of 40 halves twice (diagonal blocks of 10); 130 columns of
                        // B are split across threads.
                        let (m, n) = if side == Side::Left {
                            (40, 130)
                        } else {
                            (130, 40)
                        };
                        let at = positions(&mut r, m, n);
                        let shape = ((side, uplo, trans, diag), (m, n), o, in_place);
                        let fp = FILL_AND_POISON[case % FILL_AND_POISON.len()];
                        trmm_case::<T>(&dev, &mut r, shape, fp, &at);
                        case += 1;
                    }
                }
            }
        }
    }
}

/// One trsm with `poison` in B at `at`, against `ref_trsm` (substitution over the triangle).
fn trsm_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (sutd, (m, n), [oa, ob]): (Sutd, (usize, usize), [Order; 2]),
    (fill, poison): (Special, Special),
    at: &[(usize, usize)],
) {
    let (side, uplo, trans, diag) = sutd;
    let ka = if side == Side::Left { m } else { n };
    let (la, lb) = (Layout::new(oa, ka, ka, 1), Layout::new(ob, m, n, 2));
    let f = fill.value::<T>();
    let a = tri_operand(r, la, (uplo, diag), f, true);
    let b0 = poisoned(r, lb, f, (poison, at));
    let alpha: T = rand_scalar(r);
    let mut b = b0.clone();
    let what = format!(
        "trsm {side:?} {uplo:?} {trans:?} {diag:?} {m}×{n} A {oa:?} B {ob:?}, {fill:?} unread, {poison:?} at {at:?}"
    );
    dev.trsm(
        side,
        uplo,
        trans,
        diag,
        alpha,
        la.mat(&a),
        lb.mat_mut(&mut b),
    )
    .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (am, bm) = (read_mat(&a, la), read_mat(&b0, lb));
    let want = ref_trsm(side, uplo, trans, diag, alpha.to_c(), &am, &bm);
    // Forward error of a diagonally dominant solve (condition < 4), over the finite elements.
    let finite_max = want
        .d
        .iter()
        .filter(|z| !nonfinite(**z))
        .fold(0.0f64, |s, z| s.max(z.norm()));
    let mag = vec![zr(4.0 * finite_max); m * n];
    check_matrix(&what, &b0, &b, lb, (&want.d, &mag), ka, poison, |_, _| true);
}

fn trsm_reads_only_the_triangle_and_keeps_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_trsm"));
    for side in SIDES {
        for uplo in UPLOS {
            for trans in OPS {
                for diag in DIAGS {
                    for layouts in LAYOUTS {
                        for fp in FILL_AND_POISON {
                            let (m, n) = if side == Side::Left { (4, 3) } else { (3, 4) };
                            let shape = ((side, uplo, trans, diag), (m, n), layouts);
                            for p in positions(&mut r, m, n) {
                                trsm_case::<T>(&dev, &mut r, shape, fp, &[p]);
                            }
                        }
                    }
                    // Across the host's block edges (diagonal blocks of 16).
                    let (m, n) = if side == Side::Left { (40, 3) } else { (3, 40) };
                    let at = positions(&mut r, m, n);
                    let shape = ((side, uplo, trans, diag), (m, n), LAYOUTS[0]);
                    trsm_case::<T>(&dev, &mut r, shape, FILL_AND_POISON[0], &at);
                    trsm_case::<T>(&dev, &mut r, shape, FILL_AND_POISON[1], &at);
                }
            }
        }
    }
}

/// One symm (`herm = false`) or hemm with `poison` in B at `at`: A's other triangle, padding
/// and (hemm) its diagonal's imaginary parts hold `fill`.
fn symm_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    ((side, uplo, herm), (m, n), [oa, ob]): ((Side, Uplo, bool), (usize, usize), [Order; 2]),
    (fill, poison): (Special, Special),
    at: &[(usize, usize)],
) {
    let ka = if side == Side::Left { m } else { n };
    let (la, lb, lc) = (
        Layout::new(oa, ka, ka, 1),
        Layout::new(ob, m, n, 2),
        Layout::new(ob, m, n, 1),
    );
    let f = fill.value::<T>();
    let a: Vec<T> = mat_buf(la, 2, f, |i, j| {
        let v: T = rand_scalar(r);
        if !in_triangle(uplo, i, j) {
            f
        } else if herm && i == j {
            T::from_c(Z::new(v.to_c().re, fill.part()))
        } else {
            v
        }
    });
    let b = poisoned(r, lb, f, (poison, at));
    let c0: Vec<T> = mat_buf(lc, 2, f, |_, _| rand_scalar(r));
    let (alpha, beta): (T, T) = (rand_scalar(r), rand_scalar(r));
    let mut c = c0.clone();
    let name = if herm { "hemm" } else { "symm" };
    let what = format!(
        "{name} {side:?} {uplo:?} {m}×{n} A {oa:?} B {ob:?}, {fill:?} unread, {poison:?} at {at:?}"
    );
    let (am, bm, cm) = (la.mat(&a), lb.mat(&b), lc.mat_mut(&mut c));
    if herm {
        dev.hemm(side, uplo, alpha, am, bm, beta, cm)
    } else {
        dev.symm(side, uplo, alpha, am, bm, beta, cm)
    }
    .unwrap_or_else(|e| panic!("{what}: {e}"));
    let run = |abs: bool| {
        let s = |v: T| if abs { za(v.to_c()) } else { v.to_c() };
        let (za_, lda) = operand(&a, la, abs, herm);
        let ((zb, ldb), (mut zc, ldc)) =
            (operand(&b, lb, abs, false), operand(&c0, lc, abs, false));
        let shape = (side, uplo, herm);
        ref_symm(
            shape,
            (m, n),
            s(alpha),
            &za_,
            lda,
            &zb,
            ldb,
            s(beta),
            &mut zc,
            ldc,
        );
        zc
    };
    let (want, mag) = (run(false), run(true));
    check_matrix(&what, &c0, &c, lc, (&want, &mag), ka, poison, |_, _| true);
}

fn symm_and_hemm_read_one_triangle_and_keep_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_symm"));
    for herm in [false, T::IS_COMPLEX] {
        for side in SIDES {
            for uplo in UPLOS {
                for layouts in LAYOUTS {
                    for fp in FILL_AND_POISON {
                        let (m, n) = if side == Side::Left { (4, 3) } else { (3, 4) };
                        for p in positions(&mut r, m, n) {
                            let shape = ((side, uplo, herm), (m, n), layouts);
                            symm_case::<T>(&dev, &mut r, shape, fp, &[p]);
                        }
                    }
                }
            }
        }
    }
}

/// The rank-k updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RankK {
    Syrk,
    Herk,
    Syr2k,
    Her2k,
    Syrkx,
    Herkx,
}

impl RankK {
    fn hermitian(self) -> bool {
        matches!(self, RankK::Herk | RankK::Her2k | RankK::Herkx)
    }
    fn takes_b(self) -> bool {
        !matches!(self, RankK::Syrk | RankK::Herk)
    }
}

/// One rank-k update with `poison` at `at` in A (or in B, `in_b`): C's other triangle, padding
/// and (Hermitian) diagonal imaginary parts hold `fill`; only C's `uplo` triangle is written.
#[allow(clippy::too_many_arguments)]
fn rank_k_case<T: TestScalar>(
    dev: &Device,
    r: &mut ChaCha8Rng,
    (kind, uplo, trans): (RankK, Uplo, Op),
    (n, k): (usize, usize),
    [oa, oc]: [Order; 2],
    (fill, poison): (Special, Special),
    (at, in_b): (&[(usize, usize)], bool),
) {
    let herm = kind.hermitian() && T::IS_COMPLEX;
    let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
    let (la, lc) = (Layout::new(oa, ar, ac, 1), Layout::new(oc, n, n, 1));
    let f = fill.value::<T>();
    let none: &[(usize, usize)] = &[];
    let a = poisoned(r, la, f, (poison, if in_b { none } else { at }));
    let b = poisoned(r, la, f, (poison, if in_b { at } else { none }));
    let c0: Vec<T> = mat_buf(lc, 2, f, |i, j| {
        let v: T = rand_scalar(r);
        if !in_triangle(uplo, i, j) {
            f
        } else if herm && i == j {
            T::from_c(Z::new(v.to_c().re, fill.part()))
        } else {
            v
        }
    });
    let alpha: T = rand_scalar(r);
    let beta: T = T::from_c(zr(rand_scalar::<T>(r).to_c().re));
    let (ar_, br_) = (T::real(alpha.to_c().re), T::real(beta.to_c().re));
    let mut c = c0.clone();
    let what = format!(
        "{kind:?} {uplo:?} {trans:?} n={n} k={k} A {oa:?} C {oc:?}, {fill:?} unread, {poison:?} at {at:?} in {}",
        if in_b { "B" } else { "A" }
    );
    let (am, bm, cm) = (la.mat(&a), la.mat(&b), lc.mat_mut(&mut c));
    match kind {
        RankK::Syrk => dev.syrk(uplo, trans, alpha, am, beta, cm),
        RankK::Herk => dev.herk(uplo, trans, ar_, am, br_, cm),
        RankK::Syr2k => dev.syr2k(uplo, trans, alpha, am, bm, beta, cm),
        RankK::Her2k => dev.her2k(uplo, trans, alpha, am, bm, br_, cm),
        RankK::Syrkx => dev.syrkx(uplo, trans, alpha, am, bm, beta, cm),
        RankK::Herkx => dev.herkx(uplo, trans, alpha, am, bm, br_, cm),
    }
    .unwrap_or_else(|e| panic!("{what}: {e}"));
    // herk takes a real α.
    let alpha = if kind == RankK::Herk {
        T::from_c(zr(alpha.to_c().re))
    } else {
        alpha
    };
    let run = |abs: bool| {
        let s = |v: T| if abs { za(v.to_c()) } else { v.to_c() };
        let ((za_, lda), (zb, ldb)) = (operand(&a, la, abs, false), operand(&b, la, abs, false));
        let (mut zc, ldc) = operand(&c0, lc, abs, herm);
        let (shape, nk) = ((uplo, trans, herm), (n, k));
        match kind {
            RankK::Syrk | RankK::Herk => {
                // Syrk is syrkx with B = A.
                ref_syrkx(
                    shape,
                    nk,
                    s(alpha),
                    &za_,
                    lda,
                    &za_,
                    lda,
                    s(beta),
                    &mut zc,
                    ldc,
                );
            }
            RankK::Syr2k | RankK::Her2k => {
                ref_syr2k(
                    shape,
                    nk,
                    s(alpha),
                    &za_,
                    lda,
                    &zb,
                    ldb,
                    s(beta),
                    &mut zc,
                    ldc,
                );
            }
            RankK::Syrkx | RankK::Herkx => {
                ref_syrkx(
                    shape,
                    nk,
                    s(alpha),
                    &za_,
                    lda,
                    &zb,
                    ldb,
                    s(beta),
                    &mut zc,
                    ldc,
                );
            }
        }
        zc
    };
    let (want, mag) = (run(false), run(true));
    let written = |i, j| in_triangle(uplo, i, j);
    check_matrix(&what, &c0, &c, lc, (&want, &mag), k, poison, written);
}

fn rank_k_updates_write_one_triangle_and_keep_non_finite_values_in_place<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("reading_rank_k"));
    let kinds = [
        RankK::Syrk,
        RankK::Herk,
        RankK::Syr2k,
        RankK::Her2k,
        RankK::Syrkx,
        RankK::Herkx,
    ];
    for kind in kinds {
        // Complex symmetric forms take N or T, Hermitian ones N or C; real ones all three.
        let ops = match (T::IS_COMPLEX, kind.hermitian()) {
            (false, _) => [Op::N, Op::T],
            (true, false) => [Op::N, Op::T],
            (true, true) => [Op::N, Op::C],
        };
        for uplo in UPLOS {
            for trans in ops {
                for orders in LAYOUTS {
                    for fp in FILL_AND_POISON {
                        let (n, k) = (3, 4);
                        let (ar, ac) = if trans == Op::N { (n, k) } else { (k, n) };
                        for in_b in [false, true] {
                            if in_b && !kind.takes_b() {
                                continue;
                            }
                            for p in positions(&mut r, ar, ac) {
                                let shape = (kind, uplo, trans);
                                let at = (&[p][..], in_b);
                                rank_k_case::<T>(&dev, &mut r, shape, (n, k), orders, fp, at);
                            }
                        }
                    }
                }
            }
        }
    }
}

for_all_types!(
    trmm_never_multiplies_b_by_the_zeros_of_the_triangle,
    trmm_across_block_edges_keeps_non_finite_values_in_place,
    trsm_reads_only_the_triangle_and_keeps_non_finite_values_in_place,
    symm_and_hemm_read_one_triangle_and_keep_non_finite_values_in_place,
    rank_k_updates_write_one_triangle_and_keep_non_finite_values_in_place,
);
