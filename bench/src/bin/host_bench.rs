//! `host_bench`: gpublas's CPU (`Host`) backend against OpenBLAS, in one process and one run,
//! at one thread and at all threads; prints gpublas ÷ OpenBLAS for every row of the CPU target
//! table as markdown.
//!
//! ```text
//! cargo build --release -p gpublas-bench --bin host_bench
//! OPENBLAS_LIB=/path/to/libopenblas.so.0 target/release/host_bench [--quick] [--out FILE]
//! ```
//!
//! OpenBLAS is loaded at run time (see `gpublas_bench::openblas`); without one the benchmark
//! still runs and reports gpublas's own times, marked as such.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use gpublas::Device;
use gpublas_bench::cpu::{cases, measure, table, Plan};
use gpublas_bench::openblas::{OpenBlas, OPENBLAS};
use gpublas_bench::report::utc_now;

const USAGE: &str = "usage: host_bench [--quick] [--openblas PATH] [--threads LIST] [--rounds N]
                  [--only TEXT] [--out FILE]

Times gpublas's Host backend against OpenBLAS (cblas_* calls, openblas_set_num_threads) on the
same data in one run, rounds interleaved, and prints the medians and gpublas ÷ OpenBLAS.

  --quick          skip the n = 4096 gemms, shorter rounds
  --openblas PATH  the OpenBLAS library to load (else $OPENBLAS_LIB, else libopenblas.so.0);
                   without one, only gpublas's times are printed
  --threads LIST   thread counts, comma-separated, `all` = every core (default 1,all)
  --rounds N       rounds per side, median reported (default 7; a recorded result needs ≥ 7)
  --only TEXT      run only the rows whose label contains TEXT (e.g. `dgemm`, `n=64`, `batch`)
  --out FILE       also write the report to FILE
  -h, --help       print this help";

#[derive(Debug, Clone, PartialEq, Eq)]
struct Args {
    quick: bool,
    openblas: Option<PathBuf>,
    threads: Vec<usize>,
    rounds: usize,
    only: Option<String>,
    out: Option<PathBuf>,
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Parses the arguments after the program name; `Ok(None)` means help was asked for.
fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let mut out = Args {
        quick: false,
        openblas: None,
        threads: vec![1, cores()],
        rounds: 7,
        only: None,
        out: None,
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| match it.next() {
            Some(v) if !v.is_empty() => Ok(v),
            _ => Err(format!("{a} needs {what}")),
        };
        match a.as_str() {
            "--quick" => out.quick = true,
            "--openblas" => out.openblas = Some(value("a library path")?.into()),
            "--out" => out.out = Some(value("a file name")?.into()),
            "--only" => out.only = Some(value("a text to match")?),
            "--rounds" => {
                out.rounds = value("a count")?
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .ok_or("--rounds needs a positive count")?
            }
            "--threads" => {
                out.threads = value("a list")?
                    .split(',')
                    .map(|t| match t.trim() {
                        "all" => Ok(cores()),
                        t => t.parse().ok().filter(|&n| n > 0).ok_or(format!(
                            "--threads: `{t}` is neither a positive count nor `all`"
                        )),
                    })
                    .collect::<Result<_, _>>()?;
                out.threads.dedup();
            }
            "-h" | "--help" => return Ok(None),
            s => return Err(format!("unknown argument `{s}`")),
        }
    }
    Ok(Some(out))
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn run(args: Args) -> Result<String, String> {
    if let Some(path) = &args.openblas {
        // Single-threaded here: nothing else reads the environment yet.
        std::env::set_var(OPENBLAS.override_var, path);
    }
    let ob = match OpenBlas::load() {
        Ok(ob) => Some(ob),
        Err(e) => {
            eprintln!("host_bench: no OpenBLAS, timing gpublas alone: {e}");
            None
        }
    };
    let dev = Device::host();
    let plan = Plan {
        rounds: args.rounds,
        round_time: Duration::from_millis(if args.quick { 60 } else { 200 }),
        pause: Duration::from_millis(200),
    };
    let mut header = vec![
        format!("date: {}", utc_now()),
        format!(
            "command: `{}`",
            std::env::args().collect::<Vec<_>>().join(" ")
        ),
        format!("CPU: {}, {} cores available", cpu_model(), cores()),
        format!("gpublas: {}", dev.describe()),
        match &ob {
            Some(ob) => format!("OpenBLAS: {}", ob.describe()),
            None => "OpenBLAS: **not loaded — gpublas's own times only, no comparison**".into(),
        },
        format!(
            "method: median of {} interleaved rounds per side (≥ {} ms each), threads {:?} on both sides",
            plan.rounds,
            plan.round_time.as_millis(),
            args.threads
        ),
    ];
    if plan.rounds < 7 {
        header.push("**fewer than 7 rounds: not a result to record**".into());
    }
    let mut lines = Vec::new();
    for row in cases::rows() {
        if args.quick && row.large {
            continue;
        }
        if args
            .only
            .as_ref()
            .is_some_and(|t| !row.label.contains(t.as_str()))
        {
            continue;
        }
        eprintln!("[{}] preparing", row.label);
        let mut case = (row.build)();
        for &t in &args.threads {
            let m = measure(case.as_mut(), t, &plan, &dev, ob.as_ref())
                .map_err(|e| format!("{} at {t} threads: {e}", row.label))?;
            eprintln!(
                "{}",
                table(std::slice::from_ref(&m)).lines().last().unwrap_or("")
            );
            lines.push(m);
        }
    }
    let mut report = String::from("# gpublas Host vs OpenBLAS\n\n");
    for h in header {
        report += &format!("- {h}\n");
    }
    report += "\n";
    report += &table(&lines);
    Ok(report)
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("host_bench: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let out = args.out.clone();
    match run(args) {
        Ok(report) => {
            println!("{report}");
            if let Some(path) = out {
                if let Err(e) = std::fs::write(&path, &report) {
                    eprintln!("host_bench: could not write {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("host_bench: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_arguments() {
        let p = |v: &[&str]| parse(v.iter().map(|s| s.to_string()));
        let a = p(&[
            "--quick",
            "--threads",
            "1,4",
            "--rounds",
            "9",
            "--only",
            "dgemm",
        ])
        .unwrap()
        .unwrap();
        assert!(a.quick);
        assert_eq!(a.threads, [1, 4]);
        assert_eq!(a.rounds, 9);
        assert_eq!(a.only.as_deref(), Some("dgemm"));
        assert_eq!(
            p(&["--threads", "all"]).unwrap().unwrap().threads,
            [cores()]
        );
        assert_eq!(p(&["-h"]), Ok(None));
        assert!(p(&["--threads", "0"]).is_err());
        assert!(p(&["--rounds", "x"]).is_err());
        assert!(p(&["--openblas"]).is_err());
        assert!(p(&["--fast"]).is_err());
    }
}
