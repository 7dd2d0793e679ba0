//! More ndarray arguments: 3-D arrays and views as strided batches of matrices (for
//! [`Device::gemm_strided_batched`](crate::Device::gemm_strided_batched)), and ndarray 0.17's
//! `&ArrayRef` (what functions taking any array receive) wherever an array is accepted.
//!
//! A 3-D argument is a batch along axis 0 of matrices over axes 1 (rows) and 2 (columns). It is
//! used in place when each matrix is in standard (row-major) or Fortran (column-major) layout
//! and the matrices follow each other with no gap (an `Array3` in standard layout, or one whose
//! two last axes are swapped); a read-only argument may also repeat one matrix (a stride of 0
//! along axis 0, as `broadcast` makes). Anything else is copied into a dense row-major batch
//! (and copied back if written), so no transfer covers memory outside the view.

use ndarray::{ArrayBase, ArrayRef, ArrayView3, ArrayViewMut3, Axis, Data, DataMut, Ix1, Ix2, Ix3};

use crate::args::{
    check_mat, MatDesc, MatDescMut, MatIn, MatOut, Shape, Src, SrcMut, VecDesc, VecDescMut, VecIn,
    VecOut,
};
use crate::backend::Backend;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::Order;

/// How a 3-D view's matrices sit in memory, when they can be passed in place: the matrices'
/// order and the distance between them (0 for one repeated matrix, allowed if `shared`).
fn in_place_batch<T>(v: &ArrayView3<'_, T>, shared: bool) -> Option<(Order, usize)> {
    let (count, rows, cols) = v.dim();
    if count == 0 || rows == 0 || cols == 0 {
        return None;
    }
    let first = v.index_axis(Axis(0), 0);
    let order = if first.is_standard_layout() {
        Order::RowMajor
    } else if first.t().is_standard_layout() {
        Order::ColMajor
    } else {
        return None;
    };
    let extent = rows * cols;
    match v.strides()[0] {
        _ if count == 1 => Some((order, extent)),
        s if s == extent as isize => Some((order, extent)),
        0 if shared => Some((order, 0)),
        _ => None,
    }
}

/// The shape of a batch of `count` `rows × cols` matrices in `order`, `stride` apart.
fn batch_shape(count: usize, rows: usize, cols: usize, order: Order, stride: usize) -> Shape {
    Shape {
        count,
        stride: Some(stride),
        ..Shape::dense(rows, cols, order)
    }
}

impl<'a, T: Scalar, B: Backend> MatIn<'a, T, B> for ArrayView3<'a, T> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        let (count, rows, cols) = self.dim();
        let in_place = in_place_batch(&self, true).and_then(|(order, stride)| {
            let slice = if stride == 0 {
                self.index_axis_move(Axis(0), 0).to_slice_memory_order()
            } else {
                self.to_slice_memory_order()
            };
            slice.map(|s| (Src::host(s), order, stride))
        });
        let (src, order, stride) = in_place.unwrap_or_else(|| {
            let copy = self.iter().copied().collect();
            (Src::owned(copy), Order::RowMajor, rows * cols)
        });
        let shape = batch_shape(count, rows, cols, order, stride);
        check_mat(routine, arg, &shape, src.len())?;
        Ok(MatDesc { src, shape })
    }
}

impl<'a, T: Scalar, B: Backend> MatOut<'a, T, B> for ArrayViewMut3<'a, T> {
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        let (count, rows, cols) = self.dim();
        let in_place = in_place_batch(&self.view(), false)
            .filter(|_| self.view().to_slice_memory_order().is_some());
        let (src, order, stride) = match in_place {
            Some((order, stride)) => {
                let slice = self.into_slice_memory_order().unwrap_or_default();
                (SrcMut::host(slice), order, stride)
            }
            _ => {
                let copy = self.iter().copied().collect();
                let mut view = self;
                let scatter = Box::new(move |data: &[T]| {
                    view.iter_mut().zip(data).for_each(|(d, s)| *d = *s)
                });
                (SrcMut::owned(copy, scatter), Order::RowMajor, rows * cols)
            }
        };
        let shape = batch_shape(count, rows, cols, order, stride);
        let dense = check_mat(routine, arg, &shape, src.len())?;
        Ok(MatDescMut { src, shape, dense })
    }
}

