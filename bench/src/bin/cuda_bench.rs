//! `cuda_bench`: gpublas against the raw cuBLAS calls it wraps, with cudarc as the Rust peer, on
//! CUDA device 0, in one process and one run.
//!
//! The raw calls go through the very function tables gpublas loaded (`dev.backend().api()`), on
//! a cuBLAS handle of our own bound to gpublas's stream in host pointer mode, so raw and gpublas
//! calls run the same library on the same stream and are timed with the same CUDA events.
//! cudarc runs on its own stream and is timed with its own events. Measurements alternate
//! between the implementations (the order rotates each repetition) and report the median.
//!
//! ```text
//! cargo build --release -p gpublas-bench --features cuda
//! target/release/cuda_bench [--quick] [--out FILE]
//! ```

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use gpublas::{Cuda, Device, Mat, MatMut, Op};
use gpublas_bench::extra;
use gpublas_bench::host::{max_rel_diff, random_vec, GemmInputs, Rng};
use gpublas_bench::peer::{Peer, PeerGemm};
use gpublas_bench::raw::{driver_version, RawBlas, Timer};
use gpublas_bench::report::{median, render, utc_now, Args, Row, USAGE};
use gpublas_bench::suite::{
    alternate, fmt_ms, gemm_all, log_samples, medians, paired, seed, spread, BenchScalar, Ctx, Plan,
};
use gpublas_bench::{Res, Timing};

