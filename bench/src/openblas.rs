//! OpenBLAS, loaded at run time through its CBLAS interface, as its documentation recommends
//! calling it: `cblas_*` routines on column-major data, and `openblas_set_num_threads` for the
//! thread count.
//!
//! Nothing of OpenBLAS is needed to build. At run time the library comes from `OPENBLAS_LIB`
//! (a full path; the `host_bench` flag `--openblas PATH` sets it) or, when that is unset, from
//! the system's `libopenblas.so.0`. A library unpacked without installing it (see
//! `scripts/fetch-openblas.sh`) may sit beside its runtime dependencies (`libgfortran.so.5`,
//! `libquadmath.so.0`): those are loaded first from the same folder, so the loader finds them
//! without `LD_LIBRARY_PATH`.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::path::Path;

use gpublas_dynload::libloading::Library;
use gpublas_dynload::LibSpec;

/// Where to look for OpenBLAS.
pub const OPENBLAS: LibSpec = LibSpec {
    name: "OpenBLAS",
    override_var: "OPENBLAS_LIB",
    candidates: &["libopenblas.so.0", "libopenblas.so"],
    root_vars: &[],
    root_subdirs: &[],
};

/// CBLAS's `CblasColMajor`.
pub const COL_MAJOR: c_int = 102;
/// CBLAS's `CblasNoTrans`.
pub const NO_TRANS: c_int = 111;
/// CBLAS's `CblasTrans`.
pub const TRANS: c_int = 112;
/// CBLAS's `CblasConjTrans`.
pub const CONJ_TRANS: c_int = 113;
/// CBLAS's `CblasUpper`.
pub const UPPER: c_int = 121;
/// CBLAS's `CblasLower`.
pub const LOWER: c_int = 122;
/// CBLAS's `CblasNonUnit`.
pub const NON_UNIT: c_int = 131;
/// CBLAS's `CblasLeft`.
pub const LEFT: c_int = 141;

type Int = c_int;

/// Declares [`OpenBlasApi`]: the routines, resolved at run time under the names the library
/// exports — plain (`cblas_dgemm`, Debian's and upstream's builds) or with the `scipy_` prefix
/// of the `scipy-openblas32` build that NumPy and SciPy bundle (`scipy_cblas_dgemm`).
macro_rules! openblas_api {
    (
        required { $( fn $rf:ident ( $($ra:ident : $rt:ty),* $(,)? ) $(-> $rret:ty)? ; )* }
        optional { $( fn $of:ident ( $($oa:ident : $ot:ty),* $(,)? ) $(-> $oret:ty)? ; )* }
    ) => {
        /// The CBLAS routines the benchmark compares against, and OpenBLAS's thread control.
        #[allow(non_snake_case, missing_docs)]
        pub struct OpenBlasApi {
            $( pub $rf: unsafe extern "C" fn($($ra: $rt),*) $(-> $rret)?, )*
            $( pub $of: Option<unsafe extern "C" fn($($oa: $ot),*) $(-> $oret)?>, )*
            /// The path the library was loaded from.
            pub path: String,
            /// The prefix of its symbol names (`""` or `"scipy_"`).
            pub prefix: &'static str,
            _lib: Library,
        }

        impl OpenBlasApi {
            /// Loads the library described by `spec` and resolves every symbol, with whichever
            /// of the known prefixes the library uses.
            ///
            /// # Errors
            /// A message if the library cannot be loaded or lacks a routine.
            pub fn load(spec: &LibSpec) -> Result<Self, String> {
                let (lib, path) = spec.open().map_err(|e| e.to_string())?;
                let prefix = PREFIXES
                    .iter()
                    .copied()
                    // SAFETY: only looks the symbol up.
                    .find(|p| unsafe { lib.get::<unsafe extern "C" fn()>(format!("{p}cblas_dgemm\0").as_bytes()) }.is_ok())
                    .ok_or_else(|| format!("{path}: no cblas_dgemm under any known prefix ({PREFIXES:?})"))?;
                $(
                    // SAFETY: declared with the signature of OpenBLAS's cblas.h / openblas_config.h.
                    let $rf = *unsafe {
                        lib.get::<unsafe extern "C" fn($($rt),*) $(-> $rret)?>(
                            format!("{prefix}{}\0", stringify!($rf)).as_bytes(),
                        )
                    }
                    .map_err(|_| format!("{path}: no {prefix}{}", stringify!($rf)))?;
                )*
                $(
                    // SAFETY: as above; a missing optional symbol is kept as `None`.
                    let $of = unsafe {
                        lib.get::<unsafe extern "C" fn($($ot),*) $(-> $oret)?>(
                            format!("{prefix}{}\0", stringify!($of)).as_bytes(),
                        )
                    }
                    .ok()
                    .map(|sym| *sym);
                )*
                Ok(Self { $($rf,)* $($of,)* path, prefix, _lib: lib })
            }
        }

        impl std::fmt::Debug for OpenBlasApi {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct("OpenBlasApi").field("path", &self.path).finish_non_exhaustive()
            }
        }
    };
}

/// Symbol prefixes of the OpenBLAS builds the benchmark knows.
const PREFIXES: [&str; 2] = ["", "scipy_"];

