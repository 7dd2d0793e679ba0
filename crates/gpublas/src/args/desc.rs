//! Shape descriptors: [`Vector`] and [`Mat`] (and their writable forms), the traits that turn
//! arguments into validated descriptors, and the validation rules.

mod batch;
mod vec_batch;

use super::resolve::{Src, SrcMut, Stored, StoredMut};
use super::{Input, Output};
use crate::backend::Backend;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{
    DeviceBuffer, DeviceSlice, DeviceSliceMut, HostBuffer, MappedSlice, MappedSliceMut, PinnedSlice,
};
use crate::precision::Element;
use crate::types::Order;

pub use batch::{MatArray, MatArrayMut, MatsDesc, MatsDescMut, MatsIn, MatsOut};
pub use vec_batch::{VecsDesc, VecsDescMut, VecsIn, VecsOut, VectorBatch, VectorBatchMut};

/// A strided vector over some storage: `n` elements, `inc` apart, with reference BLAS's rules
/// for the increment.
///
/// The storage plays the role of the array argument of Fortran BLAS (`X` with `INCX`): it starts
/// at the lowest address the vector touches, whatever the sign of `inc`, and element `i`
/// (`0 ≤ i < n`) is
///
/// | `inc` | element `i` | storage needed |
/// |---|---|---|
/// | `> 0` | `data[i·inc]` | `(n−1)·inc + 1` |
/// | `< 0` | `data[(n−1−i)·(−inc)]`: the vector walked from the end | `(n−1)·(−inc) + 1` |
/// | `= 0` | `data[0]` for every `i` | `1` (if `n > 0`) |
///
/// How each routine treats the increments is reference BLAS's (LAPACK 3.12's `BLAS/SRC`):
///
/// | routines | `inc < 0` | `inc = 0` | netlib source |
/// |---|---|---|---|
/// | `axpy`, `copy`, `swap`, `dot`/`dotu`/`dotc` | walked from the end | the same element every time; an output with increment 0 is updated in walk order: `copy` leaves the last `x` of the walk in `y[0]`, `axpy` adds `α·Σxᵢ` to `y[0]`, `swap` rotates by one (both 0: swapped iff `n` is odd) | `?axpy.f`, `?copy.f`, `?swap.f`, `?dot.f`, `?dotu.f`, `?dotc.f` |
/// | `scal` | no-op | no-op | `?scal.f` (`INCX.LE.0` returns; so does `α = 1` since 3.12) |
/// | `asum` | `0` | `0` | `?asum.f`, `scasum.f`, `dzasum.f` (`INCX.LE.0` returns 0) |
/// | `iamax`, `iamin` | `None` | `None` | `i?amax.f` (`INCX.LE.0` returns 0; `iamin` follows `iamax`) |
/// | `nrm2` | the norm of the elements | `√n·abs(x₀)` (`n` copies of `x₀`) | `?nrm2.f90`, `scnrm2.f90`, `dznrm2.f90` (3.10 and later walk any increment) |
/// | `gemv`, `ger`/`geru`/`gerc` | walked from the end | an error naming `incx`/`incy` | `?gemv.f`, `?ger.f`, `?geru.f`, `?gerc.f` (`XERBLA`) |
///
/// An increment whose magnitude exceeds `isize::MAX` (`isize::MIN`), or a span of more than
/// `isize::MAX` elements, is an error: no allocation can be that large.
///
/// A `Vector` is `Copy` whatever its storage (it holds a shared borrow), so one descriptor can
/// be passed to many calls; see [`Mat`].
#[derive(Debug)]
pub struct Vector<'a, A: ?Sized> {
    data: &'a A,
    n: usize,
    inc: isize,
}

/// A writable strided vector (the rules are [`Vector`]'s). Not `Copy` (it holds the only
/// borrow of its storage): [`VectorMut::reborrow`] lends it to one call at a time.
#[derive(Debug)]
pub struct VectorMut<'a, A: ?Sized> {
    data: &'a mut A,
    n: usize,
    inc: isize,
}

