//! Routines on host copies of device operands, for the GPU backends: where the vendor library
//! lacks a routine ([`dsdot_on_host`]: cuBLAS has no f32-input, f64-result dot) or computes it
//! without scaling ([`nrm2_on_host`]: rocBLAS's nrm2 sums unscaled squares), the vectors come
//! to the host and the [`Host`] backend's routine runs there (level 1: compiled with or without
//! the `host` feature, as it needs neither faer nor pulp). These are O(n) reductions, so the
//! copy costs the same order as the work itself. Where a library multiplies structural zeros
//! ([`structural_zeros`]), the triangular products and `her2k` run on the host only when an
//! operand holds a non-finite value (without the `host` feature
//! such a call is `Unsupported`: the host's level 2 and 3 are not compiled in). Generic over the backend, so the crate's tests (and the
//! [`Emulated`](super::Emulated) device's vendor mode) run the same paths without a GPU.

// The level-1 paths serve the GPU backends only.
#![cfg_attr(not(any(feature = "cuda", feature = "rocm")), allow(dead_code))]

pub(crate) mod structural_zeros;

use super::host::Host;
use super::{Backend, DevPtr, Level1};
use crate::error::Result;
use crate::scalar::{Scalar, ScalarKind};

/// A device vector's elements copied to host memory, as a vector the [`Host`] backend can read:
/// the whole span for an increment of 0 or ±1 (the span is the elements), otherwise the `n`
/// elements gathered on the device first, in walk order, so that only they cross the link.
struct HostCopy<T> {
    data: Vec<T>,
    inc: isize,
}

impl<T: Scalar> HostCopy<T> {
    /// # Safety
    /// `x` holds `n ≥ 1` elements at increment `inc` in `backend`'s memory, and nothing writes
    /// them during the call.
    unsafe fn new<B: Level1<T>>(backend: &B, n: usize, x: DevPtr, inc: isize) -> Result<Self> {
        let size = std::mem::size_of::<T>();
        if inc.unsigned_abs() <= 1 {
            let len = if inc == 0 { 1 } else { n };
            let mut data = vec![T::zero(); len];
            // SAFETY: the span is `len` elements from `x` (the caller's contract), and `data`
            // holds as many.
            unsafe { backend.download(data.as_mut_ptr().cast(), x, len * size)? };
            return Ok(HostCopy { data, inc });
        }
        let gathered = DeviceScratch::new(backend, n * size)?;
        // SAFETY: `x` holds `n` elements at `inc`; the scratch holds `n` contiguous ones and
        // overlaps nothing. `copy` walks `x` in reference BLAS's order, so element `i` lands at
        // position `i` whatever the increment's sign.
        unsafe { Level1::<T>::copy(backend, n, x, inc, gathered.ptr, 1)? };
        let mut data = vec![T::zero(); n];
        // SAFETY: the scratch holds `n` elements, written by the copy ordered before this.
        unsafe { backend.download(data.as_mut_ptr().cast(), gathered.ptr, n * size)? };
        Ok(HostCopy { data, inc: 1 })
    }

    /// The copy as a host "device" pointer.
    fn ptr(&mut self) -> DevPtr {
        DevPtr::from_raw(self.data.as_mut_ptr().cast())
    }

    /// Copies the (changed) elements back to `x`, the vector [`HostCopy::new`] copied: the
    /// span as it was downloaded, or the `n` gathered elements scattered back on the device.
    ///
    /// # Safety
    /// As for [`HostCopy::new`] with the same `n`, `x` and `inc`, and `x` writable.
    #[cfg_attr(not(feature = "host"), allow(dead_code))]
    unsafe fn write_back<B: Level1<T>>(
        &self,
        backend: &B,
        n: usize,
        x: DevPtr,
        inc: isize,
    ) -> Result<()> {
        let bytes = std::mem::size_of_val(self.data.as_slice());
        if self.inc == inc {
            // SAFETY: the span is `data.len()` elements from `x` (the caller's contract).
            return unsafe { backend.upload(x, self.data.as_ptr().cast(), bytes) };
        }
        let gathered = DeviceScratch::new(backend, bytes)?;
        // SAFETY: the scratch holds the `n` elements; `copy` writes them to `x` at `inc` in
        // walk order, as `new` gathered them, and is ordered before the scratch's free.
        unsafe {
            backend.upload(gathered.ptr, self.data.as_ptr().cast(), bytes)?;
            Level1::<T>::copy(backend, n, gathered.ptr, 1, x, inc)
        }
    }
}

