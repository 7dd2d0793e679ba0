//! Small calls through gpublas, in the patterns of the plain C program `bench/raw/small_calls.c`
//! (same shapes, same rounds and calls, same output: `case <name> <median> <q1> <q3>` in µs per
//! call), so the two can run alternately on one machine and be compared by `bench/raw/compare_small.py`.
//!
//! Cases: gpublas through `Device::auto()` (the run-time dispatched device users get) and
//! through a static `Device<Cuda>`, on device buffers back to back (`_b2b_`), with a
//! synchronisation per call (`_sync_`), host enqueue cost alone (`_enq_`), and on host arrays
//! (`_host_sync_`, one synchronous call each; sgemm at 16, 32 and 64); and raw cuBLAS called from Rust through the
//! library gpublas loaded, on gpublas's stream (`_rustraw`), which separates gpublas's own cost
//! from what differs between a C program and a Rust one (linking, stream, library instance).
//!
//! ```text
//! small_bench [--rounds R] [--calls N] [--only CASE] [--start-at UNIX_SECONDS] [--static-first]
//! ```
//!
//! The `Device::auto()` cases run first unless `--static-first` is given, so a difference
//! between the two devices can be told from the order in which one process measured them.

use std::time::Instant;

use gpublas::backend::Cuda;
use gpublas::prelude::*;
use gpublas_bench::raw::{bl_check, rt_check, RawBlas};

use gpublas_bench::Res;

struct Plan {
    rounds: usize,
    calls: usize,
    /// Run only the case of this name.
    only: Option<String>,
    /// Start the timed rounds at this Unix time (seconds), so processes started together
    /// measure together whatever their set-up took (one that gets there later says so).
    start_at: Option<f64>,
    /// Measure the `Device<Cuda>` cases before the `Device::auto()` ones.
    static_first: bool,
}

impl Plan {
    fn wants(&self, name: &str) -> bool {
        self.only.as_deref().is_none_or(|o| name == o)
    }

    /// Waits for `start_at`, if given.
    fn wait_start(&self) -> Res<()> {
        if let Some(t) = self.start_at {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|e| e.to_string())?
                .as_secs_f64();
            if t > now {
                std::thread::sleep(std::time::Duration::from_secs_f64(t - now));
            } else {
                eprintln!("late by {:.3} s", now - t);
            }
        }
        Ok(())
    }
}

fn report(name: &str, mut per_call: Vec<f64>) {
    per_call.sort_by(f64::total_cmp);
    let n = per_call.len();
    println!(
        "case {name} {:.3} {:.3} {:.3}",
        per_call[n / 2],
        per_call[n / 4],
        per_call[(3 * n) / 4]
    );
}

/// µs per call of `plan.calls` calls of `f` per round (after `sync` at the end of each round).
fn timed(
    plan: &Plan,
    name: &str,
    mut f: impl FnMut() -> Res<()>,
    sync: impl Fn() -> Res<()>,
) -> Res<()> {
    if !plan.wants(name) {
        return Ok(());
    }
    for _ in 0..200 {
        f()?;
    }
    sync()?;
    plan.wait_start()?;
    let mut per_call = Vec::with_capacity(plan.rounds);
    for _ in 0..plan.rounds {
        let t0 = Instant::now();
        for _ in 0..plan.calls {
            f()?;
        }
        sync()?;
        per_call.push(t0.elapsed().as_secs_f64() * 1e6 / plan.calls as f64);
    }
    report(name, per_call);
    Ok(())
}

/// Host time of the call loop alone, in batches of 100 calls (synchronised between batches,
/// outside the timed part), µs per call.
fn enqueue_only(
    plan: &Plan,
    name: &str,
    mut f: impl FnMut() -> Res<()>,
    sync: impl Fn() -> Res<()>,
) -> Res<()> {
    if !plan.wants(name) {
        return Ok(());
    }
    plan.wait_start()?;
    let mut per_call = Vec::with_capacity(plan.rounds);
    let batches = (plan.calls / 100).max(1);
    for _ in 0..plan.rounds {
        let mut total = 0.0;
        for _ in 0..batches {
            sync()?;
            let t0 = Instant::now();
            for _ in 0..100 {
                f()?;
            }
            total += t0.elapsed().as_secs_f64();
        }
        sync()?;
        per_call.push(total * 1e6 / (batches * 100) as f64);
    }
    report(name, per_call);
    Ok(())
}

fn rand_vec(n: usize, seed: u32) -> Vec<f32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((s >> 8) & 0xFFFF) as f32 / 65536.0 - 0.5
        })
        .collect()
}

