//! From raw BLAS arguments to Rust slices: integer widths, character flags, the memory each
//! array argument spans, and the rule that keeps a `&mut` slice from aliasing a `&` one.
//!
//! Slices are built only after a routine's arguments were validated (and never for an empty
//! span, so a null pointer with nothing to read is fine). An input whose span overlaps an
//! output's is copied first: LAPACK passes rows and columns of one matrix as separate operands
//! (a row with increment `lda` interleaves with the columns beside it), which reference BLAS
//! allows as long as no element is both read and written.

use std::ffi::c_char;
use std::ops::Deref;

use gpublas::{Op, Scalar, ScalarKind};

/// A BLAS integer: `i32` (LP64, the plain symbols) or `i64` (ILP64, the `_64` symbols).
pub trait FInt: Copy + 'static {
    /// Whether this is the 64-bit interface (its error handler is `xerbla_64_`).
    const IS_64: bool;
    /// The value, widened.
    fn get(self) -> i64;
    /// A value of this width (results such as `i?amax`; they always fit).
    fn from_i64(v: i64) -> Self;
}

impl FInt for i32 {
    const IS_64: bool = false;
    fn get(self) -> i64 {
        i64::from(self)
    }
    fn from_i64(v: i64) -> Self {
        i32::try_from(v).unwrap_or(i32::MAX)
    }
}

impl FInt for i64 {
    const IS_64: bool = true;
    fn get(self) -> i64 {
        self
    }
    fn from_i64(v: i64) -> Self {
        v
    }
}

/// How CBLAS passes a scalar: by value if real, by pointer (`const void *`) if complex.
pub trait CArg: Scalar {
    /// The argument's type.
    type Arg: Copy;
    /// The scalar.
    ///
    /// # Safety
    /// For complex types, `a` points to a readable value.
    unsafe fn read(a: Self::Arg) -> Self;
}

macro_rules! carg {
    (value: $($t:ty),*; pointer: $($c:ty),*) => {
        $(impl CArg for $t {
            type Arg = $t;
            unsafe fn read(a: $t) -> $t {
                a
            }
        })*
        $(impl CArg for $c {
            type Arg = *const $c;
            unsafe fn read(a: *const $c) -> $c {
                // SAFETY: the caller's contract.
                unsafe { a.read_unaligned() }
            }
        })*
    };
}
carg!(value: f32, f64; pointer: gpublas::Complex32, gpublas::Complex64);

/// Reads a Fortran `INTEGER` argument.
///
/// # Safety
/// `p` points to a readable integer (every Fortran scalar argument does).
pub unsafe fn int<I: FInt>(p: *const I) -> i64 {
    // SAFETY: the caller's contract.
    unsafe { p.read_unaligned() }.get()
}

/// Reads a Fortran scalar of type `T`.
///
/// # Safety
/// `p` points to a readable `T`.
pub unsafe fn val<T: Copy>(p: *const T) -> T {
    // SAFETY: the caller's contract.
    unsafe { p.read_unaligned() }
}

/// Reads a `CHARACTER` flag, upper case (only its first character counts, as in `LSAME`).
///
/// # Safety
/// `p` points to at least one readable byte.
pub unsafe fn flag(p: *const c_char) -> u8 {
    // SAFETY: the caller's contract.
    (unsafe { p.read() } as u8).to_ascii_uppercase()
}

/// The BLAS name of a routine for `T`, as reference BLAS passes it to `XERBLA`: the type's
/// letter, then `base`, padded to six characters.
pub fn name<T: Scalar>(base: &str) -> String {
    let letter = match T::KIND {
        ScalarKind::F32 => 'S',
        ScalarKind::F64 => 'D',
        ScalarKind::C32 => 'C',
        _ => 'Z',
    };
    format!("{letter}{base:<5}")
}

/// A valid `TRANS` flag (`N`, `T` or `C`).
pub fn is_trans(c: u8) -> bool {
    matches!(c, b'N' | b'T' | b'C')
}

/// A valid `UPLO` flag.
pub fn is_uplo(c: u8) -> bool {
    matches!(c, b'U' | b'L')
}

/// A valid `DIAG` flag.
pub fn is_diag(c: u8) -> bool {
    matches!(c, b'U' | b'N')
}

/// A valid `SIDE` flag.
pub fn is_side(c: u8) -> bool {
    matches!(c, b'L' | b'R')
}

/// The op of a valid `TRANS` flag (`C` is `T` for a real type, as in reference BLAS).
pub fn op<T: Scalar>(c: u8) -> Op {
    match c {
        b'N' => Op::N,
        b'C' if T::IS_COMPLEX => Op::C,
        _ => Op::T,
    }
}

