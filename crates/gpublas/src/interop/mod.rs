//! Working with other GPU libraries: their streams and their memory.
//!
//! - Any CUDA or HIP program: [`Device::cuda_on_stream`](crate::Device::cuda_on_stream) /
//!   [`Device::rocm_on_stream`](crate::Device::rocm_on_stream) run gpublas on the program's
//!   stream, and [`DeviceSlice::from_raw_parts`](crate::DeviceSlice::from_raw_parts) /
//!   [`DeviceSliceMut::from_raw_parts_mut`](crate::DeviceSliceMut::from_raw_parts_mut) take its
//!   memory as operands (all `unsafe`, each with its contract).
//! - cudarc (feature `cudarc`): [`Device::from_cudarc`](crate::Device::from_cudarc) and
//!   [`Device::cudarc`](crate::Device::cudarc) / [`Device::cudarc_mut`](crate::Device::cudarc_mut),
//!   safe, following cudarc's own borrow and stream-synchronisation rules.
//! - DLPack (feature `dlpack`): [`dlpack`] exports device buffers as DLPack tensors and lends
//!   other libraries' tensors (PyTorch, CuPy, JAX) to gpublas calls, without copies.

#[cfg(feature = "cudarc")]
#[cfg_attr(docsrs, doc(cfg(feature = "cudarc")))]
pub mod cudarc;

#[cfg(feature = "dlpack")]
#[cfg_attr(docsrs, doc(cfg(feature = "dlpack")))]
pub mod dlpack;
