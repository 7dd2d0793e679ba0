//! [`Emulated`]: the CPU behaving like a discrete GPU, for testing without one.
//!
//! Its "device memory" is host memory reached only through the backend's copies, as a GPU's is,
//! so every mapping, transfer and copy-back path of the safe layer runs exactly as on CUDA or
//! ROCm — on any machine, in CI, and under Miri. It also checks what a GPU cannot report:
//! every device address a copy, memset or BLAS call is given must lie in a live allocation, and
//! every free must be of a live allocation. A violation (a use after free, a double free) is a
//! bug in gpublas and panics with a description. Freed memory is filled with `0xFF` bytes (NaN
//! for every scalar type) before it is released, so a read of it cannot pass unnoticed.
//!
//! The BLAS routines are the [`Host`] backend's, run on the emulated device memory.
//!
//! [`Emulated::with_vendor_zeros`] makes a device whose triangular products and `her2k`
//! multiply structural zeros as cuBLAS does ([`vendor_zeros`]), guarded as on a GPU, so the
//! guard's paths run, and are checked, in CI.
//!
//! [`Emulated::asynchronous`] makes a device with asynchronous transfers, as a GPU has: copies
//! on its Upload and Download queues run only when something waits for them ([`queues`]), so
//! the transfer engine's staging, pipelining and event logic runs, and is checked, in CI.

mod faults;
mod queues;
mod vendor_zeros;

use faults::Faults;
use queues::{Op, Queues};

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::{Backend, BackendKind, DevPtr, Event, Host, Queue, StructuralZeros};
use super::{Batched, Level1, Level2, Level3, MixedPrecision};
use crate::error::Result;
use crate::scalar::{Scalar, ScalarKind};

/// The CPU behaving like a discrete GPU (separate memory reached through copies), with checks
/// for use-after-free and double free. For testing the safe layer without a GPU; select it with
/// `Device::new(Emulated::new())` or `GPUBLAS_BACKEND=emulated` (`emulated-async` for
/// [`Emulated::asynchronous`]).
#[derive(Clone, Default)]
pub struct Emulated {
    state: Arc<State>,
}

#[derive(Default)]
struct State {
    /// Live allocations: start address → size in bytes.
    live: Mutex<BTreeMap<usize, usize>>,
    /// Page-locked host memory (allocated or registered): start address → size in bytes.
    pinned: Mutex<BTreeMap<usize, usize>>,
    /// Page-locked allocations handed out as device addresses (`pinned_device_address`, on an
    /// asynchronous device): BLAS routines may take them as operands, as a GPU may take mapped
    /// page-locked memory.
    mapped: Mutex<BTreeMap<usize, usize>>,
    /// Whether transfers are asynchronous (copy queues that run late).
    asynchronous: bool,
    /// Whether `trmv`/`tbmv`/`tpmv`, `trmm` and `her2k` multiply structural zeros, as cuBLAS's
    /// do (and are guarded as on a GPU).
    vendor_zeros: bool,
    /// The copy queues (lock order: `queues`, then `live` or `pinned`).
    queues: Mutex<Queues>,
    /// A fault armed by a test ([`Emulated::inject_fault`]).
    faults: Faults,
}

