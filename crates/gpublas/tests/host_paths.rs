//! Every kind of argument path, on tiny problems, on the host backend (zero-copy: outputs are
//! written through pointers derived from the caller's `&mut`) and on the emulated discrete
//! device (copies, temporaries, scopes). Small enough to run under Miri, which checks the
//! aliasing of every pointer the safe layer derives:
//! `MIRIFLAGS=-Zmiri-ignore-leaks cargo +nightly miri test -p gpublas --test host_paths`
//! (leaks are ignored because one test forgets guards on purpose).

#![cfg(feature = "host")] // the host backend (a default feature)

use gpublas::prelude::*;
use gpublas::{Emulated, MappedSliceMut};

/// `C = A·B` for column-major `m×k` and `k×n`, in f64.
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

fn close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-12 * (1.0 + w.abs()),
            "[{i}]: got {g}, want {w}"
        );
    }
}

fn data(len: usize, seed: u64) -> Vec<f64> {
    (0..len as u64)
        .map(|i| (((i * 7919 + seed * 104_729) % 1000) as f64) / 500.0 - 1.0)
        .collect()
}

fn every_path<B: Backend + BlasAll>(dev: &Device<B>) {
    let (m, k, n) = (3, 4, 2);
    let a = data(m * k, 1);
    let b = data(k * n, 2);
    let want = naive_gemm(&a, &b, m, k, n);

    // Host slices, `&mut` output (beta = 0: no copy-in; beta = 1: copy-in).
    let mut c = vec![f64::NAN; m * n];
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        0.0,
        MatMut::col_major(&mut c, m, n),
    )
    .unwrap();
    close(&c, &want);
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        1.0,
        MatMut::col_major(&mut c, m, n),
    )
    .unwrap();
    close(&c, &want.iter().map(|v| 2.0 * v).collect::<Vec<_>>());

    // Row-major output with a leading dimension larger than its rows.
    let mut cr = vec![f64::NAN; m * (n + 1)];
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a, m, k),
        Mat::col_major(&b, k, n),
        0.0,
        MatMut::row_major(&mut cr, m, n).with_ld(n + 1),
    )
    .unwrap();
    for i in 0..m {
        for j in 0..n {
            close(&[cr[i * (n + 1) + j]], &[want[i + j * m]]);
        }
        assert!(cr[i * (n + 1) + n].is_nan(), "the gap is untouched");
    }

    // Guards: map, map_mut (finish and drop), map_out.
    let a_d = dev.map(&a).unwrap();
    let b_d = dev.map(&b).unwrap();
    let mut c1 = vec![0.5; m * n];
    let mut g: MappedSliceMut<'_, f64, B> = dev.map_mut(&mut c1).unwrap();
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&a_d, m, k),
        Mat::col_major(&b_d, k, n),
        0.0,
        MatMut::col_major(&mut g, m, n),
    )
    .unwrap();
    g.sync_to_host().unwrap();
    g.finish().unwrap();
    close(&c1, &want);
    let mut c2 = vec![f64::NAN; m * n];
    {
        let mut g = dev.map_out(&mut c2).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a_d, m, k),
            Mat::col_major(&b_d, k, n),
            1.0,
            MatMut::col_major(&mut g, m, n),
        )
        .unwrap(); // map_out starts from zeros, so beta = 1 adds to zero
    }
    close(&c2, &want);
    drop((a_d, b_d));

    // Level 1 and 2 with host `&mut` outputs and strided vectors.
    let x = data(k, 3);
    let mut y = vec![0.0; m];
    dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, 0.0, &mut y)
        .unwrap();
    close(&y, &naive_gemm(&a, &x, m, k, 1));
    let mut z = vec![1.0; 2 * m];
    dev.axpy(2.0, &y, VectorMut::strided(&mut z[..], m, 2))
        .unwrap();
    for i in 0..m {
        close(&[z[2 * i], z[2 * i + 1]], &[1.0 + 2.0 * y[i], 1.0]);
    }
    let mut w = y.clone();
    dev.scal(-1.0, &mut w).unwrap();
    dev.swap(&mut w, &mut y).unwrap();
    close(
        &[dev.dot(&w, &y).unwrap()],
        &[-y.iter().map(|v| v * v).sum::<f64>()],
    );

    // Device buffers.
    let xb = dev.upload(&x).unwrap();
    let mut yb = dev.zeros::<f64>(m).unwrap();
    dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &xb, 0.0, &mut yb)
        .unwrap();
    close(&yb.to_vec().unwrap(), &naive_gemm(&a, &x, m, k, 1));

    // A scope: found by address, copied back even when the guard is forgotten.
    let mut c3 = vec![f64::NAN; m * n];
    dev.scope(|s| {
        let _a = s.map(&a)?;
        let g = s.map_out(&mut c3)?;
        let mut g = g;
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a, m, k),
            Mat::col_major(&b, k, n),
            0.0,
            MatMut::col_major(&mut g, m, n),
        )?;
        std::mem::forget(g);
        Ok(())
    })
    .unwrap();
    close(&c3, &want);

    // ndarray views: standard, Fortran and strided (copied) layouts, read and written.
    let an = ndarray::Array2::from_shape_fn((m, k), |(i, p)| a[i + p * m]);
    let bn = ndarray::Array2::from_shape_fn((k, n), |(p, j)| b[p + j * k]).reversed_axes();
    let bn = bn.t();
    let got = dev.matmul(&an, bn).unwrap();
    for i in 0..m {
        for j in 0..n {
            close(&[got[[i, j]]], &[want[i + j * m]]);
        }
    }
    let mut big = ndarray::Array2::from_elem((2 * m, n), f64::NAN);
    {
        let view = big.slice_mut(ndarray::s![..;2, ..]);
        dev.gemm(Op::N, Op::N, 1.0, &an, bn, 0.0, view).unwrap();
    }
    for i in 0..m {
        for j in 0..n {
            close(&[big[[2 * i, j]]], &[want[i + j * m]]);
            assert!(big[[2 * i + 1, j]].is_nan());
        }
    }
}

