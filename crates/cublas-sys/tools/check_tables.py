#!/usr/bin/env python3
"""Checks the `dyn_api!` tables of this crate against the vendor headers and libraries.

Used by `regenerate.sh`:

  check_tables.py names TABLE.rs...
      Prints every function name declared in the tables, one per line.
  check_tables.py check FUNCTIONS.rs TABLE.rs=SYMBOLS.txt...
      FUNCTIONS.rs is bindgen's output for those functions (from the headers); SYMBOLS.txt is
      the library's `nm -D --defined-only` symbol names. Fails unless every function of each
      table has the header's parameter names, parameter types and return type, and every
      required function is exported by the library.
  check_tables.py emit FUNCTIONS.rs NAME...
      Prints `dyn_api!` entries for NAME... as the headers declare them (to write tables).
"""

import re
import sys

# Declared in a table although the checked (CUDA 13) headers lack them: name -> the function
# whose header signature they share, and why. Each must be optional.
NOT_IN_HEADERS = {
    # CUDA 12's cuda_runtime_api.h has `#define cudaGetDeviceProperties
    # cudaGetDeviceProperties_v2`; libcudart.so.12 exports both, libcudart.so.13 only the plain
    # name (with CUDA 12's struct layout), libcudart.so.11 only the plain name (older layout).
    "cudaGetDeviceProperties_v2": "cudaGetDeviceProperties",
}

# (header type, table type) pairs accepted in place of each other: a struct whose layout changes
# between CUDA versions is passed as an untyped pointer.
TYPE_SUBSTITUTES = {("*mut cudaDeviceProp", "*mut c_void")}

PATHS = re.compile(r"(::)?(core::ffi::|std::os::raw::|crate::types::|types::)")


def norm_type(t):
    t = PATHS.sub("", t)
    t = re.sub(r"\s+", " ", t).strip()
    t = t.replace("* mut", "*mut").replace("* const", "*const")
    return t


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    args = []
    for a in out:
        name, _, ty = a.partition(":")
        args.append((name.strip(), norm_type(ty)))
    return args


FN = re.compile(r"\bfn\s+(\w+)\s*\((.*?)\)\s*(?:->\s*([^;{]+?))?\s*;", re.S)


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def parse_fns(text):
    fns = {}
    for m in FN.finditer(strip_comments(text)):
        ret = norm_type(m.group(3)) if m.group(3) else "()"
        fns[m.group(1)] = (split_args(m.group(2)), ret)
    return fns


def parse_table(path):
    """Returns {name: (args, ret, required)} for the dyn_api! blocks of a source file."""
    text = strip_comments(open(path).read())
    out = {}
    for section in ("required", "optional"):
        for m in re.finditer(section + r"\s*\{", text):
            depth, i = 1, m.end()
            while depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            for name, sig in parse_fns(text[m.end() : i - 1]).items():
                out[name] = (sig[0], sig[1], section == "required")
    if not out:
        sys.exit(f"{path}: no dyn_api! table found")
    return out


def main():
    mode = sys.argv[1]
    if mode == "names":
        for path in sys.argv[2:]:
            for name in parse_table(path):
                print(NOT_IN_HEADERS.get(name, name))
        return
    header = parse_fns(open(sys.argv[2]).read())
    if mode == "emit":
        for name in sys.argv[3:]:
            args, ret = header[name]
            a = ", ".join(f"{n}: {t}" for n, t in args)
            r = "" if ret == "()" else f" -> {ret}"
            print(f"fn {name}({a}){r};")
        return
    errors, checked = [], 0
    for spec in sys.argv[3:]:
        path, _, syms_path = spec.partition("=")
        syms = set(open(syms_path).read().split())
        for name, (args, ret, required) in parse_table(path).items():
            checked += 1
            hname = NOT_IN_HEADERS.get(name, name)
            if hname != name and required:
                errors.append(f"{path}: {name} is not in the headers, so it must be optional")
            if hname not in header:
                errors.append(f"{path}: {hname} is not declared by the headers")
                continue
            hargs, hret = header[hname]
            same_args = len(args) == len(hargs) and all(
                n == hn and (t == ht or (ht, t) in TYPE_SUBSTITUTES)
                for (n, t), (hn, ht) in zip(args, hargs)
            )
            if not same_args or ret != hret:
                errors.append(
                    f"{path}: {name} differs from the header\n"
                    f"  table:  ({', '.join(f'{n}: {t}' for n, t in args)}) -> {ret}\n"
                    f"  header: ({', '.join(f'{n}: {t}' for n, t in hargs)}) -> {hret}"
                )
            if name not in syms:
                if required:
                    errors.append(f"{path}: required {name} is not exported by the library")
                else:
                    print(f"note: optional {name} is not exported by this library version")
    for e in errors:
        print("error:", e, file=sys.stderr)
    if errors:
        sys.exit(1)
    print(f"ok: {checked} table functions match the headers and the exported symbols")


if __name__ == "__main__":
    main()
