//! Level 1: vector operations, with reference BLAS's increment rules (the table is on
//! [`Vector`](crate::Vector)).
//!
//! Backends never see a zero *output* increment (GPU libraries would update that one element
//! from many threads at once) nor a non-positive increment in a one-vector routine: the cases
//! reference BLAS defines for them are reduced here to calls with positive increments.

mod dsdot;
mod rotations;

pub use rotations::{Rotg, Rotmg};

use super::mismatch;
use crate::args::{Call, VecDescMut, VecIn, VecOut};
use crate::backend::{Backend, BlasAll, DevPtr, Level1};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::{Scalar, ScalarKind};
use num_traits::One;

pub(super) fn same_len(routine: &'static str, arg: &'static str, n: usize, m: usize) -> Result<()> {
    if n == m {
        Ok(())
    } else {
        Err(mismatch(
            routine,
            arg,
            format!("has {m} elements but `x` has {n}"),
        ))
    }
}

impl<T: Scalar, B: Backend> VecDescMut<'_, T, B> {
    /// Whether the vector covers its whole storage, so a call that overwrites it needs no copy-in.
    pub(super) fn dense(&self) -> bool {
        self.n == self.src.len() && (self.n == 1 || self.inc.unsigned_abs() == 1)
    }
}

/// The increments to pass for two vectors of `n` elements: as given, except that one element is
/// at the lowest address whatever its increment, so `n = 1` passes 1 (never a zero output
/// increment).
pub(super) fn incs(n: usize, incx: isize, incy: isize) -> (isize, isize) {
    if n == 1 {
        (1, 1)
    } else {
        (incx, incy)
    }
}

