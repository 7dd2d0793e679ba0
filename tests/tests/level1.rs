//! Level 1 conformance: axpy, scal, copy, swap, dot/dotu/dotc, nrm2, asum, iamax/iamin, for each
//! scalar type, with increments −3…3 (0 and negative ones with reference BLAS's semantics),
//! n = 0, 1, 2, 7 and 32, against netlib's loops in the test harness, with NaN in every gap to
//! prove untouched elements stay untouched.

use gpublas_tests::*;

const SIZES: [usize; 5] = [0, 1, 2, 7, 32];
const INCS: [isize; 7] = [-3, -2, -1, 0, 1, 2, 3];

/// A buffer as the reference sees it.
fn z<T: TestScalar>(b: &[T]) -> Vec<Z> {
    b.iter().map(|v| v.to_c()).collect()
}

/// Element-wise moduli, as `Complex<f64>`, for error bounds.
fn zabs_all(b: &[Z]) -> Vec<Z> {
    b.iter().map(|&v| zabs(v)).collect()
}

/// The expected buffer: `Some((value, magnitude))` at the indices the reference writes, `None`
/// elsewhere (those must not change).
fn expect(len: usize, written: &[usize], want: &[Z], mag: &[Z]) -> Vec<Option<(Z, f64)>> {
    let mut e = vec![None; len];
    for &k in written {
        e[k] = Some((want[k], mag[k].re));
    }
    e
}

fn axpy_matches_netlib_for_all_increments<T: TestScalar>() {
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
                let what = format!("axpy n={n} incx={incx} incy={incy}");
                dev.axpy(alpha, vx.vec(&x), vy.vec_mut(&mut y))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (xz, mut want, mut mag) = (z(&x), z(&y0), zabs_all(&z(&y0)));
                ref_axpy(n, alpha.to_c(), &xz, incx, &mut want, incy);
                ref_axpy(n, zabs(alpha.to_c()), &zabs_all(&xz), incx, &mut mag, incy);
                // A zero increment accumulates all n terms into one element.
                let terms = if incy == 0 { n } else { 1 };
                let e = expect(y.len(), &walk(n, incy), &want, &mag);
                assert_buffer_matches(&what, &y0, &y, &e, terms);
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

fn scal_matches_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scal"));
    for n in SIZES {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x0: Vec<T> = rand_strided(&mut r, v);
            let alpha: T = rand_scalar(&mut r);
            let mut x = x0.clone();
            let what = format!("scal n={n} inc={inc}");
            dev.scal(alpha, v.vec_mut(&mut x))
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let (mut want, mut mag) = (z(&x0), zabs_all(&z(&x0)));
            ref_scal(n, alpha.to_c(), &mut want, inc);
            ref_scal(n, zabs(alpha.to_c()), &mut mag, inc);
            // `?scal.f` returns at once for an increment ≤ 0: nothing may change.
            let written = if inc > 0 { walk(n, inc) } else { vec![] };
            assert_buffer_matches(&what, &x0, &x, &expect(x.len(), &written, &want, &mag), 1);
        }
    }
}

fn scal_by_one_touches_nothing<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scal_one"));
    // `?scal.f` returns at once for α = 1: even a signalling NaN keeps its bits.
    let mut x0: Vec<T> = rand_vec(&mut r, 5);
    x0[2] = T::from_c(Z::new(f64::from_bits(0x7ff0_0000_0000_0001), 0.0));
    let mut x = x0.clone();
    dev.scal(T::one(), &mut x).unwrap();
    assert_bitwise_eq("scal by one", &x, &x0);
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

fn copy_is_exact_netlib_for_all_increments<T: TestScalar>() {
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
                let what = format!("copy n={n} incx={incx} incy={incy}");
                dev.copy(vx.vec(&x), vy.vec_mut(&mut y))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                // Copies move bits: the whole buffer must equal netlib's, gaps included.
                let mut want = y0.clone();
                ref_copy(n, &x0, incx, &mut want, incy);
                assert_bitwise_eq(&what, &y, &want);
                assert_bitwise_eq(&format!("{what}: x"), &x, &x0);
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

fn swap_is_exact_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("swap"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x0: Vec<T> = rand_strided(&mut r, vx);
                let y0: Vec<T> = rand_strided(&mut r, vy);
                let (mut x, mut y) = (x0.clone(), y0.clone());
                let what = format!("swap n={n} incx={incx} incy={incy}");
                dev.swap(vx.vec_mut(&mut x), vy.vec_mut(&mut y))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (mut wx, mut wy) = (x0.clone(), y0.clone());
                ref_swap(n, &mut wx, incx, &mut wy, incy);
                assert_bitwise_eq(&format!("{what}: x"), &x, &wx);
                assert_bitwise_eq(&format!("{what}: y"), &y, &wy);
            }
        }
    }
}

fn swap_with_both_increments_zero_exchanges_iff_n_is_odd<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("swap_zero_zero"));
    for n in 1..6 {
        let (x0, y0): (Vec<T>, Vec<T>) = (rand_vec(&mut r, 1), rand_vec(&mut r, 1));
        let (mut x, mut y) = (x0.clone(), y0.clone());
        dev.swap(
            VectorMut::strided(&mut x, n, 0),
            VectorMut::strided(&mut y, n, 0),
        )
        .unwrap();
        let (wx, wy) = if n % 2 == 1 { (&y0, &x0) } else { (&x0, &y0) };
        assert_bitwise_eq(&format!("swap n={n} both 0: x"), &x, wx);
        assert_bitwise_eq(&format!("swap n={n} both 0: y"), &y, wy);
    }
}

