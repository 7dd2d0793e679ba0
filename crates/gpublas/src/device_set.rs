//! [`DeviceSet`]: several devices of one node used together for level 3 with host operands.
//!
//! A gemm from host memory is split by columns of its (stored) output: each device computes
//! its block of columns from the whole of `op(A)` and its columns of `op(B)`, through its own
//! transfer engine (staging, pipelined copies, tiles overlapping transfers and compute), all
//! devices at once, each driven by a thread of its own. Every block is the same computation a
//! single device makes for those columns, so the results are those of the single-device path.
//! A set of one device *is* the single-device path (the call is passed through unchanged).
//!
//! The output contract holds across devices: every device computes its block into its own
//! memory first, and only when all have succeeded do the blocks come back into `C`. A device
//! that fails (out of memory, a fault) fails the call with `C` untouched; only a fault while
//! the blocks come back can leave `C` partly written, reported as
//! [`Error::PartlyWritten`](crate::Error::PartlyWritten).
//!
//! Not done (see `docs/multi-gpu.md`): operands already resident on one device (that needs
//! peer-to-peer copies between the devices), and level-3 routines other than gemm.

use crate::args::{MatIn, MatOut, Shape};
use crate::backend::{Backend, BlasAll, Dynamic};
use crate::blas::plan_gemm;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::DeviceBuffer;
use crate::scalar::Scalar;
use crate::types::Op;
use crate::{Mat, MatMut};

/// Below this many output columns per device, splitting costs more than it gains: fewer
/// devices are used.
const MIN_COLUMNS_PER_DEVICE: usize = 256;

/// Several devices of one node, used together by [`DeviceSet::gemm`].
#[derive(Clone)]
pub struct DeviceSet<B: Backend = Dynamic> {
    devices: Vec<Device<B>>,
}

impl<B: Backend + std::fmt::Debug> std::fmt::Debug for DeviceSet<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceSet")
            .field("devices", &self.devices)
            .finish()
    }
}

impl<B: Backend> DeviceSet<B> {
    /// A set of devices (at least one). Each device's calls run on its own queues, so a set
    /// may even hold two devices opened on one GPU.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if `devices` is empty.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::{DeviceSet, Host};
    ///
    /// let set = DeviceSet::new(vec![Device::host(), Device::host()])?;
    /// assert_eq!(set.len(), 2);
    /// assert!(DeviceSet::<Host>::new(vec![]).is_err()); // a set has at least one device
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn new(devices: Vec<Device<B>>) -> Result<Self> {
        if devices.is_empty() {
            return Err(Error::arg("DeviceSet::new", "devices", "is empty"));
        }
        Ok(DeviceSet { devices })
    }

    /// The devices.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::{BackendKind, DeviceSet};
    ///
    /// let set = DeviceSet::new(vec![Device::host(), Device::host()])?;
    /// assert!(set.devices().iter().all(|d| d.kind() == BackendKind::Host));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn devices(&self) -> &[Device<B>] {
        &self.devices
    }

    /// How many devices the set has.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::DeviceSet;
    ///
    /// assert_eq!(DeviceSet::new(vec![Device::host(); 3])?.len(), 3);
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.devices.len()
    }

    /// Whether the set is empty (never: a set has at least one device).
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::DeviceSet;
    ///
    /// assert!(!DeviceSet::new(vec![Device::host()])?.is_empty());
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.devices.is_empty()
    }
}

