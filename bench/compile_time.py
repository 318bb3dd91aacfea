#!/usr/bin/env python3
"""Compile time and memory of jx against the size of a function.

    python3 bench/compile_time.py [--jxc build/bin/jxc] [N ...]
    python3 bench/compile_time.py --only-constants --constants 1024

For each N (default 250 500 1000 2000) it writes a function of N ops that
do not fuse into each other (dot_general, tanh, transpose, add over
16x16 f32, repeating) in two forms: "repeated", where every add adds the
second argument (so the loop nests repeat and jx compiles each distinct
one once), and "distinct", where the k-th add adds its own constant k (so
every nest is a kernel of its own). It also writes functions that hold one
constant (16, 64 and 256 MiB by default; --constants 1024 for 1 GiB) and
return sum(c * s) for a scalar s, so that the peak memory is the
constant's, and checks their result. Each is compiled by the JIT as a user's program
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


def write_constant_program(path, mib):
    """A function holding a constant of `mib` MiB (f32, a non-splat hex
    literal, written in pieces), returning sum(c * s) for a scalar s: the
    inputs and outputs are scalars, so the peak memory is the constant's.
    Returns the expected result for s = 1."""
    n = mib * (1 << 20) // 4
    block = (np.arange(1 << 16) % 1000 * 0.001).astype(np.float32)
    hexblock = block.tobytes().hex().upper()
    reps = n // block.size
    t = f"tensor<{n}xf32>"
    with open(path, "w") as f:
        f.write(f"func.func @main(%s: tensor<f32>) -> tensor<f32> {{\n"
                f"  %c = stablehlo.constant dense<\"0x")
        for _ in range(reps):
            f.write(hexblock)
        f.write(f"\"> : {t}\n"
                f"  %b = stablehlo.broadcast_in_dim %s, dims = [] : "
                f"(tensor<f32>) -> {t}\n"
                f"  %p = stablehlo.multiply %c, %b : {t}\n"
                f"  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                f"  %r = stablehlo.reduce(%p init: %z) applies stablehlo.add "
                f"across dimensions = [0] : ({t}, tensor<f32>) -> tensor<f32>\n"
                f"  return %r : tensor<f32>\n}}\n")
    return float(block.astype(np.float64).sum() * reps)


def jxc_bench(jxc, path, inputs):
    """(compile seconds, peak MiB of the whole process) of `jxc bench` on
    the program at `path`, called once with the .npy files `inputs`."""
    cmd = ["/usr/bin/time", "-f", "%M", jxc, "bench", path,
           "--min-time", "0", "--format=json"]
    for npy in inputs:
        cmd += ["--input", npy]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"jxc failed: {proc.stderr[-2000:]}")
    peak_kib = int(proc.stderr.strip().splitlines()[-1])
    report = json.loads(proc.stdout)
    if isinstance(report, list):
        report = report[0]
    return report["compile_ms"] / 1000, peak_kib / 1024


def run_constant(jxc, mib):
    """(compile seconds, peak MiB, relative error) of `jxc bench` on the
    constant program of `mib` MiB, run once with s = 1."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f.mlir")
        expected = write_constant_program(path, mib)
        npy = os.path.join(d, "s.npy")
        np.save(npy, np.ones((), np.float32))
        wall, peak = jxc_bench(jxc, path, [npy])
        out = os.path.join(d, "out")
        check = subprocess.run([jxc, "run", path, "--input", npy,
                                "--output-dir", out],
                               capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit(f"jxc run failed: {check.stderr[-2000:]}")
        got = float(np.load(os.path.join(out, "result0.npy")))
        return wall, peak, abs(got - expected) / abs(expected)


def run(jxc, text, shapes):
    """(compile seconds, peak MiB) of `jxc bench` on `text` with zeros."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f.mlir")
        with open(path, "w") as f:
            f.write(text)
        inputs = []
        for i, shape in enumerate(shapes):
            inputs.append(os.path.join(d, f"in{i}.npy"))
            np.save(inputs[-1], np.zeros(shape, np.float32))
        return jxc_bench(jxc, path, inputs)


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
    ap.add_argument("--constants", default="16,64,256",
                    help="sizes in MiB of the constant programs, comma "
                         "separated (1024: a 1 GiB constant)")
    ap.add_argument("--only-constants", action="store_true",
                    help="skip the functions of N ops")
    args = ap.parse_args()
    if args.only_constants:
        args.sizes = []
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
    print(f"{'const MiB':>9} {'jx s':>8} {'jx MiB':>8} {'MiB/const':>9} "
          f"{'rel err':>8}")
    for mib in [int(m) for m in args.constants.split(",") if m]:
        wall, peak, err = run_constant(args.jxc, mib)
        print(f"{mib:9d} {wall:8.2f} {peak:8.0f} {peak / mib:9.2f} "
              f"{err:8.1e}", flush=True)


if __name__ == "__main__":
    main()
