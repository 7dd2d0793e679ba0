//! The cache blocking of one sequential product (BLIS's five loops): columns of `C` in blocks
//! of `nc`; the depth in blocks of [`kc`] (fixed per unit type: the one blocking that decides
//! values); rows in blocks of `mc`; then register tiles `mr × nr`.
//!
//! `B`'s block (`kc × nc`) is packed once per depth block and stays in the outer caches;
//! `A`'s block (`mc × kc`) is packed once per row block and stays in L2; the kernel streams an
//! `A` micro-panel against a `B` micro-panel that stays in L1.

use std::cell::Cell;

use pulp::Simd;

use super::kernel::{smallest_tile, Panels, Scalars, Update, EDGE};
use super::pack::{pack_a, pack_b, row_tiles};
use super::simd::Unit;
use super::Product;

/// The depth block: 2 KiB of units per row of a panel (256 for `d`/`z`, 512 for `s`/`c`).
/// Fixed: it is the only blocking that changes how an element is summed, so it never depends on
/// the shape of the call, the thread count or the machine.
pub(super) const fn kc<U>() -> usize {
    2048 / size_of::<U>()
}

/// Bytes of `A`'s packed block (kept in L2).
const A_BLOCK_BYTES: usize = 1 << 20;
/// Bytes of `B`'s packed block (kept in L3).
const B_BLOCK_BYTES: usize = 8 << 20;

/// The block sizes of one product for a register tile of `MV` vectors × `NRR` units.
#[derive(Debug, Clone, Copy)]
pub(super) struct Blocking {
    /// Units per vector.
    lanes: usize,
    /// Register tile rows and columns, in elements.
    mr: usize,
    nr: usize,
    /// Block sizes in elements (`mc` a multiple of `mr`, `nc` of `nr`).
    kc: usize,
    mc: usize,
    nc: usize,
}

impl Blocking {
    /// The blocking for `m × n × k` (blocks no larger than the product).
    #[inline(always)]
    pub(super) fn new<S: Simd, U: Unit, const CPLX: bool, const MV: usize, const NRR: usize>(
        m: usize,
        n: usize,
        k: usize,
    ) -> Self {
        let units = 1 + CPLX as usize;
        let lanes = U::lanes::<S>();
        let (mr, nr) = (MV * lanes / units, NRR / units);
        let kc = kc::<U>();
        let row_bytes = kc * units * size_of::<U>();
        let mc = (A_BLOCK_BYTES / row_bytes / mr).max(1) * mr;
        let nc = (B_BLOCK_BYTES / row_bytes / nr).max(1) * nr;
        Blocking {
            lanes,
            mr,
            nr,
            kc: kc.min(k),
            mc: mc.min(m.div_ceil(mr) * mr),
            nc: nc.min(n.div_ceil(nr) * nr),
        }
    }

    /// Units of packed `A` and of packed `B` one product needs.
    pub(super) fn scratch_units(&self, units: usize) -> (usize, usize) {
        let a = self.mc * units * self.kc + self.lanes * self.kc;
        (a, self.nc * units * self.kc)
    }
}

/// A cache line, the unit of scratch memory (so packed panels start 64-byte aligned).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

thread_local! {
    /// Each thread's packing buffer, kept between calls.
    static SCRATCH: Cell<Vec<Line>> = const { Cell::new(Vec::new()) };
}

/// Packing memory of at least the asked size, borrowed from this thread's buffer (or fresh
/// when the thread's is in use or gone) and given back when dropped.
pub(super) struct Scratch(Vec<Line>);

impl Scratch {
    /// At least `bytes` bytes.
    pub(super) fn take(bytes: usize) -> Self {
        let mut lines = SCRATCH.try_with(Cell::take).unwrap_or_default();
        let want = bytes.div_ceil(size_of::<Line>());
        if lines.len() < want {
            lines = vec![Line([0; 64]); want];
        }
        Scratch(lines)
    }

    /// The memory as units.
    pub(super) fn units<U>(&mut self) -> *mut U {
        self.0.as_mut_ptr().cast()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let lines = std::mem::take(&mut self.0);
        // Keep the larger buffer if a nested call gave one back meanwhile; a thread that is
        // exiting keeps none.
        let _ = SCRATCH.try_with(|s| {
            let other = s.take();
            s.set(if other.len() > lines.len() {
                other
            } else {
                lines
            });
        });
    }
}

/// Whether a product reads its operands in place instead of packing them: when they are
/// small enough to stay in cache unpacked, so packing would cost more than it saves (it is
/// never amortised over many tiles). `A` needs contiguous columns (`op(A) = A`); neither may be
/// conjugated (packing applies the conjugation).
#[derive(Debug, Clone, Copy)]
pub(super) struct InPlace {
    pub a: bool,
    pub b: bool,
}

/// Bytes of an operand below which it is read in place.
const IN_PLACE_BYTES: usize = 64 << 10;

