//! The host's general matrix product `C ← α op(A) op(B) + β C`, BLIS-style, with one property
//! beyond speed: **every element of `C` is computed by the same sequence of operations whatever
//! the shape of the call** — whatever `m` and `n`, wherever the element sits (a full register
//! tile or an edge), however many threads run. For fixed inputs and `k`, an element's value is
//! that of the single-element call, as with reference BLAS; LAPACK relies on it (its eigenvalue
//! tests compare results computed with and without eigenvectors for exact equality).
//!
//! How the design guarantees it:
//! - the depth is cut in blocks of a fixed size `KC` (per unit type, never chosen from `m`,
//!   `n` or the thread count); within a block each element is one chain of fused multiply-adds
//!   in the order of `k`; blocks are folded into `C` in order ([`kernel`]);
//! - a SIMD lane is one element of `C`: the vector width and the tile an element falls in
//!   change nothing; edge tiles run the full tile's arithmetic on zero-padded operands and a
//!   copy of `C` ([`kernel`], [`pack`]);
//! - threads split `C` into blocks of rows and columns, never the depth ([`parallel`]).
//!
//! Layers: [`simd`] (the unit type and instruction set, through `pulp`), [`pack`] (operands
//! into contiguous micro-panels), [`kernel`] (a register tile: accumulation and the update of
//! `C`), [`driver`] (the cache blocking of one sequential product), [`parallel`] (how many
//! threads a product gets, and batches), [`direct`] (products of a few elements, element by
//! element with the kernel's arithmetic).
//!
//! Everything works in *units* (`f32` for `s`/`c`, `f64` for `d`/`z`); a complex element is two
//! units, real part first (`num_complex`'s layout). Complex products run the real kernel on the
//! units — the accumulators of `re(a)·re(b), im(a)·re(b)` and of `re(a)·im(b), im(a)·im(b)`
//! side by side — and combine them when updating `C`.

mod direct;
mod driver;
mod kernel;
mod pack;
mod parallel;
pub(super) mod simd;

use crate::backend::host::scale;
use crate::backend::DevPtr;
use crate::scalar::{Scalar, ScalarKind};
use crate::types::{Op, Uplo};
use simd::Unit;

/// One operand of the product as the product reads it: element `(i, p)` of `op(X)` is at
/// `ptr + i·rs + p·cs` elements (so `2(i·rs + p·cs)` units for a complex type), conjugated if
/// `conj`.
#[derive(Debug, Clone, Copy)]
struct Operand<U> {
    ptr: *const U,
    rs: usize,
    cs: usize,
    conj: bool,
}

impl<U> Operand<U> {
    /// `op(X)` stored column-major with leading dimension `ld` (`X` itself for `Op::N`, its
    /// transpose otherwise, conjugated for `Op::C` on complex types).
    fn new(ptr: *const U, op: Op, ld: usize, complex: bool) -> Self {
        let (rs, cs) = if op == Op::N { (1, ld) } else { (ld, 1) };
        Operand {
            ptr,
            rs,
            cs,
            conj: complex && op == Op::C,
        }
    }

    /// The operand from element `(i, p)` on.
    fn at(self, i: usize, p: usize, units: usize) -> Self {
        Operand {
            ptr: self.ptr.wrapping_add((i * self.rs + p * self.cs) * units),
            ..self
        }
    }
}

/// One product `C ← α op(A) op(B) + β C` of `m × k` by `k × n`, in units `U`, complex if
/// `CPLX`. `k > 0` and `α ≠ 0` (the caller handles the rest).
#[derive(Debug, Clone, Copy)]
struct Product<U, const CPLX: bool> {
    m: usize,
    n: usize,
    k: usize,
    alpha: (U, U),
    beta: (U, U),
    /// `β = 0`: `C` is overwritten, never read.
    beta_zero: bool,
    a: Operand<U>,
    b: Operand<U>,
    c: *mut U,
    ldc: usize,
    /// Only one triangle of `C` (`syrk` and the other rank updates): the elements outside it
    /// are neither read nor written.
    tri: Option<Tri>,
    /// On the calling thread only.
    serial: bool,
}

