//! The sums of the per-level traits: [`Blas<T>`], every routine of one scalar type, and
//! [`BlasAll`], every routine of every type — the one bound generic code needs.

use super::{Batched, Level1, Level2, Level3, MixedPrecision};
use crate::scalar::{Complex32, Complex64, Scalar};

/// The BLAS routines of one scalar type on one backend: [`Level1`], [`Level2`], [`Level3`] and
/// [`Batched`] together. Every backend that implements the four implements it (a blanket
/// implementation), so `B: Blas<f64>` is the bound for code that needs one type.
///
/// What every routine of the four traits assumes:
///
/// Every function takes column-major operands, leading dimensions ≥ max(1, rows), `Op::C` only
/// for complex types, and pointers valid for the extents the dimensions imply (the safe layer
/// checks all of it). Index results are 0-based.
///
/// Vectors follow reference BLAS's convention (also cuBLAS's and rocBLAS's): the pointer is the
/// *lowest* address of the vector's span, and element `i` of `n` is at `i·inc` for `inc ≥ 0`
/// and at `(n−1−i)·(−inc)` for `inc < 0` (walked from the end; `inc = 0` repeats element 0).
/// Which increments each routine may be given is on its trait ([`Level1`], [`Level2`]).
///
/// # Safety (for every routine)
/// The pointers are valid for the extents BLAS's reference semantics read and write for the
/// given dimensions, the output does not overlap any input (except where a trait says so), and
/// the increments and leading dimensions obey the rules above.
///
/// # Errors (for every routine)
/// The vendor library's failure status ([`Error::Vendor`](crate::Error::Vendor)), or
/// [`Error::Unsupported`](crate::Error::Unsupported) for a routine the vendor library lacks or a
/// dimension its API cannot take (e.g. above `i32::MAX` without its 64-bit entry points).
#[diagnostic::on_unimplemented(
    message = "the backend `{Self}` has no BLAS routines for `{T}`",
    note = "in generic code, bound the backend parameter with `B: BlasAll` (all four BLAS types)"
)]
pub trait Blas<T: Scalar>: Level1<T> + Level2<T> + Level3<T> + Batched<T> {}

impl<T: Scalar, B> Blas<T> for B where B: Level1<T> + Level2<T> + Level3<T> + Batched<T> {}

/// A backend with the BLAS routines of all four BLAS types, and mixed precision: the one bound
/// generic code needs.
///
/// Every gpublas backend ([`Host`](super::Host), `Cuda`, `Rocm`, [`Emulated`](super::Emulated),
/// [`Dynamic`](super::Dynamic)) implements it (through the blanket implementation), and every
/// operation on [`Device`](crate::Device) asks for it, so a function generic over both the
/// backend and the element type needs no bound per type:
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
pub trait BlasAll:
    Blas<f32> + Blas<f64> + Blas<Complex32> + Blas<Complex64> + MixedPrecision
{
}

impl<B> BlasAll for B where
    B: Blas<f32> + Blas<f64> + Blas<Complex32> + Blas<Complex64> + MixedPrecision
{
}
