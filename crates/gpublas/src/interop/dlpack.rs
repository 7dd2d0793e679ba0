//! DLPack (feature `dlpack`): gpublas's device buffers as DLPack tensors, and DLPack tensors of
//! other libraries (PyTorch, CuPy, JAX, …) as operands, without copies, through [`dlpark`]
//! (re-exported here, so its types match gpublas's).
//!
//! - **Export:** [`DeviceBuffer::into_dlpack`] (a vector) and [`DeviceBuffer::into_dlpack_matrix`]
//!   (a column-major matrix) give a versioned DLPack tensor that owns the buffer: the consumer
//!   frees it by dropping the tensor (DLPack's deleter), from any thread.
//!   [`DeviceBuffer::share_dlpack`] makes a tensor of either ABI (legacy or versioned) that
//!   shares an `Arc` of the buffer, for a producer that answers several `__dlpack__` requests.
//!   The device is synchronised first, so the data is complete on every stream of the GPU.
//! - **Import:** [`Device::with_dlpack`] / [`Device::with_dlpack_mut`] lend a tensor to a
//!   closure as a [`DlpackView`] / [`DlpackViewMut`]: a vector or a matrix (either layout, any
//!   leading dimension) usable wherever gpublas takes a device array. When the closure returns,
//!   gpublas waits for the work it queued on the tensor, so the tensor's owner may free it as
//!   soon as the borrow ends; the view cannot leave the closure.
//!
//! The tensor's device must be this device: the CPU for [`Host`](crate::Host), the same CUDA or
//! ROCm device for a GPU (the emulated GPU has no DLPack device). The producer's own pending
//! writes must be finished or ordered before gpublas's stream: obtain the tensor with
//! `__dlpack__(stream=…)` naming gpublas's stream (dlpark's `from_dlpack` with a stream does this),
//! or after the producer synchronised.
//!
//! ```
//! use gpublas::prelude::*;
//!
//! let dev = Device::host(); // a CUDA device exports and imports CUDA tensors the same way
//! let a = dev.upload(&[1.0f64, 2.0, 3.0, 4.0])?;
//! let t = a.into_dlpack_matrix(2, 2)?; // a 2×2 DLPack tensor, column-major, owning the buffer
//! let mut c = dev.zeros::<f64>(4)?;
//! dev.with_dlpack(&t, |a: &gpublas::interop::dlpack::DlpackView<'_, f64, _>| {
//!     let a = a.mat();
//!     dev.gemm(Op::N, Op::N, 1.0, a, a, 0.0, MatMut::col_major(&mut c, 2, 2))
//! })?;
//! assert_eq!(c.to_vec()?, [7.0, 10.0, 15.0, 22.0]);
//! # Ok::<(), gpublas::Error>(())
//! ```

use std::any::TypeId;
use std::sync::Arc;

pub use dlpark;
use dlpark::ffi::{DLDataType, DLDataTypeCode, DLDevice, DLDeviceType};
use dlpark::metadata::Fixed;
use dlpark::{DlpackFlags, Managed, ManagedTensorBase};

use crate::args::{Mat, MatMut, VecDesc, VecDescMut, VecIn, VecOut, Vector, VectorMut};
use crate::backend::{Backend, BackendKind, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceSlice, DeviceSliceMut};
use crate::precision::Element;
use crate::scalar::{Complex32, Complex64};
use crate::{bf16, f16};

/// The DLPack type of `T`.
fn dtype<T: Element>() -> DLDataType {
    let id = TypeId::of::<T>();
    let (code, bits) = if id == TypeId::of::<f32>() {
        (DLDataTypeCode::FLOAT, 32)
    } else if id == TypeId::of::<f64>() {
        (DLDataTypeCode::FLOAT, 64)
    } else if id == TypeId::of::<Complex32>() {
        (DLDataTypeCode::COMPLEX, 64)
    } else if id == TypeId::of::<Complex64>() {
        (DLDataTypeCode::COMPLEX, 128)
    } else if id == TypeId::of::<f16>() {
        (DLDataTypeCode::FLOAT, 16)
    } else if id == TypeId::of::<bf16>() {
        (DLDataTypeCode::BFLOAT, 16)
    } else {
        unreachable!("Element is implemented only for the scalar types and f16/bf16")
    };
    DLDataType::scalar(code, bits)
}

