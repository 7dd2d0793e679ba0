#!/usr/bin/env bash
# The GPU run of gpublas-blas, from the tarball pack.sh makes (run it from the unpacked `dropin/`
# folder; it needs CUDA's libraries, nothing else installed):
#
#   dropin/run-gpu-bench.sh [--require-gpu] [--parts bench,probe,numpy,tests] [--big]
#                           [--sizes "N ..."] [--out DIR] [--bench-budget S] [--tests-budget S]
#                           [--deadline S] [--variants "V ..."] [--numpy-n N]
#
# bench   reference LAPACK's dgesv, dpotrf, dgeqrf at n = 4096, 8192 (--big: and 16384) over
#         (a) OpenBLAS 0.3.21 on all cores, (b) NVBLAS over that OpenBLAS (LD_PRELOAD; with
#         NVIDIA's example configuration, and without its NVBLAS_AUTOPIN_MEM_ENABLED), (c)
#         gpublas-blas with GPUBLAS_BLAS_BACKEND=auto; also gpublas-blas on the host alone and
#         OpenBLAS's own LAPACK, for reference. Every result is checked (residuals).
# probe   single dgemm / dgemm with k = 64 / dtrsm / dsyrk / dgemv / daxpy calls through
#         gpublas-blas on the host and on the GPU (crossovers 0), and OpenBLAS: where the GPU wins.
# numpy   numpy's dot and linalg.solve at n = 8192 (--numpy-n) through Debian's python3-numpy
#         (in the pack, with its python3.11), over each variant's libblas.so.3/liblapack.so.3;
#         and, for reference, the machine's own numpy if python3 has one (a wheel's numpy carries
#         a private OpenBLAS that no libblas.so.3 can replace).
# tests   netlib-tests.sh --gpu: netlib's BLAS and CBLAS test programs and LAPACK's xlintstd and
#         xlintstz on trimmed inputs, every call (LAPACK's: every level-2 and 3 call) on the GPU.
#
# --variants: which BLAS to run the bench over, in this order (default: openblas gpublas nvblas
# nvblas-nopin gpublas-host openblas-lapack; big sizes need a bench budget for each).
#
# --require-gpu: stop at once, with exit status 1, if the GPU, cuBLAS or NVBLAS is missing or
# gpublas-blas does not reach the GPU; and count any gpublas-blas GPU variant that fails as a
# failure. Without it the GPU variants are skipped with a message. NVBLAS's own crashes and bad
# residuals are reported and marked in the tables, never counted as failures. Budgets (seconds):
# bench 200, tests 130; rows that would start later are skipped and reported; a part that would
# start past --deadline (default 540 s from the start) is skipped, so a whole run ends within ten
# minutes. Full logs go to DIR (default $OUT if set, else ./gpu-bench-out); the summary
# (summary.md there) is printed last.
#
# OPENBLAS_CORETYPE: OpenBLAS 0.3.21 does not know recent Xeons (it falls back to Prescott
# kernels); unless set, the script picks SkylakeX (AVX-512) or Haswell (AVX2) from /proc/cpuinfo
# and prints what OpenBLAS reports it runs.
set -uo pipefail

D=$(cd "$(dirname "$0")" && pwd)
require_gpu=0 parts="bench,probe,numpy,tests" big=0 out="${OUT:-$PWD/gpu-bench-out}" sizes="4096 8192"
bench_budget=200 tests_budget=130 deadline=540 numpy_n=8192
variants="openblas gpublas nvblas nvblas-nopin gpublas-host openblas-lapack"
while [ $# -gt 0 ]; do
    case "$1" in
        --require-gpu) require_gpu=1; shift ;;
        --parts) parts="$2"; shift 2 ;;
        --big) big=1; shift ;;
        --sizes) sizes="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --bench-budget) bench_budget="$2"; shift 2 ;;
        --tests-budget) tests_budget="$2"; shift 2 ;;
        --deadline) deadline="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --numpy-n) numpy_n="$2"; shift 2 ;;
        -h|--help) sed -n '2,37p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
