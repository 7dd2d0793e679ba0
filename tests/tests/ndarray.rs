//! ndarray views as operands: row-major (standard), column-major (Fortran), transposed, sliced
//! with gaps and negative strides (which gpublas copies), written strided views (copied back
//! without touching elements outside the view), 1-D views, and `matmul`.

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
    if fortran {
        Array2::from_shape_vec((rows, cols).f(), v).unwrap()
    } else {
        Array2::from_shape_vec((rows, cols), v).unwrap()
    }
}

#[track_caller]
fn assert_bitwise_arr<T: TestScalar>(what: &str, got: &Array2<T>, want: &Array2<T>) {
    assert_eq!(got.dim(), want.dim());
    for ((i, j), g) in got.indexed_iter() {
        assert!(
            g.bits() == want[(i, j)].bits(),
            "{what}: ({i}, {j}) changed from {:?} to {g:?}",
            want[(i, j)]
        );
    }
}

fn gemm_on_row_and_column_major_arrays<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_gemm_layouts"));
    let (m, n, k) = (7, 9, 6);
    for mask in 0..8 {
        let a: Array2<T> = rand_arr(&mut r, m, k, mask & 1 == 1);
        let b: Array2<T> = rand_arr(&mut r, k, n, mask & 2 == 2);
        let c0: Array2<T> = rand_arr(&mut r, m, n, mask & 4 == 4);
        let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
        let mut c = c0.clone();
        dev.gemm(Op::N, Op::N, alpha, a.view(), &b, beta, &mut c)
            .unwrap();
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &to_m(a.view()),
            &to_m(b.view()),
            beta.to_c(),
            &to_m(c0.view()),
        );
        assert_close::<T>(
            &format!("ndarray gemm layouts {mask:03b}"),
            &to_m(c.view()),
            &want,
            &mag,
            k,
        );
        // Ops on views: op(Aᵀ-view) with T gives A again.
        let mut c = c0.clone();
        dev.gemm(Op::T, Op::N, alpha, a.t(), b.view(), beta, c.view_mut())
            .unwrap();
        assert_close::<T>(
            &format!("ndarray gemm Op::T on a transposed view {mask:03b}"),
            &to_m(c.view()),
            &want,
            &mag,
            k,
        );
    }
}

fn gemm_on_sliced_and_reversed_views_that_must_be_copied<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_gemm_sliced"));
    let (m, n, k) = (5, 4, 6);
    let big_a: Array2<T> = rand_arr(&mut r, 2 * m + 1, k + 3, false);
    let big_b: Array2<T> = rand_arr(&mut r, k, 3 * n, true);
    let a = big_a.slice(s![1..;2, 2..2 + k]); // every other row: gaps
    let b = big_b.slice(s![..;-1, ..;3]); // reversed rows, every third column
    assert_eq!((a.dim(), b.dim()), ((m, k), (k, n)));
    let big_c0: Array2<T> = rand_arr(&mut r, m + 2, 2 * n, false);
    let mut big_c = big_c0.clone();
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    {
        let c = big_c.slice_mut(s![1..m + 1, ..;-2]); // gaps and a negative stride
        dev.gemm(Op::N, Op::N, alpha, a, b, beta, c).unwrap();
    }
    let c0v = big_c0.slice(s![1..m + 1, ..;-2]);
    let (want, mag) = ref_gemm_with_mag(alpha.to_c(), &to_m(a), &to_m(b), beta.to_c(), &to_m(c0v));
    assert_close::<T>(
        "ndarray gemm on sliced views",
        &to_m(big_c.slice(s![1..m + 1, ..;-2])),
        &want,
        &mag,
        k,
    );
    // Elements outside the written view are untouched.
    for ((i, j), v) in big_c.indexed_iter() {
        let inside = (1..m + 1).contains(&i) && j % 2 == 1;
        if !inside {
            assert!(
                v.bits() == big_c0[(i, j)].bits(),
                "element ({i}, {j}) outside the view changed"
            );
        }
    }
}

