//! Reference BLAS's Fortran interface as gfortran compiles it: lower-case names with a trailing
//! underscore (`dgemm_`; `dgemm_64_` with 64-bit integers), every argument by reference, the
//! hidden lengths of `CHARACTER` arguments (`size_t`) after the others, and `COMPLEX` functions
//! (`cdotc_`, …) returning their value as a C struct of two reals.
//!
//! Each routine is one generic core, `unsafe fn core<T: Scalar, I: FInt>(…)`, exported for
//! every type and both integer widths by one `export!` line.
//!
//! # Safety
//! Every core is `unsafe`: the caller keeps the routine's reference contract — scalar arguments
//! point to readable values, and every array spans what its arguments describe. The cores check
//! everything else before building a slice.

pub mod level1;
pub mod level2;
pub mod level3;
