//! Benchmarks of gpublas against the raw vendor calls it wraps.
//!
//! The `cuda_bench` binary (feature `cuda`) times, in one process, gpublas's CUDA backend, the
//! raw cuBLAS calls made through the very library tables gpublas loaded, and cudarc's cuBLAS
//! wrapper as a Rust peer. The modules here hold what it shares: host-side data and checks
//! ([`host`]), the report ([`report`]), and (with `cuda`) the raw cuBLAS layer ([`raw`]) and the
//! cudarc peer ([`peer`]).

pub mod cpu;
#[cfg(feature = "cuda")]
pub mod extra;
pub mod host;
pub mod openblas;
#[cfg(feature = "cuda")]
pub mod peer;
#[cfg(feature = "cuda")]
pub mod raw;
pub mod report;
#[cfg(feature = "cuda")]
pub mod suite;
#[cfg(feature = "cuda")]
pub mod transfer;

/// The benchmark's error: any error, with a message that says what failed.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The benchmark's result.
pub type Res<T> = Result<T, Error>;

/// One timed run of a batch of calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct Timing {
    /// GPU time between two events recorded around the batch, in milliseconds.
    pub gpu_ms: f64,
    /// Host wall clock from before the first call until the stream finished the batch (after
    /// synchronising the stream first), in milliseconds.
    pub wall_ms: f64,
    /// Host wall clock spent enqueueing the batch (no synchronisation), in milliseconds.
    pub submit_ms: f64,
}
