//! The transfer engine: every copy between host memory and a device goes through here.
//!
//! On a backend with asynchronous transfers (CUDA, ROCm), host data moves through page-locked
//! staging slots ([`staging`]): a copy that fits one slot is copied into it by the host and sent
//! on the compute queue; a larger one is cut into slot-sized chunks, and the host's copies of
//! chunk *i* (spread over a pool of threads, [`copy`]) overlap the DMA of chunk *i − 1* on the
//! transfer queues. Other backends copy synchronously.
//!
//! The rules that keep this sound and ordered:
//! - **No DMA of user memory outlives the call.** Uploads copy pageable user data into a slot
//!   before they return; downloads copy out of a slot before they return. Page-locked user
//!   memory (`HostBuffer`, `Device::pin`) is moved by DMA directly ([`upload_direct`],
//!   [`download_direct`], tiled gemm's panels and tiles), and the call waits for those DMAs
//!   before it returns — on error too, and if the wait itself fails the process aborts. So
//!   nothing reads or writes user memory after the call that borrowed it, whatever the caller
//!   later forgets or leaks.
//! - **Device memory is ordered.** A transfer on a copy queue first waits for the compute queue
//!   (so it runs after every earlier user of a recycled block), and the compute queue waits for
//!   an upload's last chunk before any later work (so kernels and frees see the data).
//! - **Slots are reused only after their DMA.** Each slot carries the event of its last DMA.

pub(crate) mod copy;
pub(crate) mod staging;
mod stats;
pub(crate) mod tiled;

pub(crate) use stats::Counters;
pub use stats::Stats;

/// Default of [`Device::set_zero_copy_limit`](crate::Device::set_zero_copy_limit): host operands up to this many bytes are used by
/// the device in place, from mapped page-locked staging, where the backend allows it. (On an
/// H200, sgemms from host `Vec`s with 1–16 KiB operands took 2–9 µs less per call in place
/// than copied; with 64 KiB operands, 12 µs more: `bench/results`.)
pub const DEFAULT_ZERO_COPY_LIMIT: usize = 16 << 10;

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::backend::{Backend, DevPtr, Queue};
use crate::error::{Error, Result};
use staging::{Slot, Staging};

/// The transfer engine's own state for one device: its page-locked staging slots, its traffic
/// counters, and the settings of tiled gemm and of in-place small operands.
/// [`Device`](crate::Device) owns one; the functions here work on it and the backend they are
/// given, through a [`Link`].
pub(crate) struct Engine {
    /// Page-locked staging slots.
    pub(crate) staging: Staging,
    pub(crate) counters: Counters,
    /// Tiled gemm: host bytes from which it is used, and the tile edge (0: automatic).
    pub(crate) tile_from: AtomicUsize,
    pub(crate) tile_edge: AtomicUsize,
    /// Largest small host operand handed to the device in place (bytes; 0: never).
    pub(crate) zero_copy_max: AtomicUsize,
}

impl Engine {
    /// A fresh engine with the default settings and no slots yet.
    pub(crate) fn new() -> Self {
        Engine {
            staging: Staging::new(),
            counters: Counters::default(),
            tile_from: AtomicUsize::new(tiled::DEFAULT_TILE_FROM),
            tile_edge: AtomicUsize::new(0),
            zero_copy_max: AtomicUsize::new(DEFAULT_ZERO_COPY_LIMIT),
        }
    }
}

/// The engine at work: its state and the backend it moves data for (what every transfer
/// function takes; `Device::link` makes one).
pub(crate) struct Link<'d, B: Backend> {
    backend: &'d B,
    engine: &'d Engine,
}

impl<B: Backend> Clone for Link<'_, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B: Backend> Copy for Link<'_, B> {}

impl<'d, B: Backend> Link<'d, B> {
    /// The engine `engine` moving data for `backend`.
    pub(crate) fn new(backend: &'d B, engine: &'d Engine) -> Self {
        Link { backend, engine }
    }

    /// The backend.
    pub(crate) fn backend(&self) -> &'d B {
        self.backend
    }

    /// The staging slots.
    pub(crate) fn staging(&self) -> &'d Staging {
        &self.engine.staging
    }

    /// The traffic counters.
    pub(crate) fn counters(&self) -> &'d Counters {
        &self.engine.counters
    }

    /// Tiled gemm's threshold in host bytes and its tile edge (0: automatic).
    pub(crate) fn tiling(&self) -> (usize, usize) {
        (
            self.engine.tile_from.load(Ordering::Relaxed),
            self.engine.tile_edge.load(Ordering::Relaxed),
        )
    }
}

