#!/usr/bin/env python3
"""Writes test/e2e/xla_division_bit_exact.mlir: jx's float divisions against
JAX's results on CPU, bit for bit.

XLA:CPU divides by a broadcast or by a constant as a multiplication by the
reciprocal (f16, f32, f64), and keeps a true division otherwise (a divisor
of the dividend's shape, bf16, complex). jx does the same
(lib/Pipelines/DivideByReciprocal.cpp), so the expected values are JAX's own
outputs as bit patterns. The inputs are chosen so that the division and the
multiplication by the reciprocal differ in many elements: each case fails
if jx picks the other one.

Run with JAX installed:  python3 scripts/gen_xla_division_e2e.py
"""
import os

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)
rng = np.random.default_rng(2026)
OUT = os.path.join(os.path.dirname(__file__), "..", "test", "e2e",
                   "xla_division_bit_exact.mlir")

NAMES = {np.dtype(np.float16): ("f16", np.uint16, 4),
         np.dtype(jnp.bfloat16): ("bf16", np.uint16, 4),
         np.dtype(np.float32): ("f32", np.uint32, 8),
         np.dtype(np.float64): ("f64", np.uint64, 16)}


def ttype(a, shape=None):
    name = NAMES[a.dtype][0]
    shape = a.shape if shape is None else shape
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), name)


def flat(a):
    """The type of `a` as the one-dimensional literal it is written as."""
    return ttype(a, (a.size,))


def literal(a):
    _, u, w = NAMES[a.dtype]
    return "dense<[%s]>" % ", ".join("0x%0*X" % (w, v)
                                     for v in np.ravel(a).view(u))


def values(dtype, shape, lo, hi):
    return rng.uniform(lo, hi, shape).astype(dtype)


def case(name, a, b, dims, constant_divisor=False, constant_dividend=False):
    """a / broadcast_in_dim(b, dims) (b's shape == a's when dims is None)."""
    ta, tb = ttype(a), ttype(b)
    if dims is None:
        f = lambda x, y: x / y
    else:
        f = lambda x, y: x / jax.lax.broadcast_in_dim(y, a.shape, dims)
    if constant_dividend:  # both constants in XLA's program: it folds them
        want = np.asarray(jax.jit(lambda: f(jnp.asarray(a), jnp.asarray(b)))())
    elif constant_divisor:
        want = np.asarray(jax.jit(lambda x: f(x, b))(a))
    else:
        want = np.asarray(jax.jit(f)(a, b))
    # The case must tell the two apart, and XLA must have chosen one.
    wide = b if dims is None else np.asarray(
        jax.lax.broadcast_in_dim(b, a.shape, dims))
    division = (a / wide).astype(a.dtype)
    reciprocal = (a * (np.asarray(1, a.dtype) / wide).astype(a.dtype)).astype(
        a.dtype)
    same = lambda x, y: np.all((x == y) | (np.isnan(x) & np.isnan(y)))
    assert not same(division, reciprocal), name
    assert same(want, division) or same(want, reciprocal), name
    lines = [f"// CHECK: PASS {name}", f"func.func @{name}() {{"]
    for v, x in [("a", a), ("b", b)]:
        if x.ndim == 1 and v == "b":  # a constant itself
            lines.append(f"  %b = stablehlo.constant {literal(x)} : {ttype(x)}")
            continue
        if x.ndim == 1:
            lines.append(f"  %{v}0 = stablehlo.constant {literal(x)} : {ttype(x)}")
        else:
            lines += [f"  %{v}1 = stablehlo.constant {literal(x)} : {flat(x)}",
                      f"  %{v}0 = stablehlo.reshape %{v}1 : ({flat(x)}) -> "
                      f"{ttype(x)}"]
        # The dividend is an argument in XLA's program: here a value the
        # compiler cannot see through, unless XLA's was a constant too.
        if v == "a" and not constant_dividend:
            lines.append(f"  %a = stablehlo.optimization_barrier %a0 : {ttype(x)}")
        else:
            lines.append(f"  %{v} = stablehlo.reshape %{v}0 : ({ttype(x)}) -> "
                         f"{ttype(x)}")
    divisor = "%b"
    if dims is not None:
        lines.append(f"  %d = stablehlo.broadcast_in_dim %b, dims = "
                     f"[{', '.join(map(str, dims))}] : ({tb}) -> {ta}")
        divisor = "%d"
    lines += [f"  %r = stablehlo.divide %a, {divisor} : {ta}",
              f"  %r0 = stablehlo.reshape %r : ({ta}) -> {flat(a)}",
              f"  check.expect_eq_const %r0, {literal(want)} : {flat(a)}",
              "  func.return", "}"]
    return "\n".join(lines) + "\n"


def cases():
    for dt, tag in [(np.float32, "f32"), (np.float64, "f64"),
                    (np.float16, "f16")]:
        a = values(dt, (8, 32), 0.1, 100.0)
        yield case(f"rows_{tag}", a, values(dt, (8,), 1.0, 50.0), [0])
        yield case(f"columns_{tag}", a, values(dt, (32,), 1.0, 50.0), [1])
        yield case(f"scalar_{tag}", a, np.array(7.3, dt), [])
    a = values(np.float32, (8, 32), 0.1, 100.0)
    # A constant divisor, splat and not: the reciprocal too.
    v = values(np.float32, (256,), 0.1, 100.0)
    yield case("splat_constant_f32", v, np.full((256,), 3.7, np.float32),
               None, constant_divisor=True)
    yield case("constant_f32", v, values(np.float32, (256,), 1.0, 50.0),
               None, constant_divisor=True)
    # A dividend and divisor both constant: XLA folds the division.
    yield case("folded_f32", v, np.array(3.7, np.float32), [],
               constant_dividend=True)
    # Divisors of the dividend's shape, bf16 and special values: divisions.
    yield case("same_shape_f32", a, values(np.float32, (8, 32), 1.0, 50.0),
               None)
    yield case("rows_bf16", values(jnp.bfloat16, (8, 32), 0.1, 100.0),
               values(jnp.bfloat16, (8,), 1.0, 50.0), [0])
    special = np.array([1.0, -0.0, 0.0, np.inf, -np.inf, np.nan, 3.0, 1e-30],
                       np.float32)
    yield case("special_rows_f32", np.tile(special, (8, 1)),
               special, [0])


def main():
    with open(OUT, "w") as f:
        f.write("// RUN: jxc run --split-input-file %s | FileCheck %s\n"
                "// Generated by scripts/gen_xla_division_e2e.py: JAX's "
                f"results (jax {jax.__version__}, CPU) as\n// bit patterns. "
                "XLA divides by a broadcast or a constant as a "
                "multiplication by\n// its reciprocal (f16, f32, f64) and "
                "jx does the same, so they must match exactly.\n"
                "// CHECK-NOT: FAIL\n\n")
        f.write("\n// -----\n\n".join(cases()))


if __name__ == "__main__":
    main()
