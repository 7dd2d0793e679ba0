//! A guard's `Drop` cannot return an error; a failed copy-back is recorded on the device and
//! returned by its next call. Shown with a backend whose device→host copies fail on demand
//! (host memory underneath, but mapped by copying, like a GPU).

#![cfg(feature = "host")] // the host backend (a default feature)

use std::sync::atomic::{AtomicBool, Ordering};

use gpublas::backend::{Backend, BackendKind, DevPtr, Host};
use gpublas::{Device, Error, Result};

/// Host memory treated as device memory (copies, not zero-copy), with failing downloads.
#[derive(Default)]
struct FlakyLink {
    fail_downloads: AtomicBool,
}

// SAFETY: everything is `Host`'s, which keeps the contract, except that downloads may fail (an
// `Err`, with nothing copied) and that `host_memory` is false (host memory treated as device
// memory reached only through copies, which is true of how it is used).
unsafe impl Backend for FlakyLink {
    fn kind(&self) -> BackendKind {
        BackendKind::Host
    }
    fn describe(&self) -> String {
        "flaky link (test)".into()
    }
    fn host_memory(&self) -> bool {
        false
    }
    fn same_context(&self, _other: &Self) -> bool {
        true
    }
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.alloc(bytes) }
    }
    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        // SAFETY: forwarded to the caller.
        unsafe { Host.free(ptr, bytes) }
    }
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.upload(dst, src, bytes) }
    }
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        if self.fail_downloads.load(Ordering::SeqCst) {
            return Err(Error::Vendor {
                library: "test",
                routine: "download",
                code: 1,
                message: "link down".into(),
            });
        }
        // SAFETY: forwarded to the caller.
        unsafe { Host.download(dst, src, bytes) }
    }
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Backend::copy(&Host, dst, src, bytes) }
    }
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.zero(dst, bytes) }
    }
    fn synchronize(&self) -> Result<()> {
        Ok(())
    }
}

/// Whether `e` is the link's failure — as it is, or as the copy-back's report that the host
/// slice may be partly written (a failed download may stop part way).
fn is_link_down(e: &Error) -> bool {
    match e {
        Error::Vendor { message, .. } => message == "link down",
        Error::PartlyWritten {
            outputs, source, ..
        } => outputs == &["host slice"] && is_link_down(source),
        _ => false,
    }
}

#[test]
fn finish_returns_a_failed_copy_back_and_leaves_no_deferred_error() {
    let dev = Device::new(FlakyLink::default());
    let mut y = vec![1.0f64; 4];
    let guard = dev.map_mut(&mut y).expect("map_mut");
    dev.backend().fail_downloads.store(true, Ordering::SeqCst);
    let err = guard.finish().unwrap_err();
    assert!(is_link_down(&err), "{err:?}");
    dev.backend().fail_downloads.store(false, Ordering::SeqCst);
    assert!(
        dev.zeros::<f64>(1).is_ok(),
        "finish reported the error; nothing should be deferred"
    );
}

#[test]
fn drop_defers_a_failed_copy_back_to_the_next_call_once() {
    let dev = Device::new(FlakyLink::default());
    let mut y = vec![1.0f64; 4];
    {
        let _guard = dev.map_mut(&mut y).expect("map_mut");
        dev.backend().fail_downloads.store(true, Ordering::SeqCst);
    } // dropped: the copy-back fails and is recorded
    dev.backend().fail_downloads.store(false, Ordering::SeqCst);
    match dev.zeros::<f64>(1) {
        Err(Error::Deferred(errors)) => {
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(is_link_down(&errors[0]), "{errors:?}");
        }
        other => panic!("expected the deferred copy-back error, got {other:?}"),
    }
    assert!(
        dev.zeros::<f64>(1).is_ok(),
        "a deferred error is returned once"
    );
}

#[test]
fn every_deferred_error_is_kept_not_only_the_first() {
    let dev = Device::new(FlakyLink::default());
    let (mut y1, mut y2, mut y3) = (vec![1.0f64; 2], vec![2.0f64; 3], vec![3.0f64; 4]);
    // (Each call returns the errors deferred before it, so the guards are made first.)
    let guards = (
        dev.map_mut(&mut y1).expect("map_mut"),
        dev.map_mut(&mut y2).expect("map_mut"),
        dev.map_out(&mut y3).expect("map_out"),
    );
    dev.backend().fail_downloads.store(true, Ordering::SeqCst);
    drop(guards);
    dev.backend().fail_downloads.store(false, Ordering::SeqCst);
    let errors = dev.take_deferred_errors();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors.iter().all(is_link_down), "{errors:?}");
    assert!(dev.take_deferred_errors().is_empty());
    assert!(dev.synchronize().is_ok());
}

