//! The rows of the CPU benchmark: gemm in the four types at n = 64 … 4096, a batch of 10,000
//! 16 × 16 gemms, and (in double precision) gemv, symv and trsv at n = 4096, axpy, dot, nrm2,
//! scal and iamax at n = 10⁷, trsm and syrk at n = 2048 (and 256).
//!
//! Every case owns one copy of its inputs per side, so both sides start from the same data and
//! their results can be compared after the timing. Triangular matrices are diagonally dominant
//! (diagonal n), so the solves stay well conditioned however often they repeat.

use std::ffi::c_void;

use gpublas::{Complex32, Complex64, Device, Diag, Host, Mat, MatMut, Op, Side, Uplo};

use super::Case;
use crate::host::{max_rel_diff, random_vec, HostScalar, Rng};
use crate::openblas::{self as ob, int, OpenBlas, OpenBlasApi};
use crate::Res;

/// The four types as the gemm rows call them through CBLAS.
pub trait CblasGemm: HostScalar {
    /// `C ← α A B + β C` on column-major `m × k`, `k × n`, `m × n` matrices.
    ///
    /// # Safety
    /// Each pointer covers its matrix (leading dimensions `m`, `k`, `m`); `c` overlaps neither
    /// input.
    #[allow(clippy::too_many_arguments)]
    unsafe fn cblas_gemm(
        api: &OpenBlasApi,
        m: usize,
        n: usize,
        k: usize,
        alpha: Self,
        a: *const Self,
        b: *const Self,
        beta: Self,
        c: *mut Self,
    ) -> Res<()>;
}

macro_rules! cblas_gemm {
    (real: $t:ty, $f:ident) => {
        impl CblasGemm for $t {
            unsafe fn cblas_gemm(
                api: &OpenBlasApi,
                m: usize,
                n: usize,
                k: usize,
                alpha: $t,
                a: *const $t,
                b: *const $t,
                beta: $t,
                c: *mut $t,
            ) -> Res<()> {
                let (mi, ni, ki) = (int(m)?, int(n)?, int(k)?);
                // SAFETY: forwarded to the caller.
                unsafe {
                    (api.$f)(
                        ob::COL_MAJOR,
                        ob::NO_TRANS,
                        ob::NO_TRANS,
                        mi,
                        ni,
                        ki,
                        alpha,
                        a,
                        mi,
                        b,
                        ki,
                        beta,
                        c,
                        mi,
                    )
                };
                Ok(())
            }
        }
    };
    (complex: $t:ty, $f:ident) => {
        impl CblasGemm for $t {
            unsafe fn cblas_gemm(
                api: &OpenBlasApi,
                m: usize,
                n: usize,
                k: usize,
                alpha: $t,
                a: *const $t,
                b: *const $t,
                beta: $t,
                c: *mut $t,
            ) -> Res<()> {
                let (mi, ni, ki) = (int(m)?, int(n)?, int(k)?);
                let (alpha, beta) = (&raw const alpha, &raw const beta);
                // SAFETY: forwarded to the caller; α and β are read through pointers to
                // locals, as CBLAS passes complex scalars.
                unsafe {
                    (api.$f)(
                        ob::COL_MAJOR,
                        ob::NO_TRANS,
                        ob::NO_TRANS,
                        mi,
                        ni,
                        ki,
                        alpha.cast::<c_void>(),
                        a.cast(),
                        mi,
                        b.cast(),
                        ki,
                        beta.cast::<c_void>(),
                        c.cast(),
                        mi,
                    )
                };
                Ok(())
            }
        }
    };
}
cblas_gemm!(real: f32, cblas_sgemm);
cblas_gemm!(real: f64, cblas_dgemm);
cblas_gemm!(complex: Complex32, cblas_cgemm);
cblas_gemm!(complex: Complex64, cblas_zgemm);

