//! Device memory gpublas did not allocate, taken as operands through the `unsafe` raw
//! constructors (`DeviceSlice::from_raw_parts`, `DeviceSliceMut::from_raw_parts_mut`): the
//! results match a naive reference, the raw slices are length-checked like the crate's own, and
//! on the emulated GPU (whose memory accesses are checked) memory from its backend's allocator
//! works as a foreign library's would.

#![cfg(feature = "host")] // the host backend (a default feature)

use gpublas::backend::{Backend, DevPtr};
use gpublas::prelude::*;
use gpublas::{DeviceSlice, DeviceSliceMut, Emulated};

fn data(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

fn naive_gemv(
    a: &[f64],
    x: &[f64],
    m: usize,
    n: usize,
    alpha: f64,
    beta: f64,
    y: &[f64],
) -> Vec<f64> {
    (0..m)
        .map(|i| alpha * (0..n).map(|j| a[i + j * m] * x[j]).sum::<f64>() + beta * y[i])
        .collect()
}

#[test]
fn raw_host_slices_are_operands_and_are_checked() {
    let dev = Device::host();
    let (m, n) = (7, 5);
    let a = data(m * n, 1);
    let x = data(n, 2);
    let mut y = data(m, 3);
    let want = naive_gemv(&a, &x, m, n, 0.5, -2.0, &y);
    let raw = |v: &[f64]| DevPtr::from_raw(v.as_ptr().cast_mut().cast());
    {
        // SAFETY: each slice covers a live Vec of that length; `y` is reached only through `ys`
        // while it lives; `Host` runs every call before returning.
        let (av, xv, mut ys) = unsafe {
            (
                DeviceSlice::<f64, _>::from_raw_parts(&dev, raw(&a), a.len()),
                DeviceSlice::<f64, _>::from_raw_parts(&dev, raw(&x), x.len()),
                DeviceSliceMut::<f64, _>::from_raw_parts_mut(
                    &dev,
                    DevPtr::from_raw(y.as_mut_ptr().cast()),
                    m,
                ),
            )
        };
        dev.gemv(Op::N, 0.5, Mat::col_major(&av, m, n), &xv, -2.0, &mut ys)
            .unwrap();
        // Checked against the raw length like any storage: a matrix too large is an error.
        let e = dev.gemv(Op::N, 1.0, Mat::col_major(&av, m, n + 1), &xv, 0.0, &mut ys);
        assert!(matches!(e, Err(Error::InvalidArgument { .. })), "{e:?}");
    }
    for (g, w) in y.iter().zip(&want) {
        assert!((g - w).abs() <= 1e-12 * (1.0 + w.abs()), "{g} vs {w}");
    }
}

#[test]
fn raw_slices_over_another_allocators_memory_on_the_emulated_gpu() {
    let dev = Device::new(Emulated::new());
    let n = 33;
    let (x, y0) = (data(n, 4), data(n, 5));
    let bytes = n * 8;
    let be = dev.backend();
    // "Another library's" allocations: the backend's own allocator, bypassing gpublas's buffers.
    // SAFETY: `bytes > 0`; the uploads fill exactly the allocations.
    let (px, py) = unsafe {
        let (px, py) = (be.alloc(bytes).unwrap(), be.alloc(bytes).unwrap());
        be.upload(px, x.as_ptr().cast(), bytes).unwrap();
        be.upload(py, y0.as_ptr().cast(), bytes).unwrap();
        (px, py)
    };
    {
        // SAFETY: both cover `n` initialised f64s of live allocations of `dev`'s backend; `py`
        // is reached only through `ys`; `dev.synchronize()` runs before the memory is freed.
        let (xs, mut ys) = unsafe {
            (
                DeviceSlice::<f64, _>::from_raw_parts(&dev, px, n),
                DeviceSliceMut::<f64, _>::from_raw_parts_mut(&dev, py, n),
            )
        };
        dev.axpy(3.0, &xs, &mut ys).unwrap();
        let dot = dev.dot(&xs, &ys).unwrap();
        let want_y: Vec<f64> = x.iter().zip(&y0).map(|(a, b)| 3.0 * a + b).collect();
        let want_dot: f64 = x.iter().zip(&want_y).map(|(a, b)| a * b).sum();
        assert!(
            (dot - want_dot).abs() <= 1e-12 * n as f64,
            "{dot} vs {want_dot}"
        );
        dev.synchronize().unwrap();
    }
    let mut back = vec![0.0f64; n];
    // SAFETY: `py` holds `n` f64s; then both allocations are freed once, unused afterwards.
    unsafe {
        be.download(back.as_mut_ptr().cast(), py, bytes).unwrap();
        be.free(px, bytes);
        be.free(py, bytes);
    }
    for i in 0..n {
        let w = 3.0 * x[i] + y0[i];
        assert!((back[i] - w).abs() <= 1e-14, "{i}: {} vs {w}", back[i]);
    }
}

#[test]
fn events_order_queued_work_and_refuse_foreign_devices() {
    // The asynchronous emulated GPU: its copy queues run late, so an event really waits.
    let dev = Device::new(Emulated::asynchronous());
    let x0 = data(50, 6);
    let mut x = dev.upload(&x0).unwrap();
    dev.scal(-3.0, &mut x).unwrap();
    let ev = dev.record_event().unwrap();
    dev.wait_event(&ev).unwrap();
    ev.synchronize().unwrap();
    let want: f64 = x0.iter().map(|v| 3.0 * v.abs()).sum();
    let got = dev.asum(&x).unwrap();
    assert!((got - want).abs() <= 1e-12 * want, "{got} vs {want}");
    // An emulated device's events mean nothing to another emulated device.
    let other = Device::new(Emulated::asynchronous());
    let e = other.wait_event(&ev);
    assert!(matches!(e, Err(Error::InvalidArgument { .. })), "{e:?}");
}

fn naive_gemm(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut c = vec![0.0f64; m * n];
    for j in 0..n {
        for i in 0..m {
            c[i + j * m] = (0..k).map(|p| a[i + p * m] * b[p + j * k]).sum();
        }
    }
    c
}

fn assert_close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-12 * (1.0 + w.abs()), "{i}: {g} vs {w}");
    }
}

