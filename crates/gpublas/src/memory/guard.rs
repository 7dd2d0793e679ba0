//! Mapping guards: host slices mapped onto device allocations for as long as the guard lives
//! (OpenMP's `target data map(to: …)` / `map(tofrom: …)` / `map(from: …)`).
//!
//! A guard is reused by passing the guard itself (`&a_d`) to calls. Passing the *host slice*
//! again finds the device copy only for guards made by a [`Scope`](super::Scope), which the
//! library ends; a guard from [`Device::map`] is never looked up by address, so forgetting it
//! (`mem::forget`, `Box::leak`) cannot leave a stale mapping behind.
//!
//! Soundness does not depend on a guard's destructor running: the host→device copy is complete
//! before `map` returns, the device→host copy is complete before `finish`, `sync_to_host` or
//! `drop` returns, and a forgotten guard only leaks its device memory and skips its copy-back.

use std::marker::PhantomData;
use std::sync::Arc;

use super::writeback::{ScopeState, WriteBack};
use super::{download_raw, upload_slice, Alloc, Lease};
use crate::backend::{Backend, DevPtr, Dynamic};
use crate::device::Device;
use crate::error::Result;
use crate::precision::Element;

/// A host slice mapped read-only onto the device (map kind `to`): copied to the device when
/// made, never copied back. Pass `&guard` to operations to use the device copy.
#[must_use = "a mapping is only useful if the guard is passed to operations"]
pub struct MappedSlice<'a, T: Element, B: Backend = Dynamic> {
    host: &'a [T],
    ptr: DevPtr,
    dev: &'a Device<B>,
    mem: ReadMem<B>,
}

/// Where a read-only mapping's device copy lives.
enum ReadMem<B: Backend> {
    /// Host-memory backend: the host slice itself (zero-copy).
    InPlace,
    /// A device copy owned by the guard.
    Own(#[allow(dead_code)] Alloc<B>),
    /// A device copy shared with a scope's present table (entry `entry`).
    Scoped {
        #[allow(dead_code)]
        lease: Lease<B>,
        entry: u64,
    },
}

/// A host slice mapped read-write onto the device (map kind `tofrom`, or `from` for
/// [`Device::map_out`]). Its contents are copied back when it ends.
///
/// Call [`MappedSliceMut::finish`] to end it and see a copy-back error. A guard that is simply
/// dropped copies back too; an error then goes to the calling thread's next call on this device
/// (or, for a guard made by a [`Scope`](super::Scope), to the scope's result). A guard that is
/// forgotten never copies back, unless a scope made it: a scope copies back every guard it made
/// when it ends.
///
/// After a forgotten guard (not a scope's), the host slice holds its contents from before the
/// mapping on a backend with memory of its own (CUDA, ROCm, [`Emulated`](crate::backend::Emulated)),
/// and the results of the calls on the host backend, which maps in place
/// ([`Backend::host_memory`](crate::backend::Backend::host_memory)). Portable code calls
/// [`MappedSliceMut::finish`]. Forgetting leaks the guard's device memory, never the device.
#[must_use = "the result reaches the host slice when the guard ends: call `finish()` to see errors"]
pub struct MappedSliceMut<'a, T: Element, B: Backend = Dynamic> {
    /// The host slice, derived once from the `&'a mut [T]` the guard stands for.
    host: *mut T,
    len: usize,
    ptr: DevPtr,
    dev: &'a Device<B>,
    mem: WriteMem<'a, B>,
    _borrow: PhantomData<&'a mut [T]>,
}

/// Where a read-write mapping's device copy lives, and how it goes back.
enum WriteMem<'a, B: Backend> {
    /// Host-memory backend: the host slice itself (zero-copy; nothing to copy back).
    InPlace,
    /// A device copy owned by the guard; `done` once copied back by `finish`.
    Own { alloc: Alloc<B>, done: bool },
    /// A device copy the scope also knows, so it copies back even if the guard is forgotten.
    Scoped {
        wb: Arc<WriteBack<B>>,
        scope: &'a ScopeState<B>,
    },
}

// SAFETY: the guard stands for a `&'a mut [T]` (Send when T is, and every Element is) plus device
// memory reached only through the backend, which is Send + Sync; the scope state it may refer
// to is Sync.
unsafe impl<T: Element, B: Backend> Send for MappedSliceMut<'_, T, B> {}
// SAFETY: `&MappedSliceMut` only reads the device address, the length and the device; every
// method that touches the host slice takes `&mut self` or `self`.
unsafe impl<T: Element, B: Backend> Sync for MappedSliceMut<'_, T, B> {}

