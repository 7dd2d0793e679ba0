//! [`DeviceMatrix`]: a dense matrix in device memory that knows its shape and layout, so it can
//! be passed to any operation as it is, with no `(rows, cols)` bookkeeping.

use std::fmt;

use crate::args::{Mat, MatDesc, MatDescMut, MatIn, MatMut, MatOut};
use crate::backend::{Backend, Dynamic};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::DeviceBuffer;
use crate::scalar::Scalar;
use crate::types::Order;

/// A dense `rows × cols` matrix in a device's memory, stored in `order` with no padding.
///
/// `&m` is a matrix argument ([`MatIn`]) and `&mut m` a written one ([`MatOut`]) of every
/// operation, so device-resident work needs no `(rows, cols)` bookkeeping; [`DeviceMatrix::t`]
/// is the transpose, without a copy. With the `ndarray` feature, [`Device::upload_matrix`]
/// makes one from any 2-D array or view (keeping its layout) and
/// [`DeviceMatrix::to_array2`] brings it back.
///
/// ```
/// use gpublas::prelude::*;
///
/// let dev = Device::host();
/// // A = [[1, 2], [3, 4]] (row-major), B = I.
/// let a = dev.upload_matrix_from(&[1.0f64, 2.0, 3.0, 4.0], 2, 2, Order::RowMajor)?;
/// let b = dev.upload_matrix_from(&[1.0, 0.0, 0.0, 1.0], 2, 2, Order::ColMajor)?;
/// let mut c = dev.zeros_matrix::<f64>(2, 2, Order::RowMajor)?;
/// // C = Aᵀ · B, all on the device.
/// dev.gemm(Op::N, Op::N, 1.0, a.t(), &b, 0.0, &mut c)?;
/// assert_eq!(c.to_vec()?, [1.0, 3.0, 2.0, 4.0]); // row-major [[1, 3], [2, 4]]
/// # Ok::<(), gpublas::Error>(())
/// ```
pub struct DeviceMatrix<T: Scalar, B: Backend = Dynamic> {
    buf: DeviceBuffer<T, B>,
    rows: usize,
    cols: usize,
    order: Order,
}

impl<B: Backend> Device<B> {
    /// A `rows × cols` matrix of zeros, stored in `order`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] if the device cannot hold `rows · cols` elements (or the count
    /// overflows); an error deferred from an earlier guard (see [`Error`]).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let a = [1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]; // 2×3, column-major
    /// let mut c = dev.zeros_matrix::<f64>(2, 2, Order::ColMajor)?;
    /// // C = A Aᵀ, computed into the device matrix.
    /// let a_m = Mat::col_major(&a, 2, 3);
    /// dev.gemm(Op::N, Op::T, 1.0, a_m, a_m, 0.0, &mut c)?;
    /// assert_eq!(c.to_vec()?, [35.0, 44.0, 44.0, 56.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn zeros_matrix<T: Scalar>(
        &self,
        rows: usize,
        cols: usize,
        order: Order,
    ) -> Result<DeviceMatrix<T, B>> {
        let len = elements("zeros_matrix", rows, cols)?;
        DeviceMatrix::from_buffer(self.zeros(len)?, rows, cols, order)
    }

    /// A copy of the dense `rows × cols` matrix `host`, stored in `order` (so `host` holds
    /// exactly `rows · cols` elements).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if `host.len() != rows · cols`; [`Error::OutOfMemory`] if the
    /// device cannot hold it; a transfer failure ([`Error::Vendor`]).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // [[1, 2], [3, 4]] given row by row.
    /// let a = dev.upload_matrix_from(&[1.0f32, 2.0, 3.0, 4.0], 2, 2, Order::RowMajor)?;
    /// let mut y = vec![0.0f32; 2];
    /// dev.gemv(Op::N, 1.0, &a, &[1.0, 1.0], 0.0, &mut y)?;
    /// assert_eq!(y, [3.0, 7.0]);
    /// assert!(dev.upload_matrix_from(&[1.0f32; 3], 2, 2, Order::RowMajor).is_err());
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn upload_matrix_from<T: Scalar>(
        &self,
        host: &[T],
        rows: usize,
        cols: usize,
        order: Order,
    ) -> Result<DeviceMatrix<T, B>> {
        let len = elements("upload_matrix_from", rows, cols)?;
        if host.len() != len {
            return Err(Error::arg(
                "upload_matrix_from",
                "host",
                format!(
                    "has {} elements but a {rows}×{cols} matrix has {len}",
                    host.len()
                ),
            ));
        }
        DeviceMatrix::from_buffer(self.upload(host)?, rows, cols, order)
    }
}

