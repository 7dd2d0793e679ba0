//! What a mapping scope tracks ([`ScopeState`]) and its read-write mappings ([`WriteBack`]):
//! shared by the scope, which copies them back when it ends, and the guards made inside it,
//! which copy back earlier and report their errors to it.

use std::sync::{Arc, Mutex, MutexGuard};

use super::Alloc;
use crate::backend::Backend;
use crate::device::{next_id, Device};
use crate::error::{Error, Result};

/// What a scope tracks: its id (tagging its present-table entries), its read-write mappings,
/// and the copy-back errors of guards dropped inside it.
pub(crate) struct ScopeState<B: Backend> {
    pub(super) id: u64,
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
    pub(super) fn new() -> Self {
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

    /// How many read-write mappings the scope holds.
    pub(super) fn mappings(&self) -> usize {
        lock(&self.writebacks).len()
    }

    /// Records a copy-back error of a guard dropped inside the scope; the scope returns it.
    pub(crate) fn record(&self, e: Error) {
        lock(&self.errors).push(e);
    }

    /// Ends the scope: copies back every mapping not yet finished (`copy`), removes the scope's
    /// present-table entries, and returns every copy-back error.
    pub(super) fn end(&self, dev: &Device<B>, copy: bool) -> Vec<Error> {
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
