//! The real "unit" the kernels compute in (`f32` for `s`/`c`, `f64` for `d`/`z`: a complex
//! element is two units, real part first), its SIMD vectors through `pulp`, and the choice of
//! instruction set.
//!
//! Every operation here is one IEEE operation per lane (a fused multiply-add is one rounding),
//! so a lane's result does not depend on the vector width or on the other lanes: the kernels give
//! the same bits on AVX-512, AVX2, NEON and the portable fallback.

use pulp::{Simd, WithSimd};

/// A real type the kernels work in, with its SIMD operations for an instruction set `S`.
pub(in crate::backend::host::level3) trait Unit:
    Copy + Send + Sync + 'static
{
    /// A vector of units for `S`.
    type V<S: Simd>: Copy;
    /// Zero.
    const ZERO: Self;
    /// Units per vector.
    fn lanes<S: Simd>() -> usize;
    /// `-x`.
    fn neg(self) -> Self;
    /// `x == 0` (either sign).
    fn is_zero_unit(self) -> bool;
    /// The unit nearest to `x` (exact for a value that came from this type).
    fn from_f64(x: f64) -> Self;
    /// `self·b + c`, rounded once (a scalar fused multiply-add: one instruction where the
    /// caller runs with FMA enabled, as inside [`dispatch`]).
    fn fma(self, b: Self, c: Self) -> Self;
    /// `self·b` (scalar).
    fn smul(self, b: Self) -> Self;
    /// `self + b` (scalar).
    fn sadd(self, b: Self) -> Self;
    /// Every lane `x`.
    fn splat<S: Simd>(simd: S, x: Self) -> Self::V<S>;
    /// `a·b + c`, rounded once.
    fn mul_add<S: Simd>(simd: S, a: Self::V<S>, b: Self::V<S>, c: Self::V<S>) -> Self::V<S>;
    /// `a·b`.
    fn mul<S: Simd>(simd: S, a: Self::V<S>, b: Self::V<S>) -> Self::V<S>;
    /// `a + b`.
    fn add<S: Simd>(simd: S, a: Self::V<S>, b: Self::V<S>) -> Self::V<S>;
    /// The whole vectors at the start of `x` (the elements after them left out).
    fn vectors<S: Simd>(x: &[Self]) -> &[Self::V<S>];
    /// The whole vectors at the start of `x`, mutable.
    fn vectors_mut<S: Simd>(x: &mut [Self]) -> &mut [Self::V<S>];
    /// Swaps each pair of lanes `(2i, 2i + 1)` (the real and imaginary parts of a complex).
    fn swap_pairs<S: Simd>(simd: S, a: Self::V<S>) -> Self::V<S>;
    /// Reads a vector from `p` (any alignment).
    ///
    /// # Safety
    /// `p` is valid for reading `lanes::<S>()` units.
    unsafe fn load<S: Simd>(simd: S, p: *const Self) -> Self::V<S>;
    /// Writes a vector to `p` (any alignment).
    ///
    /// # Safety
    /// `p` is valid for writing `lanes::<S>()` units.
    unsafe fn store<S: Simd>(simd: S, p: *mut Self, v: Self::V<S>);
}

macro_rules! unit {
    (
        $t:ty,
        $v:ident,
        $lanes:ident,
        $splat:ident,
        $fma:ident,
        $mul:ident,
        $add:ident,
        $swap:ident,
        $as:ident,
        $as_mut:ident
    ) => {
        impl Unit for $t {
            type V<S: Simd> = S::$v;
            const ZERO: Self = 0.0;
            #[inline(always)]
            fn lanes<S: Simd>() -> usize {
                S::$lanes
            }
            #[inline(always)]
            fn neg(self) -> Self {
                -self
            }
            #[inline(always)]
            fn is_zero_unit(self) -> bool {
                self == 0.0
            }
            #[inline(always)]
            fn from_f64(x: f64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn fma(self, b: Self, c: Self) -> Self {
                <$t>::mul_add(self, b, c)
            }
            #[inline(always)]
            fn smul(self, b: Self) -> Self {
                self * b
            }
            #[inline(always)]
            fn sadd(self, b: Self) -> Self {
                self + b
            }
            #[inline(always)]
            fn splat<S: Simd>(simd: S, x: Self) -> S::$v {
                simd.$splat(x)
            }
            #[inline(always)]
            fn mul_add<S: Simd>(simd: S, a: S::$v, b: S::$v, c: S::$v) -> S::$v {
                simd.$fma(a, b, c)
            }
            #[inline(always)]
            fn mul<S: Simd>(simd: S, a: S::$v, b: S::$v) -> S::$v {
                simd.$mul(a, b)
            }
            #[inline(always)]
            fn add<S: Simd>(simd: S, a: S::$v, b: S::$v) -> S::$v {
                simd.$add(a, b)
            }
            #[inline(always)]
            fn vectors<S: Simd>(x: &[Self]) -> &[S::$v] {
                S::$as(x).0
            }
            #[inline(always)]
            fn vectors_mut<S: Simd>(x: &mut [Self]) -> &mut [S::$v] {
                S::$as_mut(x).0
            }
            #[inline(always)]
            fn swap_pairs<S: Simd>(simd: S, a: S::$v) -> S::$v {
                // The complex vector of the same width holds the same lanes, pairwise.
                pulp::cast(simd.$swap(pulp::cast(a)))
            }
            #[inline(always)]
            unsafe fn load<S: Simd>(_simd: S, p: *const Self) -> S::$v {
                // SAFETY: the caller guarantees `p` is readable for a whole vector; the read
                // is unaligned and every bit pattern is a valid vector of floats.
                unsafe { p.cast::<S::$v>().read_unaligned() }
            }
            #[inline(always)]
            unsafe fn store<S: Simd>(_simd: S, p: *mut Self, v: S::$v) {
                // SAFETY: the caller guarantees `p` is writable for a whole vector.
                unsafe { p.cast::<S::$v>().write_unaligned(v) }
            }
        }
    };
}
unit!(
    f32,
    f32s,
    F32_LANES,
    splat_f32s,
    mul_add_f32s,
    mul_f32s,
    add_f32s,
    swap_re_im_c32s,
    as_simd_f32s,
    as_mut_simd_f32s
);
unit!(
    f64,
    f64s,
    F64_LANES,
    splat_f64s,
    mul_add_f64s,
    mul_f64s,
    add_f64s,
    swap_re_im_c64s,
    as_simd_f64s,
    as_mut_simd_f64s
);

/// Runs `job` with the widest instruction set of this CPU that the kernels support (AVX-512 or
/// AVX2+FMA on x86-64, NEON on AArch64), else with pulp's portable 128-bit vectors (also what
/// Miri runs, as it reports no CPU features).
#[inline]
pub(in crate::backend::host::level3) fn dispatch<J: WithSimd>(job: J) -> J::Output {
    #[cfg(target_arch = "x86_64")]
    match pulp::Arch::new() {
        pulp::Arch::V4(simd) => return Simd::vectorize(simd, job),
        pulp::Arch::V3(simd) => return Simd::vectorize(simd, job),
        _ => {}
    }
    #[cfg(target_arch = "aarch64")]
    if let pulp::Arch::Neon(simd) = pulp::Arch::new() {
        return Simd::vectorize(simd, job);
    }
    Simd::vectorize(pulp::Scalar128b, job)
}
