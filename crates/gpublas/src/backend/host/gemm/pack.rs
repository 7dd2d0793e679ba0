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
/// step of the depth. `across` and `along` are the operand's element strides across the panel
/// and along the depth.
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
    if across == 1 {
        // Contiguous across the panel: one run per step.
        for p in 0..kc {
            // SAFETY: step `p` of the panel, `width` units, inside `dst`.
            let row = unsafe { dst.add(p * width) };
            for u in 0..used {
                // SAFETY: `u < used ≤ width`.
                unsafe { *row.add(u) = read(u / units, p, u % units) };
            }
        }
    } else {
        // Contiguous (or strided) along the depth: one run per element across.
        for x in 0..count {
            for p in 0..kc {
                for part in 0..units {
                    // SAFETY: unit `x·units + part < used ≤ width` of step `p`.
                    unsafe { *dst.add(p * width + x * units + part) = read(x, p, part) };
                }
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

/// Packs rows `0 .. rows` × depth `0 .. kc` of `op(A)` (`a` starts at the block) into panels of
/// `mr` rows, each `h · kc` units with `h` its rows' units rounded up to whole vectors of
/// `lanes` units; panel `q` starts at `q · mr · units · kc` (only the last panel may be short).
///
/// # Safety
/// `a` is valid for reading the block; `dst` for writing the panels; they do not overlap;
/// `mr · units` is a multiple of `lanes`.
#[inline(always)]
pub(super) unsafe fn pack_a<U: Unit, const CPLX: bool>(
    dst: *mut U,
    a: Operand<U>,
    rows: usize,
    kc: usize,
    mr: usize,
    lanes: usize,
) {
    let units = 1 + CPLX as usize;
    let mut i0 = 0;
    while i0 < rows {
        let count = mr.min(rows - i0);
        let h = (count * units).div_ceil(lanes) * lanes;
        // SAFETY: panel `i0 / mr` of the caller's buffer; rows `i0 ..` of the block.
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
        i0 += mr;
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
