//! [`Dynamic`]: a backend chosen at run time among the compiled ones, itself a [`Backend`], so
//! code written for one static backend and code written for `Device::auto()` are the same code.

use super::{Backend, BackendKind, Blas, DevPtr, Host};
use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

/// One of the compiled backends, picked at run time (see `Device::auto`).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Dynamic {
    /// The CPU.
    Host(Host),
    /// An NVIDIA GPU.
    #[cfg(feature = "cuda")]
    #[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
    Cuda(super::Cuda),
    /// An AMD GPU.
    #[cfg(feature = "rocm")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
    Rocm(super::Rocm),
}

/// Runs `$body` with `$b` bound to the inner backend.
macro_rules! dispatch {
    ($self:expr, $b:ident => $body:expr) => {
        match $self {
            Dynamic::Host($b) => $body,
            #[cfg(feature = "cuda")]
            Dynamic::Cuda($b) => $body,
            #[cfg(feature = "rocm")]
            Dynamic::Rocm($b) => $body,
        }
    };
}

impl Backend for Dynamic {
    fn kind(&self) -> BackendKind {
        dispatch!(self, b => b.kind())
    }
    fn describe(&self) -> String {
        dispatch!(self, b => b.describe())
    }
    fn host_memory(&self) -> bool {
        dispatch!(self, b => b.host_memory())
    }
    fn same_context(&self, other: &Self) -> bool {
        match (self, other) {
            (Dynamic::Host(a), Dynamic::Host(b)) => a.same_context(b),
            #[cfg(feature = "cuda")]
            (Dynamic::Cuda(a), Dynamic::Cuda(b)) => a.same_context(b),
            #[cfg(feature = "rocm")]
            (Dynamic::Rocm(a), Dynamic::Rocm(b)) => a.same_context(b),
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.alloc(bytes) })
    }
    unsafe fn free(&self, ptr: DevPtr, bytes: usize) {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.free(ptr, bytes) })
    }
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.upload(dst, src, bytes) })
    }
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.download(dst, src, bytes) })
    }
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { Backend::copy(b, dst, src, bytes) })
    }
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()> {
        // SAFETY: forwarded to the caller.
        dispatch!(self, b => unsafe { b.zero(dst, bytes) })
    }
    fn synchronize(&self) -> Result<()> {
        dispatch!(self, b => b.synchronize())
    }
}

/// Forwards each listed `Blas<T>` method to the inner backend.
macro_rules! forward_blas {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty; )*) => {
        $(
            unsafe fn $name(&self, $($arg: $ty),*) -> $ret {
                // SAFETY: forwarded to the caller.
                dispatch!(self, b => unsafe { Blas::<T>::$name(b, $($arg),*) })
            }
        )*
    };
}

impl<T: Scalar> Blas<T> for Dynamic {
    forward_blas! {
        fn axpy(n: usize, alpha: T, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()>;
        fn scal(n: usize, alpha: T, x: DevPtr, incx: usize) -> Result<()>;
        fn copy(n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()>;
        fn swap(n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()>;
        fn dotu(n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T>;
        fn dotc(n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T>;
        fn nrm2(n: usize, x: DevPtr, incx: usize) -> Result<T::Real>;
        fn asum(n: usize, x: DevPtr, incx: usize) -> Result<T::Real>;
        fn iamax(n: usize, x: DevPtr, incx: usize) -> Result<usize>;
        fn iamin(n: usize, x: DevPtr, incx: usize) -> Result<usize>;
        fn gemv(trans: Op, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, x: DevPtr, incx: usize, beta: T, y: DevPtr, incy: usize) -> Result<()>;
        fn ger(conj: bool, m: usize, n: usize, alpha: T, x: DevPtr, incx: usize, y: DevPtr, incy: usize, a: DevPtr, lda: usize) -> Result<()>;
        fn gemm(ta: Op, tb: Op, m: usize, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn trsm(side: Side, uplo: Uplo, trans: Op, diag: Diag, m: usize, n: usize, alpha: T, a: DevPtr, lda: usize, b: DevPtr, ldb: usize) -> Result<()>;
        fn syrk(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, beta: T, c: DevPtr, ldc: usize) -> Result<()>;
        fn herk(uplo: Uplo, trans: Op, n: usize, k: usize, alpha: T::Real, a: DevPtr, lda: usize, beta: T::Real, c: DevPtr, ldc: usize) -> Result<()>;
        fn gemm_strided_batched(ta: Op, tb: Op, m: usize, n: usize, k: usize, alpha: T, a: DevPtr, lda: usize, stride_a: usize, b: DevPtr, ldb: usize, stride_b: usize, beta: T, c: DevPtr, ldc: usize, stride_c: usize, batch: usize) -> Result<()>;
    }
}
