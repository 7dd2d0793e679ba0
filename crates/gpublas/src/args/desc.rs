//! Shape descriptors: [`Vector`] and [`Mat`] (and their writable forms), the traits that turn
//! arguments into validated descriptors, and the validation rules.

use super::resolve::{Src, SrcMut, Stored, StoredMut};
use super::{Input, Output};
use crate::backend::Backend;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceSlice, DeviceSliceMut, MappedSlice, MappedSliceMut};
use crate::scalar::Scalar;
use crate::types::Order;

/// A strided vector over some storage: `n` elements, `inc` apart (`inc ≥ 1`).
#[derive(Debug, Clone, Copy)]
pub struct Vector<'a, A: ?Sized> {
    data: &'a A,
    n: usize,
    inc: usize,
}

/// A writable strided vector.
#[derive(Debug)]
pub struct VectorMut<'a, A: ?Sized> {
    data: &'a mut A,
    n: usize,
    inc: usize,
}

impl<'a, A: ?Sized> Vector<'a, A> {
    /// `n` elements of `data`, `inc` apart, starting at the first.
    pub fn strided(data: &'a A, n: usize, inc: usize) -> Self {
        Vector { data, n, inc }
    }
}

impl<'a, A: ?Sized> VectorMut<'a, A> {
    /// `n` elements of `data`, `inc` apart, starting at the first.
    pub fn strided(data: &'a mut A, n: usize, inc: usize) -> Self {
        VectorMut { data, n, inc }
    }
}

/// A matrix over some storage: `rows × cols`, stored in `order` with leading dimension `ld`,
/// optionally a strided batch of such matrices.
#[derive(Debug, Clone, Copy)]
pub struct Mat<'a, A: ?Sized> {
    data: &'a A,
    shape: Shape,
}

/// A writable matrix (or strided batch of matrices).
#[derive(Debug)]
pub struct MatMut<'a, A: ?Sized> {
    data: &'a mut A,
    shape: Shape,
}

/// Logical shape, layout and batch of a matrix argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    pub rows: usize,
    pub cols: usize,
    pub ld: usize,
    pub order: Order,
    pub count: usize,
    pub stride: Option<usize>,
}

impl Shape {
    /// One unbatched matrix with the tightest leading dimension.
    pub(crate) fn dense(rows: usize, cols: usize, order: Order) -> Self {
        Self::new(rows, cols, order)
    }
    fn new(rows: usize, cols: usize, order: Order) -> Self {
        let inner = if order == Order::ColMajor { rows } else { cols };
        Shape {
            rows,
            cols,
            ld: inner.max(1),
            order,
            count: 1,
            stride: None,
        }
    }
    /// Rows and columns of the column-major matrix actually stored (the transpose for row-major).
    pub fn stored(&self) -> (usize, usize) {
        match self.order {
            Order::ColMajor => (self.rows, self.cols),
            Order::RowMajor => (self.cols, self.rows),
        }
    }
    /// Elements one matrix spans: `(outer - 1) * ld + inner`, 0 if empty.
    pub(crate) fn extent(&self) -> Option<usize> {
        let (inner, outer) = self.stored();
        if inner == 0 || outer == 0 {
            return Some(0);
        }
        (outer - 1).checked_mul(self.ld)?.checked_add(inner)
    }
    /// Distance between batch entries (defaults to one matrix's extent).
    pub fn batch_stride(&self) -> usize {
        self.stride.unwrap_or_else(|| self.extent().unwrap_or(0))
    }
}

macro_rules! mat_ctors {
    ($ty:ident, $data:ty) => {
        impl<'a, A: ?Sized> $ty<'a, A> {
            /// `rows × cols`, column-major (BLAS's layout), leading dimension `max(1, rows)`.
            pub fn col_major(data: $data, rows: usize, cols: usize) -> Self {
                $ty {
                    data,
                    shape: Shape::new(rows, cols, Order::ColMajor),
                }
            }
            /// `rows × cols`, row-major (C's and ndarray's layout), leading dimension `max(1, cols)`.
            pub fn row_major(data: $data, rows: usize, cols: usize) -> Self {
                $ty {
                    data,
                    shape: Shape::new(rows, cols, Order::RowMajor),
                }
            }
            /// Sets the leading dimension (distance between columns, or rows if row-major).
            pub fn with_ld(mut self, ld: usize) -> Self {
                self.shape.ld = ld;
                self
            }
            /// Makes this a strided batch of `count` matrices, `stride` elements apart
            /// (for `gemm_strided_batched`; `stride` may be 0 for a shared read-only operand).
            pub fn batched(mut self, count: usize, stride: usize) -> Self {
                self.shape.count = count;
                self.shape.stride = Some(stride);
                self
            }
        }
    };
}
mat_ctors!(Mat, &'a A);
mat_ctors!(MatMut, &'a mut A);

/// A validated vector argument, not yet on the device.
pub struct VecDesc<'a, T: Scalar, B: Backend> {
    pub(crate) src: Src<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: usize,
}

/// A validated writable vector argument.
pub struct VecDescMut<'a, T: Scalar, B: Backend> {
    pub(crate) src: SrcMut<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: usize,
}

