//! The program's own stream and memory on a real CUDA GPU: a raw stream the program created
//! (`Device::cuda_on_stream`), and cudarc streams and memory (feature `cudarc`), including two
//! streams running independent work side by side, and gpublas's own second stream
//! (`Device::fork`). Opt-in like `gpu.rs`
//! (`GPUBLAS_BACKEND=cuda cargo test --features cuda,cudarc -- --ignored`); enabled without a
//! GPU they fail, they never skip.
#![cfg(feature = "cuda")]

use gpublas::prelude::*;
use gpublas::Cuda;

fn want_cuda() {
    let want = std::env::var(gpublas::BACKEND_VAR).unwrap_or_default();
    assert_eq!(want, "cuda", "these tests need GPUBLAS_BACKEND=cuda");
}

fn data(len: usize, seed: usize) -> Vec<f64> {
    (0..len)
        .map(|i| (((i * 7919 + seed * 104_729) % 1000) as f64) / 500.0 - 1.0)
        .collect()
}

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

fn assert_close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-11 * (1.0 + w.abs()), "{i}: {g} vs {w}");
    }
}

#[test]
#[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
fn gpu_device_on_a_raw_stream_of_the_program() {
    want_cuda();
    let own = Device::cuda(0).expect("cuda device");
    let api = own.backend().api();
    let mut st: cublas_sys::cudaStream_t = std::ptr::null_mut();
    // SAFETY: writes one stream handle.
    let code =
        unsafe { (api.rt.cudaStreamCreateWithFlags)(&mut st, cublas_sys::cudaStreamNonBlocking) };
    assert_eq!(code, cublas_sys::cudaSuccess);
    let (m, k, n) = (70, 50, 30);
    let (a, b) = (data(m * k, 1), data(k * n, 2));
    {
        // SAFETY: `st` is a live stream of device 0's primary context (the runtime's), destroyed
        // only after the device and its buffers are gone and the stream is synchronised.
        let dev = unsafe { Device::<Cuda>::cuda_on_stream(0, st) }.expect("device on stream");
        let (a_d, b_d) = (dev.upload(&a).unwrap(), dev.upload(&b).unwrap());
        let mut c_d = dev.zeros::<f64>(m * n).unwrap();
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&a_d, m, k),
            Mat::col_major(&b_d, k, n),
            0.0,
            MatMut::col_major(&mut c_d, m, n),
        )
        .unwrap();
        // The program's own synchronisation of its stream covers gpublas's queued work.
        // SAFETY: the stream is live.
        let code = unsafe { (api.rt.cudaStreamSynchronize)(st) };
        assert_eq!(code, cublas_sys::cudaSuccess);
        assert_close(&c_d.to_vec().unwrap(), &naive_gemm(&a, &b, m, k, n));
    }
    // SAFETY: nothing uses the stream any more.
    unsafe { (api.rt.cudaStreamDestroy)(st) };
}

#[test]
#[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
fn gpu_events_order_two_devices_streams() {
    want_cuda();
    let (one, two) = (Device::cuda(0).unwrap(), Device::cuda(0).unwrap());
    let mut x = one.upload(&data(1000, 7)).unwrap();
    one.scal(2.0, &mut x).unwrap();
    let ev = one.record_event().unwrap();
    two.wait_event(&ev).unwrap(); // a CUDA stream may wait for any CUDA event of the process
    ev.synchronize().unwrap();
    let want: f64 = data(1000, 7).iter().map(|v| 2.0 * v.abs()).sum();
    let got = one.asum(&x).unwrap();
    assert!((got - want).abs() <= 1e-12 * want, "{got} vs {want}");
}

