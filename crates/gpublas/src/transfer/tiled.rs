//! Tiled gemm with host operands: the output is cut into tiles and the operands into panels,
//! so the transfers of later panels and tiles overlap the computation of earlier tiles (what
//! cuBLASXt does, on one device).
//!
//! For `C (m×n) = α op(X) op(Y) + βC`, row panel `i` of `op(X)` and column panel `j` of `op(Y)`
//! are packed into device memory as they are first needed, on the Upload queue; tile `(i, j)` is
//! computed on the compute queue as soon as its two panels (and, if `β ≠ 0`, its part of `C`)
//! have arrived; its result goes back on the Download queue while later tiles compute, and the
//! host copies it out of the staging slots one tile later. Operands in page-locked memory of the
//! device's backend (`HostBuffer`, `Device::pin`) skip the staging slots: their panels and tiles
//! move by one strided DMA each, straight from and to the user's memory, and the run waits for
//! every such DMA before it returns. Operands already on the device are used in place. The
//! whole problem must fit in device memory (as for an untiled call).
//!
//! The ordering rules are the engine's (see [`super`]): uploads wait for the compute queue
//! once at the start, every tile's gemm waits for the events of its panels, every download
//! waits for its tile's gemm, and the host touches a staging slot only after its DMA.

use super::copy::{gather, scatter, Block};
use super::{InFlight, Link};
use crate::backend::{BlasAll, DevPtr, Event, Level3, Queue};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::Op;

/// Default: host bytes (of A, B and C together) from which a gemm is tiled.
pub const DEFAULT_TILE_FROM: usize = 48 << 20;

/// Staging slots kept for uploads; the rest carry finished tiles back.
const UPLOAD_SLOTS: usize = 3;

/// Finished tiles whose download may be in flight before the host copies the oldest out.
const PENDING_TILES: usize = 2;

/// Where an input operand is.
#[derive(Clone, Copy)]
pub(crate) enum Operand<'a> {
    /// Host memory (its bytes), moved through the staging slots.
    Host(&'a [u8]),
    /// Page-locked host memory of the device's backend, moved by DMA from the bytes themselves.
    Pinned(&'a [u8]),
    /// Device memory.
    Device(DevPtr),
}

impl Operand<'_> {
    fn on_host(&self) -> bool {
        !matches!(self, Operand::Device(_))
    }
}

/// Where the output is.
pub(crate) enum Output<'a> {
    /// Host memory (its bytes), moved through the staging slots.
    Host(&'a mut [u8]),
    /// Page-locked host memory of the device's backend, moved by DMA into the bytes themselves.
    Pinned(PinnedOut<'a>),
    /// Device memory.
    Device(DevPtr),
}

/// A page-locked output, as one raw pointer derived once from its exclusive borrow (held for
/// `'a`): every DMA of the run reads and writes through it, and the borrow is not used again
/// while one may be pending (a reborrow of the slice per tile would invalidate the pointers
/// that earlier, still running, DMAs write through).
pub(crate) struct PinnedOut<'a> {
    ptr: *mut u8,
    len: usize,
    _borrow: std::marker::PhantomData<&'a mut [u8]>,
}

impl<'a> PinnedOut<'a> {
    pub(crate) fn new(bytes: &'a mut [u8]) -> Self {
        PinnedOut {
            ptr: bytes.as_mut_ptr(),
            len: bytes.len(),
            _borrow: std::marker::PhantomData,
        }
    }
}

impl Output<'_> {
    fn on_host(&self) -> bool {
        !matches!(self, Output::Device(_))
    }

    /// Whether some transfer goes through the staging slots.
    fn staged(&self) -> bool {
        matches!(self, Output::Host(_))
    }
}

