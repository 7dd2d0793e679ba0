//! Arrays of matrices for the batched routines over arrays (`gemm_batched`, `trsm_batched`):
//! slices, `Vec`s and arrays of [`Mat`]s, [`MatArray`]s (matrices at offsets of one storage) and
//! strided batches, with the traits that validate them.
//!
//! Every matrix of an array is checked against its storage before anything is transferred; the
//! matrices of one operand share one shape and leading dimension (the vendors take one of
//! each); an output's matrices may not overlap each other (their spans, `[offset, offset +
//! extent)`, are disjoint) — matrices in different storages cannot overlap, the borrow checker
//! keeps them apart.

use std::fmt;

use super::{check_mat, Mat, MatMut, Shape};
use crate::args::resolve::{Src, SrcMut};
use crate::args::{Input, Output};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// Matrices of one shape at given offsets (in elements) of one storage: an array of matrices,
/// as the vendors' pointer-array routines (`gemm_batched`, `trsm_batched`) take them. Made by
/// [`Mat::at_offsets`]. `Copy` whatever the storage (it holds shared borrows), like [`Mat`].
#[derive(Debug)]
pub struct MatArray<'a, A: ?Sized> {
    data: &'a A,
    shape: Shape,
    offsets: &'a [usize],
}

/// Writable matrices of one shape at given offsets of one storage; they must not overlap. Made
/// by [`MatMut::at_offsets`]. Not `Copy`: [`MatArrayMut::reborrow`] lends it to one call at a
/// time.
#[derive(Debug)]
pub struct MatArrayMut<'a, A: ?Sized> {
    data: &'a mut A,
    shape: Shape,
    offsets: &'a [usize],
}

super::copy_descriptors!(MatArray);

impl<A: ?Sized> MatArrayMut<'_, A> {
    /// The same matrices, borrowing these (to pass them to a call and keep them for the next).
    pub fn reborrow(&mut self) -> MatArrayMut<'_, A> {
        MatArrayMut {
            data: &mut *self.data,
            shape: self.shape,
            offsets: self.offsets,
        }
    }
}

impl<'a, A: ?Sized> Mat<'a, A> {
    /// This matrix's shape and leading dimension at each of `offsets` (in elements) of the same
    /// storage: matrix `i` starts at `data[offsets[i]]`.
    pub fn at_offsets(self, offsets: &'a [usize]) -> MatArray<'a, A> {
        MatArray {
            data: self.data,
            shape: self.shape,
            offsets,
        }
    }
}

impl<'a, A: ?Sized> MatMut<'a, A> {
    /// This matrix's shape and leading dimension at each of `offsets` (in elements) of the same
    /// storage; the matrices' spans must not overlap.
    pub fn at_offsets(self, offsets: &'a [usize]) -> MatArrayMut<'a, A> {
        MatArrayMut {
            data: self.data,
            shape: self.shape,
            offsets,
        }
    }
}

/// Where the matrices of one storage start (in elements), in order.
#[derive(Debug)]
pub(crate) enum Offsets {
    /// At these offsets (single matrices, or a [`MatArray`]).
    List(Vec<usize>),
    /// `count` matrices `stride` apart (a stride of 0 when they have no elements: nothing is
    /// read through it, and the count may be anything).
    Strided { count: usize, stride: usize },
}

impl Offsets {
    /// The offsets, in order (validated: they do not overflow).
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let (list, count, stride) = match self {
            Offsets::List(v) => (&v[..], 0, 0),
            Offsets::Strided { count, stride } => (&[][..], *count, *stride),
        };
        list.iter()
            .copied()
            .chain((0..count).map(move |i| i * stride))
    }

    /// A strided batch's offsets.
    fn strided(s: &Shape) -> Self {
        let stride = match s.extent() {
            Some(e) if e > 0 => s.batch_stride(),
            _ => 0,
        };
        Offsets::Strided {
            count: s.count,
            stride,
        }
    }
}

/// A validated array of matrices: storages, each with the offsets of its matrices (in order).
pub struct MatsDesc<'a, T: Scalar, B: Backend> {
    pub(crate) parts: Vec<(Src<'a, T, B>, Offsets)>,
    /// One matrix's shape (`None` for an empty array).
    pub(crate) shape: Option<Shape>,
    /// Number of matrices.
    pub(crate) count: usize,
}

/// A validated array of writable matrices, none overlapping another.
pub struct MatsDescMut<'a, T: Scalar, B: Backend> {
    pub(crate) parts: Vec<(SrcMut<'a, T, B>, Offsets)>,
    pub(crate) shape: Option<Shape>,
    pub(crate) count: usize,
    /// Whether the matrices cover every element of their storages (no copy-in needed when the
    /// call overwrites them).
    pub(crate) dense: bool,
}

/// What may be passed as an array of matrices: a slice, `Vec` or array of [`Mat`]s (each one
/// matrix, all of one shape and leading dimension), a [`MatArray`], or a strided batch
/// ([`Mat::batched`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed as an array of matrices of `{T}`",
    label = "not an array-of-matrices argument of `{T}`",
    note = "pass a `Vec` (or slice, or array) of `Mat`s of one shape, `Mat::col_major(&v, rows, cols).at_offsets(&offsets)`, or a strided batch `Mat::col_major(&v, rows, cols).batched(count, stride)`; check the element type is `{T}`"
)]
pub trait MatsIn<'a, T: Scalar, B: Backend> {
    /// Validates every matrix against its storage.
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>>;
}

