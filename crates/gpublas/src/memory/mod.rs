//! Device memory: owned buffers ([`DeviceBuffer`]), borrowed sub-slices, the guards that map host
//! slices onto device allocations ([`MappedSlice`], [`MappedSliceMut`]), and mapping scopes
//! ([`Scope`]) inside which a mapped host slice is found again by its address.
//!
//! Ownership rules (the invariants every `// SAFETY:` comment in this module relies on):
//! - Every device allocation is an `Alloc`: it frees itself, in stream order, when dropped.
//!   One that several users may hold at once (a scope's mapping, found by any thread's call) is
//!   shared as a `Lease` (`Arc<Alloc>`): a call that uses it holds a lease until its work is
//!   enqueued, so the free is ordered after that work whoever drops the last lease.
//! - No copy between user host memory and the device outlives the call that made it: uploads
//!   are complete when they return, downloads too. So forgetting a guard can leak device memory
//!   or skip a copy-back, never let a transfer touch host memory after its borrow ends.
//! - Reuse by host address exists only inside a [`Scope`], which the library ends.

mod alloc;
mod buffer;
mod guard;
mod pinned;
pub(crate) mod pool;
mod scope;
mod writeback;

pub(crate) use alloc::{Alloc, Lease};
pub(crate) mod alloc_api {
    pub(crate) use super::alloc::bytes_of;
}
pub use buffer::{DeviceBuffer, DeviceSlice, DeviceSliceMut};
pub use guard::{MappedSlice, MappedSliceMut};
pub use pinned::{HostBuffer, PinnedSlice};
pub use scope::Scope;

use crate::backend::{Backend, DevPtr};
use crate::device::Device;
use crate::error::Result;
use crate::precision::Element;

/// Copies host elements into device memory, complete on return.
pub(crate) fn upload_slice<T: Element, B: Backend>(
    dev: &Device<B>,
    dst: DevPtr,
    src: &[T],
) -> Result<()> {
    if src.is_empty() {
        return Ok(());
    }
    // `dst` holds at least `src.len()` elements (callers allocate it so); the engine reads
    // `src` only before it returns.
    crate::transfer::upload(dev.link(), dst, bytemuck::cast_slice(src))
}

/// Copies device elements into host memory through a raw pointer, complete on return.
///
/// # Safety
/// `dst` is valid for writing `len` elements and nothing else accesses them during the call;
/// `src` holds at least `len` elements.
pub(crate) unsafe fn download_raw<T: Element, B: Backend>(
    dev: &Device<B>,
    dst: *mut T,
    len: usize,
    src: DevPtr,
) -> Result<()> {
    if len == 0 {
        return Ok(());
    }
    // SAFETY: forwarded to the caller: `dst` is valid for `len` elements, nobody else accesses
    // them during the call, and any bytes are a valid `T` (`Pod`).
    let bytes =
        unsafe { std::slice::from_raw_parts_mut(dst.cast::<u8>(), len * std::mem::size_of::<T>()) };
    // The engine writes `bytes` only before it returns.
    crate::transfer::download(dev.link(), bytes, src)
}

/// Copies device elements into host memory, complete on return.
pub(crate) fn download_slice<T: Element, B: Backend>(
    dev: &Device<B>,
    dst: &mut [T],
    src: DevPtr,
) -> Result<()> {
    let len = dst.len();
    // SAFETY: `dst` is a live exclusive borrow of `len` elements; callers guarantee `src` holds
    // that many.
    unsafe { download_raw(dev, dst.as_mut_ptr(), len, src) }
}

#[cfg(all(test, feature = "host"))]
mod tests {
    use crate::{Device, Emulated};

    #[test]
    fn a_lease_from_the_present_table_outlives_the_guard_that_made_the_mapping() {
        let emu = Emulated::new();
        let dev = Device::new(emu.clone());
        let a = vec![1.0f64; 8];
        let base = a.as_ptr() as usize;
        dev.scope(|s| {
            let g = s.map(&a)?;
            let (p, lease) = dev.present_lookup(base + 16, 32, 8).expect("found");
            assert_eq!(p, g.as_device_ptr().offset::<f64>(2));
            drop(g);
            assert!(
                dev.present_lookup(base, 8, 8).is_none(),
                "removed with its guard"
            );
            assert_eq!(emu.live_allocations(), 1, "the lookup's lease keeps it");
            drop(lease);
            assert_eq!(emu.live_allocations(), 0, "freed with the last lease");
            Ok(())
        })
        .unwrap();
    }

    #[test]
    fn a_scope_removes_its_mappings_when_it_ends_even_if_guards_are_forgotten() {
        let emu = Emulated::new();
        let dev = Device::new(emu.clone());
        let a = vec![2.0f32; 6];
        let base = a.as_ptr() as usize;
        dev.scope(|s| {
            std::mem::forget(s.map(&a)?);
            assert!(dev.present_lookup(base, 24, 4).is_some());
            // A misaligned sub-range (for the element type asked for) is not resolved.
            assert!(dev.present_lookup(base + 4, 8, 8).is_none());
            Ok(())
        })
        .unwrap();
        assert!(
            dev.present_lookup(base, 24, 4).is_none(),
            "the scope ended it"
        );
        // The forgotten guard keeps its lease (a leak, which is safe); nothing else does.
        assert_eq!(emu.live_allocations(), 1);
    }

    #[test]
    fn a_scope_ends_its_mappings_when_its_closure_panics() {
        let emu = Emulated::new();
        let dev = Device::new(emu.clone());
        let a = vec![3.0f64; 4];
        let base = a.as_ptr() as usize;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            dev.scope(|s| -> crate::Result<()> {
                let _g = s.map(&a)?;
                panic!("inside the scope");
            })
        }));
        assert!(r.is_err());
        assert!(dev.present_lookup(base, 32, 8).is_none());
        assert_eq!(emu.live_allocations(), 0);
    }
}
