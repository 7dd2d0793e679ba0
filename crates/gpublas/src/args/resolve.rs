//! Where an argument's elements are ([`Src`], [`SrcMut`]) and how they reach the device for one
//! call ([`Stored`], [`StoredMut`]).

use std::marker::PhantomData;

use crate::backend::{Backend, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{download_slice, upload_slice, Alloc};
use crate::precision::Element;
use crate::transfer::tiled::{Operand, Output};

/// Where a readable argument's elements are. Opaque; made by [`Input`](super::Input).
pub struct Src<'a, T: Element, B: Backend>(pub(crate) SrcKind<'a, T, B>);

pub(crate) enum SrcKind<'a, T: Element, B: Backend> {
    /// Host memory, mapped for the call.
    Host(&'a [T]),
    /// Already on a device.
    Device {
        ptr: DevPtr,
        len: usize,
        dev: &'a Device<B>,
    },
    /// A host copy the argument conversion made (e.g. of a strided ndarray view).
    Owned(Vec<T>),
    /// Page-locked host memory of a device's backend: transferred without staging.
    Pinned(&'a [T], &'a Device<B>),
}

/// Where a writable argument's elements are. Opaque; made by [`Output`](super::Output).
pub struct SrcMut<'a, T: Element, B: Backend>(pub(crate) SrcMutKind<'a, T, B>);

/// Writes an owned copy back into the argument it was made from.
pub(crate) type Scatter<'a, T> = Box<dyn FnOnce(&[T]) + 'a>;

pub(crate) enum SrcMutKind<'a, T: Element, B: Backend> {
    Host(&'a mut [T]),
    Device {
        ptr: DevPtr,
        len: usize,
        dev: &'a Device<B>,
    },
    // Made only for ndarray outputs in a layout BLAS cannot take.
    #[cfg_attr(not(feature = "ndarray"), allow(dead_code))]
    Owned(Vec<T>, Scatter<'a, T>),
    Pinned(&'a mut [T], &'a Device<B>),
}

impl<'a, T: Element, B: Backend> Src<'a, T, B> {
    pub(crate) fn host(s: &'a [T]) -> Self {
        Src(SrcKind::Host(s))
    }
    pub(crate) fn device(ptr: DevPtr, len: usize, dev: &'a Device<B>) -> Self {
        Src(SrcKind::Device { ptr, len, dev })
    }
    pub(crate) fn owned(v: Vec<T>) -> Self {
        Src(SrcKind::Owned(v))
    }
    pub(crate) fn pinned(s: &'a [T], dev: &'a Device<B>) -> Self {
        Src(SrcKind::Pinned(s, dev))
    }
    pub(crate) fn len(&self) -> usize {
        match &self.0 {
            SrcKind::Host(s) | SrcKind::Pinned(s, _) => s.len(),
            SrcKind::Device { len, .. } => *len,
            SrcKind::Owned(v) => v.len(),
        }
    }
}

impl<'a, T: Element, B: Backend> SrcMut<'a, T, B> {
    pub(crate) fn host(s: &'a mut [T]) -> Self {
        SrcMut(SrcMutKind::Host(s))
    }
    pub(crate) fn device(ptr: DevPtr, len: usize, dev: &'a Device<B>) -> Self {
        SrcMut(SrcMutKind::Device { ptr, len, dev })
    }
    #[cfg_attr(not(feature = "ndarray"), allow(dead_code))]
    pub(crate) fn owned(v: Vec<T>, scatter: Scatter<'a, T>) -> Self {
        SrcMut(SrcMutKind::Owned(v, scatter))
    }
    pub(crate) fn pinned(s: &'a mut [T], dev: &'a Device<B>) -> Self {
        SrcMut(SrcMutKind::Pinned(s, dev))
    }
    pub(crate) fn len(&self) -> usize {
        match &self.0 {
            SrcMutKind::Host(s) | SrcMutKind::Pinned(s, _) => s.len(),
            SrcMutKind::Device { len, .. } => *len,
            SrcMutKind::Owned(v, _) => v.len(),
        }
    }
}

pub(crate) fn check_device<B: Backend>(
    own: &Device<B>,
    dev: &Device<B>,
    routine: &'static str,
    arg: &'static str,
) -> Result<()> {
    if own.same_device(dev) {
        own.lend_to(dev);
        Ok(())
    } else {
        Err(Error::arg(
            routine,
            arg,
            "lives on another device than the one the call runs on",
        ))
    }
}

/// A readable argument made available on the device for one call. It holds whatever keeps the
/// device copy alive (a temporary, or a lease on a scope's mapping) until it drops, after the
/// call's work is enqueued: frees are stream-ordered, so that work still sees valid memory.
pub(crate) struct Stored<'a, T: Element, B: Backend> {
    pub ptr: DevPtr,
    _keep: Keep<B>,
    _copy: Option<Vec<T>>,
    _borrow: PhantomData<&'a [T]>,
}

