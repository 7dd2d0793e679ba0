//! [`BlasAll`]: the one bound generic code needs.

use super::Blas;
use crate::scalar::{Complex32, Complex64};

/// A backend with the BLAS routines of all four BLAS types: the one bound generic code needs.
///
/// Every gpublas backend ([`Host`](super::Host), `Cuda`, `Rocm`, [`Dynamic`](super::Dynamic))
/// implements it (through the blanket implementation), and every operation on
/// [`Device`](crate::Device) asks for it, so a function generic over both the backend and the
/// element type needs no bound per type:
///
/// ```
/// use gpublas::prelude::*;
///
/// /// `‖A x‖₂` on any backend, for any of the four BLAS types.
/// fn norm_of_product<B: BlasAll, T: Scalar>(
///     dev: &Device<B>,
///     a: &[T],
///     m: usize,
///     x: &[T],
/// ) -> Result<T::Real, Error> {
///     let mut y = vec![T::zero(); m];
///     dev.gemv(Op::N, T::one(), Mat::col_major(a, m, x.len()), x, T::zero(), &mut y)?;
///     dev.nrm2(&y)
/// }
///
/// let dev = Device::host();
/// // A = [[3, 0], [0, 4]] (column-major), x = [1, 1]: ‖A x‖ = 5.
/// assert_eq!(norm_of_product(&dev, &[3.0f64, 0.0, 0.0, 4.0], 2, &[1.0, 1.0])?, 5.0);
/// # Ok::<(), gpublas::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a backend with BLAS routines for all four types",
    label = "not `BlasAll`",
    note = "in generic code, bound the backend parameter with `B: BlasAll` (every gpublas backend implements it)"
)]
pub trait BlasAll: Blas<f32> + Blas<f64> + Blas<Complex32> + Blas<Complex64> {}

impl<B> BlasAll for B where B: Blas<f32> + Blas<f64> + Blas<Complex32> + Blas<Complex64> {}
