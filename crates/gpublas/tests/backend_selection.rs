//! How `Device::auto()` and the GPU backends behave on a machine without a usable GPU, and the
//! loader errors users see. These run in CI (no GPU there).

use gpublas::{Device, Error};
use std::sync::Mutex;

/// `GPUBLAS_BACKEND` is process-wide; tests that set it take this lock.
static ENV: Mutex<()> = Mutex::new(());

fn with_backend_var<R>(value: Option<&str>, f: impl FnOnce() -> R) -> R {
    let _guard = ENV.lock().unwrap_or_else(|p| p.into_inner());
    let old = std::env::var_os(gpublas::BACKEND_VAR);
    match value {
        Some(v) => std::env::set_var(gpublas::BACKEND_VAR, v),
        None => std::env::remove_var(gpublas::BACKEND_VAR),
    }
    let r = f();
    match old {
        Some(v) => std::env::set_var(gpublas::BACKEND_VAR, v),
        None => std::env::remove_var(gpublas::BACKEND_VAR),
    }
    r
}

#[cfg(feature = "host")]
#[test]
fn forcing_host_gives_the_host_backend() {
    let dev = with_backend_var(Some("host"), Device::auto).expect("host is always available");
    assert_eq!(dev.kind(), gpublas::BackendKind::Host);
    assert!(dev.describe().starts_with("host:"), "{}", dev.describe());
}

#[test]
fn unknown_backend_name_is_an_error_naming_the_choices() {
    let err = with_backend_var(Some("opencl"), Device::auto).unwrap_err();
    assert!(matches!(err, Error::BackendUnavailable { .. }), "{err:?}");
    assert!(err.to_string().contains("cuda, rocm, host"), "{err}");
}

/// A GPU-only build (`default-features = false`): the host and the emulated device (which
/// computes on the host) are not compiled in, and forcing them says so.
#[cfg(not(feature = "host"))]
#[test]
fn forcing_host_without_the_feature_is_an_error_not_a_fallback() {
    for name in ["host", "emulated", "emulated-async", "HOST"] {
        let err = with_backend_var(Some(name), Device::auto).unwrap_err();
        assert!(
            matches!(&err, Error::BackendUnavailable { requested, .. } if requested == &name.to_ascii_lowercase()),
            "{err:?}"
        );
        assert!(
            err.to_string()
                .contains("gpublas was built without the `host` feature: no CPU backend"),
            "{err}"
        );
        // ... and says how to turn it on.
        assert!(
            err.to_string().contains("add \"host\" to its `features`"),
            "{err}"
        );
    }
}

#[cfg(not(feature = "cuda"))]
#[test]
fn forcing_cuda_without_the_feature_is_an_error_not_a_fallback() {
    let err = with_backend_var(Some("cuda"), Device::auto).unwrap_err();
    assert!(
        err.to_string().contains("without the `cuda` feature"),
        "{err}"
    );
    // ... and says how to turn it on.
    assert!(
        err.to_string().contains("features = [\"cuda\"]")
            && err.to_string().contains("--features gpublas/cuda"),
        "{err}"
    );
}

#[cfg(not(feature = "rocm"))]
#[test]
fn forcing_rocm_without_the_feature_is_an_error_not_a_fallback() {
    let err = with_backend_var(Some("rocm"), Device::auto).unwrap_err();
    assert!(
        err.to_string().contains("without the `rocm` feature"),
        "{err}"
    );
    // ... and says how to turn it on.
    assert!(
        err.to_string().contains("features = [\"rocm\"]")
            && err.to_string().contains("--features gpublas/rocm"),
        "{err}"
    );
}

