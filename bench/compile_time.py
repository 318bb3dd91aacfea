#!/usr/bin/env python3
"""Compile time and memory of jx against the size of a function.

    python3 bench/compile_time.py [--jxc build/bin/jxc] [N ...]

For each N (default 250 500 1000 2000) it writes a function of N ops that
do not fuse into each other (dot_general, tanh, transpose, add over
16x16 f32, repeating), and one that holds a constant of N MiB, and runs
`jxc compile --emit=obj` on them, printing the wall time, the peak
resident memory and the time per op, so growth faster than linear shows
as a rising last column. With JAX installed (the bench-peers venv) it
also times `jax.jit(f).lower(...).compile()` of the same ops.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def ops_program(n):
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
        else:
            op = f"stablehlo.add {prev}, %b : {t}"
        lines.append(f"  %v{i} = {op}")
        prev = f"%v{i}"
    lines += [f"  return {prev} : {t}", "}"]
    return "\n".join(lines) + "\n"


def constant_program(mib):
    n = mib * (1 << 20) // 4
    # A non-splat constant: the hex form of n f32 values.
    data = (bytes(range(256)) * (n * 4 // 256 + 1))[: n * 4].hex().upper()
    return (f"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
            f"  %c = stablehlo.constant dense<\"0x{data}\"> : tensor<{n}xf32>\n"
            f"  %y = stablehlo.add %x, %c : tensor<{n}xf32>\n"
            f"  return %y : tensor<{n}xf32>\n}}\n")


def run(jxc, text):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f.mlir")
        with open(path, "w") as f:
            f.write(text)
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", jxc, "compile",
                               path, "--emit=obj", "-o", os.devnull],
                              capture_output=True, text=True)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"jxc failed: {proc.stderr[-2000:]}")
        peak_kib = int(proc.stderr.strip().splitlines()[-1])
        return wall, peak_kib / 1024


def xla_compile_time(n):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        return None

    def f(a, b):
        v = a
        for i in range(n):
            v = [lambda v: v @ b, jnp.tanh, lambda v: v.T,
                 lambda v: v + b][i % 4](v)
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
    print(f"{'ops':>6} {'jx s':>8} {'jx MiB':>8} {'ms/op':>7} {'XLA s':>8}")
    for n in args.sizes:
        wall, mib = run(args.jxc, ops_program(n))
        xla = xla_compile_time(n)
        xs = f"{xla:8.2f}" if xla is not None else f"{'-':>8}"
        print(f"{n:6d} {wall:8.2f} {mib:8.0f} {1000 * wall / n:7.2f} {xs}")
    print(f"{'const MiB':>9} {'jx s':>8} {'jx MiB':>8}")
    for mib in (16, 64):
        wall, peak = run(args.jxc, constant_program(mib))
        print(f"{mib:9d} {wall:8.2f} {peak:8.0f}")


if __name__ == "__main__":
    main()
