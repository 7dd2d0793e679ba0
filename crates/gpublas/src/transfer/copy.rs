//! Host-side copies between user memory and staging slots, spread over a persistent pool of
//! threads (rayon): one thread copies pageable memory at about a quarter of what the link
//! moves, so large copies are split across cores.

use std::sync::OnceLock;

use rayon::prelude::*;

/// Pieces a parallel copy is split into are at least this large (smaller copies run on the
/// calling thread: handing them out costs more than it saves).
const PIECE: usize = 1 << 20;

/// The variable that sets the number of copy threads (default: the available cores, at most 16).
pub const COPY_THREADS_VAR: &str = "GPUBLAS_COPY_THREADS";

fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::env::var(COPY_THREADS_VAR)
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map_or(1, |n| n.get())
                    .min(16)
            })
            .max(1);
        if threads == 1 {
            return None;
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("gpublas-copy-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// `dst.copy_from_slice(src)`, in parallel when large.
pub(crate) fn copy(dst: &mut [u8], src: &[u8]) {
    debug_assert_eq!(dst.len(), src.len());
    match pool() {
        Some(p) if src.len() >= 2 * PIECE => p.install(|| {
            dst.par_chunks_mut(PIECE)
                .zip(src.par_chunks(PIECE))
                .for_each(|(d, s)| d.copy_from_slice(s));
        }),
        _ => dst.copy_from_slice(src),
    }
}
