#!/usr/bin/env bash
# Runs netlib's BLAS and CBLAS test programs and LAPACK's test suite (Debian's libblas-test and
# liblapack-test, LAPACK 3.11) against gpublas-blas and against Debian's reference BLAS, and
# fails if gpublas-blas has more failures than the reference on any program.
#
#   netlib-tests.sh [--lib PATH/libgpublas_blas.so] [--lapack quick|full|none] [--out DIR]
#
# Without --lib it builds the library (`cargo build --release -p gpublas-blas`). Every call runs
# on the host backend (GPUBLAS_BLAS_BACKEND=host) unless the caller sets the variable.
#
# LAPACK inputs: `quick` (the default, for CI) runs the linear-equation programs (xlintst{s,d,c,z},
# the mixed-precision xlintstds/xlintstzc, the RFP xlintstrf?) on their full standard inputs —
# they are the heaviest BLAS clients (every factorization, blocked and unblocked, with overlapping
# rows and columns) and take seconds — and the eigenvalue programs on the inputs that run in
# seconds (the ?ec, ?ed, ?gd, ?sb, ?sg, ?bal, ?bak, ?gbal, ?gbak, ?bb, glm, gqr, gsv, csd, lse
# files); `full` adds the nep, sep, se2, svd and ?gg inputs (minutes).
#
# The test programs come from the installed packages; if missing they are installed with apt-get
# (as root) or unpacked with `apt-get download` + `dpkg -x` into DIR (not root).
set -euo pipefail
shopt -s nullglob

lib="" lapack=quick out="${TMPDIR:-/tmp}/gpublas-netlib"
while [ $# -gt 0 ]; do
    case "$1" in
        --lib) lib="$2"; shift 2 ;;
        --lapack) lapack="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
export GPUBLAS_BLAS_BACKEND="${GPUBLAS_BLAS_BACKEND:-host}"

ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo "$(uname -m)-linux-gnu")
root=""
need_pkgs="libblas-test liblapack-test libblas3 liblapack3 libtmglib3"
if [ ! -x "/usr/lib/$ma/blas/xblat1d" ] || [ ! -x "/usr/lib/$ma/lapack/xlintstd" ]; then
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
mkdir -p "$out/ours"
ln -sf "$(readlink -f "$lib")" "$out/ours/libblas.so.3"

# Failures in one run's outputs (DIR/*.txt, DIR/*.out): every "N out of M tests failed" adds N;
# every other line that reports a failure (FAIL, SUSPECT, NOT DETECTED, failed error exits,
# illegal values) adds one.
failures() {
    local files=("$1"/*.txt "$1"/*.out)
    awk '
        /out of +[0-9]+ tests failed/ { for (i = 1; i <= NF; i++) if ($(i+1) == "out") { n += $i; break }; next }
        /[Ff][Aa][Ii][Ll]|SUSPECT|NOT DETECTED|[Ii]llegal|ILLEGAL/ && !/[Pp]assed/ { n++ }
        END { print n + 0 }' "${files[@]}"
}

status=0
total_ours=0 total_ref=0
# run NAME PROGRAM [INPUT]: runs PROGRAM (stdin INPUT) with both libraries in their own
# directories, then compares.
run() {
    local name="$1" prog="$2" input="${3:-/dev/null}" r
    for which in ref ours; do
        local dir="$out/run/$which/$name" libs
        mkdir -p "$dir"
        if [ "$which" = ours ]; then libs="$out/ours:$refdirs"; else libs="$refdirs"; fi
        set +e
        (cd "$dir" && LD_LIBRARY_PATH="$libs" timeout 1200 "$prog" < "$input" > stdout.txt 2>&1)
        r=$?
        set -e
        echo "$r" > "$dir/rc"
    done
    local fr fo rr ro
    fr=$(failures "$out/run/ref/$name")
    fo=$(failures "$out/run/ours/$name")
    rr=$(cat "$out/run/ref/$name/rc") ro=$(cat "$out/run/ours/$name/rc")
    total_ref=$((total_ref + fr)) total_ours=$((total_ours + fo))
    local verdict=ok
    if [ "$fo" -gt "$fr" ] || { [ "$ro" != 0 ] && [ "$rr" = 0 ]; }; then verdict=WORSE; status=1; fi
    printf '%-28s reference: %5s failures (exit %s)   gpublas-blas: %5s failures (exit %s)   %s\n' \
        "$name" "$fr" "$rr" "$fo" "$ro" "$verdict"
}

start=$(date +%s)
for p in s d c z; do
    run "xblat1$p" "$blasdir/xblat1$p"
    run "xblat2$p" "$blasdir/xblat2$p" "$blasdir/${p}blat2.in"
    run "xblat3$p" "$blasdir/xblat3$p" "$blasdir/${p}blat3.in"
    run "x${p}cblat1" "$blasdir/x${p}cblat1"
    run "x${p}cblat2" "$blasdir/x${p}cblat2" "$blasdir/${p}in2"
    run "x${p}cblat3" "$blasdir/x${p}cblat3" "$blasdir/${p}in3"
done

if [ "$lapack" != none ]; then
    for p in s d c z; do
        run "xlintst$p" "$lapackdir/xlintst$p" "$lapackdir/${p}test.in"
        run "xlintstrf$p" "$lapackdir/xlintstrf$p" "$lapackdir/${p}test_rfp.in"
    done
    run xlintstds "$lapackdir/xlintstds" "$lapackdir/dstest.in"
    run xlintstzc "$lapackdir/xlintstzc" "$lapackdir/zctest.in"
    eig_quick="ec ed gd sb sg bal bak gbal gbak bb"
    eig_shared="glm gqr gsv csd lse"
    for p in s d c z; do
        for t in $eig_quick; do
            [ -f "$lapackdir/$p$t.in" ] && run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$p$t.in"
        done
        for t in $eig_shared; do
            [ -f "$lapackdir/$t.in" ] && run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$t.in"
        done
        if [ "$lapack" = full ]; then
            for t in nep sep se2 svd; do
                run "xeigtst$p-$t" "$lapackdir/xeigtst$p" "$lapackdir/$t.in"
            done
            run "xeigtst$p-gg" "$lapackdir/xeigtst$p" "$lapackdir/${p}gg.in"
        fi
    done
fi

echo "total failures: reference $total_ref, gpublas-blas $total_ours ($(( $(date +%s) - start )) s; outputs in $out/run)"
exit $status
