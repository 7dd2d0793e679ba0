//! [`MixedPrecision`]: gemm with chosen storage types and arithmetic (`f16`/`bf16` operands with
//! f32 accumulation, TF32).

use super::{Backend, DevPtr};
use crate::error::Result;
use crate::precision::GemmTypes;
use crate::types::Op;

/// Calls `$m! { MixedPrecision; fn name(args) -> ret; ... }` with the signature of every
/// [`MixedPrecision`] method, so backends that forward to another ([`Dynamic`](super::Dynamic),
/// [`Emulated`](super::Emulated)) list them in one place.
macro_rules! mixed_methods {
    ($m:ident) => {
        $m! { MixedPrecision;
        fn gemm_ex(types: $crate::precision::GemmTypes, ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: f32, a: $crate::backend::DevPtr, lda: usize, b: $crate::backend::DevPtr, ldb: usize, beta: f32, c: $crate::backend::DevPtr, ldc: usize) -> $crate::error::Result<()>;
        fn gemm_strided_batched_ex(types: $crate::precision::GemmTypes, ta: $crate::types::Op, tb: $crate::types::Op, m: usize, n: usize, k: usize, alpha: f32, a: $crate::backend::DevPtr, lda: usize, stride_a: usize, b: $crate::backend::DevPtr, ldb: usize, stride_b: usize, beta: f32, c: $crate::backend::DevPtr, ldc: usize, stride_c: usize, batch: usize) -> $crate::error::Result<()>;
        }
    };
}
pub(crate) use mixed_methods;

/// gemm whose operands are stored in the precisions of a [`GemmTypes`] (`A` and `B` in
/// `types.input`, `C` in `types.output`) and computed with `types.compute`; `α` and `β` are
/// `f32`. Strides and leading dimensions count elements of the operand's own type.
///
/// Every combination [`GemmTypes::of`] can make is accepted; a backend without a path for one
/// (e.g. TF32 on a rocBLAS without math modes) returns [`Error::Unsupported`](crate::Error)
/// naming itself.
///
/// # Safety (for every method)
/// As for [`Level3::gemm`](super::Level3::gemm): column-major operands, leading dimensions ≥
/// max(1, rows), pointers valid for the extents the dimensions imply (for every matrix of a
/// batch), `C` overlapping no input (nor, in a batch, another `C`).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait MixedPrecision: Backend {
    /// `C ← α op(A) op(B) + βC`.
    unsafe fn gemm_ex(
        &self,
        types: GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;

    /// `Cᵢ ← α op(Aᵢ) op(Bᵢ) + βCᵢ` for `i < batch`, matrix `i` of each operand `i·stride`
    /// elements after its first.
    unsafe fn gemm_strided_batched_ex(
        &self,
        types: GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()>;
}
