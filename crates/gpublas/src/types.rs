//! The small enums BLAS calls take: [`Op`], [`Uplo`], [`Side`], [`Diag`], and storage [`Order`].

/// How an operand enters an operation: as is, transposed, or conjugate-transposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `A` (BLAS `'N'`).
    N,
    /// `Aᵀ` (BLAS `'T'`).
    T,
    /// `Aᴴ` (BLAS `'C'`); the same as `T` for real types.
    C,
}

impl Op {
    /// Whether the operand's rows and columns swap.
    pub fn transposes(self) -> bool {
        self != Op::N
    }

    /// The operand's shape after the op, given its stored shape.
    pub fn apply(self, rows: usize, cols: usize) -> (usize, usize) {
        if self.transposes() {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// The op that gives `op(X)` when applied to the stored transpose `Xᵀ` instead of `X`:
    /// `N ↔ T`; `C` is not expressible (it would need a conjugate without a transpose) unless
    /// the type is real, where `C` is `T`.
    pub(crate) fn on_transposed(self, is_complex: bool) -> Option<Op> {
        match self {
            Op::N => Some(Op::T),
            Op::T => Some(Op::N),
            Op::C if is_complex => None,
            Op::C => Some(Op::N),
        }
    }
}

/// Which triangle of a matrix is referenced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uplo {
    /// The upper triangle.
    Upper,
    /// The lower triangle.
    Lower,
}

impl Uplo {
    /// The other triangle (the one a transpose moves this one to).
    pub fn flip(self) -> Uplo {
        match self {
            Uplo::Upper => Uplo::Lower,
            Uplo::Lower => Uplo::Upper,
        }
    }
}

/// On which side the triangular matrix stands in `trsm`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// `op(A) X = αB`.
    Left,
    /// `X op(A) = αB`.
    Right,
}

impl Side {
    /// The other side.
    pub fn flip(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// Whether a triangular matrix has an implicit unit diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Diag {
    /// The diagonal is read from the matrix.
    NonUnit,
    /// The diagonal is taken to be all ones and never read.
    Unit,
}

/// How a matrix is laid out in its buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// Columns are contiguous; the leading dimension is the distance between columns (BLAS's own).
    ColMajor,
    /// Rows are contiguous; the leading dimension is the distance between rows (C's and ndarray's default).
    RowMajor,
}
