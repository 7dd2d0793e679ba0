"""Checks gpublas_torch (the PyO3 extension in this folder) against PyTorch on a CUDA GPU.

    python3 check.py DIR   # DIR holds gpublas_torch.abi3.so

gemm on PyTorch's float64 tensors in place — row-major, column-major (a transposed view),
padded views of larger tensors, beta = 0 over NaN — against torch.matmul; scal in place; a
gpublas matrix handed to torch.from_dlpack without a copy; wrong dtypes and devices refused.
Exits non-zero on the first failure; prints one line per check.
"""
import sys
import time

import torch

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
import gpublas_torch as gt  # noqa: E402

dev = "cuda"
g = gt.Gpu(0)
print("device:", g.describe(), "| torch", torch.__version__)
gen = torch.Generator(device=dev).manual_seed(7)


def rand(*shape):
    return torch.randn(*shape, dtype=torch.float64, device=dev, generator=gen)


def check_gemm(name, a, b, c, alpha, beta):
    want = alpha * torch.matmul(a, b) + (beta * c if beta != 0 else 0)
    ptr = c.data_ptr()
    g.gemm(alpha, a, b, beta, c)
    assert c.data_ptr() == ptr, "the output moved"
    err = (c - want).abs().max().item()
    tol = 1e-12 * a.shape[1] * max(1.0, want.abs().max().item())
    assert err <= tol, f"{name}: max error {err} > {tol}"
    print(f"gemm {name}: ok (max error {err:.1e})")


m, k, n = 300, 200, 100
a, b = rand(m, k), rand(k, n)
check_gemm("row-major, beta = 0 over NaN", a, b, torch.full((m, n), float("nan"), dtype=torch.float64, device=dev), 1.0, 0.0)
check_gemm("column-major A (a transposed view)", rand(k, m).t(), b, rand(m, n), 0.5, 2.0)
big_a, big_c = rand(m, k + 37), rand(m + 3, n + 11)
c_view = big_c[2 : 2 + m, 5 : 5 + n]
outside = big_c.clone()
check_gemm("padded views of larger tensors (A and C)", big_a[:, :k], b, c_view, -1.5, 0.25)
mask = torch.ones_like(big_c, dtype=torch.bool)
mask[2 : 2 + m, 5 : 5 + n] = False
assert torch.equal(big_c[mask], outside[mask]), "elements outside the C view changed"
print("gemm: elements outside the view untouched: ok")

x = rand(1000)
x0 = x.clone()
g.scal(3.0, x)
assert torch.equal(x, 3.0 * x0), "scal in place"
print("scal in place: ok")

e = g.full(4, 3, 2.5)
t = torch.from_dlpack(e)
assert t.shape == (4, 3) and t.stride() == (1, 4), (t.shape, t.stride())
assert t.device.type == "cuda" and t.dtype == torch.float64
assert t.data_ptr() == e.data_ptr, "torch.from_dlpack copied"
assert torch.all(t == 2.5)
t *= 2  # torch writes gpublas's memory
assert torch.all(t == 5.0)
del e
assert torch.all(t == 5.0), "the tensor keeps gpublas's buffer alive"
del t
torch.cuda.synchronize()
print("export to torch.from_dlpack (no copy, owned by the tensor): ok")

for bad, what in [(a.float(), "float32"), (a.cpu(), "DLPack device 1:0")]:
    try:
        g.gemm(1.0, bad, b, 0.0, torch.zeros(m, n, dtype=torch.float64, device=dev))
    except RuntimeError as err:
        assert what in str(err), str(err)
        print(f"refused {what}: ok ({err})")
    else:
        raise SystemExit(f"{what} was not refused")

# Time: gpublas's gemm on torch's tensors against torch.matmul (4096, float64), median of 5.
n = 4096
a, b, c = rand(n, n), rand(n, n), rand(n, n)
def med(f):
    ts = []
    for _ in range(6):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        f()
        torch.cuda.synchronize()
        ts.append(time.perf_counter() - t0)
    return sorted(ts[1:])[2]
tg = med(lambda: g.gemm(1.0, a, b, 0.0, c))
tt = med(lambda: torch.matmul(a, b, out=c))
print(f"dgemm 4096 on torch tensors: gpublas {tg*1e3:.2f} ms, torch.matmul {tt*1e3:.2f} ms ({tg/tt:.2f}x)")
print("dlpack-torch: all checks passed")
