//! The drop-in BLAS's tables as bars: for each routine and size, reference LAPACK's (or Debian's
//! numpy's) time over OpenBLAS, over NVBLAS (its faster configuration among those with a good
//! residual) and over gpublas-blas (and over gpublas-blas on the host alone, where the table has
//! it).

use std::collections::BTreeMap;

use plotters::prelude::*;

/// The bars of a group, in order: legend, the table's columns it is taken from (the fastest
/// with a good residual), colour.
const SERIES: [(&str, &[&str], RGBColor); 4] = [
    (
        "OpenBLAS 0.3.21, all cores",
        &["openblas"],
        RGBColor(0x2c, 0xa0, 0x2c),
    ),
    (
        "NVBLAS over OpenBLAS (faster good configuration)",
        &["nvblas", "nvblas-nopin"],
        RGBColor(0xff, 0x7f, 0x0e),
    ),
    ("gpublas-blas", &["gpublas"], RGBColor(0x1f, 0x77, 0xb4)),
    (
        "gpublas-blas, host alone",
        &["gpublas-host"],
        RGBColor(0x9e, 0xc4, 0xe8),
    ),
];

/// The routines in the order drawn: the LAPACK table's, then the numpy table's.
const ROUTINES: [&str; 5] = ["dgesv", "dpotrf", "dgeqrf", "numpy.dot", "numpy.solve"];

/// One cell of the table: seconds, and whether the residual check passed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cell {
    seconds: f64,
    good: bool,
}

/// A table's rows: (routine, n) → column → cell; and the GPU it names, if any.
type Rows = BTreeMap<(usize, usize), BTreeMap<String, Cell>>;

/// A group of bars: (routine, n) and each series' seconds, where the table has a good one.
type Group = ((usize, usize), Vec<Option<f64>>);

