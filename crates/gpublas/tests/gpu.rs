//! Behaviour only a real GPU can show: device memory, guards over real transfers, out of
//! memory, concurrency. Opt-in: `cargo test -- --ignored` with `GPUBLAS_BACKEND=cuda` (or
//! `rocm`); enabled without a usable GPU they fail, they never skip.

use gpublas::prelude::*;
use gpublas::BackendKind;

fn gpu() -> Device {
    let want = std::env::var(gpublas::BACKEND_VAR).unwrap_or_default();
    assert!(
        want == "cuda" || want == "rocm",
        "GPU tests need GPUBLAS_BACKEND=cuda or rocm (got {want:?})"
    );
    let dev =
        Device::auto().unwrap_or_else(|e| panic!("GPUBLAS_BACKEND={want} but no usable GPU: {e}"));
    assert_ne!(dev.kind(), BackendKind::Host);
    dev
}

fn naive_gemm(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for j in 0..n {
        for p in 0..k {
            for i in 0..m {
                c[i + j * m] += a[i + p * m] * b[p + j * k];
            }
        }
    }
    c
}

fn data(len: usize, seed: usize) -> Vec<f64> {
    (0..len)
        .map(|i| (((i * 7919 + seed * 104_729) % 1000) as f64) / 500.0 - 1.0)
        .collect()
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= 1e-12 * (1.0 + y.abs()) * 64.0)
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_device_opens_and_names_itself() {
    let dev = gpu();
    let d = dev.describe();
    assert!(d.starts_with("cuda:") || d.starts_with("rocm:"), "{d}");
    println!("{d}");
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_out_of_memory_is_an_error_and_the_device_stays_usable() {
    let dev = gpu();
    let huge = 1usize << 42; // 32 TiB of f64
    match dev.zeros::<f64>(huge) {
        Err(Error::OutOfMemory { bytes, .. }) => assert_eq!(bytes, huge * 8),
        other => panic!("expected OutOfMemory, got {other:?}"),
    }
    let x = dev
        .upload(&[1.0f64, 2.0, 3.0])
        .expect("device still usable");
    let mut y = dev
        .upload(&[1.0f64, 1.0, 1.0])
        .expect("device still usable");
    dev.axpy(2.0, &x, &mut y).expect("axpy after OOM");
    assert_eq!(y.to_vec().expect("download"), [3.0, 5.0, 7.0]);
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_guard_copies_back_on_finish_and_on_drop() {
    let dev = gpu();
    let x = vec![1.0f64, 2.0, 3.0];
    let mut y1 = vec![10.0f64; 3];
    let mut g = dev.map_mut(&mut y1).expect("map_mut");
    dev.axpy(1.0, &x, &mut g).expect("axpy");
    g.finish().expect("finish");
    assert_eq!(y1, [11.0, 12.0, 13.0]);

    let mut y2 = vec![10.0f64; 3];
    {
        let mut g = dev.map_mut(&mut y2).expect("map_mut");
        dev.axpy(-1.0, &x, &mut g).expect("axpy");
    }
    assert_eq!(y2, [9.0, 8.0, 7.0]);
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_forgotten_guard_never_writes_host_memory_afterwards() {
    let dev = gpu();
    let x = vec![1.0f64; 1 << 16];
    let mut y = vec![5.0f64; 1 << 16];
    let mut g = dev.map_mut(&mut y).expect("map_mut");
    dev.axpy(1.0, &x, &mut g).expect("axpy");
    std::mem::forget(g); // leaks the device copy; must not copy back later
    dev.synchronize().expect("sync");
    assert!(
        y.iter().all(|&v| v == 5.0),
        "host memory changed after the guard was forgotten"
    );
    drop(y);
    // The device keeps working, and nothing touches the freed host memory.
    let z = dev.upload(&vec![2.0f64; 1 << 16]).expect("upload");
    assert_eq!(dev.asum(&z).expect("asum"), 2.0 * (1 << 16) as f64);
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_present_table_reuses_a_live_mapping_and_sub_slices() {
    let dev = gpu();
    let (m, k, n) = (33, 17, 9);
    let a = data(m * k + 5, 1);
    let b = data(k * n, 2);
    let want = naive_gemm(&a[5..], &b, m, k, n);
    let mut c = vec![f64::NAN; m * n];
    dev.scope(|s| {
        let _a_d = s.map(&a)?;
        // `&a[5..]` lies inside the scope's mapping: resolved to an offset of its device copy.
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a[5..], m, k),
            Mat::col_major(&b, k, n),
            0.0,
            MatMut::col_major(&mut c, m, n),
        )
    })
    .expect("gemm in a scope");
    assert!(close(&c, &want));
}

/// y = A x for the race and stale-mapping tests.
fn naive_gemv(a: &[f64], x: &[f64], m: usize, k: usize) -> Vec<f64> {
    naive_gemm(a, x, m, k, 1)
}

/// Two threads: one keeps calling gemv with the host slice `a`, the other drops the guard that
/// mapped `a`. Written against the API that both the old present table (unscoped `map`) and the
/// scoped one share, so the same test shows the old use-after-free (run it under
/// compute-sanitizer) and its absence now.
#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_map_guard_dropped_on_another_thread_mid_call_is_not_freed_under_it() {
    let dev = gpu();
    let (m, k) = (512, 512);
    let a = data(m * k, 11);
    let x = data(k, 12);
    let want = naive_gemv(&a, &x, m, k);
    for round in 0..20 {
        let guard = dev.map(&a).expect("map");
        std::thread::scope(|s| {
            let worker = s.spawn(|| {
                for _ in 0..50 {
                    let mut y = vec![f64::NAN; m];
                    dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, 0.0, &mut y)
                        .expect("gemv");
                    assert!(close(&y, &want), "round {round}: wrong gemv result");
                }
            });
            s.spawn(move || {
                std::thread::sleep(std::time::Duration::from_micros(200));
                drop(guard);
            });
            worker.join().expect("worker");
        });
    }
    dev.synchronize().expect("device still usable");
}

