//! The reference BLAS, naive and in `Complex<f64>`: it never calls gpublas.

use super::*;

/// A dense column-major matrix of `Complex<f64>`: the reference's working type.
#[derive(Debug, Clone, PartialEq)]
pub struct M {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Elements, column-major.
    pub d: Vec<Z>,
}

impl M {
    /// All zeros.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        M {
            rows,
            cols,
            d: vec![Z::new(0.0, 0.0); rows * cols],
        }
    }
    /// Element `(i, j)`.
    pub fn get(&self, i: usize, j: usize) -> Z {
        self.d[i + j * self.rows]
    }
    /// Sets element `(i, j)`.
    pub fn set(&mut self, i: usize, j: usize, v: Z) {
        self.d[i + j * self.rows] = v;
    }
    /// `op(self)`.
    pub fn op(&self, op: Op) -> M {
        match op {
            Op::N => self.clone(),
            Op::T | Op::C => {
                let mut t = M::zeros(self.cols, self.rows);
                for j in 0..self.cols {
                    for i in 0..self.rows {
                        let v = self.get(i, j);
                        t.set(j, i, if op == Op::C { v.conj() } else { v });
                    }
                }
                t
            }
        }
    }
    /// Element-wise modulus (as real parts): the matrix of term magnitudes for error bounds.
    pub fn abs(&self) -> M {
        M {
            rows: self.rows,
            cols: self.cols,
            d: self.d.iter().map(|z| Z::new(z.norm(), 0.0)).collect(),
        }
    }
    /// The largest modulus (0 for an empty matrix).
    pub fn max_abs(&self) -> f64 {
        self.d.iter().map(|z| z.norm()).fold(0.0, f64::max)
    }
    /// `self · other` (plain triple loop).
    pub fn mul(&self, other: &M) -> M {
        assert_eq!(self.cols, other.rows);
        let mut r = M::zeros(self.rows, other.cols);
        for j in 0..other.cols {
            for l in 0..self.cols {
                let b = other.get(l, j);
                for i in 0..self.rows {
                    r.d[i + j * self.rows] += self.get(i, l) * b;
                }
            }
        }
        r
    }
}

/// `|z|` as a real `Complex<f64>`.
pub fn zabs(z: Z) -> Z {
    Z::new(z.norm(), 0.0)
}

/// Reference `α·opa·opb + β·c` for already-applied ops, with BLAS semantics: `β = 0` does not
/// read `c`, `α = 0` does not read `opa`/`opb`.
pub fn ref_gemm(alpha: Z, opa: &M, opb: &M, beta: Z, c: &M) -> M {
    assert_eq!((opa.rows, opb.cols), (c.rows, c.cols));
    let prod = if alpha == Z::new(0.0, 0.0) {
        M::zeros(c.rows, c.cols)
    } else {
        opa.mul(opb)
    };
    let mut r = M::zeros(c.rows, c.cols);
    for k in 0..r.d.len() {
        let bc = if beta == Z::new(0.0, 0.0) {
            Z::new(0.0, 0.0)
        } else {
            beta * c.d[k]
        };
        let ab = if alpha == Z::new(0.0, 0.0) {
            Z::new(0.0, 0.0)
        } else {
            alpha * prod.d[k]
        };
        r.d[k] = ab + bc;
    }
    r
}

/// Reference gemm plus the element-wise magnitude of its terms (`|α|·|A|·|B| + |β|·|C|`), for
/// [`assert_close`].
pub fn ref_gemm_with_mag(alpha: Z, opa: &M, opb: &M, beta: Z, c: &M) -> (M, M) {
    (
        ref_gemm(alpha, opa, opb, beta, c),
        ref_gemm(zabs(alpha), &opa.abs(), &opb.abs(), zabs(beta), &c.abs()),
    )
}

/// Reference `a + α x yᵀ` (or `yᴴ` with `conj`) for `ger`/`geru`/`gerc`, with its magnitudes.
pub fn ref_ger(alpha: Z, x: &M, y: &M, a: &M, conj: bool) -> (M, M) {
    let yt = y.op(if conj { Op::C } else { Op::T });
    ref_gemm_with_mag(alpha, x, &yt, Z::new(1.0, 0.0), a)
}

/// The triangular matrix trsm uses: the `uplo` triangle of `a` (the other one read as zero),
/// with ones on the diagonal if `diag` is `Unit` (the stored diagonal is not read).
pub fn triangle(a: &M, uplo: Uplo, diag: Diag) -> M {
    let n = a.rows;
    let mut t = M::zeros(n, n);
    for j in 0..n {
        for i in 0..n {
            let inside = match uplo {
                Uplo::Upper => i < j,
                Uplo::Lower => i > j,
            };
            if i == j {
                t.set(
                    i,
                    j,
                    if diag == Diag::Unit {
                        Z::new(1.0, 0.0)
                    } else {
                        a.get(i, i)
                    },
                );
            } else if inside {
                t.set(i, j, a.get(i, j));
            }
        }
    }
    t
}