/// Back-to-back 64 × 64 sgemm: per-call cost as host wall clock, GPU events, and enqueue time.
fn bench_overhead(cx: &Ctx, soft: &mut Vec<String>) -> Res<Vec<Row>> {
    const N: usize = 64;
    let calls = cx.plan.overhead_calls;
    let label = format!("overhead sgemm n={N}");
    eprintln!("[{label}] preparing");
    let dev = &cx.dev;
    let mut rng = Rng::new(seed("overhead", N));
    let (a, b, c0): (Vec<f32>, Vec<f32>, Vec<f32>) = (
        random_vec(&mut rng, N * N),
        random_vec(&mut rng, N * N),
        random_vec(&mut rng, N * N),
    );
    let (alpha, beta) = (1.0f32, 0.5f32);
    let (da, db, c_raw) = (dev.upload(&a)?, dev.upload(&b)?, dev.upload(&c0)?);
    let mut c_gp = dev.upload(&c0)?;
    let (pa, pb, pc) = (
        da.as_device_ptr().cast::<f32>().cast_const(),
        db.as_device_ptr().cast::<f32>().cast_const(),
        c_raw.as_device_ptr().cast::<f32>(),
    );
    let mut raw_calls = |k: usize| -> Res<()> {
        for _ in 0..k {
            // SAFETY: as in `bench_gemm`: live, distinct 64 × 64 buffers; `c_raw` is ours alone.
            unsafe { cx.raw.gemm(N, alpha, pa, pb, beta, pc)? };
        }
        Ok(())
    };
    let mut gp_calls = |k: usize| -> Res<()> {
        for _ in 0..k {
            dev.gemm(
                Op::N,
                Op::N,
                alpha,
                Mat::col_major(&da, N, N),
                Mat::col_major(&db, N, N),
                beta,
                MatMut::col_major(&mut c_gp, N, N),
            )?;
        }
        Ok(())
    };
    let mut peer_state: Option<Box<dyn PeerGemm<f32>>> = None;
    if let Some(p) = cx.peer.as_ref() {
        match f32::peer_gemm(
            p,
            GemmInputs {
                n: N,
                alpha,
                a: &a,
                b: &b,
                beta,
                c0: &c0,
            },
        ) {
            Some(Ok(s)) => peer_state = Some(s),
            Some(Err(e)) => soft.push(format!("{label}, cudarc setup: {e}")),
            None => {}
        }
    }
    // Warm-up.
    cx.timer.time(|| raw_calls(1000))?;
    cx.timer.time(|| gp_calls(1000))?;
    let mut peer_fn = peer_state
        .as_mut()
        .zip(cx.peer.as_ref())
        .map(|(s, p)| move |k: usize| s.enqueue(p, k));
    if let (Some(f), Some(p)) = (peer_fn.as_mut(), cx.peer.as_ref()) {
        if let Err(e) = p.time(|| f(1000)) {
            soft.push(format!("{label}, cudarc warm-up: {e}"));
            peer_fn = None;
        }
    }
    eprintln!("[{label}] timing {} × {calls} calls", 2 * cx.plan.reps);
    let long = measure(
        cx,
        &label,
        calls,
        2 * cx.plan.reps,
        &mut raw_calls,
        &mut gp_calls,
        &mut peer_fn,
        soft,
    )?;
    eprintln!(
        "[{label}] timing {} × {SHORT} calls (host enqueue)",
        10 * cx.plan.reps
    );
    let short = measure(
        cx,
        &label,
        SHORT,
        10 * cx.plan.reps,
        &mut raw_calls,
        &mut gp_calls,
        &mut peer_fn,
        soft,
    )?;
    type Pick = fn(&Timing) -> f64;
    let views: [(String, &[Vec<Timing>; 3], Pick, usize); 3] = [
        (
            format!("wall clock, {calls} calls + final sync"),
            &long,
            |t| t.wall_ms,
            calls,
        ),
        (
            format!("CUDA events, {calls} calls"),
            &long,
            |t| t.gpu_ms,
            calls,
        ),
        (
            format!("host enqueue only, batches of {SHORT} calls"),
            &short,
            |t| t.submit_ms,
            SHORT,
        ),
    ];
    let mut rows = Vec::new();
    for (name, runs, pick, k) in views {
        log_samples(
            &label,
            runs,
            |t| pick(t) * 1e3 / k as f64,
            &format!("µs/call, {name}"),
        );
        let med = |v: &[Timing]| {
            (!v.is_empty()).then(|| {
                median(
                    &v.iter()
                        .map(|t| pick(t) * 1e3 / k as f64)
                        .collect::<Vec<_>>(),
                )
            })
        };
        let (raw, gp) = (
            med(&runs[0]).unwrap_or(f64::NAN),
            med(&runs[1]).unwrap_or(f64::NAN),
        );
        let per_call = |t: &Timing| pick(t) * 1e3 / k as f64;
        let deltas = paired(runs, 1, 0, per_call, |g, r| g - r);
        let delta = median(&deltas);
        let peer_delta = median(&paired(runs, 2, 0, per_call, |p, r| p - r));
        rows.push(Row {
            op: format!("per-call overhead, back-to-back sgemm: {name}"),
            ty: "s".into(),
            n: N.to_string(),
            raw: format!("{raw:.3} µs"),
            gpublas: format!("{gp:.3} µs"),
            ratio: format!("Δ {} µs", spread(&deltas, 3)),
            cudarc: med(&runs[2]).map_or_else(
                || "error / unavailable".into(),
                |p| format!("{p:.3} µs (Δ {peer_delta:+.3})"),
            ),
            target: "≤ raw + 1 µs".into(),
            met: Some(delta <= 1.0),
        });
    }
    Ok(rows)
}

/// Calls per batch for the host-enqueue view: few enough that the launch queue never fills, so
/// the loop's time is the host's cost alone.
const SHORT: usize = 256;

/// [`alternate`] over batches of `k` calls; a cudarc that failed is dropped for later batches.
#[allow(clippy::too_many_arguments)]
fn measure<P: FnMut(usize) -> Res<()>>(
    cx: &Ctx,
    label: &str,
    k: usize,
    count: usize,
    raw: &mut dyn FnMut(usize) -> Res<()>,
    gp: &mut dyn FnMut(usize) -> Res<()>,
    peer: &mut Option<P>,
    soft: &mut Vec<String>,
) -> Res<[Vec<Timing>; 3]> {
    let had_peer = peer.is_some();
    let mut peer_batch = peer.as_mut().map(|f| move || f(k));
    let all = alternate(
        cx,
        label,
        count,
        &mut || raw(k),
        &mut || gp(k),
        peer_batch
            .as_mut()
            .map(|f| f as &mut dyn FnMut() -> Res<()>),
        soft,
    )?;
    if had_peer && all[2].is_empty() {
        *peer = None;
    }
    Ok(all)
}