/// The triangle of `C` a product is restricted to: element `(i, j)` is in it if
/// `i + off ≥ j` (`lower`) or `i + off ≤ j` (upper). `off` is the offset of the product's
/// diagonal from `C`'s own, so a block of the product keeps the same elements.
#[derive(Debug, Clone, Copy)]
struct Tri {
    lower: bool,
    off: isize,
}

impl Tri {
    fn keeps(self, i: usize, j: usize) -> bool {
        // Sizes of one allocation: they fit in `isize`.
        let d = i as isize + self.off - j as isize;
        if self.lower {
            d >= 0
        } else {
            d <= 0
        }
    }

    /// Of the non-empty block of rows `r0..r1` and columns `c0..c1`: whether the triangle
    /// holds any of its elements, and whether it holds all of them.
    fn covers(self, (r0, r1): (usize, usize), (c0, c1): (usize, usize)) -> (bool, bool) {
        // `i - j` is smallest at the block's top right, largest at its bottom left.
        let (low, high) = (self.keeps(r0, c1 - 1), self.keeps(r1 - 1, c0));
        if self.lower {
            (high, low)
        } else {
            (low, high)
        }
    }
}

// SAFETY: a product is a description of pointers for the duration of one call; the caller of
// the gemm entry points guarantees the operands stay valid, `C` overlaps no input, and the
// product is split into parts that write disjoint blocks of `C` (see `parallel`).
unsafe impl<U: Send, const CPLX: bool> Send for Product<U, CPLX> {}
// SAFETY: as above; the shared parts are only read.
unsafe impl<U: Sync, const CPLX: bool> Sync for Product<U, CPLX> {}

impl<U: Unit, const CPLX: bool> Product<U, CPLX> {
    /// Units per element.
    const UNITS: usize = 1 + CPLX as usize;

    /// The block of rows `i0 .. i0 + m` and columns `j0 .. j0 + n` of this product (the same
    /// `k`): the same elements of `C`, computed from the same rows of `op(A)` and columns of
    /// `op(B)`.
    fn block(&self, (i0, m): (usize, usize), (j0, n): (usize, usize)) -> Self {
        Product {
            m,
            n,
            a: self.a.at(i0, 0, Self::UNITS),
            b: self.b.at(0, j0, Self::UNITS),
            c: self.c.wrapping_add((i0 + j0 * self.ldc) * Self::UNITS),
            tri: self.tri.map(|t| Tri {
                off: t.off + i0 as isize - j0 as isize,
                ..t
            }),
            ..*self
        }
    }

    /// `flops / 2` of the product in real multiply-adds (4 per complex one).
    fn work(&self) -> usize {
        let per = if CPLX { 4 } else { 1 };
        self.m
            .saturating_mul(self.n)
            .saturating_mul(self.k)
            .saturating_mul(per)
    }
}

/// Columns of `C` up to which a product with `op(A) = Aᵀ` may be computed transposed (see
/// [`transposed`]).
const NARROW_COLUMNS: usize = 128;

/// Real multiply-adds from which a narrow product is computed transposed (the copy of `C` is
/// then a few percent of the time). Tiny under Miri, so its small problems take this path.
const NARROW_WORK: usize = if cfg!(miri) { 64 } else { 1 << 20 };

impl<U: Unit, const CPLX: bool> Product<U, CPLX> {
    /// Whether the (real) product is cheaper computed as `Cᵀ = op(B)ᵀ·op(A)ᵀ` ([`transposed`]): `op(A)`
    /// stored by rows (`Aᵀ`, so `op(A)ᵀ` has contiguous columns and is read in place as the
    /// right operand, never packed), `C` narrow (its few columns are the left operand, packed
    /// once) and tall, and enough work to pay for a copy of `C`. Computed directly, the large
    /// `op(A)` would be packed whole for only `n` columns of use (reference `dgeqrf`'s
    /// `W ← C₂ᵀ·V₂`: 1.3–1.46× OpenBLAS's time, a third of it packing).
    fn narrow_transposed(&self) -> bool {
        !CPLX
            && self.a.cs == 1
            && self.a.rs != 1
            && self.n <= NARROW_COLUMNS
            && self.m >= 4 * self.n
            && self.work() >= NARROW_WORK
    }
}

