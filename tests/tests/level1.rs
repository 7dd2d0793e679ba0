//! Level 1 conformance: axpy, scal, copy, swap, dot/dotu/dotc, nrm2, asum, iamax/iamin, for each
//! scalar type, with increments 1, 2 and 3 and empty vectors.

use gpublas_tests::*;

const SIZES: [usize; 4] = [0, 1, 7, 33];
const INCS: [usize; 3] = [1, 2, 3];

fn axpy_matches_reference_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("axpy"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x: Vec<T> = rand_strided(&mut r, vx);
                let y0: Vec<T> = rand_strided(&mut r, vy);
                let alpha: T = rand_scalar(&mut r);
                let mut y = y0.clone();
                dev.axpy(alpha, vx.vec(&x), vy.vec_mut(&mut y)).unwrap();
                let (want, mag) = ref_gemm_with_mag(
                    alpha.to_c(),
                    &read_vec(&x, vx),
                    &M {
                        rows: 1,
                        cols: 1,
                        d: vec![zr(1.0)],
                    },
                    zr(1.0),
                    &read_vec(&y0, vy),
                );
                let what = format!("axpy n={n} incx={incx} incy={incy}");
                assert_close::<T>(&what, &read_vec(&y, vy), &want, &mag, 1);
                assert_gaps_untouched(&what, &y0, &y, vy);
            }
        }
    }
}

fn axpy_alpha_zero_leaves_y_untouched_and_ignores_nan_in_x<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("axpy_alpha_zero"));
    let x = poison::<T>(9);
    let y0: Vec<T> = rand_vec(&mut r, 9);
    let mut y = y0.clone();
    dev.axpy(T::zero(), &x, &mut y).unwrap();
    assert_bitwise_eq("axpy alpha=0", &y, &y0);
}

fn scal_matches_reference_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scal"));
    for n in SIZES {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x0: Vec<T> = rand_strided(&mut r, v);
            let alpha: T = rand_scalar(&mut r);
            let mut x = x0.clone();
            dev.scal(alpha, v.vec_mut(&mut x)).unwrap();
            let one = M {
                rows: 1,
                cols: 1,
                d: vec![alpha.to_c()],
            };
            let (want, mag) =
                ref_gemm_with_mag(zr(1.0), &read_vec(&x0, v), &one, zr(0.0), &M::zeros(n, 1));
            let what = format!("scal n={n} inc={inc}");
            assert_close::<T>(&what, &read_vec(&x, v), &want, &mag, 1);
            assert_gaps_untouched(&what, &x0, &x, v);
        }
    }
}

fn scal_by_zero_gives_zeros<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scal_zero"));
    let mut x: Vec<T> = rand_vec(&mut r, 11);
    dev.scal(T::zero(), &mut x).unwrap();
    assert!(
        x.iter().all(|v| v.to_c() == zr(0.0)),
        "scal by 0 gave {x:?}"
    );
}

fn copy_is_exact_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("copy"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x: Vec<T> = rand_strided(&mut r, vx);
                let x0 = x.clone();
                let y0: Vec<T> = rand_strided(&mut r, vy);
                let mut y = y0.clone();
                dev.copy(vx.vec(&x), vy.vec_mut(&mut y)).unwrap();
                let what = format!("copy n={n} incx={incx} incy={incy}");
                for i in 0..n {
                    assert!(
                        y[i * incy].bits() == x[i * incx].bits(),
                        "{what}: element {i}"
                    );
                }
                assert_gaps_untouched(&what, &y0, &y, vy);
                assert_bitwise_eq(&what, &x, &x0);
            }
        }
    }
}

fn copy_into_a_whole_dense_vector_overwrites_nan<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("copy_dense"));
    let x: Vec<T> = rand_vec(&mut r, 17);
    let mut y = poison::<T>(17);
    dev.copy(&x, &mut y).unwrap();
    assert_bitwise_eq("copy into NaN", &y, &x);
}

