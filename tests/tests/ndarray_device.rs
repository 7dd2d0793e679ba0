//! Device-resident ndarray work: `DeviceMatrix` (upload keeping shape and layout, gathered
//! views, `to_array2`, use as an argument of every matrix operation, its transpose), and
//! `matmul`'s result kinds (matrix × matrix, matrix × vector; on the host, in a `Vec`, or on
//! the device), with errors named after `matmul`.

use gpublas_tests::*;
use ndarray::{s, Array1, Array2, ArrayView1, ArrayView2, ShapeBuilder};

fn to_m<T: TestScalar>(v: ArrayView2<'_, T>) -> M {
    let mut m = M::zeros(v.nrows(), v.ncols());
    for ((i, j), x) in v.indexed_iter() {
        m.set(i, j, x.to_c());
    }
    m
}

fn to_col<T: TestScalar>(v: ArrayView1<'_, T>) -> M {
    M {
        rows: v.len(),
        cols: 1,
        d: v.iter().map(|x| x.to_c()).collect(),
    }
}

fn rand_arr<T: TestScalar>(
    r: &mut ChaCha8Rng,
    rows: usize,
    cols: usize,
    fortran: bool,
) -> Array2<T> {
    let v = rand_vec::<T>(r, rows * cols);
    let shape = if fortran {
        (rows, cols).f()
    } else {
        (rows, cols).into_shape_with_order()
    };
    Array2::from_shape_vec(shape, v).unwrap()
}

#[track_caller]
fn assert_same<T: TestScalar>(what: &str, got: &Array2<T>, want: ArrayView2<'_, T>) {
    assert_eq!(got.dim(), want.dim(), "{what}: shape");
    for ((i, j), g) in got.indexed_iter() {
        assert!(
            g.bits() == want[(i, j)].bits(),
            "{what}: ({i}, {j}) is {g:?}, expected {:?}",
            want[(i, j)]
        );
    }
}

fn upload_matrix_keeps_shape_and_layout_and_to_array2_brings_it_back<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("devmat_roundtrip"));
    for (rows, cols) in [(5, 3), (1, 7), (7, 1), (0, 4), (3, 0)] {
        for fortran in [false, true] {
            let a: Array2<T> = rand_arr(&mut r, rows, cols, fortran);
            let a_d = dev.upload_matrix(&a).unwrap();
            let what = format!("{rows}×{cols} fortran={fortran}");
            assert_eq!(a_d.dim(), (rows, cols), "{what}");
            let back = a_d.to_array2().unwrap();
            assert_same(&what, &back, a.view());
            // The layout is kept: the device copy is the array's memory, element for element.
            if rows > 1 && cols > 1 {
                let want = if fortran {
                    Order::ColMajor
                } else {
                    Order::RowMajor
                };
                assert_eq!(a_d.order(), want, "{what}");
                assert_eq!(
                    a_d.to_vec().unwrap(),
                    a.as_slice_memory_order().unwrap(),
                    "{what}"
                );
                assert_eq!(back.is_standard_layout(), !fortran, "{what}");
            }
        }
    }
    // Views with gaps or reversed axes are gathered (row-major), with the view's values.
    let big: Array2<T> = rand_arr(&mut r, 9, 8, false);
    for view in [
        big.slice(s![..;2, 1..6]),
        big.slice(s![..;-1, ..;-3]),
        big.slice(s![2..7, ..;2]).reversed_axes(),
    ] {
        let d = dev.upload_matrix(view).unwrap();
        assert_eq!(d.order(), Order::RowMajor);
        assert_same("gathered view", &d.to_array2().unwrap(), view);
    }
}

