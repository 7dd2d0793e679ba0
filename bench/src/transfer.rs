//! The host-operand side of the comparison (the `transfer_bench` binary): whole calls from host
//! memory, timed on the host clock from the call until the result is back in host memory.
//!
//! Peers, all in the same process on the same device: raw cuBLAS through the library tables
//! gpublas loaded (naive: `cudaMalloc` + pageable `cudaMemcpy` + gemm + `cudaMemcpy` + `cudaFree`;
//! and with the data already in page-locked memory), cuBLASXt (the same library's host-memory
//! interface, at several block sizes, with and without its own pinning), and cudarc 0.19
//! (`clone_htod`, `alloc_zeros`, gemm, `memcpy_dtoh`).

use std::ffi::{c_int, c_void};
use std::time::Instant;

use cublas_sys as sys;
use gpublas::backend::CudaApi;
use gpublas::{Cuda, Device};

use crate::raw::{bl_check, rt_check, RawBlas, RawScalar};
use crate::Res;

/// Wall-clock milliseconds of `reps` runs of `f` after `warm` unrecorded ones; the samples.
pub fn wall_ms(warm: usize, reps: usize, mut f: impl FnMut() -> Res<()>) -> Res<Vec<f64>> {
    for _ in 0..warm {
        f()?;
    }
    let mut out = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        f()?;
        out.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Ok(out)
}

/// A device allocation made with `cudaMalloc` (the naive user's way), freed on drop.
pub struct RawMem {
    api: CudaApi,
    ptr: *mut c_void,
}

impl RawMem {
    /// `bytes` of device memory.
    pub fn new(api: CudaApi, bytes: usize) -> Res<Self> {
        let mut ptr = std::ptr::null_mut();
        // SAFETY: writes one pointer.
        rt_check(api, "cudaMalloc", unsafe {
            (api.rt.cudaMalloc)(&mut ptr, bytes)
        })?;
        Ok(RawMem { api, ptr })
    }

    /// The device address, typed.
    pub fn ptr<T>(&self) -> *mut T {
        self.ptr.cast()
    }
}

impl Drop for RawMem {
    fn drop(&mut self) {
        // SAFETY: allocated by `cudaMalloc`; synchronous free after all work.
        unsafe { (self.api.rt.cudaFree)(self.ptr) };
    }
}

/// Page-locked host memory from `cudaMallocHost`, freed on drop.
pub struct Pinned<T> {
    api: CudaApi,
    ptr: *mut T,
    len: usize,
}

impl<T: Copy> Pinned<T> {
    /// A page-locked copy of `data`.
    pub fn from_slice(api: CudaApi, data: &[T]) -> Res<Self> {
        let mut p = std::ptr::null_mut();
        // SAFETY: writes one pointer.
        rt_check(api, "cudaMallocHost", unsafe {
            (api.rt.cudaMallocHost)(&mut p, std::mem::size_of_val(data))
        })?;
        let ptr = p.cast::<T>();
        // SAFETY: `ptr` holds `data.len()` elements, freshly allocated.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, data.len()) };
        Ok(Pinned {
            api,
            ptr,
            len: data.len(),
        })
    }

    /// The elements.
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised elements, owned here.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// The address.
    pub fn ptr(&self) -> *mut T {
        self.ptr
    }
}

impl<T> Drop for Pinned<T> {
    fn drop(&mut self) {
        // SAFETY: allocated by `cudaMallocHost`; no transfer is in flight.
        unsafe { (self.api.rt.cudaFreeHost)(self.ptr.cast()) };
    }
}

/// `cudaMemcpy` (synchronous) of `bytes`.
///
/// # Safety
/// Both ranges are valid for `bytes` bytes, in the memory `kind` says.
pub unsafe fn memcpy(
    api: CudaApi,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    kind: sys::cudaMemcpyKind,
) -> Res<()> {
    // SAFETY: forwarded to the caller.
    rt_check(api, "cudaMemcpy", unsafe {
        (api.rt.cudaMemcpy)(dst, src, bytes, kind)
    })
}