/// `rows · cols`, or an error naming `routine` if it overflows.
fn elements(routine: &'static str, rows: usize, cols: usize) -> Result<usize> {
    rows.checked_mul(cols).ok_or_else(|| {
        Error::arg(
            routine,
            "rows",
            format!("{rows}×{cols} overflows the element count"),
        )
    })
}

impl<T: Scalar, B: Backend> DeviceMatrix<T, B> {
    /// Gives a buffer of exactly `rows · cols` elements a shape.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if the buffer's length is not `rows · cols`.
    ///
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let buf = dev.upload(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
    /// let m = DeviceMatrix::from_buffer(buf, 2, 3, Order::ColMajor)?;
    /// assert_eq!((m.rows(), m.cols()), (2, 3));
    /// assert!(DeviceMatrix::from_buffer(dev.zeros::<f32>(5)?, 2, 3, Order::ColMajor).is_err());
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn from_buffer(
        buf: DeviceBuffer<T, B>,
        rows: usize,
        cols: usize,
        order: Order,
    ) -> Result<Self> {
        let len = elements("DeviceMatrix::from_buffer", rows, cols)?;
        if buf.len() != len {
            return Err(Error::arg(
                "DeviceMatrix::from_buffer",
                "buf",
                format!(
                    "has {} elements but a {rows}×{cols} matrix has {len}",
                    buf.len()
                ),
            ));
        }
        Ok(DeviceMatrix {
            buf,
            rows,
            cols,
            order,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `(rows, cols)`.
    pub fn dim(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// How the elements are stored.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The device the matrix lives on.
    pub fn device(&self) -> &Device<B> {
        self.buf.device()
    }

    /// The elements, in storage order.
    pub fn as_buffer(&self) -> &DeviceBuffer<T, B> {
        &self.buf
    }

    /// The elements, writable, in storage order.
    pub fn as_buffer_mut(&mut self) -> &mut DeviceBuffer<T, B> {
        &mut self.buf
    }

    /// The buffer, without the shape.
    pub fn into_buffer(self) -> DeviceBuffer<T, B> {
        self.buf
    }

    /// The matrix as a [`Mat`] descriptor (what `&self` passes to an operation).
    pub fn as_mat(&self) -> Mat<'_, DeviceBuffer<T, B>> {
        match self.order {
            Order::ColMajor => Mat::col_major(&self.buf, self.rows, self.cols),
            Order::RowMajor => Mat::row_major(&self.buf, self.rows, self.cols),
        }
    }

    /// The matrix as a writable [`MatMut`] descriptor (what `&mut self` passes).
    pub fn as_mat_mut(&mut self) -> MatMut<'_, DeviceBuffer<T, B>> {
        match self.order {
            Order::ColMajor => MatMut::col_major(&mut self.buf, self.rows, self.cols),
            Order::RowMajor => MatMut::row_major(&mut self.buf, self.rows, self.cols),
        }
    }

    /// The transpose, as a read-only matrix argument over the same elements (no copy): a
    /// row-major `rows × cols` matrix is a column-major `cols × rows` one, and back.
    pub fn t(&self) -> Mat<'_, DeviceBuffer<T, B>> {
        match self.order {
            Order::ColMajor => Mat::row_major(&self.buf, self.cols, self.rows),
            Order::RowMajor => Mat::col_major(&self.buf, self.cols, self.rows),
        }
    }

    /// The elements copied to the host, in storage order.
    ///
    /// # Errors
    /// A transfer failure ([`Error::Vendor`]), or an earlier deferred error.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        self.buf.to_vec()
    }
}

impl<T: Scalar, B: Backend> fmt::Debug for DeviceMatrix<T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeviceMatrix")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("order", &self.order)
            .field("buf", &self.buf)
            .finish()
    }
}

