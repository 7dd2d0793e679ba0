//! Sizes beyond the vendors' 32-bit API (their `_64` entry points) and TF32, which only a real
//! GPU can show. Opt-in, like `gpu.rs`: `cargo test -- --ignored` with `GPUBLAS_BACKEND=cuda`
//! (or `rocm`); enabled without a usable GPU they fail, they never skip. The saxpy test needs
//! 24 GB of device memory, the gemm test 9 GB.

use gpublas::prelude::*;
use gpublas::{BackendKind, ComputeType};

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

/// Runs `f` on `parts` disjoint pieces of `v` in parallel threads and collects the results.
fn par_check<T: Sync, R: Send>(
    v: &[T],
    parts: usize,
    f: impl Fn(usize, &[T]) -> R + Sync,
) -> Vec<R> {
    let per = v.len().div_ceil(parts).max(1);
    std::thread::scope(|s| {
        let hs: Vec<_> = v
            .chunks(per)
            .enumerate()
            .map(|(p, c)| {
                let f = &f;
                s.spawn(move || f(p * per, c))
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("checker thread"))
            .collect()
    })
}

/// 3·10⁹ elements: beyond `i32::MAX` (12 GB per vector of `f32`).
const N: usize = 3_000_000_000;
/// Upload/download chunk: a multiple of 7·11, so every chunk starts both patterns afresh.
const CHUNK: usize = 77 << 22;

#[test]
#[ignore = "needs a GPU with 24 GB free (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_saxpy_over_three_billion_floats_is_exact() {
    let dev = gpu();
    let pattern = |m: usize| -> Vec<f32> { (0..CHUNK).map(|i| (i % m) as f32).collect() };
    let (p7, p11) = (pattern(7), pattern(11));
    let mut x = dev.zeros::<f32>(N).expect("x: 12 GB");
    let mut y = dev.zeros::<f32>(N).expect("y: 12 GB");
    for start in (0..N).step_by(CHUNK) {
        let len = CHUNK.min(N - start);
        x.slice_mut(start..start + len)
            .copy_from_host(&p7[..len])
            .expect("upload x");
        y.slice_mut(start..start + len)
            .copy_from_host(&p11[..len])
            .expect("upload y");
    }
    drop((p7, p11));
    // y[i] = 2·(i mod 7) + (i mod 11): small integers, exact in f32.
    dev.axpy(2.0f32, &x, &mut y)
        .expect("axpy over 3e9 elements");

    // Every element, on the host, exactly (the download is a plain copy, not the code under
    // test); and, chunk by chunk, the device's 32-bit `asum` (the entry point the conformance
    // suite verifies) against the exact chunk sum.
    let mut host = vec![0f32; CHUNK];
    let mut total = 0u64;
    for start in (0..N).step_by(CHUNK) {
        let len = CHUNK.min(N - start);
        let part = y.slice(start..start + len);
        part.copy_to_host(&mut host[..len]).expect("download y");
        let bad = par_check(&host[..len], 16, |off, c| {
            c.iter().enumerate().find_map(|(j, &v)| {
                let i = start + off + j;
                let want = (2 * (i % 7) + i % 11) as f32;
                (v != want).then_some((i, v, want))
            })
        });
        if let Some((i, got, want)) = bad.into_iter().flatten().next() {
            panic!("y[{i}] = {got}, expected exactly {want}");
        }
        let sum: u64 = par_check(&host[..len], 16, |_, c| {
            c.iter().map(|&v| v as u64).sum::<u64>()
        })
        .into_iter()
        .sum();
        total += sum;
        let dev_sum = dev.asum(&part).expect("32-bit asum of a chunk");
        let rel = (f64::from(dev_sum) - sum as f64).abs() / sum as f64;
        assert!(
            rel < 1e-4,
            "asum of y[{start}..+{len}] = {dev_sum}, exact {sum}"
        );
    }
    // One period of both patterns (77 elements) sums to 2·11·21 + 7·55 = 847.
    let period = |i: u64| 2 * (i % 7) + i % 11;
    let exact = (N as u64 / 77) * (0..77).map(period).sum::<u64>()
        + (N as u64 / 77 * 77..N as u64).map(period).sum::<u64>();
    assert_eq!(total, exact, "host sum of y");

    // The 64-bit reductions over the whole vector.
    let s = dev.asum(&y).expect("asum over 3e9 elements (64-bit)");
    let rel = (f64::from(s) - exact as f64).abs() / exact as f64;
    assert!(
        rel < 1e-4,
        "asum(y) = {s}, exact {exact} (relative error {rel:e})"
    );
    let far = N - 5;
    y.slice_mut(far..far + 1)
        .copy_from_host(&[1000.0])
        .expect("poke y");
    assert_eq!(
        dev.iamax(&y).expect("iamax (64-bit)"),
        Some(far),
        "iamax beyond i32::MAX"
    );
}