/// What keeps a stored input's device copy alive.
enum Keep<B: Backend> {
    /// Nothing to keep: the data lives where the argument is (device data, or host memory on a
    /// host-memory backend), borrowed for the call.
    Borrowed,
    /// A temporary upload for this call.
    Temp(#[allow(dead_code)] Alloc<B>),
    /// A lease on a scope's mapping, found by address.
    Leased(#[allow(dead_code)] crate::device::Keep),
}

/// Brings host elements to the device: zero-copy on host-memory backends, a live scope mapping
/// if one covers them (present), else a temporary upload.
fn host_to_device<T: Element, B: Backend>(
    dev: &Device<B>,
    routine: &'static str,
    s: &[T],
    pinned: bool,
) -> Result<(DevPtr, Keep<B>)> {
    if dev.backend().host_memory() {
        return Ok((
            DevPtr::from_raw(s.as_ptr().cast_mut().cast()),
            Keep::Borrowed,
        ));
    }
    if s.is_empty() {
        return Ok((DevPtr::NULL, Keep::Borrowed));
    }
    let bytes = std::mem::size_of_val(s);
    if let Some((p, lease)) =
        dev.present_lookup(s.as_ptr() as usize, bytes, std::mem::size_of::<T>())
    {
        return Ok((p, Keep::Leased(lease)));
    }
    let temp = Alloc::new::<T>(dev, routine, s.len())?;
    if pinned {
        crate::transfer::upload_direct(dev.link(), temp.ptr(), bytemuck::cast_slice(s))?;
    } else {
        upload_slice(dev, temp.ptr(), s)?;
    }
    Ok((temp.ptr(), Keep::Temp(temp)))
}

impl<'a, T: Element, B: Backend> Src<'a, T, B> {
    /// Makes the elements available on `dev` for one call.
    pub(crate) fn store(
        self,
        dev: &Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        match self.0 {
            SrcKind::Host(s) => {
                let (ptr, keep) = host_to_device(dev, routine, s, false)?;
                Ok(Stored {
                    ptr,
                    _keep: keep,
                    _copy: None,
                    _borrow: PhantomData,
                })
            }
            SrcKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(Stored {
                    ptr,
                    _keep: Keep::Borrowed,
                    _copy: None,
                    _borrow: PhantomData,
                })
            }
            SrcKind::Pinned(s, own) => {
                let (ptr, keep) = host_to_device(dev, routine, s, own.same_device(dev))?;
                Ok(Stored {
                    ptr,
                    _keep: keep,
                    _copy: None,
                    _borrow: PhantomData,
                })
            }
            SrcKind::Owned(v) => {
                let (ptr, keep) = host_to_device(dev, routine, &v, false)?;
                Ok(Stored {
                    ptr,
                    _keep: keep,
                    _copy: Some(v),
                    _borrow: PhantomData,
                })
            }
        }
    }
}

/// A writable argument made available on the device for one call; [`StoredMut::finish`]
/// copies results back where they came from.
pub(crate) struct StoredMut<'a, T: Element, B: Backend> {
    pub ptr: DevPtr,
    back: Back<'a, T, B>,
}

/// Where a stored output's results go after the call.
enum Back<'a, T: Element, B: Backend> {
    /// Nowhere: the call wrote the argument's own memory (device data, or host memory on a
    /// host-memory backend, through a pointer derived once from the argument's borrow).
    InPlace,
    /// Host memory: downloaded from a temporary.
    Host {
        temp: Alloc<B>,
        target: &'a mut [T],
        pinned: bool,
    },
    /// A copy the argument conversion made: downloaded from the temporary (if any) into the
    /// copy, then scattered into the argument.
    Owned {
        temp: Option<Alloc<B>>,
        copy: Vec<T>,
        scatter: Scatter<'a, T>,
    },
}

