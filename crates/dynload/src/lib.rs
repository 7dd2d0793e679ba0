//! Run-time loading of vendor libraries for gpublas's `-sys` crates.
//!
//! A library is described by a [`LibSpec`]: the names to try in order, an override variable that
//! names the file to load, and installation-root variables (e.g. `CUDA_PATH`) whose library
//! folders are searched before the system's. Loading never panics: a missing library or a
//! missing required symbol is a [`LoadError`] that lists every path that was tried.
//!
//! [`dyn_api!`] declares a table of function pointers resolved from one library, with required
//! symbols (all must resolve) and optional ones (newer-only symbols, kept as `Option`).

#![deny(missing_docs)]

use std::fmt;
use std::path::PathBuf;

pub use libloading;

/// Where to look for one shared library.
#[derive(Debug, Clone, Copy)]
pub struct LibSpec {
    /// Short name for messages, e.g. `"cuBLAS"`.
    pub name: &'static str,
    /// Variable that, when set, names the exact file to load (and nothing else is tried).
    pub override_var: &'static str,
    /// File names to try in order, e.g. `["libcublas.so.13", "libcublas.so.12"]`.
    pub candidates: &'static [&'static str],
    /// Variables naming installation roots, e.g. `["CUDA_PATH", "CUDA_HOME"]`.
    pub root_vars: &'static [&'static str],
    /// Library folders under each root, e.g. `["lib64", "lib"]`.
    pub root_subdirs: &'static [&'static str],
}

/// A library could not be loaded, or lacks a required symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// Which library (the spec's short name).
    pub lib: &'static str,
    /// Every path or name that was tried, in order.
    pub tried: Vec<String>,
    /// What went wrong with the last attempt (the loader's message, or the missing symbol).
    pub reason: String,
    /// The override variable a user can set.
    pub override_var: &'static str,
    /// Whether the override variable was set (so it named the one path tried).
    pub from_override: bool,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from_override {
            write!(
                f,
                "could not load {} from {} (where {} points): {}; point {} at a working {} library, or unset it to search the usual places",
                self.lib,
                self.tried.join(", "),
                self.override_var,
                self.reason,
                self.override_var,
                self.lib,
            )
        } else {
            write!(
                f,
                "could not load {}: {} (tried {}); install it, or set {} to the library's full path",
                self.lib,
                self.reason,
                self.tried.join(", "),
                self.override_var
            )
        }
    }
}

impl std::error::Error for LoadError {}

impl LibSpec {
    /// The paths to try, in order: the override alone if it is set, else each candidate under
    /// each root's library folders, then each bare candidate name (the system's search path).
    pub fn search_paths(&self) -> Vec<String> {
        if let Some(path) = self.override_path() {
            return vec![PathBuf::from(path).display().to_string()];
        }
        let mut out = Vec::new();
        for var in self.root_vars {
            let Some(root) = std::env::var_os(var) else {
                continue;
            };
            for sub in self.root_subdirs {
                for name in self.candidates {
                    out.push(
                        PathBuf::from(&root)
                            .join(sub)
                            .join(name)
                            .display()
                            .to_string(),
                    );
                }
            }
        }
        out.extend(self.candidates.iter().map(|s| s.to_string()));
        out
    }

    /// The override variable's value, if it is set.
    fn override_path(&self) -> Option<std::ffi::OsString> {
        std::env::var_os(self.override_var)
    }

    /// Opens the first path of [`LibSpec::search_paths`] that loads.
    ///
    /// # Errors
    /// A [`LoadError`] listing every path tried when none loads.
    pub fn open(&self) -> Result<(libloading::Library, String), LoadError> {
        let tried = self.search_paths();
        let mut reason = String::from("no candidate names");
        for path in &tried {
            // SAFETY: loading a vendor library runs its initialisers; the candidates are the
            // vendor's own runtime libraries, whose initialisers have no preconditions.
            match unsafe { libloading::Library::new(path) } {
                Ok(lib) => return Ok((lib, path.clone())),
                Err(e) => reason = e.to_string(),
            }
        }
        Err(LoadError {
            lib: self.name,
            tried,
            reason,
            override_var: self.override_var,
            from_override: self.override_path().is_some(),
        })
    }