/// A validated column-major gemm `C (m×n) = α op(X) op(Y) + βC` with `k > 0`, `α ≠ 0`.
pub(crate) struct Gemm<'a, T> {
    pub ta: Op,
    pub tb: Op,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub alpha: T,
    pub beta: T,
    pub x: Operand<'a>,
    pub ldx: usize,
    pub y: Operand<'a>,
    pub ldy: usize,
    pub c: Output<'a>,
    pub ldc: usize,
}

/// Bytes above which an automatic tile edge of 2048 is halved: the first tile's gemm waits for
/// a whole panel of each operand.
const PANEL_BYTES: usize = 64 << 20;

/// The tile edge for a dimension `d` whose panels are `panel_row` bytes per unit of edge (the
/// depth times the element size): the device's setting if any, else whole below 2048, 1024
/// below 3072, 2048 above (measured on an H200: at n = 4096, tiles of 2048 beat 1024 by a
/// quarter — fewer, larger gemms and panels; at 8192 they tie; see `docs/gpu-runs.md`), but
/// 1024 where a panel of 2048 would pass 64 MiB (H100s, page-locked operands: dgemm 8192 took
/// 30.9–31.8 ms in tiles of 1024 against 32.7–34.3 in tiles of 2048, whose 128 MiB panels
/// delay the first gemm; sgemm 8192, with 64 MiB panels, 24.1–24.9 against 27.2–27.9 in tiles
/// of 1024; Runs R–T).
fn tile_edge(d: usize, panel_row: usize, forced: usize) -> usize {
    match forced {
        0 if d >= 3072 && 2048 * panel_row <= PANEL_BYTES => 2048,
        0 if d >= 2048 => 1024,
        0 => d.max(1),
        t => t.min(d.max(1)),
    }
}

/// `[start, end)` ranges of `d` in steps of `t`.
fn ranges(d: usize, t: usize) -> Vec<(usize, usize)> {
    (0..d)
        .step_by(t.max(1))
        .map(|s| (s, (s + t).min(d)))
        .collect()
}

impl<T: Scalar> Gemm<'_, T> {
    /// Whether tiling pays off: asynchronous transfers, some host operand, enough bytes, and
    /// more than one tile.
    pub(crate) fn worth_tiling<B: crate::backend::Backend>(&self, dev: Link<'_, B>) -> bool {
        if !dev.backend().async_transfers() || self.k == 0 || self.alpha.is_zero() {
            return false;
        }
        let e = std::mem::size_of::<T>();
        let host = |on_host: bool, elems: usize| if on_host { elems * e } else { 0 };
        let bytes = host(self.x.on_host(), self.m * self.k)
            + host(self.y.on_host(), self.k * self.n)
            + host(self.c.on_host(), self.m * self.n);
        let (from, edge) = dev.tiling();
        let row = self.k * e;
        let tiles = self.m.div_ceil(tile_edge(self.m, row, edge))
            * self.n.div_ceil(tile_edge(self.n, row, edge));
        bytes >= from && tiles > 1
    }

    /// The bytes of device memory `run` needs for the operands on the host (`op(X)`, `op(Y)`,
    /// `C`; 0 for one already on the device).
    pub(crate) fn scratch_bytes(&self) -> [usize; 3] {
        let e = std::mem::size_of::<T>();
        [
            if self.x.on_host() {
                self.m * self.k * e
            } else {
                0
            },
            if self.y.on_host() {
                self.k * self.n * e
            } else {
                0
            },
            if self.c.on_host() {
                self.m * self.n * e
            } else {
                0
            },
        ]
    }

    /// Stored block of row panel `[r0, r1)` of `op(X)` (its packed leading dimension is the
    /// block's row count), and its column count.
    fn x_block(&self, (r0, r1): (usize, usize)) -> (Block, usize) {
        let e = std::mem::size_of::<T>();
        if self.ta == Op::N {
            (
                Block {
                    elem: e,
                    ld: self.ldx,
                    r0,
                    c0: 0,
                    rows: r1 - r0,
                },
                self.k,
            )
        } else {
            (
                Block {
                    elem: e,
                    ld: self.ldx,
                    r0: 0,
                    c0: r0,
                    rows: self.k,
                },
                r1 - r0,
            )
        }
    }

    /// Stored block of column panel `[c0, c1)` of `op(Y)`, and its column count.
    fn y_block(&self, (c0, c1): (usize, usize)) -> (Block, usize) {
        let e = std::mem::size_of::<T>();
        if self.tb == Op::N {
            (
                Block {
                    elem: e,
                    ld: self.ldy,
                    r0: 0,
                    c0,
                    rows: self.k,
                },
                c1 - c0,
            )
        } else {
            (
                Block {
                    elem: e,
                    ld: self.ldy,
                    r0: c0,
                    c0: 0,
                    rows: c1 - c0,
                },
                self.k,
            )
        }
    }
}

