//! The `Host` backend: the CPU, needing nothing installed. Level 2 and 3 run on faer (the
//! triangular solve on faer's matmul, see `level3::trsm`) and on gpublas's own gemm kernel;
//! level 1 is plain strided loops (faer has no strided level-1 kernels to call; `nrm2` is
//! Blue's scaled algorithm, as reference BLAS 3.10's). "Device" memory is host memory, so
//! mapping host data is zero-copy.
//!
//! The `host` feature (on by default) compiles all of it and makes `Host` public. Without it only
//! the memory operations and level 1 remain, crate-private and free of faer and pulp: the GPU
//! backends compute on them the few level-1 results their vendor libraries lack
//! (`backend::host_path`: `dsdot` on CUDA, `nrm2` of huge or tiny vectors on ROCm).

#[cfg(feature = "host")]
mod batched;
mod chunks;
mod level1;
#[cfg(feature = "host")]
mod level2;
#[cfg(feature = "host")]
mod level3;
#[cfg(feature = "host")]
mod mixed;
#[cfg(feature = "host")]
mod views;

use std::alloc::Layout;

#[cfg(feature = "host")]
use views::{conj_if, fa, par, scale, scale_triangle, view, view_mut};

use super::{Backend, BackendKind, DevPtr};
use crate::error::{Error, Result};

/// The CPU backend (feature `host`, on by default; needs nothing installed).
///
/// # Threads
///
/// Host calls run on the threads of the current rayon pool: rayon's global pool (its size is
/// `RAYON_NUM_THREADS`, else one thread per core), or a pool the program builds and runs the
/// calls in with `install`. Small calls stay on the calling thread. Results do not depend on the
/// thread count. `describe()` reports the count calls made there would use:
///
/// ```
/// # #[cfg(feature = "host")] {
/// use gpublas::{Backend, Host};
///
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
/// assert_eq!(pool.install(|| Host.describe()), "host: CPU, 3 threads");
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Host;

/// Alignment of host "device" allocations: a cache line, enough for every scalar and for SIMD.
const ALIGN: usize = 64;

// SAFETY: every operation runs synchronously on the calling thread, so work is ordered and
// complete on return; allocations come from the global allocator aligned to 64 bytes; device
// addresses are host addresses; any two `Host`s share the (one) address space.
unsafe impl Backend for Host {
    fn kind(&self) -> BackendKind {
        BackendKind::Host
    }

    fn describe(&self) -> String {
        format!("host: CPU, {} threads", chunks::threads())
    }

    fn host_memory(&self) -> bool {
        true
    }

    fn same_context(&self, _other: &Self) -> bool {
        true
    }

    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        let layout = Layout::from_size_align(bytes, ALIGN).map_err(|_| Error::OutOfMemory {
            backend: "host",
            bytes,
        })?;
        // SAFETY: the caller guarantees `bytes > 0`, so the layout is not zero-sized.
        let p = unsafe { std::alloc::alloc(layout) };
        if p.is_null() {
            return Err(Error::OutOfMemory {
                backend: "host",
                bytes,
            });
        }
        Ok(DevPtr::from_raw(p))
    }

    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        // SAFETY: the caller guarantees `ptr` came from `alloc` with the same size, whose layout
        // was valid (so rebuilding it cannot fail).
        unsafe {
            std::alloc::dealloc(
                ptr.as_raw(),
                Layout::from_size_align_unchecked(bytes, ALIGN),
            )
        }
    }

    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        // SAFETY: the caller guarantees both ranges are valid; `ptr::copy` allows overlap.
        unsafe { std::ptr::copy(src, dst.as_raw(), bytes) };
        Ok(())
    }

    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: as for `upload`.
        unsafe { std::ptr::copy(src.as_raw(), dst, bytes) };
        Ok(())
    }

    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: as for `upload`.
        unsafe { std::ptr::copy(src.as_raw(), dst.as_raw(), bytes) };
        Ok(())
    }

    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: the caller guarantees `dst` is valid for `bytes` bytes.
        unsafe { std::ptr::write_bytes(dst.as_raw(), 0, bytes) };
        Ok(())
    }

    fn synchronize(&self) -> Result<()> {
        Ok(())
    }

    /// The CPU has one order of work (each call completes before it returns): a clone.
    fn fork(&self) -> Result<Self> {
        Ok(*self)
    }
}

/// Element `i` of the `n`-element vector at `p` with increment `inc` (wrapping: the address is
/// only computed here; callers dereference it under their own safety contract).
fn elem<T>(p: DevPtr, n: usize, inc: isize, i: usize) -> *mut T {
    let k = if inc >= 0 {
        i * inc.unsigned_abs()
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    };
    p.cast::<T>().wrapping_add(k)
}
