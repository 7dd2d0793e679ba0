#!/usr/bin/env bash
# Fetches OpenBLAS for the CPU benchmark (host_bench) without installing it, into .openblas/lib
# (ignored by git), so the folder can be copied to another x86-64 Linux machine (no network or
# root needed there):
#
#   scripts/fetch-openblas.sh            # default: the scipy-openblas32 wheel from PyPI — the
#                                        # OpenBLAS build NumPy and SciPy bundle (its symbols
#                                        # carry a `scipy_` prefix; host_bench handles both)
#   scripts/fetch-openblas.sh --debian   # Debian's libopenblas0-pthread (apt-get download)
#   OPENBLAS_LIB=$PWD/.openblas/lib/libscipy_openblas.so target/release/host_bench
#
# Both builds pick their kernels for the CPU at run time (DYNAMIC_ARCH); `host_bench` prints the
# kernel set chosen (`core:`), which must name the CPU's family (an old OpenBLAS may not know a
# new CPU and fall back to generic kernels: Debian 12's 0.3.21 chose Prescott on a Xeon of 2024).
set -euo pipefail
cd "$(dirname "$0")/.."

dest=.openblas
rm -rf "$dest"
mkdir -p "$dest/lib"

if [ "${1:-}" != --debian ]; then
    version=${SCIPY_OPENBLAS_VERSION:-0.3.31.188.0}
    python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux2014_x86_64 \
        --python-version 3.12 -d "$dest/wheel" "scipy-openblas32==$version"
    python3 -m zipfile -e "$dest"/wheel/scipy_openblas32-*.whl "$dest/wheel/x"
    # The library and its own libgfortran (found beside it through its RPATH $ORIGIN).
    cp "$dest"/wheel/x/scipy_openblas32/lib/*.so* "$dest/lib/"
    echo "fetch-openblas: scipy-openblas32 $version"
    echo "fetch-openblas: OPENBLAS_LIB=$PWD/$dest/lib/libscipy_openblas.so"
    exit 0
fi

packages=(libopenblas0-pthread libgfortran5 libquadmath0)
mkdir -p "$dest/debs" "$dest/root"
(cd "$dest/debs" && apt-get download "${packages[@]}")
for deb in "$dest"/debs/*.deb; do
    dpkg -x "$deb" "$dest/root"
done

# Copy the real files (the packages ship symlinks) under the names the loader asks for.
find_one() {
    local found
    found=$(find "$dest/root" -name "$1" \( -type f -o -type l \) | head -n 1)
    if [ -z "$found" ]; then
        echo "fetch-openblas: $1 not found in ${packages[*]}" >&2
        exit 1
    fi
    cp -L "$found" "$dest/lib/$1"
}
find_one libopenblas.so.0
find_one libgfortran.so.5
find_one libquadmath.so.0

versions=$(cd "$dest/debs" && ls)
echo "fetch-openblas: unpacked ${versions//$'\n'/, }"
echo "fetch-openblas: OPENBLAS_LIB=$PWD/$dest/lib/libopenblas.so.0"
