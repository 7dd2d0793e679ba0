//! DLPack interop (feature `dlpack`) on the host backend: exported buffers carry the right
//! metadata and own their memory; tensors another producer made (column- and row-major, padded
//! leading dimensions, vectors, every element type) are operands without copies, compared with a
//! naive reference; bad tensors get clear errors and are left untouched.
#![cfg(all(feature = "dlpack", feature = "host"))]

use std::ffi::c_void;
use std::sync::Arc;

use gpublas::interop::dlpack::dlpark::ffi::{
    DLDataType, DLDataTypeCode, DLDevice, DLDeviceType, DLManagedTensor, DLManagedTensorVersioned,
};
use gpublas::interop::dlpack::dlpark::metadata::Fixed;
use gpublas::interop::dlpack::dlpark::{DlpackFlags, Managed, ManagedTensorBase};
use gpublas::interop::dlpack::{DlpackLayout, DlpackView, DlpackViewMut};
use gpublas::prelude::*;
use gpublas::{bf16, f16, Emulated, Host};

const CPU: DLDevice = DLDevice {
    device_type: DLDeviceType::CPU,
    device_id: 0,
};

fn data(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

/// A tensor another producer made: `shape` and `strides` (elements) over a `Vec` it owns.
fn foreign<M: ManagedTensorBase, const N: usize>(
    mut v: Vec<f64>,
    shape: [i64; N],
    strides: [i64; N],
    flags: Option<DlpackFlags>,
) -> Managed<M> {
    let ptr = v.as_mut_ptr().cast::<c_void>();
    let mut init = Fixed::new(shape, strides)
        .initialize_as::<M>(Box::new(v))
        .unwrap();
    init.set_data(ptr)
        .set_device(CPU)
        .set_dtype(DLDataType::scalar(DLDataTypeCode::FLOAT, 64));
    if let Some(f) = flags {
        init.set_flags(f).unwrap();
    }
    // SAFETY: `ptr` is the start of the boxed `Vec` the tensor owns, which holds `shape` at
    // `strides` (the callers' shapes fit their vectors), on the CPU, of f64.
    unsafe { init.finish() }
}

/// The tensor's elements (host memory), as laid out.
fn elements<M: ManagedTensorBase>(t: &Managed<M>, len: usize) -> Vec<f64> {
    let v = t.validate().unwrap();
    // SAFETY: the tensor's data is `len` f64s of host memory the tensor owns.
    unsafe { std::slice::from_raw_parts(v.data_ptr().cast::<f64>(), len) }.to_vec()
}

fn naive_gemm(
    a: impl Fn(usize, usize) -> f64,
    b: impl Fn(usize, usize) -> f64,
    m: usize,
    k: usize,
    n: usize,
) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for j in 0..n {
        for i in 0..m {
            c[i + j * m] = (0..k).map(|p| a(i, p) * b(p, j)).sum();
        }
    }
    c
}

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 1e-12 * (1.0 + want.abs())
}