/// A readable name of a DLPack type.
fn dtype_name(t: DLDataType) -> String {
    let code = match t.code {
        DLDataTypeCode::INT => "int",
        DLDataTypeCode::UINT => "uint",
        DLDataTypeCode::FLOAT => "float",
        DLDataTypeCode::BFLOAT => "bfloat",
        DLDataTypeCode::COMPLEX => "complex",
        DLDataTypeCode::BOOL => "bool",
        _ => "type code ",
    };
    let code = if code == "type code " {
        format!("type code {}", t.code.0)
    } else {
        code.to_string()
    };
    if t.lanes == 1 {
        format!("{code}{}", t.bits)
    } else {
        format!("{code}{}x{}", t.bits, t.lanes)
    }
}

/// The DLPack device of `dev`'s memory.
fn dl_device<B: Backend>(dev: &Device<B>, routine: &'static str) -> Result<DLDevice> {
    let id = dev.backend().device_ordinal();
    let device_type = match dev.kind() {
        BackendKind::Host => DLDeviceType::CPU,
        BackendKind::Cuda => DLDeviceType::CUDA,
        BackendKind::Rocm => DLDeviceType::ROCM,
        _ => {
            return Err(Error::Unsupported {
                routine,
                what: format!(
                    "DLPack on {} (its memory has no DLPack device)",
                    dev.describe()
                ),
            })
        }
    };
    Ok(DLDevice {
        device_type,
        device_id: i32::try_from(id).unwrap_or(i32::MAX),
    })
}

fn dim(routine: &'static str, v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::arg(routine, "shape", format!("{v} is over DLPack's i64")))
}

impl<T: Element, B: Backend> DeviceBuffer<T, B> {
    /// This buffer as a one-dimensional versioned DLPack tensor that owns it (see the
    /// [module docs](self)).
    ///
    /// # Errors
    /// [`Error::Unsupported`] on a device without a DLPack device type (the emulated GPU); the
    /// device's failure to synchronise (including a failure of queued work).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let t = dev.upload(&[1.0f32, 2.0, 3.0])?.into_dlpack()?;
    /// assert_eq!(t.validate().unwrap().shape(), [3]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn into_dlpack(self) -> Result<dlpark::versioned::Dlpack> {
        Arc::new(self).share_dlpack(None)
    }

    /// This buffer as a `rows × cols` column-major versioned DLPack tensor (strides `[1, rows]`,
    /// Fortran order) that owns it (see the [module docs](self)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if `rows · cols` is not the buffer's length; otherwise as
    /// [`DeviceBuffer::into_dlpack`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let t = dev.zeros::<f64>(6)?.into_dlpack_matrix(2, 3)?;
    /// let v = t.validate().unwrap();
    /// assert_eq!((v.shape(), v.strides()), (&[2i64, 3][..], Some(&[1i64, 2][..])));
    /// assert!(dev.zeros::<f64>(6)?.into_dlpack_matrix(4, 2).is_err());
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn into_dlpack_matrix(self, rows: usize, cols: usize) -> Result<dlpark::versioned::Dlpack> {
        Arc::new(self).share_dlpack(Some((rows, cols)))
    }

    /// A DLPack tensor of either ABI (`M`: dlpark's `DLManagedTensor` or
    /// `DLManagedTensorVersioned`) over this shared buffer: a vector (`shape = None`) or a
    /// `rows × cols` column-major matrix. The tensor holds a clone of the `Arc`, so a producer
    /// can answer any number of exports. The device is synchronised first.
    ///
    /// # Errors
    /// As for [`DeviceBuffer::into_dlpack_matrix`].
    ///
    /// # Examples
    /// ```
    /// use std::sync::Arc;
    /// use gpublas::interop::dlpack::dlpark::ffi::DLManagedTensor;
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let buf = Arc::new(dev.upload(&[1.0f64, 2.0])?);
    /// let legacy = buf.share_dlpack::<DLManagedTensor>(None)?; // for a pre-1.0 consumer
    /// assert_eq!(legacy.validate().unwrap().shape(), [2]);
    /// assert_eq!(Arc::strong_count(&buf), 2);
    /// drop(legacy); // DLPack's deleter drops its clone
    /// assert_eq!(Arc::strong_count(&buf), 1);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn share_dlpack<M: ManagedTensorBase>(
        self: &Arc<Self>,
        shape: Option<(usize, usize)>,
    ) -> Result<Managed<M>> {
        const R: &str = "dlpack export";
        let device = dl_device(self.device(), R)?;
        let len = self.len();
        if let Some((rows, cols)) = shape {
            if rows.checked_mul(cols) != Some(len) {
                return Err(Error::arg(
                    R,
                    "shape",
                    format!("{rows} × {cols} is not the buffer's {len} elements"),
                ));
            }
        }
        self.device().synchronize()?;
        let data = self.as_device_ptr().as_raw().cast::<std::ffi::c_void>();
        let ctx = Arc::clone(self);
        match shape {
            None => export([dim(R, len)?], [1], ctx, data, device, dtype::<T>()),
            Some((rows, cols)) => {
                let r = dim(R, rows)?;
                export([r, dim(R, cols)?], [1, r], ctx, data, device, dtype::<T>())
            }
        }
    }
}

