//! The mixed-precision rows: `Device::gemm_with` against the raw `cublasGemmEx`.

use std::ffi::c_int;

use cublas_sys as sys;
use gpublas::{bf16, f16, ComputeType, Cuda, DeviceBuffer, GemmInput, GemmOutput, Mat, MatMut, Op};

use super::compare;
use crate::host::Rng;
use crate::raw::bl_check;
use crate::report::Row;
use crate::suite::{seed, Ctx};
use crate::Res;

/// `max |g − w| / max |w|` over two results read back as `f64`.
fn rel_diff(got: &[f64], want: &[f64]) -> f64 {
    let (mut d, mut s) = (0.0f64, 0.0f64);
    for (&g, &w) in got.iter().zip(want) {
        if !g.is_finite() {
            return f64::INFINITY;
        }
        d = d.max((g - w).abs());
        s = s.max(w.abs());
    }
    d / s.max(f64::MIN_POSITIVE)
}

fn to_f64<T: GemmInput>(v: &[T]) -> Vec<f64> {
    v.iter().map(|x| f64::from(x.to_f32())).collect()
}

/// A storage type of the mixed-precision rows, with cuBLAS's name for it.
trait ExType: GemmInput + GemmOutput<Self> {
    const CUDA: sys::cudaDataType;
    /// Unit roundoff of the stored result.
    const U: f64;
}
impl ExType for f16 {
    const CUDA: sys::cudaDataType = sys::CUDA_R_16F;
    const U: f64 = 1.0 / 2048.0;
}
impl ExType for bf16 {
    const CUDA: sys::cudaDataType = sys::CUDA_R_16BF;
    const U: f64 = 1.0 / 256.0;
}
impl ExType for f32 {
    const CUDA: sys::cudaDataType = sys::CUDA_R_32F;
    const U: f64 = 0.0;
}

