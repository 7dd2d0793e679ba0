//! cudarc interop: a [`Device<Cuda>`] on a cudarc stream, and cudarc's device memory as
//! operands.
//!
//! ```no_run
//! use std::sync::Arc;
//! use cudarc::driver::CudaContext;
//! use gpublas::prelude::*;
//!
//! let ctx = CudaContext::new(0)?;
//! let stream = ctx.default_stream();
//! let dev = Device::from_cudarc(&stream)?; // gpublas runs on cudarc's stream
//! let x = stream.clone_htod(&[1.0f32, 2.0, 3.0])?;
//! let mut y = stream.alloc_zeros::<f32>(3)?;
//! dev.axpy(2.0, &dev.cudarc(&x)?, &mut dev.cudarc_mut(&mut y)?)?; // no copy, no sync
//! assert_eq!(stream.clone_dtoh(&y)?, [2.0, 4.0, 6.0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What is shared: the context (cudarc's `CudaContext::new` is the device's primary context,
//! the one the CUDA runtime and cuBLAS use) and the stream, so gpublas's calls run in order
//! with the program's kernels and copies on that stream. A slice allocated on another stream of
//! the same context is ordered the way cudarc orders it: its `device_ptr` makes gpublas's
//! stream wait for the slice's last write, and the view records gpublas's use when it drops.

use std::sync::Arc;

use cudarc::driver::{CudaStream, DevicePtr, DevicePtrMut, SyncOnDrop};

use crate::args::{
    Input, Output, Src, SrcMut, VecDesc, VecDescMut, VecIn, VecOut, Vector, VectorMut,
};
use crate::backend::{Cuda, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::precision::Element;

impl Device<Cuda> {
    /// A CUDA device that runs on cudarc's `stream`: every gpublas call on it is queued on that
    /// stream, ordered with the program's kernels and copies, with no synchronisation at a
    /// hand-off. The device keeps `stream` (an `Arc` clone) alive as long as it, its clones and
    /// its buffers live.
    ///
    /// # Errors
    /// [`Error::Unsupported`] if `stream`'s context is not its device's primary context (one
    /// from `CudaContext::new_non_primary`: cuBLAS and the CUDA runtime run in the primary
    /// one); otherwise as [`Device::cuda`].
    ///
    /// # Examples
    /// ```no_run
    /// use cudarc::driver::CudaContext;
    /// use gpublas::prelude::*;
    ///
    /// let stream = CudaContext::new(0)?.new_stream()?;
    /// let dev = Device::from_cudarc(&stream)?;
    /// assert!(dev.describe().starts_with("cuda"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_cudarc(stream: &Arc<CudaStream>) -> Result<Self> {
        let ctx = stream.context();
        if !ctx.is_primary() {
            return Err(Error::Unsupported {
                routine: "from_cudarc",
                what: "a stream of a non-primary CUDA context (cuBLAS and the CUDA runtime run in \
                       the device's primary context: create it with CudaContext::new)"
                    .into(),
            });
        }
        // cudarc's calls bind the context to the thread themselves; the runtime's first call
        // on this thread uses the same primary context.
        let raw = stream.cu_stream() as cublas_sys::cudaStream_t;
        let keep: Box<dyn std::any::Any + Send + Sync> = Box::new(stream.clone());
        // SAFETY: `raw` is a live stream of device `ordinal`'s primary context (checked above);
        // the `Arc` kept by the backend keeps it alive until the backend's context drops, which
        // is after every clone, buffer and guard of it (they hold the context), and the context
        // synchronises the stream before it lets go of the `Arc`.
        unsafe { Cuda::from_raw_stream(ctx.ordinal(), raw, Some(keep)) }.map(Device::new)
    }

    /// The cudarc stream this device runs on, if it was made by [`Device::from_cudarc`].
    pub fn cudarc_stream(&self) -> Option<&Arc<CudaStream>> {
        self.backend().kept()?.downcast_ref::<Arc<CudaStream>>()
    }

    /// cudarc device memory (a `CudaSlice`, `CudaView` or `CudaViewMut`) as a read-only
    /// operand of this device's calls. Borrowing `s` keeps cudarc from writing it while the
    /// view lives (as cudarc's own `device_ptr` does); the view makes this device's stream wait
    /// for the slice's last write and records its use on drop.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if this device was not made by [`Device::from_cudarc`] or `s`
    /// belongs to another context.
    ///
    /// # Examples
    /// ```no_run
    /// use cudarc::driver::CudaContext;
    /// use gpublas::prelude::*;
    ///
    /// let stream = CudaContext::new(0)?.default_stream();
    /// let dev = Device::from_cudarc(&stream)?;
    /// let x = stream.clone_htod(&[3.0f64, -4.0])?;
    /// assert_eq!(dev.nrm2(&dev.cudarc(&x)?)?, 5.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cudarc<'a, T: Element, S: DevicePtr<T>>(
        &'a self,
        s: &'a S,
    ) -> Result<CudarcView<'a, T>> {
        let stream = self.cudarc_home(s.stream())?;
        let len = s.len();
        let (ptr, sync) = s.device_ptr(stream);
        Ok(CudarcView {
            dev: self,
            ptr: DevPtr::from_raw(ptr as *mut u8),
            len,
            _sync: sync,
            _t: std::marker::PhantomData,
        })
    }

    /// cudarc device memory as a writable operand (see [`Device::cudarc`]); borrowing `s`
    /// mutably makes the view its only access while it lives.
    ///
    /// # Errors
    /// As for [`Device::cudarc`].
    ///
    /// # Examples
    /// ```no_run
    /// use cudarc::driver::CudaContext;
    /// use gpublas::prelude::*;
    ///
    /// let stream = CudaContext::new(0)?.default_stream();
    /// let dev = Device::from_cudarc(&stream)?;
    /// let mut y = stream.clone_htod(&[1.0f32, 2.0])?;
    /// dev.scal(3.0, &mut dev.cudarc_mut(&mut y)?)?;
    /// assert_eq!(stream.clone_dtoh(&y)?, [3.0, 6.0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cudarc_mut<'a, T: Element, S: DevicePtrMut<T>>(
        &'a self,
        s: &'a mut S,
    ) -> Result<CudarcViewMut<'a, T>> {
        let stream = self.cudarc_home(s.stream())?;
        let len = s.len();
        let (ptr, sync) = s.device_ptr_mut(stream);
        Ok(CudarcViewMut {
            dev: self,
            ptr: DevPtr::from_raw(ptr as *mut u8),
            len,
            _sync: sync,
            _t: std::marker::PhantomData,
        })
    }

    /// This device's cudarc stream, checked to share `other`'s context.
    fn cudarc_home(&self, other: &Arc<CudaStream>) -> Result<&Arc<CudaStream>> {
        let Some(own) = self.cudarc_stream() else {
            return Err(Error::arg(
                "cudarc",
                "device",
                "was not made by Device::from_cudarc (cudarc memory is ordered by cudarc's \
                 streams: make the device with Device::from_cudarc on one of them)",
            ));
        };
        if !Arc::ptr_eq(own.context(), other.context()) {
            return Err(Error::arg(
                "cudarc",
                "slice",
                "lives in another CUDA context than the device's stream",
            ));
        }
        Ok(own)
    }
}

