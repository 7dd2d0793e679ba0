//! `transfer_bench`: BLAS with host operands — gpublas's transfer engine against raw cuBLAS
//! (naive pageable and with page-locked data), cuBLASXt (best block size, its pinning on and
//! off) and cudarc 0.19, side by side in one run on CUDA device 0; plus map/finish bandwidth of
//! a 1 GiB `Vec` against page-locked `cudaMemcpy` and the host's multi-threaded copy rate, and
//! the two small-call cases. Every timing is a whole call on the host clock (median), from the
//! call until the result is in host memory. Results are checked against a host computation.
//!
//! ```text
//! cargo build --release -p gpublas-bench --features cuda --bin transfer_bench
//! target/release/transfer_bench [--quick] [--small-only | --gemm-only] [--out FILE] [--csv FILE]
//! ```

use std::ffi::c_void;
use std::process::ExitCode;
use std::time::Instant;

use cublas_sys as sys;
use gpublas::{Cuda, Device, Mat, MatMut, Op};
use gpublas_bench::host::{check_gemm_entries, random_vec, GemmInputs, HostScalar, Rng};
use gpublas_bench::peer::Peer;
use gpublas_bench::raw::{RawBlas, RawScalar};
use gpublas_bench::report::{median, utc_now};
use gpublas_bench::transfer::{
    host_copy_gbps, memcpy, raw_round_trip, wall_ms, Pinned, RawMem, RawSmall, Xt,
};
use gpublas_bench::Res;

/// One line of the results: a case, an implementation, its median and the samples' spread.
struct Line {
    case: String,
    who: String,
    value: f64,
    unit: &'static str,
    note: String,
}

fn ms_line(case: &str, who: &str, samples: &[f64], note: impl Into<String>) -> Line {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    let note = note.into();
    Line {
        case: case.into(),
        who: who.into(),
        value: median(samples),
        unit: "ms",
        note: format!(
            "min {:.2}, max {:.2}{}{}",
            s[0],
            s[s.len() - 1],
            if note.is_empty() { "" } else { "; " },
            note
        ),
    }
}

struct Opts {
    quick: bool,
    small_only: bool,
    gemm_only: bool,
    out: Option<String>,
    csv: Option<String>,
}

fn opts() -> Result<Opts, String> {
    let mut o = Opts {
        quick: false,
        small_only: false,
        gemm_only: false,
        out: None,
        csv: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--small-only" => o.small_only = true,
            "--gemm-only" => o.gemm_only = true,
            "--out" => o.out = Some(it.next().ok_or("--out needs a file")?),
            "--csv" => o.csv = Some(it.next().ok_or("--csv needs a file")?),
            other => return Err(format!("unknown argument {other}; usage: transfer_bench [--quick] [--small-only] [--gemm-only] [--out FILE] [--csv FILE]")),
        }
    }
    Ok(o)
}

/// Checks sampled entries of `C = AB`.
fn check<T: HostScalar>(what: &str, n: usize, a: &[T], b: &[T], c: &[T], tol: f64) -> Res<()> {
    let zeros = vec![T::zero(); n * n];
    let g = GemmInputs {
        n,
        alpha: T::one(),
        a,
        b,
        beta: T::zero(),
        c0: &zeros,
    };
    check_gemm_entries(g, c, &mut Rng::new(7), 24, tol).map_err(|e| format!("{what}: {e}"))?;
    Ok(())
}