for v in $variants; do
    case "$v" in
        openblas|gpublas|gpublas-gpu-only|nvblas|nvblas-nopin|gpublas-host|openblas-lapack) ;;
        *) echo "unknown variant $v" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
summary="$out/summary.md"
: > "$summary"
status=0
t0=$(date +%s)
say() { echo "$@" | tee -a "$summary"; }
fail() { say "FAILED: $*"; status=1; }
has() { case ",$parts," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
# left: seconds before the --deadline; late PART: true (and says so) when under S seconds are left.
left() { echo $(( deadline - ($(date +%s) - t0) )); }
late() {
    if [ "$(left)" -lt "$2" ]; then say ""; say "## $1: skipped, the --deadline of $deadline s is near"; return 0; fi
    return 1
}

ma=$(awk '/^multiarch:/ { print $2 }' "$D/MANIFEST" 2>/dev/null)
ma="${ma:-$(uname -m)-linux-gnu}"
R="$D/root/usr/lib/$ma"
bench="$D/bin/lapack_bench"
ncores=$(nproc)

say "# gpublas-blas GPU run, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say ""
say "- pack: $(sed -n 2p "$D/MANIFEST" 2>/dev/null)"
say "- machine: $ncores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(ldd --version 2>/dev/null | head -1)"
gpu_name=$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | head -1)
say "- GPU: ${gpu_name:-none (nvidia-smi absent or failing)}"

# --- CUDA libraries: cuBLAS for gpublas-blas (dlopen by name), libnvblas for NVBLAS. ---------
cuda_dirs=""
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda-*/lib64 \
         /usr/local/cuda-*/targets/x86_64-linux/lib; do
    [ -d "$d" ] && cuda_dirs="$cuda_dirs${cuda_dirs:+:}$d"
done
find_lib() {   # find_lib NAME-PREFIX: the first match in ldconfig's cache, CUDA's folders, pip's
    local p
    p=$(ldconfig -p 2>/dev/null | awk -v n="$1" '$1 ~ "^" n "[.]so" { print $NF; exit }')
    [ -n "$p" ] && { echo "$p"; return; }
    for p in $(echo "$cuda_dirs" | tr ':' ' ') /usr/lib/x86_64-linux-gnu /usr/local/lib \
             $(python3 -c 'import site; print(" ".join(site.getsitepackages()))' 2>/dev/null | \
               sed 's|\([^ ]*\)|\1/nvidia/cu13/lib \1/nvidia/cublas/lib|g'); do
        for f in "$p/$1".so*; do [ -e "$f" ] && { echo "$f"; return; }; done
    done
}
cublas=$(find_lib libcublas)
cudart=$(find_lib libcudart)
nvblas=$(find_lib libnvblas)
say "- libcudart: ${cudart:-not found}; libcublas: ${cublas:-not found}; libnvblas: ${nvblas:-not found}"
# gpublas-blas opens cuBLAS by name: make CUDA's folders visible to the dynamic loader.
gpu_path="${cuda_dirs}"
[ -n "$cublas" ] && gpu_path="$(dirname "$cublas")${gpu_path:+:$gpu_path}"
[ -n "$cudart" ] && gpu_path="$(dirname "$cudart")${gpu_path:+:$gpu_path}"

# --- gpublas-blas preflight: one dgemm past the default crossover must run on the GPU. -------
gpublas_env=(GPUBLAS_BLAS_BACKEND=auto "GPUBLAS_BACKEND=${GPUBLAS_BACKEND:-cuda}" GPUBLAS_BLAS_STATS=1)
[ "$require_gpu" = 1 ] && gpublas_env+=(GPUBLAS_BLAS_REQUIRE_GPU=1)
gpublas_libs="$R/lapack:$D/lib/gpublas:$R${gpu_path:+:$gpu_path}"
env "${gpublas_env[@]}" LD_LIBRARY_PATH="$gpublas_libs" timeout 60 "$bench" --sizes 0 --label preflight \
    > "$out/preflight.log" 2>&1