/// A temporary for writable host elements; `copy_in = false` skips the upload (for calls that
/// overwrite every element of the storage). `None` on host-memory backends and when empty.
fn writable_temp<T: Element, B: Backend>(
    dev: &Device<B>,
    routine: &'static str,
    s: &[T],
    copy_in: bool,
    pinned: bool,
) -> Result<Option<Alloc<B>>> {
    if dev.backend().host_memory() || s.is_empty() {
        return Ok(None);
    }
    let temp = Alloc::new::<T>(dev, routine, s.len())?;
    if copy_in && pinned {
        crate::transfer::upload_direct(dev.link(), temp.ptr(), bytemuck::cast_slice(s))?;
    } else if copy_in {
        upload_slice(dev, temp.ptr(), s)?;
    }
    Ok(Some(temp))
}

impl<'a, T: Element, B: Backend> SrcMut<'a, T, B> {
    /// Makes the elements available on `dev` for one call.
    pub(crate) fn store(
        self,
        dev: &Device<B>,
        copy_in: bool,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<StoredMut<'a, T, B>> {
        match self.0 {
            SrcMutKind::Host(s) => Self::store_host(dev, routine, s, copy_in, false),
            SrcMutKind::Pinned(s, own) => {
                let pinned = own.same_device(dev);
                Self::store_host(dev, routine, s, copy_in, pinned)
            }
            SrcMutKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(StoredMut {
                    ptr,
                    back: Back::InPlace,
                })
            }
            SrcMutKind::Owned(mut copy, scatter) => {
                let temp = writable_temp(dev, routine, &copy, copy_in, false)?;
                // The Vec's heap buffer does not move when the Vec does.
                let ptr = match &temp {
                    Some(t) => t.ptr(),
                    None => DevPtr::from_raw(copy.as_mut_ptr().cast()),
                };
                Ok(StoredMut {
                    ptr,
                    back: Back::Owned {
                        temp,
                        copy,
                        scatter,
                    },
                })
            }
        }
    }

    fn store_host(
        dev: &Device<B>,
        routine: &'static str,
        s: &'a mut [T],
        copy_in: bool,
        pinned: bool,
    ) -> Result<StoredMut<'a, T, B>> {
        match writable_temp(dev, routine, s, copy_in, pinned)? {
            Some(temp) => Ok(StoredMut {
                ptr: temp.ptr(),
                back: Back::Host {
                    temp,
                    target: s,
                    pinned,
                },
            }),
            // The pointer is derived from `s` once and `s` is not used again, so the
            // backend's writes through it are the only accesses until the borrow ends.
            None => Ok(StoredMut {
                ptr: DevPtr::from_raw(s.as_mut_ptr().cast()),
                back: Back::InPlace,
            }),
        }
    }
}