/// A validated matrix argument.
pub struct MatDesc<'a, T: Scalar, B: Backend> {
    pub(crate) src: Src<'a, T, B>,
    pub(crate) shape: Shape,
}

/// A validated writable matrix argument.
pub struct MatDescMut<'a, T: Scalar, B: Backend> {
    pub(crate) src: SrcMut<'a, T, B>,
    pub(crate) shape: Shape,
    /// Whether the matrices cover every element of the storage (so a call that overwrites the
    /// matrices needs no copy-in).
    pub(crate) dense: bool,
}

/// What may be passed as a vector operand: `&x` for any [`Input`] storage (the whole of it,
/// increment 1), a [`Vector`], or a 1-D ndarray view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed as a vector of `{T}`",
    label = "not a vector argument of `{T}`",
    note = "pass a reference to the whole storage (`&v` for a slice, `Vec`, array, `DeviceBuffer` or guard), `Vector::strided(&v, n, inc)`, or a 1-D ndarray array or view; check the element type is `{T}`"
)]
pub trait VecIn<'a, T: Scalar, B: Backend> {
    /// Validates the descriptor against its storage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `routine` and `arg` if the descriptor does not fit its
    /// storage (e.g. too short for its length and increment, or a leading dimension too small).
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>>;
}

/// What may be passed as a written vector operand: `&mut x`, a [`VectorMut`], or a 1-D ndarray
/// view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a vector of `{T}`",
    label = "not a writable vector argument of `{T}`",
    note = "pass `&mut v` (a slice, `Vec`, array, `DeviceBuffer` or `map_mut` guard), `VectorMut::strided(&mut v, n, inc)`, or a mutable 1-D ndarray array or view; check the element type is `{T}`"
)]
pub trait VecOut<'a, T: Scalar, B: Backend> {
    /// Validates the descriptor against its storage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `routine` and `arg` if the descriptor does not fit its
    /// storage (e.g. too short for its length and increment, or a leading dimension too small).
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>>;
}

/// What may be passed as a matrix operand: a [`Mat`] or a 2-D ndarray view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed as a matrix of `{T}`",
    label = "not a matrix argument of `{T}`",
    note = "a slice, `Vec` or device buffer has no shape: wrap it in `Mat::col_major(&v, rows, cols)` (or `Mat::row_major`)",
    note = "2-D ndarray arrays and views, and `DeviceMatrix`es, are matrix arguments as they are; check the element type is `{T}`"
)]
pub trait MatIn<'a, T: Scalar, B: Backend> {
    /// Validates the descriptor against its storage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `routine` and `arg` if the descriptor does not fit its
    /// storage (e.g. too short for its length and increment, or a leading dimension too small).
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>>;
}

/// What may be passed as a written matrix operand: a [`MatMut`] or a 2-D ndarray view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a matrix of `{T}`",
    label = "not a writable matrix argument of `{T}`",
    note = "a slice, `Vec` or device buffer has no shape: wrap it in `MatMut::col_major(&mut v, rows, cols)` (or `MatMut::row_major`)",
    note = "mutable 2-D ndarray arrays and views (`&mut a`, `a.view_mut()`), and `&mut DeviceMatrix`, are writable matrix arguments as they are; check the element type is `{T}`"
)]
pub trait MatOut<'a, T: Scalar, B: Backend> {
    /// Validates the descriptor against its storage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `routine` and `arg` if the descriptor does not fit its
    /// storage (e.g. too short for its length and increment, or a leading dimension too small).
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>>;
}

pub(crate) fn check_vec(
    routine: &'static str,
    arg: &'static str,
    n: usize,
    inc: usize,
    len: usize,
) -> Result<()> {
    if inc == 0 {
        return Err(Error::arg(
            routine,
            arg,
            "has increment 0; it must be at least 1",
        ));
    }
    let need = if n == 0 {
        Some(0)
    } else {
        (n - 1).checked_mul(inc).and_then(|v| v.checked_add(1))
    };
    match need {
        Some(need) if need <= len => Ok(()),
        _ => Err(Error::arg(
            routine,
            arg,
            format!(
                "is too short: {n} elements with increment {inc} need {} but it has {len}",
                need.map_or("more than usize::MAX".into(), |v| v.to_string())
            ),
        )),
    }
}