/// A DLPack tensor of `shape` and `strides` (elements) over `data`, owning `ctx`.
fn export<M: ManagedTensorBase, C: dlpark::OpaqueContext, const N: usize>(
    shape: [i64; N],
    strides: [i64; N],
    ctx: C,
    data: *mut std::ffi::c_void,
    device: DLDevice,
    dtype: DLDataType,
) -> Result<Managed<M>> {
    let mut init = Fixed::new(shape, strides)
        .initialize_as::<M>(ctx)
        .map_err(|e| Error::arg("dlpack export", "shape", e.to_string()))?;
    init.set_data(data).set_device(device).set_dtype(dtype);
    // SAFETY: `data` is the start of the buffer `ctx` keeps alive until the tensor's deleter
    // runs, on `device`, holding `shape` (strides explicit, in elements) of `dtype`; the buffer
    // is writable and shared with nothing else that writes it (the `Arc` is the caller's, who
    // reads it only through gpublas), so no flag is set.
    Ok(unsafe { init.finish() })
}

/// How an imported tensor's elements are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DlpackLayout {
    /// A vector of `len` contiguous elements.
    Vector {
        /// Its length.
        len: usize,
    },
    /// A `rows × cols` matrix, `ld` elements between columns (`ColMajor`) or rows (`RowMajor`).
    Matrix {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The leading dimension.
        ld: usize,
        /// Which of the two strides is 1.
        order: crate::Order,
    },
}

impl DlpackLayout {
    /// Elements along the unit stride, the number of such runs, and the step between runs (a
    /// vector: one run).
    fn runs(self) -> (usize, usize, usize) {
        match self {
            DlpackLayout::Vector { len } => (len, 1, len),
            DlpackLayout::Matrix {
                rows,
                cols,
                ld,
                order: crate::Order::ColMajor,
            } => (rows, cols, ld),
            DlpackLayout::Matrix {
                rows,
                cols,
                ld,
                order: crate::Order::RowMajor,
            } => (cols, rows, ld),
        }
    }

    /// Elements from the first to one past the last (0 when empty).
    fn span(self) -> Option<usize> {
        let (inner, outer, ld) = self.runs();
        if inner == 0 || outer == 0 {
            Some(0)
        } else {
            (outer - 1).checked_mul(ld)?.checked_add(inner)
        }
    }

    /// Whether the elements fill their span with no gaps.
    fn contiguous(self) -> bool {
        let (inner, outer, ld) = self.runs();
        inner == 0 || outer <= 1 || ld == inner
    }
}

/// The layout of a validated tensor, if gpublas can take it as a vector or a matrix.
fn layout_of(shape: &[i64], strides: &[i64]) -> std::result::Result<DlpackLayout, String> {
    let u = |v: i64| usize::try_from(v).map_err(|_| format!("negative shape or stride ({v})"));
    match (shape, strides) {
        (&[n], &[s]) => {
            let (n, s) = (u(n)?, u(s)?);
            if n <= 1 || s == 1 {
                Ok(DlpackLayout::Vector { len: n })
            } else {
                Err(format!(
                    "a vector with stride {s} (gpublas takes contiguous vectors)"
                ))
            }
        }
        (&[r, c], &[s0, s1]) => {
            let (rows, cols, s0, s1) = (u(r)?, u(c)?, u(s0)?, u(s1)?);
            let col_major = (rows <= 1 || s0 == 1) && (cols <= 1 || s1 >= rows.max(1));
            let row_major = (cols <= 1 || s1 == 1) && (rows <= 1 || s0 >= cols.max(1));
            if col_major {
                let ld = if cols <= 1 { rows.max(1) } else { s1 };
                Ok(DlpackLayout::Matrix {
                    rows,
                    cols,
                    ld,
                    order: crate::Order::ColMajor,
                })
            } else if row_major {
                let ld = if rows <= 1 { cols.max(1) } else { s0 };
                Ok(DlpackLayout::Matrix {
                    rows,
                    cols,
                    ld,
                    order: crate::Order::RowMajor,
                })
            } else {
                Err(format!(
                    "a {rows} × {cols} matrix with strides [{s0}, {s1}] (one stride must be 1, the other at least the extent it steps over)"
                ))
            }
        }
        _ => Err(format!(
            "a tensor of {} dimensions (gpublas takes vectors and matrices)",
            shape.len()
        )),
    }
}