fn gemv_and_level1_on_one_dimensional_views<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_1d"));
    let (m, n) = (6, 5);
    let a: Array2<T> = rand_arr(&mut r, m, n, false);
    let xs = Array1::from(rand_vec::<T>(&mut r, 2 * n));
    let x = xs.slice(s![..;2]);
    let ys0 = Array1::from(rand_vec::<T>(&mut r, 3 * m));
    let mut ys = ys0.clone();
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    dev.gemv(Op::N, alpha, &a, x, beta, ys.slice_mut(s![..;3]))
        .unwrap();
    let (want, mag) = ref_gemm_with_mag(
        alpha.to_c(),
        &to_m(a.view()),
        &to_col(x),
        beta.to_c(),
        &to_col(ys0.slice(s![..;3])),
    );
    assert_close::<T>("ndarray gemv", &to_col(ys.slice(s![..;3])), &want, &mag, n);
    for i in (0..3 * m).filter(|i| i % 3 != 0) {
        assert!(
            ys[i].bits() == ys0[i].bits(),
            "gemv: y[{i}] outside the view changed"
        );
    }
    // axpy on a reversed view, dot on arrays.
    let mut yv = ys0.slice(s![..m]).to_owned();
    let xr = xs.slice(s![..m;-1]);
    // ndarray views are invariant in their lifetime, and gpublas ties every operand to one
    // lifetime: without `reborrow`, `yv` would stay mutably borrowed as long as `xr` lives.
    dev.axpy(alpha, xr.reborrow(), &mut yv).unwrap();
    for i in 0..m {
        let want = alpha.to_c() * xr[i].to_c() + ys0[i].to_c();
        assert_scalar_close::<T>(
            &format!("ndarray axpy element {i}"),
            yv[i].to_c(),
            want,
            2.0,
            1,
        );
    }
    let d = dev.dotc(&yv, xr).unwrap();
    let want: Z = (0..m).map(|i| yv[i].to_c().conj() * xr[i].to_c()).sum();
    assert_scalar_close::<T>("ndarray dotc", d.to_c(), want, m as f64, m);
}

fn matmul_returns_the_product_for_any_layouts<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_matmul"));
    for (m, n, k) in [(3, 4, 5), (17, 1, 33), (1, 16, 7)] {
        for mask in 0..4 {
            let a: Array2<T> = rand_arr(&mut r, m, k, mask & 1 == 1);
            let b: Array2<T> = rand_arr(&mut r, n, k, mask & 2 == 2);
            let c = dev.matmul(a.view(), b.t()).unwrap();
            assert_eq!(c.dim(), (m, n));
            let (want, mag) = ref_gemm_with_mag(
                zr(1.0),
                &to_m(a.view()),
                &to_m(b.t()),
                zr(0.0),
                &M::zeros(m, n),
            );
            assert_close::<T>(
                &format!("matmul {m}×{k}·{k}×{n} layouts {mask:02b}"),
                &to_m(c.view()),
                &want,
                &mag,
                k,
            );
        }
    }
    // Sliced operands, and the empty product.
    let a: Array2<T> = rand_arr(&mut r, 8, 8, false);
    let c = dev
        .matmul(a.slice(s![..;2, ..3]), a.slice(s![1..4, ..;-4]))
        .unwrap();
    let (want, mag) = ref_gemm_with_mag(
        zr(1.0),
        &to_m(a.slice(s![..;2, ..3])),
        &to_m(a.slice(s![1..4, ..;-4])),
        zr(0.0),
        &M::zeros(4, 2),
    );
    assert_close::<T>("matmul of sliced views", &to_m(c.view()), &want, &mag, 3);
    let e = dev.matmul(a.slice(s![..0, ..]), a.view()).unwrap();
    assert_eq!(e.dim(), (0, 8));
    let z = dev
        .matmul(a.slice(s![.., ..0]), a.slice(s![..0, ..]))
        .unwrap();
    assert!(
        z.iter().all(|v| v.to_c() == zr(0.0)) && z.dim() == (8, 8),
        "k = 0 matmul must be zeros"
    );
}

