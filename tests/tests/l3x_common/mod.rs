//! Helpers shared by the conformance tests of the level-3 additions and the extensions
//! (`level3x.rs`, `trmm.rs`, `extensions.rs`, `batched_arrays.rs`): operands in any layout as
//! the column-major buffers the buffer-level references (`ref_symm`, …) take, and the check of
//! a written buffer against the reference, element by element.

// Each test file uses a different subset.
#![allow(dead_code)]

use gpublas_tests::*;

/// The logical matrix of `buf` (layout `l`) as a column-major buffer with leading dimension
/// `max(1, rows)`, every element carried over as is (NaN sentinels included).
pub fn zcol<T: TestScalar>(buf: &[T], l: Layout) -> (Vec<Z>, usize) {
    let ld = l.rows.max(1);
    let mut z = vec![Z::new(f64::NAN, f64::NAN); ld * l.cols];
    for j in 0..l.cols {
        for i in 0..l.rows {
            z[i + j * ld] = buf[l.idx(i, j)].to_c();
        }
    }
    (z, ld)
}

/// [`zcol`] of the element-wise moduli: the operand for the magnitude run of a reference.
pub fn zcol_abs<T: TestScalar>(buf: &[T], l: Layout) -> (Vec<Z>, usize) {
    let (z, ld) = zcol(buf, l);
    (zabs_buf(&z), ld)
}

/// `|z|` (as a real `Z`).
pub fn za(z: Z) -> Z {
    Z::new(z.norm(), 0.0)
}

/// Checks the buffer `after` of an output with layout `l` against the reference's column-major
/// result `want` (leading dimension `max(1, rows)`) and its magnitudes `mag`: where `want` is NaN
/// (a sentinel the reference did not write) the element must be bit-for-bit what it was in
/// `before`; elsewhere within `tol(k, |mag|)`; every element outside the matrix (padding, tail)
/// bit-for-bit unchanged.
#[track_caller]
pub fn check_out<T: TestScalar>(
    what: &str,
    before: &[T],
    after: &[T],
    l: Layout,
    want: &[Z],
    mag: &[Z],
    k: usize,
) {
    assert_padding_untouched(what, before, after, l);
    let ld = l.rows.max(1);
    for j in 0..l.cols {
        for i in 0..l.rows {
            let (w, idx) = (want[i + j * ld], l.idx(i, j));
            if has_nan(w) {
                assert!(
                    after[idx].bits() == before[idx].bits(),
                    "{what} ({}): ({i}, {j}) must stay {:?} bit for bit, found {:?}",
                    T::NAME,
                    before[idx],
                    after[idx]
                );
                continue;
            }
            let err = (after[idx].to_c() - w).norm();
            let t = tol::<T>(k, mag[i + j * ld].norm());
            assert!(
                err <= t,
                "{what} ({}): ({i}, {j}) is {:?} but the reference is {w} (error {err:e} > tolerance {t:e}, k = {k})",
                T::NAME,
                after[idx]
            );
        }
    }
}

/// A random matrix of layout `l` whose elements outside the `uplo` triangle are NaN (never to
/// be read or written), with NaN on the diagonal too if `unit_diag` (never to be read).
pub fn tri_buf<T: TestScalar>(
    r: &mut ChaCha8Rng,
    l: Layout,
    uplo: Uplo,
    unit_diag: bool,
) -> Vec<T> {
    mat_buf(l, 2, T::nan(), |i, j| {
        if !in_triangle(uplo, i, j) || (unit_diag && i == j) {
            T::nan()
        } else {
            rand_scalar(r)
        }
    })
}

/// A matrix buffer of layout `l` whose elements (and padding) are all NaN.
pub fn nan_mat<T: TestScalar>(l: Layout) -> Vec<T> {
    poison::<T>(l.len() + 2)
}

/// The other layout.
pub fn flip(o: Order) -> Order {
    match o {
        Order::ColMajor => Order::RowMajor,
        Order::RowMajor => Order::ColMajor,
    }
}

/// Every pair of layouts.
pub const ORDER_PAIRS: [[Order; 2]; 4] = [
    [Order::ColMajor, Order::ColMajor],
    [Order::ColMajor, Order::RowMajor],
    [Order::RowMajor, Order::ColMajor],
    [Order::RowMajor, Order::RowMajor],
];
