//! `DeviceSet`: a gemm from host memory split by output columns over several devices gives the
//! single-device results (every op, both layouts, a leading dimension with gaps that must stay
//! untouched), and a set of one device is exactly the single-device path.

use gpublas::DeviceSet;
use gpublas_tests::*;

fn the_split_gemm_matches_the_reference<T: TestScalar>() {
    let devices: Vec<Device> = (0..3).map(|_| fresh_device()).collect();
    let set = DeviceSet::new(devices).unwrap();
    let mut r = rng(&seed_name::<T>("device_set"));
    // 900 output columns: three blocks of 300, each above the split threshold.
    let (m, n, k) = (23, 900, 11);
    for ta in [Op::N, Op::T, Op::C] {
        for tb in [Op::N, Op::T, Op::C] {
            for c_order in [Order::ColMajor, Order::RowMajor] {
                let la = match ta {
                    Op::N => Layout::col(m, k),
                    _ => Layout::col(k, m),
                };
                let lb = match tb {
                    Op::N => Layout::col(k, n),
                    _ => Layout::col(n, k),
                };
                let lc = match c_order {
                    Order::ColMajor => Layout::col(m, n).with_ld(m + 3),
                    Order::RowMajor => Layout::row(m, n).with_ld(n + 2),
                };
                let a: Vec<T> = rand_mat(&mut r, la);
                let b: Vec<T> = rand_mat(&mut r, lb);
                let c0: Vec<T> = rand_mat(&mut r, lc);
                let (alpha, beta) = (rand_scalar::<T>(&mut r), rand_scalar::<T>(&mut r));
                let mut c = c0.clone();
                set.gemm(
                    ta,
                    tb,
                    alpha,
                    la.mat(&a[..]),
                    lb.mat(&b[..]),
                    beta,
                    lc.mat_mut(&mut c[..]),
                )
                .unwrap();
                let (want, mag) = ref_gemm_with_mag(
                    alpha.to_c(),
                    &read_mat(&a, la).op(ta),
                    &read_mat(&b, lb).op(tb),
                    beta.to_c(),
                    &read_mat(&c0, lc),
                );
                let what = format!("device set gemm {ta:?}{tb:?} C {c_order:?}");
                assert_close::<T>(&what, &read_mat(&c, lc), &want, &mag, k);
                assert_padding_untouched(&what, &c0, &c, lc);
            }
        }
    }
}

fn a_set_of_one_device_is_the_single_device_path<T: TestScalar>() {
    let dev = fresh_device();
    let set = DeviceSet::new(vec![dev.clone()]).unwrap();
    let mut r = rng(&seed_name::<T>("device_set_one"));
    let (m, n, k) = (17, 700, 9);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let b: Vec<T> = rand_vec(&mut r, k * n);
    let c0: Vec<T> = rand_vec(&mut r, m * n);
    let (mut c1, mut c2) = (c0.clone(), c0.clone());
    set.gemm(
        Op::N,
        Op::T,
        T::one(),
        Mat::col_major(&a[..], m, k),
        Mat::row_major(&b[..], n, k).with_ld(k),
        T::one(),
        MatMut::col_major(&mut c1[..], m, n),
    )
    .unwrap();
    dev.gemm(
        Op::N,
        Op::T,
        T::one(),
        Mat::col_major(&a[..], m, k),
        Mat::row_major(&b[..], n, k).with_ld(k),
        T::one(),
        MatMut::col_major(&mut c2[..], m, n),
    )
    .unwrap();
    assert_bitwise_eq("a set of one device and the device itself", &c1, &c2);
}

#[test]
fn an_empty_set_is_an_argument_error() {
    let e = DeviceSet::<gpublas::Dynamic>::new(vec![]).unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument { arg: "devices", .. }),
        "{e:?}"
    );
}

for_all_types!(
    the_split_gemm_matches_the_reference,
    a_set_of_one_device_is_the_single_device_path,
);
