#!/usr/bin/env python3
"""Writes test/e2e/<op>.mlir for the elementwise stablehlo ops.

Every case is (op, element types, inputs); the expected values come from
jax.lax (XLA's CPU backend, x64 enabled) or numpy run here, or, where neither
exposes the op's exact semantics (integer power with negative exponents,
TOTALORDER comparisons, complex max/min), from a few lines of Python that
transcribe the StableHLO spec. Nothing is taken from jx's own output.

Usage: python3 scripts/gen_elementwise_e2e.py [OUTDIR]   (default test/e2e)
"""

import math
import os
import sys
import warnings

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax import lax

jax.config.update("jax_enable_x64", True)
warnings.filterwarnings("ignore")
np.seterr(all="ignore")

# ----------------------------------------------------------------------------
# Element types.

NP = {
    "i1": np.bool_,
    "i2": ml_dtypes.int2, "i4": ml_dtypes.int4, "i8": np.int8,
    "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui2": ml_dtypes.uint2, "ui4": ml_dtypes.uint4, "ui8": np.uint8,
    "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32,
    "f64": np.float64,
    "complex<f32>": np.complex64, "complex<f64>": np.complex128,
}
SINT = ["i2", "i4", "i8", "i16", "i32", "i64"]
UINT = ["ui2", "ui4", "ui8", "ui16", "ui32", "ui64"]
INT = SINT + UINT
FLT = ["f16", "bf16", "f32", "f64"]
CPX = ["complex<f32>", "complex<f64>"]
WIDTH = {"i1": 1, "f16": 16, "bf16": 16, "f32": 32, "f64": 64}
for t in INT:
    WIDTH[t] = int(t.lstrip("ui"))
PART = {"complex<f32>": "f32", "complex<f64>": "f64"}
# Relative tolerance for results of inexact (library) functions.
REL = {"f16": 2e-3, "bf16": 1.6e-2, "f32": 2e-6, "f64": 1e-12}
SHORT = {"complex<f32>": "c64", "complex<f64>": "c128"}


def short(t):
    return SHORT.get(t, t)


def is_signed(t):
    return t in SINT


def irange(t):
    w = WIDTH[t]
    if t == "i1":
        return 0, 1
    if is_signed(t):
        return -(1 << (w - 1)), (1 << (w - 1)) - 1
    return 0, (1 << w) - 1


def wrap(v, t):
    """A Python integer wrapped into t's range (two's complement)."""
    w = WIDTH[t]
    v &= (1 << w) - 1
    if is_signed(t) and v >= 1 << (w - 1):
        v -= 1 << w
    return v


def arr(values, t):
    if t in INT or t == "i1":
        return np.array([wrap(int(v), t) if t != "i1" else bool(v)
                         for v in values]).astype(NP[t])
    return np.array(values, dtype=np.complex128 if t in CPX else np.float64
                    ).astype(NP[t])


# ----------------------------------------------------------------------------
# MLIR literals.

def float_lit(v, t):
    v = NP[t](v)
    f = float(v)
    if math.isnan(f) or math.isinf(f):
        w = WIDTH[t]
        bits = int(np.array([v], dtype=NP[t]).view(
            {16: np.uint16, 32: np.uint32, 64: np.uint64}[w])[0])
        return "0x%0*X" % (w // 4, bits)
    s = repr(f)
    mant, _, exp = s.partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "")


def scalar_lit(v, t):
    if t == "i1":
        return "true" if bool(v) else "false"
    if t in INT:
        return str(int(v))
    if t in CPX:
        p = PART[t]
        return "(%s, %s)" % (float_lit(np.real(v), p), float_lit(np.imag(v), p))
    return float_lit(v, t)


def dense(a, t):
    a = np.asarray(a)
    def rec(x):
        if x.ndim == 0:
            return scalar_lit(x[()], t)
        return "[" + ", ".join(rec(e) for e in x) + "]"
    return "dense<%s>" % rec(a)


def ttype(a, t):
    shape = np.asarray(a).shape
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), t)


# ----------------------------------------------------------------------------
# Cases.

FILES = {}


class Case:
    pass


def add_case(op, name, inputs, opline, expected, rtype, mode="eq", tol=None,
             comment=None, recip=False):
    """inputs: list of (array, elemtype); opline uses {a0}.. {T0}.. {R};
    mode 'eq' (exact) or 'almost'; recip: also check 1/result exactly, which
    tells -0 from +0."""
    c = Case()
    c.name = name
    lines = []
    if comment:
        lines.append("// " + comment)
    lines.append("// CHECK: PASS " + name)
    lines.append("func.func @%s() {" % name)
    fmt = {}
    for i, (a, t) in enumerate(inputs):
        lines.append("  %%a%d = stablehlo.constant %s : %s" % (i, dense(a, t), ttype(a, t)))
        fmt["a%d" % i] = "%%a%d" % i
        fmt["T%d" % i] = ttype(a, t)
    R = ttype(expected, rtype)
    fmt["R"] = R
    lines.append("  %r = " + opline.format(**fmt))
    if mode == "eq":
        lines.append("  check.expect_eq_const %%r, %s : %s" % (dense(expected, rtype), R))
    else:
        if tol is None:
            base = PART.get(rtype, rtype)
            mags = np.abs(np.asarray(expected).astype(np.complex128))
            mags = mags[np.isfinite(mags)]
            top = max([1.0] + list(mags))
            tol = REL[base] * top
        lines.append("  check.expect_almost_eq_const %%r, %s : %s {tolerance = %s : f64}"
                     % (dense(expected, rtype), R, float_lit(float("%.3g" % tol), "f64")))
    if recip:
        one = np.ones(np.asarray(expected).shape)
        lines.append("  %%one = stablehlo.constant %s : %s" % (dense(arr(one, rtype), rtype), R))
        lines.append("  %%inv = stablehlo.divide %%one, %%r : %s" % R)
        inv = (NP[rtype](1) / np.asarray(expected).astype(np.float64)).astype(NP[rtype])
        lines.append("  check.expect_eq_const %%inv, %s : %s" % (dense(inv, rtype), R))
    lines.append("  func.return")
    lines.append("}")
    c.text = "\n".join(lines)
    FILES.setdefault(op, []).append(c)


