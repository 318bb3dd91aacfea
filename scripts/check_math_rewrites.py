#!/usr/bin/env python3
"""Checks that jx's own expansions of f32 exp and tanh give the same bits as
MLIR's polynomial approximations (Eigen's formulas, which XLA:CPU uses) on
every f32 input, or on every STRIDE-th bit pattern.

    python3 scripts/check_math_rewrites.py [--stride 1] [--ops exp,tanh]

`jx-expand-math-like-xla` computes exp and tanh with fewer instructions
than `jx-approximate-math` (MLIR's populateMathPolynomialApproximation-
Patterns) but must not change a single result. For each function this
script expands one copy of it with each pass (jx-opt), lowers both to LLVM
IR in one module (mlir-opt, mlir-translate) with a loop that runs both on
16 consecutive bit patterns at a time and counts the lanes whose result
bits differ, NaN payloads included; compiles it for this CPU (clang, no
floating-point contraction) and runs it. Exit status 1 and the first
differing input when any result differs. The whole range (2^32 inputs)
takes a few seconds per function on one core.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"

FUNC = """func.func @{name}(%x: vector<16xf32>) -> vector<16xf32> {{
  %r = math.{op} %x : vector<16xf32>
  return %r : vector<16xf32>
}}
"""

# Runs @old and @new on bit patterns start + stride * (16 i + lane) for
# i < count and returns how many lanes differ (first = false) or the first
# differing bit pattern, -1 if none (first = true).
DRIVER = """
func.func @scan(%start: i32, %stride: i32, %count: i64, %first: i1) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %none = arith.constant -1 : i64
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  %s16 = arith.constant 16 : i32
  %sv = vector.broadcast %stride : i32 to vector<16xi32>
  %lane_off = arith.muli %lanes, %sv : vector<16xi32>
  %step = arith.muli %stride, %s16 : i32
  %r:2 = scf.for %i = %c0 to %count step %c1 iter_args(%n = %c0, %at = %none) -> (i64, i64) : i64 {
    %i32 = arith.trunci %i : i64 to i32
    %off = arith.muli %i32, %step : i32
    %base = arith.addi %start, %off : i32
    %b = vector.broadcast %base : i32 to vector<16xi32>
    %bits = arith.addi %b, %lane_off : vector<16xi32>
    %x = arith.bitcast %bits : vector<16xi32> to vector<16xf32>
    %o = func.call @old(%x) : (vector<16xf32>) -> vector<16xf32>
    %w = func.call @new(%x) : (vector<16xf32>) -> vector<16xf32>
    %ob = arith.bitcast %o : vector<16xf32> to vector<16xi32>
    %wb = arith.bitcast %w : vector<16xf32> to vector<16xi32>
    %ne = arith.cmpi ne, %ob, %wb : vector<16xi32>
    %ext = arith.extui %ne : vector<16xi1> to vector<16xi64>
    %d = vector.reduction <add>, %ext : vector<16xi64> into i64
    %n2 = arith.addi %n, %d : i64
    %found = arith.cmpi ne, %d, %c0 : i64
    %unset = arith.cmpi eq, %at, %none : i64
    %take = arith.andi %found, %unset : i1
    %want = arith.andi %take, %first : i1
    %at2 = scf.if %want -> i64 {
      %big = arith.constant 2147483647 : i32
      %bigv = vector.broadcast %big : i32 to vector<16xi32>
      %masked = arith.select %ne, %lanes, %bigv : vector<16xi1>, vector<16xi32>
      %lane = vector.reduction <minsi>, %masked : vector<16xi32> into i32
      %lo = arith.muli %lane, %stride : i32
      %p = arith.addi %base, %lo : i32
      %p64 = arith.extui %p : i32 to i64
      scf.yield %p64 : i64
    } else {
      scf.yield %at : i64
    }
    scf.yield %n2, %at2 : i64, i64
  }
  %res = arith.select %first, %r#1, %r#0 : i64
  return %res : i64
}
"""

MAIN_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
int64_t scan(int32_t start, int32_t stride, int64_t count, _Bool first);
int main(int argc, char **argv) {
  int32_t stride = (int32_t)atol(argv[1]);
  int64_t count = (int64_t)((4294967296.0 / stride + 15) / 16);
  int64_t n = scan(0, stride, count, 0);
  printf("inputs %lld differing %lld", (long long)(count * 16), (long long)n);
  if (n) printf(" first 0x%08llx", (long long)scan(0, stride, count, 1));
  printf("\n");
  return 0;
}
"""


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"check_math_rewrites: {' '.join(cmd)} failed:\n{r.stderr}")
    return r.stdout


def body(module_text):
    """The ops of a printed `module { ... }`, without the module."""
    text = module_text.strip()
    m = re.match(r"module\s*(attributes\s*\{[^}]*\}\s*)?\{(.*)\}\s*$", text, re.S)
    if not m:
        sys.exit("check_math_rewrites: unexpected jx-opt output:\n" + text)
    return m.group(2)


def check(op, stride, tools, work, main_c):
    old = run([tools["jx-opt"], f"--jx-approximate-math=ops=math.{op}"],
              input=FUNC.format(name="old", op=op))
    new = run([tools["jx-opt"], f"--jx-expand-math-like-xla=ops=math.{op}"],
              input=FUNC.format(name="new", op=op))
    if f"math.{op}" in old or f"math.{op}" in new:
        sys.exit(f"check_math_rewrites: math.{op} was not expanded")
    module = "module {\n" + body(old) + body(new) + DRIVER + "}\n"
    lowered = run([tools["mlir-opt"], "--convert-scf-to-cf",
                   "--convert-vector-to-llvm", "--convert-math-to-llvm",
                   "--convert-arith-to-llvm", "--convert-cf-to-llvm",
                   "--convert-func-to-llvm", "--reconcile-unrealized-casts"],
                  input=module)
    ll = os.path.join(work, f"{op}.ll")
    with open(ll, "w") as f:
        f.write(run([tools["mlir-translate"], "--mlir-to-llvmir"],
                    input=lowered))
    exe = os.path.join(work, op)
    run([tools["clang"], "-O2", "-march=native", "-ffp-contract=off",
         "-Wno-override-module", main_c, ll, "-o", exe])
    out = run([exe, str(stride)]).strip()
    differing = int(re.search(r"differing (\d+)", out).group(1))
    print(f"{op}: {out}")
    return differing == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stride", type=int, default=1,
                    help="check every STRIDE-th bit pattern (default 1: all)")
    ap.add_argument("--ops", default="exp,tanh")
    ap.add_argument("--jx-opt",
                    default=os.path.join(ROOT, "build", "bin", "jx-opt"))
    args = ap.parse_args()
    tools = {"jx-opt": args.jx_opt}
    for t in ("mlir-opt", "mlir-translate", "clang"):
        path = os.path.join(LLVM_BIN, t)
        if not os.path.exists(path):
            path = shutil.which(t) or path
        if not os.path.exists(path):
            sys.exit(f"check_math_rewrites: {t} not found")
        tools[t] = path
    ok = True
    with tempfile.TemporaryDirectory() as work:
        main_c = os.path.join(work, "main.c")
        with open(main_c, "w") as f:
            f.write(MAIN_C)
        for op in args.ops.split(","):
            ok &= check(op, args.stride, tools, work, main_c)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
