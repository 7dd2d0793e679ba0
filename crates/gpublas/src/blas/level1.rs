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
