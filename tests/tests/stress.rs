//! Many threads sharing one device, with far fewer staging slots than threads: every call must
//! finish (no hold-and-wait between a call's slots), and every result must be right.
//!
//! Each configuration (threads × slots) runs every op family with host operands of mixed
//! sizes — small enough to be packed into a call's shared staging, too large to be packed, and
//! large enough for the tiled gemm (the thresholds are lowered so that small problems reach
//! every path) — on every thread at once. A watchdog fails the test when no call completes for
//! [`STALL`]: a deadlock fails it, never hangs it.
//!
//! On a host-memory backend nothing is staged; the test then still checks every result under
//! concurrency. It means most on `GPUBLAS_BACKEND=emulated-async` (CI) and on a GPU.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gpublas_tests::*;

/// No completed call for this long is a deadlock.
const STALL: Duration = Duration::from_secs(60);

/// Staging slots of 4 KiB: an operand of over 4 KiB is not packed, one of 8 KiB or more takes
/// several chunks, and a gemm of more than 16 KiB of host data is tiled (tiles of 8).
const SLOT_BYTES: usize = 4096;

/// Runs `work(thread)` on `threads` threads and waits for all of them, failing if any panics or
/// if `progress` stops moving for [`STALL`] (the stuck threads are left behind: the test fails
/// instead of hanging).
fn with_watchdog(
    threads: usize,
    progress: Arc<AtomicUsize>,
    work: impl Fn(usize) + Send + Sync + 'static,
) {
    let work = Arc::new(work);
    let done = Arc::new(AtomicUsize::new(0));
    let failures = Arc::new(Mutex::new(Vec::<String>::new()));
    for t in 0..threads {
        let (work, done, failures) = (work.clone(), done.clone(), failures.clone());
        std::thread::spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(t)));
            if let Err(p) = r {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".into());
                failures
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(format!("thread {t}: {msg}"));
            }
            done.fetch_add(1, Ordering::SeqCst);
        });
    }
    let (mut last, mut since) = (progress.load(Ordering::SeqCst), Instant::now());
    while done.load(Ordering::SeqCst) < threads {
        std::thread::sleep(Duration::from_millis(20));
        let now = progress.load(Ordering::SeqCst);
        if now != last {
            (last, since) = (now, Instant::now());
        } else if since.elapsed() > STALL {
            panic!(
                "deadlock: no call completed for {STALL:?} ({} of {threads} threads finished, {now} calls done)",
                done.load(Ordering::SeqCst)
            );
        }
    }
    let failures = failures.lock().unwrap_or_else(|e| e.into_inner());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `C ← A·B` with host operands, checked; `(m, k, n)` chosen by the caller to reach a path.
fn gemm_case(dev: &Device, r: &mut ChaCha8Rng, (m, k, n): (usize, usize, usize), what: &str) {
    let a: Vec<f64> = rand_vec(r, m * k);
    let b: Vec<f64> = rand_vec(r, k * n);
    let c0: Vec<f64> = rand_vec(r, m * n);
    let mut c = c0.clone();
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        0.5,
        MatMut::col_major(&mut c, m, n),
    )
    .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (want, mag) = ref_gemm_with_mag(
        zr(1.0),
        &read_mat(&a, Layout::col(m, k)),
        &read_mat(&b, Layout::col(k, n)),
        zr(0.5),
        &read_mat(&c0, Layout::col(m, n)),
    );
    assert_close::<f64>(what, &read_mat(&c, Layout::col(m, n)), &want, &mag, k);
}

