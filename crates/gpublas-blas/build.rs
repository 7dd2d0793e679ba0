//! Gives the shared library the soname of the BLAS it replaces, so a `libblas.so.3` link to it
//! is what the dynamic linker expects.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libblas.so.3");
    }
}