/// Runs a real product as `Cᵀ ← α op(B)ᵀ op(A)ᵀ + β Cᵀ` into a transposed copy of `C`, then
/// copies it back. Every element gets the same value: the same fused multiply-adds in the same
/// order of the depth (a product's two factors swapped, which changes no rounding) and the
/// same update of `C`; copies are exact.
///
/// # Safety
/// As for [`parallel::run`] with one product.
unsafe fn transposed<U: Unit, const CPLX: bool>(p: Product<U, CPLX>) {
    // Complex products combine their accumulators in an order that swapping would change.
    assert!(!CPLX);
    let (m, n, ldc) = (p.m, p.n, p.ldc);
    let mut t = vec![U::ZERO; m * n];
    if !p.beta_zero {
        for j in 0..n {
            for i in 0..m {
                // SAFETY: `C` covers `m × n` with `ldc` (the caller's guarantee).
                t[j + i * n] = unsafe { *p.c.add(i + j * ldc) };
            }
        }
    }
    let swap = |x: Operand<U>| Operand {
        rs: x.cs,
        cs: x.rs,
        ..x
    };
    let pt = Product {
        m: n,
        n: m,
        a: swap(p.b),
        b: swap(p.a),
        c: t.as_mut_ptr(),
        ldc: n,
        ..p
    };
    let one = parallel::Batch {
        stride_a: 0,
        stride_b: 0,
        stride_c: 0,
        count: 1,
    };
    // SAFETY: the operands as the caller's, transposed; `t` is `n × m` with leading dimension
    // `n` and overlaps nothing else.
    unsafe { parallel::run(pt, one) };
    for j in 0..n {
        for i in 0..m {
            // SAFETY: as above.
            unsafe { *p.c.add(i + j * ldc) = t[j + i * n] };
        }
    }
}

/// The dimensions and operands of a gemm call as the backend receives them.
#[derive(Debug, Clone, Copy)]
pub(in crate::backend::host) struct Call<T> {
    pub ta: Op,
    pub tb: Op,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub alpha: T,
    pub a: DevPtr,
    pub lda: usize,
    pub b: DevPtr,
    pub ldb: usize,
    pub beta: T,
    pub c: DevPtr,
    pub ldc: usize,
}

/// A batch of calls of one shape, operand `i` at `stride_x · i` elements past the first.
#[derive(Debug, Clone, Copy)]
pub(in crate::backend::host) struct Strides {
    pub a: usize,
    pub b: usize,
    pub c: usize,
    pub count: usize,
}

/// `C ← α op(A) op(B) + β C` with reference-BLAS semantics: nothing happens for an empty `C`;
/// with `α = 0` or `k = 0`, `C ← βC` and `A`, `B` are not read; `β = 0` overwrites `C` without
/// reading it (a NaN there does not propagate).
///
/// # Safety
/// As for [`Blas::gemm`](crate::backend::Blas::gemm): every operand covers its stored shape
/// with its leading dimension, and `C` overlaps no input.
pub(in crate::backend::host) unsafe fn gemm<T: Scalar>(call: Call<T>) {
    // SAFETY: forwarded to the caller; one matrix per operand.
    unsafe {
        gemm_strided_batched(
            call,
            Strides {
                a: 0,
                b: 0,
                c: 0,
                count: 1,
            },
        )
    }
}

