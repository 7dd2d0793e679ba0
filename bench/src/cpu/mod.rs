//! The CPU benchmark behind `host_bench`: gpublas's `Host` backend against OpenBLAS, in one
//! process, on the same data, at the same thread counts.
//!
//! Each case (one row of the table) is measured at every thread count asked for. A measurement
//! is a round of calls of one implementation, long enough to time well; rounds alternate
//! between gpublas and OpenBLAS (which goes first alternates too), and each side's time is the
//! median over the rounds. The table also gives the median of the per-round ratios (each
//! gpublas round against the OpenBLAS round next to it), which a machine whose speed drifts
//! during the run disturbs less. gpublas runs inside a rayon pool of the given size (its Host
//! backend uses the current rayon pool); OpenBLAS is told the count through
//! `openblas_set_num_threads`. Both sides' calls are made from the same thread (a thread of that
//! pool).
//! After a round with more than one thread the benchmark pauses, so the threads of one side are
//! asleep again (OpenBLAS's keep spinning for a while after a call) before the other side runs.

pub mod cases;

use std::thread::sleep;
use std::time::{Duration, Instant};

use gpublas::{Device, Host};

use crate::openblas::OpenBlas;
use crate::report::median;
use crate::Res;

/// One row of the table: a routine, a type, a size, with its own data for both sides.
pub trait Case: Send {
    /// What it is, e.g. `dgemm n=1024`.
    fn label(&self) -> String;
    /// One call through gpublas.
    fn gpublas(&mut self, dev: &Device<Host>) -> Res<()>;
    /// The same call through OpenBLAS.
    fn openblas(&mut self, ob: &OpenBlas) -> Res<()>;
    /// Whether every call needs its inputs restored first (a solve in place); the restoring
    /// ([`Case::reset`]) is then left out of the time.
    fn resets_each_call(&self) -> bool {
        false
    }
    /// Restores the data the calls overwrite to their starting values.
    fn reset(&mut self) {}
    /// How far apart the two sides' results are (relative, norm-wise; 0 for equal indices),
    /// after one call of each from the starting data.
    fn difference(&self) -> Res<f64>;
}

/// How a case is measured.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Rounds per side (the median is reported); at least 7 for a recorded result.
    pub rounds: usize,
    /// How long one round of one side should take.
    pub round_time: Duration,
    /// The pause after a round that ran more than one thread.
    pub pause: Duration,
}

/// One measured line: a case at a thread count.
#[derive(Debug, Clone)]
pub struct Measured {
    /// The case's label.
    pub label: String,
    /// Threads on both sides.
    pub threads: usize,
    /// gpublas's median time per call, in seconds.
    pub gpublas: f64,
    /// OpenBLAS's median time per call, in seconds (`None` without OpenBLAS).
    pub openblas: Option<f64>,
    /// The median over rounds of gpublas's time ÷ OpenBLAS's in the same round (`None`
    /// without OpenBLAS).
    pub paired: Option<f64>,
    /// The relative difference of the results (`None` without OpenBLAS).
    pub difference: Option<f64>,
    /// Calls per round (gpublas, OpenBLAS).
    pub calls: (usize, usize),
}

/// Which implementation a timing runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Gpublas,
    OpenBlas,
}

/// Seconds per call over `calls` calls of one side, made from a thread of `pool` (the whole
/// loop, so no call pays for entering the pool).
fn time_calls(
    case: &mut dyn Case,
    side: Side,
    calls: usize,
    dev: &Device<Host>,
    pool: &rayon::ThreadPool,
    ob: Option<&OpenBlas>,
) -> Res<f64> {
    let timed = |case: &mut dyn Case, one: &mut dyn FnMut(&mut dyn Case) -> Res<()>| {
        let mut total = Duration::ZERO;
        if case.resets_each_call() {
            for _ in 0..calls {
                case.reset();
                let t = Instant::now();
                one(case)?;
                total += t.elapsed();
            }
        } else {
            let t = Instant::now();
            for _ in 0..calls {
                one(case)?;
            }
            total = t.elapsed();
        }
        Ok::<f64, crate::Error>(total.as_secs_f64() / calls as f64)
    };
    match (side, ob) {
        (Side::Gpublas, _) => pool.install(|| timed(case, &mut |c| c.gpublas(dev))),
        (Side::OpenBlas, Some(ob)) => pool.install(|| timed(case, &mut |c| c.openblas(ob))),
        (Side::OpenBlas, None) => Err("OpenBLAS is not loaded".into()),
    }
}

