//! [`vendor_level2_methods!`]: the methods of [`GpuLevel2`](super::GpuLevel2), written once
//! for both vendors. cuBLAS and rocBLAS take the same arguments in the same order for every one
//! of these routines (handle first, host scalars, device arrays), so only the routine names, the
//! function tables, the status check and the enum converters in scope at the call site (`op`,
//! `fill`, `diag`) differ; the names of both vendors stand side by side in `names.rs`.

/// The body of an `impl GpuLevel2 for …` block, from the vendor's status check, its main table
/// (`gemv`, `ger`), its lazily loaded level-2 and triangular tables (the first also holds the
/// `_64` twins of `gemv` and `ger`) and its routine names (`[s, d, c, z]`, `-` where it has
/// none).
macro_rules! vendor_level2_methods {
    (
        check: $check:ident,
        main: $main:ident,
        level2: $l2:expr,
        triangular: $tri:expr,
        gemv: $gemv:tt, geru: $geru:tt, gerc: $gerc:tt,
        gbmv: $gbmv:tt, symv: $symv:tt, hemv: $hemv:tt, sbmv: $sbmv:tt, hbmv: $hbmv:tt,
        spmv: $spmv:tt, hpmv: $hpmv:tt,
        trmv: $trmv:tt, trsv: $trsv:tt, tbmv: $tbmv:tt, tbsv: $tbsv:tt, tpmv: $tpmv:tt,
        tpsv: $tpsv:tt,
        syr: $syr:tt, her: $her:tt, spr: $spr:tt, hpr: $hpr:tt, syr2: $syr2:tt, her2: $her2:tt,
        spr2: $spr2:tt, hpr2: $hpr2:tt $(,)?
    ) => {
        unsafe fn gemv<T: Scalar>(
            &self,
            h: Self::Handle,
            trans: Op,
            mm: i64,
            n: i64,
            alpha: &T,
            a: DevPtr,
            lda: i64,
            x: DevPtr,
            incx: i64,
            beta: &T,
            y: DevPtr,
            incy: i64,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemv", $check, T, lp64: self.$main, ilp64: $l2,
                    $gemv, ints: [mm, n, lda, incx, incy],
                    (h, op(trans), mm, n, s(alpha), c(a), lda, c(x), incx, s(beta), m(y), incy))
            }
        }
        unsafe fn ger<T: Scalar>(
            &self,
            h: Self::Handle,
            conj: bool,
            mm: i64,
            n: i64,
            alpha: &T,
            x: DevPtr,
            incx: i64,
            y: DevPtr,
            incy: i64,
            a: DevPtr,
            lda: i64,
        ) -> Result<()> {
            // SAFETY: as for `gemv`.
            unsafe {
                if conj {
                    $crate::backend::gpu::sdcz64!(self, "gerc", $check, T, lp64: self.$main,
                        ilp64: $l2, $gerc, ints: [mm, n, incx, incy, lda],
                        (h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "ger", $check, T, lp64: self.$main,
                        ilp64: $l2, $geru, ints: [mm, n, incx, incy, lda],
                        (h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda))
                }
            }
        }
        unsafe fn gbmv<T: Scalar>(
            &self, h: Self::Handle, trans: Op, mm: i64, n: i64, kl: i64, ku: i64, alpha: &T,
            a: DevPtr, lda: i64, x: DevPtr, incx: i64, beta: &T, y: DevPtr, incy: i64,
        ) -> Result<()> {
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`; for real types `her` is `syr`, whose α is the same real.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
            // SAFETY: as for `gemv`.
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
pub(crate) use vendor_level2_methods;