NARROW = {ml_dtypes.int2: np.int8, ml_dtypes.int4: np.int8,
          ml_dtypes.uint2: np.uint8, ml_dtypes.uint4: np.uint8}


def J(fn, *xs):
    """Runs a jax.lax function on numpy inputs, returns numpy. XLA supports
    few ops on 2- and 4-bit integers: those run on 8-bit integers and wrap
    back, which only the width-independent ops (callers' choice) may do."""
    try:
        return np.asarray(fn(*[jnp.asarray(x) for x in xs]))
    except TypeError:
        narrow = [x.dtype.type for x in xs if x.dtype.type in NARROW]
        if not narrow:
            raise
        wide = [x.astype(NARROW[x.dtype.type]) if x.dtype.type in NARROW else x
                for x in xs]
        r = np.asarray(fn(*[jnp.asarray(x) for x in wide]))
        return r.astype(narrow[0]) if r.dtype != np.bool_ else r


def bits_ref(kind, t):
    """Width-dependent integer ops written out from the spec; checked
    against XLA wherever XLA runs the type."""
    w = WIDTH[t]
    mask = (1 << w) - 1
    def f(*xs):
        out = []
        for vals in zip(*xs):
            u = [int(v) & mask for v in vals]
            if kind == "popcnt":
                r = bin(u[0]).count("1")
            elif kind == "clz":
                r = w - u[0].bit_length()
            elif kind == "shift_left":
                r = 0 if u[1] >= w else u[0] << u[1]
            elif kind == "shift_right_logical":
                r = 0 if u[1] >= w else u[0] >> u[1]
            else:  # shift_right_arithmetic
                sv = wrap(u[0], "i%d" % w) if w > 1 else u[0]
                r = sv >> min(u[1], w - 1)
            out.append(wrap(r, t))
        r = arr(out, t)
        jf = {"popcnt": lax.population_count, "clz": lax.clz,
              "shift_left": lax.shift_left,
              "shift_right_logical": lax.shift_right_logical,
              "shift_right_arithmetic": lax.shift_right_arithmetic}[kind]
        if w < 8:
            # XLA's CPU backend counts the bits of 2/4-bit integers after
            # sign-extending them (popcnt(int4 -8) = 5), so there the spec's
            # definition on the w-bit pattern is the only reference.
            return r
        try:
            j = np.asarray(jf(*[jnp.asarray(x) for x in xs]))
            assert (j.astype(np.int64) == r.astype(np.int64)).all(), (kind, t, j, r)
        except TypeError:
            pass
        return r
    return f


def unary(op, t, xs, ref, rtype=None, mode="eq", fn_type=False, recip=False,
          comment=None, suffix=""):
    rtype = rtype or t
    a = arr(xs, t)
    e = ref(a)
    line = ("stablehlo.%s {a0} : ({T0}) -> {R}" if fn_type or rtype != t
            else "stablehlo.%s {a0} : {R}") % op
    add_case(op, "%s_%s%s" % (op, short(t), suffix), [(a, t)], line,
             np.asarray(e).astype(NP[rtype]), rtype, mode, recip=recip,
             comment=comment)


def binary(op, t, xs, ys, ref, rtype=None, mode="eq", recip=False,
           comment=None, suffix=""):
    rtype = rtype or t
    a, b = arr(xs, t), arr(ys, t)
    e = ref(a, b)
    line = ("stablehlo.%s {a0}, {a1} : ({T0}, {T1}) -> {R}" if rtype != t
            else "stablehlo.%s {a0}, {a1} : {R}") % op
    add_case(op, "%s_%s%s" % (op, short(t), suffix), [(a, t), (b, t)], line,
             np.asarray(e).astype(NP[rtype]), rtype, mode, recip=recip,
             comment=comment)


NAN, INF = float("nan"), float("inf")


