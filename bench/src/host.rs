//! Host-side data and checks: random non-zero inputs, comparisons of results, and a reference
//! computation of single gemm entries.

use gpublas::{Complex32, Complex64, Scalar};

/// The four BLAS types as the host checks see them.
pub trait HostScalar: Scalar {
    /// BLAS's one-letter prefix (`s`, `d`, `c`, `z`).
    const PREFIX: &'static str;
    /// Builds a value (the imaginary part is dropped for real types).
    fn from_f64(re: f64, im: f64) -> Self;
    /// The value as a double-precision complex number.
    fn to_c64(self) -> Complex64;
}

impl HostScalar for f32 {
    const PREFIX: &'static str = "s";
    fn from_f64(re: f64, _im: f64) -> Self {
        re as f32
    }
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.into(), 0.0)
    }
}

impl HostScalar for f64 {
    const PREFIX: &'static str = "d";
    fn from_f64(re: f64, _im: f64) -> Self {
        re
    }
    fn to_c64(self) -> Complex64 {
        Complex64::new(self, 0.0)
    }
}

impl HostScalar for Complex32 {
    const PREFIX: &'static str = "c";
    fn from_f64(re: f64, im: f64) -> Self {
        Complex32::new(re as f32, im as f32)
    }
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.re.into(), self.im.into())
    }
}

impl HostScalar for Complex64 {
    const PREFIX: &'static str = "z";
    fn from_f64(re: f64, im: f64) -> Self {
        Complex64::new(re, im)
    }
    fn to_c64(self) -> Complex64 {
        self
    }
}

/// A small, fast, deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x243F_6A88_85A3_08D3)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `±[0.1, 1)`: never zero, never tiny.
    pub fn nonzero(&mut self) -> f64 {
        let r = self.next_u64();
        let u = (r >> 11) as f64 / (1u64 << 53) as f64;
        let v = 0.1 + 0.9 * u;
        if r & 1 == 0 {
            v
        } else {
            -v
        }
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `len` random non-zero values (both parts non-zero for complex types).
pub fn random_vec<T: HostScalar>(rng: &mut Rng, len: usize) -> Vec<T> {
    (0..len)
        .map(|_| {
            let re = rng.nonzero();
            let im = if T::IS_COMPLEX { rng.nonzero() } else { 0.0 };
            T::from_f64(re, im)
        })
        .collect()
}

/// `max |got − want| / max |want|` over all elements (a norm-wise relative difference);
/// infinite if `got` holds a NaN or an infinity, an error if the lengths differ.
pub fn max_rel_diff<T: HostScalar>(got: &[T], want: &[T]) -> Result<f64, String> {
    if got.len() != want.len() {
        return Err(format!(
            "results differ in length: {} vs {}",
            got.len(),
            want.len()
        ));
    }
    let (mut diff, mut scale) = (0.0f64, 0.0f64);
    for (&g, &w) in got.iter().zip(want) {
        let (g, w) = (g.to_c64(), w.to_c64());
        if !(g.re.is_finite() && g.im.is_finite()) {
            return Ok(f64::INFINITY);
        }
        diff = diff.max((g - w).norm());
        scale = scale.max(w.norm());
    }
    if scale == 0.0 {
        return Err(
            "the reference result is all zeros (inputs are never zero, so a call did nothing)"
                .into(),
        );
    }
    Ok(diff / scale)
}

/// The square, column-major gemm whose result [`check_gemm_entries`] checks.
#[derive(Debug, Clone, Copy)]
pub struct GemmInputs<'a, T> {
    /// The order of the matrices.
    pub n: usize,
    /// α.
    pub alpha: T,
    /// A (n × n).
    pub a: &'a [T],
    /// B (n × n).
    pub b: &'a [T],
    /// β.
    pub beta: T,
    /// C before the call (n × n).
    pub c0: &'a [T],
}

/// Checks `samples` entries of `got` (C after one call `C ← αAB + βC`, all matrices n × n and
/// column-major) against a double-precision host computation. The error allowed is
/// `tol · (|α| Σₖ|aᵢₖ||bₖⱼ| + |β||cᵢⱼ|)`. Returns the worst error in those units.
pub fn check_gemm_entries<T: HostScalar>(
    g: GemmInputs<'_, T>,
    got: &[T],
    rng: &mut Rng,
    samples: usize,
    tol: f64,
) -> Result<f64, String> {
    let n = g.n;
    let nn = n * n;
    if [g.a.len(), g.b.len(), g.c0.len(), got.len()]
        .iter()
        .any(|&l| l != nn)
    {
        return Err(format!(
            "gemm check: every matrix must hold {n}×{n} elements"
        ));
    }
    let (alpha, beta) = (g.alpha.to_c64(), g.beta.to_c64());
    let mut worst = 0.0f64;
    for s in 0..samples {
        let (i, j) = match s {
            0 => (0, 0),
            1 => (n - 1, n - 1),
            _ => (rng.below(n), rng.below(n)),
        };
        let (mut sum, mut bound) = (Complex64::new(0.0, 0.0), 0.0f64);
        for k in 0..n {
            let p = g.a[i + k * n].to_c64() * g.b[k + j * n].to_c64();
            sum += p;
            bound += p.norm();
        }
        let c0 = g.c0[i + j * n].to_c64();
        let want = alpha * sum + beta * c0;
        let bound = alpha.norm() * bound + beta.norm() * c0.norm();
        let have = got[i + j * n].to_c64();
        let err = (have - want).norm() / bound;
        if err.is_nan() || err > tol {
            return Err(format!(
                "{}gemm n={n}: C[{i},{j}] = {have} but the host computes {want} (error {err:.3e} of the bound, allowed {tol:.1e})",
                T::PREFIX
            ));
        }
        worst = worst.max(err);
    }
    Ok(worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_values_are_nonzero_and_bounded() {
        let mut rng = Rng::new(1);
        let v: Vec<Complex64> = random_vec(&mut rng, 10_000);
        assert!(v
            .iter()
            .all(|z| (0.1..1.0).contains(&z.re.abs()) && (0.1..1.0).contains(&z.im.abs())));
        assert!(v.iter().any(|z| z.re < 0.0) && v.iter().any(|z| z.re > 0.0));
    }

    #[test]
    fn gemm_entries_and_diffs() {
        let n = 5;
        let mut rng = Rng::new(2);
        let a: Vec<f64> = random_vec(&mut rng, n * n);
        let b: Vec<f64> = random_vec(&mut rng, n * n);
        let c0: Vec<f64> = random_vec(&mut rng, n * n);
        let (alpha, beta) = (1.0, 0.5);
        let mut c = c0.clone();
        for j in 0..n {
            for i in 0..n {
                let s: f64 = (0..n).map(|k| a[i + k * n] * b[k + j * n]).sum();
                c[i + j * n] = alpha * s + beta * c0[i + j * n];
            }
        }
        let g = GemmInputs {
            n,
            alpha,
            a: &a,
            b: &b,
            beta,
            c0: &c0,
        };
        assert!(check_gemm_entries(g, &c, &mut rng, 8, 1e-12).is_ok());
        let mut bad = c.clone();
        bad[n * n - 1] += 1.0;
        assert!(check_gemm_entries(g, &bad, &mut rng, 8, 1e-12).is_err());
        assert_eq!(max_rel_diff(&c, &c), Ok(0.0));
        assert!(max_rel_diff(&bad, &c).is_ok_and(|d| d > 0.0));
        bad[0] = f64::NAN;
        assert_eq!(max_rel_diff(&bad, &c), Ok(f64::INFINITY));
    }
}