/// Device-resident `y ← αx + y` on 2^28 floats: raw `cublasSaxpy_v2` against `dev.axpy`.
fn bench_saxpy(cx: &Ctx) -> Res<Row> {
    let n = cx.plan.saxpy_len;
    let label = format!("saxpy n={n}");
    eprintln!("[{label}] preparing ({} MiB per vector)", (n * 4) >> 20);
    let dev = &cx.dev;
    let mut rng = Rng::new(seed("saxpy", n));
    let (x, y0): (Vec<f32>, Vec<f32>) = (random_vec(&mut rng, n), random_vec(&mut rng, n));
    let alpha = 1e-3f32;
    let dx = dev.upload(&x)?;
    let y_raw = dev.upload(&y0)?;
    let mut y_gp = y_raw.try_clone()?;
    let (px, py) = (
        dx.as_device_ptr().cast::<f32>().cast_const(),
        y_raw.as_device_ptr().cast::<f32>(),
    );
    let raw_calls = |k: usize| -> Res<()> {
        for _ in 0..k {
            // SAFETY: `dx` and `y_raw` are distinct live buffers of `n` floats; `y_raw` is ours alone.
            unsafe { cx.raw.saxpy(n, alpha, px, py)? };
        }
        Ok(())
    };
    let gp_calls = |k: usize, y: &mut gpublas::DeviceBuffer<f32, Cuda>| -> Res<()> {
        (0..k)
            .try_for_each(|_| dev.axpy(alpha, &dx, &mut *y))
            .map_err(Into::into)
    };

    raw_calls(1)?;
    gp_calls(1, &mut y_gp)?;
    let want = y_raw.to_vec()?;
    for s in 0..1000 {
        let i = if s == 0 { n - 1 } else { rng.below(n) };
        let r = f64::from(y0[i]) + f64::from(alpha) * f64::from(x[i]);
        let err = (f64::from(want[i]) - r).abs();
        if err.is_nan() || err > 1e-6 * r.abs().max(1e-3) {
            return Err(format!(
                "{label}: raw cuBLAS gives y[{i}] = {} but the host computes {r}",
                want[i]
            )
            .into());
        }
    }
    drop((x, y0));
    let diff = max_rel_diff(&y_gp.to_vec()?, &want)?;
    if diff.is_nan() || diff > 1e-6 {
        return Err(format!(
            "{label}: gpublas's y differs from raw cuBLAS's: max relative difference {diff:.3e}"
        )
        .into());
    }
    drop(want);
    eprintln!("[{label}] verified: gpublas vs raw {diff:.1e}");

    cx.timer.time(|| raw_calls(3))?;
    cx.timer.time(|| gp_calls(3, &mut y_gp))?;
    let per = cx.timer.time(|| raw_calls(5))?.gpu_ms / 5.0;
    let calls = cx.plan.calls(per, 2000);
    eprintln!("[{label}] timing {} × {calls} calls", cx.plan.reps);
    let mut soft = Vec::new();
    let all = alternate(
        cx,
        &label,
        cx.plan.reps,
        &mut || raw_calls(calls),
        &mut || gp_calls(calls, &mut y_gp),
        None,
        &mut soft,
    )?;
    let per_call = |t: &Timing| t.gpu_ms / calls as f64;
    log_samples(&label, &all, per_call, "ms/call");
    let [Some(raw_ms), Some(gp_ms), _] = medians(&all, per_call) else {
        return Err(format!("{label}: no timings").into());
    };
    let tbs = |ms: f64| 12.0 * n as f64 / (ms * 1e-3) / 1e12;
    let ratios = paired(&all, 0, 1, per_call, |r, g| r / g);
    let ratio = median(&ratios);
    Ok(Row {
        op: "saxpy (12 B/element)".into(),
        ty: "s".into(),
        n: format!("2^{}", n.trailing_zeros()),
        raw: format!("{}, {:.3} TB/s", fmt_ms(raw_ms), tbs(raw_ms)),
        gpublas: format!("{}, {:.3} TB/s", fmt_ms(gp_ms), tbs(gp_ms)),
        ratio: spread(&ratios, 4),
        cudarc: "— (not measured)".into(),
        target: "≥ 0.98".into(),
        met: Some(ratio >= 0.98),
    })
}