def int_samples(t):
    lo, hi = irange(t)
    vals = [lo, hi, 0, 1, lo + 1, hi - 1, hi // 2, lo // 2 if lo else hi // 3]
    return [wrap(v, t) for v in vals]


def float_samples(t):
    return [0.0, -0.0, 1.0, -1.5, 2.5, 100.25, -3.0e3 if t != "f16" else -300.0,
            0.1, INF, -INF, NAN]


# ----------------------------------------------------------------------------
# add, subtract, multiply.

def arith_cases():
    for op, f in [("add", lax.add), ("subtract", lax.sub), ("multiply", lax.mul)]:
        for t in INT:
            xs = int_samples(t)
            ys = list(reversed(xs))
            ys[2] = 1 if t not in ("ui2", "i2") else 1
            binary(op, t, xs, ys, lambda a, b: J(f, a, b),
                   comment="Wraps around on overflow." if t in ("i8", "ui8") else None)
        if op != "subtract":
            # i1 (spec): add is logical or, multiply is logical and.
            binary(op, "i1", [0, 0, 1, 1], [0, 1, 0, 1],
                   np.logical_or if op == "add" else np.logical_and)
        for t in FLT:
            xs = [1.5, -2.25, 0.1, INF, INF, NAN, -0.0, 65504.0 if t == "f16" else 3.0e38 if t != "f64" else 1.0e308]
            ys = [2.0, 0.5, 0.2, -INF, 1.0, 1.0, -0.0, 65504.0 if t == "f16" else 3.0e38 if t != "f64" else 1.0e308]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b), recip=(op != "multiply"))
        for t in CPX:
            binary(op, t, [1 + 2j, -0.5 + 3j, 1e3 - 1j], [3 - 1j, 2 + 0.25j, 0.5 + 0.5j],
                   lambda a, b: J(f, a, b))
        # Rank 2 and rank 0.
        a = arr([1, 2, 3, 4, 5, 6], "i32").reshape(2, 3)
        b = arr([-6, 5, -4, 3, -2, 1], "i32").reshape(2, 3)
        add_case(op, "%s_2d_i32" % op, [(a, "i32"), (b, "i32")],
                 "stablehlo.%s {a0}, {a1} : {R}" % op, J(f, a, b), "i32")
        a, b = np.array(arr([2.5], "f64")[0]), np.array(arr([-4.0], "f64")[0])
        add_case(op, "%s_0d_f64" % op, [(a, "f64"), (b, "f64")],
                 "stablehlo.%s {a0}, {a1} : {R}" % op, J(f, a, b), "f64")


# ----------------------------------------------------------------------------
# divide, remainder.

def divrem_cases():
    for op, f in [("divide", lax.div), ("remainder", lax.rem)]:
        for t in SINT:
            lo, hi = irange(t)
            xs = [min(7, hi), max(-7, lo), hi, lo, lo, 1, -1, 0, hi, lo]
            ys = [min(2, hi), min(2, hi), -1, -1, 1, 0, 0, 0, lo, hi]
            xs = [wrap(v, t) for v in xs]
            ys = [wrap(v, t) for v in ys]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b),
                   comment=("x / 0 = -1, INT_MIN / -1 = INT_MIN, rounds toward zero"
                            if op == "divide" else
                            "x % 0 = x, INT_MIN % -1 = 0, the sign follows the dividend"))
        for t in UINT:
            lo, hi = irange(t)
            xs = [hi, hi, 1, 0, hi // 2 + 1, 3 if hi >= 3 else 1]
            ys = [2 if hi > 2 else 1, 0, 0, 0, hi, hi]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b),
                   comment=("x / 0 = all ones" if op == "divide" else "x % 0 = x"))
        for t in FLT:
            xs = [7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0, INF, 5.0, NAN, 0.0 if op == "divide" else 3.0]
            ys = [2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 0.0, 2.0, INF, 1.0, -1.0]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b), recip=True,
                   comment=(None if op == "divide" else
                            "fmod: the result has the sign of the dividend"))
        if op == "divide":
            for t in CPX:
                binary(op, t, [1 + 2j, -3 + 0.5j, 4j], [3 - 1j, 0.25 + 2j, 2 + 0j],
                       lambda a, b: a / b, mode="almost")


# ----------------------------------------------------------------------------
# maximum, minimum.

def complex_minmax(a, b, is_max):
    out = []
    for x, y in zip(a, b):
        if is_max:
            pick_x = x.real > y.real or (x.real == y.real and x.imag > y.imag)
        else:
            pick_x = x.real < y.real or (x.real == y.real and x.imag < y.imag)
        out.append(x if pick_x else y)
    return np.array(out, dtype=a.dtype)


def minmax_cases():
    for op, f in [("maximum", lax.max), ("minimum", lax.min)]:
        for t in INT:
            xs = int_samples(t)
            ys = list(reversed(xs))
            binary(op, t, xs, ys, lambda a, b: J(f, a, b))
        binary(op, "i1", [0, 0, 1, 1], [0, 1, 0, 1], lambda a, b: J(f, a, b))
        for t in FLT:
            xs = [1.0, -2.0, NAN, 3.0, INF, -INF, 0.0]
            ys = [2.0, -3.0, 1.0, NAN, 1.0, 1.0, 5.0]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b),
                   comment="NaN propagates from either side")
        # -0 vs +0: XLA orders -0 below +0.
        binary(op, "f32", [-0.0, 0.0, -0.0], [0.0, -0.0, -0.0],
               lambda a, b: J(f, a, b), recip=True, suffix="_signed_zero",
               comment="-0.0 < +0.0")
        for t in CPX:
            binary(op, t, [1 + 5j, 2 + 1j, 2 + 3j, -1 - 1j], [2 + 0j, 2 + 2j, 2 + 3j, -1 + 0j],
                   lambda a, b: complex_minmax(a, b, op == "maximum"),
                   comment="lexicographic: real part, then imaginary part")


