//! The dots of `f32` vectors accumulated in `f64` (`dsdot`, and `sdsdot`, which adds an `f32`
//! scalar and rounds), with reference BLAS's increment rules (the table is on
//! [`Vector`](crate::Vector)).

use super::same_len;
use crate::args::VecIn;
use crate::backend::{Backend, BlasAll, Level1};
use crate::device::Device;
use crate::error::Result;

impl<B: Backend> Device<B> {
    /// `Σ xᵢ yᵢ` of `f32` vectors, accumulated and returned in `f64` (BLAS `dsdot`), in
    /// reference BLAS's order (`dsdot.f`); any increments, 0 and negative ones included.
    ///
    /// Which path runs: on the host, the host's loop. On ROCm, `rocblas_dot_ex` with `f32`
    /// inputs and an `f64` result and compute type, where the loaded rocBLAS offers that
    /// combination and the sizes fit its 32-bit interface. Otherwise — always on CUDA, whose
    /// `cublasDotEx` has no `f32`-input, `f64`-result form — `x` and `y` are copied to the host
    /// (for increments other than 0 and ±1, the elements are gathered on the device first, so
    /// only they cross the link) and accumulated there as on the host: a level-1 reduction
    /// reads each element once, so the copy costs the same order as the computation.
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
    /// let dev = Device::auto()?; // every backend accumulates in f64
    /// // In f32, 1e8 + 1 rounds back to 1e8, and an f32 dot would give 0; in f64 the 1 survives.
    /// let (x, y) = ([1e8f32, 1.0, -1e8], [1.0f32; 3]);
    /// assert_eq!(dev.dsdot(&x, &y)?, 1.0);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn dsdot<'a>(&'a self, x: impl VecIn<'a, f32, B>, y: impl VecIn<'a, f32, B>) -> Result<f64>
    where
        B: BlasAll,
    {
        self.dsdot_impl("dsdot", x, y)
    }

    /// `sb + Σ xᵢ yᵢ` accumulated in `f64`, rounded to `f32` (BLAS `sdsdot`); as
    /// [`Device::dsdot`] otherwise.
    ///
    /// # Errors
    /// As for [`Device::dsdot`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host(); // GPUs: where the vendor's mixed dot accumulates in f64
    /// let (x, y) = ([1e8f32, 1.0, -1e8], [1.0f32; 3]);
    /// assert_eq!(dev.sdsdot(0.5, &x, &y)?, 1.5); // 0.5 + (1e8 + 1 − 1e8), summed in f64
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn sdsdot<'a>(
        &'a self,
        sb: f32,
        x: impl VecIn<'a, f32, B>,
        y: impl VecIn<'a, f32, B>,
    ) -> Result<f32>
    where
        B: BlasAll,
    {
        let dot = self.dsdot_impl("sdsdot", x, y)?;
        Ok((f64::from(sb) + dot) as f32)
    }

    fn dsdot_impl<'a>(
        &'a self,
        r: &'static str,
        x: impl VecIn<'a, f32, B>,
        y: impl VecIn<'a, f32, B>,
    ) -> Result<f64>
    where
        B: BlasAll,
    {
        self.check()?;
        let (x, y) = (x.vec_in(r, "x")?, y.vec_in(r, "y")?);
        same_len(r, "y", x.n, y.n)?;
        if x.n == 0 {
            return Ok(0.0);
        }
        let (n, incx, incy) = (x.n, x.inc, y.inc);
        let (xs, ys) = (x.store(self, r, "x")?, y.store(self, r, "y")?);
        // SAFETY: both vectors were checked to hold `n` elements at their increments.
        unsafe { Level1::<f32>::dsdot(self.blas::<f32>(), n, xs.ptr, incx, ys.ptr, incy) }
    }
}
