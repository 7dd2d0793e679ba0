//! Property tests of the band and packed descriptors: random shapes, band widths, leading
//! dimensions and buffer lengths (valid and invalid) for gbmv, tbsv and spmv. A call succeeds
//! iff an independent validity predicate says the storage fits (`ld ≥ kl + ku + 1` and
//! `(cols − 1)·ld + kl + ku + 1` elements for a band, `n(n+1)/2` for a packed triangle); an
//! invalid call names the matrix argument and leaves the output untouched; a valid gbmv matches
//! the reference.

use gpublas_tests::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::SeedableRng;

#[derive(Debug, Clone)]
struct BandArgs {
    m: usize,
    n: usize,
    kl: usize,
    ku: usize,
    ld_delta: i64,
    len_delta: i64,
    trans: Op,
    row_major: bool,
    seed: u64,
}

fn band_args() -> impl Strategy<Value = BandArgs> {
    (
        (0usize..9, 0usize..9, 0usize..5, 0usize..5),
        (-2i64..3, -3i64..3),
        prop_oneof![Just(Op::N), Just(Op::T), Just(Op::C)],
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(
            |((m, n, kl, ku), (ld_delta, len_delta), trans, row_major, seed)| BandArgs {
                m,
                n,
                kl,
                ku,
                ld_delta,
                len_delta,
                trans,
                row_major,
                seed,
            },
        )
}

fn gbmv_case<T: TestScalar>(p: BandArgs) -> Result<(), TestCaseError> {
    let dev = device();
    let mut r = ChaCha8Rng::seed_from_u64(p.seed);
    let width = p.kl + p.ku + 1;
    let ld = (width as i64 + p.ld_delta).max(0) as usize;
    // The stored matrix is Aᵀ for row-major: its columns are A's rows.
    let outer = if p.row_major { p.m } else { p.n };
    let need = if p.m == 0 || p.n == 0 || ld < width {
        0
    } else {
        (outer - 1) * ld + width
    };
    let len = (need as i64 + p.len_delta).max(0) as usize;
    let valid = ld >= width && len >= need;
    let a: Vec<T> = (0..len).map(|_| rand_scalar(&mut r)).collect();
    let (rows, cols) = p.trans.apply(p.m, p.n);
    let x: Vec<T> = rand_vec(&mut r, cols);
    let y0: Vec<T> = rand_vec(&mut r, rows);
    let mut y = y0.clone();
    let b = Banded::new(&a[..], p.m, p.n, p.kl, p.ku).with_ld(ld);
    let b = if p.row_major { b.row_major() } else { b };
    let (alpha, beta): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
    let res = dev.gbmv(p.trans, alpha, b, &x, beta, &mut y);
    match res {
        Err(Error::InvalidArgument { routine, arg, .. }) => {
            prop_assert!(!valid, "a valid call failed naming {arg}");
            prop_assert_eq!((routine, arg), ("gbmv", "a"));
            prop_assert!(
                y.iter().zip(&y0).all(|(a, b)| a.bits() == b.bits()),
                "y changed"
            );
        }
        Err(Error::Unsupported { .. }) => {
            prop_assert!(T::IS_COMPLEX && p.row_major && p.trans == Op::C);
        }
        Err(e) => prop_assert!(false, "unexpected error {e}"),
        Ok(()) => {
            prop_assert!(
                valid,
                "an invalid call (ld {ld}, len {len}, need {need}) succeeded"
            );
            if !p.row_major && p.m > 0 && p.n > 0 {
                let mut want = z_of(&y0);
                ref_gbmv(
                    p.trans,
                    (p.m, p.n, p.kl, p.ku),
                    alpha.to_c(),
                    &z_of(&a),
                    ld,
                    &z_of(&x),
                    1,
                    beta.to_c(),
                    &mut want,
                    1,
                );
                for (i, w) in want.iter().enumerate() {
                    let err = (y[i].to_c() - w).norm();
                    prop_assert!(err <= tol::<T>(cols, 8.0), "y[{i}] off by {err:e}");
                }
            }
        }
    }
    Ok(())
}

fn z_of<T: TestScalar>(b: &[T]) -> Vec<Z> {
    b.iter().map(|v| v.to_c()).collect()
}

fn tbsv_case<T: TestScalar>(
    n: usize,
    k: usize,
    ld_delta: i64,
    len_delta: i64,
    lower: bool,
) -> Result<(), TestCaseError> {
    let dev = device();
    let ld = ((k + 1) as i64 + ld_delta).max(0) as usize;
    let need = if n == 0 || ld < k + 1 {
        0
    } else {
        (n - 1) * ld + k + 1
    };
    let len = (need as i64 + len_delta).max(0) as usize;
    let valid = ld > k && len >= need;
    // A unit diagonal and zeros elsewhere: the solution is x itself.
    let a = vec![T::zero(); len];
    let x0: Vec<T> = (0..n).map(|i| T::from_c(zr(i as f64))).collect();
    let mut x = x0.clone();
    let b = if lower {
        Banded::lower(&a[..], n, k)
    } else {
        Banded::upper(&a[..], n, k)
    };
    match dev.tbsv(Op::N, Diag::Unit, b.with_ld(ld), &mut x) {
        Err(Error::InvalidArgument { routine, arg, .. }) => {
            prop_assert!(!valid);
            prop_assert_eq!((routine, arg), ("tbsv", "a"));
        }
        Err(e) => prop_assert!(false, "unexpected error {e}"),
        Ok(()) => prop_assert!(
            valid,
            "an invalid call (ld {ld}, len {len}, need {need}) succeeded"
        ),
    }
    prop_assert!(
        x.iter().zip(&x0).all(|(a, b)| a.bits() == b.bits()),
        "x changed"
    );
    Ok(())
}

fn spmv_case<T: TestScalar>(n: usize, len_delta: i64) -> Result<(), TestCaseError> {
    let dev = device();
    let need = n * (n + 1) / 2;
    let len = (need as i64 + len_delta).max(0) as usize;
    let ap = vec![T::one(); len];
    let x = vec![T::one(); n];
    let y0 = vec![T::zero(); n];
    let mut y = y0.clone();
    match dev.hpmv(T::one(), Packed::lower(&ap[..], n), &x, T::zero(), &mut y) {
        Err(Error::InvalidArgument { routine, arg, .. }) => {
            prop_assert!(len < need);
            prop_assert_eq!((routine, arg), ("hpmv", "ap"));
            prop_assert!(
                y.iter().zip(&y0).all(|(a, b)| a.bits() == b.bits()),
                "y changed"
            );
        }
        Err(e) => prop_assert!(false, "unexpected error {e}"),
        Ok(()) => {
            prop_assert!(len >= need);
            // All ones (the Hermitian diagonal's real part is 1): each yᵢ is n.
            for v in &y {
                prop_assert_eq!(v.to_c(), zr(n as f64));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn gbmv_is_ok_iff_the_band_fits_f32(p in band_args()) { gbmv_case::<f32>(p)?; }
    #[test]
    fn gbmv_is_ok_iff_the_band_fits_c64(p in band_args()) { gbmv_case::<Complex64>(p)?; }
    #[test]
    fn tbsv_is_ok_iff_the_band_fits(n in 0usize..9, k in 0usize..6, ld in -2i64..3, len in -3i64..3, lower in any::<bool>()) {
        tbsv_case::<f64>(n, k, ld, len, lower)?;
        tbsv_case::<Complex32>(n, k, ld, len, lower)?;
    }
    #[test]
    fn packed_is_ok_iff_the_triangle_fits(n in 0usize..12, len in -4i64..3) {
        spmv_case::<f64>(n, len)?;
        spmv_case::<Complex32>(n, len)?;
    }
}
