//! ndarray interop: `matmul` on views in either layout, and gemm writing into a view.

use gpublas::prelude::*;
use ndarray::{s, Array2, ShapeBuilder};

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Error> {
    let dev = Device::auto()?;
    println!("backend: {}", dev.describe());

    let a = Array2::from_shape_fn((4, 3), |(i, j)| (i * 3 + j) as f32); // row-major
    let b = Array2::from_shape_fn((3, 2).f(), |(i, j)| (i as f32) - (j as f32)); // column-major
    let c = dev.matmul(&a, &b)?;
    let want = a.dot(&b);
    println!("A·B =\n{c}");

    // A strided view (every other row of a bigger array) is copied for the call.
    let big = Array2::from_shape_fn((8, 3), |(i, j)| (i + j) as f32);
    let every_other = big.slice(s![..;2, ..]);
    let d = dev.matmul(every_other, &b)?;
    let want_d = every_other.dot(&b);

    // gemm into a column slice of a larger array (written back through the view).
    let mut out = Array2::<f32>::from_elem((4, 5), -1.0);
    dev.gemm(Op::N, Op::N, 1.0, &a, &b, 0.0, out.slice_mut(s![.., 1..3]))?;
    let untouched = out
        .column(0)
        .iter()
        .chain(out.column(3).iter())
        .all(|&v| v == -1.0);

    if c != want || d != want_d || out.slice(s![.., 1..3]) != want || !untouched {
        eprintln!("FAILED: results differ from ndarray's own dot");
        std::process::exit(1);
    }
    println!("ok");
    Ok(())
}