/// Whether `[start, start + bytes)` lies inside one range of `map`.
fn inside(map: &BTreeMap<usize, usize>, start: usize, bytes: usize) -> bool {
    map.range(..=start)
        .next_back()
        .is_some_and(|(&a, &len)| start + bytes <= a + len)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Emulated {
    /// A new emulated device with no allocations, whose transfers are synchronous.
    pub fn new() -> Self {
        Self::default()
    }

    /// A new emulated device with asynchronous transfers: copies enqueued on its Upload and
    /// Download queues run only when an event after them is waited for or the device is
    /// synchronised, and they must use page-locked memory, as on a GPU.
    pub fn asynchronous() -> Self {
        Emulated {
            state: Arc::new(State {
                asynchronous: true,
                ..State::default()
            }),
        }
    }

    /// A new emulated device (synchronous transfers) whose `trmv`, `tbmv`, `tpmv`, `trmm` and
    /// `her2k` compute as cuBLAS's do: multiplying the structural zeros of the triangle (and,
    /// in `her2k`, elements of `A` and `B` by zeros), so a NaN or ∞ there would reach elements
    /// the reference keeps finite — and guarded as the GPU backends guard them
    /// ([`Backend::multiplies_structural_zeros`] answers `true`): calls whose operands hold a
    /// non-finite value run on the host backend. Selected by `GPUBLAS_BACKEND=emulated-vendor`.
    pub fn with_vendor_zeros() -> Self {
        Emulated {
            state: Arc::new(State {
                vendor_zeros: true,
                ..State::default()
            }),
        }
    }

    /// Whether this device multiplies structural zeros ([`Emulated::with_vendor_zeros`]).
    fn vendor_zeros(&self) -> bool {
        self.state.vendor_zeros
    }

    /// Runs queue `q`'s first action (after what it waits for).
    fn run_one(&self, qs: &mut Queues, q: usize, depth: usize) {
        assert!(
            depth < 64,
            "emulated device: copy queues wait on each other in a cycle"
        );
        let Some(&op) = qs.ops[q].front() else { return };
        if let Op::Wait { id, generation } = op {
            self.flush_until(qs, id, generation, depth + 1);
        }
        qs.ops[q].pop_front();
        match op {
            Op::Up { dst, src, bytes } => {
                self.check_pinned("queued upload (source)", src as usize, bytes);
                self.check_range("queued upload", DevPtr::from_raw(dst), bytes);
                // SAFETY: both ranges were just checked live; they do not overlap (host vs device
                // allocations).
                unsafe { std::ptr::copy_nonoverlapping(src, dst, bytes) };
            }
            Op::Down { dst, src, bytes } => {
                self.check_pinned("queued download (destination)", dst as usize, bytes);
                self.check_range("queued download", DevPtr::from_raw(src.cast_mut()), bytes);
                // SAFETY: as above.
                unsafe { std::ptr::copy_nonoverlapping(src, dst, bytes) };
            }
            Op::Record { .. } | Op::Wait { .. } => {}
        }
    }

    /// Runs queued actions until event `id`'s recording `generation` is reached.
    fn flush_until(&self, qs: &mut Queues, id: usize, generation: u64, depth: usize) {
        while let Some(q) = qs.pending_in(id, generation) {
            self.run_one(qs, q, depth);
        }
    }

    /// Panics unless host bytes `[p, p + bytes)` are page-locked memory of this device.
    #[track_caller]
    fn check_pinned(&self, what: &str, p: usize, bytes: usize) {
        if bytes == 0 {
            return;
        }
        assert!(
            inside(&lock(&self.state.pinned), p, bytes),
            "emulated device: {what} uses {bytes} host bytes at {p:#x} that are not page-locked (an asynchronous copy from pageable memory, or page-locked memory already freed)"
        );
    }

    /// Enqueues `op` on copy queue `q`, or runs it now (synchronous device, compute queue).
    fn enqueue(&self, q: Queue, op: Op) {
        let mut qs = lock(&self.state.queues);
        match q {
            Queue::Upload if self.state.asynchronous => qs.ops[0].push_back(op),
            Queue::Download if self.state.asynchronous => qs.ops[1].push_back(op),
            _ => {
                qs.ops[0].push_front(op);
                self.run_one(&mut qs, 0, 0);
            }
        }
    }

    /// Arms a fault, for tests of what calls do when the device fails: after `after` more of
    /// the device's fallible operations succeed, the next one fails, once — an allocation (as
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory)), a page-locked allocation, an upload
    /// or download (synchronous or enqueued), a memset or device copy, an event's creation,
    /// record or wait, a synchronisation, a host registration, or a BLAS routine (each as an
    /// [`Error::Vendor`](crate::Error::Vendor) of library `"emulated"` naming the operation).
    /// Nothing is copied or computed by the operation that fails.
    pub fn inject_fault(&self, after: usize) {
        self.state.faults.arm(after);
    }

    /// Disarms a fault that was not hit; returns the operation the last armed fault failed, if
    /// one did.
    pub fn clear_fault(&self) -> Option<&'static str> {
        self.state.faults.disarm()
    }

    /// Counts a fallible operation; fails it if a fault is armed for it.
    fn fault(&self, what: &'static str) -> Result<()> {
        self.state.faults.check(what)
    }

    /// Number of live allocations (for leak checks in tests).
    pub fn live_allocations(&self) -> usize {
        lock(&self.state.live).len()
    }

    /// Bytes of page-locked host memory allocated (staging) or registered now.
    pub fn pinned_bytes(&self) -> usize {
        lock(&self.state.pinned).values().sum()
    }

    /// Bytes in live allocations.
    pub fn live_bytes(&self) -> usize {
        lock(&self.state.live).values().sum()
    }

    /// Panics unless `[p, p + bytes)` lies inside one live allocation (empty ranges at any
    /// address, null included, are fine: nothing is touched).
    #[track_caller]
    fn check_range(&self, what: &str, p: DevPtr, bytes: usize) {
        if bytes == 0 {
            return;
        }
        let start = p.as_raw() as usize;
        let ok = inside(&lock(&self.state.live), start, bytes);
        assert!(
            ok,
            "emulated device: {what} touches {bytes} bytes at {start:#x}, outside every live allocation (use after free or out of bounds)"
        );
    }

    /// Panics unless `p` lies in a live allocation or in mapped page-locked memory (for BLAS
    /// arguments, whose extents the backend does not know; null is an empty operand).
    #[track_caller]
    fn check_ptr(&self, what: &str, p: DevPtr) {
        if !p.is_null() && !inside(&lock(&self.state.mapped), p.as_raw() as usize, 1) {
            self.check_range(what, p, 1);
        }
    }
}