#[test]
fn every_argument_path_on_the_host_backend() {
    every_path(&Device::host());
}

#[test]
fn every_argument_path_on_the_emulated_device_frees_everything() {
    let emu = Emulated::new();
    {
        let dev = Device::new(emu.clone());
        every_path(&dev);
    }
    // The one guard forgotten inside the scope was copied back by the scope; its device copy
    // is the only allocation left (a leak, which is safe).
    assert_eq!(emu.live_allocations(), 1, "{emu:?}");
}

#[test]
fn every_argument_path_on_the_asynchronous_emulated_device() {
    // Copy queues that run late, page-locked staging in 4 KiB slots: the transfer engine's
    // pipelines, events and pools, checked.
    let emu = Emulated::asynchronous();
    {
        let dev = Device::new(emu.clone());
        dev.set_staging(4096, 2);
        every_path(&dev);
        let s = dev.stats();
        assert!(s.bytes_in > 0 && s.bytes_out > 0, "{s:?}");
        assert!(s.pool_hits > 0, "repeated calls reuse pooled blocks: {s:?}");
        dev.trim().unwrap();
        assert_eq!(dev.stats().pool_cached_bytes, 0);
    }
    assert_eq!(emu.live_allocations(), 1, "{emu:?}");
}

#[test]
fn small_operands_are_used_in_place_from_mapped_staging_or_copied_by_the_limit() {
    // The asynchronous emulated device maps its page-locked staging, as CUDA does: operands up
    // to the zero-copy limit are used there in place (no copy), larger ones are packed and
    // copied; every byte is counted once either way, and the results are the same.
    let emu = Emulated::asynchronous();
    {
        let dev = Device::new(emu.clone());
        // A 3×4 gemv: A is 96 bytes, x 32, y 24.
        let (m, k) = (3, 4);
        let a: Vec<f64> = (0..m * k).map(|i| 0.5 + i as f64).collect();
        let x = [1.0, -2.0, 0.25, 3.0];
        let y0 = [1.0, 2.0, -1.0];
        let ax = naive_gemm(&a, &x, m, k, 1);
        for (limit, transfers, beta) in [
            (usize::MAX, (0, 0), 0.5),
            (0, (1, 1), 0.5),
            (64, (1, 0), 0.5), // A copied; x and y in place
            (usize::MAX, (0, 0), 0.0),
        ] {
            dev.set_zero_copy_limit(limit);
            // β = 0 must not read y: NaN there must not leak into the result.
            let mut y = if beta == 0.0 { [f64::NAN; 3] } else { y0 };
            dev.reset_stats();
            dev.gemv(Op::N, 1.0, Mat::col_major(&a, m, k), &x, beta, &mut y)
                .unwrap();
            let s = dev.stats();
            assert_eq!(
                (s.transfers_in, s.transfers_out),
                transfers,
                "limit {limit}: {s:?}"
            );
            let y_in = if beta == 0.0 { 0 } else { 3 * 8 };
            assert_eq!(
                (s.bytes_in, s.bytes_out),
                (96 + 32 + y_in, 24),
                "limit {limit}: {s:?}"
            );
            let want: Vec<f64> = (0..m).map(|i| ax[i] + beta * y0[i]).collect();
            close(&y, &want);
        }
    }
    assert_eq!(emu.live_allocations(), 0, "{emu:?}");
}

