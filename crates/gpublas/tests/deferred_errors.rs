//! A guard's `Drop` cannot return an error; a failed copy-back is recorded on the device and
//! returned by its next call. Shown with a backend whose device→host copies fail on demand
//! (host memory underneath, but mapped by copying, like a GPU).

use std::sync::atomic::{AtomicBool, Ordering};

use gpublas::backend::{Backend, BackendKind, DevPtr, Host};
use gpublas::{Device, Error, Result};

/// Host memory treated as device memory (copies, not zero-copy), with failing downloads.
#[derive(Default)]
struct FlakyLink {
    fail_downloads: AtomicBool,
}

impl Backend for FlakyLink {
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

fn is_link_down(e: &Error) -> bool {
    matches!(e, Error::Vendor { message, .. } if message == "link down")
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
        Err(Error::Deferred(inner)) => assert!(is_link_down(&inner), "{inner:?}"),
        other => panic!("expected the deferred copy-back error, got {other:?}"),
    }
    assert!(
        dev.zeros::<f64>(1).is_ok(),
        "a deferred error is returned once"
    );
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