impl std::fmt::Debug for Emulated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Emulated")
            .field("live_allocations", &self.live_allocations())
            .finish()
    }
}

// SAFETY: every operation runs synchronously on the calling thread (ordered, complete on
// return); allocations are the host backend's (64-byte aligned) and stay valid until `free`;
// `host_memory` is false, and the safe layer reaches this memory only through these copies;
// `same_context` holds only for clones of one emulated device.
unsafe impl Backend for Emulated {
    fn kind(&self) -> BackendKind {
        BackendKind::Emulated
    }

    fn describe(&self) -> String {
        if self.vendor_zeros() {
            "emulated: CPU memory behind copies, host BLAS but triangular products and her2k multiplying structural zeros as cuBLAS's, guarded (testing)".into()
        } else {
            "emulated: CPU memory behind copies, host BLAS (testing)".into()
        }
    }

    fn multiplies_structural_zeros(&self, routine: StructuralZeros, kind: ScalarKind) -> bool {
        let _ = (routine, kind);
        self.vendor_zeros()
    }

    fn host_memory(&self) -> bool {
        false
    }

    fn same_context(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.state, &other.state)
    }

    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        self.fault("alloc")?;
        // SAFETY: forwarded to the caller (`bytes > 0`).
        let p = unsafe { Host.alloc(bytes)? };
        lock(&self.state.live).insert(p.as_raw() as usize, bytes);
        Ok(p)
    }

    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        let start = ptr.as_raw() as usize;
        assert!(
            !lock(&self.state.queues).touches(start, bytes),
            "emulated device: free of {bytes} bytes at {start:#x} while a queued copy still uses them (the compute queue did not wait for it)"
        );
        let known = lock(&self.state.live).remove(&start);
        assert_eq!(
            known,
            Some(bytes),
            "emulated device: free of {bytes} bytes at {start:#x}, which is not a live allocation of that size (double free or bad size)"
        );
        // SAFETY: the allocation was live (checked above) and is ours to poison and release.
        unsafe {
            std::ptr::write_bytes(ptr.as_raw(), 0xFF, bytes);
            Host.free(ptr, bytes);
        }
    }

    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        self.check_range("upload", dst, bytes);
        self.fault("upload")?;
        // SAFETY: forwarded to the caller; `dst` checked live.
        unsafe { Host.upload(dst, src, bytes) }
    }

    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("download", src, bytes);
        self.fault("download")?;
        // SAFETY: forwarded to the caller; `src` checked live.
        unsafe { Host.download(dst, src, bytes) }
    }

    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("copy (destination)", dst, bytes);
        self.check_range("copy (source)", src, bytes);
        self.fault("copy")?;
        // SAFETY: forwarded to the caller; both ranges checked live.
        unsafe { Backend::copy(&Host, dst, src, bytes) }
    }

    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("zero", dst, bytes);
        self.fault("zero")?;
        // SAFETY: forwarded to the caller; the range checked live.
        unsafe { Host.zero(dst, bytes) }
    }

    /// One compute queue (calls complete before they return) and copy queues shared by every
    /// clone: a clone, whose work stays in the one order.
    fn fork(&self) -> Result<Self> {
        Ok(self.clone())
    }

    fn synchronize(&self) -> Result<()> {
        let mut qs = lock(&self.state.queues);
        // The queued work runs either way (a device that reports a fault still stops).
        for q in 0..2 {
            while !qs.ops[q].is_empty() {
                self.run_one(&mut qs, q, 0);
            }
        }
        self.fault("synchronize")
    }

    fn async_transfers(&self) -> bool {
        self.state.asynchronous
    }

    unsafe fn alloc_pinned(&self, bytes: usize) -> Result<*mut u8> {
        self.fault("alloc_pinned")?;
        // SAFETY: forwarded to the caller (`bytes > 0`).
        let p = unsafe { Host.alloc(bytes)?.as_raw() };
        lock(&self.state.pinned).insert(p as usize, bytes);
        Ok(p)
    }

    unsafe fn pinned_device_address(&self, p: *mut u8) -> Option<DevPtr> {
        if !self.state.asynchronous {
            return None;
        }
        let start = p as usize;
        let bytes = lock(&self.state.pinned).get(&start).copied();
        let bytes = bytes.expect("emulated device: device address of memory not from alloc_pinned");
        lock(&self.state.mapped).insert(start, bytes);
        Some(DevPtr::from_raw(p))
    }

    unsafe fn free_pinned(&self, p: *mut u8, bytes: usize) {
        let start = p as usize;
        lock(&self.state.mapped).remove(&start);
        assert!(
            !lock(&self.state.queues).touches(start, bytes),
            "emulated device: page-locked memory at {start:#x} freed while a queued copy still uses it"
        );
        let known = lock(&self.state.pinned).remove(&start);
        assert_eq!(
            known,
            Some(bytes),
            "emulated device: free of page-locked memory that was not allocated"
        );
        // SAFETY: allocated by `alloc_pinned` with this size; no queued copy uses it.
        unsafe { Host.free(DevPtr::from_raw(p), bytes) };
    }

    unsafe fn upload_async(
        &self,
        q: Queue,
        dst: DevPtr,
        src: *const u8,
        bytes: usize,
    ) -> Result<()> {
        if self.state.asynchronous {
            self.check_pinned("upload_async (source)", src as usize, bytes);
        }
        self.check_range("upload_async", dst, bytes);
        self.fault("upload_async")?;
        let op = Op::Up {
            dst: dst.as_raw(),
            src,
            bytes,
        };
        if self.state.asynchronous {
            self.enqueue(q, op);
            Ok(())
        } else {
            // SAFETY: forwarded to the caller.
            unsafe { self.upload(dst, src, bytes) }
        }
    }

    unsafe fn download_async(
        &self,
        q: Queue,
        dst: *mut u8,
        src: DevPtr,
        bytes: usize,
    ) -> Result<()> {
        if self.state.asynchronous {
            self.check_pinned("download_async (destination)", dst as usize, bytes);
        }
        self.check_range("download_async", src, bytes);
        self.fault("download_async")?;
        let op = Op::Down {
            dst,
            src: src.as_raw(),
            bytes,
        };
        if self.state.asynchronous {
            self.enqueue(q, op);
            Ok(())
        } else {
            // SAFETY: forwarded to the caller.
            unsafe { self.download(dst, src, bytes) }
        }
    }

    fn event_create(&self) -> Result<Event> {
        self.fault("event_create")?;
        let mut qs = lock(&self.state.queues);
        qs.generations.push(0);
        Ok(Event(qs.generations.len()))
    }

    unsafe fn event_record(&self, e: Event, q: Queue) -> Result<()> {
        self.fault("event_record")?;
        let mut qs = lock(&self.state.queues);
        let g = &mut qs.generations[e.0 - 1];
        *g += 1;
        let op = Op::Record {
            id: e.0,
            generation: *g,
        };
        match q {
            Queue::Upload if self.state.asynchronous => qs.ops[0].push_back(op),
            Queue::Download if self.state.asynchronous => qs.ops[1].push_back(op),
            _ => {} // the compute queue runs eagerly: reached at once
        }
        Ok(())
    }

    unsafe fn event_wait(&self, q: Queue, e: Event) -> Result<()> {
        self.fault("event_wait")?;
        let mut qs = lock(&self.state.queues);
        let generation = qs.generations[e.0 - 1];
        match q {
            Queue::Upload if self.state.asynchronous => qs.ops[0].push_back(Op::Wait {
                id: e.0,
                generation,
            }),
            Queue::Download if self.state.asynchronous => qs.ops[1].push_back(Op::Wait {
                id: e.0,
                generation,
            }),
            _ => self.flush_until(&mut qs, e.0, generation, 0),
        }
        Ok(())
    }

    unsafe fn event_sync(&self, e: Event) -> Result<()> {
        let mut qs = lock(&self.state.queues);
        let generation = qs.generations[e.0 - 1];
        self.flush_until(&mut qs, e.0, generation, 0);
        // The work before the event ran (a device that reports a fault still stops).
        self.fault("event_sync")
    }

    unsafe fn register_host(&self, p: *mut u8, bytes: usize) -> Result<()> {
        self.fault("register_host")?;
        lock(&self.state.pinned).insert(p as usize, bytes);
        Ok(())
    }

    unsafe fn unregister_host(&self, p: *mut u8) {
        let start = p as usize;
        let bytes = lock(&self.state.pinned).get(&start).copied().unwrap_or(0);
        assert!(
            !lock(&self.state.queues).touches(start, bytes),
            "emulated device: host memory at {start:#x} unregistered while a queued copy still uses it"
        );
        lock(&self.state.pinned).remove(&start);
    }
}

