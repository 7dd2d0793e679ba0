//! Level 3 beyond gemm/trsm/syrk/herk: symm/hemm, syr2k/her2k and syrkx/herkx.
//!
//! Row-major operands are handled by transposing the call: a row-major `C` is stored as `Cᵀ`,
//! so symm's side flips (`Cᵀ = Bᵀ Aᵀ`), and a rank-2k update writes the other triangle with `A`
//! and `B` trading places; a row-major `A` flips its referenced triangle. What cannot be
//! expressed that way (it would need a conjugate without a transpose, or an op on symm's `B`) is
//! `Unsupported`, naming the operand to change.

use num_traits::One;

use super::level2::single;
use super::{mismatch, real_op, stored_op};
use crate::args::{MatIn, MatOut};
use crate::backend::{Backend, Blas, BlasAll, BlasLevel3Ext, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order, Side, Uplo};

/// Which rank-2k update: `syr2k`/`her2k` add both products, `syrkx`/`herkx` one.
#[derive(Clone, Copy)]
struct Rank2kKind {
    /// Hermitian (`her2k`/`herkx` on a complex type).
    herm: bool,
    /// The routine's name.
    routine: &'static str,
}

/// A validated rank-2k update, ready for the backend; `k = 0` asks for `C ← βC` on the
/// triangle only (through syrk/herk with `k = 0`, which read nothing of `a`).
struct Rank2k {
    uplo: Uplo,
    trans: Op,
    n: usize,
    k: usize,
    a: DevPtr,
    lda: usize,
    b: DevPtr,
    ldb: usize,
    c: DevPtr,
    ldc: usize,
}

impl Rank2k {
    /// `C ← βC` on the `uplo` triangle: `k = 0`, `trans = N`, and C's own address standing in
    /// for A's and B's (nothing is read through them).
    fn scale(uplo: Uplo, n: usize, (c, ldc): (DevPtr, usize)) -> Self {
        Rank2k {
            uplo,
            trans: Op::N,
            n,
            k: 0,
            a: c,
            lda: ldc,
            b: c,
            ldb: ldc,
            c,
            ldc,
        }
    }
}

