//! [`Alloc`]: one device allocation that frees itself in stream order, and [`Lease`], its shared
//! form.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use super::pool::{self, size_class};

use crate::backend::{Backend, DevPtr};
use crate::device::{Device, WeakDevice};
use crate::error::{Error, Result};
use crate::precision::Element;

/// Bytes for `len` elements of `T`, or an argument error (naming `routine` and `arg`) if that
/// overflows what any allocation can hold (`isize::MAX` bytes, Rust's own limit).
pub(crate) fn bytes_of<T>(routine: &'static str, arg: &'static str, len: usize) -> Result<usize> {
    len.checked_mul(std::mem::size_of::<T>())
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(|| {
            Error::arg(
                routine,
                arg,
                format!(
                    "is {len} elements of {} bytes: more than the largest possible allocation (isize::MAX bytes)",
                    std::mem::size_of::<T>()
                ),
            )
        })
}

/// One device allocation of `bytes` bytes (the null address and nothing to free when empty).
/// Dropping it frees the memory, ordered after all work already enqueued on the device, so work
/// that used it before the drop still sees valid memory.
///
/// It does not keep its device alive: whoever uses the memory holds the device (a borrow, or a
/// [`DeviceBuffer`](crate::DeviceBuffer)'s own handle). So a forgotten guard leaks only its
/// allocation; the device, its pool, staging and context go when their last user does. An
/// allocation dropped after its device is gone (only a forgotten one could be) is leaked.
pub(crate) struct Alloc<B: Backend> {
    ptr: DevPtr,
    bytes: usize,
    dev: WeakDevice<B>,
}

/// An allocation several holders share (a scope's mapping and the calls using it): freed when
/// the last holder drops it.
pub(crate) type Lease<B> = Arc<Alloc<B>>;

impl<B: Backend> Alloc<B> {
    /// Allocates room for `len` elements of `T` (uninitialised device memory), from the
    /// device's pool when it has a block of the right size class.
    pub fn new<T: Element>(dev: &Device<B>, routine: &'static str, len: usize) -> Result<Self> {
        let asked = bytes_of::<T>(routine, "len", len)?;
        Self::bytes(dev, asked)
    }

    /// Allocates `asked` bytes (rounded up to the pool's size class on GPUs; exact elsewhere, so
    /// the emulated device's bounds checks stay exact).
    pub fn bytes(dev: &Device<B>, asked: usize) -> Result<Self> {
        if asked == 0 {
            return Ok(Alloc {
                ptr: DevPtr::NULL,
                bytes: 0,
                dev: dev.downgrade(),
            });
        }
        let bytes = if dev.backend().async_transfers() {
            size_class(asked)
        } else {
            asked
        };
        let counters = dev.counters();
        let ptr = match dev.pool().take(bytes) {
            Some(p) => {
                counters.pool_hits.fetch_add(1, Relaxed);
                p
            }
            None => {
                counters.pool_misses.fetch_add(1, Relaxed);
                // SAFETY: `bytes > 0`.
                match unsafe { dev.backend().alloc(bytes) } {
                    Ok(p) => p,
                    Err(Error::OutOfMemory { .. }) => {
                        // Cached blocks of other sizes may be what the device lacks.
                        pool::release(dev.backend(), dev.pool().drain());
                        // SAFETY: `bytes > 0`.
                        unsafe { dev.backend().alloc(bytes)? }
                    }
                    Err(e) => return Err(e),
                }
            }
        };
        Ok(Alloc {
            ptr,
            bytes,
            dev: dev.downgrade(),
        })
    }

    /// Allocates room for `len` elements of `T`, set to zero.
    pub fn zeroed<T: Element>(dev: &Device<B>, routine: &'static str, len: usize) -> Result<Self> {
        let a = Self::new::<T>(dev, routine, len)?;
        if a.bytes > 0 {
            // SAFETY: the allocation holds `a.bytes` bytes.
            unsafe { dev.backend().zero(a.ptr, a.bytes)? };
        }
        Ok(a)
    }

    /// The device address (null when empty).
    pub fn ptr(&self) -> DevPtr {
        self.ptr
    }
}

impl<B: Backend> Drop for Alloc<B> {
    fn drop(&mut self) {
        if self.bytes == 0 {
            return;
        }
        let Some(dev) = self.dev.upgrade() else {
            log::debug!(
                "gpublas: {} bytes of device memory outlived their device (leaked)",
                self.bytes
            );
            return;
        };
        // A fork may have used it on its own queue: order this device's queue after it first.
        if !dev.ready_to_free() {
            return;
        }
        // Kept by the pool if it has room: its next user's work is enqueued after everything
        // that used it so far (see `pool`).
        if let Some(p) = dev.pool().give(self.ptr, self.bytes) {
            // SAFETY: the allocation came from this backend with this size and is owned here;
            // the backend orders the free after all work enqueued before it (the `Backend`
            // contract), and nothing enqueues work on it afterwards: every user holds this
            // `Alloc` (or a lease on it) for as long as it enqueues work.
            unsafe { dev.backend().free(p, self.bytes) }
        }
    }
}

impl<B: Backend> std::fmt::Debug for Alloc<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Alloc")
            .field("ptr", &self.ptr)
            .field("bytes", &self.bytes)
            .finish()
    }
}