/// Checks an argument of a forwarded BLAS call: a device pointer must be live; other arguments
/// (sizes, scalars, enums) pass.
#[track_caller]
fn check_arg<A: 'static>(emu: &Emulated, what: &'static str, arg: &A) {
    if let Some(p) = (arg as &dyn std::any::Any).downcast_ref::<DevPtr>() {
        emu.check_ptr(what, *p);
    }
}

/// Forwards each listed method of the trait named first to the host backend after checking its
/// pointers — except the routines a GPU library computes by multiplying structural zeros, which
/// go to [`vendor_zeros`] (the host's routine outside that mode).
macro_rules! forward_to_host {
    ($tr:ident; $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $( emulated_method! { $tr; $name; $($arg: $ty),*; $ret } )*
    };
}

/// One method of [`forward_to_host`]: by its name, to [`vendor_zeros`] or to the host backend.
macro_rules! emulated_method {
    ($tr:ident; trmv; $($rest:tt)*) => { emulated_method! { @vendor $tr; trmv; $($rest)* } };
    ($tr:ident; tbmv; $($rest:tt)*) => { emulated_method! { @vendor $tr; tbmv; $($rest)* } };
    ($tr:ident; tpmv; $($rest:tt)*) => { emulated_method! { @vendor $tr; tpmv; $($rest)* } };
    ($tr:ident; trmm; $($rest:tt)*) => { emulated_method! { @vendor $tr; trmm; $($rest)* } };
    ($tr:ident; her2k; $($rest:tt)*) => { emulated_method! { @vendor $tr; her2k; $($rest)* } };
    (@vendor $tr:ident; $name:ident; $($arg:ident : $ty:ty),*; $ret:ty) => {
        unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
            $( check_arg(self, concat!(stringify!($name), " argument `", stringify!($arg), "`"), &$arg); )*
            self.fault(stringify!($name))?;
            // SAFETY: forwarded to the caller; the memory is host memory.
            unsafe { vendor_zeros::$name::<T>(self, $($arg),*) }
        }
    };
    ($tr:ident; $name:ident; $($arg:ident : $ty:ty),*; $ret:ty) => {
        unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
            $( check_arg(self, concat!(stringify!($name), " argument `", stringify!($arg), "`"), &$arg); )*
            self.fault(stringify!($name))?;
            // SAFETY: forwarded to the caller; the memory is host memory, which the host
            // backend's routines work on directly.
            unsafe { $tr::<T>::$name(&Host, $($arg),*) }
        }
    };
}

impl<T: Scalar> Level1<T> for Emulated {
    super::level1_methods!(forward_to_host);
}
impl<T: Scalar> Level2<T> for Emulated {
    super::level2_methods!(forward_to_host);
}
impl<T: Scalar> Level3<T> for Emulated {
    super::level3_methods!(forward_to_host);
}
impl<T: Scalar> Batched<T> for Emulated {
    super::batched_methods!(forward_to_host);
}

/// Forwards each listed [`MixedPrecision`] method to the host backend after checking its
/// pointers.
macro_rules! forward_mixed_to_host {
    ($tr:ident; $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $(
            unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
                $( check_arg(self, concat!(stringify!($name), " argument `", stringify!($arg), "`"), &$arg); )*
                self.fault(stringify!($name))?;
                // SAFETY: forwarded to the caller; the memory is host memory, which the host
                // backend's routines work on directly.
                unsafe { $tr::$name(&Host, $($arg),*) }
            }
        )*
    };
}

impl MixedPrecision for Emulated {
    super::mixed_methods!(forward_mixed_to_host);
}
