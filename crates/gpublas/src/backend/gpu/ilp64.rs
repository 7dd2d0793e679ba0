//! 64-bit sizes: each vendor call goes to the 32-bit entry point (`cublasSaxpy_v2`,
//! `rocblas_saxpy`) when every dimension, leading dimension, increment and count fits in
//! `i32`, and to its 64-bit twin, the same name with `_64` appended (cuBLAS 12+, rocBLAS 4.1+),
//! only when one does not. The 32-bit call is the one every measurement so far was made with;
//! the 64-bit one is an `Option` in the `-sys` tables, and a library without it gives
//! [`Error::Unsupported`] naming the backend, the symbol and the values beyond `i32`.
//!
//! A vendor method adopts this with one macro call per routine: it takes its integers as `i64`,
//! names them in `ints: [..]`, and writes the argument list once; the macro shadows those names
//! with `i32`s for the 32-bit call. Three forms, one mechanism:
//!
//! | form | for |
//! |---|---|
//! | `sdcz64!(self, "gemm", check, T, lp64: table, ilp64: table64, [s, d, c, z], ints: [..], (args))` | the s/d/c/z variants of one routine (the routines of the vendors' main tables) |
//! | `xcall!(self.check, T, "gbmv", table, ints: [..] => [s, d, c, z](args))` | a routine of a lazily loaded table, `-` for a type the vendor lacks |
//! | `lp64_or_ilp64!(self, "gemm_with", check, lp64: table => name, ilp64: table64, ints: [..], (args))` | one untyped routine (`cublasGemmEx`) |
//!
//! On the `Gpu<A>` side the sizes go in as `wide(routine, v)?` / `wide_inc(routine, v)?`
//! (`usize`/`isize` to `i64`) instead of `int()` / `inc()`.

use crate::error::{Error, Result};

/// The integers of one call as the 32-bit API's `int`s, or `None` if any is beyond `i32`.
#[inline]
pub(crate) fn narrow<const N: usize>(v: [i64; N]) -> Option<[i32; N]> {
    let mut out = [0i32; N];
    for (o, x) in out.iter_mut().zip(v) {
        *o = i32::try_from(x).ok()?;
    }
    Some(out)
}

/// A dimension, leading dimension, stride or count as the vendors' 64-bit integer. Validated
/// extents never exceed `isize::MAX`, so this fails only on a platform wider than 64 bits.
pub(crate) fn wide(routine: &'static str, v: usize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::Unsupported {
        routine,
        what: format!("a size of {v} (beyond the vendors' 64-bit integers)"),
    })
}

/// An increment as the vendors' 64-bit integer (see [`wide`]).
pub(crate) fn wide_inc(routine: &'static str, v: isize) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::Unsupported {
        routine,
        what: format!("an increment of {v} (beyond the vendors' 64-bit integers)"),
    })
}