/// One round of every op family on one thread.
fn every_family(dev: &Device, r: &mut ChaCha8Rng, progress: &AtomicUsize) {
    let step = || {
        progress.fetch_add(1, Ordering::SeqCst);
    };
    // gemm: a packable A with an unpackable B (the reported deadlock), all packable, and tiled.
    gemm_case(dev, r, (4, 40, 320), "gemm, small A and large B");
    step();
    gemm_case(dev, r, (4, 4, 300), "gemm, 4×4 A and 4×300 B");
    step();
    gemm_case(dev, r, (6, 5, 7), "gemm, all small");
    step();
    gemm_case(dev, r, (40, 30, 50), "gemm, tiled");
    step();

    // gemv with a large A and small vectors.
    let (m, n) = (30, 40);
    let a: Vec<f64> = rand_vec(r, m * n);
    let x: Vec<f64> = rand_vec(r, n);
    let y0: Vec<f64> = rand_vec(r, m);
    let mut y = y0.clone();
    dev.gemv(Op::N, 2.0, Mat::col_major(&a, m, n), &x, -1.0, &mut y)
        .unwrap_or_else(|e| panic!("gemv: {e}"));
    let (want, mag) = ref_gemm_with_mag(
        zr(2.0),
        &read_mat(&a, Layout::col(m, n)),
        &read_mat(&x, Layout::col(n, 1)),
        zr(-1.0),
        &read_mat(&y0, Layout::col(m, 1)),
    );
    assert_close::<f64>("gemv", &read_mat(&y, Layout::col(m, 1)), &want, &mag, n);
    step();

    // axpy into a zero increment (a helper value is uploaded while the call holds staging),
    // with a large x.
    let n = 700;
    let x: Vec<f64> = rand_vec(r, n);
    let y0: Vec<f64> = rand_vec(r, 1);
    let mut y = y0.clone();
    dev.axpy(0.5, &x, VectorMut::strided(&mut y[..], n, 0))
        .unwrap_or_else(|e| panic!("axpy incy=0: {e}"));
    let mut want = vec![y0[0].to_c()];
    ref_axpy(n, zr(0.5), &zbuf(&x), 1, &mut want, 0);
    assert_scalar_close::<f64>(
        "axpy incy=0",
        y[0].to_c(),
        want[0],
        x.iter().map(|v| v.abs() * 0.5).sum::<f64>() + y0[0].abs(),
        n,
    );
    step();

    // gemm_batched (the pointer arrays are uploaded while the call holds staging).
    let (bm, bk, bn, count) = (3, 20, 30, 3);
    let a: Vec<f64> = rand_vec(r, bm * bk * count);
    let b: Vec<f64> = rand_vec(r, bk * bn * count);
    let mut c: Vec<f64> = poison(bm * bn * count);
    dev.gemm_batched(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, bm, bk).batched(count, bm * bk),
        Mat::col_major(&b, bk, bn).batched(count, bk * bn),
        0.0,
        MatMut::col_major(&mut c, bm, bn).batched(count, bm * bn),
    )
    .unwrap_or_else(|e| panic!("gemm_batched: {e}"));
    for i in 0..count {
        let (want, mag) = ref_gemm_with_mag(
            zr(1.0),
            &read_mat(&a[i * bm * bk..], Layout::col(bm, bk)),
            &read_mat(&b[i * bk * bn..], Layout::col(bk, bn)),
            zr(0.0),
            &M::zeros(bm, bn),
        );
        assert_close::<f64>(
            "gemm_batched",
            &read_mat(&c[i * bm * bn..], Layout::col(bm, bn)),
            &want,
            &mag,
            bk,
        );
    }
    step();

    // trsm_batched with a well-conditioned triangle and a large right-hand side.
    let (tm, tn, count) = (4, 200, 2);
    let mut t: Vec<f64> = rand_vec(r, tm * tm * count);
    for i in 0..count {
        for d in 0..tm {
            t[i * tm * tm + d * tm + d] += 4.0;
        }
    }
    let b0: Vec<f64> = rand_vec(r, tm * tn * count);
    let mut b = b0.clone();
    dev.trsm_batched(
        Side::Left,
        Uplo::Lower,
        Op::N,
        Diag::NonUnit,
        1.0,
        Mat::col_major(&t, tm, tm).batched(count, tm * tm),
        MatMut::col_major(&mut b, tm, tn).batched(count, tm * tn),
    )
    .unwrap_or_else(|e| panic!("trsm_batched: {e}"));
    for i in 0..count {
        // L·X must give back B.
        let l = triangle(
            &read_mat(&t[i * tm * tm..], Layout::col(tm, tm)),
            Uplo::Lower,
            Diag::NonUnit,
        );
        let x = read_mat(&b[i * tm * tn..], Layout::col(tm, tn));
        let (back, mag) = ref_gemm_with_mag(zr(1.0), &l, &x, zr(0.0), &M::zeros(tm, tn));
        assert_close::<f64>(
            "trsm_batched (L·X = B)",
            &back,
            &read_mat(&b0[i * tm * tn..], Layout::col(tm, tn)),
            &mag,
            4 * tm,
        );
    }
    step();

    // A read-write mapping used by two calls and finished (a copy-back of several chunks).
    let n = 1500;
    let x: Vec<f64> = rand_vec(r, n);
    let y0: Vec<f64> = rand_vec(r, n);
    let mut y = y0.clone();
    {
        let mut y_d = dev
            .map_mut(&mut y)
            .unwrap_or_else(|e| panic!("map_mut: {e}"));
        dev.axpy(1.0, &x, &mut y_d)
            .unwrap_or_else(|e| panic!("axpy: {e}"));
        dev.scal(2.0, &mut y_d)
            .unwrap_or_else(|e| panic!("scal: {e}"));
        y_d.finish().unwrap_or_else(|e| panic!("finish: {e}"));
    }
    for i in 0..n {
        let want = 2.0 * (y0[i] + x[i]);
        assert!(
            (y[i] - want).abs() <= 1e-14 * (1.0 + want.abs()),
            "map_mut, axpy, scal: element {i} is {}, expected {want}",
            y[i]
        );
    }
    step();

    // Level 1 reductions of a large host vector.
    let d = dev.dot(&x, &y0).unwrap_or_else(|e| panic!("dot: {e}"));
    let (want, mag) = ref_dot(false, n, &zbuf(&x), 1, &zbuf(&y0), 1);
    assert_scalar_close::<f64>("dot", zr(d), want, mag, n);
    step();
}

fn stress(slots: usize) {
    let dev = fresh_device();
    dev.set_staging(SLOT_BYTES, slots);
    dev.set_gemm_tiling(16 << 10, Some(8));
    for threads in [1, 2, 8, 64] {
        let progress = Arc::new(AtomicUsize::new(0));
        let (d, p) = (dev.clone(), progress.clone());
        with_watchdog(threads, progress, move |t| {
            let mut r = rng(&format!("stress_{slots}_slots_{threads}_threads_{t}"));
            for _ in 0..2 {
                every_family(&d, &mut r, &p);
            }
        });
    }
}

#[test]
fn every_op_family_finishes_on_many_threads_with_one_staging_slot() {
    stress(1);
}

#[test]
fn every_op_family_finishes_on_many_threads_with_two_staging_slots() {
    stress(2);
}

#[test]
fn every_op_family_finishes_on_many_threads_with_eight_staging_slots() {
    stress(8);
}