/// Checks a tensor against `dev` and `T`: its device address, span (elements) and layout.
fn import<T: Element, B: Backend>(
    dev: &Device<B>,
    t: &dlpark::tensor::TensorRef<'_>,
    routine: &'static str,
) -> Result<(DevPtr, usize, DlpackLayout)> {
    let bad = |what: String| Error::arg(routine, "tensor", what);
    let want = dtype::<T>();
    if t.dtype() != want {
        return Err(bad(format!(
            "holds {}, not {} as the call's type",
            dtype_name(t.dtype()),
            dtype_name(want)
        )));
    }
    let mine = dl_device(dev, routine)?;
    let theirs = t.device();
    let managed =
        theirs.device_type == DLDeviceType::CUDAMANAGED && mine.device_type == DLDeviceType::CUDA;
    if theirs != mine && !managed {
        return Err(bad(format!(
            "is on DLPack device {}:{}, this device is {}:{} ({})",
            theirs.device_type.0,
            theirs.device_id,
            mine.device_type.0,
            mine.device_id,
            dev.describe()
        )));
    }
    let strides = t.strides_or_compact().map_err(|e| bad(e.to_string()))?;
    let layout = layout_of(t.shape(), &strides).map_err(|e| Error::Unsupported {
        routine,
        what: format!("DLPack import of {e}"),
    })?;
    let span = layout
        .span()
        .filter(|s| {
            s.checked_mul(std::mem::size_of::<T>())
                .is_some_and(|b| b <= isize::MAX as usize)
        })
        .ok_or_else(|| bad("spans more bytes than any allocation holds".into()))?;
    let base = t.data_ptr() as usize;
    let at = usize::try_from(t.byte_offset())
        .ok()
        .and_then(|o| base.checked_add(o))
        .ok_or_else(|| bad("byte offset overflows the address space".into()))?;
    if span > 0 && (at == 0 || at % std::mem::align_of::<T>() != 0) {
        return Err(bad(format!(
            "data at {at:#x} is null or not aligned for its type"
        )));
    }
    let ptr = if span == 0 {
        DevPtr::NULL
    } else {
        DevPtr::from_raw(
            t.data_ptr()
                .cast_mut()
                .cast::<u8>()
                .wrapping_add(at - base)
                .cast(),
        )
    };
    Ok((ptr, span, layout))
}

/// A DLPack tensor lent to [`Device::with_dlpack`]'s closure: a vector or a matrix in this
/// device's memory, read-only.
///
/// It cannot leave the closure, since the tensor's owner may free the memory once
/// `with_dlpack` returns:
///
/// ```compile_fail
/// use gpublas::interop::dlpack::DlpackView;
/// use gpublas::prelude::*;
///
/// let dev = Device::host();
/// let t = dev.upload(&[1.0f64, 2.0])?.into_dlpack()?;
/// let kept = dev.with_dlpack(&t, |x: &DlpackView<'_, f64, _>| Ok(x.mat()))?; // error: borrowed
/// # Ok::<(), gpublas::Error>(())
/// ```
pub struct DlpackView<'v, T: Element, B: Backend> {
    slice: DeviceSlice<'v, T, B>,
    layout: DlpackLayout,
}

/// A writable DLPack tensor lent to [`Device::with_dlpack_mut`]'s closure.
pub struct DlpackViewMut<'v, T: Element, B: Backend> {
    slice: DeviceSliceMut<'v, T, B>,
    layout: DlpackLayout,
}

