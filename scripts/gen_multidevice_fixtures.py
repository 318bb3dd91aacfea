#!/usr/bin/env python3
"""Generate jx's multi-device JAX fixtures under test/Fixtures/multidevice/.

These are the reference programs for `jxc run --devices N prog.mlir`. For
every fixture below this writes, into the output folder:

  <name>.mlir        the StableHLO module exactly as JAX prints it
                     (`jax.pmap(f, 'i').lower(*args).as_text()`, or
                     `jax.jit(f, in_shardings=.., out_shardings=..)` /
                     `jax.jit(jax.shard_map(f, ..))` lowered the same way)
  <name>.in<i>.npy   the i-th input leaf (pytrees flattened in jax.tree_util
                     order, i.e. the order of @main's arguments)
  <name>.out<i>.npy  the i-th output leaf, computed by JAX on N of 4 forced
                     CPU devices (XLA_FLAGS=--xla_force_host_platform_device_count=4)
  manifest.json      devices, kind, shapes, dtypes, tolerances and versions

Input/output convention:

  pmap fixtures ("source": "pmap"): each input file holds the N per-device
  values stacked on a new leading axis, exactly as jax.pmap takes them, and
  each output file holds the pmap result, stacked the same way.

  jit/shard_map fixtures ("source": "jit" or "shard_map"): each input file
  holds the GLOBAL array, each output file the GLOBAL result
  (np.asarray of the jax.Array).

IMPORTANT (JAX 0.10.2): jax.pmap is implemented as jit(shard_map(f)) now.
Its lowered module has `mhlo.num_replicas = 1, mhlo.num_partitions = N`, an
`sdy.mesh` with one axis "i" of size N, @main arguments and results of the
stacked (global) shape sharded `[{"i"}, ...]`, and the body inside
`sdy.manual_computation`; collectives carry channel handles and
`use_global_device_ids`. No JAX 0.10.2 API emits `mhlo.num_replicas = N`
any more, so every fixture here is "kind": "partitioned" (the manifest kind
is read from the module attributes, not assumed). Since a pmap's stacked
input IS the global array sharded on its leading axis, the two conventions
above describe the same files.

Fixtures jitted with NamedSharding (dp_mlp_step, tp_matmul) hold NO
collectives: the module only carries `sdy.sharding` attributes and the
partitioner (Shardy propagation + SPMD partitioning, done by XLA at compile
time) decides where all-reduces go.

All inputs come from np.random.default_rng(seed) with a fixed per-fixture
seed (crc32 of the name) and explicit dtypes, so re-running gives the same
files.

Usage: /root/.cache/jx-peers-venv/bin/python scripts/gen_multidevice_fixtures.py
           [--out DIR] [--only NAME ...]
"""

import os

# Four CPU devices; must be set before jax is imported.
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                           " --xla_force_host_platform_device_count=4").strip()

import argparse  # noqa: E402
import functools  # noqa: E402
import glob  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import zlib  # noqa: E402

import numpy as np  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402
import jaxlib  # noqa: E402
import ml_dtypes  # noqa: E402

jax.config.update("jax_platforms", "cpu")
jax.config.update("jax_enable_x64", False)

f32 = np.float32
f64 = np.float64
i32 = np.int32

# Default tolerances for float outputs: |got - want| <= atol + rtol*|want|.
DEFAULT_TOL = {"float32": {"rtol": 1e-5, "atol": 1e-6}}
# Sums split over devices (psum, matmuls the partitioner splits) add in an
# order of the runtime's choosing.
SUM_TOL = {"rtol": 1e-5, "atol": 1e-5}
MATMUL_TOL = {"rtol": 1e-4, "atol": 1e-5}

FIXTURES = []


def fixture(name, description, devices, tol=None):
    """Registers `make(rng) -> (program, args, source, ref)` as a fixture.

    program: what to lower and call (a jax.pmap or jax.jit object).
    source: "pmap", "shard_map" or "jit" (how it was written in JAX).
    ref: None or a numpy function of args giving the expected outputs, a
    check of the fixture itself (JAX's outputs are what gets recorded).
    tol: None (dtype defaults), "exact", a {"rtol", "atol"} dict for all
    float outputs, or a list with one of those per output leaf.
    """

    def deco(make):
        assert not any(fx["name"] == name for fx in FIXTURES), name
        FIXTURES.append(dict(name=name, description=description,
                             devices=devices, tol=tol, make=make))
        return make

    return deco


