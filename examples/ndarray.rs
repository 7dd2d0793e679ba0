//! ndarray interop: `matmul` on views in either layout (matrix × matrix and matrix × vector),
//! gemm writing into a view, device-resident matrices that keep their shape, and a batch of
//! products from an `Array3`.

use gpublas::prelude::*;
use ndarray::{s, Array1, Array2, Array3, Axis, ShapeBuilder};

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

    // Matrix × vector.
    let x = Array1::from_shape_fn(3, |i| i as f32 + 1.0);
    let y: Array1<f32> = dev.matmul(&a, &x)?;
    let want_y = a.dot(&x);

    // Device-resident: upload once (shape and layout kept), multiply on the device, bring the
    // result back once.
    let a_d = dev.upload_matrix(&a)?;
    let b_d = dev.upload_matrix(&b)?;
    let c_d = dev.matmul(&a_d, &b_d)?; // a DeviceMatrix: stays on the device
    let mut p_d = dev.zeros_matrix::<f32>(4, 4, Order::RowMajor)?;
    dev.gemm(Op::N, Op::T, 1.0, &c_d, &c_d, 0.0, &mut p_d)?; // (A·B)(A·B)ᵀ
    let p = p_d.to_array2()?;
    let want_p = want.dot(&want.t());

    // A batch of products: axis 0 of an Array3 is the batch.
    let batch_a = Array3::from_shape_fn((5, 4, 3), |(k, i, j)| (k + i * j) as f32);
    let mut batch_c = Array3::<f32>::zeros((5, 4, 2));
    let b3 = b
        .broadcast((5, 3, 2))
        .expect("b broadcasts along the batch"); // shared by all
    dev.gemm_strided_batched(Op::N, Op::N, 1.0, &batch_a, b3, 0.0, &mut batch_c)?;
    let batch_ok =
        (0..5).all(|k| batch_c.index_axis(Axis(0), k) == batch_a.index_axis(Axis(0), k).dot(&b));
    println!("matmul, matvec, device-resident and batched products computed");

    if c != want
        || d != want_d
        || out.slice(s![.., 1..3]) != want
        || !untouched
        || y != want_y
        || p != want_p
        || !batch_ok
    {
        eprintln!("FAILED: results differ from ndarray's own dot");
        std::process::exit(1);
    }
    println!("ok");
    Ok(())
}
