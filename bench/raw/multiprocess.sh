#!/usr/bin/env bash
# Several processes sharing one GPU, each making small synchronous calls: N = 1, 2, 4, 8
# processes at once of the plain C program and of gpublas's small_bench, one case each, and the
# median per-call time each process reports (µs). Prints one markdown table.
#
#   bench/raw/multiprocess.sh ./small_calls ./small_bench [CALLS]
#
# The C case is a 2×3 sgemv on device buffers with a stream synchronisation per call; gpublas's
# are the same on device buffers and the same from host arrays (its offload form); "Rust raw" is
# the C case's calls made from small_bench's process (raw cuBLAS on gpublas's stream), which
# separates what a gpublas process is (its streams, handles, threads) from gpublas's call path.
set -euo pipefail
c=$1 rust=$2 calls=${3:-2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs N copies of a command at once; prints the median over processes of their medians. Every
# copy starts its timed rounds at the same moment (--start-at, $lead seconds after the launch,
# after each one's set-up), so the N processes measure while all of them call; a copy whose
# set-up took longer marks the result "(late)".
lead=${LEAD:-3}
together() {
    local n=$1; shift
    local pids=() start
    start=$(awk -v now="$(date +%s.%N)" -v l="$lead" 'BEGIN { printf "%.3f", now + l }')
    for i in $(seq "$n"); do
        "$@" --start-at "$start" >"$tmp/out.$i" 2>&1 &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p"; done
    cat "$tmp"/out.* | awk '$1 == "case" { print $3 }' | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "failed"; else printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
    if grep -q '^late by' "$tmp"/out.*; then printf ' (late)'; fi
    rm -f "$tmp"/out.*
}

table() {
    echo "| processes | raw C, gemv 2×3 + sync (µs/call) | Rust raw (gpublas's process) | gpublas, device buffers + sync | gpublas, host arrays |"
    echo "|---|---|---|---|---|"
    for n in 1 2 4 8; do
        r=$(together "$n" "$c" --rounds 3 --calls "$calls" --only gemv2x3_sync_nonblocking)
        w=$(together "$n" "$rust" --rounds 3 --calls "$calls" --only gemv2x3_sync_rustraw)
        g=$(together "$n" "$rust" --rounds 3 --calls "$calls" --only gemv2x3_sync_gpublas)
        h=$(together "$n" "$rust" --rounds 3 --calls "$calls" --only gemv2x3_host_sync_gpublas)
        echo "| $n | $r | $w | $g | $h |"
    done
}

echo "Without MPS (each process its own context, time-sliced by the GPU):"
table
# With CUDA MPS (one server context shared by the processes), where the control program exists.
mps=$(command -v nvidia-cuda-mps-control || ls /usr/local/nvidia/bin/nvidia-cuda-mps-control 2>/dev/null || true)
if [ -n "$mps" ]; then
    export CUDA_MPS_PIPE_DIRECTORY=$tmp/mps-pipe CUDA_MPS_LOG_DIRECTORY=$tmp/mps-log
    mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
    if "$mps" -d; then
        echo
        echo "With CUDA MPS:"
        table || true
        echo quit | "$mps" || true
        sleep 1
    else
        echo "MPS: the control daemon did not start"
    fi
else
    echo "MPS: nvidia-cuda-mps-control not found"
fi