/// Seconds for `total` independent 64×64 sgemms on device buffers over `streams` devices — the
/// first and its forks (`Device::fork`), one thread each, each waiting for its own stream (best
/// of 5).
fn fork_streams_time(dev: &Device<Cuda>, streams: usize, total: usize) -> f64 {
    let s = 64;
    let work: Vec<_> = (0..streams)
        .map(|i| {
            let d = if i == 0 {
                dev.clone()
            } else {
                dev.fork().unwrap()
            };
            let a = d.upload(&vec![0.5f32; s * s]).unwrap();
            let c = d.zeros::<f32>(s * s).unwrap();
            (d, a, c)
        })
        .collect();
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        for (d, ..) in &work {
            d.synchronize().unwrap();
        }
        let t = std::time::Instant::now();
        std::thread::scope(|sc| {
            for (d, a, c) in &work {
                let mut c = c.try_clone().unwrap();
                sc.spawn(move || {
                    for _ in 0..total / streams {
                        d.gemm(
                            Op::N,
                            Op::N,
                            1.0,
                            Mat::col_major(a, s, s),
                            Mat::col_major(a, s, s),
                            0.0,
                            MatMut::col_major(&mut c, s, s),
                        )
                        .unwrap();
                    }
                    d.synchronize().unwrap();
                });
            }
        });
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

#[test]
#[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
fn gpu_a_fork_runs_independent_gemms_beside_its_parent() {
    want_cuda();
    let dev = Device::cuda(0).expect("cuda device");
    let (one, two) = (
        fork_streams_time(&dev, 1, 2000),
        fork_streams_time(&dev, 2, 2000),
    );
    eprintln!(
        "2000 sgemm 64 on device buffers: one stream {:.2} ms, the device and a fork {:.2} ms",
        one * 1e3,
        two * 1e3
    );
    assert!(
        two < 0.9 * one,
        "the device and a fork ({two:.4}s) are not faster than one stream ({one:.4}s)"
    );
}

/// A buffer of the device read by long gemms queued on a fork, dropped at once, its block
/// reused by the device and overwritten: the free waited for the fork's queued work, so the
/// gemms read the buffer's values, not the zeros written over its reused block (exact: small
/// integers in f64).
#[test]
#[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
fn gpu_a_buffer_used_by_a_fork_is_freed_after_the_forks_work() {
    want_cuda();
    let dev = Device::cuda(0).expect("cuda device");
    let side = dev.fork().expect("fork");
    let n = 2048;
    let b0: Vec<f64> = (0..n * n)
        .map(|i| ((i * 7 + i / n) % 7) as f64 - 3.0)
        .collect();
    let b = side.upload(&b0).unwrap();
    let mut c = side.zeros::<f64>(n * n).unwrap();
    let reps = 8;
    for round in 0..3 {
        let x = dev.upload(&vec![1.0f64; n * n]).unwrap();
        let at = x.as_device_ptr();
        side.wait_event(&dev.record_event().unwrap()).unwrap();
        for _ in 0..reps {
            // C += ones · B: each column of C gains the column sums of B.
            side.gemm(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&x, n, n),
                Mat::col_major(&b, n, n),
                1.0,
                MatMut::col_major(&mut c, n, n),
            )
            .unwrap();
        }
        drop(x); // the gemms are still queued on the fork
        let y = dev.zeros::<f64>(n * n).unwrap();
        assert_eq!(y.as_device_ptr(), at, "the freed block is reused");
        drop(y);
        let got = c.to_vec().unwrap();
        for j in 0..n {
            let sum: f64 = b0[j * n..(j + 1) * n].iter().sum();
            let want = sum * (reps * (round + 1)) as f64;
            for i in [0, n / 2, n - 1] {
                assert_eq!(got[i + j * n], want, "round {round}, C[{i}, {j}]");
            }
        }
    }
}

#[cfg(feature = "cudarc")]
mod cudarc_interop {
    use super::*;
    use cudarc::driver::CudaContext;
    use std::time::Instant;