/// What may be passed as an array of written matrices: a `Vec`, array or mutable slice of
/// [`MatMut`]s, a [`MatArrayMut`], or a strided batch ([`MatMut::batched`]); the matrices must
/// not overlap.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as an array of matrices of `{T}`",
    label = "not a writable array-of-matrices argument of `{T}`",
    note = "pass a `Vec` (or array, or `&mut` slice) of `MatMut`s of one shape, `MatMut::col_major(&mut v, rows, cols).at_offsets(&offsets)`, or a strided batch `MatMut::col_major(&mut v, rows, cols).batched(count, stride)`; check the element type is `{T}`"
)]
pub trait MatsOut<'a, T: Scalar, B: Backend> {
    /// Validates every matrix against its storage, and that none overlaps another.
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>>;
}

/// One matrix of an array: a single matrix (not itself a batch) of the array's shape.
fn same_shape(
    routine: &'static str,
    arg: &'static str,
    i: usize,
    s: &Shape,
    first: &Shape,
) -> Result<()> {
    if s.count != 1 || s.stride.is_some() {
        return Err(Error::arg(
            routine,
            arg,
            format!("entry {i} is a strided batch; each entry of an array is one matrix"),
        ));
    }
    let key = |s: &Shape| (s.rows, s.cols, s.ld, s.order);
    if key(s) != key(first) {
        return Err(Error::arg(
            routine,
            arg,
            format!(
                "entry {i} is {}×{} ({:?}, ld {}) but entry 0 is {}×{} ({:?}, ld {}): one call takes one shape and leading dimension per operand",
                s.rows, s.cols, s.order, s.ld, first.rows, first.cols, first.order, first.ld
            ),
        ));
    }
    Ok(())
}

/// One matrix's shape (count 1) of a possibly batched shape.
fn one(s: &Shape) -> Shape {
    Shape {
        count: 1,
        stride: None,
        ..*s
    }
}