# ----------------------------------------------------------------------------
# Bitwise ops, shifts, popcnt, clz.

def bitwise_cases():
    for op, f in [("and", lax.bitwise_and), ("or", lax.bitwise_or), ("xor", lax.bitwise_xor)]:
        binary(op, "i1", [0, 0, 1, 1], [0, 1, 0, 1], lambda a, b: J(f, a, b))
        for t in INT:
            xs = int_samples(t)
            ys = [wrap(v * 3 + 1, t) for v in reversed(xs)]
            binary(op, t, xs, ys, lambda a, b: J(f, a, b))
    unary("not", "i1", [0, 1], lambda a: J(lax.bitwise_not, a))
    for t in INT:
        unary("not", t, int_samples(t), lambda a: J(lax.bitwise_not, a))
    for op, f in [("shift_left", lax.shift_left),
                  ("shift_right_arithmetic", lax.shift_right_arithmetic),
                  ("shift_right_logical", lax.shift_right_logical)]:
        for t in INT:
            w = WIDTH[t]
            lo, hi = irange(t)
            xs = [1, lo, hi, wrap(-1, t), wrap(-1, t), wrap(-1, t), hi, 1, lo]
            ys = [1, 1, w - 1, 0, w, w + 1 if w + 1 <= irange(t)[1] else w,
                  wrap(-1, t), w - 1, w - 1]
            binary(op, t, xs, ys, bits_ref(op, t),
                   comment="amounts >= the bit width (and negative ones, as unsigned)")
    for t in INT:
        unary("popcnt", t, int_samples(t), bits_ref("popcnt", t))
        unary("count_leading_zeros", t, int_samples(t), bits_ref("clz", t))


# ----------------------------------------------------------------------------
# Unary arithmetic: abs, negate, sign.

def unary_arith_cases():
    for t in SINT:
        unary("abs", t, int_samples(t), lambda a: J(lax.abs, a),
              comment="abs(INT_MIN) = INT_MIN")
    for t in FLT:
        unary("abs", t, [-0.0, 0.0, -1.5, 2.5, -INF, NAN], lambda a: J(lax.abs, a), recip=True)
    for t in CPX:
        unary("abs", t, [3 + 4j, -1 - 1j, 0j, 1e-3 + 2j], lambda a: np.abs(a),
              rtype=PART[t], mode="almost")
    for t in INT:
        unary("negate", t, int_samples(t), lambda a: J(lax.neg, a))
    for t in FLT:
        unary("negate", t, [0.0, -0.0, 1.5, -INF, NAN], lambda a: J(lax.neg, a), recip=True)
    for t in CPX:
        unary("negate", t, [1 + 2j, -0.5 - 3j], lambda a: J(lax.neg, a))
    for t in SINT:
        unary("sign", t, int_samples(t), lambda a: J(lax.sign, a))
    for t in FLT:
        unary("sign", t, [-2.5, 3.0, 0.0, -0.0, INF, -INF, NAN, 1e-3],
              lambda a: J(lax.sign, a), recip=True,
              comment="sign(+-0) = +-0, sign(NaN) = NaN")
    for t in CPX:
        unary("sign", t, [3 + 4j, -2j, 0j, complex(NAN, 0), 1 + 1j],
              lambda a: np.array([z / abs(z) if z != 0 and not np.isnan(z) else
                                  (complex(NAN, NAN) if np.isnan(z) else z) for z in a]),
              mode="almost", comment="z / |z|; 0 stays 0; NaN parts give NaN")


# ----------------------------------------------------------------------------
# Float-only: rounding, is_finite, reduce_precision.

def rounding_cases():
    xs = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49, -0.2, 3.7, -3.7, -0.0, INF, NAN]
    for op, f in [("floor", lax.floor), ("ceil", lax.ceil),
                  ("round_nearest_afz", lambda x: lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO)),
                  ("round_nearest_even", lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN))]:
        for t in FLT:
            unary(op, t, xs, lambda a: J(f, a), recip=True,
                  comment="results keep the sign of zero (ceil(-0.2) = -0)")
    for t in FLT:
        big = {"f16": 65504.0, "bf16": 3.0e38, "f32": 3.4e38, "f64": 1.7e308}[t]
        unary("is_finite", t, [0.0, -0.0, 1.0, big, INF, -INF, NAN, -big],
              lambda a: J(lax.is_finite, a), rtype="i1")
    for t, e, m in [("f32", 5, 10), ("f64", 5, 10), ("f64", 8, 7), ("f32", 8, 23),
                    ("f32", 3, 2), ("f16", 5, 2), ("bf16", 5, 5), ("f64", 11, 0)]:
        xs = [1.0, 1.0009765625, 1.00048828125, 1.00146484375, 65504.0, 65520.0, 1e6,
              1e-8, -1e-5, 3.14159, INF, -INF, NAN, -0.0]
        if t == "f16":
            xs = [1.0, 1.125, 1.375, 1.0625, 3.14, 60000.0, 6e-5, -1.0e-7, INF, NAN]
        if t == "bf16":
            xs = [1.0, 1.0078125, 3.14, 1e6, 1e-6, -65536.0, INF, NAN]
        a = arr(xs, t)
        ex = np.asarray(lax.reduce_precision(jnp.asarray(a), exponent_bits=e, mantissa_bits=m))
        if m == 0:
            # A format without mantissa bits has no NaN: the StableHLO
            # reference interpreter (conformance reduce_precision.mlir,
            # ..._zero_mantissa_bits) turns NaN into infinity of the same
            # sign; XLA's CPU backend keeps the NaN. We follow the former.
            nan = np.isnan(ex.astype(np.float64))
            ex = np.where(nan, np.copysign(np.inf, a.astype(np.float64)), ex).astype(NP[t])
        add_case("reduce_precision", "reduce_precision_%s_e%dm%d" % (t, e, m), [(a, t)],
                 "stablehlo.reduce_precision {a0}, format = e%dm%d : {R}" % (e, m),
                 ex, t, "eq", recip=True,
                 comment="round to nearest even; overflow to inf, underflow to zero")


