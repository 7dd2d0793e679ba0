//! `Debug` for the validated descriptors and the storage they point at (shape and where the
//! elements are; never the elements themselves, which may be on a device).

use std::fmt;

use super::desc::{MatDesc, MatDescMut, VecDesc, VecDescMut};
use super::resolve::{Src, SrcKind, SrcMut, SrcMutKind};
use crate::backend::Backend;
use crate::precision::Element;

impl<T: Element, B: Backend> fmt::Debug for Src<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, len) = match &self.0 {
            SrcKind::Host(s) => ("host", s.len()),
            SrcKind::Device { len, .. } => ("device", *len),
            SrcKind::Owned(v) => ("host copy", v.len()),
            SrcKind::Pinned(s, _) => ("page-locked host", s.len()),
        };
        f.debug_struct("Src")
            .field("kind", &kind)
            .field("len", &len)
            .finish()
    }
}

impl<T: Element, B: Backend> fmt::Debug for SrcMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, len) = match &self.0 {
            SrcMutKind::Host(s) => ("host", s.len()),
            SrcMutKind::Device { len, .. } => ("device", *len),
            SrcMutKind::Owned(v, _) => ("host copy", v.len()),
            SrcMutKind::Pinned(s, _) => ("page-locked host", s.len()),
        };
        f.debug_struct("SrcMut")
            .field("kind", &kind)
            .field("len", &len)
            .finish()
    }
}

impl<T: Element, B: Backend> fmt::Debug for VecDesc<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VecDesc")
            .field("n", &self.n)
            .field("inc", &self.inc)
            .field("src", &self.src)
            .finish()
    }
}

impl<T: Element, B: Backend> fmt::Debug for VecDescMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VecDescMut")
            .field("n", &self.n)
            .field("inc", &self.inc)
            .field("src", &self.src)
            .finish()
    }
}

impl<T: Element, B: Backend> fmt::Debug for MatDesc<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatDesc")
            .field("shape", &self.shape)
            .field("src", &self.src)
            .finish()
    }
}

impl<T: Element, B: Backend> fmt::Debug for MatDescMut<'_, T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatDescMut")
            .field("shape", &self.shape)
            .field("src", &self.src)
            .finish()
    }
}