/// How many slots a pipelined transfer keeps in flight.
const DEPTH: usize = 3;

/// Copies `src` to device memory at `dst`. When this returns, `src` is no longer read; the
/// device side completes in order before any later work on the compute queue.
pub(crate) fn upload<B: Backend>(dev: Link<'_, B>, dst: DevPtr, src: &[u8]) -> Result<()> {
    let len = src.len();
    if len == 0 {
        return Ok(());
    }
    let b = dev.backend();
    if !b.async_transfers() {
        dev.counters().copied_in(len);
        // SAFETY: the caller guarantees `dst` holds `len` bytes; `src` is a live borrow; the
        // copy completes before returning.
        return unsafe { b.upload(dst, src.as_ptr(), len) };
    }
    let staged = with_slots(dev, len, |flight| {
        if len <= flight.chunk() {
            // One slot, on the compute queue: ordered with every kernel without events.
            return flight.send(0, dst, src, Queue::Compute);
        }
        flight.wait_for_compute(Queue::Upload)?;
        let chunk = flight.chunk();
        for (i, piece) in src.chunks(chunk).enumerate() {
            let slot = i % flight.slots.len();
            flight.send(slot, dst.offset::<u8>(i * chunk), piece, Queue::Upload)?;
        }
        flight.join_compute(Queue::Upload)
    })?;
    if !staged {
        dev.counters().copied_in(len);
        // SAFETY: as above: `dst` holds `len` bytes, `src` is a live borrow, and the copy is
        // complete (and ordered after earlier work) when it returns.
        unsafe { b.upload(dst, src.as_ptr(), len)? };
    }
    Ok(())
}

/// Copies page-locked host memory (of this device's backend) to the device with one DMA from
/// `src` itself, complete when it returns.
pub(crate) fn upload_direct<B: Backend>(dev: Link<'_, B>, dst: DevPtr, src: &[u8]) -> Result<()> {
    let b = dev.backend();
    if src.is_empty() {
        return Ok(());
    }
    dev.counters().copied_in(src.len());
    // SAFETY: `dst` holds `src.len()` bytes (the caller's contract); `src` is page-locked memory
    // of this backend, borrowed until we return, and the wait below completes the DMA first.
    unsafe { b.upload_async(Queue::Compute, dst, src.as_ptr(), src.len())? };
    sync_compute(dev)
}

/// Copies device memory into page-locked host memory (of this device's backend) with one DMA,
/// complete when it returns.
pub(crate) fn download_direct<B: Backend>(
    dev: Link<'_, B>,
    dst: &mut [u8],
    src: DevPtr,
) -> Result<()> {
    let b = dev.backend();
    if dst.is_empty() {
        return Ok(());
    }
    dev.counters().copied_out(dst.len());
    // SAFETY: as for `upload_direct`: `dst` is page-locked, exclusively borrowed, and the wait
    // below completes the DMA before we return.
    unsafe { b.download_async(Queue::Compute, dst.as_mut_ptr(), src, dst.len())? };
    sync_compute(dev)
}

/// Waits, on the host, for everything enqueued on the compute queue so far. If even that
/// fails, a DMA into user memory may still be running: the device is unusable, and only the
/// process ending is safe — so this aborts rather than return.
fn sync_compute<B: Backend>(dev: Link<'_, B>) -> Result<()> {
    let (b, st) = (dev.backend(), dev.staging());
    let e = st.event(b)?;
    // SAFETY: a live event of this backend.
    let r = unsafe {
        b.event_record(e, Queue::Compute)
            .and_then(|_| b.event_sync(e))
    };
    st.give_event(e);
    if r.is_err() && b.synchronize().is_err() {
        log::error!("gpublas: cannot wait for a transfer of user memory; aborting");
        std::process::abort();
    }
    r
}