/// A device allocation freed when dropped (after the work queued before the free).
struct DeviceScratch<'a, B: Backend> {
    backend: &'a B,
    ptr: DevPtr,
    bytes: usize,
}

impl<'a, B: Backend> DeviceScratch<'a, B> {
    fn new(backend: &'a B, bytes: usize) -> Result<Self> {
        // SAFETY: callers ask for at least one element's bytes (`n ≥ 1` elements).
        let ptr = unsafe { backend.alloc(bytes.max(1))? };
        Ok(DeviceScratch {
            backend,
            ptr,
            bytes: bytes.max(1),
        })
    }
}

impl<B: Backend> Drop for DeviceScratch<'_, B> {
    fn drop(&mut self) {
        // SAFETY: allocated by `new` with these bytes; the work that used it was queued before
        // this free (and, for every download after it, has completed).
        unsafe { self.backend.free(self.ptr, self.bytes) };
    }
}

/// `dsdot` (`Σ xᵢ yᵢ` of `f32` vectors accumulated in `f64`, in reference BLAS's order) for a
/// backend whose vendor library has no such routine: both vectors are copied to the host and the
/// [`Host`] backend's `dsdot` runs there, exactly as reference BLAS's `dsdot.f`.
///
/// # Safety
/// As for [`Level1::dsdot`] on `backend`.
pub(crate) unsafe fn dsdot_on_host<B: Level1<f32>>(
    backend: &B,
    n: usize,
    x: DevPtr,
    incx: isize,
    y: DevPtr,
    incy: isize,
) -> Result<f64> {
    if n == 0 {
        return Ok(0.0);
    }
    // SAFETY: forwarded to the caller.
    let (mut xs, mut ys) = unsafe {
        (
            HostCopy::<f32>::new(backend, n, x, incx)?,
            HostCopy::<f32>::new(backend, n, y, incy)?,
        )
    };
    // SAFETY: both copies hold `n` elements at their increments in host memory.
    unsafe { Level1::<f32>::dsdot(&Host, n, xs.ptr(), xs.inc, ys.ptr(), ys.inc) }
}

/// `nrm2` by the [`Host`] backend's scaled algorithm (Blue's, as reference BLAS 3.10's) on a
/// host copy of `x`: for a backend whose vendor routine over- or underflows.
///
/// # Safety
/// As for [`Level1::nrm2`] on `backend` (`incx ≥ 1`).
pub(crate) unsafe fn nrm2_on_host<T: Scalar, B: Level1<T>>(
    backend: &B,
    n: usize,
    x: DevPtr,
    incx: isize,
) -> Result<T::Real> {
    if n == 0 {
        return Ok(num_traits::zero());
    }
    // SAFETY: forwarded to the caller.
    let mut xs = unsafe { HostCopy::<T>::new(backend, n, x, incx)? };
    // SAFETY: the copy holds `n` elements at increment `xs.inc ≥ 1` (`incx ≥ 1`) in host memory.
    unsafe { Level1::<T>::nrm2(&Host, n, xs.ptr(), xs.inc) }
}

