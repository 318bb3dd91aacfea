#!/usr/bin/env python3
"""argmax and argmin, in the form JAX lowers them to (a reduce over the
values and an iota, whose body keeps the accumulator when it is greater, or
NaN, or equal with a smaller index), against that body evaluated in order,
element after element, here in numpy: jx splits such reductions into vector
lanes (ArgReductions.cpp) and must return exactly what the sequential body
returns.

Rows and columns of f32, f64, f16, i32 and u32 with NaNs (one or several per
row), ties of the maximum, infinities, rows of -inf only, signed zeros, the
extremes at the first and the last position; int32 and int64 indices; init
values that do and do not take part. The indices are also checked against
numpy's argmax/argmin (first occurrence, the first NaN), which is what
users expect.

usage: arg_reduction_check.py JXC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

TYPES = {np.float32: "f32", np.float64: "f64", np.float16: "f16",
         np.int32: "i32", np.uint32: "ui32", np.int64: "i64"}


def special_rows(rng, rows, cols, dtype):
    """Rows whose maxima and minima sit where a lane split could go wrong."""
    floating = np.issubdtype(dtype, np.floating)
    if floating:
        x = (rng.standard_normal((rows, cols)) * 100).astype(dtype)
    else:
        info = np.iinfo(dtype)
        x = rng.integers(max(info.min, -1000), 1000, (rows, cols)).astype(dtype)
    hi = np.inf if floating else np.iinfo(dtype).max
    lo = -np.inf if floating else np.iinfo(dtype).min
    for r in range(rows):
        kind = r % 12
        c, d = sorted(rng.choice(cols, 2, replace=False))
        if kind == 1 and floating:
            x[r, d] = np.nan
        elif kind == 2 and floating:  # the first NaN counts
            x[r, d] = np.nan
            x[r, c] = -np.nan
        elif kind == 3:  # ties of the maximum and of the minimum
            x[r, [c, d]] = hi
            x[r, [c + 1 if c + 1 < d else c, d]] = lo
        elif kind == 4:
            x[r, :] = lo
        elif kind == 5:
            x[r, :] = hi
        elif kind == 6 and floating:
            x[r, :] = dtype(-0.0)
            x[r, d] = dtype(0.0)
        elif kind == 7:
            x[r, 0] = hi
            x[r, -1] = lo
        elif kind == 8:
            x[r, -1] = hi
            x[r, 0] = lo
        elif kind == 9:
            x[r, :] = x[r, c]
        elif kind == 10 and floating:
            x[r, c] = np.nan
            x[r, d] = hi
        elif kind == 11:
            x[r, rng.choice(cols, cols // 3)] = x[r].max()
    return x


def sequential(x, axis, is_max, init_v, init_i):
    """The body evaluated element after element along `axis`."""
    moved = np.moveaxis(x, axis, -1)
    v = np.full(moved.shape[:-1], init_v, x.dtype)
    i = np.full(moved.shape[:-1], init_i, np.int64)
    floating = np.issubdtype(x.dtype, np.floating)
    with np.errstate(invalid="ignore"):
        for j in range(moved.shape[-1]):
            e = moved[..., j]
            ahead = v > e if is_max else v < e
            if floating:
                ahead = ahead | (v != v)
            keep_i = ahead | ((v == e) & (i < j))
            v = np.where(ahead, v, e)
            i = np.where(keep_i, i, j)
    return v, i


def program(shape, dtype, axis, is_max, init, index_type, both):
    t = TYPES[dtype]
    it = TYPES[index_type]
    dims = "x".join(map(str, shape))
    out_dims = "".join(f"{n}x" for k, n in enumerate(shape) if k != axis)
    floating = np.issubdtype(dtype, np.floating)
    if floating:
        bits = np.array([init], dtype).view(
            {2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(dtype).itemsize])[0]
        init_text = f"0x{int(bits):0{2 * np.dtype(dtype).itemsize}X}"
        kind = "FLOAT"
    else:
        init_text = str(int(init))
        kind = "UNSIGNED" if dtype == np.uint32 else "SIGNED"
    cmp = "GT" if is_max else "LT"
    nan = ""
    pick = "%gt"
    if floating:
        nan = (f"      %ne = stablehlo.compare NE, %a, %a, FLOAT : "
               f"(tensor<{t}>, tensor<{t}>) -> tensor<i1>\n"
               "      %p = stablehlo.or %gt, %ne : tensor<i1>\n")
        pick = "%p"
    results = (f"tensor<{out_dims}{t}>, tensor<{out_dims}{it}>" if both
               else f"tensor<{out_dims}{it}>")
    returned = "%r#0, %r#1" if both else "%r#1"
    return f"""func.func @main(%x: tensor<{dims}x{t}>) -> ({results}) {{
  %iota = stablehlo.iota dim = {axis} : tensor<{dims}x{it}>
  %v0 = stablehlo.constant dense<{init_text}> : tensor<{t}>
  %i0 = stablehlo.constant dense<0> : tensor<{it}>
  %r:2 = stablehlo.reduce(%x init: %v0), (%iota init: %i0) across dimensions = [{axis}] : (tensor<{dims}x{t}>, tensor<{dims}x{it}>, tensor<{t}>, tensor<{it}>) -> (tensor<{out_dims}{t}>, tensor<{out_dims}{it}>)
    reducer(%a: tensor<{t}>, %b: tensor<{t}>) (%ai: tensor<{it}>, %bi: tensor<{it}>) {{
      %gt = stablehlo.compare {cmp}, %a, %b, {kind} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
{nan}      %eq = stablehlo.compare EQ, %a, %b, {kind} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<{it}>, tensor<{it}>) -> tensor<i1>
      %q = stablehlo.and %eq, %lt : tensor<i1>
      %pi = stablehlo.or {pick}, %q : tensor<i1>
      %v = stablehlo.select {pick}, %a, %b : tensor<i1>, tensor<{t}>
      %i = stablehlo.select %pi, %ai, %bi : tensor<i1>, tensor<{it}>
      stablehlo.return %v, %i : tensor<{t}>, tensor<{it}>
    }}
  return {returned} : {results}
}}
"""


INF = float("inf")
CASES = [
    # (shape, dtype, axis, is_max, init, index dtype, return the values too)
    ((64, 4096), np.float32, 1, True, -INF, np.int32, False),
    ((64, 4096), np.float32, 1, False, INF, np.int32, False),
    ((4096, 40), np.float32, 0, True, -INF, np.int32, False),
    ((4096, 40), np.float32, 0, False, INF, np.int32, False),
    ((32, 1000), np.float64, 1, True, -INF, np.int64, False),
    ((40, 96), np.float32, 1, False, INF, np.int32, False),
    ((3, 5, 512), np.float32, 2, True, -INF, np.int32, False),
    ((3, 512, 5), np.float32, 1, True, -INF, np.int32, False),
    ((16, 1024), np.float16, 1, True, -INF, np.int32, False),
    ((64, 4096), np.int32, 1, True, np.iinfo(np.int32).min, np.int32, True),
    ((64, 4096), np.uint32, 1, False, np.iinfo(np.uint32).max, np.int32, True),
    ((64, 2048), np.int64, 1, True, np.iinfo(np.int64).min, np.int64, True),
    # The value result used: floats stay sequential (exact either way).
    ((64, 4096), np.float32, 1, True, -INF, np.int32, True),
    # An init value above some rows' elements takes part.
    ((64, 4096), np.float32, 1, True, 5.0, np.int32, False),
    ((64, 4096), np.int32, 1, False, -5, np.int32, True),
]


def main():
    jxc = sys.argv[1]
    rng = np.random.default_rng(17)
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for n, (shape, dtype, axis, is_max, init, index_type, both) in enumerate(CASES):
            name = (f"arg{'max' if is_max else 'min'}_{np.dtype(dtype).name}_"
                    f"{'x'.join(map(str, shape))}_axis{axis}_init{init}_"
                    f"{np.dtype(index_type).name}{'_values' if both else ''}")
            moved_shape = list(shape)
            moved_shape.append(moved_shape.pop(axis))
            rows = special_rows(rng, int(np.prod(moved_shape[:-1])),
                                moved_shape[-1], dtype)
            x = np.moveaxis(rows.reshape(moved_shape), -1, axis).copy()
            path = os.path.join(work, f"case{n}.mlir")
            with open(path, "w") as f:
                f.write(program(shape, dtype, axis, is_max, dtype(init),
                                index_type, both))
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
            want_v, want_i = sequential(x, axis, is_max, dtype(init), 0)
            got_i = np.load(os.path.join(out, f"result{1 if both else 0}.npy"))
            ok = got_i.shape == want_i.shape and np.array_equal(got_i, want_i)
            if both:
                got_v = np.load(os.path.join(out, "result0.npy"))
                ok = ok and got_v.tobytes() == want_v.tobytes()
            if init in (-INF, INF) or not np.issubdtype(dtype, np.floating):
                extreme = init == (np.iinfo(dtype).min if is_max else np.iinfo(dtype).max) \
                    if not np.issubdtype(dtype, np.floating) else True
                if extreme:
                    users = np.argmax(x, axis) if is_max else np.argmin(x, axis)
                    ok = ok and np.array_equal(got_i, users)
            print(f"{'PASS' if ok else 'FAIL'} {name}")
            if not ok and got_i.shape == want_i.shape:
                bad = np.argwhere(got_i != want_i)[:3]
                print(f"  first differences at {bad.tolist()}: got "
                      f"{[got_i[tuple(b)] for b in bad]} want {[want_i[tuple(b)] for b in bad]}")
            failed += 0 if ok else 1
    print(f"arg reductions: {len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
