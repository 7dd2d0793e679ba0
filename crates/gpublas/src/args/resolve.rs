//! Where an argument's elements are ([`Src`], [`SrcMut`]) and how they reach the device for one
//! call ([`Stored`], [`StoredMut`]).

use crate::backend::{Backend, DevPtr};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{download_slice, upload_slice, RawAlloc};
use crate::scalar::Scalar;

/// Where a readable argument's elements are. Opaque; made by [`Input`](super::Input).
pub struct Src<'a, T: Scalar, B: Backend>(pub(crate) SrcKind<'a, T, B>);

pub(crate) enum SrcKind<'a, T: Scalar, B: Backend> {
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
}

/// Where a writable argument's elements are. Opaque; made by [`Output`](super::Output).
pub struct SrcMut<'a, T: Scalar, B: Backend>(pub(crate) SrcMutKind<'a, T, B>);

/// Writes an owned copy back into the argument it was made from.
pub(crate) type Scatter<'a, T> = Box<dyn FnOnce(&[T]) + 'a>;

pub(crate) enum SrcMutKind<'a, T: Scalar, B: Backend> {
    Host(&'a mut [T]),
    Device {
        ptr: DevPtr,
        len: usize,
        dev: &'a Device<B>,
    },
    Owned(Vec<T>, Scatter<'a, T>),
}

impl<'a, T: Scalar, B: Backend> Src<'a, T, B> {
    pub(crate) fn host(s: &'a [T]) -> Self {
        Src(SrcKind::Host(s))
    }
    pub(crate) fn device(ptr: DevPtr, len: usize, dev: &'a Device<B>) -> Self {
        Src(SrcKind::Device { ptr, len, dev })
    }
    pub(crate) fn owned(v: Vec<T>) -> Self {
        Src(SrcKind::Owned(v))
    }
    pub(crate) fn len(&self) -> usize {
        match &self.0 {
            SrcKind::Host(s) => s.len(),
            SrcKind::Device { len, .. } => *len,
            SrcKind::Owned(v) => v.len(),
        }
    }
}

impl<'a, T: Scalar, B: Backend> SrcMut<'a, T, B> {
    pub(crate) fn host(s: &'a mut [T]) -> Self {
        SrcMut(SrcMutKind::Host(s))
    }
    pub(crate) fn device(ptr: DevPtr, len: usize, dev: &'a Device<B>) -> Self {
        SrcMut(SrcMutKind::Device { ptr, len, dev })
    }
    pub(crate) fn owned(v: Vec<T>, scatter: Scatter<'a, T>) -> Self {
        SrcMut(SrcMutKind::Owned(v, scatter))
    }
    pub(crate) fn len(&self) -> usize {
        match &self.0 {
            SrcMutKind::Host(s) => s.len(),
            SrcMutKind::Device { len, .. } => *len,
            SrcMutKind::Owned(v, _) => v.len(),
        }
    }
}

fn check_device<B: Backend>(
    own: &Device<B>,
    dev: &Device<B>,
    routine: &'static str,
    arg: &'static str,
) -> Result<()> {
    if own.same_device(dev) {
        Ok(())
    } else {
        Err(Error::arg(
            routine,
            arg,
            "lives on another device than the one the call runs on",
        ))
    }
}

/// A readable argument made available on the device for one call.
pub(crate) struct Stored<'a, T: Scalar, B: Backend> {
    pub ptr: DevPtr,
    _temp: Option<RawAlloc<'a, B>>,
    _copy: Option<Vec<T>>,
}

/// Brings host bytes to the device: zero-copy on host-memory backends, a live read-only mapping
/// if one covers them (present), else a temporary upload.
fn host_to_device<'a, T: Scalar, B: Backend>(
    dev: &'a Device<B>,
    s: &[T],
) -> Result<(DevPtr, Option<RawAlloc<'a, B>>)> {
    if dev.backend().host_memory() {
        return Ok((DevPtr::from_raw(s.as_ptr() as *mut u8), None));
    }
    if s.is_empty() {
        return Ok((DevPtr::NULL, None));
    }
    if let Some(p) = dev.present_lookup(s.as_ptr() as usize, std::mem::size_of_val(s)) {
        return Ok((p, None));
    }
    let raw = RawAlloc::new::<T>(dev, s.len())?;
    upload_slice(dev, raw.ptr, s)?;
    Ok((raw.ptr, Some(raw)))
}

