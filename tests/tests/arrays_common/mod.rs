//! Arrays of matrices for the batched conformance tests (`gemm_batched.rs`, `trsm_batched.rs`):
//! the same matrices passed as a `Vec` of `Mat`s in separate buffers, a `MatArray` at shuffled
//! offsets of one buffer, a strided batch, or one shared matrix; NaN everywhere outside them.

// Each test file uses a different subset.
#![allow(dead_code)]

use gpublas_tests::gpublas::{MatArray, MatArrayMut};
use gpublas_tests::*;

/// How an array of matrices is passed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Form {
    /// A `Vec<Mat>`, each matrix in its own buffer.
    List,
    /// A `MatArray`: one buffer, matrices at offsets in reverse order with gaps between them.
    Offsets,
    /// A strided batch (`Mat::batched`) with gaps.
    Strided,
    /// One matrix for every entry (a `MatArray` with all offsets 0; inputs only).
    Shared,
}

pub const FORMS: [Form; 3] = [Form::List, Form::Offsets, Form::Strided];

/// An array of `count` matrices of layout `l` in form `form`: its buffers (NaN outside the
/// matrices), and where matrix `i` starts (buffer, offset).
#[derive(Clone)]
pub struct Arr<T> {
    pub form: Form,
    pub l: Layout,
    pub count: usize,
    pub bufs: Vec<Vec<T>>,
    pub at: Vec<(usize, usize)>,
    pub offs: Vec<usize>,
}

impl<T: TestScalar> Arr<T> {
    /// Random matrices (or NaN ones if `nan`).
    pub fn new(r: &mut ChaCha8Rng, form: Form, l: Layout, count: usize, nan: bool) -> Self {
        Self::with(
            form,
            l,
            count,
            |_, _| if nan { T::nan() } else { rand_scalar(r) },
        )
    }

    pub fn with(
        form: Form,
        l: Layout,
        count: usize,
        mut elem: impl FnMut(usize, usize) -> T,
    ) -> Self {
        let slot = l.len() + 3;
        let (mut bufs, at): (Vec<Vec<T>>, Vec<(usize, usize)>) = match form {
            Form::List => (
                (0..count).map(|_| poison::<T>(l.len() + 2)).collect(),
                (0..count).map(|i| (i, 0)).collect(),
            ),
            Form::Offsets => (
                vec![poison::<T>(count * slot + 2)],
                (0..count).map(|i| (0, (count - 1 - i) * slot)).collect(),
            ),
            Form::Strided => (
                vec![poison::<T>(count * slot + 2)],
                (0..count).map(|i| (0, i * slot)).collect(),
            ),
            Form::Shared => (vec![poison::<T>(l.len() + 2)], vec![(0, 0); count]),
        };
        let distinct = if form == Form::Shared {
            count.min(1)
        } else {
            count
        };
        for &(b, off) in &at[..distinct] {
            for j in 0..l.cols {
                for i in 0..l.rows {
                    bufs[b][off + l.idx(i, j)] = elem(i, j);
                }
            }
        }
        let offs = at.iter().map(|&(_, o)| o).collect();
        Arr {
            form,
            l,
            count,
            bufs,
            at,
            offs,
        }
    }

    pub fn read(&self, i: usize) -> M {
        let (b, off) = self.at[i];
        read_mat(&self.bufs[b][off..], self.l)
    }

    /// Whether element `k` of buffer `b` belongs to one of the matrices.
    pub fn covers(&self, b: usize, k: usize) -> bool {
        self.at.iter().any(|&(bi, off)| {
            bi == b && k >= off && k - off < self.l.len() && self.l.covers(k - off)
        })
    }

    pub fn input(&self) -> In<'_, T> {
        match self.form {
            Form::List => In::List(self.bufs.iter().map(|v| self.l.mat(v)).collect()),
            Form::Offsets | Form::Shared => {
                In::Offsets(self.l.mat(&self.bufs[0]).at_offsets(&self.offs))
            }
            Form::Strided => In::Strided(
                self.l
                    .mat(&self.bufs[0])
                    .batched(self.count, self.l.len() + 3),
            ),
        }
    }

    pub fn output(&mut self) -> Out<'_, T> {
        let Arr {
            form,
            l,
            count,
            bufs,
            offs,
            ..
        } = self;
        match form {
            Form::List => Out::List(bufs.iter_mut().map(|v| l.mat_mut(v)).collect()),
            Form::Offsets | Form::Shared => Out::Offsets(l.mat_mut(&mut bufs[0]).at_offsets(offs)),
            Form::Strided => Out::Strided(l.mat_mut(&mut bufs[0]).batched(*count, l.len() + 3)),
        }
    }
}

