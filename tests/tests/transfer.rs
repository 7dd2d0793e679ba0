//! The transfer engine, as any backend shows it: page-locked host buffers and pinned slices as
//! operands, what `Device::stats()` counts (a reused guard moves nothing; a `beta = 0` output
//! is never uploaded; `map_out` uploads nothing), the device pool and `trim`. On a host-memory
//! backend nothing is transferred, and the counters must say so.

use gpublas::BackendKind;
use gpublas_tests::*;

#[allow(clippy::too_many_arguments)]
fn gemm_check<T: TestScalar>(
    what: &str,
    a: &[T],
    b: &[T],
    c0: &[T],
    (m, k, n): (usize, usize, usize),
    alpha: T,
    beta: T,
    got: &[T],
) {
    let (want, mag) = ref_gemm_with_mag(
        alpha.to_c(),
        &read_mat(a, Layout::col(m, k)),
        &read_mat(b, Layout::col(k, n)),
        beta.to_c(),
        &read_mat(c0, Layout::col(m, n)),
    );
    assert_close::<T>(what, &read_mat(got, Layout::col(m, n)), &want, &mag, k);
}

fn host_buffers_and_pinned_slices_are_operands<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("pinned_operands"));
    let (m, k, n) = (9, 7, 5);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let b: Vec<T> = rand_vec(&mut r, k * n);
    let c0: Vec<T> = rand_vec(&mut r, m * n);
    let (alpha, beta) = (rand_scalar::<T>(&mut r), rand_scalar::<T>(&mut r));
    let mut a_h = dev.host_buffer::<T>(m * k).unwrap();
    assert!(
        a_h.iter().all(|v| v.to_c() == zr(0.0)),
        "a new host buffer is zeroed"
    );
    a_h.copy_from_slice(&a);
    let mut b_v = b.clone();
    let b_p = dev.pin(&mut b_v).unwrap();
    let mut c_h = dev.host_buffer::<T>(m * n).unwrap();
    c_h.copy_from_slice(&c0);
    dev.gemm(
        Op::N,
        Op::N,
        alpha,
        Mat::col_major(&a_h, m, k),
        Mat::col_major(&b_p, k, n),
        beta,
        MatMut::col_major(&mut c_h, m, n),
    )
    .unwrap();
    gemm_check(
        "gemm on host buffers and a pinned slice",
        &a,
        &b,
        &c0,
        (m, k, n),
        alpha,
        beta,
        &c_h,
    );
    // A pinned slice as the output, and vectors in page-locked memory.
    let mut c_v = c0.clone();
    {
        let mut c_p = dev.pin(&mut c_v).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            alpha,
            Mat::col_major(&a_h, m, k),
            Mat::col_major(&b_p, k, n),
            beta,
            MatMut::col_major(&mut c_p, m, n),
        )
        .unwrap();
    }
    gemm_check(
        "gemm into a pinned slice",
        &a,
        &b,
        &c0,
        (m, k, n),
        alpha,
        beta,
        &c_v,
    );
    let mut y = dev.host_buffer::<T>(m).unwrap();
    dev.axpy(T::one(), &a_h.to_vec()[..m], &mut y).unwrap();
    assert_bitwise_eq("axpy into a zeroed host buffer", &y, &a[..m]);
}

