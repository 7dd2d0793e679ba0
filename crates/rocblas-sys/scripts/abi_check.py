#!/usr/bin/env python3
"""Checks rocblas-sys's Rust declarations against the real ROCm headers and shared objects.

Usage: abi_check.py --crate CRATE_DIR --artifacts ARTIFACTS_DIR [--keep DIR]
       abi_check.py --crate CRATE_DIR --oldest OLDEST_DIR

ARTIFACTS_DIR is what fetch-rocm.sh made (include/ and lib/). Three checks, each fatal:

(a) every function declared in a `dyn_api!` table of src/hip.rs / src/rocblas.rs and
    src/rocblas/*.rs is exported
    by the real libamdhip64.so.6 / librocblas.so.4 (`nm -D --defined-only`);
(b) for every such function, a C file assigns the header's function to a pointer whose type is
    translated mechanically from the Rust declaration, e.g.
        rocblas_status (*p_rocblas_sscal)(rocblas_handle, int32_t, float const*, float*, int32_t)
            = rocblas_sscal;
    and gcc compiles it with -Werror (so a wrong type, pointer level or constness fails);
(c) every `pub const`, integer/pointer `pub type` and `#[repr(C)]` struct of src/types.rs is
    `_Static_assert`ed against the headers: values, exact C types (via _Generic), and struct
    size, alignment, field offsets and field types.

With --oldest (check-oldest.sh), OLDEST_DIR/include holds the headers of the oldest ROCm the
loaders accept, and the check is instead: every required function is declared there with the
same signature (compiled as in (b)); a function those headers lack must be optional; a function
in ABI_CHANGED must be optional and must still fail to compile against them (so the load-time
guard for it stays needed, and is dropped once it is not).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

# Rust primitive -> (C type, size, align)
PRIMS = {
    "i8": ("int8_t", 1), "u8": ("uint8_t", 1), "i16": ("int16_t", 2), "u16": ("uint16_t", 2),
    "i32": ("int32_t", 4), "u32": ("uint32_t", 4), "i64": ("int64_t", 8), "u64": ("uint64_t", 8),
    "f32": ("float", 4), "f64": ("double", 8), "usize": ("size_t", 8), "isize": ("ptrdiff_t", 8),
    "bool": ("_Bool", 1),
    "c_char": ("char", 1), "c_schar": ("signed char", 1), "c_uchar": ("unsigned char", 1),
    "c_short": ("short", 2), "c_ushort": ("unsigned short", 2),
    "c_int": ("int", 4), "c_uint": ("unsigned int", 4),
    "c_long": ("long", 8), "c_ulong": ("unsigned long", 8),
    "c_longlong": ("long long", 8), "c_ulonglong": ("unsigned long long", 8),
    "c_float": ("float", 4), "c_double": ("double", 8), "c_void": ("void", None),
}

HEADERS = """\
#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>
#include <rocblas/rocblas.h>
"""


# Declared by the oldest supported headers with another signature under the same name: rocBLAS
# 4.0 made trmm out-of-place. Each is optional, and cleared at load time for older libraries
# (RocblasLevel3::forget_trmm_unless).
ABI_CHANGED = {f"rocblas_{t}trmm" for t in "sdcz"}


def fail(msg):
    print(f"rocblas-sys ABI check: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def macro_bodies(src, macro="dyn_api!"):
    """The text inside each `dyn_api! { ... }` invocation."""
    out = []
    pos = 0
    while True:
        i = src.find(macro, pos)
        if i < 0:
            return out
        j = src.index("{", i)
        depth = 0
        for k in range(j, len(src)):
            if src[k] == "{":
                depth += 1
            elif src[k] == "}":
                depth -= 1
                if depth == 0:
                    out.append(src[j + 1:k])
                    pos = k + 1
                    break
        else:
            fail(f"unbalanced braces after {macro}")


FN_RE = re.compile(r"\bfn\s+(\w+)\s*\(([^)]*)\)\s*(?:->\s*([^;]+?))?\s*;", re.S)


def parse_tables(path):
    """[(name, [(arg, rust_type)], rust_ret or None)] for every fn in the file's dyn_api! tables."""
    src = strip_comments(open(path).read())
    src = re.sub(r"#\[[^\]]*\]", "", src)
    fns = []
    for body in macro_bodies(src):
        found = FN_RE.findall(body)
        if len(found) != len(re.findall(r"\bfn\b", body)):
            fail(f"{path}: could not parse every `fn` in a dyn_api! table")
        for name, args, ret in found:
            parsed = []
            for a in [a.strip() for a in args.split(",") if a.strip()]:
                arg, ty = a.split(":", 1)
                parsed.append((arg.strip(), ty.strip()))
            fns.append((name, parsed, ret.strip() if ret else None))
    if not fns:
        fail(f"{path}: no dyn_api! functions found")
    return fns


