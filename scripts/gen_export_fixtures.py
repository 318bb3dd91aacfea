#!/usr/bin/env python3
"""Generate jx's jax.export fixtures: serialized jax.export.Exported files.

Needs JAX (the venv the other generators use):

  /root/.cache/jx-peers-venv/bin/python scripts/gen_export_fixtures.py

1. For every fixture of scripts/gen_jax_fixtures.py (its FIXTURES list, the
   linear-algebra group included) this rebuilds `(f, args)` from the seed the
   manifest records, in the same 64-bit mode, checks that the inputs equal
   the committed test/Fixtures/jax/<name>.in<i>.npy bit for bit, and writes

     <name>.exported   jax.export.export(jax.jit(f))(*args).serialize()

   and `"exported": "<name>.exported"` into that fixture's entry of
   test/Fixtures/jax/manifest.json (nothing else in the manifest changes).
   It also calls the deserialized Exported on the inputs and checks JAX's
   results against the committed <name>.out<i>.npy under their tolerance.

2. test/Fixtures/export/: a few fixtures of what jax.export adds to a plain
   jit (pytrees in and out, symbolic shapes, several platforms, a module for
   another platform, PRNG key types, a vjp, disabled checks, shardings over
   two devices), each with its inputs and JAX's outputs, the errors JAX
   raises on bad inputs, and a manifest.json describing them.

Locations in the modules name source files relative to the checkout
(jax_hlo_source_file_canonicalization_regex), so the files do not depend on
where the checkout is.

Usage: gen_export_fixtures.py [--only NAME ...] [--skip-jax] [--skip-export-set]
"""

import argparse
import collections
import functools
import json
import os
import re
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
JAX_DIR = os.path.join(ROOT, "test", "Fixtures", "jax")
EXPORT_DIR = os.path.join(ROOT, "test", "Fixtures", "export")

sys.path.insert(0, HERE)
# Importing the generator registers its fixtures (and the linalg group) and
# configures JAX as it does: CPU only, 32-bit by default.
import gen_jax_fixtures as gjf  # noqa: E402
import check_fixture_outputs as cfo  # noqa: E402

import numpy as np  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import jaxlib  # noqa: E402
import ml_dtypes  # noqa: E402
from jax import export  # noqa: E402
from jax._src.export import _export  # noqa: E402
from jax._src.export import serialization_generated as ser_flatbuf  # noqa: E402

jax.config.update("jax_hlo_source_file_canonicalization_regex",
                  re.escape(os.path.realpath(ROOT) + os.sep))


def dump_manifest(manifest, path):
    """As gen_jax_fixtures.py writes it: indent 1, shapes on one line."""
    text = json.dumps(manifest, indent=1)
    text = re.sub(r"(?<=\": )\[[\s\d,-]*\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(0)[1:-1].split(",")
                                            if v.strip()) + "]",
                  text)
    with open(path, "w") as fh:
        fh.write(text + "\n")


def named(f, name):
    """f under the name `name` (the Exported's function_name)."""
    @functools.wraps(f)
    def fn(*a, **k):
        return f(*a, **k)
    fn.__name__ = fn.__qualname__ = name
    return fn


def check_no_absolute_paths(exp, name):
    text = exp.mlir_module()
    m = re.search(r'loc\("(/[^"]*)"', text)
    if m:
        raise SystemExit(f"{name}: the module's locations name an absolute path {m.group(1)!r}")


def stored(a):
    """An array as the fixtures store it: bfloat16 as its uint16 bits."""
    a = np.asarray(a)
    return a.view(np.uint16) if a.dtype == ml_dtypes.bfloat16 else a


