"""Writes unittests/random_fixtures.inc: jax.random's values for jx::random.

  python3 scripts/gen_random_fixtures.py   (JAX 0.10.2; default PRNG
  threefry2x32 with jax_threefry_partitionable=True, as JAX defaults it)

Each case is one call of a jax.random function on a key derived from
PRNGKey(seed) by a chain of steps ("s3.1" = split(key, 3)[1], "f7" =
fold_in(key, 7)); the expected result is stored as the bit patterns of its
elements (uint64; floats as their IEEE bits, bools 0/1, signed integers two's
complement), so the C++ test (unittests/random_test.cpp) compares bit for
bit. 64-bit dtypes are generated with x64 enabled (keys are passed as
explicit uint32[2] arrays, so the seed handling of x64 does not enter).
"""
import os
import numpy as np
import jax
import jax.numpy as jnp
import jax.extend.random as jex_random

assert jax.config.jax_threefry_partitionable, "expected JAX's default"
assert jax.config.jax_default_prng_impl == "threefry2x32"

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out_path = os.path.join(root, "unittests", "random_fixtures.inc")


def derive(seed, chain):
    k = jax.random.PRNGKey(seed)
    for step in chain.split(",") if chain else []:
        if step[0] == "s":
            n, i = step[1:].split(".")
            k = jax.random.split(k, int(n))[int(i)]
        elif step[0] == "f":
            k = jax.random.fold_in(k, int(step[1:]))
        else:
            raise ValueError(step)
    return np.asarray(k)


def bits_of(x):
    x = np.asarray(x)
    if x.dtype == np.bool_:
        return x.astype(np.uint64).ravel()
    view = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
    return x.view(view[x.dtype.itemsize]).astype(np.uint64).ravel()


cases = []


def case(kind, seed, chain, shape, dtype, fn, params=(), data=(),
         data_shape=(), x64=False):
    """fn(key) -> result; params: doubles/ints the C++ side needs."""
    jax.config.update("jax_enable_x64", x64)
    try:
        key = jnp.asarray(derive(seed, chain), dtype=jnp.uint32)
        r = np.asarray(fn(key))
    finally:
        jax.config.update("jax_enable_x64", False)
    cases.append(dict(kind=kind, seed=seed, chain=chain, shape=tuple(shape),
                      dtype=dtype, params=list(params), data=list(data),
                      data_shape=tuple(data_shape), out_shape=r.shape,
                      out_dtype=r.dtype.name, bits=bits_of(r)))


R = jax.random
seeds = [0, 1, 42, -1, 2**31 - 1, 123456789]
chains = ["", "s2.0", "s2.1", "s3.2", "f7", "f0,s2.1", "s4.3,f12345,s2.0",
          "f4294967295"]

# keys, splits, fold_in
for s in seeds:
    for c in chains:
        case("key", s, c, (2,), "uint32", lambda k: k)
for s in [0, 42, -1]:
    for num in [2, 3, 1, 0]:
        case("split", s, "f3", (num,), "uint32", lambda k, n=num: R.split(k, n))
    case("split", s, "", (2, 3), "uint32", lambda k: R.split(k, (2, 3)))
    for d in [0, 1, 7, 2**31, 2**32 - 1]:
        case("fold_in", s, "s2.1", (), "uint32",
             lambda k, d=d: R.fold_in(k, d), params=[d])
count = np.arange(11, dtype=np.uint32) * np.uint32(2654435761)
for n, shp in [(5, (5,)), (6, (2, 3)), (4, (4,)), (1, (1,))]:
    case("threefry_2x32", 42, "f1", shp, "uint32",
         lambda k, n=n, shp=shp: jex_random.threefry_2x32(
             k, jnp.asarray(count[:n]).reshape(shp)),
         data=count[:n], data_shape=shp)

# bits
shapes = [(), (1,), (7,), (3, 5), (2, 3, 4), (0,)]
for s in [0, 42]:
    for shp in shapes:
        case("bits", s, "s2.0", shp, "uint32", lambda k, shp=shp: R.bits(k, shp))
    for t in ["uint8", "uint16"]:
        case("bits", s, "f9", (9,), t, lambda k, t=t: R.bits(k, (9,), t))
    case("bits", s, "f9", (2, 5), "uint64",
         lambda k: R.bits(k, (2, 5), "uint64"), x64=True)

# uniform
for s in [0, 1, 42]:
    for shp in [(), (5,), (3, 4), (257,)]:
        case("uniform", s, "s2.1", shp, "float32",
             lambda k, shp=shp: R.uniform(k, shp), params=[0.0, 1.0])
for lo, hi in [(-3.0, 5.0), (0.1, 0.7), (-2.5, 10.25), (1.0, 1.0 + 2**-10)]:
    case("uniform", 7, "f2", (300,), "float32",
         lambda k, lo=lo, hi=hi: R.uniform(k, (300,), minval=lo, maxval=hi),
         params=[float(np.float32(lo)), float(np.float32(hi))])