fn matmul_and_views_reject_mismatched_shapes<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_errors"));
    let a: Array2<T> = rand_arr(&mut r, 3, 4, false);
    let b: Array2<T> = rand_arr(&mut r, 5, 2, false);
    assert_invalid(dev.matmul(&a, &b), "matmul", "b");
    let c0: Array2<T> = rand_arr(&mut r, 3, 3, false);
    let mut c = c0.clone();
    assert_invalid(
        dev.gemm(
            Op::N,
            Op::T,
            T::one(),
            &a,
            &b,
            T::zero(),
            c.slice_mut(s![.., ..;2]),
        ),
        "gemm",
        "b",
    );
    assert_bitwise_arr("c after a rejected gemm", &c, &c0);
}

fn trsm_syrk_on_arrays<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_trsm_syrk"));
    let n = 6;
    // Triangular solve with a row-major A and a column-major B.
    let mut a: Array2<T> = rand_arr(&mut r, n, n, false);
    for i in 0..n {
        for j in 0..n {
            a[(i, j)] = if i == j {
                T::from_c(zr(2.0) + a[(i, j)].to_c() * 0.5)
            } else {
                T::from_c(a[(i, j)].to_c() / n as f64)
            };
        }
    }
    let b0: Array2<T> = rand_arr(&mut r, n, 4, true);
    let mut b = b0.clone();
    dev.trsm(
        Side::Left,
        Uplo::Upper,
        Op::N,
        Diag::NonUnit,
        T::one(),
        &a,
        &mut b,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let want = ref_trsm(
        Side::Left,
        Uplo::Upper,
        Op::N,
        Diag::NonUnit,
        zr(1.0),
        &to_m(a.view()),
        &to_m(b0.view()),
    );
    let mag = M {
        rows: n,
        cols: 4,
        d: vec![zr(4.0 * want.max_abs()); n * 4],
    };
    assert_close::<T>("ndarray trsm", &to_m(b.view()), &want, &mag, n);
    // syrk into a sliced (copied) C.
    let big0: Array2<T> = rand_arr(&mut r, 2 * n, n, false);
    let mut big = big0.clone();
    dev.syrk(
        Uplo::Lower,
        Op::N,
        T::one(),
        a.slice(s![.., ..3]),
        T::zero(),
        big.slice_mut(s![..;2, ..]),
    )
    .unwrap();
    let (want, mag) = ref_rank_k(
        false,
        zr(1.0),
        &to_m(a.slice(s![.., ..3])),
        zr(0.0),
        &M::zeros(n, n),
    );
    assert_close_where::<T>(
        "ndarray syrk",
        &to_m(big.slice(s![..;2, ..])),
        &want,
        &mag,
        3,
        |i, j| i >= j,
    );
    for ((i, j), v) in big.indexed_iter() {
        if i % 2 == 1 || i / 2 < j {
            assert!(
                v.bits() == big0[(i, j)].bits(),
                "syrk: ({i}, {j}) outside the lower triangle of the view changed"
            );
        }
    }
}

