#!/usr/bin/env python3
"""Compares jx's log, erf and erf_inv (and log1p, which is libm's in jx and
so differs) with JAX's on CPU, bit for bit,
over millions of inputs (random bit patterns plus dense ranges).

    python3 scripts/compare_xla_math.py [build-dir] [ops] [dtype]

e.g. `python3 scripts/compare_xla_math.py build log,erf_inv float32`.
Runs each function through `jxc run` on a .npy input and prints, per op and
dtype, how many results differ (inputs or results that are subnormal are
counted apart: XLA flushes them to zero, jx does not). Needs JAX.
"""
import os
import subprocess
import sys
import tempfile

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
OPS = (sys.argv[2] if len(sys.argv) > 2 else "log,erf,erf_inv").split(",")
DTYPES = [sys.argv[3]] if len(sys.argv) > 3 else ["float32", "float64"]
rng = np.random.default_rng(1)

FUNCS = {"log": ("stablehlo.log", jnp.log),
         "log1p": ("stablehlo.log_plus_one", jnp.log1p),
         "erf": ("chlo.erf", jax.lax.erf),
         "erf_inv": ("chlo.erf_inv", jax.lax.erf_inv)}
UINT = {np.float32: np.uint32, np.float64: np.uint64}


def inputs(dt):
    special = np.array([0, -0.0, np.inf, -np.inf, np.nan, 1, -1], dt)
    if dt == np.float32:
        bits = rng.integers(0, 2**32, 1_000_000, dtype=np.uint64)
        return np.concatenate([bits.astype(np.uint32).view(dt),
                               rng.uniform(-1, 1, 500_000).astype(dt),
                               rng.uniform(0, 3, 200_000).astype(dt),
                               np.linspace(-1, 1, 100_001).astype(dt),
                               special])
    bits = rng.integers(0, 2**63, 300_000, dtype=np.uint64).view(dt)
    with np.errstate(invalid="ignore"):
        bits = bits * rng.choice([-1.0, 1.0], bits.size)
    return np.concatenate([bits, rng.uniform(-1, 1, 300_000),
                           rng.uniform(0, 3, 100_000), special])


def main():
    jxc = os.path.join(BUILD, "bin", "jxc")
    with tempfile.TemporaryDirectory() as tmp:
        for name in OPS:
            op, ref = FUNCS[name]
            for dname in DTYPES:
                dt = np.dtype(dname).type
                x = inputs(dt)
                if name == "erf_inv":
                    x = np.concatenate([x[np.abs(x) <= 1],
                                        rng.uniform(0.99, 1, 100_000).astype(dt)])
                t = "tensor<%dx%s>" % (x.size, "f32" if dt == np.float32 else "f64")
                sig = f"{t} -> {t}" if op.startswith("chlo") else t
                prog = os.path.join(tmp, "p.mlir")
                with open(prog, "w") as f:
                    f.write(f"func.func @main(%x: {t}) -> {t} {{\n"
                            f"  %r = {op} %x : {sig}\n  return %r : {t}\n}}\n")
                np.save(os.path.join(tmp, "x.npy"), x)
                subprocess.run([jxc, "run", prog, "--input",
                                os.path.join(tmp, "x.npy"), "--output-dir", tmp],
                               check=True, stdout=subprocess.DEVNULL)
                got = np.load(os.path.join(tmp, "result0.npy"))
                want = np.asarray(jax.jit(ref)(x))
                u = UINT[dt]
                same = (got.view(u) == want.view(u)) | (np.isnan(got) & np.isnan(want))
                tiny = np.finfo(dt).tiny
                sub = np.zeros(x.size, bool)
                for a in (x, got, want):
                    sub |= (np.abs(a) < tiny) & (a != 0)
                bad = ~same & ~sub
                print(f"{name} {dname}: {bad.sum()} of {x.size} differ "
                      f"({(~same & sub).sum()} more with subnormal inputs or "
                      f"results)")
                if bad.any():
                    print("  e.g. x =", x[bad][:4], "jx =", got[bad][:4],
                          "jax =", want[bad][:4])


if __name__ == "__main__":
    main()
