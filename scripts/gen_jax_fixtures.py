#!/usr/bin/env python3
"""Generate jx's JAX reference fixtures under test/Fixtures/jax/.

For every fixture below this writes, into the output folder:

  <name>.mlir        jax.jit(f).lower(*args).as_text(): the StableHLO module
                     exactly as JAX prints it (default options, no locations)
  <name>.jaxpr.txt   str(jax.make_jaxpr(f)(*args))
  <name>.in<i>.npy   the i-th input leaf (inputs are pytrees, flattened in
                     jax.tree_util order, i.e. the order of @main's arguments)
  <name>.out<i>.npy  the i-th output leaf, computed by jax.jit(f) on CPU
  manifest.json      shapes, dtypes, tolerances and versions of all of them

bfloat16 arrays are stored in .npy as their raw uint16 bit patterns (numpy has
no bfloat16; the manifest says `"npy_storage": "bfloat16_bits"`).

Only fixtures marked x64 run with 64-bit types enabled (inside
`jax.enable_x64(True)`), so every other fixture looks like what a JAX user with
default settings gets (int32 indices, float32 constants). All inputs use
explicit dtypes and come from np.random.default_rng(seed) with a fixed
per-fixture seed, so re-running gives the same files.

Usage: python3 scripts/gen_jax_fixtures.py [--out DIR] [--only NAME ...]
"""

import argparse
import functools
import glob
import json
import os
import platform
import re
import sys
import zlib

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax
import jaxlib
import ml_dtypes

# Run on CPU only, whatever the machine has; default (32-bit) types.
jax.config.update("jax_platforms", "cpu")
jax.config.update("jax_enable_x64", False)

f16 = np.float16
f32 = np.float32
f64 = np.float64
bf16 = ml_dtypes.bfloat16
i32 = np.int32
u8 = np.uint8
u32 = np.uint32

# Default tolerances for float outputs, by dtype: |got - want| <= atol + rtol*|want|.
DEFAULT_TOL = {
    "float64": {"rtol": 1e-12, "atol": 1e-14},
    "float32": {"rtol": 1e-5, "atol": 1e-6},
    "float16": {"rtol": 2e-3, "atol": 1e-3},
    "bfloat16": {"rtol": 1.6e-2, "atol": 1e-2},
    "complex64": {"rtol": 1e-5, "atol": 1e-6},
    "complex128": {"rtol": 1e-12, "atol": 1e-14},
}

FIXTURES = []


def fixture(name, description, x64=False, tol=None, nonfinite=False, group=None,
            gauge=None):
    """Registers `make(rng) -> (f, args)` as a fixture.

    tol: None (dtype defaults), "exact" (floats must match bit for bit, e.g.
    data movement, floor, max), or {"rtol": .., "atol": ..} for all float
    outputs of that fixture. nonfinite: outputs may hold NaN or infinity
    (what JAX returns for a singular matrix, say); otherwise such an output
    is taken for a mistake in the fixture. group: a name the manifest
    records for fixtures that belong together ("linalg"). gauge: the
    freedom a correct result has besides rounding, which the checker takes
    out before comparing (check_fixture_outputs.py): {"kind": "schur",
    "t": i, "z": j} for a Schur form T and its vectors Z, each column of Z
    determined only up to a phase (a sign when real).
    """

    def deco(make):
        assert not any(fx["name"] == name for fx in FIXTURES), name
        FIXTURES.append(dict(name=name, description=description, x64=x64,
                             tol=tol, make=make, nonfinite=nonfinite,
                             group=group, gauge=gauge))
        return make

    return deco


def normal(rng, shape, dtype=f32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def positive(rng, shape, dtype=f32, lo=0.1, hi=4.0):
    return rng.uniform(lo, hi, shape).astype(dtype)


def ints(rng, shape, lo, hi, dtype=i32):
    return rng.integers(lo, hi, shape).astype(dtype)


# ----------------------------------------------------------------------------
# Elementwise math
# ----------------------------------------------------------------------------

@fixture("exp_f32", "jnp.exp on f32[4,5]")
def _(rng):
    return (lambda x: jnp.exp(x)), (normal(rng, (4, 5)),)


@fixture("log_f32", "jnp.log and jnp.log1p on positive f32[4,5]")
def _(rng):
    return (lambda x: (jnp.log(x), jnp.log1p(x))), (positive(rng, (4, 5)),)


@fixture("tanh_f32", "jnp.tanh on f32[16]")
def _(rng):
    return (lambda x: jnp.tanh(x)), (normal(rng, (16,), scale=2.0),)


@fixture("sin_cos_f32", "jnp.sin, jnp.cos, jnp.tan on f32[3,7]")
def _(rng):
    return (lambda x: (jnp.sin(x), jnp.cos(x), jnp.tan(x))), (normal(rng, (3, 7)),)


@fixture("erf_f32", "lax.erf, lax.erfc and lax.erf_inv on f32 (chlo ops)",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (12,))
    p = rng.uniform(-0.95, 0.95, (12,)).astype(f32)
    return (lambda x, p: (lax.erf(x), lax.erfc(x), lax.erf_inv(p))), (x, p)


@fixture("logistic_f32", "jax.nn.sigmoid (stablehlo.logistic) on f32[2,3,4]")
def _(rng):
    return (lambda x: jax.nn.sigmoid(x)), (normal(rng, (2, 3, 4), scale=3.0),)


@fixture("pow_f32", "x ** y with positive f32 base, and sqrt/rsqrt/cbrt",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = positive(rng, (5, 4))
    y = normal(rng, (5, 4))
    return (lambda x, y: (x ** y, jnp.sqrt(x), lax.rsqrt(x), jnp.cbrt(x))), (x, y)


@fixture("integer_pow_f32", "lax.integer_pow with exponents 2, 3, -2, 5 on f32")
def _(rng):
    x = positive(rng, (10,), lo=0.5, hi=2.0) * np.where(np.arange(10) % 2, 1, -1).astype(f32)
    return (lambda x: (x ** 2, x ** 3, lax.integer_pow(x, -2), lax.integer_pow(x, 5))), (x,)


@fixture("abs_sign_f32_i32", "jnp.abs / jnp.sign / negate on f32 and int32")
def _(rng):
    x = normal(rng, (8,))
    x[0] = 0.0
    n = ints(rng, (8,), -50, 50)
    n[1] = 0
    return (lambda x, n: (jnp.abs(x), jnp.sign(x), -x, jnp.abs(n), jnp.sign(n), -n)), (x, n)


@fixture("floor_ceil_round_f32",
         "jnp.floor, jnp.ceil, jnp.round (half to even), lax.round away from zero, jnp.trunc",
         tol="exact")
def _(rng):
    x = np.concatenate([np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], f32),
                        normal(rng, (10,), scale=3.0)])
    return (lambda x: (jnp.floor(x), jnp.ceil(x), jnp.round(x),
                       lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO), jnp.trunc(x))), (x,)


