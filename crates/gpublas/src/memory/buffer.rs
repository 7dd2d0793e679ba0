//! [`DeviceBuffer`]: an owned, typed device allocation, and its borrowed sub-slices.

use std::marker::PhantomData;
use std::ops::{Bound, RangeBounds};

use super::{download_slice, upload_slice, Alloc};
use crate::backend::{Backend, DevPtr, Dynamic};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::precision::Element;

/// `len` elements of `T` in a device's memory, freed (in stream order) when dropped.
pub struct DeviceBuffer<T: Element, B: Backend = Dynamic> {
    /// Owns the memory (freed when the buffer drops). Declared before `dev`, so it is freed
    /// while the device is still held.
    #[allow(dead_code)]
    alloc: Alloc<B>,
    dev: Device<B>,
    ptr: DevPtr,
    len: usize,
    _t: PhantomData<T>,
}

/// A borrowed, read-only range of a [`DeviceBuffer`].
pub struct DeviceSlice<'a, T: Element, B: Backend = Dynamic> {
    pub(crate) ptr: DevPtr,
    pub(crate) len: usize,
    pub(crate) dev: &'a Device<B>,
    _t: PhantomData<&'a [T]>,
}

/// A borrowed, writable range of a [`DeviceBuffer`].
pub struct DeviceSliceMut<'a, T: Element, B: Backend = Dynamic> {
    pub(crate) ptr: DevPtr,
    pub(crate) len: usize,
    pub(crate) dev: &'a Device<B>,
    _t: PhantomData<&'a mut [T]>,
}

impl<B: Backend> Device<B> {
    /// A buffer of `len` zeros.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if `len` elements are more bytes than any allocation can hold;
    /// [`Error::OutOfMemory`] if the device cannot hold `len` elements; a transfer or backend
    /// failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut z = dev.zeros::<f32>(3)?;
    /// dev.axpy(2.0, &[1.0, 2.0, 3.0], &mut z)?;
    /// assert_eq!(z.to_vec()?, [2.0, 4.0, 6.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn zeros<T: Element>(&self, len: usize) -> Result<DeviceBuffer<T, B>> {
        self.check()?;
        Ok(DeviceBuffer::from_alloc(
            self,
            Alloc::zeroed::<T>(self, "zeros", len)?,
            len,
        ))
    }

    /// A buffer holding a copy of `host`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] if the device cannot hold it; a transfer or backend failure (see
    /// [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = dev.upload(&[3.0f64, 4.0])?; // stays on the device across calls
    /// assert_eq!(dev.dot(&x, &x)?, 25.0);
    /// assert_eq!(x.to_vec()?, [3.0, 4.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn upload<T: Element>(&self, host: &[T]) -> Result<DeviceBuffer<T, B>> {
        self.check()?;
        let alloc = Alloc::new::<T>(self, "upload", host.len())?;
        upload_slice(self, alloc.ptr(), host)?;
        Ok(DeviceBuffer::from_alloc(self, alloc, host.len()))
    }
}

fn range_of(r: impl RangeBounds<usize>, len: usize) -> Option<(usize, usize)> {
    let start = match r.start_bound() {
        Bound::Included(&s) => s,
        Bound::Excluded(&s) => s.checked_add(1)?,
        Bound::Unbounded => 0,
    };
    let end = match r.end_bound() {
        Bound::Included(&e) => e.checked_add(1)?,
        Bound::Excluded(&e) => e,
        Bound::Unbounded => len,
    };
    (start <= end && end <= len).then_some((start, end))
}

