//! Command line, statistics and the markdown report.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// Command-line options of `cuda_bench`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    /// `--quick`: fewer repetitions and shorter measurements, no n = 8192.
    pub quick: bool,
    /// `--out FILE`: also write the report there.
    pub out: Option<PathBuf>,
    /// `--only TEXT`: run only the cases whose label contains TEXT.
    pub only: Option<String>,
}

/// What `--help` prints.
pub const USAGE: &str = "usage: cuda_bench [--quick] [--out FILE] [--only TEXT]

Times gpublas against the raw cuBLAS calls (same loaded library, same stream) and cudarc's
cuBLAS wrapper, and prints a markdown table.

  --quick       fewer repetitions, shorter measurements, skip n = 8192
  --out FILE    also write the report to FILE
  --only TEXT   run only the cases whose label contains TEXT (labels: `overhead sgemm n=64`,
                `sgemm n=1024`, `zgemm n=8192`, `hgemm n=4096`, `bf16gemm n=8192`,
                `tf32 sgemm n=4096`, `strsm n=4096`, `saxpy n=268435456`, ...)
  -h, --help    print this help";

impl Args {
    /// Parses the arguments after the program name; `Ok(None)` means help was asked for.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
        let mut out = Args::default();
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--quick" => out.quick = true,
                "--out" => match it.next() {
                    Some(f) if !f.is_empty() => out.out = Some(PathBuf::from(f)),
                    _ => return Err("--out needs a file name".into()),
                },
                "--only" => match it.next() {
                    Some(t) if !t.is_empty() => out.only = Some(t),
                    _ => return Err("--only needs a text to match".into()),
                },
                "-h" | "--help" => return Ok(None),
                s => match s.strip_prefix("--out=") {
                    Some(f) if !f.is_empty() => out.out = Some(PathBuf::from(f)),
                    _ => return Err(format!("unknown argument `{s}`")),
                },
            }
        }
        Ok(Some(out))
    }
}

/// The median (mean of the middle two for an even count); NaN for no samples.
pub fn median(samples: &[f64]) -> f64 {
    let mut v = samples.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        l if l % 2 == 1 => v[l / 2],
        l => (v[l / 2 - 1] + v[l / 2]) / 2.0,
    }
}

/// The `q`-quantile (0 ≤ q ≤ 1, linear interpolation); NaN for no samples.
pub fn quantile(samples: &[f64], q: f64) -> f64 {
    let mut v = samples.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return f64::NAN;
    }
    let x = q.clamp(0.0, 1.0) * (v.len() - 1) as f64;
    let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (x - lo as f64)
}

/// One line of the table.
#[derive(Debug, Clone, Default)]
pub struct Row {
    /// What was run.
    pub op: String,
    /// BLAS type prefix.
    pub ty: String,
    /// Problem size.
    pub n: String,
    /// The raw cuBLAS call.
    pub raw: String,
    /// gpublas.
    pub gpublas: String,
    /// gpublas relative to raw.
    pub ratio: String,
    /// cudarc.
    pub cudarc: String,
    /// The target gpublas should meet.
    pub target: String,
    /// Whether it did (`None`: no target).
    pub met: Option<bool>,
}

/// The report: a title, header lines, the table and notes, as markdown.
pub fn render(header: &[String], rows: &[Row], notes: &[String]) -> String {
    let mut s = String::from("# gpublas CUDA benchmark\n\n");
    for h in header {
        s += &format!("- {h}\n");
    }
    s += "\n| op | type | n | raw cuBLAS | gpublas | gpublas vs raw | cudarc | target | met? |\n";
    s += "|---|---|---:|---:|---:|---:|---:|---|---|\n";
    for r in rows {
        let met = match r.met {
            Some(true) => "yes",
            Some(false) => "**NO**",
            None => "—",
        };
        s += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.op, r.ty, r.n, r.raw, r.gpublas, r.ratio, r.cudarc, r.target, met
        );
    }
    if !notes.is_empty() {
        s += "\nNotes:\n\n";
        for n in notes {
            s += &format!("- {n}\n");
        }
    }
    s
}

/// The current time in UTC, `YYYY-MM-DD HH:MM:SS UTC`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_arguments() {
        let p = |v: &[&str]| Args::parse(v.iter().map(|s| s.to_string()));
        assert_eq!(p(&[]), Ok(Some(Args::default())));
        assert_eq!(
            p(&["--quick", "--out", "r.md", "--only", "zgemm"]),
            Ok(Some(Args {
                quick: true,
                out: Some("r.md".into()),
                only: Some("zgemm".into())
            }))
        );
        assert_eq!(
            p(&["--out=x"]).map(|a| a.and_then(|a| a.out)),
            Ok(Some("x".into()))
        );
        assert_eq!(p(&["--help"]), Ok(None));
        assert!(p(&["--out"]).is_err());
        assert!(p(&["--only"]).is_err());
        assert!(p(&["--fast"]).is_err());
    }

    #[test]
    fn medians_and_dates() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
        assert_eq!(quantile(&[4.0, 1.0, 2.0, 3.0], 0.25), 1.75);
        assert_eq!(quantile(&[4.0, 1.0, 2.0, 3.0], 1.0), 4.0);
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