/// Runs everything; returns the report and the soft failures (cudarc's), or the first hard one.
fn run(args: &Args) -> Res<(String, Vec<String>)> {
    let started = Instant::now();
    let date = utc_now();
    let plan = Plan::new(args);
    let dev = Device::cuda(0).map_err(|e| format!("opening CUDA device 0 through gpublas: {e}"))?;
    let api = dev.backend().api();
    let raw = RawBlas::new(&dev)?;
    let timer = Timer::new(&dev)?;
    let cublas_version = raw.version()?;
    let driver = driver_version(api)?;
    let mut soft = Vec::new();
    let peer = match catch_unwind(AssertUnwindSafe(|| Peer::new(0))) {
        Ok(Ok(p)) => Some(p),
        Ok(Err(e)) => {
            soft.push(format!("cudarc setup: {e}"));
            None
        }
        Err(_) => {
            soft.push("cudarc setup panicked (see the message above)".into());
            None
        }
    };
    if let Some(e) = soft.first() {
        eprintln!("cuda_bench: {e}; continuing without cudarc");
    }
    let peer_name = peer.as_ref().map(|p| p.device_name().to_string());
    let cx = Ctx {
        dev,
        raw,
        timer,
        peer,
        plan,
    };
    eprintln!(
        "cuda_bench: {} | cuBLAS {cublas_version} | driver {driver}",
        cx.dev.describe()
    );

    let mut rows = Vec::new();
    if cx.plan.wants("overhead sgemm n=64") {
        rows.extend(bench_overhead(&cx, &mut soft)?);
    }
    gemm_all(&cx, &mut rows, &mut soft)?;
    extra::mixed_all(&cx, &mut rows, &mut soft)?;
    extra::l3_all(&cx, &mut rows, &mut soft)?;
    if cx.plan.wants(&format!("saxpy n={}", cx.plan.saxpy_len)) {
        rows.push(bench_saxpy(&cx)?);
    }
    if rows.is_empty() {
        return Err(format!(
            "--only {:?} matches no case",
            cx.plan.only.as_deref().unwrap_or("")
        )
        .into());
    }
    cx.dev.synchronize()?;

    let p = &cx.plan;
    let header = vec![
        format!("date: {date}"),
        format!("device (gpublas): {}", cx.dev.describe()),
        format!("device (cudarc): {}", peer_name.as_deref().unwrap_or("unavailable")),
        format!("cuBLAS: {cublas_version} (the library gpublas loaded; raw calls use its table) | CUDA driver: {driver}"),
        format!(
            "mode: {} — {} rounds per case (one batch of calls of about {} ms, at least one call, per implementation and round; the overhead case runs twice as many rounds of its long batches and ten times as many of its short ones); total run time {:.0} s",
            if p.quick { "quick" } else { "full" },
            p.reps,
            p.target_ms,
            started.elapsed().as_secs_f64()
        ),
    ];
    let notes = vec![
        "raw cuBLAS: `cublas?gemm_v2` / `cublasSaxpy_v2` called through gpublas's loaded cuBLAS table on our own handle, bound to gpublas's stream, host pointer mode. gpublas: `dev.gemm` / `dev.axpy` on `DeviceBuffer`s. Both timed with the same pair of CUDA events on gpublas's stream.".to_string(),
        "cudarc: `CudaBlas` + `Gemm::gemm` (cudarc 0.19, its own stream on the same primary context, default event tracking on) timed with cudarc's own events on its stream. cudarc 0.19 has no complex gemm.".to_string(),
        "gemm: C ← αAB + βC, α = 1, β = 0.5, n × n column-major, no transposes, operands resident on the device, random non-zero inputs. Time per call = GPU time between events around a batch of back-to-back calls ÷ calls; TF/s = 2n³ (real) or 8n³ (complex) flops ÷ time. The raw / gpublas / cudarc columns show the median time per call and its TF/s. `gpublas vs raw` = gpublas throughput ÷ raw throughput = raw time ÷ gpublas time, taken per round (the two batches of one round run back to back, so slow drift of the GPU's clocks cancels): median over rounds [interquartile range]; cudarc's `× raw` likewise.".to_string(),
        "per-call overhead: back-to-back 64 × 64 sgemm (same setup as gemm). `wall clock` = host time from the first of the calls to the end of the final stream sync ÷ calls; `CUDA events` = GPU time between events around the same calls ÷ calls (when the host is the bottleneck, both show the host's rate); `host enqueue only` = host time of the call loop alone, for batches short enough that the launch queue never fills (so it is the host's cost per call), ÷ calls. Δ = gpublas − raw per round: median [interquartile range]; the time columns are medians.".to_string(),
        "mixed precision: C ← AB + ½C with A, B, C in f16 (hgemm) or bf16, f32 accumulation (`CUBLAS_COMPUTE_32F`), and f32 with `CUBLAS_COMPUTE_32F_FAST_TF32` (tf32 sgemm): raw `cublasGemmEx` on our handle against `dev.gemm_with(ComputeType::…)` on `DeviceBuffer`s; checked once: raw against an f64 host computation of sampled entries from the same 16-bit inputs, gpublas against raw. TF/s = 2n³ flops ÷ time.".to_string(),
        format!("level 3: trsm (B ← A⁻¹B, left, lower, no transpose, A with a unit-size diagonal; n³ flops), symm (C ← AB + ½C, left, lower; 2n³) and syr2k (C ← ABᵀ + BAᵀ + ½C, lower; 2n³), raw `cublas?trsm_v2` / `?symm_v2` / `?syr2k_v2` against `dev.trsm` / `dev.symm` / `dev.syr2k`; checked once: gpublas against raw, raw trsm against A·X = B on sampled entries.{}", if extra::L3X_API { "" } else { " symm and syr2k rows are not run in this build (gpublas's symm/syr2k are on the issue-10 level-3 branch)." }),
        "saxpy: y ← αx + y on device-resident vectors, time per call from events; TB/s counts 12 bytes per element (read x, read y, write y); the ratio is per round as for gemm.".to_string(),
        "Every measurement alternates raw / gpublas / cudarc (order rotating each repetition) after a warm-up. Checked once per case before timing: raw C against a double-precision host computation of sampled entries, gpublas's and cudarc's C against raw's (norm-wise relative difference); the run aborts on a mismatch.".to_string(),
    ];
    Ok((render(&header, &rows, &notes), soft))
}

fn main() -> ExitCode {
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("cuda_bench: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (report, soft) = match run(&args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cuda_bench: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{report}");
    let mut code = ExitCode::SUCCESS;
    if let Some(path) = &args.out {
        if let Err(e) = std::fs::write(path, &report) {
            eprintln!("cuda_bench: error: cannot write {}: {e}", path.display());
            code = ExitCode::FAILURE;
        }
    }
    if !soft.is_empty() {
        eprintln!(
            "cuda_bench: {} failure(s) on the cudarc side (the table shows what did run):",
            soft.len()
        );
        for e in &soft {
            eprintln!("  - {e}");
        }
        code = ExitCode::FAILURE;
    }
    code
}
