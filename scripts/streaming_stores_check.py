#!/usr/bin/env python3
"""Results written with non-temporal stores (jx-streaming-stores) are the
results written without them, bit for bit, on one thread and on two.

Each program below writes a result (or a temporary) of at least 32 MiB, the
pass's threshold: an elementwise map, one into a padded result whose rows
start at odd offsets (the chunks that are not 64-byte aligned take the
ordinary path), f64, a softmax over rows (a loop over rows with an
exponential), and a 32 MiB temporary that a matrix product reads. Each runs with
JX_STREAMING_STORES=1 and =0 and with JX_NUM_THREADS=1 and 2; all four
results must be equal bit for bit, and equal to numpy's where the
arithmetic is exact. The LLVM dialect of each program must hold
non-temporal stores, so that the check cannot pass with the pass off.

usage: streaming_stores_check.py JXC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

PROGRAMS = {
    "affine": (
        """func.func @main(%x: tensor<4096x2048xf32>) -> tensor<4096x2048xf32> {
  %two = stablehlo.constant dense<2.0> : tensor<4096x2048xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4096x2048xf32>
  %m = stablehlo.multiply %x, %two : tensor<4096x2048xf32>
  %y = stablehlo.add %m, %one : tensor<4096x2048xf32>
  return %y : tensor<4096x2048xf32>
}""",
        [(4096, 2048, np.float32)],
        lambda x: x * np.float32(2) + np.float32(1),
    ),
    "padded": (
        """func.func @main(%x: tensor<4096x2048xf32>) -> tensor<4096x2112xf32> {
  %two = stablehlo.constant dense<2.0> : tensor<4096x2048xf32>
  %m = stablehlo.multiply %x, %two : tensor<4096x2048xf32>
  %z = stablehlo.constant dense<-1.0> : tensor<f32>
  %p = stablehlo.pad %m, %z, low = [0, 3], high = [0, 61], interior = [0, 0] : (tensor<4096x2048xf32>, tensor<f32>) -> tensor<4096x2112xf32>
  return %p : tensor<4096x2112xf32>
}""",
        [(4096, 2048, np.float32)],
        lambda x: np.pad(x * np.float32(2), ((0, 0), (3, 61)), constant_values=-1),
    ),
    "f64": (
        """func.func @main(%x: tensor<2048x2048xf64>) -> tensor<2048x2048xf64> {
  %y = stablehlo.negate %x : tensor<2048x2048xf64>
  return %y : tensor<2048x2048xf64>
}""",
        [(2048, 2048, np.float64)],
        lambda x: -x,
    ),
    "softmax": (
        """func.func @main(%x: tensor<2048x4096xf32>) -> tensor<2048x4096xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2048x4096xf32>, tensor<f32>) -> tensor<2048xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2048xf32>) -> tensor<2048x4096xf32>
  %d = stablehlo.subtract %x, %mb : tensor<2048x4096xf32>
  %e = stablehlo.exponential %d : tensor<2048x4096xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2048x4096xf32>, tensor<f32>) -> tensor<2048xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2048xf32>) -> tensor<2048x4096xf32>
  %y = stablehlo.divide %e, %sb : tensor<2048x4096xf32>
  return %y : tensor<2048x4096xf32>
}""",
        [(2048, 4096, np.float32)],
        None,
    ),
    "temporary": (
        """func.func @main(%x: tensor<4096x2048xf32>, %w: tensor<2048x8xf32>) -> tensor<4096x8xf32> {
  %t = stablehlo.multiply %x, %x : tensor<4096x2048xf32>
  %d = stablehlo.dot_general %t, %w, contracting_dims = [1] x [0] : (tensor<4096x2048xf32>, tensor<2048x8xf32>) -> tensor<4096x8xf32>
  return %d : tensor<4096x8xf32>
}""",
        [(4096, 2048, np.float32), (2048, 8, np.float32)],
        "close",
    ),
}


def run(jxc, work, name, text, inputs, env_extra):
    path = os.path.join(work, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    out = os.path.join(work, name + "-" + "-".join(f"{k}{v}" for k, v in env_extra.items()))
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, JX_CACHE="0", **env_extra)
    args = [jxc, "run", path, "--output-dir", out]
    for i in inputs:
        args += ["--input", i]
    proc = subprocess.run(args, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{name}: jxc run failed: {proc.stderr[-2000:]}")
    return np.load(os.path.join(out, "result0.npy"))


def main():
    jxc = sys.argv[1]
    rng = np.random.default_rng(11)
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for name, (text, shapes, reference) in PROGRAMS.items():
            path = os.path.join(work, name + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            dialect = subprocess.run(
                [jxc, "compile", path, "--emit=llvm-dialect"],
                env=dict(os.environ, JX_STREAMING_STORES="1"),
                capture_output=True, text=True)
            if "nontemporal" not in dialect.stdout:
                print(f"FAIL {name}: no non-temporal stores in the LLVM dialect")
                failed += 1
                continue
            inputs = []
            arrays = []
            for k, (rows, cols, dtype) in enumerate(shapes):
                a = rng.standard_normal((rows, cols)).astype(dtype)
                p = os.path.join(work, f"{name}.in{k}.npy")
                np.save(p, a)
                inputs.append(p)
                arrays.append(a)
            results = {}
            for streaming in ("1", "0"):
                for threads in ("1", "2"):
                    results[(streaming, threads)] = run(
                        jxc, work, name, text, inputs,
                        {"JX_STREAMING_STORES": streaming,
                         "JX_NUM_THREADS": threads})
            base = results[("0", "1")]
            bad = [key for key, r in results.items()
                   if r.shape != base.shape or r.tobytes() != base.tobytes()]
            if bad:
                print(f"FAIL {name}: results differ for "
                      f"(JX_STREAMING_STORES, JX_NUM_THREADS) in {bad}")
                failed += 1
                continue
            if reference == "close":
                want = (arrays[0].astype(np.float64) ** 2) @ arrays[1]
                if not np.allclose(base, want, rtol=1e-4, atol=1e-3):
                    print(f"FAIL {name}: differs from numpy beyond rounding")
                    failed += 1
                    continue
            elif reference is not None:
                want = reference(*arrays)
                if want.shape != base.shape or want.tobytes() != base.tobytes():
                    print(f"FAIL {name}: differs from numpy")
                    failed += 1
                    continue
            else:
                want = np.exp(arrays[0] - arrays[0].max(axis=1, keepdims=True))
                want /= want.sum(axis=1, keepdims=True)
                if not np.allclose(base, want, rtol=1e-5, atol=1e-7):
                    print(f"FAIL {name}: differs from numpy beyond rounding")
                    failed += 1
                    continue
            print(f"PASS {name}")
    print(f"streaming stores: {len(PROGRAMS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
