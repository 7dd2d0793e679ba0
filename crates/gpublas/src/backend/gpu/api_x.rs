//! [`GpuApiX`]: what the shared GPU backend needs of a vendor library for
//! [`BlasLevel1Ext`](crate::backend::BlasLevel1Ext) and
//! [`BlasLevel2Ext`](crate::backend::BlasLevel2Ext), and [`vendor_x_methods!`], which writes its
//! methods once for both vendors from their routine names (see `vendor_x.rs`).
//!
//! These routines live in the vendors' secondary function tables (cuBLAS's `CublasLevel1`,
//! `CublasLevel2`, `CublasTriangular`; rocBLAS's `RocblasLevel1`, `RocblasLevel2`,
//! `RocblasTriangular`), loaded on first use: a library whose table does not load (an older
//! version without one of its symbols) makes each of its routines [`Error::Unsupported`] naming
//! the backend and the missing symbol, as is a routine a vendor does not have at all.

use super::GpuApi;
use crate::backend::{BackendKind, DevPtr};
use crate::error::{Error, Result};
use crate::scalar::{Scalar, ScalarKind};
use crate::types::{Diag, Op, Uplo};

/// The error for a routine the backend's vendor library does not have (for this type).
pub(crate) fn missing<T: Scalar>(routine: &'static str, kind: BackendKind) -> Error {
    Error::Unsupported {
        routine,
        what: format!(
            "{routine} on {} on the {} backend (its vendor library has no such routine)",
            match T::KIND {
                ScalarKind::F32 => "f32",
                ScalarKind::F64 => "f64",
                ScalarKind::C32 => "Complex32",
                ScalarKind::C64 => "Complex64",
            },
            kind.name()
        ),
    }
}

/// The error for a vendor function table that did not load.
pub(crate) fn not_loaded(
    routine: &'static str,
    kind: BackendKind,
    e: impl std::fmt::Display,
) -> Error {
    Error::Unsupported {
        routine,
        what: format!("{routine} on the {} backend ({e})", kind.name()),
    }
}

/// The error for an optional entry point the loaded library lacks (`why` says which versions
/// have it).
pub(crate) fn absent(
    routine: &'static str,
    kind: BackendKind,
    symbol: &'static str,
    why: &'static str,
) -> Error {
    Error::Unsupported {
        routine,
        what: format!(
            "{routine} on the {} backend (the loaded library has no usable `{symbol}`: {why})",
            kind.name()
        ),
    }
}

