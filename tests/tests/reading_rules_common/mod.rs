//! Helpers shared by `reading_rules_l2.rs` and `reading_rules_l3.rs`: the non-finite values
//! (NaN and ∞) put where reference BLAS does not read, and into the vectors and matrices it does
//! read, and the check that a result is non-finite exactly where the reference's is.

// Each test file uses a different subset.
#![allow(dead_code)]

use gpublas_tests::*;

/// A non-finite value: NaN (both parts, for complex types) or +∞ (the real part).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    Nan,
    Inf,
}

/// Every pair of (the value in the positions the reference does not read, the value put into
/// an operand it reads).
pub const FILL_AND_POISON: [(Special, Special); 4] = [
    (Special::Nan, Special::Nan),
    (Special::Inf, Special::Inf),
    (Special::Nan, Special::Inf),
    (Special::Inf, Special::Nan),
];

impl Special {
    /// The value as `T`.
    pub fn value<T: TestScalar>(self) -> T {
        match self {
            Special::Nan => T::nan(),
            Special::Inf => T::from_c(Z::new(f64::INFINITY, 0.0)),
        }
    }

    /// As an `f64` (for one part of a complex value).
    pub fn part(self) -> f64 {
        match self {
            Special::Nan => f64::NAN,
            Special::Inf => f64::INFINITY,
        }
    }
}

/// Whether either part is NaN or infinite.
pub fn nonfinite(z: Z) -> bool {
    !z.re.is_finite() || !z.im.is_finite()
}

/// Checks one output element against the reference's value `want`, computed on the same
/// operands (non-finite ones included) by a reference that reads only what reference BLAS reads
/// and never multiplies by a structural zero:
/// - where `want` is finite, `got` is finite and within `tol(k, |mag|)` of it;
/// - where `want` is not, `got` is not either, and where the non-finite operand was NaN, `got`
///   is NaN exactly where `want` is. (An ∞ may turn into NaN through ∞ − ∞ or, for complex
///   types, through the product formula, in any correct implementation, so for ∞ only
///   non-finiteness is compared.)
#[track_caller]
pub fn check_element<T: TestScalar>(
    what: &str,
    at: impl std::fmt::Display,
    got: T,
    want: Z,
    mag: Z,
    k: usize,
    poison: Special,
) {
    let g = got.to_c();
    if !nonfinite(want) {
        let (err, t) = ((g - want).norm(), tol::<T>(k, mag.norm()));
        assert!(
            !nonfinite(g) && err <= t,
            "{what} ({}): {at} is {g} but the reference is {want} (error {err:e} > tolerance {t:e}): a non-finite value reached an element the reference does not let it reach, or one the reference does not read was read",
            T::NAME
        );
    } else if poison == Special::Nan {
        assert!(
            has_nan(g) == has_nan(want),
            "{what} ({}): {at} is {g}; the reference's is {want}",
            T::NAME
        );
    } else {
        assert!(
            nonfinite(g),
            "{what} ({}): {at} is {g}, but the reference's is {want}: the ∞ must reach it",
            T::NAME
        );
    }
}

/// Checks the output buffer `after` of layout `l` against the reference's column-major result
/// `want` (leading dimension `max(1, rows)`) and its magnitudes: elements where `written` is
/// false, and all padding, must be bit for bit what they were in `before`; the others are
/// checked by [`check_element`].
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn check_matrix<T: TestScalar>(
    what: &str,
    before: &[T],
    after: &[T],
    l: Layout,
    (want, mag): (&[Z], &[Z]),
    k: usize,
    poison: Special,
    written: impl Fn(usize, usize) -> bool,
) {
    assert_padding_untouched(what, before, after, l);
    let ld = l.rows.max(1);
    for j in 0..l.cols {
        for i in 0..l.rows {
            let idx = l.idx(i, j);
            if written(i, j) {
                let (w, m) = (want[i + j * ld], mag[i + j * ld]);
                check_element(
                    what,
                    format_args!("({i}, {j})"),
                    after[idx],
                    w,
                    m,
                    k,
                    poison,
                );
            } else {
                assert!(
                    after[idx].bits() == before[idx].bits(),
                    "{what} ({}): ({i}, {j}), which the routine must not write, changed from {:?} to {:?}",
                    T::NAME,
                    before[idx],
                    after[idx]
                );
            }
        }
    }
}

/// The positions to poison in an `rows × cols` operand: every one for small operands, else a
/// few drawn at random (each as a one-element set).
pub fn positions(r: &mut ChaCha8Rng, rows: usize, cols: usize) -> Vec<(usize, usize)> {
    if rows * cols <= 16 {
        (0..cols)
            .flat_map(|j| (0..rows).map(move |i| (i, j)))
            .collect()
    } else {
        (0..4)
            .map(|_| {
                let k = (rand_real::<f64>(r).abs() * (rows * cols) as f64) as usize;
                let k = k.min(rows * cols - 1);
                (k % rows, k / rows)
            })
            .collect()
    }
}