impl<'a, T: Scalar, B: Backend, S: Data<Elem = T>> MatIn<'a, T, B> for &'a ArrayBase<S, Ix3> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        self.view().mat_in(routine, arg)
    }
}

impl<'a, T: Scalar, B: Backend, S: DataMut<Elem = T>> MatOut<'a, T, B>
    for &'a mut ArrayBase<S, Ix3>
{
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        self.view_mut().mat_out(routine, arg)
    }
}

/// `&ArrayRef` (ndarray 0.17's reference to any array) is an argument wherever the array's
/// view is.
macro_rules! array_ref_args {
    ($($dim:ty),*) => {$(
        impl<'a, T: Scalar, B: Backend> MatIn<'a, T, B> for &'a ArrayRef<T, $dim> {
            fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
                self.view().mat_in(routine, arg)
            }
        }
        impl<'a, T: Scalar, B: Backend> MatOut<'a, T, B> for &'a mut ArrayRef<T, $dim> {
            fn mat_out(
                self,
                routine: &'static str,
                arg: &'static str,
            ) -> Result<MatDescMut<'a, T, B>> {
                self.view_mut().mat_out(routine, arg)
            }
        }
    )*};
}
array_ref_args!(Ix2, Ix3);

impl<'a, T: Scalar, B: Backend> VecIn<'a, T, B> for &'a ArrayRef<T, Ix1> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        self.view().vec_in(routine, arg)
    }
}

impl<'a, T: Scalar, B: Backend> VecOut<'a, T, B> for &'a mut ArrayRef<T, Ix1> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        self.view_mut().vec_out(routine, arg)
    }
}

#[cfg(all(test, feature = "host"))]
mod tests {
    use ndarray::{s, Array2, Array3, ShapeBuilder};

    use super::*;
    use crate::args::{SrcKind, SrcMutKind};
    use crate::backend::Host;

    /// `(in place, order, stride)` of a 3-D input as gpublas passes it.
    fn passed(v: ArrayView3<'_, f64>) -> (bool, Order, Option<usize>) {
        let d: MatDesc<'_, f64, Host> = v.mat_in("test", "a").unwrap();
        (
            matches!(d.src.0, SrcKind::Host(_)),
            d.shape.order,
            d.shape.stride,
        )
    }

    #[test]
    fn dense_batches_of_standard_or_fortran_matrices_are_used_in_place() {
        let a = Array3::<f64>::zeros((4, 2, 3));
        assert_eq!(passed(a.view()), (true, Order::RowMajor, Some(6)));
        let cm = Array3::<f64>::zeros((4, 3, 2));
        let cm = cm.view().permuted_axes([0, 2, 1]); // each matrix column-major
        assert_eq!(passed(cm), (true, Order::ColMajor, Some(6)));
        let one = Array2::<f64>::zeros((2, 3).f());
        let shared = one.broadcast((5, 2, 3)).unwrap();
        assert_eq!(passed(shared), (true, Order::ColMajor, Some(0)));
        let mut out = Array3::<f64>::zeros((4, 2, 3));
        let d: MatDescMut<'_, f64, Host> = out.view_mut().mat_out("test", "c").unwrap();
        assert!(matches!(d.src.0, SrcMutKind::Host(_)) && d.dense);
    }

    #[test]
    fn gaps_and_fortran_order_batches_are_copied() {
        let big = Array3::<f64>::zeros((8, 2, 3));
        assert_eq!(
            passed(big.slice(s![..;2, .., ..])),
            (false, Order::RowMajor, Some(6))
        );
        let f = Array3::<f64>::zeros((4, 2, 3).f());
        assert_eq!(passed(f.view()), (false, Order::RowMajor, Some(6)));
        let mut out = Array3::<f64>::zeros((4, 2, 3).f());
        let d: MatDescMut<'_, f64, Host> = out.view_mut().mat_out("test", "c").unwrap();
        assert!(matches!(d.src.0, SrcMutKind::Owned(..)));
    }
}