fn device_matrices_are_arguments_of_gemm_gemv_trsm_and_syrk<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("devmat_args"));
    let (m, n, k) = (6, 5, 7);
    for mask in 0..8 {
        let a: Array2<T> = rand_arr(&mut r, m, k, mask & 1 == 1);
        let b: Array2<T> = rand_arr(&mut r, k, n, mask & 2 == 2);
        let c0: Array2<T> = rand_arr(&mut r, m, n, mask & 4 == 4);
        let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
        let (a_d, b_d) = (
            dev.upload_matrix(&a).unwrap(),
            dev.upload_matrix(&b).unwrap(),
        );
        let mut c_d = dev.upload_matrix(&c0).unwrap();
        dev.gemm(Op::N, Op::N, alpha, &a_d, &b_d, beta, &mut c_d)
            .unwrap();
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &to_m(a.view()),
            &to_m(b.view()),
            beta.to_c(),
            &to_m(c0.view()),
        );
        let what = format!("gemm on device matrices, layouts {mask:03b}");
        assert_close::<T>(
            &what,
            &to_m(c_d.to_array2().unwrap().view()),
            &want,
            &mag,
            k,
        );
        // The transpose without a copy: Bᵀ·Aᵀ = (A·B)ᵀ.
        let mut ct_d = dev.zeros_matrix::<T>(n, m, Order::ColMajor).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            T::one(),
            b_d.t(),
            a_d.t(),
            T::zero(),
            &mut ct_d,
        )
        .unwrap();
        let (want_t, mag_t) = ref_gemm_with_mag(
            zr(1.0),
            &to_m(b.t()),
            &to_m(a.t()),
            zr(0.0),
            &M::zeros(n, m),
        );
        let got_t = ct_d.to_array2().unwrap();
        assert_close::<T>(
            &format!("{what}, transposed"),
            &to_m(got_t.view()),
            &want_t,
            &mag_t,
            k,
        );
        // gemv with a device matrix and device vectors.
        let x: Vec<T> = rand_vec(&mut r, k);
        let x_d = dev.upload(&x).unwrap();
        let mut y_d = dev.zeros::<T>(m).unwrap();
        dev.gemv(Op::N, alpha, &a_d, &x_d, T::zero(), &mut y_d)
            .unwrap();
        let xm = M {
            rows: k,
            cols: 1,
            d: x.iter().map(|v| v.to_c()).collect(),
        };
        let (want_y, mag_y) =
            ref_gemm_with_mag(alpha.to_c(), &to_m(a.view()), &xm, zr(0.0), &M::zeros(m, 1));
        let y = Array1::from(y_d.to_vec().unwrap());
        assert_close::<T>(
            &format!("{what}: gemv"),
            &to_col(y.view()),
            &want_y,
            &mag_y,
            k,
        );
    }
    // trsm and syrk on device matrices (row-major A, column-major B and C).
    let nt = 5;
    let mut t: Array2<T> = rand_arr(&mut r, nt, nt, false);
    for i in 0..nt {
        t[(i, i)] = T::from_c(t[(i, i)].to_c() + zr(nt as f64 + 1.0));
    }
    let b0: Array2<T> = rand_arr(&mut r, nt, 3, true);
    let t_d = dev.upload_matrix(&t).unwrap();
    let mut b_d = dev.upload_matrix(&b0).unwrap();
    dev.trsm(
        Side::Left,
        Uplo::Lower,
        Op::T,
        Diag::NonUnit,
        T::one(),
        &t_d,
        &mut b_d,
    )
    .unwrap();
    let want = ref_trsm(
        Side::Left,
        Uplo::Lower,
        Op::T,
        Diag::NonUnit,
        zr(1.0),
        &to_m(t.view()),
        &to_m(b0.view()),
    );
    let mag = M {
        rows: nt,
        cols: 3,
        d: vec![zr(4.0 * want.max_abs()); nt * 3],
    };
    assert_close::<T>(
        "trsm on device matrices",
        &to_m(b_d.to_array2().unwrap().view()),
        &want,
        &mag,
        nt,
    );
    let mut s_d = dev.zeros_matrix::<T>(nt, nt, Order::ColMajor).unwrap();
    dev.syrk(Uplo::Upper, Op::N, T::one(), &t_d, T::zero(), &mut s_d)
        .unwrap();
    let (want, mag) = ref_rank_k(false, zr(1.0), &to_m(t.view()), zr(0.0), &M::zeros(nt, nt));
    assert_close_where::<T>(
        "syrk on device matrices",
        &to_m(s_d.to_array2().unwrap().view()),
        &want,
        &mag,
        nt,
        |i, j| i <= j,
    );
}

