//! Conjugated and relaid copies.
//!
//! Conjugated: how `Op::C` on an operand whose layout differs from the output's (and a
//! row-major complex `gerc`, and a complex `herk` with mixed layouts) is done. No BLAS op is a
//! conjugate without a transpose, so the call runs on a conjugated copy of the operand instead:
//! a host copy for host data, a device copy for device data (conjugated on the device by
//! scaling the imaginary parts, seen as reals with increment 2, by −1).
//!
//! Relaid: routines with no op on an operand (symm/hemm's and trmm's `B`, dgmm's `A`, the
//! second of syr2k's `A`/`B`) cannot take it in the other layout than the one the call needs:
//! they run on a copy in that layout instead — transposed on the host for host data, on the
//! device (geam with `Op::T`) for device data.

use crate::args::{MatDesc, Shape, Src, SrcKind, VecDesc};
use crate::backend::{Backend, BlasAll, Level1, Level3};
use crate::device::Device;
use crate::error::Result;
use crate::memory::DeviceBuffer;
use crate::scalar::Scalar;
use crate::types::{Op, Order};

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

    /// The matrix (one, not a batch) in layout `order`: itself if it is in that layout, else
    /// a dense copy in it (kept alive by `keep` if on the device).
    pub(crate) fn in_layout<'a, T: Scalar>(
        &'a self,
        a: MatDesc<'a, T, B>,
        order: Order,
        keep: &mut ConjCopy<T, B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<MatDesc<'a, T, B>> {
        if a.shape.order == order {
            return Ok(a);
        }
        let from = a.shape;
        let shape = Shape::dense(from.rows, from.cols, order);
        let index = |s: &Shape, i: usize, j: usize| match s.order {
            Order::ColMajor => i + j * s.ld,
            Order::RowMajor => i * s.ld + j,
        };
        let relaid = |s: &[T]| {
            let mut v = vec![T::zero(); from.rows * from.cols];
            for j in 0..from.cols {
                for i in 0..from.rows {
                    v[index(&shape, i, j)] = s[index(&from, i, j)];
                }
            }
            v
        };
        let src = match a.src.0 {
            SrcKind::Host(s) | SrcKind::Pinned(s, _) => Src::owned(relaid(s)),
            SrcKind::Owned(v) => Src::owned(relaid(&v)),
            SrcKind::Device { ptr, dev, .. } => {
                crate::args::check_device(dev, self, routine, arg)?;
                let len = from.rows * from.cols;
                let copy = self.zeros::<T>(len)?;
                let at = copy.as_device_ptr();
                if len > 0 {
                    // The stored matrix is `sm × sn` (column-major, leading dimension `from.ld`);
                    // the copy stores its transpose, `sn × sm`, densely.
                    let (sm, sn) = from.stored();
                    // SAFETY: the descriptor was checked against its storage for this shape, so
                    // `ptr` holds the `sm × sn` matrix at `from.ld`; `copy` is a distinct
                    // allocation of `sn · sm` elements, passed as `B` too with `β = 0` (not
                    // read; `ldb == ldc` with `tb = N`: the in-place form both vendors allow).
                    unsafe {
                        self.blas::<T>().geam(
                            Op::T,
                            Op::N,
                            sn,
                            sm,
                            T::one(),
                            ptr,
                            from.ld,
                            T::zero(),
                            at,
                            sn.max(1),
                            at,
                            sn.max(1),
                        )?
                    };
                }
                *keep = Some(copy);
                Src::device(at, len, self)
            }
        };
        Ok(MatDesc { src, shape })
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
                crate::args::check_device(dev, self, routine, arg)?;
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