#[test]
fn exports_carry_shape_strides_type_and_device_and_own_the_buffer() {
    let dev = Device::host();
    fn check<T: gpublas::Element>(dev: &Device<Host>, code: DLDataTypeCode, bits: u8) {
        let buf = dev.zeros::<T>(6).unwrap();
        let at = buf.as_device_ptr().as_raw() as usize;
        let t = buf.into_dlpack_matrix(2, 3).unwrap();
        let v = t.validate().unwrap();
        assert_eq!(v.shape(), [2, 3]);
        assert_eq!(v.strides(), Some(&[1i64, 2][..]), "column-major");
        assert_eq!(v.dtype(), DLDataType::scalar(code, bits));
        assert_eq!(v.device(), CPU);
        assert_eq!(v.data_ptr() as usize, at, "no copy");
        assert_eq!(v.byte_offset(), 0);
        assert!(!t.flags().contains(DlpackFlags::READ_ONLY));
    }
    check::<f32>(&dev, DLDataTypeCode::FLOAT, 32);
    check::<f64>(&dev, DLDataTypeCode::FLOAT, 64);
    check::<Complex32>(&dev, DLDataTypeCode::COMPLEX, 64);
    check::<Complex64>(&dev, DLDataTypeCode::COMPLEX, 128);
    check::<f16>(&dev, DLDataTypeCode::FLOAT, 16);
    check::<bf16>(&dev, DLDataTypeCode::BFLOAT, 16);

    let v = dev
        .upload(&[1.0f64, 2.0, 3.0])
        .unwrap()
        .into_dlpack()
        .unwrap();
    assert_eq!(v.validate().unwrap().shape(), [3]);
    assert_eq!(elements(&v, 3), [1.0, 2.0, 3.0]);

    // Shared: each export holds a clone; both ABIs.
    let buf = Arc::new(dev.upload(&data(8, 1)).unwrap());
    let legacy: Managed<DLManagedTensor> = buf.share_dlpack(Some((4, 2))).unwrap();
    let versioned: Managed<DLManagedTensorVersioned> = buf.share_dlpack(None).unwrap();
    assert_eq!(Arc::strong_count(&buf), 3);
    assert_eq!(elements(&legacy, 8), data(8, 1));
    drop((legacy, versioned));
    assert_eq!(
        Arc::strong_count(&buf),
        1,
        "the deleters dropped their clones"
    );

    let e = dev
        .zeros::<f64>(6)
        .unwrap()
        .into_dlpack_matrix(4, 2)
        .map(|_| ());
    assert!(matches!(e, Err(Error::InvalidArgument { .. })), "{e:?}");
    let emu = Device::new(Emulated::new());
    let e = emu.zeros::<f64>(2).unwrap().into_dlpack().map(|_| ());
    assert!(matches!(e, Err(Error::Unsupported { .. })), "{e:?}");
}

/// gemm on foreign tensors in every layout gpublas takes: A column-major with ld > rows, B
/// row-major with ld > cols, C written in place (row-major, NaN before: β = 0 overwrites).
#[test]
fn foreign_tensors_are_gemm_operands_in_place() {
    let dev = Device::host();
    let (m, k, n) = (5, 4, 3);
    let (lda, ldb, ldc) = (7, 6, 4);
    let av = data(lda * k, 2);
    let bv = data(k * ldb, 3);
    let a: Managed<DLManagedTensorVersioned> =
        foreign(av.clone(), [m as i64, k as i64], [1, lda as i64], None);
    let b: Managed<DLManagedTensor> =
        foreign(bv.clone(), [k as i64, n as i64], [ldb as i64, 1], None);
    let mut c: Managed<DLManagedTensorVersioned> = foreign(
        vec![f64::NAN; m * ldc],
        [m as i64, n as i64],
        [ldc as i64, 1],
        None,
    );
    dev.with_dlpack(&a, |a: &DlpackView<'_, f64, _>| {
        assert_eq!(
            a.layout(),
            DlpackLayout::Matrix {
                rows: m,
                cols: k,
                ld: lda,
                order: Order::ColMajor
            }
        );
        assert!(a.slice().is_err(), "a padded matrix is no slice");
        dev.with_dlpack(&b, |b: &DlpackView<'_, f64, _>| {
            dev.with_dlpack_mut(&mut c, |c: &mut DlpackViewMut<'_, f64, _>| {
                dev.gemm(Op::N, Op::N, 1.0, a.mat(), b.mat(), 0.0, c.mat_mut())
            })
        })
    })
    .unwrap();
    let want = naive_gemm(|i, p| av[i + p * lda], |p, j| bv[p * ldb + j], m, k, n);
    let got = elements(&c, m * ldc);
    for i in 0..m {
        for j in 0..n {
            assert!(close(got[i * ldc + j], want[i + j * m]), "C[{i},{j}]");
        }
        assert!(
            got[i * ldc + n].is_nan(),
            "the padding of row {i} is untouched"
        );
    }
}

#[test]
fn foreign_vectors_are_level_1_operands() {
    let dev = Device::host();
    let (x0, y0) = (data(9, 4), data(9, 5));
    let x: Managed<DLManagedTensorVersioned> = foreign(x0.clone(), [9], [1], None);
    let mut y: Managed<DLManagedTensorVersioned> = foreign(y0.clone(), [9], [1], None);
    let dot = dev
        .with_dlpack(&x, |x: &DlpackView<'_, f64, _>| {
            dev.with_dlpack_mut(&mut y, |y: &mut DlpackViewMut<'_, f64, _>| {
                dev.axpy(2.0, x, &mut *y)?;
                dev.dot(x, &*y)
            })
        })
        .unwrap();
    let want: Vec<f64> = x0.iter().zip(&y0).map(|(x, y)| 2.0 * x + y).collect();
    let got = elements(&y, 9);
    for (g, w) in got.iter().zip(&want) {
        assert!(close(*g, *w));
    }
    let want_dot: f64 = x0.iter().zip(&want).map(|(a, b)| a * b).sum();
    assert!(close(dot, want_dot));
}