#[cfg(feature = "cuda")]
#[cfg_attr(docsrs, doc(cfg(feature = "cuda")))]
impl DeviceSet<Dynamic> {
    /// Every CUDA GPU of this machine.
    ///
    /// # Errors
    /// As for [`Device::cuda`]: a missing library, or no usable device.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::{BackendKind, DeviceSet};
    ///
    /// match DeviceSet::cuda_all() {
    ///     Ok(set) => assert!(set.devices().iter().all(|d| d.kind() == BackendKind::Cuda)),
    ///     // No CUDA here: the error says which library or driver is missing.
    ///     Err(e) => assert!(
    ///         matches!(e, Error::LibraryNotFound(_) | Error::NoDevice { .. }),
    ///         "{e}"
    ///     ),
    /// }
    /// ```
    pub fn cuda_all() -> Result<Self> {
        let count = crate::backend::Cuda::count()?;
        let devices = (0..count)
            .map(|i| crate::backend::Cuda::new(i).map(|b| Device::new(Dynamic::Cuda(b))))
            .collect::<Result<Vec<_>>>()?;
        Self::new(devices)
    }
}

impl<B: BlasAll> DeviceSet<B> {
    /// `C ← α op(A) op(B) + βC` with host operands, split by columns of `C` over the devices
    /// (any layouts and ops, as [`Device::gemm`]).
    ///
    /// # Errors
    /// As for [`Device::gemm`]; when several devices fail, the first device's error. The output is
    /// untouched on every error except [`Error::PartlyWritten`](crate::Error::PartlyWritten) (a
    /// device fault after results began to reach it), which names the output that may be partly
    /// written.
    ///
    /// # Examples
    /// ```
    /// use gpublas::prelude::*;
    /// use gpublas::DeviceSet;
    ///
    /// let set = DeviceSet::new(vec![Device::host(), Device::host()])?;
    /// let (m, k, n) = (3, 2, 600);
    /// let a = vec![1.0f64; m * k];
    /// let b = vec![2.0f64; k * n];
    /// let mut c = vec![f64::NAN; m * n];
    /// set.gemm(Op::N, Op::N, 1.0, Mat::col_major(&a[..], m, k), Mat::col_major(&b[..], k, n),
    ///          0.0, MatMut::col_major(&mut c[..], m, n))?;
    /// assert!(c.iter().all(|&v| v == 4.0));
    /// # Ok::<(), gpublas::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm<T: Scalar>(
        &self,
        ta: Op,
        tb: Op,
        alpha: T,
        a: Mat<'_, [T]>,
        b: Mat<'_, [T]>,
        beta: T,
        c: MatMut<'_, [T]>,
    ) -> Result<()> {
        const R: &str = "gemm";
        let first = &self.devices[0];
        let (ad, bd, cd) = (
            MatIn::<T, B>::mat_in(a, R, "a")?,
            MatIn::<T, B>::mat_in(b, R, "b")?,
            MatOut::<T, B>::mat_out(c, R, "c")?,
        );
        let plan = plan_gemm::<T>(R, ta, tb, &ad.shape, &bd.shape, &cd.shape)?;
        let parts = self
            .devices
            .len()
            .min(plan.n / MIN_COLUMNS_PER_DEVICE)
            .max(1);
        let single = |s: &Shape| s.count == 1 && s.stride.is_none();
        let mut cd = cd;
        let on_host = ad.src.host_slice().is_some()
            && bd.src.host_slice().is_some()
            && cd.src.host_slice_mut().is_some();
        if parts == 1
            || !on_host
            || plan.conj_a
            || plan.conj_b
            || plan.m == 0
            || plan.k == 0
            || !single(&ad.shape)
            || !single(&bd.shape)
            || !single(&cd.shape)
        {
            // One device, or a case the split does not cover: the single-device path.
            return first.gemm(ta, tb, alpha, ad, bd, beta, cd);
        }
        let (x, y) = if plan.swap { (bd, ad) } else { (ad, bd) };
        let ldc = cd.shape.ld;
        let mut cs = cd.src;
        let (Some(xs), Some(ys), Some(c_all)) =
            (x.src.host_slice(), y.src.host_slice(), cs.host_slice_mut())
        else {
            unreachable!("checked on_host above");
        };
        let (m, n, k) = (plan.m, plan.n, plan.k);
        let (ldx, ldy) = (x.shape.ld, y.shape.ld);
        let (xr, xc) = plan.ta.apply(m, k);
        // Split C's stored columns into `parts` blocks; each thread gets its own part of C.
        let bounds: Vec<usize> = (0..=parts).map(|p| p * n / parts).collect();
        let mut blocks = Vec::with_capacity(parts);
        let mut rest: &mut [T] = c_all;
        for p in 0..parts {
            let (j0, j1) = (bounds[p], bounds[p + 1]);
            let take = if p + 1 == parts {
                rest.len()
            } else {
                (j1 - j0) * ldc
            };
            let (mine, after) = std::mem::take(&mut rest).split_at_mut(take);
            rest = after;
            blocks.push((j0, j1, mine));
        }
        // Phase 1: each device computes its columns into its own memory (C untouched).
        let computed: Vec<Result<Computed<'_, T, B>>> = std::thread::scope(|s| {
            let handles: Vec<_> = blocks
                .into_iter()
                .zip(&self.devices)
                .map(|((j0, j1, cpart), dev)| {
                    s.spawn(move || {
                        let w = j1 - j0;
                        let ypart = if plan.tb == Op::N {
                            Mat::col_major(&ys[(j0 * ldy).min(ys.len())..], k, w).with_ld(ldy)
                        } else {
                            Mat::col_major(&ys[j0.min(ys.len())..], w, k).with_ld(ldy)
                        };
                        let mut c_d = if beta.is_zero() {
                            dev.zeros::<T>(m * w)?
                        } else {
                            dev.upload(&dense_columns(cpart, m, w, ldc))?
                        };
                        dev.gemm(
                            plan.ta,
                            plan.tb,
                            alpha,
                            Mat::col_major(xs, xr, xc).with_ld(ldx),
                            ypart,
                            beta,
                            MatMut::col_major(&mut c_d, m, w),
                        )?;
                        Ok((c_d, cpart))
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let mut parts = Vec::with_capacity(computed.len());
        for r in computed {
            parts.push(r?);
        }
        // Phase 2: every block is ready; bring them back into C.
        let back: Vec<Result<bool>> = std::thread::scope(|s| {
            let handles: Vec<_> = parts
                .into_iter()
                .map(|(c_d, cpart)| s.spawn(move || copy_columns_back(&c_d, cpart, m, ldc)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let wrote = back.iter().any(|r| matches!(r, Ok(true)));
        match back.into_iter().find_map(Result::err) {
            None => Ok(()),
            Some(e) if wrote => Err(crate::transfer::name_output(
                crate::transfer::partly(e),
                R,
                "c",
            )),
            Some(e) => Err(crate::transfer::name_output(e, R, "c")),
        }
    }
}

/// One device's block of `C`, computed in its memory, and where in `C` it goes.
type Computed<'c, T, B> = (DeviceBuffer<T, B>, &'c mut [T]);

/// The first `m` rows of `w` columns of a column-major matrix with leading dimension `ld`, packed
/// (leading dimension `m`).
fn dense_columns<T: Copy>(c: &[T], m: usize, w: usize, ld: usize) -> Vec<T> {
    if ld == m {
        return c[..m * w].to_vec();
    }
    (0..w)
        .flat_map(|j| c[j * ld..j * ld + m].iter().copied())
        .collect()
}

/// Copies a packed `m × (len / m)` device block into the first `m` rows of the columns of `c`
/// (leading dimension `ld`); `Ok(true)` once `c` was written, and on error whether it was.
fn copy_columns_back<T: Scalar, B: Backend>(
    c_d: &DeviceBuffer<T, B>,
    c: &mut [T],
    m: usize,
    ld: usize,
) -> Result<bool> {
    let w = c_d.len() / m.max(1);
    if ld == m {
        return crate::memory::download_slice(c_d.device(), &mut c[..m * w], c_d.as_device_ptr())
            .map(|()| true);
    }
    let v = c_d.to_vec()?;
    for (j, col) in v.chunks(m).enumerate() {
        c[j * ld..j * ld + m].copy_from_slice(col);
    }
    Ok(true)
}
