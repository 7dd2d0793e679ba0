//! ndarray interop: 1-D and 2-D views (and `&`/`&mut` arrays) are vector and matrix arguments
//! (3-D batches and `&ArrayRef` are in `ndarray_batch.rs`, `Device::matmul` in `matmul.rs`).
//!
//! A view in standard (row-major) or Fortran (column-major) layout is used in place. Any other
//! view — strided, sliced with gaps, or with negative strides — is copied into a contiguous
//! column-major buffer for the call (and copied back into the view if it is written). Views
//! with gaps are copied rather than passed with a leading dimension so that no transfer ever
//! covers memory outside the view, which another view may own.

use ndarray::{
    ArrayBase, ArrayView1, ArrayView2, ArrayViewMut1, ArrayViewMut2, Data, DataMut, Ix1, Ix2,
};

use crate::args::{
    check_mat, check_vec, MatDesc, MatDescMut, MatIn, MatOut, Shape, Src, SrcMut, VecDesc,
    VecDescMut, VecIn, VecOut,
};
use crate::backend::Backend;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::Order;

impl<'a, T: Scalar, B: Backend> VecIn<'a, T, B> for ArrayView1<'a, T> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        let n = self.len();
        let src = match self.to_slice() {
            Some(s) => Src::host(s),
            None => Src::owned(self.iter().copied().collect()),
        };
        check_vec(routine, arg, n, 1, src.len())?;
        Ok(VecDesc { src, n, inc: 1 })
    }
}

impl<'a, T: Scalar, B: Backend> VecOut<'a, T, B> for ArrayViewMut1<'a, T> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        let n = self.len();
        let src = if self.is_standard_layout() {
            SrcMut::host(self.into_slice().unwrap_or_default())
        } else {
            let copy = self.iter().copied().collect();
            let mut view = self;
            SrcMut::owned(
                copy,
                Box::new(move |data: &[T]| view.iter_mut().zip(data).for_each(|(d, s)| *d = *s)),
            )
        };
        check_vec(routine, arg, n, 1, src.len())?;
        Ok(VecDescMut { src, n, inc: 1 })
    }
}

impl<'a, T: Scalar, B: Backend> MatIn<'a, T, B> for ArrayView2<'a, T> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        let (rows, cols) = self.dim();
        let (src, order) = if self.is_standard_layout() {
            (
                Src::host(self.to_slice().unwrap_or_default()),
                Order::RowMajor,
            )
        } else if self.t().is_standard_layout() {
            (
                Src::host(self.to_slice_memory_order().unwrap_or_default()),
                Order::ColMajor,
            )
        } else {
            (
                Src::owned(self.t().iter().copied().collect()),
                Order::ColMajor,
            )
        };
        let shape = Shape::dense(rows, cols, order);
        check_mat(routine, arg, &shape, src.len())?;
        Ok(MatDesc { src, shape })
    }
}

impl<'a, T: Scalar, B: Backend> MatOut<'a, T, B> for ArrayViewMut2<'a, T> {
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        let (rows, cols) = self.dim();
        let (src, order) = if self.is_standard_layout() {
            (
                SrcMut::host(self.into_slice().unwrap_or_default()),
                Order::RowMajor,
            )
        } else if self.t().is_standard_layout() {
            (
                SrcMut::host(self.into_slice_memory_order().unwrap_or_default()),
                Order::ColMajor,
            )
        } else {
            let copy = self.t().iter().copied().collect();
            let mut t = self.reversed_axes();
            (
                SrcMut::owned(
                    copy,
                    Box::new(move |data: &[T]| t.iter_mut().zip(data).for_each(|(d, s)| *d = *s)),
                ),
                Order::ColMajor,
            )
        };
        let shape = Shape::dense(rows, cols, order);
        let dense = check_mat(routine, arg, &shape, src.len())?;
        Ok(MatDescMut { src, shape, dense })
    }
}

impl<'a, T: Scalar, B: Backend, S: Data<Elem = T>> VecIn<'a, T, B> for &'a ArrayBase<S, Ix1> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        self.view().vec_in(routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend, S: DataMut<Elem = T>> VecOut<'a, T, B>
    for &'a mut ArrayBase<S, Ix1>
{
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        self.view_mut().vec_out(routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend, S: Data<Elem = T>> MatIn<'a, T, B> for &'a ArrayBase<S, Ix2> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        self.view().mat_in(routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend, S: DataMut<Elem = T>> MatOut<'a, T, B>
    for &'a mut ArrayBase<S, Ix2>
{
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        self.view_mut().mat_out(routine, arg)
    }
}

/// Validated descriptors are arguments themselves.
impl<'a, T: Scalar, B: Backend> MatIn<'a, T, B> for MatDesc<'a, T, B> {
    fn mat_in(self, _routine: &'static str, _arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        Ok(self)
    }
}
