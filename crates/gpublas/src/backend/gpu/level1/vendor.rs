//! [`vendor_level1_methods!`]: the methods of [`GpuLevel1`](super::GpuLevel1), written once
//! for both vendors. cuBLAS and rocBLAS take the same arguments in the same order for every one
//! of these routines (handle first, host scalars, device arrays), so only the routine names, the
//! function tables and the status check differ; the names of both vendors stand side by side in
//! `names.rs`.

/// The body of an `impl GpuLevel1 for …` block, from the vendor's status check, its main table,
/// its lazily loaded level-1 table (which also holds the main routines' `_64` twins), its
/// mixed-precision dot (`[none]` where it has no f32-input, f64-result form: see
/// [`vendor_dsdot!`]), whether its nrm2 scales (`GpuLevel1::NRM2_SCALED`) and its routine names
/// (`[s, d, c, z]`, `-` where it has none).
macro_rules! vendor_level1_methods {
    (
        check: $check:ident,
        main: $main:ident,
        level1: $l1:expr,
        dot_ex: [$($dotex:tt)*],
        nrm2_scaled: $nrm2_scaled:literal,
        axpy: $axpy:tt, scal: $scal:tt, copy: $copy:tt, swap: $swap:tt,
        dotu: $dotu:tt, dotc: $dotc:tt, nrm2: $nrm2:tt, asum: $asum:tt,
        iamax: $iamax:tt, iamin: $iamin:tt,
        rotg: $rotg:tt, rotmg: $rotmg:tt, rot: $rot:tt, rot_complex: $rotc:tt, rotm: $rotm:tt,
        scal_real: $scalr:tt $(,)?
    ) => {
        unsafe fn axpy<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            alpha: &T,
            x: DevPtr,
            incx: i64,
            y: DevPtr,
            incy: i64,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "axpy", $check, T, lp64: self.$main, ilp64: $l1,
                    $axpy, ints: [n, incx, incy], (h, n, s(alpha), c(x), incx, m(y), incy))
            }
        }
        unsafe fn scal<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            alpha: &T,
            x: DevPtr,
            incx: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "scal", $check, T, lp64: self.$main, ilp64: $l1,
                    $scal, ints: [n, incx], (h, n, s(alpha), m(x), incx))
            }
        }
        unsafe fn copy<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            x: DevPtr,
            incx: i64,
            y: DevPtr,
            incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "copy", $check, T, lp64: self.$main, ilp64: $l1,
                    $copy, ints: [n, incx, incy], (h, n, c(x), incx, m(y), incy))
            }
        }
        unsafe fn swap<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            x: DevPtr,
            incx: i64,
            y: DevPtr,
            incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "swap", $check, T, lp64: self.$main, ilp64: $l1,
                    $swap, ints: [n, incx, incy], (h, n, m(x), incx, m(y), incy))
            }
        }
        unsafe fn dot<T: Scalar>(
            &self,
            h: Self::Handle,
            conj: bool,
            n: i64,
            x: DevPtr,
            incx: i64,
            y: DevPtr,
            incy: i64,
            r: &mut T,
        ) -> Result<()> {
            // SAFETY: as for `axpy`; the result is written to host memory (host pointer mode).
            unsafe {
                if conj {
                    $crate::backend::gpu::sdcz64!(self, "dotc", $check, T, lp64: self.$main, ilp64: $l1,
                        $dotc, ints: [n, incx, incy], (h, n, c(x), incx, c(y), incy, out(r)))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "dot", $check, T, lp64: self.$main, ilp64: $l1,
                        $dotu, ints: [n, incx, incy], (h, n, c(x), incx, c(y), incy, out(r)))
                }
            }
        }
        unsafe fn nrm2<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            x: DevPtr,
            incx: i64,
            r: &mut T::Real,
        ) -> Result<()> {
            // SAFETY: as for `dot`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "nrm2", $check, T, lp64: self.$main, ilp64: $l1,
                    $nrm2, ints: [n, incx], (h, n, c(x), incx, out(r)))
            }
        }
        unsafe fn asum<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i64,
            x: DevPtr,
            incx: i64,
            r: &mut T::Real,
        ) -> Result<()> {
            // SAFETY: as for `dot`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "asum", $check, T, lp64: self.$main, ilp64: $l1,
                    $asum, ints: [n, incx], (h, n, c(x), incx, out(r)))
            }
        }
        unsafe fn iamax<T: Scalar>(
            &self,
            h: Self::Handle,
            max: bool,
            n: i64,
            x: DevPtr,
            incx: i64,
            r: &mut i64,
        ) -> Result<()> {
            use $crate::backend::gpu::ffi::index_out;
            // The 32-bit entry points write an `int`, the `_64` ones an `int64_t`.
            let mut r32 = 0i32;
            // SAFETY: as for `dot`; both vendors return a 1-based index.
            unsafe {
                if max {
                    $crate::backend::gpu::sdcz64!(self, "iamax", $check, T, lp64: self.$main,
                        ilp64: $l1, $iamax, ints: [n, incx],
                        (h, n, c(x), incx, index_out(&mut r32, &mut *r)))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "iamin", $check, T, lp64: self.$main,
                        ilp64: $l1, $iamin, ints: [n, incx],
                        (h, n, c(x), incx, index_out(&mut r32, &mut *r)))
                }
            }?;
            if r32 != 0 {
                *r = i64::from(r32);
            }
            Ok(())
        }
        unsafe fn rotg<T: Scalar>(
            &self, h: Self::Handle, a: &mut T, b: &mut T, cc: &mut T::Real, ss: &mut T,
        ) -> Result<()> {
            // SAFETY: every pointer is a host reference (host pointer mode), valid for the call.
            unsafe {
                xcall!(self.$check, T, "rotg", $l1 => $rotg(
                    h, out(a), out(b), out(cc), out(ss),
                ))
            }
        }
        unsafe fn rotmg<T: Scalar>(
            &self, h: Self::Handle, d1: &mut T, d2: &mut T, x1: &mut T, y1: &T, param: &mut [T; 5],
        ) -> Result<()> {
            // SAFETY: as for `rotg`; `param` holds the five elements the routine writes.
            unsafe {
                xcall!(self.$check, T, "rotmg", $l1 => $rotmg(
                    h, out(d1), out(d2), out(x1), s(y1), out(param),
                ))
            }
        }
        unsafe fn rot<T: Scalar>(
            &self, h: Self::Handle, n: i64, x: DevPtr, incx: i64, y: DevPtr, incy: i64,
            cc: &T::Real, ss: &T::Real,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every device pointer's extent for these dimensions.
            unsafe {
                xcall!(self.$check, T, "rot", $l1, ints: [n, incx, incy] => $rot(
                    h, n, m(x), incx, m(y), incy, s(cc), s(ss),
                ))
            }
        }
        unsafe fn rot_complex<T: Scalar>(
            &self, h: Self::Handle, n: i64, x: DevPtr, incx: i64, y: DevPtr, incy: i64,
            cc: &T::Real, ss: &T,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                xcall!(self.$check, T, "rot_complex", $l1, ints: [n, incx, incy] => $rotc(
                    h, n, m(x), incx, m(y), incy, s(cc), s(ss),
                ))
            }
        }
        unsafe fn rotm<T: Scalar>(
            &self, h: Self::Handle, n: i64, x: DevPtr, incx: i64, y: DevPtr, incy: i64,
            param: &[T; 5],
        ) -> Result<()> {
            // SAFETY: as for `rot`; `param` is five host elements.
            unsafe {
                xcall!(self.$check, T, "rotm", $l1, ints: [n, incx, incy] => $rotm(
                    h, n, m(x), incx, m(y), incy, s(param),
                ))
            }
        }
        const NRM2_SCALED: bool = $nrm2_scaled;
        $crate::backend::gpu::vendor_dsdot!(check: $check, level1: $l1, $($dotex)*);
        unsafe fn scal_real<T: Scalar>(
            &self, h: Self::Handle, n: i64, alpha: &T::Real, x: DevPtr, incx: i64,
        ) -> Result<()> {
            let main: Result<_> = Ok(self.$main);
            // SAFETY: as for `rot`.
            unsafe {
                xcall!(self.$check, T, "scal_real", main, ilp64: $l1, ints: [n, incx] => $scalr(
                    h, n, s(alpha), m(x), incx,
                ))
            }
        }
    };
}
pub(crate) use vendor_level1_methods;