/// A seed per case, so every case draws its own data.
fn rng(label: &str) -> Rng {
    Rng::new(label.bytes().fold(0u64, |h, b| {
        h.wrapping_mul(0x100_0000_01B3).wrapping_add(b.into())
    }))
}

/// The label of a gemm row: `dgemm n=1024`, `dgemm batch 10000×16×16`.
fn gemm_label(prefix: &str, n: usize, count: usize) -> String {
    if count == 1 {
        format!("{prefix}gemm n={n}")
    } else {
        format!("{prefix}gemm batch {count}×{n}×{n}")
    }
}

/// `C ← A B` (α = 1, β = 0) on `count` products of `n × n` matrices stored one after the other:
/// one gemm for `count = 1`, else a strided batch through gpublas and a loop of calls through
/// OpenBLAS (which has no batched gemm).
pub struct Gemm<T> {
    n: usize,
    count: usize,
    a: Vec<T>,
    b: Vec<T>,
    c_gpublas: Vec<T>,
    c_openblas: Vec<T>,
}

impl<T: CblasGemm> Gemm<T> {
    /// A gemm of order `n` (`count = 1`) or a batch of `count` of them.
    pub fn new(n: usize, count: usize) -> Self {
        let len = n * n * count;
        let mut r = rng(&format!("{}gemm {n} {count}", T::PREFIX));
        Gemm {
            n,
            count,
            a: random_vec(&mut r, len),
            b: random_vec(&mut r, len),
            c_gpublas: vec![T::zero(); len],
            c_openblas: vec![T::zero(); len],
        }
    }
}

impl<T: CblasGemm> Case for Gemm<T> {
    fn label(&self) -> String {
        gemm_label(T::PREFIX, self.n, self.count)
    }

    fn gpublas(&mut self, dev: &Device<Host>) -> Res<()> {
        let (n, nn, count) = (self.n, self.n * self.n, self.count);
        let (a, b) = (Mat::col_major(&self.a, n, n), Mat::col_major(&self.b, n, n));
        let c = MatMut::col_major(&mut self.c_gpublas, n, n);
        if count == 1 {
            dev.gemm(Op::N, Op::N, T::one(), a, b, T::zero(), c)?;
        } else {
            dev.gemm_strided_batched(
                Op::N,
                Op::N,
                T::one(),
                a.batched(count, nn),
                b.batched(count, nn),
                T::zero(),
                c.batched(count, nn),
            )?;
        }
        Ok(())
    }

    fn openblas(&mut self, ob: &OpenBlas) -> Res<()> {
        let nn = self.n * self.n;
        for i in 0..self.count {
            let (a, b) = (&self.a[i * nn..][..nn], &self.b[i * nn..][..nn]);
            let c = &mut self.c_openblas[i * nn..][..nn];
            // SAFETY: each slice holds one n × n matrix; `c` is a distinct buffer.
            unsafe {
                T::cblas_gemm(
                    &ob.api,
                    self.n,
                    self.n,
                    self.n,
                    T::one(),
                    a.as_ptr(),
                    b.as_ptr(),
                    T::zero(),
                    c.as_mut_ptr(),
                )?
            };
        }
        Ok(())
    }

    fn difference(&self) -> Res<f64> {
        Ok(max_rel_diff(&self.c_gpublas, &self.c_openblas)?)
    }
}

/// The double-precision level 1, 2 and 3 routines other than gemm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Routine {
    /// `y ← A x` (β = 0).
    Gemv,
    /// `y ← A x`, `A` symmetric, lower triangle stored (β = 0).
    Symv,
    /// `x ← A⁻¹ x`, `A` lower triangular, non-unit.
    Trsv,
    /// `y ← α x + y`.
    Axpy,
    /// `xᵀ y`.
    Dot,
    /// `‖x‖₂`.
    Nrm2,
    /// `x ← α x`.
    Scal,
    /// The index of the largest `|xᵢ|`.
    Iamax,
    /// `B ← A⁻¹ B`, `A` lower triangular, non-unit, on the left.
    Trsm,
    /// `C ← A Aᵀ` on the lower triangle (β = 0).
    Syrk,
}

