//! [`vendor_x_methods!`]: the methods of [`GpuApiX`](super::GpuApiX), written once for both
//! vendors. cuBLAS and rocBLAS take the same arguments in the same order for every one of these
//! routines (handle first, host scalars, device arrays), so only the routine names, the function
//! tables, the status check and the enum converters in scope at the call site (`op`, `fill`,
//! `diag`) differ; the names of both vendors stand side by side in `names_x.rs`.

/// The body of an `impl GpuApiX for …` block, from the vendor's status check, its main table
/// (for `csscal`/`zdscal`), its three lazily loaded secondary tables, its mixed-precision dot
/// (`[none]` where it has no f32-input, f64-result form: see [`vendor_dsdot!`]), whether its
/// nrm2 scales (`GpuApiX::NRM2_SCALED`) and its routine names (`[s, d, c, z]`, `-` where it has
/// none).
macro_rules! vendor_x_methods {
    (
        check: $check:ident,
        main: $main:ident,
        level1: $l1:expr,
        level2: $l2:expr,
        triangular: $tri:expr,
        dot_ex: [$($dotex:tt)*],
        nrm2_scaled: $nrm2_scaled:literal,
        rotg: $rotg:tt, rotmg: $rotmg:tt, rot: $rot:tt, rot_complex: $rotc:tt, rotm: $rotm:tt,
        scal_real: $scalr:tt,
        gbmv: $gbmv:tt, symv: $symv:tt, hemv: $hemv:tt, sbmv: $sbmv:tt, hbmv: $hbmv:tt,
        spmv: $spmv:tt, hpmv: $hpmv:tt,
        trmv: $trmv:tt, trsv: $trsv:tt, tbmv: $tbmv:tt, tbsv: $tbsv:tt, tpmv: $tpmv:tt,
        tpsv: $tpsv:tt,
        syr: $syr:tt, her: $her:tt, spr: $spr:tt, hpr: $hpr:tt, syr2: $syr2:tt, her2: $her2:tt,
        spr2: $spr2:tt, hpr2: $hpr2:tt $(,)?
    ) => {
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
        unsafe fn gbmv<T: Scalar>(
            &self, h: Self::Handle, trans: Op, mm: i64, n: i64, kl: i64, ku: i64, alpha: &T,
            a: DevPtr, lda: i64, x: DevPtr, incx: i64, beta: &T, y: DevPtr, incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                xcall!(self.$check, T, "gbmv", $l2, ints: [mm, n, kl, ku, lda, incx, incy] => $gbmv(
                    h, op(trans), mm, n, kl, ku, s(alpha), c(a), lda, c(x), incx, s(beta), m(y),
                    incy,
                ))
            }
        }
        unsafe fn symv<T: Scalar>(
            &self, h: Self::Handle, herm: bool, uplo: Uplo, n: i64, alpha: &T, a: DevPtr, lda: i64,
            x: DevPtr, incx: i64, beta: &T, y: DevPtr, incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if herm {
                    xcall!(self.$check, T, "hemv", $l2, ints: [n, lda, incx, incy] => $hemv(
                        h, fill(uplo), n, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy,
                    ))
                } else {
                    xcall!(self.$check, T, "symv", $l2, ints: [n, lda, incx, incy] => $symv(
                        h, fill(uplo), n, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy,
                    ))
                }
            }
        }
        unsafe fn sbmv<T: Scalar>(
            &self, h: Self::Handle, herm: bool, uplo: Uplo, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, x: DevPtr, incx: i64, beta: &T, y: DevPtr, incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if herm {
                    xcall!(self.$check, T, "hbmv", $l2, ints: [n, k, lda, incx, incy] => $hbmv(
                        h, fill(uplo), n, k, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy,
                    ))
                } else {
                    xcall!(self.$check, T, "sbmv", $l2, ints: [n, k, lda, incx, incy] => $sbmv(
                        h, fill(uplo), n, k, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy,
                    ))
                }
            }
        }
        unsafe fn spmv<T: Scalar>(
            &self, h: Self::Handle, herm: bool, uplo: Uplo, n: i64, alpha: &T, ap: DevPtr,
            x: DevPtr, incx: i64, beta: &T, y: DevPtr, incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if herm {
                    xcall!(self.$check, T, "hpmv", $l2, ints: [n, incx, incy] => $hpmv(
                        h, fill(uplo), n, s(alpha), c(ap), c(x), incx, s(beta), m(y), incy,
                    ))
                } else {
                    xcall!(self.$check, T, "spmv", $l2, ints: [n, incx, incy] => $spmv(
                        h, fill(uplo), n, s(alpha), c(ap), c(x), incx, s(beta), m(y), incy,
                    ))
                }
            }
        }
        unsafe fn trmv<T: Scalar>(
            &self, h: Self::Handle, solve: bool, uplo: Uplo, trans: Op, dg: Diag, n: i64,
            a: DevPtr, lda: i64, x: DevPtr, incx: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if solve {
                    xcall!(self.$check, T, "trsv", $tri, ints: [n, lda, incx] => $trsv(
                        h, fill(uplo), op(trans), diag(dg), n, c(a), lda, m(x), incx,
                    ))
                } else {
                    xcall!(self.$check, T, "trmv", $tri, ints: [n, lda, incx] => $trmv(
                        h, fill(uplo), op(trans), diag(dg), n, c(a), lda, m(x), incx,
                    ))
                }
            }
        }
        unsafe fn tbmv<T: Scalar>(
            &self, h: Self::Handle, solve: bool, uplo: Uplo, trans: Op, dg: Diag, n: i64, k: i64,
            a: DevPtr, lda: i64, x: DevPtr, incx: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if solve {
                    xcall!(self.$check, T, "tbsv", $tri, ints: [n, k, lda, incx] => $tbsv(
                        h, fill(uplo), op(trans), diag(dg), n, k, c(a), lda, m(x), incx,
                    ))
                } else {
                    xcall!(self.$check, T, "tbmv", $tri, ints: [n, k, lda, incx] => $tbmv(
                        h, fill(uplo), op(trans), diag(dg), n, k, c(a), lda, m(x), incx,
                    ))
                }
            }
        }
        unsafe fn tpmv<T: Scalar>(
            &self, h: Self::Handle, solve: bool, uplo: Uplo, trans: Op, dg: Diag, n: i64,
            ap: DevPtr, x: DevPtr, incx: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if solve {
                    xcall!(self.$check, T, "tpsv", $tri, ints: [n, incx] => $tpsv(
                        h, fill(uplo), op(trans), diag(dg), n, c(ap), m(x), incx,
                    ))
                } else {
                    xcall!(self.$check, T, "tpmv", $tri, ints: [n, incx] => $tpmv(
                        h, fill(uplo), op(trans), diag(dg), n, c(ap), m(x), incx,
                    ))
                }
            }
        }
        unsafe fn syr<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, n: i64, alpha: &T, x: DevPtr, incx: i64, a: DevPtr,
            lda: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                xcall!(self.$check, T, "syr", $l2, ints: [n, incx, lda] => $syr(
                    h, fill(uplo), n, s(alpha), c(x), incx, m(a), lda,
                ))
            }
        }
        unsafe fn her<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, n: i64, alpha: &T::Real, x: DevPtr, incx: i64,
            a: DevPtr, lda: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`; for real types `her` is `syr`, whose α is the same real.
            unsafe {
                xcall!(self.$check, T, "her", $l2, ints: [n, incx, lda] => $her(
                    h, fill(uplo), n, s(alpha), c(x), incx, m(a), lda,
                ))
            }
        }
        unsafe fn spr<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, n: i64, alpha: &T, x: DevPtr, incx: i64,
            ap: DevPtr,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                xcall!(self.$check, T, "spr", $l2, ints: [n, incx] => $spr(
                    h, fill(uplo), n, s(alpha), c(x), incx, m(ap),
                ))
            }
        }
        unsafe fn hpr<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, n: i64, alpha: &T::Real, x: DevPtr, incx: i64,
            ap: DevPtr,
        ) -> Result<()> {
            // SAFETY: as for `her`.
            unsafe {
                xcall!(self.$check, T, "hpr", $l2, ints: [n, incx] => $hpr(
                    h, fill(uplo), n, s(alpha), c(x), incx, m(ap),
                ))
            }
        }
        unsafe fn syr2<T: Scalar>(
            &self, h: Self::Handle, herm: bool, uplo: Uplo, n: i64, alpha: &T, x: DevPtr,
            incx: i64, y: DevPtr, incy: i64, a: DevPtr, lda: i64,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if herm {
                    xcall!(self.$check, T, "her2", $l2, ints: [n, incx, incy, lda] => $her2(
                        h, fill(uplo), n, s(alpha), c(x), incx, c(y), incy, m(a), lda,
                    ))
                } else {
                    xcall!(self.$check, T, "syr2", $l2, ints: [n, incx, incy, lda] => $syr2(
                        h, fill(uplo), n, s(alpha), c(x), incx, c(y), incy, m(a), lda,
                    ))
                }
            }
        }
        unsafe fn spr2<T: Scalar>(
            &self, h: Self::Handle, herm: bool, uplo: Uplo, n: i64, alpha: &T, x: DevPtr,
            incx: i64, y: DevPtr, incy: i64, ap: DevPtr,
        ) -> Result<()> {
            // SAFETY: as for `rot`.
            unsafe {
                if herm {
                    xcall!(self.$check, T, "hpr2", $l2, ints: [n, incx, incy] => $hpr2(
                        h, fill(uplo), n, s(alpha), c(x), incx, c(y), incy, m(ap),
                    ))
                } else {
                    xcall!(self.$check, T, "spr2", $l2, ints: [n, incx, incy] => $spr2(
                        h, fill(uplo), n, s(alpha), c(x), incx, c(y), incy, m(ap),
                    ))
                }
            }
        }
    };
}
pub(crate) use vendor_x_methods;

/// `GpuApiX::dsdot` from the vendor's mixed-precision dot: `none` for a vendor without an
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
            let tab = $l1.map_err(|e| $crate::backend::gpu::api_x::not_loaded("dsdot", kind, e))?;
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