/// One naive raw round trip: allocate, copy A and B in from `a`/`b` (pageable or page-locked),
/// gemm, copy C out to `c`, free.
///
/// # Safety
/// `a`, `b`, `c` hold n·n elements each.
pub unsafe fn raw_round_trip<T: RawScalar>(
    dev: &Device<Cuda>,
    raw: &RawBlas,
    n: usize,
    a: *const T,
    b: *const T,
    c: *mut T,
) -> Res<()> {
    let api = dev.backend().api();
    let bytes = n * n * std::mem::size_of::<T>();
    let (da, db, dc) = (
        RawMem::new(api, bytes)?,
        RawMem::new(api, bytes)?,
        RawMem::new(api, bytes)?,
    );
    // The raw handle runs on gpublas's non-blocking stream, which the synchronous copies (on
    // the legacy default stream) do not wait for: synchronise the device between them, as a
    // user mixing the two must.
    let sync = || {
        // SAFETY: no arguments.
        let code = unsafe { (api.rt.cudaDeviceSynchronize)() };
        rt_check(api, "cudaDeviceSynchronize", code)
    };
    // SAFETY: the device allocations hold `bytes`; the host ranges are the caller's.
    unsafe {
        memcpy(api, da.ptr(), a.cast(), bytes, sys::cudaMemcpyHostToDevice)?;
        memcpy(api, db.ptr(), b.cast(), bytes, sys::cudaMemcpyHostToDevice)?;
        sync()?;
        raw.gemm::<T>(n, T::one(), da.ptr(), db.ptr(), T::zero(), dc.ptr())?;
        sync()?;
        memcpy(
            api,
            c.cast(),
            dc.ptr::<c_void>(),
            bytes,
            sys::cudaMemcpyDeviceToHost,
        )?;
    }
    Ok(())
}

/// A cuBLASXt handle on device 0 with a given block size and pinning mode.
pub struct Xt {
    xt: &'static sys::CublasXt,
    bl: CudaApi,
    h: sys::cublasXtHandle_t,
}

impl Xt {
    /// A handle using GPU 0 only, with `block` × `block` tiles; `pinning` lets cuBLASXt
    /// page-lock host memory itself.
    pub fn new(api: CudaApi, block: usize, pinning: bool) -> Res<Self> {
        let xt = sys::cublas_xt().map_err(|e| format!("cuBLASXt: {e}"))?;
        let mut h = std::ptr::null_mut();
        // SAFETY: writes one handle.
        bl_check(api, "cublasXtCreate", unsafe {
            (xt.cublasXtCreate)(&mut h)
        })?;
        let me = Xt { xt, bl: api, h };
        let mut devs: [c_int; 1] = [0];
        // SAFETY: the handle is live; one device id.
        bl_check(api, "cublasXtDeviceSelect", unsafe {
            (xt.cublasXtDeviceSelect)(h, 1, devs.as_mut_ptr())
        })?;
        // SAFETY: the handle is live.
        bl_check(api, "cublasXtSetBlockDim", unsafe {
            (xt.cublasXtSetBlockDim)(h, block as c_int)
        })?;
        let mode = if pinning {
            sys::CUBLASXT_PINNING_ENABLED
        } else {
            sys::CUBLASXT_PINNING_DISABLED
        };
        // SAFETY: the handle is live.
        bl_check(api, "cublasXtSetPinningMemMode", unsafe {
            (xt.cublasXtSetPinningMemMode)(h, mode)
        })?;
        Ok(me)
    }

    /// `C ← AB` (n × n, column-major, host memory), single precision.
    pub fn sgemm(&self, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) -> Res<()> {
        let (one, zero) = (1.0f32, 0.0f32);
        // SAFETY: the handle is live; the matrices hold n·n elements each (checked by callers).
        bl_check(self.bl, "cublasXtSgemm", unsafe {
            (self.xt.cublasXtSgemm)(
                self.h,
                sys::CUBLAS_OP_N,
                sys::CUBLAS_OP_N,
                n,
                n,
                n,
                &one,
                a.as_ptr(),
                n,
                b.as_ptr(),
                n,
                &zero,
                c.as_mut_ptr(),
                n,
            )
        })
    }

