//! Level 1 rotations: Givens rotations (`rotg`, `rot`, `rot_complex`) and modified Givens
//! rotations (`rotmg`, `rotm`), with reference BLAS's increment rules (the table is on
//! [`Vector`](crate::Vector)).
//!
//! `rot`, `rot_complex` and `rotm` write both vectors; reference BLAS lets either have
//! increment 0 (the same element, rotated `n` times in order). GPU libraries would update that
//! element from many threads at once, so those calls are made element by element here, in
//! netlib's order (`n` backend calls; nothing else ever reaches a backend with a zero output
//! increment).

use super::{incs, offset, same_len};
use crate::args::VecOut;

use crate::backend::{Backend, BlasAll, DevPtr, Level1};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::{Scalar, ScalarKind};

/// A real scalar as `f64` (NaN for a complex one, which no caller passes).
fn real_f64<R: Scalar>(r: R) -> f64 {
    match R::KIND {
        ScalarKind::F32 => f64::from(bytemuck::cast::<R, f32>(r)),
        ScalarKind::F64 => bytemuck::cast::<R, f64>(r),
        _ => f64::NAN,
    }
}

/// A Givens rotation, as [`Device::rotg`] constructs it: `[c s; −conj(s) c]·[a; b] = [r; 0]`
/// with a real `c` and `c² + |s|² = 1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rotg<T: Scalar> {
    /// `r = c·a + s·b` (reference BLAS returns it in `a`).
    pub r: T,
    /// The cosine (real).
    pub c: T::Real,
    /// The sine.
    pub s: T,
    /// For real types, the value reference BLAS's `srotg`/`drotg` return in `b`, from which `c`
    /// and `s` can be recovered (`s` if `|a| > |b|`, else `1/c` if `c ≠ 0`, else 1); `None` for
    /// complex types (`crotg`/`zrotg` leave `b` alone).
    pub z: Option<T>,
}

/// A modified Givens rotation, as [`Device::rotmg`] constructs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rotmg<T: Scalar> {
    /// The updated `d1`.
    pub d1: T,
    /// The updated `d2`.
    pub d2: T,
    /// The updated `x1`.
    pub x1: T,
    /// `[flag, h11, h21, h12, h22]` for [`Device::rotm`]: flag −1 uses all four; 0 means
    /// `h11 = h22 = 1` and uses `h21`, `h12`; 1 means `h21 = −1`, `h12 = 1` and uses `h11`, `h22`;
    /// −2 is the identity. Entries the flag does not use are unspecified (0 on the host).
    pub param: [T; 5],
}

impl<B: Backend> Device<B> {
    /// Constructs the Givens rotation that zeroes `b` (BLAS `rotg`): `r`, a real `c` and `s` with
    /// `[c s; −conj(s) c]·[a; b] = [r; 0]`.
    ///
    /// The host computes LAPACK 3.10's algorithm in `f64` (rounded for single precision); GPU
    /// backends call the vendor's `?rotg` with host scalars. They may differ in the last bits,
    /// and for complex `a = 0` in the choice of rotation (older references return `r = b`,
    /// `s = 1`; LAPACK 3.10 returns `r = |b|`, `s = conj(b)/|b|`): each is a valid rotation.
    ///
    /// # Errors
    /// A backend failure (see [`Error`](crate::Error)). Nothing is written: the rotation is
    /// returned.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let g = dev.rotg(3.0f64, 4.0)?; // r = √(3² + 4²) = 5, c = 3/5, s = 4/5
    /// let close = |got: f64, want: f64| (got - want).abs() < 1e-12;
    /// assert!(close(g.r, 5.0) && close(g.c, 0.6) && close(g.s, 0.8));
    /// // The rotation zeroes b: [c s; −s c]·[3; 4] = [5; 0].
    /// assert!(close(g.c * 3.0 + g.s * 4.0, g.r) && close(-g.s * 3.0 + g.c * 4.0, 0.0));
    /// assert!(close(g.z.unwrap_or_default(), 1.0 / 0.6)); // |a| ≤ |b|: z = 1/c
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn rotg<T: Scalar>(&self, a: T, b: T) -> Result<Rotg<T>>
    where
        B: BlasAll,
    {
        self.check()?;
        // SAFETY: host scalars only.
        let (r, c, s, z) = unsafe { Level1::<T>::rotg(self.blas::<T>(), a, b)? };
        Ok(Rotg {
            r,
            c,
            s,
            z: (!T::IS_COMPLEX).then_some(z),
        })
    }

