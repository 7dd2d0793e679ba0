//! Device memory: buffers (upload, zeros, to_vec, slices, copies, clones), operations on device
//! operands, mapping guards (map, map_mut, map_out, finish, drop copy-back, sync_to_host), the
//! scopes (a host slice a scope maps is found again by address, and copied back when the scope
//! ends, even if its guard was forgotten), stale-mapping safety under `mem::forget`, empty
//! buffers.

use gpublas_tests::*;

fn upload_and_to_vec_round_trip_bit_for_bit<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("roundtrip"));
    let mut h: Vec<T> = rand_vec(&mut r, 37);
    h[3] = T::nan();
    h[4] = T::from_c(Z::new(-0.0, -0.0));
    let buf = dev.upload(&h).unwrap();
    assert_eq!(buf.len(), 37);
    assert!(!buf.is_empty());
    assert_bitwise_eq("to_vec", &buf.to_vec().unwrap(), &h);
    let mut out = poison::<T>(37);
    buf.copy_to_host(&mut out).unwrap();
    assert_bitwise_eq("copy_to_host", &out, &h);
    let clone = buf.try_clone().unwrap();
    drop(buf);
    assert_bitwise_eq(
        "try_clone outlives the original",
        &clone.to_vec().unwrap(),
        &h,
    );
}

fn zeros_are_zero<T: TestScalar>() {
    let dev = device();
    let z = dev.zeros::<T>(19).unwrap();
    assert_eq!(z.len(), 19);
    assert!(z.to_vec().unwrap().iter().all(|v| v.bits() == (0, 0)));
}

fn slices_read_and_write_only_their_range<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("slices"));
    let h: Vec<T> = rand_vec(&mut r, 20);
    let mut buf = dev.upload(&h).unwrap();
    assert_bitwise_eq("slice(3..9)", &buf.slice(3..9).to_vec().unwrap(), &h[3..9]);
    assert_bitwise_eq("slice(..4)", &buf.slice(..4).to_vec().unwrap(), &h[..4]);
    assert_bitwise_eq("slice(17..)", &buf.slice(17..).to_vec().unwrap(), &h[17..]);
    assert_eq!(buf.slice(5..5).len(), 0);
    assert!(buf.get(..=20).is_none());
    assert!(buf.get(21..).is_none());
    let patch: Vec<T> = rand_vec(&mut r, 4);
    buf.slice_mut(10..14).copy_from_host(&patch).unwrap();
    let mut want = h.clone();
    want[10..14].copy_from_slice(&patch);
    assert_bitwise_eq(
        "after slice_mut(10..14).copy_from_host",
        &buf.to_vec().unwrap(),
        &want,
    );
    // A clone is independent of its original.
    let mut clone = buf.try_clone().unwrap();
    clone.copy_from_host(&h).unwrap();
    assert_bitwise_eq(
        "original after writing the clone",
        &buf.to_vec().unwrap(),
        &want,
    );
    assert_bitwise_eq("clone", &clone.to_vec().unwrap(), &h);
}

#[test]
#[should_panic(expected = "out of bounds")]
fn slice_out_of_bounds_panics_like_slice_indexing() {
    let dev = device();
    let buf = dev.upload(&[1.0f64, 2.0, 3.0]).unwrap();
    let _ = buf.slice(2..4);
}

fn impossible_lengths_are_argument_errors<T: TestScalar>() {
    let dev = device();
    for len in [
        usize::MAX,
        isize::MAX as usize / std::mem::size_of::<T>() + 1,
    ] {
        match dev.zeros::<T>(len) {
            Err(Error::InvalidArgument {
                routine: "zeros",
                arg: "len",
                ..
            }) => {}
            other => panic!("zeros({len}): expected an argument error, got {other:?}"),
        }
    }
}