/// gemm whose operands are all in page-locked memory of the device (`HostBuffer` for A and C,
/// a pinned slice for B): on an asynchronous device these move by strided DMA straight from
/// and into the user's memory, tile by tile (the emulated asynchronous device tiles every
/// gemm in tiles of 8, so 19 × 13 is 3 × 2 tiles). Every op pair, padded leading dimensions
/// (the padding of C must stay untouched by the strided DMA), both orders, `β = 0` over NaN,
/// and the results against the reference.
fn gemm_on_page_locked_operands_every_layout<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("pinned_gemm_layouts"));
    let (m, n, k) = (19, 13, 11);
    for order in [Order::ColMajor, Order::RowMajor] {
        for ta in OPS {
            for tb in OPS {
                for beta_zero in [true, false] {
                    let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
                    let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
                    let (la, lb) = (Layout::new(order, ar, ac, 3), Layout::new(order, br, bc, 1));
                    let lc = Layout::new(order, m, n, 2);
                    let a: Vec<T> = rand_mat(&mut r, la);
                    let mut b: Vec<T> = rand_mat(&mut r, lb);
                    let b0 = b.clone();
                    let mut c0: Vec<T> = rand_mat(&mut r, lc);
                    let alpha: T = rand_scalar(&mut r);
                    let beta = if beta_zero {
                        for j in 0..n {
                            for i in 0..m {
                                c0[lc.idx(i, j)] = T::nan();
                            }
                        }
                        T::zero()
                    } else {
                        rand_scalar(&mut r)
                    };
                    let mut a_h = dev.host_buffer::<T>(a.len()).unwrap();
                    a_h.copy_from_slice(&a);
                    let mut c_h = dev.host_buffer::<T>(c0.len()).unwrap();
                    c_h.copy_from_slice(&c0);
                    let what =
                        format!("page-locked gemm {ta:?}{tb:?} {order:?} beta=0: {beta_zero}");
                    {
                        let b_p = dev.pin(&mut b).unwrap();
                        dev.gemm(
                            ta,
                            tb,
                            alpha,
                            la.mat(&a_h),
                            lb.mat(&b_p),
                            beta,
                            lc.mat_mut(&mut c_h),
                        )
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    }
                    let (want, mag) = ref_gemm_with_mag(
                        alpha.to_c(),
                        &read_mat(&a, la).op(ta),
                        &read_mat(&b0, lb).op(tb),
                        beta.to_c(),
                        &read_mat(&c0, lc),
                    );
                    assert_close::<T>(&what, &read_mat(&c_h, lc), &want, &mag, k);
                    assert_padding_untouched(&what, &c0, &c_h, lc);
                    assert_bitwise_eq(&format!("{what}: a unchanged"), &a_h, &a);
                    assert_bitwise_eq(&format!("{what}: b unchanged"), &b, &b0);
                }
            }
        }
    }
}