for t in ["float16", "bfloat16"]:
    case("uniform", 3, "", (64,), t, lambda k, t=t: R.uniform(k, (64,), t),
         params=[0.0, 1.0])
    for lo, hi in [(0.1, 0.7), (-3.0, 5.5)]:
        lo_t, hi_t = (float(jnp.asarray(v, t)) for v in (lo, hi))
        case("uniform", 3, "f1", (300,), t,
             lambda k, t=t, lo=lo, hi=hi: R.uniform(k, (300,), t, lo, hi),
             params=[lo_t, hi_t])
for lo, hi in [(0.0, 1.0), (0.1, 0.7), (-3.0, 5.0), (100.0, 100.5)]:
    case("uniform", 5, "s2.0", (300,), "float64",
         lambda k, lo=lo, hi=hi: R.uniform(k, (300,), "float64", lo, hi),
         params=[lo, hi], x64=True)

# randint
for lo, hi, t in [(0, 10, "int32"), (-5, 5, "int32"), (0, 256, "uint8"),
                  (-100, 100, "int8"), (7, 3, "int32"), (0, 1000, "int16"),
                  (0, 2**31 - 1, "int32"), (-2**31, 2**31 - 1, "int32"),
                  (0, 2**31 - 1, "uint32"), (5, 70000, "uint16")]:
    case("randint", 11, "s2.1", (50,), t,
         lambda k, lo=lo, hi=hi, t=t: R.randint(k, (50,), lo, hi, t),
         params=[lo, hi])
case("randint", 11, "", (2, 3), "int64",
     lambda k: R.randint(k, (2, 3), -10**12, 10**12, "int64"),
     params=[-10**12, 10**12], x64=True)

# bernoulli
for p in [0.5, 0.3, 0.0, 1.0]:
    case("bernoulli", 4, "f1", (200,), "float32",
         lambda k, p=p: R.bernoulli(k, p, (200,)), params=[p])
case("bernoulli_high", 4, "f1", (3, 7), "float32",
     lambda k: R.bernoulli(k, 0.25, (3, 7), mode="high"), params=[0.25])
pvec = np.array([0.1, 0.5, 0.9], np.float32)
case("bernoulli_array", 4, "s2.0", (4, 3), "float32",
     lambda k: R.bernoulli(k, jnp.asarray(pvec), (4, 3)), data=pvec,
     data_shape=(3,))

# permutation
for n in [10, 1, 0, 100]:
    case("permutation", 8, "", (n,), "int32",
         lambda k, n=n: R.permutation(k, n), params=[n])
xs = np.arange(12, dtype=np.float32).reshape(4, 3) * 1.5
for axis, indep in [(0, False), (1, False), (0, True), (1, True)]:
    case("permutation_array", 8, "f5", (4, 3), "float32",
         lambda k, a=axis, i=indep: R.permutation(k, jnp.asarray(xs), a, i),
         params=[axis, int(indep)], data=xs.ravel(), data_shape=(4, 3))

# normal, truncated_normal, gumbel, categorical (through erf_inv, erf, log)
for s in [0, 42]:
    for shp in [(), (7,), (3, 4), (500,)]:
        case("normal", s, "s2.0", shp, "float32",
             lambda k, shp=shp: R.normal(k, shp))
case("normal", 9, "", (300,), "float64",
     lambda k: R.normal(k, (300,), "float64"), x64=True)
for t in ["float16", "bfloat16"]:
    case("normal", 9, "", (64,), t, lambda k, t=t: R.normal(k, (64,), t))
for lo, hi in [(-1.0, 2.0), (0.5, 3.0), (-2.0, -1.5)]:
    case("truncated_normal", 2, "s2.1", (300,), "float32",
         lambda k, lo=lo, hi=hi: R.truncated_normal(k, lo, hi, (300,)),
         params=[lo, hi])
case("gumbel", 6, "", (300,), "float32", lambda k: R.gumbel(k, (300,)))
logits = (np.arange(15, dtype=np.float32).reshape(3, 5) % 4) * 0.5 - 1.0
for axis, shp in [(-1, None), (0, None), (-1, (4, 3)), (1, (2, 3))]:
    case("categorical", 12, "f3", shp if shp else (), "float32",
         lambda k, a=axis, shp=shp: R.categorical(k, jnp.asarray(logits), a,
                                                  shp),
         params=[axis, 1 if shp else 0], data=logits.ravel(),
         data_shape=(3, 5))
wide = np.linspace(-2, 2, 1000, dtype=np.float32)
case("categorical", 13, "", (), "float32",
     lambda k: R.categorical(k, jnp.asarray(wide).reshape(10, 100)),
     params=[-1, 0], data=wide, data_shape=(10, 100))


def lit(v):
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(v)


def ints(xs):
    return "{" + ", ".join(str(int(x)) for x in xs) + "}"