fn empty_buffers_and_guards<T: TestScalar>() {
    let dev = device();
    let e: Vec<T> = vec![];
    let buf = dev.upload(&e).unwrap();
    assert!(buf.is_empty());
    assert!(buf.to_vec().unwrap().is_empty());
    let mut z = dev.zeros::<T>(0).unwrap();
    assert!(z.to_vec().unwrap().is_empty());
    assert!(z.slice(..).is_empty());
    dev.axpy(T::one(), &buf, &mut z).unwrap();
    assert_eq!(dev.dot(&buf, &z).unwrap().to_c(), zr(0.0));
    let g = dev.map(&e).unwrap();
    assert!(g.is_empty());
    drop(g);
    let mut e2: Vec<T> = vec![];
    let g = dev.map_mut(&mut e2).unwrap();
    assert!(g.is_empty());
    g.finish().unwrap();
    dev.map_out(&mut e2).unwrap().finish().unwrap();
    // A 0×0 gemm on empty device buffers.
    let mut c = dev.zeros::<T>(0).unwrap();
    dev.gemm(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&buf, 0, 0),
        Mat::col_major(&z, 0, 0),
        T::zero(),
        MatMut::col_major(&mut c, 0, 0),
    )
    .unwrap();
}

/// A random gemm problem (column-major) and its reference.
#[derive(Clone)]
struct Gemm<T> {
    m: usize,
    n: usize,
    k: usize,
    a: Vec<T>,
    b: Vec<T>,
    c: Vec<T>,
    alpha: T,
    beta: T,
}

impl<T: TestScalar> Gemm<T> {
    fn new(r: &mut ChaCha8Rng, m: usize, n: usize, k: usize) -> Self {
        Gemm {
            m,
            n,
            k,
            a: rand_vec(r, m * k),
            b: rand_vec(r, k * n),
            c: rand_vec(r, m * n),
            alpha: rand_scalar(r),
            beta: rand_scalar(r),
        }
    }
    #[track_caller]
    fn check(&self, what: &str, got: &[T]) {
        let (want, mag) = ref_gemm_with_mag(
            self.alpha.to_c(),
            &read_mat(&self.a, Layout::col(self.m, self.k)),
            &read_mat(&self.b, Layout::col(self.k, self.n)),
            self.beta.to_c(),
            &read_mat(&self.c, Layout::col(self.m, self.n)),
        );
        assert_close::<T>(
            what,
            &read_mat(got, Layout::col(self.m, self.n)),
            &want,
            &mag,
            self.k,
        );
    }
}

