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

    /// Lays `inputs` and then `out` (`lens` elements each, `out` last) end to end from
    /// `base` (the device address of `host` or of `dev`), copying into `host` the slices
    /// given; returns the operands' addresses (`out`'s last) and `out`'s offset in elements.
    fn lay_out<T: Copy>(
        &self,
        base: *mut T,
        lens: &[usize],
        fill: &[Option<&[T]>],
    ) -> Res<(Vec<*mut T>, usize)> {
        let total: usize = lens.iter().sum();
        if total * std::mem::size_of::<T>() > self.bytes {
            return Err(format!("RawSmall: {total} elements do not fit").into());
        }
        let h = self.host.ptr().cast::<T>();
        let (mut at, mut ptrs) = (0, Vec::with_capacity(lens.len()));
        for (i, &len) in lens.iter().enumerate() {
            if let Some(s) = fill.get(i).copied().flatten() {
                // SAFETY: `at + len ≤ total` elements, which the page-locked buffer holds; the
                // previous call synchronised, so no transfer uses it.
                unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), h.add(at), len) };
            }
            // SAFETY: in bounds of the buffer `base` addresses (both hold `self.bytes`).
            ptrs.push(unsafe { base.add(at) });
            at += len;
        }
        Ok((ptrs, total - lens.last().copied().unwrap_or(0)))
    }

    /// Waits for everything on the stream.
    fn sync(&self) -> Res<()> {
        // SAFETY: the stream is gpublas's, live as long as the device this was made from.
        rt_check(self.api, "cudaStreamSynchronize", unsafe {
            (self.api.rt.cudaStreamSynchronize)(self.stream)
        })
    }

    /// Copies `out` back from the page-locked buffer at element `at`.
    fn take<T: Copy>(&self, at: usize, out: &mut [T]) {
        // SAFETY: `at + out.len()` lies in the buffer (`lay_out`), and the stream is
        // synchronised: what the device wrote there is complete and visible.
        unsafe {
            std::ptr::copy_nonoverlapping(
                self.host.ptr().cast::<T>().add(at),
                out.as_mut_ptr(),
                out.len(),
            )
        };
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
        let lens: Vec<usize> = inputs.iter().copied().chain([out]).collect();
        let (mut ptrs, _) = self.lay_out::<T>(self.dev.ptr(), &lens, &[])?;
        let dout = ptrs.pop().expect("out is last");
        routine(&ptrs, dout)?;
        self.sync()
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
        let (lens, fill) = operands(inputs, out, upload_out);
        let (mut ptrs, out_at) = self.lay_out(self.mapped.cast::<T>(), &lens, &fill)?;
        let dout = ptrs.pop().expect("out is last");
        routine(&ptrs, dout)?;
        self.sync()?;
        self.take(out_at, out);
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
        let (lens, fill) = operands(inputs, out, upload_out);
        let (mut ptrs, out_at) = self.lay_out(self.dev.ptr::<T>(), &lens, &fill)?;
        let dout = ptrs.pop().expect("out is last");
        let up = if upload_out {
            out_at + out.len()
        } else {
            out_at
        };
        let h = self.host.ptr().cast::<T>();
        // SAFETY: both buffers hold the `up` elements sent and `out` at `out_at` (`lay_out`);
        // the copies and the routine are ordered on one stream, synchronised before the host
        // reads the buffer.
        unsafe {
            rt_check(
                self.api,
                "cudaMemcpyAsync",
                (self.api.rt.cudaMemcpyAsync)(
                    self.dev.ptr(),
                    h.cast::<c_void>(),
                    up * size,
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
        }
        self.sync()?;
        self.take(out_at, out);
        Ok(())
    }
}

/// The lengths of `inputs` and `out` (last), and which to copy in: every input, and `out` if
/// `upload_out`.
fn operands<'s, T>(
    inputs: &[&'s [T]],
    out: &'s [T],
    upload_out: bool,
) -> (Vec<usize>, Vec<Option<&'s [T]>>) {
    let lens = inputs.iter().map(|s| s.len()).chain([out.len()]).collect();
    let fill = inputs
        .iter()
        .map(|s| Some(*s))
        .chain([upload_out.then_some(out)])
        .collect();
    (lens, fill)
}
