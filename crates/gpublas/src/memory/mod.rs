//! Device memory: owned buffers ([`DeviceBuffer`]), borrowed sub-slices, and the guards that
//! map host slices onto device allocations ([`MappedSlice`], [`MappedSliceMut`]).

mod buffer;
mod guard;

pub use buffer::{DeviceBuffer, DeviceSlice, DeviceSliceMut};
pub use guard::{MappedSlice, MappedSliceMut};

use crate::backend::{Backend, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// Bytes for `len` elements of `T`, or an error if that overflows.
pub(crate) fn bytes_of<T>(len: usize) -> Result<usize> {
    len.checked_mul(std::mem::size_of::<T>())
        .ok_or(Error::OutOfMemory {
            backend: "any",
            bytes: usize::MAX,
        })
}

/// A raw allocation of `len` elements that frees itself; `NULL` and nothing to free when empty.
pub(crate) struct RawAlloc<'d, B: Backend> {
    pub ptr: DevPtr,
    pub bytes: usize,
    pub dev: &'d Device<B>,
}

impl<'d, B: Backend> RawAlloc<'d, B> {
    pub fn new<T: Scalar>(dev: &'d Device<B>, len: usize) -> Result<Self> {
        let bytes = bytes_of::<T>(len)?;
        let ptr = if bytes == 0 {
            DevPtr::NULL
        } else {
            // SAFETY: `bytes > 0`.
            unsafe { dev.backend().alloc(bytes)? }
        };
        Ok(RawAlloc { ptr, bytes, dev })
    }

    /// Gives up ownership (the caller frees).
    pub fn into_raw(self) -> DevPtr {
        let p = self.ptr;
        std::mem::forget(self);
        p
    }
}

impl<B: Backend> Drop for RawAlloc<'_, B> {
    fn drop(&mut self) {
        if self.bytes > 0 {
            // SAFETY: the allocation came from this backend with this size and is owned here;
            // the free is ordered after all work that used it.
            unsafe { self.dev.backend().free(self.ptr, self.bytes) }
        }
    }
}

/// Copies host elements into device memory, complete on return.
pub(crate) fn upload_slice<T: Scalar, B: Backend>(
    dev: &Device<B>,
    dst: DevPtr,
    src: &[T],
) -> Result<()> {
    if src.is_empty() {
        return Ok(());
    }
    // SAFETY: `dst` holds at least `src.len()` elements (callers allocate it so) and `src` is a
    // live borrow; the backend finishes the copy before returning.
    unsafe {
        dev.backend()
            .upload(dst, src.as_ptr().cast(), std::mem::size_of_val(src))
    }
}

/// Copies device elements into host memory, complete on return.
pub(crate) fn download_slice<T: Scalar, B: Backend>(
    dev: &Device<B>,
    dst: &mut [T],
    src: DevPtr,
) -> Result<()> {
    if dst.is_empty() {
        return Ok(());
    }
    // SAFETY: `src` holds at least `dst.len()` elements (callers guarantee it) and `dst` is a
    // live exclusive borrow; any bytes are a valid `T` (`Pod`); the copy completes on return.
    unsafe {
        dev.backend()
            .download(dst.as_mut_ptr().cast(), src, std::mem::size_of_val(dst))
    }
}
