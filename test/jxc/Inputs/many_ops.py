#!/usr/bin/env python3
"""Writes a long function of ops that do not fuse, its inputs and its result.

  many_ops.py DIR N

DIR/f.mlir holds @main(a, b) applying, N times in turn, a dot with b, tanh,
a transpose and an add of b to 4x4 f32 values; DIR/a.npy and DIR/b.npy are
its inputs and DIR/expected.npy the result numpy computes in float64.
"""
import os
import sys

import numpy as np

out, n = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
t = "tensor<4x4xf32>"
lines = [f"func.func @main(%a: {t}, %b: {t}) -> {t} {{"]
prev = "%a"
rng = np.random.default_rng(0)
a = (rng.standard_normal((4, 4)) * 0.3).astype(np.float32)
b = (rng.standard_normal((4, 4)) * 0.3).astype(np.float32)
v = a.astype(np.float64)
for i in range(n):
    k = i % 4
    if k == 0:
        op = (f"stablehlo.dot_general {prev}, %b, contracting_dims = [1] x [0]"
              f" : ({t}, {t}) -> {t}")
        v = v @ b
    elif k == 1:
        op = f"stablehlo.tanh {prev} : {t}"
        v = np.tanh(v)
    elif k == 2:
        op = f"stablehlo.transpose {prev}, dims = [1, 0] : ({t}) -> {t}"
        v = v.T
    else:
        op = f"stablehlo.add {prev}, %b : {t}"
        v = v + b
    lines.append(f"  %v{i} = {op}")
    prev = f"%v{i}"
lines += [f"  return {prev} : {t}", "}"]
with open(os.path.join(out, "f.mlir"), "w") as f:
    f.write("\n".join(lines) + "\n")
np.save(os.path.join(out, "a.npy"), a)
np.save(os.path.join(out, "b.npy"), b)
np.save(os.path.join(out, "expected.npy"), v)
