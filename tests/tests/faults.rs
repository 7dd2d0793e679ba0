//! The output contract under device faults: every error found before the first write to an
//! output leaves every output byte for byte untouched; only a fault after results began to reach
//! an output may leave it partly written, and then the error says so (`Error::PartlyWritten`,
//! naming the outputs).
//!
//! The emulated device fails on demand ([`Emulated::inject_fault`]): each case runs with a fault
//! after 0, 1, 2, … of the device's fallible operations (allocations, page-locked staging,
//! uploads and downloads, memsets, events, waits, routines), until it completes without
//! reaching the fault. After every failure the outputs are compared with what they held before,
//! the device must still compute the case right, and no device memory may be left allocated.
//! Staging slots are 4 KiB so small operands take every path (packed, in place, chunked, tiled).

use gpublas::backend::Emulated;
use gpublas_tests::*;

type Dev = Device<Emulated>;

/// A device like a GPU (asynchronous copy queues, mapped staging), with small staging slots and
/// gemm tiled from 16 KiB in tiles of 8, so small cases reach every transfer path.
fn emulated_gpu() -> Dev {
    let dev = Device::new(Emulated::asynchronous());
    dev.set_staging(4096, 3);
    dev.set_gemm_tiling(16 << 10, Some(8));
    dev
}

fn bits(v: &[Vec<f64>]) -> Vec<Vec<u64>> {
    v.iter()
        .map(|o| o.iter().map(|x| x.to_bits()).collect())
        .collect()
}

/// Asserts `got` is `want` bit for bit, naming the first element that differs.
#[track_caller]
fn same(name: &str, got: &[Vec<f64>], want: &[Vec<u64>], what: &str) {
    for (o, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.len(), w.len(), "{name}: output {o} changed length");
        if let Some(i) = (0..g.len()).find(|&i| g[i].to_bits() != w[i]) {
            panic!(
                "{name}: output {o}, element {i} is {}, not {} as in {what}",
                g[i],
                f64::from_bits(w[i])
            );
        }
    }
}

/// What a sweep saw.
#[derive(Debug, Default)]
struct Seen {
    /// Failures that left every output untouched.
    clean: usize,
    /// Failures reported as partly written.
    partial: usize,
    /// The operations the faults hit.
    hit: Vec<&'static str>,
    /// Faults the call recovered from (it succeeded, with the right result).
    recovered: Vec<&'static str>,
}

/// A call under test: the device, and the outputs it writes.
type Call<'a> = dyn Fn(&Dev, &mut Vec<Vec<f64>>) -> Result<(), Error> + 'a;

/// Runs `call` on outputs made by `outputs`, with a fault injected after each number of the
/// device's fallible operations in turn, until the call completes without reaching the fault.
/// `partial` says which outputs may be reported partly written (none for calls whose results
/// arrive in one piece).
fn sweep(
    name: &str,
    dev: &Dev,
    outputs: &dyn Fn() -> Vec<Vec<f64>>,
    call: &Call<'_>,
    partial: &[&str],
) -> Seen {
    sweep_with_read_back(name, dev, outputs, call, &|_| {}, partial)
}

/// [`sweep`], with `read_back` run after each call once no fault is armed (to read outputs that
/// live on the device into the host vectors compared).
fn sweep_with_read_back(
    name: &str,
    dev: &Dev,
    outputs: &dyn Fn() -> Vec<Vec<f64>>,
    call: &Call<'_>,
    read_back: &dyn Fn(&mut Vec<Vec<f64>>),
    partial: &[&str],
) -> Seen {
    let emu = dev.backend();
    dev.trim().unwrap();
    let live = emu.live_allocations();
    // The result without faults, for comparison after each recovery.
    let mut clean = outputs();
    call(dev, &mut clean).unwrap_or_else(|e| panic!("{name}: without a fault: {e}"));
    read_back(&mut clean);
    let want = bits(&clean);
    let mut seen = Seen::default();
    for after in 0.. {
        assert!(after < 10_000, "{name}: the call never completes");
        let before = outputs();
        let mut outs = before.clone();
        emu.inject_fault(after);
        let r = call(dev, &mut outs);
        let hit = emu.clear_fault();
        read_back(&mut outs);
        match r {
            Ok(()) => {
                same(name, &outs, &want, "the result");
                match hit {
                    // The call recovered (e.g. it copied unstaged when no page-locked memory
                    // could be had): its result must be right.
                    Some(op) => seen.recovered.push(op),
                    None => break,
                }
            }
            Err(Error::PartlyWritten {
                outputs: named,
                source,
                ..
            }) => {
                let op = hit.unwrap_or_else(|| panic!("{name}: partly written without a fault"));
                assert!(
                    !named.is_empty() && named.iter().all(|n| partial.contains(n)),
                    "{name}, fault in `{op}` after {after}: reported {named:?} partly written ({source}); only {partial:?} may be"
                );
                seen.partial += 1;
                seen.hit.push(op);
            }
            Err(e) => {
                let op = hit.unwrap_or_else(|| panic!("{name}: failed without a fault: {e}"));
                same(
                    &format!("{name}, fault in `{op}` after {after} operations: `{e}`"),
                    &outs,
                    &bits(&before),
                    "the untouched outputs",
                );
                seen.clean += 1;
                seen.hit.push(op);
            }
        }
        // The device recovers: the same call now gives the same result, and nothing leaks.
        let mut again = outputs();
        call(dev, &mut again)
            .unwrap_or_else(|e| panic!("{name}: after a fault after {after} operations: {e}"));
        read_back(&mut again);
        same(
            name,
            &again,
            &want,
            "the result after recovering from a fault",
        );
        dev.synchronize().unwrap();
        dev.trim().unwrap();
        assert_eq!(
            emu.live_allocations(),
            live,
            "{name}: device memory left allocated after a fault after {after} operations"
        );
    }
    assert!(
        seen.clean + seen.partial > 0,
        "{name}: no fault was ever hit"
    );
    seen
}