impl InPlace {
    /// How `p` is read. (Reading a large `A` in place when `C` is at most two register tiles
    /// wide made `m × 8 × 8` 30% faster on one thread, but on 16 threads, whose blocks of a
    /// product can be that narrow with a deep `A`, reference LAPACK ran up to twice as slow in
    /// the one run that had it; not kept until measured apart.)
    pub(super) fn new<U: Unit, const CPLX: bool>(p: &Product<U, CPLX>) -> Self {
        let bytes = |rows: usize, cols: usize| {
            rows.saturating_mul(cols)
                .saturating_mul((1 + CPLX as usize) * size_of::<U>())
        };
        InPlace {
            a: p.a.rs == 1 && !p.a.conj && bytes(p.m, p.k) <= IN_PLACE_BYTES,
            b: !p.b.conj && (p.b.rs == 1 || bytes(p.k, p.n) <= IN_PLACE_BYTES),
        }
    }
}

/// Runs one product sequentially with register tiles of `MV` (at most 3) vectors × `NRR` units.
///
/// # Safety
/// The product's operands are valid (see [`Product`]); `blocking` was made for it (or for a
/// product at least as large in every dimension); `scalars` hold its `α` and `β`; `a_buf` and `b_buf` are valid for writing the
/// units [`Blocking::scratch_units`] gives, and overlap nothing else.
#[inline(always)]
pub(super) unsafe fn product<
    S: Simd,
    U: Unit,
    const CPLX: bool,
    const MV: usize,
    const NRR: usize,