openblas_api! {
    required {
        fn cblas_sgemm(o: c_int, ta: c_int, tb: c_int, m: Int, n: Int, k: Int, alpha: f32, a: *const f32, lda: Int, b: *const f32, ldb: Int, beta: f32, c: *mut f32, ldc: Int);
        fn cblas_dgemm(o: c_int, ta: c_int, tb: c_int, m: Int, n: Int, k: Int, alpha: f64, a: *const f64, lda: Int, b: *const f64, ldb: Int, beta: f64, c: *mut f64, ldc: Int);
        fn cblas_cgemm(o: c_int, ta: c_int, tb: c_int, m: Int, n: Int, k: Int, alpha: *const c_void, a: *const c_void, lda: Int, b: *const c_void, ldb: Int, beta: *const c_void, c: *mut c_void, ldc: Int);
        fn cblas_zgemm(o: c_int, ta: c_int, tb: c_int, m: Int, n: Int, k: Int, alpha: *const c_void, a: *const c_void, lda: Int, b: *const c_void, ldb: Int, beta: *const c_void, c: *mut c_void, ldc: Int);
        fn cblas_dgemv(o: c_int, t: c_int, m: Int, n: Int, alpha: f64, a: *const f64, lda: Int, x: *const f64, incx: Int, beta: f64, y: *mut f64, incy: Int);
        fn cblas_dsymv(o: c_int, uplo: c_int, n: Int, alpha: f64, a: *const f64, lda: Int, x: *const f64, incx: Int, beta: f64, y: *mut f64, incy: Int);
        fn cblas_dtrsv(o: c_int, uplo: c_int, t: c_int, diag: c_int, n: Int, a: *const f64, lda: Int, x: *mut f64, incx: Int);
        fn cblas_daxpy(n: Int, alpha: f64, x: *const f64, incx: Int, y: *mut f64, incy: Int);
        fn cblas_ddot(n: Int, x: *const f64, incx: Int, y: *const f64, incy: Int) -> f64;
        fn cblas_dnrm2(n: Int, x: *const f64, incx: Int) -> f64;
        fn cblas_dscal(n: Int, alpha: f64, x: *mut f64, incx: Int);
        fn cblas_idamax(n: Int, x: *const f64, incx: Int) -> usize;
        fn cblas_dtrsm(o: c_int, side: c_int, uplo: c_int, t: c_int, diag: c_int, m: Int, n: Int, alpha: f64, a: *const f64, lda: Int, b: *mut f64, ldb: Int);
        fn cblas_dsyrk(o: c_int, uplo: c_int, t: c_int, n: Int, k: Int, alpha: f64, a: *const f64, lda: Int, beta: f64, c: *mut f64, ldc: Int);
        fn openblas_set_num_threads(n: c_int);
        fn openblas_get_num_threads() -> c_int;
    }
    optional {
        fn openblas_get_config() -> *const c_char;
        fn openblas_get_corename() -> *const c_char;
    }
}

/// Runtime dependencies of Debian's OpenBLAS, loaded first when they sit beside it.
const SIBLINGS: [&str; 2] = ["libquadmath.so.0", "libgfortran.so.5"];

/// A loaded OpenBLAS.
#[derive(Debug)]
pub struct OpenBlas {
    /// The routines (dropped before the libraries below).
    pub api: OpenBlasApi,
    _siblings: Vec<Library>,
}

impl OpenBlas {
    /// Loads OpenBLAS (see the module docs for where from).
    ///
    /// # Errors
    /// A message naming what was tried when no OpenBLAS loads or one lacks a routine.
    pub fn load() -> Result<Self, String> {
        let mut siblings = Vec::new();
        if let Some(path) = std::env::var_os(OPENBLAS.override_var) {
            if let Some(dir) = Path::new(&path).parent() {
                for name in SIBLINGS {
                    let file = dir.join(name);
                    if file.exists() {
                        // SAFETY: a GCC runtime library shipped beside OpenBLAS; its
                        // initialisers have no preconditions.
                        let lib = unsafe { Library::new(&file) }
                            .map_err(|e| format!("could not load {}: {e}", file.display()))?;
                        siblings.push(lib);
                    }
                }
            }
        }
        let api = OpenBlasApi::load(&OPENBLAS)?;
        Ok(OpenBlas {
            api,
            _siblings: siblings,
        })
    }

    /// Sets the number of threads OpenBLAS's routines use.
    pub fn set_threads(&self, n: usize) {
        // SAFETY: no preconditions; OpenBLAS clamps the count to what it supports.
        unsafe { (self.api.openblas_set_num_threads)(c_int::try_from(n).unwrap_or(c_int::MAX)) }
    }

    /// The number of threads OpenBLAS's routines use now.
    pub fn threads(&self) -> usize {
        // SAFETY: no preconditions.
        usize::try_from(unsafe { (self.api.openblas_get_num_threads)() }).unwrap_or(0)
    }

    /// OpenBLAS's description of itself: its build configuration and the kernel set it chose
    /// for this CPU, plus the path it was loaded from.
    pub fn describe(&self) -> String {
        let text = |f: Option<unsafe extern "C" fn() -> *const c_char>| {
            f.map(|f| {
                // SAFETY: both functions return a static NUL-terminated string (or null).
                let p = unsafe { f() };
                if p.is_null() {
                    String::new()
                } else {
                    // SAFETY: non-null, NUL-terminated, static.
                    unsafe { CStr::from_ptr(p) }
                        .to_string_lossy()
                        .trim()
                        .to_string()
                }
            })
            .unwrap_or_default()
        };
        format!(
            "{} (core: {}) from {}",
            text(self.api.openblas_get_config),
            text(self.api.openblas_get_corename),
            self.api.path
        )
    }
}

/// A BLAS size as CBLAS's 32-bit integer.
///
/// # Errors
/// If it does not fit.
pub fn int(n: usize) -> Result<Int, String> {
    Int::try_from(n).map_err(|_| format!("{n} does not fit a 32-bit BLAS integer"))
}
