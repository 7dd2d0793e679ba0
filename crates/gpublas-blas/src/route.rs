//! Which device serves a call: the host, or (when enabled) a GPU for calls large enough to
//! repay the transfers.
//!
//! | variable | values | default |
//! |---|---|---|
//! | `GPUBLAS_BLAS_BACKEND` | `host`: every call on the CPU; `auto` (or `gpu`): `Device::auto()` (which `GPUBLAS_BACKEND` may force) for large calls | `host` |
//! | `GPUBLAS_BLAS_CROSSOVER_L1`, `_L2`, `_L3` | the work (flops) from which a call of that level goes to the GPU; `inf` never | level 1 and 2: never; level 3: `2·10⁹` |
//! | `GPUBLAS_BLAS_MIN_INTENSITY` | the work per matrix element a level-3 call moves (its inputs in, its output in and out) below which it stays on the host whatever its size | `768` |
//! | `GPUBLAS_BLAS_REQUIRE_GPU` | `1`: abort at the first call if no GPU is usable (instead of running every call on the host) | unset |
//! | `GPUBLAS_BLAS_STATS` | `1`: print the device chosen at the first call, and at exit the calls and flops each level ran on the host and on the GPU | unset |
//! | `GPUBLAS_BLAS_SPIN_US` | how long (µs) the host's threads stay awake after a host call, ready for the next (see [`warm`](crate::warm)); `0`: off | `0` |
//! | `GPUBLAS_BLAS_GPU_ONLY` | routine families, comma-separated without the type letter (`gemm,trsm`): only these may go to the GPU (to find which routine a difference comes from, or to keep the rest on the CPU) | unset: every routine |
//!
//! Level 1 and 2 calls on host memory are bound by the host link (as many bytes move as flops
//! are done), so they stay on the CPU. A level-3 call goes to the GPU when its work reaches the
//! crossover *and* it does enough work per element it moves: LAPACK's blocked updates (depth 64)
//! do about 64 flops per element whatever their size, and on the 16-core host of an H100 machine
//! (2026-12-06) the host ran them 3–7× faster than the GPU with its transfers up to 8192² × 64,
//! while a square dgemm went to the GPU's advantage between n = 1024 (512 flops per element moved,
//! host faster) and 2048 (1024, GPU 8.7× faster) — hence 768.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use gpublas::{BackendKind, Device, Dynamic, Error, Host};

/// A routine's BLAS level (each has its own crossover).
#[derive(Debug, Clone, Copy)]
pub enum Level {
    /// Vector operations.
    L1 = 0,
    /// Matrix-vector operations.
    L2 = 1,
    /// Matrix-matrix operations.
    L3 = 2,
}

/// The variable that picks the devices.
pub const BACKEND_VAR: &str = "GPUBLAS_BLAS_BACKEND";
/// The variable that makes a missing GPU fatal.
pub const REQUIRE_GPU_VAR: &str = "GPUBLAS_BLAS_REQUIRE_GPU";
/// The variable that turns on the routing report.
pub const STATS_VAR: &str = "GPUBLAS_BLAS_STATS";
/// The variable that limits the GPU to some routine families.
pub const GPU_ONLY_VAR: &str = "GPUBLAS_BLAS_GPU_ONLY";

struct Devices {
    host: Device<Dynamic>,
    gpu: Option<Device<Dynamic>>,
    crossover: [f64; 3],
    /// Work per moved element below which a call whose moves are known stays on the host.
    min_intensity: f64,
    /// Lower-case routine families allowed on the GPU; `None`: all.
    gpu_only: Option<Vec<String>>,
}

impl Devices {
    fn allows(&self, routine: &str) -> bool {
        self.gpu_only
            .as_ref()
            .is_none_or(|list| list.iter().any(|r| r.eq_ignore_ascii_case(routine)))
    }
}

/// Where calls went, per level: counted only when `GPUBLAS_BLAS_STATS` is set.
struct Stats {
    on: AtomicBool,
    /// `[level][0: host, 1: GPU, 2: GPU failed and retried on the host]`.
    calls: [[AtomicU64; 3]; 3],
    /// Flops (the routing estimate), same layout without the retries.
    flops: [[AtomicU64; 2]; 3],
}

static STATS: Stats = Stats {
    on: AtomicBool::new(false),
    calls: [const { [const { AtomicU64::new(0) }; 3] }; 3],
    flops: [const { [const { AtomicU64::new(0) }; 2] }; 3],
};

impl Stats {
    fn count(&self, level: Level, slot: usize, work: f64) {
        if !self.on.load(Ordering::Relaxed) {
            return;
        }
        self.calls[level as usize][slot].fetch_add(1, Ordering::Relaxed);
        if slot < 2 {
            // Saturating float-to-int conversion; the report is approximate by nature.
            self.flops[level as usize][slot].fetch_add(work as u64, Ordering::Relaxed);
        }
    }

