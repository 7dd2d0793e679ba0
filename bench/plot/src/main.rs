//! Draws benchmark tables as PNGs, on a log scale:
//!
//! - `transfer_bench`'s table (the default): for each gemm from host memory, the time of gpublas
//!   and of its peers;
//! - `dropin`: the LAPACK and numpy tables of `crates/gpublas-blas/bench/run-gpu-bench.sh` (its
//!   `summary.md`, or a results page that holds them), reference LAPACK's (and Debian's numpy's)
//!   time over OpenBLAS, NVBLAS and gpublas-blas for each routine and size. Several summaries may
//!   be given; a later one's cells replace an earlier one's for the same routine, size and
//!   column.
//!
//! ```text
//! cargo run --release --manifest-path bench/plot/Cargo.toml -- bench/results/<table>.md <out>.png
//! cargo run --release --manifest-path bench/plot/Cargo.toml -- dropin <summary.md>... <out>.png
//! ```

use plotters::prelude::*;

mod dropin;

/// The implementations drawn, in order, with their colour.
const WHO: [(&str, RGBColor); 5] = [
    ("gpublas", RGBColor(0x1f, 0x77, 0xb4)),
    (
        "raw cuBLAS, data already pinned",
        RGBColor(0x2c, 0xa0, 0x2c),
    ),
    ("cuBLASXt, its pinning on", RGBColor(0xff, 0x7f, 0x0e)),
    ("raw cuBLAS, naive pageable", RGBColor(0x94, 0x67, 0xbd)),
    ("cudarc 0.19", RGBColor(0xd6, 0x27, 0x28)),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("dropin") {
        let [tables @ .., out] = &args[1..] else {
            return Err("usage: gpublas-bench-plot dropin <summary.md>... <out.png>".into());
        };
        if tables.is_empty() {
            return Err("usage: gpublas-bench-plot dropin <summary.md>... <out.png>".into());
        }
        return dropin::draw(tables, out);
    }
    transfer(&args)
}

/// A chart of bar groups: x in groups, y on a log scale.
type Chart<'a, 'b> = ChartContext<
    'a,
    BitMapBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, LogCoord<f64>>,
>;

/// One bar from `floor` to `value` at `x0`, `width` wide, with its value written above it.
fn bar(
    chart: &mut Chart<'_, '_>,
    (x0, width, floor): (f64, f64, f64),
    value: f64,
    colour: RGBColor,
    label: (String, u32),
) -> Result<(), Box<dyn std::error::Error>> {
    chart.draw_series(std::iter::once(Rectangle::new(
        [(x0, floor), (x0 + width, value)],
        colour.filled(),
    )))?;
    chart.draw_series(std::iter::once(Text::new(
        label.0,
        (x0, value * 1.13),
        ("sans-serif", label.1),
    )))?;
    Ok(())
}

/// The legend (upper left): a coloured square and a name for each entry.
fn legend<'a, 'b: 'a, 'n>(
    chart: &mut Chart<'a, 'b>,
    entries: impl IntoIterator<Item = (&'n str, RGBColor)>,
    floor: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    for (name, c) in entries {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, floor), (0.0, floor)],
                c.filled(),
            )))?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

fn transfer(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let [table, out] = args else {
        return Err("usage: gpublas-bench-plot <transfer table.md> <out.png>".into());
    };
    let text = std::fs::read_to_string(table)?;
    // Rows: | case | implementation | median unit | notes |
    let mut rows: Vec<(String, String, f64)> = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 5 || !cells[1].contains("gemm n=") {
            continue;
        }
        let value = cells[3]
            .split_whitespace()
            .next()
            .and_then(|v| v.parse::<f64>().ok());
        if let Some(v) = value {
            rows.push((
                cells[1].replace(" (host Vecs)", ""),
                cells[2].to_string(),
                v,
            ));
        }
    }
    let mut cases: Vec<String> = Vec::new();
    for (c, _, _) in &rows {
        if !cases.contains(c) {
            cases.push(c.clone());
        }
    }
    let get = |case: &str, who: &str| {
        rows.iter()
            .find(|(c, w, _)| c == case && w == who)
            .map(|r| r.2)
    };
    let root = BitMapBackend::new(out, (1200, 620)).into_drawing_area();
    root.fill(&WHITE)?;
    let groups = cases.len() as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "gemm with host operands on an H200: whole call, host memory to host memory (ms, log scale)",
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..groups, (2.0f64..1000.0).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc("milliseconds")
        .draw()?;
    let width = 0.8 / WHO.len() as f64;
    for (g, case) in cases.iter().enumerate() {
        for (k, (who, colour)) in WHO.iter().enumerate() {
            let Some(v) = get(case, who) else { continue };
            let x0 = g as f64 + 0.1 + k as f64 * width;
            bar(
                &mut chart,
                (x0, width * 0.9, 2.0),
                v,
                *colour,
                (format!("{v:.1}"), 11),
            )?;
        }
        chart.draw_series(std::iter::once(Text::new(
            case.clone(),
            (g as f64 + 0.3, 1.45),
            ("sans-serif", 15),
        )))?;
    }
    legend(&mut chart, WHO.iter().map(|(w, c)| (*w, *c)), 2.0)?;
    root.present()?;
    Ok(())
}
