//! Level 3: matrix-matrix operations (gemm, its strided batched form, trsm; the rank-k updates
//! are in `rank_k.rs`).

mod geam_dgmm;
mod rank_2k;
mod rank_k;
mod symm;
mod trmm;

pub(super) use trmm::plan_tri;

use super::conj::ConjCopy;
use super::level2::single;
use super::{mismatch, stored_op};
use crate::args::{MatDesc, MatDescMut, MatIn, MatOut, Shape};
use crate::backend::{Backend, Batched, BlasAll, Level3};
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Order, Side, Uplo};

/// Validated gemm operands, reduced to one column-major call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GemmPlan {
    pub(crate) ta: Op,
    pub(crate) tb: Op,
    pub(crate) m: usize,
    pub(crate) n: usize,
    pub(crate) k: usize,
    /// Whether A and B trade places (row-major C: Cᵀ = op(B)ᵀ op(A)ᵀ).
    pub(crate) swap: bool,
    /// Whether A, or B, must be replaced by a conjugated copy (see `stored_op`).
    pub(crate) conj_a: bool,
    pub(crate) conj_b: bool,
}

/// Plans `op(A) op(B)` into `C` for operands of these shapes (`T` only decides what `Op::C`
/// means: mixed-precision callers, whose types are all real, pass `f32`).
pub(crate) fn plan_gemm<T: Scalar>(
    r: &'static str,
    ta: Op,
    tb: Op,
    a: &Shape,
    b: &Shape,
    c: &Shape,
) -> Result<GemmPlan> {
    let (m, ka) = ta.apply(a.rows, a.cols);
    let (kb, n) = tb.apply(b.rows, b.cols);
    if ka != kb {
        return Err(mismatch(
            r,
            "b",
            format!("op(B) has {kb} rows but op(A) has {ka} columns"),
        ));
    }
    if (c.rows, c.cols) != (m, n) {
        return Err(mismatch(
            r,
            "c",
            format!("is {}×{} but op(A)·op(B) is {m}×{n}", c.rows, c.cols),
        ));
    }
    let swap = c.order == Order::RowMajor;
    let (ta, conj_a) = stored_op::<T>(ta, a.order, swap);
    let (tb, conj_b) = stored_op::<T>(tb, b.order, swap);
    Ok(if swap {
        GemmPlan {
            ta: tb,
            tb: ta,
            m: n,
            n: m,
            k: ka,
            swap,
            conj_a,
            conj_b,
        }
    } else {
        GemmPlan {
            ta,
            tb,
            m,
            n,
            k: ka,
            swap,
            conj_a,
            conj_b,
        }
    })
}

impl<B: BlasAll> Device<B> {
    /// Replaces A and B by conjugated copies where the plan says so (not when `alpha = 0`:
    /// then neither is read).
    fn conjugate_operands<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        p: &GemmPlan,
        alpha: T,
        (a, b): (MatDesc<'a, T, B>, MatDesc<'a, T, B>),
        (keep_a, keep_b): (&mut ConjCopy<T, B>, &mut ConjCopy<T, B>),
    ) -> Result<(MatDesc<'a, T, B>, MatDesc<'a, T, B>)> {
        if alpha.is_zero() || p.k == 0 {
            return Ok((a, b));
        }
        let a = if p.conj_a {
            self.conjugated_mat(a, keep_a, r, "a")?
        } else {
            a
        };
        let b = if p.conj_b {
            self.conjugated_mat(b, keep_b, r, "b")?
        } else {
            b
        };
        Ok((a, b))
    }
}