/// The norm of `x` from `v`, its value by a vendor routine that sums squares unscaled
/// (rocBLAS's `nrm2`): `v` itself where it cannot be wrong, else recomputed by
/// [`nrm2_on_host`]. `v` may be wrong where it is infinite (a square or the sum overflowed;
/// the input then holds huge or infinite values, so recomputing is rare) or so small that
/// squares which underflowed (or were flushed to zero) could matter: `v² < 2n·λ/ε` for the
/// type's smallest normal number `λ` and epsilon `ε`. A zero `v` stands when `asum` is zero
/// too (the vector is zero: an absolute sum cannot underflow), so zero vectors stay cheap; a
/// NaN stands (only a NaN element gives one).
///
/// # Safety
/// As for [`Level1::nrm2`] on `backend` (`incx ≥ 1`).
pub(crate) unsafe fn nrm2_of_unscaled<T: Scalar, B: Level1<T>>(
    backend: &B,
    n: usize,
    x: DevPtr,
    incx: isize,
    v: T::Real,
) -> Result<T::Real> {
    let vf: f64 = v.into();
    let (min_normal, eps) = match T::KIND {
        ScalarKind::F32 | ScalarKind::C32 => {
            (f64::from(f32::MIN_POSITIVE), f64::from(f32::EPSILON))
        }
        ScalarKind::F64 | ScalarKind::C64 => (f64::MIN_POSITIVE, f64::EPSILON),
    };
    let may_be_wrong = vf.is_infinite() || vf * vf < 2.0 * n as f64 * (min_normal / eps);
    if !may_be_wrong {
        return Ok(v);
    }
    if vf == 0.0 {
        // SAFETY: forwarded to the caller.
        let abs_sum: f64 = unsafe { Level1::<T>::asum(backend, n, x, incx)? }.into();
        if abs_sum == 0.0 {
            return Ok(v);
        }
    }
    // SAFETY: forwarded to the caller.
    unsafe { nrm2_on_host::<T, B>(backend, n, x, incx) }
}

