//! Strided batches of vectors ([`VectorBatch`], [`VectorBatchMut`]) for
//! `gemv_strided_batched`, with the traits that validate them: every vector of the batch is
//! checked against the storage, and an output's stride must keep its vectors apart (a stride
//! of 0 shares one vector between the entries of an input).

use std::fmt;

use super::{check_vec, vec_span, Vector, VectorMut};
use crate::args::resolve::{Src, SrcMut};
use crate::args::{Input, Output};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// A strided batch of vectors: `count` vectors of `n` elements with increment `inc`, vector `i`
/// starting `i · stride` elements after the first (each at the lowest address of its span, as
/// for [`Vector`]). Made by [`Vector::batched`]. `Copy` whatever the storage (it holds a
/// shared borrow), like [`Vector`].
#[derive(Debug)]
pub struct VectorBatch<'a, A: ?Sized> {
    data: &'a A,
    n: usize,
    inc: isize,
    count: usize,
    stride: usize,
}

/// A writable strided batch of vectors; the stride must keep them apart. Made by
/// [`VectorMut::batched`]. Not `Copy`: [`VectorBatchMut::reborrow`] lends it to one call at a
/// time.
#[derive(Debug)]
pub struct VectorBatchMut<'a, A: ?Sized> {
    data: &'a mut A,
    n: usize,
    inc: isize,
    count: usize,
    stride: usize,
}

super::copy_descriptors!(VectorBatch);

impl<A: ?Sized> VectorBatchMut<'_, A> {
    /// The same vectors, borrowing these (to pass them to a call and keep them for the next).
    pub fn reborrow(&mut self) -> VectorBatchMut<'_, A> {
        VectorBatchMut {
            data: &mut *self.data,
            n: self.n,
            inc: self.inc,
            count: self.count,
            stride: self.stride,
        }
    }
}

impl<'a, A: ?Sized> Vector<'a, A> {
    /// Makes this a strided batch of `count` such vectors, `stride` elements apart (0 shares one
    /// vector between all entries of a read-only operand).
    pub fn batched(self, count: usize, stride: usize) -> VectorBatch<'a, A> {
        VectorBatch {
            data: self.data,
            n: self.n,
            inc: self.inc,
            count,
            stride,
        }
    }
}

impl<'a, A: ?Sized> VectorMut<'a, A> {
    /// Makes this a strided batch of `count` such vectors, `stride` elements apart (at least one
    /// vector's span when `count > 1`: outputs must not overlap).
    pub fn batched(self, count: usize, stride: usize) -> VectorBatchMut<'a, A> {
        VectorBatchMut {
            data: self.data,
            n: self.n,
            inc: self.inc,
            count,
            stride,
        }
    }
}

/// A validated strided batch of vectors.
pub struct VecsDesc<'a, T: Scalar, B: Backend> {
    pub(crate) src: Src<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: isize,
    pub(crate) count: usize,
    pub(crate) stride: usize,
}

/// A validated writable strided batch of vectors, none overlapping another.
pub struct VecsDescMut<'a, T: Scalar, B: Backend> {
    pub(crate) src: SrcMut<'a, T, B>,
    pub(crate) n: usize,
    pub(crate) inc: isize,
    pub(crate) count: usize,
    pub(crate) stride: usize,
    /// Whether the vectors cover every element of the storage.
    pub(crate) dense: bool,
}

/// What may be passed as a strided batch of vectors: a [`VectorBatch`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed as a strided batch of vectors of `{T}`",
    label = "not a vector-batch argument of `{T}`",
    note = "pass `Vector::strided(&v, n, inc).batched(count, stride)` (stride 0 shares one vector); check the element type is `{T}`"
)]
pub trait VecsIn<'a, T: Scalar, B: Backend> {
    /// Validates the batch against its storage.
    fn vecs_in(self, routine: &'static str, arg: &'static str) -> Result<VecsDesc<'a, T, B>>;
}