# ----------------------------------------------------------------------------
# Transcendental functions (float and complex), compared with a tolerance.

def f64ref(fn):
    def g(a):
        t = a.dtype
        if np.iscomplexobj(a):
            return fn(a.astype(np.complex128)).astype(t)
        return fn(a.astype(np.float64)).astype(t)
    return g


def logistic_np(x):
    return 1.0 / (1.0 + np.exp(-x))


def cbrt_np(x):
    if np.iscomplexobj(x):
        return np.exp(np.log(x) / 3)
    return np.cbrt(x)


def transcendental_cases():
    table = [
        ("exponential", np.exp, [0.0, 1.0, -1.0, 2.5, -10.0, 5.0], [0.5 + 1j, -1 + 2j, 0j]),
        ("exponential_minus_one", np.expm1, [0.0, 1e-4, -1e-4, 1.0, -2.0, 5.0], [0.5 + 1j, 1e-3 - 2e-3j, 0j]),
        ("log", np.log, [1.0, 2.718281828, 0.5, 10.0, 1000.0, 0.0, -1.0, INF], [1 + 1j, -2 + 0.5j, 3j]),
        ("log_plus_one", np.log1p, [0.0, 1e-4, -0.5, 1.0, 100.0, -1.0, -2.0], [0.5 + 1j, 1e-3 + 1e-3j, -0.5 - 0.5j]),
        ("sine", np.sin, [0.0, 0.5, -1.0, 3.14159, 10.0, -100.0], [0.5 + 1j, -1 - 0.5j]),
        ("cosine", np.cos, [0.0, 0.5, -1.0, 3.14159, 10.0, -100.0], [0.5 + 1j, -1 - 0.5j]),
        ("tan", np.tan, [0.0, 0.5, -1.0, 1.5, 3.0, -0.25], [0.5 + 1j, -1 - 0.5j]),
        ("tanh", np.tanh, [0.0, 0.5, -1.0, 3.0, -20.0, 20.0], [0.5 + 1j, -1 - 0.5j]),
        ("sqrt", np.sqrt, [0.0, 1.0, 2.0, 0.25, 1e4, -1.0, INF], [-4 + 0j, 3 + 4j, 1j]),
        ("rsqrt", lambda x: 1 / np.sqrt(x), [1.0, 4.0, 2.0, 0.25, 1e4, -1.0, INF, 0.0], [-4 + 0j, 3 + 4j, 1j]),
        ("cbrt", cbrt_np, [0.0, 8.0, -27.0, 2.0, 0.001, -1e3, INF], [8 + 0j, -8 + 0j, 1j, 2 + 2j]),
        ("logistic", logistic_np, [0.0, 1.0, -1.0, 5.0, -5.0, 20.0, -20.0], [0.5 + 1j, -1 + 0.25j, 0j]),
    ]
    for op, fn, fx, cx in table:
        for t in FLT:
            xs = fx
            if t == "f16" and op == "exponential":
                xs = [v for v in fx]
            unary(op, t, xs, f64ref(fn), mode="almost")
        for t in CPX:
            unary(op, t, cx, f64ref(fn), mode="almost")
    # Exact corners worth their own case.
    unary("sqrt", "f32", [-0.0, 0.0], lambda a: np.sqrt(a), recip=True,
          suffix="_signed_zero", comment="sqrt(-0) = -0")
    # atan2 (float and complex).
    for t in FLT:
        ys = [1.0, 1.0, -1.0, -1.0, 0.0, -0.0, 0.0, 2.0, INF, NAN]
        xs = [1.0, -1.0, 1.0, -1.0, -1.0, -1.0, 0.0, 0.0, INF, 1.0]
        binary("atan2", t, ys, xs, lambda a, b: np.arctan2(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype),
               mode="almost", comment="quadrants, signed zeros, infinities")
    for t in CPX:
        def catan2(y, x):
            y, x = y.astype(np.complex128), x.astype(np.complex128)
            return (-1j * np.log((x + 1j * y) / np.sqrt(x * x + y * y))).astype(NP[t])
        binary("atan2", t, [1 + 0.5j, -1 + 2j, 0.5 - 1j], [2 + 0j, 1 - 1j, -3 + 0.5j],
               catan2, mode="almost",
               comment="atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2))")
    # power.
    for t in FLT:
        xs = [2.0, -2.0, 4.0, -8.0, 0.0, 0.0, 1.0, NAN, 2.0, -1.0]
        ys = [3.0, 3.0, 0.5, 1.0 / 3, -1.0, 0.0, NAN, 0.0, -2.0, INF]
        binary("power", t, xs, ys,
               lambda a, b: np.power(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype),
               mode="almost", comment="pow(0, -1) = inf, pow(x, 0) = 1, pow(1, NaN) = 1, pow(neg, non-integer) = NaN")
    for t in CPX:
        binary("power", t, [1.5 + 2.5j, 2 + 0j, -1 + 0j], [2.5 + 1.5j, 3 + 0j, 0.5 + 0j],
               lambda a, b: np.power(a, b), mode="almost")
    for t in INT:
        lo, hi = irange(t)
        if is_signed(t):
            pairs = [(2, 3), (-3, 3), (-1, -3), (-1, -2), (1, -5), (2, -1), (0, 0), (0, 2),
                     (3, 0), (-2, 5), (hi, 2), (lo, -1)]
        else:
            pairs = [(2, 3), (3, 2), (0, 0), (0, 5), (1, hi), (hi, 2), (5, 1), (2, hi)]
        pairs = [(wrap(a, t), wrap(b, t)) for a, b in pairs]
        def ipow(a, b, t=t):
            out = []
            for x, e in zip(a, b):
                x, e = int(x), int(e)
                if e < 0:
                    r = 1 if x == 1 else (-1 if e % 2 else 1) if x == -1 else 0
                else:
                    r = pow(x, e, 1 << WIDTH[t])
                out.append(wrap(r, t))
            return arr(out, t)
        binary("power", t, [p[0] for p in pairs], [p[1] for p in pairs], ipow,
               comment="integer power wraps; a negative exponent gives 0 except for bases 1 and -1")