    /// A [`LoadError`] for a library that loaded from `path` but lacks `symbol`.
    pub fn missing_symbol(&self, path: &str, symbol: &str) -> LoadError {
        LoadError {
            lib: self.name,
            tried: vec![path.to_string()],
            reason: format!("the library has no symbol `{symbol}` (too old a version?)"),
            override_var: self.override_var,
            from_override: self.override_path().is_some(),
        }
    }
}

/// Whether the shared library `name` loads through the system's library search path — the way
/// a vendor runtime loads its driver's library (the CUDA runtime loads `libcuda.so.1`), so a
/// runtime's vague error can be told apart from a missing driver. A library that loads stays
/// loaded: a driver's library may not be safe to unload under the runtime that uses it.
///
/// # Errors
/// The loader's message (e.g. `libcuda.so.1: cannot open shared object file`) if it does not
/// load.
pub fn probe(name: &str) -> Result<(), String> {
    // SAFETY: as in `LibSpec::open`: loading runs the library's initialisers, and the names
    // probed are vendors' driver libraries, whose initialisers have no preconditions.
    match unsafe { libloading::Library::new(name) } {
        Ok(lib) => {
            std::mem::forget(lib);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Declares a struct of function pointers loaded from one library.
///
/// ```
/// use gpublas_dynload::{dyn_api, LibSpec};
/// dyn_api! {
///     /// The C library's `abs` and friends.
///     pub struct LibC {
///         required {
///             fn abs(x: i32) -> i32;
///         }
///         optional {
///             fn labs(x: i64) -> i64;
///             fn no_such_function_here(x: i64) -> i64;
///         }
///     }
/// }
/// const LIBC: LibSpec = LibSpec {
///     name: "libc", override_var: "DYNLOAD_DOCTEST_LIBC", candidates: &["libc.so.6"],
///     root_vars: &[], root_subdirs: &[],
/// };
/// let libc = LibC::load(&LIBC).unwrap();
/// // SAFETY: `abs` has no preconditions.
/// assert_eq!(unsafe { (libc.abs)(-3) }, 3);
/// assert!(libc.labs.is_some());
/// assert!(libc.no_such_function_here.is_none());
/// ```
#[macro_export]
macro_rules! dyn_api {
    (
        $(#[$smeta:meta])*
        pub struct $name:ident {
            required {
                $( $(#[$rmeta:meta])* fn $rf:ident ( $($ra:ident : $rt:ty),* $(,)? ) $(-> $rret:ty)? ; )*
            }
            optional {
                $( $(#[$ometa:meta])* fn $of:ident ( $($oa:ident : $ot:ty),* $(,)? ) $(-> $oret:ty)? ; )*
            }
        }
    ) => {
        $(#[$smeta])*
        #[allow(non_snake_case, missing_docs)]
        pub struct $name {
            $( $(#[$rmeta])* pub $rf: unsafe extern "C" fn($($ra: $rt),*) $(-> $rret)?, )*
            $( $(#[$ometa])* pub $of: Option<unsafe extern "C" fn($($oa: $ot),*) $(-> $oret)?>, )*
            /// The path the library was loaded from.
            pub path: String,
            _lib: $crate::libloading::Library,
        }

        impl $name {
            /// Loads the library described by `spec` and resolves every symbol.
            ///
            /// # Errors
            /// A [`LoadError`]($crate::LoadError) if the library cannot be loaded or lacks a
            /// required symbol.
            pub fn load(spec: &$crate::LibSpec) -> ::std::result::Result<Self, $crate::LoadError> {
                let (lib, path) = spec.open()?;
                $(
                    // SAFETY: the symbol is declared with the signature of the vendor header the
                    // bindings were generated from.
                    let $rf = match unsafe {
                        lib.get::<unsafe extern "C" fn($($rt),*) $(-> $rret)?>(
                            concat!(stringify!($rf), "\0").as_bytes(),
                        )
                    } {
                        Ok(sym) => *sym,
                        Err(_) => return Err(spec.missing_symbol(&path, stringify!($rf))),
                    };
                )*
                $(
                    // SAFETY: as above; a missing optional symbol is kept as `None`.
                    let $of = unsafe {
                        lib.get::<unsafe extern "C" fn($($ot),*) $(-> $oret)?>(
                            concat!(stringify!($of), "\0").as_bytes(),
                        )
                    }
                    .ok()
                    .map(|sym| *sym);
                )*
                Ok(Self { $($rf,)* $($of,)* path, _lib: lib })
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(stringify!($name)).field("path", &self.path).finish_non_exhaustive()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOWHERE: LibSpec = LibSpec {
        name: "nowhere",
        override_var: "GPUBLAS_DYNLOAD_TEST_NOWHERE",
        candidates: &[
            "libgpublas-does-not-exist.so.1",
            "libgpublas-does-not-exist.so",
        ],
        root_vars: &[],
        root_subdirs: &[],
    };

    #[test]
    fn probe_tells_a_loadable_library_from_a_missing_one() {
        assert_eq!(probe("libc.so.6"), Ok(()));
        let why = probe("libgpublas-does-not-exist.so.1").unwrap_err();
        assert!(why.contains("libgpublas-does-not-exist.so.1"), "{why}");
    }

    #[test]
    fn missing_library_is_an_error_listing_every_candidate() {
        let err = NOWHERE.open().unwrap_err();
        assert_eq!(err.lib, "nowhere");
        assert_eq!(
            err.tried,
            [
                "libgpublas-does-not-exist.so.1",
                "libgpublas-does-not-exist.so"
            ]
        );
        assert!(!err.from_override);
        let msg = err.to_string();
        assert!(msg.contains("libgpublas-does-not-exist.so.1"), "{msg}");
        assert!(
            msg.contains("set GPUBLAS_DYNLOAD_TEST_NOWHERE to the library's full path"),
            "{msg}"
        );
    }

    #[test]
    fn a_wrong_override_is_named_and_not_suggested_again() {
        // A variable set only here, so no other test can race on it.
        const VAR: &str = "GPUBLAS_DYNLOAD_TEST_WRONG_OVERRIDE";
        std::env::set_var(VAR, "/nonexistent/gpublas-test/libnowhere.so.1");
        let spec = LibSpec {
            override_var: VAR,
            ..NOWHERE
        };
        let err = spec.open().unwrap_err();
        assert!(err.from_override);
        assert_eq!(err.tried, ["/nonexistent/gpublas-test/libnowhere.so.1"]);
        let msg = err.to_string();
        assert!(
            msg.starts_with(
                "could not load nowhere from /nonexistent/gpublas-test/libnowhere.so.1 \
                 (where GPUBLAS_DYNLOAD_TEST_WRONG_OVERRIDE points): "
            ),
            "{msg}"
        );
        assert!(
            msg.ends_with(
                "; point GPUBLAS_DYNLOAD_TEST_WRONG_OVERRIDE at a working nowhere library, \
                 or unset it to search the usual places"
            ),
            "{msg}"
        );
        assert!(
            !msg.contains("set GPUBLAS_DYNLOAD_TEST_WRONG_OVERRIDE to"),
            "{msg}"
        );
    }

    dyn_api! {
        /// A table whose required symbol does not exist (never loaded, so never read).
        #[allow(dead_code)]
        pub struct Broken {
            required {
                fn gpublas_no_such_symbol(x: i32) -> i32;
            }
            optional {}
        }
    }

    #[test]
    fn missing_required_symbol_is_an_error_naming_it() {
        let libc = LibSpec {
            candidates: &["libc.so.6"],
            ..NOWHERE
        };
        let err = Broken::load(&libc).unwrap_err();
        assert!(
            err.reason.contains("gpublas_no_such_symbol"),
            "{}",
            err.reason
        );
    }
}
