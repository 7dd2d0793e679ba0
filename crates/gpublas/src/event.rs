//! Events: points in a device's queue of work that the host or another device's stream can
//! wait for.
//!
//! Calls on device-resident data return once their work is queued (see the crate docs on
//! asynchrony); an event lets a program wait for one point of that queue instead of all of it
//! ([`Device::synchronize`]), or order two devices' streams without the host in between (two
//! [`Device`]s over two streams of one GPU, e.g. two cudarc streams).

use crate::backend::{Backend, BackendKind, Event, Queue};
use crate::device::Device;
use crate::error::{Error, Result};

/// A recorded point in a device's queue (made by [`Device::record_event`]).
pub struct DeviceEvent<B: Backend> {
    dev: Device<B>,
    raw: Event,
}

impl<B: Backend> std::fmt::Debug for DeviceEvent<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceEvent")
            .field("device", &self.dev.describe())
            .finish()
    }
}

impl<B: Backend> Device<B> {
    /// Marks the current end of this device's queue: the event is reached when all work
    /// queued on the device before it has run.
    ///
    /// # Errors
    /// A vendor failure creating or recording the event.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut y = dev.upload(&[1.0f32, 2.0])?;
    /// dev.scal(2.0, &mut y)?; // queued; may still be running when this returns
    /// let done = dev.record_event()?;
    /// done.synchronize()?; // the scal has run
    /// assert_eq!(y.to_vec()?, [2.0, 4.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn record_event(&self) -> Result<DeviceEvent<B>> {
        self.check()?;
        let raw = self.backend().event_create()?;
        let ev = DeviceEvent {
            dev: self.clone(),
            raw,
        };
        // SAFETY: `raw` is a live event of this backend (destroyed only when `ev` drops).
        unsafe { self.backend().event_record(raw, Queue::Compute)? };
        Ok(ev)
    }

    /// Makes work queued on this device after this call wait until `event` is reached, without
    /// blocking the host: how two devices over two streams of one GPU hand data to each other.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if `event` belongs to a device of another kind, or to
    /// another device of a backend whose events mean nothing outside it (host, emulated); a
    /// vendor failure.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let mut x = dev.upload(&[3.0f64, 4.0])?;
    /// dev.scal(0.5, &mut x)?;
    /// let ready = dev.record_event()?;
    /// dev.wait_event(&ready)?; // (another device on another stream would do this)
    /// assert_eq!(dev.nrm2(&x)?, 2.5);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn wait_event(&self, event: &DeviceEvent<B>) -> Result<()> {
        self.check()?;
        let (mine, theirs) = (self.kind(), event.dev.kind());
        let gpu = matches!(theirs, BackendKind::Cuda | BackendKind::Rocm);
        if !(self.same_device(&event.dev) || (mine == theirs && gpu)) {
            return Err(Error::arg(
                "wait_event",
                "event",
                format!(
                    "was recorded on another device ({}), whose events this device ({}) cannot wait for",
                    event.dev.describe(),
                    self.describe()
                ),
            ));
        }
        // SAFETY: the event is live (owned by `event`, borrowed for the call); it is this
        // backend's, or an event of the same GPU runtime (which any stream of the process may
        // wait for).
        unsafe { self.backend().event_wait(Queue::Compute, event.raw) }
    }
}

impl<B: Backend> DeviceEvent<B> {
    /// Blocks until the event is reached (the work queued before it has run), and reports a
    /// failure of that work.
    ///
    /// # Errors
    /// A vendor failure of the queued work or of the wait.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// let ev = dev.record_event()?;
    /// ev.synchronize()?;
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: the event is live until `self` drops.
        unsafe { self.dev.backend().event_sync(self.raw) }
    }

    /// The device the event was recorded on.
    pub fn device(&self) -> &Device<B> {
        &self.dev
    }
}

impl<B: Backend> Drop for DeviceEvent<B> {
    fn drop(&mut self) {
        // SAFETY: created by this backend's `event_create`, not used after this; the vendors
        // release an event still awaited by a stream once the wait completes.
        unsafe { self.dev.backend().event_destroy(self.raw) };
    }
}