fn operations_on_device_buffers_and_sub_slices<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("device_ops"));
    let g = Gemm::<T>::new(&mut r, 9, 7, 11);
    let (m, n, k) = (g.m, g.n, g.k);
    // Whole buffers.
    let (da, db) = (dev.upload(&g.a).unwrap(), dev.upload(&g.b).unwrap());
    let mut dc = dev.upload(&g.c).unwrap();
    dev.gemm(
        Op::N,
        Op::N,
        g.alpha,
        Mat::col_major(&da, m, k),
        Mat::col_major(&db, k, n),
        g.beta,
        MatMut::col_major(&mut dc, m, n),
    )
    .unwrap();
    g.check("gemm on device buffers", &dc.to_vec().unwrap());
    // Operands at offsets inside larger buffers, and a NaN-filled C slice with β = 0.
    let pad = |v: &[T]| {
        let mut p = poison::<T>(3);
        p.extend_from_slice(v);
        p.extend(poison::<T>(2));
        p
    };
    let (pa, pb) = (
        dev.upload(&pad(&g.a)).unwrap(),
        dev.upload(&pad(&g.b)).unwrap(),
    );
    let mut pc = dev.upload(&poison::<T>(m * n + 5)).unwrap();
    let g0 = Gemm {
        beta: T::zero(),
        c: poison::<T>(m * n),
        ..g.clone()
    };
    dev.gemm(
        Op::N,
        Op::N,
        g0.alpha,
        Mat::col_major(&pa.slice(3..3 + m * k), m, k),
        Mat::col_major(&pb.slice(3..3 + k * n), k, n),
        T::zero(),
        MatMut::col_major(&mut pc.slice_mut(3..3 + m * n), m, n),
    )
    .unwrap();
    let out = pc.to_vec().unwrap();
    g0.check("gemm on device sub-slices", &out[3..3 + m * n]);
    assert!(
        out[..3]
            .iter()
            .chain(&out[3 + m * n..])
            .all(|v| v.bits() == T::nan().bits()),
        "elements outside the C slice changed"
    );
    // Level 1 with a strided device vector.
    let x: Vec<T> = rand_vec(&mut r, 10);
    let y: Vec<T> = rand_vec(&mut r, 5);
    let dx = dev.upload(&x).unwrap();
    let mut dy = dev.upload(&y).unwrap();
    let alpha: T = rand_scalar(&mut r);
    dev.axpy(alpha, Vector::strided(&dx, 5, 2), &mut dy)
        .unwrap();
    let got = dy.to_vec().unwrap();
    for i in 0..5 {
        let want = alpha.to_c() * x[2 * i].to_c() + y[i].to_c();
        assert_scalar_close::<T>(
            &format!("axpy on device, element {i}"),
            got[i].to_c(),
            want,
            2.0,
            1,
        );
    }
    // Host and device operands mix in one call.
    let mut hc = g.c.clone();
    dev.gemm(
        Op::N,
        Op::N,
        g.alpha,
        Mat::col_major(&da, m, k),
        Mat::col_major(&g.b, k, n),
        g.beta,
        MatMut::col_major(&mut hc, m, n),
    )
    .unwrap();
    g.check("gemm with device A, host B and C", &hc);
}

fn map_guards_are_operands<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("map_guards"));
    let g = Gemm::<T>::new(&mut r, 8, 6, 5);
    let (m, n, k) = (g.m, g.n, g.k);
    let mut c = g.c.clone();
    {
        let ga = dev.map(&g.a).unwrap();
        let gb = dev.map(&g.b).unwrap();
        assert_eq!(ga.len(), m * k);
        assert_bitwise_eq("MappedSlice::host", ga.host(), &g.a);
        let mut gc = dev.map_mut(&mut c).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            g.alpha,
            Mat::col_major(&ga, m, k),
            Mat::col_major(&gb, k, n),
            g.beta,
            MatMut::col_major(&mut gc, m, n),
        )
        .unwrap();
        gc.sync_to_host().unwrap();
        gc.finish().unwrap();
    }
    g.check("gemm through map/map_mut guards, finish", &c);
}

fn map_mut_copies_back_on_drop<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("map_mut_drop"));
    let x: Vec<T> = rand_vec(&mut r, 12);
    let y0: Vec<T> = rand_vec(&mut r, 12);
    let mut y = y0.clone();
    {
        let gx = dev.map(&x).unwrap();
        let mut gy = dev.map_mut(&mut y).unwrap();
        // Two operations on the mapped y; the copy back happens once, when the guard drops.
        dev.axpy(T::one(), &gx, &mut gy).unwrap();
        dev.axpy(T::one(), &gx, &mut gy).unwrap();
    }
    for i in 0..12 {
        let want = x[i].to_c() * 2.0 + y0[i].to_c();
        assert_scalar_close::<T>(
            &format!("y[{i}] after the guard dropped"),
            y[i].to_c(),
            want,
            3.0,
            2,
        );
    }
    // Later calls on the device see no deferred error.
    dev.synchronize().unwrap();
}

