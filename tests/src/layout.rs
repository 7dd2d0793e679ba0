//! Layouts and buffers: random matrices and vectors whose padding and gaps hold a sentinel, so
//! tests can prove that nothing outside an operand is touched.

use super::*;

/// How a matrix operand sits in its buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Logical rows.
    pub rows: usize,
    /// Logical columns.
    pub cols: usize,
    /// Leading dimension (distance between columns, or rows if row-major).
    pub ld: usize,
    /// Storage order.
    pub order: Order,
}

impl Layout {
    /// Column-major, tight leading dimension.
    pub fn col(rows: usize, cols: usize) -> Self {
        Layout {
            rows,
            cols,
            ld: rows.max(1),
            order: Order::ColMajor,
        }
    }
    /// Row-major, tight leading dimension.
    pub fn row(rows: usize, cols: usize) -> Self {
        Layout {
            rows,
            cols,
            ld: cols.max(1),
            order: Order::RowMajor,
        }
    }
    /// `rows × cols` in `order`, leading dimension `extra` more than the tightest.
    pub fn new(order: Order, rows: usize, cols: usize, extra: usize) -> Self {
        let l = if order == Order::ColMajor {
            Self::col(rows, cols)
        } else {
            Self::row(rows, cols)
        };
        l.with_ld(l.ld + extra)
    }
    /// Sets the leading dimension.
    pub fn with_ld(mut self, ld: usize) -> Self {
        self.ld = ld;
        self
    }
    /// The same layout with rows and columns swapped (the transpose's shape, same order).
    pub fn t(self) -> Self {
        Layout::new(self.order, self.cols, self.rows, 0)
    }
    /// (inner, outer) extents of the stored column-major form.
    fn stored(&self) -> (usize, usize) {
        match self.order {
            Order::ColMajor => (self.rows, self.cols),
            Order::RowMajor => (self.cols, self.rows),
        }
    }
    /// Index of element `(i, j)` in the buffer.
    pub fn idx(&self, i: usize, j: usize) -> usize {
        match self.order {
            Order::ColMajor => i + j * self.ld,
            Order::RowMajor => j + i * self.ld,
        }
    }
    /// Elements the matrix spans (0 if empty).
    pub fn len(&self) -> usize {
        let (inner, outer) = self.stored();
        if inner == 0 || outer == 0 {
            0
        } else {
            (outer - 1) * self.ld + inner
        }
    }
    /// Whether the matrix has no elements.
    pub fn is_empty(&self) -> bool {
        self.rows == 0 || self.cols == 0
    }
    /// The gpublas descriptor over `data`.
    pub fn mat<'a, A: ?Sized>(&self, data: &'a A) -> Mat<'a, A> {
        let m = match self.order {
            Order::ColMajor => Mat::col_major(data, self.rows, self.cols),
            Order::RowMajor => Mat::row_major(data, self.rows, self.cols),
        };
        m.with_ld(self.ld)
    }
    /// The writable gpublas descriptor over `data`.
    pub fn mat_mut<'a, A: ?Sized>(&self, data: &'a mut A) -> MatMut<'a, A> {
        let m = match self.order {
            Order::ColMajor => MatMut::col_major(data, self.rows, self.cols),
            Order::RowMajor => MatMut::row_major(data, self.rows, self.cols),
        };
        m.with_ld(self.ld)
    }
    /// Whether buffer index `k` is one of the matrix's elements.
    pub fn covers(&self, k: usize) -> bool {
        let (inner, outer) = self.stored();
        k / self.ld < outer && k % self.ld < inner
    }
}

/// A buffer for `l` (plus `tail` extra elements at the end) whose matrix elements come from
/// `elem` and whose padding is `pad`.
pub fn mat_buf<T: TestScalar>(
    l: Layout,
    tail: usize,
    pad: T,
    mut elem: impl FnMut(usize, usize) -> T,
) -> Vec<T> {
    let mut v = vec![pad; l.len() + tail];
    for j in 0..l.cols {
        for i in 0..l.rows {
            v[l.idx(i, j)] = elem(i, j);
        }
    }
    v
}

/// A random matrix buffer for `l`, padding (between columns/rows and a 2-element tail) NaN.
pub fn rand_mat<T: TestScalar>(rng: &mut ChaCha8Rng, l: Layout) -> Vec<T> {
    mat_buf(l, 2, T::nan(), |_, _| rand_scalar(rng))
}

/// Reads the matrix `l` out of `buf`.
pub fn read_mat<T: TestScalar>(buf: &[T], l: Layout) -> M {
    let mut m = M::zeros(l.rows, l.cols);
    for j in 0..l.cols {
        for i in 0..l.rows {
            m.set(i, j, buf[l.idx(i, j)].to_c());
        }
    }
    m
}