fn dot_dotu_dotc_match_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("dot"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let x: Vec<T> = rand_strided(&mut r, vx);
                let y: Vec<T> = rand_strided(&mut r, vy);
                let (xz, yz) = (z(&x), z(&y));
                let (plain, mag) = ref_dot(false, n, &xz, incx, &yz, incy);
                let (conj, _) = ref_dot(true, n, &xz, incx, &yz, incy);
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

fn nrm2_and_asum_match_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("nrm2_asum"));
    for n in SIZES {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x: Vec<T> = rand_strided(&mut r, v);
            let xz = z(&x);
            let (nrm, asum) = (ref_nrm2(n, &xz, inc), ref_asum(n, &xz, inc));
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

fn iamax_iamin_match_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("iamax"));
    for n in SIZES {
        for inc in INCS {
            let v = VLayout::new(n, inc);
            let x: Vec<T> = rand_strided(&mut r, v);
            // |re| + |im| in the type's own precision, as BLAS compares them.
            let keys: Vec<f64> = z(&x)
                .iter()
                .map(|z| T::round(z.re.abs() + z.im.abs()))
                .collect();
            let what = format!("n={n} inc={inc}");
            assert_eq!(
                dev.iamax(v.vec(&x)).unwrap(),
                ref_iamax(true, n, &keys, inc),
                "iamax {what} keys {keys:?}"
            );
            assert_eq!(
                dev.iamin(v.vec(&x)).unwrap(),
                ref_iamax(false, n, &keys, inc),
                "iamin {what} keys {keys:?}"
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

fn level1_on_device_buffers_with_zero_and_negative_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("level1_device"));
    let n = 9;
    for (incx, incy) in [(-2, 3), (3, -1), (0, -2), (-3, 0), (0, 0), (2, 0), (-1, -1)] {
        let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
        let x: Vec<T> = rand_strided(&mut r, vx);
        let y0: Vec<T> = rand_strided(&mut r, vy);
        let alpha: T = rand_scalar(&mut r);
        let what = format!("device-resident n={n} incx={incx} incy={incy}");
        let xd = dev.upload(&x).unwrap();

        let mut yd = dev.upload(&y0).unwrap();
        dev.axpy(alpha, vx.vec(&xd), vy.vec_mut(&mut yd)).unwrap();
        let (xz, mut want, mut mag) = (z(&x), z(&y0), zabs_all(&z(&y0)));
        ref_axpy(n, alpha.to_c(), &xz, incx, &mut want, incy);
        ref_axpy(n, zabs(alpha.to_c()), &zabs_all(&xz), incx, &mut mag, incy);
        let terms = if incy == 0 { n } else { 1 };
        let e = expect(y0.len(), &walk(n, incy), &want, &mag);
        assert_buffer_matches(
            &format!("axpy {what}"),
            &y0,
            &yd.to_vec().unwrap(),
            &e,
            terms,
        );

        let mut yd = dev.upload(&y0).unwrap();
        dev.copy(vx.vec(&xd), vy.vec_mut(&mut yd)).unwrap();
        let mut want = y0.clone();
        ref_copy(n, &x, incx, &mut want, incy);
        assert_bitwise_eq(&format!("copy {what}"), &yd.to_vec().unwrap(), &want);

        let (mut xd2, mut yd) = (dev.upload(&x).unwrap(), dev.upload(&y0).unwrap());
        dev.swap(vx.vec_mut(&mut xd2), vy.vec_mut(&mut yd)).unwrap();
        let (mut wx, mut wy) = (x.clone(), y0.clone());
        ref_swap(n, &mut wx, incx, &mut wy, incy);
        assert_bitwise_eq(&format!("swap {what}: x"), &xd2.to_vec().unwrap(), &wx);
        assert_bitwise_eq(&format!("swap {what}: y"), &yd.to_vec().unwrap(), &wy);

        let yd = dev.upload(&y0).unwrap();
        let (d, dmag) = ref_dot(true, n, &xz, incx, &z(&y0), incy);
        let got = dev.dotc(vx.vec(&xd), vy.vec(&yd)).unwrap();
        assert_scalar_close::<T>(&format!("dotc {what}"), got.to_c(), d, dmag, n);
    }
}

for_all_types!(
    axpy_matches_netlib_for_all_increments,
    axpy_alpha_zero_leaves_y_untouched_and_ignores_nan_in_x,
    scal_matches_netlib_for_all_increments,
    scal_by_one_touches_nothing,
    scal_by_zero_gives_zeros,
    copy_is_exact_netlib_for_all_increments,
    copy_into_a_whole_dense_vector_overwrites_nan,
    swap_is_exact_netlib_for_all_increments,
    swap_with_both_increments_zero_exchanges_iff_n_is_odd,
    dot_dotu_dotc_match_netlib_for_all_increments,
    dot_of_empty_vectors_is_zero,
    nrm2_and_asum_match_netlib_for_all_increments,
    nrm2_neither_overflows_nor_underflows,
    iamax_iamin_match_netlib_for_all_increments,
    iamax_iamin_pick_the_first_of_ties,
    reductions_of_empty_vectors,
    level1_on_empty_vectors_leaves_storage_untouched,
    level1_on_device_buffers_with_zero_and_negative_increments,
);