fn stats_count_exactly_what_moves<T: TestScalar>() {
    let dev = fresh_device();
    let e = std::mem::size_of::<T>() as u64;
    let mut r = rng(&seed_name::<T>("stats"));
    let (m, k, n) = (6, 4, 5);
    let a: Vec<T> = rand_vec(&mut r, m * k);
    let b: Vec<T> = rand_vec(&mut r, k * n);
    let copies = !dev.backend().host_memory();
    // Small problems take the packed path of small calls (not the tiled one).
    dev.set_gemm_tiling(usize::MAX, None);
    let per = |bytes: u64| if copies { bytes } else { 0 };

    // beta = 0 over a dense C: A and B go in, C only comes out.
    let mut c = poison::<T>(m * n);
    dev.reset_stats();
    dev.gemm(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        T::zero(),
        MatMut::col_major(&mut c, m, n),
    )
    .unwrap();
    let s = dev.stats();
    assert_eq!(
        s.bytes_in,
        per((m * k + k * n) as u64 * e),
        "beta = 0: C is never uploaded ({s:?})"
    );
    assert_eq!(s.bytes_out, per((m * n) as u64 * e), "{s:?}");

    // beta = 0 but C has gaps (ld > m): the gaps must survive, so C goes in too.
    let mut cg = poison::<T>((m + 2) * n);
    dev.reset_stats();
    dev.gemm(
        Op::N,
        Op::N,
        T::one(),
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        T::zero(),
        MatMut::col_major(&mut cg, m, n).with_ld(m + 2),
    )
    .unwrap();
    assert_eq!(
        dev.stats().bytes_in,
        per(((m * k + k * n) + (m + 2) * n) as u64 * e)
    );

    // Guards: mapped once, then reused by passing the guards: no bytes move per call.
    let x: Vec<T> = rand_vec(&mut r, k);
    let mut y: Vec<T> = rand_vec(&mut r, m);
    {
        let (a_d, x_d) = (dev.map(&a).unwrap(), dev.map(&x).unwrap());
        let mut y_d = dev.map_mut(&mut y).unwrap();
        dev.reset_stats();
        for _ in 0..3 {
            dev.gemv(
                Op::N,
                T::one(),
                Mat::col_major(&a_d, m, k),
                &x_d,
                T::one(),
                &mut y_d,
            )
            .unwrap();
        }
        let s = dev.stats();
        assert_eq!(
            (s.bytes_in, s.bytes_out),
            (0, 0),
            "reused guards move nothing: {s:?}"
        );
        y_d.finish().unwrap();
        assert_eq!(
            dev.stats().bytes_out,
            per(m as u64 * e),
            "one copy back at the end"
        );
    }

    // A small call with host operands: with asynchronous transfers, all its inputs go in one
    // transfer and its output comes back in one; where the device maps page-locked staging
    // (CUDA, the emulated device), operands up to the zero-copy limit are used in place with no
    // copy at all. Either way every byte crosses once and the results are the same.
    if dev.backend().async_transfers() {
        let maps_staging = matches!(
            dev.backend().kind(),
            BackendKind::Cuda | BackendKind::Emulated
        );
        let limit = dev.zero_copy_limit();
        let y0: Vec<T> = rand_vec(&mut r, m);
        let mut results = Vec::new();
        for (zero_copy, want) in [
            (0, (1, 1)),
            (usize::MAX, if maps_staging { (0, 0) } else { (1, 1) }),
        ] {
            dev.set_zero_copy_limit(zero_copy);
            let mut y2 = y0.clone();
            dev.reset_stats();
            dev.gemv(
                Op::N,
                T::one(),
                Mat::col_major(&a, m, k),
                &x,
                T::one(),
                &mut y2,
            )
            .unwrap();
            let s = dev.stats();
            assert_eq!(
                (s.transfers_in, s.transfers_out),
                want,
                "zero-copy limit {zero_copy}: {s:?}"
            );
            assert_eq!(
                (s.bytes_in, s.bytes_out),
                (((m * k + k + m) as u64) * e, m as u64 * e)
            );
            results.push(y2);
        }
        dev.set_zero_copy_limit(limit);
        let (want, mag) = ref_gemm_with_mag(
            T::one().to_c(),
            &read_mat(&a, Layout::col(m, k)),
            &read_mat(&x, Layout::col(k, 1)),
            T::one().to_c(),
            &read_mat(&y0, Layout::col(m, 1)),
        );
        for y2 in &results {
            assert_close::<T>(
                "small gemv",
                &read_mat(y2, Layout::col(m, 1)),
                &want,
                &mag,
                k,
            );
        }
    }

    // map_out uploads nothing.
    let mut o = poison::<T>(m);
    dev.reset_stats();
    dev.map_out(&mut o).unwrap().finish().unwrap();
    let s = dev.stats();
    assert_eq!((s.bytes_in, s.bytes_out), (0, per(m as u64 * e)), "{s:?}");
}

fn the_pool_reuses_blocks_and_trim_releases_them<T: TestScalar>() {
    let dev = fresh_device();
    if dev.pool_limit() == 0 || dev.backend().host_memory() {
        return; // no pool on this backend (host memory, or the checked emulated device)
    }
    // Operands small enough to be used in place from mapped staging take no device memory:
    // copy them, so the pool serves every call.
    dev.set_zero_copy_limit(0);
    let mut r = rng(&seed_name::<T>("pool"));
    let x: Vec<T> = rand_vec(&mut r, 300);
    let mut y: Vec<T> = rand_vec(&mut r, 300);
    dev.axpy(T::one(), &x, &mut y).unwrap(); // warms the pool with these sizes
    dev.reset_stats();
    for _ in 0..5 {
        dev.axpy(T::one(), &x, &mut y).unwrap();
    }
    let s = dev.stats();
    assert!(
        s.pool_hits >= 5 && s.pool_misses == 0,
        "repeated calls are served by the pool: {s:?}"
    );
    dev.trim().unwrap();
    assert_eq!(dev.stats().pool_cached_bytes, 0);
}

