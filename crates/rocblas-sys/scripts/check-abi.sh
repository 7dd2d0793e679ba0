#!/usr/bin/env bash
# Proves that rocblas-sys's declarations match real ROCm 6.4: exported symbols, function
# signatures, constants and struct layouts (see abi_check.py for the details).
#
# Usage: check-abi.sh [ARTIFACTS_DIR]
#   ARTIFACTS_DIR defaults to <workspace>/.vendor/rocm; if it holds no artifacts yet they are
#   fetched first with fetch-rocm.sh (a few minutes; later runs take seconds).
# Needs python3, gcc and nm (binutils); fetching also needs apt-get and dpkg-deb.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
crate=$(dirname "$here")
workspace=$(cd "$crate/../.." && pwd)
art=${1:-$workspace/.vendor/rocm}

if [[ ! -e $art/VERSIONS || ! -e $art/lib/librocblas.so.4 || ! -e $art/lib/libamdhip64.so.6 ]]; then
    "$here/fetch-rocm.sh" "$art"
fi
art=$(cd "$art" && pwd)
echo "rocblas-sys ABI check against:"
sed 's/^/  /' "$art/VERSIONS"
exec python3 "$here/abi_check.py" --crate "$crate" --artifacts "$art"