/// Solves `t x = b` for a triangular `t` (lower or upper, detected from its zeros is unsafe, so
/// given) by substitution, one column of `b` at a time.
fn solve_triangular(t: &M, lower: bool, b: &M) -> M {
    let n = t.rows;
    let mut x = b.clone();
    for col in 0..b.cols {
        let order: Vec<usize> = if lower {
            (0..n).collect()
        } else {
            (0..n).rev().collect()
        };
        for &i in &order {
            let mut s = x.get(i, col);
            for l in 0..n {
                let before = if lower { l < i } else { l > i };
                if before {
                    s -= t.get(i, l) * x.get(l, col);
                }
            }
            x.set(i, col, s / t.get(i, i));
        }
    }
    x
}

/// Reference trsm: `X` with `op(A) X = αB` (left) or `X op(A) = αB` (right), by forward/back
/// substitution. `α = 0` gives zeros without reading `A` or `B`.
pub fn ref_trsm(side: Side, uplo: Uplo, trans: Op, diag: Diag, alpha: Z, a: &M, b: &M) -> M {
    if alpha == Z::new(0.0, 0.0) {
        return M::zeros(b.rows, b.cols);
    }
    let t = triangle(a, uplo, diag).op(trans);
    // op(A) is lower triangular iff (Lower, N) or (Upper, T/C).
    let lower = (uplo == Uplo::Lower) == (trans == Op::N);
    let mut ab = b.clone();
    ab.d.iter_mut().for_each(|z| *z *= alpha);
    match side {
        Side::Left => solve_triangular(&t, lower, &ab),
        // X op(A) = αB  ⇔  op(A)ᵀ Xᵀ = αBᵀ, and op(A)ᵀ has the other triangle.
        Side::Right => solve_triangular(&t.op(Op::T), !lower, &ab.op(Op::T)).op(Op::T),
    }
}

/// Reference syrk (`herm = false`: `α op(A) op(A)ᵀ + βC`) or herk (`herm = true`:
/// `α op(A) op(A)ᴴ + βC` with the result's diagonal made real, and `C`'s diagonal read as real).
/// `op(A)` is given already applied. Returns the full matrix and its magnitudes; only the
/// referenced triangle is meaningful.
pub fn ref_rank_k(herm: bool, alpha: Z, opa: &M, beta: Z, c: &M) -> (M, M) {
    let second = opa.op(if herm { Op::C } else { Op::T });
    let mut c = c.clone();
    if herm {
        for i in 0..c.rows {
            let v = c.get(i, i);
            c.set(i, i, Z::new(v.re, 0.0));
        }
    }
    let (mut r, mag) = ref_gemm_with_mag(alpha, opa, &second, beta, &c);
    if herm {
        for i in 0..r.rows {
            let v = r.get(i, i);
            r.set(i, i, Z::new(v.re, 0.0));
        }
    }
    (r, mag)
}

/// Whether `(i, j)` is in the `uplo` triangle (diagonal included).
pub fn in_triangle(uplo: Uplo, i: usize, j: usize) -> bool {
    match uplo {
        Uplo::Upper => i <= j,
        Uplo::Lower => i >= j,
    }
}

// ---------------------------------------------------------------------------------------------
// Level 1 as netlib's Fortran loops (LAPACK 3.12, `BLAS/SRC`), on whole buffers with signed
// increments: `IX = 1; IF (INCX.LT.0) IX = (-N+1)*INCX + 1`, then `IX = IX + INCX` per element.

/// Netlib's first index (0-based) of an `n`-element vector with increment `inc`.
fn first_index(n: usize, inc: isize) -> isize {
    if inc < 0 {
        (1 - n as isize) * inc
    } else {
        0
    }
}

/// The buffer indices a vector visits, in netlib's order (repeated for `inc = 0`).
pub fn walk(n: usize, inc: isize) -> Vec<usize> {
    let mut ix = first_index(n, inc);
    (0..n)
        .map(|_| {
            let k = ix as usize;
            ix += inc;
            k
        })
        .collect()
}

/// `?axpy.f`: `y ← αx + y`, one element at a time in walk order (so a zero `incy` accumulates
/// every term into `y[0]`); `n = 0` or `α = 0` returns at once.
pub fn ref_axpy(n: usize, alpha: Z, x: &[Z], incx: isize, y: &mut [Z], incy: isize) {
    if n == 0 || alpha == Z::new(0.0, 0.0) {
        return;
    }
    for (ix, iy) in walk(n, incx).into_iter().zip(walk(n, incy)) {
        y[iy] += alpha * x[ix];
    }
}

/// `?scal.f`: `x ← αx`; returns at once for `incx ≤ 0`.
pub fn ref_scal(n: usize, alpha: Z, x: &mut [Z], incx: isize) {
    if incx <= 0 {
        return;
    }
    for ix in walk(n, incx) {
        x[ix] *= alpha;
    }
}

/// `?copy.f`: `y ← x` element by element in walk order (exact, on any element type).
pub fn ref_copy<T: Copy>(n: usize, x: &[T], incx: isize, y: &mut [T], incy: isize) {
    for (ix, iy) in walk(n, incx).into_iter().zip(walk(n, incy)) {
        y[iy] = x[ix];
    }
}

