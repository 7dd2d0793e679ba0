#!/usr/bin/env bash
# Prepares everything the GPU benchmark and the GPU run of the netlib tests need on a machine that
# has CUDA but no Rust, no network and no Debian BLAS packages, in one tarball:
#
#   pack.sh [--out .gpu-bin/dropin.tgz] [--no-build]
#
#   dropin/lib/gpublas/libgpublas_blas.so   release build with the `cuda` feature (+ libblas.so.3)
#   dropin/bin/lapack_bench                 bench/lapack_bench.c, linked to liblapack.so.3
#   dropin/root/usr/lib/<multiarch>/...     Debian's libopenblas0-pthread (0.3.21), reference
#                                           liblapack3/libblas3, libtmglib3, libgfortran5,
#                                           libquadmath0, libblas-test, liblapack-test, and
#                                           python3.11 with python3-numpy (dpkg -x): numpy
#                                           linked to libblas.so.3, as Debian ships it
#   dropin/run-gpu-bench.sh, dropin/netlib-tests.sh, dropin/numpy_bench.py, dropin/MANIFEST
#
# On the GPU machine: tar -xzf dropin.tgz && dropin/run-gpu-bench.sh --require-gpu
# Needs: cargo, a C compiler, apt-get download and dpkg -x (Debian or Ubuntu, amd64).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
out="$repo/.gpu-bin/dropin.tgz" build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo "$(uname -m)-linux-gnu")
pkgs="libopenblas0-pthread liblapack3 libblas3 libtmglib3 libgfortran5 libquadmath0 libblas-test liblapack-test"
# Debian's numpy and the interpreter it is built for (run with PYTHONHOME pointing into the pack).
pkgs="$pkgs python3.11-minimal libpython3.11-minimal libpython3.11-stdlib python3-numpy"

work="$repo/.gpu-bin/pack"
rm -rf "$work/dropin"
mkdir -p "$work/debs" "$work/dropin/lib/gpublas" "$work/dropin/bin"
stage="$work/dropin"

# 1. The library, with the CUDA backend compiled in (cuBLAS is loaded at run time).
if [ "$build" = 1 ]; then
    (cd "$repo" && cargo build --release -p gpublas-blas --features cuda >&2)
fi
lib="$repo/target/release/libgpublas_blas.so"
[ -f "$lib" ] || { echo "no $lib: build it or drop --no-build" >&2; exit 1; }
# Debug information off (the symbol table stays, for backtraces): 30 MB -> a few.
objcopy --strip-debug "$lib" "$stage/lib/gpublas/libgpublas_blas.so"
ln -s libgpublas_blas.so "$stage/lib/gpublas/libblas.so.3"
grep -qa "libcublas.so.13" "$stage/lib/gpublas/libgpublas_blas.so" ||
    { echo "the library was not built with --features cuda (no libcublas.so.13 in it)" >&2; exit 1; }

# 2. Debian's packages, unpacked (no root, no install); the .debs are cached.
(cd "$work/debs" && for p in $pkgs; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p" >&2; done)
for d in "$work"/debs/*.deb; do dpkg -x "$d" "$stage/root"; done
rm -rf "$stage/root/usr/share/doc" "$stage/root/usr/share/lintian"
R="$stage/root/usr/lib/$ma"
for f in openblas-pthread/libopenblas.so.0 openblas-pthread/libblas.so.3 lapack/liblapack.so.3 \
         blas/libblas.so.3 blas/xblat1d lapack/xlintstd libgfortran.so.5 libquadmath.so.0; do
    [ -e "$R/$f" ] || { echo "missing $R/$f after unpacking" >&2; exit 1; }
done
[ -x "$stage/root/usr/bin/python3.11" ] && [ -d "$stage/root/usr/lib/python3/dist-packages/numpy" ] ||
    { echo "missing python3.11 or numpy after unpacking" >&2; exit 1; }

# 3. The benchmark program, linked against the reference LAPACK and (any) libblas.so.3.
cc -O2 -Wall -Wextra -o "$stage/bin/lapack_bench" "$here/lapack_bench.c" \
    -L"$R/lapack" -L"$R/blas" -l:liblapack.so.3 -l:libblas.so.3 -ldl -lm \
    -Wl,-rpath-link,"$R"  # liblapack's own libgfortran, from the unpacked packages

# 4. The scripts, and what went in.
cp "$here/run-gpu-bench.sh" "$here/bisect-gpu.sh" "$here/../scripts/netlib-tests.sh" "$here/lapack_bench.c" \
    "$here/numpy_bench.py" "$stage/"
{
    echo "gpublas-blas drop-in pack"
    echo "commit: $(cd "$repo" && git rev-parse HEAD)$(cd "$repo" && git diff --quiet HEAD -- crates || echo ' (+ uncommitted changes)')"
    echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(. /etc/os-release && echo "$PRETTY_NAME"), $(ldd --version | head -1)"
    echo "multiarch: $ma"
    echo "packages:"
    for d in "$work"/debs/*.deb; do echo "  $(dpkg-deb -f "$d" Package) $(dpkg-deb -f "$d" Version)"; done
    echo "sha256:"
    (cd "$stage" && find lib bin -type f -print0 | sort -z | xargs -0 sha256sum | sed 's/^/  /')
} > "$stage/MANIFEST"

mkdir -p "$(dirname "$out")"
tar -C "$work" -czf "$out" dropin
echo "$out: $(du -h "$out" | cut -f1) ($(du -sh "$stage" | cut -f1) unpacked)"
