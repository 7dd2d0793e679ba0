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
