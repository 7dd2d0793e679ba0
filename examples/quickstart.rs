//! The default example: C = A·B on whatever backend `Device::auto()` picks (CUDA, ROCm, or the
//! host when there is no GPU), checked against a plain triple loop.
//!
//! `cargo run --example quickstart` (or `GPUBLAS_BACKEND=host cargo run --example quickstart` to
//! force the CPU; `--features cuda` or `--features rocm` to compile a GPU backend in).

use gpublas::prelude::*;

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Error> {
    let dev = Device::auto()?;
    println!("backend: {}", dev.describe());
    for skipped in dev.skipped() {
        println!("  (skipped: {skipped})");
    }

    let (m, k, n) = (64, 48, 32);
    // Deterministic, non-trivial inputs (column-major).
    let a: Vec<f64> = (0..m * k)
        .map(|i| ((i * 7 % 13) as f64 - 6.0) / 4.0)
        .collect();
    let b: Vec<f64> = (0..k * n)
        .map(|i| ((i * 5 % 11) as f64 - 5.0) / 3.0)
        .collect();
    let mut c = vec![f64::NAN; m * n]; // beta = 0: C is overwritten, never read

    // Host scalars and host slices in, result written back into `c`.
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        0.0,
        MatMut::col_major(&mut c, m, n),
    )?;

    let mut max_err = 0.0f64;
    for j in 0..n {
        for i in 0..m {
            let want: f64 = (0..k).map(|p| a[i + p * m] * b[p + j * k]).sum();
            max_err = max_err.max((c[i + j * m] - want).abs());
        }
    }
    println!("C = A·B for {m}×{k} · {k}×{n}: C[0,0] = {:.4}, max |error| vs. a triple loop = {max_err:.2e}", c[0]);
    if max_err > 1e-9 {
        eprintln!("FAILED: result differs from the reference");
        std::process::exit(1);
    }
    println!("ok");
    Ok(())
}
