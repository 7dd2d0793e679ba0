//! Operands that share one matrix, as LAPACK passes them: rows (increment `lda`) interleaved
//! with columns and with each other. Results must equal a naive computation on separate copies.

use gpublas_blas::fortran::{level1, level2, level3};

/// A column-major `m × n` matrix with distinct, exactly representable entries.
fn matrix(m: usize, n: usize) -> Vec<f64> {
    (0..m * n).map(|i| (i as f64) * 0.5 - 7.0).collect()
}

#[test]
fn swap_of_two_interleaved_rows_matches_a_naive_swap() {
    let (m, n) = (5usize, 4usize);
    let mut a = matrix(m, n);
    let mut want = a.clone();
    for j in 0..n {
        want.swap(1 + j * m, 3 + j * m);
    }
    let (nn, lda) = (n as i32, m as i32);
    let p = a.as_mut_ptr();
    // SAFETY: rows 1 and 3 of `a`, each `n` elements `m` apart, inside `a`.
    unsafe { level1::swap::<f64, i32>(&nn, p.add(1), &lda, p.add(3), &lda) };
    assert_eq!(a, want);
}

#[test]
fn rot_of_interleaved_rows_with_negative_increment_matches_a_naive_rotation() {
    let (m, n) = (4usize, 6usize);
    let mut a = matrix(m, n);
    let (c, s) = (0.6f64, 0.8f64);
    let mut want = a.clone();
    // Row 0 walked forwards against row 2 walked backwards.
    for i in 0..n {
        let (ix, iy) = (i * m, 2 + (n - 1 - i) * m);
        let (x, y) = (a[ix], a[iy]);
        want[ix] = c * x + s * y;
        want[iy] = c * y - s * x;
    }
    let (nn, lda, nlda) = (n as i32, m as i32, -(m as i32));
    let p = a.as_mut_ptr();
    // SAFETY: rows 0 and 2 of `a` (the second walked from its end), inside `a`.
    unsafe { level1::rot::<f64, i32>(&nn, p, &lda, p.add(2), &nlda, &c, &s) };
    for (got, want) in a.iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}

#[test]
fn ger_with_x_a_row_of_the_updated_matrix_reads_x_before_writing() {
    // A(1:m-1, :) += alpha · x yᵀ with x = column 0 of the rows 1.. and y = row 0 (increment
    // lda), all inside one array: y's span interleaves with the updated block.
    let (m, n) = (5usize, 4usize);
    let mut a = matrix(m, n);
    let alpha = 0.25f64;
    let y: Vec<f64> = (0..n).map(|j| a[j * m]).collect();
    let x: Vec<f64> = vec![1.0, -2.0, 3.0, 0.5];
    let mut want = a.clone();
    for j in 0..n {
        for i in 0..m - 1 {
            want[1 + i + j * m] += alpha * x[i] * y[j];
        }
    }
    let (mm, nn, lda, one) = ((m - 1) as i32, n as i32, m as i32, 1i32);
    let p = a.as_mut_ptr();
    // SAFETY: y is row 0 of `a` (n elements, lda apart), the updated block rows 1.. of `a`.
    unsafe { level2::ger::<f64, i32>(&mm, &nn, &alpha, x.as_ptr(), &one, p, &lda, p.add(1), &lda) };
    for (got, want) in a.iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}

#[test]
fn gemv_into_a_row_of_its_own_matrix_uses_the_old_values() {
    // y = row 0 of A (increment lda) ← Bᵀ x + y, B = rows 1.. of the same A.
    let (m, n) = (4usize, 3usize);
    let mut a = matrix(m, n);
    let x = [2.0f64, -1.0, 0.5];
    let mut want = a.clone();
    for j in 0..n {
        let dot: f64 = (0..m - 1).map(|i| a[1 + i + j * m] * x[i]).sum();
        want[j * m] = dot + a[j * m];
    }
    let (mm, nn, lda, one) = ((m - 1) as i32, n as i32, m as i32, 1i32);
    let (alpha, beta) = (1.0f64, 1.0f64);
    let p = a.as_mut_ptr();
    // SAFETY: B is rows 1.. of `a`, y is row 0 of `a`; both inside `a`.
    unsafe {
        level2::gemv::<f64, i32>(
            c"T".as_ptr(),
            &mm,
            &nn,
            &alpha,
            p.add(1),
            &lda,
            x.as_ptr(),
            &one,
            &beta,
            p,
            &lda,
            1,
        )
    };
    for (got, want) in a.iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}

