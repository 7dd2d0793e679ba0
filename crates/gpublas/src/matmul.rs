//! [`Device::matmul`]: a matrix times a matrix or a vector, returning a new array, `Vec` or
//! device buffer of the right operand's kind ([`MatmulRhs`]).

use ndarray::{Array1, Array2, ArrayBase, ArrayRef, ArrayView1, ArrayView2, Data, Ix1, Ix2};

use crate::args::{Input, Mat, MatDesc, MatIn, VecDesc, VecIn};
use crate::backend::{Backend, BlasAll};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::matrix::DeviceMatrix;
use crate::memory::DeviceBuffer;
use crate::scalar::Scalar;
use crate::types::Op;

const R: &str = "matmul";

mod sealed {
    pub trait Sealed<T, B> {}
}
use sealed::Sealed;

/// The right operand of [`Device::matmul`]: a matrix (the product is a matrix) or a vector (the
/// product is a vector). Its kind decides the result's:
///
/// | right operand | result |
/// |---|---|
/// | 2-D ndarray array, view or `&ArrayRef`, or a [`Mat`] | `Array2<T>` (row-major) |
/// | 1-D ndarray array, view or `&ArrayRef` | `Array1<T>` |
/// | `&[T]`, `&Vec<T>` | `Vec<T>` |
/// | `&DeviceMatrix` | a new [`DeviceMatrix`] in the left operand's layout (stays on the device) |
/// | `&DeviceBuffer` (a vector) | a new [`DeviceBuffer`] (stays on the device) |
///
/// Sealed: the list above is complete.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the right operand of `matmul` (for elements of `{T}`)",
    label = "not a matrix or vector `matmul` accepts",
    note = "pass a 2-D or 1-D ndarray array or view, a `&DeviceMatrix`, a `&DeviceBuffer` or `&Vec` (a vector), or a `Mat` descriptor; check the element type is `{T}`"
)]
#[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
pub trait MatmulRhs<'a, T: Scalar, B: BlasAll>: Sealed<T, B> {
    /// What `matmul` returns for this right operand.
    type Output;

    /// Computes `a · self`.
    #[doc(hidden)]
    fn matmul_with(self, dev: &'a Device<B>, a: MatDesc<'a, T, B>) -> Result<Self::Output>;
}

impl<B: Backend> Device<B> {
    /// `A · B` for a matrix `A` and a matrix or vector `B`, as a new matrix or vector of `B`'s
    /// kind: an `Array2` for a 2-D ndarray `B`, an `Array1` for a 1-D one, a [`DeviceMatrix`]
    /// for a `&DeviceMatrix` (see [`MatmulRhs`] for the full list). `A` is any matrix argument,
    /// in any layout.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `matmul` if `A`'s columns differ from `B`'s rows (or
    /// length), or an operand breaks a rule of its descriptor; [`Error::OutOfMemory`] if the
    /// result cannot be allocated; vendor and transfer errors as for [`Device::gemm`]. Nothing of
    /// the caller's is written: the result is new.
    ///
    /// # Examples
    /// ```
    /// use gpublas::ndarray::{array, Array1, Array2};
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let a = array![[1.0f64, 2.0], [3.0, 4.0], [5.0, 6.0]];
    /// let b = array![[1.0, 0.0, 2.0], [0.0, 1.0, 3.0]];
    /// let x = array![10.0, 1.0];
    /// let ab: Array2<f64> = dev.matmul(&a, &b)?;
    /// assert_eq!(ab, a.dot(&b));
    /// let ax: Array1<f64> = dev.matmul(&a, &x)?;
    /// assert_eq!(ax, array![12.0, 34.0, 56.0]);
    ///
    /// // Device-resident: the result stays on the device.
    /// let (a_d, b_d) = (dev.upload_matrix(&a)?, dev.upload_matrix(&b)?);
    /// let ab_d = dev.matmul(&a_d, &b_d)?;
    /// assert_eq!(ab_d.to_array2()?, a.dot(&b));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
    pub fn matmul<'a, T: Scalar, Rhs: MatmulRhs<'a, T, B>>(
        &'a self,
        a: impl MatIn<'a, T, B>,
        b: Rhs,
    ) -> Result<Rhs::Output>
    where
        B: BlasAll,
    {
        self.check()?;
        let a = a.mat_in(R, "a")?;
        b.matmul_with(self, a)
    }
}

/// `rows · cols` elements of `T`, or an argument error if they are more bytes than any
/// allocation can hold (`isize::MAX`).
fn product_len<T: Scalar>(rows: usize, cols: usize) -> Result<usize> {
    rows.checked_mul(cols)
        .filter(|e| {
            e.checked_mul(std::mem::size_of::<T>())
                .is_some_and(|b| b <= isize::MAX as usize)
        })
        .ok_or_else(|| {
            Error::arg(
                R,
                "b",
                format!("gives a {rows}×{cols} product with `a`, more than isize::MAX bytes"),
            )
        })
}

/// `len` zeros on the host, allocated without aborting when memory is short.
fn host_zeros<T: Scalar>(len: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::OutOfMemory {
        backend: "host",
        bytes: len.saturating_mul(std::mem::size_of::<T>()),
    })?;
    v.resize(len, T::zero());
    Ok(v)
}

/// Checks `A`'s columns against `B`'s rows (a matrix) or length (a vector).
fn check_inner<T: Scalar, B: Backend>(a: &MatDesc<'_, T, B>, n: usize, what: &str) -> Result<()> {
    if a.shape.cols == n {
        Ok(())
    } else {
        Err(Error::arg(
            R,
            "b",
            format!("has {n} {what} but `a` has {} columns", a.shape.cols),
        ))
    }
}