/// Methods shared by buffers and slices.
macro_rules! common_methods {
    () => {
        /// Number of elements.
        pub fn len(&self) -> usize {
            self.len
        }

        /// Whether there are no elements.
        pub fn is_empty(&self) -> bool {
            self.len == 0
        }

        /// The raw device address of the first element (for the unsafe backend layer).
        pub fn as_device_ptr(&self) -> DevPtr {
            self.ptr
        }

        /// Copies the contents into a new `Vec`.
        ///
        /// # Errors
        /// A transfer or backend failure (see [`Error`](crate::Error)).
        ///
        /// # Examples
        /// ```
        /// use gpublas::prelude::*;
        ///
        /// let dev = Device::auto()?;
        /// let x = dev.upload(&[1.0f32, 2.0, 3.0])?;
        /// assert_eq!(x.to_vec()?, [1.0, 2.0, 3.0]);
        /// assert_eq!(x.slice(1..).to_vec()?, [2.0, 3.0]); // a sub-slice
        /// # Ok::<(), gpublas::Error>(())
        /// ```
        pub fn to_vec(&self) -> Result<Vec<T>> {
            let mut v = vec![T::zeroed(); self.len];
            self.copy_to_host(&mut v).map_err(|e| match e {
                // Partly written into the new `Vec`, which is dropped: nothing of the caller's.
                Error::PartlyWritten { source, .. } => *source,
                e => e,
            })?;
            Ok(v)
        }

        /// Copies the contents into `dst`, which must have the same length.
        ///
        /// # Errors
        /// [`Error::InvalidArgument`] if the lengths differ; a transfer or backend failure (see
        /// [`Error`](crate::Error)). `dst` is untouched on every error except
        /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after the data
        /// began to reach it), which names `dst` as possibly partly written.
        ///
        /// # Examples
        /// ```
        /// use gpublas::prelude::*;
        ///
        /// let dev = Device::auto()?;
        /// let x = dev.upload(&[1.0, 2.0, 3.0])?;
        /// let mut dst = [0.0; 2];
        /// x.slice(..2).copy_to_host(&mut dst)?;
        /// assert_eq!(dst, [1.0, 2.0]);
        /// assert!(x.copy_to_host(&mut dst).is_err()); // 3 elements into 2
        /// assert_eq!(dst, [1.0, 2.0]); // untouched
        /// # Ok::<(), gpublas::Error>(())
        /// ```
        pub fn copy_to_host(&self, dst: &mut [T]) -> Result<()> {
            self.device().check()?;
            if dst.len() != self.len {
                return Err(Error::arg(
                    "copy_to_host",
                    "dst",
                    format!(
                        "has length {} but the device data has {}",
                        dst.len(),
                        self.len
                    ),
                ));
            }
            download_slice(self.device(), dst, self.ptr)
                .map_err(|e| crate::transfer::name_output(e, "copy_to_host", "dst"))
        }

        /// A read-only sub-slice, or `None` if the range is out of bounds.
        pub fn get(&self, range: impl RangeBounds<usize>) -> Option<DeviceSlice<'_, T, B>> {
            let (s, e) = range_of(range, self.len)?;
            Some(DeviceSlice {
                ptr: self.ptr.offset::<T>(s),
                len: e - s,
                dev: self.device(),
                _t: PhantomData,
            })
        }

        /// A read-only sub-slice.
        ///
        /// # Panics
        /// If the range is out of bounds, like slice indexing.
        #[track_caller]
        pub fn slice(
            &self,
            range: impl RangeBounds<usize> + std::fmt::Debug,
        ) -> DeviceSlice<'_, T, B> {
            let len = self.len;
            let msg = format!("range {range:?} out of bounds for device data of length {len}");
            self.get(range).expect(&msg)
        }
    };
}