# ----------------------------------------------------------------------------
# compare.

def total_key(v, t):
    """The spec's totalOrder: -NaN < -Inf < -finite < -0 < +0 < finite < Inf < NaN."""
    w = WIDTH[t]
    bits = int(np.array([v], dtype=NP[t]).view({16: np.uint16, 32: np.uint32, 64: np.uint64}[w])[0])
    if bits >> (w - 1):
        return -(bits & ((1 << (w - 1)) - 1)) - 1
    return bits


DIRS = {"EQ": lambda a, b: a == b, "NE": lambda a, b: a != b, "GE": lambda a, b: a >= b,
        "GT": lambda a, b: a > b, "LE": lambda a, b: a <= b, "LT": lambda a, b: a < b}


def compare_cases():
    def cmp_case(t, ctype, d, xs, ys, ref, suffix=""):
        a, b = arr(xs, t), arr(ys, t)
        e = np.array(ref(a, b), dtype=np.bool_)
        name = "compare_%s_%s_%s%s" % (d.lower(), ctype.lower(), short(t), suffix)
        add_case("compare", name, [(a, t), (b, t)],
                 "stablehlo.compare %s, {a0}, {a1}, %s : ({T0}, {T1}) -> {R}" % (d, ctype),
                 e, "i1")
    for d, f in DIRS.items():
        for t in SINT:
            xs = int_samples(t)
            ys = [xs[1], xs[0], 0, wrap(-1, t), xs[4], xs[5], xs[6], xs[7]]
            cmp_case(t, "SIGNED", d, xs, ys,
                     lambda a, b: f(a.astype(np.int64), b.astype(np.int64)))
        for t in UINT:
            xs = int_samples(t)
            ys = [xs[1], xs[0], 0, 0, xs[4], xs[5], xs[6], xs[7]]
            cmp_case(t, "UNSIGNED", d, xs, ys,
                     lambda a, b: f(a.astype(np.uint64), b.astype(np.uint64)))
        cmp_case("i1", "UNSIGNED", d, [0, 0, 1, 1], [0, 1, 0, 1],
                 lambda a, b: f(a.astype(np.int64), b.astype(np.int64)))
        for t in FLT:
            xs = [1.0, 2.0, -1.0, 0.0, -0.0, NAN, 1.0, NAN, INF, -INF]
            ys = [1.0, 1.0, 3.0, -0.0, 0.0, 1.0, NAN, NAN, INF, 5.0]
            cmp_case(t, "FLOAT", d, xs, ys,
                     lambda a, b: f(a.astype(np.float64), b.astype(np.float64)))
        for t in ["f32", "f64", "bf16", "f16"]:
            xs = [-0.0, 0.0, NAN, -NAN, 1.0, -INF, NAN, INF, 2.0, -NAN]
            ys = [0.0, -0.0, INF, -INF, NAN, -NAN, NAN, INF, 2.0, -NAN]
            cmp_case(t, "TOTALORDER", d, xs, ys,
                     lambda a, b, t=t: [f(total_key(x, t), total_key(y, t)) for x, y in zip(a, b)])
    for d in ["EQ", "NE"]:
        for t in CPX:
            cmp_case(t, "FLOAT", d, [1 + 2j, 1 + 2j, 1 + 2j, complex(NAN, 0)],
                     [1 + 2j, 1 + 3j, 2 + 2j, complex(NAN, 0)],
                     lambda a, b: DIRS[d](a, b))
    # Without an explicit compare type: signedness from the element type.
    for t, xs, ys in [("ui8", [255, 1], [1, 255]), ("i8", [-1, 1], [1, -1])]:
        a, b = arr(xs, t), arr(ys, t)
        add_case("compare", "compare_lt_default_%s" % t, [(a, t), (b, t)],
                 "stablehlo.compare LT, {a0}, {a1} : ({T0}, {T1}) -> {R}",
                 np.array(a.astype(np.int64) < b.astype(np.int64)), "i1")


