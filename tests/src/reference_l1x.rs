//! Reference level-1 routines beyond the original suite: Givens rotations (rotg, rot, csrot,
//! zdrot), modified Givens rotations (rotm, rotmg), scaling by a real scalar (csscal, zdscal)
//! and the extended-precision dot (sdsdot/dsdot), with netlib's semantics, on buffers with
//! signed increments (see [`vidx`]).

use super::*;

/// `drotg`/`srotg` (netlib's current algorithm, without its over/underflow scaling, which
/// moderate inputs never need): returns `(r, z, c, s)` with `[c s; -s c]·[a; b] = [r; 0]`,
/// `c² + s² = 1`; `r` takes the sign of the larger of `a`, `b`, and `z` is the value netlib
/// stores in `b` (`s` if `|a| > |b|`, else `1/c` if `c ≠ 0`, else 1).
pub fn ref_rotg_real(a: f64, b: f64) -> (f64, f64, f64, f64) {
    if b == 0.0 {
        return (a, 0.0, 1.0, 0.0);
    }
    if a == 0.0 {
        return (b, 1.0, 0.0, 1.0);
    }
    let sigma = if a.abs() > b.abs() {
        1f64.copysign(a)
    } else {
        1f64.copysign(b)
    };
    let r = sigma * a.hypot(b);
    let (c, s) = (a / r, b / r);
    let z = if a.abs() > b.abs() {
        s
    } else if c != 0.0 {
        1.0 / c
    } else {
        1.0
    };
    (r, z, c, s)
}

/// `zrotg`/`crotg` (netlib's current algorithm, without its scaling): returns `(r, c, s)` with
/// real `c`, `[c s; -conj(s) c]·[a; b] = [r; 0]` and `c² + |s|² = 1`. `b = 0` gives
/// `(a, 1, 0)`; `a = 0` gives `(|b|, 0, conj(b)/|b|)` (older references returned `(b, 0, 1)`
/// there, so tests should check the defining equations, e.g. with [`rotg_residual`]).
pub fn ref_rotg_complex(a: Z, b: Z) -> (Z, f64, Z) {
    let zero = Z::new(0.0, 0.0);
    if b == zero {
        return (a, 1.0, zero);
    }
    if a == zero {
        let d = b.norm();
        return (zr(d), 0.0, b.conj() / d);
    }
    let (f2, g2) = (a.norm_sqr(), b.norm_sqr());
    let h = (f2 + g2).sqrt();
    let c = a.norm() / h;
    let r = a / c;
    let s = b.conj() * (a / (a.norm() * h));
    (r, c, s)
}

/// How far `(r, c, s)` is from a rotation taking `[a; b]` to `[r; 0]`: the largest of
/// `|c·a + s·b - r|`, `|-conj(s)·a + c·b|` and `|c² + |s|² - 1|`, relative to `|a| + |b|`.
pub fn rotg_residual(a: Z, b: Z, r: Z, c: f64, s: Z) -> f64 {
    let scale = (a.norm() + b.norm()).max(f64::MIN_POSITIVE);
    let first = (a * c + s * b - r).norm() / scale;
    let second = (-s.conj() * a + b * c).norm() / scale;
    let unit = (c * c + s.norm_sqr() - 1.0).abs();
    first.max(second).max(unit)
}

/// `rot` in every form (`srot`/`drot` with real `s`, `csrot`/`zdrot` with real `s` on complex
/// vectors, `crot`/`zrot` with complex `s`): for each `i`, `x_i ← c·x_i + s·y_i` and
/// `y_i ← c·y_i - conj(s)·x_i` (old `x_i`). `n = 0` does nothing; any increments, including 0
/// (the same element, updated `n` times in order) and negative ones.
pub fn ref_rot(n: usize, x: &mut [Z], incx: isize, y: &mut [Z], incy: isize, c: f64, s: Z) {
    for i in 0..n {
        let (ix, iy) = (vidx(i, n, incx), vidx(i, n, incy));
        let (xi, yi) = (x[ix], y[iy]);
        x[ix] = xi * c + s * yi;
        y[iy] = yi * c - s.conj() * xi;
    }
}

/// `srotm`/`drotm`: applies the modified Givens transformation `H` described by `param`
/// (`param[0]` = flag: -1 → `H = [h11 h12; h21 h22]` from `param[1..5]` = `h11, h21, h12, h22`;
/// 0 → `h11 = h22 = 1`, `h21 = param[2]`, `h12 = param[3]`; 1 → `h12 = 1`, `h21 = -1`,
/// `h11 = param[1]`, `h22 = param[4]`; -2 → `H = I`, nothing is touched), to the pairs
/// `(x_i, y_i)`: `x_i ← h11·x_i + h12·y_i`, `y_i ← h21·x_i + h22·y_i`. Real data (imaginary
/// parts are carried along unchanged in meaning: each part is transformed alike).
pub fn ref_rotm(n: usize, x: &mut [Z], incx: isize, y: &mut [Z], incy: isize, param: [f64; 5]) {
    let flag = param[0];
    if n == 0 || flag == -2.0 {
        return;
    }
    let (h11, h21, h12, h22) = if flag < 0.0 {
        (param[1], param[2], param[3], param[4])
    } else if flag == 0.0 {
        (1.0, param[2], param[3], 1.0)
    } else {
        (param[1], -1.0, 1.0, param[4])
    };
    for i in 0..n {
        let (ix, iy) = (vidx(i, n, incx), vidx(i, n, incy));
        let (w, z) = (x[ix], y[iy]);
        x[ix] = w * h11 + z * h12;
        y[iy] = w * h21 + z * h22;
    }
}

