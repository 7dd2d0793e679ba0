//! The Rust peer: cudarc's cuBLAS wrapper (`CudaBlas` with its `Gemm` trait), on cudarc's own
//! context handle and stream, timed with cudarc's own events.
//!
//! cudarc opens the device's primary context (the one the CUDA runtime, and so gpublas, uses)
//! and a stream of its own. Its `gemm` takes device slices, through which it tracks, per call,
//! the events that order slices used on several streams (its default behaviour, kept here): that
//! is part of what its column measures.

use std::sync::Arc;
use std::time::Instant;

use cudarc::cublas::{sys as bsys, CudaBlas, Gemm, GemmConfig};
use cudarc::driver::{
    sys as dsys, CudaContext, CudaEvent, CudaSlice, CudaStream, DeviceRepr, ValidAsZeroBits,
};

use crate::host::HostScalar;
use crate::{Res, Timing};

/// A cudarc error, with what was being done.
fn ctx<E: std::fmt::Debug>(what: &'static str) -> impl FnOnce(E) -> crate::Error {
    move |e| format!("cudarc: {what} failed: {e:?}").into()
}

/// cudarc's context, stream, cuBLAS handle and a pair of timing events.
pub struct Peer {
    stream: Arc<CudaStream>,
    blas: CudaBlas,
    start: CudaEvent,
    stop: CudaEvent,
    name: String,
}

impl Peer {
    /// Opens device `ordinal` through cudarc, on a stream of its own. cudarc panics when it
    /// cannot load a library, so both are probed first, to fail with an error instead.
    pub fn new(ordinal: usize) -> Res<Self> {
        Self::open(ordinal, false)
    }

    /// As [`Peer::new`], on the context's default stream (`CudaContext::default_stream`), as
    /// cudarc's README and examples start.
    pub fn on_default_stream(ordinal: usize) -> Res<Self> {
        Self::open(ordinal, true)
    }

    fn open(ordinal: usize, default_stream: bool) -> Res<Self> {
        // SAFETY: only tries to dlopen the driver library under its usual names.
        if !unsafe { dsys::is_culib_present() } {
            return Err(
                "cudarc: cannot load the CUDA driver library (libcuda.so / libcuda.so.1)".into(),
            );
        }
        // SAFETY: only tries to dlopen cuBLAS under cudarc's candidate names.
        if !unsafe { bsys::is_culib_present() } {
            return Err("cudarc: cannot load cuBLAS (tried libcublas.so, libcublas.so.13, ...; set LD_LIBRARY_PATH)".into());
        }
        let context = CudaContext::new(ordinal).map_err(ctx("CudaContext::new"))?;
        let name = context.name().map_err(ctx("CudaContext::name"))?;
        let stream = if default_stream {
            context.default_stream()
        } else {
            context
                .new_stream()
                .map_err(ctx("CudaContext::new_stream"))?
        };
        let blas = CudaBlas::new(stream.clone()).map_err(ctx("CudaBlas::new"))?;
        blas.set_pointer_mode(bsys::cublasPointerMode_t::CUBLAS_POINTER_MODE_HOST)
            .map_err(ctx("CudaBlas::set_pointer_mode"))?;
        let flags = Some(dsys::CUevent_flags::CU_EVENT_DEFAULT);
        let start = context
            .new_event(flags)
            .map_err(ctx("CudaContext::new_event"))?;
        let stop = context
            .new_event(flags)
            .map_err(ctx("CudaContext::new_event"))?;
        Ok(Peer {
            stream,
            blas,
            start,
            stop,
            name,
        })
    }

    /// The device's name as cudarc reads it.
    pub fn device_name(&self) -> &str {
        &self.name
    }

    /// A device copy of `host`.
    pub fn upload<T: DeviceRepr>(&self, host: &[T]) -> Res<CudaSlice<T>> {
        let d = self
            .stream
            .clone_htod(host)
            .map_err(ctx("CudaStream::clone_htod"))?;
        self.stream
            .synchronize()
            .map_err(ctx("CudaStream::synchronize"))?;
        Ok(d)
    }

    /// A host copy of `d`.
    pub fn download<T: DeviceRepr + ValidAsZeroBits + Clone + Default>(
        &self,
        d: &CudaSlice<T>,
    ) -> Res<Vec<T>> {
        let v = self
            .stream
            .clone_dtoh(d)
            .map_err(ctx("CudaStream::clone_dtoh"))?;
        self.stream
            .synchronize()
            .map_err(ctx("CudaStream::synchronize"))?;
        Ok(v)
    }

    /// As [`crate::raw::Timer::time`], on cudarc's stream with cudarc's events.
    pub fn time(&self, mut enqueue: impl FnMut() -> Res<()>) -> Res<Timing> {
        self.stream
            .synchronize()
            .map_err(ctx("CudaStream::synchronize"))?;
        let t0 = Instant::now();
        self.start
            .record(&self.stream)
            .map_err(ctx("CudaEvent::record"))?;
        enqueue()?;
        let submit = t0.elapsed();
        self.stop
            .record(&self.stream)
            .map_err(ctx("CudaEvent::record"))?;
        self.stop
            .synchronize()
            .map_err(ctx("CudaEvent::synchronize"))?;
        let wall = t0.elapsed();
        let ms = self
            .start
            .elapsed_ms(&self.stop)
            .map_err(ctx("CudaEvent::elapsed_ms"))?;
        Ok(Timing {
            gpu_ms: f64::from(ms),
            wall_ms: wall.as_secs_f64() * 1e3,
            submit_ms: submit.as_secs_f64() * 1e3,
        })
    }
}

