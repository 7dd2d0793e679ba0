//! Conjugated copies: how `Op::C` on an operand whose layout differs from the output's (and a
//! row-major complex `gerc`, and a complex `herk` with mixed layouts) is done. No BLAS op is a
//! conjugate without a transpose, so the call runs on a conjugated copy of the operand instead:
//! a host copy for host data, a device copy for device data (conjugated on the device by
//! scaling the imaginary parts, seen as reals with increment 2, by −1).

use crate::args::{MatDesc, Src, SrcKind, VecDesc};
use crate::backend::{Backend, Blas, BlasAll};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::DeviceBuffer;
use crate::scalar::Scalar;

/// Keeps a device copy made by [`Device::conjugated`] alive until the call that uses it ends
/// (the copy's descriptor holds its address, not a borrow). Declare it before the descriptor.
pub(crate) type ConjCopy<T, B> = Option<DeviceBuffer<T, B>>;

impl<B: BlasAll> Device<B> {
    /// The matrix with its whole storage conjugated (same shape and layout).
    pub(crate) fn conjugated_mat<'a, T: Scalar>(
        &'a self,
        a: MatDesc<'a, T, B>,
        keep: &mut ConjCopy<T, B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<MatDesc<'a, T, B>> {
        let src = self.conjugated(a.src, keep, routine, arg)?;
        Ok(MatDesc {
            src,
            shape: a.shape,
        })
    }

    /// The vector with its whole storage conjugated (same length and increment).
    pub(crate) fn conjugated_vec<'a, T: Scalar>(
        &'a self,
        x: VecDesc<'a, T, B>,
        keep: &mut ConjCopy<T, B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<VecDesc<'a, T, B>> {
        let src = self.conjugated(x.src, keep, routine, arg)?;
        Ok(VecDesc { src, ..x })
    }

    fn conjugated<'a, T: Scalar>(
        &'a self,
        src: Src<'a, T, B>,
        keep: &mut ConjCopy<T, B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Src<'a, T, B>> {
        if !T::IS_COMPLEX {
            return Ok(src);
        }
        match src.0 {
            SrcKind::Host(s) | SrcKind::Pinned(s, _) => {
                Ok(Src::owned(s.iter().map(|x| x.conj()).collect()))
            }
            SrcKind::Owned(mut v) => {
                v.iter_mut().for_each(|x| *x = x.conj());
                Ok(Src::owned(v))
            }
            SrcKind::Device { ptr, len, dev } => {
                if !self.same_device(dev) {
                    return Err(Error::arg(
                        routine,
                        arg,
                        "lives on another device than the one the call runs on",
                    ));
                }
                let copy = self.zeros::<T>(len)?;
                let at = copy.as_device_ptr();
                if len > 0 {
                    // SAFETY: `ptr` holds `len` elements (the storage's real length, checked
                    // when its descriptor was made) and `copy` is a distinct allocation of `len`.
                    unsafe {
                        Backend::copy(self.backend(), at, ptr, std::mem::size_of::<T>() * len)?
                    };
                    // SAFETY: seen as `2·len` reals, the imaginary parts are `len` reals from
                    // offset 1 with increment 2: the last is real number 2·len − 1, inside.
                    unsafe {
                        self.blas::<T::Real>().scal(
                            len,
                            -num_traits::one::<T::Real>(),
                            at.offset::<T::Real>(1),
                            2,
                        )?
                    };
                }
                *keep = Some(copy);
                Ok(Src::device(at, len, self))
            }
        }
    }
}
