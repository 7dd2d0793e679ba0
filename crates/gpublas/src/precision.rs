//! Element types beyond the four BLAS scalars ([`Element`]), and the storage types and
//! arithmetic of mixed-precision gemm ([`GemmInput`], [`GemmOutput`], [`ComputeType`]).

use std::fmt::Debug;

pub use half::{bf16, f16};

use crate::scalar::Scalar;

mod sealed {
    pub trait Sealed {}
    impl<T: crate::scalar::Scalar> Sealed for T {}
    impl Sealed for half::f16 {}
    impl Sealed for half::bf16 {}

    pub trait SealedOutput<I> {}
}

/// What a device buffer, a mapping or an array argument may hold: the four BLAS [`Scalar`]s,
/// and [`f16`](struct@f16) / [`bf16`] for mixed-precision gemm. Sealed.
///
/// Every element is plain old data (`bytemuck::Pod`), moved to and from a device byte for byte;
/// all-zero bytes are the value zero.
pub trait Element:
    sealed::Sealed + bytemuck::Pod + Default + Debug + PartialEq + Send + Sync + 'static
{
}

impl<T: Scalar> Element for T {}
impl Element for f16 {}
impl Element for bf16 {}

/// Storage precision of a mixed-precision gemm operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Precision {
    /// IEEE half ([`f16`](struct@f16)): 5-bit exponent, 10-bit mantissa.
    F16,
    /// bfloat16 ([`bf16`]): 8-bit exponent, 7-bit mantissa.
    Bf16,
    /// IEEE single (`f32`).
    F32,
}

impl Precision {
    /// `"f16"`, `"bf16"` or `"f32"`.
    pub fn name(self) -> &'static str {
        match self {
            Precision::F16 => "f16",
            Precision::Bf16 => "bf16",
            Precision::F32 => "f32",
        }
    }
}

/// How a gemm computes: the arithmetic, independent of how its operands are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ComputeType {
    /// IEEE single-precision products and sums (cuBLAS `CUBLAS_COMPUTE_32F`, rocBLAS
    /// `rocblas_datatype_f32_r` in the default math mode).
    #[default]
    F32,
    /// TF32 tensor-core arithmetic for `f32` operands: each input is rounded to TF32 (f32's
    /// 8-bit exponent, a 10-bit mantissa) and products are summed in f32, so results differ
    /// from `F32` by about `1e-3` relative (cuBLAS `CUBLAS_COMPUTE_32F_FAST_TF32`; rocBLAS: the
    /// `xf32` math mode, which rocBLAS applies where the GPU has xf32 units).
    ///
    /// It is a permission, not an obligation: the [`Host`](crate::Host) backend has no TF32
    /// arithmetic and computes exactly as for `F32`, which is within TF32's error bound. For
    /// `f16`/`bf16` operands, which TF32 represents exactly, it is the same as `F32`.
    Tf32,
}

impl ComputeType {
    /// `"F32"` or `"TF32"`.
    pub fn name(self) -> &'static str {
        match self {
            ComputeType::F32 => "F32",
            ComputeType::Tf32 => "TF32",
        }
    }
}

/// A storage type of `A` and `B` in [`gemm_with`](crate::Device::gemm_with) and
/// [`gemm_strided_batched_with`](crate::Device::gemm_strided_batched_with): [`f16`](struct@f16), [`bf16`]
/// or `f32`. Sealed.
///
/// The 16-bit types are storage only: they are [`Element`]s (buffers, mappings and host slices
/// of them are arguments like any other) but not [`Scalar`]s (no level 1/2/3 routine takes
/// them). What each input may be multiplied into:
///
/// | `A`, `B` | `C` ([`GemmOutput`]) | arithmetic ([`ComputeType`]) |
/// |---|---|---|
/// | `f16` | `f16` or `f32` | products and sums in f32 (`F32`; `Tf32` is the same for these inputs) |
/// | `bf16` | `bf16` or `f32` | products and sums in f32 (`F32`; `Tf32` is the same for these inputs) |
/// | `f32` | `f32` | `F32` (IEEE single), or `Tf32` (inputs rounded to TF32's 10-bit mantissa where the device has TF32 units) |
///
/// `α` and `β` are `f32` host scalars; `αAB + βC` is formed in f32 and a 16-bit `C` is rounded
/// from it once. These are the combinations both cuBLAS (`cublasGemmEx` with
/// `CUBLAS_COMPUTE_32F`) and rocBLAS (`rocblas_gemm_ex` with an f32 compute type) provide.
pub trait GemmInput: Element + Copy {
    /// Which precision this is.
    const PRECISION: Precision;
    /// The value as an `f32` (exact).
    fn to_f32(self) -> f32;
    /// The nearest value of this type (round to nearest, ties to even).
    fn from_f32(x: f32) -> Self;
}