def same_bits(a, b):
    a, b = stored(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def check_outputs(name, got_tree, entries, fixture_dir):
    """JAX's results of the Exported against the committed outputs."""
    got = jax.tree_util.tree_leaves(got_tree)
    if len(got) != len(entries):
        raise SystemExit(f"{name}: the Exported gives {len(got)} outputs, "
                         f"the manifest has {len(entries)}")
    for i, (g, e) in enumerate(zip(got, entries)):
        want = np.load(os.path.join(fixture_dir, e["file"]))
        reason = cfo.compare(cfo.decode(stored(g), e["dtype"]), cfo.decode(want, e["dtype"]),
                             e["dtype"], e["tolerance"])
        if reason:
            raise SystemExit(f"{name}: output {i} of the Exported: {reason}")


# ----------------------------------------------------------------------------
# 1. The JAX fixtures
# ----------------------------------------------------------------------------

def export_jax_fixture(fx, entry):
    name = fx["name"]
    seed = zlib.crc32(name.encode())
    if entry["seed"] != seed:
        raise SystemExit(f"{name}: manifest seed {entry['seed']}, generator seed {seed}")
    rng = np.random.default_rng(seed)
    with jax.enable_x64(fx["x64"]):
        f, args = fx["make"](rng)
        leaves = jax.tree_util.tree_leaves(args)
        if len(leaves) != len(entry["inputs"]):
            raise SystemExit(f"{name}: {len(leaves)} inputs, the manifest has "
                             f"{len(entry['inputs'])}")
        for i, (leaf, e) in enumerate(zip(leaves, entry["inputs"])):
            committed = np.load(os.path.join(JAX_DIR, e["file"]))
            if not same_bits(leaf, committed):
                raise SystemExit(f"{name}: input {i} differs from the committed {e['file']} "
                                 f"(did the generator change?)")
        fn = named(f, name)
        # A few LAPACK targets (gesvd, ...) are not on JAX's list of custom
        # calls with compatibility guarantees: exported as a user must, with
        # that check disabled (the file records it).
        text = jax.jit(fn).lower(*args).as_text()
        unstable = sorted(set(re.findall(r"stablehlo\.custom_call @(\w+)", text))
                          - _export._CUSTOM_CALL_TARGETS_GUARANTEED_STABLE)
        exp = export.export(jax.jit(fn), disabled_checks=[
            export.DisabledSafetyCheck.custom_call(t) for t in unstable])(*args)
        if unstable:
            print(f"  {name}: custom calls without compatibility guarantees: "
                  f"{', '.join(unstable)} (check disabled)")
        data = exp.serialize()
        check_no_absolute_paths(exp, name)
        # What a deserializing JAX computes from the file.
        out = export.deserialize(data).call(*args)
    check_outputs(name, out, entry["outputs"], JAX_DIR)
    with open(os.path.join(JAX_DIR, f"{name}.exported"), "wb") as fh:
        fh.write(data)
    return len(data)


def with_exported_key(entry, name):
    """The entry with "exported" right after "jaxpr", all else unchanged."""
    out = {}
    for k, v in entry.items():
        if k == "exported":
            continue
        out[k] = v
        if k == "jaxpr":
            out["exported"] = f"{name}.exported"
    if "exported" not in out:
        out["exported"] = f"{name}.exported"
    return out


def export_jax_fixtures(only):
    path = os.path.join(JAX_DIR, "manifest.json")
    with open(path) as fh:
        manifest = json.load(fh)
    entries = {e["name"]: e for e in manifest["fixtures"]}
    fixtures = {fx["name"]: fx for fx in gjf.FIXTURES}
    if set(entries) != set(fixtures):
        raise SystemExit("the manifest and scripts/gen_jax_fixtures.py name different fixtures: "
                         f"{sorted(set(entries) ^ set(fixtures))} (run gen_jax_fixtures.py first)")
    if manifest["jax_version"] != jax.__version__:
        raise SystemExit(f"the fixtures were made by JAX {manifest['jax_version']}, this is "
                         f"{jax.__version__}: run gen_jax_fixtures.py with it first")
    total = 0
    for name in fixtures:
        if only and name not in only:
            continue
        total += export_jax_fixture(fixtures[name], entries[name])
        print(f"  {name}.exported")
    manifest["fixtures"] = [with_exported_key(e, e["name"]) for e in manifest["fixtures"]]
    dump_manifest(manifest, path)
    print(f"wrote {len(only) if only else len(fixtures)} .exported files to {JAX_DIR} "
          f"({total} bytes)")


# ----------------------------------------------------------------------------
# 2. test/Fixtures/export
# ----------------------------------------------------------------------------

def jx_tree_string(t):
    """What jx::exported::TreeDef::to_string() prints, computed here from the
    serialized tree with JAX's flatbuffer reader: JAX's PyTreeDef string, but
    a custom node shows its serialization name and auxdata bytes."""
    def body(t):
        kind = t.Kind()
        kids = [body(t.Children(i)) for i in range(t.ChildrenLength())]
        K = ser_flatbuf.PyTreeDefKind
        if kind == K.leaf:
            return "*"
        if kind == K.none:
            return "None"
        if kind == K.tuple:
            return "(" + ", ".join(kids) + ("," if len(kids) == 1 else "") + ")"
        if kind == K.list:
            return "[" + ", ".join(kids) + "]"
        if kind == K.dict:
            keys = [t.ChildrenNames(i).decode() for i in range(t.ChildrenNamesLength())]
            return "{" + ", ".join(f"{k!r}: {c}" for k, c in zip(keys, kids)) + "}"
        aux = t.CustomAuxdataAsNumpy()
        aux = b"" if isinstance(aux, int) else aux.tobytes()
        return f"CustomNode({t.CustomName().decode()}[{aux!r}], [{', '.join(kids)}])"
    return f"PyTreeDef({body(t)})"


def aval_entry(a):
    return {"shape": [str(d) for d in a.shape], "dtype": str(a.dtype)}


def error_entry(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - what JAX raises is the point
        cls = type(e)
        module = "" if cls.__module__ == "builtins" else cls.__module__ + "."
        return {"error_class": module + cls.__qualname__, "error": str(e)}
    raise SystemExit("expected an error")


class ExportSet:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.entries = []

    def add(self, name, description, exp, *, cases=(), bad_cases=(), runnable=True,
            vjp_order=0, extra=None, reference=None):
        """Writes <name>.exported and the .npy files of its cases.

        cases: (case, args) whose outputs JAX's Exported.call gives;
        bad_cases: (case, args) on which Exported.call raises; reference: the
        function itself, whose jit must agree with the Exported.
        """
        data = exp.serialize(vjp_order=vjp_order)
        check_no_absolute_paths(exp, name)
        with open(os.path.join(self.out_dir, f"{name}.exported"), "wb") as fh:
            fh.write(data)
        root = ser_flatbuf.Exported.GetRootAsExported(data)
        entry = {
            "name": name,
            "description": description,
            "exported": f"{name}.exported",
            "function_name": exp.fun_name,
            "platforms": list(exp.platforms),
            "nr_devices": exp.nr_devices,
            "calling_convention_version": exp.calling_convention_version,
            "uses_global_constants": exp.uses_global_constants,
            "module_kept_var_idx": list(exp.module_kept_var_idx),
            "in_tree": str(exp.in_tree),
            "out_tree": str(exp.out_tree),
            "in_tree_jx": jx_tree_string(root.InTree()),
            "out_tree_jx": jx_tree_string(root.OutTree()),
            "in_avals": [aval_entry(a) for a in exp.in_avals],
            "out_avals": [aval_entry(a) for a in exp.out_avals],
            "in_shardings": [str(s) if s is not None else None
                             for s in exp._in_named_shardings],
            "out_shardings": [str(s) if s is not None else None
                              for s in exp._out_named_shardings],
            "disabled_safety_checks": [str(c) for c in exp.disabled_safety_checks],
            "has_vjp": vjp_order > 0,
            "runnable": runnable,
        }
        entry.update(extra or {})
        deserialized = export.deserialize(data)
        entry["cases"] = []
        for case, args in cases:
            out = deserialized.call(*args)
            if reference is not None:
                want = jax.jit(reference)(*args)
                for g, w in zip(jax.tree_util.tree_leaves(out), jax.tree_util.tree_leaves(want)):
                    np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-6)
            stem = f"{name}.{case}"
            entry["cases"].append({
                "name": case,
                "inputs": gjf.leaf_entries(args, stem, "in", self.out_dir),
                "outputs": gjf.leaf_entries(out, stem, "out", self.out_dir),
            })
        entry["bad_cases"] = []
        for case, args in bad_cases:
            stem = f"{name}.{case}"
            bad = {"name": case, "inputs": gjf.leaf_entries(args, stem, "in", self.out_dir)}
            bad.update(error_entry(lambda: deserialized.call(*args)))
            entry["bad_cases"].append(bad)
        self.entries.append(entry)
        print(f"  {name}.exported ({len(data)} bytes)")


def build_export_set(out_dir):
    s = ExportSet(out_dir)
    rng = np.random.default_rng(zlib.crc32(b"jx export fixtures"))
    f32 = np.float32

    def normal(*shape):
        return rng.standard_normal(shape).astype(f32)

    # (a) Pytrees in and out: a dict of arrays and a tuple in; a dict with a
    # tuple, a list and None out.
    def pytree_fn(params, batch):
        x, scale = batch
        h = x @ params["w"] + params["b"]
        return {"y": h * scale, "stats": (jnp.sum(h), jnp.max(h, axis=0))}, [jnp.tanh(h)], None

    params = {"w": normal(3, 4), "b": normal(4)}
    batch = (normal(2, 3), np.array(0.5, f32))
    fn = named(pytree_fn, "pytree_fn")
    s.add("pytree_dict_tuple", "dict of arrays and a tuple in; dict with a tuple, a list and "
          "None out", export.export(jax.jit(fn))(params, batch),
          cases=[("default", (params, batch))], reference=fn)

    # A registered namedtuple (a custom node) and a keyword argument.
    Point = collections.namedtuple("Point", ["x", "y"])
    export.register_namedtuple_serialization(Point, serialized_name="jx_test.Point")

    def namedtuple_fn(p, *, scale):
        return Point(p.x * scale, p.x + p.y)

    p = Point(normal(3), normal(3))
    scale = np.array(2.0, f32)
    fn = named(namedtuple_fn, "namedtuple_fn")
    exp = export.export(jax.jit(fn))(p, scale=scale)
    # The flat inputs: the leaves of (args, kwargs).
    s.add("pytree_namedtuple_kwargs", "a registered namedtuple (custom node) in and out, and a "
          "keyword argument; Exported.call takes (p,) and scale=", exp,
          extra={"custom_name": "jx_test.Point", "call_kwargs": ["scale"]})
    out = export.deserialize(exp.serialize()).call(p, scale=scale)
    s.entries[-1]["cases"] = [{
        "name": "default",
        "inputs": gjf.leaf_entries(((p,), {"scale": scale}), "pytree_namedtuple_kwargs.default",
                                   "in", out_dir),
        "outputs": gjf.leaf_entries(out, "pytree_namedtuple_kwargs.default", "out", out_dir),
    }]

    # (b) Shape polymorphism: an MLP-like function over a batch of b rows.
    def poly_mlp(x, w):
        return jnp.sum(jnp.tanh(x @ w), axis=1)

    w = normal(8, 16) / 4
    fn = named(poly_mlp, "poly_mlp")
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct(export.symbolic_shape("b, 8"), f32),
                                     jax.ShapeDtypeStruct((8, 16), f32))
    s.add("poly_mlp", "sum(tanh(x @ w), axis=1) exported for x: f32[b, 8] "
          "(jax.export.symbolic_shape(\"b, 8\")), w: f32[8, 16]; run at b = 3 and 5", exp,
          cases=[("b3", (normal(3, 8), w)), ("b5", (normal(5, 8), w))],
          bad_cases=[("bad_static_dim", (normal(3, 7), w)),
                     ("bad_rank", (normal(3, 8, 1), w))],
          reference=fn, extra={"dimension_variables": ["b"]})

    # Two arguments sharing the dimension variable b; the bad case gives b = 3
    # to one and 4 to the other.
    def poly_two_args(x, y):
        return jnp.sum(jnp.tanh(x), axis=1) + jnp.sum(y, axis=1)

    xs = export.symbolic_shape("b, 8")
    ys = export.symbolic_shape("b, 4", scope=xs[0].scope)
    fn = named(poly_two_args, "poly_two_args")
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct(xs, f32), jax.ShapeDtypeStruct(ys, f32))
    s.add("poly_two_args", "sum(tanh(x), 1) + sum(y, 1) for x: f32[b, 8], y: f32[b, 4] (one "
          "symbolic scope); the bad case gives x batch 3 and y batch 4", exp,
          cases=[("b3", (normal(3, 8), normal(3, 4)))],
          bad_cases=[("bad_batch_mismatch", (normal(3, 8), normal(4, 4)))],
          reference=fn, extra={"dimension_variables": ["b"]})

    # (c) Several platforms: the module takes the platform's index first.
    def mlp(x, w):
        return jnp.sum(jnp.tanh(x @ w), axis=1)

    x3 = normal(3, 8)
    fn = named(mlp, "mlp")
    s.add("platforms_cpu_cuda", "the MLP lowered for platforms=(\"cpu\", \"cuda\"): the module "
          "takes the platform index (cpu: 0) as an extra first argument",
          export.export(jax.jit(fn), platforms=("cpu", "cuda"))(x3, w),
          cases=[("default", (x3, w))], reference=fn)
    # For another platform only: a CPU runtime must refuse it.
    exp = export.export(jax.jit(fn), platforms=("cuda",))(x3, w)
    refusal = error_entry(lambda: exp.call(x3, w))
    s.add("platforms_cuda_only", "the MLP lowered for platforms=(\"cuda\",) only: calling it on "
          "CPU is refused", exp, runnable=False, extra={"refusal_on_cpu": refusal})

    # A typed PRNG key input (DType key<fry>): readable, not runnable by jx.
    def keyed(k):
        return jax.random.uniform(k, (3,))

    fn = named(keyed, "keyed")
    key = jax.random.key(0)
    s.add("prng_key_input", "a typed PRNG key (key<fry>[]) as input: jx reads the file but "
          "has no numpy dtype for the key", export.export(jax.jit(fn))(key), runnable=False,
          extra={"key_data": np.asarray(jax.random.key_data(key)).tolist()})

    # A vjp serialized with the function (serialize(vjp_order=1)).
    def sin_times(x):
        return jnp.sin(x) * x

    fn = named(sin_times, "sin_times")
    xv = normal(3)
    exp = export.export(jax.jit(fn))(xv)
    s.add("with_vjp", "sin(x) * x with its vjp serialized (vjp_order=1): the vjp takes x and "
          "the output cotangent", exp, cases=[("default", (xv,))], vjp_order=1, reference=fn,
          extra={"vjp_in_avals": [aval_entry(a) for a in exp.vjp().in_avals],
                 "vjp_out_avals": [aval_entry(a) for a in exp.vjp().out_avals]})

    # Disabled safety checks are recorded in the file.
    def plus_one(x):
        return x + 1

    fn = named(plus_one, "plus_one")
    exp = export.export(jax.jit(fn), disabled_checks=[
        export.DisabledSafetyCheck.platform(),
        export.DisabledSafetyCheck.custom_call("jx_test_target")])(xv)
    s.add("disabled_checks", "x + 1 exported with the platform check and custom call "
          "jx_test_target disabled", exp, cases=[("default", (xv,))], reference=fn)
    return s