fn device_matrix_constructors_check_their_sizes<T: TestScalar>() {
    let dev = device();
    let three: Vec<T> = vec![T::one(); 3];
    assert_invalid(
        dev.upload_matrix_from(&three, 2, 2, Order::ColMajor),
        "upload_matrix_from",
        "host",
    );
    assert_invalid(
        DeviceMatrix::from_buffer(dev.upload(&three).unwrap(), 1, 2, Order::RowMajor),
        "DeviceMatrix::from_buffer",
        "buf",
    );
    assert_invalid(
        dev.zeros_matrix::<T>(usize::MAX, 2, Order::ColMajor),
        "zeros_matrix",
        "rows",
    );
    // A device matrix as an operand is checked like any other: wrong shapes name the routine.
    let a_d = dev.zeros_matrix::<T>(2, 3, Order::RowMajor).unwrap();
    let mut c_d = dev.zeros_matrix::<T>(2, 2, Order::ColMajor).unwrap();
    assert_invalid(
        dev.gemm(Op::N, Op::N, T::one(), &a_d, &a_d, T::zero(), &mut c_d),
        "gemm",
        "b",
    );
}

fn matmul_result_kind_follows_the_right_operand<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("matmul_kinds"));
    let (m, k, n) = (7, 6, 4);
    let a: Array2<T> = rand_arr(&mut r, m, k, true);
    let b: Array2<T> = rand_arr(&mut r, k, n, false);
    let x = Array1::from(rand_vec::<T>(&mut r, 2 * k));
    let xv = x.slice(s![..;2]); // a strided vector view
    let (want_ab, mag_ab) = ref_gemm_with_mag(
        zr(1.0),
        &to_m(a.view()),
        &to_m(b.view()),
        zr(0.0),
        &M::zeros(m, n),
    );
    let (want_ax, mag_ax) = ref_gemm_with_mag(
        zr(1.0),
        &to_m(a.view()),
        &to_col(xv),
        zr(0.0),
        &M::zeros(m, 1),
    );

    // Host matrix × host matrix (three argument forms): Array2.
    let c1: Array2<T> = dev.matmul(&a, &b).unwrap();
    let c2: Array2<T> = dev.matmul(a.view(), b.view()).unwrap();
    let c3: Array2<T> = dev
        .matmul(&a, Mat::row_major(b.as_slice().unwrap(), k, n))
        .unwrap();
    for (i, c) in [c1, c2, c3].iter().enumerate() {
        assert!(c.is_standard_layout());
        assert_close::<T>(
            &format!("matmul host form {i}"),
            &to_m(c.view()),
            &want_ab,
            &mag_ab,
            k,
        );
    }
    // Host matrix × vector: Array1 for ndarray vectors, Vec for slices and Vecs.
    let y1: Array1<T> = dev.matmul(&a, xv).unwrap();
    let y2: Array1<T> = dev.matmul(&a, &xv.to_owned()).unwrap();
    let xs: Vec<T> = xv.to_vec();
    let y3: Vec<T> = dev.matmul(&a, &xs).unwrap();
    let y4: Vec<T> = dev.matmul(&a, xs.as_slice()).unwrap();
    for (i, y) in [y1, y2, Array1::from(y3), Array1::from(y4)]
        .iter()
        .enumerate()
    {
        assert_close::<T>(
            &format!("matvec form {i}"),
            &to_col(y.view()),
            &want_ax,
            &mag_ax,
            k,
        );
    }
    // Device operands: the result stays on the device.
    let (a_d, b_d) = (
        dev.upload_matrix(&a).unwrap(),
        dev.upload_matrix(&b).unwrap(),
    );
    let c_d: DeviceMatrix<T, _> = dev.matmul(&a_d, &b_d).unwrap();
    assert_eq!((c_d.dim(), c_d.order()), ((m, n), a_d.order()));
    assert_close::<T>(
        "matmul on device",
        &to_m(c_d.to_array2().unwrap().view()),
        &want_ab,
        &mag_ab,
        k,
    );
    let c_mixed: DeviceMatrix<T, _> = dev.matmul(&a, &b_d).unwrap();
    assert_close::<T>(
        "matmul host × device",
        &to_m(c_mixed.to_array2().unwrap().view()),
        &want_ab,
        &mag_ab,
        k,
    );
    let x_d = dev.upload(&xs).unwrap();
    let y_d: DeviceBuffer<T, _> = dev.matmul(&a_d, &x_d).unwrap();
    let y = Array1::from(y_d.to_vec().unwrap());
    assert_close::<T>("matvec on device", &to_col(y.view()), &want_ax, &mag_ax, k);
    // A device matrix times a host matrix comes back to the host.
    let c_host: Array2<T> = dev.matmul(&a_d, &b).unwrap();
    assert_close::<T>(
        "matmul device × host",
        &to_m(c_host.view()),
        &want_ab,
        &mag_ab,
        k,
    );
    // Empty products.
    let e: Array1<T> = dev
        .matmul(a.slice(s![.., ..0]), ArrayView1::<T>::from(&[]))
        .unwrap();
    assert!(e.iter().all(|v| v.to_c() == zr(0.0)) && e.len() == m);
    let e: Array1<T> = dev.matmul(a.slice(s![..0, ..]), xv).unwrap();
    assert!(e.is_empty());
}