    fn report(&self) -> String {
        let mut s = String::from("gpublas-blas stats:");
        for (level, name) in ["L1", "L2", "L3"].iter().enumerate() {
            let c = |i: usize| self.calls[level][i].load(Ordering::Relaxed);
            let f = |i: usize| self.flops[level][i].load(Ordering::Relaxed) as f64;
            s += &format!(
                " {name} host {} calls {:.3e} flop, gpu {} calls {:.3e} flop, gpu-retried-on-host {};",
                c(0),
                f(0),
                c(1),
                f(1),
                c(2)
            );
        }
        s.pop();
        s
    }
}

extern "C" fn print_stats() {
    eprintln!("{}", STATS.report());
}

extern "C" {
    /// C's `atexit` (the C library is always linked): the report is printed when the program
    /// exits, after its last BLAS call.
    fn atexit(f: extern "C" fn()) -> std::ffi::c_int;
}

fn flag(var: &str) -> bool {
    matches!(
        std::env::var(var).unwrap_or_default().trim(),
        "1" | "true" | "yes" | "on"
    )
}

fn devices() -> &'static Devices {
    static DEVICES: OnceLock<Devices> = OnceLock::new();
    DEVICES.get_or_init(|| {
        let choice = std::env::var(BACKEND_VAR).unwrap_or_default().trim().to_ascii_lowercase();
        let gpu = match choice.as_str() {
            "" | "host" => None,
            "auto" | "gpu" => match Device::auto() {
                Ok(d) if d.kind() != BackendKind::Host => Some(d),
                Ok(_) => None,
                Err(e) => {
                    eprintln!("gpublas-blas: {BACKEND_VAR}={choice}: {e}; every call runs on the host");
                    None
                }
            },
            other => {
                eprintln!("gpublas-blas: {BACKEND_VAR}={other} is not host, auto or gpu; every call runs on the host");
                None
            }
        };
        let crossover = |var: &str, default: f64| {
            std::env::var(var)
                .ok()
                .and_then(|v| v.trim().parse::<f64>().ok())
                .unwrap_or(default)
        };
        let min_intensity = crossover("GPUBLAS_BLAS_MIN_INTENSITY", 768.0);
        let crossover = [
            crossover("GPUBLAS_BLAS_CROSSOVER_L1", f64::INFINITY),
            crossover("GPUBLAS_BLAS_CROSSOVER_L2", f64::INFINITY),
            crossover("GPUBLAS_BLAS_CROSSOVER_L3", 2e9),
        ];
        let gpu_only = std::env::var(GPU_ONLY_VAR).ok().map(|v| {
            v.split(',')
                .map(|r| r.trim().to_ascii_lowercase())
                .filter(|r| !r.is_empty())
                .collect::<Vec<_>>()
        });
        if gpu.is_none() && flag(REQUIRE_GPU_VAR) {
            fatal(
                REQUIRE_GPU_VAR,
                &format!("is set but no GPU is usable ({BACKEND_VAR}={choice:?})"),
            );
        }
        if flag(STATS_VAR) {
            STATS.on.store(true, Ordering::Relaxed);
            eprintln!(
                "gpublas-blas: GPU: {}; crossovers (flops) L1 {:e}, L2 {:e}, L3 {:e}, L3 from {} flops per element moved; {}",
                gpu.as_ref().map_or("none".to_string(), |g| g.describe()),
                crossover[0],
                crossover[1],
                crossover[2],
                min_intensity,
                gpu_only.as_ref().map_or("every routine may go to the GPU".to_string(), |l| {
                    format!("only {} on the GPU", l.join(","))
                })
            );
            // SAFETY: `print_stats` is a plain `extern "C"` function that lives as long as the
            // program; registering it has no other precondition.
            if unsafe { atexit(print_stats) } != 0 {
                eprintln!("gpublas-blas: {STATS_VAR}: atexit failed; no report at exit");
            }
        }
        Devices {
            host: Device::new(Dynamic::Host(Host)),
            gpu,
            crossover,
            min_intensity,
            gpu_only,
        }
    })
}

/// Whether a call of `work` flops that moves `moved` matrix elements (0: not known) is worth the
/// GPU: its work reaches `crossover`, and, if its moves are known, each moved element carries at
/// least `min_intensity` of it.
fn worth_gpu(work: f64, moved: f64, crossover: f64, min_intensity: f64) -> bool {
    work >= crossover && (moved <= 0.0 || work >= min_intensity * moved)
}