fn matrix_shape(layout: DlpackLayout) -> (usize, usize, usize, crate::Order) {
    match layout {
        DlpackLayout::Vector { len } => (len, 1, len.max(1), crate::Order::ColMajor),
        DlpackLayout::Matrix {
            rows,
            cols,
            ld,
            order,
        } => (rows, cols, ld, order),
    }
}

/// `data` as a matrix operand of `layout` (a vector as one column).
fn mat_of<A>(data: &A, layout: DlpackLayout) -> Mat<'_, A> {
    let (rows, cols, ld, order) = matrix_shape(layout);
    match order {
        crate::Order::ColMajor => Mat::col_major(data, rows, cols),
        crate::Order::RowMajor => Mat::row_major(data, rows, cols),
    }
    .with_ld(ld)
}

fn not_contiguous(routine: &'static str) -> Error {
    Error::Unsupported {
        routine,
        what: "the elements of a matrix with gaps between its columns or rows as one slice (use mat())"
            .into(),
    }
}

impl<'v, T: Element, B: Backend> DlpackView<'v, T, B> {
    /// How the tensor's elements are laid out.
    pub fn layout(&self) -> DlpackLayout {
        self.layout
    }

    /// The tensor as a matrix operand (a vector as one column), in its own layout and leading
    /// dimension.
    pub fn mat(&self) -> Mat<'_, DeviceSlice<'v, T, B>> {
        mat_of(&self.slice, self.layout)
    }

    /// The elements as one device slice (a vector operand).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a matrix with gaps between its columns or rows.
    pub fn slice(&self) -> Result<&DeviceSlice<'v, T, B>> {
        if self.layout.contiguous() {
            Ok(&self.slice)
        } else {
            Err(not_contiguous("DlpackView::slice"))
        }
    }
}

impl<'v, T: Element, B: Backend> DlpackViewMut<'v, T, B> {
    /// How the tensor's elements are laid out.
    pub fn layout(&self) -> DlpackLayout {
        self.layout
    }

    /// The tensor as a read-only matrix operand (see [`DlpackView::mat`]).
    pub fn mat(&self) -> Mat<'_, DeviceSliceMut<'v, T, B>> {
        mat_of(&self.slice, self.layout)
    }

    /// The tensor as a writable matrix operand, in its own layout and leading dimension.
    pub fn mat_mut(&mut self) -> MatMut<'_, DeviceSliceMut<'v, T, B>> {
        let (rows, cols, ld, order) = matrix_shape(self.layout);
        match order {
            crate::Order::ColMajor => MatMut::col_major(&mut self.slice, rows, cols),
            crate::Order::RowMajor => MatMut::row_major(&mut self.slice, rows, cols),
        }
        .with_ld(ld)
    }

    /// The elements as one writable device slice (a vector operand).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a matrix with gaps between its columns or rows.
    pub fn slice_mut(&mut self) -> Result<&mut DeviceSliceMut<'v, T, B>> {
        if self.layout.contiguous() {
            Ok(&mut self.slice)
        } else {
            Err(not_contiguous("DlpackViewMut::slice_mut"))
        }
    }
}

// Taken whole as a vector (`&view`, `&mut view`) when the elements have no gaps.
impl<'a, T: Element, B: Backend> VecIn<'a, T, B> for &'a DlpackView<'_, T, B> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        let s = self.slice()?;
        Vector::strided(s, s.len(), 1).vec_in(routine, arg)
    }
}
impl<'a, T: Element, B: Backend> VecIn<'a, T, B> for &'a DlpackViewMut<'_, T, B> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, B>> {
        if !self.layout.contiguous() {
            return Err(not_contiguous(routine));
        }
        Vector::strided(&self.slice, self.slice.len(), 1).vec_in(routine, arg)
    }
}
impl<'a, T: Element, B: Backend> VecOut<'a, T, B> for &'a mut DlpackViewMut<'_, T, B> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, B>> {
        let s = self.slice_mut()?;
        let n = s.len();
        VectorMut::strided(s, n, 1).vec_out(routine, arg)
    }
}

