#!/usr/bin/env python3
"""Checks that the workspace's `rust-version` is a true minimum: at least the highest
`rust-version` (or the edition's first release) of any crate the publishable crates need to
build, over the locked dependency graph with every feature enabled.

Only normal and build dependencies count (dev-dependencies are not needed to build the
library), on each platform in PLATFORMS (`cargo metadata --filter-platform` evaluates the
`cfg(...)` of target-specific dependencies, so e.g. a `cfg(loom)` test dependency of a
dependency does not count). Needs no network: it reads Cargo.lock (`--locked --offline`).

Exit status: 0 when the workspace's rust-version is high enough, 1 otherwise.
"""

import json
import subprocess
import sys

PLATFORMS = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "x86_64-pc-windows-msvc"]
# The first stable Rust of each edition.
EDITION_MIN = {"2015": (1, 0, 0), "2018": (1, 31, 0), "2021": (1, 56, 0), "2024": (1, 85, 0)}


def version(s):
    parts = [int(p) for p in s.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def show(v):
    return ".".join(str(p) for p in v)


def needs(pkg):
    """The Rust version a package needs, and why."""
    ed = EDITION_MIN[pkg["edition"]]
    rv = version(pkg["rust_version"]) if pkg.get("rust_version") else (0, 0, 0)
    if ed > rv:
        return ed, f"edition {pkg['edition']}"
    return rv, f"rust-version {pkg['rust_version']}"


def check(platform):
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--all-features", "--locked", "--offline",
         "--filter-platform", platform],
        check=True, capture_output=True, text=True).stdout
    meta = json.loads(out)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    members = set(meta["workspace_members"])
    roots = [i for i in members if packages[i].get("publish") is None or packages[i]["publish"]]
    ok = True
    for root in sorted(roots, key=lambda i: packages[i]["name"]):
        declared = packages[root].get("rust_version")
        if not declared:
            print(f"{packages[root]['name']}: no rust-version declared")
            ok = False
            continue
        seen, stack = set(), [root]
        while stack:
            i = stack.pop()
            if i in seen:
                continue
            seen.add(i)
            for dep in nodes[i]["deps"]:
                if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
                    stack.append(dep["pkg"])
        # The highest need among the dependencies (the workspace's own crates are what is checked).
        deps = (seen - members) or {root}
        worst = max(deps, key=lambda i: needs(packages[i])[0])
        need, why = needs(packages[worst])
        name = packages[root]["name"]
        if version(declared) < need:
            print(f"{platform}: {name} declares rust-version {declared}, but "
                  f"{packages[worst]['name']} {packages[worst]['version']} needs {show(need)} ({why})")
            ok = False
        else:
            print(f"{platform}: {name} rust-version {declared} >= {show(need)} "
                  f"(highest: {packages[worst]['name']} {packages[worst]['version']}, {why}; "
                  f"{len(seen)} crates)")
    return ok


def main():
    results = [check(p) for p in PLATFORMS]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
