//! Products of a few elements (LAPACK's recursive factorizations make thousands of them: the
//! orders 1 to 8 of `dpotrf2`'s `dsyrk` and `dtrsm` leaves), computed element by element from
//! the operands where they are, with no packing, blocking or scratch memory: the packed path's
//! set-up cost several times their arithmetic.
//!
//! Each element gets exactly the operations [`kernel`](super::kernel) gives it — per depth
//! block of [`kc`], `acc ← fma(a_p, b_p, acc)` from `acc = 0` in the order of `p`, folded into
//! `C` by the same [`Update`] — as scalar fused multiply-adds, one rounding each as in a SIMD
//! lane, so the value is bit for bit the packed path's.

use pulp::{Simd, WithSimd};

use super::driver::kc;
use super::kernel::Update;
use super::simd::Unit;
use super::Product;

/// Real multiply-adds (`m·n·k`, four per complex one) up to which a single product is computed
/// here. The packed path's fixed cost (blocking, scratch, tiles over zero padding) is a few
/// hundred nanoseconds; this path's time grows with the work and passes it above about
/// `8 × 8 × 8` (2-core AMD EPYC, one thread).
pub(super) const DIRECT_WORK: usize = 512;

/// Rows whose sums run side by side (independent chains of fused multiply-adds).
const ROWS: usize = 8;

/// The direct computation of one product, run with the instruction set's fused multiply-add.
pub(super) struct Direct<U, const CPLX: bool>(Product<U, CPLX>);

impl<U, const CPLX: bool> Direct<U, CPLX> {
    /// The direct computation of `p`.
    ///
    /// # Safety
    /// As for [`direct`]: the product's operands are valid and `C` overlaps no input (running
    /// the job, a safe trait method, relies on it).
    pub(super) unsafe fn new(p: Product<U, CPLX>) -> Self {
        Direct(p)
    }
}

impl<U: Unit, const CPLX: bool> WithSimd for Direct<U, CPLX> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, _simd: S) {
        // SAFETY: a `Direct` is made only by `Direct::new`, whose caller guarantees what
        // `direct` needs.
        unsafe { direct(&self.0) }
    }
}

