//! The increment contract of the BLAS traits (`Level1<T>`, `Level2<T>`, …) holds for every call the safe layer makes: backends never
//! see a zero output increment (GPU libraries would update that element from many threads at
//! once), one-vector routines only get increments ≥ 1, and level 2 never gets 0 — whatever
//! increments the caller passes, including 0 and negative ones.
//!
//! Shown with a backend that checks every call before forwarding it to the host backend, and
//! that maps host data by copying (like a GPU), so the copy-in/copy-back paths run too. Its
//! results must equal the host backend's bit for bit.

#![cfg(feature = "host")] // the host backend (a default feature)

use std::sync::Mutex;

use gpublas::backend::{Backend, BackendKind, Blas, DevPtr, Host};
use gpublas::backend::{Batched, Level1, Level2, Level3, MixedPrecision};
use gpublas::{Banded, Mat, MatMut, Packed, PackedMut, Vector, VectorMut};
use gpublas::{Complex32, Complex64, Device, Diag, Op, Result, Scalar, Side, Uplo};

/// Host memory treated as device memory, recording every broken increment rule.
#[derive(Default)]
struct Checked {
    broken: Mutex<Vec<String>>,
}

impl Checked {
    fn require(&self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.broken.lock().unwrap().push(what());
        }
    }
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut self.broken.lock().unwrap())
    }
}

// SAFETY: everything is `Host`'s, which keeps the contract, except `host_memory` (false: host
// memory reached only through copies, which is how it is used).
unsafe impl Backend for Checked {
    fn kind(&self) -> BackendKind {
        BackendKind::Host
    }
    fn describe(&self) -> String {
        "increment-contract checker (test)".into()
    }
    fn host_memory(&self) -> bool {
        false
    }
    fn same_context(&self, _other: &Self) -> bool {
        true
    }
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.alloc(bytes) }
    }
    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        // SAFETY: forwarded to the caller.
        unsafe { Host.free(ptr, bytes) }
    }
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.upload(dst, src, bytes) }
    }
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.download(dst, src, bytes) }
    }
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Backend::copy(&Host, dst, src, bytes) }
    }
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.zero(dst, bytes) }
    }
    fn synchronize(&self) -> Result<()> {
        Ok(())
    }
}

/// Forwards each listed method of `$tr` to the host backend, recording a broken `where` rule.
macro_rules! checked {
    ($tr:ident: $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty $( where $cond:expr )? ; )*) => {$(
        unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
            $( self.require($cond, || format!(concat!(stringify!($name), " broke `", stringify!($cond), "`"))); )?
            // SAFETY: forwarded to the caller.
            unsafe { $tr::<T>::$name(&Host, $($arg),*) }
        }
    )*};
}

impl<T: Scalar> Level1<T> for Checked {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        self.require(incy != 0, || format!("axpy n={n} got output increment 0"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::axpy(&Host, n, alpha, x, incx, y, incy) }
    }
    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: isize) -> Result<()> {
        self.require(incx >= 1, || format!("scal n={n} got increment {incx}"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::scal(&Host, n, alpha, x, incx) }
    }
    unsafe fn copy(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        self.require(incy != 0, || format!("copy n={n} got output increment 0"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::copy(&Host, n, x, incx, y, incy) }
    }
    unsafe fn swap(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<()> {
        self.require(incx != 0 && incy != 0, || {
            format!("swap n={n} got increments {incx}, {incy}")
        });
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::swap(&Host, n, x, incx, y, incy) }
    }
    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::dotu(&Host, n, x, incx, y, incy) }
    }
    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<T> {
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::dotc(&Host, n, x, incx, y, incy) }
    }
    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        self.require(incx >= 1, || format!("nrm2 n={n} got increment {incx}"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::nrm2(&Host, n, x, incx) }
    }
    unsafe fn asum(&self, n: usize, x: DevPtr, incx: isize) -> Result<T::Real> {
        self.require(incx >= 1, || format!("asum n={n} got increment {incx}"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::asum(&Host, n, x, incx) }
    }
    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        self.require(incx >= 1, || format!("iamax n={n} got increment {incx}"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::iamax(&Host, n, x, incx) }
    }
    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: isize) -> Result<usize> {
        self.require(incx >= 1, || format!("iamin n={n} got increment {incx}"));
        // SAFETY: forwarded to the caller.
        unsafe { Level1::<T>::iamin(&Host, n, x, incx) }
    }
    checked! { Level1:
        fn rotg(a: T, b: T) -> Result<(T, T::Real, T, T)>;
        fn rotmg(d1: T, d2: T, x1: T, y1: T) -> Result<(T, T, T, [T; 5])>;
        fn rot(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize, c: T::Real, s: T::Real) -> Result<()> where incx != 0 && incy != 0;
        fn rot_complex(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize, c: T::Real, s: T) -> Result<()> where incx != 0 && incy != 0;
        fn rotm(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize, param: [T; 5]) -> Result<()> where incx != 0 && incy != 0;
        fn dsdot(n: usize, x: DevPtr, incx: isize, y: DevPtr, incy: isize) -> Result<f64>;
        fn scal_real(n: usize, alpha: T::Real, x: DevPtr, incx: isize) -> Result<()> where incx >= 1;
    }
}