/// [`gemm`] on the calling thread only (the caller runs its own parts side by side), and if
/// `uplo` is given, restricted to that triangle (diagonal included) of a square `C` (`m = n`):
/// the rank updates' diagonal blocks, with no element outside it read or written. Each element
/// gets the value [`gemm`] gives it. `β` must be 1 (the rank updates scale `C` first).
///
/// # Safety
/// As for [`gemm`], for the triangle of `C` only if `uplo` is given.
pub(in crate::backend::host) unsafe fn gemm_serial<T: Scalar>(call: Call<T>, uplo: Option<Uplo>) {
    debug_assert!(call.beta == T::one() && (uplo.is_none() || call.m == call.n));
    if call.m == 0 || call.n == 0 || call.alpha.is_zero() || call.k == 0 {
        return;
    }
    let tri = uplo.map(|uplo| Tri {
        lower: uplo == Uplo::Lower,
        off: 0,
    });
    let one = Strides {
        a: 0,
        b: 0,
        c: 0,
        count: 1,
    };
    // SAFETY: forwarded to the caller, as in `gemm_strided_batched`.
    unsafe {
        match T::KIND {
            ScalarKind::F32 => typed::<T, f32, false>(call, one, (tri, true)),
            ScalarKind::F64 => typed::<T, f64, false>(call, one, (tri, true)),
            ScalarKind::C32 => typed::<T, f32, true>(call, one, (tri, true)),
            ScalarKind::C64 => typed::<T, f64, true>(call, one, (tri, true)),
        }
    }
}

/// [`gemm`] on `strides.count` products, product `i`'s operands `i · stride` elements past the
/// first's.
///
/// # Safety
/// As for [`Blas::gemm_strided_batched`](crate::backend::Blas::gemm_strided_batched): every
/// product's operands are valid as for [`gemm`] and the products' `C`s do not overlap.
pub(in crate::backend::host) unsafe fn gemm_strided_batched<T: Scalar>(
    call: Call<T>,
    strides: Strides,
) {
    if call.m == 0 || call.n == 0 || strides.count == 0 {
        return;
    }
    if call.alpha.is_zero() || call.k == 0 {
        for i in 0..strides.count {
            let c = call.c.offset::<T>(i * strides.c);
            // SAFETY: the caller guarantees product `i`'s `C` covers `m × n` with `ldc`.
            unsafe { scale(c, call.m, call.n, 1, call.ldc, call.beta) };
        }
        return;
    }
    // The element type picks the kernels (`Scalar` is sealed: these are its four types).
    // SAFETY: forwarded to the caller; each kind's units make up exactly its type.
    unsafe {
        match T::KIND {
            ScalarKind::F32 => typed::<T, f32, false>(call, strides, (None, false)),
            ScalarKind::F64 => typed::<T, f64, false>(call, strides, (None, false)),
            ScalarKind::C32 => typed::<T, f32, true>(call, strides, (None, false)),
            ScalarKind::C64 => typed::<T, f64, true>(call, strides, (None, false)),
        }
    }
}

/// [`gemm_strided_batched`] in units `U`, complex if `CPLX` (`T` is made of one or two `U`s).
///
/// # Safety
/// As for [`gemm_strided_batched`], with `α ≠ 0`, `k > 0`, `m, n > 0`.
unsafe fn typed<T: Scalar, U: Unit, const CPLX: bool>(
    call: Call<T>,
    strides: Strides,
    (tri, serial): (Option<Tri>, bool),
) {
    let units = Product::<U, CPLX>::UNITS;
    debug_assert_eq!(size_of::<T>(), size_of::<U>() * units);
    // Scalars through f64: exact for both unit types (an f32 widens and narrows back).
    let parts = |x: T| (U::from_f64(x.re().into()), U::from_f64(x.im().into()));
    let product = Product::<U, CPLX> {
        m: call.m,
        n: call.n,
        k: call.k,
        alpha: parts(call.alpha),
        beta: parts(call.beta),
        beta_zero: call.beta.is_zero(),
        a: Operand::new(call.a.cast::<U>(), call.ta, call.lda, CPLX),
        b: Operand::new(call.b.cast::<U>(), call.tb, call.ldb, CPLX),
        c: call.c.cast::<U>(),
        ldc: call.ldc,
        tri,
        serial,
    };
    if strides.count == 1 && tri.is_none() && product.narrow_transposed() {
        // SAFETY: forwarded to the caller.
        unsafe { transposed(product) };
        return;
    }
    let batch = parallel::Batch {
        stride_a: strides.a * units,
        stride_b: strides.b * units,
        stride_c: strides.c * units,
        count: strides.count,
    };
    // SAFETY: forwarded to the caller.
    unsafe { parallel::run(product, batch) }
}