#[test]
fn bad_tensors_get_clear_errors_and_stay_untouched() {
    let dev = Device::host();
    let t: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 4], [4], [1], None);
    // Another element type.
    let e = dev.with_dlpack(&t, |x: &DlpackView<'_, f32, _>| dev.asum(x));
    assert!(
        matches!(&e, Err(Error::InvalidArgument { .. })) && format!("{e:?}").contains("float64"),
        "{e:?}"
    );
    // Layouts gpublas does not take.
    let strided: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 8], [4], [2], None);
    let cube: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 8], [2, 2, 2], [1, 2, 4], None);
    let no_unit: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 16], [2, 2], [2, 8], None);
    let overlapping: Managed<DLManagedTensorVersioned> =
        foreign(vec![1.0; 4], [3, 3], [1, 1], None);
    for t in [&strided, &cube, &no_unit, &overlapping] {
        let e = dev.with_dlpack(t, |x: &DlpackView<'_, f64, _>| dev.asum(x.slice()?));
        assert!(matches!(e, Err(Error::Unsupported { .. })), "{e:?}");
    }
    // Read-only for a writer; the vector is left as it was.
    let mut ro: Managed<DLManagedTensorVersioned> =
        foreign(vec![1.0; 3], [3], [1], Some(DlpackFlags::READ_ONLY));
    let e = dev.with_dlpack_mut(&mut ro, |x: &mut DlpackViewMut<'_, f64, _>| {
        dev.scal(2.0, x)
    });
    assert!(
        matches!(&e, Err(Error::InvalidArgument { .. })) && format!("{e:?}").contains("read-only"),
        "{e:?}"
    );
    assert_eq!(elements(&ro, 3), [1.0; 3]);
    // A matrix with gaps as a vector.
    let mut padded: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 6], [2, 2], [1, 3], None);
    let e = dev.with_dlpack_mut(&mut padded, |x: &mut DlpackViewMut<'_, f64, _>| {
        dev.scal(0.0, x)
    });
    assert!(matches!(e, Err(Error::Unsupported { .. })), "{e:?}");
    assert_eq!(elements(&padded, 6), [1.0; 6]);
    // Another device's tensor.
    let gpu: Managed<DLManagedTensorVersioned> = foreign(vec![1.0; 2], [2], [1], None);
    // SAFETY: only the device field changes; nothing reads the data as GPU memory.
    unsafe {
        (*gpu.as_ptr()).dl_tensor.device = DLDevice {
            device_type: DLDeviceType::CUDA,
            device_id: 0,
        }
    };
    let e = dev.with_dlpack(&gpu, |x: &DlpackView<'_, f64, _>| dev.asum(x));
    assert!(
        matches!(&e, Err(Error::InvalidArgument { .. }))
            && format!("{e:?}").contains("DLPack device 2:0"),
        "{e:?}"
    );
    // The emulated GPU has no DLPack device.
    let emu = Device::new(Emulated::new());
    let e = emu.with_dlpack(&t, |x: &DlpackView<'_, f64, _>| emu.asum(x));
    assert!(matches!(e, Err(Error::Unsupported { .. })), "{e:?}");
    // Empty tensors are fine (any address).
    let empty: Managed<DLManagedTensorVersioned> = foreign(Vec::new(), [0, 3], [1, 1], None);
    let s = dev.with_dlpack(&empty, |x: &DlpackView<'_, f64, _>| {
        assert_eq!(
            x.layout(),
            DlpackLayout::Matrix {
                rows: 0,
                cols: 3,
                ld: 1,
                order: Order::ColMajor
            }
        );
        dev.asum(x.slice()?)
    });
    assert_eq!(s.unwrap(), 0.0);
}