def normal(rng, shape, dtype=f32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def ints(rng, shape, lo, hi, dtype=i32):
    return rng.integers(lo, hi, shape).astype(dtype)


def named(f, name):
    """f under the fixture's name, so the module reads `module @jit_<name>`."""
    @functools.wraps(f)
    def fn(*a):
        return f(*a)
    fn.__name__ = fn.__qualname__ = name
    return fn


def mesh(shape, axes):
    n = int(np.prod(shape))
    return Mesh(np.array(jax.devices()[:n]).reshape(shape), axes)


# Filled in by generate() before make() runs.
CURRENT = {}


def pmap(f, **kw):
    # (jax.pmap names its module `jit__fun` whatever the function's name.)
    return jax.pmap(named(f, CURRENT["name"]), axis_name="i", **kw)


# ----------------------------------------------------------------------------
# pmap (lowered by JAX 0.10.2 as jit + shard_map over a mesh {"i": N})
# ----------------------------------------------------------------------------

def _psum_fixture(n):
    def make(rng):
        x = normal(rng, (n, 8, 4))
        ref = lambda x: x.sum(0, keepdims=True) * 2 + x  # noqa: E731
        return pmap(lambda x: lax.psum(x, "i") * 2 + x), (x,), "pmap", ref
    return make


fixture("pmap_psum_n2", "pmap over 2 devices: lax.psum(x, 'i') * 2 + x, x f32[8,4] per device",
        2, tol=SUM_TOL)(_psum_fixture(2))
fixture("pmap_psum_n4", "pmap over 4 devices: lax.psum(x, 'i') * 2 + x, x f32[8,4] per device",
        4, tol=SUM_TOL)(_psum_fixture(4))


@fixture("pmap_pmean_pmax", "pmap over 4 devices: (lax.pmean, lax.pmax, lax.pmin) of f32[8,4]",
         4, tol=[SUM_TOL, "exact", "exact"])
def _(rng):
    x = normal(rng, (4, 8, 4))

    def ref(x):
        b = lambda v: np.broadcast_to(v, x.shape)  # noqa: E731
        return b(x.mean(0)), b(x.max(0)), b(x.min(0))

    return pmap(lambda x: (lax.pmean(x, "i"), lax.pmax(x, "i"), lax.pmin(x, "i"))), (x,), "pmap", ref


@fixture("pmap_psum_int", "pmap over 4 devices: lax.psum of int32[16] (and 3*x - psum)", 4)
def _(rng):
    x = ints(rng, (4, 16), -1000, 1000)
    ref = lambda x: (np.broadcast_to(x.sum(0), x.shape), 3 * x - x.sum(0))  # noqa: E731
    return pmap(lambda x: (lax.psum(x, "i"), 3 * x - lax.psum(x, "i"))), (x,), "pmap", ref


@fixture("pmap_all_gather", "pmap over 4 devices: lax.all_gather(x, 'i') -> [4,8,3] and "
                            "lax.all_gather(x, 'i', axis=1, tiled=True) -> [8,12], x f32[8,3]",
         4, tol="exact")
def _(rng):
    x = normal(rng, (4, 8, 3))

    def ref(x):
        return (np.broadcast_to(x, (4,) + x.shape),
                np.broadcast_to(np.concatenate(list(x), axis=1), (4, 8, 12)))

    return (pmap(lambda x: (lax.all_gather(x, "i"), lax.all_gather(x, "i", axis=1, tiled=True))),
            (x,), "pmap", ref)


@fixture("pmap_ppermute", "pmap over 4 devices: lax.ppermute ring shift perm=[(j,(j+1)%4)] and "
                          "a partial permutation [(0,1),(1,2)] (devices 0 and 3 receive zeros)",
         4, tol="exact")
def _(rng):
    x = normal(rng, (4, 6, 2))
    ring = [(j, (j + 1) % 4) for j in range(4)]
    partial = [(0, 1), (1, 2)]

    def ref(x):
        a, b = np.zeros_like(x), np.zeros_like(x)
        for s, d in ring:
            a[d] = x[s]
        for s, d in partial:
            b[d] = x[s]
        return a, b

    return (pmap(lambda x: (lax.ppermute(x, "i", ring), lax.ppermute(x, "i", partial))),
            (x,), "pmap", ref)


@fixture("pmap_psum_scatter", "pmap over 4 devices: lax.psum_scatter(x, 'i', scatter_dimension=0, "
                              "tiled=True), x f32[8,3] -> [2,3] per device", 4, tol=SUM_TOL)
def _(rng):
    x = normal(rng, (4, 8, 3))
    ref = lambda x: x.sum(0).reshape(4, 2, 3)  # noqa: E731
    return (pmap(lambda x: lax.psum_scatter(x, "i", scatter_dimension=0, tiled=True)),
            (x,), "pmap", ref)


@fixture("pmap_all_to_all", "pmap over 4 devices: lax.all_to_all(x, 'i', split_axis=0, "
                            "concat_axis=1, tiled=True), x f32[8,4] -> [2,16] per device",
         4, tol="exact")
def _(rng):
    x = normal(rng, (4, 8, 4))

    def ref(x):
        # Device d gets chunk d (rows 2d:2d+2) of every device, concatenated
        # along axis 1 in device order.
        return np.stack([np.concatenate([x[s, 2 * d:2 * d + 2] for s in range(4)], axis=1)
                         for d in range(4)])

    return (pmap(lambda x: lax.all_to_all(x, "i", split_axis=0, concat_axis=1, tiled=True)),
            (x,), "pmap", ref)


@fixture("pmap_axis_index", "pmap over 4 devices: x + lax.axis_index('i') (f32) and the index "
                            "itself (int32)", 4, tol="exact")
def _(rng):
    x = normal(rng, (4, 5))
    ref = lambda x: (x + np.arange(4, dtype=f32)[:, None], np.arange(4, dtype=i32))  # noqa: E731
    return pmap(lambda x: (x + lax.axis_index("i"), lax.axis_index("i"))), (x,), "pmap", ref


@fixture("pmap_psum_groups", "pmap over 4 devices: lax.psum(x, 'i', axis_index_groups="
                             "[[0,1],[2,3]]) of f32[8,4]", 4, tol=SUM_TOL)
def _(rng):
    # JAX 0.10.2 still accepts axis_index_groups under pmap: it becomes
    # replica_groups = [[0, 1], [2, 3]] on the all_reduce.
    x = normal(rng, (4, 8, 4))

    def ref(x):
        s01, s23 = x[0] + x[1], x[2] + x[3]
        return np.stack([s01, s01, s23, s23])

    return (pmap(lambda x: lax.psum(x, "i", axis_index_groups=[[0, 1], [2, 3]])),
            (x,), "pmap", ref)


@fixture("pmap_grad_psum", "pmap over 2 devices, data parallel: per-device grad of the MSE of a "
                           "linear layer x@w+b (w f32[4,3], b f32[3], batch 8 per device) "
                           "w.r.t. (w, b), then lax.pmean of the grads and of the loss; "
                           "w and b are stacked copies (identical on both devices)",
         2, tol=MATMUL_TOL)
def _(rng):
    n = 2
    w = np.broadcast_to(normal(rng, (4, 3)), (n, 4, 3)).copy()
    b = np.broadcast_to(normal(rng, (3,)), (n, 3)).copy()
    x = normal(rng, (n, 8, 4))
    t = normal(rng, (n, 8, 3))

    def loss(w, b, x, t):
        return jnp.mean((x @ w + b - t) ** 2)

    def step(w, b, x, t):
        l, (gw, gb) = jax.value_and_grad(loss, argnums=(0, 1))(w, b, x, t)
        return lax.pmean(gw, "i"), lax.pmean(gb, "i"), lax.pmean(l, "i")

    def ref(w, b, x, t):
        r = np.einsum("dbi,dio->dbo", x.astype(f64), w.astype(f64)) + b[:, None, :] - t
        m = r.size // n
        gw = (2 / m) * np.einsum("dbi,dbo->dio", x.astype(f64), r)
        gb = (2 / m) * r.sum(1)
        l = (r ** 2).reshape(n, -1).mean(1)
        rep = lambda v: np.broadcast_to(v.mean(0), v.shape)  # noqa: E731
        return rep(gw), rep(gb), rep(l)

    return pmap(step), (w, b, x, t), "pmap", ref


@fixture("pmap_cumsum_loop", "pmap over 2 devices: lax.fori_loop(0, 4) whose body does "
                             "c = lax.psum(c, 'i') * 0.5 + x * i (a collective inside a "
                             "stablehlo.while)", 2, tol=SUM_TOL)
def _(rng):
    x = normal(rng, (2, 6))

    def f(x):
        body = lambda i, c: lax.psum(c, "i") * 0.5 + x * i.astype(f32)  # noqa: E731
        return lax.fori_loop(0, 4, body, x)

    def ref(x):
        c = x.astype(f64)
        for i in range(4):
            c = c.sum(0, keepdims=True) * 0.5 + x * i
        return c

    return pmap(f), (x,), "pmap", ref


# ----------------------------------------------------------------------------
# shard_map
# ----------------------------------------------------------------------------

def smap(f, m, in_specs, out_specs):
    return jax.jit(named(jax.shard_map(f, mesh=m, in_specs=in_specs, out_specs=out_specs),
                         CURRENT["name"]))


@fixture("shard_map_psum", "jax.shard_map over Mesh({'x': 4}), in_specs P('x'), out_specs P(): "
                           "per-shard sum over rows, then lax.psum over 'x'; x f32[16,8] -> f32[8]",
         4, tol=SUM_TOL)
def _(rng):
    x = normal(rng, (16, 8))
    m = mesh((4,), ("x",))
    f = smap(lambda x: lax.psum(jnp.sum(x, axis=0), "x"), m, P("x"), P())
    return f, (x,), "shard_map", lambda x: x.sum(0)


@fixture("shard_map_all_gather", "jax.shard_map over Mesh({'x': 2}), in_specs P('x'), out_specs "
                                 "P(): lax.all_gather(2*x+1, 'x', tiled=True, to='invarying'); x f32[8,4]",
         2, tol="exact")
def _(rng):
    x = normal(rng, (8, 4))
    m = mesh((2,), ("x",))
    # JAX 0.10.2 types a plain all_gather as varying over 'x', so out_specs
    # P() fails the replication check; to="invarying" (all_gather_invariant)
    # is the spelling that returns a replicated value. It lowers to the same
    # stablehlo.all_gather.
    f = smap(lambda x: lax.all_gather(2 * x + 1, "x", tiled=True, to="invarying"),
             m, P("x"), P())
    return f, (x,), "shard_map", lambda x: 2 * x + 1


@fixture("shard_map_2d", "jax.shard_map over Mesh({'x': 2, 'y': 2}), in_specs P('x', 'y'), "
                         "lax.psum over 'y', out_specs P('x', None); x f32[8,6] -> f32[8,3]",
         4, tol=SUM_TOL)
def _(rng):
    x = normal(rng, (8, 6))
    m = mesh((2, 2), ("x", "y"))
    f = smap(lambda x: lax.psum(x, "y"), m, P("x", "y"), P("x", None))
    return f, (x,), "shard_map", lambda x: x[:, :3] + x[:, 3:]


# ----------------------------------------------------------------------------
# jit with NamedSharding (GSPMD/Shardy partitioning, no explicit collectives)
# ----------------------------------------------------------------------------

def sjit(f, m, in_specs, out_specs):
    ns = lambda s: NamedSharding(m, s)  # noqa: E731
    return jax.jit(named(f, CURRENT["name"]),
                   in_shardings=tuple(ns(s) for s in in_specs),
                   out_shardings=jax.tree_util.tree_map(ns, out_specs,
                                                        is_leaf=lambda s: isinstance(s, P)))


@fixture("dp_mlp_step", "jax.jit with NamedSharding over Mesh({'x': 2}), data parallel: one SGD "
                        "step (lr 0.1) of a 16-32-4 tanh MLP on an MSE loss, batch 8; params "
                        "(w1, b1, w2, b2) replicated P(), batch (x, y) sharded P('x'); returns "
                        "(w1, b1, w2, b2, loss), all replicated",
         2, tol=MATMUL_TOL)
def _(rng):
    w1 = normal(rng, (16, 32), scale=0.25)
    b1 = normal(rng, (32,), scale=0.1)
    w2 = normal(rng, (32, 4), scale=0.25)
    b2 = normal(rng, (4,), scale=0.1)
    x = normal(rng, (8, 16))
    y = normal(rng, (8, 4))
    lr = 0.1

    def loss(params, x, y):
        w1, b1, w2, b2 = params
        h = jnp.tanh(x @ w1 + b1)
        return jnp.mean((h @ w2 + b2 - y) ** 2)

    def step(w1, b1, w2, b2, x, y):
        params = (w1, b1, w2, b2)
        l, g = jax.value_and_grad(loss)(params, x, y)
        new = tuple(p - lr * gp for p, gp in zip(params, g))
        return new + (l,)

    def ref(w1, b1, w2, b2, x, y):
        w1, b1, w2, b2, x, y = (a.astype(f64) for a in (w1, b1, w2, b2, x, y))
        h = np.tanh(x @ w1 + b1)
        r = h @ w2 + b2 - y
        dz = 2 * r / r.size
        gw2, gb2 = h.T @ dz, dz.sum(0)
        dh = (dz @ w2.T) * (1 - h ** 2)
        gw1, gb1 = x.T @ dh, dh.sum(0)
        return (w1 - lr * gw1, b1 - lr * gb1, w2 - lr * gw2, b2 - lr * gb2, np.mean(r ** 2))

    m = mesh((2,), ("x",))
    f = sjit(step, m, [P(), P(), P(), P(), P("x"), P("x")], (P(),) * 5)
    return f, (w1, b1, w2, b2, x, y), "jit", ref


@fixture("tp_matmul", "jax.jit with NamedSharding over Mesh({'x': 2}), tensor parallel "
                      "(Megatron MLP): relu(x @ w) @ w2 with x f32[8,16] replicated P(), "
                      "w f32[16,8] sharded P(None, 'x'), w2 f32[8,4] sharded P('x', None); "
                      "output replicated", 2, tol=MATMUL_TOL)
def _(rng):
    x = normal(rng, (8, 16))
    w = normal(rng, (16, 8), scale=0.25)
    w2 = normal(rng, (8, 4), scale=0.35)
    m = mesh((2,), ("x",))
    f = sjit(lambda x, w, w2: jax.nn.relu(x @ w) @ w2, m, [P(), P(None, "x"), P("x", None)], P())

    def ref(x, w, w2):
        return np.maximum(x.astype(f64) @ w, 0) @ w2

    return f, (x, w, w2), "jit", ref


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

def save_npy(path, a):
    a = np.asarray(a)
    # Not np.ascontiguousarray: it turns a 0-d array into shape (1,).
    np.save(path, np.require(a, requirements="C"), allow_pickle=False)
    return a.dtype.str


def leaf_entries(tree, name, kind, out_dir, tols=None):
    entries = []
    leaves = jax.tree_util.tree_flatten_with_path(tree)[0]
    for i, (path, leaf) in enumerate(leaves):
        a = np.asarray(leaf)
        fname = f"{name}.{kind}{i}.npy"
        npy_dtype = save_npy(os.path.join(out_dir, fname), a)
        e = {"file": fname, "path": jax.tree_util.keystr(path), "shape": list(a.shape),
             "dtype": str(a.dtype), "npy_dtype": npy_dtype}
        if kind == "out":
            if np.issubdtype(a.dtype, np.inexact):
                if not np.all(np.isfinite(a)):
                    raise SystemExit(f"{name}: output {i} is not finite")
                tol = tols[i] if isinstance(tols, list) else tols
                e["tolerance"] = "exact" if tol == "exact" else dict(tol or DEFAULT_TOL[str(a.dtype)])
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


def module_attr(text, attr):
    m = re.search(re.escape(attr) + r" = (\d+) : i32", text.split("\n", 1)[0])
    return int(m.group(1)) if m else None


def check_ref(name, out, want, outputs):
    """The fixture's own numpy reference agrees with JAX (a check of the
    fixture, e.g. of which device receives what)."""
    got = [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(out)]
    want = [np.asarray(w) for w in (want if isinstance(want, tuple) else (want,))]
    if len(got) != len(want):
        raise SystemExit(f"{name}: reference gives {len(want)} outputs, JAX {len(got)}")
    for i, (g, w, e) in enumerate(zip(got, want, outputs)):
        if g.shape != w.shape:
            raise SystemExit(f"{name}: out{i} shape {g.shape}, reference {w.shape}")
        if e["tolerance"] == "exact":
            ok = np.array_equal(g, w.astype(g.dtype))
        else:
            ok = np.allclose(g.astype(f64), w.astype(f64), rtol=1e-4, atol=1e-5)
        if not ok:
            raise SystemExit(f"{name}: out{i} differs from the numpy reference")


def generate(fx, out_dir):
    name = fx["name"]
    n = fx["devices"]
    seed = zlib.crc32(name.encode())
    rng = np.random.default_rng(seed)
    CURRENT["name"] = name
    program, args, source, ref = fx["make"](rng)

    text = program.lower(*args).as_text()
    out = jax.block_until_ready(program(*args))
    # Every output must live on exactly the fixture's N devices.
    for leaf in jax.tree_util.tree_leaves(out):
        if len(leaf.sharding.device_set) != n:
            raise SystemExit(f"{name}: output on {len(leaf.sharding.device_set)} devices, want {n}")

    num_replicas = module_attr(text, "mhlo.num_replicas")
    num_partitions = module_attr(text, "mhlo.num_partitions")
    if num_replicas and num_replicas > 1:
        kind = "replicated"
        if num_replicas != n:
            raise SystemExit(f"{name}: mhlo.num_replicas = {num_replicas}, want {n}")
    else:
        kind = "partitioned"
        if num_partitions != n:
            raise SystemExit(f"{name}: mhlo.num_partitions = {num_partitions}, want {n}")

    with open(os.path.join(out_dir, f"{name}.mlir"), "w") as fh:
        fh.write(text)
    inputs = leaf_entries(args, name, "in", out_dir)
    outputs = leaf_entries(out, name, "out", out_dir, fx["tol"])
    if ref is not None:
        check_ref(name, out, ref(*args), outputs)
    return {
        "name": name,
        "description": fx["description"],
        "devices": n,
        "kind": kind,
        "source": source,
        "num_replicas": num_replicas,
        "num_partitions": num_partitions,
        "io": "stacked per-device values (pmap)" if source == "pmap" else "global arrays",
        "seed": seed,
        "mlir": f"{name}.mlir",
        "inputs": inputs,
        "outputs": outputs,
        "tolerance": fixture_tolerance(outputs),
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(here, "..", "test", "Fixtures", "multidevice"))
    ap.add_argument("--only", nargs="*", help="regenerate only these fixtures (manifest is merged)")
    args = ap.parse_args()
    out_dir = os.path.normpath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    manifest_path = os.path.join(out_dir, "manifest.json")
    if jax.device_count() < 4:
        raise SystemExit(f"need 4 CPU devices, JAX sees {jax.devices()}")

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
        if not (b.endswith(".mlir") or b.endswith(".npy")):
            continue
        if names is None or b.split(".")[0] in names:
            os.remove(p)

    entries = dict(old)
    for fx in selected:
        entries[fx["name"]] = generate(fx, out_dir)
        print(f"  {fx['name']}")

    manifest = {
        "generator": "scripts/gen_multidevice_fixtures.py",
        "jax_version": jax.__version__,
        "jaxlib_version": jaxlib.__version__,
        "numpy_version": np.__version__,
        "ml_dtypes_version": ml_dtypes.__version__,
        "python_version": platform.python_version(),
        "backend": "cpu",
        "xla_flags": "--xla_force_host_platform_device_count=4",
        "io_convention": "pmap fixtures: inputs and outputs are the N per-device values stacked "
                         "on a new leading axis (as jax.pmap takes and returns them); jit and "
                         "shard_map fixtures: inputs and outputs are global arrays. JAX 0.10.2 "
                         "lowers pmap as jit(shard_map), so the stacked array is also the "
                         "global argument of @main.",
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