/// The error for a call that needs a `_64` entry point the loaded library lacks: `ints` are the
/// call's named integers (those beyond `i32` are listed), `why` says what is missing.
pub(crate) fn missing(
    routine: &'static str,
    backend: &'static str,
    ints: &[(&'static str, i64)],
    why: impl std::fmt::Display,
) -> Error {
    let big: Vec<String> = ints
        .iter()
        .filter(|(_, v)| i32::try_from(*v).is_err())
        .map(|(name, v)| format!("{name} = {v}"))
        .collect();
    Error::Unsupported {
        routine,
        what: format!(
            "{} (beyond the 32-bit vendor API) on {backend}: {why}",
            big.join(", ")
        ),
    }
}

/// Calls vendor function `$name` of table `$tab` with the integers `ints` narrowed to `i32` when
/// they all fit, else `${name}_64` of table `$tab64` (a `Result<&Table, LoadError>`: the `_64`
/// entry points live in the lazily loaded tables), and checks the status with `$api.$check`.
/// Evaluates to `Result<()>`.
///
/// `$($arg),*` is the argument list, written once: it names the integers, which are `i32`s in
/// the first call and the caller's `i64`s in the second. Must be expanded inside an impl for a
/// [`GpuApi`](super::GpuApi) type (`Self::KIND` and `Self::LIBRARY` name it in errors).
///
/// ```text
/// lp64_or_ilp64!(self, "gemm_with", bl_check, lp64: self.bl => cublasGemmEx,
///     ilp64: sys::cublas_level3(), ints: [m, n, k, lda, ldb, ldc],
///     (h, op(ta), op(tb), m, n, k, alpha, a, at, lda, b, bt, ldb, beta, c, ct, ldc, ct32, algo))
/// ```
macro_rules! lp64_or_ilp64 {
    (
        $api:expr, $routine:expr, $check:ident,
        lp64: $tab:expr => $name:ident,
        ilp64: $tab64:expr,
        ints: [$($i:ident),+ $(,)?],
        ($($arg:expr),* $(,)?)
    ) => {{
        let api = $api;
        match $crate::backend::gpu::narrow([$($i),+]) {
            Some([$($i),+]) => api.$check(stringify!($name), ($tab.$name)($($arg),*)),
            None => ::paste::paste! {{
                const SYMBOL: &str = concat!(stringify!($name), "_64");
                let fail = |why: &dyn ::std::fmt::Display| {
                    $crate::backend::gpu::missing(
                        $routine,
                        <Self as $crate::backend::gpu::GpuApi>::KIND.name(),
                        &[$((stringify!($i), $i)),+],
                        why,
                    )
                };
                match $tab64.map(|t| t.[<$name _64>]) {
                    Ok(Some(f)) => api.$check(SYMBOL, f($($arg),*)),
                    Ok(None) => Err(fail(&format_args!(
                        "the loaded {} has no `{SYMBOL}` ({})",
                        <Self as $crate::backend::gpu::GpuApi>::LIBRARY,
                        <Self as $crate::backend::gpu::GpuApi>::ILP64_SINCE,
                    ))),
                    Err(e) => Err(fail(&e)),
                }
            }},
        }
    }};
}

/// `lp64_or_ilp64!` for the s/d/c/z variant of a routine for scalar type `$t` (as
/// `sdcz!` does for the 32-bit API alone): `[$s, $d, $c, $z]` are the 32-bit
/// names, their `_64` twins are found by appending `_64`.
///
/// This is the one line a routine needs to get 64-bit sizes:
/// ```text
/// sdcz64!(self, "gbmv", bl_check, T, lp64: sys::cublas_level2()?, ilp64: sys::cublas_level2(),
///     [cublasSgbmv_v2, cublasDgbmv_v2, cublasCgbmv_v2, cublasZgbmv_v2],
///     ints: [m, n, kl, ku, lda, incx, incy],
///     (h, op(trans), m, n, kl, ku, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy))
/// ```
macro_rules! sdcz64 {
    (
        $api:expr, $routine:expr, $check:ident, $t:ty,
        lp64: $tab:expr, ilp64: $tab64:expr,
        [$s:ident, $d:ident, $c:ident, $z:ident],
        ints: [$($i:ident),+ $(,)?],
        ($($arg:expr),* $(,)?)
    ) => {
        match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => $crate::backend::gpu::lp64_or_ilp64!(
                $api, $routine, $check, lp64: $tab => $s, ilp64: $tab64, ints: [$($i),+], ($($arg),*)
            ),
            $crate::scalar::ScalarKind::F64 => $crate::backend::gpu::lp64_or_ilp64!(
                $api, $routine, $check, lp64: $tab => $d, ilp64: $tab64, ints: [$($i),+], ($($arg),*)
            ),
            $crate::scalar::ScalarKind::C32 => $crate::backend::gpu::lp64_or_ilp64!(
                $api, $routine, $check, lp64: $tab => $c, ilp64: $tab64, ints: [$($i),+], ($($arg),*)
            ),
            $crate::scalar::ScalarKind::C64 => $crate::backend::gpu::lp64_or_ilp64!(
                $api, $routine, $check, lp64: $tab => $z, ilp64: $tab64, ints: [$($i),+], ($($arg),*)
            ),
        }
    };
}

pub(crate) use {lp64_or_ilp64, sdcz64};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_keeps_the_32_bit_call_exactly_when_every_integer_fits() {
        assert_eq!(
            narrow([3, -7, i64::from(i32::MAX)]),
            Some([3, -7, i32::MAX])
        );
        assert_eq!(narrow([i64::from(i32::MIN), 0]), Some([i32::MIN, 0]));
        assert_eq!(narrow([1, i64::from(i32::MAX) + 1]), None);
        assert_eq!(narrow([i64::from(i32::MIN) - 1, 1]), None);
        assert_eq!(narrow([3_000_000_000i64]), None);
    }

    #[test]
    fn missing_names_the_values_beyond_i32_and_the_backend() {
        let e = missing(
            "axpy",
            "cuda",
            &[("n", 3_000_000_000), ("incx", 1), ("incy", -1)],
            "the loaded cuBLAS has no `cublasSaxpy_v2_64`",
        );
        match e {
            Error::Unsupported { routine, what } => {
                assert_eq!(routine, "axpy");
                assert!(what.starts_with("n = 3000000000 (beyond"), "{what}");
                assert!(
                    what.contains("on cuda") && what.contains("cublasSaxpy_v2_64"),
                    "{what}"
                );
                assert!(!what.contains("incx"), "{what}");
            }
            other => panic!("{other:?}"),
        }
    }
}