    /// Constructs the modified Givens rotation that zeroes the second component of
    /// `(√d1·x1, √d2·y1)` (BLAS `srotmg`/`drotmg`; real types).
    ///
    /// # Errors
    /// A backend failure (see [`Error`](crate::Error)). Nothing is written: the rotation is
    /// returned.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // (√d1·x1, √d2·y1) = (3, 4): |x1| < |y1|, so flag 1 with h11 = x1/y1 = 3/4 = h22.
    /// let g = dev.rotmg(1.0f64, 1.0, 3.0, 4.0)?;
    /// assert_eq!(g.param[0], 1.0);
    /// assert_eq!((g.param[1], g.param[4]), (0.75, 0.75));
    /// assert_eq!(g.x1, 6.25); // y1·(1 + h11·h22)
    /// assert!((g.d1 - 0.64).abs() < 1e-12 && (g.d2 - 0.64).abs() < 1e-12); // d/(1 + h11·h22)
    /// assert!((g.d1.sqrt() * g.x1 - 5.0).abs() < 1e-12); // √d1·x1 = ‖(3, 4)‖
    /// // Applied to the pair itself, it zeroes y.
    /// let (mut x, mut y) = (vec![3.0], vec![4.0]);
    /// dev.rotm(&mut x, &mut y, g.param)?;
    /// assert_eq!((x[0], y[0]), (6.25, 0.0));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn rotmg<T: Scalar<Real = T>>(&self, d1: T, d2: T, x1: T, y1: T) -> Result<Rotmg<T>>
    where
        B: BlasAll,
    {
        self.check()?;
        // SAFETY: host scalars only.
        let (d1, d2, x1, param) = unsafe { Level1::<T>::rotmg(self.blas::<T>(), d1, d2, x1, y1)? };
        Ok(Rotmg { d1, d2, x1, param })
    }