impl<'a, A: ?Sized> Vector<'a, A> {
    /// `n` elements of `data`, `inc` apart; a negative `inc` walks the vector from the end of
    /// its span, `0` repeats `data[0]` (see [`Vector`] for the rules).
    pub fn strided(data: &'a A, n: usize, inc: isize) -> Self {
        Vector { data, n, inc }
    }
}

impl<'a, A: ?Sized> VectorMut<'a, A> {
    /// `n` elements of `data`, `inc` apart; a negative `inc` walks the vector from the end of
    /// its span, `0` repeats `data[0]` (see [`Vector`] for the rules).
    pub fn strided(data: &'a mut A, n: usize, inc: isize) -> Self {
        VectorMut { data, n, inc }
    }

    /// The same vector, borrowing this one (to pass it to a call and keep it for the next).
    pub fn reborrow(&mut self) -> VectorMut<'_, A> {
        VectorMut {
            data: &mut *self.data,
            n: self.n,
            inc: self.inc,
        }
    }
}

/// `Clone` and `Copy` for read-only descriptors: each holds a shared borrow and plain shape
/// data, so it is `Copy` whatever its storage type (a derive would demand `A: Copy`, which no
/// slice, `Vec` or device buffer is).
macro_rules! copy_descriptors {
    ($($ty:ident),* $(,)?) => {$(
        impl<A: ?Sized> Clone for $ty<'_, A> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A: ?Sized> Copy for $ty<'_, A> {}
    )*};
}
pub(crate) use copy_descriptors;
copy_descriptors!(Vector, Mat);

/// A matrix over some storage: `rows × cols`, stored in `order` with leading dimension `ld`,
/// optionally a strided batch of such matrices.
///
/// A `Mat` holds a shared borrow of its storage and its shape, so it is `Copy` (and `Clone`)
/// whatever the storage — a slice, a `Vec`, a device buffer or a guard — and one descriptor
/// can be described once and passed to many calls:
///
/// ```
/// use gpublas::prelude::*;
///
/// let dev = Device::auto()?;
/// let a = vec![2.0, 0.0, 0.0, 3.0]; // diag(2, 3)
/// let a_mat = Mat::col_major(&a, 2, 2); // described once...
/// let mut x = vec![1.0, 1.0];
/// for _ in 0..3 {
///     let mut y = vec![0.0; 2];
///     dev.gemv(Op::N, 1.0, a_mat, &x, 0.0, &mut y)?; // ...used in every iteration
///     x = y;
/// }
/// assert_eq!(x, [8.0, 27.0]); // diag(2, 3)³ · [1, 1]
/// # // Every read-only descriptor is `Copy` over every kind of storage.
/// # fn copy<T: Copy>(_: T) {}
/// # let (buf, guard, offsets) = (dev.upload(&a)?, dev.map(&a)?, [0, 2]);
/// # copy(Mat::col_major(&a[..], 2, 2));
/// # copy(Mat::col_major(&buf, 2, 2));
/// # copy(Mat::col_major(&guard, 2, 2));
/// # copy(Mat::col_major(&a, 1, 2).at_offsets(&offsets));
/// # copy(Vector::strided(&a[..], 2, 2));
/// # copy(Vector::strided(&buf, 2, 2).batched(2, 1));
/// # copy(Banded::new(&a[..], 2, 2, 0, 0));
/// # copy(Packed::upper(&buf, 2));
/// # Ok::<(), gpublas::Error>(())
/// ```
#[derive(Debug)]
pub struct Mat<'a, A: ?Sized> {
    data: &'a A,
    shape: Shape,
}

