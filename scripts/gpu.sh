#!/usr/bin/env bash
# Runs gpublas's whole GPU verification for one backend: the conformance suite (every op x 4
# types), the examples (including the offload_args acceptance example), a memory-checker pass,
# and the benchmark, with a "N passed, M failed" summary printed last.
#
#   scripts/gpu.sh build [cuda|rocm]     on a machine with Rust (no GPU needed): builds the test,
#                                        example and bench executables into .gpu-bin/<backend>/
#   scripts/gpu.sh run   [cuda|rocm]     on the GPU machine (no Rust needed; unpacks
#                                        .gpu-bin/<backend>.tgz if that is all it has): runs them all;
#                                        logs go to $OUT (or ./gpu-logs); exits non-zero on any failure
#   scripts/gpu.sh all   [cuda|rocm]     both, on one machine that has Rust and a GPU
#
# Options for run: --no-bench, --no-sanitize, --quick-bench, --no-transfer-bench,
# --quick-transfer-bench, --only-bench (skip the tests; run the benchmarks), --small (small calls
# against a plain C cuBLAS program compiled there with nvcc, and several processes sharing the
# GPU), --host-bench / --quick-host-bench (the CPU backend against OpenBLAS, which
# scripts/fetch-openblas.sh puts in .openblas/lib: carry that folder along).
set -euo pipefail
cd "$(dirname "$0")/.."

cmd=${1:-}
backend=${2:-cuda}
shift $(( $# >= 2 ? 2 : $# ))
case "$backend" in cuda|rocm) ;; *) echo "backend must be cuda or rocm" >&2; exit 2 ;; esac
bin=.gpu-bin/$backend

build() {
    rm -rf "$bin"
    mkdir -p "$bin/tests"
    export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=symbols
    # CUDA: with cudarc interop (its bindings for CUDA 13.0, which the H200 machine runs).
    local features=$backend examples=
    if [ "$backend" = cuda ]; then
        features=cuda,gpublas/cudarc examples=cudarc_interop
        export CUDARC_CUDA_VERSION=13000
    fi
    cargo test --release --features "$features" -p gpublas-tests -p gpublas --no-run --message-format=json 2>/dev/null |
        python3 -c '
import json, shutil, sys
dest = sys.argv[1]
for line in sys.stdin:
    m = json.loads(line)
    # diagnostics runs cargo on a probe crate: it needs a Rust toolchain, not a GPU.
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"] and m["target"]["name"] != "diagnostics":
        pkg = m["package_id"].split("#")[0].rsplit("/", 1)[-1]
        name = m["target"]["name"].replace("-", "_")
        kind = m["target"]["kind"][0]
        shutil.copy(m["executable"], dest + "/" + pkg + "-" + kind + "-" + name)
' "$bin/tests"
    cargo build --release --features "$backend${examples:+,cudarc}" -p gpublas-examples --examples
    for e in quickstart offload_args ndarray $examples; do cp "target/release/examples/$e" "$bin/"; done
    # DLPack with PyTorch: a PyO3 extension (its own workspace) and its check, run where torch is.
    if [ "$backend" = cuda ] && command -v python3 >/dev/null; then
        (cd examples/dlpack-torch && cargo build --release)
        cp examples/dlpack-torch/target/release/libgpublas_torch.so "$bin/gpublas_torch.abi3.so"
        cp examples/dlpack-torch/check.py "$bin/dlpack_torch_check.py"
    fi
    if [ "$backend" = cuda ] && cargo metadata --no-deps --format-version 1 | grep -q '"gpublas-bench"'; then
        cargo build --release --features cuda -p gpublas-bench --bin cuda_bench --bin transfer_bench \
            --bin small_bench --bin host_bench
        cp target/release/cuda_bench target/release/transfer_bench target/release/small_bench \
            target/release/host_bench "$bin/"
    fi
    tar -C .gpu-bin -czf ".gpu-bin/$backend.tgz" "$backend"
    du -sh "$bin" ".gpu-bin/$backend.tgz"
}