/// `?swap.f`: `x ↔ y` element by element in walk order (exact, on any element type).
pub fn ref_swap<T: Copy>(n: usize, x: &mut [T], incx: isize, y: &mut [T], incy: isize) {
    for (ix, iy) in walk(n, incx).into_iter().zip(walk(n, incy)) {
        std::mem::swap(&mut x[ix], &mut y[iy]);
    }
}

/// `?dot.f`/`?dotu.f` (`conj = false`) or `?dotc.f` (`conj = true`), with the sum of the terms'
/// magnitudes.
pub fn ref_dot(conj: bool, n: usize, x: &[Z], incx: isize, y: &[Z], incy: isize) -> (Z, f64) {
    let (mut s, mut mag) = (Z::new(0.0, 0.0), 0.0);
    for (ix, iy) in walk(n, incx).into_iter().zip(walk(n, incy)) {
        let xv = if conj { x[ix].conj() } else { x[ix] };
        s += xv * y[iy];
        mag += x[ix].norm() * y[iy].norm();
    }
    (s, mag)
}

/// `?asum.f`: `Σ |re| + |im|`; 0 for `incx ≤ 0`.
pub fn ref_asum(n: usize, x: &[Z], incx: isize) -> f64 {
    if incx <= 0 {
        return 0.0;
    }
    walk(n, incx)
        .into_iter()
        .map(|k| x[k].re.abs() + x[k].im.abs())
        .sum()
}

/// `?nrm2.f90` (3.10 and later): the norm of the walked elements, any increment (0 counts
/// `x[0]` `n` times), to within a few units in the last place of `f64` over the whole range of
/// `f64` (see [`norm_of_parts`]).
pub fn ref_nrm2(n: usize, x: &[Z], incx: isize) -> f64 {
    let parts: Vec<f64> = walk(n, incx)
        .into_iter()
        .flat_map(|k| [x[k].re, x[k].im])
        .collect();
    norm_of_parts(&parts)
}

/// `2^e` for `-1022 ≤ e ≤ 1023` (a normal number: exact).
fn pow2(e: i32) -> f64 {
    assert!((-1022..=1023).contains(&e), "2^{e} is not a normal f64");
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// `x · 2^e` for any `e` (two exact power-of-two factors, so only the final rounding — an
/// overflow, or an underflow into the subnormals — is inexact).
fn scale2(x: f64, e: i32) -> f64 {
    let half = e / 2;
    x * pow2(half) * pow2(e - half)
}

/// `√(Σ pᵢ²)` of real numbers, whatever their range: NaN if any is NaN, else ∞ if any is
/// infinite; otherwise every part is scaled by the power of two that brings the largest near 1
/// (exact, up to parts so much smaller that they cannot matter), the squares and their sum are
/// accumulated in double-double arithmetic (error-free products through `mul_add`, error-free
/// sums), the root is taken to double-double accuracy and scaled back. Independent of any BLAS
/// algorithm: no thresholds, no accumulators by magnitude.
pub fn norm_of_parts(parts: &[f64]) -> f64 {
    if parts.iter().any(|p| p.is_nan()) {
        return f64::NAN;
    }
    if parts.iter().any(|p| p.is_infinite()) {
        return f64::INFINITY;
    }
    let max = parts.iter().fold(0.0f64, |m, p| m.max(p.abs()));
    if max == 0.0 {
        return 0.0;
    }
    // Within one of the exponent of `max` (subnormals included): enough to keep the scaled
    // largest part in [1/2, 4), so no square overflows.
    let e = max.log2().floor() as i32;
    let (mut hi, mut lo) = (0.0f64, 0.0f64);
    for &p in parts {
        let q = scale2(p, -e);
        let (sq, sq_err) = (q * q, q.mul_add(q, -(q * q)));
        // hi + lo += sq + sq_err (Knuth's two-sum for the high parts).
        let s = hi + sq;
        let bb = s - hi;
        let err = (hi - (s - bb)) + (sq - bb);
        hi = s;
        lo += err + sq_err;
        let t = hi + lo;
        lo -= t - hi;
        hi = t;
    }
    // One Newton step on the double-double sum: √(hi + lo) ≈ r + (hi − r² + lo) / 2r.
    let r = hi.sqrt();
    let root = r + ((-r).mul_add(r, hi) + lo) / (2.0 * r);
    scale2(root, e)
}

/// `i?amax.f` (`max = true`) or its `iamin` counterpart on precomputed keys (`|re| + |im|` per
/// buffer element): the 0-based position in walk order of the first extreme key; `None` for
/// `n = 0` or `incx ≤ 0`.
pub fn ref_iamax(max: bool, n: usize, keys: &[f64], incx: isize) -> Option<usize> {
    if n == 0 || incx <= 0 {
        return None;
    }
    let w = walk(n, incx);
    let mut best = 0;
    for i in 1..n {
        let (v, b) = (keys[w[i]], keys[w[best]]);
        if (max && v > b) || (!max && v < b) {
            best = i;
        }
    }
    Some(best)
}
