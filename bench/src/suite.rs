//! The gemm benchmark and what the benchmarks share: the plan, the context, the alternating
//! measurement loop.

use gpublas::{Complex32, Complex64, Cuda, Device, Mat, MatMut, Op};

use crate::host::{check_gemm_entries, max_rel_diff, random_vec, GemmInputs, Rng};
use crate::peer::{GemmState, Peer, PeerGemm};
use crate::raw::{RawBlas, RawScalar, Timer};
use crate::report::{median, quantile, Args, Row};
use crate::{Res, Timing};

/// How long and how often to measure.
pub struct Plan {
    /// `--quick`.
    pub quick: bool,
    /// Measurements (batches) per implementation; the median is reported.
    pub reps: usize,
    /// Wanted length of one measurement (one batch of calls), in milliseconds.
    pub target_ms: f64,
    /// gemm orders.
    pub sizes: &'static [usize],
    /// Calls per batch of the per-call overhead measurement.
    pub overhead_calls: usize,
    /// saxpy's vector length.
    pub saxpy_len: usize,
    /// `--only`: run only the cases whose label contains this.
    pub only: Option<String>,
}

impl Plan {
    /// The plan for these options.
    pub fn new(args: &Args) -> Self {
        let (reps, target_ms, sizes): (_, _, &'static [usize]) = if args.quick {
            (5, 20.0, &[64, 1024, 4096])
        } else {
            (15, 50.0, &[64, 1024, 4096, 8192])
        };
        Plan {
            quick: args.quick,
            reps,
            target_ms,
            sizes,
            overhead_calls: 10_000,
            saxpy_len: 1 << 28,
            only: args.only.clone(),
        }
    }

    /// Whether the case labelled `label` (`"dgemm n=4096"`, `"overhead sgemm n=64"`,
    /// `"saxpy n=268435456"`) is to run.
    pub fn wants(&self, label: &str) -> bool {
        self.only.as_deref().is_none_or(|o| label.contains(o))
    }

    /// Calls per measurement for a call taking `per_call_ms`: about `target_ms` in all, within
    /// `[1, max]`.
    pub fn calls(&self, per_call_ms: f64, max: usize) -> usize {
        let c = (self.target_ms / per_call_ms.max(1e-6)).round();
        (c as usize).clamp(1, max)
    }
}

/// What every benchmark needs.
pub struct Ctx {
    pub dev: Device<Cuda>,
    pub raw: RawBlas,
    pub timer: Timer,
    pub peer: Option<Peer>,
    pub plan: Plan,
}

/// The types benchmarked; `peer_gemm` sets up cudarc's gemm where cudarc has one.
pub trait BenchScalar: RawScalar {
    fn peer_gemm(_peer: &Peer, _g: GemmInputs<'_, Self>) -> Option<Res<Box<dyn PeerGemm<Self>>>> {
        None
    }
}

impl BenchScalar for f32 {
    fn peer_gemm(peer: &Peer, g: GemmInputs<'_, Self>) -> Option<Res<Box<dyn PeerGemm<Self>>>> {
        Some(
            GemmState::new(peer, g.n, g.alpha, g.beta, g.a, g.b, g.c0)
                .map(|s| Box::new(s) as Box<dyn PeerGemm<Self>>),
        )
    }
}
impl BenchScalar for f64 {
    fn peer_gemm(peer: &Peer, g: GemmInputs<'_, Self>) -> Option<Res<Box<dyn PeerGemm<Self>>>> {
        Some(
            GemmState::new(peer, g.n, g.alpha, g.beta, g.a, g.b, g.c0)
                .map(|s| Box::new(s) as Box<dyn PeerGemm<Self>>),
        )
    }
}
// cudarc 0.19's `Gemm` covers f16, bf16, f32 and f64 only.
impl BenchScalar for Complex32 {}
impl BenchScalar for Complex64 {}

pub fn fmt_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.2} µs", ms * 1e3)
    } else {
        format!("{ms:.3} ms")
    }
}