# ----------------------------------------------------------------------------
# convert.

def convert_cases():
    all_types = ["i1"] + INT + FLT + CPX
    def conv(src, dst, xs, suffix="", comment=None):
        a = arr(xs, src)
        if dst in CPX or src in CPX:
            if src in CPX and dst not in CPX:
                # complex -> real drops the imaginary part (as XLA does).
                e = np.asarray(lax.convert_element_type(jnp.asarray(np.real(a)), NP[dst]))
            else:
                e = np.asarray(lax.convert_element_type(jnp.asarray(a), NP[dst]))
        else:
            e = np.asarray(lax.convert_element_type(jnp.asarray(a), NP[dst]))
        name = "convert_%s_to_%s%s" % (short(src), short(dst), suffix)
        add_case("convert", name, [(a, src)], "stablehlo.convert {a0} : ({T0}) -> {R}",
                 e, dst, comment=comment)
    # int <-> int: every pair of widths and signedness.
    for s in INT + ["i1"]:
        for d in INT + ["i1"]:
            if s == d:
                continue
            xs = int_samples(s) if s != "i1" else [0, 1]
            conv(s, d, xs)
    # int <-> float.
    for s in INT + ["i1"]:
        for d in FLT:
            xs = int_samples(s) if s != "i1" else [0, 1]
            conv(s, d, xs)
    for s in FLT:
        for d in INT + ["i1"]:
            xs = [0.0, -0.0, 1.5, -1.5, 2.7, -2.7, 100.9, -100.9, 1e30 if s != "f16" else 60000.0,
                  -1e30 if s != "f16" else -60000.0, INF, -INF, NAN]
            conv(s, d, xs, comment="truncates toward zero; saturates; NaN -> 0")
    # float <-> float.
    for s in FLT:
        for d in FLT:
            if s == d:
                continue
            xs = [1.0, -2.5, 0.1, 3.14159, 65504.0, 1e5, 1e-5, 1e-30, 3e38, -0.0, INF, -INF, NAN]
            if s == "f16":
                xs = [1.0, -2.5, 0.1, 3.14159, 65504.0, 6e-8, -0.0, INF, NAN]
            conv(s, d, xs, comment="round to nearest even; overflow to inf")
    # complex.
    for s in CPX:
        for d in CPX + FLT + ["i32", "ui8", "i1"]:
            if s == d:
                continue
            conv(s, d, [1.5 + 2.5j, -3.25 - 1j, 0j, 0 + 1j])
    for s in ["f32", "f64", "f16", "bf16", "i32", "ui16", "i1"]:
        for d in CPX:
            xs = [1.5, -2.0, 0.0] if s in FLT else ([0, 1] if s == "i1" else [1, 7, 3])
            conv(s, d, xs)


# ----------------------------------------------------------------------------
# select, clamp, complex, real, imag, constant.

