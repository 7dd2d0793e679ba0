//! Level 1 on the host over signed increments in reference BLAS's walk order ([`kernels`]:
//! element `i` of `n` at `i·inc` for `inc ≥ 0`, at `(n−1−i)·(−inc)` for `inc < 0`, from the
//! lowest address), vectorised and, for large `n`, parallel in fixed chunks, so a result never
//! depends on the thread count; a zero output increment gives netlib's sequential result.
//! `nrm2` ([`norm`]) trusts an unscaled sum of squares only where it cannot be wrong, else runs
//! Blue's scaled algorithm, as reference BLAS 3.10's; `iamax`/`iamin` are in [`extreme`]. The
//! rotation constructions ([`rotations`]) are computed in `f64`.

mod extreme;
mod kernels;
mod norm;
mod rotations;

use extreme::Extreme;

use rotations::{f, real, rotg_complex, rotg_real, rotmg, scale_re};

use super::{elem, Host};
use crate::backend::{DevPtr, Level1};
use crate::error::{Error, Result};
use crate::scalar::{Scalar, ScalarKind};

impl<T: Scalar> Level1<T> for Host {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { kernels::axpy(n, alpha, x, incx, y, incy) };
        Ok(())
    }

    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: isize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            kernels::map::<T>(
                n,
                x,
                incx,
                #[inline(always)]
                move |v| alpha * v,
            )
        };
        Ok(())
    }

    unsafe fn scal_real(&self, n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            kernels::map::<T>(
                n,
                x,
                incx,
                #[inline(always)]
                move |v| scale_re(alpha, v),
            )
        };
        Ok(())
    }

    unsafe fn copy(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { kernels::copy::<T>(n, x, incx, y, incy) };
        Ok(())
    }

    unsafe fn swap(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            kernels::map2::<T>(
                n,
                (x, incx),
                (y, incy),
                #[inline(always)]
                |u, v| (v, u),
            )
        };
        Ok(())
    }

    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        Ok(unsafe { kernels::dot(false, n, x, incx, y, incy) })
    }

    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        Ok(unsafe { kernels::dot(true, n, x, incx, y, incy) })
    }

    unsafe fn dsdot(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<f64> {
        if T::KIND != ScalarKind::F32 {
            return Err(Error::Unsupported {
                routine: "dsdot",
                what: "an extended-precision dot of other than f32 vectors".into(),
            });
        }
        let mut acc = 0.0f64;
        for i in 0..n {
            // SAFETY: the caller guarantees both spans.
            let (u, v) = unsafe { (*elem::<T>(x, n, incx, i), *elem::<T>(y, n, incy, i)) };
            acc += f(u.re()) * f(v.re());
        }
        Ok(acc)
    }

    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        // SAFETY: forwarded to the caller.
        Ok(unsafe { norm::nrm2::<T>(n, x, incx) })
    }

    unsafe fn asum(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        // SAFETY: forwarded to the caller.
        Ok(unsafe { kernels::asum::<T>(n, x, incx) })
    }

    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        // SAFETY: forwarded to the caller (`n > 0`).
        Ok(unsafe { extreme::extreme::<T>(n, x, incx, Extreme::Max) })
    }

    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        // SAFETY: forwarded to the caller (`n > 0`).
        Ok(unsafe { extreme::extreme::<T>(n, x, incx, Extreme::Min) })
    }

    unsafe fn rotg(&self, a: T, b: T) -> Result<(T, T::Real, T, T)> {
        if T::IS_COMPLEX {
            let ((rr, ri), c, (sr, si)) =
                rotg_complex((f(a.re()), f(a.im())), (f(b.re()), f(b.im())));
            let r = T::from_parts(real(rr), real(ri));
            Ok((r, real(c), T::from_parts(real(sr), real(si)), b))
        } else {
            let (r, c, s, z) = rotg_real(f(a.re()), f(b.re()));
            let t = |v: f64| T::from_real(real(v));
            Ok((t(r), real(c), t(s), t(z)))
        }
    }

    unsafe fn rotmg(&self, d1: T, d2: T, x1: T, y1: T) -> Result<(T, T, T, [T; 5])> {
        let (d1, d2, x1, p) = rotmg(f(d1.re()), f(d2.re()), f(x1.re()), f(y1.re()));
        let t = |v: f64| T::from_real(real(v));
        Ok((t(d1), t(d2), t(x1), p.map(t)))
    }

    unsafe fn rot(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T::Real,
    ) -> Result<()> {
        let rot = move |u, v| {
            (
                scale_re(c, u) + scale_re(s, v),
                scale_re(c, v) - scale_re(s, u),
            )
        };
        // SAFETY: forwarded to the caller (the two vectors do not overlap).
        unsafe { kernels::map2::<T>(n, (x, incx), (y, incy), rot) };
        Ok(())
    }

    unsafe fn rot_complex(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        c: T::Real,
        s: T,
    ) -> Result<()> {
        let rot = move |u, v| (scale_re(c, u) + s * v, scale_re(c, v) - s.conj() * u);
        // SAFETY: as for `rot`.
        unsafe { kernels::map2::<T>(n, (x, incx), (y, incy), rot) };
        Ok(())
    }

    unsafe fn rotm(
        &self,
        n: usize,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        param: [T; 5],
    ) -> Result<()> {
        let flag = f(param[0].re());
        let (h11, h21, h12, h22) = if flag < 0.0 {
            (param[1], param[2], param[3], param[4])
        } else if flag == 0.0 {
            (T::one(), param[2], param[3], T::one())
        } else {
            (param[1], -T::one(), T::one(), param[4])
        };
        let rotm = move |w, z| (w * h11 + z * h12, w * h21 + z * h22);
        // SAFETY: as for `rot`.
        unsafe { kernels::map2::<T>(n, (x, incx), (y, incy), rotm) };
        Ok(())
    }
}