/// The outputs of [`ref_rotmg`]: the updated `d1`, `d2`, `x1`, and `param` (only the entries
/// netlib writes for the flag are changed from the `param` passed in).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rotmg {
    /// Updated `d1`.
    pub d1: f64,
    /// Updated `d2`.
    pub d2: f64,
    /// Updated `x1`.
    pub x1: f64,
    /// `param`: flag, then h11, h21, h12, h22 where the flag says they are set.
    pub param: [f64; 5],
}

/// `srotmg`/`drotmg`, ported from netlib's `drotmg.f` (rescaling by `γ = 4096` included):
/// constructs `H` with `H·[√d1·x1; √d2·y1]`'s second component zero. `param` is the array's
/// contents before the call (netlib leaves the entries its flag does not use untouched).
pub fn ref_rotmg(d1: f64, d2: f64, x1: f64, y1: f64, param: [f64; 5]) -> Rotmg {
    const GAM: f64 = 4096.0;
    const GAMSQ: f64 = 16_777_216.0;
    const RGAMSQ: f64 = 5.960_464_5e-8;
    let (mut d1, mut d2, mut x1, mut param) = (d1, d2, x1, param);
    let (mut flag, mut h11, mut h12, mut h21, mut h22) = (0.0, 0.0, 0.0, 0.0, 0.0);
    let zap = |flag: &mut f64, h: [&mut f64; 4], d1: &mut f64, d2: &mut f64, x1: &mut f64| {
        *flag = -1.0;
        for v in h {
            *v = 0.0;
        }
        (*d1, *d2, *x1) = (0.0, 0.0, 0.0);
    };
    if d1 < 0.0 {
        zap(
            &mut flag,
            [&mut h11, &mut h12, &mut h21, &mut h22],
            &mut d1,
            &mut d2,
            &mut x1,
        );
    } else {
        let p2 = d2 * y1;
        if p2 == 0.0 {
            param[0] = -2.0;
            return Rotmg { d1, d2, x1, param };
        }
        let p1 = d1 * x1;
        let q2 = p2 * y1;
        let q1 = p1 * x1;
        if q1.abs() > q2.abs() {
            h21 = -y1 / x1;
            h12 = p2 / p1;
            let u = 1.0 - h12 * h21;
            if u > 0.0 {
                flag = 0.0;
                d1 /= u;
                d2 /= u;
                x1 *= u;
            } else {
                zap(
                    &mut flag,
                    [&mut h11, &mut h12, &mut h21, &mut h22],
                    &mut d1,
                    &mut d2,
                    &mut x1,
                );
            }
        } else if q2 < 0.0 {
            zap(
                &mut flag,
                [&mut h11, &mut h12, &mut h21, &mut h22],
                &mut d1,
                &mut d2,
                &mut x1,
            );
        } else {
            flag = 1.0;
            h11 = p1 / p2;
            h22 = x1 / y1;
            let u = 1.0 + h11 * h22;
            let temp = d2 / u;
            d2 = d1 / u;
            d1 = temp;
            x1 = y1 * u;
        }
        if d1 != 0.0 {
            while d1 <= RGAMSQ || d1 >= GAMSQ {
                if flag == 0.0 {
                    (h11, h22, flag) = (1.0, 1.0, -1.0);
                } else if flag == 1.0 {
                    (h21, h12, flag) = (-1.0, 1.0, -1.0);
                }
                if d1 <= RGAMSQ {
                    d1 *= GAM * GAM;
                    x1 /= GAM;
                    h11 /= GAM;
                    h12 /= GAM;
                } else {
                    d1 /= GAM * GAM;
                    x1 *= GAM;
                    h11 *= GAM;
                    h12 *= GAM;
                }
            }
        }
        if d2 != 0.0 {
            while d2.abs() <= RGAMSQ || d2.abs() >= GAMSQ {
                if flag == 0.0 {
                    (h11, h22, flag) = (1.0, 1.0, -1.0);
                } else if flag == 1.0 {
                    (h21, h12, flag) = (-1.0, 1.0, -1.0);
                }
                if d2.abs() <= RGAMSQ {
                    d2 *= GAM * GAM;
                    h21 /= GAM;
                    h22 /= GAM;
                } else {
                    d2 /= GAM * GAM;
                    h21 *= GAM;
                    h22 *= GAM;
                }
            }
        }
    }
    if flag < 0.0 {
        param[1..5].copy_from_slice(&[h11, h21, h12, h22]);
    } else if flag == 0.0 {
        (param[2], param[3]) = (h21, h12);
    } else {
        (param[1], param[4]) = (h11, h22);
    }
    param[0] = flag;
    Rotmg { d1, d2, x1, param }
}

/// `csscal`/`zdscal` (and `sscal`/`dscal`): `x_i ← (α·re x_i, α·im x_i)` — each part scaled
/// separately, as netlib does, so an infinite part never makes a NaN in the other. Like netlib,
/// does nothing when `n = 0`, `incx ≤ 0` or `α = 1`.
pub fn ref_scal_real(n: usize, alpha: f64, x: &mut [Z], incx: isize) {
    if n == 0 || incx <= 0 || alpha == 1.0 {
        return;
    }
    for i in 0..n {
        let k = vidx(i, n, incx);
        x[k] = Z::new(alpha * x[k].re, alpha * x[k].im);
    }
}

/// `sdsdot`/`dsdot`: `sb + Σ x_i·y_i` accumulated in double precision (exactly here, up to
/// f64 rounding); `n = 0` gives `sb`. Increments may be negative (walked from the end) or 0.
pub fn ref_sdsdot(n: usize, sb: f64, x: &[Z], incx: isize, y: &[Z], incy: isize) -> f64 {
    (0..n).fold(sb, |acc, i| {
        acc + x[vidx(i, n, incx)].re * y[vidx(i, n, incy)].re
    })
}
