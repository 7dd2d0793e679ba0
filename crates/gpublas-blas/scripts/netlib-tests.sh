#!/usr/bin/env bash
# Runs netlib's BLAS and CBLAS test programs and LAPACK's test suite (Debian's libblas-test and
# liblapack-test, LAPACK 3.11) against gpublas-blas and against Debian's reference BLAS, and
# fails if gpublas-blas has more failures than the reference on any program.
#
#   netlib-tests.sh [--lib PATH/libgpublas_blas.so] [--root DIR] [--out DIR]
#                   [--lapack quick|full|lin-quick|none] [--gpu] [--require-gpu]
#                   [--timeout S] [--budget S] [--programs NAME,...]
#
# Without --lib it builds the library (`cargo build --release -p gpublas-blas`). Every call runs
# on the host backend (GPUBLAS_BLAS_BACKEND=host) unless the caller sets the variable or --gpu.
#
# LAPACK inputs: `quick` (the default, for CI) runs the linear-equation programs (xlintst{s,d,c,z},
# the mixed-precision xlintstds/xlintstzc, the RFP xlintstrf?) on their full standard inputs —
# they are the heaviest BLAS clients (every factorization, blocked and unblocked, with overlapping
# rows and columns) and take seconds — and the eigenvalue programs on the inputs that run in
# seconds (the ?ec, ?ed, ?gd, ?sb, ?sg, ?bal, ?bak, ?gbal, ?gbak, ?bb, glm, gqr, gsv, csd, lse
# files); `full` adds the nep, sep, se2, svd and ?gg inputs (minutes). `lin-quick` runs only
# xlintst{s,d,c,z}, on their standard inputs trimmed (sizes 0 1 2 7 31, 2 right-hand sides,
# block sizes 1 3 20, two band matrix types): every path and matrix type but the band ones, in
# about a million BLAS calls per program — the GPU run, where each call is a GPU round trip.
#
# --gpu: the GPU run. gpublas-blas gets GPUBLAS_BLAS_BACKEND=auto (GPUBLAS_BACKEND=cuda unless
# set), crossovers 0 and GPUBLAS_BLAS_MIN_INTENSITY=0, so every call of the BLAS test programs and every level-2 and level-3
# call of LAPACK's goes to the GPU (LAPACK's ~10⁶ level-1 calls stay on the host: the BLAS test
# programs check the GPU's level 1); GPUBLAS_BLAS_STATS=1 reports, per program, how many calls
# the GPU ran. Default --lapack lin-quick. --require-gpu (implies --gpu): a program whose calls
# did not reach the GPU is a failure, and the library aborts if no GPU is usable.
#
# The test programs come from --root DIR (a tree holding usr/lib/<multiarch>/{blas,lapack}: the
# packages libblas-test, liblapack-test, libblas3, liblapack3, libtmglib3, libgfortran5 and
# libquadmath0 unpacked with `dpkg -x`), else from the installed packages; if missing they are
# installed with apt-get (as root) or unpacked with `apt-get download` + `dpkg -x` into DIR.
#
# --timeout S: each program's limit (default 1200 s); --budget S: programs that would start
# after S seconds are skipped and reported as such (a failure), so a timed run ends on time.
# --programs: run only these (names as the report prints them: xblat2d, xlintstd-quick, ...).
# GPUBLAS_BLAS_GPU_ONLY=gemm,trsm (the library's own variable) keeps every other routine on the
# host: bench/bisect-gpu.sh uses both to find the routine a GPU difference comes from.
set -euo pipefail
shopt -s nullglob

lib="" lapack="" out="${TMPDIR:-/tmp}/gpublas-netlib" root="" gpu=0 require_gpu=0 limit=1200 budget="" programs=""
while [ $# -gt 0 ]; do
    case "$1" in
        --lib) lib="$2"; shift 2 ;;
        --lapack) lapack="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --root) root=$(cd "$2" && pwd); shift 2 ;;
        --gpu) gpu=1; shift ;;
        --require-gpu) gpu=1 require_gpu=1; shift ;;
        --timeout) limit="$2"; shift 2 ;;
        --budget) budget="$2"; shift 2 ;;
        --programs) programs="$2"; shift 2 ;;
        -h|--help) sed -n '2,41p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ "$gpu" = 1 ]; then
    lapack="${lapack:-lin-quick}"
    export GPUBLAS_BLAS_BACKEND=auto GPUBLAS_BACKEND="${GPUBLAS_BACKEND:-cuda}" GPUBLAS_BLAS_STATS=1
    [ "$require_gpu" = 1 ] && export GPUBLAS_BLAS_REQUIRE_GPU=1
