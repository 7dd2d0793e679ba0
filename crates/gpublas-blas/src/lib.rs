//! A drop-in BLAS over gpublas: the shared library `libgpublas_blas.so` (soname `libblas.so.3`)
//! exports reference BLAS's Fortran interface (`dgemm_`, … as gfortran compiles it), CBLAS
//! (`cblas_dgemm`, …) and the 64-bit-integer variants of both (`dgemm_64_`, `cblas_dgemm_64`),
//! each served through gpublas's safe API.
//!
//! | layer | where | what |
//! |---|---|---|
//! | exports | [`fortran`], [`cblas`] | `extern "C"` symbols, one macro line per routine and integer width |
//! | validation | `fortran::*` cores | reference BLAS's argument checks and `XERBLA` positions, its quick returns |
//! | slices | [`raw`] | spans of the validated arguments; inputs overlapping an output are copied |
//! | routing | [`route`] | the host, or a GPU for calls past a crossover |
//!
//! The README says how to make a program use it.

#![deny(unsafe_op_in_unsafe_fn)]

/// Exports one core routine under each BLAS name, for both integer widths: `name_` (`i32`) and
/// `name_64_` (`i64`), or for CBLAS (`cblas` first) `name` and `name_64`. Inside the argument
/// list `T` is the element type, `R` its real type, `I` the integer and `A` how CBLAS passes a
/// scalar of type `T` (by value if real, by pointer if complex).
macro_rules! export {
    (cblas $core:ident => $names:tt $args:tt -> $ret:ty) => {
        export!(@all "", "_64", $core, $names, $args, $ret);
    };
    ($core:ident => $names:tt $args:tt -> $ret:ty) => {
        export!(@all "_", "_64_", $core, $names, $args, $ret);
    };
    (@all $s32:literal, $s64:literal, $core:ident, [$($name:literal: $t:ty),+ $(,)?], $args:tt, $ret:ty) => {
        $(
            export!(@one $core, $name, $t, i32, $s32, $args, $ret);
            export!(@one $core, $name, $t, i64, $s64, $args, $ret);
        )+
    };
    (@one $core:ident, $name:literal, $t:ty, $i:ty, $suffix:literal, ($($arg:ident: $ty:ty),* $(,)?), $ret:ty) => {
        const _: () = {
            #[allow(dead_code)]
            type T = $t;
            #[allow(dead_code)]
            type I = $i;
            #[allow(dead_code)]
            type R = <$t as gpublas::Scalar>::Real;
            #[allow(dead_code)]
            type A = <$t as crate::raw::CArg>::Arg;
            #[export_name = concat!($name, $suffix)]
            unsafe extern "C" fn export($($arg: $ty),*) -> $ret {
                // SAFETY: the caller keeps the routine's reference BLAS contract; the core
                // validates everything else.
                unsafe { $core::<T, I>($($arg),*) }
            }
        };
    };
}

// Every routine's safety contract is the reference BLAS (or CBLAS) contract of the routine it
// serves, stated once on each module instead of on each of the 150 cores: scalar arguments point
// to readable values, and every array spans what its validated arguments describe. Their
// argument lists are the BLAS ABI, however long.
#[allow(clippy::missing_safety_doc, clippy::too_many_arguments)]
pub mod cblas;
#[allow(clippy::missing_safety_doc, clippy::too_many_arguments)]
pub mod fortran;
pub mod raw;
pub mod route;
pub mod warm;
pub mod xerbla;

pub use gpublas::{Complex32, Complex64};