    /// `C ← AB`, double precision.
    pub fn dgemm(&self, n: usize, a: &[f64], b: &[f64], c: &mut [f64]) -> Res<()> {
        let (one, zero) = (1.0f64, 0.0f64);
        // SAFETY: as for `sgemm`.
        bl_check(self.bl, "cublasXtDgemm", unsafe {
            (self.xt.cublasXtDgemm)(
                self.h,
                sys::CUBLAS_OP_N,
                sys::CUBLAS_OP_N,
                n,
                n,
                n,
                &one,
                a.as_ptr(),
                n,
                b.as_ptr(),
                n,
                &zero,
                c.as_mut_ptr(),
                n,
            )
        })
    }
}

impl Drop for Xt {
    fn drop(&mut self) {
        // SAFETY: the handle is ours.
        unsafe { (self.xt.cublasXtDestroy)(self.h) };
    }
}

/// The host's own copy rate: `threads` threads copying `src` into `dst` in equal parts (GB/s).
pub fn host_copy_gbps(dst: &mut [u8], src: &[u8], threads: usize) -> f64 {
    let t = Instant::now();
    let part = src.len().div_ceil(threads.max(1));
    std::thread::scope(|s| {
        for (d, c) in dst.chunks_mut(part).zip(src.chunks(part)) {
            s.spawn(move || d.copy_from_slice(c));
        }
    });
    src.len() as f64 / t.elapsed().as_secs_f64() / 1e9
}

/// The hand-written floor of a small call from host memory: what a careful raw cuBLAS user does
/// (the pattern gpublas's packed calls follow). Inputs are packed into one page-locked buffer,
/// sent with one `cudaMemcpyAsync`, the routine runs, the output comes back with one
/// `cudaMemcpyAsync`, the stream is synchronised once, and the output is copied to its `Vec`.
/// Buffers are allocated once, up front (as a pool would).
pub struct RawSmall {
    api: CudaApi,
    stream: sys::cudaStream_t,
    host: Pinned<u8>,
    /// The device's address of `host` (mapped page-locked memory).
    mapped: *mut u8,
    dev: RawMem,
    bytes: usize,
}

impl RawSmall {
    /// Room for `bytes` of packed operands on `dev`'s stream.
    pub fn new(dev: &Device<Cuda>, bytes: usize) -> Res<Self> {
        let api = dev.backend().api();
        let host = Pinned::from_slice(api, &vec![0u8; bytes])?;
        let mut mapped = std::ptr::null_mut();
        // SAFETY: writes one pointer; `host` is page-locked memory from `cudaMallocHost`.
        rt_check(api, "cudaHostGetDevicePointer", unsafe {
            (api.rt.cudaHostGetDevicePointer)(&mut mapped, host.ptr().cast(), 0)
        })?;
        Ok(RawSmall {
            api,
            stream: dev.backend().stream(),
            host,
            mapped: mapped.cast(),
            dev: RawMem::new(api, bytes)?,
            bytes,
        })
    }

    /// The floor of any synchronous call: the routine on operands already in device memory (at
    /// the addresses [`RawSmall::call`] would use, `inputs` and `out` elements long), then one
    /// stream synchronisation. No copies.
    pub fn resident<T: Copy>(
        &self,
        inputs: &[usize],
        out: usize,
        routine: impl FnOnce(&[*mut T], *mut T) -> Res<()>,
    ) -> Res<()> {
        let total: usize = inputs.iter().sum::<usize>() + out;
        if total * std::mem::size_of::<T>() > self.bytes {
            return Err(format!("RawSmall: {total} elements do not fit").into());
        }
        let d = self.dev.ptr::<T>();
        let mut at = 0;
        let mut ptrs = Vec::with_capacity(inputs.len());
        for len in inputs {
            // SAFETY: in bounds of the device buffer (checked above).
            ptrs.push(unsafe { d.add(at) });
            at += len;
        }
        // SAFETY: as above.
        routine(&ptrs, unsafe { d.add(at) })?;
        // SAFETY: the stream is gpublas's, live as long as the device this was made from.
        rt_check(self.api, "cudaStreamSynchronize", unsafe {
            (self.api.rt.cudaStreamSynchronize)(self.stream)
        })
    }