pre_rc=$?
gpublas_gpu=0
if [ "$pre_rc" = 0 ] && grep -q '^gpublas-blas stats:.* L3 host [0-9]* calls [^,]*, gpu [1-9]' "$out/preflight.log"; then
    gpublas_gpu=1
fi
say "- gpublas-blas preflight (exit $pre_rc): $(grep -m1 '^gpublas-blas: GPU' "$out/preflight.log" | cut -c1-160)"
[ "$gpublas_gpu" = 1 ] || say "  $(grep -v '^#' "$out/preflight.log" | head -3 | cut -c1-300)"
nvblas_ok=0
[ -n "$nvblas" ] && [ -n "$gpu_name" ] && nvblas_ok=1

if [ "$require_gpu" = 1 ]; then
    missing=""
    [ -n "$gpu_name" ] || missing="$missing nvidia-smi/GPU;"
    [ -n "$cublas" ] || missing="$missing libcublas;"
    [ -n "$nvblas" ] || missing="$missing libnvblas;"
    [ "$gpublas_gpu" = 1 ] || missing="$missing gpublas-blas-on-GPU (see $out/preflight.log);"
    if [ -n "$missing" ]; then
        fail "--require-gpu: missing:$missing"
        exit 1
    fi
fi
[ "$gpublas_gpu" = 1 ] || say "- NOTE: gpublas-blas cannot reach a GPU here: its GPU rows are skipped"
[ "$nvblas_ok" = 1 ] || say "- NOTE: no libnvblas or no GPU here: the NVBLAS rows are skipped"

# --- OpenBLAS: the core type, all cores. -----------------------------------------------------
obcore="${OPENBLAS_CORETYPE:-}"
if [ -z "$obcore" ]; then
    flags=$(grep -m1 '^flags' /proc/cpuinfo)
    if echo "$flags" | grep -qw avx512f && echo "$flags" | grep -qw avx512vl &&
       echo "$flags" | grep -qw avx512bw && echo "$flags" | grep -qw avx512dq; then
        obcore=SkylakeX
    elif echo "$flags" | grep -qw avx2 && echo "$flags" | grep -qw fma; then
        obcore=Haswell
    fi
fi
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-$ncores}"
say "- Debian's OpenBLAS 0.3.21: OPENBLAS_CORETYPE=${obcore:-(its own detection)} OPENBLAS_NUM_THREADS=$OPENBLAS_NUM_THREADS"
openblas_libs="$R/lapack:$R/openblas-pthread:$R"
ob_env="${obcore:+OPENBLAS_CORETYPE=$obcore}"

# NVBLAS over the same OpenBLAS, configured as NVIDIA's documentation shows.
cat > "$out/nvblas.conf" <<EOF
NVBLAS_LOGFILE $out/nvblas.log
NVBLAS_CPU_BLAS_LIB $R/openblas-pthread/libblas.so.3
NVBLAS_GPU_LIST ALL
NVBLAS_TILE_DIM 2048
NVBLAS_AUTOPIN_MEM_ENABLED
EOF
# The same without automatic pinning (variant nvblas-nopin): NVBLAS pins each operand's host
# memory per call, and LAPACK's operands are blocks of one matrix whose spans overlap, which
# such pinning may refuse (Run K's `cublasXtDgemm failed with error=11`).
grep -v AUTOPIN "$out/nvblas.conf" | sed "s|$out/nvblas.log|$out/nvblas-nopin.log|" > "$out/nvblas-nopin.conf"

# stats_line LOG: GPUBLAS_BLAS_STATS's report in LOG, condensed to one line per run.
stats_line() {
    awk -v name="$(basename "$1" .log)" '/^gpublas-blas stats:/ {
        line = "  " name " (gpublas-blas calls on GPU / host):"
        for (i = 1; i <= NF; i++) if ($i ~ /^L[123]$/) {
            lv = $i; hc = $(i+2); hf = $(i+4); gc = $(i+7); gf = $(i+9); rt = $(i+12); sub(/;$/, "", rt)
            line = line sprintf(" %s %s / %s (%.2g / %.2g flop%s);", lv, gc, hc, gf, hf, rt > 0 ? ", " rt " GPU failures retried" : "")
        }
        print line }' "$1"
}

