//! Pinned staging slots: page-locked host buffers that pageable host data passes through on its
//! way to and from the device, so the copies run at the link's rate and asynchronously.
//!
//! Each slot remembers the event recorded after the last DMA that used it; whoever takes the
//! slot next waits for that event before touching its bytes ([`Slot::ready`]). Slots are kept
//! for reuse up to a bound (`max_slots` of `slot_bytes` each), allocated when first needed.
//!
//! **No hold-and-wait.** A thread waits for a slot only while it holds none (of any device):
//! then every slot it waits for belongs to a thread that will give it back without waiting
//! for staging itself, so any number of threads and any slot count make progress. A thread
//! that already holds slots (a call holding the slot of its packed operands, uploading one
//! more operand) takes only what is free or can be made at once, and otherwise gets none and
//! moves its data without staging (a synchronous copy straight from or to its memory, which
//! needs no slot). Staging is never an error either: when page-locked memory cannot be had,
//! the caller is told there is none and takes the same unstaged path. The rule is enforced
//! here, in [`Staging::acquire`], for every caller, from a per-thread count of held slots.

use std::cell::Cell;
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::backend::{Backend, DevPtr, Event, Queue};
use crate::error::Result;

/// Default size of one staging slot (and of one pipelined chunk).
pub const DEFAULT_SLOT_BYTES: usize = 16 << 20;
/// Default number of slots per device: 8 × 16 MiB = 128 MiB of page-locked memory at most.
pub const DEFAULT_MAX_SLOTS: usize = 8;

/// One page-locked buffer, owned by whoever holds the `Slot`.
pub(crate) struct Slot {
    ptr: *mut u8,
    bytes: usize,
    /// The device's address of the buffer, where the device can use it in place (mapped
    /// page-locked memory: [`Backend::pinned_device_address`]).
    device: Option<DevPtr>,
    /// Recorded after the last DMA that used the slot; waited for before the next use.
    event: Event,
    pending: bool,
}

// SAFETY: a slot is the only owner of its page-locked buffer and its event, and the holder uses
// both from one thread at a time (slots move between threads only through the pool's mutex).
unsafe impl Send for Slot {}

impl Slot {
    /// The buffer's address.
    pub(crate) fn ptr(&self) -> *mut u8 {
        self.ptr
    }

    /// The device's address of the buffer's start, if the device can read and write it in place.
    pub(crate) fn device_address(&self) -> Option<DevPtr> {
        self.device
    }

    /// The buffer's size.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Waits until the last DMA that used the slot is complete, so its bytes may be touched.
    pub(crate) fn ready<B: Backend>(&mut self, b: &B) -> Result<()> {
        if self.pending {
            // SAFETY: the event is the slot's own, live until the slot is freed.
            unsafe { b.event_sync(self.event)? };
            self.pending = false;
        }
        Ok(())
    }

    /// Records, on `q`, that a DMA using the slot has just been enqueued there.
    pub(crate) fn mark<B: Backend>(&mut self, b: &B, q: Queue) -> Result<()> {
        // SAFETY: the event is the slot's own.
        unsafe { b.event_record(self.event, q)? };
        self.pending = true;
        Ok(())
    }
}

/// The slots of one device.
pub(crate) struct Staging {
    state: Mutex<State>,
    returned: Condvar,
}

struct State {
    free: Vec<Slot>,
    /// Slots in existence (free or held).
    count: usize,
    slot_bytes: usize,
    max_slots: usize,
    /// Spare events for the transfer engine's own use.
    events: Vec<Event>,
}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