run() {
    local bench=1 sanitize=1 quick= tbench=1 tquick= tests=1 small= hbench= hquick=
    for a in "$@"; do
        case "$a" in
            --small) small=1 ;;
            --host-bench) hbench=1 ;;
            --quick-host-bench) hbench=1 hquick=--quick ;;
            --no-bench) bench= ;;
            --no-sanitize) sanitize= ;;
            --quick-bench) quick=--quick ;;
            --no-transfer-bench) tbench= ;;
            --quick-transfer-bench) tquick=--quick ;;
            --only-bench) tests= sanitize= ;;
        esac
    done
    if [ ! -d "$bin" ] && [ -f ".gpu-bin/$backend.tgz" ]; then tar -C .gpu-bin -xzf ".gpu-bin/$backend.tgz"; fi
    local logs=${OUT:-gpu-logs}
    mkdir -p "$logs"
    export GPUBLAS_BACKEND=$backend
    local passed=0 failed=0 lines=()
    note() { lines+=("$1"); echo "$1"; }

    echo "== $(date -u +%FT%TZ) backend=$backend"
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true

    mkdir -p "$logs/tests"
    for t in "$bin"/tests/*; do
        [ -n "$tests" ] || break
        local name log
        name=$(basename "$t")
        log="$logs/tests/$name.log"
        set +e
        # Tests written for machines *without* a GPU are the only ignored ones not run here.
        "$t" --include-ignored --test-threads=4 --skip without_a_gpu_ --skip _without_a_driver_ >"$log" 2>&1
        local rc=$?
        set -e
        local p f
        p=$(grep -Eo '[0-9]+ passed' "$log" | awk '{s+=$1} END {print s+0}')
        f=$(grep -Eo '[0-9]+ failed' "$log" | awk '{s+=$1} END {print s+0}')
        if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
        passed=$((passed + p)); failed=$((failed + f))
        note "tests  $name: $p passed, $f failed (exit $rc)"
        if [ "$f" -ne 0 ]; then grep -E '^(test .* FAILED|---- |thread .* panicked)' "$log" | head -40 || true; tail -5 "$log"; fi
    done

    for e in quickstart offload_args ndarray cudarc_interop; do
        [ -n "$tests" ] || break
        [ -x "$bin/$e" ] || continue  # cudarc_interop: CUDA builds only
        local log="$logs/example-$e.log"
        if "$bin/$e" >"$log" 2>&1; then
            passed=$((passed + 1)); note "example $e: ok ($(head -1 "$log"))"
        else
            failed=$((failed + 1)); note "example $e: FAILED"; cat "$log"
        fi
    done

    if [ -n "$tests" ] && [ -f "$bin/gpublas_torch.abi3.so" ]; then
        local log="$logs/dlpack-torch.log"
        if python3 "$bin/dlpack_torch_check.py" "$bin" >"$log" 2>&1; then
            passed=$((passed + 1)); note "dlpack-torch (PyTorch tensors through DLPack): ok ($(grep -m1 '^dgemm 4096' "$log"))"
        else
            failed=$((failed + 1)); note "dlpack-torch: FAILED"; tail -20 "$log"
        fi
    fi

    if [ -n "$sanitize" ] && [ "$backend" = cuda ]; then
        local cs
        cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
        if [ -x "$cs" ]; then
            for e in offload_args quickstart; do
                local log="$logs/memcheck-$e.log"
                if "$cs" --tool memcheck --leak-check full --error-exitcode 3 "$bin/$e" >"$log" 2>&1; then
                    passed=$((passed + 1)); note "memcheck $e: ok ($(grep -E 'ERROR SUMMARY' "$log" | tail -1))"
                else
                    failed=$((failed + 1)); note "memcheck $e: FAILED"; tail -30 "$log"
                fi
            done
            # The mapping race tests (a guard dropped on another thread mid-call) under memcheck.
            local gt
            gt=$(ls "$bin"/tests/gpublas-test-gpu 2>/dev/null || true)
            if [ -n "$gt" ]; then
                local log="$logs/memcheck-mapping-races.log"
                if "$cs" --tool memcheck --leak-check full --error-exitcode 3 "$gt" --include-ignored --test-threads=1 dropped_on_another_thread >"$log" 2>&1; then
                    passed=$((passed + 1)); note "memcheck mapping races: ok ($(grep -E 'ERROR SUMMARY' "$log" | tail -1))"
                else
                    failed=$((failed + 1)); note "memcheck mapping races: FAILED"; tail -30 "$log"
                fi
            fi
            # Small calls whose operands the device uses in place (mapped staging) and copied.
            local tt
            tt=$(ls "$bin"/tests/tests-test-transfer 2>/dev/null || true)
            if [ -n "$tt" ]; then
                local log="$logs/memcheck-small-calls.log"
                # (No leak check: the suite's device is a static, never dropped.)
                if "$cs" --tool memcheck --error-exitcode 3 "$tt" --test-threads=1 stats_count_exactly_what_moves >"$log" 2>&1; then
                    passed=$((passed + 1)); note "memcheck small calls (in place and copied): ok ($(grep -E 'ERROR SUMMARY' "$log" | tail -1))"
                else
                    failed=$((failed + 1)); note "memcheck small calls: FAILED"; tail -30 "$log"
                fi
            fi
            # A fork's queued gemms reading a buffer its parent frees and reuses at once.
            local gi
            gi=$(ls "$bin"/tests/gpublas-test-gpu_interop 2>/dev/null || true)
            if [ -n "$gi" ]; then
                local log="$logs/memcheck-fork-free.log"
                if "$cs" --tool memcheck --leak-check full --error-exitcode 3 "$gi" --include-ignored --test-threads=1 gpu_a_buffer_used_by_a_fork >"$log" 2>&1; then
                    passed=$((passed + 1)); note "memcheck fork frees: ok ($(grep -E 'ERROR SUMMARY' "$log" | tail -1))"
                else
                    failed=$((failed + 1)); note "memcheck fork frees: FAILED"; tail -30 "$log"
                fi
            fi
        else
            note "memcheck: compute-sanitizer not found (not counted)"
        fi
    fi

    # The fork test against a build whose frees do not wait for the forks' queues (built
    # separately into .gpu-bin/noorder): expected to fail; not counted.
    if [ -x .gpu-bin/noorder/gpu_interop ] && [ "$backend" = cuda ]; then
        .gpu-bin/noorder/gpu_interop --include-ignored --test-threads=1 gpu_a_buffer_used_by_a_fork >"$logs/noorder.log" 2>&1 \
            && note "frees not ordered after the fork: test passed (unexpected)" || note "frees not ordered after the fork: test failed, as expected ($(grep -m1 -E 'panicked|assert' "$logs/noorder.log" | cut -c1-200))"
    fi

    # The code before the soundness fixes, for comparison (built separately into .gpu-bin/old):
    # its mapping tests are expected to fail; not counted.
    if [ -x .gpu-bin/old/gpu-old ] && [ "$backend" = cuda ]; then
        local cs
        cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
        .gpu-bin/old/gpu-old --include-ignored --test-threads=1 forgotten_map_guard_leaves_no_stale_mapping >"$logs/old-stale.log" 2>&1 \
            && note "old code, stale-mapping test: passed (unexpected)" || note "old code, stale-mapping test: failed, as expected ($(grep -m1 -E 'panicked|stale' "$logs/old-stale.log" | cut -c1-160))"
        if [ -x "$cs" ]; then
            "$cs" --tool memcheck --error-exitcode 3 .gpu-bin/old/gpu-old --include-ignored --test-threads=1 dropped_on_another_thread >"$logs/old-race.log" 2>&1 \
                && note "old code, race under memcheck: clean (unexpected)" || note "old code, race under memcheck: $(grep -E 'ERROR SUMMARY' "$logs/old-race.log" | tail -1) $(grep -m1 -oE 'Invalid __global__ [a-z]+|cudaErrorIllegalAddress|panicked' "$logs/old-race.log")"
        fi
    fi

    if [ -n "$tbench" ] && [ -x "$bin/transfer_bench" ] && [ "$backend" = cuda ]; then
        if "$bin/transfer_bench" $tquick --out "$logs/transfer.md" --csv "$logs/transfer.csv" >"$logs/transfer.log" 2>&1; then
            note "transfer bench: done (table in transfer.md)"
        else
            failed=$((failed + 1)); note "transfer bench: FAILED"; tail -20 "$logs/transfer.log"
        fi
        cat "$logs/transfer.md" 2>/dev/null || true
    fi

    if [ -n "$bench" ] && [ -x "$bin/cuda_bench" ] && [ "$backend" = cuda ]; then
        if "$bin/cuda_bench" $quick --out "$logs/bench.md" >"$logs/bench.log" 2>&1; then
            note "bench: done (table in bench.md)"
        else
            failed=$((failed + 1)); note "bench: FAILED"; tail -20 "$logs/bench.log"
        fi
        cat "$logs/bench.md" 2>/dev/null || true
    fi

    if [ -n "$small" ] && [ "$backend" = cuda ]; then
        local nvcc
        nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
        if "$nvcc" -O2 -o "$bin/small_calls" bench/raw/small_calls.c -lcublas >"$logs/small-build.log" 2>&1; then
            if python3 bench/raw/compare_small.py --c "$bin/small_calls" --rust "$bin/small_bench" \
                --rounds 5 --out "$logs/small.md" >"$logs/small.log" 2>&1; then
                note "small calls vs plain C: done (small.md)"; cat "$logs/small.md"
            else
                failed=$((failed + 1)); note "small calls vs plain C: FAILED"; tail -20 "$logs/small.log"
            fi
            if bash bench/raw/multiprocess.sh "$bin/small_calls" "$bin/small_bench" >"$logs/multiprocess.md" 2>"$logs/multiprocess.log"; then
                note "several processes: done (multiprocess.md)"; cat "$logs/multiprocess.md"
            else
                failed=$((failed + 1)); note "several processes: FAILED"; tail -20 "$logs/multiprocess.log"
            fi
        else
            failed=$((failed + 1)); note "small calls: nvcc failed"; tail -20 "$logs/small-build.log"
        fi
    fi

    if [ -n "$hbench" ] && [ -x "$bin/host_bench" ]; then
        local ob
        ob=$(ls .openblas/lib/libscipy_openblas.so .openblas/lib/libopenblas.so.0 2>/dev/null | head -1 || true)
        [ -f "$ob" ] || note "host bench: no $ob (gpublas's times only)"
        if LD_LIBRARY_PATH="$PWD/.openblas/lib:${LD_LIBRARY_PATH:-}" "$bin/host_bench" $hquick --openblas "$ob" \
            --out "$logs/host.md" >"$logs/host.log" 2>&1; then
            note "host bench: done (host.md)"; cat "$logs/host.md"
        else
            failed=$((failed + 1)); note "host bench: FAILED"; tail -20 "$logs/host.log"
        fi
    fi

    # One file for all test logs (easier to fetch than one per binary).
    for f in "$logs"/tests/*.log; do echo "##### $(basename "$f")"; cat "$f"; done >"$logs/tests.log"
    rm -rf "$logs/tests"
    printf '%s\n' "${lines[@]}" >"$logs/summary.txt"
    echo "gpu suite ($backend): $passed passed, $failed failed" | tee -a "$logs/summary.txt"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

case "$cmd" in
    build) build ;;
    run) run "$@" ;;
    all) build && run "$@" ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
esac