@fixture("clip_f32", "jnp.clip to [-0.5, 0.75] and lax.clamp with array bounds",
         tol="exact")
def _(rng):
    x = normal(rng, (4, 6))
    lo = normal(rng, (4, 6), scale=0.3) - 0.5
    hi = lo + 1.0
    return (lambda x, lo, hi: (jnp.clip(x, -0.5, 0.75), lax.clamp(lo, x, hi))), (x, lo, hi)


@fixture("where_f32", "jnp.where(x > 0, x, y) and jnp.where on a bool input", tol="exact")
def _(rng):
    x = normal(rng, (3, 5))
    y = normal(rng, (3, 5))
    c = rng.random((3, 5)) < 0.5
    return (lambda x, y, c: (jnp.where(x > 0, x, y), jnp.where(c, x, 0.0))), (x, y, c)


@fixture("compare_f32", "comparisons (==, !=, <, <=, >, >=) on f32, results are bool")
def _(rng):
    x = ints(rng, (12,), -3, 3).astype(f32)
    y = ints(rng, (12,), -3, 3).astype(f32)
    return (lambda x, y: (x == y, x != y, x < y, x <= y, x > y, x >= y)), (x, y)


@fixture("atan2_max_min_f32", "jnp.arctan2, jnp.maximum, jnp.minimum, jnp.remainder on f32")
def _(rng):
    x = normal(rng, (9,))
    y = normal(rng, (9,))
    return (lambda x, y: (jnp.arctan2(x, y), jnp.maximum(x, y), jnp.minimum(x, y),
                          jnp.remainder(x, y))), (x, y)


@fixture("expm1_log1p_f64", "exp, expm1, log1p, tanh on f64 (x64)", x64=True)
def _(rng):
    x = normal(rng, (6,), dtype=f64, scale=0.5)
    return (lambda x: (jnp.exp(x), jnp.expm1(x), jnp.log1p(jnp.abs(x)), jnp.tanh(x))), (x,)


@fixture("tanh_exp_f16", "tanh, exp and x*y+1 in f16")
def _(rng):
    x = normal(rng, (4, 4), dtype=f16)
    y = normal(rng, (4, 4), dtype=f16)
    return (lambda x, y: (jnp.tanh(x), jnp.exp(x), x * y + f16(1))), (x, y)


@fixture("arith_bf16", "add, multiply, exp, division in bf16")
def _(rng):
    x = normal(rng, (3, 8), dtype=bf16)
    y = positive(rng, (3, 8), dtype=bf16, lo=0.5, hi=2.0)
    return (lambda x, y: (x + y, x * y, jnp.exp(x), x / y)), (x, y)


@fixture("int32_arith", "int32 add/mul/floor_divide/remainder/shifts/bitwise ops")
def _(rng):
    a = ints(rng, (10,), -1000, 1000)
    b = ints(rng, (10,), 1, 20) * np.where(np.arange(10) % 3 == 0, -1, 1).astype(i32)
    s = ints(rng, (10,), 0, 31)
    return (lambda a, b, s: (a + b, a * b, a // b, a % b, lax.div(a, b), lax.rem(a, b),
                             lax.shift_left(a, s), lax.shift_right_arithmetic(a, s),
                             lax.shift_right_logical(a, s), a & b, a | b, a ^ b, ~a)), (a, b, s)


@fixture("uint8_arith", "uint8 wrapping add/mul/sub, max, shift, popcount")
def _(rng):
    a = ints(rng, (16,), 0, 256, dtype=u8)
    b = ints(rng, (16,), 0, 256, dtype=u8)
    s = ints(rng, (16,), 0, 8, dtype=u8)
    return (lambda a, b, s: (a + b, a * b, a - b, jnp.maximum(a, b),
                             lax.shift_right_logical(a, s), lax.population_count(a))), (a, b, s)


@fixture("bool_logic", "and/or/xor/not on bool and bool -> int32 sum")
def _(rng):
    p = rng.random((4, 5)) < 0.5
    q = rng.random((4, 5)) < 0.5
    return (lambda p, q: (p & q, p | q, p ^ q, ~p, jnp.sum(p, dtype=i32))), (p, q)


# ----------------------------------------------------------------------------
# Reductions
# ----------------------------------------------------------------------------