/// An array of input matrices in one of the forms.
pub enum In<'a, T> {
    List(Vec<Mat<'a, Vec<T>>>),
    Offsets(MatArray<'a, Vec<T>>),
    Strided(Mat<'a, Vec<T>>),
}

/// An array of output matrices in one of the forms.
pub enum Out<'a, T> {
    List(Vec<MatMut<'a, Vec<T>>>),
    Offsets(MatArrayMut<'a, Vec<T>>),
    Strided(MatMut<'a, Vec<T>>),
}

/// Asserts matrix `i` of `after` matches `want[i]` (within `tol(k, mag)`) and every other
/// element of its buffers is bit-for-bit that of `before`.
#[track_caller]
pub fn check_arr<T: TestScalar>(
    what: &str,
    before: &Arr<T>,
    after: &Arr<T>,
    want: &[(M, M)],
    k: usize,
) {
    for (i, (w, mag)) in want.iter().enumerate() {
        assert_close::<T>(&format!("{what}, matrix {i}"), &after.read(i), w, mag, k);
    }
    for (b, (x, y)) in before.bufs.iter().zip(&after.bufs).enumerate() {
        for e in 0..x.len() {
            if !after.covers(b, e) {
                assert!(
                    x[e].bits() == y[e].bits(),
                    "{what}: buffer {b} element {e} (outside every matrix) changed from {:?} to {:?}",
                    x[e],
                    y[e]
                );
            }
        }
    }
}

/// gemm_batched with operands in whichever forms they are.
pub fn gemm_batched_any<T: TestScalar>(
    dev: &Device,
    (ta, tb): (Op, Op),
    (alpha, beta): (T, T),
    (a, b, c): (In<'_, T>, In<'_, T>, Out<'_, T>),
) -> Result<(), Error> {
    macro_rules! go {
        ($a:expr, $b:expr) => {
            match c {
                Out::List(c) => dev.gemm_batched(ta, tb, alpha, $a, $b, beta, c),
                Out::Offsets(c) => dev.gemm_batched(ta, tb, alpha, $a, $b, beta, c),
                Out::Strided(c) => dev.gemm_batched(ta, tb, alpha, $a, $b, beta, c),
            }
        };
    }
    match (a, b) {
        (In::List(a), In::List(b)) => go!(a, b),
        (In::List(a), In::Offsets(b)) => go!(a, b),
        (In::List(a), In::Strided(b)) => go!(a, b),
        (In::Offsets(a), In::List(b)) => go!(a, b),
        (In::Offsets(a), In::Offsets(b)) => go!(a, b),
        (In::Offsets(a), In::Strided(b)) => go!(a, b),
        (In::Strided(a), In::List(b)) => go!(a, b),
        (In::Strided(a), In::Offsets(b)) => go!(a, b),
        (In::Strided(a), In::Strided(b)) => go!(a, b),
    }
}

/// trsm_batched with operands in whichever forms they are.
pub fn trsm_batched_any<T: TestScalar>(
    dev: &Device,
    (side, uplo, trans, diag): (Side, Uplo, Op, Diag),
    alpha: T,
    a: In<'_, T>,
    b: Out<'_, T>,
) -> Result<(), Error> {
    macro_rules! go {
        ($a:expr) => {
            match b {
                Out::List(b) => dev.trsm_batched(side, uplo, trans, diag, alpha, $a, b),
                Out::Offsets(b) => dev.trsm_batched(side, uplo, trans, diag, alpha, $a, b),
                Out::Strided(b) => dev.trsm_batched(side, uplo, trans, diag, alpha, $a, b),
            }
        };
    }
    match a {
        In::List(a) => go!(a),
        In::Offsets(a) => go!(a),
        In::Strided(a) => go!(a),
    }
}