fn level1_and_gemv_on_reversed_and_strided_one_dimensional_views<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nd_1d_negative"));
    let n = 7;
    // Views with stride -1 (used in place, increment -1), -2 and 3 (gaps: copied), as inputs and
    // as outputs; every element outside the output view must stay as it was.
    for (sx, sy) in [(-1isize, -1isize), (-2, 1), (1, -2), (3, -1), (-1, 3)] {
        let xs = Array1::from(rand_vec::<T>(&mut r, 3 * n));
        let ys0 = Array1::from(rand_vec::<T>(&mut r, 3 * n));
        let view = |s: isize| match s {
            -1 => s![..n;-1],
            -2 => s![..2 * n - 1;-2],
            1 => s![..n],
            _ => s![..3 * n - 2;3],
        };
        let (vx, vy) = (view(sx), view(sy));
        let x = xs.slice(vx);
        let alpha: T = rand_scalar(&mut r);
        let what = format!("x stride {sx}, y stride {sy}");
        let outside = |ys: &Array1<T>, op: &str| {
            let inside: Vec<usize> = {
                let idx = Array1::from_iter(0..3 * n);
                idx.slice(vy).iter().copied().collect()
            };
            for k in (0..3 * n).filter(|k| !inside.contains(k)) {
                assert!(
                    ys[k].bits() == ys0[k].bits(),
                    "{op} {what}: element {k} outside the view changed"
                );
            }
        };

        let mut ys = ys0.clone();
        dev.axpy(alpha, x.reborrow(), ys.slice_mut(vy)).unwrap();
        for i in 0..n {
            let want = alpha.to_c() * x[i].to_c() + ys0.slice(vy)[i].to_c();
            let mag = alpha.to_c().norm() * x[i].to_c().norm() + ys0.slice(vy)[i].to_c().norm();
            assert_scalar_close::<T>(
                &format!("axpy {what} [{i}]"),
                ys.slice(vy)[i].to_c(),
                want,
                mag,
                1,
            );
        }
        outside(&ys, "axpy");

        let mut ys = ys0.clone();
        dev.copy(x.reborrow(), ys.slice_mut(vy)).unwrap();
        for i in 0..n {
            assert!(ys.slice(vy)[i].bits() == x[i].bits(), "copy {what} [{i}]");
        }
        outside(&ys, "copy");

        let (mut xm, mut ys) = (xs.clone(), ys0.clone());
        dev.swap(xm.slice_mut(vx), ys.slice_mut(vy)).unwrap();
        for i in 0..n {
            assert!(ys.slice(vy)[i].bits() == x[i].bits(), "swap {what}: y[{i}]");
            assert!(
                xm.slice(vx)[i].bits() == ys0.slice(vy)[i].bits(),
                "swap {what}: x[{i}]"
            );
        }
        outside(&ys, "swap");

        let d = dev.dotu(x.reborrow(), ys0.slice(vy)).unwrap();
        let want: Z = (0..n).map(|i| x[i].to_c() * ys0.slice(vy)[i].to_c()).sum();
        let mag: f64 = (0..n)
            .map(|i| x[i].to_c().norm() * ys0.slice(vy)[i].to_c().norm())
            .sum();
        assert_scalar_close::<T>(&format!("dotu {what}"), d.to_c(), want, mag, n);

        let a: Array2<T> = rand_arr(&mut r, n, n, false);
        let beta: T = rand_scalar(&mut r);
        let mut ys = ys0.clone();
        dev.gemv(Op::T, alpha, &a, x.reborrow(), beta, ys.slice_mut(vy))
            .unwrap();
        let (want, mag) = ref_gemm_with_mag(
            alpha.to_c(),
            &to_m(a.view()).op(Op::T),
            &to_col(x.reborrow()),
            beta.to_c(),
            &to_col(ys0.slice(vy)),
        );
        assert_close::<T>(
            &format!("gemv {what}"),
            &to_col(ys.slice(vy)),
            &want,
            &mag,
            n,
        );
        outside(&ys, "gemv");
    }
}

for_all_types!(
    gemm_on_row_and_column_major_arrays,
    gemm_on_sliced_and_reversed_views_that_must_be_copied,
    gemv_and_level1_on_one_dimensional_views,
    level1_and_gemv_on_reversed_and_strided_one_dimensional_views,
    matmul_returns_the_product_for_any_layouts,
    matmul_and_views_reject_mismatched_shapes,
    trsm_syrk_on_arrays,
);
