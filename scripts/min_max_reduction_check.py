#!/usr/bin/env python3
"""Large float maximum/minimum reductions (which jx computes on integer keys
of the values: jx-min-max-reductions-as-integers) against stablehlo's
semantics: NaN propagates, -0 is below +0, the init value takes part.

Rows of f32 and f64 with positive and negative NaNs (several payloads),
signed zeros, infinities, subnormals and ordinary values, reduced along
rows, along columns and entirely, with the maximum and the minimum and
with several init values. The expected result is computed here from the
values: a NaN wherever the reduced elements or the init hold one (any NaN
will do), else the largest (smallest) value, +0 above -0, bit for bit.

usage: min_max_reduction_check.py JXC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np


def special_rows(rng, rows, cols, dtype):
    x = rng.standard_normal((rows, cols)).astype(dtype) * dtype(1e3)
    ibits = np.uint32 if dtype == np.float32 else np.uint64
    bits = 32 if dtype == np.float32 else 64
    exp_mask = (1 << (bits - 1)) - (1 << (23 if bits == 32 else 52))
    sign = 1 << (bits - 1)

    def nan(negative, payload):
        return np.array([(sign if negative else 0) | exp_mask | payload],
                        dtype=ibits).view(dtype)[0]

    for r in range(rows):
        kind = r % 10
        c = rng.integers(cols)
        if kind == 1:
            x[r, c] = nan(False, 1 << (22 if bits == 32 else 51))
        elif kind == 2:
            x[r, c] = nan(True, 1 << (22 if bits == 32 else 51))
        elif kind == 3:
            x[r, c] = nan(True, 5)
            x[r, rng.integers(cols)] = nan(False, 3)
        elif kind == 4:
            x[r, :] = dtype(-0.0)
            x[r, c] = dtype(0.0)
        elif kind == 5:
            x[r, :] = dtype(-0.0)
        elif kind == 6:
            x[r, :] = -np.inf
        elif kind == 7:
            x[r, c] = np.inf
            x[r, rng.integers(cols)] = -np.inf
        elif kind == 8:
            x[r, :] = np.finfo(dtype).smallest_subnormal * rng.integers(
                -50, 50, cols).astype(dtype)
        elif kind == 9:
            x[r, :] = dtype(0.0)
            x[r, c] = dtype(-0.0)
    return x


def key(v):
    """Integer keys in the order of the values, -0 below +0."""
    if v.dtype == np.float32:
        b = v.view(np.int32).astype(np.int64)
        return np.where(b < 0, b ^ 0x7FFFFFFF, b)
    b = v.view(np.int64)
    return np.where(b < 0, b ^ 0x7FFFFFFFFFFFFFFF, b)


def expected(x, init, axis, is_max):
    full = np.concatenate([x.reshape(-1), np.array([init], x.dtype)]) if axis is None else None
    if axis is None:
        vals = full
        nan = np.isnan(vals).any()
        k = key(vals)
        pick = vals[np.argmax(k) if is_max else np.argmin(k)]
        return np.array(np.nan if nan else pick, x.dtype), np.array(nan)
    moved = np.moveaxis(x, axis, -1)
    with_init = np.concatenate(
        [moved, np.full(moved.shape[:-1] + (1,), init, x.dtype)], axis=-1)
    nan = np.isnan(with_init).any(axis=-1)
    k = key(with_init)
    idx = np.argmax(k, axis=-1) if is_max else np.argmin(k, axis=-1)
    pick = np.take_along_axis(with_init, idx[..., None], axis=-1)[..., 0]
    return np.where(nan, np.nan, pick).astype(x.dtype), nan


def program(shape, dtype, axis, is_max, init):
    t = "f32" if dtype == np.float32 else "f64"
    ty = "tensor<" + "x".join(map(str, shape)) + "x" + t + ">"
    dims = list(range(len(shape))) if axis is None else [axis]
    out_shape = [] if axis is None else [n for i, n in enumerate(shape) if i != axis]
    out = "tensor<" + "".join(f"{n}x" for n in out_shape) + t + ">"
    op = "maximum" if is_max else "minimum"
    bits = np.array([init], dtype).view(np.uint32 if dtype == np.float32 else np.uint64)[0]
    width = 8 if dtype == np.float32 else 16
    return f"""func.func @main(%x: {ty}) -> {out} {{
  %init = stablehlo.constant dense<0x{int(bits):0{width}X}> : tensor<{t}>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = {dims} : ({ty}, tensor<{t}>) -> {out}
  return %r : {out}
}}
"""


CASES = [
    # (shape, dtype, axis, is_max, init)
    ((64, 4096), np.float32, 1, True, -np.inf),
    ((64, 4096), np.float32, 1, False, np.inf),
    ((4096, 40), np.float32, 0, True, -np.inf),
    ((4096, 40), np.float32, 0, False, np.inf),
    ((32, 8192), np.float64, 1, True, -np.inf),
    ((32, 8192), np.float64, 1, False, np.inf),
    ((50, 4096), np.float32, 1, True, 0.0),
    ((50, 4096), np.float32, 1, False, -0.0),
    ((256, 256), np.float32, None, True, -np.inf),
    ((256, 256), np.float64, None, False, np.inf),
]


def main():
    jxc = sys.argv[1]
    rng = np.random.default_rng(5)
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for n, (shape, dtype, axis, is_max, init) in enumerate(CASES):
            name = (f"{'max' if is_max else 'min'}_{np.dtype(dtype).name}_"
                    f"{'x'.join(map(str, shape))}_axis{axis}_init{init}")
            if len(shape) == 2 and axis == 0:
                x = special_rows(rng, shape[1], shape[0], dtype).T.copy()
            else:
                x = special_rows(rng, shape[0], shape[1], dtype)
            x = x.reshape(shape)
            path = os.path.join(work, f"case{n}.mlir")
            with open(path, "w") as f:
                f.write(program(shape, dtype, axis, is_max, dtype(init)))
            np.save(os.path.join(work, f"case{n}.npy"), x)
            out = os.path.join(work, f"out{n}")
            proc = subprocess.run(
                [jxc, "run", path, "--input", os.path.join(work, f"case{n}.npy"),
                 "--output-dir", out],
                capture_output=True, text=True, env=dict(os.environ, JX_CACHE="0"))
            if proc.returncode != 0:
                print(f"FAIL {name}: {proc.stderr[-1500:]}")
                failed += 1
                continue
            got = np.load(os.path.join(out, "result0.npy"))
            want, nan = expected(x, dtype(init), axis, is_max)
            ok = got.shape == want.shape and np.array_equal(np.isnan(got), nan) and \
                np.array_equal(got[~nan].view(np.uint8), want[~nan].view(np.uint8)) \
                if want.ndim else (np.isnan(got) if nan else got.tobytes() == want.tobytes())
            print(f"{'PASS' if ok else 'FAIL'} {name}")
            failed += 0 if ok else 1
    print(f"min/max reductions: {len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