/// The host path on an [`Emulated`](crate::backend::Emulated) device: memory the host reaches
/// only through the backend's copies, as a GPU's, with every device access checked.
#[cfg(all(test, feature = "host"))]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{dsdot_on_host, nrm2_of_unscaled, nrm2_on_host};
    use crate::backend::{Backend, DevPtr, Emulated};
    use crate::scalar::Scalar;

    /// `data` in a fresh device allocation (freed by the caller through [`free`]).
    fn to_device<T: Scalar>(emu: &Emulated, data: &[T]) -> DevPtr {
        let bytes = std::mem::size_of_val(data).max(1);
        // SAFETY: `bytes > 0`; the allocation holds all of `data`.
        unsafe {
            let p = emu.alloc(bytes).expect("emulated allocation");
            emu.upload(p, data.as_ptr().cast(), std::mem::size_of_val(data))
                .expect("emulated upload");
            p
        }
    }

    fn free<T>(emu: &Emulated, p: DevPtr, data: &[T]) {
        // SAFETY: `p` came from `to_device(data)`, and no work uses it any more.
        unsafe { emu.free(p, std::mem::size_of_val(data).max(1)) };
    }

    /// Buffer index of element `i` of an `n`-vector with increment `inc` (reference BLAS's
    /// walk: a negative increment starts at the end).
    fn at(i: usize, n: usize, inc: isize) -> usize {
        let step = inc.unsigned_abs();
        if inc >= 0 {
            i * step
        } else {
            (n - 1 - i) * step
        }
    }

    fn span(n: usize, inc: isize) -> usize {
        (n - 1) * inc.unsigned_abs() + 1
    }

    #[test]
    fn dsdot_on_host_copies_accumulates_in_double_in_walk_order() {
        let emu = Emulated::new();
        let mut r = ChaCha8Rng::seed_from_u64(0xd5d07);
        for n in [1usize, 2, 7, 40] {
            for incx in [-3isize, -1, 0, 1, 2, 5] {
                for incy in [-2isize, 0, 1, 3] {
                    let x: Vec<f32> = (0..span(n, incx)).map(|_| r.gen_range(-1.0..1.0)).collect();
                    let y: Vec<f32> = (0..span(n, incy)).map(|_| r.gen_range(-1.0..1.0)).collect();
                    // dsdot.f: products of f32s are exact in f64, summed in walk order.
                    let want = (0..n).fold(0.0f64, |acc, i| {
                        acc + f64::from(x[at(i, n, incx)]) * f64::from(y[at(i, n, incy)])
                    });
                    let (xd, yd) = (to_device(&emu, &x), to_device(&emu, &y));
                    // SAFETY: both allocations hold their vectors' spans.
                    let got = unsafe { dsdot_on_host(&emu, n, xd, incx, yd, incy) }
                        .expect("dsdot on host copies");
                    assert_eq!(got, want, "n={n} incx={incx} incy={incy}");
                    free(&emu, xd, &x);
                    free(&emu, yd, &y);
                }
            }
        }
        assert_eq!(
            emu.live_allocations(),
            0,
            "a gathering scratch was not freed"
        );
        // Cancellation only f64 accumulation survives: 2^25 + 1 − 2^25.
        let (x, y) = ([33_554_432f32, 1.0, -33_554_432.0], [1f32; 3]);
        let (xd, yd) = (to_device(&emu, &x), to_device(&emu, &y));
        // SAFETY: as above.
        let got = unsafe { dsdot_on_host(&emu, 3, xd, 1, yd, 1) }.expect("dsdot");
        assert_eq!(got, 1.0);
        free(&emu, xd, &x);
        free(&emu, yd, &y);
    }

    #[test]
    fn nrm2_on_host_copies_scales_at_the_ends_of_the_range() {
        let emu = Emulated::new();
        for inc in [1isize, 3] {
            // ‖(3s, 4s)‖ = 5s exactly, where squaring s under- or overflows.
            for s in [1e-300, 1e-160, 1e160, 1e300] {
                let mut x = vec![f64::NAN; span(2, inc)];
                x[0] = 3.0 * s;
                x[at(1, 2, inc)] = -4.0 * s;
                let xd = to_device(&emu, &x);
                // SAFETY: the allocation holds the span.
                let got = unsafe { nrm2_on_host::<f64, _>(&emu, 2, xd, inc) }.expect("nrm2");
                assert!(
                    (got - 5.0 * s).abs() <= 4.0 * f64::EPSILON * 5.0 * s,
                    "{s:e}: {got:e}"
                );
                // An unscaled result (0 or ∞ here) is recomputed.
                let unscaled = (9.0 * s * s + 16.0 * s * s).sqrt();
                // SAFETY: as above.
                let fixed = unsafe { nrm2_of_unscaled::<f64, _>(&emu, 2, xd, inc, unscaled) };
                assert_eq!(fixed.expect("nrm2"), got, "{s:e} from {unscaled:e}");
                free(&emu, xd, &x);
            }
            for s in [1e-30f32, 1e30] {
                let mut x = vec![f32::NAN; span(2, inc)];
                x[0] = 3.0 * s;
                x[at(1, 2, inc)] = 4.0 * s;
                let xd = to_device(&emu, &x);
                // SAFETY: the allocation holds the span.
                let got = unsafe { nrm2_on_host::<f32, _>(&emu, 2, xd, inc) }.expect("nrm2");
                assert!(
                    (got - 5.0 * s).abs() <= 4.0 * f32::EPSILON * 5.0 * s,
                    "{s:e}: {got:e}"
                );
                free(&emu, xd, &x);
            }
        }
        assert_eq!(
            emu.live_allocations(),
            0,
            "a gathering scratch was not freed"
        );
    }

    #[test]
    fn an_unscaled_norm_stands_where_it_cannot_be_wrong() {
        let emu = Emulated::new();
        let x = [0.5f64, -1.5, 2.0];
        let xd = to_device(&emu, &x);
        // A mid-range value is returned as it is (even a wrong one: nothing is recomputed).
        for v in [2.5f64, 1e-100, f64::NAN] {
            // SAFETY: the allocation holds the vector.
            let got = unsafe { nrm2_of_unscaled::<f64, _>(&emu, 3, xd, 1, v) }.expect("nrm2");
            assert!(got.to_bits() == v.to_bits(), "{v:e} became {got:e}");
        }
        // A zero vector's zero stands; a tiny vector's zero does not.
        let zeros = [0.0f64; 3];
        let zd = to_device(&emu, &zeros);
        // SAFETY: as above.
        let got = unsafe { nrm2_of_unscaled::<f64, _>(&emu, 3, zd, 1, 0.0) }.expect("nrm2");
        assert_eq!(got, 0.0);
        let tiny = [3e-300f64, 4e-300, 0.0];
        let td = to_device(&emu, &tiny);
        // SAFETY: as above.
        let got = unsafe { nrm2_of_unscaled::<f64, _>(&emu, 3, td, 1, 0.0) }.expect("nrm2");
        assert!(
            (got - 5e-300).abs() <= 4.0 * f64::EPSILON * 5e-300,
            "{got:e}"
        );
        free(&emu, xd, &x);
        free(&emu, zd, &zeros);
        free(&emu, td, &tiny);
    }
}