/// A panel or tile on the device: address, leading dimension, and the event after its upload.
#[derive(Clone, Copy)]
struct Placed {
    ptr: DevPtr,
    ld: usize,
    ready: Option<Event>,
}

/// A finished tile whose chunks are coming back in download slots.
struct Pending {
    block: Block,
    /// (slot index, first packed element, end element) per chunk.
    chunks: Vec<(usize, usize, usize)>,
}

/// Runs the tiled gemm (`Ok(false)`: not run, too few staging slots; use the plain path).
/// Every host operand's memory is read or written only before this returns; on error, every
/// transfer it started has completed before it returns (if even waiting for a DMA of user
/// memory fails, the process aborts: see [`DirectDmas`]).
///
/// Everything the run needs (device memory, staging slots, events) is reserved before its first
/// transfer, so only a fault of the device can stop it part way; a stop after results began to
/// reach `C` (a finished tile copied out, or a tile computed into a device `C`) is
/// [`Error::PartlyWritten`](crate::Error::PartlyWritten) with no output named yet (the caller
/// names `C`).
pub(crate) fn run<T: Scalar, B: BlasAll>(
    dev: Link<'_, B>,
    mut g: Gemm<'_, T>,
    [xbuf, ybuf, cbuf]: [DevPtr; 3],
) -> Result<bool> {
    let (b, st) = (dev.backend(), dev.staging());
    let edge = dev.tiling().1;
    let row = g.k * std::mem::size_of::<T>();
    let rows = ranges(g.m, tile_edge(g.m, row, edge));
    let cols = ranges(g.n, tile_edge(g.n, row, edge));
    let c_on_host = g.c.on_host();
    let direct = matches!(g.x, Operand::Pinned(_))
        || matches!(g.y, Operand::Pinned(_))
        || matches!(g.c, Output::Pinned(_));
    let staged = matches!(g.x, Operand::Host(_)) || matches!(g.y, Operand::Host(_)) || g.c.staged();
    // One event per host panel, per tile one after its C upload and one after its gemm, and
    // two for the final wait of direct DMAs.
    let tiles = rows.len() * cols.len();
    let wanted = usize::from(g.x.on_host()) * rows.len()
        + usize::from(g.y.on_host()) * cols.len()
        + usize::from(c_on_host) * tiles * (1 + usize::from(!g.beta.is_zero()))
        + 2 * usize::from(direct);
    let mut events: Vec<Event> = Vec::with_capacity(wanted);
    let mut made = Ok(());
    for _ in 0..wanted {
        match st.event(b) {
            Ok(ev) => events.push(ev),
            Err(err) => {
                made = Err(err);
                break;
            }
        }
    }
    let mut slots = Vec::new();
    if made.is_ok() && staged {
        slots = st.acquire(b, UPLOAD_SLOTS + PENDING_TILES + 1);
    }
    if made.is_err() || (staged && slots.len() < 2) {
        for ev in events {
            st.give_event(ev);
        }
        st.release(b, slots);
        return made.map(|()| false);
    }
    let mut used: Vec<Event> = Vec::with_capacity(wanted);
    let mut wrote = false;
    let final_wait = if direct {
        let ends = [events.pop(), events.pop()];
        Some(ends.map(|e| e.expect("counted above")))
    } else {
        None
    };
    let r = {
        let mut flight = InFlight::new(dev, &mut slots);
        let mut dmas = DirectDmas {
            dev,
            events: final_wait,
            armed: false,
        };
        let mut t = Tiler {
            dev,
            flight: &mut flight,
            dmas: &mut dmas,
            spare: &mut events,
            events: &mut used,
            up_next: 0,
            free_down: Vec::new(),
            pending: std::collections::VecDeque::new(),
            wrote: &mut wrote,
        };
        let r = t.all(&mut g, &rows, &cols, [xbuf, ybuf, cbuf]);
        // Every DMA of user memory is complete before the run ends, whatever its result.
        let r = r.and(dmas.wait());
        if r.is_ok() {
            flight.finish();
        }
        r
    };
    if let Some(ends) = final_wait {
        used.extend(ends);
    }
    for ev in used.into_iter().chain(events) {
        st.give_event(ev);
    }
    st.release(b, slots);
    match r {
        Ok(()) => Ok(true),
        Err(err) if wrote => Err(super::partly(err)),
        Err(err) => Err(err),
    }
}

