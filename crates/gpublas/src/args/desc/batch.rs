//! Batches of operands for the batched routines: arrays of matrices ([`MatArray`], slices of
//! [`Mat`]s, strided batches) for `gemm_batched` and `trsm_batched`, and strided batches of
//! vectors ([`VectorBatch`]) for `gemv_strided_batched`, with the traits that validate them.
//!
//! Every matrix of an array is checked against its storage before anything is transferred; the
//! matrices of one operand share one shape and leading dimension (the vendors take one of
//! each); an output's matrices may not overlap each other (their spans, `[offset, offset +
//! extent)`, are disjoint) — matrices in different storages cannot overlap, the borrow checker
//! keeps them apart.

use super::{check_mat, check_vec, vec_span, Mat, MatMut, Shape, Vector, VectorMut};
use crate::args::resolve::{Src, SrcMut};
use crate::args::{Input, Output};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::scalar::Scalar;

/// Matrices of one shape at given offsets (in elements) of one storage: an array of matrices,
/// as the vendors' pointer-array routines (`gemm_batched`, `trsm_batched`) take them. Made by
/// [`Mat::at_offsets`].
#[derive(Debug)]
pub struct MatArray<'a, A: ?Sized> {
    data: &'a A,
    shape: Shape,
    offsets: &'a [usize],
}

/// Writable matrices of one shape at given offsets of one storage; they must not overlap. Made
/// by [`MatMut::at_offsets`].
#[derive(Debug)]
pub struct MatArrayMut<'a, A: ?Sized> {
    data: &'a mut A,
    shape: Shape,
    offsets: &'a [usize],
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

/// A strided batch of vectors: `count` vectors of `n` elements with increment `inc`, vector `i`
/// starting `i · stride` elements after the first (each at the lowest address of its span, as
/// for [`Vector`]). Made by [`Vector::batched`].
#[derive(Debug)]
pub struct VectorBatch<'a, A: ?Sized> {
    data: &'a A,
    n: usize,
    inc: isize,
    count: usize,
    stride: usize,
}

/// A writable strided batch of vectors; the stride must keep them apart. Made by
/// [`VectorMut::batched`].
#[derive(Debug)]
pub struct VectorBatchMut<'a, A: ?Sized> {
    data: &'a mut A,
    n: usize,
    inc: isize,
    count: usize,
    stride: usize,
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

/// Where the matrices of one storage start (in elements), in order.
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

/// What may be passed as an array of matrices: a slice, `Vec` or array of [`Mat`]s (each one
/// matrix, all of one shape and leading dimension), a [`MatArray`], or a strided batch
/// ([`Mat::batched`]).
pub trait MatsIn<'a, T: Scalar, B: Backend> {
    /// Validates every matrix against its storage.
    fn mats_in(self, routine: &'static str, arg: &'static str) -> Result<MatsDesc<'a, T, B>>;
}

/// What may be passed as an array of written matrices: a `Vec`, array or mutable slice of
/// [`MatMut`]s, a [`MatArrayMut`], or a strided batch ([`MatMut::batched`]); the matrices must
/// not overlap.
pub trait MatsOut<'a, T: Scalar, B: Backend> {
    /// Validates every matrix against its storage, and that none overlaps another.
    fn mats_out(self, routine: &'static str, arg: &'static str) -> Result<MatsDescMut<'a, T, B>>;
}

/// What may be passed as a strided batch of vectors: a [`VectorBatch`].
pub trait VecsIn<'a, T: Scalar, B: Backend> {
    /// Validates the batch against its storage.
    fn vecs_in(self, routine: &'static str, arg: &'static str) -> Result<VecsDesc<'a, T, B>>;
}

/// What may be passed as a written strided batch of vectors: a [`VectorBatchMut`].
pub trait VecsOut<'a, T: Scalar, B: Backend> {
    /// Validates the batch against its storage, and that its vectors do not overlap.
    fn vecs_out(self, routine: &'static str, arg: &'static str) -> Result<VecsDescMut<'a, T, B>>;
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