/// Device-resident `C ← AB + ½C` (n × n, column-major) with A, B, C of type `T` and f32
/// accumulation (`compute`): raw `cublasGemmEx` against `Device::gemm_with`.
fn bench_gemm_ex<T: ExType>(
    cx: &Ctx,
    name: &str,
    n: usize,
    compute: ComputeType,
    soft: &mut Vec<String>,
) -> Res<Row> {
    let label = format!("{name} n={n}");
    eprintln!("[{label}] preparing");
    let dev = &cx.dev;
    let mut rng = Rng::new(seed(name, n));
    let mut gen = |len: usize| -> Vec<T> {
        (0..len)
            .map(|_| T::from_f32(rng.nonzero() as f32))
            .collect()
    };
    let (a, b, c0) = (gen(n * n), gen(n * n), gen(n * n));
    let (alpha, beta) = (1.0f32, 0.5f32);
    let (da, db) = (dev.upload(&a)?, dev.upload(&b)?);
    let c_raw = dev.upload(&c0)?;
    let mut c_gp = dev.upload(&c0)?;
    let (api, h) = (cx.raw.api(), cx.raw.handle());
    let nn = c_int::try_from(n)?;
    let code = match compute {
        ComputeType::Tf32 => sys::CUBLAS_COMPUTE_32F_FAST_TF32,
        _ => sys::CUBLAS_COMPUTE_32F,
    };
    let (pa, pb, pc) = (
        da.as_device_ptr().as_raw().cast_const().cast(),
        db.as_device_ptr().as_raw().cast_const().cast(),
        c_raw.as_device_ptr().as_raw().cast(),
    );
    let mut raw = |calls: usize| -> Res<()> {
        for _ in 0..calls {
            let op = sys::CUBLAS_OP_N;
            // SAFETY: `da`, `db`, `c_raw` are live, distinct n × n buffers of `T` on gpublas's
            // device; `c_raw` is used by nothing else; the scalars are host f32s (host pointer
            // mode, f32 scale type for CUBLAS_COMPUTE_32F*).
            let s = unsafe {
                (api.bl.cublasGemmEx)(
                    h,
                    op,
                    op,
                    nn,
                    nn,
                    nn,
                    (&alpha as *const f32).cast(),
                    pa,
                    T::CUDA,
                    nn,
                    pb,
                    T::CUDA,
                    nn,
                    (&beta as *const f32).cast(),
                    pc,
                    T::CUDA,
                    nn,
                    code,
                    sys::CUBLAS_GEMM_DEFAULT,
                )
            };
            bl_check(api, "cublasGemmEx", s)?;
        }
        Ok(())
    };
    let gp_one = |c: &mut DeviceBuffer<T, Cuda>| {
        dev.gemm_with(
            compute,
            Op::N,
            Op::N,
            alpha,
            Mat::col_major(&da, n, n),
            Mat::col_major(&db, n, n),
            beta,
            MatMut::col_major(c, n, n),
        )
    };

    // Correctness, once: raw against the host on sampled entries, gpublas against raw.
    raw(1)?;
    gp_one(&mut c_gp)?;
    let want = to_f64(&c_raw.to_vec()?);
    let tf32 = compute == ComputeType::Tf32;
    for s in 0..64 {
        let (i, j) = if s == 0 {
            (n - 1, n - 1)
        } else {
            (rng.below(n), rng.below(n))
        };
        let (mut r, mut mag) = (0.0f64, 0.0f64);
        for p in 0..n {
            let t = f64::from(a[i + p * n].to_f32()) * f64::from(b[p + j * n].to_f32());
            r += t;
            mag += t.abs();
        }
        let cterm = f64::from(beta) * f64::from(c0[i + j * n].to_f32());
        r += cterm;
        mag += cterm.abs();
        let rel = if tf32 {
            2.5e-3
        } else {
            4.0 * (n as f64 + 2.0) * 2f64.powi(-24)
        };
        let tol = rel * mag + T::U * (r.abs() + rel * mag) + 1e-7;
        let err = (want[i + j * n] - r).abs();
        if err.is_nan() || err > tol {
            return Err(format!("{label}: raw cublasGemmEx gives C({i},{j}) = {} but the host computes {r} (error {err:e} > {tol:e})", want[i + j * n]).into());
        }
    }
    let diff = rel_diff(&to_f64(&c_gp.to_vec()?), &want);
    if diff > 4.0 * T::U + 1e-5 {
        return Err(format!("{label}: gpublas's C differs from raw cuBLAS's by {diff:.3e}").into());
    }
    eprintln!("[{label}] verified: gpublas vs raw {diff:.1e}");
    drop((a, b, c0, want));
    let mut gp = |calls: usize| -> Res<()> {
        (0..calls)
            .try_for_each(|_| gp_one(&mut c_gp))
            .map_err(Into::into)
    };
    let ty = format!("{name} ({})", compute.name());
    compare(
        cx,
        &label,
        ("gemm, mixed precision (gemm_with vs cublasGemmEx)", &ty, n),
        2.0 * (n as f64).powi(3),
        &mut raw,
        &mut gp,
        soft,
    )
}

/// The mixed-precision rows: hgemm and bf16 gemm at n = 4096 and 8192 (8192 only in full runs),
/// TF32 sgemm at n = 4096.
pub fn mixed_all(cx: &Ctx, rows: &mut Vec<Row>, soft: &mut Vec<String>) -> Res<()> {
    for n in [4096usize, 8192] {
        if n == 8192 && cx.plan.quick {
            continue;
        }
        if cx.plan.wants(&format!("hgemm n={n}")) {
            rows.push(bench_gemm_ex::<f16>(
                cx,
                "hgemm",
                n,
                ComputeType::F32,
                soft,
            )?);
        }
        if cx.plan.wants(&format!("bf16gemm n={n}")) {
            rows.push(bench_gemm_ex::<bf16>(
                cx,
                "bf16gemm",
                n,
                ComputeType::F32,
                soft,
            )?);
        }
    }
    if cx.plan.wants("tf32 sgemm n=4096") {
        rows.push(bench_gemm_ex::<f32>(
            cx,
            "tf32 sgemm",
            4096,
            ComputeType::Tf32,
            soft,
        )?);
    }
    Ok(())
}