/// A fork shares its parent's memory both ways (buffers, a mapped guard, page-locked memory),
/// orders with it by events, inherits its settings, and outlives or is outlived by it; on the
/// host, the emulated GPU (whose memory accesses are checked) and the asynchronous emulated GPU
/// (whose copy queues run late).
#[test]
fn a_fork_shares_memory_with_its_parent_and_orders_by_events() {
    use gpublas::backend::{Dynamic, Host};
    let devices = [
        Device::new(Dynamic::Host(Host)),
        Device::new(Dynamic::Emulated(Emulated::new())),
        Device::new(Dynamic::Emulated(Emulated::asynchronous())),
    ];
    for (d, parent) in devices.into_iter().enumerate() {
        let (m, k, n) = (7, 5, 6);
        let (a0, b0) = (data(m * k, 10 + d as u64), data(k * n, 20 + d as u64));
        parent.set_zero_copy_limit(123);
        let side = parent.fork().unwrap();
        assert!(side.same_device(&parent) && parent.same_device(&side));
        assert_eq!(side.zero_copy_limit(), 123, "settings are inherited");
        assert_eq!(side.pool_limit(), parent.pool_limit());

        // The parent's buffer and a guard of the parent's, the fork's output.
        let a = parent.upload(&a0).unwrap();
        let ready = parent.record_event().unwrap();
        side.wait_event(&ready).unwrap();
        let mut c = side.zeros::<f64>(m * n).unwrap();
        parent
            .with_mapped(&b0, |b| {
                side.gemm(
                    Op::N,
                    Op::N,
                    1.0,
                    Mat::col_major(&a, m, k),
                    Mat::col_major(b, k, n),
                    0.0,
                    MatMut::col_major(&mut c, m, n),
                )
            })
            .unwrap();
        side.record_event().unwrap().synchronize().unwrap();
        let want = naive_gemm(&a0, &b0, m, k, n);
        assert_close(&c.to_vec().unwrap(), &want);

        // The fork's buffer as the parent's output, then freed with the parent's queue
        // ordered after the fork's work; a fork of the fork belongs to the same family.
        let grand = side.fork().unwrap();
        assert!(grand.same_device(&parent));
        let mut y = grand.upload(&vec![1.0; m]).unwrap();
        let done = grand.record_event().unwrap();
        parent.wait_event(&done).unwrap();
        let x0 = data(n, 30);
        parent
            .gemv(Op::N, 2.0, Mat::col_major(&c, m, n), &x0, -1.0, &mut y)
            .unwrap();
        let ones = vec![1.0; m];
        assert_close(
            &y.to_vec().unwrap(),
            &naive_gemv(&want, &x0, m, n, 2.0, -1.0, &ones),
        );
        drop(side); // the fork goes first; its buffer `c` keeps it alive
        drop(a);
        drop(c);
        drop(parent); // and the parent before the grandchild's buffer
        assert_eq!(y.to_vec().unwrap().len(), m);
        drop(y);
        grand.synchronize().unwrap();
    }
}