/// cudarc device memory borrowed read-only as an operand (made by [`Device::cudarc`]).
pub struct CudarcView<'a, T> {
    dev: &'a Device<Cuda>,
    ptr: DevPtr,
    len: usize,
    _sync: SyncOnDrop<'a>,
    _t: std::marker::PhantomData<&'a [T]>,
}

/// cudarc device memory borrowed writably as an operand (made by [`Device::cudarc_mut`]).
pub struct CudarcViewMut<'a, T> {
    dev: &'a Device<Cuda>,
    ptr: DevPtr,
    len: usize,
    _sync: SyncOnDrop<'a>,
    _t: std::marker::PhantomData<&'a mut [T]>,
}

impl<T> std::fmt::Debug for CudarcView<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudarcView")
            .field("len", &self.len)
            .field("ptr", &self.ptr)
            .finish()
    }
}
impl<T> std::fmt::Debug for CudarcViewMut<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudarcViewMut")
            .field("len", &self.len)
            .field("ptr", &self.ptr)
            .finish()
    }
}

impl<T> CudarcView<'_, T> {
    /// Elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
impl<T> CudarcViewMut<'_, T> {
    /// Elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<T: Element> Input<T, Cuda> for CudarcView<'_, T> {
    fn src(&self) -> Src<'_, T, Cuda> {
        Src::device(self.ptr, self.len, self.dev)
    }
}
impl<T: Element> Input<T, Cuda> for CudarcViewMut<'_, T> {
    fn src(&self) -> Src<'_, T, Cuda> {
        Src::device(self.ptr, self.len, self.dev)
    }
}
impl<T: Element> Output<T, Cuda> for CudarcViewMut<'_, T> {
    fn src_mut(&mut self) -> SrcMut<'_, T, Cuda> {
        SrcMut::device(self.ptr, self.len, self.dev)
    }
}

// Taken whole as a vector (`&view`, `&mut view`), as the crate's own storage is.
impl<'a, T: Element> VecIn<'a, T, Cuda> for &'a CudarcView<'_, T> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, Cuda>> {
        Vector::strided(self, self.len, 1).vec_in(routine, arg)
    }
}
impl<'a, T: Element> VecIn<'a, T, Cuda> for &'a CudarcViewMut<'_, T> {
    fn vec_in(self, routine: &'static str, arg: &'static str) -> Result<VecDesc<'a, T, Cuda>> {
        Vector::strided(self, self.len, 1).vec_in(routine, arg)
    }
}
impl<'a, T: Element> VecOut<'a, T, Cuda> for &'a mut CudarcViewMut<'_, T> {
    fn vec_out(self, routine: &'static str, arg: &'static str) -> Result<VecDescMut<'a, T, Cuda>> {
        let n = self.len;
        VectorMut::strided(self, n, 1).vec_out(routine, arg)
    }
}
