#!/usr/bin/env python3
"""Writes a small fixture folder (same layout as test/Fixtures/jax/) that
exercises scripts/check_fixture_outputs.py: passes within tolerance, NaNs, a
bfloat16 round trip, a tolerance failure, an exact failure, a program jxc
cannot compile, and Schur vectors in another phase (a "gauge") that match
while a wrong Schur form does not. Used by jax_outputs_selftest.mlir.

Usage: jax_outputs_selftest.py OUT_DIR
"""

import json
import os
import sys

import numpy as np

EXP = """func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.exponential %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

BF16_IDENTITY = """func.func @main(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  return %x : tensor<4xbf16>
}
"""

NEGATE_COMPARE = """func.func @main(%a: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi1>) {
  %0 = stablehlo.negate %a : tensor<2xi32>
  %1 = stablehlo.compare LT, %a, %0 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi32>, tensor<2xi1>
}
"""

F8 = """func.func @main(%x: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  return %x : tensor<2xf8E4M3FN>
}
"""

SCHUR_IDENTITY = """func.func @main(%t: tensor<3x3xcomplex<f32>>, %z: tensor<3x3xcomplex<f32>>)
    -> (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
  return %t, %z : tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
}
"""

TOL = {"rtol": 1e-5, "atol": 1e-6}


def entry(name, kind, i, array, dtype, tolerance=None, storage=None):
    e = {"file": f"{name}.{kind}{i}.npy", "shape": list(array.shape),
         "dtype": dtype, "npy_dtype": array.dtype.str}
    if storage:
        e["npy_storage"] = storage
    if tolerance is not None:
        e["tolerance"] = tolerance
    return e


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    fixtures = []

    def add(name, program, inputs, outputs):
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write(program)
        ins, outs = [], []
        for i, (array, dtype, storage) in enumerate(inputs):
            np.save(os.path.join(out, f"{name}.in{i}.npy"), array)
            ins.append(entry(name, "in", i, array, dtype, storage=storage))
        for i, (array, dtype, tol, storage) in enumerate(outputs):
            np.save(os.path.join(out, f"{name}.out{i}.npy"), array)
            outs.append(entry(name, "out", i, array, dtype, tol, storage))
        fixtures.append({"name": name, "mlir": name + ".mlir",
                         "inputs": ins, "outputs": outs})
        return fixtures[-1]

    x = np.array([[0.0, 1.0, -2.0], [np.nan, 0.5, 3.0]], np.float32)
    want = np.exp(x)
    add("exp_ok", EXP, [(x, "float32", None)], [(want, "float32", TOL, None)])
    add("exp_listed", EXP, [(x, "float32", None)],
        [(want, "float32", TOL, None)])
    wrong = want.copy()
    wrong[1, 2] *= 1.001  # off by about 0.02
    add("exp_wrong", EXP, [(x, "float32", None)],
        [(wrong, "float32", TOL, None)])

    bits = np.array([0x3F80, 0x4000, 0xC040, 0x7FC0], np.uint16)  # 1 2 -3 nan
    add("bf16_identity", BF16_IDENTITY, [(bits, "bfloat16", "bfloat16_bits")],
        [(bits, "bfloat16", "exact", "bfloat16_bits")])

    a = np.array([3, -4], np.int32)
    add("int_ok", NEGATE_COMPARE, [(a, "int32", None)],
        [(-a, "int32", "exact", None),
         (np.array([False, True]), "bool", "exact", None)])
    add("int_wrong", NEGATE_COMPARE, [(a, "int32", None)],
        [(np.array([-3, 5], np.int32), "int32", "exact", None),
         (np.array([False, True]), "bool", "exact", None)])

    add("f8_listed", F8, [(np.zeros(2, np.uint8), "uint8", None)],
        [(np.zeros(2, np.uint8), "uint8", "exact", None)])

    # A Schur form T and its vectors Z; jxc returns them with each column of
    # Z turned by a phase d_j (and T by D^H T D): the same decomposition.
    rng = np.random.default_rng(3)
    m = rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3))
    z = np.linalg.qr(m)[0].astype(np.complex64)
    t = np.triu(rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3)))
    t = t.astype(np.complex64)
    d = np.exp(1j * np.array([0.5, -2.0, 3.0]))
    zd = (z * d).astype(np.complex64)
    td = (np.conj(d)[:, None] * t * d[None, :]).astype(np.complex64)
    gauge = {"kind": "schur", "t": 0, "z": 1}
    c64 = "complex64"
    add("schur_phases", SCHUR_IDENTITY, [(td, c64, None), (zd, c64, None)],
        [(t, c64, TOL, None), (z, c64, TOL, None)])["gauge"] = gauge
    bad = td.copy()
    bad[0, 2] += 0.01  # not a phase: still a failure
    add("schur_wrong", SCHUR_IDENTITY, [(bad, c64, None), (zd, c64, None)],
        [(t, c64, TOL, None), (z, c64, TOL, None)])["gauge"] = gauge

    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"fixtures": fixtures}, f, indent=1)
    with open(os.path.join(out, "expected_failures"), "w") as f:
        f.write("# a comment line\n"
                "exp_listed   listed, but passes\n"
                "f8_listed    f8E4M3FN is not supported  # trailing comment\n"
                "no_such      not a fixture\n")


if __name__ == "__main__":
    main()
