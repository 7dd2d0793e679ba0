//! Band storage: [`Banded`], a band matrix stored by diagonals (reference BLAS's `A` with `KL`,
//! `KU` for `gbmv`, with `K` for `sbmv`, `hbmv`, `tbmv`, `tbsv`).

use super::resolve::{Src, Stored};
use super::Input;
use crate::backend::Backend;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Order, Uplo};

/// A band matrix in band storage: `rows × cols` with `kl` sub- and `ku` superdiagonals, each
/// column's band stored in one column of a `ld × cols` array (`ld ≥ kl + ku + 1`), 0-based:
/// element `(i, j)` (with `j − ku ≤ i ≤ j + kl`) is at `ku + i − j + j·ld`. That is reference
/// BLAS's layout for `gbmv`; the slots of the array outside the band are never read.
///
/// Symmetric, Hermitian and triangular band matrices (`sbmv`, `hbmv`, `tbmv`, `tbsv`) store one
/// triangle of the band: [`Banded::upper`] (`k` superdiagonals: a band with `kl = 0`, `ku = k`)
/// or [`Banded::lower`] (`k` subdiagonals: `kl = k`, `ku = 0`), exactly reference BLAS's
/// `UPLO = 'U'`/`'L'` band formats. `gbmv` takes either kind.
///
/// [`Banded::row_major`] stores the band of each *row* instead (CBLAS's `CblasRowMajor` band
/// format): that is the column-major band storage of `Aᵀ`, so the call becomes the column-major
/// one on `Aᵀ` (with `kl` and `ku`, or the triangle, swapped). Where that needs a conjugate
/// without a transpose (`Op::C`, complex Hermitian matrices) the call returns
/// [`Error::Unsupported`].
///
/// The storage must hold `(cols − 1)·ld + kl + ku + 1` elements (none for an empty matrix),
/// checked before anything is read.
///
/// ```
/// use gpublas::prelude::*;
///
/// let dev = Device::host();
/// // A = [1 2 0; 3 4 5; 0 6 7] (kl = ku = 1), by columns: (·, 1, 3), (2, 4, 6), (5, 7, ·).
/// let nan = f64::NAN; // slots outside the band are never read
/// let ab = [nan, 1.0, 3.0, 2.0, 4.0, 6.0, 5.0, 7.0, nan];
/// let mut y = [0.0; 3];
/// dev.gbmv(Op::N, 1.0, Banded::new(&ab, 3, 3, 1, 1), &[1.0; 3], 0.0, &mut y)?;
/// assert_eq!(y, [3.0, 12.0, 13.0]);
/// # Ok::<(), gpublas::Error>(())
/// ```
///
/// `Copy` whatever the storage (it holds a shared borrow), like [`Mat`](crate::Mat).
#[derive(Debug)]
pub struct Banded<'a, A: ?Sized> {
    data: &'a A,
    shape: BandShape,
}

super::desc::copy_descriptors!(Banded);

/// Shape, band width, layout and (for symmetric and triangular bands) triangle of a band matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BandShape {
    pub rows: usize,
    pub cols: usize,
    pub kl: usize,
    pub ku: usize,
    pub ld: usize,
    pub order: Order,
    /// `Some` for [`Banded::upper`] / [`Banded::lower`].
    pub uplo: Option<Uplo>,
}

/// The column-major band matrix a [`BandShape`] stores (the transpose's for row-major).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoredBand {
    pub rows: usize,
    pub cols: usize,
    pub kl: usize,
    pub ku: usize,
    pub uplo: Option<Uplo>,
}

impl BandShape {
    pub(crate) fn stored(&self) -> StoredBand {
        match self.order {
            Order::ColMajor => StoredBand {
                rows: self.rows,
                cols: self.cols,
                kl: self.kl,
                ku: self.ku,
                uplo: self.uplo,
            },
            Order::RowMajor => StoredBand {
                rows: self.cols,
                cols: self.rows,
                kl: self.ku,
                ku: self.kl,
                uplo: self.uplo.map(Uplo::flip),
            },
        }
    }

    /// The band's width, `kl + ku + 1` (`None` on overflow).
    fn width(&self) -> Option<usize> {
        self.kl.checked_add(self.ku)?.checked_add(1)
    }
}

