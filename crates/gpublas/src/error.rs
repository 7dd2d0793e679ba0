//! One error type for the whole crate.

pub use gpublas_dynload::LoadError;

/// Everything that can go wrong in gpublas. Every failure reachable from input data is one of
/// these; none is a panic.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A vendor library could not be loaded (the message says which names were tried and which
    /// variable to set).
    #[error(transparent)]
    LibraryNotFound(#[from] LoadError),

    /// The library loaded, but there is no usable device.
    #[error("no usable {backend} device: {reason}")]
    NoDevice {
        /// Which backend.
        backend: &'static str,
        /// Why (the vendor's own message where there is one).
        reason: String,
    },

    /// `Device::auto()` found no usable backend: no compiled GPU backend could be used, and
    /// gpublas was built without its `host` feature, so there is no CPU fallback. Only a
    /// GPU-only build (`default-features = false`) returns it.
    #[error(
        "no usable backend: gpublas was built without the `host` feature, so no CPU fallback is \
         compiled in, and no GPU backend could be used ({}); keep gpublas's default features (or \
         add \"host\" to its `features`) to fall back to the CPU",
        DisplayList(.skipped)
    )]
    NoBackend {
        /// Why each compiled GPU backend was skipped, as [`Device::skipped`](crate::Device::skipped)
        /// would list them.
        skipped: Vec<Error>,
    },

    /// `GPUBLAS_BACKEND` named a backend that is not compiled in or not known.
    #[error("GPUBLAS_BACKEND={requested}: {reason}")]
    BackendUnavailable {
        /// The value that was asked for.
        requested: String,
        /// Why it cannot be used.
        reason: String,
    },

    /// A vendor call returned a failure status.
    #[error("{library} {routine} failed with status {code} ({message})")]
    Vendor {
        /// Which library, e.g. `"cuBLAS"`.
        library: &'static str,
        /// Which routine, e.g. `"cublasSgemm_v2"`.
        routine: &'static str,
        /// The numeric status.
        code: i64,
        /// The vendor's own message for it.
        message: String,
    },

    /// An argument breaks a rule of the routine; nothing was read or written.
    #[error("{routine}: argument `{arg}` {rule}")]
    InvalidArgument {
        /// Which routine (e.g. `"gemm"`).
        routine: &'static str,
        /// Which argument (e.g. `"lda"`).
        arg: &'static str,
        /// The rule it broke, with the values involved.
        rule: String,
    },

    /// The device could not allocate memory.
    #[error("out of {backend} device memory allocating {bytes} bytes")]
    OutOfMemory {
        /// Which backend.
        backend: &'static str,
        /// How many bytes were asked for.
        bytes: usize,
    },

    /// The operation, type or argument combination is not supported by this backend.
    #[error("{routine}: {what} is not supported")]
    Unsupported {
        /// Which routine.
        routine: &'static str,
        /// What is unsupported, and on which backend.
        what: String,
    },

    /// Copy-backs of read-write mappings that failed where no caller could be told at once:
    /// guards dropped on this thread (returned by this thread's next call on the device, or by
    /// [`Device::take_deferred_errors`](crate::Device::take_deferred_errors)), or mappings a
    /// [`Scope`](crate::Scope) copied back as it ended (returned by the scope). Every failure is
    /// here, in the order it happened.
    #[error("{} copy-back(s) of mapped host data failed: {}", .0.len(), DisplayList(.0))]
    Deferred(Vec<Error>),

    /// The device failed after results had begun to reach the caller's memory: the outputs
    /// named may be partly written (some elements new, some old). Every error that can be found
    /// before the first write to an output (arguments, device memory, staging, an unusable
    /// device) is found before it and is another variant, with every output untouched; this one
    /// means a fault of the device or its link in the middle of a call.
    #[error("{routine}: {source} (after results began to reach `{}`, which may be partly written)", .outputs.join("`, `"))]
    PartlyWritten {
        /// Which routine (e.g. `"gemm"`, or `"finish"` for a guard's copy-back).
        routine: &'static str,
        /// The outputs that may be partly written (e.g. `["c"]`).
        outputs: Vec<&'static str>,
        /// What failed.
        source: Box<Error>,
    },
}

/// `Result` with gpublas's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `Display` for a list of errors: `a; b; c`.
struct DisplayList<'a>(&'a [Error]);

impl std::fmt::Display for DisplayList<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl Error {
    pub(crate) fn arg(routine: &'static str, arg: &'static str, rule: impl Into<String>) -> Self {
        Error::InvalidArgument {
            routine,
            arg,
            rule: rule.into(),
        }
    }
}