/// Copies device memory at `src` into `dst`, after all work enqueued before; complete when it
/// returns.
///
/// # Errors
/// A failure before any byte of `dst` was written leaves it untouched and is returned as it
/// is. A failure after (a chunked copy whose later chunk failed, or an unstaged copy, which
/// may stop part way) is [`Error::PartlyWritten`] with no output named yet: the caller names
/// the argument ([`name_output`]).
pub(crate) fn download<B: Backend>(dev: Link<'_, B>, dst: &mut [u8], src: DevPtr) -> Result<()> {
    let len = dst.len();
    if len == 0 {
        return Ok(());
    }
    let b = dev.backend();
    let direct = |dst: &mut [u8]| {
        dev.counters().copied_out(len);
        // SAFETY: the caller guarantees `src` holds `len` bytes; `dst` is a live exclusive
        // borrow; the copy completes before returning.
        unsafe { b.download(dst.as_mut_ptr(), src, len) }.map_err(partly)
    };
    if !b.async_transfers() {
        return direct(dst);
    }
    let mut wrote = false;
    let staged = with_slots(dev, len, |flight| {
        if len <= flight.chunk() {
            flight.fetch(0, src, len, Queue::Compute)?;
            return flight.receive(0, dst);
        }
        flight.wait_for_compute(Queue::Download)?;
        let chunk = flight.chunk();
        let depth = flight.slots.len();
        let n = len.div_ceil(chunk);
        let size = |i: usize| chunk.min(len - i * chunk);
        for i in 0..n.min(depth) {
            flight.fetch(i, src.offset::<u8>(i * chunk), size(i), Queue::Download)?;
        }
        for (i, piece) in dst.chunks_mut(chunk).enumerate() {
            flight.receive(i % depth, piece)?;
            wrote = true;
            let j = i + depth;
            if j < n {
                flight.fetch(
                    j % depth,
                    src.offset::<u8>(j * chunk),
                    size(j),
                    Queue::Download,
                )?;
            }
        }
        Ok(())
    });
    match staged {
        Ok(true) => Ok(()),
        Ok(false) => direct(dst),
        Err(e) if wrote => Err(partly(e)),
        Err(e) => Err(e),
    }
}

/// `e`, after writes to an output began (the output not named yet: see [`name_output`]).
pub(crate) fn partly(e: Error) -> Error {
    match e {
        e @ Error::PartlyWritten { .. } => e,
        e => Error::PartlyWritten {
            routine: "",
            outputs: Vec::new(),
            source: Box::new(e),
        },
    }
}

/// Names `arg` of `routine` as the output a [`Error::PartlyWritten`] may have partly written
/// (other errors pass unchanged).
pub(crate) fn name_output(e: Error, routine: &'static str, arg: &'static str) -> Error {
    match e {
        Error::PartlyWritten {
            routine: r,
            mut outputs,
            source,
        } => {
            if !outputs.contains(&arg) {
                outputs.push(arg);
            }
            Error::PartlyWritten {
                routine: if r.is_empty() { routine } else { r },
                outputs,
                source,
            }
        }
        e => e,
    }
}

/// Runs a staged transfer of `len` bytes with slots from the device's pool (one if it fits in
/// one, else up to `DEPTH`), and gives them back afterwards — on failure only once every DMA
/// the transfer started is complete. Returns `Ok(false)` without running `body` when no slot
/// can be had without waiting while this thread holds staging (the engine's no-hold-and-wait
/// rule, see [`staging`]): the caller then copies without staging.
fn with_slots<B: Backend>(
    dev: Link<'_, B>,
    len: usize,
    body: impl FnOnce(&mut InFlight<'_, '_, B>) -> Result<()>,
) -> Result<bool> {
    let (b, st) = (dev.backend(), dev.staging());
    let want = if len <= st.slot_bytes() { 1 } else { DEPTH };
    let mut slots = st.acquire(b, want);
    if slots.is_empty() {
        return Ok(false);
    }
    let r = {
        let mut flight = InFlight::new(dev, &mut slots);
        let r = body(&mut flight);
        if r.is_ok() {
            flight.finish();
        }
        r
    };
    st.release(b, slots);
    r.map(|()| true)
}

/// A transfer's slots while DMAs may use them. If the transfer stops early (an error, a
/// panic), dropping it waits for every DMA it started before the slots can be reused — or, if
/// even that fails, leaks them rather than let a DMA touch memory that has a new owner.
pub(crate) struct InFlight<'a, 'd, B: Backend> {
    dev: Link<'d, B>,
    slots: &'a mut Vec<Slot>,
    done: bool,
}

impl<'a, 'd, B: Backend> InFlight<'a, 'd, B> {
    pub(crate) fn new(dev: Link<'d, B>, slots: &'a mut Vec<Slot>) -> Self {
        InFlight {
            dev,
            slots,
            done: false,
        }
    }

    /// How many slots the transfer holds.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The chunk size: the smallest slot's size.
    pub(crate) fn chunk(&self) -> usize {
        self.slots.iter().map(Slot::bytes).min().unwrap_or(0)
    }

