//! Safe, generic GPU BLAS: one API over NVIDIA cuBLAS and AMD rocBLAS, with a CPU fallback that
//! needs nothing installed.
//!
//! Vendor BLAS routines want host scalars (`alpha`, `beta`) and device arrays. gpublas lets you
//! pass host scalars together with *any* of: host slices (mapped to the device for the call, the
//! way rustc's experimental `offload_args` does it: `&T` is copied in, `&mut T` in and back),
//! device buffers, live mapping guards, or ndarray views — and checks every shape before any
//! vendor call. Vector increments are reference BLAS's (negative ones walk a vector from its end,
//! 0 repeats one element): the rules, routine by routine, are on [`Vector`].
//!
//! | layer | where | what |
//! |---|---|---|
//! | sys | `gpublas-cublas-sys`, `gpublas-rocblas-sys` | raw C bindings, loaded at run time |
//! | backend | [`backend`] | [`Backend`] and [`Blas<T>`]: thin, unsafe, one function per vendor call |
//! | safe API | [`Device`], [`DeviceBuffer`], guards, ops | validated, generic over [`Scalar`] and backend |
//!
//! | backend | feature | needs at run time |
//! |---|---|---|
//! | [`Host`] (CPU, faer) | always | nothing |
//! | `Cuda` (cuBLAS) | `cuda` | an NVIDIA driver, `libcudart` and `libcublas` (11, 12 or 13) |
//! | `Rocm` (rocBLAS) | `rocm` | ROCm 5–7 `libamdhip64` and `librocblas` (not yet run on AMD hardware) |
//!
//! ```
//! use gpublas::prelude::*;
//!
//! let dev = Device::auto()?; // CUDA, ROCm or the host, chosen at run time
//! let (m, k, n) = (2, 3, 2);
//! let a = vec![1.0f64; m * k];
//! let b = vec![2.0f64; k * n];
//! let mut c = vec![f64::NAN; m * n]; // beta = 0: never read
//! dev.gemm(Op::N, Op::N, 1.0, Mat::col_major(&a, m, k), Mat::col_major(&b, k, n),
//!          0.0, MatMut::col_major(&mut c, m, n))?;
//! assert_eq!(c, [6.0; 4]);
//! # Ok::<(), gpublas::Error>(())
//! ```

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod args;
pub mod backend;
mod blas;
mod device;
mod error;
pub mod memory;
#[cfg(feature = "ndarray")]
mod ndarray;
mod precision;
mod scalar;
mod transfer;
mod types;

pub use args::{Input, Mat, MatMut, Output, Vector, VectorMut};
pub use backend::GemmEx;
pub use backend::{Backend, BackendKind, Blas, Dynamic, Emulated, Host};
pub use device::{Device, BACKEND_VAR};
pub use error::{Error, LoadError, Result};
pub use memory::{
    DeviceBuffer, DeviceSlice, DeviceSliceMut, HostBuffer, MappedSlice, MappedSliceMut,
    PinnedSlice, Scope,
};
pub use precision::{bf16, f16, ComputeType, Element, GemmInput, GemmOutput, GemmTypes, Precision};
pub use scalar::{Complex32, Complex64, Scalar, ScalarKind};
pub use transfer::Stats;
pub use types::{Diag, Op, Order, Side, Uplo};

#[cfg(feature = "cuda")]
pub use backend::Cuda;
#[cfg(feature = "rocm")]
pub use backend::Rocm;

/// Everything a typical caller needs.
pub mod prelude {
    pub use crate::{
        Backend, Blas, Complex32, Complex64, Device, DeviceBuffer, Diag, Error, Mat, MatMut, Op,
        Order, Scalar, Side, Uplo, Vector, VectorMut,
    };
}
