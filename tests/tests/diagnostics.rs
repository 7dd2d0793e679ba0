//! What the compiler tells a user who makes a common mistake: each case is a small program
//! that must fail to compile with gpublas's hint in the message (from
//! `#[diagnostic::on_unimplemented]`). The programs are built with `cargo build` as a separate
//! crate that depends on gpublas by path (as a user's would), written to the test's temporary
//! folder; only the hints are checked, not the compiler's whole output, so the test does not
//! depend on line numbers or on the compiler version's wording.
//!
//! The probe builds into this workspace's own target folder with the profile of this test
//! build, so gpublas and its dependencies, already compiled for this test, are reused (a
//! separate folder would compile faer and the rest from scratch: minutes on a small machine).
//!
//! Needs `cargo` (it runs under `cargo test`); the GPU runs skip it.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Case {
    name: &'static str,
    body: &'static str,
    hints: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "vec_as_matrix",
        body: r#"
            let dev = Device::host();
            let a = vec![1.0f64; 4];
            let mut c = vec![0.0f64; 4];
            let _ = dev.gemm(Op::N, Op::N, 1.0f64, &a, Mat::col_major(&a, 2, 2), 0.0,
                             MatMut::col_major(&mut c, 2, 2));
        "#,
        hints: &[
            "`&Vec<f64>` cannot be passed as a matrix of `f64`",
            "wrap it in `Mat::col_major(&v, rows, cols)`",
        ],
    },
    Case {
        name: "shared_reference_as_output",
        body: r#"
            let dev = Device::host();
            let (x, y) = (vec![1.0f32; 3], vec![0.0f32; 3]);
            let _ = dev.axpy(1.0, &x, &y);
        "#,
        hints: &[
            "`&Vec<f32>` cannot be written as a vector of `f32`",
            "pass `&mut v`",
        ],
    },
    Case {
        name: "generic_backend_without_blas_all",
        body: r#"}
        fn norm<B: Backend, T: Scalar>(dev: &Device<B>, x: &[T]) -> Result<T::Real, Error> {
            dev.nrm2(x)
        "#,
        hints: &[
            "`B` is not a backend with BLAS routines for all four types",
            "bound the backend parameter with `B: BlasAll`",
        ],
    },
    Case {
        name: "wrong_matmul_operand",
        body: r#"
            let dev = Device::host();
            let a = gpublas::ndarray::Array2::<f64>::zeros((2, 2));
            let _ = dev.matmul(&a, 3.0f64);
        "#,
        hints: &["`f64` cannot be the right operand of `matmul`"],
    },
];

/// The probe crate: one binary per case, depending on gpublas by path.
fn write_probe(dir: &Path) {
    let gpublas = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/gpublas");
    let manifest = format!(
        "[package]\nname = \"gpublas-diagnostics-probe\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\n\n[dependencies]\ngpublas = {{ path = {:?} }}\n\n[workspace]\n",
        gpublas.canonicalize().expect("crates/gpublas exists")
    );
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    // The workspace's lock file: the same dependency versions, all already downloaded.
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    std::fs::copy(lock, dir.join("Cargo.lock")).unwrap();
    for case in CASES {
        let src = format!(
            "#![allow(unused)]\nuse gpublas::prelude::*;\nfn main() {{\n{}\n}}\n",
            case.body
        );
        std::fs::write(dir.join(format!("src/bin/{}.rs", case.name)), src).unwrap();
    }
}

/// This test build's target folder (the parent of `CARGO_TARGET_TMPDIR`, `<target>/tmp`).
fn target_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).to_path_buf()
}

#[test]
fn common_mistakes_get_gpublas_hints_from_the_compiler() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostics-probe");
    write_probe(&dir);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut failures = Vec::new();
    for case in CASES {
        // `build`, not `check`: what the build of this test left in the target folder is
        // complete (rlibs), while `check` would compile every dependency again as metadata.
        let mut cmd = Command::new(&cargo);
        cmd.args(["build", "--offline", "--quiet", "--color", "never"])
            .args(["--bin", case.name])
            .current_dir(&dir)
            .env("CARGO_TARGET_DIR", target_dir());
        if !cfg!(debug_assertions) {
            cmd.arg("--release"); // this test was built with `--release`: reuse that build
        }
        let out = cmd.output().expect("cargo runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.success() {
            failures.push(format!("{}: compiled, but it must not", case.name));
            continue;
        }
        for hint in case.hints {
            if !stderr.contains(hint) {
                failures.push(format!("{}: no `{hint}` in:\n{stderr}", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