macro_rules! mut_methods {
    () => {
        /// Overwrites the contents with `src`, which must have the same length.
        ///
        /// # Errors
        /// [`Error::InvalidArgument`] if the lengths differ; a transfer or backend failure (see
        /// [`Error`](crate::Error)). The device data is untouched on every error except
        /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after the data
        /// began to reach it), which names it as possibly partly written.
        ///
        /// # Examples
        /// ```
        /// use gpublas::prelude::*;
        ///
        /// let dev = Device::auto()?;
        /// let mut x = dev.zeros::<f64>(4)?;
        /// x.slice_mut(1..3).copy_from_host(&[5.0, 6.0])?;
        /// assert_eq!(x.to_vec()?, [0.0, 5.0, 6.0, 0.0]);
        /// assert!(x.copy_from_host(&[1.0]).is_err()); // 1 element into 4
        /// # Ok::<(), gpublas::Error>(())
        /// ```
        pub fn copy_from_host(&mut self, src: &[T]) -> Result<()> {
            self.device().check()?;
            if src.len() != self.len {
                return Err(Error::arg(
                    "copy_from_host",
                    "src",
                    format!(
                        "has length {} but the device data has {}",
                        src.len(),
                        self.len
                    ),
                ));
            }
            upload_slice(self.device(), self.ptr, src)
        }

        /// A writable sub-slice, or `None` if the range is out of bounds.
        pub fn get_mut(
            &mut self,
            range: impl RangeBounds<usize>,
        ) -> Option<DeviceSliceMut<'_, T, B>> {
            let (s, e) = range_of(range, self.len)?;
            Some(DeviceSliceMut {
                ptr: self.ptr.offset::<T>(s),
                len: e - s,
                dev: self.device(),
                _t: PhantomData,
            })
        }

        /// A writable sub-slice.
        ///
        /// # Panics
        /// If the range is out of bounds, like slice indexing.
        #[track_caller]
        pub fn slice_mut(
            &mut self,
            range: impl RangeBounds<usize> + std::fmt::Debug,
        ) -> DeviceSliceMut<'_, T, B> {
            let len = self.len;
            let msg = format!("range {range:?} out of bounds for device data of length {len}");
            self.get_mut(range).expect(&msg)
        }
    };
}

impl<T: Element, B: Backend> DeviceBuffer<T, B> {
    common_methods!();
    mut_methods!();

    fn from_alloc(dev: &Device<B>, alloc: Alloc<B>, len: usize) -> Self {
        DeviceBuffer {
            ptr: alloc.ptr(),
            alloc,
            dev: dev.clone(),
            len,
            _t: PhantomData,
        }
    }

    /// The device the buffer lives on.
    pub fn device(&self) -> &Device<B> {
        &self.dev
    }

    /// A new buffer with the same contents (a device-to-device copy).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] if the device cannot hold the copy; a transfer or backend failure
    /// (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = dev.upload(&[1.0, 2.0])?;
    /// let mut y = x.try_clone()?;
    /// dev.scal(3.0, &mut y)?; // the copy is independent
    /// assert_eq!((x.to_vec()?, y.to_vec()?), (vec![1.0, 2.0], vec![3.0, 6.0]));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<Self> {
        let dev = self.device();
        dev.check()?;
        let alloc = Alloc::new::<T>(dev, "try_clone", self.len)?;
        if self.len > 0 {
            // SAFETY: both allocations hold `len` elements and are distinct.
            unsafe {
                Backend::copy(
                    dev.backend(),
                    alloc.ptr(),
                    self.ptr,
                    std::mem::size_of::<T>() * self.len,
                )?
            };
        }
        Ok(DeviceBuffer::from_alloc(dev, alloc, self.len))
    }

    /// The whole buffer as a read-only slice.
    pub fn as_slice(&self) -> DeviceSlice<'_, T, B> {
        DeviceSlice {
            ptr: self.ptr,
            len: self.len,
            dev: &self.dev,
            _t: PhantomData,
        }
    }

    /// The whole buffer as a writable slice.
    pub fn as_slice_mut(&mut self) -> DeviceSliceMut<'_, T, B> {
        DeviceSliceMut {
            ptr: self.ptr,
            len: self.len,
            dev: &self.dev,
            _t: PhantomData,
        }
    }
}

impl<'a, T: Element, B: Backend> DeviceSlice<'a, T, B> {
    common_methods!();