fn swap_is_exact_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("swap"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x0: Vec<T> = rand_strided(&mut r, vx);
                let y0: Vec<T> = rand_strided(&mut r, vy);
                let (mut x, mut y) = (x0.clone(), y0.clone());
                dev.swap(vx.vec_mut(&mut x), vy.vec_mut(&mut y)).unwrap();
                let what = format!("swap n={n} incx={incx} incy={incy}");
                for i in 0..n {
                    assert!(y[i * incy].bits() == x0[i * incx].bits(), "{what}: y[{i}]");
                    assert!(x[i * incx].bits() == y0[i * incy].bits(), "{what}: x[{i}]");
                }
                assert_gaps_untouched(&what, &y0, &y, vy);
                assert_gaps_untouched(&what, &x0, &x, vx);
            }
        }
    }
}

fn dot_dotu_dotc_match_reference_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("dot"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x: Vec<T> = rand_strided(&mut r, vx);
                let y: Vec<T> = rand_strided(&mut r, vy);
                let (xm, ym) = (read_vec(&x, vx), read_vec(&y, vy));
                let plain: Z = (0..n).map(|i| xm.d[i] * ym.d[i]).sum();
                let conj: Z = (0..n).map(|i| xm.d[i].conj() * ym.d[i]).sum();
                let mag: f64 = (0..n).map(|i| xm.d[i].norm() * ym.d[i].norm()).sum();
                let what = format!("n={n} incx={incx} incy={incy}");
                let d = dev.dot(vx.vec(&x), vy.vec(&y)).unwrap();
                assert_scalar_close::<T>(&format!("dot {what}"), d.to_c(), plain, mag, n);
                let d = dev.dotu(vx.vec(&x), vy.vec(&y)).unwrap();
                assert_scalar_close::<T>(&format!("dotu {what}"), d.to_c(), plain, mag, n);
                let d = dev.dotc(vx.vec(&x), vy.vec(&y)).unwrap();
                assert_scalar_close::<T>(&format!("dotc {what}"), d.to_c(), conj, mag, n);
            }
        }
    }
}

fn dot_of_empty_vectors_is_zero<T: TestScalar>() {
    let dev = device();
    let (x, y): (Vec<T>, Vec<T>) = (vec![], vec![]);
    assert_eq!(dev.dot(&x, &y).unwrap().to_c(), zr(0.0));
    assert_eq!(dev.dotc(&x, &y).unwrap().to_c(), zr(0.0));
    // Empty strided views of non-empty (NaN) storage read nothing.
    let p = poison::<T>(4);
    assert_eq!(
        dev.dotu(Vector::strided(&p, 0, 2), Vector::strided(&p, 0, 3))
            .unwrap()
            .to_c(),
        zr(0.0)
    );
}

fn nrm2_and_asum_match_reference_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nrm2_asum"));
    for n in SIZES {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x: Vec<T> = rand_strided(&mut r, v);
            let xm = read_vec(&x, v);
            let nrm: f64 = xm.d.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt();
            let asum: f64 = xm.d.iter().map(|z| z.re.abs() + z.im.abs()).sum();
            let what = format!("n={n} inc={inc}");
            let got = real_to_f64::<T>(dev.nrm2(v.vec(&x)).unwrap());
            assert_scalar_close::<T>(&format!("nrm2 {what}"), zr(got), zr(nrm), nrm, n);
            let got = real_to_f64::<T>(dev.asum(v.vec(&x)).unwrap());
            assert_scalar_close::<T>(&format!("asum {what}"), zr(got), zr(asum), asum, n);
        }
    }
}

fn nrm2_neither_overflows_nor_underflows<T: TestScalar>() {
    let dev = device();
    let n = 10;
    let parts = if T::IS_COMPLEX { 2.0 } else { 1.0 };
    // Squares of these leave the type's range (f32: 1e±60; f64: 1e±600).
    let scales = if T::EPS > 1e-10 {
        [1e30, 1e-30]
    } else {
        [1e300, 1e-300]
    };
    for s in scales {
        let x = vec![T::from_c(Z::new(s, s)); n];
        let want = s * (n as f64 * parts).sqrt();
        let got = real_to_f64::<T>(dev.nrm2(&x).unwrap());
        assert_scalar_close::<T>(&format!("nrm2 of {n} × {s:e}"), zr(got), zr(want), want, n);
    }
}

