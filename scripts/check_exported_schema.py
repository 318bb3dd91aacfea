#!/usr/bin/env python3
"""Checks lib/export/exported.fbs against the JAX that is installed.

JAX ships the flatc-generated Python reader of its jax.export format
(jax/_src/export/serialization_generated.py), not the schema. This compiles
our schema to Python with the same flatc options (`flatc --python
--gen-onefile`, in JAX's namespace) and compares the two modules function by
function, ignoring layout and comments: the same tables with the same slots,
scalar types, defaults and vector element sizes, and the same enums, give
the same code. Any difference is printed and the exit status is 1.

Run it after a JAX upgrade, with that JAX's python:

  /root/.cache/jx-peers-venv/bin/python scripts/check_exported_schema.py

Needs flatc (Debian: flatbuffers-compiler) on PATH or --flatc.
"""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def definitions(path):
    """{name: ast dump} of the module's functions, methods and enum values."""
    with open(path) as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = ast.dump(node)
        elif isinstance(node, ast.ClassDef):
            for m in node.body:
                if isinstance(m, ast.FunctionDef):
                    out[f"{node.name}.{m.name}"] = ast.dump(m)
                elif isinstance(m, ast.Assign):
                    out[f"{node.name}.{ast.unparse(m.targets[0])}"] = ast.dump(m.value)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--flatc", default="flatc")
    ap.add_argument("--schema", default=os.path.join(ROOT, "lib", "export", "exported.fbs"))
    ap.add_argument("--jax-reader", help="serialization_generated.py (default: the "
                                         "installed JAX's)")
    args = ap.parse_args()
    reader = args.jax_reader
    if reader is None:
        import jax
        from jax._src.export import serialization_generated
        reader = serialization_generated.__file__
        print(f"JAX {jax.__version__}: {reader}")
    with open(args.schema) as f:
        schema = f.read()
    # The namespace is not part of the format; JAX's generated module is
    # jax.serialization's.
    schema = re.sub(r"^namespace [\w.]+;", "namespace jax.serialization;", schema,
                    flags=re.M)
    with tempfile.TemporaryDirectory() as tmp:
        fbs = os.path.join(tmp, "exported.fbs")
        with open(fbs, "w") as f:
            f.write(schema)
        subprocess.run([args.flatc, "--python", "--gen-onefile", "-o", tmp, fbs], check=True)
        ours = definitions(os.path.join(tmp, "exported_generated.py"))
    theirs = definitions(reader)
    status = 0
    for name in sorted(set(theirs) - set(ours)):
        print(f"only in JAX's reader: {name}")
        status = 1
    for name in sorted(set(ours) - set(theirs)):
        print(f"only in exported.fbs: {name}")
        status = 1
    for name in sorted(set(ours) & set(theirs)):
        if ours[name] != theirs[name]:
            print(f"differs: {name}")
            status = 1
    print(f"{len(set(ours) & set(theirs))} definitions compared: "
          + ("the same" if status == 0 else "DIFFERENT"))
    return status


if __name__ == "__main__":
    sys.exit(main())