fn map_out_result_reaches_the_host<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("map_out"));
    let g = Gemm::<T>::new(&mut r, 7, 9, 4);
    let g = Gemm {
        beta: T::zero(),
        c: poison::<T>(63),
        ..g
    };
    let (m, n, k) = (g.m, g.n, g.k);
    let mut c = poison::<T>(m * n);
    let mut c_dropped = poison::<T>(m * n);
    {
        let mut gc = dev.map_out(&mut c).unwrap();
        // β = 0 overwrites every element, whatever the guard started with.
        dev.gemm(
            Op::N,
            Op::N,
            g.alpha,
            Mat::col_major(&g.a, m, k),
            Mat::col_major(&g.b, k, n),
            T::zero(),
            MatMut::col_major(&mut gc, m, n),
        )
        .unwrap();
        gc.finish().unwrap();
        let mut gd = dev.map_out(&mut c_dropped).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            g.alpha,
            Mat::col_major(&g.a, m, k),
            Mat::col_major(&g.b, k, n),
            T::zero(),
            MatMut::col_major(&mut gd, m, n),
        )
        .unwrap();
    }
    g.check("gemm into map_out, finish", &c);
    g.check("gemm into map_out, drop", &c_dropped);
}

/// `y = A x` with the reference, for the present-table checks.
#[track_caller]
fn check_gemv<T: TestScalar>(what: &str, a: &[T], m: usize, k: usize, x: &[T], y: &[T]) {
    let (want, mag) = ref_gemm_with_mag(
        zr(1.0),
        &read_mat(a, Layout::col(m, k)),
        &read_vec(x, VLayout::new(k, 1)),
        zr(0.0),
        &M::zeros(m, 1),
    );
    assert_close::<T>(what, &read_vec(y, VLayout::new(m, 1)), &want, &mag, k);
}

fn scope_finds_mapped_host_slices_and_sub_slices<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("present"));
    let (m, n, k) = (6, 5, 7);
    // A lives in the middle of a larger host buffer that is mapped as a whole.
    let big: Vec<T> = rand_vec(&mut r, m * k + 10);
    let g = Gemm::<T> {
        a: big[4..4 + m * k].to_vec(),
        ..Gemm::new(&mut r, m, n, k)
    };
    let gemm_from_host = |c: &mut Vec<T>| {
        dev.gemm(
            Op::N,
            Op::N,
            g.alpha,
            Mat::col_major(&big[4..4 + m * k], m, k),
            Mat::col_major(&g.b, k, n),
            g.beta,
            MatMut::col_major(c, m, n),
        )
    };
    let mut c_plain = g.c.clone();
    gemm_from_host(&mut c_plain).unwrap();
    g.check("gemm without mappings", &c_plain);
    dev.scope(|s| {
        let _big_d = s.map(&big)?;
        let _b_d = s.map(&g.b)?;
        for round in 0..2 {
            // Passing the host slices (not the guards) while the scope maps them.
            let mut c = g.c.clone();
            gemm_from_host(&mut c)?;
            g.check(&format!("gemm with present host slices, round {round}"), &c);
            let x = &big[1..1 + k];
            let mut y: Vec<T> = g.c[..m].to_vec();
            dev.gemv(
                Op::N,
                T::one(),
                Mat::col_major(&big[4..4 + m * k], m, k),
                x,
                T::zero(),
                &mut y,
            )?;
            check_gemv("gemv with present host slices", &g.a, m, k, x, &y);
        }
        Ok(())
    })
    .unwrap();
    // After the scope, the same call still works (from the host data again).
    let mut c = g.c.clone();
    gemm_from_host(&mut c).unwrap();
    g.check("gemm after the scope", &c);
}