/// `xcall!(self.check, T, "routine", table => [s, d, c, z](args))`: calls the variant of a
/// vendor routine for `T` from the lazily loaded `table` (a `Result<&Table, _>` expression) and
/// checks its status with the vendor's `check`; a `-` in place of a name makes that type
/// [`missing`], and `(? name, "why")` names an optional entry point (an `Option` in the table)
/// that is [`absent`] when the loaded library lacks it.
///
/// With `ints: [..]` after the table (`xcall!(self.check, T, "gbmv", table, ints: [m, n, lda]
/// => [..](args))`, the integers `i64`s), the call goes to the 32-bit entry point when every
/// listed integer fits in `i32` and to its `_64` twin otherwise (`lp64_or_ilp64!`); the `_64`
/// twin is looked up in the same table, or in `ilp64: other_table` given before `ints`.
macro_rules! xcall {
    ($api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr => [$s:tt, $d:tt, $c:tt, $z:tt]($($arg:expr),* $(,)?)) => {{
        match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => $crate::backend::gpu::xcall!(@one $api.$check, $t, $routine, $tab, $s, ($($arg),*)),
            $crate::scalar::ScalarKind::F64 => $crate::backend::gpu::xcall!(@one $api.$check, $t, $routine, $tab, $d, ($($arg),*)),
            $crate::scalar::ScalarKind::C32 => $crate::backend::gpu::xcall!(@one $api.$check, $t, $routine, $tab, $c, ($($arg),*)),
            $crate::scalar::ScalarKind::C64 => $crate::backend::gpu::xcall!(@one $api.$check, $t, $routine, $tab, $z, ($($arg),*)),
        }
    }};
    ($api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, $(ilp64: $tab64:expr,)? ints: [$($i:ident),+ $(,)?] => [$s:tt, $d:tt, $c:tt, $z:tt]($($arg:expr),* $(,)?)) => {{
        match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => $crate::backend::gpu::xcall!(@one64 $api.$check, $t, $routine, $tab, ($($tab64)?), $s, [$($i),+], ($($arg),*)),
            $crate::scalar::ScalarKind::F64 => $crate::backend::gpu::xcall!(@one64 $api.$check, $t, $routine, $tab, ($($tab64)?), $d, [$($i),+], ($($arg),*)),
            $crate::scalar::ScalarKind::C32 => $crate::backend::gpu::xcall!(@one64 $api.$check, $t, $routine, $tab, ($($tab64)?), $c, [$($i),+], ($($arg),*)),
            $crate::scalar::ScalarKind::C64 => $crate::backend::gpu::xcall!(@one64 $api.$check, $t, $routine, $tab, ($($tab64)?), $z, [$($i),+], ($($arg),*)),
        }
    }};
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, ($($tab64:expr)?), (? $f:ident, $why:literal), [$($i:ident),+], ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::api_x::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        match $crate::backend::gpu::narrow([$($i),+]) {
            Some([$($i),+]) => match tab.$f {
                Some(f) => $api.$check(stringify!($f), f($($arg),*)),
                None => Err($crate::backend::gpu::api_x::absent(
                    $routine,
                    <Self as $crate::backend::gpu::GpuApi>::KIND,
                    stringify!($f),
                    $why,
                )),
            },
            None => ::paste::paste! {{
                const SYMBOL: &str = concat!(stringify!($f), "_64");
                match tab.[<$f _64>] {
                    Some(f) => $api.$check(SYMBOL, f($($arg),*)),
                    None => Err($crate::backend::gpu::missing(
                        $routine,
                        <Self as $crate::backend::gpu::GpuApi>::KIND.name(),
                        &[$((stringify!($i), $i)),+],
                        format_args!(
                            "the loaded {} has no `{SYMBOL}` ({})",
                            <Self as $crate::backend::gpu::GpuApi>::LIBRARY,
                            <Self as $crate::backend::gpu::GpuApi>::ILP64_SINCE,
                        ),
                    )),
                }
            }},
        }
    }};
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, ($($tab64:expr)?), -, [$($i:ident),+], ($($arg:expr),*)) => {
        Err($crate::backend::gpu::api_x::missing::<$t>($routine, <Self as $crate::backend::gpu::GpuApi>::KIND))
    };
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, (), $f:ident, [$($i:ident),+], ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::api_x::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $crate::backend::gpu::lp64_or_ilp64!($api, $routine, $check, lp64: tab => $f,
            ilp64: Ok::<_, ::std::convert::Infallible>(tab), ints: [$($i),+], ($($arg),*))
    }};
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, ($tab64:expr), $f:ident, [$($i:ident),+], ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::api_x::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $crate::backend::gpu::lp64_or_ilp64!($api, $routine, $check, lp64: tab => $f,
            ilp64: $tab64, ints: [$($i),+], ($($arg),*))
    }};
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, -, ($($arg:expr),*)) => {
        Err($crate::backend::gpu::api_x::missing::<$t>($routine, <Self as $crate::backend::gpu::GpuApi>::KIND))
    };
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, (? $f:ident, $why:literal), ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::api_x::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        match tab.$f {
            Some(f) => $api.$check(stringify!($f), f($($arg),*)),
            None => Err($crate::backend::gpu::api_x::absent(
                $routine,
                <Self as $crate::backend::gpu::GpuApi>::KIND,
                stringify!($f),
                $why,
            )),
        }
    }};
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, $f:ident, ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::api_x::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $api.$check(stringify!($f), (tab.$f)($($arg),*))
    }};
}
pub(crate) use xcall;

