//! [`vendor_level3x_methods!`]: the methods of [`GpuLevel3Ext`](super::GpuLevel3Ext), written once
//! for both vendors (as `vendor_x_methods!` does for [`GpuApiX`](super::GpuApiX)). cuBLAS and
//! rocBLAS take the same arguments in the same order for every one of these routines, so only
//! the routine names, the function tables, the status check and the enum converters in scope at
//! the call site (`op`, `fill`, `side`, `diag`) differ; the names of both vendors stand side by
//! side in `names3x.rs`. Every call names its integers (`ints: [..]`): beyond `i32`, it goes to
//! the routine's `_64` twin in the same table.

/// The body of an `impl GpuLevel3Ext for …` block, from the vendor's status check, its two
/// lazily loaded tables (level 3, extensions) and its routine names (`[s, d, c, z]`;
/// `(? name, "why")` for an optional entry point).
macro_rules! vendor_level3x_methods {
    (
        check: $check:ident,
        level3: $l3:expr,
        extensions: $ext:expr,
        symm: $symm:tt, hemm: $hemm:tt, syr2k: $syr2k:tt, her2k: $her2k:tt,
        syrkx: $syrkx:tt, herkx: $herkx:tt, trmm: $trmm:tt,
        geam: $geam:tt, dgmm: $dgmm:tt, gemm_batched: $gb:tt, trsm_batched: $tb:tt,
        gemv_strided_batched: $gvsb:tt $(,)?
    ) => {
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
        unsafe fn gemm_batched<T: Scalar>(
            &self, h: Self::Handle, ta: Op, tb: Op, mm: i64, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64, batch: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm`, for every matrix the pointer arrays (device memory) name.
            unsafe {
                xcall!(self.$check, T, "gemm_batched", $ext, ints: [mm, n, k, lda, ldb, ldc, batch] => $gb(
                    h, op(ta), op(tb), mm, n, k, s(alpha), c(a), lda, c(b), ldb, s(beta), c(cc),
                    ldc, batch,
                ))
            }
        }
        unsafe fn trsm_batched<T: Scalar>(
            &self, h: Self::Handle, sd: Side, uplo: Uplo, trans: Op, dg: Diag, mm: i64, n: i64,
            alpha: &T, a: DevPtr, lda: i64, b: DevPtr, ldb: i64, batch: i64,
        ) -> Result<()> {
            // SAFETY: as for `gemm_batched`.
            unsafe {
                xcall!(self.$check, T, "trsm_batched", $ext, ints: [mm, n, lda, ldb, batch] => $tb(
                    h, side(sd), fill(uplo), op(trans), diag(dg), mm, n, s(alpha), c(a), lda,
                    c(b), ldb, batch,
                ))
            }
        }
        unsafe fn gemv_strided_batched<T: Scalar>(
            &self, h: Self::Handle, trans: Op, mm: i64, n: i64, alpha: &T, a: DevPtr, lda: i64,
            sa: i64, x: DevPtr, incx: i64, sx: i64, beta: &T, y: DevPtr, incy: i64, sy: i64,
            batch: i64,
        ) -> Result<()> {
            // SAFETY: as for `symm`, for every entry of the batch.
            unsafe {
                xcall!(self.$check, T, "gemv_strided_batched", $ext, ints: [mm, n, lda, incx, incy, batch] => $gvsb(
                    h, op(trans), mm, n, s(alpha), c(a), lda, sa, c(x), incx, sx, s(beta), m(y),
                    incy, sy, batch,
                ))
            }
        }
    };
}
pub(crate) use vendor_level3x_methods;
