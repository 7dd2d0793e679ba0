//! [`Device`]: the handle every operation goes through.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::backend::{Backend, BackendKind, Dynamic, Host};
use crate::error::{Error, Result};

/// A device to run BLAS on: a backend plus the state the safe layer keeps for it (the present
/// table of live mappings, and errors deferred from guards' `Drop`).
///
/// Cloning is cheap (a reference count) and clones share everything. A `Device` is `Send + Sync`;
/// each backend serialises what its vendor library requires.
pub struct Device<B: Backend = Dynamic> {
    inner: Arc<Inner<B>>,
}

struct Inner<B> {
    backend: B,
    deferred: Mutex<Option<Error>>,
    /// Whether `deferred` may hold an error: every call checks this flag, not the lock.
    has_deferred: AtomicBool,
    present: Mutex<Vec<Present>>,
    skipped: Vec<Error>,
}

/// One live read-only mapping: host bytes `[start, end)` live at `dev` on the device.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Present {
    pub start: usize,
    pub end: usize,
    pub dev: crate::backend::DevPtr,
}

impl<B: Backend> Clone for Device<B> {
    fn clone(&self) -> Self {
        Device {
            inner: self.inner.clone(),
        }
    }
}

impl<B: Backend + std::fmt::Debug> std::fmt::Debug for Device<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("backend", &self.inner.backend)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked while holding it; the data (a list or
    // an optional error) is still consistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<B: Backend> Device<B> {
    /// Wraps a backend.
    pub fn new(backend: B) -> Self {
        Self::with_skipped(backend, Vec::new())
    }

    fn with_skipped(backend: B, skipped: Vec<Error>) -> Self {
        Device {
            inner: Arc::new(Inner {
                backend,
                deferred: Mutex::new(None),
                has_deferred: AtomicBool::new(false),
                present: Mutex::new(Vec::new()),
                skipped,
            }),
        }
    }

    /// The backend (for the raw, unsafe layer).
    pub fn backend(&self) -> &B {
        &self.inner.backend
    }

    /// Which backend family runs the calls.
    pub fn kind(&self) -> BackendKind {
        self.inner.backend.kind()
    }

    /// One line naming the backend, device and library.
    pub fn describe(&self) -> String {
        self.inner.backend.describe()
    }

    /// Why `Device::auto()` passed over the backends it tried before this one (empty otherwise).
    pub fn skipped(&self) -> &[Error] {
        &self.inner.skipped
    }

    /// Waits for all work enqueued on the device.
    ///
    /// # Errors
    /// The backend's failure to synchronise, or an error deferred from an earlier guard's
    /// `Drop` (see [`Error`]).
    pub fn synchronize(&self) -> Result<()> {
        self.check()?;
        self.inner.backend.synchronize()
    }

    /// Whether `other` is this device (or a clone of it) or shares its context.
    pub fn same_device(&self, other: &Device<B>) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || self.inner.backend.same_context(&other.inner.backend)
    }

    /// Returns (once) an error a guard's `Drop` could not return.
    pub(crate) fn check(&self) -> Result<()> {
        if !self.inner.has_deferred.load(Ordering::Acquire) {
            return Ok(());
        }
        self.inner.has_deferred.store(false, Ordering::Release);
        match lock(&self.inner.deferred).take() {
            Some(e) => Err(Error::Deferred(Box::new(e))),
            None => Ok(()),
        }
    }

    /// Records an error from a `Drop`, for the next call to return. The first one is kept.
    pub(crate) fn defer(&self, e: Error) {
        lock(&self.inner.deferred).get_or_insert(e);
        self.inner.has_deferred.store(true, Ordering::Release);
    }

    pub(crate) fn present_insert(&self, p: Present) {
        lock(&self.inner.present).push(p);
    }

    pub(crate) fn present_remove(&self, start: usize, dev: crate::backend::DevPtr) {
        let mut table = lock(&self.inner.present);
        if let Some(i) = table.iter().position(|p| p.start == start && p.dev == dev) {
            table.swap_remove(i);
        }
    }

    /// The device address of host bytes `[start, start + bytes)` if a live mapping holds them.
    pub(crate) fn present_lookup(
        &self,
        start: usize,
        bytes: usize,
    ) -> Option<crate::backend::DevPtr> {
        let table = lock(&self.inner.present);
        table
            .iter()
            .find(|p| p.start <= start && start + bytes <= p.end)
            .map(|p| p.dev.offset::<u8>(start - p.start))
    }
}