/// The vendor half of the level-1 and level-2 extensions: like [`GpuApi`]'s BLAS methods, they
/// take host scalars (host pointer mode), dimensions, leading dimensions and increments as `i64`
/// (the 32-bit entry point is called when they all fit in `i32`, the `_64` one otherwise; `dsdot`
/// alone takes `i32`s) and pointers the safe layer validated. `solve` picks `tr*sv` over `tr*mv`; `herm` the Hermitian routine.
///
/// # Safety (for every method)
/// As for [`GpuApi`]: a live handle, device pointers valid for the extents the dimensions
/// imply, host references valid for the call.
#[allow(missing_docs, clippy::too_many_arguments, clippy::missing_safety_doc)]
pub trait GpuApiX: GpuApi {
    /// Whether the vendor's `nrm2` can be trusted over the whole range: neither overflows nor
    /// underflows where the norm does not. Neither vendor's can: rocBLAS's sums unscaled
    /// squares (`rocblas_fetch_nrm2`), and cuBLAS's scales against overflow but flushes
    /// subnormal elements (seen on an H200 with cuBLAS 13.1). So a result that may be wrong
    /// (infinite, or small enough that lost squares could matter) is recomputed on the host,
    /// by the host backend's scaled algorithm, from a copy of the vector; other results cost
    /// nothing extra.
    const NRM2_SCALED: bool;
    unsafe fn rotg<T: Scalar>(
        &self,
        h: Self::Handle,
        a: &mut T,
        b: &mut T,
        c: &mut T::Real,
        s: &mut T,
    ) -> Result<()>;
    unsafe fn rotmg<T: Scalar>(
        &self,
        h: Self::Handle,
        d1: &mut T,
        d2: &mut T,
        x1: &mut T,
        y1: &T,
        param: &mut [T; 5],
    ) -> Result<()>;
    unsafe fn rot<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        c: &T::Real,
        s: &T::Real,
    ) -> Result<()>;
    unsafe fn rot_complex<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        c: &T::Real,
        s: &T,
    ) -> Result<()>;
    unsafe fn rotm<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        param: &[T; 5],
    ) -> Result<()>;
    /// `f32` vectors, an `f64` result and compute type through the vendor's mixed-precision
    /// dot; `Ok(None)` where the library does not offer that combination (cuBLAS's `DotEx`
    /// never does; rocBLAS's `dot_ex` does in recent versions).
    unsafe fn dsdot(
        &self,
        h: Self::Handle,
        n: i32,
        x: DevPtr,
        incx: i32,
        y: DevPtr,
        incy: i32,
    ) -> Result<Option<f64>>;
    unsafe fn scal_real<T: Scalar>(
        &self,
        h: Self::Handle,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn gbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        trans: Op,
        m: i64,
        n: i64,
        kl: i64,
        ku: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn symv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn sbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        k: i64,
        alpha: &T,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn spmv<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        ap: DevPtr,
        x: DevPtr,
        incx: i64,
        beta: &T,
        y: DevPtr,
        incy: i64,
    ) -> Result<()>;
    unsafe fn trmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn tbmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        k: i64,
        a: DevPtr,
        lda: i64,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn tpmv<T: Scalar>(
        &self,
        h: Self::Handle,
        solve: bool,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        n: i64,
        ap: DevPtr,
        x: DevPtr,
        incx: i64,
    ) -> Result<()>;
    unsafe fn syr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn her<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn spr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        ap: DevPtr,
    ) -> Result<()>;
    unsafe fn hpr<T: Scalar>(
        &self,
        h: Self::Handle,
        uplo: Uplo,
        n: i64,
        alpha: &T::Real,
        x: DevPtr,
        incx: i64,
        ap: DevPtr,
    ) -> Result<()>;
    unsafe fn syr2<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        a: DevPtr,
        lda: i64,
    ) -> Result<()>;
    unsafe fn spr2<T: Scalar>(
        &self,
        h: Self::Handle,
        herm: bool,
        uplo: Uplo,
        n: i64,
        alpha: &T,
        x: DevPtr,
        incx: i64,
        y: DevPtr,
        incy: i64,
        ap: DevPtr,
    ) -> Result<()>;
}