/// What may be passed as a written strided batch of vectors: a [`VectorBatchMut`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a strided batch of vectors of `{T}`",
    label = "not a writable vector-batch argument of `{T}`",
    note = "pass `VectorMut::strided(&mut v, n, inc).batched(count, stride)` with a stride that keeps the vectors apart; check the element type is `{T}`"
)]
pub trait VecsOut<'a, T: Scalar, B: Backend> {
    /// Validates the batch against its storage, and that its vectors do not overlap.
    fn vecs_out(self, routine: &'static str, arg: &'static str) -> Result<VecsDescMut<'a, T, B>>;
}

/// Checks a strided batch of `count` vectors (`n` elements, increment `inc`, `stride` apart)
/// against a storage of `len` elements.
fn check_vecs(
    routine: &'static str,
    arg: &'static str,
    (n, inc, count, stride): (usize, isize, usize, usize),
    len: usize,
) -> Result<()> {
    check_vec(routine, arg, n, inc, usize::MAX)?;
    if stride > isize::MAX as usize {
        return Err(Error::arg(
            routine,
            arg,
            format!("has batch stride {stride} > isize::MAX"),
        ));
    }
    let span = vec_span(n, inc).unwrap_or(0);
    let need = if count == 0 || span == 0 {
        Some(0)
    } else {
        (count - 1)
            .checked_mul(stride)
            .and_then(|v| v.checked_add(span))
    };
    match need {
        Some(need) if need <= len => Ok(()),
        _ => Err(Error::arg(routine, arg, format!(
            "is too short: {count} vectors of {n} elements (increment {inc}, stride {stride}) need {} elements but it has {len}",
            need.map_or("more than usize::MAX".into(), |v| v.to_string())
        ))),
    }
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Input<T, B>> VecsIn<'a, T, B> for VectorBatch<'a, A> {
    fn vecs_in(self, routine: &'static str, arg: &'static str) -> Result<VecsDesc<'a, T, B>> {
        let src = self.data.src();
        let shape = (self.n, self.inc, self.count, self.stride);
        check_vecs(routine, arg, shape, src.len())?;
        Ok(VecsDesc {
            src,
            n: self.n,
            inc: self.inc,
            count: self.count,
            stride: self.stride,
        })
    }
}

impl<'a, T: Scalar, B: Backend, A: ?Sized + Output<T, B>> VecsOut<'a, T, B>
    for VectorBatchMut<'a, A>
{
    fn vecs_out(self, routine: &'static str, arg: &'static str) -> Result<VecsDescMut<'a, T, B>> {
        let src = self.data.src_mut();
        let shape = (self.n, self.inc, self.count, self.stride);
        check_vecs(routine, arg, shape, src.len())?;
        let span = vec_span(self.n, self.inc).unwrap_or(0);
        if self.count > 1 && span > 0 && self.stride < span {
            return Err(Error::arg(
                routine,
                arg,
                format!(
                    "has stride {} < one vector's span {span}: outputs would overlap",
                    self.stride
                ),
            ));
        }
        let dense = span * self.count == src.len()
            && (self.count <= 1 || self.stride == span)
            && (self.n <= 1 || self.inc.unsigned_abs() == 1);
        Ok(VecsDescMut {
            src,
            n: self.n,
            inc: self.inc,
            count: self.count,
            stride: self.stride,
            dense,
        })
    }
}

impl<T: Scalar, B: Backend> fmt::Debug for VecsDesc<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VecsDesc")
            .field("src", &self.src)
            .field("n", &self.n)
            .field("inc", &self.inc)
            .field("count", &self.count)
            .field("stride", &self.stride)
            .finish()
    }
}

impl<T: Scalar, B: Backend> fmt::Debug for VecsDescMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VecsDescMut")
            .field("src", &self.src)
            .field("n", &self.n)
            .field("inc", &self.inc)
            .field("count", &self.count)
            .field("stride", &self.stride)
            .field("dense", &self.dense)
            .finish()
    }
}