impl<'a, A: ?Sized> Banded<'a, A> {
    /// A `rows × cols` general band matrix with `kl` sub- and `ku` superdiagonals, column-major,
    /// leading dimension `kl + ku + 1`.
    pub fn new(data: &'a A, rows: usize, cols: usize, kl: usize, ku: usize) -> Self {
        Banded {
            data,
            shape: BandShape {
                rows,
                cols,
                kl,
                ku,
                ld: kl.saturating_add(ku).saturating_add(1),
                order: Order::ColMajor,
                uplo: None,
            },
        }
    }

    /// The upper triangle of an order-`n` symmetric, Hermitian or triangular band matrix with
    /// `k` superdiagonals (reference BLAS's `UPLO = 'U'`: the diagonal in row `k`), leading
    /// dimension `k + 1`.
    pub fn upper(data: &'a A, n: usize, k: usize) -> Self {
        let mut b = Self::new(data, n, n, 0, k);
        b.shape.uplo = Some(Uplo::Upper);
        b
    }

    /// The lower triangle of an order-`n` symmetric, Hermitian or triangular band matrix with
    /// `k` subdiagonals (reference BLAS's `UPLO = 'L'`: the diagonal in row 0), leading
    /// dimension `k + 1`.
    pub fn lower(data: &'a A, n: usize, k: usize) -> Self {
        let mut b = Self::new(data, n, n, k, 0);
        b.shape.uplo = Some(Uplo::Lower);
        b
    }

    /// Sets the leading dimension (the distance between the stored columns, `≥ kl + ku + 1`).
    pub fn with_ld(mut self, ld: usize) -> Self {
        self.shape.ld = ld;
        self
    }

    /// Stores the band row by row instead (see [`Banded`]).
    pub fn row_major(mut self) -> Self {
        self.shape.order = Order::RowMajor;
        self
    }

    /// Validates the descriptor against its storage.
    pub(crate) fn desc<T: Scalar, B: Backend>(
        self,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<BandDesc<'a, T, B>>
    where
        A: Input<T, B>,
    {
        let src = self.data.src();
        check_band(routine, arg, &self.shape, src.len())?;
        Ok(BandDesc {
            src,
            shape: self.shape,
        })
    }
}

fn check_band(routine: &'static str, arg: &'static str, s: &BandShape, len: usize) -> Result<()> {
    let width = s.width().ok_or_else(|| {
        Error::arg(
            routine,
            arg,
            format!(
                "has a band width kl + ku + 1 (kl = {}, ku = {}) over usize::MAX",
                s.kl, s.ku
            ),
        )
    })?;
    if s.ld > isize::MAX as usize {
        return Err(Error::arg(
            routine,
            arg,
            format!("has leading dimension {} > isize::MAX", s.ld),
        ));
    }
    if s.ld < width {
        return Err(Error::arg(
            routine,
            arg,
            format!(
                "has leading dimension {} < kl + ku + 1 = {width} (kl = {}, ku = {})",
                s.ld, s.kl, s.ku
            ),
        ));
    }
    let st = s.stored();
    let need = if st.rows == 0 || st.cols == 0 {
        Some(0)
    } else {
        (st.cols - 1)
            .checked_mul(s.ld)
            .and_then(|v| v.checked_add(width))
            .filter(|&v| v <= isize::MAX as usize)
    };
    match need {
        Some(need) if need <= len => Ok(()),
        _ => Err(Error::arg(
            routine,
            arg,
            format!(
                "is too short: a {}×{} band (kl = {}, ku = {}, ld {}) needs {} elements but it has {len}",
                s.rows,
                s.cols,
                s.kl,
                s.ku,
                s.ld,
                need.map_or("more than isize::MAX".into(), |v| v.to_string())
            ),
        )),
    }
}

/// A validated band operand.
pub(crate) struct BandDesc<'a, T: Scalar, B: Backend> {
    pub src: Src<'a, T, B>,
    pub shape: BandShape,
}

impl<'a, T: Scalar, B: Backend> BandDesc<'a, T, B> {
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        self.src.store(dev, routine, arg)
    }
}