with open(out_path, "w") as f:
    f.write("// Generated by scripts/gen_random_fixtures.py from JAX "
            f"{jax.__version__}; do not edit.\n")
    f.write("// {kind, seed, key chain, shape, dtype, params, data, data shape,"
            " result shape, result dtype, result bits}\n")
    for c in cases:
        params = "{" + ", ".join(repr(float(p)) for p in c["params"]) + "}"
        data = "{" + ", ".join(repr(float(x)) for x in c["data"]) + "}"
        bits = ", ".join(f"0x{int(b):x}ull" for b in c["bits"])
        f.write(f'{{"{c["kind"]}", {c["seed"]}, "{c["chain"]}", '
                f'{ints(c["shape"])}, "{c["dtype"]}", {params}, {data}, '
                f'{ints(c["data_shape"])}, {ints(c["out_shape"])}, '
                f'"{c["out_dtype"]}", {{{bits}}}}},\n')
print(f"wrote {len(cases)} cases to {out_path}")

# --- the lax primitives jx::random added, eager values from JAX -------------
# unittests/random_lax_fixtures.inc: {op, x dtype, x, y, param dtype,
# result dtype, result bits}
from jax import lax

lax_cases = []


def lax_case(op, t, x, y=None, param=None, x64=False):
    jax.config.update("jax_enable_x64", x64)
    try:
        xa = jnp.asarray(np.asarray(x, t))
        ya = None if y is None else jnp.asarray(np.asarray(y, t))
        f = {
            "shift_left": lambda: lax.shift_left(xa, ya),
            "shift_right_logical": lambda: lax.shift_right_logical(xa, ya),
            "shift_right_arithmetic": lambda: lax.shift_right_arithmetic(xa, ya),
            "rem": lambda: lax.rem(xa, ya),
            "nextafter": lambda: lax.nextafter(xa, ya),
            "population_count": lambda: lax.population_count(xa),
            "erf": lambda: lax.erf(xa),
            "erf_inv": lambda: lax.erf_inv(xa),
            "bitcast_convert_type": lambda: lax.bitcast_convert_type(xa, param),
        }[op]
        r = np.asarray(f())
    finally:
        jax.config.update("jax_enable_x64", False)
    lax_cases.append((op, t, [float(v) for v in np.asarray(x, t).ravel()],
                      [] if y is None else
                      [float(v) for v in np.asarray(y, t).ravel()],
                      param or "", r.dtype.name, bits_of(r)))


u = [0, 1, 0x80000001, 0xFFFFFFFF, 12345, 7]
sh = [0, 1, 31, 32, 33, 4]
for op in ["shift_left", "shift_right_logical"]:
    lax_case(op, "uint32", u, sh)
    lax_case(op, "int32", [0, 1, -2, -1, 12345, -7], sh)
    lax_case(op, "uint8", [0, 1, 128, 255, 77, 3], [0, 1, 7, 8, 9, 2])
lax_case("shift_right_arithmetic", "int32", [0, 1, -2, -1, -12345, 7], sh)
lax_case("shift_right_arithmetic", "int8", [0, 1, -2, -128, 127, -7],
         [0, 1, 7, 8, 9, 2])
lax_case("population_count", "uint32", u)
lax_case("population_count", "int8", [0, 1, -1, -128, 127, 5])
lax_case("population_count", "int64", [0, -1, 2**40 + 3], x64=True)
lax_case("rem", "float32", [5.5, -5.5, 7.0, -0.0, 1e10], [2.0, 2.0, -3.0, 1.0, 3.0])
lax_case("rem", "int32", [7, -7, 7, -7, 0], [3, 3, -3, -3, 5])
lax_case("nextafter", "float32", [1.0, 1.0, 0.0, -0.0, 3.5, np.inf],
         [2.0, 0.0, 1.0, -1.0, 3.5, 0.0])
lax_case("nextafter", "float64", [1.0, 0.0], [2.0, -1.0], x64=True)
lax_case("bitcast_convert_type", "uint32", [0x3F800000, 0xBF000000, 0x7F800000],
         param="float32")
lax_case("bitcast_convert_type", "float32", [1.0, -0.5, 3.25], param="int32")
lax_case("bitcast_convert_type", "uint16", [0x3C00, 0x3F80], param="float16")
lax_case("bitcast_convert_type", "float64", [1.0, -2.5], param="uint64",
         x64=True)
grid = np.linspace(-0.999, 0.999, 41, dtype=np.float32)
lax_case("erf_inv", "float32", list(grid) + [0.0, 1.0, -1.0])
lax_case("erf", "float32", list(np.linspace(-4, 4, 41, dtype=np.float32)))

lax_path = os.path.join(root, "unittests", "random_lax_fixtures.inc")
with open(lax_path, "w") as f:
    f.write("// Generated by scripts/gen_random_fixtures.py from JAX "
            f"{jax.__version__}; do not edit.\n")
    for op, t, x, y, param, rt, bits in lax_cases:
        fl = lambda v: "{" + ", ".join(
            repr(a) if np.isfinite(a) else ("INFINITY" if a > 0 else "-INFINITY")
            for a in v) + "}"
        bs = ", ".join(f"0x{int(b):x}ull" for b in bits)
        f.write(f'{{"{op}", "{t}", {fl(x)}, {fl(y)}, "{param}", "{rt}", '
                f'{{{bs}}}}},\n')
print(f"wrote {len(lax_cases)} cases to {lax_path}")