fn rand_host(seed: &str, n: usize) -> Vec<f64> {
    rand_vec(&mut rng(seed), n)
}

fn gemm_case(name: &str, (m, k, n): (usize, usize, usize), beta: f64, partial: &[&str]) -> Seen {
    let dev = emulated_gpu();
    let a = rand_host(&format!("{name} a"), m * k);
    let b = rand_host(&format!("{name} b"), k * n);
    let c = rand_host(&format!("{name} c"), m * n);
    sweep(
        name,
        &dev,
        &|| vec![c.clone()],
        &|dev, o| {
            dev.gemm(
                Op::N,
                Op::T,
                1.5,
                Mat::col_major(&a, m, k),
                Mat::col_major(&b, n, k),
                beta,
                MatMut::col_major(&mut o[0], m, n),
            )
        },
        partial,
    )
}

#[test]
fn gemm_with_packed_operands_leaves_c_untouched_on_every_fault() {
    let seen = gemm_case("small gemm", (3, 4, 5), 0.5, &[]);
    assert_eq!(seen.partial, 0, "{seen:?}");
}

#[test]
fn gemm_with_chunked_operands_leaves_c_untouched_unless_it_says_so() {
    // 24×24 f64 operands are 4.6 KB: not packed, and more than one 4 KiB chunk each.
    gemm_case("chunked gemm", (24, 24, 24), 0.5, &["c"]);
}

#[test]
fn tiled_gemm_leaves_c_untouched_unless_it_says_so() {
    let seen = gemm_case("tiled gemm, beta != 0", (40, 30, 36), -1.0, &["c"]);
    assert!(seen.clean > 0, "{seen:?}");
    gemm_case("tiled gemm, beta = 0", (40, 30, 36), 0.0, &["c"]);
}

#[test]
fn tiled_gemm_on_page_locked_operands_leaves_c_untouched_unless_it_says_so() {
    // A and B in HostBuffers, C a pinned slice: every panel and tile moves by a strided DMA
    // straight from or into the user's memory, and the run waits for them on every path.
    let dev = emulated_gpu();
    let (m, k, n) = (40, 30, 36);
    let mut a = dev.host_buffer::<f64>(m * k).unwrap();
    a.copy_from_slice(&rand_host("pinned a", m * k));
    let mut b = dev.host_buffer::<f64>(k * n).unwrap();
    b.copy_from_slice(&rand_host("pinned b", k * n));
    let c = rand_host("pinned c", m * n);
    for beta in [0.0, -1.0] {
        let seen = sweep(
            &format!("tiled gemm on page-locked operands, beta = {beta}"),
            &dev,
            &|| vec![c.clone()],
            &|dev, o| {
                let mut c_p = dev.pin(&mut o[0])?;
                dev.gemm(
                    Op::T,
                    Op::N,
                    1.5,
                    Mat::col_major(&a, k, m),
                    Mat::col_major(&b, k, n),
                    beta,
                    MatMut::col_major(&mut c_p, m, n),
                )
            },
            &["c"],
        );
        assert!(seen.clean > 0 && seen.partial > 0, "{seen:?}");
    }
}

#[test]
fn tiled_gemm_into_device_memory_leaves_c_untouched_unless_it_says_so() {
    let dev = emulated_gpu();
    let (m, k, n) = (40, 30, 36);
    let a = rand_host("device c a", m * k);
    let b = rand_host("device c b", k * n);
    let c = rand_host("device c c", m * n);
    // The output lives on the device during the call; it is read back once no fault is armed,
    // so the comparison sees the device memory itself.
    let c_d = std::cell::RefCell::new(None);
    sweep_with_read_back(
        "tiled gemm into a DeviceBuffer",
        &dev,
        &|| vec![c.clone()],
        &|dev, o| {
            let mut buf = dev.upload(&o[0])?;
            let r = dev.gemm(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&a, m, k),
                Mat::col_major(&b, k, n),
                2.0,
                MatMut::col_major(&mut buf, m, n),
            );
            *c_d.borrow_mut() = Some(buf);
            r
        },
        &|o| {
            if let Some(buf) = c_d.borrow_mut().take() {
                o[0] = buf.to_vec().expect("reading the device output back");
            }
        },
        &["c"],
    );
}

