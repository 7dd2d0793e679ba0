//! What the vendor modules share to fill [`GpuApi`](super::GpuApi): the s/d/c/z dispatch, the
//! generated BLAS methods, and pointer helpers for the C calls.

/// Calls the s/d/c/z variant of a vendor routine for `$t` with the same argument expressions
/// (whose pointer types each variant's signature infers), and checks its status with the
/// vendor's `$check` method.
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
macro_rules! vendor_blas_methods {
    ($tab:ident, $check:ident, {
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
            n: i32,
            alpha: &T,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $axpy(h, n, s(alpha), c(x), incx, m(y), incy)
                )
            }
        }
        unsafe fn scal<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i32,
            alpha: &T,
            x: DevPtr,
            incx: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $scal(h, n, s(alpha), m(x), incx)
                )
            }
        }
        unsafe fn copy<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i32,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $copy(h, n, c(x), incx, m(y), incy)
                )
            }
        }
        unsafe fn swap<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i32,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $swap(h, n, m(x), incx, m(y), incy)
                )
            }
        }
        unsafe fn dot<T: Scalar>(
            &self,
            h: Self::Handle,
            conj: bool,
            n: i32,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
            r: &mut T,
        ) -> Result<()> {
            // SAFETY: as for `axpy`; the result is written to host memory (host pointer mode).
            unsafe {
                if conj {
                    $crate::backend::gpu::sdcz!(
                        self,
                        $tab,
                        $check,
                        T,
                        $dotc(h, n, c(x), incx, c(y), incy, out(r))
                    )
                } else {
                    $crate::backend::gpu::sdcz!(
                        self,
                        $tab,
                        $check,
                        T,
                        $dotu(h, n, c(x), incx, c(y), incy, out(r))
                    )
                }
            }
        }
        unsafe fn nrm2<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i32,
            x: DevPtr,
            incx: i32,
            r: &mut T::Real,
        ) -> Result<()> {
            // SAFETY: as for `dot`.
            unsafe {
                $crate::backend::gpu::sdcz!(self, $tab, $check, T, $nrm2(h, n, c(x), incx, out(r)))
            }
        }
        unsafe fn asum<T: Scalar>(
            &self,
            h: Self::Handle,
            n: i32,
            x: DevPtr,
            incx: i32,
            r: &mut T::Real,
        ) -> Result<()> {
            // SAFETY: as for `dot`.
            unsafe {
                $crate::backend::gpu::sdcz!(self, $tab, $check, T, $asum(h, n, c(x), incx, out(r)))
            }
        }
        unsafe fn iamax<T: Scalar>(
            &self,
            h: Self::Handle,
            max: bool,
            n: i32,
            x: DevPtr,
            incx: i32,
            r: &mut i32,
        ) -> Result<()> {
            // SAFETY: as for `dot`; both vendors return a 1-based index.
            unsafe {
                if max {
                    $crate::backend::gpu::sdcz!(self, $tab, $check, T, $iamax(h, n, c(x), incx, r))
                } else {
                    $crate::backend::gpu::sdcz!(self, $tab, $check, T, $iamin(h, n, c(x), incx, r))
                }
            }
        }
        unsafe fn gemv<T: Scalar>(
            &self,
            h: Self::Handle,
            trans: Op,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            x: DevPtr,
            incx: i32,
            beta: &T,
            y: DevPtr,
            incy: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $gemv(
                        h,
                        op(trans),
                        mm,
                        n,
                        s(alpha),
                        c(a),
                        lda,
                        c(x),
                        incx,
                        s(beta),
                        m(y),
                        incy
                    )
                )
            }
        }
        unsafe fn ger<T: Scalar>(
            &self,
            h: Self::Handle,
            conj: bool,
            mm: i32,
            n: i32,
            alpha: &T,
            x: DevPtr,
            incx: i32,
            y: DevPtr,
            incy: i32,
            a: DevPtr,
            lda: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                if conj {
                    $crate::backend::gpu::sdcz!(
                        self,
                        $tab,
                        $check,
                        T,
                        $gerc(h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda)
                    )
                } else {
                    $crate::backend::gpu::sdcz!(
                        self,
                        $tab,
                        $check,
                        T,
                        $geru(h, mm, n, s(alpha), c(x), incx, c(y), incy, m(a), lda)
                    )
                }
            }
        }
        unsafe fn gemm<T: Scalar>(
            &self,
            h: Self::Handle,
            ta: Op,
            tb: Op,
            mm: i32,
            n: i32,
            k: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
            beta: &T,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $gemm(
                        h,
                        op(ta),
                        op(tb),
                        mm,
                        n,
                        k,
                        s(alpha),
                        c(a),
                        lda,
                        c(b),
                        ldb,
                        s(beta),
                        m(cc),
                        ldc
                    )
                )
            }
        }
        unsafe fn trsm<T: Scalar>(
            &self,
            h: Self::Handle,
            sd: Side,
            uplo: Uplo,
            trans: Op,
            dg: Diag,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $trsm(
                        h,
                        side(sd),
                        fill(uplo),
                        op(trans),
                        diag(dg),
                        mm,
                        n,
                        s(alpha),
                        c(a),
                        lda,
                        m(b),
                        ldb
                    )
                )
            }
        }
        unsafe fn syrk<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i32,
            k: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            beta: &T,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $syrk(
                        h,
                        fill(uplo),
                        op(trans),
                        n,
                        k,
                        s(alpha),
                        c(a),
                        lda,
                        s(beta),
                        m(cc),
                        ldc
                    )
                )
            }
        }
        unsafe fn herk<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i32,
            k: i32,
            alpha: &T::Real,
            a: DevPtr,
            lda: i32,
            beta: &T::Real,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`; for real types herk is syrk, whose scalars are the same reals.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $herk(
                        h,
                        fill(uplo),
                        op(trans),
                        n,
                        k,
                        s(alpha),
                        c(a),
                        lda,
                        s(beta),
                        m(cc),
                        ldc
                    )
                )
            }
        }
        unsafe fn gemm_strided_batched<T: Scalar>(
            &self,
            h: Self::Handle,
            ta: Op,
            tb: Op,
            mm: i32,
            n: i32,
            k: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            sa: i64,
            b: DevPtr,
            ldb: i32,
            sb: i64,
            beta: &T,
            cc: DevPtr,
            ldc: i32,
            sc: i64,
            batch: i32,
        ) -> Result<()> {
            // SAFETY: as for `axpy`, for every matrix of the batch.
            unsafe {
                $crate::backend::gpu::sdcz!(
                    self,
                    $tab,
                    $check,
                    T,
                    $gsb(
                        h,
                        op(ta),
                        op(tb),
                        mm,
                        n,
                        k,
                        s(alpha),
                        c(a),
                        lda,
                        sa,
                        c(b),
                        ldb,
                        sb,
                        s(beta),
                        m(cc),
                        ldc,
                        sc,
                        batch
                    )
                )
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
}