impl Routine {
    fn name(self) -> &'static str {
        match self {
            Routine::Gemv => "dgemv",
            Routine::Symv => "dsymv",
            Routine::Trsv => "dtrsv",
            Routine::Axpy => "daxpy",
            Routine::Dot => "ddot",
            Routine::Nrm2 => "dnrm2",
            Routine::Scal => "dscal",
            Routine::Iamax => "idamax",
            Routine::Trsm => "dtrsm (left, lower)",
            Routine::Syrk => "dsyrk (lower)",
        }
    }

    /// Whether the routine works on an `n × n` matrix (else on vectors of length `n`).
    fn has_matrix(self) -> bool {
        matches!(
            self,
            Routine::Gemv | Routine::Symv | Routine::Trsv | Routine::Trsm | Routine::Syrk
        )
    }
}

/// A double-precision routine at size `n` (vectors of `n`, or `n × n` matrices).
pub struct Other {
    routine: Routine,
    n: usize,
    /// The matrix (lower triangular and diagonally dominant for the solves).
    a: Vec<f64>,
    /// The first vector, or the right-hand sides of trsm (`n × n`).
    x: Vec<f64>,
    /// The second vector.
    y: Vec<f64>,
    /// Each side's output (a copy of `x` or `y` for routines that write one, else empty)
    /// and scalar result.
    out: [(Vec<f64>, f64); 2],
}

impl Other {
    /// The routine at size `n`.
    pub fn new(routine: Routine, n: usize) -> Self {
        let mut r = rng(&format!("{} {n}", routine.name()));
        let mut a = if routine.has_matrix() {
            random_vec::<f64>(&mut r, n * n)
        } else {
            Vec::new()
        };
        if matches!(routine, Routine::Trsv | Routine::Trsm) {
            for j in 0..n {
                a[j + j * n] = n as f64;
            }
        }
        let x_len = if routine == Routine::Trsm { n * n } else { n };
        let x = random_vec(&mut r, x_len);
        let y = random_vec(&mut r, n);
        let mut case = Other {
            routine,
            n,
            a,
            x,
            y,
            out: [(Vec::new(), 0.0), (Vec::new(), 0.0)],
        };
        case.reset();
        case
    }

    /// The starting value of the output a routine writes (`x` for in-place routines, `y` for
    /// the others that write a vector; `n × n` zeros for syrk).
    fn output_start(&self) -> Vec<f64> {
        match self.routine {
            Routine::Trsv | Routine::Scal | Routine::Trsm => self.x.clone(),
            Routine::Gemv | Routine::Symv | Routine::Axpy => self.y.clone(),
            Routine::Syrk => vec![0.0; self.n * self.n],
            Routine::Dot | Routine::Nrm2 | Routine::Iamax => Vec::new(),
        }
    }
}

/// The label of a row of another routine: `dgemv n=4096`, `daxpy n=10⁷`.
fn other_label(routine: Routine, n: usize) -> String {
    let n = if n == 10_000_000 {
        "10⁷".to_string()
    } else {
        n.to_string()
    };
    format!("{} n={n}", routine.name())
}

/// α of axpy and scal (not 1, so no implementation can skip work).
const ALPHA: f64 = 1.000_000_1;

impl Case for Other {
    fn label(&self) -> String {
        other_label(self.routine, self.n)
    }

    fn resets_each_call(&self) -> bool {
        matches!(self.routine, Routine::Trsv | Routine::Trsm)
    }

    fn reset(&mut self) {
        let start = self.output_start();
        for out in &mut self.out {
            out.0.clear();
            out.0.extend_from_slice(&start);
        }
    }

