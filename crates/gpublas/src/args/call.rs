//! [`Call`]: the operands of one operation on their way to the device and back.
//!
//! Small host operands (up to [`PACK_MAX`] bytes each) of a call on a backend with asynchronous
//! transfers are packed into one page-locked staging slot and one device block: they go in with
//! one transfer, and the call's small host outputs come back with one transfer — instead of a
//! transfer (and a synchronisation) per operand, which is what small calls pay for. Everything
//! else goes through [`Src::store`] / [`SrcMut::store`] (zero-copy on host-memory backends,
//! device data in place, scope mappings by lease, larger host data through the staged engine).
//!
//! Where the device can address the staging slot in place (mapped page-locked memory), operands
//! up to [`Device::zero_copy_limit`] bytes are not copied on at all: the routine uses them in the
//! slot, over the link, and only the wait and the host copies remain.
//!
//! Use: `input`/`output` each operand (they return its device address), `launch()` before the
//! backend call, `finish()` after it. Dropping a call without `finish` (an error path) leaves
//! every host output untouched.

use smallvec::SmallVec;

use super::resolve::{check_device, finish_outputs, SrcKind, SrcMutKind, Stored, StoredMut};
use super::{Src, SrcMut, VecDesc, VecDescMut};
use crate::backend::{Backend, DevPtr, Queue};
use crate::device::Device;
use crate::error::Result;
use crate::memory::Alloc;
use crate::scalar::Scalar;
use crate::transfer::staging::{Slot, Staging};

/// Largest operand packed into a call's shared staging (bytes).
pub(crate) const PACK_MAX: usize = 64 << 10;
/// Room a call's packed operands share (bytes; less if the staging slots are smaller).
const PACK_ROOM: usize = 256 << 10;
/// Room of the slot used in place by the device (bytes, after the packed room; less if the
/// staging slots are smaller).
const ZERO_COPY_ROOM: usize = 256 << 10;
/// Alignment of each packed operand in the device block (and in the slot).
const PACK_ALIGN: usize = 256;

