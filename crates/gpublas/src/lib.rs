//! Safe, generic GPU BLAS: one API over NVIDIA cuBLAS and AMD rocBLAS, with a CPU fallback that
//! needs nothing installed (the default `host` feature; a GPU-only build may leave it out).
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
//! | backend | [`backend`] | [`Backend`] and one trait per BLAS concept — [`Level1`](backend::Level1), [`Level2`](backend::Level2), [`Level3`](backend::Level3), [`Batched`](backend::Batched), [`MixedPrecision`] (sums: [`Blas<T>`], [`BlasAll`]): thin, unsafe, one function per vendor call |
//! | safe API | [`Device`], [`DeviceBuffer`], guards, ops | validated, generic over [`Scalar`] and backend |
//!
//! | backend | feature | needs at run time |
//! |---|---|---|
//! | [`Host`] (CPU: faer and gpublas's own gemm kernel) | `host` (default) | nothing |
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
//!
//! The operations, methods of [`Device`], are grouped as BLAS groups them (the README's table
//! lists them all): level 1 (vectors: `axpy`, the dots, `nrm2`, rotations, …), level 2
//! (matrix–vector: `gemv`, `symv`, `trsv`, `ger`, band and packed forms, …), level 3
//! (matrix–matrix: `gemm`, `trsm`, `syrk`, `symm`, `trmm`, and the vendors' `geam` and `dgmm`),
//! batched (`gemm_strided_batched`, `gemm_batched`, `trsm_batched`, `gemv_strided_batched`) and
//! mixed precision (`gemm_with`, `gemm_strided_batched_with`); every backend is split the same
//! way.
//!
//! Generic code bounds the backend with [`BlasAll`] and the element type with [`Scalar`] (built
//! on num-traits). With the `ndarray` feature, arrays and views are arguments as they are (3-D
//! ones as batches), `Device::matmul` returns a matrix or a vector, and a [`DeviceMatrix`] keeps
//! an array's shape and layout on the device. The [`prelude`] has all of it. `Device::auto()`
//! reports its choice through the `log` crate.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[cfg(not(any(feature = "host", feature = "cuda", feature = "rocm")))]
compile_error!(
    "gpublas needs a backend: enable its `host` feature (the CPU, on by default), `cuda` or `rocm`"
);

pub mod args;
pub mod backend;
mod blas;
mod device;
mod device_set;
mod error;
mod event;
pub mod interop;
#[cfg(feature = "ndarray")]
mod matmul;
mod matrix;
pub mod memory;
#[cfg(feature = "ndarray")]
#[path = "ndarray.rs"]
mod ndarray_args;
#[cfg(feature = "ndarray")]
mod ndarray_batch;
mod precision;
mod scalar;
mod transfer;
mod types;

pub use args::{Banded, Packed, PackedMut};
pub use args::{Input, Mat, MatIn, MatMut, MatOut, Output, VecIn, VecOut, Vector, VectorMut};
pub use args::{MatArray, MatArrayMut, VectorBatch, VectorBatchMut};
pub use backend::MixedPrecision;
pub use backend::{Backend, BackendKind, Blas, BlasAll, Dynamic};
#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
pub use backend::{Emulated, Host};
pub use blas::{Rotg, Rotmg};
pub use device::{Device, BACKEND_VAR};
pub use device_set::DeviceSet;
pub use error::{Error, LoadError, Result};
pub use event::DeviceEvent;
#[cfg(feature = "ndarray")]
#[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
pub use matmul::MatmulRhs;
pub use matrix::DeviceMatrix;
pub use memory::{
    DeviceBuffer, DeviceSlice, DeviceSliceMut, HostBuffer, MappedSlice, MappedSliceMut,
    PinnedSlice, Scope,
};
pub use precision::{bf16, f16, ComputeType, Element, GemmInput, GemmOutput, GemmTypes, Precision};
pub use scalar::{Complex32, Complex64, Scalar, ScalarKind};
pub use transfer::{Stats, DEFAULT_ZERO_COPY_LIMIT};
pub use types::{Diag, Op, Order, Side, Uplo};

/// The ndarray crate gpublas's ndarray support is built on (so callers can name the same version).
#[cfg(feature = "ndarray")]
#[cfg_attr(docsrs, doc(cfg(feature = "ndarray")))]
pub use ndarray;

/// The num-traits crate [`Scalar`] is built on (`T::Real` is a [`num_traits::Float`]), so
/// callers can name the same version.
pub use num_traits;

#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use backend::Cuda;
#[cfg(feature = "rocm")]
#[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
pub use backend::Rocm;

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// Everything a typical caller needs, generic code included: the types, the enums, and the
/// bounds (`BlasAll`, `Scalar`, and the argument traits `VecIn`, `VecOut`, `MatIn`, `MatOut`,
/// `Input`, `Output`).
pub mod prelude {
    #[cfg(feature = "ndarray")]
    pub use crate::MatmulRhs;
    pub use crate::{
        Backend, Blas, BlasAll, Complex32, Complex64, Device, DeviceBuffer, DeviceMatrix, Diag,
        Error, Input, Mat, MatIn, MatMut, MatOut, Op, Order, Output, Scalar, Side, Uplo, VecIn,
        VecOut, Vector, VectorMut,
    };
    // In scope without their names: `x.is_zero()` and `T::Real::zero()` work, and a caller's
    // own `use num_traits::Zero` does not clash.
    pub use crate::{Banded, Packed, PackedMut};
    pub use num_traits::{One as _, Zero as _};
}
