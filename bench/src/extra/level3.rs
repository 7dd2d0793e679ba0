//! The level-3 rows: trsm, symm and syr2k against the raw `cublas?trsm_v2` / `?symm_v2` /
//! `?syr2k_v2`.

use std::ffi::c_int;

use cublas_sys as sys;
use gpublas::{Cuda, Device, DeviceBuffer, Diag, Mat, MatMut, Op, Side, Uplo};

use super::{compare, L3X_API};
use crate::host::Rng;
use crate::raw::{bl_check, RawScalar};
use crate::report::Row;
use crate::suite::{seed, Ctx};
use crate::Res;

/// The real types of the level-3 rows, with their raw cuBLAS entry points.
pub trait RawL3: RawScalar {
    /// `cublas?trsm_v2(h, L, Lower, N, NonUnit, n, n, α, A, n, B, n)`.
    ///
    /// # Safety
    /// `h` is a live handle in host pointer mode; `a`, `b` are distinct live n × n device
    /// allocations of `Self`.
    unsafe fn trsm(
        api: gpublas::backend::CudaApi,
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *mut Self,
    ) -> Res<()>;
    /// `cublas?symm_v2(h, L, Lower, n, n, α, A, n, B, n, β, C, n)`.
    ///
    /// # Safety
    /// As for `trsm`, with `c` a third distinct n × n allocation.
    #[allow(clippy::too_many_arguments)]
    unsafe fn symm(
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> Res<()>;
    /// `cublas?syr2k_v2(h, Lower, N, n, n, α, A, n, B, n, β, C, n)`.
    ///
    /// # Safety
    /// As for `symm`.
    #[allow(clippy::too_many_arguments)]
    unsafe fn syr2k(
        h: sys::cublasHandle_t,
        n: c_int,
        alpha: &Self,
        a: *const Self,
        b: *const Self,
        beta: &Self,
        c: *mut Self,
    ) -> Res<()>;
}

macro_rules! raw_l3 {
    ($t:ty, $trsm:ident, $symm:ident, $syr2k:ident) => {
        impl RawL3 for $t {
            unsafe fn trsm(
                api: gpublas::backend::CudaApi,
                h: sys::cublasHandle_t,
                n: c_int,
                alpha: &Self,
                a: *const Self,
                b: *mut Self,
            ) -> Res<()> {
                use sys::*;
                // SAFETY: forwarded to the caller.
                let s = unsafe {
                    (api.bl.$trsm)(
                        h,
                        CUBLAS_SIDE_LEFT,
                        CUBLAS_FILL_MODE_LOWER,
                        CUBLAS_OP_N,
                        CUBLAS_DIAG_NON_UNIT,
                        n,
                        n,
                        alpha,
                        a,
                        n,
                        b,
                        n,
                    )
                };
                bl_check(api, stringify!($trsm), s)
            }
            unsafe fn symm(
                h: sys::cublasHandle_t,
                n: c_int,
                alpha: &Self,
                a: *const Self,
                b: *const Self,
                beta: &Self,
                c: *mut Self,
            ) -> Res<()> {
                use sys::*;
                let l3 = cublas_level3()?;
                // SAFETY: forwarded to the caller.
                let s = unsafe {
                    (l3.$symm)(
                        h,
                        CUBLAS_SIDE_LEFT,
                        CUBLAS_FILL_MODE_LOWER,
                        n,
                        n,
                        alpha,
                        a,
                        n,
                        b,
                        n,
                        beta,
                        c,
                        n,
                    )
                };
                if s == CUBLAS_STATUS_SUCCESS {
                    Ok(())
                } else {
                    Err(format!("{} failed with status {s}", stringify!($symm)).into())
                }
            }
            unsafe fn syr2k(
                h: sys::cublasHandle_t,
                n: c_int,
                alpha: &Self,
                a: *const Self,
                b: *const Self,
                beta: &Self,
                c: *mut Self,
            ) -> Res<()> {
                use sys::*;
                let l3 = cublas_level3()?;
                // SAFETY: forwarded to the caller.
                let s = unsafe {
                    (l3.$syr2k)(
                        h,
                        CUBLAS_FILL_MODE_LOWER,
                        CUBLAS_OP_N,
                        n,
                        n,
                        alpha,
                        a,
                        n,
                        b,
                        n,
                        beta,
                        c,
                        n,
                    )
                };
                if s == CUBLAS_STATUS_SUCCESS {
                    Ok(())
                } else {
                    Err(format!("{} failed with status {s}", stringify!($syr2k)).into())
                }
            }
        }
    };
}
raw_l3!(f32, cublasStrsm_v2, cublasSsymm_v2, cublasSsyr2k_v2);
raw_l3!(f64, cublasDtrsm_v2, cublasDsymm_v2, cublasDsyr2k_v2);

/// gpublas's symm for the row: `C ← αAB + βC`, A symmetric from its lower triangle.
#[allow(clippy::too_many_arguments)]
pub fn gp_symm<T: RawL3>(
    dev: &Device<Cuda>,
    n: usize,
    alpha: T,
    a: &DeviceBuffer<T, Cuda>,
    b: &DeviceBuffer<T, Cuda>,
    beta: T,
    c: &mut DeviceBuffer<T, Cuda>,
) -> Res<()> {
    dev.symm(
        Side::Left,
        Uplo::Lower,
        alpha,
        Mat::col_major(a, n, n),
        Mat::col_major(b, n, n),
        beta,
        MatMut::col_major(c, n, n),
    )?;
    Ok(())
}

/// gpublas's syr2k for the row: `C ← αABᵀ + αBAᵀ + βC` on the lower triangle.
#[allow(clippy::too_many_arguments)]
pub fn gp_syr2k<T: RawL3>(
    dev: &Device<Cuda>,
    n: usize,
    alpha: T,
    a: &DeviceBuffer<T, Cuda>,
    b: &DeviceBuffer<T, Cuda>,
    beta: T,
    c: &mut DeviceBuffer<T, Cuda>,
) -> Res<()> {
    dev.syr2k(
        Uplo::Lower,
        Op::N,
        alpha,
        Mat::col_major(a, n, n),
        Mat::col_major(b, n, n),
        beta,
        MatMut::col_major(c, n, n),
    )?;
    Ok(())
}

/// Which level-3 routine a row times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum L3 {
    Trsm,
    Symm,
    Syr2k,
}