pub(crate) fn check_mat(
    routine: &'static str,
    arg: &'static str,
    s: &Shape,
    len: usize,
) -> Result<bool> {
    let (inner, _) = s.stored();
    if s.ld < inner.max(1) {
        let what = if s.order == Order::ColMajor {
            "rows"
        } else {
            "columns"
        };
        return Err(Error::arg(
            routine,
            arg,
            format!("has leading dimension {} < max(1, {what} = {inner})", s.ld),
        ));
    }
    let extent = s
        .extent()
        .ok_or_else(|| Error::arg(routine, arg, "spans more than usize::MAX elements"))?;
    let stride = s.batch_stride();
    let need = if s.count == 0 || extent == 0 {
        Some(0)
    } else {
        (s.count - 1)
            .checked_mul(stride)
            .and_then(|v| v.checked_add(extent))
    };
    match need {
        Some(need) if need <= len => {
            Ok(need == len && (s.count <= 1 || stride == extent) && s.ld == inner)
        }
        _ => {
            let what = if s.count == 1 && s.stride.is_none() {
                format!("a {}×{} matrix (ld {}) needs", s.rows, s.cols, s.ld)
            } else {
                format!(
                    "a batch of {} {}×{} matrices (ld {}, stride {stride}) needs",
                    s.count, s.rows, s.cols, s.ld
                )
            };
            let need = need.map_or("more than usize::MAX".into(), |v| v.to_string());
            Err(Error::arg(
                routine,
                arg,
                format!("is too short: {what} {need} elements but it has {len}"),
            ))
        }
    }
}

/// Implements the descriptor traits for a reference to each storage type.
macro_rules! storage_args {
    ($( [$($g:tt)*] $ty:ty ),* $(,)?) => {$(
        impl<'a, $($g)*> VecIn<'a, T, B> for &'a $ty {
            fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
                Vector::strided(self, Input::<T, B>::src(self).len(), 1).vec_in(routine, arg)
            }
        }
    )*};
}
macro_rules! storage_args_mut {
    ($( [$($g:tt)*] $ty:ty ),* $(,)?) => {$(
        impl<'a, $($g)*> VecOut<'a, T, B> for &'a mut $ty {
            fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
                let n = Input::<T, B>::src(&*self).len();
                VectorMut::strided(self, n, 1).vec_out(routine, arg)
            }
        }
    )*};
}

storage_args! {
    [T: Scalar, B: Backend] [T],
    [T: Scalar, B: Backend] Vec<T>,
    [T: Scalar, B: Backend, const N: usize] [T; N],
    [T: Scalar, B: Backend] DeviceBuffer<T, B>,
    [T: Scalar, B: Backend] DeviceSlice<'_, T, B>,
    [T: Scalar, B: Backend] DeviceSliceMut<'_, T, B>,
    [T: Scalar, B: Backend] MappedSlice<'_, T, B>,
    [T: Scalar, B: Backend] MappedSliceMut<'_, T, B>,
}
storage_args_mut! {
    [T: Scalar, B: Backend] [T],
    [T: Scalar, B: Backend] Vec<T>,
    [T: Scalar, B: Backend, const N: usize] [T; N],
    [T: Scalar, B: Backend] DeviceBuffer<T, B>,
    [T: Scalar, B: Backend] DeviceSliceMut<'_, T, B>,
    [T: Scalar, B: Backend] MappedSliceMut<'_, T, B>,
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Input<T, B>> VecIn<'a, T, B> for Vector<'a, A> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        let src = self.data.src();
        check_vec(routine, arg, self.n, self.inc, src.len())?;
        Ok(VecDesc {
            src,
            n: self.n,
            inc: self.inc,
        })
    }
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Output<T, B>> VecOut<'a, T, B> for VectorMut<'a, A> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        let src = self.data.src_mut();
        check_vec(routine, arg, self.n, self.inc, src.len())?;
        Ok(VecDescMut {
            src,
            n: self.n,
            inc: self.inc,
        })
    }
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Input<T, B>> MatIn<'a, T, B> for Mat<'a, A> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        let src = self.data.src();
        check_mat(routine, arg, &self.shape, src.len())?;
        Ok(MatDesc {
            src,
            shape: self.shape,
        })
    }
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Output<T, B>> MatOut<'a, T, B> for MatMut<'a, A> {
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        let src = self.data.src_mut();
        let dense = check_mat(routine, arg, &self.shape, src.len())?;
        Ok(MatDescMut {
            src,
            shape: self.shape,
            dense,
        })
    }
}

impl<'a, T: Scalar, B: Backend> VecDesc<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend> VecDescMut<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        copy_in: bool,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<StoredMut<'a, T, B>> {
        self.src.store(dev, copy_in, routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend> MatDesc<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}
impl<'a, T: Scalar, B: Backend> MatDescMut<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        copy_in: bool,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<StoredMut<'a, T, B>> {
        self.src.store(dev, copy_in, routine, arg)
    }
}