/// Runs `f` on the device for a call of `level` doing about `work` flops. A GPU call that fails
/// before writing anything (the output contract of every gpublas op) is retried on the host;
/// any other failure is fatal (reference BLAS has no way to report it).
pub fn run<R>(
    routine: &str,
    level: Level,
    work: f64,
    f: impl FnMut(&Device<Dynamic>) -> gpublas::Result<R>,
) -> R {
    run_moving(routine, level, (work, 0.0), f)
}

/// [`run`] for a call that also says how many matrix elements it moves to and from the device
/// (inputs once, the output both ways): it goes to the GPU only if it does enough work per
/// element moved (`GPUBLAS_BLAS_MIN_INTENSITY`).
pub fn run_moving<R>(
    routine: &str,
    level: Level,
    (work, moved): (f64, f64),
    mut f: impl FnMut(&Device<Dynamic>) -> gpublas::Result<R>,
) -> R {
    let d = devices();
    let worth = |c: f64| worth_gpu(work, moved, c, d.min_intensity);
    if let Some(gpu) = d
        .gpu
        .as_ref()
        .filter(|_| worth(d.crossover[level as usize]) && d.allows(routine))
    {
        match f(gpu) {
            Ok(r) => {
                STATS.count(level, 1, work);
                return r;
            }
            Err(e @ Error::PartlyWritten { .. }) => fatal(routine, &e),
            Err(e) => {
                STATS.count(level, 2, work);
                log::warn!(
                    "gpublas-blas: {routine} on the GPU failed ({e}); running it on the host"
                )
            }
        }
    }
    STATS.count(level, 0, work);
    crate::warm::keep();
    match f(&d.host) {
        Ok(r) => r,
        Err(e) => fatal(routine, &e),
    }
}

/// Reports an error BLAS cannot return and aborts (unwinding out of a C or Fortran caller is
/// not an option).
pub fn fatal(what: &str, why: &dyn std::fmt::Display) -> ! {
    eprintln!("gpublas-blas: {what}: {why}");
    std::process::abort()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats() -> Stats {
        Stats {
            on: AtomicBool::new(true),
            calls: [const { [const { AtomicU64::new(0) }; 3] }; 3],
            flops: [const { [const { AtomicU64::new(0) }; 2] }; 3],
        }
    }

    /// The report is parsed by the benchmark and test scripts: one line, per level
    /// "Lk host N calls F flop, gpu N calls F flop, gpu-retried-on-host N".
    #[test]
    fn stats_report_counts_calls_and_flops_per_level_and_device() {
        let s = stats();
        s.count(Level::L3, 1, 4e9);
        s.count(Level::L3, 1, 1e9);
        s.count(Level::L3, 0, 10.0);
        s.count(Level::L2, 2, 7.0);
        s.count(Level::L2, 0, 7.0);
        s.count(Level::L1, 0, 3.0);
        assert_eq!(
            s.report(),
            "gpublas-blas stats: \
             L1 host 1 calls 3.000e0 flop, gpu 0 calls 0.000e0 flop, gpu-retried-on-host 0; \
             L2 host 1 calls 7.000e0 flop, gpu 0 calls 0.000e0 flop, gpu-retried-on-host 1; \
             L3 host 1 calls 1.000e1 flop, gpu 2 calls 5.000e9 flop, gpu-retried-on-host 0"
        );
    }

    /// The probe's shapes (2026-12-06, 16-core host of an H100 machine) land where they ran
    /// faster: square dgemm 1024 on the host, 2048 on the GPU, LAPACK's depth-64 updates on the
    /// host at every size, dtrsm and dsyrk 4096 on the GPU.
    #[test]
    fn gpu_only_for_large_calls_that_work_enough_per_element_moved() {
        let gemm = |m: f64, n: f64, k: f64| (2.0 * m * n * k, m * k + k * n + 2.0 * m * n);
        let go = |(w, moved): (f64, f64)| worth_gpu(w, moved, 2e9, 768.0);
        assert!(!go(gemm(1024.0, 1024.0, 1024.0)));
        assert!(go(gemm(2048.0, 2048.0, 2048.0)));
        for n in [1024.0, 4096.0, 8192.0, 16384.0] {
            assert!(!go(gemm(n, n, 64.0)), "update of {n}");
        }
        let n = 4096.0f64;
        assert!(go((n * n * n, n * n / 2.0 + 2.0 * n * n)), "trsm 4096");
        assert!(go((n * n * n, n * n + n * n)), "syrk 4096");
        // Below the crossover nothing goes, and unknown moves do not hold a call back.
        assert!(!go((1e9, 0.0)));
        assert!(go((3e9, 0.0)));
    }

    #[test]
    fn stats_count_nothing_when_off() {
        let s = stats();
        s.on.store(false, Ordering::Relaxed);
        s.count(Level::L3, 1, 4e9);
        assert!(s
            .report()
            .contains("L3 host 0 calls 0.000e0 flop, gpu 0 calls 0.000e0 flop"));
    }
}
