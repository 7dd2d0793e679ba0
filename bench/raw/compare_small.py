#!/usr/bin/env python3
"""Runs the plain C small-call program and gpublas's `small_bench` alternately, each as its own
process, in random order each round, and prints the medians over rounds of every case's median
per call (µs), and gpublas's gap to each raw pattern. gpublas runs twice a round, once measuring
its `Device::auto()` cases first and once its `Device<Cuda>` cases first; the main tables pool
both orders and a last table shows each device's medians by order.

    bench/raw/compare_small.py --c ./small_calls --rust ./small_bench [--rounds 5] [--out FILE]

Both programs print `case <name> <median> <q1> <q3>` lines; see bench/raw/small_calls.c and
bench/src/bin/small_bench.rs for what each case does.
"""

import argparse
import random
import statistics
import subprocess
import sys


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    cases = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 5 and parts[0] == "case":
            cases[parts[1]] = float(parts[2])
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", required=True)
    ap.add_argument("--rust", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--inner-rounds", type=int, default=9)
    ap.add_argument("--out")
    args = ap.parse_args()
    inner = ["--rounds", str(args.inner_rounds)]
    progs = {
        "c": [args.c] + inner,
        "rust": [args.rust] + inner,
        "rust-static-first": [args.rust] + inner + ["--static-first"],
    }
    samples = {}
    by_order = {}
    for r in range(args.rounds):
        order = list(progs)
        random.shuffle(order)
        for p in order:
            for name, v in run(progs[p]).items():
                samples.setdefault(name, []).append(v)
                if p != "c":
                    by_order.setdefault((name, p), []).append(v)
        print(f"round {r + 1}/{args.rounds} done ({' then '.join(order)})", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in samples.items()}
    lines = ["| case | µs per call (median of process medians) | runs |", "|---|---|---|"]
    for k in sorted(med):
        lines.append(f"| `{k}` | {med[k]:.2f} | {len(samples[k])} |")
    gaps = [
        ("sgemm64 back to back", "sgemm64_b2b_gpublas", ["sgemm64_b2b_legacy", "sgemm64_b2b_nonblocking", "sgemm64_b2b_rustraw"]),
        ("sgemm64 enqueue only", "sgemm64_enq_gpublas", ["sgemm64_enq_legacy", "sgemm64_enq_nonblocking", "sgemm64_enq_rustraw"]),
        ("sgemm64 sync each call", "sgemm64_sync_gpublas", ["sgemm64_sync_nonblocking", "sgemm64_sync_rustraw"]),
        ("gemv2x3 back to back", "gemv2x3_b2b_gpublas", ["gemv2x3_b2b_nonblocking", "gemv2x3_b2b_rustraw"]),
        ("gemv2x3 sync each call", "gemv2x3_sync_gpublas", ["gemv2x3_sync_nonblocking", "gemv2x3_sync_rustraw"]),
        ("sgemm16 host arrays", "sgemm16_host_sync_gpublas", ["sgemm16_mapped_sync"]),
        ("sgemm32 host arrays", "sgemm32_host_sync_gpublas", ["sgemm32_mapped_sync"]),
        ("sgemm64 host arrays", "sgemm64_host_sync_gpublas", ["sgemm64_mapped_sync"]),
        ("gemv2x3 host arrays", "gemv2x3_host_sync_gpublas", ["gemv2x3_mapped_sync"]),
    ]
    lines += ["", "| pattern | gpublas (auto) | gpublas (Device<Cuda>) | raw | gap (auto − raw) |", "|---|---|---|---|---|"]
    for what, g, raws in gaps:
        gc = g.replace("_gpublas", "_gpublascuda")
        for raw in raws:
            if g in med and raw in med:
                lines.append(
                    f"| {what} | {med[g]:.2f} | {med.get(gc, float('nan')):.2f} | `{raw}` {med[raw]:.2f} | {med[g] - med[raw]:+.2f} |"
                )
    lines += [
        "",
        "| case | auto measured first | `Device<Cuda>` measured first |",
        "|---|---|---|",
    ]
    for k in sorted(med):
        if "_gpublas" in k:
            a, b = by_order.get((k, "rust")), by_order.get((k, "rust-static-first"))
            if a and b:
                lines.append(f"| `{k}` | {statistics.median(a):.2f} | {statistics.median(b):.2f} |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
