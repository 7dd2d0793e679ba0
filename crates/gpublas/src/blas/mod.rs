//! The safe, validated BLAS operations, as methods of [`Device`](crate::Device).
//!
//! Every operation checks every dimension, leading dimension, increment and length before it
//! transfers anything or calls the backend, so bad input is an [`Error`](crate::Error) and host
//! data stays untouched. Reference-BLAS semantics hold: empty dimensions return at once,
//! `beta = 0` overwrites the output without reading it, `alpha = 0` reads no input matrix.

mod level1;
mod level2;
mod level3;
mod mixed;

use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::types::{Op, Order};

/// `Op::C` is `Op::T` for real types; normalising keeps backends from seeing it.
pub(crate) fn real_op<T: Scalar>(op: Op) -> Op {
    if op == Op::C && !T::IS_COMPLEX {
        Op::T
    } else {
        op
    }
}

/// The op to apply to a matrix's *stored* column-major form so the result is `op(X)`
/// (`transposed = false`) or `op(X)ᵀ` (`transposed = true`), given the matrix's order.
pub(crate) fn stored_op<T: Scalar>(
    routine: &'static str,
    arg: &'static str,
    op: Op,
    order: Order,
    transposed: bool,
) -> Result<Op> {
    let op = real_op::<T>(op);
    if (order == Order::RowMajor) != transposed {
        op.on_transposed(T::IS_COMPLEX).ok_or_else(|| Error::Unsupported {
            routine,
            what: format!("Op::C on `{arg}` when its layout differs from the output's (a conjugate without a transpose); make the layouts match"),
        })
    } else {
        Ok(op)
    }
}

pub(crate) fn mismatch(routine: &'static str, arg: &'static str, rule: String) -> Error {
    Error::arg(routine, arg, rule)
}