impl<B: Backend> Device<B> {
    /// `C ← α A B + βC` (`Side::Left`) or `C ← α B A + βC` (`Side::Right`), `A` symmetric with
    /// its `uplo` triangle stored (the other is not read; complex symmetric for complex types).
    ///
    /// `B` and `C` must share a layout (symm has no op on `B`); any layout of `A` works.
    #[allow(clippy::too_many_arguments)]
    pub fn symm<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.sym_mm("symm", side, uplo, alpha, a, b, beta, c)
    }

    /// `symm` with `A` Hermitian: the diagonal's imaginary part is not read (taken as zero).
    /// For real types this is `symm`.
    ///
    /// For complex types `A`, `B` and `C` must share a layout (a row-major `C` with a column-major
    /// `A` would need `conj(A)`).
    #[allow(clippy::too_many_arguments)]
    pub fn hemm<'a, T: Scalar>(
        &'a self,
        side: Side,
        uplo: Uplo,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        self.sym_mm("hemm", side, uplo, alpha, a, b, beta, c)
    }

    /// `C ← α op(A) op(B)ᵀ + α op(B) op(A)ᵀ + βC` on the `uplo` triangle of `C` (the other is
    /// not touched); `op(X)` is `X` (`N`) or `Xᵀ` (`T`; `C` too for real types), `n × k`.
    ///
    /// `A` and `B` must share a layout (one `trans` serves both).
    #[allow(clippy::too_many_arguments)]
    pub fn syr2k<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let kind = Rank2kKind {
            herm: false,
            routine: "syr2k",
        };
        self.rank_2k(
            kind,
            uplo,
            trans,
            alpha,
            beta.is_one(),
            a,
            b,
            c,
            |dev, p| {
                // SAFETY: `rank_2k` checked every operand for this shape; with k = 0, syrk reads
                // nothing of `p.a` (C's own address, standing in).
                unsafe {
                    if p.k == 0 {
                        let z = T::zero();
                        dev.blas::<T>()
                            .syrk(p.uplo, p.trans, p.n, 0, z, p.a, p.lda, beta, p.c, p.ldc)
                    } else {
                        dev.blas::<T>().syr2k(
                            p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, p.b, p.ldb, beta, p.c,
                            p.ldc,
                        )
                    }
                }
            },
        )
    }

    /// `C ← α op(A) op(B)ᴴ + conj(α) op(B) op(A)ᴴ + βC` with real `β` on the `uplo` triangle of
    /// `C`, keeping its diagonal real; `trans` is `N` or `C` (for real types this is `syr2k`).
    ///
    /// For complex types `A`, `B` and `C` must share a layout.
    #[allow(clippy::too_many_arguments)]
    pub fn her2k<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T::Real,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let kind = Rank2kKind {
            herm: T::IS_COMPLEX,
            routine: "her2k",
        };
        self.rank_2k(
            kind,
            uplo,
            trans,
            alpha,
            beta.is_one(),
            a,
            b,
            c,
            |dev, p| {
                // SAFETY: `rank_2k` checked every operand for this shape; with k = 0, herk reads
                // nothing of `p.a` (C's own address, standing in).
                unsafe {
                    if p.k == 0 {
                        let z = num_traits::zero::<T::Real>();
                        dev.blas::<T>()
                            .herk(p.uplo, p.trans, p.n, 0, z, p.a, p.lda, beta, p.c, p.ldc)
                    } else {
                        dev.blas::<T>().her2k(
                            p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, p.b, p.ldb, beta, p.c,
                            p.ldc,
                        )
                    }
                }
            },
        )
    }

    /// `C ← α op(A) op(B)ᵀ + βC` on the `uplo` triangle of `C` (cuBLAS's and rocBLAS's
    /// extension of syrk, for a `B` that makes the result symmetric — e.g. `B = A·D` with `D`
    /// diagonal; only the `uplo` triangle is computed either way). `trans` as for `syr2k`.
    #[allow(clippy::too_many_arguments)]
    pub fn syrkx<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let kind = Rank2kKind {
            herm: false,
            routine: "syrkx",
        };
        self.rank_2k(
            kind,
            uplo,
            trans,
            alpha,
            beta.is_one(),
            a,
            b,
            c,
            |dev, p| {
                // SAFETY: `rank_2k` checked every operand for this shape; with k = 0, syrk reads
                // nothing of `p.a` (C's own address, standing in).
                unsafe {
                    if p.k == 0 {
                        let z = T::zero();
                        dev.blas::<T>()
                            .syrk(p.uplo, p.trans, p.n, 0, z, p.a, p.lda, beta, p.c, p.ldc)
                    } else {
                        dev.blas::<T>().syrkx(
                            p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, p.b, p.ldb, beta, p.c,
                            p.ldc,
                        )
                    }
                }
            },
        )
    }

    /// `C ← α op(A) op(B)ᴴ + βC` with real `β` on the `uplo` triangle of `C`, keeping its
    /// diagonal real (the Hermitian `syrkx`); `trans` as for `her2k`.
    #[allow(clippy::too_many_arguments)]
    pub fn herkx<'a, T: Scalar>(
        &'a self,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        beta: T::Real,
        c: impl MatOut<'a, T, B>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let kind = Rank2kKind {
            herm: T::IS_COMPLEX,
            routine: "herkx",
        };
        self.rank_2k(
            kind,
            uplo,
            trans,
            alpha,
            beta.is_one(),
            a,
            b,
            c,
            |dev, p| {
                // SAFETY: `rank_2k` checked every operand for this shape; with k = 0, herk reads
                // nothing of `p.a` (C's own address, standing in).
                unsafe {
                    if p.k == 0 {
                        let z = num_traits::zero::<T::Real>();
                        dev.blas::<T>()
                            .herk(p.uplo, p.trans, p.n, 0, z, p.a, p.lda, beta, p.c, p.ldc)
                    } else {
                        dev.blas::<T>().herkx(
                            p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, p.b, p.ldb, beta, p.c,
                            p.ldc,
                        )
                    }
                }
            },
        )
    }

    /// `X ← βX` on the stored `m × n` matrix at `x` (leading dimension `ld`), as reference
    /// BLAS does it: `β = 0` writes zeros without reading (device memsets), `β = 1` does
    /// nothing, else one `scal` per column (one for a dense matrix).
    ///
    /// # Safety
    /// `x` is valid for the matrix's extent and nothing else uses it meanwhile.
    pub(super) unsafe fn scale_stored<T: Scalar>(
        &self,
        x: DevPtr,
        (m, n, ld): (usize, usize, usize),
        beta: T,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        if beta.is_one() || m == 0 || n == 0 {
            return Ok(());
        }
        let runs: Vec<(usize, usize)> = if ld == m {
            vec![(0, m * n)]
        } else {
            (0..n).map(|j| (j * ld, m)).collect()
        };
        for (start, len) in runs {
            let p = x.offset::<T>(start);
            // SAFETY: each run is one column (or the whole dense matrix) inside the extent.
            unsafe {
                if beta.is_zero() {
                    self.backend().zero(p, len * std::mem::size_of::<T>())?
                } else {
                    self.blas::<T>().scal(len, beta, p, 1)?
                }
            }
        }
        Ok(())
    }

    /// Shared validation and layout handling of `symm` and `hemm`.
    #[allow(clippy::too_many_arguments)]
    fn sym_mm<'a, T: Scalar>(
        &'a self,
        r: &'static str,
        side: Side,
        uplo: Uplo,
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
        let (m, n) = (c.shape.rows, c.shape.cols);
        if (b.shape.rows, b.shape.cols) != (m, n) {
            return Err(mismatch(
                r,
                "b",
                format!("is {}×{} but C is {m}×{n}", b.shape.rows, b.shape.cols),
            ));
        }
        let (ka, which) = if side == Side::Left {
            (m, "rows")
        } else {
            (n, "columns")
        };
        if (a.shape.rows, a.shape.cols) != (ka, ka) {
            return Err(mismatch(
                r,
                "a",
                format!(
                    "is {}×{} but must be square of order {ka} (C has {ka} {which})",
                    a.shape.rows, a.shape.cols
                ),
            ));
        }
        if b.shape.order != c.shape.order {
            return Err(Error::Unsupported {
                routine: r,
                what: format!("`b` in a different layout from `c` ({r} has no op on B, so it would need a transpose); make them match"),
            });
        }
        // Cᵀ = Bᵀ Aᵀ: a row-major C flips the side; Aᵀ is A (symmetric) or conj(A) (Hermitian,
        // stored as such by a row-major A), whose stored triangle is the other one. A Hermitian
        // A in the other layout than C's runs on a conjugated copy (conj(A) is Hermitian too,
        // stored in the same triangle).
        let conj_a = r == "hemm" && T::IS_COMPLEX && a.shape.order != c.shape.order;
        let side = if c.shape.order == Order::RowMajor {
            side.flip()
        } else {
            side
        };
        let uplo = if a.shape.order == Order::RowMajor {
            uplo.flip()
        } else {
            uplo
        };
        let (sm, sn) = c.shape.stored();
        if sm == 0 || sn == 0 || (alpha.is_zero() && beta.is_one()) {
            return Ok(());
        }
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        let copy_in = !(beta.is_zero() && c.dense);
        let mut call = self.call(r);
        if alpha.is_zero() {
            // Reference BLAS: C ← βC, reading neither A nor B (vendors differ here).
            let c_s = call.output(c.src, copy_in, "c")?;
            call.launch()?;
            // SAFETY: `c` was checked to hold its `sm × sn` stored matrix.
            unsafe { self.scale_stored(c_s, (sm, sn, ldc), beta)? };
            return call.finish();
        }
        let mut keep = None;
        let a = if conj_a {
            self.conjugated_mat(a, &mut keep, r, "a")?
        } else {
            a
        };
        let a_s = call.input(a.src, "a")?;
        let b_s = call.input(b.src, "b")?;
        let c_s = call.output(c.src, copy_in, "c")?;
        call.launch()?;
        // SAFETY: `a` was checked to hold a square matrix of C's side, `b` and `c` their shape;
        // `c` is a mutable borrow, so it overlaps no input.
        unsafe {
            if r == "hemm" {
                self.blas::<T>().hemm(
                    side, uplo, sm, sn, alpha, a_s, lda, b_s, ldb, beta, c_s, ldc,
                )?
            } else {
                self.blas::<T>().symm(
                    side, uplo, sm, sn, alpha, a_s, lda, b_s, ldb, beta, c_s, ldc,
                )?
            }
        };
        call.finish()
    }

    /// Shared validation and layout handling of the rank-2k updates.
    #[allow(clippy::too_many_arguments)]
    fn rank_2k<'a, T: Scalar>(
        &'a self,
        kind: Rank2kKind,
        uplo: Uplo,
        trans: Op,
        alpha: T,
        beta_one: bool,
        a: impl MatIn<'a, T, B>,
        b: impl MatIn<'a, T, B>,
        c: impl MatOut<'a, T, B>,
        run: impl FnOnce(&Self, Rank2k) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
    {
        let r = kind.routine;
        let hermitian = r.starts_with("her");
        let trans = real_op::<T>(trans);
        if T::IS_COMPLEX && hermitian && trans == Op::T {
            return Err(Error::arg(
                r,
                "trans",
                format!("is Op::T; {r} takes N or C for complex types"),
            ));
        }
        if T::IS_COMPLEX && !hermitian && trans == Op::C {
            return Err(Error::arg(
                r,
                "trans",
                format!("is Op::C; {r} takes N or T for complex types"),
            ));
        }
        self.check()?;
        let (a, b, c) = (a.mat_in(r, "a")?, b.mat_in(r, "b")?, c.mat_out(r, "c")?);
        for (arg, s) in [("a", &a.shape), ("b", &b.shape), ("c", &c.shape)] {
            single(r, arg, s)?;
        }
        if (b.shape.rows, b.shape.cols) != (a.shape.rows, a.shape.cols) {
            return Err(mismatch(
                r,
                "b",
                format!(
                    "is {}×{} but A is {}×{}",
                    b.shape.rows, b.shape.cols, a.shape.rows, a.shape.cols
                ),
            ));
        }
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
        if a.shape.order != b.shape.order {
            return Err(Error::Unsupported {
                routine: r,
                what: "`a` and `b` in different layouts (one `trans` serves both); make them match"
                    .into(),
            });
        }
        let (a_row, c_row) = (
            a.shape.order == Order::RowMajor,
            c.shape.order == Order::RowMajor,
        );
        // A row-major C is stored as Cᵀ: the other triangle, with A and B trading places (for
        // the Hermitian forms with both conjugated, which row-major A and B express by flipping
        // N ↔ C; in a layout other than C's they run on conjugated copies, as herk does).
        let (trans, conj_ab) = if kind.herm {
            let flipped = match (a_row, trans) {
                (false, t) => t,
                (true, Op::N) => Op::C,
                (true, _) => Op::N,
            };
            (flipped, a_row != c_row)
        } else {
            // N or T here (complex syr2k/syrkx reject C above): no conjugated copy.
            (stored_op::<T>(trans, a.shape.order, false).0, false)
        };
        let uplo = if c_row { uplo.flip() } else { uplo };
        // Reference BLAS's quick return: nothing to add and β = 1 leaves C exactly as it is.
        if n == 0 || ((alpha.is_zero() || k == 0) && beta_one) {
            return Ok(());
        }
        let (lda, ldb, ldc) = (a.shape.ld, b.shape.ld, c.shape.ld);
        let mut call = self.call(r);
        if alpha.is_zero() || k == 0 {
            // C ← βC on the triangle, reading neither A nor B (vendors differ for α = 0): `run`
            // gets k = 0 and C's address in their place, and calls syrk/herk with k = 0.
            let c_s = call.output(c.src, true, "c")?;
            call.launch()?;
            run(self, Rank2k::scale(uplo, n, (c_s, ldc)))?;
            return call.finish();
        }
        let (mut keep_a, mut keep_b) = (None, None);
        let (a, b) = if conj_ab {
            (
                self.conjugated_mat(a, &mut keep_a, r, "a")?,
                self.conjugated_mat(b, &mut keep_b, r, "b")?,
            )
        } else {
            (a, b)
        };
        let a_s = call.input(a.src, "a")?;
        let b_s = call.input(b.src, "b")?;
        let c_s = call.output(c.src, true, "c")?;
        call.launch()?;
        let ((x, ldx), (y, ldy)) = if c_row {
            ((b_s, ldb), (a_s, lda))
        } else {
            ((a_s, lda), (b_s, ldb))
        };
        run(
            self,
            Rank2k {
                uplo,
                trans,
                n,
                k,
                a: x,
                lda: ldx,
                b: y,
                ldb: ldy,
                c: c_s,
                ldc,
            },
        )?;
        call.finish()
    }
}
