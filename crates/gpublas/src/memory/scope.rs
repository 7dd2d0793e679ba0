//! [`Scope`]: a region, owned by the library, inside which mapped host slices are found again by
//! their address (OpenMP's present table), and every read-write mapping is copied back when it
//! ends — whether or not its guard was dropped.
//!
//! Why a scope and not the guards: safe code may forget any guard, so a table entry removed only
//! in a guard's `Drop` could outlive the borrow of the host slice, and a later call would read a
//! stale device copy of memory that has since changed or been freed and reused. A scope borrows
//! every slice it maps for its whole duration (`'scope`), and the library — not the user — removes
//! its entries and copies back before [`Device::scope`] returns, as `std::thread::scope` joins its
//! threads before returning. So an entry exists only while its host slice is borrowed and
//! unchanged.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex, MutexGuard};

use super::guard::{MappedSlice, MappedSliceMut};
use super::Alloc;
use crate::backend::{Backend, Dynamic};
use crate::device::{next_id, Device};
use crate::error::{Error, Result};
use crate::precision::Element;

/// A mapping scope (see [`Device::scope`]): mappings made through it are found by host address
/// by every call on its device until the scope ends, and read-write mappings are copied back
/// when it ends.
pub struct Scope<'scope, 'env: 'scope, B: Backend = Dynamic> {
    dev: &'env Device<B>,
    state: ScopeState<B>,
    _scope: PhantomData<&'scope mut &'scope ()>,
    _env: PhantomData<&'env mut &'env ()>,
}

/// What a scope tracks: its id (tagging its present-table entries), its read-write mappings,
/// and the copy-back errors of guards dropped inside it.
pub(crate) struct ScopeState<B: Backend> {
    id: u64,
    writebacks: Mutex<Vec<Arc<WriteBack<B>>>>,
    errors: Mutex<Vec<Error>>,
}

/// One read-write mapping of a scope: the host bytes it goes back to and its device copy.
pub(crate) struct WriteBack<B: Backend> {
    /// The host slice, derived once from the `&'scope mut [T]` the scope keeps borrowed.
    host: *mut u8,
    bytes: usize,
    alloc: Alloc<B>,
    /// Set once the mapping has been copied back for the last time; the lock also serialises
    /// copies into `host`.
    done: Mutex<bool>,
}

// SAFETY: `host` is the address of a slice borrowed mutably for the scope's lifetime; it is
// written only under the `done` lock (by the guard's owner or by the scope when it ends, never
// both at once), and the rest is Send + Sync.
unsafe impl<B: Backend> Send for WriteBack<B> {}
// SAFETY: as above: every access to `host` holds the `done` lock.
unsafe impl<B: Backend> Sync for WriteBack<B> {}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Poisoning only means a panic elsewhere; a list of mappings or errors stays consistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<B: Backend> WriteBack<B> {
    /// Copies the device copy back into the host slice unless that was done for the last time;
    /// `last` makes this the last time (even if it fails: the error is reported once).
    pub(crate) fn copy_back(&self, dev: &Device<B>, last: bool) -> Result<()> {
        let mut done = lock(&self.done);
        if *done {
            return Ok(());
        }
        *done = last;
        if self.bytes == 0 {
            return Ok(());
        }
        // SAFETY: `host` is valid for `bytes` bytes for the whole scope (the scope holds the
        // `&'scope mut [T]` borrow it came from), and the `done` lock excludes every other
        // access through it until this slice is gone.
        let host = unsafe { std::slice::from_raw_parts_mut(self.host, self.bytes) };
        // `alloc` holds `bytes` bytes; the engine writes `host` only before it returns.
        crate::transfer::download(dev.link(), host, self.alloc.ptr())
            .map_err(|e| crate::transfer::name_output(e, "map_mut", "host slice"))
    }
}

impl<B: Backend> ScopeState<B> {
    fn new() -> Self {
        ScopeState {
            id: next_id(),
            writebacks: Mutex::new(Vec::new()),
            errors: Mutex::new(Vec::new()),
        }
    }