/// Brings each output's results back, in order (see [`StoredMut::finish`]). An error before the
/// first write to caller memory leaves every output untouched and is returned as it is; one
/// after is [`Error::PartlyWritten`](crate::Error::PartlyWritten) naming the outputs written so
/// far and the one that failed part way.
pub(crate) fn finish_outputs<'a, T: Element, B: Backend>(
    dev: &Device<B>,
    routine: &'static str,
    outputs: impl IntoIterator<Item = (&'static str, StoredMut<'a, T, B>)>,
) -> Result<()> {
    use crate::transfer::{name_output, partly};
    let mut written: smallvec::SmallVec<[&'static str; 2]> = smallvec::SmallVec::new();
    for (arg, o) in outputs {
        let writes = o.writes_caller_memory();
        if let Err(e) = o.finish(dev) {
            let e = name_output(e, routine, arg);
            return Err(if written.is_empty() {
                e
            } else {
                let e = name_output(partly(e), routine, arg);
                written.iter().fold(e, |e, w| name_output(e, routine, w))
            });
        }
        if writes {
            written.push(arg);
        }
    }
    Ok(())
}

impl<T: Element, B: Backend> StoredMut<'_, T, B> {
    /// Whether [`StoredMut::finish`] writes the caller's memory (false when the call wrote the
    /// argument's memory itself).
    pub(crate) fn writes_caller_memory(&self) -> bool {
        !matches!(self.back, Back::InPlace)
    }

    /// Copies the results back to where the argument's elements came from. Not calling it (on
    /// an error path) leaves the host data untouched. A failure after the argument's memory
    /// began to be written is [`Error::PartlyWritten`](crate::Error::PartlyWritten) (no output
    /// named yet); any other failure left it untouched.
    pub(crate) fn finish(self, dev: &Device<B>) -> Result<()> {
        match self.back {
            Back::InPlace => Ok(()),
            Back::Host {
                temp,
                target,
                pinned: true,
            } => {
                crate::transfer::download_direct(
                    dev.link(),
                    bytemuck::cast_slice_mut(target),
                    temp.ptr(),
                )
                // The DMA writes the caller's page-locked memory itself and may stop part way.
                .map_err(crate::transfer::partly)
            }
            Back::Host { temp, target, .. } => download_slice(dev, target, temp.ptr()),
            Back::Owned {
                temp,
                mut copy,
                scatter,
            } => {
                if let Some(t) = temp {
                    // A partial write here reached only the conversion's own copy.
                    download_slice(dev, &mut copy, t.ptr()).map_err(|e| match e {
                        crate::Error::PartlyWritten { source, .. } => *source,
                        e => e,
                    })?;
                }
                scatter(&copy);
                Ok(())
            }
        }
    }
}

impl<T: Element, B: Backend> Src<'_, T, B> {
    /// The elements, if they are in host memory.
    pub(crate) fn host_slice(&self) -> Option<&[T]> {
        match &self.0 {
            SrcKind::Host(s) | SrcKind::Pinned(s, _) => Some(s),
            SrcKind::Owned(v) => Some(v),
            SrcKind::Device { .. } => None,
        }
    }

    /// The argument as an operand of the tiled engine: host bytes, or device memory of `dev`.
    pub(crate) fn operand(
        &self,
        dev: &Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Operand<'_>> {
        match &self.0 {
            SrcKind::Pinned(s, own) if own.same_device(dev) => {
                Ok(Operand::Pinned(bytemuck::cast_slice(s)))
            }
            SrcKind::Host(s) | SrcKind::Pinned(s, _) => Ok(Operand::Host(bytemuck::cast_slice(s))),
            SrcKind::Owned(v) => Ok(Operand::Host(bytemuck::cast_slice(v))),
            SrcKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(Operand::Device(*ptr))
            }
        }
    }
}

impl<T: Element, B: Backend> SrcMut<'_, T, B> {
    /// The elements, if they are the argument's own host memory (not a copy to scatter back).
    pub(crate) fn host_slice_mut(&mut self) -> Option<&mut [T]> {
        match &mut self.0 {
            SrcMutKind::Host(s) | SrcMutKind::Pinned(s, _) => Some(s),
            SrcMutKind::Owned(..) | SrcMutKind::Device { .. } => None,
        }
    }

    /// The argument as the tiled engine's output: host bytes, or device memory of `dev`.
    pub(crate) fn output(
        &mut self,
        dev: &Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Output<'_>> {
        match &mut self.0 {
            SrcMutKind::Pinned(s, own) => {
                let bytes = bytemuck::cast_slice_mut(s);
                Ok(if own.same_device(dev) {
                    Output::Pinned(crate::transfer::tiled::PinnedOut::new(bytes))
                } else {
                    Output::Host(bytes)
                })
            }
            SrcMutKind::Host(s) => Ok(Output::Host(bytemuck::cast_slice_mut(s))),
            SrcMutKind::Owned(v, _) => Ok(Output::Host(bytemuck::cast_slice_mut(v))),
            SrcMutKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(Output::Device(*ptr))
            }
        }
    }

    /// Whether the elements are a copy the argument conversion made (scattered back into the
    /// argument by [`SrcMut::written`]), not the argument's own memory.
    pub(crate) fn is_copy(&self) -> bool {
        matches!(self.0, SrcMutKind::Owned(..))
    }

    /// After the tiled engine wrote the output: a copy the argument conversion made goes back
    /// into the argument.
    pub(crate) fn written(self) {
        if let SrcMutKind::Owned(v, scatter) = self.0 {
            scatter(&v);
        }
    }
}