    fn gpublas(&mut self, dev: &Device<Host>) -> Res<()> {
        let n = self.n;
        let a = || Mat::col_major(&self.a, n, n);
        let (x, y) = (&self.x, &self.y);
        let (out, scalar) = &mut self.out[0];
        match self.routine {
            Routine::Gemv => dev.gemv(Op::N, 1.0, a(), x, 0.0, out)?,
            Routine::Symv => dev.symv(Uplo::Lower, 1.0, a(), x, 0.0, out)?,
            Routine::Trsv => dev.trsv(Uplo::Lower, Op::N, Diag::NonUnit, a(), out)?,
            Routine::Axpy => dev.axpy(ALPHA, x, out)?,
            Routine::Dot => *scalar = dev.dot(x, y)?,
            Routine::Nrm2 => *scalar = dev.nrm2(x)?,
            Routine::Scal => dev.scal(ALPHA, out)?,
            Routine::Iamax => *scalar = dev.iamax(x)?.map_or(f64::NAN, |i| i as f64),
            Routine::Trsm => dev.trsm(
                Side::Left,
                Uplo::Lower,
                Op::N,
                Diag::NonUnit,
                1.0,
                a(),
                MatMut::col_major(out, n, n),
            )?,
            Routine::Syrk => dev.syrk(
                Uplo::Lower,
                Op::N,
                1.0,
                a(),
                0.0,
                MatMut::col_major(out, n, n),
            )?,
        }
        Ok(())
    }

    fn openblas(&mut self, ob: &OpenBlas) -> Res<()> {
        let api = &ob.api;
        let ni = int(self.n)?;
        let (a, x, y) = (self.a.as_ptr(), self.x.as_ptr(), self.y.as_ptr());
        let (out, scalar) = &mut self.out[1];
        let o = out.as_mut_ptr();
        use crate::openblas::{COL_MAJOR as CM, LEFT, LOWER, NON_UNIT, NO_TRANS};
        // SAFETY: every pointer covers what the routine reads or writes (matrices n × n with
        // leading dimension n, vectors of n, unit increments); the output is a buffer of its
        // own.
        unsafe {
            match self.routine {
                Routine::Gemv => {
                    (api.cblas_dgemv)(CM, NO_TRANS, ni, ni, 1.0, a, ni, x, 1, 0.0, o, 1)
                }
                Routine::Symv => (api.cblas_dsymv)(CM, LOWER, ni, 1.0, a, ni, x, 1, 0.0, o, 1),
                Routine::Trsv => (api.cblas_dtrsv)(CM, LOWER, NO_TRANS, NON_UNIT, ni, a, ni, o, 1),
                Routine::Axpy => (api.cblas_daxpy)(ni, ALPHA, x, 1, o, 1),
                Routine::Dot => *scalar = (api.cblas_ddot)(ni, x, 1, y, 1),
                Routine::Nrm2 => *scalar = (api.cblas_dnrm2)(ni, x, 1),
                Routine::Scal => (api.cblas_dscal)(ni, ALPHA, o, 1),
                Routine::Iamax => *scalar = (api.cblas_idamax)(ni, x, 1) as f64,
                Routine::Trsm => (api.cblas_dtrsm)(
                    CM, LEFT, LOWER, NO_TRANS, NON_UNIT, ni, ni, 1.0, a, ni, o, ni,
                ),
                Routine::Syrk => {
                    (api.cblas_dsyrk)(CM, LOWER, NO_TRANS, ni, ni, 1.0, a, ni, 0.0, o, ni)
                }
            }
        }
        Ok(())
    }

    fn difference(&self) -> Res<f64> {
        let ([g, o], [gs, os]) = (
            [&self.out[0].0, &self.out[1].0],
            [self.out[0].1, self.out[1].1],
        );
        Ok(match self.routine {
            Routine::Dot | Routine::Nrm2 => ((gs - os) / os).abs(),
            Routine::Iamax => {
                if gs == os {
                    0.0
                } else {
                    f64::INFINITY
                }
            }
            _ => max_rel_diff(g, o)?,
        })
    }
}

