//! Packing: a block of an operand copied into micro-panels laid out in the order the kernel
//! reads them, conjugated where the op asks, zero-padded to whole vectors (rows of `A`) and
//! whole tiles (columns of `B`). Copies and sign flips are exact, so packing never changes a
//! value.
//!
//! A panel holds, for each `p` of the depth block, `width` units: the panel's elements across
//! (rows of `op(A)`, or columns of `op(B)`), each one or two units, then zeros.

use super::simd::Unit;
use super::Operand;

/// Packs `count` elements across × `kc` deep of an operand into one panel of `width` units per
/// step of the depth, one element across at a time (for operands strided across the panel;
/// [`by_steps`] packs those contiguous across). `across` and `along` are the operand's element
/// strides across the panel and along the depth.
///
/// # Safety
/// `src` is valid for reading every element `(x, p)` (`x < count`, `p < kc`) at
/// `(x·across + p·along)·units`; `dst` is valid for writing `kc · width` units and overlaps no
/// source; `count · units ≤ width`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn panel<U: Unit, const CPLX: bool>(
    dst: *mut U,
    src: *const U,
    count: usize,
    kc: usize,
    width: usize,
    across: usize,
    along: usize,
    conj: bool,
) {
    let units = 1 + CPLX as usize;
    let used = count * units;
    debug_assert!(used <= width);
    // Part `part` of element `x` of step `p` (the imaginary part negated if `conj`).
    let read = |x: usize, p: usize, part: usize| {
        // SAFETY: the callers below pass `x < count`, `p < kc`: inside the caller's ranges.
        let v = unsafe { *src.add((x * across + p * along) * units + part) };
        if conj && part == 1 {
            v.neg()
        } else {
            v
        }
    };
    // Strided across the panel (panels contiguous across are packed by [`by_steps`]): one
    // run per element across, along the depth.
    for x in 0..count {
        for p in 0..kc {
            for part in 0..units {
                // SAFETY: unit `x·units + part < used ≤ width` of step `p`.
                unsafe { *dst.add(p * width + x * units + part) = read(x, p, part) };
            }
        }
    }
    if used < width {
        for p in 0..kc {
            for u in used..width {
                // SAFETY: `u < width`, step `p < kc`.
                unsafe { *dst.add(p * width + u) = U::ZERO };
            }
        }
    }
}

/// Steps of the depth packed together by [`by_steps`].
const STEPS: usize = 8;

/// Packs panels whose elements across are contiguous in the source (`across = 1`) [`STEPS`]
/// steps of the depth at a time: those steps of every panel, panel after panel, before the next
/// steps. The source is then read as `STEPS` stored columns side by side, each start to end —
/// streams the hardware prefetches — where packing one panel after another over the whole depth
/// would stride through every column once per panel (on a block fetched from memory, a miss
/// per column per panel); and each panel gets `STEPS` rows written one after the other, where
/// one step at a time wrote a line to every panel in turn — panels `kc` rows apart, so on the
/// same few sets of L1 (one store in six of a thin update's samples, 2-core EPYC).
/// `panels` gives each panel's first element across, its count of elements, its offset in
/// `dst` and its width in units. Each element is copied as [`panel`] copies it.
///
/// # Safety
/// `src` is valid for reading every element `(x, p)` of the panels (`x0 ≤ x < x0 + count`,
/// `p < kc`) at `(x + p·along)·units`; `dst` is valid for writing each panel's `kc · width`
/// units from its offset, overlaps no source, and the panels do not overlap;
/// `count · units ≤ width`.
#[inline(always)]
unsafe fn by_steps<U: Unit, const CPLX: bool>(
    dst: *mut U,
    src: *const U,
    panels: impl Iterator<Item = (usize, usize, usize, usize)> + Clone,
    kc: usize,
    along: usize,
    conj: bool,
) {
    let units = 1 + CPLX as usize;
    for p0 in (0..kc).step_by(STEPS) {
        let steps = p0..kc.min(p0 + STEPS);
        for (x0, count, at, width) in panels.clone() {
            let used = count * units;
            debug_assert!(used <= width);
            for p in steps.clone() {
                let from = src.wrapping_add((p * along + x0) * units);
                // SAFETY: step `p` of the panel at `at`, `width` units, inside `dst`.
                let row = unsafe { dst.add(at + p * width) };
                for u in 0..used {
                    // SAFETY: element `x0 + u / units` of step `p`, inside the caller's ranges.
                    let v = unsafe { *from.add(u) };
                    let v = if CPLX && conj && u % 2 == 1 {
                        v.neg()
                    } else {
                        v
                    };
                    // SAFETY: `u < used ≤ width`.
                    unsafe { *row.add(u) = v };
                }
                for u in used..width {
                    // SAFETY: `u < width`.
                    unsafe { *row.add(u) = U::ZERO };
                }
            }
        }
    }
}