pub fn seed(prefix: &str, n: usize) -> u64 {
    prefix.bytes().fold(n as u64, |h, b| {
        h.wrapping_mul(0x100_0000_01B3) ^ u64::from(b)
    })
}

/// Runs `count` rounds of one batch each of raw, gpublas and (if given) cudarc, the order
/// rotating each round, and returns their timings (`[raw, gpublas, cudarc]`). A failing cudarc
/// is dropped (its error goes to `soft`, its timings are cleared); a failing raw or gpublas
/// batch is an error.
pub fn alternate(
    cx: &Ctx,
    label: &str,
    count: usize,
    raw: &mut dyn FnMut() -> Res<()>,
    gp: &mut dyn FnMut() -> Res<()>,
    mut peer: Option<&mut dyn FnMut() -> Res<()>>,
    soft: &mut Vec<String>,
) -> Res<[Vec<Timing>; 3]> {
    let mut all: [Vec<Timing>; 3] = Default::default();
    for r in 0..count {
        let active = if peer.is_some() && cx.peer.is_some() {
            3
        } else {
            2
        };
        for i in 0..active {
            match (r + i) % active {
                0 => all[0].push(
                    cx.timer
                        .time(&mut *raw)
                        .map_err(|e| format!("{label}, raw cuBLAS: {e}"))?,
                ),
                1 => all[1].push(
                    cx.timer
                        .time(&mut *gp)
                        .map_err(|e| format!("{label}, gpublas: {e}"))?,
                ),
                _ => {
                    let (Some(p), Some(f)) = (cx.peer.as_ref(), peer.as_mut()) else {
                        continue;
                    };
                    match p.time(f) {
                        Ok(t) => all[2].push(t),
                        Err(e) => {
                            soft.push(format!("{label}, cudarc: {e}"));
                            peer = None;
                            all[2].clear();
                        }
                    }
                }
            }
        }
    }
    Ok(all)
}

/// The median of `per_call` over each implementation's timings (`None` for none).
pub fn medians(all: &[Vec<Timing>; 3], per_call: impl Fn(&Timing) -> f64) -> [Option<f64>; 3] {
    all.each_ref()
        .map(|v| (!v.is_empty()).then(|| median(&v.iter().map(&per_call).collect::<Vec<_>>())))
}

/// `f(a, b)` for the samples of implementations `a` and `b` taken in the same round (so slow
/// drift of the GPU's clocks cancels); empty if either has no samples.
pub fn paired(
    all: &[Vec<Timing>; 3],
    a: usize,
    b: usize,
    per_call: impl Fn(&Timing) -> f64,
    f: impl Fn(f64, f64) -> f64,
) -> Vec<f64> {
    if all[a].len() != all[b].len() {
        return Vec::new(); // cannot happen: every round times each active implementation once
    }
    all[a]
        .iter()
        .zip(&all[b])
        .map(|(x, y)| f(per_call(x), per_call(y)))
        .collect()
}

/// `"1.0012 [0.9981, 1.0040]"`: the median and the interquartile range of `v`.
pub fn spread(v: &[f64], digits: usize) -> String {
    format!(
        "{:.d$} [{:.d$}, {:.d$}]",
        median(v),
        quantile(v, 0.25),
        quantile(v, 0.75),
        d = digits
    )
}

/// Prints every sample (per-call values, in `unit`) to stderr.
pub fn log_samples(
    label: &str,
    all: &[Vec<Timing>; 3],
    per_call: impl Fn(&Timing) -> f64,
    unit: &str,
) {
    for (name, v) in ["raw", "gpublas", "cudarc"].iter().zip(all) {
        if !v.is_empty() {
            let xs: Vec<String> = v.iter().map(|t| format!("{:.4}", per_call(t))).collect();
            eprintln!("[{label}]   {name:>7} {unit}: {}", xs.join(" "));
        }
    }
}