impl<T: Scalar> Level2<T> for Checked {
    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: isize,
        beta: T,
        y: DevPtr,
        incy: isize,
    ) -> Result<()> {
        self.require(incx != 0 && incy != 0, || {
            format!("gemv got increments {incx}, {incy}")
        });
        // SAFETY: forwarded to the caller.
        unsafe { Level2::<T>::gemv(&Host, trans, m, n, alpha, a, lda, x, incx, beta, y, incy) }
    }
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: isize,
        y: DevPtr,
        incy: isize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()> {
        self.require(incx != 0 && incy != 0, || {
            format!("ger got increments {incx}, {incy}")
        });
        // SAFETY: forwarded to the caller.
        unsafe { Level2::<T>::ger(&Host, conj, m, n, alpha, x, incx, y, incy, a, lda) }
    }
    checked! { Level2:
        fn gbmv(trans: Op, m: usize, n: usize, kl: usize, ku: usize, alpha: T, a: DevPtr, lda: usize, x: DevPtr, incx: isize, beta: T, y: DevPtr, incy: isize) -> Result<()> where incx != 0 && incy != 0;
        fn symv(herm: bool, uplo: Uplo, n: usize, alpha: T, a: DevPtr, lda: usize, x: DevPtr, incx: isize, beta: T, y: DevPtr, incy: isize) -> Result<()> where incx != 0 && incy != 0;
        fn sbmv(herm: bool, uplo: Uplo, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, x: DevPtr, incx: isize, beta: T, y: DevPtr, incy: isize) -> Result<()> where incx != 0 && incy != 0;
        fn spmv(herm: bool, uplo: Uplo, n: usize, alpha: T, ap: DevPtr, x: DevPtr, incx: isize, beta: T, y: DevPtr, incy: isize) -> Result<()> where incx != 0 && incy != 0;
        fn trmv(uplo: Uplo, trans: Op, diag: Diag, n: usize, a: DevPtr, lda: usize, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn trsv(uplo: Uplo, trans: Op, diag: Diag, n: usize, a: DevPtr, lda: usize, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn tbmv(uplo: Uplo, trans: Op, diag: Diag, n: usize, k: usize, a: DevPtr, lda: usize, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn tbsv(uplo: Uplo, trans: Op, diag: Diag, n: usize, k: usize, a: DevPtr, lda: usize, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn tpmv(uplo: Uplo, trans: Op, diag: Diag, n: usize, ap: DevPtr, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn tpsv(uplo: Uplo, trans: Op, diag: Diag, n: usize, ap: DevPtr, x: DevPtr, incx: isize) -> Result<()> where incx != 0;
        fn syr(uplo: Uplo, n: usize, alpha: T, x: DevPtr, incx: isize, a: DevPtr, lda: usize) -> Result<()> where incx != 0;
        fn her(uplo: Uplo, n: usize, alpha: T::Real, x: DevPtr, incx: isize, a: DevPtr, lda: usize) -> Result<()> where incx != 0;
        fn spr(uplo: Uplo, n: usize, alpha: T, x: DevPtr, incx: isize, ap: DevPtr) -> Result<()> where incx != 0;
        fn hpr(uplo: Uplo, n: usize, alpha: T::Real, x: DevPtr, incx: isize, ap: DevPtr) -> Result<()> where incx != 0;
        fn syr2(herm: bool, uplo: Uplo, n: usize, alpha: T, x: DevPtr, incx: isize, y: DevPtr, incy: isize, a: DevPtr, lda: usize) -> Result<()> where incx != 0 && incy != 0;
        fn spr2(herm: bool, uplo: Uplo, n: usize, alpha: T, x: DevPtr, incx: isize, y: DevPtr, incy: isize, ap: DevPtr) -> Result<()> where incx != 0 && incy != 0;
    }
}

const INCS: [isize; 7] = [-3, -2, -1, 0, 1, 2, 3];

/// A buffer for `n` elements at `inc` (plus one), filled with varied small integers.
fn buf<T: Scalar>(n: usize, inc: isize, seed: usize) -> Vec<T> {
    let len = if n == 0 {
        1
    } else {
        (n - 1) * inc.unsigned_abs() + 2
    };
    (0..len)
        .map(|k| {
            let v = ((k * 7 + seed * 13) % 17) as i32 - 8;
            T::from_parts(int(v), int(3 - v))
        })
        .collect()
}

/// A small integer as a real type (exact: a sum of ones).
fn int<R: Scalar>(v: i32) -> R {
    let r = (0..v.unsigned_abs()).fold(R::zero(), |r, _| r + R::one());
    if v < 0 {
        -r
    } else {
        r
    }
}

fn bits<T: Scalar>(v: &[T]) -> Vec<u8> {
    bytemuck::cast_slice(v).to_vec()
}

fn every_level1_and_level2_call_keeps_the_contract<T: Scalar>()
where
    Host: Blas<T>,
{
    let (dev, host) = (Device::new(Checked::default()), Device::host());
    let alpha = T::from_parts(int(3), int(1));
    for n in [0, 1, 2, 5] {
        for incx in INCS {
            for incy in INCS {
                let what = format!("n={n} incx={incx} incy={incy}");
                let x: Vec<T> = buf(n, incx, 1);
                let y0: Vec<T> = buf(n, incy, 2);
                let (vx, vy) = (
                    |b| Vector::strided(b, n, incx),
                    |b| Vector::strided(b, n, incy),
                );

                let (mut y, mut yh) = (y0.clone(), y0.clone());
                dev.axpy(alpha, vx(&x), VectorMut::strided(&mut y, n, incy))
                    .unwrap();
                host.axpy(alpha, vx(&x), VectorMut::strided(&mut yh, n, incy))
                    .unwrap();
                assert_eq!(bits(&y), bits(&yh), "axpy {what}");

                let (mut y, mut yh) = (y0.clone(), y0.clone());
                dev.copy(vx(&x), VectorMut::strided(&mut y, n, incy))
                    .unwrap();
                host.copy(vx(&x), VectorMut::strided(&mut yh, n, incy))
                    .unwrap();
                assert_eq!(bits(&y), bits(&yh), "copy {what}");

                let (mut xs, mut y, mut xh, mut yh) =
                    (x.clone(), y0.clone(), x.clone(), y0.clone());
                dev.swap(
                    VectorMut::strided(&mut xs, n, incx),
                    VectorMut::strided(&mut y, n, incy),
                )
                .unwrap();
                host.swap(
                    VectorMut::strided(&mut xh, n, incx),
                    VectorMut::strided(&mut yh, n, incy),
                )
                .unwrap();
                assert_eq!((bits(&xs), bits(&y)), (bits(&xh), bits(&yh)), "swap {what}");

                let (d, dh) = (
                    dev.dotc(vx(&x), vy(&y0)).unwrap(),
                    host.dotc(vx(&x), vy(&y0)).unwrap(),
                );
                assert_eq!(bits(&[d]), bits(&[dh]), "dotc {what}");

                let (mut xs, mut xh) = (x.clone(), x.clone());
                dev.scal(alpha, VectorMut::strided(&mut xs, n, incx))
                    .unwrap();
                host.scal(alpha, VectorMut::strided(&mut xh, n, incx))
                    .unwrap();
                assert_eq!(bits(&xs), bits(&xh), "scal {what}");

                let nrm = (dev.nrm2(vx(&x)).unwrap(), host.nrm2(vx(&x)).unwrap());
                assert_eq!(bits(&[nrm.0]), bits(&[nrm.1]), "nrm2 {what}");
                let asum = (dev.asum(vx(&x)).unwrap(), host.asum(vx(&x)).unwrap());
                assert_eq!(bits(&[asum.0]), bits(&[asum.1]), "asum {what}");
                assert_eq!(
                    dev.iamax(vx(&x)).unwrap(),
                    host.iamax(vx(&x)).unwrap(),
                    "iamax {what}"
                );
                assert_eq!(
                    dev.iamin(vx(&x)).unwrap(),
                    host.iamin(vx(&x)).unwrap(),
                    "iamin {what}"
                );

                // Level 2 with an n × n matrix: zero increments are errors on both.
                let a: Vec<T> = buf(n * n, 1, 3);
                let (mut y, mut yh) = (y0.clone(), y0.clone());
                let r = dev.gemv(
                    Op::T,
                    alpha,
                    Mat::col_major(&a, n, n),
                    vx(&x),
                    alpha,
                    VectorMut::strided(&mut y, n, incy),
                );
                let rh = host.gemv(
                    Op::T,
                    alpha,
                    Mat::col_major(&a, n, n),
                    vx(&x),
                    alpha,
                    VectorMut::strided(&mut yh, n, incy),
                );
                assert_eq!(r.is_ok(), rh.is_ok(), "gemv {what}: {r:?} vs {rh:?}");
                assert_eq!(bits(&y), bits(&yh), "gemv {what}");
                let (mut am, mut ah) = (a.clone(), a.clone());
                let r = dev.gerc(alpha, vx(&x), vy(&y0), MatMut::col_major(&mut am, n, n));
                let rh = host.gerc(alpha, vx(&x), vy(&y0), MatMut::col_major(&mut ah, n, n));
                assert_eq!(r.is_ok(), rh.is_ok(), "gerc {what}: {r:?} vs {rh:?}");
                assert_eq!(bits(&am), bits(&ah), "gerc {what}");

                let broken = dev.backend().take();
                assert!(broken.is_empty(), "{what}: the backend got {broken:?}");
            }
        }
    }
}

#[test]
fn every_call_keeps_the_increment_contract_f32() {
    every_level1_and_level2_call_keeps_the_contract::<f32>();
}

#[test]
fn every_call_keeps_the_increment_contract_f64() {
    every_level1_and_level2_call_keeps_the_contract::<f64>();
}

#[test]
fn every_call_keeps_the_increment_contract_c32() {
    every_level1_and_level2_call_keeps_the_contract::<Complex32>();
}

#[test]
fn every_call_keeps_the_increment_contract_c64() {
    every_level1_and_level2_call_keeps_the_contract::<Complex64>();
}

/// The level-1 and level-2 extensions under the same contract: rotations with zero increments
/// run element by element (never a zero increment at the backend), `scal_real` only sees
/// increments ≥ 1, level 2 never 0 — and the results equal the host backend's bit for bit.
fn every_extension_call_keeps_the_contract<T: Scalar>()
where
    Host: Blas<T>,
{
    let (dev, host) = (Device::new(Checked::default()), Device::host());
    let alpha = T::from_parts(int(3), int(1));
    let (c, s) = (int::<T::Real>(3), int::<T::Real>(-2));
    for n in [0, 1, 2, 5] {
        for incx in INCS {
            for incy in INCS {
                let what = format!("n={n} incx={incx} incy={incy}");
                let x0: Vec<T> = buf(n, incx, 1);
                let y0: Vec<T> = buf(n, incy, 2);

                let (mut x, mut y, mut xh, mut yh) =
                    (x0.clone(), y0.clone(), x0.clone(), y0.clone());
                let (vx, vy) = (
                    VectorMut::strided(&mut x, n, incx),
                    VectorMut::strided(&mut y, n, incy),
                );
                dev.rot(vx, vy, c, s).unwrap();
                let (vx, vy) = (
                    VectorMut::strided(&mut xh, n, incx),
                    VectorMut::strided(&mut yh, n, incy),
                );
                host.rot(vx, vy, c, s).unwrap();
                assert_eq!((bits(&x), bits(&y)), (bits(&xh), bits(&yh)), "rot {what}");

                let (mut x, mut y, mut xh, mut yh) =
                    (x0.clone(), y0.clone(), x0.clone(), y0.clone());
                let (vx, vy) = (
                    VectorMut::strided(&mut x, n, incx),
                    VectorMut::strided(&mut y, n, incy),
                );
                dev.rot_complex(vx, vy, c, alpha).unwrap();
                let (vx, vy) = (
                    VectorMut::strided(&mut xh, n, incx),
                    VectorMut::strided(&mut yh, n, incy),
                );
                host.rot_complex(vx, vy, c, alpha).unwrap();
                assert_eq!(
                    (bits(&x), bits(&y)),
                    (bits(&xh), bits(&yh)),
                    "rot_complex {what}"
                );

                let (mut x, mut xh) = (x0.clone(), x0.clone());
                dev.scal_real(s, VectorMut::strided(&mut x, n, incx))
                    .unwrap();
                host.scal_real(s, VectorMut::strided(&mut xh, n, incx))
                    .unwrap();
                assert_eq!(bits(&x), bits(&xh), "scal_real {what}");

                // Level 2: zero increments are errors on both.
                let ap: Vec<T> = buf(n * (n + 1) / 2, 1, 3);
                let (mut x, mut xh) = (x0.clone(), x0.clone());
                let r = dev.tpmv(
                    Op::T,
                    Diag::NonUnit,
                    Packed::upper(&ap, n),
                    VectorMut::strided(&mut x, n, incx),
                );
                let rh = host.tpmv(
                    Op::T,
                    Diag::NonUnit,
                    Packed::upper(&ap, n),
                    VectorMut::strided(&mut xh, n, incx),
                );
                assert_eq!(r.is_ok(), rh.is_ok(), "tpmv {what}: {r:?} vs {rh:?}");
                assert_eq!(bits(&x), bits(&xh), "tpmv {what}");
                let ab: Vec<T> = buf(3 * n, 1, 4);
                let (mut y, mut yh) = (y0.clone(), y0.clone());
                let r = dev.gbmv(
                    Op::N,
                    alpha,
                    Banded::new(&ab, n, n, 1, 1),
                    Vector::strided(&x0, n, incx),
                    alpha,
                    VectorMut::strided(&mut y, n, incy),
                );
                let rh = host.gbmv(
                    Op::N,
                    alpha,
                    Banded::new(&ab, n, n, 1, 1),
                    Vector::strided(&x0, n, incx),
                    alpha,
                    VectorMut::strided(&mut yh, n, incy),
                );
                assert_eq!(r.is_ok(), rh.is_ok(), "gbmv {what}: {r:?} vs {rh:?}");
                assert_eq!(bits(&y), bits(&yh), "gbmv {what}");
                let (mut a, mut ah) = (ap.clone(), ap.clone());
                let r = dev.hpr2(
                    alpha,
                    Vector::strided(&x0, n, incx),
                    Vector::strided(&y0, n, incy),
                    PackedMut::lower(&mut a, n),
                );
                let rh = host.hpr2(
                    alpha,
                    Vector::strided(&x0, n, incx),
                    Vector::strided(&y0, n, incy),
                    PackedMut::lower(&mut ah, n),
                );
                assert_eq!(r.is_ok(), rh.is_ok(), "hpr2 {what}: {r:?} vs {rh:?}");
                assert_eq!(bits(&a), bits(&ah), "hpr2 {what}");

                let broken = dev.backend().take();
                assert!(broken.is_empty(), "{what}: the backend got {broken:?}");
            }
        }
    }
}

/// `rotm` (real types) under the contract, for every flag.
fn rotm_keeps_the_contract<T: Scalar<Real = T>>()
where
    Host: Blas<T>,
{
    let (dev, host) = (Device::new(Checked::default()), Device::host());
    for flag in [-1, 0, 1, -2] {
        let param = [int(flag), int(2), int(-1), int(3), int(1)];
        for n in [0, 1, 2, 5] {
            for incx in INCS {
                for incy in INCS {
                    let what = format!("flag={flag} n={n} incx={incx} incy={incy}");
                    let (mut x, mut y) = (buf::<T>(n, incx, 1), buf::<T>(n, incy, 2));
                    let (mut xh, mut yh) = (x.clone(), y.clone());
                    dev.rotm(
                        VectorMut::strided(&mut x, n, incx),
                        VectorMut::strided(&mut y, n, incy),
                        param,
                    )
                    .unwrap();
                    host.rotm(
                        VectorMut::strided(&mut xh, n, incx),
                        VectorMut::strided(&mut yh, n, incy),
                        param,
                    )
                    .unwrap();
                    assert_eq!((bits(&x), bits(&y)), (bits(&xh), bits(&yh)), "rotm {what}");
                    let broken = dev.backend().take();
                    assert!(broken.is_empty(), "{what}: the backend got {broken:?}");
                }
            }
        }
    }
}

#[test]
fn every_extension_call_keeps_the_increment_contract() {
    every_extension_call_keeps_the_contract::<f32>();
    every_extension_call_keeps_the_contract::<f64>();
    every_extension_call_keeps_the_contract::<Complex32>();
    every_extension_call_keeps_the_contract::<Complex64>();
    rotm_keeps_the_contract::<f32>();
    rotm_keeps_the_contract::<f64>();
}

/// Forwards each listed method of `$tr` (a trait of `gpublas::backend`) to the host backend,
/// recording a broken `where` rule.
macro_rules! checked_l3x {
    ($tr:ident: $( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty $( where $cond:expr )? ; )*) => {$(
        unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
            $( self.require($cond, || format!(concat!(stringify!($name), " broke `", stringify!($cond), "`"))); )?
            // SAFETY: forwarded to the caller.
            unsafe { gpublas::backend::$tr::<T>::$name(&Host, $($arg),*) }
        }
    )*};
}

impl<T: Scalar> Level3<T> for Checked {
    unsafe fn gemm(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Level3::<T>::gemm(&Host, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) }
    }
    unsafe fn trsm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Level3::<T>::trsm(&Host, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb) }
    }
    unsafe fn syrk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Level3::<T>::syrk(&Host, uplo, trans, n, k, alpha, a, lda, beta, c, ldc) }
    }
    unsafe fn herk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T::Real,
        a: DevPtr,
        lda: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Level3::<T>::herk(&Host, uplo, trans, n, k, alpha, a, lda, beta, c, ldc) }
    }
    checked_l3x! { Level3:
        fn symm(side: Side, uplo: Uplo, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn hemm(side: Side, uplo: Uplo, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn syr2k(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn her2k(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T::Real, c: DevPtr, ldc: usize) -> Result<()>;
        fn syrkx(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn herkx(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T::Real, c: DevPtr, ldc: usize) -> Result<()>;
        fn trmm(side: Side, uplo: Uplo, trans: Op, diag: Diag, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, c: DevPtr, ldc: usize) -> Result<()>;
        fn geam(ta: Op, tb: Op, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, beta: T, b: DevPtr, ldb: usize, c: DevPtr, ldc: usize) -> Result<()>;
        fn dgmm(side: Side, m: usize, n: usize, a: DevPtr, lda: usize, x: DevPtr, incx: isize, c: DevPtr, ldc: usize) -> Result<()>;
    }
}

impl<T: Scalar> Batched<T> for Checked {
    unsafe fn gemm_strided_batched(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            Batched::<T>::gemm_strided_batched(
                &Host, ta, tb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta, c, ldc,
                stride_c, batch,
            )
        }
    }
    checked_l3x! { Batched:
        fn gemm_batched(ta: Op, tb: Op, m: usize, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize, batch: usize) -> Result<()>;
        fn trsm_batched(side: Side, uplo: Uplo, trans: Op, diag: Diag, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, batch: usize) -> Result<()>;
        fn gemv_strided_batched(trans: Op, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, stride_a: usize, x: DevPtr, incx: isize, stride_x: usize, beta: T, y: DevPtr, incy: isize, stride_y: usize, batch: usize) -> Result<()> where incx != 0 && incy != 0;
    }
}

impl MixedPrecision for Checked {
    unsafe fn gemm_ex(
        &self,
        types: gpublas::GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe { Host.gemm_ex(types, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) }
    }
    unsafe fn gemm_strided_batched_ex(
        &self,
        types: gpublas::GemmTypes,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: f32,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: f32,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()> {
        // SAFETY: forwarded to the caller.
        unsafe {
            Host.gemm_strided_batched_ex(
                types, ta, tb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta, c, ldc,
                stride_c, batch,
            )
        }
    }
}