/// One row of the table, built when it is measured (so only one case's data is alive).
pub struct Row {
    /// What [`Case::label`] will say.
    pub label: String,
    /// Whether `--quick` skips it (n = 4096).
    pub large: bool,
    /// Builds the case.
    pub build: Box<dyn Fn() -> Box<dyn Case>>,
}

fn gemm_row<T: CblasGemm>(n: usize, count: usize) -> Row {
    Row {
        label: gemm_label(T::PREFIX, n, count),
        large: n >= 4096,
        build: Box::new(move || Box::new(Gemm::<T>::new(n, count))),
    }
}

fn other_row(routine: Routine, n: usize) -> Row {
    Row {
        label: other_label(routine, n),
        large: false,
        build: Box::new(move || Box::new(Other::new(routine, n))),
    }
}

/// Every row of the table, in order.
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    macro_rules! gemms {
        ($($t:ty),*) => {$(
            for n in [64, 256, 1024, 4096] {
                rows.push(gemm_row::<$t>(n, 1));
            }
        )*};
    }
    gemms!(f32, f64, Complex32, Complex64);
    macro_rules! batches {
        ($($t:ty),*) => {$( rows.push(gemm_row::<$t>(16, 10_000)); )*};
    }
    batches!(f32, f64, Complex32, Complex64);
    for r in [Routine::Gemv, Routine::Symv, Routine::Trsv] {
        rows.push(other_row(r, 4096));
    }
    for r in [
        Routine::Axpy,
        Routine::Dot,
        Routine::Nrm2,
        Routine::Scal,
        Routine::Iamax,
    ] {
        rows.push(other_row(r, 10_000_000));
    }
    // n = 2048 (the issue's rows), and n = 256: the size of the blocked updates LAPACK's
    // factorizations make, where parallelism costs more than it gives.
    for n in [2048, 256] {
        for r in [Routine::Trsm, Routine::Syrk] {
            rows.push(other_row(r, n));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_issue_is_listed_once() {
        let labels: Vec<String> = rows().iter().map(|r| r.label.clone()).collect();
        for want in [
            "sgemm n=64",
            "dgemm n=256",
            "cgemm n=1024",
            "zgemm n=4096",
            "dgemm batch 10000×16×16",
            "dgemv n=4096",
            "dsymv n=4096",
            "dtrsv n=4096",
            "daxpy n=10⁷",
            "ddot n=10⁷",
            "dnrm2 n=10⁷",
            "dscal n=10⁷",
            "idamax n=10⁷",
            "dtrsm (left, lower) n=2048",
            "dsyrk (lower) n=2048",
        ] {
            assert_eq!(
                labels.iter().filter(|l| *l == want).count(),
                1,
                "{want} in {labels:?}"
            );
        }
        assert_eq!(labels.len(), 16 + 4 + 3 + 5 + 4);
        assert!(rows()
            .iter()
            .filter(|r| r.large)
            .all(|r| r.label.contains("4096") && r.label.contains("gemm")));
    }

    #[test]
    fn gpublas_side_runs_every_small_case() {
        let dev = Device::host();
        let mut cases: Vec<Box<dyn Case>> = vec![
            Box::new(Gemm::<Complex64>::new(5, 1)),
            Box::new(Gemm::<f32>::new(4, 3)),
        ];
        for r in [
            Routine::Gemv,
            Routine::Symv,
            Routine::Trsv,
            Routine::Axpy,
            Routine::Dot,
            Routine::Nrm2,
            Routine::Scal,
            Routine::Iamax,
            Routine::Trsm,
            Routine::Syrk,
        ] {
            cases.push(Box::new(Other::new(r, 7)));
        }
        for case in &mut cases {
            case.reset();
            case.gpublas(&dev).unwrap();
        }
    }
}