#[test]
fn zero_dimensions_never_touch_null_arrays() {
    let (zero, one) = (0i32, 1i32);
    let (alpha, beta) = (1.0f64, 0.0f64);
    let null = std::ptr::null_mut::<f64>();
    // SAFETY: with m = n = 0 reference BLAS reads no array; null pointers must be fine.
    unsafe {
        level2::gemv::<f64, i32>(
            c"N".as_ptr(),
            &zero,
            &zero,
            &alpha,
            null,
            &one,
            null,
            &one,
            &beta,
            null,
            &one,
            1,
        );
        level1::axpy::<f64, i32>(&zero, &alpha, null, &one, null, &one);
    }
}

#[test]
fn gemm_update_of_lu_reads_only_the_block_rows_elements() {
    // LAPACK's blocked LU (`dgetrf`): A(j+b:, j+b:) -= A(j+b:, j:j+b) · A(j:j+b, j+b:), every
    // operand a block of one array. B's span (its columns lda apart) interleaves with C's
    // columns, so B is copied — its elements, not its span — and the results must equal a
    // naive update on separate copies, with nothing outside C changed.
    let (n, lda, j, b) = (9usize, 11usize, 2usize, 3usize);
    let mut a: Vec<f64> = (0..lda * n)
        .map(|i| ((i * 37 % 23) as f64) * 0.25 - 2.0)
        .collect();
    let at = |v: &Vec<f64>, r: usize, c: usize| v[r + c * lda];
    let mut want = a.clone();
    let (r0, m) = (j + b, n - j - b);
    for c in r0..n {
        for r in r0..n {
            let s: f64 = (0..b).map(|l| at(&a, r, j + l) * at(&a, j + l, c)).sum();
            want[r + c * lda] -= s;
        }
    }
    let (mm, kk, ld) = (m as i32, b as i32, lda as i32);
    let (alpha, beta) = (-1.0f64, 1.0f64);
    let p = a.as_mut_ptr();
    // SAFETY: the three blocks lie inside `a` (rows < n ≤ lda, columns < n); C is written
    // and read by nothing else.
    unsafe {
        level3::gemm::<f64, i32>(
            c"N".as_ptr(),
            c"N".as_ptr(),
            &mm,
            &mm,
            &kk,
            &alpha,
            p.add(r0 + j * lda),
            &ld,
            p.add(j + r0 * lda),
            &ld,
            &beta,
            p.add(r0 + r0 * lda),
            &ld,
            1,
            1,
        )
    };
    for (got, want) in a.iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}

#[test]
fn ger_with_y_a_row_walked_backwards_through_the_updated_block() {
    // A(1:m, :) += alpha · x yᵀ with y = row 0 walked with increment −lda: y's span interleaves
    // with the updated block, so it is gathered (in the reference's order) before the update.
    let (m, n, lda) = (5usize, 4usize, 6usize);
    let mut a: Vec<f64> = (0..lda * n).map(|i| (i as f64) * 0.5 - 9.0).collect();
    let alpha = -0.75f64;
    let y: Vec<f64> = (0..n).map(|l| a[(n - 1 - l) * lda]).collect(); // reference order for −lda
    let x = [1.5f64, -2.0, 0.25, 4.0];
    let mut want = a.clone();
    for c in 0..n {
        for i in 0..m - 1 {
            want[1 + i + c * lda] += alpha * x[i] * y[c];
        }
    }
    let (mm, nn, ld, nld, one) = ((m - 1) as i32, n as i32, lda as i32, -(lda as i32), 1i32);
    let p = a.as_mut_ptr();
    // SAFETY: y is row 0 of `a`'s n columns, the updated block rows 1..m of them; both inside
    // `a` and disjoint element by element.
    unsafe { level2::ger::<f64, i32>(&mm, &nn, &alpha, x.as_ptr(), &one, p, &nld, p.add(1), &ld) };
    for (got, want) in a.iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
}