>(
    simd: S,
    p: &Product<U, CPLX>,
    blocking: &Blocking,
    scalars: &Scalars<S, U>,
    (a_buf, b_buf): (*mut U, *mut U),
) {
    let units = 1 + CPLX as usize;
    let Blocking {
        lanes,
        mr,
        nr,
        kc: kc_max,
        mc: mc_max,
        nc: nc_max,
    } = *blocking;
    let in_place = InPlace::new(p);
    let ldc = p.ldc * units;
    // SAFETY: forwarded to the caller.
    if unsafe { one_block::<S, U, CPLX, MV, NRR>(simd, p, blocking, scalars, (in_place, b_buf)) } {
        return;
    }
    // The copy of a tile across a triangle's edge (see below), allocated at the first such
    // tile: products without a triangle (a batch of small ones) pay nothing for it.
    let mut part: Vec<U> = Vec::new();
    for jc in (0..p.n).step_by(nc_max) {
        let nc = nc_max.min(p.n - jc);
        for pc in (0..p.k).step_by(kc_max) {
            let kc = kc_max.min(p.k - pc);
            let how = match (pc, p.beta_zero) {
                (0, true) => Update::Replace,
                (0, false) => Update::Scale,
                _ => Update::Add,
            };
            // Columns packed: all of the block, or (in place) only a last panel that is not
            // whole (reading it in place would read past B's columns).
            let b_packed_from = if in_place.b { nc - nc % nr } else { 0 };
            if b_packed_from < nc {
                // SAFETY: columns `b_packed_from ..` of the block of B are inside the operand;
                // `b_buf` holds their panels (from panel `b_packed_from / nr` on).
                unsafe {
                    pack_b::<U, CPLX>(
                        b_buf.add(b_packed_from * units * kc),
                        p.b.at(pc, jc + b_packed_from, units),
                        kc,
                        nc - b_packed_from,
                        nr,
                    )
                };
            }
            for ic in (0..p.m).step_by(mc_max) {
                let mc = mc_max.min(p.m - ic);
                if let Some(t) = p.tri {
                    if !t.covers((ic, ic + mc), (jc, jc + nc)).0 {
                        continue; // no element of the triangle: nothing to pack or compute
                    }
                }
                let tiles = row_tiles(mc, mr, lanes / units);
                // Rows packed: all of the block, or (in place) only a last tile that is not
                // whole vectors (reading it in place would read past A's rows).
                let last = tiles.clone().last().unwrap_or((0, 0));
                let packed_from = if !in_place.a {
                    0
                } else if !(last.1 * units).is_multiple_of(lanes) {
                    last.0
                } else {
                    mc
                };
                if packed_from < mc {
                    // SAFETY: the block of A is inside the operand; `a_buf` holds the panels
                    // of its tiles from `packed_from` on.
                    unsafe {
                        pack_a::<U, CPLX>(
                            a_buf,
                            p.a.at(ic, pc, units),
                            tiles.clone().filter(|t| t.0 >= packed_from),
                            kc,
                            lanes,
                        )
                    };
                }
                for jr in (0..nc).step_by(nr) {
                    let cols = nr.min(nc - jr);
                    let (b, b_in_place) = if jr < b_packed_from {
                        let first = p.b.at(pc, jc + jr, units).ptr;
                        (first, Some((p.b.rs * units, p.b.cs * units)))
                    } else {
                        (b_buf.wrapping_add(jr * units * kc).cast_const(), None)
                    };
                    for (ir, rows) in tiles.clone() {
                        let (r0, c0) = (ic + ir, jc + jr);
                        let (any, all) = p
                            .tri
                            .map_or((true, true), |t| t.covers((r0, r0 + rows), (c0, c0 + cols)));
                        if !any {
                            continue;
                        }
                        let rows_u = rows * units;
                        let vectors = rows_u.div_ceil(lanes);
                        let (a, a_step) = if ir >= packed_from {
                            // Tile `ir`'s panel of packed A.
                            (
                                a_buf.wrapping_add(ir * units * kc).cast_const(),
                                vectors * lanes,
                            )
                        } else {
                            (p.a.at(ic + ir, pc, units).ptr, p.a.cs * units)
                        };
                        let panels = Panels {
                            a,
                            a_step,
                            b,
                            b_in_place,
                        };
                        // SAFETY: the tile of C is inside the product's C.
                        let c = unsafe { p.c.add((ic + ir) * units + (jc + jr) * ldc) };
                        let size = (rows_u, cols);
                        // A tile across the triangle's edge: computed whole in a copy holding
                        // the triangle's elements (zeros elsewhere), of which only they go
                        // back — the same arithmetic, nothing outside the triangle touched.
                        let in_tri =
                            |r: usize, j: usize| p.tri.is_none_or(|t| t.keeps(r0 + r, c0 + j));
                        let at = if all {
                            (c, ldc)
                        } else {
                            part.clear();
                            part.resize(EDGE, U::ZERO);
                            for j in 0..cols {
                                for r in (0..rows).filter(|&r| in_tri(r, j)) {
                                    for u in r * units..(r + 1) * units {
                                        // SAFETY: inside the tile of C and of `part`
                                        // (`rows_u · cols ≤ EDGE`, the kernel's largest tile).
                                        unsafe { part[j * rows_u + u] = *c.add(j * ldc + u) };
                                    }
                                }
                            }
                            (part.as_mut_ptr(), rows_u)
                        };
                        // SAFETY: the panels cover the tile's rows, columns and depth block
                        // (packed above, or inside the operands); C's tile as above.
                        unsafe {
                            smallest_tile::<S, U, CPLX, MV, NRR>(
                                simd, kc, &panels, at, size, how, scalars,
                            )
                        };
                        if !all {
                            for j in 0..cols {
                                for r in (0..rows).filter(|&r| in_tri(r, j)) {
                                    for u in r * units..(r + 1) * units {
                                        // SAFETY: as for the copy in.
                                        unsafe { *c.add(j * ldc + u) = part[j * rows_u + u] };
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// [`product`] for a product that is one block with `A` read in place in tiles of whole
/// vectors and `B` read in place (but for a last panel narrower than a tile, packed) — a batch's
/// small products: the same tiles in the same order, without the blocking loops around them,
/// whose bookkeeping cost as much as a 16×16 product's arithmetic. Returns whether it ran (else
/// nothing was touched).
///
/// # Safety
/// As for [`product`].
#[inline(always)]
unsafe fn one_block<S: Simd, U: Unit, const CPLX: bool, const MV: usize, const NRR: usize>(
    simd: S,
    p: &Product<U, CPLX>,
    blocking: &Blocking,
    scalars: &Scalars<S, U>,
    (in_place, b_buf): (InPlace, *mut U),
) -> bool {
    let units = 1 + CPLX as usize;
    let Blocking {
        lanes,
        mr,
        nr,
        kc,
        mc,
        nc,
    } = *blocking;
    let tiles = row_tiles(p.m, mr, lanes / units);
    let simple = p.tri.is_none()
        && in_place.a
        && in_place.b
        && p.k <= kc
        && p.m <= mc
        && p.n <= nc
        && tiles
            .clone()
            .all(|(_, rows)| (rows * units).is_multiple_of(lanes));
    if !simple {
        return false;
    }
    let how = if p.beta_zero {
        Update::Replace
    } else {
        Update::Scale
    };
    let ldc = p.ldc * units;
    let b_packed_from = p.n - p.n % nr;
    for jr in (0..p.n).step_by(nr) {
        let (b, b_in_place) = if jr < b_packed_from {
            (
                p.b.at(0, jr, units).ptr,
                Some((p.b.rs * units, p.b.cs * units)),
            )
        } else {
            // The last columns, fewer than a panel, packed when their turn comes (so that B
            // is read in the order it is stored).
            // SAFETY: the last columns of B are inside the operand; `b_buf` holds one panel.
            unsafe {
                pack_b::<U, CPLX>(
                    b_buf,
                    p.b.at(0, b_packed_from, units),
                    p.k,
                    p.n - b_packed_from,
                    nr,
                )
            };
            (b_buf.cast_const(), None)
        };
        let cols = nr.min(p.n - jr);
        for (ir, rows) in tiles.clone() {
            let panels = Panels {
                a: p.a.at(ir, 0, units).ptr,
                a_step: p.a.cs * units,
                b,
                b_in_place,
            };
            // SAFETY: the tile of C is inside the product's C.
            let at = (unsafe { p.c.add(ir * units + jr * ldc) }, ldc);
            let size = (rows * units, cols);
            // SAFETY: A's tile is whole vectors of its rows over the whole depth, B's panel in
            // place or packed above, C's tile as above.
            unsafe {
                smallest_tile::<S, U, CPLX, MV, NRR>(simd, p.k, &panels, at, size, how, scalars)
            };
        }
    }
    true
}