fn iamax_iamin_match_reference_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("iamax"));
    for n in [1, 2, 7, 33] {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x: Vec<T> = rand_strided(&mut r, v);
            // |re| + |im| in the type's own precision, as BLAS compares them.
            let key: Vec<f64> = read_vec(&x, v)
                .d
                .iter()
                .map(|z| T::round(z.re.abs() + z.im.abs()))
                .collect();
            let mut imax = 0;
            let mut imin = 0;
            for i in 1..n {
                if key[i] > key[imax] {
                    imax = i;
                }
                if key[i] < key[imin] {
                    imin = i;
                }
            }
            let what = format!("n={n} inc={inc}");
            assert_eq!(
                dev.iamax(v.vec(&x)).unwrap(),
                Some(imax),
                "iamax {what} keys {key:?}"
            );
            assert_eq!(
                dev.iamin(v.vec(&x)).unwrap(),
                Some(imin),
                "iamin {what} keys {key:?}"
            );
        }
    }
}

fn iamax_iamin_pick_the_first_of_ties<T: TestScalar>() {
    let dev = device();
    let x: Vec<T> = [0.5, -3.0, 3.0, 0.25, -0.25, 2.0]
        .iter()
        .map(|&v| T::from_c(zr(v)))
        .collect();
    assert_eq!(dev.iamax(&x).unwrap(), Some(1));
    assert_eq!(dev.iamin(&x).unwrap(), Some(3));
    // With increment 2 the vector is [0.5, 3.0, -0.25]: max at 1, min at 2.
    assert_eq!(dev.iamax(Vector::strided(&x, 3, 2)).unwrap(), Some(1));
    assert_eq!(dev.iamin(Vector::strided(&x, 3, 2)).unwrap(), Some(2));
    if T::IS_COMPLEX {
        // |re| + |im|, not the modulus: (3, 3) beats (-4, 0) although its modulus is smaller.
        let z: Vec<T> = [Z::new(-4.0, 0.0), Z::new(3.0, 3.0), Z::new(0.0, -4.0)]
            .into_iter()
            .map(T::from_c)
            .collect();
        assert_eq!(dev.iamax(&z).unwrap(), Some(1));
        assert_eq!(dev.iamin(&z).unwrap(), Some(0));
    }
}

fn reductions_of_empty_vectors<T: TestScalar>() {
    let dev = device();
    let x: Vec<T> = vec![];
    assert_eq!(dev.iamax(&x).unwrap(), None);
    assert_eq!(dev.iamin(&x).unwrap(), None);
    assert_eq!(real_to_f64::<T>(dev.nrm2(&x).unwrap()), 0.0);
    assert_eq!(real_to_f64::<T>(dev.asum(&x).unwrap()), 0.0);
    let p = poison::<T>(3);
    assert_eq!(dev.iamax(Vector::strided(&p, 0, 1)).unwrap(), None);
    assert_eq!(
        real_to_f64::<T>(dev.asum(Vector::strided(&p, 0, 5)).unwrap()),
        0.0
    );
}

fn level1_on_empty_vectors_leaves_storage_untouched<T: TestScalar>() {
    let dev = device();
    let x = poison::<T>(3);
    let y0 = poison::<T>(3);
    let mut y = y0.clone();
    dev.axpy(
        T::one(),
        Vector::strided(&x, 0, 2),
        VectorMut::strided(&mut y, 0, 2),
    )
    .unwrap();
    dev.scal(T::zero(), VectorMut::strided(&mut y, 0, 1))
        .unwrap();
    dev.copy(Vector::strided(&x, 0, 1), VectorMut::strided(&mut y, 0, 1))
        .unwrap();
    assert_bitwise_eq("empty level 1 ops", &y, &y0);
}

for_all_types!(
    axpy_matches_reference_for_all_increments,
    axpy_alpha_zero_leaves_y_untouched_and_ignores_nan_in_x,
    scal_matches_reference_for_all_increments,
    scal_by_zero_gives_zeros,
    copy_is_exact_for_all_increments,
    copy_into_a_whole_dense_vector_overwrites_nan,
    swap_is_exact_for_all_increments,
    dot_dotu_dotc_match_reference_for_all_increments,
    dot_of_empty_vectors_is_zero,
    nrm2_and_asum_match_reference_for_all_increments,
    nrm2_neither_overflows_nor_underflows,
    iamax_iamin_match_reference_for_all_increments,
    iamax_iamin_pick_the_first_of_ties,
    reductions_of_empty_vectors,
    level1_on_empty_vectors_leaves_storage_untouched,
);
