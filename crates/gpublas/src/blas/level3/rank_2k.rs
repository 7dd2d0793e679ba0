//! syr2k/her2k and syrkx/herkx: rank-2k updates of one triangle of `C`.
//!
//! A row-major `C` is stored as `Cᵀ`: the other triangle is written, with `A` and `B` trading
//! places (which also makes syrkx's result exact for any `B`, not only a symmetric one); for
//! the Hermitian forms row-major `A` and `B` flip `N ↔ C`, and in another layout than `C`'s they
//! run on conjugated copies, as herk does. `A` and `B` share one `trans`, so a `B` in another
//! layout than `A`'s runs on a copy of it in `A`'s layout.

use num_traits::One;

use crate::args::{MatIn, MatOut};
use crate::backend::{Backend, BlasAll, DevPtr, Level3};
use crate::blas::level2::single;
use crate::blas::{mismatch, real_op, stored_op};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order, Uplo};

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
    /// `C ← α op(A) op(B)ᵀ + α op(B) op(A)ᵀ + βC` on the `uplo` triangle of `C` (the other is
    /// not touched); `op(X)` is `X` (`N`) or `Xᵀ` (`T`; `C` too for real types), `n × k`. `α = 0`
    /// (or `k = 0`) reads neither `A` nor `B`, `β = 0` does not read `C`; with `β = 1` too it
    /// returns at once.
    ///
    /// Any layouts: one `trans` serves both `A` and `B`, so a `B` in another layout than `A`'s
    /// runs on a copy in `A`'s layout; `C` may have either.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `A`'s shape, `C` is not `n × n`, or
    /// `trans` is not one the routine takes (naming `trans`); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (`A` and `B` in different
    /// layouts are fine: the call runs on a copy of `B` in `A`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // a bᵀ + b aᵀ for a = [1, 2], b = [3, 4]: [[6, 10], [10, 16]], upper triangle only.
    /// let (a, b) = ([1.0, 2.0], [3.0, 4.0]);
    /// let mut c = vec![0.0, -1.0, 0.0, 0.0];
    /// dev.syr2k(Uplo::Upper, Op::N, 1.0, Mat::col_major(&a, 2, 1), Mat::col_major(&b, 2, 1),
    ///           0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [6.0, -1.0, 10.0, 16.0]); // the lower element is untouched
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
    /// Scalars' rules as for [`Device::syr2k`].
    ///
    /// Any layouts: a `B` in another layout than `A`'s runs on a copy in `A`'s layout; complex
    /// `A` and `B` in another layout than `C`'s run on conjugated copies.
    ///
    /// Where the library lets elements of `A` and `B` reach elements of `C` their products do not
    /// belong to (cuBLAS's `cher2k`; see
    /// [`Backend::multiplies_structural_zeros`](crate::Backend::multiplies_structural_zeros)), `A`
    /// and `B` are first checked for NaN and ∞ with the library's `asum` (a synchronisation); if
    /// one holds such a value, the call runs on the host from copies of the operands.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `A`'s shape, `C` is not `n × n`, or
    /// `trans` is not one the routine takes (naming `trans`); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (`A` and `B` in different
    /// layouts are fine: the call runs on a copy of `B` in `A`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::Complex64 as Z;
    ///
    /// let dev = Device::auto()?;
    /// // a bᴴ + b aᴴ for a = [1, i], b = [1, 1]: [[2, 1 − i], [1 + i, 0]], upper triangle only.
    /// let (a, b) = ([Z::new(1.0, 0.0), Z::new(0.0, 1.0)], [Z::new(1.0, 0.0); 2]);
    /// let mut c = vec![Z::new(0.0, 0.0), Z::new(7.0, 0.0), Z::new(0.0, 0.0), Z::new(0.0, 0.0)];
    /// dev.her2k(Uplo::Upper, Op::N, Z::new(1.0, 0.0), Mat::col_major(&a, 2, 1),
    ///           Mat::col_major(&b, 2, 1), 0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [Z::new(2.0, 0.0), Z::new(7.0, 0.0), Z::new(1.0, -1.0), Z::new(0.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
    /// diagonal; only the `uplo` triangle is computed either way). `trans`, scalars and layouts
    /// as for [`Device::syr2k`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `A`'s shape, `C` is not `n × n`, or
    /// `trans` is not one the routine takes (naming `trans`); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (`A` and `B` in different
    /// layouts are fine: the call runs on a copy of `B` in `A`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // a (2a)ᵀ for a = [1, 2]: [[2, 4], [4, 8]], lower triangle only.
    /// let (a, b) = ([1.0, 2.0], [2.0, 4.0]);
    /// let mut c = vec![0.0, 0.0, -1.0, 0.0];
    /// dev.syrkx(Uplo::Lower, Op::N, 1.0, Mat::col_major(&a, 2, 1), Mat::col_major(&b, 2, 1),
    ///           0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [2.0, 4.0, -1.0, 8.0]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
    /// diagonal real (the Hermitian `syrkx`); `trans` and layouts as for [`Device::her2k`].
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `A`'s shape, `C` is not `n × n`, or
    /// `trans` is not one the routine takes (naming `trans`); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (`A` and `B` in different
    /// layouts are fine: the call runs on a copy of `B` in `A`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::Complex64 as Z;
    ///
    /// let dev = Device::auto()?;
    /// // a (2a)ᴴ for a = [1, i]: [[2, −2i], [2i, 2]], upper triangle only.
    /// let a = [Z::new(1.0, 0.0), Z::new(0.0, 1.0)];
    /// let b = [Z::new(2.0, 0.0), Z::new(0.0, 2.0)];
    /// let mut c = vec![Z::new(0.0, 0.0); 4];
    /// dev.herkx(Uplo::Upper, Op::N, Z::new(1.0, 0.0), Mat::col_major(&a, 2, 1),
    ///           Mat::col_major(&b, 2, 1), 0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [Z::new(2.0, 0.0), Z::new(0.0, 0.0), Z::new(0.0, -2.0), Z::new(2.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
        // One `trans` serves both A and B: a B in the other layout than A's runs on a relaid copy.
        let mut keep_b = None;
        let b = self.in_layout(b, a.shape.order, &mut keep_b, r, "b")?;
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
