//! ndarray interop: 1-D and 2-D views (and `&`/`&mut` arrays) are vector and matrix arguments
//! (3-D batches and `&ArrayRef` are in `ndarray_batch.rs`, `Device::matmul` in `matmul.rs`).
//!
//! A 2-D view in standard (row-major) or Fortran (column-major) layout, and a 1-D view whose
//! elements are adjacent (stride 1 or −1: a reversed view is passed with increment −1, as
//! reference BLAS walks it), are used in place. Any other view — strided or sliced with gaps,
//! or a 2-D view with negative strides — is copied into a contiguous buffer for the call (and
//! copied back into the view if it is written). Views with gaps are copied rather than passed
//! with a leading dimension or increment so that no reference or transfer ever covers memory
//! between the view's elements, which another view may own (and write meanwhile).

use ndarray::{
    ArrayBase, ArrayView1, ArrayView2, ArrayViewMut1, ArrayViewMut2, Data, DataMut, Ix1, Ix2,
};

use crate::args::{
    check_mat, check_vec, MatDesc, MatDescMut, MatIn, MatOut, Shape, Src, SrcMut, VecDesc,
    VecDescMut, VecIn, VecOut,
};
use crate::backend::Backend;
use crate::error::Result;
use crate::precision::Element;
use crate::types::Order;

/// The BLAS increment of a 1-D view whose elements are adjacent in memory: 1, or −1 for a
/// reversed view (its memory-order slice starts at its last element, reference BLAS's
/// convention for a negative increment).
fn adjacent_inc(stride: isize) -> isize {
    if stride < 0 {
        -1
    } else {
        1
    }
}

impl<'a, T: Element, B: Backend> VecIn<'a, T, B> for ArrayView1<'a, T> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        let (n, inc) = (self.len(), adjacent_inc(self.strides()[0]));
        let (src, inc) = match self.to_slice_memory_order() {
            Some(s) => (Src::host(s), inc),
            None => (Src::owned(self.iter().copied().collect()), 1),
        };
        check_vec(routine, arg, n, inc, src.len())?;
        Ok(VecDesc { src, n, inc })
    }
}

impl<'a, T: Element, B: Backend> VecOut<'a, T, B> for ArrayViewMut1<'a, T> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        let (n, inc) = (self.len(), adjacent_inc(self.strides()[0]));
        let (src, inc) = if self.as_slice_memory_order().is_some() {
            let s = self.into_slice_memory_order().unwrap_or_default();
            (SrcMut::host(s), inc)
        } else {
            let copy = self.iter().copied().collect();
            let mut view = self;
            let scatter = move |data: &[T]| view.iter_mut().zip(data).for_each(|(d, s)| *d = *s);
            (SrcMut::owned(copy, Box::new(scatter)), 1)
        };
        check_vec(routine, arg, n, inc, src.len())?;
        Ok(VecDescMut { src, n, inc })
    }
}

impl<'a, T: Element, B: Backend> MatIn<'a, T, B> for ArrayView2<'a, T> {
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

impl<'a, T: Element, B: Backend> MatOut<'a, T, B> for ArrayViewMut2<'a, T> {
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

impl<'a, T: Element, B: Backend, S: Data<Elem = T>> VecIn<'a, T, B> for &'a ArrayBase<S, Ix1> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        self.view().vec_in(routine, arg)
    }
}
impl<'a, T: Element, B: Backend, S: DataMut<Elem = T>> VecOut<'a, T, B>
    for &'a mut ArrayBase<S, Ix1>
{
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        self.view_mut().vec_out(routine, arg)
    }
}
impl<'a, T: Element, B: Backend, S: Data<Elem = T>> MatIn<'a, T, B> for &'a ArrayBase<S, Ix2> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        self.view().mat_in(routine, arg)
    }
}
impl<'a, T: Element, B: Backend, S: DataMut<Elem = T>> MatOut<'a, T, B>
    for &'a mut ArrayBase<S, Ix2>
{
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        self.view_mut().mat_out(routine, arg)
    }
}

#[cfg(all(test, feature = "host"))]
mod tests {
    use ndarray::{s, Array1};

    use crate::args::{VecIn, VecOut};
    use crate::backend::Host;

    #[test]
    fn reversed_one_dimensional_views_are_used_in_place_with_increment_minus_one() {
        let mut a = Array1::from_iter((0..6).map(f64::from));
        let base = a.as_ptr();
        let d = VecIn::<f64, Host>::vec_in(a.slice(s![..;-1]), "t", "x").unwrap();
        assert_eq!((d.n, d.inc, d.src.len()), (6, -1, 6));
        {
            let d = VecOut::<f64, Host>::vec_out(a.slice_mut(s![1..5;-1]), "t", "y").unwrap();
            assert_eq!((d.n, d.inc, d.src.len()), (4, -1, 4));
        }
        // Views with gaps are copied (compact, increment 1), never spanned.
        let d = VecIn::<f64, Host>::vec_in(a.slice(s![..;-2]), "t", "x").unwrap();
        assert_eq!((d.n, d.inc, d.src.len()), (3, 1, 3));
        assert_eq!(a.as_ptr(), base);
    }
}
