//! [`vendor_batched_methods!`]: the methods of [`GpuBatched`](super::GpuBatched), written once
//! for both vendors. cuBLAS and rocBLAS take the same arguments in the same order for every one
//! of these routines, so only the routine names, the function tables, the status check and the
//! enum converters in scope at the call site (`op`, `fill`, `side`, `diag`) differ; the names of
//! both vendors stand side by side in `names.rs`. Every call names its integers (`ints: [..]`):
//! beyond `i32`, it goes to the routine's `_64` twin.

/// The body of an `impl GpuBatched for …` block, from the vendor's status check, its main table
/// (`gemm_strided_batched`), its two lazily loaded tables (level 3, which holds the `_64` twin
/// of `gemm_strided_batched`; extensions, for the rest) and its routine names (`[s, d, c, z]`;
/// `(? name, "why")` for an optional entry point).
macro_rules! vendor_batched_methods {
    (
        check: $check:ident,
        main: $main:ident,
        level3: $l3:expr,
        extensions: $ext:expr,
        gemm_strided_batched: $gsb:tt, gemm_batched: $gb:tt, trsm_batched: $tb:tt,
        gemv_strided_batched: $gvsb:tt $(,)?
    ) => {
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
            // SAFETY: the caller guarantees every pointer's extent for these dimensions, for every matrix of the batch.
            unsafe {
                $crate::backend::gpu::sdcz64!(self, "gemm_strided_batched", $check, T,
                    lp64: self.$main, ilp64: $l3, $gsb, ints: [mm, n, k, lda, ldb, ldc, batch],
                    (h, op(ta), op(tb), mm, n, k, s(alpha), c(a), lda, sa, c(b), ldb, sb,
                     s(beta), m(cc), ldc, sc, batch))
            }
        }
        unsafe fn gemm_batched<T: Scalar>(
            &self, h: Self::Handle, ta: Op, tb: Op, mm: i64, n: i64, k: i64, alpha: &T, a: DevPtr,
            lda: i64, b: DevPtr, ldb: i64, beta: &T, cc: DevPtr, ldc: i64, batch: i64,
        ) -> Result<()> {
            // SAFETY: the caller guarantees every pointer's extent for these dimensions, for every matrix the pointer arrays (device memory) name.
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
            // SAFETY: the caller guarantees every pointer's extent for these dimensions, for every entry of the batch.
            unsafe {
                xcall!(self.$check, T, "gemv_strided_batched", $ext, ints: [mm, n, lda, incx, incy, batch] => $gvsb(
                    h, op(trans), mm, n, s(alpha), c(a), lda, sa, c(x), incx, sx, s(beta), m(y),
                    incy, sy, batch,
                ))
            }
        }
    };
}
pub(crate) use vendor_batched_methods;
