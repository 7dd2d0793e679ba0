//! What forgetting a guard may and may not do: it may leak the guard's own device memory and skip
//! its copy-back; it must not keep the device (its pool, its page-locked staging, its context)
//! alive, and what the host slice then holds is what the docs say for the backend. A guard
//! dropped while its thread's locals are being destroyed must not abort the process.

#![cfg(feature = "host")] // the host backend (a default feature)

use gpublas::backend::{Emulated, Host};
use gpublas::prelude::*;

/// Uses the device's pool and staging: a gemv with host operands leaves its temporaries in the
/// pool and its staging slot allocated.
fn warm_up(dev: &Device<Emulated>) {
    let a = vec![1.0f64; 64 * 64];
    let mut y = vec![0.0f64; 64];
    dev.gemv(
        Op::N,
        1.0,
        Mat::col_major(&a, 64, 64),
        &[1.0; 64],
        0.0,
        &mut y,
    )
    .unwrap();
    assert_eq!(y, [64.0; 64]);
}

#[test]
fn a_forgotten_guard_leaks_its_memory_but_not_the_device() {
    let emu = Emulated::asynchronous();
    let dev = Device::new(emu.clone());
    warm_up(&dev);
    assert!(emu.pinned_bytes() > 0, "the call used page-locked staging");
    assert!(
        emu.live_allocations() > 0,
        "the call's temporaries are in the pool"
    );
    let mut y = vec![2.0f64; 100];
    let guard = dev.map_mut(&mut y).unwrap();
    std::mem::forget(guard);
    let a = vec![3.0f32; 10];
    std::mem::forget(dev.map(&a).unwrap());
    drop(dev);
    // The device is gone: its pool and staging were released. Only the two forgotten
    // allocations remain (leaked, as forgetting may do).
    assert_eq!(
        emu.live_allocations(),
        2,
        "only the forgotten guards' device memory may outlive the device"
    );
    assert_eq!(
        emu.pinned_bytes(),
        0,
        "the device's page-locked staging outlived it"
    );
}

/// Maps `y` read-write, scales it on the device, and forgets the guard.
fn scale_and_forget<B: gpublas::backend::BlasAll>(dev: &Device<B>, y: &mut [f64]) {
    let mut y_d = dev.map_mut(y).unwrap();
    dev.scal(3.0, &mut y_d).unwrap();
    std::mem::forget(y_d);
}

#[test]
fn after_a_forgotten_map_mut_the_host_slice_holds_what_the_backend_documents() {
    // A backend with its own memory: no copy-back, the slice keeps its old contents.
    let dev = Device::new(Emulated::asynchronous());
    let mut y = vec![1.0, 2.0, 3.0];
    scale_and_forget(&dev, &mut y);
    assert_eq!(
        y,
        [1.0, 2.0, 3.0],
        "device memory: the copy-back is skipped"
    );
    // The host backend maps in place: the routine wrote the slice itself.
    let dev = Device::new(Host);
    assert!(dev.backend().host_memory());
    let mut y = vec![1.0, 2.0, 3.0];
    scale_and_forget(&dev, &mut y);
    assert_eq!(y, [3.0, 6.0, 9.0], "host memory: mapped in place");
}

/// The child process of the thread-local test: a guard held by a thread-local is dropped while
/// the thread's locals are destroyed (after gpublas's own), and its copy-back fails.
fn guard_dropped_during_thread_teardown() {
    use std::cell::RefCell;
    thread_local! {
        static HELD: RefCell<Option<gpublas::MappedSliceMut<'static, f64, Emulated>>> =
            const { RefCell::new(None) };
    }
    let emu = Emulated::asynchronous();
    let dev: &'static Device<Emulated> = Box::leak(Box::new(Device::new(emu.clone())));
    std::thread::spawn(move || {
        let y: &'static mut [f64] = Box::leak(vec![1.0f64; 8].into_boxed_slice());
        // Registered first, so destroyed after gpublas's thread-locals (reverse order).
        HELD.with(|h| *h.borrow_mut() = Some(dev.map_mut(y).unwrap()));
        // gpublas's thread-locals come into use after.
        dev.synchronize().unwrap();
        dev.take_deferred_errors();
        // The copy-back (one chunk: a staged download and its wait) will fail.
        emu.inject_fault(0);
    })
    .join()
    .unwrap();
    println!("child: thread ended without aborting");
}

#[test]
#[cfg_attr(miri, ignore = "runs a child process")]
fn a_guard_dropped_while_thread_locals_are_destroyed_does_not_abort() {
    const CHILD: &str = "GPUBLAS_TEST_TLS_CHILD";
    if std::env::var_os(CHILD).is_some() {
        guard_dropped_during_thread_teardown();
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_guard_dropped_while_thread_locals_are_destroyed_does_not_abort",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("child: thread ended without aborting"),
        "the child process failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
}