/// The triangle of a valid `UPLO` flag.
pub fn uplo(c: u8) -> gpublas::Uplo {
    if c == b'U' {
        gpublas::Uplo::Upper
    } else {
        gpublas::Uplo::Lower
    }
}

/// The diagonal of a valid `DIAG` flag.
pub fn diag(c: u8) -> gpublas::Diag {
    if c == b'U' {
        gpublas::Diag::Unit
    } else {
        gpublas::Diag::NonUnit
    }
}

/// The side of a valid `SIDE` flag.
pub fn side(c: u8) -> gpublas::Side {
    if c == b'L' {
        gpublas::Side::Left
    } else {
        gpublas::Side::Right
    }
}

/// A validated non-negative dimension as `usize`.
pub fn dim(v: i64) -> usize {
    usize::try_from(v).unwrap_or_else(|_| crate::route::fatal("a dimension", &"is negative"))
}

/// A span that does not fit the address space: the arguments cannot describe real memory.
fn too_large() -> ! {
    crate::route::fatal(
        "an array argument",
        &"spans more memory than the address space has",
    )
}

/// Elements spanned by a vector of `n` elements with increment `inc` (none if `n ≤ 0`).
pub fn vspan(n: i64, inc: i64) -> usize {
    if n <= 0 {
        return 0;
    }
    (n as u64 - 1)
        .checked_mul(inc.unsigned_abs())
        .and_then(|s| s.checked_add(1))
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or_else(|| too_large())
}

/// Elements spanned by a column-major `rows × cols` matrix with leading dimension `ld` (none if
/// it is empty).
pub fn mspan(rows: i64, cols: i64, ld: i64) -> usize {
    if rows <= 0 || cols <= 0 {
        return 0;
    }
    (cols as u64 - 1)
        .checked_mul(ld.unsigned_abs())
        .and_then(|s| s.checked_add(rows as u64))
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or_else(|| too_large())
}

/// Elements of a packed triangle of order `n`.
pub fn pspan(n: i64) -> usize {
    if n <= 0 {
        return 0;
    }
    let n = n as u64;
    n.checked_mul(n + 1)
        .map(|s| s / 2)
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or_else(|| too_large())
}

/// The byte range `[start, end)` an array argument occupies.
#[derive(Debug, Clone, Copy)]
pub struct Region {
    start: usize,
    end: usize,
}

impl Region {
    fn of<T>(ptr: *const T, len: usize) -> Self {
        let start = ptr as usize;
        Region {
            start,
            end: start.saturating_add(len.saturating_mul(size_of::<T>())),
        }
    }

    fn overlaps(&self, other: &Region) -> bool {
        self.start < self.end
            && other.start < other.end
            && self.start < other.end
            && other.start < self.end
    }
}

/// An array argument a routine writes.
pub struct Out<T> {
    ptr: *mut T,
    len: usize,
}

impl<T> Out<T> {
    /// `len` elements at `ptr`.
    pub fn new(ptr: *mut T, len: usize) -> Self {
        Out { ptr, len }
    }

    /// The memory it occupies.
    pub fn region(&self) -> Region {
        Region::of(self.ptr, self.len)
    }

    /// The elements as a slice.
    ///
    /// # Safety
    /// `ptr` is valid for reads and writes of `len` elements for `'a`, and no other reference to
    /// them is live: every input that overlaps them was [`input`]-copied before this call.
    pub unsafe fn slice<'a>(&self) -> &'a mut [T] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: the caller's contract; `len > 0`, so `ptr` is a real array.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// An input array: borrowed in place, or copied when it overlaps an output.
pub enum Held<'a, T> {
    /// The caller's memory.
    Borrowed(&'a [T]),
    /// A copy of it.
    Owned(Vec<T>),
}

impl<T> Deref for Held<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match self {
            Held::Borrowed(s) => s,
            Held::Owned(v) => v,
        }
    }
}

/// The `len` elements at `ptr` as an input: borrowed, or copied if they overlap any of `outs`.
///
/// # Safety
/// `ptr` is valid for reads of `len` elements for `'a`, and nothing writes them meanwhile except
/// through the outputs `outs` describes.
pub unsafe fn input<'a, T: Copy>(ptr: *const T, len: usize, outs: &[Region]) -> Held<'a, T> {
    if len == 0 {
        return Held::Borrowed(&[]);
    }
    // SAFETY: the caller's contract; `len > 0`, so `ptr` is a real array. The shared slice
    // only lives past this function if no output overlaps it.
    let s = unsafe { std::slice::from_raw_parts(ptr, len) };
    let r = Region::of(ptr, len);
    if outs.iter().any(|o| o.overlaps(&r)) {
        Held::Owned(s.to_vec())
    } else {
        Held::Borrowed(s)
    }
}