    #[test]
    #[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
    fn gpu_cudarc_stream_and_memory_are_gpublas_operands() {
        want_cuda();
        let ctx = CudaContext::new(0).expect("cudarc context");
        let stream = ctx.new_stream().unwrap();
        let dev = Device::from_cudarc(&stream).expect("device on cudarc's stream");
        assert!(dev.cudarc_stream().is_some());
        let (m, k, n) = (65, 33, 17);
        let (a, b) = (data(m * k, 3), data(k * n, 4));
        let a_c = stream.clone_htod(&a).unwrap();
        let b_c = stream.clone_htod(&b).unwrap();
        let mut c_c = stream.clone_htod(&vec![f64::NAN; m * n]).unwrap(); // beta = 0: never read
        dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&dev.cudarc(&a_c).unwrap(), m, k),
            Mat::col_major(&dev.cudarc(&b_c).unwrap(), k, n),
            0.0,
            MatMut::col_major(&mut dev.cudarc_mut(&mut c_c).unwrap(), m, n),
        )
        .unwrap();
        // cudarc's copy on the same stream comes after the gemm with no synchronisation.
        let mut d_c = stream.clone_dtod(&c_c).unwrap();
        dev.scal(-2.0, &mut dev.cudarc_mut(&mut d_c).unwrap())
            .unwrap();
        let want = naive_gemm(&a, &b, m, k, n);
        assert_close(&stream.clone_dtoh(&c_c).unwrap(), &want);
        let want2: Vec<f64> = want.iter().map(|v| -2.0 * v).collect();
        assert_close(&stream.clone_dtoh(&d_c).unwrap(), &want2);
        // Length-checked like any storage.
        let e = dev.gemm(
            Op::N,
            Op::N,
            1.0,
            Mat::col_major(&dev.cudarc(&a_c).unwrap(), m, k + 1),
            Mat::col_major(&dev.cudarc(&b_c).unwrap(), k + 1, n),
            0.0,
            MatMut::col_major(&mut dev.cudarc_mut(&mut c_c).unwrap(), m, n),
        );
        assert!(matches!(e, Err(Error::InvalidArgument { .. })), "{e:?}");
        // cudarc memory on a device that does not run on a cudarc stream is refused: nothing
        // would order gpublas's work with cudarc's.
        let other = Device::cuda(0).unwrap();
        assert!(matches!(
            other.cudarc(&a_c),
            Err(Error::InvalidArgument { .. })
        ));
        // Memory of another stream of the same context: cudarc's events order it.
        let s2 = ctx.new_stream().unwrap();
        let x2 = s2.clone_htod(&data(100, 5)).unwrap();
        let got = dev.asum(&dev.cudarc(&x2).unwrap()).unwrap();
        let want: f64 = data(100, 5).iter().map(|v| v.abs()).sum();
        assert!((got - want).abs() <= 1e-12 * want, "{got} vs {want}");
    }

    /// Seconds for `total` independent 64×64 sgemms over `streams` cudarc streams, one
    /// thread each (best of 5).
    fn streams_time(ctx: &std::sync::Arc<CudaContext>, streams: usize, total: usize) -> f64 {
        let s = 64;
        let work: Vec<_> = (0..streams)
            .map(|_| {
                let st = ctx.new_stream().unwrap();
                let dev = Device::from_cudarc(&st).unwrap();
                let a = st.clone_htod(&vec![0.5f32; s * s]).unwrap();
                let c = st.alloc_zeros::<f32>(s * s).unwrap();
                (st, dev, a, c)
            })
            .collect();
        let mut best = f64::INFINITY;
        for _ in 0..5 {
            let t = Instant::now();
            std::thread::scope(|sc| {
                for (st, dev, a, c) in &work {
                    sc.spawn(move || {
                        let mut c = c.clone();
                        for _ in 0..total / streams {
                            dev.gemm(
                                Op::N,
                                Op::N,
                                1.0,
                                Mat::col_major(&dev.cudarc(a).unwrap(), s, s),
                                Mat::col_major(&dev.cudarc(a).unwrap(), s, s),
                                0.0,
                                MatMut::col_major(&mut dev.cudarc_mut(&mut c).unwrap(), s, s),
                            )
                            .unwrap();
                        }
                        st.synchronize().unwrap();
                    });
                }
            });
            best = best.min(t.elapsed().as_secs_f64());
        }
        best
    }

    #[test]
    #[ignore = "needs a CUDA GPU (GPUBLAS_BACKEND=cuda)"]
    fn gpu_two_streams_of_independent_gemms_finish_faster_than_one() {
        want_cuda();
        let ctx = CudaContext::new(0).expect("cudarc context");
        let (one, two) = (streams_time(&ctx, 1, 2000), streams_time(&ctx, 2, 2000));
        eprintln!(
            "2000 sgemm 64: one stream {:.2} ms, two {:.2} ms",
            one * 1e3,
            two * 1e3
        );
        assert!(
            two < 0.9 * one,
            "two streams {two:.4}s are not faster than one {one:.4}s"
        );
    }
}
