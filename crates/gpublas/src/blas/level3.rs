//! Level 3: matrix-matrix operations, and the strided batched gemm.

use super::level2::single;
use super::{mismatch, real_op, stored_op};
use crate::args::{MatDesc, MatDescMut, MatIn, MatOut, Shape};
use crate::backend::{Backend, Blas};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Order, Side, Uplo};

/// Validated gemm operands, reduced to one column-major call.
pub(super) struct GemmPlan {
    pub(super) ta: Op,
    pub(super) tb: Op,
    pub(super) m: usize,
    pub(super) n: usize,
    pub(super) k: usize,
    /// Whether A and B trade places (row-major C: Cᵀ = op(B)ᵀ op(A)ᵀ).
    pub(super) swap: bool,
}

/// Plans `op(A) op(B)` into `C` for operands of these shapes (`T` only decides what `Op::C`
/// means: mixed-precision callers, whose types are all real, pass `f32`).
pub(super) fn plan_gemm<T: Scalar>(
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
    let ta = stored_op::<T>(r, "a", ta, a.order, swap)?;
    let tb = stored_op::<T>(r, "b", tb, b.order, swap)?;
    Ok(if swap {
        GemmPlan {
            ta: tb,
            tb: ta,
            m: n,
            n: m,
            k: ka,
            swap,
        }
    } else {
        GemmPlan {
            ta,
            tb,
            m,
            n,
            k: ka,
            swap,
        }
    })
}