/// `GpuLevel1::dsdot` from the vendor's mixed-precision dot: `none` for a vendor without an
/// f32-input, f64-result form (always `Ok(None)`), or `dot_ex(f32 type, f64 type, unsupported:
/// status)`, which calls it and gives `Ok(None)` when the loaded library answers `status` (a
/// version without that combination).
macro_rules! vendor_dsdot {
    (check: $check:ident, level1: $l1:expr, none) => {
        unsafe fn dsdot(
            &self,
            _h: Self::Handle,
            _n: i32,
            _x: DevPtr,
            _incx: i32,
            _y: DevPtr,
            _incy: i32,
        ) -> Result<Option<f64>> {
            Ok(None)
        }
    };
    (
        check: $check:ident, level1: $l1:expr,
        $dotex:ident($f32:expr, $f64:expr, unsupported: $unsup:expr)
    ) => {
        unsafe fn dsdot(
            &self,
            h: Self::Handle,
            n: i32,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
        ) -> Result<Option<f64>> {
            let kind = <Self as GpuApi>::KIND;
            let tab =
                $l1.map_err(|e| $crate::backend::gpu::vendor::not_loaded("dsdot", kind, e))?;
            let mut r = 0.0f64;
            // SAFETY: the caller guarantees both vectors' extents; the result is one f64 in host
            // memory (host pointer mode).
            let status = unsafe {
                (tab.$dotex)(
                    h,
                    n,
                    c(x),
                    $f32,
                    incx,
                    c(y),
                    $f32,
                    incy,
                    out(&mut r),
                    $f64,
                    $f64,
                )
            };
            if status == $unsup {
                return Ok(None);
            }
            self.$check(stringify!($dotex), status)?;
            Ok(Some(r))
        }
    };
}
pub(crate) use vendor_dsdot;