/// Where no NVIDIA driver is installed (CI), the compiled CUDA backend must fail to open with
/// a clear error, `auto()` must fall through to the host and say why, and forcing CUDA must be
/// an error. Opt-in because a machine with a GPU would (rightly) open it: run with
/// `--ignored` where there is no GPU.
#[cfg(all(feature = "cuda", feature = "host"))]
#[test]
#[ignore = "needs a machine without an NVIDIA GPU"]
fn without_a_gpu_cuda_is_an_error_and_auto_falls_back_to_host() {
    let err = gpublas::Cuda::new(0).unwrap_err();
    assert!(
        matches!(err, Error::LibraryNotFound(_) | Error::NoDevice { .. }),
        "{err:?}"
    );
    let dev = with_backend_var(None, Device::auto).expect("auto always finds the host");
    #[cfg(not(feature = "rocm"))]
    assert_eq!(dev.kind(), gpublas::BackendKind::Host);
    assert!(
        dev.skipped()
            .iter()
            .any(|e| matches!(e, Error::LibraryNotFound(_) | Error::NoDevice { .. })),
        "{:?}",
        dev.skipped()
    );
    let forced = with_backend_var(Some("cuda"), Device::auto).unwrap_err();
    assert!(
        matches!(forced, Error::LibraryNotFound(_) | Error::NoDevice { .. }),
        "{forced:?}"
    );
}

/// A GPU-only build on a machine without a usable GPU (CI): `auto()` has no CPU fallback, and its
/// error says so and gives each compiled GPU backend's own reason, in the order tried. Opt-in
/// for the same reason as the test above.
#[cfg(not(feature = "host"))]
#[test]
#[ignore = "needs a machine without a GPU"]
fn without_a_gpu_and_without_host_auto_says_no_cpu_fallback_is_compiled_in() {
    // What each compiled GPU backend says when opened directly: its reason to be skipped.
    let reasons: Vec<String> = vec![
        #[cfg(feature = "cuda")]
        gpublas::Cuda::new(0).unwrap_err().to_string(),
        #[cfg(feature = "rocm")]
        gpublas::Rocm::new(0).unwrap_err().to_string(),
    ];
    assert!(
        !reasons.is_empty(),
        "a build without `host` has a GPU backend"
    );
    for forced in [None, Some("auto")] {
        let err = with_backend_var(forced, Device::auto).unwrap_err();
        let Error::NoBackend { skipped } = &err else {
            panic!("expected NoBackend, got {err:?}");
        };
        assert!(
            skipped
                .iter()
                .all(|e| matches!(e, Error::LibraryNotFound(_) | Error::NoDevice { .. })),
            "{skipped:?}"
        );
        let listed: Vec<String> = skipped.iter().map(ToString::to_string).collect();
        assert_eq!(listed, reasons);
        let msg = err.to_string();
        assert!(
            msg.contains("built without the `host` feature, so no CPU fallback is compiled in"),
            "{msg}"
        );
        assert!(reasons.iter().all(|r| msg.contains(r.as_str())), "{msg}");
    }
}

/// With the real CUDA runtime (`GPUBLAS_CUDART_PATH`, e.g. from PyPI's `nvidia-cuda-runtime`
/// wheel) on a machine with no driver, opening CUDA reports "no device": that no NVIDIA driver
/// was found and what to install, then the runtime's own message. Fails if the variable is unset.
#[cfg(feature = "cuda")]
#[test]
#[ignore = "needs GPUBLAS_CUDART_PATH pointing at a real libcudart, on a machine without a GPU"]
fn real_cuda_runtime_without_a_driver_reports_no_device() {
    let path = std::env::var("GPUBLAS_CUDART_PATH")
        .expect("set GPUBLAS_CUDART_PATH to a real libcudart.so");
    assert!(
        std::path::Path::new(&path).exists(),
        "{path} does not exist"
    );
    let err = gpublas::Cuda::new(0).unwrap_err();
    match &err {
        Error::NoDevice {
            backend: "cuda",
            reason,
        } => {
            // Not the runtime's "driver version is insufficient" alone: that no driver was
            // found, which library is missing, and what to install, then the runtime's words.
            assert!(
                reason.starts_with("no NVIDIA driver found (libcuda.so.1 does not load: "),
                "{reason}"
            );
            assert!(reason.contains("install the NVIDIA GPU driver"), "{reason}");
            assert!(
                reason.contains("The CUDA runtime said: cudaErrorInsufficientDriver (35)"),
                "{reason}"
            );
        }
        other => panic!("expected NoDevice from the real runtime, got {other:?}"),
    }
}