impl Device<Host> {
    /// The CPU backend (always available).
    pub fn host() -> Self {
        Device::new(Host)
    }
}

/// The variable that forces a backend: `cuda`, `rocm`, `host` or `auto`.
pub const BACKEND_VAR: &str = "GPUBLAS_BACKEND";

impl Device<Dynamic> {
    /// The first usable compiled backend: CUDA, then ROCm, then the host.
    ///
    /// `GPUBLAS_BACKEND=cuda|rocm|host` forces one; a forced backend that is not compiled in or
    /// not usable is an error, never a silent fallback. [`Device::skipped`] tells why earlier
    /// candidates were passed over. The choice is logged through the [`log`] crate: each backend
    /// tried and the one chosen at `info` level (with the reason a compiled backend was
    /// skipped), backends not compiled in at `debug`.
    ///
    /// # Errors
    /// Only when `GPUBLAS_BACKEND` forces a backend: [`Error::BackendUnavailable`] if it is not
    /// compiled in (or the name is unknown), else the backend's own error
    /// ([`Error::LibraryNotFound`], [`Error::NoDevice`], ...). Without it, `auto()` always
    /// succeeds: the host is always there.
    ///
    /// ```
    /// let dev = gpublas::Device::auto()?;
    /// println!("running on {}", dev.describe());
    /// for why in dev.skipped() {
    ///     println!("skipped: {why}");
    /// }
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn auto() -> Result<Self> {
        let forced = std::env::var(BACKEND_VAR)
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let forced_to = |r: Result<Dynamic>| {
            match &r {
                Ok(b) => log::info!("{BACKEND_VAR}={forced} forces {}", b.describe()),
                Err(e) => {
                    log::info!("{BACKEND_VAR}={forced} forces a backend that cannot be used: {e}")
                }
            }
            r.map(Device::new)
        };
        match forced.as_str() {
            "" | "auto" => Ok(Self::first_usable()),
            "host" => forced_to(Ok(Dynamic::Host(Host))),
            "cuda" => forced_to(Self::try_cuda()),
            "rocm" => forced_to(Self::try_rocm()),
            other => Err(Error::BackendUnavailable {
                requested: other.to_string(),
                reason: "unknown backend; expected cuda, rocm, host or auto".into(),
            }),
        }
    }

    fn first_usable() -> Self {
        let mut skipped = Vec::new();
        let candidates = [
            ("cuda", Self::try_cuda as fn() -> Result<Dynamic>),
            ("rocm", Self::try_rocm),
        ];
        for (name, attempt) in candidates {
            match attempt() {
                Ok(b) => {
                    log::info!("Device::auto: chose {}", b.describe());
                    return Device::with_skipped(b, skipped);
                }
                // Not compiled in: nothing to report to the caller.
                Err(Error::BackendUnavailable { reason, .. }) => {
                    log::debug!("Device::auto: {name} not tried: {reason}")
                }
                Err(e) => {
                    log::info!("Device::auto: tried {name}, skipped it: {e}");
                    skipped.push(e);
                }
            }
        }
        let host = Dynamic::Host(Host);
        log::info!(
            "Device::auto: chose {} (no GPU backend usable)",
            host.describe()
        );
        Device::with_skipped(host, skipped)
    }

    fn try_cuda() -> Result<Dynamic> {
        #[cfg(feature = "cuda")]
        {
            crate::backend::Cuda::new(0).map(Dynamic::Cuda)
        }
        #[cfg(not(feature = "cuda"))]
        {
            Err(not_compiled("cuda"))
        }
    }

    fn try_rocm() -> Result<Dynamic> {
        #[cfg(feature = "rocm")]
        {
            crate::backend::Rocm::new(0).map(Dynamic::Rocm)
        }
        #[cfg(not(feature = "rocm"))]
        {
            Err(not_compiled("rocm"))
        }
    }
}

/// The error for a backend whose feature is off, saying how to turn it on.
#[cfg(not(all(feature = "cuda", feature = "rocm")))]
fn not_compiled(feature: &str) -> Error {
    Error::BackendUnavailable {
        requested: feature.into(),
        reason: format!(
            "gpublas was built without the `{feature}` feature; enable it in Cargo.toml \
             (`gpublas = {{ version = \"0.1\", features = [\"{feature}\"] }}`) or on the command \
             line (`cargo run --features gpublas/{feature}`)"
        ),
    }
}
