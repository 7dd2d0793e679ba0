//! Level 1 conformance beyond the first routines: rotg (real against netlib's values, complex
//! against the defining equations), rotmg against netlib's `drotmg` (every flag and the
//! rescaling), rot / rot_complex / rotm with increments −3…3 (0 and negative ones with
//! reference BLAS's sequential semantics), the extended-precision dots (sdsdot/dsdot) and
//! scal_real (csscal/zdscal), with NaN in every gap to prove untouched elements stay untouched.

use gpublas_tests::*;

const SIZES: [usize; 4] = [0, 1, 2, 9];
const INCS: [isize; 7] = [-3, -2, -1, 0, 1, 2, 3];

/// A buffer as the reference sees it.
fn z<T: TestScalar>(b: &[T]) -> Vec<Z> {
    b.iter().map(|v| v.to_c()).collect()
}

/// The expected buffer for `assert_buffer_matches`: the reference's values (within `tol(·, mag)`)
/// where the vector's elements are, `None` (bit-for-bit unchanged) elsewhere.
fn expect(v: VLayout, len: usize, want: &[Z], mag: f64) -> Vec<Option<(Z, f64)>> {
    let mut e = vec![None; len];
    for i in 0..v.n {
        let k = v.idx(i);
        e[k] = Some((want[k], mag));
    }
    e
}

/// `Σ |elements|` of the vector in `b`: a bound on every value a rotation sequence can produce.
fn total(b: &[Z], v: VLayout) -> f64 {
    (0..v.n).map(|i| b[v.idx(i)].norm()).sum()
}

fn rotg_real_matches_netlib<T: TestScalar + Scalar<Real = T>>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rotg_real"));
    let mut cases: Vec<(f64, f64)> = vec![
        (0.0, 0.0),
        (3.0, 0.0),
        (-3.0, 0.0),
        (0.0, 4.0),
        (0.0, -4.0),
        (3.0, 4.0),
        (-4.0, 3.0),
        (1.0, -1.0),
    ];
    for _ in 0..20 {
        let (a, b): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
        cases.push((a.to_c().re, b.to_c().re));
    }
    for (a, b) in cases {
        let (a, b) = (T::round(a), T::round(b));
        let g = dev
            .rotg(T::from_c(zr(a)), T::from_c(zr(b)))
            .unwrap_or_else(|e| panic!("rotg({a}, {b}): {e}"));
        let (r_ref, z_ref, c_ref, s_ref) = ref_rotg_real(a, b);
        let what = format!("rotg({a}, {b})");
        let mag = a.abs() + b.abs();
        assert_scalar_close::<T>(&format!("{what} r"), g.r.to_c(), zr(r_ref), mag, 4);
        assert_scalar_close::<T>(&format!("{what} c"), g.c.to_c(), zr(c_ref), 1.0, 4);
        assert_scalar_close::<T>(&format!("{what} s"), g.s.to_c(), zr(s_ref), 1.0, 4);
        let z =
            g.z.unwrap_or_else(|| panic!("{what}: real rotg returns z"))
                .to_c();
        assert_scalar_close::<T>(&format!("{what} z"), z, zr(z_ref), z_ref.abs().max(1.0), 4);
        let res = rotg_residual(zr(a), zr(b), g.r.to_c(), g.c.to_c().re, g.s.to_c());
        assert!(res <= tol::<T>(4, 1.0), "{what}: residual {res:e}");
    }
}

