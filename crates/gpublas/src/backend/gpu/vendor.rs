//! What the vendor calls of every level share: the s/d/c/z dispatch (`sdcz!` for the 32-bit API
//! alone, `xcall!` for a routine of a lazily loaded table), the errors for a routine, table or
//! entry point the loaded library lacks, and pointer helpers for the C calls. Each level's
//! `vendor.rs` writes its methods with them.

use crate::backend::BackendKind;
use crate::error::Error;
use crate::scalar::{Scalar, ScalarKind};

/// Calls the s/d/c/z variant of a vendor routine for `$t` with the same argument expressions
/// (whose pointer types each variant's signature infers), and checks its status with the
/// vendor's `$check` method. The 32-bit API alone: routines with `_64` twins use `sdcz64!`.
#[allow(unused_macros)]
macro_rules! sdcz {
    ($api:expr, $tab:ident, $check:ident, $t:ty, [$s:ident, $d:ident, $c:ident, $z:ident]($($arg:expr),* $(,)?)) => {{
        let api = $api;
        let (name, status) = match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => (stringify!($s), (api.$tab.$s)($($arg),*)),
            $crate::scalar::ScalarKind::F64 => (stringify!($d), (api.$tab.$d)($($arg),*)),
            $crate::scalar::ScalarKind::C32 => (stringify!($c), (api.$tab.$c)($($arg),*)),
            $crate::scalar::ScalarKind::C64 => (stringify!($z), (api.$tab.$z)($($arg),*)),
        };
        api.$check(name, status)
    }};
}

pub(crate) use sdcz;

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
            $crate::backend::gpu::vendor::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        match $crate::backend::gpu::narrow([$($i),+]) {
            Some([$($i),+]) => match tab.$f {
                Some(f) => $api.$check(stringify!($f), f($($arg),*)),
                None => Err($crate::backend::gpu::vendor::absent(
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
        Err($crate::backend::gpu::vendor::missing::<$t>($routine, <Self as $crate::backend::gpu::GpuApi>::KIND))
    };
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, (), $f:ident, [$($i:ident),+], ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::vendor::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $crate::backend::gpu::lp64_or_ilp64!($api, $routine, $check, lp64: tab => $f,
            ilp64: Ok::<_, ::std::convert::Infallible>(tab), ints: [$($i),+], ($($arg),*))
    }};
    (@one64 $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, ($tab64:expr), $f:ident, [$($i:ident),+], ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::vendor::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $crate::backend::gpu::lp64_or_ilp64!($api, $routine, $check, lp64: tab => $f,
            ilp64: $tab64, ints: [$($i),+], ($($arg),*))
    }};
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, -, ($($arg:expr),*)) => {
        Err($crate::backend::gpu::vendor::missing::<$t>($routine, <Self as $crate::backend::gpu::GpuApi>::KIND))
    };
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, (? $f:ident, $why:literal), ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::vendor::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        match tab.$f {
            Some(f) => $api.$check(stringify!($f), f($($arg),*)),
            None => Err($crate::backend::gpu::vendor::absent(
                $routine,
                <Self as $crate::backend::gpu::GpuApi>::KIND,
                stringify!($f),
                $why,
            )),
        }
    }};
    (@one $api:ident . $check:ident, $t:ty, $routine:literal, $tab:expr, $f:ident, ($($arg:expr),*)) => {{
        let tab = $tab.map_err(|e| {
            $crate::backend::gpu::vendor::not_loaded($routine, <Self as $crate::backend::gpu::GpuApi>::KIND, e)
        })?;
        $api.$check(stringify!($f), (tab.$f)($($arg),*))
    }};
}
pub(crate) use xcall;

/// Helpers the vendor modules use to pass typed pointers and scalars to C.
pub(crate) mod ffi {
    use crate::backend::DevPtr;

    /// A device pointer as a read-only C pointer of whatever element type the callee takes.
    pub fn c<U>(p: DevPtr) -> *const U {
        p.as_raw().cast_const().cast()
    }
    /// A device pointer as a writable C pointer.
    pub fn m<U>(p: DevPtr) -> *mut U {
        p.as_raw().cast()
    }
    /// A host scalar as a C pointer (host pointer mode).
    pub fn s<T, U>(x: &T) -> *const U {
        (x as *const T).cast()
    }
    /// A host result slot as a C pointer.
    pub fn out<T, U>(x: &mut T) -> *mut U {
        (x as *mut T).cast()
    }

    /// The result slot of `i?amax`/`i?amin`: the 32-bit entry points write a C `int`
    /// (`r32`), their `_64` twins an `int64_t` (`r64`); which one is inferred from the callee.
    pub fn index_out<U: IndexSlot>(r32: &mut i32, r64: &mut i64) -> *mut U {
        U::pick(r32, r64)
    }

    /// An integer type a vendor writes an index into.
    pub trait IndexSlot: Sized {
        /// The slot of this type.
        fn pick(r32: &mut i32, r64: &mut i64) -> *mut Self;
    }
    impl IndexSlot for i32 {
        fn pick(r32: &mut i32, _: &mut i64) -> *mut i32 {
            r32
        }
    }
    impl IndexSlot for i64 {
        fn pick(_: &mut i32, r64: &mut i64) -> *mut i64 {
            r64
        }
    }
}