    /// Applies a plane rotation with real `c` and `s`: `xᵢ ← c·xᵢ + s·yᵢ`, `yᵢ ← c·yᵢ − s·xᵢ`
    /// (BLAS `srot`, `drot`, and `csrot`/`zdrot` on complex vectors).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)). Outputs are untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach them), which names the outputs that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let (mut x, mut y) = (vec![1.0, 0.0, 2.0], vec![0.0, 1.0, 2.0]);
    /// // c = 0, s = 1: x ← y, y ← −x.
    /// dev.rot(&mut x, &mut y, 0.0, 1.0)?;
    /// assert_eq!((x, y), (vec![0.0, 1.0, 2.0], vec![-1.0, 0.0, -2.0]));
    /// // Real c and s on complex vectors (csrot/zdrot): each element rotated as a whole.
    /// let i = Complex32::new(0.0, 1.0);
    /// let (mut u, mut v) = (vec![i], vec![Complex32::new(1.0, 0.0)]);
    /// dev.rot(&mut u, &mut v, 0.0, 1.0)?;
    /// assert_eq!((u[0], v[0]), (Complex32::new(1.0, 0.0), -i));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn rot<'a, T: Scalar>(
        &'a self,
        x: impl VecOut<'a, T, B>,
        y: impl VecOut<'a, T, B>,
        c: T::Real,
        s: T::Real,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.rotate_pairs("rot", x, y, |b, n, x, incx, y, incy| {
            // SAFETY: `rotate_pairs` checked both vectors for `n` elements at these increments.
            unsafe { Level1::<T>::rot(b, n, x, incx, y, incy, c, s) }
        })
    }

    /// Applies a plane rotation with a real `c` and a complex `s`: `xᵢ ← c·xᵢ + s·yᵢ`,
    /// `yᵢ ← c·yᵢ − conj(s)·xᵢ` (`crot`/`zrot` of cuBLAS, rocBLAS and LAPACK; [`Device::rot`] for
    /// real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)). Outputs are untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach them), which names the outputs that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let i = Complex64::new(0.0, 1.0);
    /// let (mut x, mut y) = (vec![Complex64::new(1.0, 0.0)], vec![Complex64::new(2.0, 0.0)]);
    /// // c = 0, s = i: x ← i·y = 2i, y ← −conj(i)·x = i·1 = i.
    /// dev.rot_complex(&mut x, &mut y, 0.0, i)?;
    /// assert_eq!((x[0], y[0]), (Complex64::new(0.0, 2.0), i));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn rot_complex<'a, T: Scalar>(
        &'a self,
        x: impl VecOut<'a, T, B>,
        y: impl VecOut<'a, T, B>,
        c: T::Real,
        s: T,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.rotate_pairs("rot_complex", x, y, |b, n, x, incx, y, incy| {
            // SAFETY: as for `rot`.
            unsafe { Level1::<T>::rot_complex(b, n, x, incx, y, incy, c, s) }
        })
    }

    /// Applies the modified Givens rotation `param` (from [`Device::rotmg`]) to the pairs
    /// `(xᵢ, yᵢ)` (BLAS `srotm`/`drotm`; real types). Flag −2 (the identity) touches nothing; a
    /// flag other than −2, −1, 0 or 1 is an error naming `param`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming `param` if its flag is not
    /// −2, −1, 0 or 1, or if a vector does not fit its storage or `x` and `y` differ in length; a
    /// transfer or backend failure (see [`Error`](crate::Error)). Outputs are untouched on every
    /// error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// results began to reach them), which names the outputs that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let (mut x, mut y) = (vec![1.0f32, 2.0], vec![10.0f32, 20.0]);
    /// // Flag −1: the whole H = [h11 h12; h21 h22] = [0 1; 1 0], which swaps the pairs.
    /// dev.rotm(&mut x, &mut y, [-1.0, 0.0, 1.0, 1.0, 0.0])?;
    /// assert_eq!((x, y), (vec![10.0, 20.0], vec![1.0, 2.0]));
    /// // Flag 0: h11 = h22 = 1, and h21 = −1, h12 = 2 given: x ← x + 2y, y ← −x + y.
    /// let (mut x, mut y) = (vec![1.0f32], vec![1.0f32]);
    /// dev.rotm(&mut x, &mut y, [0.0, 0.0, -1.0, 2.0, 0.0])?;
    /// assert_eq!((x[0], y[0]), (3.0, 0.0));
    /// assert!(dev.rotm(&mut x, &mut y, [5.0, 0.0, 0.0, 0.0, 0.0]).is_err()); // no flag 5
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn rotm<'a, T: Scalar<Real = T>>(
        &'a self,
        x: impl VecOut<'a, T, B>,
        y: impl VecOut<'a, T, B>,
        param: [T; 5],
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "rotm";
        let flag = real_f64(param[0]);
        if ![-2.0, -1.0, 0.0, 1.0].contains(&flag) {
            return Err(Error::arg(
                R,
                "param",
                format!("has flag param[0] = {flag}; it must be -2, -1, 0 or 1"),
            ));
        }
        if flag == -2.0 {
            // Validate the vectors all the same, then touch nothing (`?rotm.f`'s quick return).
            self.check()?;
            let (x, y) = (x.vec_out(R, "x")?, y.vec_out(R, "y")?);
            return same_len(R, "y", x.n, y.n);
        }
        self.rotate_pairs(R, x, y, |b, n, x, incx, y, incy| {
            // SAFETY: as for `rot`.
            unsafe { Level1::<T>::rotm(b, n, x, incx, y, incy, param) }
        })
    }

    /// Validates the two vectors a rotation writes and applies `call` to them: once, or, when
    /// an increment is 0, once per element pair in reference BLAS's order.
    fn rotate_pairs<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        x: impl VecOut<'a, T, B>,
        y: impl VecOut<'a, T, B>,
        call: impl Fn(&T::On<B>, usize, DevPtr, isize, DevPtr, isize) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (x, y) = (x.vec_out(r, "x")?, y.vec_out(r, "y")?);
        same_len(r, "y", x.n, y.n)?;
        if x.n == 0 {
            return Ok(());
        }
        let (n, (incx, incy)) = (x.n, incs(x.n, x.inc, y.inc));
        let xs = x.store(self, true, r, "x")?;
        let ys = y.store(self, true, r, "y")?;
        if incx != 0 && incy != 0 {
            call(self.blas::<T>(), n, xs.ptr, incx, ys.ptr, incy)?;
        } else {
            for i in 0..n {
                let xi = xs.ptr.offset::<T>(offset(n, incx, i));
                let yi = ys.ptr.offset::<T>(offset(n, incy, i));
                call(self.blas::<T>(), 1, xi, 1, yi, 1)?;
            }
        }
        crate::args::finish_outputs(self, r, [("x", xs), ("y", ys)])
    }
}