impl<B: Backend> Device<B> {
    /// Lends a DLPack tensor (of any ABI) to `f` as a [`DlpackView`]: a vector or matrix operand
    /// in this device's memory, with no copy. When `f` returns, the device waits for the work
    /// queued on the tensor (also on the device's forks), so the tensor's owner may free it
    /// once the borrow ends. See the [module docs](self) for the producer's side.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if the tensor is not on this device, holds another type than
    /// `T`, or is malformed (negative or overflowing sizes, a null or misaligned address);
    /// [`Error::Unsupported`] for a layout gpublas cannot take (more than two dimensions, a
    /// strided vector, a matrix without a unit stride) or on a device without a DLPack device
    /// type (the emulated GPU); `f`'s error; a failure of the final synchronisation.
    ///
    /// # Examples
    /// ```
    /// use gpublas::interop::dlpack::DlpackView;
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let t = dev.upload(&[3.0f64, 4.0])?.into_dlpack()?; // e.g. from PyTorch
    /// let norm = dev.with_dlpack(&t, |x: &DlpackView<'_, f64, _>| dev.nrm2(x))?;
    /// assert_eq!(norm, 5.0);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn with_dlpack<T: Element, M: ManagedTensorBase, R>(
        &self,
        tensor: &Managed<M>,
        f: impl for<'v> FnOnce(&DlpackView<'v, T, B>) -> Result<R>,
    ) -> Result<R> {
        const ROUTINE: &str = "with_dlpack";
        self.check()?;
        let t = tensor
            .validate()
            .map_err(|e| Error::arg(ROUTINE, "tensor", e.to_string()))?;
        let (ptr, span, layout) = import::<T, B>(self, &t, ROUTINE)?;
        // SAFETY: `ptr` is the tensor's first element on this device (checked: the same DLPack
        // device, the type `T`, aligned, non-null unless empty) and `span` elements from it
        // are the tensor's (its producer's contract, which `Managed` carries); the tensor is
        // borrowed, so alive, until this returns, and the view cannot leave `f` (it is generic
        // over the view's lifetime); before returning, the device waits for all it queued.
        let slice = unsafe { DeviceSlice::from_raw_parts(self, ptr, span) };
        let r = f(&DlpackView { slice, layout });
        self.settle_borrowed(r)
    }

    /// Lends a writable DLPack tensor to `f` as a [`DlpackViewMut`] (see
    /// [`Device::with_dlpack`]).
    ///
    /// # Errors
    /// As for [`Device::with_dlpack`], and [`Error::InvalidArgument`] if the tensor is marked
    /// read-only.
    ///
    /// # Examples
    /// ```
    /// use gpublas::interop::dlpack::DlpackViewMut;
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::host();
    /// let mut t = dev.upload(&[1.0f32, 2.0, 3.0, 4.0])?.into_dlpack_matrix(2, 2)?;
    /// dev.with_dlpack_mut(&mut t, |c: &mut DlpackViewMut<'_, f32, _>| {
    ///     dev.scal(2.0, c.slice_mut()?)?; // C ← 2·C
    ///     let id = [1.0f32, 0.0, 0.0, 1.0];
    ///     let i = Mat::col_major(&id, 2, 2);
    ///     dev.gemm(Op::N, Op::N, 1.0, i, i, 1.0, c.mat_mut()) // C ← I·I + C
    /// })?;
    /// let sum = dev.with_dlpack(&t, |c: &gpublas::interop::dlpack::DlpackView<'_, f32, _>| dev.asum(c))?;
    /// assert_eq!(sum, 2.0 * 10.0 + 2.0);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn with_dlpack_mut<T: Element, M: ManagedTensorBase, R>(
        &self,
        tensor: &mut Managed<M>,
        f: impl for<'v> FnOnce(&mut DlpackViewMut<'v, T, B>) -> Result<R>,
    ) -> Result<R> {
        const ROUTINE: &str = "with_dlpack_mut";
        self.check()?;
        if tensor.flags().contains(DlpackFlags::READ_ONLY) {
            return Err(Error::arg(
                ROUTINE,
                "tensor",
                "is marked read-only by its producer",
            ));
        }
        let t = tensor
            .validate_mut()
            .map_err(|e| Error::arg(ROUTINE, "tensor", e.to_string()))?;
        let (ptr, span, layout) = import::<T, B>(self, &t, ROUTINE)?;
        // SAFETY: as in `with_dlpack`; the tensor is borrowed mutably and not read-only, and
        // its layout (checked) has no two elements at one address.
        let slice = unsafe { DeviceSliceMut::from_raw_parts_mut(self, ptr, span) };
        let r = f(&mut DlpackViewMut { slice, layout });
        self.settle_borrowed(r)
    }
}