    /// One call with the operands used in place: packs `inputs` and `out` (copied in too if
    /// `upload_out`) into the page-locked buffer, runs `routine` on the buffer's device
    /// addresses (the device reads and writes host memory over the link), synchronises the
    /// stream once and copies `out` back.
    pub fn in_place<T: Copy>(
        &self,
        inputs: &[&[T]],
        out: &mut [T],
        upload_out: bool,
        routine: impl FnOnce(&[*mut T], *mut T) -> Res<()>,
    ) -> Res<()> {
        let total: usize = inputs.iter().map(|s| s.len()).sum::<usize>() + out.len();
        if total * std::mem::size_of::<T>() > self.bytes {
            return Err(format!("RawSmall: {total} elements do not fit").into());
        }
        let (h, d) = (self.host.ptr().cast::<T>(), self.mapped.cast::<T>());
        let mut at = 0;
        let mut ptrs = Vec::with_capacity(inputs.len());
        for s in inputs {
            // SAFETY: in bounds (checked above); the previous call synchronised.
            unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), h.add(at), s.len()) };
            // SAFETY: as above.
            ptrs.push(unsafe { d.add(at) });
            at += s.len();
        }
        if upload_out {
            // SAFETY: as above.
            unsafe { std::ptr::copy_nonoverlapping(out.as_ptr(), h.add(at), out.len()) };
        }
        // SAFETY: as above.
        routine(&ptrs, unsafe { d.add(at) })?;
        // SAFETY: the stream is gpublas's, live as long as the device this was made from; after
        // it, the routine's writes to the buffer are complete and visible.
        unsafe {
            rt_check(
                self.api,
                "cudaStreamSynchronize",
                (self.api.rt.cudaStreamSynchronize)(self.stream),
            )?;
            std::ptr::copy_nonoverlapping(h.add(at), out.as_mut_ptr(), out.len());
        }
        Ok(())
    }

    /// One call: packs `inputs` (in order) and `out` (last; uploaded too if `upload_out`, as
    /// when β ≠ 0) into the buffer, uploads them, runs `routine` with their device addresses,
    /// downloads `out`, waits.
    pub fn call<T: Copy>(
        &self,
        inputs: &[&[T]],
        out: &mut [T],
        upload_out: bool,
        routine: impl FnOnce(&[*mut T], *mut T) -> Res<()>,
    ) -> Res<()> {
        let size = std::mem::size_of::<T>();
        let total: usize = inputs.iter().map(|s| s.len()).sum::<usize>() + out.len();
        if total * size > self.bytes {
            return Err(
                format!("RawSmall: {} bytes do not fit {}", total * size, self.bytes).into(),
            );
        }
        let (h, d) = (self.host.ptr().cast::<T>(), self.dev.ptr::<T>());
        let mut at = 0;
        let mut ptrs = Vec::with_capacity(inputs.len());
        for s in inputs.iter().copied().chain(std::iter::once(&*out)) {
            if !upload_out && std::ptr::eq(s, &*out) {
                // SAFETY: as below.
                ptrs.push(unsafe { d.add(at) });
                at += s.len();
                break;
            }
            // SAFETY: `at + s.len() ≤ total` elements, which the page-locked buffer holds;
            // the previous call's transfers are complete (it synchronised).
            unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), h.add(at), s.len()) };
            // SAFETY: in bounds of the device buffer, as above.
            ptrs.push(unsafe { d.add(at) });
            at += s.len();
        }
        let out_at = at - out.len();
        let dout = ptrs.pop().expect("out is last");
        // SAFETY: both buffers hold `total` elements; the copies and the routine are ordered on
        // one stream, which is synchronised before the host reads the buffer.
        unsafe {
            rt_check(
                self.api,
                "cudaMemcpyAsync",
                (self.api.rt.cudaMemcpyAsync)(
                    d.cast(),
                    h.cast::<c_void>(),
                    if upload_out { total } else { out_at } * size,
                    sys::cudaMemcpyHostToDevice,
                    self.stream,
                ),
            )?;
            routine(&ptrs, dout)?;
            rt_check(
                self.api,
                "cudaMemcpyAsync",
                (self.api.rt.cudaMemcpyAsync)(
                    h.add(out_at).cast(),
                    dout.cast::<c_void>(),
                    std::mem::size_of_val(out),
                    sys::cudaMemcpyDeviceToHost,
                    self.stream,
                ),
            )?;
            rt_check(
                self.api,
                "cudaStreamSynchronize",
                (self.api.rt.cudaStreamSynchronize)(self.stream),
            )?;
            std::ptr::copy_nonoverlapping(h.add(out_at), out.as_mut_ptr(), out.len());
        }
        Ok(())
    }
}