fn a_large_copy_pipelined_through_staging_is_exact<T: TestScalar>() {
    // Larger than several staging slots on the emulated asynchronous device (4 KiB slots), and
    // not a multiple of one: every chunk boundary case of the pipelines.
    let dev = device();
    let mut r = rng(&seed_name::<T>("pipeline"));
    for len in [1, 255, 256, 257, 5000, 20_011] {
        let h: Vec<T> = rand_vec(&mut r, len);
        let d = dev.upload(&h).unwrap();
        assert_bitwise_eq(&format!("round trip of {len}"), &d.to_vec().unwrap(), &h);
        let mut back = poison::<T>(len);
        {
            let g = dev.map(&h).unwrap();
            let mut o = dev.map_out(&mut back).unwrap();
            dev.copy(&g, &mut o).unwrap();
            o.finish().unwrap();
        }
        assert_bitwise_eq(&format!("map / map_out of {len}"), &back, &h);
    }
}

for_all_types!(
    host_buffers_and_pinned_slices_are_operands,
    gemm_on_page_locked_operands_every_layout,
    stats_count_exactly_what_moves,
    the_pool_reuses_blocks_and_trim_releases_them,
    a_large_copy_pipelined_through_staging_is_exact,
);

/// Entries of `C = α op(A) op(B) + β C0` (col-major, op ∈ {N, T}) checked at sampled positions
/// against a double-precision computation.
#[allow(clippy::too_many_arguments)]
fn check_sampled(
    what: &str,
    (ta, tb): (Op, Op),
    (m, n, k): (usize, usize, usize),
    (alpha, beta): (f32, f32),
    (a, lda): (&[f32], usize),
    (b, ldb): (&[f32], usize),
    c0: &[f32],
    c: &[f32],
    r: &mut ChaCha8Rng,
) {
    use rand::Rng;
    for s in 0..64 {
        let (i, j) = match s {
            0 => (0, 0),
            1 => (m - 1, n - 1),
            _ => (r.gen_range(0..m), r.gen_range(0..n)),
        };
        let (mut sum, mut mag) = (0.0f64, 0.0f64);
        for p in 0..k {
            let av = if ta == Op::N {
                a[i + p * lda]
            } else {
                a[p + i * lda]
            } as f64;
            let bv = if tb == Op::N {
                b[p + j * ldb]
            } else {
                b[j + p * ldb]
            } as f64;
            sum += av * bv;
            mag += (av * bv).abs();
        }
        let want = alpha as f64 * sum + beta as f64 * c0[i + j * m] as f64;
        let tol = 4.0
            * f32::EPSILON as f64
            * (k as f64).sqrt()
            * (alpha.abs() as f64 * mag + beta.abs() as f64 * (c0[i + j * m] as f64).abs())
            + 1e-30;
        let got = c[i + j * m] as f64;
        assert!(
            (got - want).abs() <= tol,
            "{what}: C[{i},{j}] = {got}, want {want} (tolerance {tol:.2e})"
        );
    }
}

/// Host operands of every size class the transfer engine treats differently: tiny (packed into
/// one transfer), one staging chunk, many chunks (pipelined), and a gemm large enough to be
/// tiled, with dimensions that are not multiples of the tile. Large: opt-in
/// (`--include-ignored`), run on the GPU by `scripts/gpu.sh`; the emulated asynchronous device
/// covers the same paths at small sizes in CI.
#[test]
#[ignore = "large (hundreds of MiB); run with --include-ignored, as scripts/gpu.sh does"]
fn host_operands_of_every_size_class() {
    let dev = device();
    let mut r = rng("host_operands_of_every_size_class");
    // Tiny.
    let (a, x) = (rand_vec::<f32>(&mut r, 15), rand_vec::<f32>(&mut r, 3));
    let mut y = vec![0.0f32; 5];
    dev.gemv(Op::N, 1.0, Mat::col_major(&a, 5, 3), &x, 0.0, &mut y)
        .unwrap();
    for (i, v) in y.iter().enumerate() {
        let want: f32 = (0..3).map(|p| a[i + 5 * p] * x[p]).sum();
        assert!((v - want).abs() <= 1e-5, "tiny gemv");
    }
    // One chunk and many chunks: exact integer data, so the round trip is exact.
    for len in [3_000_001usize, 40_000_003] {
        let x: Vec<f32> = (0..len).map(|i| (i % 1024) as f32).collect();
        let mut y: Vec<f32> = (0..len).map(|i| (i % 7) as f32).collect();
        dev.axpy(2.0, &x, &mut y).unwrap();
        assert!(
            y.iter()
                .enumerate()
                .all(|(i, &v)| v == 2.0 * (i % 1024) as f32 + (i % 7) as f32),
            "axpy over {len} host elements"
        );
    }
    // Tiled gemm: 58 MB of host operands, tiles of 1024 over 2600 rows and columns.
    let (m, n, k) = (2600, 2600, 1500);
    for (ta, tb, beta) in [(Op::N, Op::N, 0.0f32), (Op::T, Op::T, 0.5)] {
        let (lda, ldb) = (
            if ta == Op::N { m } else { k },
            if tb == Op::N { k } else { n },
        );
        let a = rand_vec::<f32>(&mut r, m * k);
        let b = rand_vec::<f32>(&mut r, k * n);
        let c0 = rand_vec::<f32>(&mut r, m * n);
        let mut c = c0.clone();
        let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
        let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
        dev.gemm(
            ta,
            tb,
            1.5,
            Mat::col_major(&a, ar, ac),
            Mat::col_major(&b, br, bc),
            beta,
            MatMut::col_major(&mut c, m, n),
        )
        .unwrap();
        check_sampled(
            &format!("tiled gemm {ta:?}{tb:?}"),
            (ta, tb),
            (m, n, k),
            (1.5, beta),
            (&a, lda),
            (&b, ldb),
            &c0,
            &c,
            &mut r,
        );
    }
}