/// Reads the LAPACK and numpy tables of each file (a later file's cells replace an earlier one's
/// for the same routine, size and column) and draws them.
pub fn draw(tables: &[String], out: &str) -> Result<(), Box<dyn std::error::Error>> {
    let mut rows = Rows::new();
    let mut gpus: Vec<String> = Vec::new();
    for path in tables {
        let text = std::fs::read_to_string(path)?;
        let (table, gpu) = parse(&text);
        if table.is_empty() {
            return Err(
                format!("{path}: no LAPACK or numpy table (| routine | n | ...) found").into(),
            );
        }
        if let Some(g) = gpu {
            if !gpus.contains(&g) {
                gpus.push(g);
            }
        }
        for (key, cols) in table {
            rows.entry(key).or_default().extend(cols);
        }
    }
    // Bars: for each group, each series' value if the table has a good one.
    let groups: Vec<Group> = rows
        .iter()
        .map(|(&key, cols)| {
            let values = SERIES
                .iter()
                .map(|(_, names, _)| {
                    names
                        .iter()
                        .filter_map(|n| cols.get(*n))
                        .filter(|c| c.good)
                        .map(|c| c.seconds)
                        .min_by(f64::total_cmp)
                })
                .collect();
            (key, values)
        })
        .collect();
    let all = groups.iter().flat_map(|(_, v)| v.iter().flatten().copied());
    let (lo, hi) = all.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if hi <= 0.0 {
        return Err("no time with a good residual in the tables".into());
    }
    let (lo, hi) = (lo / 2.0, hi * 3.0);
    let drawn: Vec<usize> = (0..SERIES.len())
        .filter(|&s| groups.iter().any(|(_, v)| v[s].is_some()))
        .collect();

    let root = BitMapBackend::new(out, (1300, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let on = if gpus.is_empty() {
        String::new()
    } else {
        format!(" with {}", gpus.join(" / "))
    };
    let what = if rows.keys().any(|&(r, _)| ROUTINES[r].starts_with("numpy")) {
        "reference LAPACK and Debian's numpy"
    } else {
        "reference LAPACK"
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{what} through each BLAS{on}: seconds, log scale (lower is better)"),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..groups.len() as f64, (lo..hi).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("seconds")
        .draw()?;
    let width = 0.8 / drawn.len() as f64;
    for (g, ((routine, n), values)) in groups.iter().enumerate() {
        for (k, &s) in drawn.iter().enumerate() {
            let Some(v) = values[s] else { continue };
            let x0 = g as f64 + 0.1 + k as f64 * width;
            super::bar(
                &mut chart,
                (x0, width * 0.9, lo),
                v,
                SERIES[s].2,
                (format!("{v:.2}"), 10),
            )?;
        }
        chart.draw_series(std::iter::once(Text::new(
            format!("{} n={n}", ROUTINES[*routine]),
            (g as f64 + 0.1, lo * 0.8),
            ("sans-serif", 14),
        )))?;
    }
    super::legend(
        &mut chart,
        drawn.iter().map(|&s| (SERIES[s].0, SERIES[s].2)),
        lo,
    )?;
    root.present()?;
    Ok(())
}

/// The LAPACK and numpy tables of a summary: their rows, and the GPU's name from its `- GPU:`
/// line.
fn parse(text: &str) -> (Rows, Option<String>) {
    let gpu = text
        .lines()
        .find_map(|l| l.strip_prefix("- GPU: "))
        .and_then(|g| g.split(',').next())
        .map(|g| g.trim().to_string())
        .filter(|g| !g.starts_with("none"));
    let mut rows = Rows::new();
    let mut columns: Vec<String> = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.trim().split('|').map(str::trim).collect();
        if cells.len() < 4 {
            columns.clear();
            continue;
        }
        // cells[0] is the text before the first '|' (empty); the last, after the last one.
        let cells = &cells[1..cells.len() - 1];
        if cells[0] == "routine" && cells[1] == "n" {
            columns = cells.iter().map(|c| c.to_string()).collect();
            continue;
        }
        let Some(r) = ROUTINES.iter().position(|r| *r == cells[0]) else {
            continue;
        };
        let Ok(n) = cells[1].parse::<usize>() else {
            continue;
        };
        if columns.is_empty() {
            continue;
        }
        let row = rows.entry((r, n)).or_default();
        for (name, cell) in columns.iter().zip(cells).skip(2) {
            if let Some(c) = parse_cell(cell) {
                row.insert(name.clone(), c);
            }
        }
    }
    (rows, gpu)
}

/// `0.323 s, 142.1 GF/s` (with `**BAD residual**` when the check failed); `None` for a skip,
/// a crash or `—`.
fn parse_cell(cell: &str) -> Option<Cell> {
    let seconds = cell.strip_suffix("**BAD residual**").unwrap_or(cell);
    let seconds: f64 = seconds.split(" s,").next()?.trim().parse().ok()?;
    Some(Cell {
        seconds,
        good: !cell.contains("BAD"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "- GPU: NVIDIA H200, 143771 MiB, 580.159.04\n\n\
| routine | n | openblas | nvblas | nvblas-nopin | gpublas | gpublas-host | openblas-lapack | gpublas ÷ NVBLAS time | gpublas ÷ OpenBLAS time |\n\
|---|---|---|---|---|---|---|---|---|---|\n\
| dgesv | 4096 | 0.323 s, 142.1 GF/s | 0.637 s, 72.0 GF/s **BAD residual** | 1.027 s, 44.6 GF/s | 0.492 s, 93.2 GF/s | — | skip: budget | 0.48 | 1.52 |\n\
| dgeqrf | 16384 | 40.1 s, 146.0 GF/s | crash rc=124 | — | 39.0 s, 150.2 GF/s | — | — | — | 0.97 |\n\
\n(time: best of 2 runs)\n\n## numpy over each BLAS\n\
| routine | n | openblas | nvblas | nvblas-nopin | gpublas | gpublas-host | openblas-lapack | gpublas ÷ NVBLAS time | gpublas ÷ OpenBLAS time |\n\
|---|---|---|---|---|---|---|---|---|---|\n\
| numpy.dot | 8192 | 0.712 s, 1544.2 GF/s | — | — | 0.301 s, 3652.8 GF/s | — | — | — | 0.42 |\n";

    #[test]
    fn reads_the_cells_and_the_residual_marks() {
        let (rows, gpu) = parse(TABLE);
        assert_eq!(gpu.as_deref(), Some("NVIDIA H200"));
        assert_eq!(rows.len(), 3);
        let gesv = &rows[&(0, 4096)];
        assert_eq!(
            gesv["openblas"],
            Cell {
                seconds: 0.323,
                good: true
            }
        );
        assert_eq!(
            gesv["nvblas"],
            Cell {
                seconds: 0.637,
                good: false
            }
        );
        assert_eq!(gesv["nvblas-nopin"].seconds, 1.027);
        assert!(!gesv.contains_key("gpublas-host"));
        assert!(!gesv.contains_key("openblas-lapack"));
        let geqrf = &rows[&(2, 16384)];
        assert_eq!(geqrf["gpublas"].seconds, 39.0);
        assert!(!geqrf.contains_key("nvblas"));
        let dot = &rows[&(3, 8192)];
        assert_eq!(dot["gpublas"].seconds, 0.301);
        assert_eq!(dot["openblas"].seconds, 0.712);
    }
}