impl<B: Backend> Device<B> {
    /// `C ← α op(A) op(B) + βC`.
    ///
    /// Any mix of column- and row-major operands works, with any ops: a row-major call is turned
    /// into the equivalent column-major one without copies, except that a complex `Op::C` on an
    /// operand whose layout differs from `C`'s (a conjugate without a transpose) runs on a
    /// conjugated copy of that operand.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, or the shapes of `op(A)`, `op(B)` and `C` do not
    /// agree; a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched
    /// on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A (2×3) row-major, B (3×2) column-major, C column-major.
    /// let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    /// let b = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0];
    /// let mut c = vec![f64::NAN; 4]; // β = 0: never read
    /// dev.gemm(Op::N, Op::N, 1.0, Mat::row_major(&a, 2, 3), Mat::col_major(&b, 3, 2),
    ///          0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [4.0, 10.0, 2.0, 5.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm<'a, T: Scalar>(
        &'a self,
        ta: Op,
        tb: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.gemm_as("gemm", ta, tb, alpha, a, b, beta, c)
    }

    /// [`Device::gemm`], reporting errors as routine `r` (e.g. `matmul`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gemm_as<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        ta: Op,
        tb: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.check()?;
        let (a, b, c) = (a.mat_in(r, "a")?, b.mat_in(r, "b")?, c.mat_out(r, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(r, arg, s)?;
        }
        let p = plan_gemm::<T>(r, ta, tb, &a.shape, &b.shape, &c.shape)?;
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let (mut keep_a, mut keep_b) = (None, None);
        let (a, b) = self.conjugate_operands(r, &p, alpha, (a, b), (&mut keep_a, &mut keep_b))?;
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        let mut c = c;
        if self.gemm_tiled(&p, alpha, (&a, lda), (&b, ldb), beta, (&mut c, ldc))? {
            c.src.written();
            return Ok(());
        }
        let copy_in = !(beta.is_zero() && c.dense);
        let mut call = self.call(r);
        let a_s = call.input(a.src, "a")?;
        let b_s = call.input(b.src, "b")?;
        let c_s = call.output(c.src, copy_in, "c")?;
        call.launch()?;
        let ((x, ldx), (y, ldy)) = if p.swap {
            ((b_s, ldb), (a_s, lda))
        } else {
            ((a_s, lda), (b_s, ldb))
        };
        // SAFETY: every operand was checked against its storage for the shapes of this call;
        // `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.blas::<T>().gemm(
                p.ta, p.tb, p.m, p.n, p.k, alpha, x, ldx, y, ldy, beta, c_s, ldc,
            )?
        };
        call.finish()
    }

    /// `Cᵢ ← α op(Aᵢ) op(Bᵢ) + βCᵢ` for each matrix of three strided batches
    /// (see [`Mat::batched`](crate::Mat::batched)); all three must have the same count, and
    /// `C`'s stride must keep its matrices apart. An input's stride may be 0 (one matrix shared
    /// by every product). With the `ndarray` feature, 3-D arrays and views are batches along
    /// axis 0.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage, the counts differ, `C`'s matrices overlap, or the shapes do not
    /// agree; a transfer or backend failure (see [`Error`](crate::Error)). The output is untouched
    /// on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault
    /// after results began to reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // Two 2×2 products Cᵢ = Aᵢ · B with one shared B (stride 0).
    /// let a = [1.0, 0.0, 0.0, 1.0, /* second */ 2.0, 0.0, 0.0, 2.0];
    /// let b = [1.0, 2.0, 3.0, 4.0];
    /// let mut c = vec![0.0; 8];
    /// dev.gemm_strided_batched(
    ///     Op::N, Op::N, 1.0,
    ///     Mat::col_major(&a, 2, 2).batched(2, 4),
    ///     Mat::col_major(&b, 2, 2).batched(2, 0),
    ///     0.0,
    ///     MatMut::col_major(&mut c, 2, 2).batched(2, 4),
    /// )?;
    /// assert_eq!(c, [1.0, 2.0, 3.0, 4.0, 2.0, 4.0, 6.0, 8.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_strided_batched<'a, T: Scalar>(
        &'a self,
        ta: Op,
        tb: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "gemm_strided_batched";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        let count = c.shape.count;
        for (arg, n) in [("a", a.shape.count), ("b", b.shape.count)] {
            if n != count {
                return Err(mismatch(
                    R,
                    arg,
                    format!("is a batch of {n} but `c` is a batch of {count}"),
                ));
            }
        }
        let p = plan_gemm::<T>(R, ta, tb, &a.shape, &b.shape, &c.shape)?;
        // Validation already proved the extent fits in usize.
        let c_extent = c.shape.extent().unwrap_or(0);
        if count > 1 && c.shape.batch_stride() < c_extent {
            return Err(mismatch(
                R,
                "c",
                format!(
                    "has stride {} < one matrix's extent {c_extent}: outputs would overlap",
                    c.shape.batch_stride()
                ),
            ));
        }
        if p.m == 0 || p.n == 0 || count == 0 {
            return Ok(());
        }
        let (mut keep_a, mut keep_b) = (None, None);
        let (a, b) = self.conjugate_operands(R, &p, alpha, (a, b), (&mut keep_a, &mut keep_b))?;
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        // A stride nothing is read through (one matrix, or matrices with no elements: k = 0)
        // is irrelevant; 0 keeps backends from computing offsets with it.
        let stride = |s: &Shape| match s.extent() {
            Some(e) if e > 0 && count > 1 => s.batch_stride(),
            _ => 0,
        };
        let (sa, sb, sc) = (stride(&a.shape), stride(&b.shape), stride(&c.shape));
        let copy_in = !(beta.is_zero() && c.dense);
        let mut call = self.call(R);
        let a_s = call.input(a.src, "a")?;
        let b_s = call.input(b.src, "b")?;
        let c_s = call.output(c.src, copy_in, "c")?;
        call.launch()?;
        let ((x, ldx, sx), (y, ldy, sy)) = if p.swap {
            ((b_s, ldb, sb), (a_s, lda, sa))
        } else {
            ((a_s, lda, sa), (b_s, ldb, sb))
        };
        // SAFETY: every batch was checked against its storage (count, stride and extent), and
        // C's matrices do not overlap each other or any input.
        unsafe {
            self.blas::<T>().gemm_strided_batched(
                p.ta, p.tb, p.m, p.n, p.k, alpha, x, ldx, sx, y, ldy, sy, beta, c_s, ldc, sc, count,
            )?
        };
        call.finish()
    }

    /// Solves `op(A) X = αB` (`Side::Left`) or `X op(A) = αB` (`Side::Right`) for `X`, with `A`
    /// triangular; `X` overwrites `B`. `α = 0` sets `B` to zero without reading `A`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, or `A` is not square with `B`'s rows (left) or
    /// columns (right); a transfer or backend failure (see [`Error`](crate::Error)). The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[2, 0], [1, 1]] (lower, column-major); solve A X = B for B = [[2], [3]].
    /// let a = [2.0, 1.0, 0.0, 1.0];
    /// let mut b = vec![2.0, 3.0];
    /// dev.trsm(Side::Left, Uplo::Lower, Op::N, Diag::NonUnit, 1.0,
    ///          Mat::col_major(&a, 2, 2), MatMut::col_major(&mut b, 2, 1))?;
    /// assert_eq!(b, [1.0, 2.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn trsm<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        const R: &str = "trsm";
        self.check()?;
        let (a, b) = (a.mat_in(R, "a")?, b.mat_out(R, "b")?);
        single(R, "a", &a.shape)?;
        single(R, "b", &b.shape)?;
        if a.shape.rows != a.shape.cols {
            return Err(mismatch(
                R,
                "a",
                format!("is {}×{}; it must be square", a.shape.rows, a.shape.cols),
            ));
        }
        let need = if side == Side::Left {
            b.shape.rows
        } else {
            b.shape.cols
        };
        if a.shape.rows != need {
            let which = if side == Side::Left {
                "rows"
            } else {
                "columns"
            };
            return Err(mismatch(
                R,
                "a",
                format!("is {0}×{0} but B has {need} {which}", a.shape.rows),
            ));
        }
        let bt = b.shape.order == Order::RowMajor;
        let (op, conj_a) = stored_op::<T>(trans, a.shape.order, bt);
        let uplo = if a.shape.order == Order::RowMajor {
            uplo.flip()
        } else {
            uplo
        };
        let side = if bt { side.flip() } else { side };
        let (m, n) = b.shape.stored();
        if m == 0 || n == 0 {
            return Ok(());
        }
        let (lda, ldb) = (a.shape.ld, b.shape.ld);
        if alpha.is_zero() {
            // Reference BLAS: B ← 0, reading neither A nor B. Vendors differ here, so it is done
            // with plain device memsets: one for a dense B, else one per column.
            // Copy in unless every element of the storage is overwritten.
            let copy_in = !b.dense;
            let mut call = self.call(R).memsets();
            let b_s = call.output(b.src, copy_in, "b")?;
            call.launch()?;
            let size = std::mem::size_of::<T>();
            let runs = if ldb == m {
                vec![(0, m * n)]
            } else {
                (0..n).map(|j| (j * ldb, m)).collect()
            };
            for (start, len) in runs {
                // SAFETY: `b` was checked to hold `m × n` elements with leading dimension `ldb`;
                // each run is one column (or the whole dense matrix) inside it.
                unsafe { self.backend().zero(b_s.offset::<T>(start), len * size)? };
            }
            return call.finish();
        }
        let mut keep = None;
        let a = if conj_a {
            self.conjugated_mat(a, &mut keep, R, "a")?
        } else {
            a
        };
        let mut call = self.call(R);
        let a_s = call.input(a.src, "a")?;
        let b_s = call.output(b.src, true, "b")?;
        call.launch()?;
        // SAFETY: `a` was checked to hold a square matrix of B's side, `b` its shape; `b` is a
        // mutable borrow, so it does not overlap `a`.
        unsafe {
            self.blas::<T>()
                .trsm(side, uplo, op, diag, m, n, alpha, a_s, lda, b_s, ldb)?
        };
        call.finish()
    }

    /// Runs a validated gemm through the tiled transfer engine when its host operands are
    /// large enough for transfers and compute to overlap; `Ok(false)` when it did not.
    #[allow(clippy::type_complexity)]
    fn gemm_tiled<T: Scalar>(
        &self,
        p: &GemmPlan,
        alpha: T,
        (a, lda): (&MatDesc<'_, T, B>, usize),
        (b, ldb): (&MatDesc<'_, T, B>, usize),
        beta: T,
        (c, ldc): (&mut MatDescMut<'_, T, B>, usize),
    ) -> Result<bool>
    where
        B: BlasAll,
    {
        const R: &str = "gemm";
        if !self.backend().async_transfers() {
            return Ok(false);
        }
        let (a_op, b_op) = (a.src.operand(self, R, "a")?, b.src.operand(self, R, "b")?);
        let copy = c.src.is_copy();
        let ((x, ldx), (y, ldy)) = if p.swap {
            ((b_op, ldb), (a_op, lda))
        } else {
            ((a_op, lda), (b_op, ldb))
        };
        let g = crate::transfer::tiled::Gemm {
            ta: p.ta,
            tb: p.tb,
            m: p.m,
            n: p.n,
            k: p.k,
            alpha,
            beta,
            x,
            ldx,
            y,
            ldy,
            c: c.src.output(self, R, "c")?,
            ldc,
        };
        if !g.worth_tiling(self.link()) {
            return Ok(false);
        }
        // Device room for what lives on the host (freed after the run, so after its DMAs).
        let [xb, yb, cb] = g.scratch_bytes();
        let xbuf = crate::memory::Alloc::bytes(self, xb)?;
        let ybuf = crate::memory::Alloc::bytes(self, yb)?;
        let cbuf = crate::memory::Alloc::bytes(self, cb)?;
        let scratch = [xbuf.ptr(), ybuf.ptr(), cbuf.ptr()];
        crate::transfer::tiled::run(self.link(), g, scratch).map_err(|e| match e {
            // Written part way into the conversion's own copy: the argument is untouched.
            crate::Error::PartlyWritten { source, .. } if copy => *source,
            e => crate::transfer::name_output(e, R, "c"),
        })
    }
}
