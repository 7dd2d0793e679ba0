//! gpublas on PyTorch tensors through DLPack, as a Python extension module (`gpublas_torch`):
//! `Gpu.gemm` and `Gpu.scal` compute in place on the caller's CUDA tensors (no copies: the
//! tensors are lent to gpublas with `Device::with_dlpack`), and `Gpu.full` returns gpublas's
//! own memory as an object `torch.from_dlpack` takes (the `__dlpack__` protocol, either ABI).
//! `check.py` checks it against `torch.matmul` on a GPU; `scripts/gpu.sh` builds and runs it.

use std::ffi::c_void;
use std::sync::Arc;

use dlpark::ffi::{DLDevice, DLDeviceType, DLManagedTensor, DLManagedTensorVersioned};
use dlpark::python::{DlpackExporter, DlpackStream, ExportRequest, ImportedDlpack, StreamArg};
use dlpark::{DlpackFlags, Managed};
use gpublas::interop::dlpack::{DlpackView, DlpackViewMut};
use gpublas::prelude::*;
use gpublas::{Cuda, DeviceBuffer};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

fn err(e: gpublas::Error) -> PyErr {
    PyRuntimeError::new_err(e.to_string())
}

/// gpublas's stream, named to a producer's `__dlpack__(stream=…)`, so the producer orders its
/// pending work on the tensor before gpublas's calls.
struct Stream(*mut c_void);

// SAFETY: the stream is the device's own, live while the device is (the import happens while
// `Gpu` is borrowed); it is only handed to the producer as an integer.
unsafe impl DlpackStream for Stream {
    fn as_python_arg(&self, _py: Python<'_>, device: DLDevice) -> PyResult<StreamArg> {
        Ok(if device.device_type == DLDeviceType::CUDA {
            dlpark::python::consumer::stream::cuda(self.0)
        } else {
            // A tensor of another device (which gpublas then refuses, saying which): no stream.
            dlpark::python::consumer::stream::none()
        })
    }
}

fn view<R>(
    dev: &Device<Cuda>,
    t: &ImportedDlpack,
    f: impl for<'v> FnOnce(&DlpackView<'v, f64, Cuda>) -> gpublas::Result<R>,
) -> gpublas::Result<R> {
    match t {
        ImportedDlpack::Legacy(m) => dev.with_dlpack(m, f),
        ImportedDlpack::Versioned(m) => dev.with_dlpack(m, f),
    }
}

fn view_mut<R>(
    dev: &Device<Cuda>,
    t: &mut ImportedDlpack,
    f: impl for<'v> FnOnce(&mut DlpackViewMut<'v, f64, Cuda>) -> gpublas::Result<R>,
) -> gpublas::Result<R> {
    match t {
        ImportedDlpack::Legacy(m) => dev.with_dlpack_mut(m, f),
        ImportedDlpack::Versioned(m) => dev.with_dlpack_mut(m, f),
    }
}

/// One CUDA device of gpublas.
#[pyclass]
struct Gpu {
    dev: Device<Cuda>,
}

impl Gpu {
    fn import(&self, t: &Bound<'_, PyAny>) -> PyResult<ImportedDlpack> {
        let stream = Stream(self.dev.backend().stream().cast());
        dlpark::python::from_dlpack(t.as_borrowed(), Some(&stream), None)
    }
}

#[pymethods]
impl Gpu {
    #[new]
    fn new(ordinal: usize) -> PyResult<Self> {
        Ok(Gpu {
            dev: Device::cuda(ordinal).map_err(err)?,
        })
    }

    fn describe(&self) -> String {
        self.dev.describe()
    }

    /// `c ← alpha·a·b + beta·c` on float64 CUDA matrices (any layout gpublas takes), `c` in
    /// place.
    fn gemm(
        &self,
        alpha: f64,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        beta: f64,
        c: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (a, b, mut c) = (self.import(a)?, self.import(b)?, self.import(c)?);
        let dev = &self.dev;
        view(dev, &a, |a| {
            view(dev, &b, |b| {
                view_mut(dev, &mut c, |c| {
                    dev.gemm(Op::N, Op::N, alpha, a.mat(), b.mat(), beta, c.mat_mut())
                })
            })
        })
        .map_err(err)
    }

    /// `x ← alpha·x` on a contiguous float64 CUDA vector, in place.
    fn scal(&self, alpha: f64, x: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut x = self.import(x)?;
        view_mut(&self.dev, &mut x, |x| self.dev.scal(alpha, x)).map_err(err)
    }

    /// A `rows × cols` matrix of gpublas's memory (column-major) filled with `value`, for
    /// `torch.from_dlpack`.
    fn full(&self, rows: usize, cols: usize, value: f64) -> PyResult<Exported> {
        let buf = self.dev.upload(&vec![value; rows * cols]).map_err(err)?;
        Ok(Exported {
            buf: Arc::new(buf),
            rows,
            cols,
        })
    }
}

/// gpublas's memory offered to a DLPack consumer (`torch.from_dlpack(obj)`).
#[pyclass]
struct Exported {
    buf: Arc<DeviceBuffer<f64, Cuda>>,
    rows: usize,
    cols: usize,
}

#[pymethods]
impl Exported {
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__(
        &self,
        py: Python<'_>,
        stream: Option<Bound<'_, PyAny>>,
        max_version: Option<(u32, u32)>,
        dl_device: Option<(u32, i32)>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let request = ExportRequest::parse(stream.as_ref(), max_version, dl_device, copy)?;
        dlpark::python::export_dlpack(self, py, request)
    }

    fn __dlpack_device__(&self) -> (u32, i32) {
        let d = DlpackExporter::device(self);
        (d.device_type.0, d.device_id)
    }

    /// The device address of the memory (to check that no copy was made).
    #[getter]
    fn data_ptr(&self) -> usize {
        self.buf.as_device_ptr().as_raw() as usize
    }
}

impl DlpackExporter for Exported {
    fn device(&self) -> DLDevice {
        DLDevice {
            device_type: DLDeviceType::CUDA,
            device_id: self.buf.device().backend().ordinal() as i32,
        }
    }
    fn flags(&self) -> DlpackFlags {
        DlpackFlags::empty()
    }
    fn prepare_export(&self, _py: Python<'_>, _request: &ExportRequest<'_>) -> PyResult<()> {
        // `share_dlpack` synchronises the device: the data is complete on every stream.
        Ok(())
    }
    fn export_legacy(&self, _py: Python<'_>) -> PyResult<Managed<DLManagedTensor>> {
        self.buf
            .share_dlpack(Some((self.rows, self.cols)))
            .map_err(err)
    }
    fn export_versioned(&self, _py: Python<'_>) -> PyResult<Managed<DLManagedTensorVersioned>> {
        self.buf
            .share_dlpack(Some((self.rows, self.cols)))
            .map_err(err)
    }
}

#[pymodule]
fn gpublas_torch(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Gpu>()?;
    m.add_class::<Exported>()?;
    Ok(())
}