@fixture("sum_axes_f32", "jnp.sum over axis 1, axes (0, 2), all axes, and keepdims",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (3, 4, 5))
    return (lambda x: (jnp.sum(x, axis=1), jnp.sum(x, axis=(0, 2)), jnp.sum(x),
                       jnp.sum(x, axis=2, keepdims=True))), (x,)


@fixture("mean_keepdims_f32", "jnp.mean over axis -1 with keepdims, and over axis 0",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (6, 7))
    return (lambda x: (jnp.mean(x, axis=-1, keepdims=True), jnp.mean(x, axis=0))), (x,)


@fixture("max_min_f32", "jnp.max / jnp.min over axes, and int32 max", tol="exact")
def _(rng):
    x = normal(rng, (4, 5, 3))
    n = ints(rng, (4, 5), -100, 100)
    return (lambda x, n: (jnp.max(x, axis=1), jnp.min(x, axis=(0, 2)), jnp.max(x, keepdims=True),
                          jnp.max(n, axis=0))), (x, n)


@fixture("argmax_argmin_f32", "jnp.argmax / jnp.argmin (variadic reduce, int32 indices)")
def _(rng):
    x = normal(rng, (5, 6))
    return (lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), jnp.argmax(x))), (x,)


@fixture("prod_i32", "jnp.prod over int32 and f32 axes")
def _(rng):
    n = ints(rng, (3, 4), -3, 4)
    x = positive(rng, (3, 4), lo=0.5, hi=1.5)
    return (lambda n, x: (jnp.prod(n, axis=1), jnp.prod(x, axis=0))), (n, x)


@fixture("logsumexp_f32", "jax.nn.logsumexp over axis 1 and over everything",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (4, 9), scale=3.0)
    return (lambda x: (jax.nn.logsumexp(x, axis=1), jax.nn.logsumexp(x))), (x,)


@fixture("var_std_f32", "jnp.var and jnp.std over axis 0, jnp.var with ddof=1",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (8, 3), scale=2.0) + 1.0
    return (lambda x: (jnp.var(x, axis=0), jnp.std(x, axis=0), jnp.var(x, ddof=1))), (x,)


@fixture("sum_mean_f64", "jnp.sum and jnp.mean in f64 (x64)", x64=True)
def _(rng):
    x = normal(rng, (5, 6), dtype=f64)
    return (lambda x: (jnp.sum(x, axis=0), jnp.mean(x), jnp.max(x, axis=1))), (x,)


@fixture("any_all_bool", "jnp.any / jnp.all over bool axes")
def _(rng):
    p = rng.random((4, 6)) < 0.7
    p[1, :] = True
    p[2, :] = False
    return (lambda p: (jnp.any(p, axis=1), jnp.all(p, axis=1), jnp.all(p, axis=0))), (p,)


# ----------------------------------------------------------------------------
# Linear algebra
# ----------------------------------------------------------------------------