/// Measures `case` at `threads` threads on both sides (gpublas alone without OpenBLAS).
pub fn measure(
    case: &mut dyn Case,
    threads: usize,
    plan: &Plan,
    dev: &Device<Host>,
    ob: Option<&OpenBlas>,
) -> Res<Measured> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    if let Some(ob) = ob {
        ob.set_threads(threads);
        if ob.threads() != threads {
            return Err(format!(
                "OpenBLAS runs {} threads after being asked for {threads}",
                ob.threads()
            )
            .into());
        }
    }
    let sides: &[Side] = if ob.is_some() {
        &[Side::Gpublas, Side::OpenBlas]
    } else {
        &[Side::Gpublas]
    };
    let pause = || {
        if threads > 1 {
            sleep(plan.pause);
        }
    };
    // Warm up (first touch of the data, lazily built state) and size the rounds from one call.
    let mut calls = [1usize; 2];
    for &side in sides {
        case.reset();
        time_calls(case, side, 1, dev, &pool, ob)?;
        pause();
        case.reset();
        let once = time_calls(case, side, 1, dev, &pool, ob)?;
        pause();
        let n = (plan.round_time.as_secs_f64() / once.max(1e-9)).ceil();
        calls[side as usize] = (n as usize).clamp(1, 1_000_000);
    }
    let mut samples = [Vec::new(), Vec::new()];
    for round in 0..plan.rounds {
        for i in 0..sides.len() {
            // Alternate which side goes first.
            let side = sides[(i + round) % sides.len()];
            case.reset();
            let t = time_calls(case, side, calls[side as usize], dev, &pool, ob)?;
            samples[side as usize].push(t);
            pause();
        }
    }
    let paired = ob.map(|_| {
        let ratios: Vec<f64> = samples[0]
            .iter()
            .zip(&samples[1])
            .map(|(g, o)| g / o)
            .collect();
        median(&ratios)
    });
    let difference = match ob {
        Some(ob) => {
            case.reset();
            pool.install(|| case.gpublas(dev))?;
            case.openblas(ob)?;
            Some(case.difference()?)
        }
        None => None,
    };
    Ok(Measured {
        label: case.label(),
        threads,
        gpublas: median(&samples[0]),
        openblas: ob.map(|_| median(&samples[1])),
        paired,
        difference,
        calls: (calls[0], calls[1]),
    })
}

/// A time in seconds, in the unit that reads best.
pub fn fmt_time(s: f64) -> String {
    if !s.is_finite() {
        "—".into()
    } else if s < 1e-3 {
        format!("{:.2} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{s:.3} s")
    }
}

/// The target of the CPU issue: gpublas within 1.1× of OpenBLAS's time.
pub const TARGET: f64 = 1.1;

/// The markdown table of the measured lines.
pub fn table(lines: &[Measured]) -> String {
    let mut s = String::from(
        "| case | threads | gpublas Host | OpenBLAS | gpublas ÷ OpenBLAS | ≤ 1.1×? | per-round ratio | rel. diff | calls/round |\n\
         |---|---:|---:|---:|---:|---|---:|---:|---:|\n",
    );
    for l in lines {
        let (ob, ratio, met, paired, diff) = match (l.openblas, l.paired, l.difference) {
            (Some(o), Some(p), Some(d)) => {
                let r = l.gpublas / o;
                (
                    fmt_time(o),
                    format!("{r:.2}×"),
                    if r <= TARGET { "yes" } else { "**no**" },
                    format!("{p:.2}×"),
                    format!("{d:.1e}"),
                )
            }
            _ => ("not run".into(), "—".into(), "—", "—".into(), "—".into()),
        };
        s += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} / {} |\n",
            l.label,
            l.threads,
            fmt_time(l.gpublas),
            ob,
            ratio,
            met,
            paired,
            diff,
            l.calls.0,
            l.calls.1
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_in_their_unit() {
        assert_eq!(fmt_time(2.5e-6), "2.50 µs");
        assert_eq!(fmt_time(0.0125), "12.500 ms");
        assert_eq!(fmt_time(3.0), "3.000 s");
        assert_eq!(fmt_time(f64::NAN), "—");
    }

    #[test]
    fn table_marks_rows_over_the_target() {
        let line = |g: f64, o: Option<f64>| Measured {
            label: "dgemm n=64".into(),
            threads: 1,
            gpublas: g,
            openblas: o,
            paired: o.map(|o| g / o),
            difference: o.map(|_| 1e-16),
            calls: (10, 10),
        };
        let t = table(&[line(1.0e-3, Some(1.0e-3)), line(2.0e-3, Some(1.0e-3))]);
        assert!(t.contains("| 1.00× | yes |"), "{t}");
        assert!(t.contains("| 2.00× | **no** |"), "{t}");
        let alone = table(&[line(1.0e-3, None)]);
        assert!(alone.contains("| not run | — | — | — |"), "{alone}");
    }
}