def optional_names(path):
    """Names of the functions in the `optional { ... }` sections of the file's tables."""
    src = strip_comments(open(path).read())
    src = re.sub(r"#\[[^\]]*\]", "", src)
    names = set()
    for body in macro_bodies(src):
        for m in re.finditer(r"\boptional\s*\{", body):
            depth, i = 1, m.end()
            while depth:
                depth += {"{": 1, "}": -1}.get(body[i], 0)
                i += 1
            names.update(name for name, _, _ in FN_RE.findall(body[m.end():i - 1]))
    return names


class Types:
    """What src/types.rs declares."""

    def __init__(self, path):
        src = strip_comments(open(path).read())
        self.consts = re.findall(r"pub const (\w+)\s*:\s*([^=]+?)\s*=\s*([^;]+);", src)
        self.aliases = re.findall(r"pub type (\w+)\s*=\s*([^;]+);", src)
        self.reexports = re.findall(r"pub use self::(\w+) as (\w+);", src)
        self.structs = {}
        self.opaque = set()
        for name, body in re.findall(r"pub struct (\w+)\s*\{([^}]*)\}", src):
            fields = re.findall(r"(?:pub\s+)?(\w+)\s*:\s*([^,]+),?", body)
            if [f for f, _ in fields] == ["_unused"]:
                self.opaque.add(name)
            else:
                self.structs[name] = [(f, t.strip()) for f, t in fields]
        self.enum_tags = {src_name for src_name, _ in self.reexports}

    def c_name(self, rust_name):
        if rust_name in self.opaque:
            return f"struct {rust_name}"
        if rust_name in self.enum_tags:
            return f"enum {rust_name}"
        return rust_name


def c_type(ty, types):
    """C spelling of a Rust type, e.g. `*mut *const c_char` -> `char const**`."""
    ty = ty.strip()
    if ty.startswith("*const "):
        return c_type(ty[len("*const "):], types) + " const*"
    if ty.startswith("*mut "):
        return c_type(ty[len("*mut "):], types) + "*"
    base = ty.split("::")[-1].strip()
    if not re.fullmatch(r"\w+", base):
        fail(f"cannot translate Rust type `{ty}` to C")
    if base in PRIMS:
        return PRIMS[base][0]
    return types.c_name(base)


def layout(ty, types):
    """(size, align) of a Rust field type with a fixed layout."""
    base = ty.strip().split("::")[-1]
    if ty.strip().startswith("*"):
        return 8, 8
    if base in PRIMS and PRIMS[base][1]:
        return PRIMS[base][1], PRIMS[base][1]
    m = re.fullmatch(r"\[\s*(.+?)\s*;\s*(\d+)\s*\]", ty.strip())
    if m:
        s, a = layout(m.group(1), types)
        return s * int(m.group(2)), a
    if base in types.structs:
        return struct_layout(base, types)[:2]
    fail(f"no known layout for field type `{ty}`")


