//! gpublas inside a cudarc program: one stream, the program's own memory, no copies or syncs at
//! a hand-off; then two streams running independent work side by side.
//!
//! ```sh
//! cargo run --release --features cudarc --example cudarc_interop   # needs an NVIDIA GPU
//! ```

use std::error::Error;
use std::time::Instant;

use cudarc::driver::CudaContext;
use gpublas::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let ctx = CudaContext::new(0)?;
    // The program's stream (not the default one): cudarc's copies and gpublas's calls queue on it.
    let stream = ctx.new_stream()?;
    let dev = Device::from_cudarc(&stream)?;
    println!("backend: {}", dev.describe());

    let (m, k, n) = (300, 200, 100);
    let a_host: Vec<f32> = (0..m * k)
        .map(|i| ((i * 7 % 13) as f32 - 6.0) / 4.0)
        .collect();
    let b_host: Vec<f32> = (0..k * n)
        .map(|i| ((i * 5 % 11) as f32 - 5.0) / 3.0)
        .collect();

    // cudarc uploads and allocates; gpublas multiplies into cudarc's memory; cudarc scales the
    // result by copying it... all queued on one stream, in order, with no synchronisation.
    let a = stream.clone_htod(&a_host)?;
    let b = stream.clone_htod(&b_host)?;
    let mut c = stream.alloc_zeros::<f32>(m * n)?;
    dev.gemm(
        Op::N,
        Op::N,
        1.0,
        Mat::col_major(&dev.cudarc(&a)?, m, k),
        Mat::col_major(&dev.cudarc(&b)?, k, n),
        0.0,
        MatMut::col_major(&mut dev.cudarc_mut(&mut c)?, m, n),
    )?;
    let mut c2 = stream.clone_dtod(&c)?; // cudarc's copy, after the gemm on the stream
    dev.scal(2.0, &mut dev.cudarc_mut(&mut c2)?)?; // gpublas again, after the copy
    let (c_host, c2_host) = (stream.clone_dtoh(&c)?, stream.clone_dtoh(&c2)?);

    let mut max_err = 0.0f64;
    for j in 0..n {
        for i in 0..m {
            let want: f64 = (0..k)
                .map(|p| a_host[i + p * m] as f64 * b_host[p + j * k] as f64)
                .sum();
            max_err = max_err.max((c_host[i + j * m] as f64 - want).abs());
            max_err = max_err.max((c2_host[i + j * m] as f64 - 2.0 * want).abs());
        }
    }
    println!("gemm and scal on cudarc's stream and memory: max |error| vs. a triple loop = {max_err:.2e}");
    if max_err > 1e-2 {
        return Err("result differs from the reference".into());
    }

    // Two streams: independent small gemms, one stream against two (each driven by a thread).
    let (one, two) = (streams_time(&ctx, 1)?, streams_time(&ctx, 2)?);
    println!(
        "400 independent 64×64 sgemms: one stream {:.2} ms, two streams {:.2} ms ({:.2}×)",
        one * 1e3,
        two * 1e3,
        one / two
    );
    println!("ok");
    Ok(())
}

/// Seconds for 400 independent 64×64 sgemms spread over `streams` cudarc streams (best of 5).
fn streams_time(ctx: &std::sync::Arc<CudaContext>, streams: usize) -> Result<f64, Box<dyn Error>> {
    let calls = 400 / streams;
    let s = 64;
    let work: Vec<_> = (0..streams)
        .map(|_| -> Result<_, Box<dyn Error>> {
            let st = ctx.new_stream()?;
            let dev = Device::from_cudarc(&st)?;
            let a = st.clone_htod(&vec![0.5f32; s * s])?;
            let c = st.alloc_zeros::<f32>(s * s)?;
            Ok((st, dev, a, c))
        })
        .collect::<Result<_, _>>()?;
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let t = Instant::now();
        std::thread::scope(|sc| -> Result<(), Box<dyn Error + Send + Sync>> {
            let handles: Vec<_> = work
                .iter()
                .map(|(st, dev, a, c)| {
                    sc.spawn(move || -> Result<(), Box<dyn Error + Send + Sync>> {
                        let mut c = c.clone();
                        for _ in 0..calls {
                            dev.gemm(
                                Op::N,
                                Op::N,
                                1.0,
                                Mat::col_major(&dev.cudarc(a)?, s, s),
                                Mat::col_major(&dev.cudarc(a)?, s, s),
                                0.0,
                                MatMut::col_major(&mut dev.cudarc_mut(&mut c)?, s, s),
                            )?;
                        }
                        st.synchronize()?;
                        Ok(())
                    })
                })
                .collect();
            for h in handles {
                h.join().expect("worker panicked")?;
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        best = best.min(t.elapsed().as_secs_f64());
    }
    Ok(best)
}