/// The gemm round trips at one size and type, every implementation.
/// The implementations of one host-operand gemm case.
#[derive(Clone, Copy, PartialEq)]
enum Imp {
    /// gpublas's `dev.gemm` with plain `Vec`s: `None` automatic tiles, `Some(0)` untiled,
    /// `Some(edge)` fixed tiles.
    Gpublas(&'static str, Option<usize>),
    /// gpublas's `dev.gemm` with A, B and C in `HostBuffer`s (page-locked): automatic or fixed
    /// tiles, as for `Gpublas`.
    HostBuffers(&'static str, Option<usize>),
    /// The same through a `DeviceSet` of this one device.
    Set,
    /// The transfers alone, no compute: A and B copied in and C out with `cudaMemcpy` from
    /// and into page-locked memory, one after another — the link floor of the round trip.
    LinkFloor,
    RawNaive,
    RawPinned,
    /// cudarc's whole round trip (`Peer::round_trip_gemm`: the result in a new `Vec`) through
    /// `peers[i]`.
    Cudarc(&'static str, usize),
    /// The same into the caller's `Vec` (`Peer::round_trip_gemm_into`) through `peers[i]`.
    CudarcInto(&'static str, usize),
}

impl Imp {
    fn label(self) -> &'static str {
        match self {
            Imp::Gpublas(l, _) | Imp::HostBuffers(l, _) => l,
            Imp::LinkFloor => "link floor: A, B in and C out, pinned cudaMemcpy, no compute",
            Imp::Set => "gpublas DeviceSet of this 1 GPU",
            Imp::RawNaive => "raw cuBLAS, naive pageable",
            Imp::RawPinned => "raw cuBLAS, data already pinned",
            Imp::Cudarc(l, _) | Imp::CudarcInto(l, _) => l,
        }
    }
}

/// Host-operand gemm, n × n, every implementation. The implementations are interleaved: each
/// round runs every one once, in a fresh (seeded) random order (the first round is a warm-up,
/// its results checked), so drift of the host's or the GPU's speed over the run — this host's
/// copy rate varies — and whatever one implementation leaves behind for the next fall on all
/// of them alike.
fn gemm_cases<T: RawScalar + cudarc::driver::DeviceRepr + cudarc::driver::ValidAsZeroBits>(
    dev: &Device<Cuda>,
    raw: &RawBlas,
    peers: &[(&'static str, Peer)],
    n: usize,
    reps: usize,
    lines: &mut Vec<Line>,
) -> Res<()>
where
    cudarc::cublas::CudaBlas: cudarc::cublas::Gemm<T>,
{
    let case = format!("{}gemm n={n} (host Vecs)", T::PREFIX);
    eprintln!("[{case}]");
    let api = dev.backend().api();
    let mut rng = Rng::new(n as u64 * 31 + T::PREFIX.len() as u64);
    let a: Vec<T> = random_vec(&mut rng, n * n);
    let b: Vec<T> = random_vec(&mut rng, n * n);
    let mut c = vec![T::zero(); n * n];
    let tol = T::HOST_TOL;
    let set = gpublas::DeviceSet::new(vec![dev.clone()])?;
    let (pa, pb) = (Pinned::from_slice(api, &a)?, Pinned::from_slice(api, &b)?);
    let pc = Pinned::from_slice(api, &c)?;
    let (mut ha, mut hb) = (dev.host_buffer::<T>(n * n)?, dev.host_buffer::<T>(n * n)?);
    ha.copy_from_slice(&a);
    hb.copy_from_slice(&b);
    let mut hc = dev.host_buffer::<T>(n * n)?;
    let bytes = n * n * std::mem::size_of::<T>();
    let floor_mem = RawMem::new(api, 3 * bytes)?;

    let mut imps = vec![
        Imp::Gpublas("gpublas", None),
        Imp::Gpublas("gpublas tile 1024", Some(1024)),
        Imp::Gpublas("gpublas tile 2048", Some(2048)),
        Imp::Gpublas("gpublas untiled", Some(0)),
        Imp::HostBuffers("gpublas, HostBuffers", None),
        Imp::HostBuffers("gpublas, HostBuffers, tile 1024", Some(1024)),
        Imp::HostBuffers("gpublas, HostBuffers, tile 2048", Some(2048)),
        Imp::LinkFloor,
        Imp::Set,
        Imp::RawNaive,
        Imp::RawPinned,
    ];
    imps.extend(peers.iter().enumerate().map(|(i, p)| Imp::Cudarc(p.0, i)));
    if !peers.is_empty() {
        imps.push(Imp::CudarcInto(
            "cudarc 0.19, result into the caller's Vec (memcpy_dtoh)",
            0,
        ));
    }
    let mut samples = vec![Vec::new(); imps.len()];
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..imps.len()).collect();
    for round in 0..=reps {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        for &k in &order {
            let imp = imps[k];
            match imp {
                Imp::Gpublas(_, Some(0)) => dev.set_gemm_tiling(usize::MAX, None),
                Imp::Gpublas(_, e) | Imp::HostBuffers(_, e) => {
                    dev.set_gemm_tiling(gpublas_default_tile_from(), e)
                }
                _ => dev.set_gemm_tiling(gpublas_default_tile_from(), None),
            }
            let t = Instant::now();
            match imp {
                Imp::Gpublas(..) => dev.gemm(
                    Op::N,
                    Op::N,
                    T::one(),
                    Mat::col_major(&a, n, n),
                    Mat::col_major(&b, n, n),
                    T::zero(),
                    MatMut::col_major(&mut c, n, n),
                )?,
                Imp::HostBuffers(..) => dev.gemm(
                    Op::N,
                    Op::N,
                    T::one(),
                    Mat::col_major(&ha, n, n),
                    Mat::col_major(&hb, n, n),
                    T::zero(),
                    MatMut::col_major(&mut hc, n, n),
                )?,
                // SAFETY: `floor_mem` holds 3·bytes; the pinned buffers hold `bytes` each.
                Imp::LinkFloor => unsafe {
                    let d = floor_mem.ptr::<u8>();
                    let h2d = sys::cudaMemcpyHostToDevice;
                    memcpy(api, d.cast(), pa.ptr().cast(), bytes, h2d)?;
                    memcpy(api, d.add(bytes).cast(), pb.ptr().cast(), bytes, h2d)?;
                    let d2h = sys::cudaMemcpyDeviceToHost;
                    memcpy(api, pc.ptr().cast(), d.add(2 * bytes).cast(), bytes, d2h)?;
                },
                Imp::Set => set.gemm(
                    Op::N,
                    Op::N,
                    T::one(),
                    Mat::col_major(&a[..], n, n),
                    Mat::col_major(&b[..], n, n),
                    T::zero(),
                    MatMut::col_major(&mut c[..], n, n),
                )?,
                // SAFETY: every matrix holds n·n elements.
                Imp::RawNaive => unsafe {
                    raw_round_trip::<T>(dev, raw, n, a.as_ptr(), b.as_ptr(), c.as_mut_ptr())?
                },
                // SAFETY: as above.
                Imp::RawPinned => unsafe {
                    raw_round_trip::<T>(dev, raw, n, pa.ptr(), pb.ptr(), pc.ptr())?
                },
                Imp::Cudarc(_, i) => out = peers[i].1.round_trip_gemm::<T>(n, &a, &b)?,
                Imp::CudarcInto(_, i) => peers[i].1.round_trip_gemm_into::<T>(n, &a, &b, &mut c)?,
            }
            let ms = t.elapsed().as_secs_f64() * 1e3;
            if round == 0 && imp == Imp::LinkFloor {
                // Nothing computed: nothing to check.
            } else if round == 0 {
                let got: &[T] = match imp {
                    Imp::RawPinned => pc.as_slice(),
                    Imp::HostBuffers(..) => &hc,
                    Imp::Cudarc(..) => &out,
                    _ => &c,
                };
                check(&format!("{case} {}", imp.label()), n, &a, &b, got, tol)?;
                c.iter_mut().for_each(|x| *x = T::zero());
                hc.iter_mut().for_each(|x| *x = T::zero());
            } else {
                samples[k].push(ms);
            }
        }
    }
    dev.set_gemm_tiling(gpublas_default_tile_from(), None);
    let pinned = dev.stats().pinned_bytes >> 20;
    for (imp, s) in imps.iter().zip(&samples) {
        let note = match imp {
            Imp::Gpublas(..) => format!("pinned staging {pinned} MiB"),
            Imp::LinkFloor | Imp::HostBuffers(..) => {
                let floor = median(
                    &samples[imps
                        .iter()
                        .position(|i| *i == Imp::LinkFloor)
                        .expect("listed")],
                );
                format!("{:.2}x the link floor", median(s) / floor)
            }
            _ => String::new(),
        };
        lines.push(ms_line(&case, imp.label(), s, note));
    }
    Ok(())
}

/// Level 1 and 2 from host memory, transfer-bound: sgemv with a 16384² matrix (1 GiB) and
/// saxpy over 2²⁸ floats (1 GiB per vector), each from `Vec`s and from `HostBuffer`s, beside
/// two floors measured in the same run: the link (the same bytes moved by `cudaMemcpy` from and
/// into page-locked memory, one after another, no compute) and the host's copy rate (the same
/// bytes copied by the host, pageable → pageable, with `threads` threads: the rate any staged
/// transfer of pageable memory pays). Interleaved rounds in a fresh random order, as for gemm.
fn level12_cases(dev: &Device<Cuda>, reps: usize, lines: &mut Vec<Line>) -> Res<()> {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Vecs,
        HostBuffers,
        Link,
        HostCopy,
    }
    let label = |l: L| match l {
        L::Vecs => "gpublas, Vecs",
        L::HostBuffers => "gpublas, HostBuffers",
        L::Link => "link floor: pinned cudaMemcpy of the same bytes, no compute",
        L::HostCopy => "host-copy floor: the same bytes copied pageable → pageable",
    };
    let api = dev.backend().api();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(16);
    let mut rng = Rng::new(12);
    let imps = [L::Vecs, L::HostBuffers, L::Link, L::HostCopy];
    for routine in ["sgemv n=16384", "saxpy n=2^28"] {
        eprintln!("[{routine}]");
        let gemv = routine.starts_with("sgemv");
        let n = 16384usize;
        let len = if gemv { n * n } else { 1 << 28 };
        let gib = len * 4;
        // Inputs: the big operand (A or x) and the small/second one (x or y).
        let big: Vec<f32> = (0..len).map(|i| (i % 1021) as f32 - 510.0).collect();
        let other_len = if gemv { n } else { len };
        let other: Vec<f32> = (0..other_len).map(|i| (i % 7) as f32).collect();
        let out_len = if gemv { n } else { len };
        let mut v_out = vec![0.0f32; out_len];
        let mut h_big = dev.host_buffer::<f32>(len)?;
        h_big.copy_from_slice(&big);
        let mut h_other = dev.host_buffer::<f32>(other_len)?;
        h_other.copy_from_slice(&other);
        let mut h_out = dev.host_buffer::<f32>(out_len)?;
        // The floors' memory: page-locked copies and device room.
        let p_big = Pinned::from_slice(api, &big)?;
        let p_other = Pinned::from_slice(api, &other)?;
        let d = RawMem::new(api, gib + other_len * 4)?;
        let mut scratch = vec![0u8; gib];
        let (in_bytes, out_bytes) = if gemv {
            (gib + n * 4, n * 4)
        } else {
            (2 * gib, gib)
        };
        let mut samples = vec![Vec::new(); imps.len()];
        let mut order: Vec<usize> = (0..imps.len()).collect();
        for round in 0..=reps {
            for i in (1..order.len()).rev() {
                order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            for &k in &order {
                if !gemv {
                    // y starts from `other` every round (outside the timing).
                    v_out.copy_from_slice(&other);
                    h_out.copy_from_slice(&other);
                }
                let t = Instant::now();
                match (imps[k], gemv) {
                    (L::Vecs, true) => dev.gemv(
                        Op::N,
                        1.0,
                        Mat::col_major(&big, n, n),
                        &other,
                        0.0,
                        &mut v_out,
                    )?,
                    (L::HostBuffers, true) => dev.gemv(
                        Op::N,
                        1.0,
                        Mat::col_major(&h_big, n, n),
                        &h_other,
                        0.0,
                        &mut h_out,
                    )?,
                    (L::Vecs, false) => dev.axpy(2.0, &big, &mut v_out)?,
                    (L::HostBuffers, false) => dev.axpy(2.0, &h_big, &mut h_out)?,
                    // SAFETY: `d` holds the big operand and the other; the pinned buffers hold
                    // what is copied from them; the output lands in the pinned copy of `other`
                    // (gemv: n floats; axpy: the whole vector), which nothing reads.
                    (L::Link, _) => unsafe {
                        let dp = d.ptr::<u8>();
                        let h2d = sys::cudaMemcpyHostToDevice;
                        memcpy(api, dp.cast(), p_big.ptr().cast(), gib, h2d)?;
                        let second = if gemv { n * 4 } else { gib };
                        let (dst, src) = if gemv {
                            (dp.add(gib), p_other.ptr())
                        } else {
                            (dp, p_other.ptr())
                        };
                        memcpy(api, dst.cast(), src.cast(), second, h2d)?;
                        let d2h = sys::cudaMemcpyDeviceToHost;
                        memcpy(api, p_other.ptr().cast(), dp.cast(), out_bytes, d2h)?;
                    },
                    (L::HostCopy, _) => {
                        // Inputs in, output out: (in + out) bytes through the host's copy.
                        let total = in_bytes + out_bytes;
                        let src: &[u8] = bytemuck::cast_slice(&big);
                        let mut left = total;
                        while left > 0 {
                            let part = left.min(gib);
                            host_copy_gbps(&mut scratch[..part], &src[..part], threads);
                            left -= part;
                        }
                    }
                }
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if round == 0 {
                    let got: &[f32] = match imps[k] {
                        L::Vecs => &v_out,
                        L::HostBuffers => &h_out,
                        _ => continue,
                    };
                    let ok = if gemv {
                        [0usize, 1, n / 2, n - 1].iter().all(|&i| {
                            let want: f64 = (0..n)
                                .map(|j| big[i + j * n] as f64 * other[j] as f64)
                                .sum();
                            (got[i] as f64 - want).abs() <= 1e-4 * want.abs().max(1.0) + 1e-2
                        })
                    } else {
                        got.iter()
                            .zip(big.iter().zip(&other))
                            .all(|(&g, (&x, &y))| g == 2.0 * x + y)
                    };
                    if !ok {
                        return Err(format!("{routine} {}: wrong result", label(imps[k])).into());
                    }
                } else {
                    samples[k].push(ms);
                }
            }
        }
        let floor = |l: L| median(&samples[imps.iter().position(|&i| i == l).expect("listed")]);
        let worst = floor(L::Link).max(floor(L::HostCopy));
        for (&imp, s) in imps.iter().zip(&samples) {
            let note = match imp {
                L::Vecs => format!("{:.2}x the larger floor", median(s) / worst),
                L::HostBuffers => format!("{:.2}x the link floor", median(s) / floor(L::Link)),
                L::HostCopy => format!("{threads} threads"),
                L::Link => String::new(),
            };
            lines.push(ms_line(routine, label(imp), s, note));
        }
    }
    Ok(())
}

fn gpublas_default_tile_from() -> usize {
    48 << 20
}

/// cuBLASXt at every block size, pinning off and on; the best of each.
fn xt_cases(dev: &Device<Cuda>, n: usize, reps: usize, lines: &mut Vec<Line>) -> Res<()> {
    let api = dev.backend().api();
    for prefix in ["s", "d"] {
        let case = format!("{prefix}gemm n={n} (host Vecs)");
        eprintln!("[{case} cuBLASXt]");
        let mut rng = Rng::new(n as u64 * 31 + 1);
        for pinning in [false, true] {
            let mut best: Option<(usize, Vec<f64>)> = None;
            for block in [1024, 2048, 4096, 8192] {
                if block > n * 2 {
                    continue;
                }
                let xt = Xt::new(api, block, pinning)?;
                let samples = if prefix == "s" {
                    let (a, b): (Vec<f32>, Vec<f32>) =
                        (random_vec(&mut rng, n * n), random_vec(&mut rng, n * n));
                    let mut c = vec![0.0f32; n * n];
                    let s = wall_ms(1, reps, || xt.sgemm(n, &a, &b, &mut c))?;
                    check(&format!("{case} cuBLASXt"), n, &a, &b, &c, f32::HOST_TOL)?;
                    s
                } else {
                    let (a, b): (Vec<f64>, Vec<f64>) =
                        (random_vec(&mut rng, n * n), random_vec(&mut rng, n * n));
                    let mut c = vec![0.0f64; n * n];
                    let s = wall_ms(1, reps, || xt.dgemm(n, &a, &b, &mut c))?;
                    check(&format!("{case} cuBLASXt"), n, &a, &b, &c, f64::HOST_TOL)?;
                    s
                };
                let better = match &best {
                    Some((_, s)) => median(&samples) < median(s),
                    None => true,
                };
                if better {
                    best = Some((block, samples));
                }
            }
            if let Some((block, samples)) = best {
                let who = if pinning {
                    "cuBLASXt, its pinning on"
                } else {
                    "cuBLASXt, pinning off"
                };
                lines.push(ms_line(&case, who, &samples, format!("best block {block}")));
            }
        }
    }
    Ok(())
}

/// Map/finish of a 1 GiB `Vec<f32>`, page-locked cudaMemcpy, and the host's copy rate.
fn bandwidth_cases(dev: &Device<Cuda>, reps: usize, lines: &mut Vec<Line>) -> Res<()> {
    let api = dev.backend().api();
    let len = (1usize << 30) / 4;
    let bytes = len * 4;
    let gb = bytes as f64 / 1e9;
    let mut v: Vec<f32> = (0..len).map(|i| (i % 1021) as f32).collect();
    let want = v.clone();
    eprintln!("[map/finish 1 GiB]");
    let gbps = |s: &[f64]| s.iter().map(|ms| gb / (ms / 1e3)).collect::<Vec<_>>();
    let push = |lines: &mut Vec<Line>, case: &str, who: &str, samples: Vec<f64>, note: &str| {
        let mut s = samples.clone();
        s.sort_by(f64::total_cmp);
        lines.push(Line {
            case: case.into(),
            who: who.into(),
            value: median(&samples),
            unit: "GB/s",
            note: format!("min {:.1}, max {:.1}; {note}", s[0], s[s.len() - 1]),
        });
    };
    let up = wall_ms(1, reps, || {
        let g = dev.map(&v)?;
        dev.synchronize()?;
        drop(g);
        Ok(())
    })?;
    push(
        lines,
        "host → device, 1 GiB Vec<f32>",
        "gpublas map",
        gbps(&up),
        "until the data is on the device",
    );
    let mut fin = Vec::new();
    for _ in 0..reps + 1 {
        let d = dev.upload(&want)?;
        let mut g = dev.map_out(&mut v)?;
        dev.copy(&d, &mut g)?;
        dev.synchronize()?;
        let t = Instant::now();
        g.finish()?;
        fin.push(t.elapsed().as_secs_f64() * 1e3);
    }
    fin.remove(0);
    if v != want {
        return Err("map_out/finish of 1 GiB: the data that came back differs".into());
    }
    push(
        lines,
        "device → host, 1 GiB Vec<f32>",
        "gpublas finish",
        gbps(&fin),
        "from the device into the Vec",
    );
    // Page-locked cudaMemcpy both ways.
    let p = Pinned::from_slice(api, &v)?;
    let d = RawMem::new(api, bytes)?;
    // SAFETY: both hold `bytes`.
    let h2d = wall_ms(1, reps, || unsafe {
        memcpy(
            api,
            d.ptr(),
            p.ptr().cast::<c_void>(),
            bytes,
            sys::cudaMemcpyHostToDevice,
        )
    })?;
    push(
        lines,
        "host → device, 1 GiB Vec<f32>",
        "cudaMemcpy from pinned memory",
        gbps(&h2d),
        "the link",
    );
    // SAFETY: as above.
    let d2h = wall_ms(1, reps, || unsafe {
        memcpy(
            api,
            p.ptr().cast(),
            d.ptr::<c_void>(),
            bytes,
            sys::cudaMemcpyDeviceToHost,
        )
    })?;
    push(
        lines,
        "device → host, 1 GiB Vec<f32>",
        "cudaMemcpy into pinned memory",
        gbps(&d2h),
        "the link",
    );
    // Pageable cudaMemcpy (what a naive user gets).
    // SAFETY: as above.
    let pg = wall_ms(1, reps, || unsafe {
        memcpy(
            api,
            d.ptr(),
            v.as_ptr().cast(),
            bytes,
            sys::cudaMemcpyHostToDevice,
        )
    })?;
    push(
        lines,
        "host → device, 1 GiB Vec<f32>",
        "cudaMemcpy from the pageable Vec",
        gbps(&pg),
        "",
    );
    // The host's own copy rate, pageable → pageable, 16 threads.
    let src: Vec<u8> = vec![1; bytes];
    let mut dst: Vec<u8> = vec![0; bytes];
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(16);
    let mut host = Vec::new();
    for _ in 0..reps {
        host.push(host_copy_gbps(&mut dst, &src, threads));
    }
    push(
        lines,
        "host memcpy, 1 GiB",
        &format!("{threads} threads"),
        host,
        "the host's ceiling for staging",
    );
    Ok(())
}

/// Microseconds per call of `calls` calls of `f`, 7 batches, the first dropped: (median, line
/// note).
fn per_call_us(calls: usize, mut f: impl FnMut() -> Res<()>) -> Res<(f64, String)> {
    let mut per = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..calls {
            f()?;
        }
        per.push(t.elapsed().as_secs_f64() * 1e6 / calls as f64);
    }
    per.remove(0);
    let mut s = per.clone();
    s.sort_by(f64::total_cmp);
    Ok((
        median(&per),
        format!("min {:.1}, max {:.1}", s[0], s[s.len() - 1]),
    ))
}

/// The small-call cases: a 2×3 gemv and n×n sgemms (n = 16…128, 64 being the issue's case),
/// host arrays per call; gpublas with its operands used in place from mapped staging and with
/// them copied to device memory (`set_zero_copy_limit`), and the hand-written raw floor of the
/// copying pattern ([`RawSmall`]).
fn small_cases(dev: &Device<Cuda>, raw: &RawBlas, calls: usize, lines: &mut Vec<Line>) -> Res<()> {
    eprintln!("[small calls]");
    let default_limit = dev.zero_copy_limit();
    let small = RawSmall::new(dev, 1 << 18)?;
    let whos = [
        ("gpublas, operands used in place", usize::MAX),
        ("gpublas, operands copied", 0),
        ("raw cuBLAS, packed pinned round trip", 0),
        (
            "raw cuBLAS, operands already on the device (no copies), one sync",
            0,
        ),
        (
            "raw cuBLAS, operands in mapped page-locked memory, one sync",
            0,
        ),
    ];
    let (raw_who, resident_who, mapped_who) = (whos[2].0, whos[3].0, whos[4].0);
    let a = [1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0];
    let x = [1.0f64, 1.0, 1.0];
    let case = "gemv 2×3, host arrays, per call";
    for (who, limit) in whos {
        dev.set_zero_copy_limit(limit);
        let mut y = [0.0f64; 2];
        let mut n_calls = 0usize;
        let (value, note) = per_call_us(calls, || {
            n_calls += 1;
            if who == raw_who {
                small.call(&[&a[..], &x[..]], &mut y, true, |ins, out| {
                    // SAFETY: the packed buffer holds A (6), x (3) and y (2) at these addresses.
                    unsafe { raw.dgemv(2, 3, 1.0, ins[0], ins[1], 1.0, out) }
                })?;
            } else if who == mapped_who {
                small.in_place(&[&a[..], &x[..]], &mut y, true, |ins, out| {
                    // SAFETY: the mapped buffer holds A (6), x (3) and y (2) at these addresses.
                    unsafe { raw.dgemv(2, 3, 1.0, ins[0], ins[1], 1.0, out) }
                })?;
            } else if who == resident_who {
                small.resident::<f64>(&[6, 3], 2, |ins, out| {
                    // SAFETY: the device buffer holds A (6), x (3) and y (2) at these addresses.
                    unsafe { raw.dgemv(2, 3, 1.0, ins[0], ins[1], 0.0, out) }
                })?;
            } else {
                dev.gemv(Op::N, 1.0, Mat::col_major(&a, 2, 3), &x, 1.0, &mut y)?;
            }
            Ok(())
        })?;
        let k = n_calls as f64;
        if who != resident_who && y != [9.0 * k, 12.0 * k] {
            return Err(format!("small gemv ({who}): y = {y:?} after {n_calls} calls").into());
        }
        lines.push(Line {
            case: case.into(),
            who: who.into(),
            value,
            unit: "µs",
            note,
        });
    }
    for n in [16, 32, 64, 128] {
        let mut rng = Rng::new(n as u64);
        let (a, b): (Vec<f32>, Vec<f32>) =
            (random_vec(&mut rng, n * n), random_vec(&mut rng, n * n));
        let case = format!("sgemm {n}×{n}, host Vecs, per call");
        let calls = if n == 64 { calls } else { calls / 2 };
        for (who, limit) in whos {
            dev.set_zero_copy_limit(limit);
            let mut c = vec![f32::NAN; n * n];
            let (value, note) = per_call_us(calls, || {
                if who == raw_who {
                    small.call(&[&a[..], &b[..]], &mut c, false, |ins, out| {
                        // SAFETY: the packed buffer holds A, B and C (n·n each) there.
                        unsafe { raw.gemm::<f32>(n, 1.0, ins[0], ins[1], 0.0, out) }
                    })?;
                } else if who == mapped_who {
                    small.in_place(&[&a[..], &b[..]], &mut c, false, |ins, out| {
                        // SAFETY: the mapped buffer holds A, B and C (n·n each) there.
                        unsafe { raw.gemm::<f32>(n, 1.0, ins[0], ins[1], 0.0, out) }
                    })?;
                } else if who == resident_who {
                    small.resident::<f32>(&[n * n, n * n], n * n, |ins, out| {
                        // SAFETY: the device buffer holds A, B and C (n·n each) there.
                        unsafe { raw.gemm::<f32>(n, 1.0, ins[0], ins[1], 0.0, out) }
                    })?;
                } else {
                    dev.gemm(
                        Op::N,
                        Op::N,
                        1.0,
                        Mat::col_major(&a, n, n),
                        Mat::col_major(&b, n, n),
                        0.0,
                        MatMut::col_major(&mut c, n, n),
                    )?;
                }
                Ok(())
            })?;
            if who != resident_who {
                check(
                    &format!("sgemm {n} host ({who})"),
                    n,
                    &a,
                    &b,
                    &c,
                    f32::HOST_TOL,
                )?;
            }
            lines.push(Line {
                case: case.clone(),
                who: who.into(),
                value,
                unit: "µs",
                note: format!("{note}; {} KiB per operand", n * n * 4 / 1024),
            });
        }
    }
    dev.set_zero_copy_limit(default_limit);
    Ok(())
}

fn run(o: &Opts) -> Res<String> {
    let dev = Device::cuda(0)?;
    let raw = RawBlas::new(&dev)?;
    // cudarc on a stream of its own, and on the default stream as its README starts.
    let peers = match Peer::new(0).and_then(|p| Ok([p, Peer::on_default_stream(0)?])) {
        Ok([p, d]) => vec![("cudarc 0.19", p), ("cudarc 0.19, default stream", d)],
        Err(e) => {
            eprintln!("cudarc unavailable: {e}");
            Vec::new()
        }
    };
    let reps = if o.quick { 3 } else { 7 };
    let mut lines = Vec::new();
    if !o.gemm_only {
        small_cases(&dev, &raw, if o.quick { 2000 } else { 10000 }, &mut lines)?;
    }
    if o.small_only {
        return table(&dev, o, &lines);
    }
    gemm_cases::<f32>(&dev, &raw, &peers, 4096, reps, &mut lines)?;
    gemm_cases::<f64>(&dev, &raw, &peers, 4096, reps, &mut lines)?;
    gemm_cases::<f32>(&dev, &raw, &peers, 8192, reps.min(5), &mut lines)?;
    if !o.quick {
        gemm_cases::<f64>(&dev, &raw, &peers, 8192, 3, &mut lines)?;
    }
    level12_cases(&dev, reps.min(5), &mut lines)?;
    if o.gemm_only {
        return table(&dev, o, &lines);
    }
    xt_cases(&dev, 4096, reps.min(5), &mut lines)?;
    xt_cases(&dev, 8192, 3, &mut lines)?;
    bandwidth_cases(&dev, reps.min(5), &mut lines)?;
    table(&dev, o, &lines)
}

/// The results as a markdown table (returned) and, if asked, a CSV file.
fn table(dev: &Device<Cuda>, o: &Opts, lines: &[Line]) -> Res<String> {
    let mut md = format!(
        "## transfer_bench — {} — {}\n\n{}; every number is a whole call on the host clock (median), result checked.\n\n| case | implementation | median | notes |\n|---|---|---|---|\n",
        utc_now(),
        dev.describe(),
        if o.small_only {
            "small calls only"
        } else if o.gemm_only {
            "host-operand gemm only"
        } else if o.quick {
            "quick run"
        } else {
            "full run"
        }
    );
    let mut csv = String::from("case,implementation,value,unit\n");
    for l in lines {
        md.push_str(&format!(
            "| {} | {} | {:.2} {} | {} |\n",
            l.case, l.who, l.value, l.unit, l.note
        ));
        csv.push_str(&format!(
            "{},{},{:.4},{}\n",
            l.case.replace(',', ";"),
            l.who.replace(',', ";"),
            l.value,
            l.unit
        ));
    }
    if let Some(f) = &o.csv {
        std::fs::write(f, &csv)?;
    }
    Ok(md)
}

fn main() -> ExitCode {
    let o = match opts() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(&o) {
        Ok(md) => {
            println!("{md}");
            if let Some(f) = &o.out {
                if let Err(e) = std::fs::write(f, &md) {
                    eprintln!("cannot write {f}: {e}");
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("transfer_bench failed: {e}");
            ExitCode::FAILURE
        }
    }
}
