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

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::{Backend, BackendKind, Blas, DevPtr, Host};
use crate::error::Result;
use crate::scalar::Scalar;

/// The CPU behaving like a discrete GPU (separate memory reached through copies), with checks
/// for use-after-free and double free. For testing the safe layer without a GPU; select it with
/// `Device::new(Emulated::new())` or `GPUBLAS_BACKEND=emulated`.
#[derive(Clone, Default)]
pub struct Emulated {
    state: Arc<State>,
}

#[derive(Default)]
struct State {
    /// Live allocations: start address → size in bytes.
    live: Mutex<BTreeMap<usize, usize>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Emulated {
    /// A new emulated device with no allocations.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of live allocations (for leak checks in tests).
    pub fn live_allocations(&self) -> usize {
        lock(&self.state.live).len()
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
        let live = lock(&self.state.live);
        let ok = live
            .range(..=start)
            .next_back()
            .is_some_and(|(&a, &len)| start + bytes <= a + len);
        assert!(
            ok,
            "emulated device: {what} touches {bytes} bytes at {start:#x}, outside every live allocation (use after free or out of bounds)"
        );
    }

    /// Panics unless `p` lies in a live allocation (for BLAS arguments, whose extents the
    /// backend does not know; null is an empty operand).
    #[track_caller]
    fn check_ptr(&self, what: &str, p: DevPtr) {
        if !p.is_null() {
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
        "emulated: CPU memory behind copies, host BLAS (testing)".into()
    }

    fn host_memory(&self) -> bool {
        false
    }

    fn same_context(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.state, &other.state)
    }

    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        // SAFETY: forwarded to the caller (`bytes > 0`).
        let p = unsafe { Host.alloc(bytes)? };
        lock(&self.state.live).insert(p.as_raw() as usize, bytes);
        Ok(p)
    }

    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        let start = ptr.as_raw() as usize;
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
        // SAFETY: forwarded to the caller; `dst` checked live.
        unsafe { Host.upload(dst, src, bytes) }
    }

    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("download", src, bytes);
        // SAFETY: forwarded to the caller; `src` checked live.
        unsafe { Host.download(dst, src, bytes) }
    }

    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("copy (destination)", dst, bytes);
        self.check_range("copy (source)", src, bytes);
        // SAFETY: forwarded to the caller; both ranges checked live.
        unsafe { Backend::copy(&Host, dst, src, bytes) }
    }

    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        self.check_range("zero", dst, bytes);
        // SAFETY: forwarded to the caller; the range checked live.
        unsafe { Host.zero(dst, bytes) }
    }

    fn synchronize(&self) -> Result<()> {
        Ok(())
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

/// Forwards each listed `Blas<T>` method to the host backend after checking its pointers.
macro_rules! forward_to_host {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $(
            unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
                $( check_arg(self, concat!(stringify!($name), " argument `", stringify!($arg), "`"), &$arg); )*
                // SAFETY: forwarded to the caller; the memory is host memory, which the host
                // backend's routines work on directly.
                unsafe { Blas::<T>::$name(&Host, $($arg),*) }
            }
        )*
    };
}

impl<T: Scalar> Blas<T> for Emulated {
    super::blas_methods!(forward_to_host);
}
