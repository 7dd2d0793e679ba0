//! Level 1: vector operations.

use super::mismatch;
use crate::args::{VecDescMut, VecIn, VecOut};
use crate::backend::{Backend, Blas, BlasAll};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;

fn same_len(routine: &'static str, arg: &'static str, n: usize, m: usize) -> Result<()> {
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
    fn dense(&self) -> bool {
        self.inc == 1 && self.n == self.src.len()
    }
}

impl<B: Backend> Device<B> {
    /// `y ← αx + y`.
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
        let (n, incx, incy) = (x.n, x.inc, y.inc);
        let xs = x.store(self, R, "x")?;
        let ys = y.store(self, true, R, "y")?;
        // SAFETY: both vectors were checked to hold `n` elements at their increments, and `y`
        // (a mutable borrow) cannot overlap `x`.
        unsafe {
            self.blas::<T>()
                .axpy(n, alpha, xs.ptr, incx, ys.ptr, incy)?
        };
        ys.finish()
    }

    /// `x ← αx`.
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
        if x.n == 0 {
            return Ok(());
        }
        let (n, inc) = (x.n, x.inc);
        let xs = x.store(self, true, R, "x")?;
        // SAFETY: `x` was checked to hold `n` elements at increment `inc`.
        unsafe { self.blas::<T>().scal(n, alpha, xs.ptr, inc)? };
        xs.finish()
    }

    /// `y ← x`.
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
        let (n, incx, incy, dense) = (x.n, x.inc, y.inc, y.dense());
        let xs = x.store(self, R, "x")?;
        let ys = y.store(self, !dense, R, "y")?;
        // SAFETY: as for `axpy`.
        unsafe { Blas::<T>::copy(self.blas::<T>(), n, xs.ptr, incx, ys.ptr, incy)? };
        ys.finish()
    }

    /// `x ↔ y`.
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
        let (n, incx, incy) = (x.n, x.inc, y.inc);
        let xs = x.store(self, true, R, "x")?;
        let ys = y.store(self, true, R, "y")?;
        // SAFETY: as for `axpy`; two mutable borrows cannot overlap.
        unsafe { self.blas::<T>().swap(n, xs.ptr, incx, ys.ptr, incy)? };
        xs.finish()?;
        ys.finish()
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
        let (xs, ys) = (x.store(self, r, "x")?, y.store(self, r, "y")?);
        // SAFETY: both vectors were checked to hold `n` elements at their increments.
        unsafe {
            if conj {
                self.blas::<T>().dotc(n, xs.ptr, incx, ys.ptr, incy)
            } else {
                self.blas::<T>().dotu(n, xs.ptr, incx, ys.ptr, incy)
            }
        }
    }

    /// `‖x‖₂`, computed without undue overflow or underflow.
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
        let (n, inc, xs) = match self.reduce_arg("nrm2", x)? {
            Some(v) => v,
            None => return Ok(num_traits::zero()),
        };
        // SAFETY: `x` was checked to hold `n` elements at increment `inc`.
        unsafe { self.blas::<T>().nrm2(n, xs.ptr, inc) }
    }

    /// `Σ |re xᵢ| + |im xᵢ|`.
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
        let (n, inc, xs) = match self.reduce_arg("asum", x)? {
            Some(v) => v,
            None => return Ok(num_traits::zero()),
        };
        // SAFETY: as for `nrm2`.
        unsafe { self.blas::<T>().asum(n, xs.ptr, inc) }
    }

    /// 0-based index of the first element of largest `|re| + |im|`; `None` for an empty vector.
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
        let Some((n, inc, xs)) = self.reduce_arg("iamax", x)? else {
            return Ok(None);
        };
        // SAFETY: as for `nrm2`; `n > 0`.
        unsafe { self.blas::<T>().iamax(n, xs.ptr, inc).map(Some) }
    }

    /// 0-based index of the first element of smallest `|re| + |im|`; `None` for an empty vector.
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
        let Some((n, inc, xs)) = self.reduce_arg("iamin", x)? else {
            return Ok(None);
        };
        // SAFETY: as for `nrm2`; `n > 0`.
        unsafe { self.blas::<T>().iamin(n, xs.ptr, inc).map(Some) }
    }

    /// Validates and stores the one vector of a reduction; `None` if it is empty.
    #[allow(clippy::type_complexity)]
    fn reduce_arg<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        x: impl VecIn<'a, T, B>,
    ) -> Result<Option<(usize, usize, crate::args::Stored<'a, T, B>)>> {
        self.check()?;
        let x = x.vec_in(r, "x")?;
        if x.n == 0 {
            return Ok(None);
        }
        let (n, inc) = (x.n, x.inc);
        Ok(Some((n, inc, x.store(self, r, "x")?)))
    }
}