/// The DMAs a run makes straight from and to page-locked user memory. Once one is enqueued
/// (`armed`), the run may not return before every transfer queue has drained: `wait` does that
/// on every path, and dropping an armed value (a panic mid-run) does it too. If even the wait
/// fails, a DMA may still be reading or writing memory whose borrow is about to end, so the
/// process aborts (as [`super::upload_direct`]'s wait does).
pub(crate) struct DirectDmas<'d, B: crate::backend::Backend> {
    dev: Link<'d, B>,
    /// Two events reserved before the run, so the wait needs no allocation.
    events: Option<[Event; 2]>,
    armed: bool,
}

impl<B: crate::backend::Backend> DirectDmas<'_, B> {
    /// Waits for both transfer queues if a direct DMA was enqueued.
    fn wait(&mut self) -> Result<()> {
        if !std::mem::replace(&mut self.armed, false) {
            return Ok(());
        }
        let b = self.dev.backend();
        let [up, down] = self
            .events
            .expect("reserved when a run has direct operands");
        // SAFETY: live events of this backend, reserved for this run.
        let r = unsafe {
            b.event_record(up, Queue::Upload)
                .and_then(|()| b.event_record(down, Queue::Download))
                .and_then(|()| b.event_sync(up))
                .and_then(|()| b.event_sync(down))
        };
        if r.is_err() && b.synchronize_all().is_err() {
            log::error!("gpublas: cannot wait for a DMA of user memory; aborting");
            std::process::abort();
        }
        r
    }
}

impl<B: crate::backend::Backend> Drop for DirectDmas<'_, B> {
    fn drop(&mut self) {
        let _ = self.wait();
    }
}

/// The state of one tiled run.
struct Tiler<'f, 'a, 'd, B: crate::backend::Backend> {
    dev: Link<'d, B>,
    flight: &'f mut InFlight<'a, 'd, B>,
    dmas: &'f mut DirectDmas<'d, B>,
    /// Events made before the run, not used yet.
    spare: &'f mut Vec<Event>,
    /// Events used by the run (given back after it).
    events: &'f mut Vec<Event>,
    /// Whether results began to reach the output.
    wrote: &'f mut bool,
    up_next: usize,
    free_down: Vec<usize>,
    pending: std::collections::VecDeque<Pending>,
}

