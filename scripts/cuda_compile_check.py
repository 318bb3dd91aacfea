#!/usr/bin/env python3
"""Compiles StableHLO programs for CUDA and assembles their PTX with ptxas.

Every '// -----' chunk of every file is one program, compiled by
`jxc compile --target=cuda --emit=cubin --cuda-arch=ARCH --split-input-file`
(jxc runs ptxas on each kernel module's PTX). Prints one line per program
that did not compile, with its first error, and the totals:

    cuda: 1468 of 1480 programs compiled to cubins for sm_90 (99.2%)

Exit status 1 when the share compiled is below --min-rate, or, with
--require-named, when a program failed with anything but a
"not supported on cuda yet" error. Used by the ctest `cuda-ptx` (test/e2e)
and by hand on the conformance programs (docs/cuda.md).
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

STATUS = re.compile(r"^jxc: (.*):(\d+): (compiled|failed)$")


def programs(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith(".mlir"):
                        yield os.path.join(root, n)
        else:
            yield p


def compile_file(jxc, path, arch, work, timeout):
    out = os.path.join(work, os.path.basename(path))
    cmd = [jxc, "compile", path, "--target=cuda", "--emit=cubin",
           "--cuda-arch=" + arch, "--split-input-file", "-o", out]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return [(path, 0, f"timed out after {timeout} s")]
    results, errors = [], []
    for line in proc.stderr.splitlines():
        m = STATUS.match(line)
        if not m:
            if "error" in line:
                errors.append(line.strip())
            continue
        first = errors[0] if errors else ""
        results.append((path, int(m.group(2)),
                        None if m.group(3) == "compiled" else
                        (first or "failed without a message")))
        errors = []
    if not results:
        # jxc stopped before any chunk (crash, unreadable file).
        reason = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        results.append((path, 0, f"exit {proc.returncode}: {reason}"))
    elif proc.returncode < 0:
        results.append((path, 0, f"killed by signal {-proc.returncode}"))
    return results


def find_ptxas():
    """Where jxc looks for ptxas (lib/Target/CUDA/CUDATarget.cpp)."""
    if os.environ.get("JX_PTXAS"):
        return os.access(os.environ["JX_PTXAS"], os.X_OK)
    roots = [os.environ[v] for v in ("CUDA_PATH", "CUDA_HOME") if v in os.environ]
    for root in roots + ["/usr/local/cuda"]:
        if os.access(os.path.join(root, "bin", "ptxas"), os.X_OK):
            return True
    return any(os.access(os.path.join(d, "ptxas"), os.X_OK)
               for d in os.environ.get("PATH", "").split(os.pathsep) if d)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("jxc")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--min-rate", type=float, default=0.0)
    ap.add_argument("--require-named", action="store_true",
                    help='every failure must say "not supported on cuda yet"')
    ap.add_argument("--skip-without-ptxas", action="store_true",
                    help="exit 77 (a skipped test) when ptxas is absent")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()
    if args.skip_without_ptxas and not find_ptxas():
        print("cuda: skipped: ptxas (CUDA toolkit) not found in JX_PTXAS, "
              "CUDA_PATH, CUDA_HOME, /usr/local/cuda/bin or PATH")
        return 77

    with tempfile.TemporaryDirectory(prefix="jx-cuda-check-") as work:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            jobs = [pool.submit(compile_file, args.jxc, p, args.arch, work,
                                args.timeout)
                    for p in programs(args.paths)]
            results = [r for j in jobs for r in j.result()]
    total = len(results)
    failed = [(p, line, why) for p, line, why in results if why]
    for p, line, why in failed:
        print(f"FAIL {p}:{line}: {why}")
    compiled = total - len(failed)
    rate = compiled / total if total else 0.0
    print(f"cuda: {compiled} of {total} programs compiled to cubins for "
          f"{args.arch} ({100 * rate:.1f}%)")
    unnamed = [f for f in failed if "not supported on cuda yet" not in f[2]]
    if rate < args.min_rate:
        print(f"cuda: below the required {100 * args.min_rate:.1f}%")
        return 1
    if args.require_named and unnamed:
        print(f"cuda: {len(unnamed)} failures without a named "
              '"not supported on cuda yet" error')
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
