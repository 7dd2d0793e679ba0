//! The generated [`GpuLevel3Ext`](super::GpuLevel3Ext) methods, for both vendors from their
//! routine names (as `vendor_blas_methods!` does for [`GpuApi`](super::GpuApi)).

/// Calls the s/d/c/z entry point of `$t` from the loaded table `$tab` with the same argument
/// expressions, and checks its status with the vendor's `$check`. A name list written
/// `[? s, d, c, z]` holds optional entry points (`Option`s in the table): one the loaded library
/// lacks is the vendor's `missing(routine, symbol)` error, and nothing is called.
macro_rules! sdcz_table {
    ($api:expr, $check:ident, $routine:expr, $t:ty, $tab:expr,
     [? $s:ident, $d:ident, $c:ident, $z:ident]($($arg:expr),* $(,)?)) => {{
        let (api, tab) = ($api, $tab);
        let (name, status) = match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => (stringify!($s), match tab.$s {
                Some(f) => f($($arg),*),
                None => return Err(api.missing($routine, stringify!($s))),
            }),
            $crate::scalar::ScalarKind::F64 => (stringify!($d), match tab.$d {
                Some(f) => f($($arg),*),
                None => return Err(api.missing($routine, stringify!($d))),
            }),
            $crate::scalar::ScalarKind::C32 => (stringify!($c), match tab.$c {
                Some(f) => f($($arg),*),
                None => return Err(api.missing($routine, stringify!($c))),
            }),
            $crate::scalar::ScalarKind::C64 => (stringify!($z), match tab.$z {
                Some(f) => f($($arg),*),
                None => return Err(api.missing($routine, stringify!($z))),
            }),
        };
        api.$check(name, status)
    }};
    ($api:expr, $check:ident, $routine:expr, $t:ty, $tab:expr,
     [$s:ident, $d:ident, $c:ident, $z:ident]($($arg:expr),* $(,)?)) => {{
        let (api, tab) = ($api, $tab);
        let (name, status) = match <$t as $crate::scalar::Scalar>::KIND {
            $crate::scalar::ScalarKind::F32 => (stringify!($s), (tab.$s)($($arg),*)),
            $crate::scalar::ScalarKind::F64 => (stringify!($d), (tab.$d)($($arg),*)),
            $crate::scalar::ScalarKind::C32 => (stringify!($c), (tab.$c)($($arg),*)),
            $crate::scalar::ScalarKind::C64 => (stringify!($z), (tab.$z)($($arg),*)),
        };
        api.$check(name, status)
    }};
}