/// A writable matrix (or strided batch of matrices).
///
/// It holds the only borrow of its storage, so it is not `Copy`; [`MatMut::reborrow`] lends it
/// to one call at a time:
///
/// ```
/// use gpublas::prelude::*;
///
/// let dev = Device::auto()?;
/// let mut c = vec![0.0f32; 4];
/// let mut c_mat = MatMut::row_major(&mut c, 2, 2);
/// let (a, b) = ([1.0f32, 2.0, 3.0, 4.0], [1.0f32, 0.0, 0.0, 1.0]); // B = I
/// let (a, b) = (Mat::row_major(&a, 2, 2), Mat::row_major(&b, 2, 2));
/// for _ in 0..2 {
///     dev.gemm(Op::N, Op::N, 1.0, a, b, 1.0, c_mat.reborrow())?; // C ← A·I + C
/// }
/// assert_eq!(c, [2.0, 4.0, 6.0, 8.0]);
/// # Ok::<(), gpublas::Error>(())
/// ```
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

impl<A: ?Sized> MatMut<'_, A> {
    /// The same matrix, borrowing this one (to pass it to a call and keep it for the next).
    pub fn reborrow(&mut self) -> MatMut<'_, A> {
        MatMut {
            data: &mut *self.data,
            shape: self.shape,
        }
    }
}

/// A validated vector argument, not yet on the device.
pub struct VecDesc<'a, T: Element, B: Backend> {
    pub(crate) src: Src<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: isize,
}

/// A validated writable vector argument.
pub struct VecDescMut<'a, T: Element, B: Backend> {
    pub(crate) src: SrcMut<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: isize,
}

/// A validated matrix argument.
pub struct MatDesc<'a, T: Element, B: Backend> {
    pub(crate) src: Src<'a, T, B>,
    pub(crate) shape: Shape,
}

/// A validated writable matrix argument.
pub struct MatDescMut<'a, T: Element, B: Backend> {
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
pub trait VecIn<'a, T: Element, B: Backend> {
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
pub trait VecOut<'a, T: Element, B: Backend> {
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
pub trait MatIn<'a, T: Element, B: Backend> {
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
pub trait MatOut<'a, T: Element, B: Backend> {
    /// Validates the descriptor against its storage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `routine` and `arg` if the descriptor does not fit its
    /// storage (e.g. too short for its length and increment, or a leading dimension too small).
    fn mat_out(self, routine: &'static str, arg: &'static str) -> Result<MatDescMut<'a, T, B>>;
}

/// The elements a vector of `n` elements with increment `inc` spans: `(n−1)·|inc| + 1`, `1` for
/// `inc = 0` and `n > 0`, `0` for `n = 0`; `None` if that exceeds `isize::MAX`.
pub(crate) fn vec_span(n: usize, inc: isize) -> Option<usize> {
    if n == 0 {
        return Some(0);
    }
    (n - 1)
        .checked_mul(inc.unsigned_abs())
        .and_then(|v| v.checked_add(1))
        .filter(|&v| v <= isize::MAX as usize)
}

