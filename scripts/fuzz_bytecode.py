#!/usr/bin/env python3
"""Mutation test of jx::vhlo::checkBytecodeStructure against jxc.

MLIR's bytecode reader trusts the counts in a file; jx runs the structural
check of lib/Dialect/VHLO/BytecodeCheck.cpp before it hands bytecode to the
reader. This script measures that guard from the outside:

  1. it builds a small driver of the check (the C++ below, compiled with
     clang++ against LLVM; or --checker names a built one);
  2. every truncation (each byte offset) of the seeds up to
     --truncate-max-size bytes, and --mutants seeded random single-byte
     mutations (a random byte, a bit flip, +-1, 0x00, 0xff, 0x01) of the seeds
     go through the check;
  3. each mutant the check ACCEPTS is run with `jxc run <file>` in a
     subprocess; it must exit with a status 0..2 (jxc's codes: success, a
     check failed, unreadable input) within --timeout: a signal, another
     status, an "LLVM ERROR" or a sanitizer report counts as a crash, the
     timeout as a hang. Reproducers go to --out.

--unchecked N also runs jxc on N of the REJECTED mutants, to show what the
check stands in front of (jxc does not call the check itself yet).

  scripts/fuzz_bytecode.py --jxc build/bin/jxc --mutants 3000 --seed 1
  scripts/fuzz_bytecode.py --seeds 'test/Dialect/VHLO/Inputs/*.bc' \\
      --exported 'test/Fixtures/jax/*.exported' --mutants 500

Exit status: 0 when no accepted mutant crashed or hung, 1 otherwise.
"""

import argparse
import concurrent.futures
import glob
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Reads paths from stdin, one a line; prints "OK" or the check's reason.
DRIVER = r"""
#include "jx/Dialect/VHLO/BytecodeCheck.h"
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
int main() {
  std::string path;
  while (std::getline(std::cin, path)) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
    std::string err = jx::vhlo::checkBytecodeStructure(bytes);
    std::cout << (err.empty() ? std::string("OK") : err) << std::endl;
  }
}
"""

CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Stack dump",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer",
                 "runtime error:")


