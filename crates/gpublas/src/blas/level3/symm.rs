//! symm and hemm: `C ← α A B + βC` or `α B A + βC` with `A` symmetric or Hermitian, stored in
//! one triangle.
//!
//! A row-major `C` is stored as `Cᵀ = Bᵀ Aᵀ`, which flips the side; a row-major `A` flips its
//! stored triangle (`Aᵀ` is `A`, or `conj(A)` if Hermitian, stored as such). A Hermitian `A` in
//! another layout than `C`'s runs on a conjugated copy; a `B` in another layout than `C`'s
//! (symm has no op on `B`) on a copy in `C`'s layout.

use crate::args::{MatIn, MatOut};
use crate::backend::{Backend, BlasAll, DevPtr, Level1, Level3};
use crate::blas::level2::single;
use crate::blas::mismatch;
use crate::device::Device;
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Order, Side, Uplo};

impl<B: Backend> Device<B> {
    /// `C ← α A B + βC` (`Side::Left`) or `C ← α B A + βC` (`Side::Right`), `A` symmetric with
    /// its `uplo` triangle stored (the other is not read; complex symmetric for complex types).
    /// `α = 0` reads neither `A` nor `B`, `β = 0` does not read `C`.
    ///
    /// Any layouts: symm has no op on `B`, so a `B` in another layout than `C`'s runs on a copy
    /// in `C`'s layout; `A` may have either.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `C`'s shape, or `A` is not square of
    /// `C`'s rows (left) or columns (right); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (A `B` in another layout than
    /// `C`'s is fine: the call runs on a copy of it in `C`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[2, 1], [1, 3]] from its lower triangle (the upper one is not read).
    /// let a = [2.0, 1.0, f64::NAN, 3.0];
    /// let b = [1.0, 0.0, 2.0, 1.0]; // [[1, 2], [0, 1]]
    /// let mut c = vec![f64::NAN; 4]; // β = 0: never read
    /// dev.symm(Side::Left, Uplo::Lower, 1.0, Mat::col_major(&a, 2, 2), Mat::col_major(&b, 2, 2),
    ///          0.0, MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [2.0, 1.0, 5.0, 5.0]); // [[2, 5], [1, 5]]
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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

    /// `symm` with `A` Hermitian: its diagonal's imaginary part is not read (taken as zero), the
    /// other triangle is the conjugate of the stored one. For real types this is `symm`.
    ///
    /// Layouts as for [`Device::symm`]; a complex `A` in another layout than `C`'s runs on a
    /// conjugated copy of `A`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the argument if an operand
    /// does not fit its storage or is a batch, `B` is not `C`'s shape, or `A` is not square of
    /// `C`'s rows (left) or columns (right); a transfer or backend failure (see
    /// [`Error`](crate::Error)). The output is untouched on every error except
    /// [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a device fault after results began to
    /// reach it), which names the output that may be partly written. (A `B` in another layout than
    /// `C`'s is fine: the call runs on a copy of it in `C`'s layout.)
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::Complex64 as Z;
    ///
    /// let dev = Device::auto()?;
    /// // A = [[2, 1 − i], [1 + i, 3]] from its upper triangle; the 9i on the diagonal is ignored.
    /// let nan = Z::new(f64::NAN, f64::NAN);
    /// let a = [Z::new(2.0, 9.0), nan, Z::new(1.0, -1.0), Z::new(3.0, 0.0)];
    /// let identity = [Z::new(1.0, 0.0), Z::new(0.0, 0.0), Z::new(0.0, 0.0), Z::new(1.0, 0.0)];
    /// let mut c = vec![nan; 4];
    /// dev.hemm(Side::Left, Uplo::Upper, Z::new(1.0, 0.0), Mat::col_major(&a, 2, 2),
    ///          Mat::col_major(&identity, 2, 2), Z::new(0.0, 0.0), MatMut::col_major(&mut c, 2, 2))?;
    /// assert_eq!(c, [Z::new(2.0, 0.0), Z::new(1.0, 1.0), Z::new(1.0, -1.0), Z::new(3.0, 0.0)]);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
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

    /// `X ← βX` on the stored `m × n` matrix at `x` (leading dimension `ld`), as reference
    /// BLAS does it: `β = 0` writes zeros without reading (device memsets), `β = 1` does
    /// nothing, else one `scal` per column (one for a dense matrix).
    ///
    /// # Safety
    /// `x` is valid for the matrix's extent and nothing else uses it meanwhile.
    pub(in crate::blas) unsafe fn scale_stored<T: Scalar>(
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
        // symm has no op on B: a B in the other layout than C's runs on a relaid copy.
        let mut keep_b = None;
        let b = self.in_layout(b, c.shape.order, &mut keep_b, r, "b")?;
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
        let mut call = self.call(r).memsets();
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
}