fi
lapack="${lapack:-quick}"
export GPUBLAS_BLAS_BACKEND="${GPUBLAS_BLAS_BACKEND:-host}"

ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo "$(uname -m)-linux-gnu")
need_pkgs="libblas-test liblapack-test libblas3 liblapack3 libtmglib3"
if [ -n "$root" ]; then
    if [ ! -x "$root/usr/lib/$ma/blas/xblat1d" ] || [ ! -x "$root/usr/lib/$ma/lapack/xlintstd" ]; then
        echo "--root $root: no usr/lib/$ma/blas/xblat1d or usr/lib/$ma/lapack/xlintstd in it" >&2
        exit 2
    fi
elif [ ! -x "/usr/lib/$ma/blas/xblat1d" ] || [ ! -x "/usr/lib/$ma/lapack/xlintstd" ]; then
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libblas-test liblapack-test >/dev/null
    else
        mkdir -p "$out/debs" "$out/root"
        (cd "$out/debs" && apt-get download $need_pkgs >/dev/null)
        for d in "$out"/debs/*.deb; do dpkg -x "$d" "$out/root"; done
        root="$out/root"
    fi
fi
blasdir="$root/usr/lib/$ma/blas"
lapackdir="$root/usr/lib/$ma/lapack"
# Where the reference BLAS and LAPACK live (the reference BLAS is always Debian's netlib build,
# whatever the alternatives system selects).
refdirs="$blasdir:$lapackdir:$root/usr/lib/$ma"

if [ -z "$lib" ]; then
    here=$(cd "$(dirname "$0")/../../.." && pwd)
    (cd "$here" && cargo build --release -p gpublas-blas >&2)
    lib="$here/target/release/libgpublas_blas.so"
fi
mkdir -p "$out/ours" "$out/inputs"
ln -sf "$(readlink -f "$lib")" "$out/ours/libblas.so.3"
echo "gpublas-blas: $(readlink -f "$lib"); test programs: $blasdir, $lapackdir; GPUBLAS_BLAS_BACKEND=$GPUBLAS_BLAS_BACKEND${GPUBLAS_BACKEND:+ GPUBLAS_BACKEND=$GPUBLAS_BACKEND}"

# Failures in one run's outputs (DIR/*.txt, DIR/*.out): every "N out of M tests failed" adds N;
# every other line that reports a failure (FAIL, SUSPECT, NOT DETECTED, failed error exits,
# illegal values) adds one.
failures() {
    local files=("$1"/*.txt "$1"/*.out)
    awk '
        /out of +[0-9]+ tests failed/ { for (i = 1; i <= NF; i++) if ($(i+1) == "out") { n += $i; break }; next }
        /^gpublas-blas/ { next }
        /[Ff][Aa][Ii][Ll]|SUSPECT|NOT DETECTED|[Ii]llegal|ILLEGAL/ && !/[Pp]assed/ { n++ }
        END { print n + 0 }' "${files[@]}"
}

# Calls the GPU ran in one run (from GPUBLAS_BLAS_STATS's report; "-" without one).
gpu_calls() {
    awk '/^gpublas-blas stats:/ { for (i = 1; i < NF; i++) if ($i == "gpu" && $(i+2) == "calls") { n += $(i+1); seen = 1 } }
        END { if (seen) print n + 0; else print "-" }' "$1/stdout.txt"
}

status=0
total_ours=0 total_ref=0
# run NAME PROGRAM [INPUT] [ENV...]: runs PROGRAM (stdin INPUT) with both libraries in their own
# directories, then compares. ENV (VAR=VALUE) applies to gpublas-blas's run only.
run() {
    local name="$1" prog="$2" input="${3:-/dev/null}" r
    case ",${programs:-$name}," in *",$name,"*) ;; *) return ;; esac
    shift 3 || shift $#
    if [ -n "$budget" ] && [ $(( $(date +%s) - start )) -ge "$budget" ]; then
        echo "| $name | skipped: the --budget of $budget s is spent |"
        status=1
        return
    fi
    for which in ref ours; do
        local dir="$out/run/$which/$name" libs
        rm -rf "$dir"
        mkdir -p "$dir"
        if [ "$which" = ours ]; then libs="$out/ours:$refdirs"; else libs="$refdirs"; fi
        set +e
        if [ "$which" = ours ]; then
            (cd "$dir" && env "$@" LD_LIBRARY_PATH="$libs" timeout "$limit" "$prog" < "$input" > stdout.txt 2>&1)
        else
            (cd "$dir" && LD_LIBRARY_PATH="$libs" timeout "$limit" "$prog" < "$input" > stdout.txt 2>&1)
        fi
        r=$?
        set -e
        echo "$r" > "$dir/rc"
    done
    local fr fo rr ro gc
    fr=$(failures "$out/run/ref/$name")
    fo=$(failures "$out/run/ours/$name")
    rr=$(cat "$out/run/ref/$name/rc") ro=$(cat "$out/run/ours/$name/rc")
    gc=$(gpu_calls "$out/run/ours/$name")
    total_ref=$((total_ref + fr)) total_ours=$((total_ours + fo))
    local verdict=ok
    if [ "$fo" -gt "$fr" ] || { [ "$ro" != 0 ] && [ "$rr" = 0 ]; }; then verdict=WORSE; status=1; fi
    if [ "$require_gpu" = 1 ] && { [ "$gc" = - ] || [ "$gc" = 0 ]; }; then verdict="$verdict NO-GPU-CALLS"; status=1; fi
    if [ "$gpu" = 1 ]; then
        printf '| %-16s | %5s | %4s | %5s | %4s | %9s | %s |\n' "$name" "$fr" "$rr" "$fo" "$ro" "$gc" "$verdict"
    else
        printf '%-28s reference: %5s failures (exit %s)   gpublas-blas: %5s failures (exit %s)   %s\n' \
            "$name" "$fr" "$rr" "$fo" "$ro" "$verdict"
    fi
}

# A standard LAPACK input trimmed for the GPU run (see lin-quick above).
lin_quick_input() {
    awk 'NR == 2 || NR == 4 { print "5"; next }
         NR == 3 || NR == 5 { print "0 1 2 7 31"; next }
         NR == 6 { print "1"; next }
         NR == 7 { print "2"; next }
         NR == 8 { print "3"; next }
         NR == 9 { print "1 3 20"; next }
         NR == 10 { print "1 0 1"; next }
         NR > 16 && $1 ~ /GB$/ { print $1 "    2"; print "1 4"; next }
         { print }' "$1"
}

# Crossovers for gpublas-blas's runs: in the GPU run every call of the BLAS test programs goes
# to the GPU, and every level-2 and level-3 call of LAPACK's.
blas_env=() lapack_env=()
if [ "$gpu" = 1 ]; then
    blas_env=(GPUBLAS_BLAS_CROSSOVER_L1=0 GPUBLAS_BLAS_CROSSOVER_L2=0 GPUBLAS_BLAS_CROSSOVER_L3=0 GPUBLAS_BLAS_MIN_INTENSITY=0)
    lapack_env=(GPUBLAS_BLAS_CROSSOVER_L1=inf GPUBLAS_BLAS_CROSSOVER_L2=0 GPUBLAS_BLAS_CROSSOVER_L3=0 GPUBLAS_BLAS_MIN_INTENSITY=0)
    echo
    echo "| program | ref failures | ref exit | gpublas-blas failures | exit | GPU calls | verdict |"
    echo "|---|---|---|---|---|---|---|"
fi

start=$(date +%s)
for p in s d c z; do
    run "xblat1$p" "$blasdir/xblat1$p" /dev/null "${blas_env[@]}"
    run "xblat2$p" "$blasdir/xblat2$p" "$blasdir/${p}blat2.in" "${blas_env[@]}"
    run "xblat3$p" "$blasdir/xblat3$p" "$blasdir/${p}blat3.in" "${blas_env[@]}"
    run "x${p}cblat1" "$blasdir/x${p}cblat1" /dev/null "${blas_env[@]}"
    run "x${p}cblat2" "$blasdir/x${p}cblat2" "$blasdir/${p}in2" "${blas_env[@]}"
    run "x${p}cblat3" "$blasdir/x${p}cblat3" "$blasdir/${p}in3" "${blas_env[@]}"
done

if [ "$lapack" = lin-quick ]; then
    for p in s d c z; do
        lin_quick_input "$lapackdir/${p}test.in" > "$out/inputs/${p}test-quick.in"
        run "xlintst$p-quick" "$lapackdir/xlintst$p" "$out/inputs/${p}test-quick.in" "${lapack_env[@]}"
    done
elif [ "$lapack" != none ]; then
    for p in s d c z; do
        run "xlintst$p" "$lapackdir/xlintst$p" "$lapackdir/${p}test.in" "${lapack_env[@]}"
        run "xlintstrf$p" "$lapackdir/xlintstrf$p" "$lapackdir/${p}test_rfp.in" "${lapack_env[@]}"
    done
    run xlintstds "$lapackdir/xlintstds" "$lapackdir/dstest.in" "${lapack_env[@]}"
    run xlintstzc "$lapackdir/xlintstzc" "$lapackdir/zctest.in" "${lapack_env[@]}"
    eig_quick="ec ed gd sb sg bal bak gbal gbak bb"
    eig_shared="glm gqr gsv csd lse"
    for p in s d c z; do
        for t in $eig_quick; do
            [ -f "$lapackdir/$p$t.in" ] && run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$p$t.in" "${lapack_env[@]}"
        done
        for t in $eig_shared; do
            [ -f "$lapackdir/$t.in" ] && run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$t.in" "${lapack_env[@]}"
        done
        if [ "$lapack" = full ]; then
            for t in nep sep se2 svd; do
                run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$t.in" "${lapack_env[@]}"
            done
            run "xeigtst$p-gg" "$lapackdir/xeigtst$p" "$lapackdir/${p}gg.in" "${lapack_env[@]}"
        fi
    done
fi

echo "total failures: reference $total_ref, gpublas-blas $total_ours ($(( $(date +%s) - start )) s; outputs in $out/run)"
exit $status