#[test]
#[ignore = "needs a GPU with 9 GB free (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_gemm_with_a_leading_dimension_beyond_i32_is_exact() {
    let dev = gpu();
    let (m, k, n) = (64usize, 2usize, 16usize);
    let lda = (i32::MAX as usize) + 65;
    let col = |j: usize| -> Vec<f32> {
        (0..m)
            .map(|i| ((i * 3 + j * 5) % 13) as f32 - 6.0)
            .collect()
    };
    let mut a = dev.zeros::<f32>(lda + m).expect("A: 8.6 GB");
    for j in 0..k {
        a.slice_mut(j * lda..j * lda + m)
            .copy_from_host(&col(j))
            .expect("upload A");
    }
    let b: Vec<f32> = (0..k * n).map(|i| (i % 5) as f32 - 2.0).collect();
    let mut c = vec![f32::NAN; m * n];
    dev.gemm(
        Op::N,
        Op::N,
        1.0f32,
        Mat::col_major(&a, m, k).with_ld(lda),
        Mat::col_major(&b, k, n),
        0.0,
        MatMut::col_major(&mut c, m, n),
    )
    .expect("gemm with lda > i32::MAX (64-bit)");
    let cols: Vec<Vec<f32>> = (0..k).map(col).collect();
    for j in 0..n {
        for i in 0..m {
            let want: f32 = (0..k).map(|p| cols[p][i] * b[p + j * k]).sum();
            assert_eq!(c[i + j * m], want, "C({i}, {j})");
        }
    }
}

#[test]
#[ignore = "needs a GPU (GPUBLAS_BACKEND=cuda|rocm)"]
fn gpu_tf32_gemm_is_within_tf32_rounding_and_not_the_f32_result() {
    let dev = gpu();
    let n = 256;
    // Inputs with full 24-bit mantissas, so TF32's rounding of them shows.
    let v = |s: u64| -> Vec<f32> {
        (0..(n * n) as u64)
            .map(|i| {
                let h = (i.wrapping_add(s) ^ 0x9e37_79b9).wrapping_mul(0x2545_f491_4f6c_dd1d);
                ((h >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect()
    };
    let (a, b) = (v(1), v(2));
    let run = |compute| {
        let mut c = vec![f32::NAN; n * n];
        dev.gemm_with(
            compute,
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a, n, n),
            Mat::col_major(&b, n, n),
            0.0,
            MatMut::col_major(&mut c, n, n),
        )
        .expect("gemm_with");
        c
    };
    let (f32c, tf32c) = (run(ComputeType::F32), run(ComputeType::Tf32));
    let mut worst = [0f64; 2];
    for j in 0..n {
        for i in 0..n {
            let (mut want, mut mag) = (0f64, 0f64);
            for p in 0..n {
                let t = f64::from(a[i + p * n]) * f64::from(b[p + j * n]);
                want += t;
                mag += t.abs();
            }
            for (w, c) in worst.iter_mut().zip([&f32c, &tf32c]) {
                *w = w.max((f64::from(c[i + j * n]) - want).abs() / mag);
            }
        }
    }
    println!("max error / Σ|ab|: F32 {:e}, TF32 {:e}", worst[0], worst[1]);
    assert!(
        worst[0] < 4.0 * (n as f64 + 2.0) * f64::from(f32::EPSILON),
        "F32: {}",
        worst[0]
    );
    // Each input rounded (or truncated) to a 10-bit mantissa: each product off by < 2·2⁻¹⁰.
    assert!(
        worst[1] < 2.5e-3,
        "TF32 beyond TF32's rounding: {}",
        worst[1]
    );
    if dev.kind() == BackendKind::Cuda {
        // An H100/H200 has TF32 tensor cores: the results must differ from full f32.
        assert!(
            f32c.iter()
                .zip(&tf32c)
                .any(|(x, y)| x.to_bits() != y.to_bits()),
            "TF32 gave the F32 result bit for bit: was it applied?"
        );
    } else {
        let same = f32c
            .iter()
            .zip(&tf32c)
            .all(|(x, y)| x.to_bits() == y.to_bits());
        println!(
            "rocm: xf32 {}",
            if same {
                "not applied on this GPU (same bits as F32)"
            } else {
                "applied"
            }
        );
    }
}