impl GemmInput for f16 {
    const PRECISION: Precision = Precision::F16;
    fn to_f32(self) -> f32 {
        f16::to_f32(self)
    }
    fn from_f32(x: f32) -> Self {
        f16::from_f32(x)
    }
}

impl GemmInput for bf16 {
    const PRECISION: Precision = Precision::Bf16;
    fn to_f32(self) -> f32 {
        bf16::to_f32(self)
    }
    fn from_f32(x: f32) -> Self {
        bf16::from_f32(x)
    }
}

impl GemmInput for f32 {
    const PRECISION: Precision = Precision::F32;
    fn to_f32(self) -> f32 {
        self
    }
    fn from_f32(x: f32) -> Self {
        x
    }
}

/// A storage type of `C` for inputs of type `I` in [`gemm_with`](crate::Device::gemm_with): `I`
/// itself or `f32` (the combinations both cuBLAS and rocBLAS compute with f32 accumulation).
/// Sealed.
pub trait GemmOutput<I: GemmInput>: GemmInput + sealed::SealedOutput<I> {}

macro_rules! gemm_output {
    ($($i:ty => $o:ty),* $(,)?) => {$(
        impl sealed::SealedOutput<$i> for $o {}
        impl GemmOutput<$i> for $o {}
    )*};
}
gemm_output! {
    f16 => f16,
    f16 => f32,
    bf16 => bf16,
    bf16 => f32,
    f32 => f32,
}

/// The element types and arithmetic of one mixed-precision gemm, as backends see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GemmTypes {
    /// How `A` and `B` are stored.
    pub input: Precision,
    /// How `C` is stored.
    pub output: Precision,
    /// The arithmetic.
    pub compute: ComputeType,
}

impl GemmTypes {
    /// The types of a gemm with inputs `I`, output `O` and arithmetic `compute`; `Tf32` on
    /// 16-bit inputs (which TF32 holds exactly) is `F32`.
    pub fn of<I: GemmInput, O: GemmOutput<I>>(compute: ComputeType) -> Self {
        let compute = if I::PRECISION == Precision::F32 {
            compute
        } else {
            ComputeType::F32
        };
        GemmTypes {
            input: I::PRECISION,
            output: O::PRECISION,
            compute,
        }
    }

    /// `"f16 × f16 → f32 (F32)"`, for messages.
    pub fn describe(&self) -> String {
        format!(
            "{0} × {0} → {1} ({2})",
            self.input.name(),
            self.output.name(),
            self.compute.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_bit_conversions_round_to_nearest_even() {
        // 1 + 2⁻¹¹ is halfway between two f16s: ties go to the even one (1.0).
        assert_eq!(
            <f16 as GemmInput>::from_f32(1.0 + 2f32.powi(-11)).to_f32(),
            1.0
        );
        assert_eq!(
            <f16 as GemmInput>::from_f32(1.0 + 3.0 * 2f32.powi(-11)).to_f32(),
            1.0 + 2f32.powi(-9)
        );
        // bf16 keeps 8 significant bits.
        assert_eq!(
            <bf16 as GemmInput>::from_f32(1.0 + 2f32.powi(-9)).to_f32(),
            1.0
        );
        assert_eq!(<bf16 as GemmInput>::to_f32(bf16::from_f32(3.0)), 3.0);
    }

    #[test]
    fn tf32_on_sixteen_bit_inputs_is_f32() {
        let t = GemmTypes::of::<f16, f32>(ComputeType::Tf32);
        assert_eq!(t.compute, ComputeType::F32);
        let t = GemmTypes::of::<f32, f32>(ComputeType::Tf32);
        assert_eq!(t.compute, ComputeType::Tf32);
        assert_eq!(t.describe(), "f32 × f32 → f32 (TF32)");
    }

    #[test]
    fn zero_bytes_are_zero_for_every_element() {
        assert_eq!(<f16 as bytemuck::Zeroable>::zeroed(), f16::ZERO);
        assert_eq!(<bf16 as bytemuck::Zeroable>::zeroed(), bf16::ZERO);
    }
}