# variant_env NAME: the environment (as `env` arguments) of one variant.
variant_env() {
    case "$1" in
        openblas) echo "LD_LIBRARY_PATH=$openblas_libs $ob_env" ;;
        nvblas) echo "LD_LIBRARY_PATH=$openblas_libs${gpu_path:+:$gpu_path} LD_PRELOAD=$nvblas NVBLAS_CONFIG_FILE=$out/nvblas.conf $ob_env" ;;
        nvblas-nopin) echo "LD_LIBRARY_PATH=$openblas_libs${gpu_path:+:$gpu_path} LD_PRELOAD=$nvblas NVBLAS_CONFIG_FILE=$out/nvblas-nopin.conf $ob_env" ;;
        gpublas) echo "LD_LIBRARY_PATH=$gpublas_libs ${gpublas_env[*]}" ;;
        gpublas-gpu-only) echo "LD_LIBRARY_PATH=$gpublas_libs ${gpublas_env[*]} GPUBLAS_BLAS_CROSSOVER_L1=0 GPUBLAS_BLAS_CROSSOVER_L2=0 GPUBLAS_BLAS_CROSSOVER_L3=0 GPUBLAS_BLAS_MIN_INTENSITY=0" ;;
        gpublas-host) echo "LD_LIBRARY_PATH=$gpublas_libs GPUBLAS_BLAS_BACKEND=host GPUBLAS_BLAS_STATS=1" ;;
        openblas-lapack) echo "LD_LIBRARY_PATH=$R/openblas-pthread:$R $ob_env" ;;
    esac
}
available() {
    case "$1" in
        nvblas|nvblas-nopin) [ "$nvblas_ok" = 1 ] ;;
        gpublas|gpublas-gpu-only) [ "$gpublas_gpu" = 1 ] ;;
        *) true ;;
    esac
}
gpu_variant() { case "$1" in nvblas|nvblas-nopin|gpublas|gpublas-gpu-only) return 0 ;; *) return 1 ;; esac; }
# NVBLAS is the peer measured against: its crashes and bad residuals are findings about it (the
# table marks them), not failures of this run.
peer_variant() { case "$1" in nvblas|nvblas-nopin) return 0 ;; *) return 1 ;; esac; }

# collect VARIANT N RC LOG FILE WHAT: appends LOG's RESULT lines (and a CRASH line if RC is not 0)
# to FILE, and reports a crash or a BAD result: NVBLAS's as the peer's own, a GPU variant's
# without --require-gpu as a note, anything else as a failure of the run.
collect() {
    local v=$1 n=$2 rc=$3 log=$4 file=$5 what=$6
    grep '^RESULT' "$log" >> "$file"
    [ "$rc" = 0 ] || echo "CRASH $v $n rc=$rc" >> "$file"
    if [ "$rc" = 0 ] && ! grep -q '^RESULT.* BAD$' "$log"; then return; fi
    if peer_variant "$v"; then
        say "- $what: exit $rc or a BAD result, the peer's own, not counted (see $log)"
    elif gpu_variant "$v" && [ "$require_gpu" = 0 ]; then
        say "- $what: exit $rc or a BAD result (see $log)"
    else
        fail "$what: exit $rc or a BAD result (see $log)"
    fi
}