thread_local! {
    /// Staging slots (of any device) this thread holds now.
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// Adds `n` to, or (`n < 0`) takes it from, this thread's count of held slots. During thread
/// teardown, when the count is gone, nothing is counted: a thread that is ending makes no
/// further calls.
fn count_held(n: isize) {
    let _ = HELD.try_with(|h| h.set(h.get().saturating_add_signed(n)));
}

/// Whether this thread holds staging slots now.
fn holding() -> bool {
    HELD.try_with(|h| h.get() > 0).unwrap_or(true)
}

impl Staging {
    pub(crate) fn new() -> Self {
        Staging {
            state: Mutex::new(State {
                free: Vec::new(),
                count: 0,
                slot_bytes: DEFAULT_SLOT_BYTES,
                max_slots: DEFAULT_MAX_SLOTS,
                events: Vec::new(),
            }),
            returned: Condvar::new(),
        }
    }

    /// The size of a slot now.
    pub(crate) fn slot_bytes(&self) -> usize {
        lock(&self.state).slot_bytes
    }

    /// Page-locked bytes allocated now.
    pub(crate) fn pinned_bytes(&self) -> usize {
        let s = lock(&self.state);
        s.count * s.slot_bytes
    }

    /// Sets the slot size and count (slots of another size are freed as they come back).
    pub(crate) fn configure<B: Backend>(&self, b: &B, slot_bytes: usize, max_slots: usize) {
        let stale = {
            let mut s = lock(&self.state);
            s.slot_bytes = slot_bytes.max(4096);
            s.max_slots = max_slots.max(1);
            let keep = s.slot_bytes;
            let (stale, fresh): (Vec<Slot>, Vec<Slot>) = std::mem::take(&mut s.free)
                .into_iter()
                .partition(|x| x.bytes != keep);
            s.free = fresh;
            s.count -= stale.len();
            stale
        };
        free_slots(b, stale);
        self.returned.notify_all();
    }

    /// Takes up to `want` slots: free ones first, then new ones up to the bound. If that gives
    /// none, a thread that holds no slot waits for one to come back; a thread that holds slots
    /// never waits (see the module's rule) and gets none. No slot is also the answer when
    /// page-locked memory cannot be allocated and none is free: callers then move their data
    /// without staging.
    pub(crate) fn acquire<B: Backend>(&self, b: &B, want: usize) -> Vec<Slot> {
        let want = want.max(1);
        let mut got = Vec::with_capacity(want);
        let may_wait = !holding();
        let mut s = lock(&self.state);
        loop {
            while got.len() < want {
                match s.free.pop() {
                    Some(x) => got.push(x),
                    None => break,
                }
            }
            let bytes = s.slot_bytes;
            let mut refused = false;
            while got.len() < want && s.count < s.max_slots {
                s.count += 1;
                drop(s);
                let made = new_slot(b, bytes);
                s = lock(&self.state);
                match made {
                    Ok(x) => got.push(x),
                    Err(e) => {
                        s.count -= 1;
                        log::debug!("gpublas: no page-locked staging slot ({e}); copying unstaged");
                        refused = true;
                        break;
                    }
                }
            }
            // Waiting makes sense only if a slot exists to come back (`count > 0`).
            if !got.is_empty() || !may_wait || refused || s.count == 0 {
                count_held(got.len() as isize);
                return got;
            }
            s = self.returned.wait(s).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Records that `n` slots this thread held are gone for good (leaked because a DMA on them
    /// could not be waited for): they no longer count as held.
    pub(crate) fn forget_held(n: usize) {
        count_held(-(n as isize));
    }

    /// Gives slots back for reuse (or frees them if they are of an old size).
    pub(crate) fn release<B: Backend>(&self, b: &B, slots: Vec<Slot>) {
        count_held(-(slots.len() as isize));
        let stale = {
            let mut s = lock(&self.state);
            let keep = s.slot_bytes;
            let mut stale = Vec::new();
            for x in slots {
                if x.bytes == keep && s.free.len() < s.max_slots {
                    s.free.push(x);
                } else {
                    s.count -= 1;
                    stale.push(x);
                }
            }
            stale
        };
        free_slots(b, stale);
        self.returned.notify_all();
    }

    /// A spare event (made if there is none).
    pub(crate) fn event<B: Backend>(&self, b: &B) -> Result<Event> {
        match lock(&self.state).events.pop() {
            Some(e) => Ok(e),
            None => b.event_create(),
        }
    }

    /// Gives an event back (it may still be pending: recording it again later is fine).
    pub(crate) fn give_event(&self, e: Event) {
        lock(&self.state).events.push(e);
    }

    /// Frees every free slot and spare event (at trim time, or when the device goes).
    pub(crate) fn drain<B: Backend>(&self, b: &B) {
        let (slots, events) = {
            let mut s = lock(&self.state);
            let slots = std::mem::take(&mut s.free);
            s.count -= slots.len();
            (slots, std::mem::take(&mut s.events))
        };
        free_slots(b, slots);
        for e in events {
            // SAFETY: spare events are the staging pool's own and nothing else holds them.
            unsafe { b.event_destroy(e) };
        }
    }
}

fn new_slot<B: Backend>(b: &B, bytes: usize) -> Result<Slot> {
    // SAFETY: `bytes > 0` (at least 4096).
    let ptr = unsafe { b.alloc_pinned(bytes)? };
    // Zeroed once, so the slot's bytes are always initialised for the host copies.
    // SAFETY: freshly allocated, `bytes` long, owned here.
    unsafe { std::ptr::write_bytes(ptr, 0, bytes) };
    match b.event_create() {
        Ok(event) => Ok(Slot {
            ptr,
            bytes,
            // SAFETY: `ptr` came from `alloc_pinned` just above.
            device: unsafe { b.pinned_device_address(ptr) },
            event,
            pending: false,
        }),
        Err(e) => {
            // SAFETY: allocated above, used by nothing.
            unsafe { b.free_pinned(ptr, bytes) };
            Err(e)
        }
    }
}

fn free_slots<B: Backend>(b: &B, slots: Vec<Slot>) {
    for mut x in slots {
        // A slot still in use by a DMA that cannot be waited for is leaked, never freed.
        if x.ready(b).is_err() {
            continue;
        }
        // SAFETY: the slot's DMA is complete and the slot is owned here.
        unsafe {
            b.event_destroy(x.event);
            b.free_pinned(x.ptr, x.bytes);
        }
    }
}