fn rotg_complex_is_a_rotation_zeroing_b<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rotg_complex"));
    let mut cases: Vec<(Z, Z)> = vec![
        (Z::new(0.0, 0.0), Z::new(0.0, 0.0)),
        (Z::new(1.0, -2.0), Z::new(0.0, 0.0)),
        (Z::new(0.0, 0.0), Z::new(3.0, 4.0)),
        (Z::new(0.0, 0.0), Z::new(-2.0, 0.0)),
        (Z::new(3.0, 0.0), Z::new(0.0, 4.0)),
    ];
    for _ in 0..20 {
        let (a, b): (T, T) = (rand_scalar(&mut r), rand_scalar(&mut r));
        cases.push((a.to_c(), b.to_c()));
    }
    for (a, b) in cases {
        let (at, bt) = (T::from_c(a), T::from_c(b));
        let (a, b) = (at.to_c(), bt.to_c());
        let g = dev
            .rotg(at, bt)
            .unwrap_or_else(|e| panic!("rotg({a}, {b}): {e}"));
        let what = format!("rotg({a}, {b})");
        assert!(g.z.is_none(), "{what}: complex rotg returns no z");
        let c = real_to_f64::<T>(g.c);
        assert!((0.0..=1.0 + 4.0 * T::EPS).contains(&c), "{what}: c = {c}");
        let res = rotg_residual(a, b, g.r.to_c(), c, g.s.to_c());
        assert!(res <= tol::<T>(4, 1.0), "{what}: residual {res:e}");
        let (r_ref, c_ref, s_ref) = ref_rotg_complex(a, b);
        // |r| is the norm of (a, b) whatever rotation is chosen; for a ≠ 0 the rotation is
        // unique (c > 0, r along a).
        let mag = a.norm() + b.norm();
        assert_scalar_close::<T>(
            &format!("{what} |r|"),
            zr(g.r.to_c().norm()),
            zr(r_ref.norm()),
            mag,
            4,
        );
        if a != Z::new(0.0, 0.0) {
            assert_scalar_close::<T>(&format!("{what} r"), g.r.to_c(), r_ref, mag, 4);
            assert_scalar_close::<T>(&format!("{what} c"), zr(c), zr(c_ref), 1.0, 4);
            assert_scalar_close::<T>(&format!("{what} s"), g.s.to_c(), s_ref, 1.0, 4);
        }
    }
}

fn rotmg_matches_netlib_for_every_flag<T: TestScalar + Scalar<Real = T>>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rotmg"));
    // (d1, d2, x1, y1): flag 0 (|q1| > |q2|), flag 1, flag -1 (d1 < 0), flag -2 (y1 = 0), and
    // rescaling of a tiny and a huge d1 (flag -1 with γ factors).
    let mut cases = vec![
        (2.0, 1.0, 3.0, 1.0),
        (1.0, 2.0, 1.0, 3.0),
        (-1.0, 2.0, 1.0, 3.0),
        (2.0, 3.0, 1.0, 0.0),
        (1e-9, 1.0, 1.0, 1e-6),
        (3e8, 1.0, 1.0, 1.0),
        (1.0, 1e-12, 1e3, 1.0),
    ];
    for _ in 0..20 {
        let v: [T; 4] = [(); 4].map(|_| rand_scalar(&mut r));
        let v = v.map(|t| t.to_c().re);
        cases.push((v[0].abs() + 0.1, v[1].abs() + 0.1, v[2], v[3]));
    }
    for (d1, d2, x1, y1) in cases {
        let [d1, d2, x1, y1] = [d1, d2, x1, y1].map(T::round);
        let t = |v: f64| T::from_c(zr(v));
        let g = dev
            .rotmg(t(d1), t(d2), t(x1), t(y1))
            .unwrap_or_else(|e| panic!("rotmg: {e}"));
        let want = ref_rotmg(d1, d2, x1, y1, [0.0; 5]);
        let what = format!("rotmg({d1}, {d2}, {x1}, {y1})");
        let flag = g.param[0].to_c().re;
        assert_eq!(flag, want.param[0], "{what}: flag");
        let close = |name: &str, got: T, want: f64| {
            assert_scalar_close::<T>(
                &format!("{what} {name}"),
                got.to_c(),
                zr(want),
                want.abs().max(1.0),
                8,
            )
        };
        close("d1", g.d1, want.d1);
        close("d2", g.d2, want.d2);
        close("x1", g.x1, want.x1);
        // Only the entries the flag says are set: -1 all four, 0 h21 and h12, 1 h11 and h22.
        let used: &[usize] = match flag as i32 {
            -1 => &[1, 2, 3, 4],
            0 => &[2, 3],
            1 => &[1, 4],
            _ => &[],
        };
        for &k in used {
            close(&format!("param[{k}]"), g.param[k], want.param[k]);
        }
    }
}