# table FILE "ROUTINE ...": FILE's RESULT/SKIP/CRASH lines as one markdown row per routine and
# size, a column per variant, and gpublas's time against the faster good NVBLAS and OpenBLAS.
table() {
    awk -v routines="$2" '
        $1 == "RESULT" { key = $3 " " $4; t[key, $2] = $6; g[key, $2] = $8; ok[key, $2] = $10; if (!(key in seen)) { seen[key] = 1; keys[++nk] = key } }
        $1 == "SKIP" || $1 == "CRASH" { nr = split(routines, rs, " "); for (r = 1; r <= nr; r++) { key = rs[r] " " $3; note[key, $2] = ($1 == "SKIP" ? "skip: " $4 : "crash " $4); if (!(key in seen)) { seen[key] = 1; keys[++nk] = key } } }
        END {
            nv = split("openblas nvblas nvblas-nopin gpublas gpublas-host openblas-lapack", vs, " ")
            printf "| routine | n |"; for (i = 1; i <= nv; i++) printf " %s |", vs[i]; print " gpublas ÷ NVBLAS time | gpublas ÷ OpenBLAS time |"
            printf "|---|---|"; for (i = 1; i <= nv; i++) printf "---|"; print "---|---|"
            for (k = 1; k <= nk; k++) {
                split(keys[k], kk, " "); printf "| %s | %s |", kk[1], kk[2]
                for (i = 1; i <= nv; i++) {
                    v = vs[i]
                    if ((keys[k], v) in t) printf " %.3f s, %s GF/s%s |", t[keys[k], v], g[keys[k], v], ok[keys[k], v] == "ok" ? "" : " **BAD residual**"
                    else if ((keys[k], v) in note) printf " %s |", note[keys[k], v]
                    else printf " — |"
                }
                # The peer: the faster NVBLAS configuration whose residual is good.
                a = t[keys[k], "gpublas"]; c = t[keys[k], "openblas"]; b = 0
                for (q = 2; q <= 3; q++) if (((keys[k], vs[q]) in t) && ok[keys[k], vs[q]] == "ok" && (b == 0 || t[keys[k], vs[q]] < b)) b = t[keys[k], vs[q]]
                printf " %s | %s |\n", (a > 0 && b > 0) ? sprintf("%.2f", a / b) : "—", (a > 0 && c > 0) ? sprintf("%.2f", a / c) : "—"
            }
        }' "$1"
}

# --- bench ------------------------------------------------------------------------------------
if has bench; then
    say ""
    say "## Reference LAPACK over each BLAS (seconds, GFLOP/s; residual check)"
    [ "$big" = 1 ] && sizes="$sizes 16384"
    : > "$out/bench.txt"
    b0=$(date +%s)
    for n in $sizes; do
        reps=1
        [ "$n" -le 4096 ] && reps=2
        for v in $variants; do
            log="$out/bench-$v-$n.log"
            if ! available "$v"; then
                echo "SKIP $v $n not-available" >> "$out/bench.txt"
                continue
            fi
            left=$(( bench_budget - ($(date +%s) - b0) ))
            if [ "$left" -le 5 ]; then
                echo "SKIP $v $n budget" >> "$out/bench.txt"
                continue
            fi
            limit=$(( left < 180 ? left : 180 ))
            # shellcheck disable=SC2046 # the variant's environment is a list of words
            env $(variant_env "$v") timeout "$limit" "$bench" --label "$v" --sizes "$n" --reps "$reps" > "$log" 2>&1
            rc=$?
            collect "$v" "$n" "$rc" "$log" "$out/bench.txt" "bench $v n=$n"
        done
    done
    # Which library served the calls, and OpenBLAS's own report.
    for v in openblas nvblas gpublas gpublas-host; do
        f=$(ls "$out"/bench-$v-[0-9]*.log 2>/dev/null | head -1)
        [ -n "$f" ] || continue
        say "- $v: $(grep -E '^# (dgemm_ from|openblas_get_corename|openblas_get_config)' "$f" | sed 's/^# //' | tr '\n' ';')"
        for f in "$out"/bench-$v-[0-9]*.log; do stats_line "$f"; done | tee -a "$summary"
    done
    if [ -n "$obcore" ] && f=$(ls "$out"/bench-openblas-[0-9]*.log 2>/dev/null | head -1) && [ -n "$f" ]; then
        core=$(awk '/^# openblas_get_corename:/ { print $3 }' "$f")
        [ "${core,,}" = "${obcore,,}" ] || say "- WARNING: OpenBLAS runs '$core', not the forced $obcore"
    fi
    for f in nvblas nvblas-nopin; do
        [ -s "$out/$f.log" ] && say "- $f.log: $(head -c 300 "$out/$f.log" | tr '\n' ' ')"
    done
    say ""
    table "$out/bench.txt" "dgesv dpotrf dgeqrf" | tee -a "$summary"
    skipped=$(grep -c '^SKIP .* budget$' "$out/bench.txt")
    [ "$skipped" = 0 ] || say "- NOTE: $skipped runs skipped: the bench budget of $bench_budget s was spent (--bench-budget)"
    say ""
    say "(time: best of 2 runs at n ≤ 4096, one run above; every row's residual ||.||/(||A|| ||x|| n eps) < 30, else BAD. Raw rows: bench.txt.)"