fn scope_calls_use_the_device_copy<T: TestScalar>() {
    // Proof that a scope's mapping is found by address: change the device copy behind the
    // guard's back, and the call sees the change. (On a host-memory backend the guard *is* the
    // host slice, so there is no separate copy to change.)
    let dev = device();
    if dev.backend().host_memory() {
        return;
    }
    let mut r = rng(&seed_name::<T>("present_proof"));
    let (m, k) = (5, 4);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let a2: Vec<T> = rand_vec(&mut r, m * k);
    let x: Vec<T> = rand_vec(&mut r, k);
    let mut y = poison::<T>(m);
    dev.scope(|s| {
        let a_d = s.map(&a)?;
        // SAFETY: the guard's device copy holds m·k elements; `a2` has as many.
        unsafe {
            dev.backend().upload(
                a_d.as_device_ptr(),
                a2.as_ptr().cast(),
                std::mem::size_of_val(&a2[..]),
            )?
        };
        dev.gemv(
            Op::N,
            T::one(),
            Mat::col_major(&a, m, k),
            &x,
            T::zero(),
            &mut y,
        )
    })
    .unwrap();
    check_gemv("gemv through the scope's device copy", &a2, m, k, &x, &y);
}

fn forgotten_map_guard_leaves_no_stale_mapping<T: TestScalar>() {
    // mem::forget, Box::leak and a freed-then-reused address: none may make a later call read a
    // stale device copy.
    let dev = device();
    let mut r = rng(&seed_name::<T>("forget_map"));
    let (m, k) = (7, 5);
    let x: Vec<T> = rand_vec(&mut r, k);
    let mut a: Vec<T> = rand_vec(&mut r, m * k);
    std::mem::forget(dev.map(&a).unwrap());
    a.iter_mut().for_each(|v| *v = rand_scalar(&mut r));
    let mut y = poison::<T>(m);
    dev.gemv(
        Op::N,
        T::one(),
        Mat::col_major(&a, m, k),
        &x,
        T::zero(),
        &mut y,
    )
    .unwrap();
    check_gemv(
        "gemv after mem::forget of a map guard and a change",
        &a,
        m,
        k,
        &x,
        &y,
    );

    let leaked: &mut MappedSlice<'_, T> = Box::leak(Box::new(dev.map(&a).unwrap()));
    let _ = leaked.len();
    a.iter_mut().for_each(|v| *v = rand_scalar(&mut r));
    dev.gemv(
        Op::N,
        T::one(),
        Mat::col_major(&a, m, k),
        &x,
        T::zero(),
        &mut y,
    )
    .unwrap();
    check_gemv(
        "gemv after Box::leak of a map guard and a change",
        &a,
        m,
        k,
        &x,
        &y,
    );

    // A mapped Vec freed with its guard forgotten; new Vecs of the same size (which the
    // allocator tends to place at the same address) must be read afresh.
    for _ in 0..4 {
        let old: Vec<T> = rand_vec(&mut r, m * k);
        std::mem::forget(dev.map(&old).unwrap());
        drop(old);
        let fresh: Vec<T> = rand_vec(&mut r, m * k);
        dev.gemv(
            Op::N,
            T::one(),
            Mat::col_major(&fresh, m, k),
            &x,
            T::zero(),
            &mut y,
        )
        .unwrap();
        check_gemv(
            "gemv on a new Vec where a forgotten mapping was",
            &fresh,
            m,
            k,
            &x,
            &y,
        );
    }
}

fn scope_copies_back_forgotten_and_dropped_guards<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scope_copy_back"));
    let x: Vec<T> = rand_vec(&mut r, 9);
    let y0: Vec<T> = rand_vec(&mut r, 9);
    let (mut y_forgotten, mut y_dropped, mut y_out) = (y0.clone(), y0.clone(), poison::<T>(9));
    dev.scope(|s| {
        let mut g = s.map_mut(&mut y_forgotten)?;
        dev.axpy(T::one(), &x, &mut g)?;
        std::mem::forget(g); // the scope still copies back when it ends
        let mut g = s.map_mut(&mut y_dropped)?;
        dev.axpy(T::one(), &x, &mut g)?;
        drop(g);
        let mut o = s.map_out(&mut y_out)?; // starts as zeros on every backend
        dev.axpy(T::one(), &x, &mut o)?;
        std::mem::forget(o);
        Ok(())
    })
    .unwrap();
    for i in 0..9 {
        let want = x[i].to_c() + y0[i].to_c();
        assert_scalar_close::<T>(
            &format!("forgotten guard, y[{i}]"),
            y_forgotten[i].to_c(),
            want,
            2.0,
            1,
        );
        assert_scalar_close::<T>(
            &format!("dropped guard, y[{i}]"),
            y_dropped[i].to_c(),
            want,
            2.0,
            1,
        );
        assert_scalar_close::<T>(
            &format!("map_out, y[{i}]"),
            y_out[i].to_c(),
            x[i].to_c(),
            2.0,
            1,
        );
    }
}