#[test]
fn a_tiled_gemm_moves_page_locked_operands_by_direct_dma() {
    // A `HostBuffer` and a pinned slice in, a `HostBuffer` out, tiled in 2×2 tiles: every panel
    // and tile goes by one strided DMA from or into the user's memory (no staging), counted
    // once, and complete before the call returns.
    let emu = Emulated::asynchronous();
    {
        let dev = Device::new(emu.clone());
        dev.set_staging(4096, 2);
        dev.set_gemm_tiling(0, Some(2));
        let (m, k, n) = (5, 3, 4);
        let a: Vec<f64> = (0..m * k).map(|i| 0.5 + i as f64).collect();
        let b: Vec<f64> = (0..k * n).map(|i| 1.0 - 0.25 * i as f64).collect();
        let mut a_h = dev.host_buffer::<f64>(m * k).unwrap();
        a_h.copy_from_slice(&a);
        let mut b_v = b.clone();
        let mut c_h = dev.host_buffer::<f64>(m * n).unwrap();
        c_h.fill(f64::NAN); // β = 0: never read
        {
            let b_p = dev.pin(&mut b_v).unwrap();
            dev.reset_stats();
            dev.gemm(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&a_h, m, k),
                Mat::col_major(&b_p, k, n),
                0.0,
                MatMut::col_major(&mut c_h, m, n),
            )
            .unwrap();
        }
        let s = dev.stats();
        assert_eq!(
            (s.bytes_in, s.bytes_out),
            (((m * k + k * n) * 8) as u64, (m * n * 8) as u64),
            "{s:?}"
        );
        assert_eq!(s.pinned_bytes, 0, "no staging slot was needed: {s:?}");
        let ab = naive_gemm(&a, &b, m, k, n);
        close(&c_h, &ab);
        // β ≠ 0: C's tiles go up from and come back into the same page-locked memory.
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a_h, m, k),
            Mat::col_major(&b, k, n),
            0.5,
            MatMut::col_major(&mut c_h, m, n),
        )
        .unwrap();
        let want: Vec<f64> = ab.iter().map(|x| 1.5 * x).collect();
        close(&c_h, &want);
        assert_eq!(
            dev.stats().pinned_bytes,
            8192,
            "B, a plain Vec now, went through staging"
        );
    }
    assert_eq!(emu.live_allocations(), 0, "{emu:?}");
}