impl<B: Backend> Device<B> {
    /// `C ← α op(A) op(B) + βC`.
    ///
    /// Any mix of column- and row-major operands works, except `Op::C` on an operand whose
    /// layout differs from `C`'s (that would need a conjugate without a transpose).
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
        B: Blas<T>,
    {
        const R: &str = "gemm";
        self.check()?;
        let (a, b, c) = (a.mat_in(R, "a")?, b.mat_in(R, "b")?, c.mat_out(R, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(R, arg, s)?;
        }
        let p = plan_gemm::<T>(R, ta, tb, &a.shape, &b.shape, &c.shape)?;
        if p.m == 0 || p.n == 0 {
            return Ok(());
        }
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        let mut c = c;
        if self.gemm_tiled(&p, alpha, (&a, lda), (&b, ldb), beta, (&mut c, ldc))? {
            c.src.written();
            return Ok(());
        }
        let copy_in = !(beta.is_zero() && c.dense);
        let a_s = a.store(self, R, "a")?;
        let b_s = b.store(self, R, "b")?;
        let c_s = c.store(self, copy_in, R, "c")?;
        let ((x, ldx), (y, ldy)) = if p.swap {
            ((b_s.ptr, ldb), (a_s.ptr, lda))
        } else {
            ((a_s.ptr, lda), (b_s.ptr, ldb))
        };
        // SAFETY: every operand was checked against its storage for the shapes of this call;
        // `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            self.backend().gemm(
                p.ta, p.tb, p.m, p.n, p.k, alpha, x, ldx, y, ldy, beta, c_s.ptr, ldc,
            )?
        };
        c_s.finish()
    }

    /// `Cᵢ ← α op(Aᵢ) op(Bᵢ) + βCᵢ` for each matrix of three strided batches
    /// (see [`Mat::batched`](crate::Mat::batched)); all three must have the same count, and
    /// `C`'s stride must keep its matrices apart.
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
        B: Blas<T>,
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
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        // A stride nothing is read through (one matrix, or matrices with no elements: k = 0)
        // is irrelevant; 0 keeps backends from computing offsets with it.
        let stride = |s: &Shape| match s.extent() {
            Some(e) if e > 0 && count > 1 => s.batch_stride(),
            _ => 0,
        };
        let (sa, sb, sc) = (stride(&a.shape), stride(&b.shape), stride(&c.shape));
        let copy_in = !(beta.is_zero() && c.dense);
        let a_s = a.store(self, R, "a")?;
        let b_s = b.store(self, R, "b")?;
        let c_s = c.store(self, copy_in, R, "c")?;
        let ((x, ldx, sx), (y, ldy, sy)) = if p.swap {
            ((b_s.ptr, ldb, sb), (a_s.ptr, lda, sa))
        } else {
            ((a_s.ptr, lda, sa), (b_s.ptr, ldb, sb))
        };
        // SAFETY: every batch was checked against its storage (count, stride and extent), and
        // C's matrices do not overlap each other or any input.
        unsafe {
            self.backend().gemm_strided_batched(
                p.ta, p.tb, p.m, p.n, p.k, alpha, x, ldx, sx, y, ldy, sy, beta, c_s.ptr, ldc, sc,
                count,
            )?
        };
        c_s.finish()
    }

    /// Solves `op(A) X = αB` (`Side::Left`) or `X op(A) = αB` (`Side::Right`) for `X`, with `A`
    /// triangular; `X` overwrites `B`. `α = 0` sets `B` to zero without reading `A`.
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
        B: Blas<T>,
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
        let op = stored_op::<T>(R, "a", trans, a.shape.order, bt)?;
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
            let b_s = b.store(self, copy_in, R, "b")?;
            let size = std::mem::size_of::<T>();
            let runs = if ldb == m {
                vec![(0, m * n)]
            } else {
                (0..n).map(|j| (j * ldb, m)).collect()
            };
            for (start, len) in runs {
                // SAFETY: `b` was checked to hold `m × n` elements with leading dimension `ldb`;
                // each run is one column (or the whole dense matrix) inside it.
                unsafe {
                    self.backend()
                        .zero(b_s.ptr.offset::<T>(start), len * size)?
                };
            }
            return b_s.finish();
        }
        let a_s = a.store(self, R, "a")?;
        let b_s = b.store(self, true, R, "b")?;
        // SAFETY: `a` was checked to hold a square matrix of B's side, `b` its shape; `b` is a
        // mutable borrow, so it does not overlap `a`.
        unsafe {
            self.backend().trsm(
                side, uplo, op, diag, m, n, alpha, a_s.ptr, lda, b_s.ptr, ldb,
            )?
        };
        b_s.finish()
    }

    /// `C ← α op(A) op(A)ᵀ + βC` on the `uplo` triangle of `C` (the other is not touched);
    /// `trans` is `N` or `T` (`C` too for real types).
    #[allow(clippy::too_many_arguments)]
    pub fn syrk<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        const R: &str = "syrk";
        let trans = real_op::<T>(trans);
        if trans == Op::C {
            return Err(Error::arg(
                R,
                "trans",
                "is Op::C; syrk takes N or T for complex types (herk is the Hermitian one)",
            ));
        }
        self.rank_k(
            R,
            uplo,
            trans,
            alpha.is_zero(),
            beta.is_one(),
            a,
            c,
            |dev, p| {
                // SAFETY: `rank_k` checked every operand for this shape.
                unsafe {
                    dev.backend().syrk(
                        p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, beta, p.c, p.ldc,
                    )
                }
            },
        )
    }

    /// `C ← α op(A) op(A)ᴴ + βC` with real `α`, `β` on the `uplo` triangle of `C`, keeping its
    /// diagonal real; `trans` is `N` or `C` (for real types this is `syrk`).
    #[allow(clippy::too_many_arguments)]
    pub fn herk<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T::Real,
        a: impl MatIn<'a, T, B>,
        beta: T::Real,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        const R: &str = "herk";
        if T::IS_COMPLEX && trans == Op::T {
            return Err(Error::arg(
                R,
                "trans",
                "is Op::T; herk takes N or C for complex types (syrk is the symmetric one)",
            ));
        }
        let (alpha_zero, beta_one) = (alpha.is_zero(), beta.is_one());
        self.rank_k(
            R,
            uplo,
            real_op::<T>(trans),
            alpha_zero,
            beta_one,
            a,
            c,
            |dev, p| {
                // SAFETY: `rank_k` checked every operand for this shape.
                unsafe {
                    dev.backend().herk(
                        p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, beta, p.c, p.ldc,
                    )
                }
            },
        )
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
        B: Blas<T>,
    {
        const R: &str = "gemm";
        if !self.backend().async_transfers() {
            return Ok(false);
        }
        let (a_op, b_op) = (a.src.operand(self, R, "a")?, b.src.operand(self, R, "b")?);
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
        if !g.worth_tiling(self) {
            return Ok(false);
        }
        crate::transfer::tiled::run(self, g)
    }

    /// Shared validation and layout handling of `syrk` and `herk`.
    #[allow(clippy::too_many_arguments)]
    fn rank_k<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        uplo: Uplo,
        trans: Op,
        alpha_zero: bool,
        beta_one: bool,
        a: impl MatIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
        call: impl FnOnce(&Self, RankK) -> Result<()>,
    ) -> Result<()>
    where
        B: Blas<T>,
    {
        self.check()?;
        let (a, c) = (a.mat_in(r, "a")?, c.mat_out(r, "c")?);
        single(r, "a", &a.shape)?;
        single(r, "c", &c.shape)?;
        let (n, k) = trans.apply(a.shape.rows, a.shape.cols);
        if (c.shape.rows, c.shape.cols) != (n, n) {
            return Err(mismatch(
                r,
                "c",
                format!(
                    "is {}×{} but op(A) has {n} rows, so C must be {n}×{n}",
                    c.shape.rows, c.shape.cols
                ),
            ));
        }
        // A row-major C is stored as Cᵀ, which is C itself (symmetric) or conj(C) (Hermitian):
        // the referenced triangle flips. For Hermitian, conj(C) = conj(op(A)) conj(op(A))ᴴ,
        // which a row-major A expresses by flipping N ↔ C; a mixed layout cannot be expressed.
        let c_row = c.shape.order == Order::RowMajor;
        let a_row = a.shape.order == Order::RowMajor;
        let trans =
            if r == "herk" && T::IS_COMPLEX {
                match (a_row, c_row) {
                    (false, false) => trans,
                    (true, true) => {
                        if trans == Op::N {
                            Op::C
                        } else {
                            Op::N
                        }
                    }
                    _ => return Err(Error::Unsupported {
                        routine: r,
                        what: "complex herk with `a` and `c` in different layouts; make them match"
                            .into(),
                    }),
                }
            } else {
                stored_op::<T>(r, "a", trans, a.shape.order, false)?
            };
        let uplo = if c_row { uplo.flip() } else { uplo };
        // Reference BLAS's quick return: nothing to add and β = 1 leaves C exactly as it is.
        if n == 0 || ((alpha_zero || k == 0) && beta_one) {
            return Ok(());
        }
        // α = 0 must not read A (vendors differ): k = 0 makes the backend only scale C.
        let k = if alpha_zero { 0 } else { k };
        let (lda, ldc) = (a.shape.ld, c.shape.ld);
        let a_s = a.store(self, r, "a")?;
        let c_s = c.store(self, true, r, "c")?;
        call(
            self,
            RankK {
                uplo,
                trans,
                n,
                k,
                a: a_s.ptr,
                lda,
                c: c_s.ptr,
                ldc,
            },
        )?;
        c_s.finish()
    }
}

/// A validated rank-k update, ready for the backend.
struct RankK {
    uplo: Uplo,
    trans: Op,
    n: usize,
    k: usize,
    a: crate::backend::DevPtr,
    lda: usize,
    c: crate::backend::DevPtr,
    ldc: usize,
}
