//! Which device serves a call: the host, or (when enabled) a GPU for calls large enough to
//! repay the transfers.
//!
//! | variable | values | default |
//! |---|---|---|
//! | `GPUBLAS_BLAS_BACKEND` | `host`: every call on the CPU; `auto` (or `gpu`): `Device::auto()` (which `GPUBLAS_BACKEND` may force) for large calls | `host` |
//! | `GPUBLAS_BLAS_CROSSOVER_L1`, `_L2`, `_L3` | the work (flops) from which a call of that level goes to the GPU; `inf` never | level 1 and 2: never; level 3: `2·10⁹` |
//!
//! The crossovers are provisional: level 1 and 2 calls on host memory are bound by the host link
//! (as many bytes move as flops are done), so they stay on the CPU until a measurement says
//! otherwise; level 3 moves `O(n²)` bytes for `O(n³)` flops.

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

struct Devices {
    host: Device<Dynamic>,
    gpu: Option<Device<Dynamic>>,
    crossover: [f64; 3],
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
        Devices {
            host: Device::new(Dynamic::Host(Host)),
            gpu,
            crossover: [
                crossover("GPUBLAS_BLAS_CROSSOVER_L1", f64::INFINITY),
                crossover("GPUBLAS_BLAS_CROSSOVER_L2", f64::INFINITY),
                crossover("GPUBLAS_BLAS_CROSSOVER_L3", 2e9),
            ],
        }
    })
}

/// Runs `f` on the device for a call of `level` doing about `work` flops. A GPU call that fails
/// before writing anything (the output contract of every gpublas op) is retried on the host;
/// any other failure is fatal (reference BLAS has no way to report it).
pub fn run<R>(
    routine: &str,
    level: Level,
    work: f64,
    mut f: impl FnMut(&Device<Dynamic>) -> gpublas::Result<R>,
) -> R {
    let d = devices();
    if let Some(gpu) = d
        .gpu
        .as_ref()
        .filter(|_| work >= d.crossover[level as usize])
    {
        match f(gpu) {
            Ok(r) => return r,
            Err(e @ Error::PartlyWritten { .. }) => fatal(routine, &e),
            Err(e) => log::warn!(
                "gpublas-blas: {routine} on the GPU failed ({e}); running it on the host"
            ),
        }
    }
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
