//! What may be passed where an array is expected.
//!
//! Storage ([`Input`] / [`Output`]): host slices, `Vec`s and arrays (mapped for the call: the
//! `offload_args` form), [`DeviceBuffer`]s and their slices (already on the device), and live
//! guards (present: no transfer). Descriptors add a shape: a vector is any storage taken whole
//! (`&x`) or a [`Vector`] with a length and increment; a matrix is a [`Mat`] with rows, columns,
//! leading dimension and [`Order`](crate::Order). ndarray views convert directly (see
//! `crate::ndarray`).
//!
//! Every descriptor is validated against its storage's real length before anything is
//! transferred or any backend function is called.

mod banded;
mod call;
mod debug;
mod desc;
mod packed;
mod resolve;

pub use banded::Banded;
pub(crate) use banded::StoredBand;
pub(crate) use call::Call;
pub(crate) use desc::Shape;
#[cfg(feature = "ndarray")]
pub(crate) use desc::{check_mat, check_vec};
pub use desc::{
    Mat, MatDesc, MatDescMut, MatIn, MatMut, MatOut, VecDesc, VecDescMut, VecIn, VecOut, Vector,
    VectorMut,
};
pub use desc::{
    MatArray, MatArrayMut, MatsDesc, MatsDescMut, MatsIn, MatsOut, VecsDesc, VecsDescMut, VecsIn,
    VecsOut, VectorBatch, VectorBatchMut,
};
pub use packed::{Packed, PackedMut};
pub(crate) use resolve::check_device;
pub(crate) use resolve::SrcKind;
pub(crate) use resolve::{finish_outputs, Stored, StoredMut};
pub use resolve::{Src, SrcMut};

#[cfg(all(test, feature = "ndarray", feature = "host"))]
pub(crate) use resolve::SrcMutKind;

use crate::backend::Backend;
use crate::memory::{
    DeviceBuffer, DeviceSlice, DeviceSliceMut, HostBuffer, MappedSlice, MappedSliceMut, PinnedSlice,
};
use crate::precision::Element;

/// Storage an operation may read: host data or data already on a device.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not storage of `{T}` elements that gpublas can read",
    label = "not readable storage of `{T}`",
    note = "slices, `Vec`s, arrays, `DeviceBuffer`s and their slices, and mapping guards are storage; check the element type is `{T}`"
)]
pub trait Input<T: Element, B: Backend> {
    /// Where the elements are.
    fn src(&self) -> Src<'_, T, B>;
}

/// Storage an operation may write.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not storage of `{T}` elements that gpublas can write",
    label = "not writable storage of `{T}`",
    note = "mutable slices, `Vec`s, arrays, `DeviceBuffer`s and their `DeviceSliceMut`s, and `map_mut`/`map_out` guards are writable storage; check the element type is `{T}`"
)]
pub trait Output<T: Element, B: Backend>: Input<T, B> {
    /// Where the elements are, writable.
    fn src_mut(&mut self) -> SrcMut<'_, T, B>;
}

impl<T: Element, B: Backend> Input<T, B> for [T] {
    fn src(&self) -> Src<'_, T, B> {
        Src::host(self)
    }
}
impl<T: Element, B: Backend> Output<T, B> for [T] {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::host(self)
    }
}
impl<T: Element, B: Backend> Input<T, B> for Vec<T> {
    fn src(&self) -> Src<'_, T, B> {
        Src::host(self)
    }
}
impl<T: Element, B: Backend> Output<T, B> for Vec<T> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::host(self)
    }
}
impl<T: Element, B: Backend, const N: usize> Input<T, B> for [T; N] {
    fn src(&self) -> Src<'_, T, B> {
        Src::host(self)
    }
}
impl<T: Element, B: Backend, const N: usize> Output<T, B> for [T; N] {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::host(self)
    }
}

impl<T: Element, B: Backend> Input<T, B> for DeviceBuffer<T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Output<T, B> for DeviceBuffer<T, B> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Input<T, B> for DeviceSlice<'_, T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Input<T, B> for DeviceSliceMut<'_, T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Output<T, B> for DeviceSliceMut<'_, T, B> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Input<T, B> for MappedSlice<'_, T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Input<T, B> for MappedSliceMut<'_, T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Output<T, B> for MappedSliceMut<'_, T, B> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        SrcMut::device(self.as_device_ptr(), self.len(), self.device())
    }
}
impl<T: Element, B: Backend> Input<T, B> for HostBuffer<T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::pinned(self, self.device())
    }
}
impl<T: Element, B: Backend> Output<T, B> for HostBuffer<T, B> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        let (data, dev) = self.parts_mut();
        SrcMut::pinned(data, dev)
    }
}
impl<T: Element, B: Backend> Input<T, B> for PinnedSlice<'_, T, B> {
    fn src(&self) -> Src<'_, T, B> {
        Src::pinned(self, self.device())
    }
}
impl<T: Element, B: Backend> Output<T, B> for PinnedSlice<'_, T, B> {
    fn src_mut(&mut self) -> SrcMut<'_, T, B> {
        let dev = self.device();
        SrcMut::pinned(self, dev)
    }
}