/// Offset from the lowest address of the `n`-element vector with increment `inc` to its
/// element `i` (reference BLAS: a negative increment walks from the end).
pub(super) fn offset(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc.unsigned_abs()
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// Offset from the lowest address of that vector to the lowest address of its elements
/// `start .. start + count` (`count > 0`, `start + count ≤ n`), which form a vector with the same
/// increment.
fn sub_offset(n: usize, inc: isize, start: usize, count: usize) -> usize {
    if inc >= 0 {
        start * inc.unsigned_abs()
    } else {
        (n - start - count) * inc.unsigned_abs()
    }
}

/// A real number of precision `R` from an `f64` (rounded for `f32`).
fn real_from_f64<R: Scalar>(v: f64) -> R {
    let r = match R::KIND {
        ScalarKind::F32 => bytemuck::try_cast(v as f32),
        _ => bytemuck::try_cast(v),
    };
    // Real types are f32 or f64, so the matching cast always succeeds.
    r.unwrap_or_else(|_| R::zero())
}

impl<B: Backend> Device<B> {
    /// `y ← αx + y`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = [1.0, 2.0, 3.0];
    /// let mut y = vec![10.0, 20.0, 30.0];
    /// dev.axpy(2.0, &x, &mut y)?;
    /// assert_eq!(y, [12.0, 24.0, 36.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn axpy<'a, T: Scalar>(
        &'a self,
        alpha: T,
        x: impl VecIn<'a, T, B>,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "axpy";
        self.check()?;
        let (x, y) = (x.vec_in(R, "x")?, y.vec_out(R, "y")?);
        same_len(R, "y", x.n, y.n)?;
        if x.n == 0 || alpha.is_zero() {
            return Ok(());
        }
        let (n, (incx, incy)) = (x.n, incs(x.n, x.inc, y.inc));
        let mut call = self.call(R);
        let xp = call.vec_in(x, "x")?;
        let yp = call.vec_out(y, true, "y")?;
        call.launch()?;
        if incy == 0 {
            // `?axpy.f` adds α·xᵢ to the one element y₀ in walk order: y₀ + α·Σxᵢ.
            // SAFETY: `x` was checked to hold `n` elements at `incx`, stored on this device.
            let sum = self.upload(&[unsafe { self.sum::<T>(n, xp, incx)? }])?;
            // SAFETY: `sum` holds one element; `y` was checked to hold at least one.
            unsafe {
                self.blas::<T>()
                    .axpy(1, alpha, sum.as_device_ptr(), 1, yp, 1)?
            };
        } else {
            // SAFETY: both vectors were checked to hold `n` elements at their increments, `y`
            // (a mutable borrow) cannot overlap `x`, and `incy ≠ 0`.
            unsafe { self.blas::<T>().axpy(n, alpha, xp, incx, yp, incy)? };
        }
        call.finish()
    }

    /// `x ← αx`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)). The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut x = vec![Complex64::new(1.0, 2.0), Complex64::new(3.0, 0.0)];
    /// // Every other element: a strided vector of length 1.
    /// dev.scal(Complex64::new(0.0, 1.0), VectorMut::strided(&mut x, 1, 2))?;
    /// assert_eq!(x, [Complex64::new(-2.0, 1.0), Complex64::new(3.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn scal<'a, T: Scalar>(&'a self, alpha: T, x: impl VecOut<'a, T, B>) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "scal";
        self.check()?;
        let x = x.vec_out(R, "x")?;
        // `?scal.f` (3.12): nothing to do for N ≤ 0, INCX ≤ 0 or α = 1.
        if x.n == 0 || x.inc <= 0 || alpha.is_one() {
            return Ok(());
        }
        let (n, inc) = (x.n, x.inc);
        let mut call = self.call(R);
        let xp = call.vec_out(x, true, "x")?;
        call.launch()?;
        // SAFETY: `x` was checked to hold `n` elements at increment `inc ≥ 1`.
        unsafe { self.blas::<T>().scal(n, alpha, xp, inc)? };
        call.finish()
    }

    /// `xᵢ ← α·xᵢ` with a real `α`, each part of a complex `xᵢ` scaled separately (BLAS
    /// `csscal`/`zdscal`; `scal` for real types). Like `scal`: nothing happens for an increment
    /// ≤ 0 or `α = 1`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if the vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)). The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut x = vec![Complex64::new(1.0, -2.0), Complex64::new(f64::INFINITY, 1.0)];
    /// dev.scal_real(0.5, &mut x)?;
    /// assert_eq!(x[0], Complex64::new(0.5, -1.0));
    /// // Each part scaled on its own: no inf·0 = NaN in the imaginary part.
    /// assert_eq!((x[1].re, x[1].im), (f64::INFINITY, 0.5));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn scal_real<'a, T: Scalar>(
        &'a self,
        alpha: T::Real,
        x: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "scal_real";
        self.check()?;
        let x = x.vec_out(R, "x")?;
        if x.n == 0 || x.inc <= 0 || alpha.is_one() {
            return Ok(());
        }
        let (n, inc) = (x.n, x.inc);
        let mut call = self.call(R);
        let xp = call.vec_out(x, true, "x")?;
        call.launch()?;
        if T::IS_COMPLEX {
            // `csscal.f` scales the real and the imaginary part separately, so an infinite part
            // stays infinite beside a finite one; a complex multiplication by (α, 0) — what
            // cuBLAS does — would give inf·0 = NaN. Two real `scal`s over the parts, seen as
            // reals at twice the increment, are exactly the reference.
            let real = self.blas::<T::Real>();
            for part in 0..2 {
                // SAFETY: `x` holds `n` complex elements at `inc ≥ 1`: as reals, element k's
                // part is at 2·k·inc + part, inside the same storage.
                unsafe {
                    Level1::<T::Real>::scal(real, n, alpha, xp.offset::<T::Real>(part), 2 * inc)?
                };
            }
        } else {
            // SAFETY: `x` was checked to hold `n` elements at increment `inc ≥ 1`.
            unsafe { Level1::<T>::scal_real(self.blas::<T>(), n, alpha, xp, inc)? };
        }
        call.finish()
    }

    /// `y ← x`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = dev.upload(&[1.0f32, 2.0, 3.0])?;
    /// let mut y = vec![0.0f32; 3];
    /// dev.copy(&x, &mut y)?;
    /// assert_eq!(y, [1.0, 2.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn copy<'a, T: Scalar>(
        &'a self,
        x: impl VecIn<'a, T, B>,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "copy";
        self.check()?;
        let (x, y) = (x.vec_in(R, "x")?, y.vec_out(R, "y")?);
        same_len(R, "y", x.n, y.n)?;
        if x.n == 0 {
            return Ok(());
        }
        let (n, (incx, incy), dense) = (x.n, incs(x.n, x.inc, y.inc), y.dense());
        let mut call = self.call(R);
        let xp = call.vec_in(x, "x")?;
        let yp = call.vec_out(y, !dense, "y")?;
        call.launch()?;
        if incy == 0 {
            // `?copy.f` writes every xᵢ into y₀ in walk order: the last one stays.
            let last = xp.offset::<T>(offset(n, incx, n - 1));
            // SAFETY: `last` is an element of `x`; `y` holds at least one element.
            unsafe { Level1::<T>::copy(self.blas::<T>(), 1, last, 1, yp, 1)? };
        } else {
            // SAFETY: as for `axpy`.
            unsafe { Level1::<T>::copy(self.blas::<T>(), n, xp, incx, yp, incy)? };
        }
        call.finish()
    }

    /// `x ↔ y`.
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
    /// let (mut x, mut y) = (vec![1.0, 2.0], vec![3.0, 4.0]);
    /// dev.swap(&mut x, &mut y)?;
    /// assert_eq!((x, y), (vec![3.0, 4.0], vec![1.0, 2.0]));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn swap<'a, T: Scalar>(
        &'a self,
        x: impl VecOut<'a, T, B>,
        y: impl VecOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "swap";
        self.check()?;
        let (x, y) = (x.vec_out(R, "x")?, y.vec_out(R, "y")?);
        same_len(R, "y", x.n, y.n)?;
        if x.n == 0 {
            return Ok(());
        }
        let (n, (incx, incy)) = (x.n, incs(x.n, x.inc, y.inc));
        let mut call = self.call(R);
        let xp = call.vec_out(x, true, "x")?;
        let yp = call.vec_out(y, true, "y")?;
        call.launch()?;
        match (incx == 0, incy == 0) {
            // `?swap.f` exchanges xᵢ and yᵢ in walk order. Two mutable borrows cannot overlap.
            (false, false) => {
                // SAFETY: both vectors were checked to hold `n` elements at their increments.
                unsafe { self.blas::<T>().swap(n, xp, incx, yp, incy)? }
            }
            // Only x₀ and y₀, n times: exchanged iff n is odd.
            (true, true) => {
                if n % 2 == 1 {
                    // SAFETY: both hold at least one element.
                    unsafe { self.blas::<T>().swap(1, xp, 1, yp, 1)? }
                }
            }
            // One element against a whole vector: a rotation by one (see `rotate`).
            // SAFETY: both were checked against their storage (`n ≥ 2` here, as `incs` makes
            // one-element increments 1), are on this device, and cannot overlap.
            (false, true) => unsafe { self.rotate::<T>(n, xp, incx, yp)? },
            // SAFETY: as above.
            (true, false) => unsafe { self.rotate::<T>(n, yp, incy, xp)? },
        }
        call.finish()
    }

    /// `Σ xᵢ yᵢ` (no conjugation; BLAS `dot`, or `dotu` for complex).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// assert_eq!(dev.dot(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0])?, 32.0);
    /// let i = Complex32::new(0.0, 1.0);
    /// assert_eq!(dev.dot(&[i], &[i])?, Complex32::new(-1.0, 0.0)); // i·i, no conjugate
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn dot<'a, T: Scalar>(
        &'a self,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
    ) -> Result<T>
    where
        B: BlasAll,
    {
        self.dot_impl("dot", false, x, y)
    }

    /// `Σ xᵢ yᵢ` (BLAS `dotu`; the same as [`Device::dot`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let (a, b) = (Complex64::new(1.0, 1.0), Complex64::new(2.0, -1.0));
    /// assert_eq!(dev.dotu(&[a, b], &[b, a])?, a * b + b * a);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn dotu<'a, T: Scalar>(
        &'a self,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
    ) -> Result<T>
    where
        B: BlasAll,
    {
        self.dot_impl("dotu", false, x, y)
    }

    /// `Σ conj(xᵢ) yᵢ` (BLAS `dotc`; the same as `dot` for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage or `x` and `y` differ in length; a transfer or backend failure (see
    /// [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = [Complex64::new(3.0, 4.0)];
    /// assert_eq!(dev.dotc(&x, &x)?, Complex64::new(25.0, 0.0)); // |x|²
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn dotc<'a, T: Scalar>(
        &'a self,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
    ) -> Result<T>
    where
        B: BlasAll,
    {
        self.dot_impl("dotc", true, x, y)
    }

    fn dot_impl<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        conj: bool,
        x: impl VecIn<'a, T, B>,
        y: impl VecIn<'a, T, B>,
    ) -> Result<T>
    where
        B: BlasAll,
    {
        self.check()?;
        let (x, y) = (x.vec_in(r, "x")?, y.vec_in(r, "y")?);
        same_len(r, "y", x.n, y.n)?;
        if x.n == 0 {
            return Ok(T::zero());
        }
        let (n, incx, incy) = (x.n, x.inc, y.inc);
        let mut call = self.call(r);
        let (xp, yp) = (call.vec_in(x, "x")?, call.vec_in(y, "y")?);
        call.launch()?;
        // SAFETY: both vectors were checked to hold `n` elements at their increments.
        unsafe {
            if conj {
                self.blas::<T>().dotc(n, xp, incx, yp, incy)
            } else {
                self.blas::<T>().dotu(n, xp, incx, yp, incy)
            }
        }
    }

    /// `‖x‖₂`, computed without undue overflow or underflow.
    ///
    /// As `?nrm2.f90` (LAPACK 3.10 and later): a negative increment gives the norm of the same
    /// elements, increment 0 that of `n` copies of `x₀` (`√n·|x₀|`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let n = dev.nrm2(&[3.0f64, 4.0])?;
    /// assert!((n - 5.0).abs() < 1e-12);
    /// // No overflow where squaring would: ‖[3e200, 4e200]‖ = 5e200.
    /// let big = dev.nrm2(&[3e200f64, 4e200])?;
    /// assert!((big / 5e200 - 1.0).abs() < 1e-12);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn nrm2<'a, T: Scalar>(&'a self, x: impl VecIn<'a, T, B>) -> Result<T::Real>
    where
        B: BlasAll,
    {
        let (n, inc, _call, xp) = match self.reduce_arg("nrm2", false, x)? {
            Some(v) => v,
            None => return Ok(num_traits::zero()),
        };
        if inc == 0 {
            // SAFETY: `x` holds at least one element.
            let x0: f64 = unsafe { self.blas::<T>().nrm2(1, xp, 1)? }.into();
            return Ok(real_from_f64(x0 * (n as f64).sqrt()));
        }
        // The pointer is the lowest address of the span, so |inc| visits the same elements.
        // SAFETY: `x` was checked to hold `n` elements at increment `inc`.
        unsafe { self.blas::<T>().nrm2(n, xp, inc.abs()) }
    }

    /// `Σ |re xᵢ| + |im xᵢ|`; 0 for an increment ≤ 0 (`?asum.f`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// assert_eq!(dev.asum(&[Complex32::new(1.0, -2.0), Complex32::new(-3.0, 0.5)])?, 6.5);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn asum<'a, T: Scalar>(&'a self, x: impl VecIn<'a, T, B>) -> Result<T::Real>
    where
        B: BlasAll,
    {
        let (n, inc, _call, xp) = match self.reduce_arg("asum", true, x)? {
            Some(v) => v,
            None => return Ok(num_traits::zero()),
        };
        // SAFETY: `x` was checked to hold `n` elements at increment `inc ≥ 1`.
        unsafe { self.blas::<T>().asum(n, xp, inc) }
    }

    /// 0-based index of the first element of largest `|re| + |im|`; `None` for an empty vector
    /// or an increment ≤ 0 (`i?amax.f`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// assert_eq!(dev.iamax(&[1.0, -7.0, 7.0, 2.0])?, Some(1)); // the first of the ties
    /// assert_eq!(dev.iamax(&Vec::<f64>::new())?, None);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn iamax<'a, T: Scalar>(&'a self, x: impl VecIn<'a, T, B>) -> Result<Option<usize>>
    where
        B: BlasAll,
    {
        let Some((n, inc, _call, xp)) = self.reduce_arg("iamax", true, x)? else {
            return Ok(None);
        };
        // SAFETY: as for `asum`; `n > 0`.
        unsafe { self.blas::<T>().iamax(n, xp, inc).map(Some) }
    }

    /// 0-based index of the first element of smallest `|re| + |im|`; `None` for an empty vector
    /// or an increment ≤ 0 (as `iamax`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if a vector does not fit its
    /// storage; a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// assert_eq!(dev.iamin(&[4.0f32, -1.0, 3.0, 1.0])?, Some(1));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn iamin<'a, T: Scalar>(&'a self, x: impl VecIn<'a, T, B>) -> Result<Option<usize>>
    where
        B: BlasAll,
    {
        let Some((n, inc, _call, xp)) = self.reduce_arg("iamin", true, x)? else {
            return Ok(None);
        };
        // SAFETY: as for `asum`; `n > 0`.
        unsafe { self.blas::<T>().iamin(n, xp, inc).map(Some) }
    }

    /// Validates and stores the one vector of a reduction; `None` (nothing transferred) if it
    /// is empty or, when `positive` (reference BLAS's `INCX.LE.0` quick return), its increment
    /// is not positive.
    #[allow(clippy::type_complexity)]
    fn reduce_arg<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        positive: bool,
        x: impl VecIn<'a, T, B>,
    ) -> Result<Option<(usize, isize, Call<'a, T, B>, DevPtr)>> {
        self.check()?;
        let x = x.vec_in(r, "x")?;
        if x.n == 0 || (positive && x.inc <= 0) {
            return Ok(None);
        }
        let (n, inc) = (x.n, x.inc);
        let mut call = self.call(r);
        let xp = call.vec_in(x, "x")?;
        call.launch()?;
        Ok(Some((n, inc, call, xp)))
    }

    /// `Σ xᵢ` in walk order, as a dot product with one element 1 at increment 0.
    ///
    /// # Safety
    /// `x` is valid for reading `n` elements at `incx` on this device.
    unsafe fn sum<T: Scalar>(&self, n: usize, x: DevPtr, incx: isize) -> Result<T>
    where
        B: BlasAll,
    {
        let one = self.upload(&[T::one()])?;
        // SAFETY: the caller guarantees `x`; `one` holds the one element increment 0 reads.
        unsafe { self.blas::<T>().dotu(n, x, incx, one.as_device_ptr(), 0) }
    }

    /// `?swap.f` of a whole vector `v` (`n ≥ 2` elements, increment `inc ≠ 0`) against one
    /// element `s` (increment 0): in walk order each vᵢ is exchanged with `s`, so `v` moves one
    /// place along its walk, `v₀` takes the old `s` and `s` the old last element. Done with four
    /// copies through a temporary, none with a zero output increment.
    ///
    /// # Safety
    /// `v` is valid for its `n` elements and `s` for one, both on this device, not overlapping.
    unsafe fn rotate<T: Scalar>(&self, n: usize, v: DevPtr, inc: isize, s: DevPtr) -> Result<()>
    where
        B: BlasAll,
    {
        let old = self.zeros::<T>(n)?;
        let t = old.as_device_ptr();
        let b = self.blas::<T>();
        // SAFETY: `t` holds `n` elements; `v` and `s` are the caller's; each copy's source and
        // destination are different allocations or disjoint elements.
        unsafe {
            Level1::<T>::copy(b, n, v, inc, t, 1)?;
            Level1::<T>::copy(b, 1, s, 1, v.offset::<T>(offset(n, inc, 0)), 1)?;
            Level1::<T>::copy(
                b,
                n - 1,
                t,
                1,
                v.offset::<T>(sub_offset(n, inc, 1, n - 1)),
                inc,
            )?;
            Level1::<T>::copy(b, 1, t.offset::<T>(n - 1), 1, s, 1)?;
        }
        Ok(())
    }
}
