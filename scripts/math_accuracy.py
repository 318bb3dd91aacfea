#!/usr/bin/env python3
"""Measures the accuracy of jx's f32 math functions in ulps.

    python3 scripts/math_accuracy.py [--jxc build/bin/jxc] [--stride 61]
                                     [--max-ulps FN=N,...] [FN ...]

Each function is run by `jxc run` on f32 inputs that cover the whole
range: every `stride`-th bit pattern (positive and negative), plus the
special values. The reference is numpy's float64 function rounded to f32,
which is the correctly rounded result but for rare double roundings (half
an ulp at most). Per function it prints the largest error in ulps over
inputs whose exact result is a normal f32, where that worst case occurs,
how many results differ at all, and what happens where the exact result is
subnormal (jx, like XLA:CPU, may flush those to zero). Special values
(±0, ±inf, NaN, overflow) must come out exactly.

With --xla (needs JAX) it also measures XLA:CPU's function on the same
inputs and counts where jx and XLA differ, and by how many ulps at most
(over normal inputs with normal results: XLA flushes subnormals to zero).

With --max-ulps the script is a test: it exits 1 when a function's
largest normal-range error is above its bound or a special value is
wrong (test/e2e/math_accuracy.mlir runs it so).
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# name -> (StableHLO op, numpy reference in float64, domain filter or None)
FUNCS = {
    "exp": ("stablehlo.exponential", np.exp),
    "expm1": ("stablehlo.exponential_minus_one", np.expm1),
    "tanh": ("stablehlo.tanh", np.tanh),
    "log": ("stablehlo.log", np.log),
    "log1p": ("stablehlo.log_plus_one", np.log1p),
    "logistic": ("stablehlo.logistic", lambda x: 1 / (1 + np.exp(-x))),
    "sin": ("stablehlo.sine", np.sin),
    "cos": ("stablehlo.cosine", np.cos),
    "sqrt": ("stablehlo.sqrt", np.sqrt),
    "rsqrt": ("stablehlo.rsqrt", lambda x: 1 / np.sqrt(x)),
    "cbrt": ("stablehlo.cbrt", np.cbrt),
}


def ordered(x):
    """f32 -> integers in the order of the floats (so ulps are differences)."""
    i = x.view(np.int32).astype(np.int64)
    return np.where(i < 0, -(i & 0x7FFFFFFF), i)


def inputs(stride):
    bits = np.arange(0, 2**31, stride, dtype=np.int64).astype(np.uint32)
    pos = bits.view(np.float32)
    pos = pos[np.isfinite(pos)]
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1, -1, 88.8,
                        -88.8, 1e-30, -1e-30, 100, -100, 1e30, -1e30],
                       np.float32)
    return np.concatenate([pos, -pos, special]).astype(np.float32)


def run_jx(jxc, op, x):
    n = x.size
    prog = (f"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
            f"  %0 = {op} %x : tensor<{n}xf32>\n"
            f"  return %0 : tensor<{n}xf32>\n}}\n")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f.mlir")
        with open(path, "w") as f:
            f.write(prog)
        np.save(os.path.join(d, "x.npy"), x)
        subprocess.run([jxc, "run", path,
                        "--input", os.path.join(d, "x.npy"),
                        "--output-dir", d], check=True,
                       stdout=subprocess.DEVNULL)
        return np.load(os.path.join(d, "result0.npy"))


def run_xla(op, x):
    import jax
    import jax.numpy as jnp
    fns = {"stablehlo.exponential": jnp.exp,
           "stablehlo.exponential_minus_one": jnp.expm1,
           "stablehlo.tanh": jnp.tanh, "stablehlo.log": jnp.log,
           "stablehlo.log_plus_one": jnp.log1p,
           "stablehlo.logistic": jax.nn.sigmoid, "stablehlo.sine": jnp.sin,
           "stablehlo.cosine": jnp.cos, "stablehlo.sqrt": jnp.sqrt,
           "stablehlo.rsqrt": jax.lax.rsqrt, "stablehlo.cbrt": jnp.cbrt}
    return np.asarray(jax.jit(fns[op])(x))


def ulp_distance(a, b):
    d = np.abs(ordered(a) - ordered(b))
    d = np.where(np.isnan(a) & np.isnan(b), 0, d)
    return np.where(np.isnan(a) != np.isnan(b), 2**40, d)


def measure(jxc, name, x, xla=False):
    op, ref_fn = FUNCS[name]
    with np.errstate(all="ignore"):
        ref64 = ref_fn(x.astype(np.float64))
        ref = ref64.astype(np.float32)
    got = run_jx(jxc, op, x)
    extra = {}
    if xla:
        theirs = run_xla(op, x)
        tiny = np.finfo(np.float32).tiny
        # XLA flushes subnormal inputs and results to zero: compared apart.
        normal = ~((np.abs(ref64) < tiny) & (ref64 != 0))
        normal &= ~((np.abs(x) < tiny) & (x != 0))
        d = ulp_distance(got, theirs)[normal]
        e = ulp_distance(theirs, ref)[normal]
        extra = {"xla_max": int(e.max()), "vs_xla_differ": float(np.mean(d != 0)),
                 "vs_xla_max": int(d.max())}
    both_nan = np.isnan(ref) & np.isnan(got)
    ulps = np.abs(ordered(got) - ordered(ref))
    ulps = np.where(both_nan, 0, ulps)
    ulps = np.where(np.isnan(ref) != np.isnan(got), 2**40, ulps)
    tiny = np.finfo(np.float32).tiny
    subnormal = (np.abs(ref64) < tiny) & (ref64 != 0)
    normal = ~subnormal
    worst = int(np.argmax(np.where(normal, ulps, -1)))
    special = ~np.isfinite(x) | (x == 0) | ~np.isfinite(ref) | (ref == 0)
    bad_special = special & normal & (ulps != 0)
    return {
        "max": int(ulps[normal].max()), "at": float(x[worst]),
        "differ": float(np.mean(ulps[normal] != 0)),
        "sub_max": int(ulps[subnormal & (got != 0)].max())
    if (subnormal & (got != 0)).any() else 0,
        "sub_zero": int(np.sum(subnormal & (got == 0))),
        "sub_n": int(subnormal.sum()),
        "bad_special": [(float(a), float(b), float(c)) for a, b, c in
                        zip(x[bad_special][:5], got[bad_special][:5],
                            ref[bad_special][:5])],
        **extra,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jxc", default=os.path.join(ROOT, "build", "bin", "jxc"))
    ap.add_argument("--stride", type=int, default=61)
    ap.add_argument("--max-ulps", default="")
    ap.add_argument("--xla", action="store_true")
    ap.add_argument("funcs", nargs="*")
    args = ap.parse_args()
    bounds = dict((k, int(v)) for k, v in
                  (kv.split("=") for kv in args.max_ulps.split(",") if kv))
    names = args.funcs or (list(bounds) if bounds else list(FUNCS))
    x = inputs(args.stride)
    print(f"{x.size} f32 inputs (every {args.stride}th bit pattern, both "
          f"signs, and special values)")
    print(f"{'fn':9} {'max ulps':>8} {'at':>14} {'differ':>7}  subnormal "
          f"results (max ulps, flushed/all)")
    failed = False
    for name in names:
        r = measure(args.jxc, name, x, args.xla)
        print(f"{name:9} {r['max']:8d} {r['at']:14.7g} {r['differ']:7.2%}  "
              f"{r['sub_max']}, {r['sub_zero']}/{r['sub_n']}")
        if args.xla:
            print(f"  XLA:CPU: max {r['xla_max']} ulps; jx differs from XLA "
                  f"on {r['vs_xla_differ']:.2%} of inputs, by at most "
                  f"{r['vs_xla_max']} ulps")
        if r["bad_special"]:
            print(f"  wrong special values (x, jx, exact): {r['bad_special']}")
            failed = True
        if name in bounds and r["max"] > bounds[name]:
            print(f"  FAIL: {name} is off by {r['max']} ulps, bound "
                  f"{bounds[name]}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