/// Device-resident trsm (`B ← A⁻¹B`, A lower triangular with a unit-size diagonal and small
/// off-diagonal entries, so repeated solves stay bounded), symm (`C ← AB + ½C`, A symmetric
/// from its lower triangle) or syr2k (`C ← ABᵀ + BAᵀ + ½C` on the lower triangle), n × n.
fn bench_l3<T: RawL3>(cx: &Ctx, which: L3, n: usize, soft: &mut Vec<String>) -> Res<Row> {
    let lower = format!("{which:?}").to_lowercase();
    let name = format!("{}{lower}", T::PREFIX);
    let label = format!("{name} n={n}");
    eprintln!("[{label}] preparing");
    let dev = &cx.dev;
    let mut rng = Rng::new(seed(&name, n));
    let mut a: Vec<T> = (0..n * n)
        .map(|_| T::from_f64(rng.nonzero() / n as f64, 0.0))
        .collect();
    if which == L3::Trsm {
        for i in 0..n {
            a[i + i * n] = T::from_f64(1.0, 0.0);
        }
    }
    let b: Vec<T> = (0..n * n)
        .map(|_| T::from_f64(rng.nonzero(), 0.0))
        .collect();
    let c0: Vec<T> = (0..n * n)
        .map(|_| T::from_f64(rng.nonzero(), 0.0))
        .collect();
    let (alpha, beta) = (T::from_f64(1.0, 0.0), T::from_f64(0.5, 0.0));
    let (da, db) = (dev.upload(&a)?, dev.upload(&b)?);
    // trsm overwrites B; the others write C.
    let out0 = if which == L3::Trsm { &b } else { &c0 };
    let o_raw = dev.upload(out0)?;
    let mut o_gp = dev.upload(out0)?;
    let (api, h, nn) = (cx.raw.api(), cx.raw.handle(), c_int::try_from(n)?);
    let (pa, pb, po) = (
        da.as_device_ptr().cast::<T>().cast_const(),
        db.as_device_ptr().cast::<T>().cast_const(),
        o_raw.as_device_ptr().cast::<T>(),
    );
    let mut raw = |calls: usize| -> Res<()> {
        for _ in 0..calls {
            // SAFETY: `da`, `db` and `o_raw` are live, distinct n × n buffers of gpublas's
            // device; `o_raw` is used by nothing else while these calls run.
            unsafe {
                match which {
                    L3::Trsm => T::trsm(api, h, nn, &alpha, pa, po)?,
                    L3::Symm => T::symm(h, nn, &alpha, pa, pb, &beta, po)?,
                    L3::Syr2k => T::syr2k(h, nn, &alpha, pa, pb, &beta, po)?,
                }
            }
        }
        Ok(())
    };
    let gp_one = |o: &mut DeviceBuffer<T, Cuda>| -> Res<()> {
        match which {
            L3::Trsm => dev
                .trsm(
                    Side::Left,
                    Uplo::Lower,
                    Op::N,
                    Diag::NonUnit,
                    alpha,
                    Mat::col_major(&da, n, n),
                    MatMut::col_major(o, n, n),
                )
                .map_err(Into::into),
            L3::Symm => gp_symm(dev, n, alpha, &da, &db, beta, o),
            L3::Syr2k => gp_syr2k(dev, n, alpha, &da, &db, beta, o),
        }
    };
    // Correctness, once: gpublas against raw (the same library call), and raw's trsm against
    // its definition (A·X = B) on sampled entries.
    raw(1)?;
    gp_one(&mut o_gp)?;
    let want = o_raw.to_vec()?;
    let diff = crate::host::max_rel_diff(&o_gp.to_vec()?, &want)?;
    if diff > T::SAME_TOL {
        return Err(format!("{label}: gpublas differs from raw cuBLAS by {diff:.3e}").into());
    }
    if which == L3::Trsm {
        let eps = if std::mem::size_of::<T>() == 4 {
            2f64.powi(-24)
        } else {
            2f64.powi(-53)
        };
        for s in 0..32 {
            let (i, j) = if s == 0 {
                (n - 1, n - 1)
            } else {
                (rng.below(n), rng.below(n))
            };
            let (mut ax, mut mag) = (0.0f64, 0.0f64);
            for p in 0..=i {
                let t = a[i + p * n].to_c64().re * want[p + j * n].to_c64().re;
                ax += t;
                mag += t.abs();
            }
            let bij = b[i + j * n].to_c64().re;
            let tol = 4.0 * (n as f64 + 2.0) * eps * (mag + bij.abs());
            if (ax - bij).abs() > tol {
                return Err(format!("{label}: raw trsm's X fails (A·X)({i},{j}) = {ax} vs B = {bij} (tolerance {tol:e})").into());
            }
        }
    }
    eprintln!("[{label}] verified: gpublas vs raw {diff:.1e}");
    let mut gp = |calls: usize| -> Res<()> { (0..calls).try_for_each(|_| gp_one(&mut o_gp)) };
    let (op, flops) = match which {
        L3::Trsm => ("trsm (left, lower, N)", (n as f64).powi(3)),
        L3::Symm => ("symm (left, lower)", 2.0 * (n as f64).powi(3)),
        L3::Syr2k => ("syr2k (lower, N)", 2.0 * (n as f64).powi(3)),
    };
    compare(
        cx,
        &label,
        (op, T::PREFIX, n),
        flops,
        &mut raw,
        &mut gp,
        soft,
    )
}

/// The level-3 rows at n = 4096: strsm, dtrsm, and (once gpublas has them) ssymm, dsymm,
/// ssyr2k, dsyr2k.
pub fn l3_all(cx: &Ctx, rows: &mut Vec<Row>, soft: &mut Vec<String>) -> Res<()> {
    let n = 4096;
    for which in [L3::Trsm, L3::Symm, L3::Syr2k] {
        if which != L3::Trsm && !L3X_API {
            continue;
        }
        let lower = format!("{which:?}").to_lowercase();
        if cx.plan.wants(&format!("s{lower} n={n}")) {
            rows.push(bench_l3::<f32>(cx, which, n, soft)?);
        }
        if cx.plan.wants(&format!("d{lower} n={n}")) {
            rows.push(bench_l3::<f64>(cx, which, n, soft)?);
        }
    }
    Ok(())
}
