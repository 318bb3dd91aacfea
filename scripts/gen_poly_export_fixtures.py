#!/usr/bin/env python3
"""Exports the JAX fixtures again with a symbolic leading dimension.

For every fixture of scripts/gen_jax_fixtures.py whose first input has a
leading dimension of at least 2, the inputs sharing that leading size get the
symbolic dimension "b" (`jax.export.symbolic_args_specs`), and
`jax.export.export(jax.jit(f))(*specs).serialize()` is written to
test/Fixtures/jax/<name>.poly.exported; the manifest entry gets
"exported_poly": "<name>.poly.exported". Fixtures JAX cannot export that way
(shape-dependent Python code) are skipped. The inputs and outputs are the
fixture's own: jx must specialize the export to them and give JAX's results
(scripts/check_fixture_outputs.py --form exported_poly).

Run after gen_jax_fixtures.py and gen_export_fixtures.py, with JAX:

    /root/.cache/jx-peers-venv/bin/python scripts/gen_poly_export_fixtures.py
"""
import json
import os
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import jax  # noqa: E402
from jax import export  # noqa: E402

import gen_jax_fixtures as g  # noqa: E402

# Source locations relative to the checkout, so the files do not depend on
# where it is (as gen_export_fixtures.py does).
import re  # noqa: E402
jax.config.update("jax_hlo_source_file_canonicalization_regex",
                  re.escape(os.path.realpath(os.path.join(HERE, "..")) + os.sep))


def poly_specs(args):
    leaves = jax.tree_util.tree_leaves(args)
    if not leaves or np.ndim(leaves[0]) == 0 or np.shape(leaves[0])[0] < 2:
        return None
    b = np.shape(leaves[0])[0]
    specs = []
    for a in args:
        if np.ndim(a) >= 1 and np.shape(a)[0] == b:
            rest = ", ".join(str(d) for d in np.shape(a)[1:])
            specs.append("b" + (", " + rest if rest else ""))
        else:
            specs.append(None)
    # Nothing symbolic (the leading input is a tree): not a polymorphic export.
    return specs if any(s is not None for s in specs) else None


def main():
    out_dir = os.path.join(HERE, "..", "test", "Fixtures", "jax")
    manifest_path = os.path.join(out_dir, "manifest.json")
    with open(manifest_path) as fh:
        text = fh.read()
    manifest = json.loads(text)
    entries = {e["name"]: e for e in manifest["fixtures"]}
    written = 0
    for fx in g.FIXTURES:
        name = fx["name"]
        entry = entries.get(name)
        if entry is None:
            continue
        entry.pop("exported_poly", None)
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        with jax.enable_x64(bool(fx["x64"])):
            f, args = fx["make"](rng)
            specs = poly_specs(args)
            if specs is None:
                continue
            try:
                exp = export.export(jax.jit(f))(
                    *export.symbolic_args_specs(args, specs))
            except Exception:  # shape-dependent code: no polymorphic export
                continue
        path = os.path.join(out_dir, f"{name}.poly.exported")
        with open(path, "wb") as fh:
            fh.write(exp.serialize())
        entry["exported_poly"] = f"{name}.poly.exported"
        written += 1
    # Keep the manifest's layout (short lists on one line).
    out = json.dumps(manifest, indent=1)
    out = re.sub(r"(?<=\": )\[[\s\d,-]*\]",
                 lambda m: "[" + ", ".join(v.strip() for v in m.group(0)[1:-1].split(",") if v.strip()) + "]",
                 out)
    with open(manifest_path, "w") as fh:
        fh.write(out + "\n")
    print(f"wrote {written} polymorphic exports (jax {jax.__version__})")


if __name__ == "__main__":
    main()