    /// A read-only slice over device memory gpublas did not allocate: `len` elements of `T`
    /// at `ptr` in `dev`'s memory space (memory of another library, e.g. a CUDA or HIP
    /// allocation, or a framework's tensor). It is accepted wherever a [`DeviceBuffer`] is, and
    /// checked against `len` like one.
    ///
    /// # Safety
    /// - `ptr` is null only if `len` is 0; otherwise it is aligned for `T` and the start of
    ///   `len * size_of::<T>()` bytes of one live allocation of `dev`'s context (for `Host`,
    ///   host memory), holding initialised `T`s;
    /// - for `'a`, nothing writes those bytes;
    /// - the allocation stays live until the work gpublas queues on `dev`'s stream through this
    ///   slice has run: free it after [`Device::synchronize`], or stream-ordered on the stream
    ///   `dev` runs on (see [`Gpu::from_raw_stream`](crate::backend::gpu::Gpu::from_raw_stream)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::backend::DevPtr;
    /// use gpublas::{DeviceSlice, DeviceSliceMut};
    ///
    /// let dev = Device::host(); // on `Host`, device memory is host memory
    /// let mine = vec![1.0f64, 2.0, 3.0]; // memory allocated by someone else
    /// // SAFETY: `mine` holds 3 f64s, is not written while `x` lives, and `Host` runs
    /// // synchronously.
    /// let x = unsafe { DeviceSlice::<f64, _>::from_raw_parts(&dev, DevPtr::from_raw(mine.as_ptr().cast_mut().cast()), 3) };
    /// assert_eq!(dev.asum(&x)?, 6.0);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub unsafe fn from_raw_parts(dev: &'a Device<B>, ptr: DevPtr, len: usize) -> Self {
        DeviceSlice {
            ptr,
            len,
            dev,
            _t: PhantomData,
        }
    }

    /// The device the data lives on.
    pub fn device(&self) -> &'a Device<B> {
        self.dev
    }
}

impl<'a, T: Element, B: Backend> DeviceSliceMut<'a, T, B> {
    common_methods!();
    mut_methods!();

    /// A writable slice over device memory gpublas did not allocate (see
    /// [`DeviceSlice::from_raw_parts`]).
    ///
    /// # Safety
    /// As for [`DeviceSlice::from_raw_parts`], and for `'a` nothing else reads or writes those
    /// bytes (the slice is the only access, as a `&mut [T]` would be).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::backend::DevPtr;
    /// use gpublas::{DeviceSlice, DeviceSliceMut};
    ///
    /// let dev = Device::host();
    /// let mut mine = vec![1.0f32, 2.0];
    /// {
    ///     // SAFETY: `mine` holds 2 f32s and is reached only through `y` while `y` lives.
    ///     let mut y = unsafe { DeviceSliceMut::<f32, _>::from_raw_parts_mut(&dev, DevPtr::from_raw(mine.as_mut_ptr().cast()), 2) };
    ///     dev.scal(2.0, &mut y)?;
    /// }
    /// assert_eq!(mine, [2.0, 4.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub unsafe fn from_raw_parts_mut(dev: &'a Device<B>, ptr: DevPtr, len: usize) -> Self {
        DeviceSliceMut {
            ptr,
            len,
            dev,
            _t: PhantomData,
        }
    }

    /// The device the data lives on.
    pub fn device(&self) -> &'a Device<B> {
        self.dev
    }
}

/// `Debug` for buffers and slices: their type, length and device address (never the contents,
/// which live on the device).
macro_rules! debug_device_data {
    ($($ty:ident $(<$lt:lifetime>)?),*) => {$(
        impl<$($lt,)? T: Element, B: Backend> std::fmt::Debug for $ty<$($lt,)? T, B> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($ty))
                    .field("len", &self.len)
                    .field("ptr", &self.ptr)
                    .finish()
            }
        }
    )*};
}
debug_device_data!(DeviceBuffer, DeviceSlice<'a>, DeviceSliceMut<'a>);
