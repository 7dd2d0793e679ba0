//! `Device::auto()` says through the `log` crate what it tried, why it skipped a backend, and
//! what it chose. A small logger collects the records.

#![cfg(feature = "host")] // the host backend (a default feature)

use std::sync::Mutex;

use gpublas::{BackendKind, Device, BACKEND_VAR};
use log::{Level, Log, Metadata, Record};

struct Collect(Mutex<Vec<(Level, String)>>);

impl Log for Collect {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn log(&self, record: &Record<'_>) {
        if record.target().starts_with("gpublas") {
            let mut records = self.0.lock().unwrap_or_else(|p| p.into_inner());
            records.push((record.level(), record.args().to_string()));
        }
    }
    fn flush(&self) {}
}

static LOGGER: Collect = Collect(Mutex::new(Vec::new()));

/// The records logged while `f` runs, with `GPUBLAS_BACKEND` set to `backend` (or unset).
fn records_of<R>(backend: Option<&str>, f: impl FnOnce() -> R) -> (R, Vec<(Level, String)>) {
    let take = || std::mem::take(&mut *LOGGER.0.lock().unwrap_or_else(|p| p.into_inner()));
    let old = std::env::var_os(BACKEND_VAR);
    match backend {
        Some(v) => std::env::set_var(BACKEND_VAR, v),
        None => std::env::remove_var(BACKEND_VAR),
    }
    take();
    let r = f();
    let records = take();
    match old {
        Some(v) => std::env::set_var(BACKEND_VAR, v),
        None => std::env::remove_var(BACKEND_VAR),
    }
    (r, records)
}

/// One test, so nothing else in this binary touches `GPUBLAS_BACKEND` meanwhile.
#[test]
fn auto_logs_what_it_tried_skipped_and_chose() {
    log::set_logger(&LOGGER).expect("the only logger in this test binary");
    log::set_max_level(log::LevelFilter::Trace);

    // Free choice: every GPU backend is accounted for, then exactly one choice at info level.
    let (dev, records) = records_of(None, Device::auto);
    let dev = dev.expect("auto() without GPUBLAS_BACKEND always succeeds");
    // Candidates in order; none after the chosen one is tried.
    let order = ["cuda", "rocm"];
    let tried = order
        .iter()
        .position(|&g| g == dev.kind().name())
        .map_or(order.len(), |i| i + 1);
    for gpu in &order[..tried] {
        let compiled = match *gpu {
            "cuda" => cfg!(feature = "cuda"),
            _ => cfg!(feature = "rocm"),
        };
        let chosen = dev.kind().name() == *gpu;
        let line = records
            .iter()
            .find(|(_, m)| m.contains(&format!(" {gpu}")))
            .unwrap_or_else(|| panic!("no record mentions {gpu}: {records:?}"));
        if !compiled {
            assert_eq!(line.0, Level::Debug, "{records:?}");
            assert!(
                line.1.contains(&format!("{gpu} not tried"))
                    && line.1.contains(&format!("features = [\"{gpu}\"]")),
                "{records:?}"
            );
        } else if !chosen && dev.kind() == BackendKind::Host {
            // Compiled but unusable here: skipped at info level with the reason.
            assert_eq!(line.0, Level::Info, "{records:?}");
            assert!(
                line.1.contains(&format!("tried {gpu}, skipped it: ")),
                "{records:?}"
            );
        }
    }
    let chose: Vec<_> = records
        .iter()
        .filter(|(_, m)| m.starts_with("Device::auto: chose "))
        .collect();
    assert_eq!(chose.len(), 1, "{records:?}");
    assert_eq!(chose[0].0, Level::Info);
    assert!(chose[0].1.contains(&dev.describe()), "{records:?}");
    if dev.kind() == BackendKind::Host {
        assert!(
            chose[0].1.ends_with("(no GPU backend usable)"),
            "{records:?}"
        );
    }

    // A forced backend is logged as forced.
    let (dev, records) = records_of(Some("host"), Device::auto);
    let dev = dev.expect("host is always available");
    assert_eq!(
        records,
        [(
            Level::Info,
            format!("GPUBLAS_BACKEND=host forces {}", dev.describe())
        )]
    );
}