def misc_cases():
    for t in ["i1"] + INT + FLT + CPX:
        if t == "i1":
            xs, ys = [1, 0, 1, 0], [0, 0, 1, 1]
        elif t in INT:
            s = int_samples(t)
            xs, ys = s[:4], s[4:8]
        elif t in FLT:
            xs, ys = [1.0, -0.0, NAN, INF], [2.0, 0.0, 3.0, -INF]
        else:
            xs, ys = [1 + 2j, 3j, -1 + 0j, 0j], [5 + 0j, -2 - 2j, 4 + 4j, 1j]
        a, b = arr(xs, t), arr(ys, t)
        p = np.array([True, False, False, True])
        add_case("select", "select_%s" % short(t), [(p, "i1"), (a, t), (b, t)],
                 "stablehlo.select {a0}, {a1}, {a2} : ({T0}, {T1}, {T2}) -> {R}",
                 np.where(p, a, b), t)
    for pv in [True, False]:
        a, b = arr([1, 2, 3], "i32"), arr([4, 5, 6], "i32")
        p = np.array(pv)
        add_case("select", "select_scalar_pred_%s" % str(pv).lower(),
                 [(p, "i1"), (a, "i32"), (b, "i32")],
                 "stablehlo.select {a0}, {a1}, {a2} : ({T0}, {T1}, {T2}) -> {R}",
                 a if pv else b, "i32", comment="a 0-d predicate picks whole tensors")
    # 2-D with a scalar predicate.
    a = arr([[1.0, 2.0], [3.0, 4.0]], "f32")
    b = arr([[-1.0, -2.0], [-3.0, -4.0]], "f32")
    add_case("select", "select_scalar_pred_2d_f32", [(np.array(False), "i1"), (a, "f32"), (b, "f32")],
             "stablehlo.select {a0}, {a1}, {a2} : ({T0}, {T1}, {T2}) -> {R}", b, "f32")

    # clamp.
    def clamp_case(t, mins, xs, maxs, suffix="", comment=None):
        mn, x, mx = arr(mins, t), arr(xs, t), arr(maxs, t)
        # One-element bound lists stand for 0-d (broadcast) bounds.
        mn = mn.reshape(()) if len(mins) == 1 else mn
        mx = mx.reshape(()) if len(maxs) == 1 else mx
        if t in CPX:
            e = complex_minmax(complex_minmax(np.broadcast_to(x, x.shape), np.broadcast_to(mn, x.shape), True),
                               np.broadcast_to(mx, x.shape), False)
        else:
            e = J(lax.clamp, mn, x, mx)
        add_case("clamp", "clamp_%s%s" % (short(t), suffix), [(mn, t), (x, t), (mx, t)],
                 "stablehlo.clamp {a0}, {a1}, {a2} : ({T0}, {T1}, {T2}) -> {R}", e, t,
                 comment=comment)
    for t in INT:
        lo, hi = irange(t)
        s = int_samples(t)
        clamp_case(t, [wrap(-1, t) if is_signed(t) else 0] * 1, s,
                   [1], suffix="_scalar_bounds")
        clamp_case(t, [lo, 0, 1, 0], [hi, lo, 0, 1], [hi, 1, 1, hi])
    for t in FLT:
        clamp_case(t, [-1.0, -1.0, -1.0, -1.0, -1.0, NAN], [-5.0, 0.5, 5.0, NAN, -INF, 0.0],
                   [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], comment="NaN in the operand or a bound propagates")
        clamp_case(t, [-2.0], [-5.0, 0.5, 5.0], [3.0], suffix="_scalar_bounds")
    for t in CPX:
        clamp_case(t, [0 + 0j], [1 + 1j, -1 + 5j, 3 + 0j, 2 + 3j], [2 + 2j], suffix="_scalar_bounds",
                   comment="complex: lexicographic order")
    clamp_case("i1", [0, 1, 0], [1, 0, 0], [0, 1, 1])

    # complex, real, imag.
    for t, c in [("f32", "complex<f32>"), ("f64", "complex<f64>")]:
        a, b = arr([1.5, -0.0, INF, NAN], t), arr([2.0, 3.0, -1.0, 0.0], t)
        add_case("complex", "complex_%s" % short(c), [(a, t), (b, t)],
                 "stablehlo.complex {a0}, {a1} : ({T0}, {T1}) -> {R}",
                 J(lax.complex, a, b), c)
        z = arr([1.5 + 2j, -3 - 0.5j, 1j], c)
        add_case("real", "real_%s" % short(c), [(z, c)], "stablehlo.real {a0} : ({T0}) -> {R}",
                 J(lax.real, z), t)
        add_case("imag", "imag_%s" % short(c), [(z, c)], "stablehlo.imag {a0} : ({T0}) -> {R}",
                 J(lax.imag, z), t)
    for t in FLT:
        x = arr([1.5, -2.0, NAN, -0.0], t)
        add_case("real", "real_%s" % t, [(x, t)], "stablehlo.real {a0} : {R}", x, t,
                 comment="real of a real tensor is the tensor")
        add_case("imag", "imag_%s" % t, [(x, t)], "stablehlo.imag {a0} : {R}",
                 np.zeros_like(x), t, comment="imag of a real tensor is zero")

    # constant: every element type, returned unchanged.
    for t in ["i1"] + INT + FLT + CPX:
        if t == "i1":
            xs = [1, 0, 1]
        elif t in INT:
            xs = int_samples(t)[:4]
        elif t in FLT:
            xs = [1.5, -0.0, INF, NAN]
        else:
            xs = [1 + 2j, complex(-0.0, INF), 0j]
        a = arr(xs, t)
        add_case("constant", "constant_%s" % short(t), [(a, t)], "stablehlo.constant %s : {R}" % dense(a, t),
                 a, t)
    a = np.array(arr([7], "i64")[0])
    add_case("constant", "constant_0d_i64", [], "stablehlo.constant %s : tensor<i64>" % dense(a, "i64"),
             a, "i64")
    a = arr([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "f32")
    add_case("constant", "constant_2d_f32", [], "stablehlo.constant %s : tensor<2x3xf32>" % dense(a, "f32"),
             a, "f32")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "test", "e2e")
    arith_cases()
    divrem_cases()
    minmax_cases()
    bitwise_cases()
    unary_arith_cases()
    rounding_cases()
    transcendental_cases()
    compare_cases()
    convert_cases()
    misc_cases()
    for op, cases in sorted(FILES.items()):
        names = [c.name for c in cases]
        assert len(names) == len(set(names)), op
        text = ("// RUN: jxc run --split-input-file %s | FileCheck %s\n"
                "// Generated by scripts/gen_elementwise_e2e.py; expected values from\n"
                "// jax.lax / numpy (see the script).\n"
                "// CHECK-NOT: FAIL\n\n")
        text += "\n\n// -----\n\n".join(c.text for c in cases) + "\n"
        with open(os.path.join(out, op + ".mlir"), "w") as f:
            f.write(text)
    print("wrote %d files, %d cases" % (len(FILES), sum(len(c) for c in FILES.values())))


if __name__ == "__main__":
    main()