/// Random (c, s) with c² + s² = 1.
fn angle(r: &mut ChaCha8Rng) -> (f64, f64) {
    let t: f64 = rand_scalar::<f64>(r) * 3.0;
    (t.cos(), t.sin())
}

fn rot_matches_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rot"));
    for n in SIZES {
        for incx in INCS {
            for incy in INCS {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let (x0, y0): (Vec<T>, Vec<T>) =
                    (rand_strided(&mut r, vx), rand_strided(&mut r, vy));
                let (c, s) = angle(&mut r);
                let (ct, st) = (T::real(c), T::real(s));
                let (c, s) = (real_to_f64::<T>(ct), real_to_f64::<T>(st));
                let (mut x, mut y) = (x0.clone(), y0.clone());
                let what = format!("rot n={n} incx={incx} incy={incy}");
                dev.rot(vx.vec_mut(&mut x), vy.vec_mut(&mut y), ct, st)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (mut wx, mut wy) = (z(&x0), z(&y0));
                ref_rot(n, &mut wx, incx, &mut wy, incy, c, zr(s));
                let mag = total(&z(&x0), vx) + total(&z(&y0), vy);
                let k = 2 * n + 2;
                assert_buffer_matches(
                    &format!("{what}: x"),
                    &x0,
                    &x,
                    &expect(vx, x.len(), &wx, mag),
                    k,
                );
                assert_buffer_matches(
                    &format!("{what}: y"),
                    &y0,
                    &y,
                    &expect(vy, y.len(), &wy, mag),
                    k,
                );
            }
        }
    }
}

fn rot_complex_matches_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rot_complex"));
    for n in SIZES {
        for incx in INCS {
            for incy in [-2, 0, 1, 3] {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let (x0, y0): (Vec<T>, Vec<T>) =
                    (rand_strided(&mut r, vx), rand_strided(&mut r, vy));
                // c² + |s|² = 1 with a complex s (real for real types).
                let (c, s_abs) = angle(&mut r);
                let phase: T = rand_scalar(&mut r);
                let p = phase.to_c();
                let unit = if p.norm() > 0.0 {
                    p / p.norm()
                } else {
                    zr(1.0)
                };
                let (ct, st) = (T::real(c), T::from_c(unit * s_abs));
                let (c, s) = (real_to_f64::<T>(ct), st.to_c());
                let (mut x, mut y) = (x0.clone(), y0.clone());
                let what = format!("rot_complex n={n} incx={incx} incy={incy}");
                dev.rot_complex(vx.vec_mut(&mut x), vy.vec_mut(&mut y), ct, st)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (mut wx, mut wy) = (z(&x0), z(&y0));
                ref_rot(n, &mut wx, incx, &mut wy, incy, c, s);
                let mag = total(&z(&x0), vx) + total(&z(&y0), vy);
                let k = 2 * n + 2;
                assert_buffer_matches(
                    &format!("{what}: x"),
                    &x0,
                    &x,
                    &expect(vx, x.len(), &wx, mag),
                    k,
                );
                assert_buffer_matches(
                    &format!("{what}: y"),
                    &y0,
                    &y,
                    &expect(vy, y.len(), &wy, mag),
                    k,
                );
            }
        }
    }
}