fi

# --- tests ------------------------------------------------------------------------------------
if has tests && ! late tests 40; then
    tb=$(( $(left) - 20 ))
    [ "$tb" -lt "$tests_budget" ] || tb=$tests_budget
    say ""
    say "## netlib BLAS/CBLAS and LAPACK tests, gpublas-blas on the GPU"
    if [ "$gpublas_gpu" = 1 ]; then
        flags=(--gpu)
        [ "$require_gpu" = 1 ] && flags=(--require-gpu)
        LD_LIBRARY_PATH="${gpu_path}" GPUBLAS_BACKEND="${GPUBLAS_BACKEND:-cuda}" \
            timeout $((tb + 130)) "$D/netlib-tests.sh" --lib "$D/lib/gpublas/libgpublas_blas.so" \
            --root "$D/root" --out "$out/netlib" "${flags[@]}" --budget "$tb" --timeout 120 \
            > "$out/netlib.log" 2>&1
        rc=$?
        grep -v '^gpublas-blas: /' "$out/netlib.log" | grep -E '^\||^total|skipped' | tee -a "$summary"
        [ "$rc" = 0 ] || fail "netlib tests on the GPU: exit $rc (outputs under $out/netlib/run, log $out/netlib.log)"
    elif [ "$require_gpu" = 1 ]; then
        fail "tests: no GPU"
    else
        say "skipped: gpublas-blas cannot reach a GPU here"
    fi
fi

# --- probe ------------------------------------------------------------------------------------
if has probe && ! late probe 60; then
    say ""
    say "## Crossover probe: single calls (ms; best of 2–10)"
    : > "$out/probe.txt"
    for v in openblas gpublas-host gpublas-gpu-only; do
        if ! available "$v"; then echo "skip $v" >> "$out/probe.txt"; continue; fi
        # shellcheck disable=SC2046
        pl=$(( ($(left) - 10) / 3 ))
        [ "$pl" -lt 60 ] || pl=60
        [ "$pl" -ge 10 ] || pl=10
        env $(variant_env "$v") timeout "$pl" "$bench" --probe --label "$v" > "$out/probe-$v.log" 2>&1
        rc=$?
        grep '^PROBE' "$out/probe-$v.log" >> "$out/probe.txt"
        if [ "$rc" != 0 ]; then
            if gpu_variant "$v" && [ "$require_gpu" = 0 ]; then say "- probe $v: exit $rc"; else fail "probe $v: exit $rc (see $out/probe-$v.log)"; fi
        fi
    done
    for f in "$out"/probe-gpublas-*.log; do [ -f "$f" ] && stats_line "$f"; done | tee -a "$summary"
    awk '
        $1 == "PROBE" { key = $3 " " $4; t[key, $2] = $7; fl[key] = $5; if (!(key in seen)) { seen[key] = 1; keys[++nk] = key } }
        END {
            print "| routine | shape | flops | OpenBLAS | gpublas host | gpublas GPU | GPU ÷ host time | faster |"
            print "|---|---|---|---|---|---|---|---|"
            for (k = 1; k <= nk; k++) {
                split(keys[k], kk, " "); o = t[keys[k], "openblas"]; h = t[keys[k], "gpublas-host"]; g = t[keys[k], "gpublas-gpu-only"]
                printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", kk[1], kk[2], fl[keys[k]],
                    o ? sprintf("%.3f", o * 1e3) : "—", h ? sprintf("%.3f", h * 1e3) : "—", g ? sprintf("%.3f", g * 1e3) : "—",
                    (g && h) ? sprintf("%.2f", g / h) : "—", (g && h) ? (g < h ? "GPU" : "host") : "—"
                # The crossover per routine: the smallest size from which the GPU wins at every larger one.
                r = kk[1]; if (g && h) { if (g < h) { if (!(r in cross)) cross[r] = fl[keys[k]] } else delete cross[r]; tried[r] = 1 }
            }
            print ""
            for (r in tried) printf "- %s: GPU faster than host %s (of the sizes probed)\n", r, (r in cross) ? "from " cross[r] " flops on" : "at none"
            print "- levels: daxpy = L1, dgemv = L2, the others L3 (GPUBLAS_BLAS_CROSSOVER_L1/_L2/_L3 compare against these flops)"
        }' "$out/probe.txt" | tee -a "$summary"
