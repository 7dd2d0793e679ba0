//! The constructions of Givens and modified Givens rotations (`rotg`, `rotmg`), computed in
//! `f64` as reference BLAS (LAPACK 3.10's algorithms) does, and the real-scalar helpers level 1
//! shares.

use crate::scalar::{Scalar, ScalarKind};

/// A real number of precision `R` from an `f64` (rounded for `f32`).
pub(super) fn real<R: Scalar>(v: f64) -> R {
    let r = match R::KIND {
        ScalarKind::F32 => bytemuck::try_cast(v as f32),
        _ => bytemuck::try_cast(v),
    };
    // Real types are f32 or f64, so the matching cast always succeeds.
    r.unwrap_or_else(|_| R::zero())
}

/// `r·v`, each part of `v` scaled separately (reference BLAS's real-times-complex).
pub(super) fn scale_re<T: Scalar>(r: T::Real, v: T) -> T {
    T::from_parts(r * v.re(), r * v.im())
}

/// A real scalar as `f64`.
pub(super) fn f(r: impl Into<f64>) -> f64 {
    r.into()
}

/// Reference BLAS's `?rotg` (LAPACK 3.10's algorithm) for real `a`, `b` in `f64`: `(r, c, s, z)`.
pub(super) fn rotg_real(a: f64, b: f64) -> (f64, f64, f64, f64) {
    let (anorm, bnorm) = (a.abs(), b.abs());
    if bnorm == 0.0 {
        return (a, 1.0, 0.0, 0.0);
    }
    if anorm == 0.0 {
        return (b, 0.0, 1.0, 1.0);
    }
    let (safmin, safmax) = (f64::MIN_POSITIVE, 1.0 / f64::MIN_POSITIVE);
    let scl = anorm.max(bnorm).clamp(safmin, safmax);
    let sigma = if anorm > bnorm {
        1f64.copysign(a)
    } else {
        1f64.copysign(b)
    };
    let r = sigma * (scl * ((a / scl).powi(2) + (b / scl).powi(2)).sqrt());
    let (c, s) = (a / r, b / r);
    let z = if anorm > bnorm {
        s
    } else if c != 0.0 {
        1.0 / c
    } else {
        1.0
    };
    (r, c, s, z)
}

/// Reference BLAS's `?rotg` for complex `f`, `g` (parts in `f64`): `(r, c, s)` with real `c`,
/// `c·f + s·g = r` and `−conj(s)·f + c·g = 0`; scaled by the largest part so it neither
/// overflows nor underflows.
pub(super) fn rotg_complex(f: (f64, f64), g: (f64, f64)) -> ((f64, f64), f64, (f64, f64)) {
    if g == (0.0, 0.0) {
        return (f, 1.0, (0.0, 0.0));
    }
    let gnorm = g.0.hypot(g.1);
    if f == (0.0, 0.0) {
        return ((gnorm, 0.0), 0.0, (g.0 / gnorm, -g.1 / gnorm));
    }
    let scale = f.0.abs().max(f.1.abs()).max(g.0.abs()).max(g.1.abs());
    let (fs, gs) = ((f.0 / scale, f.1 / scale), (g.0 / scale, g.1 / scale));
    let fa = fs.0.hypot(fs.1);
    if fa == 0.0 {
        // f is negligible next to g: the rotation of f = 0.
        return ((gnorm, 0.0), 0.0, (g.0 / gnorm, -g.1 / gnorm));
    }
    let h = fa.hypot(gs.0.hypot(gs.1));
    let c = fa / h;
    // r = f / c; s = conj(g)·f / (|f|·h) (scale-free).
    let r = (f.0 * (h / fa), f.1 * (h / fa));
    let u = (fs.0 / fa / h, fs.1 / fa / h);
    let s = (gs.0 * u.0 + gs.1 * u.1, gs.0 * u.1 - gs.1 * u.0);
    (r, c, s)
}

/// Reference BLAS's `drotmg` (rescaling by γ = 4096 included) in `f64`: the updated
/// `(d1, d2, x1)` and `param` (entries the flag does not use are 0).
pub(super) fn rotmg(d1: f64, d2: f64, x1: f64, y1: f64) -> (f64, f64, f64, [f64; 5]) {
    const GAM: f64 = 4096.0;
    const GAMSQ: f64 = 16_777_216.0;
    const RGAMSQ: f64 = 5.960_464_5e-8;
    let (mut d1, mut d2, mut x1) = (d1, d2, x1);
    let mut flag: f64;
    let (mut h11, mut h12, mut h21, mut h22) = (0.0, 0.0, 0.0, 0.0);
    let zap = (-1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    if d1 < 0.0 {
        (flag, h11, h12, h21, h22, d1, d2, x1) = zap;
    } else {
        let p2 = d2 * y1;
        if p2 == 0.0 {
            return (d1, d2, x1, [-2.0, 0.0, 0.0, 0.0, 0.0]);
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
                (flag, h11, h12, h21, h22, d1, d2, x1) = zap;
            }
        } else if q2 < 0.0 {
            (flag, h11, h12, h21, h22, d1, d2, x1) = zap;
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
        // Rescale d1 and d2 into [1/γ², γ²], folding the factors into H.
        let to_full =
            |flag: &mut f64, h11: &mut f64, h12: &mut f64, h21: &mut f64, h22: &mut f64| {
                if *flag == 0.0 {
                    (*h11, *h22, *flag) = (1.0, 1.0, -1.0);
                } else if *flag == 1.0 {
                    (*h21, *h12, *flag) = (-1.0, 1.0, -1.0);
                }
            };
        if d1 != 0.0 {
            while d1 <= RGAMSQ || d1 >= GAMSQ {
                to_full(&mut flag, &mut h11, &mut h12, &mut h21, &mut h22);
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
                to_full(&mut flag, &mut h11, &mut h12, &mut h21, &mut h22);
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
    let param = if flag < 0.0 {
        [flag, h11, h21, h12, h22]
    } else if flag == 0.0 {
        [flag, 0.0, h21, h12, 0.0]
    } else {
        [flag, h11, 0.0, 0.0, h22]
    };
    (d1, d2, x1, param)
}
