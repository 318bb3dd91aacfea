#!/usr/bin/env python3
"""Mutation stress test of jx-opt (no libFuzzer needed).

Takes seed programs (by default the `// -----` chunks of the conformance
files), mutates them (delete, duplicate, flip or insert bytes, insert MLIR
tokens, swap lines, splice two seeds, truncate), runs jx-opt on each mutant
with a timeout and reports every crash (killed by a signal, an LLVM fatal
error or crash banner) and every hang. A mutant jx-opt accepts is printed
again and re-parsed: output that does not parse back is reported as a
round-trip failure.

Reproducers go to --out (crash-*.mlir, hang-*.mlir, roundtrip-*.mlir, each
with a .txt holding the command and the tail of stderr); --minimize shrinks
each one (line-wise, then byte-wise) while it still fails the same way.

  scripts/fuzz_jx_opt.py --jx-opt build/bin/jx-opt --time 300
  scripts/fuzz_jx_opt.py --seeds 'test/**/*.mlir' --time 60 --seed 7

Exit status: 0 when nothing was found, 1 otherwise.
"""

import argparse
import glob
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time

DEFAULT_SEEDS = [
    "/work/shared/conformance/interpret/*.mlir",
    "/work/shared/conformance/jax-sample/*.mlir",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test",
                 "**", "*.mlir"),
]

# Tokens worth inserting: brackets, punctuation, numbers at the edges of their
# types, and fragments of the syntax jx parses.
TOKENS = [
    b"<", b">", b"[", b"]", b"{", b"}", b"(", b")", b",", b":", b"=", b"->",
    b"?", b"x", b"%0", b"%arg0", b"^bb0", b"@main", b"-1", b"0", b"1",
    b"-9223372036854775808", b"9223372036854775807", b"18446744073709551616",
    b"2147483648", b"1e999", b"nan", b"0x7FF8000000000000", b"0x",
    b"tensor<", b"tensor<?x", b"tensor<0x", b"tensor<*x", b"!stablehlo.token",
    b"complex<f32>", b"i1", b"ui64", b"f8E4M3FN", b"dense<", b"dense<[",
    b"array<i64: ", b"stablehlo.", b"check.", b"sdy.", b"func.return",
    b"stablehlo.return", b"\"stablehlo.", b"#stablehlo<", b"#stablehlo.",
    b"#sdy.sharding<", b"sdy.mesh @m = <", b"loc(", b"#loc", b"{\n", b"}\n",
    b"// -----\n", b"\x00", b"\xff", b"\"", b"\\",
]


def load_seeds(patterns):
    seeds = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern, recursive=True)):
            try:
                data = open(path, "rb").read()
            except OSError:
                continue
            for chunk in re.split(rb"^// -----.*$", data, flags=re.M):
                # Drop RUN/CHECK comments: they only cost time.
                lines = [l for l in chunk.splitlines(keepends=True)
                         if not l.lstrip().startswith(b"//")]
                chunk = b"".join(lines).strip()
                if chunk:
                    seeds.append((path, chunk + b"\n"))
    return seeds


