//! Level 3 rank-k updates: `syrk` and `herk`, which share their validation and layout handling.

use num_traits::{One, Zero};

use crate::args::{MatIn, MatOut};
use crate::backend::{Backend, BlasAll, Level3};
use crate::blas::level2::single;
use crate::blas::{mismatch, real_op, stored_op};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order, Uplo};

impl<B: Backend> Device<B> {
    /// `C ← α op(A) op(A)ᵀ + βC` on the `uplo` triangle of `C` (the other is not touched);
    /// `trans` is `N` or `T` (`C` too for real types).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `C` is not `n × n` for `op(A)`'s `n` rows, or
    /// `trans` is `Op::C` for a complex type; a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[1, 2], [3, 4]] (row-major): C = A Aᵀ, upper triangle only.
    /// let a = [1.0, 2.0, 3.0, 4.0];
    /// let mut c = vec![0.0, -1.0, 0.0, 0.0]; // column-major; (1, 0) is below the diagonal
    /// dev.syrk(Uplo::Upper, Op::N, 1.0, Mat::row_major(&a, 2, 2), 0.0,
    ///          MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [5.0, -1.0, 11.0, 25.0]); // the lower triangle is untouched
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
        B: BlasAll,
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
                    dev.blas::<T>().syrk(
                        p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, beta, p.c, p.ldc,
                    )
                }
            },
        )
    }

    /// `C ← α op(A) op(A)ᴴ + βC` with real `α`, `β` on the `uplo` triangle of `C`, keeping its
    /// diagonal real; `trans` is `N` or `C` (for real types this is `syrk`). `A` and `C` may be
    /// in different layouts (it runs on a conjugated copy of `A` then).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `C` is not `n × n` for `op(A)`'s `n` rows, or
    /// `trans` is `Op::T` for a complex type; a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [1 + i, 2] (1×2): C = A Aᴴ = |1 + i|² + 4 = 6.
    /// let a = [Complex64::new(1.0, 1.0), Complex64::new(2.0, 0.0)];
    /// let mut c = vec![Complex64::new(0.0, 0.0)];
    /// dev.herk(Uplo::Lower, Op::N, 1.0, Mat::col_major(&a, 1, 2), 0.0,
    ///          MatMut::col_major(&mut c, 1, 1))?;
    /// assert_eq!(c, [Complex64::new(6.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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
        B: BlasAll,
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
                    dev.blas::<T>().herk(
                        p.uplo, p.trans, p.n, p.k, alpha, p.a, p.lda, beta, p.c, p.ldc,
                    )
                }
            },
        )
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
        run: impl FnOnce(&Self, RankK) -> Result<()>,
    ) -> Result<()>
    where
        B: BlasAll,
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
        // which a row-major A expresses by flipping N ↔ C; a mixed layout runs on a conjugated
        // copy of A (conj(A) stored in A's layout gives what the matching layout would).
        let c_row = c.shape.order == Order::RowMajor;
        let a_row = a.shape.order == Order::RowMajor;
        let (trans, conj_a) = if r == "herk" && T::IS_COMPLEX {
            let flipped = match (a_row, trans) {
                (false, t) => t,
                (true, Op::N) => Op::C,
                (true, _) => Op::N,
            };
            (flipped, a_row != c_row)
        } else {
            stored_op::<T>(trans, a.shape.order, false)
        };
        let uplo = if c_row { uplo.flip() } else { uplo };
        // Reference BLAS's quick return: nothing to add and β = 1 leaves C exactly as it is.
        if n == 0 || ((alpha_zero || k == 0) && beta_one) {
            return Ok(());
        }
        // α = 0 must not read A (vendors differ): k = 0 makes the backend only scale C.
        let k = if alpha_zero { 0 } else { k };
        let mut keep = None;
        let a = if conj_a && k > 0 {
            self.conjugated_mat(a, &mut keep, r, "a")?
        } else {
            a
        };
        let (lda, ldc) = (a.shape.ld, c.shape.ld);
        let mut call = self.call(r);
        let a_s = call.input(a.src, "a")?;
        let c_s = call.output(c.src, true, "c")?;
        call.launch()?;
        run(
            self,
            RankK {
                uplo,
                trans,
                n,
                k,
                a: a_s,
                lda,
                c: c_s,
                ldc,
            },
        )?;
        call.finish()
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