/// The scoped form of the race above: the call finds the scope's mapping by address and leases
/// it, so the guard's drop on another thread cannot free it mid-call.
#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_scope_mapping_dropped_on_another_thread_mid_call_is_not_freed_under_it() {
    let dev = gpu();
    let (m, k) = (512, 512);
    let a = data(m * k, 13);
    let x = data(k, 14);
    let want = naive_gemv(&a, &x, m, k);
    for round in 0..20 {
        dev.scope(|sc| {
            let guard = sc.map(&a)?;
            std::thread::scope(|s| {
                let worker = s.spawn(|| {
                    for _ in 0..50 {
                        let mut y = vec![f64::NAN; m];
                        dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, 0.0, &mut y)
                            .expect("gemv");
                        assert!(close(&y, &want), "round {round}: wrong gemv result");
                    }
                });
                s.spawn(move || {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                    drop(guard);
                });
                worker.join().expect("worker");
            });
            Ok(())
        })
        .expect("scope");
    }
    dev.synchronize().expect("device still usable");
}

/// A forgotten (or leaked) `map` guard must not leave a mapping behind that a later call, after
/// the host data changed, would read instead of the new data.
#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_forgotten_map_guard_leaves_no_stale_mapping() {
    let dev = gpu();
    let (m, k) = (64, 48);
    let x = data(k, 21);
    let mut a = data(m * k, 22);
    std::mem::forget(dev.map(&a).expect("map"));
    a.iter_mut().for_each(|v| *v = -*v + 0.25);
    let mut y = vec![f64::NAN; m];
    dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, 0.0, &mut y)
        .expect("gemv");
    assert!(
        close(&y, &naive_gemv(&a, &x, m, k)),
        "stale data after mem::forget"
    );

    let _ = Box::leak(Box::new(dev.map(&a).expect("map")));
    a.iter_mut().for_each(|v| *v *= 0.5);
    dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, 0.0, &mut y)
        .expect("gemv");
    assert!(
        close(&y, &naive_gemv(&a, &x, m, k)),
        "stale data after Box::leak"
    );

    for seed in 0..4 {
        let old = data(m * k, 30 + seed);
        std::mem::forget(dev.map(&old).expect("map"));
        drop(old);
        let fresh = data(m * k, 40 + seed);
        dev.gemv(Op::N, 1.0, Mat::col_major(&fresh, m, k), &x, 0.0, &mut y)
            .expect("gemv");
        assert!(
            close(&y, &naive_gemv(&fresh, &x, m, k)),
            "stale data from a freed and reused address"
        );
    }
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_zeros_of_an_impossible_length_is_an_argument_error() {
    let dev = gpu();
    match dev.zeros::<f32>(usize::MAX) {
        Err(Error::InvalidArgument {
            routine: "zeros",
            arg: "len",
            ..
        }) => {}
        other => panic!("expected an argument error, got {other:?}"),
    }
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_buffer_of_another_device_is_rejected() {
    let one = gpu();
    let two = gpu();
    let x = one.upload(&[1.0f64, 2.0]).expect("upload");
    let mut y = two.zeros::<f64>(2).expect("zeros");
    let err = two.axpy(1.0, &x, &mut y).unwrap_err();
    assert!(
        matches!(err, Error::InvalidArgument { arg: "x", .. }),
        "{err:?}"
    );
    assert_eq!(y.to_vec().expect("download"), [0.0, 0.0]);
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_many_threads_share_one_device() {
    let dev = gpu();
    let (m, k, n) = (48, 32, 40);
    std::thread::scope(|s| {
        for t in 0..8 {
            let dev = &dev;
            s.spawn(move || {
                let a = data(m * k, t);
                let b = data(k * n, t + 100);
                let want = naive_gemm(&a, &b, m, k, n);
                let a_d = dev.upload(&a).expect("upload");
                let b_d = dev.upload(&b).expect("upload");
                for _ in 0..25 {
                    let mut c = dev.zeros::<f64>(m * n).expect("zeros");
                    dev.gemm(
                        Op::N,
                        Op::N,
                        1.0,
                        Mat::col_major(&a_d, m, k),
                        Mat::col_major(&b_d, k, n),
                        0.0,
                        MatMut::col_major(&mut c, m, n),
                    )
                    .expect("gemm");
                    assert!(close(&c.to_vec().expect("download"), &want), "thread {t}");
                }
            });
        }
    });
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_device_resident_chain_needs_no_host_copies() {
    let dev = gpu();
    let n = 256;
    let a = data(n * n, 3);
    let a_d = dev.upload(&a).expect("upload");
    let mut b_d = dev.upload(&a).expect("upload");
    let mut c_d = dev.zeros::<f64>(n * n).expect("zeros");
    // C = A·A, then B = A·C, all on the device; only the end result comes back.
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a_d, n, n),
        Mat::col_major(&b_d, n, n),
        0.0,
        MatMut::col_major(&mut c_d, n, n),
    )
    .expect("gemm 1");
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a_d, n, n),
        Mat::col_major(&c_d, n, n),
        0.0,
        MatMut::col_major(&mut b_d, n, n),
    )
    .expect("gemm 2");
    let want = naive_gemm(&a, &naive_gemm(&a, &a, n, n, n), n, n, n);
    let got = b_d.to_vec().expect("download");
    let scale = want.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    assert!(
        got.iter()
            .zip(&want)
            .all(|(g, w)| (g - w).abs() <= 1e-10 * scale),
        "chained result differs"
    );
}

