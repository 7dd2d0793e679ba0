//! Rows beyond the s/d/c/z gemm: mixed-precision gemm (f16 and bf16 at n = 4096 and 8192, TF32
//! sgemm at n = 4096) against the raw `cublasGemmEx` with the same types, and trsm, symm and
//! syr2k (s and d at n = 4096) against the raw `cublas?trsm_v2` / `?symm_v2` / `?syr2k_v2`:
//! the same loaded library, our own handle on gpublas's stream, the same events.
//!
//! symm and syr2k: [`gp_symm`] and [`gp_syr2k`] call gpublas's `Device::symm` /
//! `Device::syr2k` on device buffers.

mod level3;
mod mixed;

pub use level3::{gp_symm, gp_syr2k, l3_all, RawL3};
pub use mixed::mixed_all;

use crate::report::{median, Row};
use crate::suite::{alternate, fmt_ms, log_samples, medians, paired, spread, Ctx};
use crate::{Res, Timing};

/// Whether the symm and syr2k rows run (gpublas has `symm` and `syr2k`).
pub const L3X_API: bool = true;

/// Times `raw` and `gpublas` batches (closures taking a call count) against each other and
/// builds the row; `flops` per call gives the TF/s columns.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compare(
    cx: &Ctx,
    label: &str,
    (op, ty, n): (&str, &str, usize),
    flops: f64,
    raw: &mut dyn FnMut(usize) -> Res<()>,
    gp: &mut dyn FnMut(usize) -> Res<()>,
    soft: &mut Vec<String>,
) -> Res<Row> {
    cx.timer.time(|| raw(3))?;
    cx.timer.time(|| gp(3))?;
    let per = cx.timer.time(|| raw(2))?.gpu_ms / 2.0;
    let calls = cx.plan.calls(per, 20_000);
    eprintln!("[{label}] timing {} × {calls} calls", cx.plan.reps);
    let all = alternate(
        cx,
        label,
        cx.plan.reps,
        &mut || raw(calls),
        &mut || gp(calls),
        None,
        soft,
    )?;
    let per_call = |t: &Timing| t.gpu_ms / calls as f64;
    log_samples(label, &all, per_call, "ms/call");
    let [Some(med_raw), Some(med_gp), _] = medians(&all, per_call) else {
        return Err(format!("{label}: no timings").into());
    };
    let tf = |ms: f64| flops / (ms * 1e-3) / 1e12;
    let ratios = paired(&all, 0, 1, per_call, |r, g| r / g);
    let ratio = median(&ratios);
    Ok(Row {
        op: op.into(),
        ty: ty.into(),
        n: n.to_string(),
        raw: format!("{:.2} TF/s, {}", tf(med_raw), fmt_ms(med_raw)),
        gpublas: format!("{:.2} TF/s, {}", tf(med_gp), fmt_ms(med_gp)),
        ratio: spread(&ratios, 4),
        cudarc: "— (not measured)".into(),
        target: "≥ 0.99".into(),
        met: Some(ratio >= 0.99),
    })
}