fn rotm_matches_netlib_for_every_flag_and_increment<T: TestScalar + Scalar<Real = T>>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("rotm"));
    for flag in [-1.0, 0.0, 1.0, -2.0] {
        for n in SIZES {
            for incx in INCS {
                for incy in INCS {
                    let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                    let (x0, y0): (Vec<T>, Vec<T>) =
                        (rand_strided(&mut r, vx), rand_strided(&mut r, vy));
                    // |h| ≤ 1/2 keeps repeated application (zero increments) bounded.
                    let h: [T; 4] =
                        [(); 4].map(|_| T::from_c(rand_scalar::<T>(&mut r).to_c() * 0.5));
                    let param = [T::from_c(zr(flag)), h[0], h[1], h[2], h[3]];
                    let (mut x, mut y) = (x0.clone(), y0.clone());
                    let what = format!("rotm flag={flag} n={n} incx={incx} incy={incy}");
                    dev.rotm(vx.vec_mut(&mut x), vy.vec_mut(&mut y), param)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    let (mut wx, mut wy) = (z(&x0), z(&y0));
                    ref_rotm(n, &mut wx, incx, &mut wy, incy, param.map(|p| p.to_c().re));
                    let mag = total(&z(&x0), vx) + total(&z(&y0), vy);
                    let k = 2 * n + 2;
                    assert_buffer_matches(
                        &format!("{what}: x"),
                        &x0,
                        &x,
                        &expect(vx, x.len(), &wx, mag),
                        k,
                    );
                    assert_buffer_matches(
                        &format!("{what}: y"),
                        &y0,
                        &y,
                        &expect(vy, y.len(), &wy, mag),
                        k,
                    );
                }
            }
        }
    }
}

fn rotm_rejects_an_unknown_flag<T: TestScalar + Scalar<Real = T>>() {
    let dev = device();
    for flag in [2.0, -3.0, 0.5, f64::NAN] {
        let (mut x, mut y) = (vec![T::one(); 3], vec![T::one(); 3]);
        let param = [T::from_c(zr(flag)), T::one(), T::one(), T::one(), T::one()];
        assert_invalid(dev.rotm(&mut x, &mut y, param), "rotm", "param");
        assert_bitwise_eq("rotm bad flag: x", &x, &[T::one(); 3]);
    }
}

fn rotations_reject_mismatched_and_short_vectors<T: TestScalar>() {
    let dev = device();
    let (mut x, mut y) = (vec![T::one(); 4], vec![T::one(); 3]);
    let c = T::real(1.0);
    assert_invalid(dev.rot(&mut x, &mut y, c, c), "rot", "y");
    assert_invalid(
        dev.rot_complex(&mut x, &mut y, c, T::zero()),
        "rot_complex",
        "y",
    );
    assert_invalid(
        dev.rot(VectorMut::strided(&mut x, 3, 2), &mut y, c, c),
        "rot",
        "x",
    );
    assert_invalid(
        dev.scal_real(c, VectorMut::strided(&mut x, 3, 2)),
        "scal_real",
        "x",
    );
}

fn scal_real_matches_netlib_for_all_increments<T: TestScalar>() {
    let dev = device();
    let mut r = rng(&seed_name::<T>("scal_real"));
    for n in SIZES {
        for inc in INCS {
            for alpha in [rand_real::<T>(&mut r), T::real(0.0), T::real(1.0)] {
                let v = VLayout::new(n, inc);
                let x0: Vec<T> = rand_strided(&mut r, v);
                let mut x = x0.clone();
                let what = format!("scal_real n={n} inc={inc} alpha={alpha:?}");
                dev.scal_real(alpha, v.vec_mut(&mut x))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let mut want = z(&x0);
                let a = real_to_f64::<T>(alpha);
                ref_scal_real(n, a, &mut want, inc);
                if inc <= 0 || a == 1.0 {
                    // netlib's quick returns: nothing is touched, not even rounded.
                    assert_bitwise_eq(&what, &x, &x0);
                } else {
                    let e = expect(v, x.len(), &want, a.abs() * total(&z(&x0), v).max(1.0));
                    assert_buffer_matches(&what, &x0, &x, &e, 1);
                }
            }
        }
    }
}

fn scal_real_scales_each_part_separately<T: TestScalar>() {
    // (inf, 1)·2 is (inf, 2): as a complex product (2 + 0i)(inf + 1i) the imaginary part would
    // be 0·inf = NaN. netlib's csscal/zdscal scale the parts separately.
    let dev = device();
    let inf = T::from_c(Z::new(f64::INFINITY, 1.0));
    let mut x = vec![inf, T::from_c(Z::new(1.0, f64::INFINITY))];
    dev.scal_real(T::real(2.0), &mut x).unwrap();
    assert_eq!(x[0].to_c(), Z::new(f64::INFINITY, 2.0));
    assert_eq!(x[1].to_c(), Z::new(2.0, f64::INFINITY));
}