/// Device-resident `C ← αAB + βC` (α = 1, β = 0.5), n × n, for one type and size.
pub fn bench_gemm<T: BenchScalar>(cx: &Ctx, n: usize, soft: &mut Vec<String>) -> Res<Row> {
    let label = format!("{}gemm n={n}", T::PREFIX);
    eprintln!("[{label}] preparing");
    let dev = &cx.dev;
    let mut rng = Rng::new(seed(T::PREFIX, n));
    let (a, b, c0) = (
        random_vec::<T>(&mut rng, n * n),
        random_vec::<T>(&mut rng, n * n),
        random_vec::<T>(&mut rng, n * n),
    );
    let (alpha, beta) = (T::from_f64(1.0, 0.0), T::from_f64(0.5, 0.0));
    let g = GemmInputs {
        n,
        alpha,
        a: &a,
        b: &b,
        beta,
        c0: &c0,
    };
    let (da, db) = (dev.upload(&a)?, dev.upload(&b)?);
    let c_raw = dev.upload(&c0)?;
    let mut c_gp = dev.upload(&c0)?;
    let (pa, pb, pc) = (
        da.as_device_ptr().cast::<T>().cast_const(),
        db.as_device_ptr().cast::<T>().cast_const(),
        c_raw.as_device_ptr().cast::<T>(),
    );

    let raw_calls = |calls: usize| -> Res<()> {
        for _ in 0..calls {
            // SAFETY: `da`, `db`, `c_raw` are live n × n buffers of gpublas's device, distinct,
            // and `c_raw` is used by nothing else while these calls run (gpublas never sees it).
            unsafe { cx.raw.gemm(n, alpha, pa, pb, beta, pc)? };
        }
        Ok(())
    };
    let gp_call = |c: &mut gpublas::DeviceBuffer<T, Cuda>| {
        dev.gemm(
            Op::N,
            Op::N,
            alpha,
            Mat::col_major(&da, n, n),
            Mat::col_major(&db, n, n),
            beta,
            MatMut::col_major(c, n, n),
        )
    };

    // Correctness, once: raw against the host, gpublas against raw, cudarc against raw.
    raw_calls(1)?;
    gp_call(&mut c_gp)?;
    let want = c_raw.to_vec()?;
    let worst = check_gemm_entries(g, &want, &mut rng, 16, T::HOST_TOL)
        .map_err(|e| format!("raw cuBLAS result is wrong: {e}"))?;
    let diff = max_rel_diff(&c_gp.to_vec()?, &want)?;
    if diff.is_nan() || diff > T::SAME_TOL {
        return Err(format!("{label}: gpublas's C differs from raw cuBLAS's: max relative difference {diff:.3e} (allowed {:.1e})", T::SAME_TOL).into());
    }
    eprintln!("[{label}] verified: raw vs host {worst:.1e} of bound, gpublas vs raw {diff:.1e}");
    let mut peer_col = "— (no cudarc gemm for this type)".to_string();
    let mut peer_state = None;
    if let Some(p) = cx.peer.as_ref() {
        match T::peer_gemm(p, g) {
            None => {}
            Some(Err(e)) => {
                soft.push(format!("{label}, cudarc setup: {e}"));
                peer_col = "error".into();
            }
            Some(Ok(mut s)) => match s
                .enqueue(p, 1)
                .and_then(|_| s.result(p))
                .and_then(|got| Ok(max_rel_diff(&got, &want)?))
            {
                Ok(d) if d <= T::HOST_TOL => peer_state = Some(s),
                Ok(d) => {
                    soft.push(format!("{label}: cudarc's C differs from raw cuBLAS's: max relative difference {d:.3e} (allowed {:.1e})", T::HOST_TOL));
                    peer_col = "wrong result".into();
                }
                Err(e) => {
                    soft.push(format!("{label}, cudarc: {e}"));
                    peer_col = "error".into();
                }
            },
        }
    } else {
        peer_col = "— (cudarc unavailable)".into();
    }
    drop(c0);

    // Warm up, then size the batches from the raw call's time.
    cx.timer.time(|| raw_calls(3))?;
    cx.timer.time(|| {
        (0..3)
            .try_for_each(|_| gp_call(&mut c_gp))
            .map_err(Into::into)
    })?;
    let probe = if n <= 1024 { 20 } else { 1 };
    let per = cx.timer.time(|| raw_calls(probe))?.gpu_ms / probe as f64;
    let calls = cx.plan.calls(per, 20_000);
    let mut peer_fn = peer_state
        .as_mut()
        .zip(cx.peer.as_ref())
        .map(|(s, p)| move || s.enqueue(p, calls));
    if let Some(f) = peer_fn.as_mut() {
        if let Err(e) = cx
            .peer
            .as_ref()
            .map_or(Ok(Timing::default()), |p| p.time(&mut *f))
        {
            soft.push(format!("{label}, cudarc warm-up: {e}"));
            peer_fn = None;
            peer_col = "error".into();
        }
    }
    eprintln!("[{label}] timing {} × {calls} calls", cx.plan.reps);
    let mut raw_batch = || raw_calls(calls);
    let mut gp_batch = || {
        (0..calls)
            .try_for_each(|_| gp_call(&mut c_gp))
            .map_err(Into::into)
    };
    let all = alternate(
        cx,
        &label,
        cx.plan.reps,
        &mut raw_batch,
        &mut gp_batch,
        peer_fn.as_mut().map(|f| f as &mut dyn FnMut() -> Res<()>),
        soft,
    )?;
    let per_call = |t: &Timing| t.gpu_ms / calls as f64;
    log_samples(&label, &all, per_call, "ms/call");
    let [Some(med_raw), Some(med_gp), med_peer] = medians(&all, per_call) else {
        return Err(format!("{label}: no timings").into());
    };

    let flops = T::FLOPS_PER_FMA * (n as f64).powi(3);
    let tf = |ms: f64| flops / (ms * 1e-3) / 1e12;
    // gpublas's throughput over raw's = raw's time over gpublas's, paired by round.
    let ratios = paired(&all, 0, 1, per_call, |r, g| r / g);
    let ratio = median(&ratios);
    if let Some(pm) = med_peer {
        let peer_ratio = median(&paired(&all, 0, 2, per_call, |r, p| r / p));
        peer_col = format!("{:.2} TF/s, {} ({peer_ratio:.3}× raw)", tf(pm), fmt_ms(pm));
    } else if peer_state.is_some() {
        peer_col = "error".into();
    }
    let (target, met) = if n >= 1024 {
        ("≥ 0.99".to_string(), Some(ratio >= 0.99))
    } else {
        ("— (launch-bound)".to_string(), None)
    };
    Ok(Row {
        op: "gemm".into(),
        ty: T::PREFIX.into(),
        n: n.to_string(),
        raw: format!("{:.2} TF/s, {}", tf(med_raw), fmt_ms(med_raw)),
        gpublas: format!("{:.2} TF/s, {}", tf(med_gp), fmt_ms(med_gp)),
        ratio: spread(&ratios, 4),
        cudarc: peer_col,
        target,
        met,
    })
}

pub fn gemm_all(cx: &Ctx, rows: &mut Vec<Row>, soft: &mut Vec<String>) -> Res<()> {
    for &n in cx.plan.sizes {
        for p in ["s", "d", "c", "z"] {
            if !cx.plan.wants(&format!("{p}gemm n={n}")) {
                continue;
            }
            rows.push(match p {
                "s" => bench_gemm::<f32>(cx, n, soft)?,
                "d" => bench_gemm::<f64>(cx, n, soft)?,
                "c" => bench_gemm::<Complex32>(cx, n, soft)?,
                _ => bench_gemm::<Complex64>(cx, n, soft)?,
            });
        }
    }
    Ok(())
}