/// A `rows × cols` column-major input with leading dimension `ld`: borrowed as it is, or, if its
/// span overlaps an output, only its elements copied, column by column, with leading dimension
/// `rows`. Returns the elements and the leading dimension to read them with.
///
/// Copying the elements rather than the span matters to LAPACK: its blocked updates pass a block
/// row of the matrix they update (`B` of `dgetrf`'s `dgemm`, 64 rows whose span is the whole
/// trailing matrix), and the gaps between that block's columns are the output's.
///
/// # Safety
/// As [`input`], for the `mspan(rows, cols, ld)` elements at `ptr`; `rows ≤ ld` (validated).
pub unsafe fn input_mat<'a, T: Copy>(
    ptr: *const T,
    rows: i64,
    cols: i64,
    ld: i64,
    outs: &[Region],
) -> (Held<'a, T>, i64) {
    let len = mspan(rows, cols, ld);
    if len == 0 || !outs.iter().any(|o| o.overlaps(&Region::of(ptr, len))) {
        // SAFETY: the caller's contract (no output overlaps it, so nothing writes it meanwhile).
        return (unsafe { input(ptr, len, &[]) }, ld);
    }
    let (r, c, l) = (dim(rows), dim(cols), dim(ld));
    let mut v = Vec::with_capacity(r * c);
    for j in 0..c {
        // SAFETY: column `j`'s `r ≤ l` elements start at `j·l` and end within the span
        // `(c − 1)·l + r`; the slice lives only while it is copied, before any output is a slice.
        v.extend_from_slice(unsafe { std::slice::from_raw_parts(ptr.add(j * l), r) });
    }
    (Held::Owned(v), rows)
}

/// A vector input of `n` elements with increment `inc`: borrowed as it is, or, if its span
/// overlaps an output, its elements gathered into a contiguous copy (a row of a matrix, increment
/// `lda`, interleaves with the columns an update writes). Returns the elements and the increment to
/// read them with.
///
/// # Safety
/// As [`input`], for the `vspan(n, inc)` elements at `ptr`.
pub unsafe fn input_vec<'a, T: Copy>(
    ptr: *const T,
    n: i64,
    inc: i64,
    outs: &[Region],
) -> (Held<'a, T>, i64) {
    let len = vspan(n, inc);
    if len == 0 || !outs.iter().any(|o| o.overlaps(&Region::of(ptr, len))) {
        // SAFETY: as in `input_mat`.
        return (unsafe { input(ptr, len, &[]) }, inc);
    }
    // SAFETY: the caller's contract; `gather` reads the `n` elements in the reference's order,
    // so the copy has increment 1 whatever the sign of `inc`.
    (Held::Owned(unsafe { gather(ptr, dim(n), inc) }), 1)
}

/// Whether two outputs overlap (then neither may become a slice beside the other).
pub fn outputs_overlap<T>(a: &Out<T>, b: &Out<T>) -> bool {
    a.region().overlaps(&b.region())
}

/// Copies the `n` elements of the vector at `ptr` with increment `inc` (reference order: a
/// negative increment walks from the end) into a contiguous vector.
///
/// # Safety
/// `ptr` is valid for reads of `vspan(n, inc)` elements.
pub unsafe fn gather<T: Copy>(ptr: *const T, n: usize, inc: i64) -> Vec<T> {
    (0..n)
        // SAFETY: `offset` stays within the span (the caller's contract).
        .map(|i| unsafe { ptr.add(offset(n, inc, i)).read() })
        .collect()
}

/// Writes a contiguous vector back to the strided vector [`gather`] read it from.
///
/// # Safety
/// `ptr` is valid for writes of `vspan(v.len(), inc)` elements.
pub unsafe fn scatter<T: Copy>(ptr: *mut T, v: &[T], inc: i64) {
    for (i, x) in v.iter().enumerate() {
        // SAFETY: `offset` stays within the span (the caller's contract).
        unsafe { ptr.add(offset(v.len(), inc, i)).write(*x) };
    }
}

/// Offset of element `i` of an `n`-element vector with increment `inc` from its lowest address.
fn offset(n: usize, inc: i64, i: usize) -> usize {
    let step = inc.unsigned_abs() as usize;
    if inc >= 0 {
        i * step
    } else {
        (n - 1 - i) * step
    }
}