/// `A · B` into a new row-major host matrix.
fn matrix_on_host<'a, T: Scalar, B: BlasAll>(
    dev: &'a Device<B>,
    a: MatDesc<'a, T, B>,
    b: impl MatIn<'a, T, B>,
) -> Result<Array2<T>> {
    let b = b.mat_in(R, "b")?;
    check_inner(&a, b.shape.rows, "rows")?;
    let (m, n) = (a.shape.rows, b.shape.cols);
    let data = host_zeros::<T>(product_len::<T>(m, n)?)?;
    let mut c =
        Array2::from_shape_vec((m, n), data).map_err(|e| Error::arg(R, "b", e.to_string()))?;
    dev.gemm_as(R, Op::N, Op::N, T::one(), a, b, T::zero(), c.view_mut())?;
    Ok(c)
}

/// `A · x` into a new host vector.
fn vector_on_host<'a, T: Scalar, B: BlasAll>(
    dev: &'a Device<B>,
    a: MatDesc<'a, T, B>,
    x: impl VecIn<'a, T, B>,
) -> Result<Vec<T>> {
    let x: VecDesc<'a, T, B> = x.vec_in(R, "b")?;
    check_inner(&a, x.n, "elements")?;
    let mut y = host_zeros::<T>(a.shape.rows)?;
    dev.gemv_as(R, Op::N, T::one(), a, x, T::zero(), &mut y)?;
    Ok(y)
}

/// The 2-D host right operands: the product is an `Array2`.
macro_rules! matrix_rhs {
    ($( [$($g:tt)*] $ty:ty ),* $(,)?) => {$(
        impl<'a, $($g)*> Sealed<T, B> for $ty {}
        impl<'a, $($g)*> MatmulRhs<'a, T, B> for $ty {
            type Output = Array2<T>;
            fn matmul_with(self, dev: &'a Device<B>, a: MatDesc<'a, T, B>) -> Result<Array2<T>> {
                matrix_on_host(dev, a, self)
            }
        }
    )*};
}

/// The 1-D host right operands: the product is an `Array1`, or a `Vec` for slices.
macro_rules! vector_rhs {
    ($( [$($g:tt)*] $ty:ty => $out:ty ),* $(,)?) => {$(
        impl<'a, $($g)*> Sealed<T, B> for $ty {}
        impl<'a, $($g)*> MatmulRhs<'a, T, B> for $ty {
            type Output = $out;
            fn matmul_with(self, dev: &'a Device<B>, a: MatDesc<'a, T, B>) -> Result<$out> {
                vector_on_host(dev, a, self).map(Into::into)
            }
        }
    )*};
}

matrix_rhs! {
    [T: Scalar, B: BlasAll, S: Data<Elem = T>] &'a ArrayBase<S, Ix2>,
    [T: Scalar, B: BlasAll] ArrayView2<'a, T>,
    [T: Scalar, B: BlasAll] &'a ArrayRef<T, Ix2>,
    [T: Scalar, B: BlasAll, A: ?Sized + Input<T, B>] Mat<'a, A>,
}

vector_rhs! {
    [T: Scalar, B: BlasAll, S: Data<Elem = T>] &'a ArrayBase<S, Ix1> => Array1<T>,
    [T: Scalar, B: BlasAll] ArrayView1<'a, T> => Array1<T>,
    [T: Scalar, B: BlasAll] &'a ArrayRef<T, Ix1> => Array1<T>,
    [T: Scalar, B: BlasAll] &'a [T] => Vec<T>,
    [T: Scalar, B: BlasAll] &'a Vec<T> => Vec<T>,
}

impl<T: Scalar, B: Backend> Sealed<T, B> for &DeviceMatrix<T, B> {}
impl<'a, T: Scalar, B: BlasAll> MatmulRhs<'a, T, B> for &'a DeviceMatrix<T, B> {
    type Output = DeviceMatrix<T, B>;
    fn matmul_with(self, dev: &'a Device<B>, a: MatDesc<'a, T, B>) -> Result<DeviceMatrix<T, B>> {
        check_inner(&a, self.rows(), "rows")?;
        let (m, n) = (a.shape.rows, self.cols());
        product_len::<T>(m, n)?;
        let mut c = dev.zeros_matrix(m, n, a.shape.order)?;
        dev.gemm_as(R, Op::N, Op::N, T::one(), a, self, T::zero(), &mut c)?;
        Ok(c)
    }
}

impl<T: Scalar, B: Backend> Sealed<T, B> for &DeviceBuffer<T, B> {}
impl<'a, T: Scalar, B: BlasAll> MatmulRhs<'a, T, B> for &'a DeviceBuffer<T, B> {
    type Output = DeviceBuffer<T, B>;
    fn matmul_with(self, dev: &'a Device<B>, a: MatDesc<'a, T, B>) -> Result<DeviceBuffer<T, B>> {
        check_inner(&a, self.len(), "elements")?;
        let mut y = dev.zeros(a.shape.rows)?;
        dev.gemv_as(R, Op::N, T::one(), a, self, T::zero(), &mut y)?;
        Ok(y)
    }
}

/// A validated vector is an argument itself (so `matmul` can check it before allocating).
impl<'a, T: Scalar, B: Backend> VecIn<'a, T, B> for VecDesc<'a, T, B> {
    fn vec_in(self, _routine: &'static str, _arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        Ok(self)
    }
}
