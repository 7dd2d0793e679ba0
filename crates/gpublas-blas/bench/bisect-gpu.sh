#!/usr/bin/env bash
# Finds the routine family a GPU-only difference comes from: runs one test program of
# netlib-tests.sh with every level-2/3 call on the GPU, then once per routine family with only
# that family on the GPU (GPUBLAS_BLAS_GPU_ONLY), and prints each run's failures against the
# reference's. Run from the unpacked pack (dropin/), like run-gpu-bench.sh:
#
#   dropin/bisect-gpu.sh [--program xlintstd-quick] [--families "gemm trsm ..."] [--out DIR]
#                        [--jobs N]
#
# --jobs N runs up to N of these at once (default 1). With N > 1 it starts a CUDA MPS control
# daemon first where `nvidia-cuda-mps-control` exists (one shared GPU context, so the processes'
# small calls run side by side instead of being time-sliced) and gives each process one host
# thread (RAYON_NUM_THREADS=1). Every run's outputs (the test program's own report: which paths
# and tests failed) stay in DIR.
set -uo pipefail

D=$(cd "$(dirname "$0")" && pwd)
program=xlintstd-quick out="${OUT:-$PWD/bisect-out}" jobs=1
families="gemm symm syrk syr2k trmm trsm gemv gbmv symv sbmv spmv trmv tbmv tpmv trsv tbsv tpsv ger syr spr syr2 spr2"
while [ $# -gt 0 ]; do
    case "$1" in
        --program) program="$2"; shift 2 ;;
        --families) families="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

mps=""
if [ "$jobs" -gt 1 ]; then
    export RAYON_NUM_THREADS=1
    mps=$(command -v nvidia-cuda-mps-control || ls /usr/local/nvidia/bin/nvidia-cuda-mps-control 2>/dev/null || true)
    if [ -n "$mps" ]; then
        export CUDA_MPS_PIPE_DIRECTORY="$out/mps-pipe" CUDA_MPS_LOG_DIRECTORY="$out/mps-log"
        mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
        "$mps" -d && echo "CUDA MPS: started" >&2 || { echo "CUDA MPS: did not start" >&2; mps=""; }
    fi
fi

one() {
    local f="$1"
    if [ "$f" = all ]; then unset GPUBLAS_BLAS_GPU_ONLY; else export GPUBLAS_BLAS_GPU_ONLY=$f; fi
    local t0=$SECONDS
    "$D/netlib-tests.sh" --lib "$D/lib/gpublas/libgpublas_blas.so" --root "$D/root" --gpu \
        --programs "$program" --out "$out/$f" > "$out/$f.log" 2>&1
    echo "$((SECONDS - t0))" > "$out/$f.seconds"
}

for f in all $families; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    one "$f" &
done
wait
[ -n "$mps" ] && { echo quit | "$mps" || true; }

summary="$out/bisect.md"
echo "| GPU routines | reference failures | gpublas-blas failures | GPU calls | seconds |" | tee "$summary"
echo "|---|---|---|---|---|" | tee -a "$summary"
for f in all $families; do
    row=$(grep "^| $program " "$out/$f.log" | head -1)
    # | name | ref failures | ref exit | ours | exit | GPU calls | verdict |
    echo "$row" | awk -F'|' -v f="$f" -v s="$(cat "$out/$f.seconds" 2>/dev/null)" \
        '{ gsub(/ /, "", $3); gsub(/ /, "", $5); gsub(/ /, "", $7); print "| " f " | " $3 " | " $5 " | " $7 " | " s " |" }' | tee -a "$summary"
done