/// The register tiles of a block of `rows` rows, as `(first row, rows)` in order: tiles of
/// `mr` rows, except that when the last would be short the last two share their rows (the
/// first taking whole vectors of `vec_rows` rows), so no tile is much narrower than the others
/// (a one-vector tile is bound by loads, not arithmetic). Every tile but the last is whole
/// vectors, so tile `(i, _)` of a packed block starts `i · units · kc` units in.
pub(super) fn row_tiles(
    rows: usize,
    mr: usize,
    vec_rows: usize,
) -> impl Iterator<Item = (usize, usize)> + Clone {
    let (full, rem) = (rows / mr, rows % mr);
    let shared = (mr + rem).div_ceil(2).div_ceil(vec_rows) * vec_rows;
    let rebalance = rem > 0 && full > 0 && shared < mr;
    let plain = if rebalance { full - 1 } else { full };
    let start = plain * mr;
    let tail = if rebalance {
        [(start, shared), (start + shared, mr + rem - shared)]
    } else {
        [(start, rem), (rows, 0)]
    };
    (0..plain)
        .map(move |q| (q * mr, mr))
        .chain(tail.into_iter().filter(|t| t.1 > 0))
}

/// Packs the row tiles `tiles` (see [`row_tiles`]) × depth `0 .. kc` of `op(A)` (`a` starts at
/// the block) into panels, tile `(i, rows)` at `i · units · kc` units, `h · kc` units long with
/// `h` its rows' units rounded up to whole vectors of `lanes` units.
///
/// # Safety
/// `a` is valid for reading the tiles' rows; `dst` for writing the panels; they do not overlap.
#[inline(always)]
pub(super) unsafe fn pack_a<U: Unit, const CPLX: bool>(
    dst: *mut U,
    a: Operand<U>,
    tiles: impl Iterator<Item = (usize, usize)> + Clone,
    kc: usize,
    lanes: usize,
) {
    let units = 1 + CPLX as usize;
    let h = |count: usize| (count * units).div_ceil(lanes) * lanes;
    if a.rs == 1 {
        // SAFETY: the tiles' rows of the block, read in place; their panels in `dst`.
        unsafe {
            by_steps::<U, CPLX>(
                dst,
                a.ptr,
                tiles.map(|(i0, count)| (i0, count, i0 * units * kc, h(count))),
                kc,
                a.cs,
                a.conj,
            )
        };
        return;
    }
    for (i0, count) in tiles {
        let h = h(count);
        // SAFETY: tile `i0`'s panel in the caller's buffer; its rows of the block.
        unsafe {
            panel::<U, CPLX>(
                dst.add(i0 * units * kc),
                a.at(i0, 0, units).ptr,
                count,
                kc,
                h,
                a.rs,
                a.cs,
                a.conj,
            )
        };
    }
}

/// Packs depth `0 .. kc` × columns `0 .. cols` of `op(B)` (`b` starts at the block) into panels
/// of `nr` columns, each `nr · units · kc` units (columns past `cols` zero).
///
/// # Safety
/// `b` is valid for reading the block; `dst` for writing `⌈cols / nr⌉ · nr · units · kc`
/// units; they do not overlap.
#[inline(always)]
pub(super) unsafe fn pack_b<U: Unit, const CPLX: bool>(
    dst: *mut U,
    b: Operand<U>,
    kc: usize,
    cols: usize,
    nr: usize,
) {
    let units = 1 + CPLX as usize;
    if b.cs == 1 {
        let panels = (0..cols)
            .step_by(nr)
            .map(|j0| (j0, nr.min(cols - j0), j0 * units * kc, nr * units));
        // SAFETY: the block's columns, read in place; their panels in `dst`.
        unsafe { by_steps::<U, CPLX>(dst, b.ptr, panels, kc, b.rs, b.conj) };
        return;
    }
    let mut j0 = 0;
    while j0 < cols {
        let count = nr.min(cols - j0);
        // SAFETY: panel `j0 / nr` of the caller's buffer; columns `j0 ..` of the block.
        unsafe {
            panel::<U, CPLX>(
                dst.add(j0 * units * kc),
                b.at(0, j0, units).ptr,
                count,
                kc,
                nr * units,
                b.cs,
                b.rs,
                b.conj,
            )
        };
        j0 += nr;
    }
}

#[cfg(test)]
mod tests {
    use super::row_tiles;

    #[test]
    fn row_tiles_cover_the_rows_in_whole_vectors_but_the_last() {
        for rows in 1..200 {
            for (mr, vec_rows) in [(24, 8), (48, 16), (12, 4), (8, 4), (6, 2)] {
                let tiles: Vec<_> = row_tiles(rows, mr, vec_rows).collect();
                let mut next = 0;
                for (k, &(start, len)) in tiles.iter().enumerate() {
                    assert_eq!(start, next);
                    assert!(len > 0 && len <= mr);
                    if k + 1 < tiles.len() {
                        assert_eq!(len % vec_rows, 0, "{rows} rows: {tiles:?}");
                    }
                    next += len;
                }
                assert_eq!(next, rows);
            }
        }
        assert_eq!(
            row_tiles(64, 48, 16).collect::<Vec<_>>(),
            [(0, 32), (32, 32)]
        );
        assert_eq!(
            row_tiles(64, 24, 8).collect::<Vec<_>>(),
            [(0, 24), (24, 24), (48, 16)]
        );
    }
}
