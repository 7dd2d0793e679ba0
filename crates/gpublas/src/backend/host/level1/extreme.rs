//! `iamax`/`iamin` on the host: the first element whose `|re| + |im|` is the largest (the
//! smallest), as reference BLAS's loop finds it, computed in chunks (in parallel for large `n`)
//! and in blocks whose extreme is found by a vectorised pass before the block is searched.

use std::ops::Range;

use num_traits::Float;

use super::super::chunks::{self, vectorized};
use crate::backend::host::elem;
use crate::backend::DevPtr;
use crate::scalar::Scalar;

/// Elements per block: the vectorised pass finds the block's extreme, and only a block that
/// beats the best so far is searched again (from the cache) for its first index.
const BLOCK: usize = 256;

/// Which extreme is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Extreme {
    Max,
    Min,
}

impl Extreme {
    /// Whether `a` strictly beats `b` (false if either is NaN).
    #[inline(always)]
    fn better<R: Float>(self, a: R, b: R) -> bool {
        match self {
            Extreme::Max => a > b,
            Extreme::Min => a < b,
        }
    }

    /// A value every non-NaN magnitude beats or equals: −1 for the largest, ∞ for the smallest.
    fn worst<R: Float>(self) -> R {
        match self {
            Extreme::Max => -R::one(),
            Extreme::Min => R::infinity(),
        }
    }
}

/// The best non-NaN value among walk indices `r` and its first index (`None` if all are NaN).
#[inline(always)]
fn best_in<R: Float>(
    which: Extreme,
    r: Range<usize>,
    value: impl Fn(usize) -> R,
) -> Option<(R, usize)> {
    let worst = which.worst::<R>();
    let mut best: Option<(R, usize)> = None;
    let mut start = r.start;
    while start < r.end {
        let len = BLOCK.min(r.end - start);
        // The block's extreme, eight lanes at a time (lane order does not matter for an
        // extreme: ties are resolved by the search below).
        let mut lanes = [worst; 8];
        let full = len / 8 * 8;
        for k in (0..full).step_by(8) {
            for (l, m) in lanes.iter_mut().enumerate() {
                let v = value(start + k + l);
                *m = if which.better(v, *m) { v } else { *m };
            }
        }
        for k in full..len {
            let v = value(start + k);
            lanes[0] = if which.better(v, lanes[0]) {
                v
            } else {
                lanes[0]
            };
        }
        let m = lanes
            .into_iter()
            .fold(worst, |a, v| if which.better(v, a) { v } else { a });
        let beats = match best {
            None => true,
            Some((b, _)) => which.better(m, b),
        };
        if beats {
            // `m` is a value of the block unless it is still `worst` with no element equal.
            if let Some(k) = (start..start + len).find(|&i| value(i) == m) {
                best = Some((m, k));
            }
        }
        start += len;
    }
    best
}

/// 0-based index of the first element whose `|re| + |im|` beats all before it: reference
/// BLAS's loop (`best` starts at element 0 and only a strictly better value replaces it), so a
/// NaN in element 0 gives 0 and NaNs elsewhere never win.
///
/// # Safety
/// `x` is valid for reading its span, `n > 0`.
pub(super) unsafe fn extreme<T: Scalar>(n: usize, x: DevPtr, incx: isize, which: Extreme) -> usize {
    // SAFETY: forwarded to the caller (`i < n`).
    let value = |i: usize| unsafe { *elem::<T>(x, n, incx, i) }.abs1();
    if value(0).is_nan() {
        return 0;
    }
    let found = chunks::reduce(
        n,
        |r| {
            vectorized(
                #[inline(always)]
                || {
                    if incx == 1 {
                        // SAFETY: forwarded to the caller (`i < n`).
                        best_in(
                            which,
                            r,
                            #[inline(always)]
                            |i| unsafe { *x.cast::<T>().add(i) }.abs1(),
                        )
                    } else {
                        best_in(which, r, value)
                    }
                },
            )
        },
        |a, b| match (a, b) {
            (Some((va, _)), Some((vb, _))) if which.better(vb, va) => b,
            (None, b) => b,
            (a, _) => a,
        },
    );
    // Element 0 is not NaN, so the first chunk has a best.
    found.flatten().map_or(0, |(_, i)| i)
}