    /// Makes `q` wait for everything enqueued on the compute queue so far.
    pub(crate) fn wait_for_compute(&self, q: Queue) -> Result<()> {
        let (b, st) = (self.dev.backend(), self.dev.staging());
        let e = st.event(b)?;
        // SAFETY: `e` is a live event of this backend.
        let r = unsafe {
            b.event_record(e, Queue::Compute)
                .and_then(|_| b.event_wait(q, e))
        };
        st.give_event(e);
        r
    }

    /// Makes the compute queue wait for everything enqueued on `q` so far.
    fn join_compute(&self, q: Queue) -> Result<()> {
        let (b, st) = (self.dev.backend(), self.dev.staging());
        let e = st.event(b)?;
        // SAFETY: `e` is a live event of this backend.
        let r = unsafe {
            b.event_record(e, q)
                .and_then(|_| b.event_wait(Queue::Compute, e))
        };
        st.give_event(e);
        r
    }

    /// Copies `src` into slot `i` and enqueues its upload to `dst` on `q`.
    fn send(&mut self, i: usize, dst: DevPtr, src: &[u8], q: Queue) -> Result<()> {
        self.send_with(i, dst, src.len(), q, |buf| copy::copy(buf, src))
    }

    /// Fills the first `len` bytes of slot `i` with `fill` and enqueues their upload to `dst`
    /// on `q`.
    pub(crate) fn send_with(
        &mut self,
        i: usize,
        dst: DevPtr,
        len: usize,
        q: Queue,
        fill: impl FnOnce(&mut [u8]),
    ) -> Result<()> {
        let b = self.dev.backend();
        let slot = &mut self.slots[i];
        assert!(len <= slot.bytes(), "staging chunk larger than its slot");
        slot.ready(b)?;
        // SAFETY: the slot is ours, its last DMA is complete, it holds `bytes() >= len`
        // initialised bytes, and nothing else touches them until we enqueue the upload.
        fill(unsafe { std::slice::from_raw_parts_mut(slot.ptr(), len) });
        // SAFETY: `dst` holds the chunk (the caller's contract); the slot stays ours, untouched,
        // until `mark`'s event is reached.
        unsafe { b.upload_async(q, dst, slot.ptr(), len)? };
        self.dev.counters().copied_in(len);
        slot.mark(b, q)
    }

    /// Enqueues the download of `len` bytes at `src` into slot `i` on `q`.
    pub(crate) fn fetch(&mut self, i: usize, src: DevPtr, len: usize, q: Queue) -> Result<()> {
        let b = self.dev.backend();
        let slot = &mut self.slots[i];
        slot.ready(b)?;
        // SAFETY: `src` holds `len` bytes (the caller's contract); the slot holds at least
        // `len` bytes and stays ours, untouched, until the event `mark` records is reached.
        unsafe { b.download_async(q, slot.ptr(), src, len)? };
        self.dev.counters().copied_out(len);
        slot.mark(b, q)
    }

    /// Waits for slot `i`'s download and copies its first `dst.len()` bytes out.
    fn receive(&mut self, i: usize, dst: &mut [u8]) -> Result<()> {
        self.receive_with(i, dst.len(), |buf| copy::copy(dst, buf))
    }

    /// Waits for slot `i`'s download and hands its first `len` bytes to `drain`.
    pub(crate) fn receive_with(
        &mut self,
        i: usize,
        len: usize,
        drain: impl FnOnce(&[u8]),
    ) -> Result<()> {
        let b = self.dev.backend();
        let slot = &mut self.slots[i];
        assert!(len <= slot.bytes(), "staging chunk larger than its slot");
        slot.ready(b)?;
        // SAFETY: the slot's DMA is complete; it holds at least `len` initialised bytes.
        drain(unsafe { std::slice::from_raw_parts(slot.ptr(), len) });
        Ok(())
    }

    /// The transfer completed normally: its slots may be released (DMAs still pending on
    /// them are covered by each slot's own event).
    pub(crate) fn finish(mut self) {
        self.done = true;
    }
}

impl<B: Backend> Drop for InFlight<'_, '_, B> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let b = self.dev.backend();
        let mut leaked = false;
        for s in self.slots.iter_mut() {
            if s.ready(b).is_err() {
                leaked = true;
            }
        }
        if leaked {
            // A DMA may still use these slots: never hand them out again.
            let lost = std::mem::take(self.slots);
            log::error!(
                "gpublas: leaking {} staging slot(s) whose DMA could not be waited for",
                lost.len()
            );
            staging::Staging::forget_held(lost.len());
            std::mem::forget(lost);
        }
    }
}