impl<B: Backend> Device<B> {
    /// Maps `host` read-only: copied to the device now, never copied back. Pass `&guard` to
    /// operations to use the device copy without another transfer.
    ///
    /// Passing `host` itself to an operation does *not* find this copy (only mappings made by a
    /// [`Scope`](crate::Scope) are found by address); it maps `host` again for that call.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the device has no room, or a vendor
    /// error from the copy.
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
    pub fn map<'a, T: Element>(&'a self, host: &'a [T]) -> Result<MappedSlice<'a, T, B>> {
        self.check()?;
        self.map_read(host, None)
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
    pub fn map_mut<'a, T: Element>(
        &'a self,
        host: &'a mut [T],
    ) -> Result<MappedSliceMut<'a, T, B>> {
        self.check()?;
        self.map_write(host, true, None)
    }

    /// Maps `host` write-only: the device copy starts as zeros (on every backend, the host
    /// backend included: `host` is zeroed), and is copied back when the guard ends.
    ///
    /// # Errors
    /// As for [`Device::map`].
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
    pub fn map_out<'a, T: Element>(
        &'a self,
        host: &'a mut [T],
    ) -> Result<MappedSliceMut<'a, T, B>> {
        self.check()?;
        self.map_write(host, false, None)
    }

    /// Maps `host` read-only; with `scope`, the mapping also enters the present table (as
    /// `scope`'s), so passing `host` (or a part of it) to a call finds the device copy.
    pub(crate) fn map_read<'a, T: Element>(
        &'a self,
        host: &'a [T],
        scope: Option<u64>,
    ) -> Result<MappedSlice<'a, T, B>> {
        if self.backend().host_memory() {
            let ptr = DevPtr::from_raw(host.as_ptr().cast_mut().cast());
            return Ok(MappedSlice {
                host,
                ptr,
                dev: self,
                mem: ReadMem::InPlace,
            });
        }
        let alloc = Alloc::new::<T>(self, "map", host.len())?;
        upload_slice(self, alloc.ptr(), host)?;
        let ptr = alloc.ptr();
        let mem = match scope {
            Some(scope) if !host.is_empty() => {
                let lease = Arc::new(alloc);
                let entry = self.present_insert(host, ptr, lease.clone(), scope);
                ReadMem::Scoped { lease, entry }
            }
            _ => ReadMem::Own(alloc),
        };
        Ok(MappedSlice {
            host,
            ptr,
            dev: self,
            mem,
        })
    }

    /// Maps `host` read-write (`copy_in`) or write-only (zeroed); with `scope`, the scope copies
    /// back when it ends if the guard has not.
    pub(crate) fn map_write<'a, T: Element>(
        &'a self,
        host: &'a mut [T],
        copy_in: bool,
        scope: Option<&'a ScopeState<B>>,
    ) -> Result<MappedSliceMut<'a, T, B>> {
        let len = host.len();
        let routine = if copy_in { "map_mut" } else { "map_out" };
        if self.backend().host_memory() {
            if !copy_in {
                host.fill(T::zeroed());
            }
            // Derived once, after the last use of `host`: the device pointer and the guard's
            // host pointer are the same raw pointer.
            let p = host.as_mut_ptr();
            return Ok(MappedSliceMut {
                host: p,
                len,
                ptr: DevPtr::from_raw(p.cast()),
                dev: self,
                mem: WriteMem::InPlace,
                _borrow: PhantomData,
            });
        }
        let alloc = if copy_in {
            let a = Alloc::new::<T>(self, routine, len)?;
            upload_slice(self, a.ptr(), host)?;
            a
        } else {
            Alloc::zeroed::<T>(self, routine, len)?
        };
        let ptr = alloc.ptr();
        let p = host.as_mut_ptr();
        let mem = match scope {
            Some(state) => WriteMem::Scoped {
                wb: state.register(p.cast(), std::mem::size_of_val(host), alloc),
                scope: state,
            },
            None => WriteMem::Own { alloc, done: false },
        };
        Ok(MappedSliceMut {
            host: p,
            len,
            ptr,
            dev: self,
            mem,
            _borrow: PhantomData,
        })
    }
}