/// One operation's operands.
pub(crate) struct Call<'a, T: Scalar, B: Backend> {
    dev: &'a Device<B>,
    routine: &'static str,
    /// Inputs and outputs stored individually (kept alive for the call).
    inputs: SmallVec<[Stored<'a, T, B>; 3]>,
    outputs: SmallVec<[(&'static str, StoredMut<'a, T, B>); 2]>,
    pack: Option<Pack<B>>,
    /// No staging slot could be had for a pack without waiting (this thread holds staging, or
    /// page-locked memory ran out): every operand goes on its own.
    unpacked: bool,
    /// Packed outputs: offset in the slot, where they go, and whether the device uses them in
    /// place (else they are copied back from the device block at the same offset).
    packed_out: SmallVec<[PackedEntry<'a, T>; 2]>,
    /// Bytes of operands packed for upload (what `stats` counts, without the alignment gaps).
    packed_in: usize,
    /// Bytes of input operands the device reads in place.
    in_place_in: usize,
    /// Whether operands may be used in place (see [`Call::memsets`]).
    in_place_ok: bool,
}

/// The shared staging of a call's small operands. The slot's first `room` bytes mirror a
/// device block (copied operands, at the same offsets); the next ones, up to `in_place_end`,
/// hold operands the device uses in place.
struct Pack<B: Backend> {
    slot: Option<Slot>,
    /// Device work using the slot (a DMA, or a routine using it in place) is enqueued without
    /// an event after it yet (recorded before the slot can go back to the pool).
    unmarked: bool,
    /// The device block of the copied operands, allocated with the first of them.
    block: Option<Alloc<B>>,
    room: usize,
    /// Bytes taken from the front (uploaded) and from the back (outputs not copied in).
    front: usize,
    back: usize,
    /// The device's address of the slot, where it can use the slot in place.
    mapped: Option<DevPtr>,
    /// Next free byte and end of the in-place room.
    in_place_at: usize,
    in_place_end: usize,
}

/// A packed output: its offset in the slot, where it goes, whether the device uses it in place,
/// and its argument's name.
type PackedEntry<'a, T> = (usize, PackedOut<'a, T>, bool, &'static str);

/// Where a packed output goes.
enum PackedOut<'a, T: Scalar> {
    Host(&'a mut [T]),
    Owned(Vec<T>, super::resolve::Scatter<'a, T>),
}

impl<B: Backend> Device<B> {
    /// A new call's operand set.
    pub(crate) fn call<T: Scalar>(&self, routine: &'static str) -> Call<'_, T, B> {
        Call {
            dev: self,
            routine,
            inputs: SmallVec::new(),
            outputs: SmallVec::new(),
            pack: None,
            unpacked: false,
            packed_out: SmallVec::new(),
            packed_in: 0,
            in_place_in: 0,
            in_place_ok: true,
        }
    }
}

/// Whether `s` would be packed: host data, no scope mapping of it, small, on a device with
/// asynchronous transfers.
fn packable<T: Scalar, B: Backend>(dev: &Device<B>, s: &[T]) -> bool {
    let bytes = std::mem::size_of_val(s);
    bytes > 0
        && bytes <= PACK_MAX
        && dev.backend().async_transfers()
        && !dev.backend().host_memory()
        && dev
            .present_lookup(s.as_ptr() as usize, bytes, std::mem::size_of::<T>())
            .is_none()
}

impl<'a, T: Scalar, B: Backend> Call<'a, T, B> {
    /// Room for `bytes` in the pack: in the slot's in-place room if the device can use it there
    /// and the operand is small enough, else in the copied room, from the front (`up`:
    /// uploaded) or the back. Returns the offset in the slot, the device address, and whether
    /// it is used in place; `None` if the pack is full or there is no pack (the operand then
    /// goes on its own).
    fn reserve(&mut self, bytes: usize, up: bool) -> Result<Option<(usize, DevPtr, bool)>> {
        if self.unpacked {
            return Ok(None);
        }
        if self.pack.is_none() {
            let (b, st) = (self.dev.backend(), self.dev.staging());
            let Some(mut slot) = st.acquire(b, 1).pop() else {
                self.unpacked = true;
                return Ok(None);
            };
            // The slot's previous DMA (on any queue) must be over before we touch it.
            if let Err(e) = slot.ready(b) {
                st.release(b, vec![slot]);
                return Err(e);
            }
            // A slot the device can use in place is shared between the two rooms (halves of a
            // small slot).
            let mapped = slot.device_address();
            let room = match mapped {
                Some(_) => (slot.bytes() / 2 / PACK_ALIGN * PACK_ALIGN).min(PACK_ROOM),
                None => slot.bytes().min(PACK_ROOM),
            };
            self.pack = Some(Pack {
                mapped,
                in_place_at: room,
                in_place_end: slot.bytes().min(room + ZERO_COPY_ROOM),
                slot: Some(slot),
                unmarked: false,
                block: None,
                room,
                front: 0,
                back: room,
            });
        }
        let in_place_max = if self.in_place_ok {
            self.dev.zero_copy_limit()
        } else {
            0
        };
        let p = self.pack.as_mut().expect("made above");
        let size = bytes.div_ceil(PACK_ALIGN) * PACK_ALIGN;
        if let Some(base) = p.mapped {
            if bytes <= in_place_max && p.in_place_at + size <= p.in_place_end {
                p.in_place_at += size;
                let at = p.in_place_at - size;
                return Ok(Some((at, base.offset::<u8>(at), true)));
            }
        }
        if p.front + size > p.back {
            return Ok(None);
        }
        if p.block.is_none() {
            // On failure the pack keeps the slot; dropping the call gives it back.
            p.block = Some(Alloc::bytes(self.dev, p.room)?);
        }
        let at = if up {
            p.front += size;
            p.front - size
        } else {
            p.back -= size;
            p.back
        };
        let block = p.block.as_ref().expect("allocated above");
        Ok(Some((at, block.ptr().offset::<u8>(at), false)))
    }

    /// Copies `s` into the slot at `at` (the slot is ours until `launch`).
    fn fill(&mut self, at: usize, s: &[T], in_place: bool) {
        let p = self.pack.as_mut().expect("reserved");
        let slot = p.slot.as_mut().expect("not launched yet");
        debug_assert!(!p.unmarked, "filled after launch");
        let bytes: &[u8] = bytemuck::cast_slice(s);
        // SAFETY: the slot is ours, its last use by the device is complete, and
        // `at + bytes.len()` lies inside a room of the slot (`reserve`).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), slot.ptr().add(at), bytes.len()) };
        if in_place {
            self.in_place_in += bytes.len();
        } else {
            self.packed_in += bytes.len();
        }
    }

    /// Declares that the call's operands will also be touched by device memsets, not only by
    /// BLAS routines: they then stay out of the staging the device uses in place (a memset is
    /// defined on device memory only). Call before the first `input`/`output`.
    pub(crate) fn memsets(mut self) -> Self {
        self.in_place_ok = false;
        self
    }

    /// Makes a readable operand available on the device; returns its device address.
    pub(crate) fn input(&mut self, src: Src<'a, T, B>, arg: &'static str) -> Result<DevPtr> {
        if let SrcKind::Device { ptr, dev, .. } = &src.0 {
            // Device data needs nothing kept for the call (the hot path of device-resident work).
            check_device(dev, self.dev, self.routine, arg)?;
            return Ok(*ptr);
        }
        let small = match &src.0 {
            SrcKind::Host(s) => packable(self.dev, s),
            SrcKind::Owned(v) => packable(self.dev, v),
            _ => false,
        };
        if small {
            let s: &[T] = match &src.0 {
                SrcKind::Host(s) => s,
                SrcKind::Owned(v) => v,
                _ => unreachable!("checked above"),
            };
            if let Some((at, ptr, in_place)) = self.reserve(std::mem::size_of_val(s), true)? {
                self.fill(at, s, in_place);
                return Ok(ptr);
            }
        }
        let stored = src.store(self.dev, self.routine, arg)?;
        let ptr = stored.ptr;
        self.inputs.push(stored);
        Ok(ptr)
    }

    /// Makes a writable operand available on the device (its old contents too, if `copy_in`);
    /// returns its device address. Its results reach it in [`Call::finish`].
    pub(crate) fn output(
        &mut self,
        src: SrcMut<'a, T, B>,
        copy_in: bool,
        arg: &'static str,
    ) -> Result<DevPtr> {
        if let SrcMutKind::Device { ptr, dev, .. } = &src.0 {
            check_device(dev, self.dev, self.routine, arg)?;
            return Ok(*ptr);
        }
        let small = match &src.0 {
            SrcMutKind::Host(s) => packable(self.dev, s),
            SrcMutKind::Owned(v, _) => packable(self.dev, v),
            _ => false,
        };
        if small {
            let len = src.len();
            if let Some((at, ptr, in_place)) =
                self.reserve(len * std::mem::size_of::<T>(), copy_in)?
            {
                let out = match src.0 {
                    SrcMutKind::Host(s) => {
                        if copy_in {
                            self.fill(at, s, in_place);
                        }
                        PackedOut::Host(s)
                    }
                    SrcMutKind::Owned(v, scatter) => {
                        if copy_in {
                            self.fill(at, &v, in_place);
                        }
                        PackedOut::Owned(v, scatter)
                    }
                    _ => unreachable!("checked above"),
                };
                self.packed_out.push((at, out, in_place, arg));
                return Ok(ptr);
            }
        }
        let stored = src.store(self.dev, copy_in, self.routine, arg)?;
        let ptr = stored.ptr;
        self.outputs.push((arg, stored));
        Ok(ptr)
    }

    /// A validated vector as an input.
    pub(crate) fn vec_in(&mut self, v: VecDesc<'a, T, B>, arg: &'static str) -> Result<DevPtr> {
        self.input(v.src, arg)
    }

    /// A validated vector as an output.
    pub(crate) fn vec_out(
        &mut self,
        v: VecDescMut<'a, T, B>,
        copy_in: bool,
        arg: &'static str,
    ) -> Result<DevPtr> {
        self.output(v.src, copy_in, arg)
    }

    /// Sends the packed operands (one transfer, on the compute queue, so the backend call that
    /// follows sees them). Call it after the last `input`/`output` and before the backend call.
    pub(crate) fn launch(&mut self) -> Result<()> {
        let b = self.dev.backend();
        let Some(p) = self.pack.as_mut() else {
            return Ok(());
        };
        if p.front > 0 {
            let slot = p.slot.as_mut().expect("launched once");
            let block = p.block.as_ref().expect("a copied operand has the block");
            // SAFETY: the block and the slot both hold the pack's room; the slot stays ours and
            // untouched until an event recorded after this copy is reached (`finish`, or `drop`).
            unsafe { b.upload_async(Queue::Compute, block.ptr(), slot.ptr(), p.front)? };
            p.unmarked = true;
            self.dev.counters().copied_in(self.packed_in);
        }
        if p.in_place_at > p.room {
            // The routine about to be enqueued uses the slot in place: an event after it must be
            // reached before the slot is touched again.
            p.unmarked = true;
            self.dev.counters().crossed_in(self.in_place_in);
        }
        Ok(())
    }

    /// Brings every output's results back where they came from (the packed ones with one
    /// transfer, those used in place with none), complete on return; ends the call.
    ///
    /// Nothing reaches the caller's memory until every result is on the host side: the packed
    /// outputs wait in their slot (or, when other outputs come back too, in host copies of it)
    /// while the other outputs come back, and are delivered last. An error before the first
    /// write leaves every output untouched; one after it (a device fault while a later output
    /// comes back) is [`Error::PartlyWritten`] naming the outputs written so far.
    pub(crate) fn finish(mut self) -> Result<()> {
        let packed = self.fetch_packed()?;
        finish_outputs(self.dev, self.routine, std::mem::take(&mut self.outputs))?;
        match packed {
            Packed::None => {}
            Packed::InSlot(slot) => {
                let size = std::mem::size_of::<T>();
                for (at, out, _, _) in self.packed_out.drain(..) {
                    // SAFETY: the download and the routine are complete (`fetch_packed` waited
                    // for an event after both); the slot holds the output's bytes at `at`.
                    let bytes =
                        unsafe { std::slice::from_raw_parts(slot.ptr().add(at), out.len() * size) };
                    out.take(bytemuck::cast_slice(bytes));
                }
                self.dev.staging().release(self.dev.backend(), vec![slot]);
            }
            Packed::Copied(copies) => {
                for ((_, out, _, _), data) in self.packed_out.drain(..).zip(copies) {
                    out.take(&data);
                }
            }
        }
        Ok(())
    }

    /// Brings the packed outputs back into the call's slot and waits for them; gives the slot
    /// back unless the results are still to be read from it. Writes no caller memory.
    fn fetch_packed(&mut self) -> Result<Packed<T>> {
        let b = self.dev.backend();
        let Some(mut p) = self.pack.take() else {
            return Ok(Packed::None);
        };
        let mut slot = p.slot.take().expect("one pack, one slot");
        let r = (|| -> Result<()> {
            let size = std::mem::size_of::<T>();
            let copied = self
                .packed_out
                .iter()
                .filter(|(_, _, in_place, _)| !in_place);
            let lo = copied.clone().map(|(at, _, _, _)| *at).min();
            if let Some(lo) = lo {
                let hi = copied
                    .clone()
                    .map(|(at, o, _, _)| at + o.len() * size)
                    .max()
                    .unwrap_or(lo);
                let block = p.block.as_ref().expect("a copied operand has the block");
                // SAFETY: `[lo, hi)` lies inside the pack's room, held by both the block and the
                // slot; the slot is ours and untouched until the event is reached. The upload
                // from the same slot (if any) is ordered before this copy on the same queue, so
                // the host need not wait for it.
                unsafe {
                    b.download_async(
                        Queue::Compute,
                        slot.ptr().add(lo),
                        block.ptr().offset::<u8>(lo),
                        hi - lo,
                    )?
                };
                let out: usize = copied.map(|(_, o, _, _)| o.len()).sum();
                self.dev.counters().copied_out(out * size);
            }
            if self.packed_out.is_empty() {
                if p.unmarked {
                    slot.mark(b, Queue::Compute)?;
                    p.unmarked = false;
                }
                return Ok(());
            }
            let in_place: usize = self
                .packed_out
                .iter()
                .filter(|(_, _, in_place, _)| *in_place)
                .map(|(_, o, _, _)| o.len() * size)
                .sum();
            if in_place > 0 {
                self.dev.counters().crossed_out(in_place);
            }
            slot.mark(b, Queue::Compute)?;
            p.unmarked = false;
            slot.ready(b)
        })();
        if r.is_err() || self.packed_out.is_empty() {
            release_slot(self.dev, slot, p.unmarked);
            return r.map(|()| Packed::None);
        }
        if self.outputs.is_empty() {
            return Ok(Packed::InSlot(slot));
        }
        // Other outputs come back too: free the slot for them, keeping host copies of ours.
        let size = std::mem::size_of::<T>();
        let copies = self
            .packed_out
            .iter()
            .map(|(at, out, _, _)| {
                // SAFETY: as in `finish`: the slot's device work is complete; it holds the
                // output's bytes at `at`.
                let bytes =
                    unsafe { std::slice::from_raw_parts(slot.ptr().add(*at), out.len() * size) };
                bytemuck::cast_slice::<u8, T>(bytes).to_vec()
            })
            .collect();
        release_slot(self.dev, slot, false);
        Ok(Packed::Copied(copies))
    }
}

/// Where the packed outputs' results wait until they are delivered.
enum Packed<T> {
    /// No packed output.
    None,
    /// In the call's slot (read, then given back, at delivery).
    InSlot(Slot),
    /// In host copies (one per packed output, in order).
    Copied(Vec<Vec<T>>),
}

impl<T: Scalar> PackedOut<'_, T> {
    fn len(&self) -> usize {
        match self {
            PackedOut::Host(s) => s.len(),
            PackedOut::Owned(v, _) => v.len(),
        }
    }

    /// Delivers the results.
    fn take(self, data: &[T]) {
        match self {
            PackedOut::Host(s) => s.copy_from_slice(data),
            PackedOut::Owned(mut v, scatter) => {
                v.copy_from_slice(data);
                scatter(&v);
            }
        }
    }
}

impl<T: Scalar, B: Backend> Drop for Call<'_, T, B> {
    fn drop(&mut self) {
        // An unfinished call (an error path): give the slot back; its event covers any DMA.
        if let Some(mut p) = self.pack.take() {
            if let Some(slot) = p.slot.take() {
                release_slot(self.dev, slot, p.unmarked);
            }
        }
    }
}

/// Gives a call's slot back; if a DMA on it has no event after it yet, records one first — or,
/// if that fails, waits for the device, and if even that fails, leaks the slot rather than let
/// a later user overwrite bytes a DMA may still read.
fn release_slot<B: Backend>(dev: &Device<B>, mut slot: Slot, unmarked: bool) {
    let b = dev.backend();
    if unmarked && slot.mark(b, Queue::Compute).is_err() && b.synchronize().is_err() {
        log::error!("gpublas: leaking a staging slot whose transfer could not be waited for");
        // A `Slot` has no destructor: not handing it back leaks its page-locked memory, which
        // is then never freed or handed out again.
        let _leaked = slot;
        Staging::forget_held(1);
        return;
    }
    dev.staging().release(b, vec![slot]);
}