    /// Registers a read-write mapping, which the scope copies back when it ends.
    pub(crate) fn register(
        &self,
        host: *mut u8,
        bytes: usize,
        alloc: Alloc<B>,
    ) -> Arc<WriteBack<B>> {
        let wb = Arc::new(WriteBack {
            host,
            bytes,
            alloc,
            done: Mutex::new(false),
        });
        lock(&self.writebacks).push(wb.clone());
        wb
    }

    /// Records a copy-back error of a guard dropped inside the scope; the scope returns it.
    pub(crate) fn record(&self, e: Error) {
        lock(&self.errors).push(e);
    }

    /// Ends the scope: copies back every mapping not yet finished (`copy`), removes the scope's
    /// present-table entries, and returns every copy-back error.
    fn end(&self, dev: &Device<B>, copy: bool) -> Vec<Error> {
        let writebacks = std::mem::take(&mut *lock(&self.writebacks));
        let mut errors = std::mem::take(&mut *lock(&self.errors));
        if copy {
            errors.extend(
                writebacks
                    .iter()
                    .filter_map(|wb| wb.copy_back(dev, true).err()),
            );
        }
        // Dropped here, outside every lock: a device copy is freed once no guard or call still
        // holds it.
        drop(dev.present_remove_scope(self.id));
        drop(writebacks);
        errors
    }
}

/// Ends a scope if the closure unwinds (no copy-back: its results are abandoned).
struct EndOnUnwind<'a, B: Backend> {
    dev: &'a Device<B>,
    state: &'a ScopeState<B>,
    armed: bool,
}

impl<B: Backend> Drop for EndOnUnwind<'_, B> {
    fn drop(&mut self) {
        if self.armed {
            let lost = self.state.end(self.dev, false);
            for e in lost {
                log::error!("gpublas: a copy-back failed in a scope that panicked: {e}");
            }
        }
    }
}

impl<B: Backend> Device<B> {
    /// Runs `f` in a mapping scope: host slices mapped with [`Scope::map`] are found by address —
    /// passing the host slice (or a part of it) to any call on this device uses the device copy —
    /// and slices mapped with [`Scope::map_mut`] / [`Scope::map_out`] are copied back when the
    /// scope ends if their guards have not been finished, dropped, or were forgotten.
    ///
    /// Everything a scope maps stays borrowed until `scope` returns, and the library removes the
    /// mappings before it returns, so no call can ever find a stale device copy.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// let dev = Device::host();
    /// let a = vec![1.0f64, 2.0, 3.0, 4.0];
    /// let mut y = vec![0.0f64; 2];
    /// dev.scope(|s| {
    ///     let _a_d = s.map(&a)?; // `&a` below now finds the device copy
    ///     let mut y_d = s.map_mut(&mut y)?;
    ///     for _ in 0..3 {
    ///         dev.gemv(Op::N, 1.0, Mat::col_major(&a, 2, 2), &[1.0, 1.0], 1.0, &mut y_d)?;
    ///     }
    ///     y_d.finish()
    /// })?;
    /// assert_eq!(y, [12.0, 18.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    ///
    /// # Errors
    /// The error `f` returns; else [`Error::Deferred`] with every copy-back that failed (guards
    /// dropped inside the scope, and those the scope copied back as it ended). When `f` fails
    /// and a copy-back fails too, `f`'s error is returned and the copy-back errors are logged
    /// (`log` crate, error level). A failed copy-back leaves its host slice untouched unless
    /// the error is [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after
    /// the copy began to reach it), which names the slice that may be partly written.
    pub fn scope<'env, R>(
        &'env self,
        f: impl for<'scope> FnOnce(&'scope Scope<'scope, 'env, B>) -> Result<R>,
    ) -> Result<R> {
        self.check()?;
        let scope = Scope {
            dev: self,
            state: ScopeState::new(),
            _scope: PhantomData,
            _env: PhantomData,
        };
        let mut unwind = EndOnUnwind {
            dev: self,
            state: &scope.state,
            armed: true,
        };
        let r = f(&scope);
        unwind.armed = false;
        let errors = scope.state.end(self, true);
        match r {
            Ok(v) if errors.is_empty() => Ok(v),
            Ok(_) => Err(Error::Deferred(errors)),
            Err(e) => {
                for lost in errors {
                    log::error!("gpublas: a copy-back failed in a scope that returned an error ({e}): {lost}");
                }
                Err(e)
            }
        }
    }

    /// Runs `f` with `host` mapped read-only in a scope: inside `f`, passing `host` (or a part of
    /// it) to any call on this device uses the device copy, as does passing the guard.
    ///
    /// # Errors
    /// As for [`Device::scope`], plus errors from mapping `host`.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let a = vec![1.0, 2.0, 3.0, 4.0]; // A = [1 3; 2 4], column-major
    /// let y = dev.with_mapped(&a, |_a_d| {
    ///     let mut y = vec![0.0; 2];
    ///     for _ in 0..2 {
    ///         // `&a` finds the device copy: A is not copied again
    ///         dev.gemv(Op::N, 1.0, Mat::col_major(&a, 2, 2), &[1.0, 1.0], 1.0, &mut y)?;
    ///     }
    ///     Ok(y)
    /// })?;
    /// assert_eq!(y, [8.0, 12.0]); // twice A·[1, 1] = [4, 6]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn with_mapped<'env, T: Element, R>(
        &'env self,
        host: &'env [T],
        f: impl FnOnce(&MappedSlice<'_, T, B>) -> Result<R>,
    ) -> Result<R> {
        self.scope(|s| {
            let g = s.map(host)?;
            f(&g)
        })
    }
}

