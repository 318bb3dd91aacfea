#!/usr/bin/env python3
"""What the persistent compile cache saves: a program's compile time in a
new process without the cache, with a cold cache (compile, link, store) and
with a warm one (load the stored executable), each measured as `jxc bench`
reports it (`compile_ms`: from the parsed module to a runnable executable).

    python3 bench/compile_cache.py [--jxc build/bin/jxc] [--runs 5] [PROGRAM]

PROGRAM defaults to the demo's training step, which `./jx.sh demo` (or
`build/bin/jx-mlp-train --epochs 1`) writes to build/mlp_stages/. Any
StableHLO program with an f32/i32 @main works (bench-peers' mlp_step.mlir
too): its inputs are zeros of the entry's argument types.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}


def argument_types(text):
    m = re.search(r"func\.func (?:public )?@main\((.*?)\)\s*->", text, re.S)
    if not m:
        sys.exit("compile_cache.py: no @main in the program")
    types = re.findall(r"tensor<([0-9x]*)(f32|f64|i32|i64)>", m.group(1))
    return [(tuple(int(d) for d in dims.split("x") if d), DTYPES[t]) for dims, t in types]


def bench(jxc, program, inputs, env):
    cmd = [jxc, "bench", program, "--format=json", "--min-time", "0"]
    for npy in inputs:
        cmd += ["--input", npy]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"compile_cache.py: {' '.join(cmd)} failed:\n{p.stderr}")
    return json.loads(p.stdout.strip().splitlines()[-1])["compile_ms"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jxc", default=os.path.join(ROOT, "build/bin/jxc"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("program", nargs="?",
                    default=os.path.join(ROOT, "build/mlp_stages/02-stablehlo.mlir"))
    a = ap.parse_args()
    if not os.path.exists(a.program):
        sys.exit(f"compile_cache.py: no {a.program}; run `./jx.sh demo` or "
                 "`build/bin/jx-mlp-train --epochs 1` to write it")
    text = open(a.program).read()
    with tempfile.TemporaryDirectory() as d:
        inputs = []
        for i, (shape, dtype) in enumerate(argument_types(text)):
            inputs.append(os.path.join(d, f"in{i}.npy"))
            np.save(inputs[-1], np.zeros(shape, dtype))
        off = dict(os.environ, JX_CACHE="0")
        on = dict(os.environ, JX_CACHE_DIR=os.path.join(d, "cache"))
        off.pop("JX_CACHE_DIR", None)
        on.pop("JX_CACHE", None)
        no_cache = [bench(a.jxc, a.program, inputs, off) for _ in range(a.runs)]
        cold = bench(a.jxc, a.program, inputs, on)
        warm = [bench(a.jxc, a.program, inputs, on) for _ in range(a.runs)]
        entry = [f for f in os.listdir(os.path.join(d, "cache")) if f.endswith(".jxe")]
        size = os.path.getsize(os.path.join(d, "cache", entry[0])) if entry else 0
    model = "unknown CPU"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    print(f"program: {os.path.relpath(a.program)} ({len(inputs)} inputs); CPU: {model}")
    print(f"{'':28}{'compile_ms':>12}")
    print(f"{'no cache (median of %d)' % a.runs:28}{statistics.median(no_cache):12.1f}")
    print(f"{'cold cache (compile+store)':28}{cold:12.1f}")
    print(f"{'warm cache (median of %d)' % a.runs:28}{statistics.median(warm):12.2f}")
    print(f"entry: {size / 1024:.0f} KiB; warm / no cache = "
          f"{statistics.median(warm) / statistics.median(no_cache):.3f}")


if __name__ == "__main__":
    main()
