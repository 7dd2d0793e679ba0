//! Packed storage: [`Packed`] and [`PackedMut`], the triangle of a symmetric, Hermitian or
//! triangular matrix stored without its other half (reference BLAS's `AP` arguments).

use super::resolve::{Src, SrcMut, Stored, StoredMut};
use super::{Input, Output};
use crate::backend::Backend;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Order, Uplo};

/// One triangle of an order-`n` symmetric, Hermitian or triangular matrix, packed: its
/// `n(n+1)/2` elements one after the other, with no gaps (reference BLAS's `AP`).
///
/// Column-major (the default, BLAS's own format) packs the triangle column by column, 0-based:
///
/// | triangle | element `(i, j)` is at |
/// |---|---|
/// | [`Packed::upper`] (`i ≤ j`) | `i + j(j+1)/2` |
/// | [`Packed::lower`] (`i ≥ j`) | `i + j·n − j(j+1)/2` |
///
/// [`Packed::row_major`] packs the same triangle row by row instead (CBLAS's `CblasRowMajor`
/// packed format): the upper triangle row by row is the lower triangle of `Aᵀ` column by
/// column, so such a call becomes the column-major call on `Aᵀ` with the other triangle. That
/// is the same matrix for symmetric matrices; for complex Hermitian ones (`Aᵀ = conj(A)`) and
/// `Op::C` on triangular ones it would need a conjugate without a transpose, and those calls
/// return [`Error::Unsupported`].
///
/// The storage must hold at least `n(n+1)/2` elements (checked before anything is read).
///
/// ```
/// use gpublas::prelude::*;
///
/// let dev = Device::host();
/// // A = [2 1; 1 3]: its upper triangle column by column is a₀₀, a₀₁, a₁₁.
/// let ap = [2.0, 1.0, 3.0];
/// let mut y = [f64::NAN; 2]; // β = 0: never read
/// dev.spmv(1.0, Packed::upper(&ap, 2), &[1.0, 1.0], 0.0, &mut y)?;
/// assert_eq!(y, [3.0, 4.0]);
/// # Ok::<(), gpublas::Error>(())
/// ```
///
/// `Copy` whatever the storage (it holds a shared borrow), like [`Mat`](crate::Mat).
#[derive(Debug)]
pub struct Packed<'a, A: ?Sized> {
    data: &'a A,
    shape: PackedShape,
}

/// A writable packed triangle (for `spr`, `hpr`, `spr2`, `hpr2`); the rules are [`Packed`]'s.
/// Not `Copy`: [`PackedMut::reborrow`] lends it to one call at a time.
#[derive(Debug)]
pub struct PackedMut<'a, A: ?Sized> {
    data: &'a mut A,
    shape: PackedShape,
}

super::desc::copy_descriptors!(Packed);

impl<A: ?Sized> PackedMut<'_, A> {
    /// The same triangle, borrowing this one (to pass it to a call and keep it for the next).
    pub fn reborrow(&mut self) -> PackedMut<'_, A> {
        PackedMut {
            data: &mut *self.data,
            shape: self.shape,
        }
    }
}

/// Order, triangle and layout of a packed matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PackedShape {
    pub n: usize,
    pub uplo: Uplo,
    pub order: Order,
}

impl PackedShape {
    /// The triangle of the column-major packed matrix actually stored: the other one for
    /// row-major (which packs the transpose).
    pub(crate) fn stored_uplo(&self) -> Uplo {
        match self.order {
            Order::ColMajor => self.uplo,
            Order::RowMajor => self.uplo.flip(),
        }
    }
}

macro_rules! packed_ctors {
    ($ty:ident, $data:ty) => {
        impl<'a, A: ?Sized> $ty<'a, A> {
            /// The upper triangle of an order-`n` matrix, packed column by column.
            pub fn upper(data: $data, n: usize) -> Self {
                $ty {
                    data,
                    shape: PackedShape {
                        n,
                        uplo: Uplo::Upper,
                        order: Order::ColMajor,
                    },
                }
            }
            /// The lower triangle of an order-`n` matrix, packed column by column.
            pub fn lower(data: $data, n: usize) -> Self {
                $ty {
                    data,
                    shape: PackedShape {
                        n,
                        uplo: Uplo::Lower,
                        order: Order::ColMajor,
                    },
                }
            }
            /// Packs the triangle row by row instead (see [`Packed`] for what that allows).
            pub fn row_major(mut self) -> Self {
                self.shape.order = Order::RowMajor;
                self
            }
        }
    };
}
packed_ctors!(Packed, &'a A);
packed_ctors!(PackedMut, &'a mut A);

/// The elements a packed order-`n` triangle needs: `n(n+1)/2`, `None` beyond `isize::MAX`.
fn packed_len(n: usize) -> Option<usize> {
    let (a, b) = if n.is_multiple_of(2) {
        (n / 2, n + 1)
    } else {
        (n, n.div_ceil(2))
    };
    a.checked_mul(b).filter(|&v| v <= isize::MAX as usize)
}

fn check_packed(
    routine: &'static str,
    arg: &'static str,
    s: &PackedShape,
    len: usize,
) -> Result<()> {
    match packed_len(s.n) {
        Some(need) if need <= len => Ok(()),
        Some(need) => Err(Error::arg(
            routine,
            arg,
            format!(
                "is too short: a packed triangle of order {} needs n(n+1)/2 = {need} elements but it has {len}",
                s.n
            ),
        )),
        None => Err(Error::arg(
            routine,
            arg,
            format!(
                "is a packed triangle of order {} whose n(n+1)/2 elements exceed isize::MAX",
                s.n
            ),
        )),
    }
}

/// A validated packed operand.
pub(crate) struct PackedDesc<'a, T: Scalar, B: Backend> {
    pub src: Src<'a, T, B>,
    pub shape: PackedShape,
}

/// A validated writable packed operand.
pub(crate) struct PackedDescMut<'a, T: Scalar, B: Backend> {
    pub src: SrcMut<'a, T, B>,
    pub shape: PackedShape,
}

impl<'a, A: ?Sized> Packed<'a, A> {
    /// Validates the descriptor against its storage.
    pub(crate) fn desc<T: Scalar, B: Backend>(
        self,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<PackedDesc<'a, T, B>>
    where
        A: Input<T, B>,
    {
        let src = self.data.src();
        check_packed(routine, arg, &self.shape, src.len())?;
        Ok(PackedDesc {
            src,
            shape: self.shape,
        })
    }
}

impl<'a, A: ?Sized> PackedMut<'a, A> {
    /// Validates the descriptor against its storage.
    pub(crate) fn desc<T: Scalar, B: Backend>(
        self,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<PackedDescMut<'a, T, B>>
    where
        A: Output<T, B>,
    {
        let src = self.data.src_mut();
        check_packed(routine, arg, &self.shape, src.len())?;
        Ok(PackedDescMut {
            src,
            shape: self.shape,
        })
    }
}

impl<'a, T: Scalar, B: Backend> PackedDesc<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}

impl<'a, T: Scalar, B: Backend> PackedDescMut<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<StoredMut<'a, T, B>> {
        // Rank updates read and write the triangle: always copied in.
        self.src.store(dev, true, routine, arg)
    }
}

#[cfg(test)]
mod tests {
    use super::packed_len;

    #[test]
    fn packed_len_is_n_n_plus_1_over_2_without_overflow() {
        for n in 0..50usize {
            assert_eq!(packed_len(n), Some(n * (n + 1) / 2));
        }
        assert_eq!(packed_len(usize::MAX), None);
        assert_eq!(packed_len(1 << 40), None);
    }
}