/// `C ← α op(A) op(B) + β C` element by element, restricted to the product's triangle if it has
/// one (elements outside it are neither read nor written).
///
/// # Safety
/// The product's operands are valid (see [`Product`]): every element `(i, p)` of `op(A)`,
/// `(p, j)` of `op(B)` and `(i, j)` of `C` (in the triangle) is inside its allocation, and `C`
/// overlaps no input.
#[inline(always)]
unsafe fn direct<U: Unit, const CPLX: bool>(p: &Product<U, CPLX>) {
    let units = 1 + CPLX as usize;
    let kc = kc::<U>();
    let (alpha, beta) = (p.alpha, p.beta);
    for j in 0..p.n {
        for i0 in (0..p.m).step_by(ROWS) {
            let rows = ROWS.min(p.m - i0);
            for q0 in (0..p.k).step_by(kc) {
                let depth = (q0, p.k.min(q0 + kc));
                // SAFETY: rows `i0 .. i0 + rows`, column `j`, steps of `depth`: inside the
                // operands (the caller's promise).
                let acc = unsafe {
                    match rows {
                        1 => sums::<U, CPLX, 1>(p, i0, j, depth),
                        2 => sums::<U, CPLX, 2>(p, i0, j, depth),
                        3 => sums::<U, CPLX, 3>(p, i0, j, depth),
                        4 => sums::<U, CPLX, 4>(p, i0, j, depth),
                        5 => sums::<U, CPLX, 5>(p, i0, j, depth),
                        6 => sums::<U, CPLX, 6>(p, i0, j, depth),
                        7 => sums::<U, CPLX, 7>(p, i0, j, depth),
                        _ => sums::<U, CPLX, ROWS>(p, i0, j, depth),
                    }
                };
                let how = match (q0, p.beta_zero) {
                    (0, true) => Update::Replace,
                    (0, false) => Update::Scale,
                    _ => Update::Add,
                };
                for (r, acc) in acc.iter().enumerate().take(rows) {
                    let i = i0 + r;
                    if p.tri.is_some_and(|t| !t.keeps(i, j)) {
                        continue;
                    }
                    // SAFETY: element `(i, j)` of `C` (the caller's promise).
                    let c = unsafe { p.c.add((i + j * p.ldc) * units) };
                    // SAFETY: as above; read only where the update reads `C`.
                    let old = |part: usize| unsafe { *c.add(part) };
                    if CPLX {
                        let [[rr, ir], [ri, ii]] = *acc;
                        // As the kernel: `s = (fma(ii, −1, rr), fma(ri, 1, ir))`, then
                        // `x·(re, im) = (fma(x.im, −im, x.re·re), fma(x.re, im, x.im·re))`.
                        let one = U::from_f64(1.0);
                        let s = (ii.fma(one.neg(), rr), ri.fma(one, ir));
                        let times = |x: (U, U), (re, im): (U, U)| {
                            (x.1.fma(im.neg(), x.0.smul(re)), x.0.fma(im, x.1.smul(re)))
                        };
                        let scaled = times(s, alpha);
                        let new = match how {
                            Update::Replace => scaled,
                            Update::Scale => {
                                let b = times((old(0), old(1)), beta);
                                (scaled.0.sadd(b.0), scaled.1.sadd(b.1))
                            }
                            Update::Add => (scaled.0.sadd(old(0)), scaled.1.sadd(old(1))),
                        };
                        // SAFETY: as above.
                        unsafe { (*c, *c.add(1)) = new };
                    } else {
                        let sum = acc[0][0];
                        let new = match how {
                            Update::Replace => alpha.0.smul(sum),
                            Update::Scale => alpha.0.fma(sum, beta.0.smul(old(0))),
                            Update::Add => alpha.0.fma(sum, old(0)),
                        };
                        // SAFETY: as above.
                        unsafe { *c = new };
                    }
                }
            }
        }
    }
}

/// The depth block `q0 .. q1` of the sums of rows `i0 .. i0 + R` of column `j`, each row's
/// chains side by side: per row, per unit of `b` (`re`, `im`), per unit of `a` (`re`, `im`);
/// real types use `[0][0]` only. Rows past `R` are zero.
///
/// # Safety
/// Rows `i0 .. i0 + R` of `op(A)` and column `j` of `op(B)` are inside the operands for the
/// steps `q0 .. q1`.
#[inline(always)]
unsafe fn sums<U: Unit, const CPLX: bool, const R: usize>(
    p: &Product<U, CPLX>,
    i0: usize,
    j: usize,
    (q0, q1): (usize, usize),
) -> [[[U; 2]; 2]; ROWS] {
    let units = 1 + CPLX as usize;
    // Unit `part` of element `(i, q)` of an operand, its imaginary part negated if conjugated
    // (negation is exact, as in packing).
    let read = |x: super::Operand<U>, i: usize, q: usize, part: usize| {
        // SAFETY: the callers pass elements inside the operand's shape (the caller's promise).
        let v = unsafe { *x.ptr.add((i * x.rs + q * x.cs) * units + part) };
        if CPLX && x.conj && part == 1 {
            v.neg()
        } else {
            v
        }
    };
    let mut acc = [[[U::ZERO; 2]; 2]; ROWS];
    for q in q0..q1 {
        for bpart in 0..units {
            let b = read(p.b, q, j, bpart);
            for (r, acc) in acc.iter_mut().enumerate().take(R) {
                for (apart, sum) in acc[bpart].iter_mut().enumerate().take(units) {
                    *sum = read(p.a, i0 + r, q, apart).fma(b, *sum);
                }
            }
        }
    }
    acc
}
