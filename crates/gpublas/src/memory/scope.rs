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

use super::guard::{MappedSlice, MappedSliceMut};
use super::writeback::ScopeState;
use crate::backend::{Backend, Dynamic};
use crate::device::Device;
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
            .field("writebacks", &self.state.mappings())
            .finish_non_exhaustive()
    }
}
