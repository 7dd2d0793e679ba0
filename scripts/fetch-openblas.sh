#!/usr/bin/env bash
# Fetches Debian's OpenBLAS (the pthreads build) for the CPU benchmark without installing it:
# downloads the .deb files with `apt-get download` and unpacks them with `dpkg -x` into
# .openblas/ (ignored by git), then gathers the shared objects into .openblas/lib/:
#
#   libopenblas.so.0   OpenBLAS (DYNAMIC_ARCH: picks its kernels for the CPU it runs on)
#   libgfortran.so.5   its runtime dependencies, loaded by host_bench from the same folder
#   libquadmath.so.0
#
# The folder can be copied to another x86-64 Linux machine (no network, no root needed there):
#
#   scripts/fetch-openblas.sh                 # on a Debian/Ubuntu machine with apt sources
#   tar czf openblas.tgz .openblas/lib        # carry it over, unpack beside the benchmark
#   OPENBLAS_LIB=$PWD/.openblas/lib/libopenblas.so.0 target/release/host_bench
#
# Needs apt-get and dpkg (no root: apt-get download writes into the current folder).
set -euo pipefail
cd "$(dirname "$0")/.."

dest=.openblas
packages=(libopenblas0-pthread libgfortran5 libquadmath0)
rm -rf "$dest"
mkdir -p "$dest/debs" "$dest/root" "$dest/lib"
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
