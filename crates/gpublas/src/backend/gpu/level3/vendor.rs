//! [`vendor_level3_methods!`]: the methods of [`GpuLevel3`](super::GpuLevel3), written once
//! for both vendors. cuBLAS and rocBLAS take the same arguments in the same order for every one
//! of these routines, so only the routine names, the function tables, the status check and the
//! enum converters in scope at the call site (`op`, `fill`, `side`, `diag`) differ; the names of
//! both vendors stand side by side in `names.rs`. Every call names its integers (`ints: [..]`):
//! beyond `i32`, it goes to the routine's `_64` twin.

/// The body of an `impl GpuLevel3 for …` block, from the vendor's status check, its main table
/// (`gemm`, `trsm`, `syrk`, `herk`), its two lazily loaded tables (level 3, which also holds the
/// main routines' `_64` twins; extensions, for `geam` and `dgmm`) and its routine names
/// (`[s, d, c, z]`; `(? name, "why")` for an optional entry point).
macro_rules! vendor_level3_methods {
    (
        check: $check:ident,
        main: $main:ident,
        level3: $l3:expr,
        extensions: $ext:expr,
        gemm: $gemm:tt, trsm: $trsm:tt, syrk: $syrk:tt, herk: $herk:tt,
        symm: $symm:tt, hemm: $hemm:tt, syr2k: $syr2k:tt, her2k: $her2k:tt,
        syrkx: $syrkx:tt, herkx: $herkx:tt, trmm: $trmm:tt,
        geam: $geam:tt, dgmm: $dgmm:tt $(,)?
    ) => {
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
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemm", $check, T, lp64: self.$main, ilp64: $l3,
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
            // SAFETY: as for `gemm`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "trsm", $check, T, lp64: self.$main, ilp64: $l3,
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
            // SAFETY: as for `gemm`.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "syrk", $check, T, lp64: self.$main, ilp64: $l3,
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
            // SAFETY: as for `gemm`; for real types herk is syrk, whose scalars are the same reals.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "herk", $check, T, lp64: self.$main, ilp64: $l3,
                    $herk, ints: [n, k, lda, ldc],
                    (h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, s(beta), m(cc), ldc))
            }
        }
        unsafe fn symm<T: Scalar>(
            &self, h: Self::Handle, sd: Side, uplo: Uplo, mm: i64, n: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                xcall!(self.$check, T, "symm", $l3, ints: [mm, n, lda, ldb, ldc] => $symm(
                    h, side(sd), fill(uplo), mm, n, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn hemm<T: Scalar>(
            &self, h: Self::Handle, sd: Side, uplo: Uplo, mm: i64, n: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions.
            unsafe {
                xcall!(self.$check, T, "hemm", $l3, ints: [mm, n, lda, ldb, ldc] => $hemm(
                    h, side(sd), fill(uplo), mm, n, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn syr2k<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, trans: Op, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm` (for real types the Hermitian forms are the symmetric ones,
            // whose β is the same real).
            unsafe {
                xcall!(self.$check, T, "syr2k", $l3, ints: [n, k, lda, ldb, ldc] => $syr2k(
                    h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn her2k<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, trans: Op, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T::Real, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm` (for real types the Hermitian forms are the symmetric ones,
            // whose β is the same real).
            unsafe {
                xcall!(self.$check, T, "her2k", $l3, ints: [n, k, lda, ldb, ldc] => $her2k(
                    h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn syrkx<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, trans: Op, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm` (for real types the Hermitian forms are the symmetric ones,
            // whose β is the same real).
            unsafe {
                xcall!(self.$check, T, "syrkx", $l3, ints: [n, k, lda, ldb, ldc] => $syrkx(
                    h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn herkx<T: Scalar>(
            &self, h: Self::Handle, uplo: Uplo, trans: Op, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T::Real, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm` (for real types the Hermitian forms are the symmetric ones,
            // whose β is the same real).
            unsafe {
                xcall!(self.$check, T, "herkx", $l3, ints: [n, k, lda, ldb, ldc] => $herkx(
                    h, fill(uplo), op(trans), n, k, s(alpha), c(a), lda, c(b), ldb, s(beta),
                    m(cc), ldc,
                ))
            }
        }
        unsafe fn trmm<T: Scalar>(
            &self, h: Self::Handle, sd: Side, uplo: Uplo, trans: Op, dg: Diag, mm: i64, n: i64,
            alpha: &T, a: DevPtr, lda: i64, b: DevPtr, ldb: i64, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm`; `cc` may be `b` (in place), which both vendors allow.
            unsafe {
                xcall!(self.$check, T, "trmm", $l3, ints: [mm, n, lda, ldb, ldc] => $trmm(
                    h, side(sd), fill(uplo), op(trans), diag(dg), mm, n, s(alpha), c(a), lda,
                    c(b), ldb, m(cc), ldc,
                ))
            }
        }
        unsafe fn geam<T: Scalar>(
            &self, h: Self::Handle, ta: Op, tb: Op, mm: i64, n: i64, alpha: &T, a: DevPtr,
            lda: i64, beta: &T, b: DevPtr, ldb: i64, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm`; an in-place `cc` is one both vendors allow.
            unsafe {
                xcall!(self.$check, T, "geam", $ext, ints: [mm, n, lda, ldb, ldc] => $geam(
                    h, op(ta), op(tb), mm, n, s(alpha), c(a), lda, s(beta), c(b), ldb, m(cc), ldc,
                ))
            }
        }
        unsafe fn dgmm<T: Scalar>(
            &self, h: Self::Handle, sd: Side, mm: i64, n: i64, a: DevPtr, lda: i64, x: DevPtr,
            incx: i64, cc: DevPtr, ldc: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm`.
            unsafe {
                xcall!(self.$check, T, "dgmm", $ext, ints: [mm, n, lda, incx, ldc] => $dgmm(
                    h, side(sd), mm, n, c(a), lda, c(x), incx, m(cc), ldc,
                ))
            }
        }
    };
}
pub(crate) use vendor_level3_methods;
