#!/usr/bin/env python3
"""Sorts (SortToSCF.cpp), top_k, and sorts read only through short leading
slices, which jx computes by selection instead of sorting
(SortSelectToSCF.cpp), against numpy's stable sort, bit for bit.

chlo.top_k (a descending sort in total order: NaN above +inf, -NaN below
-inf, +0 above -0, equal elements in index order) of f32, f64, f16 and
i32 over rows with NaNs, signed zeros, infinities and many ties; ascending
rows (each element displaces the held ones); k of 1, 8 and 64 (the longest
selected) and 65 (sorted, as before); a rank-3 operand; stablehlo.sort
with two operands and an ascending comparator on the keys alone (ties keep
their order), along the first dimension, read through two slices of
different lengths and with ranges along the other dimension; a rank-1 sort;
whole sorts of odd and tiny lengths along every dimension, with payloads.

usage: sort_select_check.py JXC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

TYPES = {np.float32: "f32", np.float64: "f64", np.float16: "f16", np.int32: "i32"}


def total_order_key(x):
    """Integers in the total order of the values (-NaN < -inf < -0 < +0)."""
    if not np.issubdtype(x.dtype, np.floating):
        return x.astype(np.int64)
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize]
    b = x.view(bits).astype(np.int64)
    mask = (1 << (8 * x.dtype.itemsize - 1)) - 1
    return np.where(b < 0, b ^ mask, b)


def special(rng, shape, dtype):
    floating = np.issubdtype(dtype, np.floating)
    if floating:
        x = (rng.standard_normal(shape) * 10).astype(dtype)
        flat = x.reshape(-1, shape[-1])
        for r in range(flat.shape[0]):
            kind = r % 8
            cols = rng.choice(shape[-1], min(6, shape[-1]), replace=False)
            if kind == 1:
                flat[r, cols[:2]] = np.nan
                flat[r, cols[2]] = -np.nan
            elif kind == 2:
                flat[r, cols[:3]] = dtype(0.0)
                flat[r, cols[3:]] = dtype(-0.0)
            elif kind == 3:
                flat[r, cols[:3]] = np.inf
                flat[r, cols[3:]] = -np.inf
            elif kind == 4:  # ascending: every element is taken
                flat[r] = np.arange(shape[-1], dtype=dtype)
            elif kind == 5:
                flat[r] = np.round(flat[r] / 10)  # many ties
        return x
    x = rng.integers(-50, 50, shape).astype(dtype)
    flat = x.reshape(-1, shape[-1])
    flat[1::4] = np.arange(shape[-1], dtype=dtype)
    return x


def top_k_program(shape, dtype, k):
    t = TYPES[dtype]
    dims = "x".join(map(str, shape))
    out = "x".join(map(str, shape[:-1] + (k,)))
    return f"""func.func @main(%x: tensor<{dims}x{t}>) -> (tensor<{out}x{t}>, tensor<{out}xi32>) {{
  %v, %i = chlo.top_k(%x, k = {k}) : tensor<{dims}x{t}> -> (tensor<{out}x{t}>, tensor<{out}xi32>)
  return %v, %i : tensor<{out}x{t}>, tensor<{out}xi32>
}}
"""


def top_k_expected(x, k):
    order = np.argsort(-total_order_key(x), axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, -1), order.astype(np.int32)


def pairs_program(rows, cols):
    """Keys and payloads sorted ascending by key along dimension 0; two
    slices of the keys (different lengths, a range of columns) and one of
    the payloads."""
    ty = f"tensor<{rows}x{cols}xf32>"
    return f"""func.func @main(%k: {ty}, %p: {ty}) -> (tensor<3x5xf32>, tensor<5x{cols}xf32>, tensor<5x{cols}xf32>) {{
  %s:2 = "stablehlo.sort"(%k, %p) <{{dimension = 0 : i64, is_stable = true}}> ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }}) : ({ty}, {ty}) -> ({ty}, {ty})
  %a = stablehlo.slice %s#0 [0:3, 1:6] : ({ty}) -> tensor<3x5xf32>
  %b = stablehlo.slice %s#0 [0:5, 0:{cols}] : ({ty}) -> tensor<5x{cols}xf32>
  %c = stablehlo.slice %s#1 [0:5, 0:{cols}] : ({ty}) -> tensor<5x{cols}xf32>
  return %a, %b, %c : tensor<3x5xf32>, tensor<5x{cols}xf32>, tensor<5x{cols}xf32>
}}
"""


def pairs_expected(keys, payload):
    order = np.argsort(keys, axis=0, kind="stable")
    sk = np.take_along_axis(keys, order, 0)
    sp = np.take_along_axis(payload, order, 0)
    return sk[0:3, 1:6], sk[0:5], sp[0:5]


def vector_program(n, k):
    return f"""func.func @main(%x: tensor<{n}xi32>) -> tensor<{k}xi32> {{
  %s = "stablehlo.sort"(%x) <{{dimension = 0 : i64, is_stable = false}}> ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }}) : (tensor<{n}xi32>) -> tensor<{n}xi32>
  %r = stablehlo.slice %s [0:{k}] : (tensor<{n}xi32>) -> tensor<{k}xi32>
  return %r : tensor<{k}xi32>
}}
"""


def full_sort_program(shape, dim, descending, dtype):
    """Keys (total order for floats) and a payload sorted together, whole."""
    t = TYPES[dtype]
    ty = "tensor<" + "x".join(map(str, shape)) + f"x{t}>"
    pty = "tensor<" + "x".join(map(str, shape)) + "xi32>"
    kind = "TOTALORDER" if np.issubdtype(dtype, np.floating) else "SIGNED"
    d = "GT" if descending else "LT"
    return f"""func.func @main(%k: {ty}, %p: {pty}) -> ({ty}, {pty}) {{
  %s:2 = "stablehlo.sort"(%k, %p) <{{dimension = {dim} : i64, is_stable = true}}> ({{
  ^bb0(%a: tensor<{t}>, %b: tensor<{t}>, %c: tensor<i32>, %d: tensor<i32>):
    %o = stablehlo.compare {d}, %a, %b, {kind} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    stablehlo.return %o : tensor<i1>
  }}) : ({ty}, {pty}) -> ({ty}, {pty})
  return %s#0, %s#1 : {ty}, {pty}
}}
"""


def full_sort_expected(keys, payload, dim, descending):
    key = total_order_key(keys)
    order = np.argsort(-key if descending else key, axis=dim, kind="stable")
    return (np.take_along_axis(keys, order, dim),
            np.take_along_axis(payload, order, dim))


def run(jxc, work, name, text, inputs):
    path = os.path.join(work, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    args = [jxc, "run", path, "--output-dir", os.path.join(work, name)]
    for i, x in enumerate(inputs):
        p = os.path.join(work, f"{name}_in{i}.npy")
        np.save(p, x)
        args += ["--input", p]
    proc = subprocess.run(args, capture_output=True, text=True,
                          env=dict(os.environ, JX_CACHE="0"))
    if proc.returncode != 0:
        return None, proc.stderr[-1500:]
    outs = []
    i = 0
    while os.path.exists(os.path.join(work, name, f"result{i}.npy")):
        outs.append(np.load(os.path.join(work, name, f"result{i}.npy")))
        i += 1
    return outs, ""


def same(got, want):
    return got.shape == want.shape and got.dtype == want.dtype and \
        got.tobytes() == want.tobytes()


def main():
    jxc = sys.argv[1]
    rng = np.random.default_rng(23)
    cases = []
    for shape, dtype, k in [((64, 1000), np.float32, 8), ((40, 300), np.float64, 1),
                            ((16, 200), np.float32, 64), ((16, 200), np.float32, 65),
                            ((24, 512), np.float16, 4), ((33, 777), np.int32, 8),
                            ((4, 5, 300), np.float32, 5)]:
        x = special(rng, shape, dtype)
        name = f"top_k_{np.dtype(dtype).name}_{'x'.join(map(str, shape))}_k{k}"
        cases.append((name, top_k_program(shape, dtype, k), [x], top_k_expected(x, k)))
    keys = np.round(rng.standard_normal((500, 7)) * 3).astype(np.float32)  # ties
    payload = rng.standard_normal((500, 7)).astype(np.float32)
    cases.append(("sort_pairs_axis0_slices", pairs_program(500, 7), [keys, payload],
                  pairs_expected(keys, payload)))
    v = rng.integers(-1000, 1000, 1000).astype(np.int32)
    cases.append(("sort_vector_k16", vector_program(1000, 16), [v],
                  (np.sort(v)[::-1][:16].copy(),)))
    # Whole sorts (the merge sort, two merges per step from both ends): odd
    # and tiny lengths, ties, NaNs, along every dimension, a payload.
    for shape, dim, descending, dtype in [
            ((1,), 0, False, np.int32), ((2,), 0, True, np.float32),
            ((3, 7), 1, False, np.float32), ((5, 17), 0, True, np.float32),
            ((4, 1000), 1, True, np.float32), ((2, 33, 3), 1, False, np.int32),
            ((3, 513), 1, False, np.float64), ((6, 4097), 1, True, np.float16)]:
        keys = special(rng, shape, dtype)
        payload = np.arange(np.prod(shape), dtype=np.int32).reshape(shape)
        name = (f"sort_{np.dtype(dtype).name}_{'x'.join(map(str, shape))}_dim{dim}_"
                f"{'desc' if descending else 'asc'}")
        cases.append((name, full_sort_program(shape, dim, descending, dtype),
                      [keys, payload], full_sort_expected(keys, payload, dim, descending)))
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for name, text, inputs, want in cases:
            got, err = run(jxc, work, name, text, inputs)
            ok = got is not None and len(got) == len(want) and \
                all(same(g, w) for g, w in zip(got, want))
            print(f"{'PASS' if ok else 'FAIL'} {name}{(': ' + err) if err else ''}")
            failed += 0 if ok else 1
    print(f"sorts and selections: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