fn matmul_errors_name_matmul<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("matmul_errors"));
    let a: Array2<T> = rand_arr(&mut r, 3, 4, false);
    let b: Array2<T> = rand_arr(&mut r, 5, 2, false);
    let x = Array1::from(rand_vec::<T>(&mut r, 5));
    let err = dev.matmul(&a, &b).unwrap_err();
    assert_eq!(
        err.to_string(),
        "matmul: argument `b` has 5 rows but `a` has 4 columns"
    );
    let err = dev.matmul(&a, &x).unwrap_err();
    assert_eq!(
        err.to_string(),
        "matmul: argument `b` has 5 elements but `a` has 4 columns"
    );
    let short = vec![T::one(); 5];
    let err = dev
        .matmul(Mat::col_major(&short, 2, 3), &x.slice(s![..3]).to_owned())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "matmul: argument `a` is too short: a 2×3 matrix (ld 2) needs 6 elements but it has 5"
    );
    let (a_d, b_d) = (
        dev.upload_matrix(&a).unwrap(),
        dev.upload_matrix(&b).unwrap(),
    );
    assert_invalid(dev.matmul(&a_d, &b_d), "matmul", "b");
    let x_d = dev.upload(x.as_slice().unwrap()).unwrap();
    assert_invalid(dev.matmul(&a_d, &x_d), "matmul", "b");
    // A batch is not a matrix.
    let batch = vec![T::one(); 12];
    assert_invalid(
        dev.matmul(
            Mat::col_major(&batch, 2, 3).batched(2, 6),
            &b.slice(s![..3, ..]).to_owned(),
        ),
        "matmul",
        "a",
    );
}

for_all_types!(
    upload_matrix_keeps_shape_and_layout_and_to_array2_brings_it_back,
    device_matrices_are_arguments_of_gemm_gemv_trsm_and_syrk,
    device_matrix_constructors_check_their_sizes,
    matmul_result_kind_follows_the_right_operand,
    matmul_errors_name_matmul,
);