impl<'scope, 'env, B: Backend> Scope<'scope, 'env, B> {
    /// The device the scope maps onto.
    pub fn device(&self) -> &'env Device<B> {
        self.dev
    }

    /// Maps `host` read-only for the rest of the scope (or until the guard is dropped): calls on
    /// this device that are passed `host`, or a part of it, use the device copy.
    ///
    /// # Errors
    /// As for [`Device::map`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let x = vec![1.0, 2.0, 3.0, 4.0];
    /// let dot = dev.scope(|s| {
    ///     let _x_d = s.map(&x)?;
    ///     dev.dot(&x[1..3], &[1.0, 1.0]) // a part of `x` finds its place in the device copy
    /// })?;
    /// assert_eq!(dot, 5.0); // 2 + 3
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map<T: Element>(&'scope self, host: &'scope [T]) -> Result<MappedSlice<'scope, T, B>> {
        self.dev.check()?;
        self.dev.map_read(host, Some(self.state.id))
    }

    /// Maps `host` read-write: copied in now, and back when the guard finishes or drops — or, if
    /// the guard is forgotten, when the scope ends.
    ///
    /// # Errors
    /// As for [`Device::map`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut y = vec![1.0, 2.0];
    /// dev.scope(|s| {
    ///     let mut y_d = s.map_mut(&mut y)?;
    ///     dev.scal(10.0, &mut y_d)?;
    ///     std::mem::forget(y_d); // never finished: the scope copies it back as it ends
    ///     Ok(())
    /// })?;
    /// assert_eq!(y, [10.0, 20.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map_mut<T: Element>(
        &'scope self,
        host: &'scope mut [T],
    ) -> Result<MappedSliceMut<'scope, T, B>> {
        self.dev.check()?;
        self.dev.map_write(host, true, Some(&self.state))
    }

    /// Maps `host` write-only (the device copy starts as zeros), copied back as for
    /// [`Scope::map_mut`].
    ///
    /// # Errors
    /// As for [`Device::map`].
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut out = vec![f64::NAN; 2]; // never read
    /// dev.scope(|s| {
    ///     let mut out_d = s.map_out(&mut out)?;
    ///     dev.copy(&[1.0, 2.0], &mut out_d)?;
    ///     out_d.finish()
    /// })?;
    /// assert_eq!(out, [1.0, 2.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn map_out<T: Element>(
        &'scope self,
        host: &'scope mut [T],
    ) -> Result<MappedSliceMut<'scope, T, B>> {
        self.dev.check()?;
        self.dev.map_write(host, false, Some(&self.state))
    }
}

impl<B: Backend> std::fmt::Debug for Scope<'_, '_, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope")
            .field("id", &self.state.id)
            .field("writebacks", &lock(&self.state.writebacks).len())
            .finish_non_exhaustive()
    }
}