impl<'a, T: Scalar, B: Backend> MatIn<'a, T, B> for &'a DeviceMatrix<T, B> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        self.as_mat().mat_in(routine, arg)
    }
}

impl<'a, T: Scalar, B: Backend> MatOut<'a, T, B> for &'a mut DeviceMatrix<T, B> {
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        self.as_mat_mut().mat_out(routine, arg)
    }
}

#[cfg(feature = "ndarray")]
mod nd {
    use ndarray::{Array2, ArrayView2, AsArray, Ix2, ShapeBuilder};

    use super::DeviceMatrix;
    use crate::backend::Backend;
    use crate::device::Device;
    use crate::error::{Error, Result};
    use crate::scalar::Scalar;
    use crate::types::Order;

    impl<B: Backend> Device<B> {
        /// A device copy of a 2-D array or view that keeps its shape, and its layout when it
        /// has one: a standard-layout (row-major) array stays row-major, a Fortran-layout one
        /// column-major, and any other view (strided, sliced with gaps, reversed) is gathered
        /// into row-major order.
        ///
        /// # Errors
        /// [`Error::OutOfMemory`] if the device cannot hold it; a transfer failure
        /// ([`Error::Vendor`]); an earlier deferred error.
        ///
        /// ```
        /// use gpublas::ndarray::{array, s};
        /// use gpublas::prelude::*;
        ///
        /// let dev = Device::host();
        /// let a = array![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
        /// let a_d = dev.upload_matrix(&a)?;
        /// assert_eq!((a_d.dim(), a_d.order()), ((2, 3), Order::RowMajor));
        /// assert_eq!(dev.upload_matrix(a.t())?.order(), Order::ColMajor);
        /// // A view with gaps is gathered.
        /// let every_other = dev.upload_matrix(a.slice(s![.., ..;2]))?;
        /// assert_eq!(every_other.to_array2()?, array![[1.0, 3.0], [4.0, 6.0]]);
        /// # Ok::<(), gpublas::Error>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
        pub fn upload_matrix<'a, T: Scalar>(
            &self,
            a: impl AsArray<'a, T, Ix2>,
        ) -> Result<DeviceMatrix<T, B>> {
            let a: ArrayView2<'a, T> = a.into();
            let (rows, cols) = a.dim();
            if let (true, Some(s)) = (a.is_standard_layout(), a.to_slice()) {
                return self.upload_matrix_from(s, rows, cols, Order::RowMajor);
            }
            if let (true, Some(s)) = (a.t().is_standard_layout(), a.to_slice_memory_order()) {
                return self.upload_matrix_from(s, rows, cols, Order::ColMajor);
            }
            let gathered: Vec<T> = a.iter().copied().collect();
            self.upload_matrix_from(&gathered, rows, cols, Order::RowMajor)
        }
    }

    impl<T: Scalar, B: Backend> DeviceMatrix<T, B> {
        /// A host copy as an `Array2` with the same shape and layout (standard layout for a
        /// row-major matrix, Fortran layout for a column-major one).
        ///
        /// # Errors
        /// A transfer failure ([`Error::Vendor`]); an earlier deferred error.
        ///
        /// ```
        /// use gpublas::ndarray::array;
        /// use gpublas::prelude::*;
        ///
        /// let dev = Device::host();
        /// let a = array![[1.0f64, 2.0], [3.0, 4.0]];
        /// let mut a_d = dev.upload_matrix(&a)?;
        /// dev.scal(2.0, a_d.as_buffer_mut())?;
        /// assert_eq!(a_d.to_array2()?, array![[2.0, 4.0], [6.0, 8.0]]);
        /// # Ok::<(), gpublas::Error>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
        pub fn to_array2(&self) -> Result<Array2<T>> {
            let data = self.to_vec()?;
            let shape = (self.rows, self.cols);
            let array = match self.order {
                Order::RowMajor => Array2::from_shape_vec(shape, data),
                Order::ColMajor => Array2::from_shape_vec(shape.f(), data),
            };
            array.map_err(|e| Error::arg("to_array2", "self", e.to_string()))
        }
    }
}