/// dsdot and sdsdot on every backend: on the host and on an emulated device directly, on a GPU
/// through the vendor's mixed-precision dot where it has one and otherwise by bringing the
/// vectors to the host (cuBLAS, whose `DotEx` has no f32-input, f64-result form). Increments
/// beyond ±1 take the gathering path there.
#[test]
fn dsdot_and_sdsdot_accumulate_in_double_precision() {
    let dev = device();
    let mut r = rng("dsdot");
    for n in SIZES.into_iter().chain([1000]) {
        for incx in INCS {
            for incy in [-3, -1, 0, 2, 5] {
                let (vx, vy) = (VLayout::new(n, incx), VLayout::new(n, incy));
                let (x, y): (Vec<f32>, Vec<f32>) =
                    (rand_strided(&mut r, vx), rand_strided(&mut r, vy));
                let what = format!("dsdot n={n} incx={incx} incy={incy}");
                let got = dev
                    .dsdot(vx.vec(&x), vy.vec(&y))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let want = ref_sdsdot(n, 0.0, &z(&x), incx, &z(&y), incy);
                let mag = ref_sdsdot(
                    n,
                    0.0,
                    &z(&x).iter().map(|v| zr(v.norm())).collect::<Vec<_>>(),
                    incx,
                    &z(&y).iter().map(|v| zr(v.norm())).collect::<Vec<_>>(),
                    incy,
                );
                assert_scalar_close::<f64>(&what, zr(got), zr(want), mag, n);
                let sb = 0.25f32;
                let got = dev
                    .sdsdot(sb, vx.vec(&x), vy.vec(&y))
                    .unwrap_or_else(|e| panic!("s{what}: {e}"));
                let want = ref_sdsdot(n, f64::from(sb), &z(&x), incx, &z(&y), incy);
                assert_scalar_close::<f32>(
                    &format!("s{what}"),
                    zr(f64::from(got)),
                    zr(want),
                    mag + 0.25,
                    1,
                );
            }
        }
    }
    // Cancellation a single-precision sum cannot survive: 2^25 + 1 − 2^25 = 1.
    let (x, y) = (vec![33_554_432f32, 1.0, -33_554_432.0], vec![1f32; 3]);
    assert_eq!(dev.dsdot(&x, &y).unwrap(), 1.0);
    assert_eq!(dev.sdsdot(0.5, &x, &y).unwrap(), 1.5);
    // Device-resident vectors take the same path.
    let (xd, yd) = (dev.upload(&x).unwrap(), dev.upload(&y).unwrap());
    assert_eq!(dev.dsdot(&xd, Vector::strided(&yd, 3, -1)).unwrap(), 1.0);
}

#[test]
fn dsdot_rejects_mismatched_lengths() {
    let dev = device();
    let (x, y) = (vec![1f32; 4], vec![1f32; 3]);
    assert_invalid(dev.dsdot(&x, &y), "dsdot", "y");
    assert_invalid(dev.sdsdot(0.0, &x, &y), "sdsdot", "y");
    assert_invalid(dev.dsdot(Vector::strided(&x, 3, 2), &y), "dsdot", "x");
}

for_real_types!(
    rotg_real_matches_netlib,
    rotmg_matches_netlib_for_every_flag,
    rotm_matches_netlib_for_every_flag_and_increment,
    rotm_rejects_an_unknown_flag,
);
for_complex_types!(
    rotg_complex_is_a_rotation_zeroing_b,
    scal_real_scales_each_part_separately
);
for_all_types!(
    rot_matches_netlib_for_all_increments,
    rot_complex_matches_netlib_for_all_increments,
    rotations_reject_mismatched_and_short_vectors,
    scal_real_matches_netlib_for_all_increments,
);