/// Checks `shape` at each of `offsets` against a storage of `len` elements.
fn check_offsets(
    routine: &'static str,
    arg: &'static str,
    shape: &Shape,
    offsets: &[usize],
    len: usize,
) -> Result<()> {
    if shape.count != 1 || shape.stride.is_some() {
        return Err(Error::arg(
            routine,
            arg,
            "is a strided batch placed at offsets; give one matrix's shape to `at_offsets`",
        ));
    }
    // The shape itself (leading dimension, extent), as for one matrix at offset 0.
    check_mat(routine, arg, shape, usize::MAX)?;
    let extent = shape.extent().unwrap_or(0);
    if extent == 0 {
        return Ok(());
    }
    for (i, &off) in offsets.iter().enumerate() {
        match off.checked_add(extent) {
            Some(end) if end <= len => {}
            _ => {
                return Err(Error::arg(
                    routine,
                    arg,
                    format!(
                        "is too short: matrix {i} at offset {off} spans {extent} elements but the storage has {len}"
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// Rejects overlapping matrices among those of one storage: spans `[offset, offset + extent)`
/// must be disjoint (matrices with no elements overlap nothing).
fn check_apart(
    routine: &'static str,
    arg: &'static str,
    shape: &Shape,
    offsets: &[usize],
) -> Result<()> {
    let extent = shape.extent().unwrap_or(0);
    if extent == 0 {
        return Ok(());
    }
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    for w in order.windows(2) {
        let (i, j) = (w[0], w[1]);
        if offsets[j] - offsets[i] < extent {
            return Err(Error::arg(
                routine,
                arg,
                format!(
                    "has overlapping output matrices: {i} at offset {} and {j} at offset {} (each spans {extent} elements)",
                    offsets[i], offsets[j]
                ),
            ));
        }
    }
    Ok(())
}

/// An array of single matrices, each in its own storage.
fn list_in<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B> + 'a>(
    routine: &'static str,
    arg: &'static str,
    items: impl Iterator<Item = (&'a S, Shape)>,
) -> Result<MatsDesc<'a, T, B>> {
    let (mut parts, mut first) = (Vec::new(), None);
    for (i, (data, shape)) in items.enumerate() {
        let f = *first.get_or_insert(shape);
        same_shape(routine, arg, i, &shape, &f)?;
        let src = data.src();
        check_mat(routine, arg, &shape, src.len())?;
        parts.push((src, Offsets::List(vec![0])));
    }
    Ok(MatsDesc {
        count: parts.len(),
        parts,
        shape: first,
    })
}

/// An array of single writable matrices, each in its own storage (so none overlaps another).
fn list_out<'a, T: Scalar, B: Backend, S: ?Sized + Output<T, B> + 'a>(
    routine: &'static str,
    arg: &'static str,
    items: impl Iterator<Item = (&'a mut S, Shape)>,
) -> Result<MatsDescMut<'a, T, B>> {
    let (mut parts, mut first, mut dense) = (Vec::new(), None, true);
    for (i, (data, shape)) in items.enumerate() {
        let f = *first.get_or_insert(shape);
        same_shape(routine, arg, i, &shape, &f)?;
        let src = data.src_mut();
        dense &= check_mat(routine, arg, &shape, src.len())?;
        parts.push((src, Offsets::List(vec![0])));
    }
    Ok(MatsDescMut {
        count: parts.len(),
        parts,
        shape: first,
        dense,
    })
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>> MatsIn<'a, T, B> for &[Mat<'a, S>] {
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        list_in(routine, arg, self.iter().map(|m| (m.data, m.shape)))
    }
}
impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>> MatsIn<'a, T, B> for &Vec<Mat<'a, S>> {
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        list_in(routine, arg, self.iter().map(|m| (m.data, m.shape)))
    }
}
impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>> MatsIn<'a, T, B> for Vec<Mat<'a, S>> {
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        list_in(routine, arg, self.into_iter().map(|m| (m.data, m.shape)))
    }
}
impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>, const N: usize> MatsIn<'a, T, B>
    for [Mat<'a, S>; N]
{
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        list_in(routine, arg, self.into_iter().map(|m| (m.data, m.shape)))
    }
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>> MatsIn<'a, T, B> for MatArray<'a, S> {
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        let src = self.data.src();
        check_offsets(routine, arg, &self.shape, self.offsets, src.len())?;
        Ok(MatsDesc {
            count: self.offsets.len(),
            parts: vec![(src, Offsets::List(self.offsets.to_vec()))],
            shape: Some(self.shape),
        })
    }
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Input<T, B>> MatsIn<'a, T, B> for Mat<'a, S> {
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>> {
        let src = self.data.src();
        check_mat(routine, arg, &self.shape, src.len())?;
        Ok(MatsDesc {
            count: self.shape.count,
            parts: vec![(src, Offsets::strided(&self.shape))],
            shape: Some(one(&self.shape)),
        })
    }
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Output<T, B>> MatsOut<'a, T, B> for Vec<MatMut<'a, S>> {
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>> {
        list_out(routine, arg, self.into_iter().map(|m| (m.data, m.shape)))
    }
}
impl<'a, T: Scalar, B: Backend, S: ?Sized + Output<T, B>, const N: usize> MatsOut<'a, T, B>
    for [MatMut<'a, S>; N]
{
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>> {
        list_out(routine, arg, self.into_iter().map(|m| (m.data, m.shape)))
    }
}
impl<'s, T: Scalar, B: Backend, S: ?Sized + Output<T, B>> MatsOut<'s, T, B>
    for &'s mut [MatMut<'_, S>]
{
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'s, T, B>> {
        list_out(
            routine,
            arg,
            self.iter_mut().map(|m| (&mut *m.data, m.shape)),
        )
    }
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Output<T, B>> MatsOut<'a, T, B> for MatArrayMut<'a, S> {
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>> {
        let src = self.data.src_mut();
        check_offsets(routine, arg, &self.shape, self.offsets, src.len())?;
        check_apart(routine, arg, &self.shape, self.offsets)?;
        Ok(MatsDescMut {
            count: self.offsets.len(),
            parts: vec![(src, Offsets::List(self.offsets.to_vec()))],
            shape: Some(self.shape),
            dense: false,
        })
    }
}

impl<'a, T: Scalar, B: Backend, S: ?Sized + Output<T, B>> MatsOut<'a, T, B> for MatMut<'a, S> {
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>> {
        let src = self.data.src_mut();
        let dense = check_mat(routine, arg, &self.shape, src.len())?;
        let extent = self.shape.extent().unwrap_or(0);
        let stride = self.shape.batch_stride();
        if self.shape.count > 1 && extent > 0 && stride < extent {
            return Err(Error::arg(
                routine,
                arg,
                format!(
                    "has stride {stride} < one matrix's extent {extent}: outputs would overlap"
                ),
            ));
        }
        Ok(MatsDescMut {
            count: self.shape.count,
            parts: vec![(src, Offsets::strided(&self.shape))],
            shape: Some(one(&self.shape)),
            dense,
        })
    }
}

impl<T: Scalar, B: Backend> fmt::Debug for MatsDesc<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatsDesc")
            .field("parts", &self.parts)
            .field("shape", &self.shape)
            .field("count", &self.count)
            .finish()
    }
}

impl<T: Scalar, B: Backend> fmt::Debug for MatsDescMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatsDescMut")
            .field("parts", &self.parts)
            .field("shape", &self.shape)
            .field("count", &self.count)
            .field("dense", &self.dense)
            .finish()
    }
}