/// The [`GpuLevel3Ext`](super::GpuLevel3Ext) methods of a vendor's impl, from its routine names.
/// cuBLAS and rocBLAS take the same arguments in the same order for all of them; what differs is
/// the names, the status check (`$check`), the methods that load the two function tables
/// (`$l3`, `$ext`: `fn(&self, routine) -> Result<&'static Table>`), which entry points are
/// optional (`[? …]`), and the enum converters in scope at the call site (`op`, `fill`,
/// `side`, `diag`, with the `ffi` helpers `c`, `m`, `s`).
macro_rules! vendor_level3x_methods {
    ($check:ident, $l3:ident, $ext:ident, {
        symm: $symm:tt, hemm: $hemm:tt, syr2k: $syr2k:tt, her2k: $her2k:tt,
        syrkx: $syrkx:tt, herkx: $herkx:tt, trmm: $trmm:tt,
        geam: $geam:tt, dgmm: $dgmm:tt, gemm_batched: $gb:tt, trsm_batched: $tb:tt,
        gemv_strided_batched: $gvsb:tt $(,)?
    }) => {
        unsafe fn symm<T: Scalar>(
            &self,
            h: Self::Handle,
            sd: Side,
            uplo: Uplo,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
            beta: &T,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$l3("symm")?;
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "symm",
                    T,
                    tab,
                    $symm(
                        h,
                        side(sd),
                        fill(uplo),
                        mm,
                        n,
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
        unsafe fn hemm<T: Scalar>(
            &self,
            h: Self::Handle,
            sd: Side,
            uplo: Uplo,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
            beta: &T,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$l3("hemm")?;
            // SAFETY: as for `symm`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "hemm",
                    T,
                    tab,
                    $hemm(
                        h,
                        side(sd),
                        fill(uplo),
                        mm,
                        n,
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
        unsafe fn syr2k<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
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
            let tab = self.$l3("syr2k")?;
            // SAFETY: as for `symm`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "syr2k",
                    T,
                    tab,
                    $syr2k(
                        h,
                        fill(uplo),
                        op(trans),
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
        unsafe fn her2k<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i32,
            k: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
            beta: &T::Real,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$l3("her2k")?;
            // SAFETY: as for `symm`; for real types her2k is syr2k, whose β is the same real.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "her2k",
                    T,
                    tab,
                    $her2k(
                        h,
                        fill(uplo),
                        op(trans),
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
        unsafe fn syrkx<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
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
            let tab = self.$l3("syrkx")?;
            // SAFETY: as for `symm`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "syrkx",
                    T,
                    tab,
                    $syrkx(
                        h,
                        fill(uplo),
                        op(trans),
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
        unsafe fn herkx<T: Scalar>(
            &self,
            h: Self::Handle,
            uplo: Uplo,
            trans: Op,
            n: i32,
            k: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            b: DevPtr,
            ldb: i32,
            beta: &T::Real,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$l3("herkx")?;
            // SAFETY: as for `her2k`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "herkx",
                    T,
                    tab,
                    $herkx(
                        h,
                        fill(uplo),
                        op(trans),
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
        unsafe fn trmm<T: Scalar>(
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
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$l3("trmm")?;
            // SAFETY: as for `symm`; `cc` may be `b` (in place), which both vendors allow.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "trmm",
                    T,
                    tab,
                    $trmm(
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
                        c(b),
                        ldb,
                        m(cc),
                        ldc
                    )
                )
            }
        }
        unsafe fn geam<T: Scalar>(
            &self,
            h: Self::Handle,
            ta: Op,
            tb: Op,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            beta: &T,
            b: DevPtr,
            ldb: i32,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$ext("geam")?;
            // SAFETY: as for `symm`; an in-place `cc` is one both vendors allow.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "geam",
                    T,
                    tab,
                    $geam(
                        h,
                        op(ta),
                        op(tb),
                        mm,
                        n,
                        s(alpha),
                        c(a),
                        lda,
                        s(beta),
                        c(b),
                        ldb,
                        m(cc),
                        ldc
                    )
                )
            }
        }
        unsafe fn dgmm<T: Scalar>(
            &self,
            h: Self::Handle,
            sd: Side,
            mm: i32,
            n: i32,
            a: DevPtr,
            lda: i32,
            x: DevPtr,
            incx: i32,
            cc: DevPtr,
            ldc: i32,
        ) -> Result<()> {
            let tab = self.$ext("dgmm")?;
            // SAFETY: as for `symm`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "dgmm",
                    T,
                    tab,
                    $dgmm(h, side(sd), mm, n, c(a), lda, c(x), incx, m(cc), ldc)
                )
            }
        }
        unsafe fn gemm_batched<T: Scalar>(
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
            batch: i32,
        ) -> Result<()> {
            let tab = self.$ext("gemm_batched")?;
            // SAFETY: as for `symm`, for every matrix the pointer arrays (device memory) name.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "gemm_batched",
                    T,
                    tab,
                    $gb(
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
                        c(cc),
                        ldc,
                        batch
                    )
                )
            }
        }
        unsafe fn trsm_batched<T: Scalar>(
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
            batch: i32,
        ) -> Result<()> {
            let tab = self.$ext("trsm_batched")?;
            // SAFETY: as for `gemm_batched`.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "trsm_batched",
                    T,
                    tab,
                    $tb(
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
                        c(b),
                        ldb,
                        batch
                    )
                )
            }
        }
        unsafe fn gemv_strided_batched<T: Scalar>(
            &self,
            h: Self::Handle,
            trans: Op,
            mm: i32,
            n: i32,
            alpha: &T,
            a: DevPtr,
            lda: i32,
            sa: i64,
            x: DevPtr,
            incx: i32,
            sx: i64,
            beta: &T,
            y: DevPtr,
            incy: i32,
            sy: i64,
            batch: i32,
        ) -> Result<()> {
            let tab = self.$ext("gemv_strided_batched")?;
            // SAFETY: as for `symm`, for every entry of the batch.
            unsafe {
                $crate::backend::gpu::sdcz_table!(
                    self,
                    $check,
                    "gemv_strided_batched",
                    T,
                    tab,
                    $gvsb(
                        h,
                        op(trans),
                        mm,
                        n,
                        s(alpha),
                        c(a),
                        lda,
                        sa,
                        c(x),
                        incx,
                        sx,
                        s(beta),
                        m(y),
                        incy,
                        sy,
                        batch
                    )
                )
            }
        }
    };
}
pub(crate) use {sdcz_table, vendor_level3x_methods};
