//! The safe, validated BLAS operations, as methods of [`Device`](crate::Device).
//!
//! Every operation checks every dimension, leading dimension, increment and length before it
//! transfers anything or calls the backend, so bad input is an [`Error`](crate::Error) and host
//! data stays untouched. Reference-BLAS semantics hold: empty dimensions return at once,
//! `beta = 0` overwrites the output without reading it, `alpha = 0` reads no input matrix.

mod batched;
mod conj;
mod level1;
mod level2;
mod level3;
mod mixed;

pub use level1::{Rotg, Rotmg};
pub(crate) use level3::plan_gemm;

use crate::backend::BlasAll;
use crate::device::Device;
use crate::error::Error;
use crate::scalar::Scalar;
use crate::types::{Op, Order};

impl<B: BlasAll> Device<B> {
    /// The backend's routines for `T` (what every generic operation calls).
    pub(crate) fn blas<T: Scalar>(&self) -> &T::On<B> {
        T::on(self.backend())
    }
}

/// `Op::C` is `Op::T` for real types; normalising keeps backends from seeing it.
pub(crate) fn real_op<T: Scalar>(op: Op) -> Op {
    if op == Op::C && !T::IS_COMPLEX {
        Op::T
    } else {
        op
    }
}

/// The op to apply to a matrix's *stored* column-major form so the result is `op(X)`
/// (`transposed = false`) or `op(X)ᵀ` (`transposed = true`), given the matrix's order, and
/// whether `X` must first be replaced by its conjugate.
///
/// A stored row-major matrix is `Xᵀ`, so a layout that differs from the output's turns `N` into
/// `T` and back; `Op::C` would need a conjugate without a transpose, which no BLAS op is: the
/// operation then runs on `conj(X)` with `Op::T` instead (`Xᴴ = conj(X)ᵀ`), i.e. `Op::N` on the
/// stored conjugated copy.
pub(crate) fn stored_op<T: Scalar>(op: Op, order: Order, transposed: bool) -> (Op, bool) {
    let op = real_op::<T>(op);
    if (order == Order::RowMajor) == transposed {
        return (op, false);
    }
    match op.on_transposed(T::IS_COMPLEX) {
        Some(op) => (op, false),
        None => (Op::N, true),
    }
}

pub(crate) fn mismatch(routine: &'static str, arg: &'static str, rule: String) -> Error {
    Error::arg(routine, arg, rule)
}
