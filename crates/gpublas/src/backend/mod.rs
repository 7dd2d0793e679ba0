//! Backends: the thin, unsafe layer under the safe API.
//!
//! A [`Backend`] owns one device's memory and streams; [`Blas<T>`] adds the BLAS routines for a
//! scalar type. Both take raw [`DevPtr`]s and **trust their arguments**: the safe layer
//! (`Device` and its operations) validates every dimension, leading dimension, increment
//! and length against the real allocations before it calls them.
//!
//! | backend | feature | memory | library |
//! |---|---|---|---|
//! | [`Host`] | always | host memory, zero-copy mapping | faer, plus plain loops for level 1 |
//! | `Cuda` | `cuda` | NVIDIA device memory | cuBLAS, loaded at run time |
//! | `Rocm` | `rocm` | AMD device memory | rocBLAS, loaded at run time |
//! | [`Dynamic`] | always | whichever was picked at run time | forwards to one of the above |

use crate::error::Result;
use crate::scalar::Scalar;
use crate::types::{Diag, Op, Side, Uplo};

mod all;
#[cfg(feature = "cuda")]
mod cuda;
mod dynamic;
#[cfg(any(feature = "cuda", feature = "rocm"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "cuda", feature = "rocm"))))]
pub mod gpu;
mod host;
#[cfg(feature = "rocm")]
mod rocm;

pub use all::BlasAll;
#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
pub use cuda::{Cuda, CudaApi};
pub use dynamic::Dynamic;
pub use host::Host;
#[cfg(feature = "rocm")]
#[cfg_attr(docsrs, doc(cfg(feature = "rocm")))]
pub use rocm::{Rocm, RocmApi};

/// A raw address in a backend's memory space (a host address for [`Host`]).
///
/// It is only an address: it carries no length, no type and no lifetime, and nothing can be
/// read through it without `unsafe` backend calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DevPtr(*mut u8);

// SAFETY: a `DevPtr` is an inert address; every access through it goes through `unsafe` backend
// calls whose callers uphold the synchronisation rules.
unsafe impl Send for DevPtr {}
// SAFETY: as above.
unsafe impl Sync for DevPtr {}

impl DevPtr {
    /// The null address (what an empty allocation resolves to).
    pub const NULL: DevPtr = DevPtr(std::ptr::null_mut());

    /// Wraps a raw address.
    pub const fn from_raw(p: *mut u8) -> Self {
        DevPtr(p)
    }

    /// The raw address.
    pub const fn as_raw(self) -> *mut u8 {
        self.0
    }

    /// The address as a typed pointer.
    pub fn cast<T>(self) -> *mut T {
        self.0.cast()
    }

    /// Whether this is the null address.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The address `elems` elements of `T` further on (wrapping: it is never dereferenced here).
    pub fn offset<T>(self, elems: usize) -> Self {
        DevPtr(self.0.wrapping_add(elems * std::mem::size_of::<T>()))
    }
}

/// Which family a backend belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    /// The CPU.
    Host,
    /// NVIDIA, through the CUDA runtime and cuBLAS.
    Cuda,
    /// AMD, through HIP and rocBLAS.
    Rocm,
}

impl BackendKind {
    /// The lower-case name `GPUBLAS_BACKEND` uses.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Host => "host",
            BackendKind::Cuda => "cuda",
            BackendKind::Rocm => "rocm",
        }
    }
}

/// One device's memory and transfers.
///
/// Ordering contract: all work a backend enqueues (copies, frees, BLAS calls) runs in the order
/// it was enqueued. `upload` and `download` are complete when they return, so host memory is
/// never touched by the device after the call returns.
#[allow(clippy::missing_safety_doc)] // each method's `# Safety` section says it; clippy misses some
pub trait Backend: Send + Sync + 'static {
    /// Which family this backend is.
    fn kind(&self) -> BackendKind;

    /// One line naming the device and library, e.g. `"cuda: NVIDIA H200 (cuBLAS 13.1)"`.
    fn describe(&self) -> String;

    /// Whether device addresses are host addresses, so host data can be mapped without copies.
    fn host_memory(&self) -> bool;

    /// Whether `other` shares this backend's memory space and ordering (the same context), so
    /// buffers of one may be used with the other.
    fn same_context(&self, other: &Self) -> bool;

    /// Allocates `bytes` (> 0) bytes, aligned for every [`Scalar`].
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) if the device has not enough memory.
    ///
    /// # Safety
    /// `bytes > 0`.
    unsafe fn alloc(&self, bytes: usize) -> Result<DevPtr>;

    /// Frees an allocation, ordered after all work enqueued before it.
    ///
    /// # Safety
    /// `ptr` came from [`Backend::alloc`] on this backend with the same `bytes`, and is not used
    /// by any work enqueued after this call.
    unsafe fn free(&self, ptr: DevPtr, bytes: usize);

    /// Copies `bytes` from host memory to the device, after all earlier work; complete on return.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`](crate::Error::Vendor)).
    ///
    /// # Safety
    /// `src` is valid for reading and `dst` for writing `bytes` bytes.
    unsafe fn upload(&self, dst: DevPtr, src: *const u8, bytes: usize) -> Result<()>;

    /// Copies `bytes` from the device to host memory, after all earlier work; complete on return.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`](crate::Error::Vendor)).
    ///
    /// # Safety
    /// `src` is valid for reading and `dst` for writing `bytes` bytes.
    unsafe fn download(&self, dst: *mut u8, src: DevPtr, bytes: usize) -> Result<()>;

    /// Copies `bytes` between two device ranges that do not overlap, in stream order.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`](crate::Error::Vendor)).
    ///
    /// # Safety
    /// Both ranges are valid for `bytes` bytes and do not overlap.
    unsafe fn copy(&self, dst: DevPtr, src: DevPtr, bytes: usize) -> Result<()>;

    /// Sets `bytes` bytes to zero, in stream order.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`](crate::Error::Vendor)).
    ///
    /// # Safety
    /// `dst` is valid for writing `bytes` bytes.
    unsafe fn zero(&self, dst: DevPtr, bytes: usize) -> Result<()>;

    /// Waits until all enqueued work is complete.
    ///
    /// # Errors
    /// The vendor runtime's failure status ([`Error::Vendor`](crate::Error::Vendor)), including
    /// failures of earlier asynchronous work.
    fn synchronize(&self) -> Result<()>;
}

