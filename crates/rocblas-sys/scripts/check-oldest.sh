#!/usr/bin/env bash
# Checks rocblas-sys's tables against the oldest ROCm headers Debian packages (trixie: rocBLAS
# 5.5.1 = rocBLAS 3.0 behind `librocblas.so.0`, HIP 5.7.1 behind `libamdhip64.so.5`): every
# required function is declared there with the same signature, every function those headers
# lack is optional, and trmm (whose signature changed in rocBLAS 4.0) is optional and still
# differs. See abi_check.py (--oldest) for the details.
#
# Usage: check-oldest.sh [OLDEST_DIR]
#   OLDEST_DIR defaults to <workspace>/.vendor/rocm-oldest and is filled by fetch-rocm.sh (the
#   two -dev packages only, under 1 MB) if empty.
# Needs python3 and gcc; fetching also needs apt-get and dpkg-deb.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
crate=$(dirname "$here")
workspace=$(cd "$crate/../.." && pwd)
art=${1:-$workspace/.vendor/rocm-oldest}

if [[ ! -e $art/VERSIONS ]]; then
    ROCM_DEBIAN_SUITE=trixie ROCM_HEADERS_ONLY=1 "$here/fetch-rocm.sh" "$art"
fi
art=$(cd "$art" && pwd)
echo "rocblas-sys check against the oldest supported ROCm headers:"
sed 's/^/  /' "$art/VERSIONS"
exec python3 "$here/abi_check.py" --crate "$crate" --oldest "$art"