def sharded_entry(out_dir):
    """In a process that sees two CPU devices: named shardings over a mesh."""
    from jax.sharding import NamedSharding, PartitionSpec as P
    s = ExportSet(out_dir)
    mesh = jax.make_mesh((2,), ("x",))
    rows = NamedSharding(mesh, P("x"))
    rep = NamedSharding(mesh, P())

    def scale_rows(a, b):
        return a * 2, jnp.sum(b)

    fn = named(scale_rows, "scale_rows")
    rng = np.random.default_rng(zlib.crc32(b"jx export fixtures, sharded"))
    a = rng.standard_normal((4, 3)).astype(np.float32)
    b = rng.standard_normal((4,)).astype(np.float32)
    exp = export.export(jax.jit(fn, in_shardings=(rows, rep), out_shardings=(rows, None)))(
        jax.ShapeDtypeStruct(a.shape, a.dtype), jax.ShapeDtypeStruct(b.shape, b.dtype))
    s.add("sharded_2_devices", "a * 2 and sum(b) over a 2-device mesh ('x'): a split by rows, b "
          "replicated, the second output unspecified", exp, runnable=False,
          cases=[("default", (jax.device_put(a, rows), jax.device_put(b, rep)))])
    return s.entries[0]


def write_export_set():
    os.makedirs(EXPORT_DIR, exist_ok=True)
    for f in os.listdir(EXPORT_DIR):
        if f.endswith((".exported", ".npy")):
            os.remove(os.path.join(EXPORT_DIR, f))
    s = build_export_set(EXPORT_DIR)
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--sharded-subprocess"],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"the sharded fixture failed:\n{proc.stderr[-3000:]}")
    s.entries.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    print(f"  {s.entries[-1]['exported']}")
    manifest = {
        "generator": "scripts/gen_export_fixtures.py",
        "jax_version": jax.__version__,
        "jaxlib_version": jaxlib.__version__,
        "numpy_version": np.__version__,
        "ml_dtypes_version": ml_dtypes.__version__,
        "python_version": gjf.platform.python_version(),
        "backend": "cpu",
        "comparison": "as test/Fixtures/jax/manifest.json: |got - want| <= atol + rtol * |want|",
        "fixtures": s.entries,
    }
    dump_manifest(manifest, os.path.join(EXPORT_DIR, "manifest.json"))
    print(f"wrote {len(s.entries)} fixtures to {EXPORT_DIR}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", nargs="*", help="export only these JAX fixtures")
    ap.add_argument("--skip-jax", action="store_true", help="leave test/Fixtures/jax alone")
    ap.add_argument("--skip-export-set", action="store_true",
                    help="leave test/Fixtures/export alone")
    ap.add_argument("--sharded-subprocess", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.sharded_subprocess:
        if len(jax.devices()) != 2:
            raise SystemExit(f"want 2 CPU devices, have {jax.devices()}")
        entry = sharded_entry(EXPORT_DIR)
        print(json.dumps(entry))
        return 0
    if not args.skip_jax:
        export_jax_fixtures(set(args.only or ()))
    if not args.skip_export_set:
        write_export_set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