/// The BLAS routines of one scalar type on one backend.
///
/// Every function takes column-major operands, 0 < increments, leading dimensions
/// ≥ max(1, rows), `Op::C` only for complex types, and pointers valid for the extents the
/// dimensions imply (the safe layer checks all of it). Index results are 0-based.
///
/// # Safety (for every method)
/// The pointers are valid for the extents BLAS's reference semantics read and write for the
/// given dimensions, the output does not overlap any input, and the increments and leading
/// dimensions obey the rules above.
///
/// # Errors (for every method)
/// The vendor library's failure status ([`Error::Vendor`](crate::Error::Vendor)), or
/// [`Error::Unsupported`](crate::Error::Unsupported) for a dimension the vendor API cannot take
/// (e.g. above `i32::MAX`).
#[allow(clippy::too_many_arguments, clippy::missing_safety_doc, missing_docs)]
#[diagnostic::on_unimplemented(
    message = "the backend `{Self}` has no BLAS routines for `{T}`",
    note = "in generic code, bound the backend parameter with `B: BlasAll` (all four BLAS types)"
)]
pub trait Blas<T: Scalar>: Backend {
    unsafe fn axpy(
        &self,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: usize,
        y: DevPtr,
        incy: usize,
    ) -> Result<()>;
    unsafe fn scal(&self, n: usize, alpha: T, x: DevPtr, incx: usize) -> Result<()>;
    unsafe fn copy(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()>;
    unsafe fn swap(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<()>;
    /// `Σ xᵢ yᵢ` (no conjugation).
    unsafe fn dotu(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T>;
    /// `Σ conj(xᵢ) yᵢ`.
    unsafe fn dotc(&self, n: usize, x: DevPtr, incx: usize, y: DevPtr, incy: usize) -> Result<T>;
    unsafe fn nrm2(&self, n: usize, x: DevPtr, incx: usize) -> Result<T::Real>;
    unsafe fn asum(&self, n: usize, x: DevPtr, incx: usize) -> Result<T::Real>;
    /// 0-based index of the first element of largest `|re| + |im|`; `n > 0`.
    unsafe fn iamax(&self, n: usize, x: DevPtr, incx: usize) -> Result<usize>;
    /// 0-based index of the first element of smallest `|re| + |im|`; `n > 0`.
    unsafe fn iamin(&self, n: usize, x: DevPtr, incx: usize) -> Result<usize>;

    unsafe fn gemv(
        &self,
        trans: Op,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        x: DevPtr,
        incx: usize,
        beta: T,
        y: DevPtr,
        incy: usize,
    ) -> Result<()>;
    /// `A ← αxyᵀ + A` (`conj = false`) or `A ← αxyᴴ + A` (`conj = true`).
    unsafe fn ger(
        &self,
        conj: bool,
        m: usize,
        n: usize,
        alpha: T,
        x: DevPtr,
        incx: usize,
        y: DevPtr,
        incy: usize,
        a: DevPtr,
        lda: usize,
    ) -> Result<()>;

    unsafe fn gemm(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;
    unsafe fn trsm(
        &self,
        side: Side,
        uplo: Uplo,
        trans: Op,
        diag: Diag,
        m: usize,
        n: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        b: DevPtr,
        ldb: usize,
    ) -> Result<()>;
    /// `C ← α op(A) op(A)ᵀ + βC` on one triangle; `trans` is `N` or `T`.
    unsafe fn syrk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;
    /// `C ← α op(A) op(A)ᴴ + βC` on one triangle with real `α`, `β`; `trans` is `N` or `C`
    /// (for real types this is `syrk`, with `trans` `N` or `T`).
    unsafe fn herk(
        &self,
        uplo: Uplo,
        trans: Op,
        n: usize,
        k: usize,
        alpha: T::Real,
        a: DevPtr,
        lda: usize,
        beta: T::Real,
        c: DevPtr,
        ldc: usize,
    ) -> Result<()>;
    unsafe fn gemm_strided_batched(
        &self,
        ta: Op,
        tb: Op,
        m: usize,
        n: usize,
        k: usize,
        alpha: T,
        a: DevPtr,
        lda: usize,
        stride_a: usize,
        b: DevPtr,
        ldb: usize,
        stride_b: usize,
        beta: T,
        c: DevPtr,
        ldc: usize,
        stride_c: usize,
        batch: usize,
    ) -> Result<()>;
}
