#!/usr/bin/env python3
"""Writes the StableHLO portable artifacts that test/Dialect/VHLO reads.

Each is `jax.export.export(jax.jit(f))(*args).mlir_module_serialized`: MLIR
bytecode of the VHLO dialect, exactly what a jax.export artifact carries.
Run with a Python that has JAX (scripts/.. bench-peers venv):

    python scripts/gen_vhlo_inputs.py [--out test/Dialect/VHLO/Inputs]
"""
import argparse
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax import export, lax


def mlp(x, w):
    return jnp.tanh(x @ w).sum(axis=0)


def kitchen(img, ker, idx, vals, n):
    # convolution with padding, strides and dilation; max pooling
    y = lax.conv_general_dilated(img, ker, (2, 1), [(1, 1), (0, 2)],
                                 rhs_dilation=(1, 2),
                                 dimension_numbers=("NHWC", "HWIO", "NHWC"))
    y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 1, 1, 1),
                          "VALID")
    flat = y.reshape(-1)
    g = flat[idx]                                   # gather
    s = jnp.zeros(8).at[idx % 8].add(vals)          # scatter
    srt = jnp.sort(s)                               # sort
    tot = lax.fori_loop(0, n, lambda i, c: c + g[i % g.shape[0]], 0.0)  # while
    br = lax.switch(n % 3, [jnp.sin, jnp.cos, lambda v: -v], srt)      # case
    pad = jnp.pad(br, (1, 2))
    cat = jnp.concatenate([pad, jnp.arange(3.0)])
    am = jnp.argmax(cat)
    ds = lax.dynamic_slice(cat, (am % 4,), (4,))
    return tot + ds.sum(), jnp.clip(cat, -0.5, 0.5).astype(jnp.float16), am


def linalg(a, b):
    return jnp.linalg.solve(a @ a.T + 4 * jnp.eye(4), b)


CASES = {
    "mlp": (mlp, (np.ones((4, 3), np.float32), np.ones((3, 5), np.float32))),
    "kitchen": (kitchen, (np.ones((1, 8, 8, 2), np.float32),
                          np.ones((3, 3, 2, 4), np.float32),
                          np.arange(5, dtype=np.int32),
                          np.ones(5, np.float32), np.int32(7))),
    "linalg": (linalg, (np.eye(4, dtype=np.float32),
                        np.ones((4, 2), np.float32))),
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(
        here, "..", "test", "Dialect", "VHLO", "Inputs"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, (f, xs) in CASES.items():
        exp = export.export(jax.jit(f))(*xs)
        path = os.path.join(args.out, name + ".bc")
        with open(path, "wb") as fh:
            fh.write(exp.mlir_module_serialized)
        print(f"{path}: {len(exp.mlir_module_serialized)} bytes "
              f"(jax {jax.__version__})")


if __name__ == "__main__":
    main()