/// Asserts every element of `after` outside matrix `l` is bit-for-bit what it was in `before`.
#[track_caller]
pub fn assert_padding_untouched<T: TestScalar>(what: &str, before: &[T], after: &[T], l: Layout) {
    assert_eq!(before.len(), after.len());
    for k in 0..before.len() {
        if !l.covers(k) || k >= l.len() {
            assert!(before[k].bits() == after[k].bits(), "{what}: padding element {k} (outside the {}×{} matrix, ld {}, {:?}) changed from {:?} to {:?}", l.rows, l.cols, l.ld, l.order, before[k], after[k]);
        }
    }
}

/// A strided vector with reference BLAS's increments: `n` elements `inc` apart in a buffer that
/// starts at the lowest address; a negative `inc` walks the buffer from its end, 0 repeats the
/// first element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VLayout {
    /// Elements.
    pub n: usize,
    /// Increment (any sign).
    pub inc: isize,
}

impl VLayout {
    /// `n` elements `inc` apart.
    pub fn new(n: usize, inc: isize) -> Self {
        VLayout { n, inc }
    }
    /// Elements spanned.
    pub fn len(&self) -> usize {
        if self.n == 0 {
            0
        } else {
            (self.n - 1) * self.inc.unsigned_abs() + 1
        }
    }
    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    /// Buffer index of element `i` (Fortran's `1 + (i-1)·inc`, or `1 + (i-n)·inc` for a negative
    /// `inc`, made 0-based).
    pub fn idx(&self, i: usize) -> usize {
        let (i, n, inc) = (i as isize, self.n as isize, self.inc);
        (if inc >= 0 { i * inc } else { (i - n + 1) * inc }) as usize
    }
    /// The gpublas descriptor.
    pub fn vec<'a, A: ?Sized>(&self, data: &'a A) -> Vector<'a, A> {
        Vector::strided(data, self.n, self.inc)
    }
    /// The writable gpublas descriptor.
    pub fn vec_mut<'a, A: ?Sized>(&self, data: &'a mut A) -> VectorMut<'a, A> {
        VectorMut::strided(data, self.n, self.inc)
    }
    /// Whether buffer index `k` holds an element of the vector.
    pub fn covers(&self, k: usize) -> bool {
        (0..self.n).any(|i| self.idx(i) == k)
    }
}

/// A random strided vector buffer; gaps and a 2-element tail are NaN.
pub fn rand_strided<T: TestScalar>(rng: &mut ChaCha8Rng, v: VLayout) -> Vec<T> {
    let mut b = vec![T::nan(); v.len() + 2];
    for i in 0..v.n {
        b[v.idx(i)] = rand_scalar(rng);
    }
    b
}

/// Reads a strided vector (in its element order) as an `n × 1` matrix.
pub fn read_vec<T: TestScalar>(buf: &[T], v: VLayout) -> M {
    M {
        rows: v.n,
        cols: 1,
        d: (0..v.n).map(|i| buf[v.idx(i)].to_c()).collect(),
    }
}

/// Asserts every element of `after` that is not one of the vector's is bit-for-bit unchanged.
#[track_caller]
pub fn assert_gaps_untouched<T: TestScalar>(what: &str, before: &[T], after: &[T], v: VLayout) {
    assert_eq!(before.len(), after.len());
    for k in 0..before.len() {
        if !v.covers(k) {
            assert!(before[k].bits() == after[k].bits(), "{what}: gap element {k} (outside the vector n={} inc={}) changed from {:?} to {:?}", v.n, v.inc, before[k], after[k]);
        }
    }
}

/// Asserts a whole buffer after a call: elements the reference wrote (`want[k]` is `Some`) are
/// within `tol(k_terms, mag[k])` of it, every other element is bit-for-bit what it was in
/// `before` (gaps, tails, and elements reference BLAS leaves alone).
#[track_caller]
pub fn assert_buffer_matches<T: TestScalar>(
    what: &str,
    before: &[T],
    after: &[T],
    want: &[Option<(Z, f64)>],
    k_terms: usize,
) {
    assert_eq!(before.len(), after.len(), "{what}: length changed");
    assert_eq!(before.len(), want.len(), "{what}: reference length");
    for k in 0..after.len() {
        match want[k] {
            Some((w, mag)) => {
                let err = (after[k].to_c() - w).norm();
                let t = tol::<T>(k_terms, mag);
                assert!(err <= t, "{what} ({}): buffer element {k} is {:?} but the reference is {w} (error {err:e} > tolerance {t:e})", T::NAME, after[k]);
            }
            None => assert!(
                before[k].bits() == after[k].bits(),
                "{what} ({}): buffer element {k}, which reference BLAS does not write, changed from {:?} to {:?}",
                T::NAME,
                before[k],
                after[k]
            ),
        }
    }
}