/// Checks a vector descriptor against its storage's length (reference BLAS's rules: any
/// increment, see [`Vector`]).
pub(crate) fn check_vec(
    routine: &'static str,
    arg: &'static str,
    n: usize,
    inc: isize,
    len: usize,
) -> Result<()> {
    if inc == isize::MIN {
        return Err(Error::arg(
            routine,
            arg,
            format!("has increment {inc}, whose magnitude exceeds isize::MAX"),
        ));
    }
    match vec_span(n, inc) {
        Some(need) if need <= len => Ok(()),
        Some(need) => Err(Error::arg(
            routine,
            arg,
            format!("is too short: {n} elements with increment {inc} need {need} but it has {len}"),
        )),
        None => Err(Error::arg(
            routine,
            arg,
            format!("spans more than isize::MAX elements ({n} elements with increment {inc})"),
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
    if s.ld > isize::MAX as usize {
        return Err(Error::arg(
            routine,
            arg,
            format!("has leading dimension {} > isize::MAX", s.ld),
        ));
    }
    if let Some(stride) = s.stride.filter(|&v| v > isize::MAX as usize) {
        return Err(Error::arg(
            routine,
            arg,
            format!("has batch stride {stride} > isize::MAX"),
        ));
    }
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
    [T: Element, B: Backend] [T],
    [T: Element, B: Backend] Vec<T>,
    [T: Element, B: Backend, const N: usize] [T; N],
    [T: Element, B: Backend] DeviceBuffer<T, B>,
    [T: Element, B: Backend] DeviceSlice<'_, T, B>,
    [T: Element, B: Backend] DeviceSliceMut<'_, T, B>,
    [T: Element, B: Backend] MappedSlice<'_, T, B>,
    [T: Element, B: Backend] MappedSliceMut<'_, T, B>,
    [T: Element, B: Backend] HostBuffer<T, B>,
    [T: Element, B: Backend] PinnedSlice<'_, T, B>,
}
storage_args_mut! {
    [T: Element, B: Backend] [T],
    [T: Element, B: Backend] Vec<T>,
    [T: Element, B: Backend, const N: usize] [T; N],
    [T: Element, B: Backend] DeviceBuffer<T, B>,
    [T: Element, B: Backend] DeviceSliceMut<'_, T, B>,
    [T: Element, B: Backend] MappedSliceMut<'_, T, B>,
    [T: Element, B: Backend] HostBuffer<T, B>,
    [T: Element, B: Backend] PinnedSlice<'_, T, B>,
}

impl<'a, T: Element, B: Backend, A: ?Sized + Input<T, B>> VecIn<'a, T, B> for Vector<'a, A> {
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

impl<'a, T: Element, B: Backend, A: ?Sized + Output<T, B>> VecOut<'a, T, B> for VectorMut<'a, A> {
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

impl<'a, T: Element, B: Backend, A: ?Sized + Input<T, B>> MatIn<'a, T, B> for Mat<'a, A> {
    fn mat_in(self, routine: &'static str, arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        let src = self.data.src();
        check_mat(routine, arg, &self.shape, src.len())?;
        Ok(MatDesc {
            src,
            shape: self.shape,
        })
    }
}

impl<'a, T: Element, B: Backend, A: ?Sized + Output<T, B>> MatOut<'a, T, B> for MatMut<'a, A> {
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

impl<'a, T: Element, B: Backend> VecDesc<'a, T, B> {
    /// Stores the argument on its own (ops use [`Call`](super::Call), which packs small ones).
    #[allow(dead_code)]
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}
impl<'a, T: Element, B: Backend> VecDescMut<'a, T, B> {
    /// Stores the argument on its own (ops use [`Call`](super::Call), which packs small ones).
    #[allow(dead_code)]
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
impl<'a, T: Element, B: Backend> MatDesc<'a, T, B> {
    /// Stores the argument on its own (ops use [`Call`](super::Call), which packs small ones).
    #[allow(dead_code)]
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}
impl<'a, T: Element, B: Backend> MatDescMut<'a, T, B> {
    /// Stores the argument on its own (ops use [`Call`](super::Call), which packs small ones).
    #[allow(dead_code)]
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

/// Validated descriptors are arguments themselves (so a caller can validate, then decide).
impl<'a, T: Element, B: Backend> MatIn<'a, T, B> for MatDesc<'a, T, B> {
    fn mat_in(self, _routine: &'static str, _arg: &'static str) -> Result<MatDesc<'a, T, B>> {
        Ok(self)
    }
}

/// Validated writable descriptors are arguments themselves.
impl<'a, T: Element, B: Backend> MatOut<'a, T, B> for MatDescMut<'a, T, B> {
    fn mat_out(self, _routine: &'static str, _arg: &'static str) -> Result<MatDescMut<'a, T, B>> {
        Ok(self)
    }
}