impl<'a, T: Element, B: Backend> MappedSlice<'a, T, B> {
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
    /// The device address of the first element (for the unsafe backend layer).
    pub fn as_device_ptr(&self) -> DevPtr {
        self.ptr
    }
}

impl<T: Element, B: Backend> Drop for MappedSlice<'_, T, B> {
    fn drop(&mut self) {
        if let ReadMem::Scoped { entry, .. } = self.mem {
            // Ends the mapping early; a call that found it holds its own lease, so the memory
            // is freed only after that call's work.
            self.dev.present_remove(entry);
        }
    }
}

impl<'a, T: Element, B: Backend> MappedSliceMut<'a, T, B> {
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
    /// The device address of the first element (for the unsafe backend layer).
    pub fn as_device_ptr(&self) -> DevPtr {
        self.ptr
    }

    /// Copies the device data back into the host slice and ends the mapping.
    ///
    /// # Errors
    /// A transfer or backend failure (see [`Error`](crate::Error)) of the copy back. If it came
    /// after the copy began to write the host slice, it is
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (routine `map_mut`, output
    /// `host slice`): the slice may then hold partly copied data; any other error left it
    /// untouched.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut y = vec![1.0, 2.0];
    /// let mut y_d = dev.map_mut(&mut y)?;
    /// dev.axpy(1.0, &[10.0, 20.0], &mut y_d)?;
    /// y_d.finish()?; // copies back, returning the copy's error (a drop could only record it)
    /// assert_eq!(y, [11.0, 22.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn finish(mut self) -> Result<()> {
        let r = self.copy_back(true);
        if let WriteMem::Own { done, .. } = &mut self.mem {
            *done = true;
        }
        r
        // `drop` frees the device copy; it does not copy back again.
    }

    /// Copies the device data back into the host slice now; the mapping stays.
    ///
    /// # Errors
    /// As for [`MappedSliceMut::finish`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut y = vec![1.0f32; 2];
    /// let mut y_d = dev.map_mut(&mut y)?;
    /// dev.scal(2.0, &mut y_d)?;
    /// y_d.sync_to_host()?; // the host slice now holds [2, 2]; the mapping stays
    /// dev.scal(2.0, &mut y_d)?;
    /// y_d.finish()?;
    /// assert_eq!(y, [4.0, 4.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn sync_to_host(&mut self) -> Result<()> {
        self.copy_back(false)
    }

    /// Copies back; `last` marks a scoped mapping finished so its scope does not copy again.
    fn copy_back(&mut self, last: bool) -> Result<()> {
        let r = match &self.mem {
            WriteMem::InPlace => Ok(()),
            WriteMem::Own { alloc, .. } => {
                // SAFETY: `host`/`len` come from the `&'a mut [T]` this guard holds for `'a`,
                // derived once; nothing else can reach that memory while the guard lives (and
                // `&mut self` excludes concurrent use of the guard). `alloc` holds `len`
                // elements.
                unsafe { download_raw(self.dev, self.host, self.len, alloc.ptr()) }
            }
            WriteMem::Scoped { wb, .. } => wb.copy_back(self.dev, last),
        };
        r.map_err(|e| crate::transfer::name_output(e, "map_mut", "host slice"))
    }
}

impl<T: Element, B: Backend> Drop for MappedSliceMut<'_, T, B> {
    fn drop(&mut self) {
        let done = matches!(self.mem, WriteMem::Own { done: true, .. });
        if done {
            return;
        }
        if let Err(e) = self.copy_back(true) {
            match &self.mem {
                WriteMem::Scoped { scope, .. } => scope.record(e),
                _ => self.dev.defer(e),
            }
        }
    }
}

impl<T: Element, B: Backend> std::fmt::Debug for MappedSlice<'_, T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MappedSlice")
            .field("len", &self.host.len())
            .field("host", &self.host.as_ptr())
            .field("ptr", &self.ptr)
            .field("scoped", &matches!(self.mem, ReadMem::Scoped { .. }))
            .finish()
    }
}

impl<T: Element, B: Backend> std::fmt::Debug for MappedSliceMut<'_, T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MappedSliceMut")
            .field("len", &self.len)
            .field("host", &self.host)
            .field("ptr", &self.ptr)
            .field("scoped", &matches!(self.mem, WriteMem::Scoped { .. }))
            .finish()
    }
}