/// `C = A·B` in f64 on the host (the check before timing).
fn host_gemm(m: usize, n: usize, k: usize, a: &[f32], b: &[f32]) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for j in 0..n {
        for i in 0..m {
            c[i + j * m] = (0..k)
                .map(|p| f64::from(a[i + p * m]) * f64::from(b[p + j * k]))
                .sum();
        }
    }
    c
}

fn check(what: &str, got: &[f32], want: &[f64]) -> Res<()> {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if (f64::from(*g) - w).abs() > 1e-4 * (1.0 + w.abs()) {
            return Err(format!("{what}: element {i} is {g}, expected {w}").into());
        }
    }
    Ok(())
}

/// gpublas's cases on `dev` (a `Device::auto()` or a `Device<Cuda>`), named with `tag`.
fn gpublas_cases<B: BlasAll>(plan: &Plan, tag: &str, dev: &Device<B>) -> Res<()> {
    let sync = || dev.synchronize().map_err(Into::into);
    let (n, m2, k2) = (64, 2, 3);
    let (a, b) = (rand_vec(n * n, 1), rand_vec(n * n, 2));
    let want = host_gemm(n, n, n, &a, &b);
    let (a_d, b_d) = (dev.upload(&a)?, dev.upload(&b)?);
    let mut c_d = dev.zeros::<f32>(n * n)?;
    let gemm = |c_d: &mut DeviceBuffer<f32, B>| -> Res<()> {
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a_d, n, n),
            Mat::col_major(&b_d, n, n),
            0.0,
            MatMut::col_major(c_d, n, n),
        )?;
        Ok(())
    };
    gemm(&mut c_d)?;
    check("gpublas sgemm", &c_d.to_vec()?, &want)?;
    timed(plan, &format!("sgemm64_b2b_{tag}"), || gemm(&mut c_d), sync)?;
    enqueue_only(plan, &format!("sgemm64_enq_{tag}"), || gemm(&mut c_d), sync)?;
    timed(
        plan,
        &format!("sgemm64_sync_{tag}"),
        || {
            gemm(&mut c_d)?;
            sync()
        },
        sync,
    )?;
    check("gpublas sgemm", &c_d.to_vec()?, &want)?;

    let (ga, gx) = (rand_vec(m2 * k2, 3), rand_vec(k2, 4));
    let gwant = host_gemm(m2, 1, k2, &ga, &gx);
    let (ga_d, gx_d) = (dev.upload(&ga)?, dev.upload(&gx)?);
    let mut gy_d = dev.zeros::<f32>(m2)?;
    let gemv = |gy_d: &mut DeviceBuffer<f32, B>| -> Res<()> {
        dev.gemv(Op::N, 1.0, Mat::col_major(&ga_d, m2, k2), &gx_d, 0.0, gy_d)?;
        Ok(())
    };
    gemv(&mut gy_d)?;
    check("gpublas sgemv", &gy_d.to_vec()?, &gwant)?;
    timed(
        plan,
        &format!("gemv2x3_b2b_{tag}"),
        || gemv(&mut gy_d),
        sync,
    )?;
    timed(
        plan,
        &format!("gemv2x3_sync_{tag}"),
        || {
            gemv(&mut gy_d)?;
            sync()
        },
        sync,
    )?;

    // Host arrays: each call is synchronous (the results are in the Vec when it returns).
    // 16×16 and 32×32 as well as 64×64, so a gap can be told per byte moved from per call.
    for hn in [16, 32, n] {
        let (ha, hb) = if hn == n {
            (a.clone(), b.clone())
        } else {
            (rand_vec(hn * hn, 5), rand_vec(hn * hn, 6))
        };
        let hwant = host_gemm(hn, hn, hn, &ha, &hb);
        let mut c = vec![0.0f32; hn * hn];
        let mut host_gemm_call = || -> Res<()> {
            dev.gemm(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&ha, hn, hn),
                Mat::col_major(&hb, hn, hn),
                0.0,
                MatMut::col_major(&mut c, hn, hn),
            )?;
            Ok(())
        };
        host_gemm_call()?;
        timed(
            plan,
            &format!("sgemm{hn}_host_sync_{tag}"),
            &mut host_gemm_call,
            sync,
        )?;
        check("gpublas sgemm from host arrays", &c, &hwant)?;
    }
    let mut y = vec![0.0f32; m2];
    let mut host_gemv = || -> Res<()> {
        dev.gemv(Op::N, 1.0, Mat::col_major(&ga, m2, k2), &gx, 0.0, &mut y)?;
        Ok(())
    };
    host_gemv()?; // checked below even when `--only` skips the timing
    timed(
        plan,
        &format!("gemv2x3_host_sync_{tag}"),
        &mut host_gemv,
        sync,
    )?;
    check("gpublas sgemv from host arrays", &y, &gwant)?;
    Ok(())
}