def struct_layout(name, types):
    off, align, offsets = 0, 1, []
    for field, ty in types.structs[name]:
        s, a = layout(ty, types)
        off = (off + a - 1) // a * a
        offsets.append((field, ty, off))
        off += s
        align = max(align, a)
    return (off + align - 1) // align * align, align, offsets


def is_type_expr(ty):
    ty = ty.strip()
    return ty.startswith("*") or re.fullmatch(r"[\w:]+", ty) is not None


def gen_signatures(tables, types):
    lines = [HEADERS]
    for lib, fns in tables:
        lines.append(f"/* {lib} */")
        for name, args, ret in fns:
            cret = c_type(ret, types) if ret else "void"
            cargs = ", ".join(c_type(t, types) for _, t in args) or "void"
            lines.append(f"{cret} (*p_{name})({cargs}) = {name};")
    return "\n".join(lines) + "\n"


def gen_types(types):
    lines = [HEADERS]
    n = 0
    for name, ty, value in types.consts:
        value = value.strip()
        lines.append(f'_Static_assert({name} == {value}, "{name} == {value}");')
        n += 1
    for name, target in types.aliases:
        if not is_type_expr(target):
            continue
        cn, ct = types.c_name(name), c_type(target, types)
        lines.append(f'_Static_assert(_Generic(({cn})0, {ct}: 1, default: 0), '
                     f'"{name} is {ct}");')
        n += 1
    for tag, alias in types.reexports:
        target = dict(types.aliases).get(tag)
        if target is None:
            fail(f"types.rs re-exports {tag} as {alias} but declares no `pub type {tag}`")
        ct = c_type(target, types)
        lines.append(f'_Static_assert(_Generic(({alias})0, {ct}: 1, default: 0), '
                     f'"{alias} is {ct}");')
        n += 1
    for name in types.structs:
        size, align, offsets = struct_layout(name, types)
        cn = types.c_name(name)
        lines.append(f'_Static_assert(sizeof({cn}) == {size}, "sizeof({name}) == {size}");')
        lines.append(f'_Static_assert(_Alignof({cn}) == {align}, "alignof({name}) == {align}");')
        n += 2
        for field, ty, off in offsets:
            ct = c_type(ty, types)
            lines.append(f'_Static_assert(offsetof({cn}, {field}) == {off}, '
                         f'"offsetof({name}, {field}) == {off}");')
            lines.append(f'_Static_assert(_Generic((({cn}*)0)->{field}, {ct}: 1, default: 0), '
                         f'"{name}.{field} is {ct}");')
            n += 2
    return "\n".join(lines) + "\n", n


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}


def compile_c(path, include, ok_msg):
    cmd = ["gcc", "-std=c11", "-D__HIP_PLATFORM_AMD__", f"-I{include}", "-Wall", "-Wextra",
           "-Werror", "-Wincompatible-pointer-types", "-Wno-unused-variable",
           "-c", path, "-o", os.devnull]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-20000:])
        fail(f"{ok_msg}: gcc rejected {path} (command: {' '.join(cmd)})")


def check_c(work, tables, types, include, n_fns):
    """Checks (b) and (c): compiles the generated C files in `work`."""
    # (b) signatures
    sig_c = os.path.join(work, "signatures.c")
    with open(sig_c, "w") as f:
        f.write(gen_signatures(tables, types))
    compile_c(sig_c, include, "signatures")
    print(f"  {n_fns} signatures match the headers")

    # (c) constants, type aliases, struct layouts
    types_c = os.path.join(work, "types.c")
    text, n_consts = gen_types(types)
    with open(types_c, "w") as f:
        f.write(text)
    compile_c(types_c, include, "types")
    print(f"  {n_consts} constants, type aliases and layout facts match the headers")

    print(f"rocblas-sys ABI check: {n_fns} functions exported, {n_fns} signatures, "
          f"{n_consts} constants: OK")