/// `syr` in the reference's order of operations, `aᵢⱼ += xᵢ·(α·xⱼ)` (columns with `xⱼ = 0`
/// skipped), on the `uplo` triangle of a column-major `A` with leading dimension `lda`.
fn reference_syr(upper: bool, n: usize, alpha: f64, x: &[f64], a: &mut [f64], lda: usize) {
    for j in 0..n {
        if x[j] == 0.0 {
            continue;
        }
        let t = alpha * x[j];
        let rows = if upper { 0..j + 1 } else { j..n };
        for i in rows {
            a[i + j * lda] += x[i] * t;
        }
    }
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_syr_near_overflow_and_underflow_matches_the_reference_order() {
    // LAPACK's dsytf2 calls syr with α = −1/d on matrices scaled near the overflow and
    // underflow thresholds (xlintstd's matrix types 9 and 10): xᵢxⱼ alone leaves the range
    // where α·xⱼ first does not.
    let dev = gpu();
    for (scale, alpha) in [(1e200, -3e-250), (1e-200, 7e250), (1.0, 0.75)] {
        for upper in [false, true] {
            for inc in [1isize, 2, -1] {
                let (n, lda) = (7, 9);
                let xs: Vec<f64> = data(n, 11).iter().map(|v| (v + 1.5) * scale).collect();
                // `x` as the call sees it: element i at i·inc (from the end for inc < 0).
                let step = inc.unsigned_abs();
                let mut buf = vec![0.0; 1 + (n - 1) * step];
                for (i, v) in xs.iter().enumerate() {
                    let at = if inc > 0 {
                        i * step
                    } else {
                        (n - 1 - i) * step
                    };
                    buf[at] = *v;
                }
                // A of the update's magnitude (in the reference's order, so it is in range).
                let mag = scale * (alpha.abs() * scale);
                let a0: Vec<f64> = data(lda * n, 12).iter().map(|v| v * mag).collect();
                let mut want = a0.clone();
                reference_syr(upper, n, alpha, &xs, &mut want, lda);
                let mut got = a0.clone();
                let uplo = if upper { Uplo::Upper } else { Uplo::Lower };
                dev.syr(
                    uplo,
                    alpha,
                    Vector::strided(&buf[..], n, inc),
                    MatMut::col_major(&mut got[..], n, n).with_ld(lda),
                )
                .expect("syr");
                for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert!(
                        g.is_finite() && (g - w).abs() <= 1e-13 * mag,
                        "scale {scale:e} α {alpha:e} upper {upper} inc {inc}: \
                         a[{k}] = {g:e}, reference {w:e}"
                    );
                }
            }
        }
    }
}