#[test]
fn level1_and_level2_calls_leave_outputs_untouched_unless_they_say_so() {
    let dev = emulated_gpu();
    let n = 700; // 5.6 KB: chunked
    let x = rand_host("l1 x", n);
    let y = rand_host("l1 y", n);
    sweep(
        "swap (two chunked outputs)",
        &dev,
        &|| vec![x.clone(), y.clone()],
        &|dev, o| {
            let (a, b) = o.split_at_mut(1);
            dev.swap(&mut a[0], &mut b[0])
        },
        &["x", "y"],
    );
    let s = sweep(
        "axpy into a zero increment",
        &dev,
        &|| vec![vec![0.25]],
        &|dev, o| dev.axpy(0.5, &x, VectorMut::strided(&mut o[0][..], n, 0)),
        &[],
    );
    assert_eq!(s.partial, 0, "{s:?}");
    let (m, k) = (20, 30);
    let a = rand_host("gemv a", m * k);
    let s = sweep(
        "gemv",
        &dev,
        &|| vec![y[..m].to_vec()],
        &|dev, o| {
            dev.gemv(
                Op::N,
                1.0,
                Mat::col_major(&a, m, k),
                &x[..k],
                1.0,
                &mut o[0],
            )
        },
        &[],
    );
    assert_eq!(s.partial, 0, "{s:?}");
}

#[test]
fn level3_and_batched_calls_leave_outputs_untouched_unless_they_say_so() {
    let dev = emulated_gpu();
    let (m, n) = (6, 120);
    let mut t = rand_host("trsm a", m * m);
    for d in 0..m {
        t[d * m + d] += 4.0;
    }
    let b = rand_host("trsm b", m * n);
    sweep(
        "trsm (chunked B)",
        &dev,
        &|| vec![b.clone()],
        &|dev, o| {
            dev.trsm(
                Side::Left,
                Uplo::Upper,
                Op::T,
                Diag::NonUnit,
                2.0,
                Mat::col_major(&t, m, m),
                MatMut::col_major(&mut o[0], m, n),
            )
        },
        &["b"],
    );
    let (bm, bk, bn, count) = (3, 20, 30, 3);
    let a = rand_host("batched a", bm * bk * count);
    let bb = rand_host("batched b", bk * bn * count);
    let c = rand_host("batched c", bm * bn * count);
    sweep(
        "gemm_batched",
        &dev,
        &|| vec![c.clone()],
        &|dev, o| {
            dev.gemm_batched(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&a, bm, bk).batched(count, bm * bk),
                Mat::col_major(&bb, bk, bn).batched(count, bk * bn),
                1.0,
                MatMut::col_major(&mut o[0], bm, bn).batched(count, bm * bn),
            )
        },
        &["c"],
    );
    let k = 40;
    let a = rand_host("syrk a", n * k);
    let c = rand_host("syrk c", n * n);
    sweep(
        "syrk",
        &dev,
        &|| vec![c[..30 * 30].to_vec()],
        &|dev, o| {
            dev.syrk(
                Uplo::Lower,
                Op::N,
                1.0,
                Mat::col_major(&a[..30 * k], 30, k),
                0.5,
                MatMut::col_major(&mut o[0], 30, 30),
            )
        },
        &["c"],
    );
}

#[test]
fn a_mapping_copied_back_leaves_the_host_slice_untouched_unless_it_says_so() {
    let dev = emulated_gpu();
    let n = 1500; // three chunks back
    let x = rand_host("map x", n);
    let y = rand_host("map y", n);
    sweep(
        "map_mut, axpy, finish",
        &dev,
        &|| vec![y.clone()],
        &|dev, o| {
            let mut y_d = dev.map_mut(&mut o[0])?;
            dev.axpy(2.0, &x, &mut y_d)?;
            y_d.finish()
        },
        &["host slice"],
    );
}

#[test]
fn a_device_set_writes_nothing_when_a_device_fails_before_results_come_back() {
    let (first, second) = (emulated_gpu(), emulated_gpu());
    let set = gpublas::DeviceSet::new(vec![first.clone(), second.clone()]).unwrap();
    let (m, k, n) = (4, 5, 600);
    let a = rand_host("set a", m * k);
    let b = rand_host("set b", k * n);
    let c = rand_host("set c", m * n);
    // Faults on the second device: the first device's columns must not reach C before the
    // second device's are ready.
    sweep(
        "DeviceSet gemm, second device failing",
        &second,
        &|| vec![c.clone()],
        &|_, o| {
            set.gemm(
                Op::N,
                Op::N,
                1.0,
                Mat::col_major(&a[..], m, k),
                Mat::col_major(&b[..], k, n),
                0.5,
                MatMut::col_major(&mut o[0][..], m, n),
            )
        },
        &["c"],
    );
}