def mutate(rng, data, seeds):
    """One to four random edits of `data`."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        n = len(data)
        kind = rng.randrange(13)
        if n == 0:
            data += rng.choice(TOKENS)
            continue
        i = rng.randrange(n)
        if kind == 0:  # delete a range
            del data[i:i + rng.randint(1, min(16, n - i))]
        elif kind == 1:  # duplicate a range
            j = min(n, i + rng.randint(1, 64))
            data[i:i] = data[i:j]
        elif kind == 2:  # flip bits
            for _ in range(rng.randint(1, 4)):
                k = rng.randrange(n)
                data[k] ^= 1 << rng.randrange(8)
        elif kind == 3:  # overwrite with a random byte
            data[i] = rng.randrange(256)
        elif kind == 4:  # overwrite with a printable byte of MLIR
            data[i] = ord(rng.choice("<>[]{}(),:=%@#!^?x0123456789-\" \n"))
        elif kind in (5, 6):  # insert a token
            data[i:i] = rng.choice(TOKENS)
        elif kind == 7:  # truncate
            del data[i:]
        elif kind == 8:  # swap or duplicate a line
            lines = bytes(data).splitlines(keepends=True)
            if len(lines) > 1:
                a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
                if rng.random() < 0.5:
                    lines[a], lines[b] = lines[b], lines[a]
                else:
                    lines.insert(a, lines[b])
                data = bytearray(b"".join(lines))
        elif kind in (10, 11, 12):  # change a number: dims, indices, sizes
            numbers = list(re.finditer(rb"(?<![\w.])-?\d+(?![\w.])",
                                       bytes(data)))
            if numbers:
                m = rng.choice(numbers)
                value = int(m.group())
                new = rng.choice([value + 1, value - 1, -1, 0, 1, 2, 3, 64,
                                  value * 2, 2**31, 2**63 - 1, -2**63])
                data[m.start():m.end()] = str(new).encode()
        else:  # splice in a piece of another seed
            other = rng.choice(seeds)[1]
            j = rng.randrange(len(other))
            data[i:i] = other[j:j + rng.randint(1, 200)]
    return bytes(data)


CRASH_MARKERS = (
    b"PLEASE submit a bug report",
    b"LLVM ERROR",
    b"Assertion",
    b"UNREACHABLE",
    b"Stack dump",
)


def run(jx_opt, data, timeout, extra_args):
    """Runs jx-opt on `data`; returns (status, returncode, stdout, stderr)
    with status in ok, error, crash, hang."""
    with tempfile.NamedTemporaryFile(suffix=".mlir", delete=False) as f:
        f.write(data)
        path = f.name
    try:
        proc = subprocess.run([jx_opt, path] + extra_args,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return "hang", None, e.stdout or b"", e.stderr or b""
    finally:
        os.unlink(path)
    rc = proc.returncode
    if rc < 0 or rc > 1 or any(m in proc.stderr for m in CRASH_MARKERS):
        return "crash", rc, proc.stdout, proc.stderr
    if rc == 1:
        # Error exits must say where: file:line:col: error:
        if b": error:" not in proc.stderr:
            return "nolocation", rc, proc.stdout, proc.stderr
        return "error", rc, proc.stdout, proc.stderr
    return "ok", rc, proc.stdout, proc.stderr


def classify(jx_opt, data, timeout, extra_args, roundtrip):
    """The failure `data` triggers (crash, hang, nolocation, roundtrip) with
    a signature, or None."""
    status, rc, out, err = run(jx_opt, data, timeout, extra_args)
    if status in ("crash", "hang", "nolocation"):
        return status, signature(status, rc, err), err
    if status == "ok" and roundtrip:
        status2, rc2, out2, err2 = run(jx_opt, out, timeout, extra_args)
        if status2 in ("crash", "hang"):
            return status2, signature(status2, rc2, err2), err2
        if status2 != "ok":
            return "roundtrip", signature("roundtrip", rc2, err2), err2
        if out2 != out:
            return "roundtrip", "roundtrip: output changes on reprint", b""
    return None


def signature(status, rc, err):
    """A short key that groups failures with the same cause."""
    if status == "hang":
        return "hang"
    text = err.decode("utf-8", "replace")
    frames = re.findall(r"#\d+ 0x[0-9a-f]+ (?:in )?(\S+)", text)
    frames = [f for f in frames if "llvm::sys::" not in f and
              "SignalHandler" not in f and not f.startswith("_")]
    for line in text.splitlines():
        if "LLVM ERROR" in line or "Assertion" in line:
            return f"{status}: {line.strip()[:160]}"
    if frames:
        return f"{status} (rc={rc}): {' < '.join(frames[:3])[:200]}"
    errors = [l for l in text.splitlines() if "error:" in l]
    if errors:
        msg = re.sub(r"^.*?error: ", "", errors[0])
        msg = re.sub(r"\d+", "N", msg)
        return f"{status} (rc={rc}): {msg[:160]}"
    return f"{status} (rc={rc})"


def minimize(jx_opt, data, timeout, extra_args, roundtrip, want, deadline):
    """Greedy delta debugging: drop line chunks, then byte chunks, while the
    same signature reproduces."""
    def same(candidate):
        if time.time() > deadline:
            return False
        got = classify(jx_opt, candidate, timeout, extra_args, roundtrip)
        return got is not None and got[1] == want

    for unit in ("lines", "bytes"):
        parts = (data.splitlines(keepends=True) if unit == "lines"
                 else [bytes([b]) for b in data])
        chunk = max(1, len(parts) // 2)
        while chunk >= 1 and time.time() < deadline:
            i = 0
            changed = False
            while i < len(parts):
                candidate = parts[:i] + parts[i + chunk:]
                if candidate and same(b"".join(candidate)):
                    parts = candidate
                    changed = True
                else:
                    i += chunk
            if not changed:
                chunk //= 2
        data = b"".join(parts)
        if unit == "lines" and len(data) > 4096:
            break  # byte-wise would take too long
    return data


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jx-opt", default="build/bin/jx-opt")
    parser.add_argument("--seeds", action="append",
                        help="glob of seed files (repeatable); default: the "
                             "conformance programs and jx's own tests")
    parser.add_argument("--time", type=float, default=120,
                        help="seconds to fuzz (default 120)")
    parser.add_argument("--runs", type=int, default=0,
                        help="stop after this many mutants (0: no limit)")
    parser.add_argument("--timeout", type=float, default=10,
                        help="seconds before a run counts as a hang")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed (default: time)")
    parser.add_argument("--out", default="/tmp/jx-fuzz",
                        help="directory for reproducers")
    parser.add_argument("--no-roundtrip", action="store_true",
                        help="do not re-parse what jx-opt prints")
    parser.add_argument("--minimize", action="store_true",
                        help="shrink each new reproducer")
    parser.add_argument("--all-seeds", action="store_true",
                        help="mutate every seed equally; by default seeds "
                             "jx-opt accepts are picked 4 times out of 5")
    parser.add_argument("--args", default="",
                        help="extra jx-opt arguments, e.g. '--canonicalize'")
    args = parser.parse_args()

    if not os.access(args.jx_opt, os.X_OK):
        sys.exit(f"fuzz_jx_opt: {args.jx_opt} is not executable")
    seeds = load_seeds(args.seeds or DEFAULT_SEEDS)
    if not seeds:
        sys.exit("fuzz_jx_opt: no seed files")
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    extra = args.args.split()
    roundtrip = not args.no_roundtrip
    os.makedirs(args.out, exist_ok=True)
    # Mutants of programs jx-opt accepts reach further than mutants of ones
    # it rejects at their first op.
    valid = seeds
    if not args.all_seeds:
        valid = [s for s in seeds
                 if run(args.jx_opt, s[1], args.timeout, extra)[0] == "ok"]
        print(f"fuzz_jx_opt: jx-opt accepts {len(valid)} of {len(seeds)} "
              f"seeds", flush=True)
        valid = valid or seeds
    print(f"fuzz_jx_opt: {len(seeds)} seeds, random seed {seed}, "
          f"{args.time:.0f}s, reproducers in {args.out}", flush=True)

    found = {}
    runs = 0
    start = time.time()
    deadline = start + args.time
    while time.time() < deadline and (not args.runs or runs < args.runs):
        path, base = rng.choice(valid if rng.random() < 0.8 else seeds)
        data = mutate(rng, base, seeds)
        runs += 1
        got = classify(args.jx_opt, data, args.timeout, extra, roundtrip)
        if got is None:
            continue
        kind, sig, err = got
        if sig in found:
            found[sig][1] += 1
            continue
        if args.minimize:
            data = minimize(args.jx_opt, data, args.timeout, extra, roundtrip,
                            sig, time.time() + 60)
        name = f"{kind}-{hashlib.sha1(data).hexdigest()[:10]}"
        repro = os.path.join(args.out, name + ".mlir")
        with open(repro, "wb") as f:
            f.write(data)
        with open(os.path.join(args.out, name + ".txt"), "w") as f:
            f.write(f"seed file: {path}\nsignature: {sig}\n"
                    f"command: {args.jx_opt} {repro} {' '.join(extra)}\n\n")
            f.write(err.decode("utf-8", "replace")[-4000:])
        found[sig] = [repro, 1]
        print(f"[{time.time() - start:6.0f}s] NEW {sig}\n    {repro}",
              flush=True)

    elapsed = time.time() - start
    print(f"fuzz_jx_opt: {runs} runs in {elapsed:.0f}s, "
          f"{len(found)} distinct failures")
    for sig, (repro, count) in sorted(found.items()):
        print(f"  {count:5d}x {sig}\n         {repro}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
