//! Mapping guards: host slices mapped onto device allocations for as long as the guard lives
//! (OpenMP's `target data map(to: …)` / `map(tofrom: …)` / `map(from: …)`).
//!
//! Soundness does not depend on the guard's destructor running: the host→device copy is
//! complete before `map` returns, and the device→host copy is complete before `finish` or `drop`
//! returns, so after `mem::forget` no transfer can touch the host memory once its borrow ends
//! (the device allocation leaks instead).

use std::marker::PhantomData;

use super::{download_slice, upload_slice, RawAlloc};
use crate::backend::{Backend, DevPtr, Dynamic};
use crate::device::{Device, Present};
use crate::error::Result;
use crate::scalar::Scalar;

/// A host slice mapped read-only onto the device (map kind `to`). While it lives, passing the
/// same host slice (or a sub-slice of it) to an operation uses the device copy instead of
/// transferring it again.
pub struct MappedSlice<'a, T: Scalar, B: Backend = Dynamic> {
    host: &'a [T],
    ptr: DevPtr,
    owned: bool,
    dev: &'a Device<B>,
}

/// A host slice mapped read-write onto the device (map kind `tofrom`, or `from` for
/// [`Device::map_out`]). Its contents are copied back when it ends: call
/// [`MappedSliceMut::finish`] to see errors; `Drop` does the same work and, on failure, records
/// the error on the device, where the next call returns it.
pub struct MappedSliceMut<'a, T: Scalar, B: Backend = Dynamic> {
    host: *mut T,
    len: usize,
    ptr: DevPtr,
    owned: bool,
    done: bool,
    dev: &'a Device<B>,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: the guard stands for a `&'a mut [T]` (Send when T is) plus a device allocation that
// only the guard uses.
unsafe impl<T: Scalar, B: Backend> Send for MappedSliceMut<'_, T, B> {}
// SAFETY: shared access only reads the device copy's address and length.
unsafe impl<T: Scalar, B: Backend> Sync for MappedSliceMut<'_, T, B> {}

impl<B: Backend> Device<B> {
    /// Maps `host` read-only (copied to the device now, never copied back).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the device cannot hold it;
    /// a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let a = vec![1.0; 6]; // 2×3, all ones
    /// let a_d = dev.map(&a)?; // copied once
    /// let mut y = vec![0.0; 2];
    /// for _ in 0..10 {
    ///     dev.gemv(Op::N, 1.0, Mat::col_major(&a_d, 2, 3), &[1.0, 1.0, 1.0], 1.0, &mut y)?;
    /// }
    /// assert_eq!(y, [30.0, 30.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map<'a, T: Scalar>(&'a self, host: &'a [T]) -> Result<MappedSlice<'a, T, B>> {
        self.check()?;
        if self.backend().host_memory() {
            let ptr = DevPtr::from_raw(host.as_ptr() as *mut u8);
            return Ok(MappedSlice {
                host,
                ptr,
                owned: false,
                dev: self,
            });
        }
        let raw = RawAlloc::new::<T>(self, host.len())?;
        upload_slice(self, raw.ptr, host)?;
        let ptr = raw.into_raw();
        if !host.is_empty() {
            let start = host.as_ptr() as usize;
            self.present_insert(Present {
                start,
                end: start + std::mem::size_of_val(host),
                dev: ptr,
            });
        }
        Ok(MappedSlice {
            host,
            ptr,
            owned: true,
            dev: self,
        })
    }

    /// Maps `host` read-write: copied to the device now and back when the guard ends.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the device cannot hold it;
    /// a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut y = vec![1.0f32, 2.0];
    /// let mut y_d = dev.map_mut(&mut y)?;
    /// for _ in 0..3 {
    ///     dev.scal(2.0, &mut y_d)?; // y stays on the device between calls
    /// }
    /// y_d.finish()?; // copied back once
    /// assert_eq!(y, [8.0, 16.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map_mut<'a, T: Scalar>(&'a self, host: &'a mut [T]) -> Result<MappedSliceMut<'a, T, B>> {
        self.map_mut_impl(host, true)
    }

    /// Maps `host` write-only: device memory is allocated (zeroed, not copied in) and copied
    /// back when the guard ends.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the device cannot hold it;
    /// a transfer or backend failure (see [`Error`](crate::Error)).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut out = vec![f64::NAN; 3]; // never read
    /// let mut out_d = dev.map_out(&mut out)?;
    /// dev.copy(&[1.0, 2.0, 3.0], &mut out_d)?;
    /// out_d.finish()?;
    /// assert_eq!(out, [1.0, 2.0, 3.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map_out<'a, T: Scalar>(&'a self, host: &'a mut [T]) -> Result<MappedSliceMut<'a, T, B>> {
        self.map_mut_impl(host, false)
    }

    fn map_mut_impl<'a, T: Scalar>(
        &'a self,
        host: &'a mut [T],
        copy_in: bool,
    ) -> Result<MappedSliceMut<'a, T, B>> {
        self.check()?;
        let len = host.len();
        if self.backend().host_memory() {
            let ptr = DevPtr::from_raw(host.as_mut_ptr().cast());
            return Ok(MappedSliceMut {
                host: host.as_mut_ptr(),
                len,
                ptr,
                owned: false,
                done: false,
                dev: self,
                _borrow: PhantomData,
            });
        }
        let raw = RawAlloc::new::<T>(self, len)?;
        if copy_in {
            upload_slice(self, raw.ptr, host)?;
        } else if raw.bytes > 0 {
            // SAFETY: the allocation holds `raw.bytes` bytes. Zeroing keeps stale device data
            // from reaching the host if the caller never writes some elements.
            unsafe { self.backend().zero(raw.ptr, raw.bytes)? };
        }
        let ptr = raw.into_raw();
        Ok(MappedSliceMut {
            host: host.as_mut_ptr(),
            len,
            ptr,
            owned: true,
            done: false,
            dev: self,
            _borrow: PhantomData,
        })
    }
}

impl<'a, T: Scalar, B: Backend> MappedSlice<'a, T, B> {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.host.len()
    }
    /// Whether the slice is empty.
    pub fn is_empty(&self) -> bool {
        self.host.is_empty()
    }
    /// The host data (unchanged while mapped).
    pub fn host(&self) -> &'a [T] {
        self.host
    }
    /// The device the slice is mapped on.
    pub fn device(&self) -> &'a Device<B> {
        self.dev
    }
    /// The device address of the first element.
    pub fn as_device_ptr(&self) -> DevPtr {
        self.ptr
    }
}

impl<T: Scalar, B: Backend> Drop for MappedSlice<'_, T, B> {
    fn drop(&mut self) {
        if self.owned && !self.host.is_empty() {
            self.dev
                .present_remove(self.host.as_ptr() as usize, self.ptr);
            let bytes = std::mem::size_of_val(self.host);
            // SAFETY: the guard owns this allocation of `bytes` bytes; the free is stream-ordered
            // after every call that used it.
            unsafe { self.dev.backend().free(self.ptr, bytes) };
        }
    }
}

impl<'a, T: Scalar, B: Backend> MappedSliceMut<'a, T, B> {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the slice is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The device the slice is mapped on.
    pub fn device(&self) -> &'a Device<B> {
        self.dev
    }
    /// The device address of the first element.
    pub fn as_device_ptr(&self) -> DevPtr {
        self.ptr
    }

    /// Copies the device data back into the host slice and ends the mapping.
    ///
    /// # Errors
    /// A transfer or backend failure (see [`Error`](crate::Error)) of the copy back.
    pub fn finish(mut self) -> Result<()> {
        self.done = true;
        self.copy_back()
        // `drop` frees the device allocation.
    }

    /// Copies the device data back into the host slice now; the mapping stays.
    ///
    /// # Errors
    /// A transfer or backend failure (see [`Error`](crate::Error)) of the copy back.
    pub fn sync_to_host(&mut self) -> Result<()> {
        self.copy_back()
    }

    fn copy_back(&mut self) -> Result<()> {
        if !self.owned {
            return Ok(());
        }
        // SAFETY: `host`/`len` come from the `&'a mut [T]` this guard holds for `'a`; nothing
        // else can reach that memory while the guard lives.
        let host = unsafe { std::slice::from_raw_parts_mut(self.host, self.len) };
        download_slice(self.dev, host, self.ptr)
    }
}

impl<T: Scalar, B: Backend> Drop for MappedSliceMut<'_, T, B> {
    fn drop(&mut self) {
        if !self.done {
            if let Err(e) = self.copy_back() {
                self.dev.defer(e);
            }
        }
        if self.owned && self.len > 0 {
            // SAFETY: the guard owns this allocation; the free is stream-ordered after the
            // copy back above.
            unsafe {
                self.dev
                    .backend()
                    .free(self.ptr, self.len * std::mem::size_of::<T>())
            };
        }
    }
}