fn map_out_starts_from_zeros_on_every_backend<T: TestScalar>() {
    let dev = device();
    let mut y = poison::<T>(11);
    let g = dev.map_out(&mut y).unwrap();
    g.finish().unwrap(); // nothing written: the zeros come back
    assert_bitwise_eq("map_out then finish", &y, &[T::zero(); 11]);
    let mut y = poison::<T>(5);
    dev.scope(|s| s.map_out(&mut y)?.finish()).unwrap();
    assert_bitwise_eq("scoped map_out then finish", &y, &[T::zero(); 5]);
}

fn scope_mapping_dropped_on_another_thread_mid_call_stays_valid<T: TestScalar>() {
    // One thread keeps calling with the host slice (found in the scope's present table) while
    // another drops the guard: every call must read valid memory (leases), and every result
    // must be right.
    let dev = device();
    let mut r = rng(&seed_name::<T>("present_race"));
    let (m, k) = (16, 16);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let x: Vec<T> = rand_vec(&mut r, k);
    dev.scope(|s| {
        let a_d = s.map(&a)?;
        std::thread::scope(|ts| {
            let worker = ts.spawn(|| -> Result<(), Error> {
                for _ in 0..200 {
                    let mut y = poison::<T>(m);
                    dev.gemv(
                        Op::N,
                        T::one(),
                        Mat::col_major(&a, m, k),
                        &x,
                        T::zero(),
                        &mut y,
                    )?;
                    check_gemv("gemv racing a guard drop", &a, m, k, &x, &y);
                }
                Ok(())
            });
            ts.spawn(move || {
                std::thread::yield_now();
                drop(a_d);
            });
            worker.join().expect("worker thread")
        })
    })
    .unwrap();
}

fn with_mapped_reuses_the_slice<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("with_mapped"));
    let (m, k) = (4, 6);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let x: Vec<T> = rand_vec(&mut r, k);
    let mut y = poison::<T>(m);
    let mut y2 = poison::<T>(m);
    dev.with_mapped(&a, |a_d| {
        dev.gemv(
            Op::N,
            T::one(),
            Mat::col_major(a_d, m, k),
            &x,
            T::zero(),
            &mut y,
        )?;
        dev.gemv(
            Op::N,
            T::one(),
            Mat::col_major(&a, m, k),
            &x,
            T::zero(),
            &mut y2,
        )
    })
    .unwrap();
    check_gemv("with_mapped through the guard", &a, m, k, &x, &y);
    check_gemv("with_mapped through the host slice", &a, m, k, &x, &y2);
}

for_all_types!(
    upload_and_to_vec_round_trip_bit_for_bit,
    zeros_are_zero,
    slices_read_and_write_only_their_range,
    empty_buffers_and_guards,
    impossible_lengths_are_argument_errors,
    operations_on_device_buffers_and_sub_slices,
    map_guards_are_operands,
    map_mut_copies_back_on_drop,
    map_out_result_reaches_the_host,
    scope_finds_mapped_host_slices_and_sub_slices,
    scope_calls_use_the_device_copy,
    forgotten_map_guard_leaves_no_stale_mapping,
    scope_copies_back_forgotten_and_dropped_guards,
    map_out_starts_from_zeros_on_every_backend,
    scope_mapping_dropped_on_another_thread_mid_call_stays_valid,
    with_mapped_reuses_the_slice,
);