fi

# --- numpy ------------------------------------------------------------------------------------
if has numpy && ! late numpy 45; then
    say ""
    py="$D/root/usr/bin/python3.11"
    if [ -x "$py" ] && [ -f "$D/numpy_bench.py" ]; then
        say "## numpy over each BLAS: Debian's python3-numpy (links libblas.so.3 and liblapack.so.3), n = $numpy_n"
        : > "$out/numpy.txt"
        py_env=(PYTHONHOME="$D/root/usr" PYTHONPATH="$D/root/usr/lib/python3/dist-packages" PYTHONNOUSERSITE=1)
        for v in $variants; do
            if ! available "$v"; then echo "SKIP $v $numpy_n not-available" >> "$out/numpy.txt"; continue; fi
            nl=$(( $(left) - 10 ))
            if [ "$nl" -lt 20 ]; then echo "SKIP $v $numpy_n deadline" >> "$out/numpy.txt"; continue; fi
            [ "$nl" -lt 120 ] || nl=120
            # shellcheck disable=SC2046 # the variant's environment is a list of words
            env $(variant_env "$v") "${py_env[@]}" timeout "$nl" "$py" "$D/numpy_bench.py" --label "$v" \
                --n "$numpy_n" > "$out/numpy-$v.log" 2>&1
            rc=$?
            collect "$v" "$numpy_n" "$rc" "$out/numpy-$v.log" "$out/numpy.txt" "numpy $v"
        done
        say "- $(grep -m1 '^# numpy' "$out"/numpy-*.log 2>/dev/null | head -1 | sed 's/^[^#]*# //')"
        for f in "$out"/numpy-gpublas*.log; do [ -f "$f" ] && stats_line "$f"; done | tee -a "$summary"
        table "$out/numpy.txt" "numpy.dot numpy.solve" | tee -a "$summary"
        say ""
        say "(time: best of 2 calls; dot checked on 16 elements summed exactly, solve by its residual on 16 rows. Raw rows: numpy.txt.)"
    else
        say "## numpy: no Debian python3-numpy in this pack (pack.sh adds it)"
    fi
    # A wheel's numpy (the machine's python3) links its own OpenBLAS under private names: no
    # libblas.so.3 can replace it; its row is a reference point only.
    if ! late numpy-wheel 30 && timeout 30 python3 -c "import numpy" >/dev/null 2>&1; then
        timeout $(( $(left) < 60 ? $(left) : 60 )) python3 "$D/numpy_bench.py" --label wheel-numpy \
            --n "$numpy_n" > "$out/numpy-wheel.log" 2>&1
        say "- the machine's own numpy (its bundled OpenBLAS): $(grep -m1 '^# numpy' "$out/numpy-wheel.log" | sed 's/^# //')"
        grep '^RESULT' "$out/numpy-wheel.log" | awk '{ printf "  %s n = %s: %.3f s, %s GF/s, %s\n", $3, $4, $6, $8, $10 }' | tee -a "$summary"
    fi
fi

say ""
say "total $(( $(date +%s) - t0 )) s; logs in $out"
if [ "$status" = 0 ]; then say "STATUS: OK"; else say "STATUS: FAILED (see the FAILED lines above)"; fi
echo
echo "===== summary ($summary) ====="
cat "$summary"
exit $status
