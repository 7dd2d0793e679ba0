"""numpy's `dot` and `linalg.solve` over whichever libblas.so.3 / liblapack.so.3 the dynamic
loader gives it (Debian's python3-numpy links both; a wheel's numpy carries its own OpenBLAS).

    numpy_bench.py --label NAME [--n 8192] [--reps 2]

Prints one line per routine in lapack_bench's format, for run-gpu-bench.sh to collect:

    RESULT label routine n reps best_s first_s gflops check ok|BAD

(`routine` is numpy.dot or numpy.solve; `check` the error measure below.)

Each result is checked without the BLAS under test: `dot` by sixteen random elements of the
product against their exact sums (math.fsum over Python floats), the error in units of
n · eps · sum|a_ik b_kj| (the rounding bound, < 1); `solve` by its residual on sixteen random rows,
each summed exactly, max|Ax - b| / (max row sum |A| · max|x| · n · eps) < 30.
"""

import argparse
import math
import time

import numpy as np


def timed(f, reps):
    """The times of `reps` calls of `f`, and its last result."""
    times, r = [], None
    for _ in range(reps):
        t = time.perf_counter()
        r = f()
        times.append(time.perf_counter() - t)
    return times, r


def report(label, routine, n, times, flops, check, ok):
    """One RESULT line."""
    t = min(times)
    print(
        f"RESULT {label} {routine} {n} {len(times)} {t:.6f} {times[0]:.6f} "
        f"{flops / t * 1e-9:.1f} {check:.3g} {'ok' if ok else 'BAD'}",
        flush=True,
    )


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--label", required=True)
    p.add_argument("--n", type=int, default=8192)
    p.add_argument("--reps", type=int, default=2)
    o = p.parse_args()
    n = o.n
    rng = np.random.default_rng(20261207)
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, n))
    v = rng.standard_normal(n)
    eps = np.finfo(float).eps
    print(f"# numpy {np.__version__} at {np.__file__}", flush=True)

    times, c = timed(lambda: a @ b, o.reps)
    picks = rng.integers(0, n, size=(16, 2))
    err = 0.0
    for i, j in picks:
        exact = math.fsum(float(x) * float(y) for x, y in zip(a[i, :], b[:, j]))
        scale = math.fsum(abs(float(x) * float(y)) for x, y in zip(a[i, :], b[:, j]))
        err = max(err, abs(float(c[i, j]) - exact) / (scale * n * eps))
    report(o.label, "numpy.dot", n, times, 2 * n**3, err, err < 1.0)

    times, x = timed(lambda: np.linalg.solve(a, v), o.reps)
    rows = list(rng.integers(0, n, size=16))
    res = 0.0
    for i in rows:
        r = math.fsum([float(y) * float(z) for y, z in zip(a[i, :], x)] + [-float(v[i])])
        res = max(res, abs(r))
    denom = np.abs(a).sum(axis=1).max() * np.abs(x).max() * n * eps
    res /= denom
    report(o.label, "numpy.solve", n, times, 2 / 3 * n**3, res, res < 30)


if __name__ == "__main__":
    main()