@fixture("matmul_f32", "a @ b, f32[6,8] @ f32[8,5], and a matrix-vector product",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    return (lambda a, b, v: (a @ b, a @ v)), (normal(rng, (6, 8)), normal(rng, (8, 5)), normal(rng, (8,)))


@fixture("batched_matmul_f32", "jnp.einsum('bij,bjk->bik') and jnp.matmul with batch dims",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    a = normal(rng, (3, 4, 5))
    b = normal(rng, (3, 5, 2))
    return (lambda a, b: (jnp.einsum("bij,bjk->bik", a, b), jnp.matmul(a, b))), (a, b)


@fixture("einsum_f32", "einsums: 'abc,cd->abd', 'ij,ij->i', 'bhqd,bhkd->bhqk', outer product",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    a = normal(rng, (2, 3, 4))
    c = normal(rng, (4, 5))
    x = normal(rng, (3, 6))
    y = normal(rng, (3, 6))
    q = normal(rng, (2, 2, 3, 4))
    k = normal(rng, (2, 2, 5, 4))
    return (lambda a, c, x, y, q, k: (jnp.einsum("abc,cd->abd", a, c), jnp.einsum("ij,ij->i", x, y),
                                      jnp.einsum("bhqd,bhkd->bhqk", q, k),
                                      jnp.einsum("i,j->ij", x[0], y[1]))), (a, c, x, y, q, k)


@fixture("dot_general_i32", "lax.dot_general on int32 with batch and contracting dims")
def _(rng):
    a = ints(rng, (2, 3, 4), -5, 5)
    b = ints(rng, (2, 4, 3), -5, 5)
    return (lambda a, b: lax.dot_general(a, b, (((2,), (1,)), ((0,), (0,))))), (a, b)


@fixture("dot_bf16_to_f32", "lax.dot of bf16 operands with preferred_element_type=f32",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    a = normal(rng, (4, 8), dtype=bf16)
    b = normal(rng, (8, 3), dtype=bf16)
    return (lambda a, b: lax.dot(a, b, preferred_element_type=f32)), (a, b)


@fixture("matvec_f64", "f64 matrix-vector and vector dot (x64)", x64=True)
def _(rng):
    a = normal(rng, (5, 4), dtype=f64)
    v = normal(rng, (4,), dtype=f64)
    return (lambda a, v: (a @ v, jnp.dot(v, v))), (a, v)


# ----------------------------------------------------------------------------
# Convolution and pooling
# ----------------------------------------------------------------------------

NHWC = ("NHWC", "HWIO", "NHWC")


@fixture("conv2d_nhwc_strided_f32", "conv_general_dilated NHWC, 3x3 kernel, stride 2, SAME padding",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (2, 8, 8, 3))
    w = normal(rng, (3, 3, 3, 4), scale=0.5)
    return (lambda x, w: lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=NHWC)), (x, w)


@fixture("conv2d_grads_rgb_f32", "gradients of a 3x3 SAME convolution of an RGB image batch "
         "(NHWC/HWIO) with respect to the input and to the filter (few input channels)",
         tol={"rtol": 1e-4, "atol": 1e-5})
def _(rng):
    x = normal(rng, (2, 18, 18, 3))
    w = normal(rng, (3, 3, 3, 8), scale=0.3)
    g = normal(rng, (2, 18, 18, 8))

    def conv(x, w):
        return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def f(x, w, g):
        _, pullback = jax.vjp(conv, x, w)
        return pullback(g)

    return f, (x, w, g)


@fixture("conv2d_nhwc_dilated_f32",
         "conv_general_dilated NHWC, explicit padding ((1,2),(0,1)), rhs_dilation 2, lhs_dilation (1,2)",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (1, 7, 6, 2))
    w = normal(rng, (3, 2, 2, 3), scale=0.5)
    return (lambda x, w: lax.conv_general_dilated(
        x, w, (1, 1), ((1, 2), (0, 1)), lhs_dilation=(1, 2), rhs_dilation=(2, 2),
        dimension_numbers=NHWC)), (x, w)


@fixture("conv2d_nhwc_grouped_f32",
         "conv_general_dilated NHWC with feature_group_count=2 and a depthwise conv (groups = C)",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (2, 6, 6, 4))
    w = normal(rng, (3, 3, 2, 6), scale=0.5)
    wd = normal(rng, (3, 3, 1, 4), scale=0.5)
    return (lambda x, w, wd: (
        lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=NHWC, feature_group_count=2),
        lax.conv_general_dilated(x, wd, (1, 1), "SAME", dimension_numbers=NHWC, feature_group_count=4),
    )), (x, w, wd)


@fixture("conv1d_nwc_f32", "1-D conv_general_dilated NWC/WIO/NWC, stride 2, padding (2,1)",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (2, 10, 3))
    w = normal(rng, (4, 3, 2))
    return (lambda x, w: lax.conv_general_dilated(x, w, (2,), ((2, 1),),
                                                  dimension_numbers=("NWC", "WIO", "NWC"))), (x, w)


@fixture("conv2d_nchw_f32", "conv_general_dilated in the default NCHW/OIHW layout, VALID",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (1, 2, 5, 5))
    w = normal(rng, (3, 2, 2, 2))
    return (lambda x, w: lax.conv(x, w, (1, 1), "VALID")), (x, w)


@fixture("max_pool_f32", "lax.reduce_window max, 2x2 window, stride 2, NHWC, and 3x3 stride 1 SAME",
         tol="exact")
def _(rng):
    x = normal(rng, (2, 6, 6, 3))
    return (lambda x: (
        lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
        lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME"),
    )), (x,)


@fixture("max_pool_grad_f32", "gradients of max pools (select_and_scatter): 2x2 stride 2 over relu "
         "outputs (ties among zeros), 3x3 stride 2 SAME (padded), 3x3 stride 1 (overlapping)",
         tol={"rtol": 1e-6, "atol": 1e-6})
def _(rng):
    x = normal(rng, (2, 7, 6, 3))
    g1 = normal(rng, (2, 3, 3, 3))
    g2 = normal(rng, (2, 4, 3, 3))
    g3 = normal(rng, (2, 5, 4, 3))

    def pool(v, window, stride, padding):
        return lax.reduce_window(v, -jnp.inf, lax.max, (1,) + window + (1,),
                                 (1,) + stride + (1,), padding)

    def f(x, g1, g2, g3):
        relu = jnp.maximum(x, 0.0)
        d1 = jax.vjp(lambda v: pool(v, (2, 2), (2, 2), "VALID"), relu)[1](g1)[0]
        d2 = jax.vjp(lambda v: pool(v, (3, 3), (2, 2), "SAME"), x)[1](g2)[0]
        d3 = jax.vjp(lambda v: pool(v, (3, 3), (1, 1), "VALID"), x)[1](g3)[0]
        return d1, d2, d3

    return f, (x, g1, g2, g3)


@fixture("avg_pool_f32", "average pooling: lax.reduce_window add / window size, 3x3 stride 2 SAME with counts",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (1, 7, 7, 2))

    def avg_pool(x):
        dims, strides = (1, 3, 3, 1), (1, 2, 2, 1)
        s = lax.reduce_window(x, 0.0, lax.add, dims, strides, "SAME")
        c = lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, dims, strides, "SAME")
        return s / c

    return avg_pool, (x,)


# ----------------------------------------------------------------------------
# Control flow
# ----------------------------------------------------------------------------

@fixture("cond_f32", "lax.cond on a bool input choosing sin(x)*y or x-y")
def _(rng):
    x = normal(rng, (4,))
    y = normal(rng, (4,))
    p = np.array(True)
    return (lambda p, x, y: lax.cond(p, lambda a, b: jnp.sin(a) * b, lambda a, b: a - b, x, y)), (p, x, y)


@fixture("cond_index_i32", "lax.cond on an int32 predicate (converted to index) with tuple results")
def _(rng):
    n = np.array(0, i32)
    x = normal(rng, (3,))
    return (lambda n, x: lax.cond(n > 0, lambda v: (v * 2.0, n + 1), lambda v: (v + 1.0, n - 1), x)), (n, x)


@fixture("while_loop_i32", "lax.while_loop: Collatz step count of each of 8 int32 values")
def _(rng):
    xs = ints(rng, (8,), 1, 60)

    def collatz_steps(x):
        def cond(c):
            return c[0] != 1

        def body(c):
            v, k = c
            return jnp.where(v % 2 == 0, v // 2, 3 * v + 1), k + 1

        return lax.while_loop(cond, body, (x, np.int32(0)))[1]

    return (lambda xs: jax.vmap(collatz_steps)(xs)), (xs,)


@fixture("fori_loop_f32", "lax.fori_loop: 5 Newton steps for sqrt(a), and a dynamic trip count",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    a = positive(rng, (6,), lo=0.5, hi=9.0)
    n = np.array(4, i32)

    def f(a, n):
        r = lax.fori_loop(0, 5, lambda i, x: 0.5 * (x + a / x), a)
        s = lax.fori_loop(0, n, lambda i, acc: acc + i.astype(f32) * a, jnp.zeros_like(a))
        return r, s

    return f, (a, n)


@fixture("scan_f32", "lax.scan: running sum carry plus stacked per-step outputs (an RNN-like step)",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    h0 = normal(rng, (3,))
    xs = normal(rng, (5, 3))
    w = normal(rng, (3, 3), scale=0.5)

    def f(h0, xs, w):
        def step(h, x):
            h = jnp.tanh(h @ w + x)
            return h, h.sum()
        return lax.scan(step, h0, xs)

    return f, (h0, xs, w)


@fixture("lstm_scan_f32", "lax.scan of an LSTM cell: per-step products of a dynamic_slice of the "
         "input sequence and of the carried state (GEMM calls inside a while loop)",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    xs = normal(rng, (8, 4, 16))
    wi = normal(rng, (16, 128), scale=0.3)
    wh = normal(rng, (32, 128), scale=0.3)
    b = normal(rng, (128,), scale=0.1)

    def f(wi, wh, b, xs):
        def cell(carry, x):
            h, c = carry
            z = x @ wi + h @ wh + b
            i, g, o = (jax.nn.sigmoid(z[:, k * 32:(k + 1) * 32]) for k in range(3))
            c = g * c + i * jnp.tanh(z[:, 96:])
            h = o * jnp.tanh(c)
            return (h, c), h
        zero = jnp.zeros((4, 32), f32)
        return lax.scan(cell, (zero, zero), xs)

    return f, (wi, wh, b, xs)


@fixture("switch_f32", "lax.switch over three branches with an int32 index input")
def _(rng):
    i = np.array(2, i32)
    x = normal(rng, (5,))
    return (lambda i, x: lax.switch(i, [lambda v: v + 1.0, lambda v: v * v, lambda v: jnp.cos(v)], x)), (i, x)


# ----------------------------------------------------------------------------
# Gather / scatter / slicing
# ----------------------------------------------------------------------------

@fixture("gather_take_f32", "x[idx] with an int32 index array, and jnp.take along axis 1",
         tol="exact")
def _(rng):
    x = normal(rng, (6, 4))
    idx = np.array([5, 0, 3, 3, 1], i32)
    j = np.array([3, 1], i32)
    return (lambda x, idx, j: (x[idx], jnp.take(x, j, axis=1))), (x, idx, j)


@fixture("gather_2d_f32", "x[rows, cols] point gather and x[rows] with negative indices",
         tol="exact")
def _(rng):
    x = normal(rng, (5, 6))
    r = np.array([0, 4, 2, -1], i32)
    c = np.array([5, 0, 3, 2], i32)
    return (lambda x, r, c: (x[r, c], x[r, 1:3])), (x, r, c)


@fixture("slice_strided_f32", "static slicing: x[:, 1::2], x[::-1], x[1:3, ::3], x[..., None]",
         tol="exact")
def _(rng):
    x = normal(rng, (4, 7))
    return (lambda x: (x[:, 1::2], x[::-1], x[1:3, ::3], x[..., None])), (x,)


@fixture("dynamic_slice_f32", "lax.dynamic_slice and lax.dynamic_update_slice with traced int32 starts",
         tol="exact")
def _(rng):
    x = normal(rng, (6, 5))
    u = normal(rng, (2, 3))
    i = np.array(3, i32)
    j = np.array(4, i32)  # clamped to 2 for the update
    return (lambda x, u, i, j: (lax.dynamic_slice(x, (i, j - 3), (2, 2)),
                                lax.dynamic_update_slice(x, u, (i, j)))), (x, u, i, j)


@fixture("scatter_set_f32", "x.at[i].set(v) with a scalar index and x.at[idx].set(vs) with an index array",
         tol="exact")
def _(rng):
    x = normal(rng, (5, 3))
    v = normal(rng, (3,))
    idx = np.array([4, 1], i32)
    vs = normal(rng, (2, 3))
    return (lambda x, v, idx, vs: (x.at[2].set(v), x.at[idx].set(vs))), (x, v, idx, vs)


@fixture("scatter_add_f32", "x.at[idx].add(v) with duplicate indices (accumulates), and segment-sum style",
         tol={"rtol": 1e-6, "atol": 1e-6})
def _(rng):
    x = normal(rng, (6,))
    idx = np.array([1, 3, 1, 5, 1], i32)
    v = normal(rng, (5,))
    return (lambda x, idx, v: (x.at[idx].add(v), jnp.zeros(4, f32).at[idx % 4].add(v))), (x, idx, v)


@fixture("scatter_mul_min_max_f32", "x.at[idx].mul / .min / .max, including duplicate indices",
         tol={"rtol": 1e-6, "atol": 1e-7})
def _(rng):
    x = normal(rng, (4, 3))
    idx = np.array([0, 2, 0], i32)
    v = normal(rng, (3, 3))
    return (lambda x, idx, v: (x.at[idx].mul(v), x.at[idx].min(v), x.at[idx].max(v))), (x, idx, v)


@fixture("scatter_2d_i32", "int32 x.at[rows, cols].add(1) point scatter and x.at[1, :].set(row)")
def _(rng):
    x = ints(rng, (4, 5), 0, 10)
    r = np.array([0, 3, 3, 1], i32)
    c = np.array([4, 0, 0, 2], i32)
    row = ints(rng, (5,), -9, 0)
    return (lambda x, r, c, row: (x.at[r, c].add(1), x.at[1, :].set(row))), (x, r, c, row)


# ----------------------------------------------------------------------------
# Sorting
# ----------------------------------------------------------------------------

@fixture("sort_f32", "jnp.sort along the last axis and along axis 0, and descending via -sort(-x)",
         tol="exact")
def _(rng):
    x = normal(rng, (4, 6))
    return (lambda x: (jnp.sort(x), jnp.sort(x, axis=0), -jnp.sort(-x[0]))), (x,)


@fixture("argsort_f32", "jnp.argsort (stable, with ties in an int32 input) along the last axis")
def _(rng):
    x = normal(rng, (3, 5))
    n = ints(rng, (10,), 0, 4)
    return (lambda x, n: (jnp.argsort(x, axis=-1), jnp.argsort(n))), (x, n)


@fixture("top_k_f32", "lax.top_k(x, 3) on f32[4,7]: values and int32 indices (chlo.top_k)",
         tol="exact")
def _(rng):
    return (lambda x: lax.top_k(x, 3)), (normal(rng, (4, 7)),)


@fixture("sort_multi_operand", "lax.sort of (int32 keys, f32 values) with num_keys=1, stable",
         tol="exact")
def _(rng):
    k = ints(rng, (9,), 0, 4)
    v = normal(rng, (9,))
    return (lambda k, v: lax.sort((k, v), num_keys=1, is_stable=True)), (k, v)


# ----------------------------------------------------------------------------
# Cumulative ops
# ----------------------------------------------------------------------------

@fixture("cumulative_f32", "jnp.cumsum (axis 1), jnp.cumprod (axis 0), lax.cummax, lax.cummin reverse",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (3, 6))
    p = positive(rng, (5, 2), lo=0.5, hi=1.5)
    return (lambda x, p: (jnp.cumsum(x, axis=1), jnp.cumprod(p, axis=0), lax.cummax(x, axis=1),
                          lax.cummin(x, axis=1, reverse=True))), (x, p)


@fixture("cumsum_i32", "jnp.cumsum on int32 and on bool (counts)")
def _(rng):
    n = ints(rng, (12,), -5, 5)
    b = rng.random((12,)) < 0.4
    return (lambda n, b: (jnp.cumsum(n), jnp.cumsum(b, dtype=i32))), (n, b)


# ----------------------------------------------------------------------------
# Neural network functions
# ----------------------------------------------------------------------------

@fixture("softmax_f32", "jax.nn.softmax and jax.nn.log_softmax over the last axis",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (4, 10), scale=2.0)
    return (lambda x: (jax.nn.softmax(x, axis=-1), jax.nn.log_softmax(x, axis=-1))), (x,)


@fixture("activations_f32", "jax.nn.relu, gelu (tanh approx and exact erf), silu, softplus, leaky_relu, elu",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    x = normal(rng, (3, 8), scale=2.0)
    return (lambda x: (jax.nn.relu(x), jax.nn.gelu(x, approximate=True), jax.nn.gelu(x, approximate=False),
                       jax.nn.silu(x), jax.nn.softplus(x), jax.nn.leaky_relu(x, 0.1), jax.nn.elu(x))), (x,)


@fixture("one_hot", "jax.nn.one_hot of int32 labels into 5 classes (f32), with out-of-range labels",
         tol="exact")
def _(rng):
    labels = np.array([0, 3, 4, 1, 7, -1], i32)
    return (lambda l: jax.nn.one_hot(l, 5)), (labels,)


@fixture("layer_norm_f32", "a layer norm: (x - mean) * rsqrt(var + eps) * g + b",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    x = normal(rng, (4, 8), scale=2.0)
    g = normal(rng, (8,))
    b = normal(rng, (8,))

    def layer_norm(x, g, b):
        m = jnp.mean(x, axis=-1, keepdims=True)
        v = jnp.var(x, axis=-1, keepdims=True)
        return (x - m) * lax.rsqrt(v + 1e-5) * g + b

    return layer_norm, (x, g, b)


# ----------------------------------------------------------------------------
# MLP forward and gradient
# ----------------------------------------------------------------------------

def mlp_params(rng):
    return {
        "w1": normal(rng, (8, 16), scale=0.4),
        "b1": normal(rng, (16,), scale=0.1),
        "w2": normal(rng, (16, 4), scale=0.4),
        "b2": normal(rng, (4,), scale=0.1),
    }


def mlp_logits(params, x):
    h = jax.nn.relu(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def mlp_loss(params, x, labels):
    logp = jax.nn.log_softmax(mlp_logits(params, x), axis=-1)
    return -jnp.mean(jnp.sum(jax.nn.one_hot(labels, 4) * logp, axis=-1))


@fixture("mlp_forward", "2-layer MLP (relu) forward: softmax probabilities and mean cross-entropy loss",
         tol={"rtol": 1e-5, "atol": 1e-5})
def _(rng):
    params = mlp_params(rng)
    x = normal(rng, (6, 8))
    labels = ints(rng, (6,), 0, 4)
    return (lambda params, x, labels: (jax.nn.softmax(mlp_logits(params, x)), mlp_loss(params, x, labels))), \
        (params, x, labels)


@fixture("mlp_grad", "jax.value_and_grad of the MLP cross-entropy w.r.t. the params dict "
                     "(outputs: loss, then grads in sorted key order b1, b2, w1, w2)",
         tol={"rtol": 1e-4, "atol": 1e-5})
def _(rng):
    params = mlp_params(rng)
    x = normal(rng, (6, 8))
    labels = ints(rng, (6,), 0, 4)
    return jax.value_and_grad(mlp_loss), (params, x, labels)


# ----------------------------------------------------------------------------
# Random numbers (threefry2x32, raw uint32[2] keys)
# ----------------------------------------------------------------------------

@fixture("random_normal", "jax.random.normal(key, (4, 5), f32) from the raw key jax.random.PRNGKey(42)",
         tol={"rtol": 1e-5, "atol": 1e-6})
def _(rng):
    key = np.asarray(jax.random.PRNGKey(42))
    return (lambda k: jax.random.normal(k, (4, 5), f32)), (key,)


@fixture("random_uniform", "jax.random.uniform(key, (3, 4), minval=-2, maxval=3) and random.bits",
         tol={"rtol": 1e-6, "atol": 1e-6})
def _(rng):
    key = np.asarray(jax.random.PRNGKey(7))
    return (lambda k: (jax.random.uniform(k, (3, 4), f32, -2.0, 3.0), jax.random.bits(k, (6,), u32))), (key,)


@fixture("random_split_randint", "jax.random.split(key, 3) and jax.random.randint(subkey, (8,), 0, 10)")
def _(rng):
    key = np.asarray(jax.random.PRNGKey(0))

    def f(k):
        ks = jax.random.split(k, 3)
        return ks, jax.random.randint(ks[1], (8,), 0, 10, i32)

    return f, (key,)


# ----------------------------------------------------------------------------
# Dtype conversions and shape ops
# ----------------------------------------------------------------------------

@fixture("convert_dtypes", "astype: f32->i32 (truncation), i32->f32, f32->bf16, f32->f16, bool->f32, "
                           "uint8->f32, f32->bool, i32->uint8 (wrap)", tol="exact")
def _(rng):
    x = normal(rng, (8,), scale=20.0)
    n = ints(rng, (8,), -300, 300)
    b = rng.random((8,)) < 0.5
    u = ints(rng, (8,), 0, 256, dtype=u8)
    return (lambda x, n, b, u: (x.astype(i32), n.astype(f32), x.astype(bf16), x.astype(f16), b.astype(f32),
                                u.astype(f32), x.astype(bool), n.astype(u8))), (x, n, b, u)


@fixture("convert_f64_f32", "f64 -> f32 -> f64 round trip and f64 -> int32 (x64)", x64=True, tol="exact")
def _(rng):
    x = normal(rng, (6,), dtype=f64, scale=10.0)
    return (lambda x: (x.astype(f32), x.astype(f32).astype(f64), x.astype(i32))), (x,)


@fixture("bitcast_convert", "lax.bitcast_convert_type f32 <-> uint32 and f32 -> uint8[4]", tol="exact")
def _(rng):
    x = normal(rng, (5,))
    return (lambda x: (lax.bitcast_convert_type(x, u32), lax.bitcast_convert_type(x, u8),
                       lax.bitcast_convert_type(lax.bitcast_convert_type(x, i32) ^ np.int32(1), f32))), (x,)


@fixture("reshape_transpose_concat", "reshape, transpose, concatenate, stack, broadcast_to, expand/squeeze",
         tol="exact")
def _(rng):
    x = normal(rng, (2, 3, 4))
    y = normal(rng, (2, 3, 2))
    return (lambda x, y: (x.reshape(6, 4), jnp.transpose(x, (2, 0, 1)), jnp.concatenate([x, y], axis=2),
                          jnp.stack([x[0], x[1]]), jnp.broadcast_to(y[:, :1, :], (2, 5, 2)),
                          jnp.squeeze(x[:, :1, :], axis=1))), (x, y)


@fixture("pad_iota", "jnp.pad (constant and edge), lax.pad with interior and negative padding, "
                     "jnp.arange + iota-based triangular mask", tol="exact")
def _(rng):
    x = normal(rng, (3, 4))

    def f(x):
        tri = jnp.arange(4)[None, :] <= jnp.arange(3)[:, None]
        return (jnp.pad(x, ((1, 2), (0, 1))), jnp.pad(x, ((0, 0), (2, 1)), mode="edge"),
                lax.pad(x, np.float32(-1.0), ((0, 0, 1), (-1, 2, 0))), jnp.where(tri, x, 0.0),
                jnp.arange(5, dtype=i32) * 3)

    return f, (x,)


@fixture("reverse_rotate", "jnp.flip, jnp.roll (static and traced shift), jnp.tile", tol="exact")
def _(rng):
    x = normal(rng, (3, 5))
    s = np.array(2, i32)
    return (lambda x, s: (jnp.flip(x, axis=(0, 1)), jnp.roll(x, 1, axis=1), jnp.roll(x, s, axis=1),
                          jnp.tile(x[0], 2))), (x, s)


# ----------------------------------------------------------------------------
# Linear algebra (LAPACK custom calls): scripts/jax_linalg_fixtures.py
# ----------------------------------------------------------------------------

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jax_linalg_fixtures  # noqa: E402

jax_linalg_fixtures.register(fixture)


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

def dtype_name(a):
    return "bfloat16" if a.dtype == bf16 else str(a.dtype)


def is_float(a):
    """Floating-point or complex: compared under a tolerance."""
    return a.dtype == bf16 or np.issubdtype(a.dtype, np.inexact)


def save_npy(path, a):
    a = np.asarray(a)
    storage = None
    if a.dtype == bf16:
        a = a.view(np.uint16)
        storage = "bfloat16_bits"
    # Not np.ascontiguousarray: it turns a 0-d array into shape (1,).
    np.save(path, np.require(a, requirements="C"), allow_pickle=False)
    return storage, a.dtype.str


def leaf_entries(tree, name, kind, out_dir, tol=None, nonfinite=False):
    entries = []
    for i, (path, leaf) in enumerate(jax.tree_util.tree_flatten_with_path(tree)[0]):
        a = np.asarray(leaf)
        fname = f"{name}.{kind}{i}.npy"
        storage, npy_dtype = save_npy(os.path.join(out_dir, fname), a)
        e = {"file": fname, "path": jax.tree_util.keystr(path), "shape": list(a.shape),
             "dtype": dtype_name(a), "npy_dtype": npy_dtype}
        if storage:
            e["npy_storage"] = storage
        if kind == "out":
            if is_float(a):
                finite = np.isfinite(a.astype(f64) if a.dtype == bf16 else a)
                if not nonfinite and not np.all(finite):
                    raise SystemExit(f"{name}: output {i} is not finite")
                e["tolerance"] = "exact" if tol == "exact" else dict(tol or DEFAULT_TOL[dtype_name(a)])
            else:
                e["tolerance"] = "exact"
        entries.append(e)
    return entries


def fixture_tolerance(outputs):
    """The loosest tolerance over the outputs: "exact" if all are exact."""
    tols = [o["tolerance"] for o in outputs if o["tolerance"] != "exact"]
    if not tols:
        return "exact"
    return {"rtol": max(t["rtol"] for t in tols), "atol": max(t["atol"] for t in tols)}


def generate(fx, out_dir):
    name = fx["name"]
    seed = zlib.crc32(name.encode())
    rng = np.random.default_rng(seed)
    ctx = jax.enable_x64(True) if fx["x64"] else jax.enable_x64(False)
    with ctx:
        f, args = fx["make"](rng)

        # Name the function so the module reads `module @jit_<name>`.
        @functools.wraps(f)
        def fn(*a):
            return f(*a)
        fn.__name__ = fn.__qualname__ = name

        jitted = jax.jit(fn)
        text = jitted.lower(*args).as_text()
        jaxpr = str(jax.make_jaxpr(fn)(*args))
        out = jax.block_until_ready(jitted(*args))

    with open(os.path.join(out_dir, f"{name}.mlir"), "w") as fh:
        fh.write(text)
    with open(os.path.join(out_dir, f"{name}.jaxpr.txt"), "w") as fh:
        fh.write(jaxpr + "\n")
    inputs = leaf_entries(args, name, "in", out_dir)
    outputs = leaf_entries(out, name, "out", out_dir, fx["tol"], fx["nonfinite"])
    entry = {
        "name": name,
        "description": fx["description"],
        "x64": fx["x64"],
        "seed": seed,
        "mlir": f"{name}.mlir",
        "jaxpr": f"{name}.jaxpr.txt",
        "inputs": inputs,
        "outputs": outputs,
        "tolerance": fixture_tolerance(outputs),
    }
    if fx["group"]:
        entry["group"] = fx["group"]
    if fx["gauge"]:
        entry["gauge"] = fx["gauge"]
    return entry


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(here, "..", "test", "Fixtures", "jax"))
    ap.add_argument("--only", nargs="*", help="regenerate only these fixtures (manifest is merged)")
    args = ap.parse_args()
    out_dir = os.path.normpath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    manifest_path = os.path.join(out_dir, "manifest.json")

    selected = FIXTURES
    old = {}
    if args.only:
        unknown = set(args.only) - {fx["name"] for fx in FIXTURES}
        if unknown:
            raise SystemExit(f"unknown fixtures: {sorted(unknown)}")
        selected = [fx for fx in FIXTURES if fx["name"] in args.only]
        if os.path.exists(manifest_path):
            with open(manifest_path) as fh:
                old = {e["name"]: e for e in json.load(fh)["fixtures"]}

    # Remove stale files of the fixtures being (re)generated.
    names = [fx["name"] for fx in selected] if args.only else None
    for p in glob.glob(os.path.join(out_dir, "*")):
        b = os.path.basename(p)
        if not (b.endswith(".mlir") or b.endswith(".npy") or b.endswith(".jaxpr.txt")):
            continue
        if names is None or b.split(".")[0] in names:
            os.remove(p)

    entries = dict(old)
    for fx in selected:
        entries[fx["name"]] = generate(fx, out_dir)
        print(f"  {fx['name']}")

    manifest = {
        "generator": "scripts/gen_jax_fixtures.py",
        "jax_version": jax.__version__,
        "jaxlib_version": jaxlib.__version__,
        "numpy_version": np.__version__,
        "ml_dtypes_version": ml_dtypes.__version__,
        "python_version": platform.python_version(),
        "backend": "cpu",
        "comparison": "outputs match when |got - want| <= atol + rtol * |want| elementwise; "
                      "'exact' means equal values (bitwise for floats)",
        "fixtures": [entries[fx["name"]] for fx in FIXTURES if fx["name"] in entries],
    }
    text = json.dumps(manifest, indent=1)
    # Keep shapes on one line: [2, 3] rather than one number a line.
    text = re.sub(r"(?<=\": )\[[\s\d,-]*\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(0)[1:-1].split(",") if v.strip()) + "]",
                  text)
    with open(manifest_path, "w") as fh:
        fh.write(text + "\n")
    print(f"wrote {len(manifest['fixtures'])} fixtures to {out_dir} (jax {jax.__version__})")


if __name__ == "__main__":
    sys.exit(main())
