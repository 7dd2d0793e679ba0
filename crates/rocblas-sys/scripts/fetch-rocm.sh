#!/usr/bin/env bash
# Fetches the real ROCm 6.4 headers and shared objects that rocblas-sys is checked against, from
# Debian's `sid` suite, with a private apt state (the machine's own apt sources are untouched).
#
# Usage: fetch-rocm.sh DEST
#
# Afterwards DEST holds:
#   DEST/include/{hip,rocblas}/...                 headers (libamdhip64-dev, librocblas-dev)
#   DEST/lib/libamdhip64.so.6*, librocblas.so.4*   the shared objects only (librocblas4's
#                                                  gigabytes of GPU kernel files are skipped)
#   DEST/VERSIONS                                  the package versions used
# Idempotent: a package already extracted is not fetched again. Set ROCM_DEBIAN_MIRROR to use
# another Debian mirror. ROCM_DEBIAN_SUITE picks another suite (default sid) and
# ROCM_HEADERS_ONLY=1 fetches only the -dev packages (check-oldest.sh uses both for the oldest
# ROCm the loaders accept).
set -euo pipefail

dest=${1:?usage: fetch-rocm.sh DEST}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
apt_dir="$dest/apt"
debs="$dest/debs"
root="$dest/pkgroot"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$debs" "$root" \
    "$dest/include" "$dest/lib"

# Headers come from the -dev packages (extracted whole; they are small), the shared objects from
# the runtime packages (only the .so files are extracted).
dev_pkgs=(libamdhip64-dev librocblas-dev)
lib_pkgs=(libamdhip64-6 librocblas4)
[[ ${ROCM_HEADERS_ONLY:-0} == 1 ]] && lib_pkgs=()
suite=${ROCM_DEBIAN_SUITE:-sid}
mirror=${ROCM_DEBIAN_MIRROR:-http://deb.debian.org/debian}

echo "deb $mirror $suite main" > "$apt_dir/sources.list"
apt_opts=(
    -o "Dir::Etc::SourceList=$apt_dir/sources.list"
    -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$apt_dir/lists"
    -o "Dir::State::Status=/dev/null"
    -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Architecture=amd64"
    -o "APT::Architectures::=amd64"
    -o "Acquire::Languages=none"
    -o "APT::Sandbox::User=root"
    -o "Debug::NoLocking=1"
)

fetch_deb() { # PKG -> path of the downloaded .deb
    local pkg=$1
    if ! compgen -G "$debs/${pkg}_*.deb" > /dev/null; then
        if [[ ! -e $apt_dir/updated ]]; then
            echo "fetch-rocm: updating $suite package lists" >&2
            apt-get "${apt_opts[@]}" -qq update >&2
            touch "$apt_dir/updated"
        fi
        echo "fetch-rocm: downloading $pkg" >&2
        (cd "$debs" && apt-get "${apt_opts[@]}" -qq download "$pkg" >&2)
    fi
    ls "$debs"/"${pkg}"_*.deb | sort -V | tail -n1
}

for pkg in "${dev_pkgs[@]}" "${lib_pkgs[@]+"${lib_pkgs[@]}"}"; do
    stamp="$dest/.done-$pkg"
    [[ -e $stamp ]] && continue
    deb=$(fetch_deb "$pkg")
    if [[ " ${dev_pkgs[*]} " == *" $pkg "* ]]; then
        dpkg-deb -x "$deb" "$root"
        what="all files"
    else
        mapfile -t members < <(dpkg-deb -c "$deb" | awk '{print $6}' \
            | grep -E '/lib(rocblas|amdhip64)\.so[.0-9]*$')
        if [[ ${#members[@]} == 0 ]]; then
            echo "fetch-rocm: no shared object in $deb" >&2
            exit 1
        fi
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root" "${members[@]}"
        what="${members[*]}"
        rm -f "$deb" # hundreds of MB, and nothing else is needed from it
    fi
    version=$(dpkg-deb -f "$deb" Version 2> /dev/null || true)
    [[ -n $version ]] || version=$(basename "$deb" | cut -d_ -f2)
    echo "$pkg $version" > "$stamp"
    echo "fetched $pkg $version: $what"
done

# Flat, relocatable views: DEST/include/* and DEST/lib/*.
for d in "$root"/usr/include/*; do
    if [[ -e $d ]]; then
        ln -sfn "../pkgroot/usr/include/$(basename "$d")" "$dest/include/$(basename "$d")"
    fi
done
for f in "$root"/usr/lib/x86_64-linux-gnu/lib{rocblas,amdhip64}.so*; do
    if [[ -e $f || -L $f ]]; then
        ln -sfn "../pkgroot/usr/lib/x86_64-linux-gnu/$(basename "$f")" "$dest/lib/$(basename "$f")"
    fi
done

for pkg in "${dev_pkgs[@]}" "${lib_pkgs[@]+"${lib_pkgs[@]}"}"; do cat "$dest/.done-$pkg"; done > "$dest/VERSIONS"
echo "fetch-rocm: ROCm artifacts ready in $dest:"
sed 's/^/  /' "$dest/VERSIONS"