/// A gemm large enough to be tiled with every operand in page-locked memory of the device:
/// panels and tiles move by strided DMA straight from and into the buffers (no staging), with
/// padded leading dimensions whose padding must stay untouched. Large: opt-in, run on the GPU
/// by `scripts/gpu.sh` (the emulated asynchronous device covers the path at small sizes).
#[test]
#[ignore = "large (hundreds of MiB); run with --include-ignored, as scripts/gpu.sh does"]
fn page_locked_operands_of_a_tiled_gemm() {
    let dev = device();
    let mut r = rng("page_locked_operands_of_a_tiled_gemm");
    let (m, n, k) = (2600, 2300, 1500);
    for (ta, tb, beta) in [
        (Op::N, Op::N, 0.0f32),
        (Op::T, Op::N, 0.5),
        (Op::N, Op::T, -1.0),
    ] {
        let (ar, ac) = if ta == Op::N { (m, k) } else { (k, m) };
        let (br, bc) = if tb == Op::N { (k, n) } else { (n, k) };
        let (la, lb, lc) = (
            Layout::col(ar, ac).with_ld(ar + 3),
            Layout::col(br, bc).with_ld(br + 1),
            Layout::col(m, n).with_ld(m + 5),
        );
        let a: Vec<f32> = rand_mat(&mut r, la);
        let mut b: Vec<f32> = rand_mat(&mut r, lb);
        let b0 = b.clone();
        let c0: Vec<f32> = rand_mat(&mut r, lc);
        let mut a_h = dev.host_buffer::<f32>(a.len()).unwrap();
        a_h.copy_from_slice(&a);
        let mut c_h = dev.host_buffer::<f32>(c0.len()).unwrap();
        c_h.copy_from_slice(&c0);
        let what = format!("page-locked tiled gemm {ta:?}{tb:?} beta={beta}");
        {
            let b_p = dev.pin(&mut b).unwrap();
            dev.gemm(
                ta,
                tb,
                1.5,
                la.mat(&a_h),
                lb.mat(&b_p),
                beta,
                lc.mat_mut(&mut c_h),
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        assert_padding_untouched(&what, &c0, &c_h, lc);
        // Sampled entries against a double-precision computation (tight copies of the inputs).
        let tight = |v: &[f32], l: Layout| -> Vec<f32> {
            (0..l.cols)
                .flat_map(|j| (0..l.rows).map(move |i| (i, j)))
                .map(|(i, j)| v[l.idx(i, j)])
                .collect()
        };
        check_sampled(
            &what,
            (ta, tb),
            (m, n, k),
            (1.5, beta),
            (&tight(&a, la), ar),
            (&tight(&b0, lb), br),
            &tight(&c0, lc),
            &tight(&c_h, lc),
            &mut r,
        );
    }
}
