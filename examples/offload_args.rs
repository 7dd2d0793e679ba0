//! The `offload_args` acceptance example: y ← αAx + βy ten times, with host scalars
//! (α = β = 1) and A (2×3, all ones), x = [1, 1, 1], y = [0, 0].
//!
//! 1. Host arrays passed directly: each call maps A and x to the device, and y to and from it
//!    (what rustc's `offload_args` does per call).
//! 2. A and x mapped once with guards outside the loop, y passed as `&mut`.
//!
//! Both must give y = [30, 30]; the program exits non-zero otherwise.

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

    let (m, n) = (2, 3);
    let a = vec![1.0f64; m * n];
    let x = vec![1.0f64; n];
    let (alpha, beta) = (1.0, 1.0);

    // 1. offload_args form: plain host data in, mapped for each call.
    let mut y1 = vec![0.0f64; m];
    for _ in 0..10 {
        dev.gemv(Op::N, alpha, Mat::col_major(&a, m, n), &x, beta, &mut y1)?;
    }
    println!("per-call mapping:        y = {y1:?}");

    // 2. map A and x once; y still goes to and from the device on each call.
    let mut y2 = vec![0.0f64; m];
    {
        let a_d = dev.map(&a)?;
        let x_d = dev.map(&x)?;
        for _ in 0..10 {
            dev.gemv(
                Op::N,
                alpha,
                Mat::col_major(&a_d, m, n),
                &x_d,
                beta,
                &mut y2,
            )?;
        }
    }
    println!("A, x mapped once:        y = {y2:?}");

    // 3. everything mapped once: y copies back when its guard finishes.
    let mut y3 = vec![0.0f64; m];
    {
        let a_d = dev.map(&a)?;
        let mut y_d = dev.map_mut(&mut y3)?;
        for _ in 0..10 {
            dev.gemv(Op::N, alpha, Mat::col_major(&a_d, m, n), &x, beta, &mut y_d)?;
        }
        y_d.finish()?;
    }
    println!("A and y mapped once:     y = {y3:?}");

    let want = [30.0, 30.0];
    if y1 != want || y2 != want || y3 != want {
        eprintln!("FAILED: expected y = {want:?}");
        std::process::exit(1);
    }
    println!("ok");
    Ok(())
}