/// Raw cuBLAS from Rust, through the library gpublas loaded, on gpublas's stream.
fn rust_raw_cases(plan: &Plan, dev: &Device<Cuda>) -> Res<()> {
    let raw = RawBlas::new(dev)?;
    let (api, h, stream) = (raw.api(), raw.handle(), dev.backend().stream());
    let sync = || -> Res<()> {
        // SAFETY: gpublas's stream, live as long as `dev`.
        rt_check(api, "cudaStreamSynchronize", unsafe {
            (api.rt.cudaStreamSynchronize)(stream)
        })?;
        Ok(())
    };
    let n = 64;
    let (a, b) = (rand_vec(n * n, 1), rand_vec(n * n, 2));
    let want = host_gemm(n, n, n, &a, &b);
    let (a_d, b_d) = (dev.upload(&a)?, dev.upload(&b)?);
    let c_d = dev.zeros::<f32>(n * n)?;
    let gemm = || -> Res<()> {
        // SAFETY: three live n × n device buffers of this device; `c` overlaps neither input
        // and nothing else uses it.
        unsafe {
            raw.gemm::<f32>(
                n,
                1.0,
                a_d.as_device_ptr().cast(),
                b_d.as_device_ptr().cast(),
                0.0,
                c_d.as_device_ptr().cast(),
            )
        }
    };
    gemm()?;
    check("raw sgemm", &c_d.to_vec()?, &want)?;
    timed(plan, "sgemm64_b2b_rustraw", gemm, sync)?;
    enqueue_only(plan, "sgemm64_enq_rustraw", gemm, sync)?;
    timed(
        plan,
        "sgemm64_sync_rustraw",
        || {
            gemm()?;
            sync()
        },
        sync,
    )?;
    let (m2, k2) = (2, 3);
    let (ga, gx) = (rand_vec(m2 * k2, 3), rand_vec(k2, 4));
    let gwant = host_gemm(m2, 1, k2, &ga, &gx);
    let (ga_d, gx_d) = (dev.upload(&ga)?, dev.upload(&gx)?);
    let gy_d = dev.zeros::<f32>(m2)?;
    let gemv = || -> Res<()> {
        let (one, zero) = (1.0f32, 0.0f32);
        // SAFETY: live device buffers of the right lengths; the handle is in host pointer mode.
        bl_check(api, "cublasSgemv_v2", unsafe {
            (api.bl.cublasSgemv_v2)(
                h,
                cublas_sys::CUBLAS_OP_N,
                m2 as i32,
                k2 as i32,
                &one,
                ga_d.as_device_ptr().cast(),
                m2 as i32,
                gx_d.as_device_ptr().cast(),
                1,
                &zero,
                gy_d.as_device_ptr().cast(),
                1,
            )
        })?;
        Ok(())
    };
    gemv()?;
    check("raw sgemv", &gy_d.to_vec()?, &gwant)?;
    timed(plan, "gemv2x3_b2b_rustraw", gemv, sync)?;
    timed(
        plan,
        "gemv2x3_sync_rustraw",
        || {
            gemv()?;
            sync()
        },
        sync,
    )?;
    Ok(())
}

fn main() -> Res<()> {
    let mut plan = Plan {
        rounds: 15,
        calls: 2000,
        only: None,
        start_at: None,
        static_first: false,
    };
    let args: Vec<String> = std::env::args().collect();
    let mut i = 1;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--rounds", Some(v)) => plan.rounds = v.parse()?,
            ("--calls", Some(v)) => plan.calls = v.parse()?,
            ("--only", Some(v)) => plan.only = Some(v.clone()),
            ("--start-at", Some(v)) => plan.start_at = Some(v.parse()?),
            ("--static-first", _) => {
                plan.static_first = true;
                i += 1;
                continue;
            }
            (a, _) => return Err(format!("unknown argument {a}").into()),
        }
        i += 2;
    }
    let auto = Device::auto()?;
    eprintln!("small_bench: {}", auto.describe());
    if auto.kind() != gpublas::BackendKind::Cuda {
        return Err("small_bench needs a CUDA device".into());
    }
    let cuda = Device::new(Cuda::new(0)?);
    if plan.static_first {
        gpublas_cases(&plan, "gpublascuda", &cuda)?;
        gpublas_cases(&plan, "gpublas", &auto)?;
    } else {
        gpublas_cases(&plan, "gpublas", &auto)?;
        gpublas_cases(&plan, "gpublascuda", &cuda)?;
    }
    rust_raw_cases(&plan, &cuda)?;
    Ok(())
}
