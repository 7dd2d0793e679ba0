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

/// A part of a column-major matrix in host memory: the `rows`-row block at row `r0`, column
/// `c0` of a matrix with leading dimension `ld`, all counted in elements of `elem` bytes. Its
/// packed form is the block's columns one after another (leading dimension `rows`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Block {
    pub elem: usize,
    pub ld: usize,
    pub r0: usize,
    pub c0: usize,
    pub rows: usize,
}

impl Block {
    /// The block's `cols` columns as one strided range of a matrix of `len` bytes: the byte
    /// offset of its first element, the bytes per column and the bytes between columns.
    ///
    /// # Panics
    /// If a column lies outside the `len` bytes (callers pass validated blocks).
    pub(crate) fn span(&self, cols: usize, len: usize) -> (usize, usize, usize) {
        let (width, pitch) = (self.rows * self.elem, self.ld * self.elem);
        let start = (self.c0 * self.ld + self.r0) * self.elem;
        let end = match cols {
            0 => start,
            c => start + (c - 1) * pitch + width,
        };
        assert!(
            width <= pitch || cols <= 1,
            "block rows beyond the leading dimension"
        );
        assert!(end <= len, "block outside its matrix");
        (start, width, pitch)
    }

    /// The runs (offset in the packed range, offset in the matrix, length; in bytes) that
    /// packed elements `[e0, e1)` cover: one per column they touch.
    fn runs(&self, e0: usize, e1: usize) -> Vec<(usize, usize, usize)> {
        if e0 >= e1 || self.rows == 0 {
            return Vec::new();
        }
        let (rows, elem) = (self.rows, self.elem);
        (e0 / rows..=(e1 - 1) / rows)
            .map(|j| {
                let s = e0.max(j * rows);
                let e = e1.min((j + 1) * rows);
                let at = (self.c0 + j) * self.ld + self.r0 + (s - j * rows);
                ((s - e0) * elem, at * elem, (e - s) * elem)
            })
            .collect()
    }
}

/// An address that may cross to the copy threads: each thread touches only its own run.
#[derive(Clone, Copy)]
struct Shared(*mut u8);
// SAFETY: used only to reach disjoint runs of one buffer from several threads at once, while
// the borrow it was derived from is held by the caller.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

/// Runs `(to, from, len)` copies from `src` to `dst`, in parallel when large. The runs'
/// destinations must not overlap.
fn copy_runs(dst: &mut [u8], src: &[u8], runs: &[(usize, usize, usize)]) {
    for &(to, from, len) in runs {
        assert!(
            to + len <= dst.len() && from + len <= src.len(),
            "copy run out of range"
        );
    }
    let total: usize = runs.iter().map(|r| r.2).sum();
    let (d, s) = (Shared(dst.as_mut_ptr()), Shared(src.as_ptr().cast_mut()));
    let one = move |&(to, from, len): &(usize, usize, usize)| {
        let (d, s) = (d, s);
        // SAFETY: every run was checked to lie inside `dst` and `src` (borrowed for the whole
        // call), and the destinations of different runs do not overlap (the caller's contract),
        // so no two threads write the same byte and nothing reads what is written.
        unsafe { std::ptr::copy_nonoverlapping(s.0.add(from).cast_const(), d.0.add(to), len) };
    };
    match pool() {
        Some(p) if total >= 2 * PIECE && runs.len() > 1 => {
            p.install(|| runs.par_iter().for_each(one))
        }
        _ => runs.iter().for_each(one),
    }
}

/// Packs elements `[e0, e1)` of `block` (a part of the matrix `src`) into `dst`.
pub(crate) fn gather(dst: &mut [u8], src: &[u8], block: Block, e0: usize, e1: usize) {
    let runs = block.runs(e0, e1);
    if let [(to, from, len)] = runs[..] {
        return copy(&mut dst[to..to + len], &src[from..from + len]);
    }
    copy_runs(dst, src, &runs);
}

/// Unpacks `src` (packed elements `[e0, e1)` of `block`) into the matrix `dst`.
pub(crate) fn scatter(dst: &mut [u8], src: &[u8], block: Block, e0: usize, e1: usize) {
    let runs: Vec<_> = block
        .runs(e0, e1)
        .into_iter()
        .map(|(p, m, l)| (m, p, l))
        .collect();
    if let [(to, from, len)] = runs[..] {
        return copy(&mut dst[to..to + len], &src[from..from + len]);
    }
    copy_runs(dst, src, &runs);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_and_scatter_move_exactly_a_block() {
        // A 7×5 matrix (ld 9) of u16 elements; the block is rows 2..6, columns 1..4.
        let (ld, cols, elem) = (9usize, 5usize, 2usize);
        let m: Vec<u8> = (0..ld * cols * elem).map(|i| (i % 251) as u8).collect();
        let b = Block {
            elem,
            ld,
            r0: 2,
            c0: 1,
            rows: 4,
        };
        let n = 4 * 3;
        for (e0, e1) in [(0, n), (1, 7), (3, 4), (4, 12), (5, 5)] {
            let mut packed = vec![0u8; (e1 - e0) * elem];
            gather(&mut packed, &m, b, e0, e1);
            for e in e0..e1 {
                let (i, j) = (e % 4, e / 4);
                let at = ((1 + j) * ld + 2 + i) * elem;
                assert_eq!(
                    &packed[(e - e0) * elem..][..elem],
                    &m[at..at + elem],
                    "gather e={e}"
                );
            }
            let mut back = vec![0xAAu8; m.len()];
            scatter(&mut back, &packed, b, e0, e1);
            for (k, v) in back.iter().enumerate() {
                let (r, c) = ((k / elem) % ld, (k / elem) / ld);
                let inside = (2..6).contains(&r)
                    && (1..4).contains(&c)
                    && (e0..e1).contains(&((c - 1) * 4 + r - 2));
                assert_eq!(*v, if inside { m[k] } else { 0xAA }, "scatter byte {k}");
            }
        }
    }
}