/// A square gemm `C ← αAB + βC` set up on cudarc's side.
pub trait PeerGemm<T> {
    /// Enqueues `calls` gemm calls (no synchronisation).
    fn enqueue(&mut self, peer: &Peer, calls: usize) -> Res<()>;
    /// C, copied to the host.
    fn result(&self, peer: &Peer) -> Res<Vec<T>>;
}

/// [`PeerGemm`] for the types cudarc's `Gemm` supports.
pub struct GemmState<T> {
    n: i32,
    alpha: T,
    beta: T,
    a: CudaSlice<T>,
    b: CudaSlice<T>,
    c: CudaSlice<T>,
}

impl<T: HostScalar + DeviceRepr> GemmState<T> {
    /// Uploads the operands (n × n, column-major).
    pub fn new(peer: &Peer, n: usize, alpha: T, beta: T, a: &[T], b: &[T], c: &[T]) -> Res<Self> {
        let n =
            i32::try_from(n).map_err(|_| format!("cudarc gemm: n = {n} does not fit an int"))?;
        Ok(GemmState {
            n,
            alpha,
            beta,
            a: peer.upload(a)?,
            b: peer.upload(b)?,
            c: peer.upload(c)?,
        })
    }
}

impl<T: HostScalar + DeviceRepr + ValidAsZeroBits> PeerGemm<T> for GemmState<T>
where
    CudaBlas: Gemm<T>,
{
    fn enqueue(&mut self, peer: &Peer, calls: usize) -> Res<()> {
        let n = self.n;
        let op = bsys::cublasOperation_t::CUBLAS_OP_N;
        let cfg = GemmConfig {
            transa: op,
            transb: op,
            m: n,
            n,
            k: n,
            alpha: self.alpha,
            lda: n,
            ldb: n,
            beta: self.beta,
            ldc: n,
        };
        for _ in 0..calls {
            // SAFETY: A, B and C are distinct slices of n × n elements, matching `cfg`'s shapes
            // and leading dimensions.
            unsafe { peer.blas.gemm(cfg, &self.a, &self.b, &mut self.c) }
                .map_err(ctx("CudaBlas::gemm"))?;
        }
        Ok(())
    }

    fn result(&self, peer: &Peer) -> Res<Vec<T>> {
        peer.download(&self.c)
    }
}

impl Peer {
    /// A whole gemm from host memory the cudarc way: `clone_htod` A and B, `alloc_zeros` C, the
    /// gemm, `clone_dtoh` C into a new `Vec` (n × n, column-major, `C = AB`).
    pub fn round_trip_gemm<T: HostScalar + DeviceRepr + ValidAsZeroBits + Clone + Default>(
        &self,
        n: usize,
        a: &[T],
        b: &[T],
    ) -> Res<Vec<T>>
    where
        CudaBlas: Gemm<T>,
    {
        let dc = self.gemm_from_host(n, a, b)?;
        self.download(&dc)
    }

    /// As [`Peer::round_trip_gemm`], with C copied back into the caller's `c` (`memcpy_dtoh`,
    /// then a synchronisation), as gpublas writes into the caller's `C`: no new host memory
    /// whose pages the copy would first have to fault in.
    pub fn round_trip_gemm_into<T: HostScalar + DeviceRepr + ValidAsZeroBits + Clone + Default>(
        &self,
        n: usize,
        a: &[T],
        b: &[T],
        c: &mut [T],
    ) -> Res<()>
    where
        CudaBlas: Gemm<T>,
    {
        let dc = self.gemm_from_host(n, a, b)?;
        self.stream
            .memcpy_dtoh(&dc, c)
            .map_err(ctx("CudaStream::memcpy_dtoh"))?;
        self.stream
            .synchronize()
            .map_err(ctx("CudaStream::synchronize"))
    }

    /// `clone_htod` A and B, `alloc_zeros` C and the gemm `C = AB`, enqueued.
    fn gemm_from_host<T: HostScalar + DeviceRepr + ValidAsZeroBits>(
        &self,
        n: usize,
        a: &[T],
        b: &[T],
    ) -> Res<CudaSlice<T>>
    where
        CudaBlas: Gemm<T>,
    {
        let ni =
            i32::try_from(n).map_err(|_| format!("cudarc gemm: n = {n} does not fit an int"))?;
        let da = self
            .stream
            .clone_htod(a)
            .map_err(ctx("CudaStream::clone_htod"))?;
        let db = self
            .stream
            .clone_htod(b)
            .map_err(ctx("CudaStream::clone_htod"))?;
        let mut dc = self
            .stream
            .alloc_zeros::<T>(n * n)
            .map_err(ctx("CudaStream::alloc_zeros"))?;
        let op = bsys::cublasOperation_t::CUBLAS_OP_N;
        let cfg = GemmConfig {
            transa: op,
            transb: op,
            m: ni,
            n: ni,
            k: ni,
            alpha: T::one(),
            lda: ni,
            ldb: ni,
            beta: T::zero(),
            ldc: ni,
        };
        // SAFETY: A, B and C are distinct slices of n × n elements, matching `cfg`.
        unsafe { self.blas.gemm(cfg, &da, &db, &mut dc) }.map_err(ctx("CudaBlas::gemm"))?;
        Ok(dc)
    }
}
