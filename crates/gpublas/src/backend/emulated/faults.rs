//! Injected faults: the emulated device can make one of its operations fail on demand, so tests
//! can show what every call does when the device fails at each stage — an allocation, a
//! staging buffer, a transfer (enqueued or waited for), a memset or copy, an event, or a BLAS
//! routine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::error::{Error, Result};

/// No fault armed.
const OFF: usize = usize::MAX;

/// The armed fault: how many fallible operations still succeed before one fails, and which
/// operation failed last.
pub(super) struct Faults {
    countdown: AtomicUsize,
    hit: Mutex<Option<&'static str>>,
}

impl Default for Faults {
    fn default() -> Self {
        Faults {
            countdown: AtomicUsize::new(OFF),
            hit: Mutex::new(None),
        }
    }
}

impl Faults {
    /// Arms a fault: after `after` more fallible operations succeed, the next one fails (once).
    pub(super) fn arm(&self, after: usize) {
        *self.hit.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.countdown.store(after, Ordering::SeqCst);
    }

    /// Disarms any fault not yet hit; returns the operation the last armed fault hit, if any.
    pub(super) fn disarm(&self) -> Option<&'static str> {
        self.countdown.store(OFF, Ordering::SeqCst);
        self.hit.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    /// Counts one fallible operation `what`; fails it if it is the one armed.
    pub(super) fn check(&self, what: &'static str) -> Result<()> {
        let prev = self
            .countdown
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |c| match c {
                OFF => None,
                0 => Some(OFF),
                c => Some(c - 1),
            });
        if prev != Ok(0) {
            return Ok(());
        }
        *self.hit.lock().unwrap_or_else(|p| p.into_inner()) = Some(what);
        Err(if what == "alloc" {
            Error::OutOfMemory {
                backend: "emulated",
                bytes: 0,
            }
        } else {
            Error::Vendor {
                library: "emulated",
                routine: what,
                code: -1,
                message: "injected fault".into(),
            }
        })
    }
}
