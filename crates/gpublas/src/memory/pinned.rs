//! Page-locked host memory that transfers use directly, without staging: [`HostBuffer`] (an
//! allocation users fill) and [`PinnedSlice`] (an existing slice locked in place).
//!
//! A transfer from or to page-locked memory is a DMA straight from the user's bytes, so it runs
//! at the link's full rate with no host copy. It is still complete before the call that made it
//! returns, as every transfer of user memory is: nothing touches the buffer after its borrow.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use super::alloc_api::bytes_of;
use crate::backend::{Backend, Dynamic};
use crate::device::Device;
use crate::error::Result;
use crate::precision::Element;

/// `len` elements of `T` in page-locked host memory of a device's backend (ordinary host
/// memory on backends without asynchronous transfers). Reads and writes like a `[T]`; passed to
/// operations, it moves to and from the device without staging.
pub struct HostBuffer<T: Element, B: Backend = Dynamic> {
    ptr: *mut T,
    len: usize,
    bytes: usize,
    dev: Device<B>,
    _t: PhantomData<T>,
}

// SAFETY: the buffer owns its memory (like a `Box<[T]>`); `T` is Send + Sync, and the device
// handle is too.
unsafe impl<T: Element, B: Backend> Send for HostBuffer<T, B> {}
// SAFETY: shared access only reads, as for `&[T]`.
unsafe impl<T: Element, B: Backend> Sync for HostBuffer<T, B> {}

/// A host slice page-locked in place (`cudaHostRegister`) for as long as the guard lives, so
/// transfers use it directly. Locking costs milliseconds per hundred MiB: worth it for buffers
/// reused across many calls. Forgetting the guard leaves the memory locked (a leak of locked
/// pages, nothing worse: no transfer is ever in flight outside a call).
#[must_use = "the slice is unlocked when the guard drops"]
pub struct PinnedSlice<'a, T: Element, B: Backend = Dynamic> {
    ptr: *mut T,
    len: usize,
    dev: &'a Device<B>,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: the guard stands for a `&'a mut [T]`, which is Send + Sync for these `T`.
unsafe impl<T: Element, B: Backend> Send for PinnedSlice<'_, T, B> {}
// SAFETY: as above.
unsafe impl<T: Element, B: Backend> Sync for PinnedSlice<'_, T, B> {}

impl<B: Backend> Device<B> {
    /// A page-locked host buffer of `len` zeros, for data that moves to and from this device
    /// often.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if `len` elements exceed any
    /// allocation, [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the host cannot lock
    /// that much memory.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut x = dev.host_buffer::<f64>(3)?;
    /// assert_eq!(&x[..], [0.0; 3]);
    /// x.copy_from_slice(&[1.0, 2.0, 3.0]); // reads and writes like a slice
    /// dev.scal(2.0, &mut x)?; // and moves without staging
    /// assert_eq!(&x[..], [2.0, 4.0, 6.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn host_buffer<T: Element>(&self, len: usize) -> Result<HostBuffer<T, B>> {
        self.check()?;
        let bytes = bytes_of::<T>("host_buffer", "len", len)?;
        let ptr = if bytes == 0 {
            std::ptr::NonNull::<T>::dangling().as_ptr()
        } else {
            // SAFETY: `bytes > 0`.
            let p = unsafe { self.backend().alloc_pinned(bytes)? };
            // SAFETY: `p` is valid for `bytes` bytes (64-byte aligned), owned here; zeros are a
            // valid `T`.
            unsafe { std::ptr::write_bytes(p, 0, bytes) };
            p.cast()
        };
        Ok(HostBuffer {
            ptr,
            len,
            bytes,
            dev: self.clone(),
            _t: PhantomData,
        })
    }

    /// Page-locks `host` in place until the guard drops, so transfers use it without staging.
    ///
    /// # Errors
    /// A vendor error if the memory cannot be locked (e.g. it already is).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut v = vec![1.0f32; 4];
    /// let mut pinned = dev.pin(&mut v)?;
    /// for _ in 0..2 {
    ///     dev.scal(3.0, &mut pinned)?; // each call moves `v` without staging
    /// }
    /// drop(pinned); // unlocks
    /// assert_eq!(v, [9.0; 4]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn pin<'a, T: Element>(&'a self, host: &'a mut [T]) -> Result<PinnedSlice<'a, T, B>> {
        self.check()?;
        let len = host.len();
        let ptr = host.as_mut_ptr();
        if len > 0 {
            // SAFETY: `ptr` is valid for the slice's bytes for `'a`, and the guard unregisters
            // before `'a` ends (or, if forgotten, never: the memory just stays locked).
            unsafe {
                self.backend()
                    .register_host(ptr.cast(), std::mem::size_of_val(host))?
            };
        }
        Ok(PinnedSlice {
            ptr,
            len,
            dev: self,
            _borrow: PhantomData,
        })
    }
}

impl<T: Element, B: Backend> HostBuffer<T, B> {
    /// The device whose backend locked the memory.
    pub fn device(&self) -> &Device<B> {
        &self.dev
    }

    /// The elements, writable, and the device (two disjoint borrows).
    pub(crate) fn parts_mut(&mut self) -> (&mut [T], &Device<B>) {
        // SAFETY: as for `deref_mut`; the slice is the heap memory `ptr` points to, disjoint
        // from the `dev` field borrowed beside it.
        (
            unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) },
            &self.dev,
        )
    }
}

impl<T: Element, B: Backend> Deref for HostBuffer<T, B> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` is valid for `len` initialised elements (zeroed at allocation, written
        // only as `T`s since), owned by the buffer; no transfer uses it outside a call.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Element, B: Backend> DerefMut for HostBuffer<T, B> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Element, B: Backend> Drop for HostBuffer<T, B> {
    fn drop(&mut self) {
        if self.bytes > 0 {
            // SAFETY: allocated by this backend with these bytes; no transfer is in flight
            // outside a call, and no call can be running (we own the buffer).
            unsafe { self.dev.backend().free_pinned(self.ptr.cast(), self.bytes) };
        }
    }
}

impl<'a, T: Element, B: Backend> PinnedSlice<'a, T, B> {
    /// The device whose backend locked the memory.
    pub fn device(&self) -> &'a Device<B> {
        self.dev
    }
}

impl<T: Element, B: Backend> Deref for PinnedSlice<'_, T, B> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr`/`len` come from the `&'a mut [T]` the guard holds.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Element, B: Backend> DerefMut for PinnedSlice<'_, T, B> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as above, exclusive through `&mut self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Element, B: Backend> Drop for PinnedSlice<'_, T, B> {
    fn drop(&mut self) {
        if self.len > 0 {
            // SAFETY: registered in `pin`; no transfer is in flight outside a call.
            unsafe { self.dev.backend().unregister_host(self.ptr.cast()) };
        }
    }
}

impl<T: Element, B: Backend> std::fmt::Debug for HostBuffer<T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostBuffer")
            .field("len", &self.len)
            .field("ptr", &self.ptr)
            .finish()
    }
}

impl<T: Element, B: Backend> std::fmt::Debug for PinnedSlice<'_, T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PinnedSlice")
            .field("len", &self.len)
            .field("ptr", &self.ptr)
            .finish()
    }
}