impl<'a, T: Scalar, B: Backend> Src<'a, T, B> {
    /// Makes the elements available on `dev` for one call.
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<Stored<'a, T, B>> {
        match self.0 {
            SrcKind::Host(s) => {
                let (ptr, temp) = host_to_device(dev, s)?;
                Ok(Stored {
                    ptr,
                    _temp: temp,
                    _copy: None,
                })
            }
            SrcKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(Stored {
                    ptr,
                    _temp: None,
                    _copy: None,
                })
            }
            SrcKind::Owned(v) => {
                let (ptr, temp) = host_to_device(dev, &v)?;
                Ok(Stored {
                    ptr,
                    _temp: temp,
                    _copy: Some(v),
                })
            }
        }
    }
}

/// A writable argument made available on the device for one call; [`StoredMut::finish`]
/// copies results back where they came from.
pub(crate) struct StoredMut<'a, T: Scalar, B: Backend> {
    pub ptr: DevPtr,
    dev: &'a Device<B>,
    temp: Option<RawAlloc<'a, B>>,
    target: Option<&'a mut [T]>,
    copy: Option<(Vec<T>, Scatter<'a, T>)>,
}

/// Brings writable host bytes to the device; `copy_in = false` skips the upload (for calls that
/// overwrite every element of the storage).
fn host_to_device_mut<'a, T: Scalar, B: Backend>(
    dev: &'a Device<B>,
    s: &mut [T],
    copy_in: bool,
) -> Result<(DevPtr, Option<RawAlloc<'a, B>>)> {
    if dev.backend().host_memory() {
        return Ok((DevPtr::from_raw(s.as_mut_ptr().cast()), None));
    }
    if s.is_empty() {
        return Ok((DevPtr::NULL, None));
    }
    let raw = RawAlloc::new::<T>(dev, s.len())?;
    if copy_in {
        upload_slice(dev, raw.ptr, s)?;
    }
    Ok((raw.ptr, Some(raw)))
}

impl<'a, T: Scalar, B: Backend> SrcMut<'a, T, B> {
    /// Makes the elements available on `dev` for one call.
    pub(crate) fn store(
        self,
        dev: &'a Device<B>,
        copy_in: bool,
        routine: &'static str,
        arg: &'static str,
    ) -> Result<StoredMut<'a, T, B>> {
        match self.0 {
            SrcMutKind::Host(s) => {
                let (ptr, temp) = host_to_device_mut(dev, s, copy_in)?;
                Ok(StoredMut {
                    ptr,
                    dev,
                    target: temp.as_ref().map(|_| s),
                    temp,
                    copy: None,
                })
            }
            SrcMutKind::Device { ptr, dev: own, .. } => {
                check_device(own, dev, routine, arg)?;
                Ok(StoredMut {
                    ptr,
                    dev,
                    temp: None,
                    target: None,
                    copy: None,
                })
            }
            SrcMutKind::Owned(mut v, scatter) => {
                let (ptr, temp) = host_to_device_mut(dev, &mut v, copy_in)?;
                Ok(StoredMut {
                    ptr,
                    dev,
                    temp,
                    target: None,
                    copy: Some((v, scatter)),
                })
            }
        }
    }
}

impl<T: Scalar, B: Backend> StoredMut<'_, T, B> {
    /// Copies the results back to where the argument's elements came from. Not calling it (on
    /// an error path) leaves the host data untouched.
    pub(crate) fn finish(mut self) -> Result<()> {
        if self.temp.is_some() {
            if let Some(t) = self.target.take() {
                download_slice(self.dev, t, self.ptr)?;
            } else if let Some((v, _)) = self.copy.as_mut() {
                download_slice(self.dev, v, self.ptr)?;
            }
        }
        if let Some((v, scatter)) = self.copy.take() {
            scatter(&v);
        }
        Ok(())
    }
}
