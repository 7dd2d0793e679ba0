//! `C ← C + α·op(A)·op(B)` for the recursive triangular routines ([`trsm`](super::trsm),
//! [`trmm`](super::trmm)): through the host's own gemm when the views are BLAS operands (`C`, or
//! its transpose, with unit row stride; `A` and `B` with a unit stride one way or the other),
//! else through faer's matmul.
//!
//! The host gemm is the faster of the two on the thin and medium shapes these recursions make,
//! and sequential inside a thread's panel (`Par::Seq`) it costs no synchronisation.

use faer::reborrow::IntoConst;
use faer::{Accum, MatMut, MatRef, Par};

use super::gemm::{gemm, gemm_serial, Call};
use crate::backend::host::{conj_if, fa};
use crate::backend::DevPtr;
use crate::scalar::Scalar;
use crate::types::Op;

/// `op(X)` of a view as a BLAS operand: `(op, ld, address)` when the view is `X` column-major
/// (`op = N`, only if not conjugated) or `Xᵀ` of a column-major `X` (`op = T`, or `C` for a
/// conjugated complex one), with a leading dimension no smaller than its stored rows.
fn operand<T: Scalar>(v: MatRef<'_, T::Faer>, conj: bool) -> Option<(Op, usize, DevPtr)> {
    let (rows, cols) = (v.nrows(), v.ncols());
    let (rs, cs) = (v.row_stride(), v.col_stride());
    let p = DevPtr::from_raw(v.as_ptr().cast_mut().cast());
    let fits = |step: isize, len: usize, other: usize| {
        other <= 1 || usize::try_from(step).is_ok_and(|s| s >= len.max(1))
    };
    if (rs == 1 || rows <= 1) && !conj && fits(cs, rows, cols) {
        let ld = if cols <= 1 { rows.max(1) } else { cs as usize };
        return Some((Op::N, ld, p));
    }
    if (cs == 1 || cols <= 1) && fits(rs, cols, rows) {
        let ld = if rows <= 1 { cols.max(1) } else { rs as usize };
        let op = if conj && T::IS_COMPLEX { Op::C } else { Op::T };
        return Some((op, ld, p));
    }
    None
}

/// `C ← C + α·op(A)·op(B)`, `op` a conjugation where `conj_a` / `conj_b`; on the calling thread
/// for `Par::Seq`, else over `par`'s threads.
pub(super) fn add_product<T: Scalar>(
    c: MatMut<'_, T::Faer>,
    (a, conj_a): (MatRef<'_, T::Faer>, bool),
    (b, conj_b): (MatRef<'_, T::Faer>, bool),
    alpha: T,
    par: Par,
) {
    let (m, n, k) = (c.nrows(), c.ncols(), a.ncols());
    if m == 0 || n == 0 || k == 0 || alpha.is_zero() {
        return;
    }
    // C with unit column stride: the transposed product, Cᵀ += α·op(B)ᵀ·op(A)ᵀ.
    let transposed = !(c.row_stride() == 1 || m <= 1) && (c.col_stride() == 1 || n <= 1);
    let (cv, (x, cx), (y, cy)) = if transposed {
        (
            c.transpose_mut(),
            (b.transpose(), conj_b),
            (a.transpose(), conj_a),
        )
    } else {
        (c, (a, conj_a), (b, conj_b))
    };
    let (cm, cn) = (cv.nrows(), cv.ncols());
    let c_ok = (cv.row_stride() == 1 || cm <= 1)
        && (cn <= 1 || usize::try_from(cv.col_stride()).is_ok_and(|s| s >= cm));
    if let (true, Some((ta, lda, pa)), Some((tb, ldb, pb))) =
        (c_ok, operand::<T>(x, cx), operand::<T>(y, cy))
    {
        let ldc = if cn <= 1 {
            cm
        } else {
            cv.col_stride() as usize
        };
        let pc = DevPtr::from_raw(cv.as_ptr_mut().cast());
        let call = Call {
            ta,
            tb,
            m: cm,
            n: cn,
            k,
            alpha,
            a: pa,
            lda,
            b: pb,
            ldb,
            beta: T::one(),
            c: pc,
            ldc,
        };
        // SAFETY: the views describe their operands' elements with these strides and leading
        // dimensions (checked above), and `C`, a mutable view, overlaps neither input.
        unsafe {
            match par {
                Par::Seq => gemm_serial(call, None),
                _ => gemm(call),
            }
        }
        return;
    }
    faer::linalg::matmul::matmul_with_conj(
        cv,
        Accum::Add,
        x,
        conj_if(cx),
        y.into_const(),
        conj_if(cy),
        fa(alpha),
        par,
    );
}
