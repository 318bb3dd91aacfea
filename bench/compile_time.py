#!/usr/bin/env python3
"""Compile time and memory of jx against the size of a function.

    python3 bench/compile_time.py [--jxc build/bin/jxc] [N ...]

For each N (default 250 500 1000 2000) it writes a function of N ops that
do not fuse into each other (dot_general, tanh, transpose, add over
16x16 f32, repeating) in two forms: "repeated", where every add adds the
second argument (so the loop nests repeat and jx compiles each distinct
one once), and "distinct", where the k-th add adds its own constant k (so
every nest is a kernel of its own). It also writes functions that hold a
constant of 16 and 64 MiB. Each is compiled by the JIT as a user's program
is (`jxc bench`'s compile time, on every core the process may use; the
peak resident memory is the whole process's), and the time per op shows
growth faster than linear as a rising column. With JAX installed (the
bench-peers venv) it also times `jax.jit(f).lower(...).compile()` of the
same ops.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def ops_program(n, distinct=False):
    t = "tensor<16x16xf32>"
    lines = [f"func.func @main(%a: {t}, %b: {t}) -> {t} {{"]
    prev = "%a"
    for i in range(n):
        k = i % 4
        if k == 0:
            op = (f"stablehlo.dot_general {prev}, %b, contracting_dims = [1] "
                  f"x [0] : ({t}, {t}) -> {t}")
        elif k == 1:
            op = f"stablehlo.tanh {prev} : {t}"
        elif k == 2:
            op = f"stablehlo.transpose {prev}, dims = [1, 0] : ({t}) -> {t}"
        elif distinct:
            lines.append(f"  %c{i} = stablehlo.constant dense<{i}.0> : {t}")
            op = f"stablehlo.add {prev}, %c{i} : {t}"
        else:
            op = f"stablehlo.add {prev}, %b : {t}"
        lines.append(f"  %v{i} = {op}")
        prev = f"%v{i}"
    lines += [f"  return {prev} : {t}", "}"]
    return "\n".join(lines) + "\n"


def constant_program(mib):
    n = mib * (1 << 20) // 4  # the argument is n zeros
    # A non-splat constant: the hex form of n f32 values.
    data = (bytes(range(256)) * (n * 4 // 256 + 1))[: n * 4].hex().upper()
    return (f"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
            f"  %c = stablehlo.constant dense<\"0x{data}\"> : tensor<{n}xf32>\n"
            f"  %y = stablehlo.add %x, %c : tensor<{n}xf32>\n"
            f"  return %y : tensor<{n}xf32>\n}}\n")


def run(jxc, text, shapes):
    """(compile seconds, peak MiB) of `jxc bench` on `text` with zeros."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f.mlir")
        with open(path, "w") as f:
            f.write(text)
        cmd = ["/usr/bin/time", "-f", "%M", jxc, "bench", path,
               "--min-time", "0", "--format=json"]
        for i, shape in enumerate(shapes):
            npy = os.path.join(d, f"in{i}.npy")
            np.save(npy, np.zeros(shape, np.float32))
            cmd += ["--input", npy]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"jxc failed: {proc.stderr[-2000:]}")
        peak_kib = int(proc.stderr.strip().splitlines()[-1])
        report = json.loads(proc.stdout)
        if isinstance(report, list):
            report = report[0]
        return report["compile_ms"] / 1000, peak_kib / 1024


def xla_compile_time(n, distinct):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        return None

    def f(a, b):
        v = a
        for i in range(n):
            last = (lambda v: v + float(i)) if distinct else (lambda v: v + b)
            v = [lambda v: v @ b, jnp.tanh, lambda v: v.T, last][i % 4](v)
        return v
    x = jnp.zeros((16, 16), jnp.float32)
    start = time.perf_counter()
    jax.jit(f).lower(x, x).compile()
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jxc", default=os.path.join(ROOT, "build", "bin", "jxc"))
    ap.add_argument("sizes", nargs="*", type=int,
                    default=[250, 500, 1000, 2000])
    args = ap.parse_args()
    print(f"{'ops':>6} {'form':>9} {'jx s':>8} {'jx MiB':>8} {'ms/op':>7} "
          f"{'XLA s':>8}")
    square = (16, 16)
    for n in args.sizes:
        for distinct in (False, True):
            wall, mib = run(args.jxc, ops_program(n, distinct), [square] * 2)
            xla = xla_compile_time(n, distinct)
            xs = f"{xla:8.2f}" if xla is not None else f"{'-':>8}"
            form = "distinct" if distinct else "repeated"
            print(f"{n:6d} {form:>9} {wall:8.2f} {mib:8.0f} "
                  f"{1000 * wall / n:7.2f} {xs}", flush=True)
    print(f"{'const MiB':>9} {'jx s':>8} {'jx MiB':>8}")
    for mib in (16, 64):
        n = mib * (1 << 20) // 4
        wall, peak = run(args.jxc, constant_program(mib), [(n,)])
        print(f"{mib:9d} {wall:8.2f} {peak:8.0f}", flush=True)


if __name__ == "__main__":
    main()
