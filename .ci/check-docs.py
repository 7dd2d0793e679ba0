#!/usr/bin/env python3
"""Checks that every public operation documents its errors and has a tested example.

The operations are the `pub fn`s of `impl ... Device<...>` and `impl ... DeviceSet<...>` blocks
in crates/gpublas/src/blas/ (every file, folders included), matmul.rs, device_set.rs and memory/*.rs, and every fallible
`pub fn` (returning `Result`) of the public memory types (those memory/mod.rs re-exports with
`pub use`: buffers, guards, scopes), including those their method macros define. Each must
have an `# Examples` section whose code asserts something (a doc test that only runs `?` proves
little), and, if it returns a `Result`, an `# Errors` section.

Prints every operation that falls short (file:line, name, what is missing) and exits 1 if there
is one; exits 0 otherwise. Needs python3 only.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "crates" / "gpublas" / "src"

# Files whose Device/DeviceSet methods are operations, and files whose every fallible public
# function is one.
OPERATION_FILES = sorted(SRC.glob("blas/**/*.rs")) + [SRC / "matmul.rs", SRC / "device_set.rs"]
MEMORY_FILES = sorted(SRC.glob("memory/*.rs"))

IMPL = re.compile(r"^impl\b.*?\b(Device|DeviceSet)<")
IMPL_TYPE = re.compile(r"^impl\b(?:<[^{]*?>)?\s+(?:[\w:<>', ]+\s+for\s+)?(\w+)")
PUB_FN = re.compile(r"^(\s*)pub (?:unsafe )?fn (\w+)")


def public_memory_types():
    """The types memory/mod.rs re-exports publicly."""
    text = (SRC / "memory" / "mod.rs").read_text()
    names = set()
    for group in re.findall(r"^pub use \w+::\{?([\w, ]+)\}?;", text, re.M):
        names.update(n.strip() for n in group.split(","))
    return names


def signature(lines, i):
    """The signature starting at line i, up to the line that opens the body."""
    parts = []
    for line in lines[i:]:
        parts.append(line.strip())
        if line.rstrip().endswith("{") or line.rstrip().endswith(";"):
            break
    return " ".join(parts)


def returns_result(sig):
    m = re.search(r"\)\s*->\s*(.*?)(?:\bwhere\b|\{$)", sig)
    return bool(m) and re.match(r"(crate::)?(error::)?Result\b", m.group(1).strip()) is not None


def doc_above(lines, i):
    """The doc comment above line i, skipping attributes between it and the function."""
    doc = []
    j = i - 1
    while j >= 0:
        s = lines[j].strip()
        if s.startswith("///"):
            doc.append(s[3:])
        elif s.startswith("#[") or s.startswith("#!["):
            pass
        elif s.endswith(")]") and doc == []:
            pass  # the last line of a multi-line attribute
        else:
            break
        j -= 1
    return list(reversed(doc))


def section(doc, title):
    """The lines of the doc section `# title`, or None if there is none."""
    start = None
    for k, line in enumerate(doc):
        if line.strip() == f"# {title}":
            start = k + 1
        elif start is not None and re.match(r"\s*# \w", line) and not in_code(doc, k):
            return doc[start:k]
    return None if start is None else doc[start:]


def in_code(doc, k):
    """Whether doc line k is inside a code block."""
    fences = sum(1 for line in doc[:k] if line.strip().startswith("```"))
    return fences % 2 == 1


def problems(doc, fallible):
    found = []
    examples = section(doc, "Examples")
    if examples is None:
        found.append("no `# Examples`")
    elif not any("```" in line for line in examples):
        found.append("`# Examples` has no code")
    elif not any(re.search(r"\bassert(_eq|_ne)?!", line) for line in examples):
        found.append("`# Examples` asserts nothing")
    if fallible and section(doc, "Errors") is None:
        found.append("no `# Errors`")
    return found


def operations(path, public_types):
    """(line number, name, doc, fallible) of each operation in the file: every pub fn of a
    Device or DeviceSet impl, and every fallible one of an impl of `public_types` or of a
    macro (the method macros of those types)."""
    lines = path.read_text().splitlines()
    in_device, in_public = False, False
    for i, line in enumerate(lines):
        if line.startswith("impl"):
            in_device = IMPL.match(line) is not None
            m = IMPL_TYPE.match(line)
            in_public = m is not None and m.group(1) in public_types
        elif line.startswith("macro_rules!"):
            in_device, in_public = False, bool(public_types)
        elif line.startswith("}"):
            in_device, in_public = False, False
        m = PUB_FN.match(line)
        if not m:
            continue
        indent, name = m.groups()
        fallible = returns_result(signature(lines, i))
        if (in_device and indent == "    ") or (in_public and fallible):
            yield i + 1, name, doc_above(lines, i), fallible


def main():
    failures = []
    count = 0
    memory_types = public_memory_types()
    files = [(p, set()) for p in OPERATION_FILES] + [(p, memory_types) for p in MEMORY_FILES]
    for path, public_types in files:
        for line, name, doc, fallible in operations(path, public_types):
            count += 1
            for problem in problems(doc, fallible):
                failures.append(f"{path.relative_to(ROOT)}:{line}: {name}: {problem}")
    if failures:
        print(f"{len(failures)} problem(s) in the docs of {count} public operations:")
        print("\n".join(failures))
        return 1
    print(f"{count} public operations: each has an asserting `# Examples` and, if fallible, `# Errors`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