def build_checker(workdir, cxx, llvm_config, sanitize):
    inc = subprocess.check_output([llvm_config, "--includedir"], text=True).strip()
    lib = subprocess.check_output([llvm_config, "--libdir"], text=True).strip()
    src = os.path.join(workdir, "driver.cpp")
    with open(src, "w") as f:
        f.write(DRIVER)
    exe = os.path.join(workdir, "bytecode-check")
    cmd = [cxx, "-std=c++17", "-O1", "-g", "-I", os.path.join(ROOT, "include"),
           *(["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
             if sanitize else []),
           "-isystem", inc, src,
           os.path.join(ROOT, "lib/Dialect/VHLO/BytecodeCheck.cpp"),
           "-L" + lib, "-lLLVM", "-Wl,-rpath," + lib, "-o", exe]
    subprocess.check_call(cmd)
    return exe


class Checker:
    """The driver, kept running; it is restarted after it crashes (a crash
    of the check itself is reported as CHECKER-CRASH)."""

    def __init__(self, exe):
        self.exe = exe
        self.start()

    def start(self):
        self.proc = subprocess.Popen([self.exe], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def check(self, path):
        try:
            self.proc.stdin.write(path + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.proc.wait()
            self.start()
            return "CHECKER-CRASH"
        return line.rstrip("\n")

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def extract_artifact(data):
    """The portable artifact inside a jax.export flatbuffer: a byte vector
    (a little-endian uint32 length, then the bytes) starting with the magic."""
    at = data.find(b"ML\xefR")
    if at < 4:
        return None
    (length,) = struct.unpack("<I", data[at - 4:at])
    return data[at:at + length] if at + length <= len(data) else None


def mutate(rng, data):
    data = bytearray(data)
    i = rng.randrange(len(data))
    kind = rng.randrange(6)
    if kind == 0:
        data[i] = rng.randrange(256)
    elif kind == 1:
        data[i] ^= 1 << rng.randrange(8)
    elif kind == 2:
        data[i] = (data[i] + rng.choice((1, 255))) & 0xFF
    else:
        data[i] = (0x00, 0xFF, 0x01)[kind - 3]
    return bytes(data), i


def signature(err):
    """Where a crash happened: the first named frame of the stack dump past
    the signal handler's, and the first frame in jx's code, e.g.
    'mlir::FloatType::getWidth via jx::vhlo::...::readTensor'."""
    frames = []
    for line in err.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.+)$", line)
        if not m or m.group(1).startswith("("):  # no symbol
            continue
        name = re.sub(r"\(.*", "", m.group(1).replace("(anonymous namespace)::", ""))
        if not any(skip in name for skip in (
                "llvm::sys::", "SignalHandler", "raise", "abort",
                "pthread_kill", "report_fatal_error")):
            frames.append(name.strip())
    if not frames:
        for line in err.splitlines():
            if "LLVM ERROR" in line or "runtime error" in line:
                return line.strip()[:160]
        return "?"
    jx = next((f for f in frames if f.startswith("jx::")), None)
    return frames[0] + (f" via {jx}" if jx and jx != frames[0] else "")


def run_jxc(jxc, path, timeout):
    """(status, returncode, stderr tail); status in ok, crash, hang."""
    env = dict(os.environ, JX_CACHE="0")
    for attempt in range(5):
        try:
            proc = subprocess.run([jxc, "run", path], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout,
                                  env=env)
            break
        except subprocess.TimeoutExpired:
            return "hang", None, ""
        except OSError as e:  # jxc being rebuilt: wait, then try again
            if attempt == 4:
                return "error", None, str(e)
            time.sleep(10)
    err = proc.stderr.decode("utf-8", "replace")
    rc = proc.returncode
    if rc < 0 or rc > 2 or any(m in err for m in CRASH_MARKERS):
        return "crash", rc, err[:8000]
    return "ok", rc, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jxc", default=os.path.join(ROOT, "build/bin/jxc"))
    ap.add_argument("--checker", help="a built driver (else built here)")
    ap.add_argument("--cxx", default=shutil.which("clang++-22") or "clang++")
    ap.add_argument("--no-sanitize", action="store_true",
                    help="build the driver without ASan/UBSan")
    ap.add_argument("--llvm-config",
                    default=shutil.which("llvm-config-22") or "llvm-config")
    ap.add_argument("--seeds", action="append",
                    help="glob of bytecode seeds (default: "
                    "test/Dialect/VHLO/Inputs/*.bc)")
    ap.add_argument("--exported", action="append", default=[],
                    help="glob of .exported files whose artifacts are seeds")
    ap.add_argument("--mutants", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--truncate-max-size", type=int, default=1024,
                    help="truncate at every offset the seeds up to this size")
    ap.add_argument("--unchecked", type=int, default=0,
                    help="also run jxc on this many rejected mutants")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="fuzz-bytecode-out")
    args = ap.parse_args()

    seeds = []
    for pattern in args.seeds or [os.path.join(ROOT, "test/Dialect/VHLO/Inputs/*.bc")]:
        for path in sorted(glob.glob(pattern)):
            with open(path, "rb") as f:
                seeds.append((os.path.basename(path), f.read()))
    for pattern in args.exported:
        for path in sorted(glob.glob(pattern)):
            with open(path, "rb") as f:
                art = extract_artifact(f.read())
            if art:
                seeds.append((os.path.basename(path) + ".bc", art))
    if not seeds:
        sys.exit("no seeds")

    work = tempfile.mkdtemp(prefix="fuzz-bytecode-")
    exe = args.checker or build_checker(work, args.cxx, args.llvm_config,
                                        not args.no_sanitize)
    checker = Checker(exe)
    failures = 0

    def write(name, data):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    # Every seed must pass: a valid file the check refuses is a false positive.
    for name, data in seeds:
        verdict = checker.check(write("seed-" + name, data))
        if verdict != "OK":
            print(f"FALSE POSITIVE {name}: {verdict}")
            failures += 1
    print(f"seeds: {len(seeds)}, all accepted: {failures == 0}")

    # Candidates: (label, bytes); the check decides which reach jxc.
    rng = random.Random(args.seed)
    truncations = [(f"{name}-trunc{n}", data[:n]) for name, data in seeds
                   if len(data) <= args.truncate_max_size
                   for n in range(len(data))]
    mutants = []
    for k in range(args.mutants):
        name, data = seeds[rng.randrange(len(seeds))]
        mutant, at = mutate(rng, data)
        if mutant != data:
            mutants.append((f"{name}-m{k}-at{at}", mutant))

    os.makedirs(args.out, exist_ok=True)
    stats = {}
    pool = concurrent.futures.ThreadPoolExecutor(max(1, args.jobs))

    def campaign(label, cands, run_rejected=0):
        accepted, rejected = [], []
        checker_crashes = 0
        for i, (name, data) in enumerate(cands):
            path = write(f"{label}-{i}.bc", data)
            verdict = checker.check(path)
            if verdict == "CHECKER-CRASH":
                checker_crashes += 1
                repro = os.path.join(args.out, f"checker-crash-{name}.bc")
                with open(repro, "wb") as f:
                    f.write(data)
                print(f"CHECKER-CRASH on a {label}: {repro}")
                continue
            (accepted if verdict == "OK" else rejected).append(
                (name, path, data))
        runs = [("accepted", c) for c in accepted]
        runs += [("rejected", c) for c in rng.sample(rejected, min(run_rejected, len(rejected)))]
        futures = {pool.submit(run_jxc, args.jxc, c[1], args.timeout): (kind, c)
                   for kind, c in runs}
        outcome = {"accepted": {}, "rejected": {}}
        where = {}  # crash signature -> count, rejected inputs
        bad = 0
        for fut in concurrent.futures.as_completed(futures):
            kind, (name, path, data) = futures[fut]
            status, rc, err = fut.result()
            key = status if status != "ok" else f"exit {rc}"
            outcome[kind][key] = outcome[kind].get(key, 0) + 1
            if status == "error":  # jxc could not be started: not counted
                continue
            if status == "crash" and kind == "rejected":
                sig = signature(err)
                where[sig] = where.get(sig, 0) + 1
            if status != "ok":
                repro = os.path.join(args.out, f"{kind}-{status}-{name}.bc")
                with open(repro, "wb") as f:
                    f.write(data)
                with open(repro + ".txt", "w") as f:
                    f.write(f"jxc run {repro}\nstatus {status} rc {rc}\n{err}")
                if kind == "accepted":
                    bad += 1
                    print(f"{status.upper()} on an accepted {label}: {repro}"
                          f" [{signature(err)}]")
        stats[label] = (len(cands), len(accepted), len(rejected), outcome,
                        where)
        return bad + checker_crashes

    failures += campaign("truncation", truncations)
    failures += campaign("mutant", mutants, args.unchecked)
    checker.close()
    pool.shutdown()

    for label, (total, acc, rej, outcome, where) in stats.items():
        print(f"{label}s: {total}, rejected by the check: {rej}, accepted: {acc}")
        for kind in ("accepted", "rejected"):
            if outcome[kind]:
                parts = ", ".join(f"{k}: {v}" for k, v in sorted(outcome[kind].items()))
                print(f"  jxc run on {kind}: {parts}")
        for sig, n in sorted(where.items(), key=lambda kv: -kv[1]):
            print(f"    crashed (rejected by the check) {n}x in {sig}")
    print("failures (refused seeds, crashes of the check, jxc crashes or "
          "hangs on accepted inputs):", failures)
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
