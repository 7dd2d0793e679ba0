//! What the vendor modules share to fill [`GpuApi`](super::GpuApi): the s/d/c/z dispatch, the
//! generated BLAS methods, and pointer helpers for the C calls.

/// Calls the s/d/c/z variant of a vendor routine for `$t` with the same argument expressions
/// (whose pointer types each variant's signature infers), and checks its status with the
/// vendor's `$check` method. The 32-bit API alone: routines with `_64` twins use `sdcz64!`.
#[allow(unused_macros)]
macro_rules! sdcz {
    ($api:expr, $tab:ident, $check:ident, $t:ty, [$s:ident, $d:ident, $c:ident, $z:ident]($($arg:expr),* $(,)?)) => {{
        let api = $api;
        let (name, status) = match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => (stringify!($s), (api.$tab.$s)($($arg),*)),
            $crate::scalar::ScalarKind::F64 => (stringify!($d), (api.$tab.$d)($($arg),*)),
            $crate::scalar::ScalarKind::C32 => (stringify!($c), (api.$tab.$c)($($arg),*)),
            $crate::scalar::ScalarKind::C64 => (stringify!($z), (api.$tab.$z)($($arg),*)),
        };
        api.$check(name, status)
    }};
}

/// The BLAS methods of a vendor's [`GpuApi`](super::GpuApi) impl, from its routine names. cuBLAS and rocBLAS
/// take the same arguments in the same order (handle first, host scalars, device arrays), so
/// only the names, the function table (`$tab`), the status check (`$check`) and the enum
/// converters in scope at the call site (`op`, `fill`, `side`, `diag`) differ.
///
/// Every routine goes through `sdcz64!`: the 32-bit entry point when its integers fit in `i32`,
/// else the `_64` twin from the lazily loaded table for its level (`ilp64: [l1, l2, l3]`,
/// expressions giving `Result<&Table, LoadError>`).
macro_rules! vendor_blas_methods {
    ($tab:ident, $check:ident, ilp64: [$l1:expr, $l2:expr, $l3:expr], {
        axpy: $axpy:tt, scal: $scal:tt, copy: $copy:tt, swap: $swap:tt,
        dotu: $dotu:tt, dotc: $dotc:tt, nrm2: $nrm2:tt, asum: $asum:tt,
        iamax: $iamax:tt, iamin: $iamin:tt,
        gemv: $gemv:tt, geru: $geru:tt, gerc: $gerc:tt,
        gemm: $gemm:tt, trsm: $trsm:tt, syrk: $syrk:tt, herk: $herk:tt,
        gemm_strided_batched: $gsb:tt $(,)?
    }) => {
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
                $crate::backend::gpu::sdcz64!(self, "axpy", $check, T, lp64: self.$tab, ilp64: $l1,
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
                $crate::backend::gpu::sdcz64!(self, "scal", $check, T, lp64: self.$tab, ilp64: $l1,
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
                $crate::backend::gpu::sdcz64!(self, "copy", $check, T, lp64: self.$tab, ilp64: $l1,
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
                $crate::backend::gpu::sdcz64!(self, "swap", $check, T, lp64: self.$tab, ilp64: $l1,
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
                    $crate::backend::gpu::sdcz64!(self, "dotc", $check, T, lp64: self.$tab, ilp64: $l1,
                        $dotc, ints: [n, incx, incy], (h, n, c(x), incx, c(y), incy, out(r)))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "dot", $check, T, lp64: self.$tab, ilp64: $l1,
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
                $crate::backend::gpu::sdcz64!(self, "nrm2", $check, T, lp64: self.$tab, ilp64: $l1,
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
                $crate::backend::gpu::sdcz64!(self, "asum", $check, T, lp64: self.$tab, ilp64: $l1,
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
                    $crate::backend::gpu::sdcz64!(self, "iamax", $check, T, lp64: self.$tab,
                        ilp64: $l1, $iamax, ints: [n, incx],
                        (h, n, c(x), incx, index_out(&mut r32, &mut *r)))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "iamin", $check, T, lp64: self.$tab,
                        ilp64: $l1, $iamin, ints: [n, incx],
                        (h, n, c(x), incx, index_out(&mut r32, &mut *r)))
                }
            }?;
            if r32 != 0 {
                *r = i64::from(r32);
            }
            Ok(())
        }
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
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemv", $check, T, lp64: self.$tab, ilp64: $l2,
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
            // SAFETY: as for `axpy`.
            unsafe {
                if conj {
                    $crate::backend::gpu::sdcz64!(self, "gerc", $check, T, lp64: self.$tab,
                        ilp64: $l2, $gerc, ints: [mm, n, incx, incy, lda],
                        (h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda))
                } else {
                    $crate::backend::gpu::sdcz64!(self, "ger", $check, T, lp64: self.$tab,
                        ilp64: $l2, $geru, ints: [mm, n, incx, incy, lda],
                        (h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda))
                }
            }
        }
        unsafe fn gemm<T: Scalar>(
            &self,
            h: Self::Handle,
            ta: Op,
            tb: Op,
            mm: i64,
            n: i64,
            k: i64,
            alpha: &T,
            a: DevPtr,
            lda: i64,
            b: DevPtr,
            ldb: i64,
            beta: &T,
            cc: DevPtr,
            ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemm", $check, T, lp64: self.$tab, ilp64: $l3,
                    $gemm, ints: [mm, n, k, lda, ldb, ldc],
                    (h, op(ta), op(tb), mm, n, k, s(alpha), c(a), lda, c(b), ldb, s(beta), m(cc), ldc))
            }
        }
        unsafe fn trsm<T: Scalar>(
            &self,
            h: Self::Handle,
            sd: Side,
            uplo: Uplo,
            trans: Op,
            dg: Diag,
            mm: i64,
            n: i64,
            alpha: &T,
            a: DevPtr,
            lda: i64,
            b: DevPtr,
            ldb: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "trsm", $check, T, lp64: self.$tab, ilp64: $l3,
                    $trsm, ints: [mm, n, lda, ldb],
                    (h, side(sd), fill(uplo), op(trans), diag(dg), mm, n, s(alpha), c(a), lda, m(b), ldb))
            }
        }
        unsafe fn syrk<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i64,
            k: i64,
            alpha: &T,
            a: DevPtr,
            lda: i64,
            beta: &T,
            cc: DevPtr,
            ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "syrk", $check, T, lp64: self.$tab, ilp64: $l3,
                    $syrk, ints: [n, k, lda, ldc],
                    (h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, s(beta), m(cc), ldc))
            }
        }
        unsafe fn herk<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i64,
            k: i64,
            alpha: &T::Real,
            a: DevPtr,
            lda: i64,
            beta: &T::Real,
            cc: DevPtr,
            ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`; for real types herk is syrk, whose scalars are the same reals.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "herk", $check, T, lp64: self.$tab, ilp64: $l3,
                    $herk, ints: [n, k, lda, ldc],
                    (h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, s(beta), m(cc), ldc))
            }
        }
        unsafe fn gemm_strided_batched<T: Scalar>(
            &self,
            h: Self::Handle,
            ta: Op,
            tb: Op,
            mm: i64,
            n: i64,
            k: i64,
            alpha: &T,
            a: DevPtr,
            lda: i64,
            sa: i64,
            b: DevPtr,
            ldb: i64,
            sb: i64,
            beta: &T,
            cc: DevPtr,
            ldc: i64,
            sc: i64,
            batch: i64,
        ) -> Result<()> {
            // SAFETY: as for `axpy`, for every matrix of the batch.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemm_strided_batched", $check, T,
                    lp64: self.$tab, ilp64: $l3, $gsb, ints: [mm, n, k, lda, ldb, ldc, batch],
                    (h, op(ta), op(tb), mm, n, k, s(alpha), c(a), lda, sa, c(b), ldb, sb,
                     s(beta), m(cc), ldc, sc, batch))
            }
        }
    };
}
pub(crate) use {sdcz, vendor_blas_methods};

/// Helpers the vendor modules use to pass typed pointers and scalars to C.
pub(crate) mod ffi {
    use crate::backend::DevPtr;

    /// A device pointer as a read-only C pointer of whatever element type the callee takes.
    pub fn c<U>(p: DevPtr) -> *const U {
        p.as_raw().cast_const().cast()
    }
    /// A device pointer as a writable C pointer.
    pub fn m<U>(p: DevPtr) -> *mut U {
        p.as_raw().cast()
    }
    /// A host scalar as a C pointer (host pointer mode).
    pub fn s<T, U>(x: &T) -> *const U {
        (x as *const T).cast()
    }
    /// A host result slot as a C pointer.
    pub fn out<T, U>(x: &mut T) -> *mut U {
        (x as *mut T).cast()
    }

    /// The result slot of `i?amax`/`i?amin`: the 32-bit entry points write a C `int`
    /// (`r32`), their `_64` twins an `int64_t` (`r64`); which one is inferred from the callee.
    pub fn index_out<U: IndexSlot>(r32: &mut i32, r64: &mut i64) -> *mut U {
        U::pick(r32, r64)
    }

    /// An integer type a vendor writes an index into.
    pub trait IndexSlot: Sized {
        /// The slot of this type.
        fn pick(r32: &mut i32, r64: &mut i64) -> *mut Self;
    }
    impl IndexSlot for i32 {
        fn pick(r32: &mut i32, _: &mut i64) -> *mut i32 {
            r32
        }
    }
    impl IndexSlot for i64 {
        fn pick(_: &mut i32, r64: &mut i64) -> *mut i64 {
            r64
        }
    }
}
