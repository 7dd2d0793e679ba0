#!/usr/bin/env bash
# Finds the routine family a GPU-only difference comes from: runs one test program of
# netlib-tests.sh with every level-2/3 call on the GPU, then once per routine family with only
# that family on the GPU (GPUBLAS_BLAS_GPU_ONLY), and prints each run's failures against the
# reference's. Run from the unpacked pack (dropin/), like run-gpu-bench.sh:
#
#   dropin/bisect-gpu.sh [--program xlintstd-quick] [--families "gemm trsm ..."] [--out DIR]
#
# Every run's outputs (the test program's own report: which paths and tests failed) stay in DIR.
set -uo pipefail

D=$(cd "$(dirname "$0")" && pwd)
program=xlintstd-quick out="${OUT:-$PWD/bisect-out}"
families="gemm symm syrk syr2k trmm trsm gemv gbmv symv sbmv spmv trmv tbmv tpmv trsv tbsv tpsv ger syr spr syr2 spr2"
while [ $# -gt 0 ]; do
    case "$1" in
        --program) program="$2"; shift 2 ;;
        --families) families="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
summary="$out/bisect.md"
echo "| GPU routines | reference failures | gpublas-blas failures | GPU calls |" | tee "$summary"
echo "|---|---|---|---|" | tee -a "$summary"
for f in all $families; do
    if [ "$f" = all ]; then unset GPUBLAS_BLAS_GPU_ONLY; else export GPUBLAS_BLAS_GPU_ONLY=$f; fi
    "$D/netlib-tests.sh" --lib "$D/lib/gpublas/libgpublas_blas.so" --root "$D/root" --gpu \
        --programs "$program" --out "$out/$f" > "$out/$f.log" 2>&1
    row=$(grep "^| $program " "$out/$f.log" | head -1)
    # | name | ref failures | ref exit | ours | exit | GPU calls | verdict |
    echo "$row" | awk -F'|' -v f="$f" '{ gsub(/ /, "", $3); gsub(/ /, "", $5); gsub(/ /, "", $7); print "| " f " | " $3 " | " $5 " | " $7 " |" }' | tee -a "$summary"
done