#[test]
fn a_deferred_error_reaches_the_thread_whose_guard_failed_and_no_other() {
    let dev = Device::new(FlakyLink::default());
    let clone = dev.clone();
    std::thread::scope(|s| {
        let failing = s.spawn(|| {
            let mut y = vec![1.0f64; 4];
            dev.backend().fail_downloads.store(true, Ordering::SeqCst);
            drop(dev.map_mut(&mut y).expect("map_mut"));
            dev.backend().fail_downloads.store(false, Ordering::SeqCst);
            // This thread's next call on the device (or a clone) returns it.
            matches!(clone.zeros::<f64>(1), Err(Error::Deferred(e)) if e.len() == 1 && is_link_down(&e[0]))
        });
        let got_it = failing.join().expect("thread");
        assert!(
            got_it,
            "the failing thread's next call must return its error"
        );
    });
    // The main thread (whose guards all succeeded) sees nothing.
    assert!(dev.zeros::<f64>(1).is_ok());
    assert!(dev.take_deferred_errors().is_empty());
    // Errors are per device: another device's calls on the failing thread would not see them.
    let other = Device::new(FlakyLink::default());
    let mut y = vec![0.0f64; 2];
    dev.backend().fail_downloads.store(true, Ordering::SeqCst);
    drop(dev.map_mut(&mut y).expect("map_mut"));
    dev.backend().fail_downloads.store(false, Ordering::SeqCst);
    assert!(other.zeros::<f64>(1).is_ok(), "another device's call");
    assert!(matches!(dev.zeros::<f64>(1), Err(Error::Deferred(_))));
}

#[test]
fn a_scope_returns_the_copy_back_errors_of_its_guards() {
    let dev = Device::new(FlakyLink::default());
    let (mut y1, mut y2) = (vec![1.0f64; 3], vec![2.0f64; 3]);
    let r = dev.scope(|s| {
        let g1 = s.map_mut(&mut y1)?;
        let g2 = s.map_mut(&mut y2)?;
        dev.backend().fail_downloads.store(true, Ordering::SeqCst);
        drop(g1); // fails: recorded in the scope
        std::mem::forget(g2); // the scope copies it back as it ends: fails too
        Ok(7)
    });
    dev.backend().fail_downloads.store(false, Ordering::SeqCst);
    match r {
        Err(Error::Deferred(errors)) => {
            assert_eq!(errors.len(), 2, "{errors:?}");
            assert!(errors.iter().all(is_link_down), "{errors:?}");
        }
        other => panic!("expected both copy-back errors from the scope, got {other:?}"),
    }
    // Nothing leaks to the thread's later calls: the scope returned them.
    assert!(dev.zeros::<f64>(1).is_ok());
}

#[test]
fn a_scope_copies_back_a_forgotten_guard_when_the_link_works() {
    let dev = Device::new(FlakyLink::default());
    let x = vec![1.0f64, 2.0, 3.0];
    let mut y = vec![10.0f64; 3];
    dev.scope(|s| {
        let g = s.map_mut(&mut y)?;
        let ptr = g.as_device_ptr();
        // SAFETY: the guard's device copy holds 3 f64; `x` holds 3 f64.
        unsafe { dev.backend().upload(ptr, x.as_ptr().cast(), 24)? };
        std::mem::forget(g);
        Ok(())
    })
    .expect("scope");
    assert_eq!(y, x);
}

#[test]
fn drop_copies_back_when_the_link_works() {
    let dev = Device::new(FlakyLink::default());
    let mut y = vec![1.0f64; 4];
    {
        let mut guard = dev.map_mut(&mut y).expect("map_mut");
        let mut tmp = vec![0.0f64; 4];
        guard.sync_to_host().expect("sync");
        // Write through the device copy: upload new values into it, then let Drop copy back.
        let fresh = dev.upload(&[5.0f64, 6.0, 7.0, 8.0]).expect("upload");
        fresh.copy_to_host(&mut tmp).expect("download");
        let ptr = guard.as_device_ptr();
        // SAFETY: `ptr` is the guard's live allocation of 4 f64, `tmp` holds 4 f64.
        unsafe {
            dev.backend()
                .upload(ptr, tmp.as_ptr().cast(), 32)
                .expect("upload")
        };
    }
    assert_eq!(y, [5.0, 6.0, 7.0, 8.0]);
    assert!(dev.zeros::<f64>(1).is_ok());
}

/// A backend of the program's own that does not implement `Backend::fork` has no second queue:
/// `Device::fork` says so instead of sharing one queue unordered.
#[test]
fn fork_of_a_backend_without_forks_is_unsupported() {
    let dev = Device::new(FlakyLink::default());
    let e = dev.fork().map(|_| ());
    assert!(
        matches!(&e, Err(Error::Unsupported { routine: "fork", what }) if what.contains("second queue")),
        "{e:?}"
    );
}