def declared_functions(include):
    """Every identifier the headers declare or call like a function (after preprocessing)."""
    cmd = ["gcc", "-std=c11", "-E", "-D__HIP_PLATFORM_AMD__", f"-I{include}", "-x", "c", "-"]
    r = subprocess.run(cmd, input=HEADERS, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-5000:])
        fail(f"the oldest headers do not preprocess (command: {' '.join(cmd)})")
    return set(re.findall(r"\b(\w+)\s*\(", r.stdout))


def check_oldest(files, types, include):
    """The --oldest check (see the module docs)."""
    declared = declared_functions(include)
    same, changed, newer = [], [], []
    for path in files:
        optional = optional_names(path)
        for fn in parse_tables(path):
            name = fn[0]
            if name in ABI_CHANGED:
                if name not in optional or name not in declared:
                    fail(f"{name} is in ABI_CHANGED, so it must be optional and declared")
                changed.append(fn)
            elif name in declared:
                same.append(fn)
            elif name in optional:
                newer.append(name)
            else:
                fail(f"required {name} is not declared by the oldest headers: make it optional")
    with tempfile.TemporaryDirectory(prefix="rocblas-sys-oldest-") as work:
        path = os.path.join(work, "signatures.c")
        with open(path, "w") as f:
            f.write(gen_signatures([("oldest", same)], types))
        compile_c(path, include, "oldest signatures")
        for fn in changed:
            path = os.path.join(work, f"{fn[0]}.c")
            with open(path, "w") as f:
                f.write(gen_signatures([("changed", [fn])], types))
            cmd = ["gcc", "-std=c11", "-D__HIP_PLATFORM_AMD__", f"-I{include}", "-Werror",
                   "-c", path, "-o", os.devnull]
            if subprocess.run(cmd, capture_output=True).returncode == 0:
                fail(f"{fn[0]} now matches the oldest headers: drop it from ABI_CHANGED")
    print(f"rocblas-sys oldest-ROCm check: {len(same)} functions declared with the same "
          f"signature, {len(changed)} with another one (optional, cleared at load time), "
          f"{len(newer)} newer ones (all optional): OK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--crate", required=True)
    ap.add_argument("--artifacts")
    ap.add_argument("--oldest", help="check against the oldest supported headers instead")
    ap.add_argument("--keep", help="write the generated C files here")
    opts = ap.parse_args()
    src = os.path.join(opts.crate, "src")

    types = Types(os.path.join(src, "types.rs"))
    rocblas_files = [os.path.join(src, "rocblas.rs")] + sorted(
        os.path.join(src, "rocblas", f) for f in os.listdir(os.path.join(src, "rocblas"))
        if f.endswith(".rs"))
    if opts.oldest:
        check_oldest([os.path.join(src, "hip.rs")] + rocblas_files, types,
                     os.path.join(opts.oldest, "include"))
        return
    if not opts.artifacts:
        fail("--artifacts is required")
    include = os.path.join(opts.artifacts, "include")
    libs = os.path.join(opts.artifacts, "lib")
    tables = [
        ("libamdhip64.so.6", parse_tables(os.path.join(src, "hip.rs"))),
        ("librocblas.so.4", [fn for path in rocblas_files for fn in parse_tables(path)]),
    ]

    # (a) exported symbols
    n_fns = 0
    for lib, fns in tables:
        have = exported(os.path.join(libs, lib))
        missing = [name for name, _, _ in fns if name not in have]
        if missing:
            fail(f"{lib} does not export: {', '.join(missing)}")
        n_fns += len(fns)
        print(f"  {lib}: exports all {len(fns)} declared functions")

    if opts.keep:
        os.makedirs(opts.keep, exist_ok=True)
        check_c(opts.keep, tables, types, include, n_fns)
    else:
        with tempfile.TemporaryDirectory(prefix="rocblas-sys-abi-") as work:
            check_c(work, tables, types, include, n_fns)


if __name__ == "__main__":
    main()