impl<B: crate::backend::Backend> Tiler<'_, '_, '_, B> {
    fn event(&mut self) -> Result<Event> {
        // Counted before the run; made on demand only if that count was short (never so far).
        let e = match self.spare.pop() {
            Some(e) => e,
            None => self.dev.staging().event(self.dev.backend())?,
        };
        self.events.push(e);
        Ok(e)
    }

    fn upload_slots(&self) -> usize {
        UPLOAD_SLOTS
            .min(self.flight.slot_count().saturating_sub(1))
            .max(1)
    }

    /// Packs `block` (`cols` columns) of the host matrix `src` into device memory at `dst`
    /// through the upload slots; returns the event after its last chunk.
    fn upload(&mut self, dst: DevPtr, src: &[u8], block: Block, cols: usize) -> Result<Event> {
        let chunk = (self.flight.chunk() / block.elem).max(1);
        let total = block.rows * cols;
        let mut e0 = 0;
        while e0 < total {
            let e1 = (e0 + chunk).min(total);
            let slot = self.up_next;
            self.up_next = (self.up_next + 1) % self.upload_slots();
            let at = dst.offset::<u8>(e0 * block.elem);
            self.flight
                .send_with(slot, at, (e1 - e0) * block.elem, Queue::Upload, |buf| {
                    gather(buf, src, block, e0, e1)
                })?;
            e0 = e1;
        }
        let ev = self.event()?;
        // SAFETY: a live event of this backend.
        unsafe { self.dev.backend().event_record(ev, Queue::Upload)? };
        Ok(ev)
    }

    /// Enqueues one strided DMA of `block` (`cols` columns) of the page-locked host matrix `src`
    /// into device memory at `dst` (packed, leading dimension `block.rows`) on the upload
    /// queue; returns the event after it.
    /// `src` is the matrix's start and length in bytes: an input's shared borrow, or the
    /// output's pointer ([`PinnedOut`]), valid for the whole run.
    fn upload_direct(
        &mut self,
        dst: DevPtr,
        (src, len): (*const u8, usize),
        block: Block,
        cols: usize,
    ) -> Result<Event> {
        let (start, width, pitch) = block.span(cols, len);
        self.dmas.armed = true;
        // SAFETY: `span` checked that every column of the block lies inside the `len` bytes at
        // `src`, page-locked memory of this backend borrowed for the whole run; the run waits
        // for the upload queue before it returns (`DirectDmas`). `dst` holds the packed block.
        unsafe {
            self.dev.backend().upload_2d_async(
                Queue::Upload,
                dst,
                width,
                src.add(start),
                pitch,
                width,
                cols,
            )?
        };
        self.dev.counters().copied_in(width * cols);
        let ev = self.event()?;
        // SAFETY: a live event of this backend.
        unsafe { self.dev.backend().event_record(ev, Queue::Upload)? };
        Ok(ev)
    }

    /// Enqueues one strided DMA of a finished device tile (packed at `src`) into `block` of
    /// the page-locked host output `c`, on the download queue (after the tile's gemm, which
    /// the caller made the queue wait for).
    fn download_direct(
        &mut self,
        (c, len): (*mut u8, usize),
        src: DevPtr,
        block: Block,
        cols: usize,
    ) -> Result<()> {
        let (start, width, pitch) = block.span(cols, len);
        self.dmas.armed = true;
        // From here the DMA may write the output, even if enqueueing reports a failure.
        *self.wrote = true;
        // SAFETY: as for `upload_direct`; `c` is the output's one pointer ([`PinnedOut`]),
        // whose exclusive borrow lasts the run and is not used otherwise meanwhile.
        unsafe {
            self.dev.backend().download_2d_async(
                Queue::Download,
                c.add(start),
                pitch,
                src,
                width,
                width,
                cols,
            )?
        };
        self.dev.counters().copied_out(width * cols);
        Ok(())
    }

    /// Copies the oldest pending tile out of its slots into the host output.
    fn drain_one(&mut self, c: &mut [u8]) -> Result<()> {
        let Some(p) = self.pending.pop_front() else {
            return Ok(());
        };
        for &(slot, e0, e1) in &p.chunks {
            let wrote = &mut *self.wrote;
            self.flight
                .receive_with(slot, (e1 - e0) * p.block.elem, |buf| {
                    *wrote = true;
                    scatter(c, buf, p.block, e0, e1)
                })?;
            self.free_down.push(slot);
        }
        Ok(())
    }

    /// Brings a finished device tile back: enqueues its chunks into download slots (waiting
    /// for older tiles to come out first if there are too few free), copied out later.
    fn download(&mut self, c: &mut [u8], src: DevPtr, block: Block, cols: usize) -> Result<()> {
        let chunk = (self.flight.chunk() / block.elem).max(1);
        let total = block.rows * cols;
        let need = total.div_ceil(chunk);
        while self.free_down.len() < need && !self.pending.is_empty() {
            self.drain_one(c)?;
        }
        if self.free_down.len() < need {
            // Too few slots for the whole tile: bring it back chunk by chunk through one slot.
            let slot = self.free_down[0];
            let mut e0 = 0;
            while e0 < total {
                let e1 = (e0 + chunk).min(total);
                self.flight.fetch(
                    slot,
                    src.offset::<u8>(e0 * block.elem),
                    (e1 - e0) * block.elem,
                    Queue::Download,
                )?;
                let wrote = &mut *self.wrote;
                self.flight
                    .receive_with(slot, (e1 - e0) * block.elem, |buf| {
                        *wrote = true;
                        scatter(c, buf, block, e0, e1)
                    })?;
                e0 = e1;
            }
            return Ok(());
        }
        let mut chunks = Vec::with_capacity(need);
        let mut e0 = 0;
        while e0 < total {
            let e1 = (e0 + chunk).min(total);
            let slot = self.free_down.pop().expect("counted above");
            self.flight.fetch(
                slot,
                src.offset::<u8>(e0 * block.elem),
                (e1 - e0) * block.elem,
                Queue::Download,
            )?;
            chunks.push((slot, e0, e1));
            e0 = e1;
        }
        self.pending.push_back(Pending { block, chunks });
        while self.pending.len() > PENDING_TILES {
            self.drain_one(c)?;
        }
        Ok(())
    }

    /// The whole run: every tile in row-major order.
    fn all<T: Scalar>(
        &mut self,
        g: &mut Gemm<'_, T>,
        rows: &[(usize, usize)],
        cols: &[(usize, usize)],
        [xbuf, ybuf, cbuf]: [DevPtr; 3],
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let b = self.dev.backend();
        let blas = T::on(b);
        let e = std::mem::size_of::<T>();
        let ups = self.upload_slots();
        self.free_down = (ups..self.flight.slot_count()).collect();
        // Device memory the uploads write may have been used by earlier work until now.
        self.flight.wait_for_compute(Queue::Upload)?;
        let mut xs: Vec<Option<Placed>> = vec![None; rows.len()];
        let mut ys: Vec<Option<Placed>> = vec![None; cols.len()];
        for (i, &(r0, r1)) in rows.iter().enumerate() {
            for (j, &(c0, c1)) in cols.iter().enumerate() {
                let (h, w) = (r1 - r0, c1 - c0);
                let x = match xs[i] {
                    Some(p) => p,
                    None => {
                        let (block, ncols) = g.x_block((r0, r1));
                        let p = match g.x {
                            Operand::Host(src) => {
                                let dst = xbuf.offset::<u8>(r0 * g.k * e);
                                Placed {
                                    ptr: dst,
                                    ld: block.rows,
                                    ready: Some(self.upload(dst, src, block, ncols)?),
                                }
                            }
                            Operand::Pinned(src) => {
                                let dst = xbuf.offset::<u8>(r0 * g.k * e);
                                Placed {
                                    ptr: dst,
                                    ld: block.rows,
                                    ready: Some(self.upload_direct(
                                        dst,
                                        (src.as_ptr(), src.len()),
                                        block,
                                        ncols,
                                    )?),
                                }
                            }
                            Operand::Device(p) => Placed {
                                ptr: p.offset::<u8>((block.c0 * g.ldx + block.r0) * e),
                                ld: g.ldx,
                                ready: None,
                            },
                        };
                        xs[i] = Some(p);
                        p
                    }
                };
                let y = match ys[j] {
                    Some(p) => p,
                    None => {
                        let (block, ncols) = g.y_block((c0, c1));
                        let p = match g.y {
                            Operand::Host(src) => {
                                let dst = ybuf.offset::<u8>(c0 * g.k * e);
                                Placed {
                                    ptr: dst,
                                    ld: block.rows,
                                    ready: Some(self.upload(dst, src, block, ncols)?),
                                }
                            }
                            Operand::Pinned(src) => {
                                let dst = ybuf.offset::<u8>(c0 * g.k * e);
                                Placed {
                                    ptr: dst,
                                    ld: block.rows,
                                    ready: Some(self.upload_direct(
                                        dst,
                                        (src.as_ptr(), src.len()),
                                        block,
                                        ncols,
                                    )?),
                                }
                            }
                            Operand::Device(p) => Placed {
                                ptr: p.offset::<u8>((block.c0 * g.ldy + block.r0) * e),
                                ld: g.ldy,
                                ready: None,
                            },
                        };
                        ys[j] = Some(p);
                        p
                    }
                };
                let cblock = Block {
                    elem: e,
                    ld: g.ldc,
                    r0,
                    c0,
                    rows: h,
                };
                let c = match &g.c {
                    Output::Host(host) => {
                        let dst = cbuf.offset::<u8>((r0 * g.n + h * c0) * e);
                        let ready = if g.beta.is_zero() {
                            None
                        } else {
                            Some(self.upload(dst, host, cblock, w)?)
                        };
                        Placed {
                            ptr: dst,
                            ld: h,
                            ready,
                        }
                    }
                    Output::Pinned(host) => {
                        let dst = cbuf.offset::<u8>((r0 * g.n + h * c0) * e);
                        let ready = if g.beta.is_zero() {
                            None
                        } else {
                            let (p, len) = (host.ptr.cast_const(), host.len);
                            Some(self.upload_direct(dst, (p, len), cblock, w)?)
                        };
                        Placed {
                            ptr: dst,
                            ld: h,
                            ready,
                        }
                    }
                    Output::Device(p) => Placed {
                        ptr: p.offset::<u8>((c0 * g.ldc + r0) * e),
                        ld: g.ldc,
                        ready: None,
                    },
                };
                for ev in [x.ready, y.ready, c.ready].into_iter().flatten() {
                    // SAFETY: a live event of this backend.
                    unsafe { b.event_wait(Queue::Compute, ev)? };
                }
                // SAFETY: every panel and tile lies inside its device block or the caller's
                // validated device operand, with the leading dimensions given; C's tile
                // overlaps no input.
                unsafe {
                    blas.gemm(
                        g.ta, g.tb, h, w, g.k, g.alpha, x.ptr, x.ld, y.ptr, y.ld, g.beta, c.ptr,
                        c.ld,
                    )?
                };
                if matches!(g.c, Output::Device(_)) {
                    // The caller's device `C` now holds this tile's results.
                    *self.wrote = true;
                }
                if g.c.on_host() {
                    let done = self.event()?;
                    // SAFETY: a live event of this backend.
                    unsafe {
                        b.event_record(done, Queue::Compute)?;
                        b.event_wait(Queue::Download, done)?;
                    }
                    match &mut g.c {
                        Output::Host(host) => self.download(host, c.ptr, cblock, w)?,
                        Output::Pinned(host) => {
                            let (p, len) = (host.ptr, host.len);
                            self.download_direct((p, len), c.ptr, cblock, w)?
                        }
                        Output::Device(_) => unreachable!("on the host"),
                    }
                }
            }
        }
        if let Output::Host(host) = &mut g.c {
            while !self.pending.is_empty() {
                self.drain_one(host)?;
            }
        }
        Ok(())
    }
}
