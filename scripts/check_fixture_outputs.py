#!/usr/bin/env python3
"""Runs the JAX fixtures through `jxc run` and compares results with JAX's.

Usage:
  scripts/check_fixture_outputs.py JXC FIXTURE_DIR [--expect-fail-list FILE]
                                   [--only NAME ...] [--work-dir DIR]
                                   [--timeout SECONDS]
                                   [--form mlir|exported|exported_poly]

For every fixture `<name>` in FIXTURE_DIR/manifest.json (see
test/Fixtures/README.md) this runs

  JXC run <name>.mlir --input <name>.in0.npy ... --output-dir WORK/<name>

(with --form exported, the fixture's jax.export artifact instead:
`JXC run <name>.exported ...`, the file the manifest's "exported" names;
with --form exported_poly, the fixtures exported with a symbolic leading
dimension, `<name>.poly.exported`, and only those)

(with `--devices N` after `run` when the manifest entry has "devices": N > 1,
as the fixtures of test/Fixtures/multidevice do) and compares each
WORK/<name>/result<i>.npy with <name>.out<i>.npy under the
manifest's per-output tolerance: |got - want| <= atol + rtol * |want|
elementwise (NaN matches NaN, an infinity matches the same infinity), or bit
equality where the tolerance is "exact". Where the manifest gives a fixture
a "gauge" (Schur vectors, unique only up to a phase per column), the results
are first brought to the phases of JAX's (remove_gauge). It prints one line
per fixture,
`PASS <name>` or `FAIL <name>: <reason>`, then a summary.

bfloat16 arrays are stored in the fixtures as their uint16 bit patterns; the
script hands them to jxc as 2-byte void arrays (numpy's spelling of a dtype it
does not know, which jx reads as bfloat16) and reads jx's bfloat16 results the
same way.

With --expect-fail-list FILE (one fixture name per line, then a short reason;
`#` starts a comment), fixtures on the list may fail. The exit status is 1 if
a fixture that is not on the list fails (a regression), or if a fixture on the
list passes (remove it from the list: the list only shrinks), or if the list
names a fixture that does not exist. Without a list, any failure gives 1.
Exit status 2: bad arguments or an unreadable manifest.

Needs only python3 and numpy.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np


def load_expected_failures(path):
    """{name: reason} from a list file."""
    expected = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, _, reason = line.partition(" ")
            if name in expected:
                raise ValueError(f"{path}:{lineno}: {name} is listed twice")
            expected[name] = reason.strip()
    return expected


def first_error(stderr, stdout):
    """The first diagnostic jxc printed, without its file:line:col prefix."""
    for line in stderr.splitlines():
        m = re.search(r"\berror: (.*)", line)
        if m:
            return m.group(1).strip()
    for text in (stderr, stdout):
        for line in text.splitlines():
            if line.strip():
                return line.strip()
    return "(no message)"


def crash_site(stderr):
    """The first named frame of an LLVM stack dump, past the signal handlers."""
    for line in stderr.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.+?) \(\S+\)$", line)
        if m and "llvm::sys::" not in m.group(1):
            return m.group(1)
    return None


def to_jx_input(array, entry, work):
    """The .npy path jxc should read for one input entry of the manifest."""
    if entry.get("npy_storage") != "bfloat16_bits":
        return None
    path = os.path.join(work, "bf16." + os.path.basename(entry["file"]))
    np.save(path, np.ascontiguousarray(array.astype("<u2")).view("V2"))
    return path


def decode(array, dtype_name):
    """Values of a stored array for comparison: bf16 bits become float32."""
    if dtype_name == "bfloat16":
        bits = np.ascontiguousarray(array).view("<u2").astype(np.uint32)
        return (bits << 16).view(np.float32)
    return array


def fmt_index(flat, shape):
    if not shape:
        return "[]"
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(flat, shape)) + "]"


def compare(got, want, dtype_name, tolerance):
    """None when `got` matches `want`, else a reason."""
    if got.shape != want.shape:
        return f"shape {list(got.shape)}, want {list(want.shape)}"
    if got.size == 0:
        return None
    if tolerance == "exact":
        if got.dtype.kind in "fc":
            gb = np.ascontiguousarray(got).view(f"u{got.dtype.itemsize}")
            wb = np.ascontiguousarray(want).view(f"u{want.dtype.itemsize}")
            bad = (gb != wb).reshape(-1)
        else:
            bad = (got != want).reshape(-1)
        n = int(bad.sum())
        if n == 0:
            return None
        i = int(np.argmax(bad))
        return (f"{n}/{got.size} elements differ (exact match required); "
                f"first at {fmt_index(i, got.shape)}: got "
                f"{str(got.reshape(-1)[i])}, want {str(want.reshape(-1)[i])}")
    rtol, atol = float(tolerance["rtol"]), float(tolerance["atol"])
    is_complex = got.dtype.kind == "c" or want.dtype.kind == "c"
    wide = np.complex128 if is_complex else np.float64
    g = got.astype(wide).reshape(-1)
    w = want.astype(wide).reshape(-1)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(g - w)
        same_special = (np.isnan(g) & np.isnan(w)) | (
            np.isinf(g) & np.isinf(w) & (g == w))
        ok = same_special | (err <= atol + rtol * np.abs(w))
        bad = ~ok
        n = int(bad.sum())
        if n == 0:
            return None
        # The worst elements, NaN errors (a NaN where a number was wanted)
        # counting as the worst of all.
        abs_err = np.where(bad, np.nan_to_num(err, nan=np.inf), -1.0)
        rel_err = np.where(bad, np.nan_to_num(err / np.abs(w), nan=np.inf,
                                              posinf=np.inf), -1.0)
    ia, ir = int(np.argmax(abs_err)), int(np.argmax(rel_err))

    def where(i):
        # Values printed in their own dtype (shortest round-trip digits).
        return (f"at {fmt_index(i, got.shape)} (got {str(got.reshape(-1)[i])}, "
                f"want {str(want.reshape(-1)[i])})")

    return (f"{n}/{got.size} elements outside rtol={rtol:g} atol={atol:g}; "
            f"max abs err {abs_err[ia]:.3g} {where(ia)}; "
            f"max rel err {rel_err[ir]:.3g} {where(ir)}")


def remove_gauge(gauge, gots, wants):
    """Brings `gots` to the gauge of `wants` where a correct result is free
    to differ (the manifest's "gauge"); None, or why it cannot.

    "schur": Z's columns are Schur vectors, each fixed only up to a factor
    d_j of modulus 1 (a sign when real): if Z = Zw D, then T = D^H Tw D.
    d_j is the phase of <zw_j, z_j>; Z D^H and D T D^H are then compared
    with Zw and Tw as any output is, so a wrong Z or T still fails.
    """
    if gauge.get("kind") != "schur":
        return f"manifest.json: unknown gauge {gauge.get('kind')!r}"
    t, z = int(gauge["t"]), int(gauge["z"])
    if t not in gots or z not in gots:
        return None  # a dtype mismatch, reported already
    zg, zw, tg = gots[z], wants[z], gots[t]
    if zg.shape != zw.shape or tg.shape != wants[t].shape:
        return None  # compare() reports the shapes
    with np.errstate(invalid="ignore", divide="ignore"):
        c = np.einsum("...ij,...ij->...j", np.conj(zw).astype(np.complex128), zg)
        mag = np.abs(c)
        d = np.where(mag > 0.5, c / np.where(mag > 0, mag, 1), 1)
    if zg.dtype.kind != "c":
        d = np.sign(d.real)
        d = np.where(d == 0, 1, d)
    dc = np.conj(d)
    gots[z] = (zg * dc[..., None, :]).astype(zg.dtype)
    gots[t] = (d[..., :, None] * tg * dc[..., None, :]).astype(tg.dtype)
    return None


def check_fixture(jxc, fixture_dir, fixture, work, timeout, form="mlir"):
    """None when the fixture passes, else a reason."""
    name = fixture["name"]
    os.makedirs(work, exist_ok=True)
    if form not in fixture:
        return (f"manifest.json names no {form!r} file for it "
                f"(run scripts/gen_export_fixtures.py)")
    cmd = [jxc, "run"]
    # Multi-device fixtures (test/Fixtures/multidevice) say how many devices
    # their module runs on; single-device fixtures have no "devices" key.
    devices = int(fixture.get("devices", 1))
    if devices > 1:
        cmd += ["--devices", str(devices)]
    cmd.append(os.path.join(fixture_dir, fixture[form]))
    for entry in fixture["inputs"] + fixture["outputs"]:
        shape = list(np.load(os.path.join(fixture_dir, entry["file"]),
                             mmap_mode="r").shape)
        if shape != entry["shape"]:
            return (f"fixture data: {entry['file']} has shape {shape}, "
                    f"manifest.json says {entry['shape']}")
    for entry in fixture["inputs"]:
        path = os.path.join(fixture_dir, entry["file"])
        converted = to_jx_input(np.load(path), entry, work)
        cmd += ["--input", converted or path]
    out_dir = os.path.join(work, "out")
    cmd += ["--output-dir", out_dir]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"jxc run took longer than {timeout} s"
    if proc.returncode < 0:
        site = crash_site(proc.stderr)
        return (f"jxc crashed (signal {-proc.returncode})" +
                (f" in {site}" if site else
                 f": {first_error(proc.stderr, proc.stdout)}"))
    if proc.returncode != 0:
        return (f"jxc run exit {proc.returncode}: "
                f"{first_error(proc.stderr, proc.stdout)}")
    reasons = []
    gots, wants = {}, {}
    for i, entry in enumerate(fixture["outputs"]):
        got_path = os.path.join(out_dir, f"result{i}.npy")
        if not os.path.exists(got_path):
            return (f"jxc wrote no result{i}.npy "
                    f"(want {len(fixture['outputs'])} results)")
        try:
            got = np.load(got_path)
        except Exception as e:  # noqa: BLE001 - any unreadable file fails
            return f"result{i}.npy is not a readable .npy file: {e}"
        want = np.load(os.path.join(fixture_dir, entry["file"]))
        dtype_name = entry["dtype"]
        if dtype_name == "bfloat16":
            if got.dtype.itemsize != 2 or got.dtype.kind not in "Vu":
                reasons.append(f"out{i}: dtype {got.dtype.str}, want bfloat16")
                continue
        elif got.dtype != np.dtype(entry["npy_dtype"]):
            reasons.append(f"out{i}: dtype {got.dtype.name}, want {dtype_name}")
            continue
        gots[i], wants[i] = decode(got, dtype_name), decode(want, dtype_name)
    if "gauge" in fixture and not reasons:
        reason = remove_gauge(fixture["gauge"], gots, wants)
        if reason:
            reasons.append(reason)
    for i in sorted(gots):
        reason = compare(gots[i], wants[i], fixture["outputs"][i]["dtype"],
                         fixture["outputs"][i]["tolerance"])
        if reason:
            reasons.append(f"out{i}: {reason}")
    extra = os.path.join(out_dir, f"result{len(fixture['outputs'])}.npy")
    if os.path.exists(extra):
        reasons.append(f"jxc wrote more than {len(fixture['outputs'])} results")
    return "; ".join(reasons) or None


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("jxc", help="the jxc binary")
    parser.add_argument("fixture_dir", help="folder holding manifest.json")
    parser.add_argument("--expect-fail-list", metavar="FILE",
                        help="fixtures known not to pass yet")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="check only these fixtures")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="keep inputs and results here (default: a "
                             "temporary folder, removed afterwards)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds per fixture (default 300)")
    parser.add_argument("--form", choices=("mlir", "exported", "exported_poly"),
                        default="mlir",
                        help="run each fixture's StableHLO text (<name>.mlir, "
                             "the default) or its jax.export artifact "
                             "(<name>.exported)")
    args = parser.parse_args()

    try:
        with open(os.path.join(args.fixture_dir, "manifest.json")) as f:
            fixtures = json.load(f)["fixtures"]
        expected = (load_expected_failures(args.expect_fail_list)
                    if args.expect_fail_list else {})
    except (OSError, ValueError, KeyError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    names = {f["name"] for f in fixtures}
    if args.only:
        unknown = [n for n in args.only if n not in names]
        if unknown:
            print(f"error: no fixture named {', '.join(unknown)}",
                  file=sys.stderr)
            return 2
        fixtures = [f for f in fixtures if f["name"] in args.only]

    if args.form == "exported_poly":
        # Only the fixtures JAX could export with a symbolic leading
        # dimension have this form (scripts/gen_poly_export_fixtures.py).
        fixtures = [f for f in fixtures if "exported_poly" in f]
    work_root = args.work_dir or tempfile.mkdtemp(prefix="jx-fixtures.")
    passed, failed_expected, regressions, now_passing = [], [], [], []
    try:
        for fixture in sorted(fixtures, key=lambda f: f["name"]):
            name = fixture["name"]
            work = os.path.join(work_root, name)
            shutil.rmtree(work, ignore_errors=True)
            reason = check_fixture(args.jxc, args.fixture_dir, fixture, work,
                                   args.timeout, args.form)
            if reason is None:
                if name in expected:
                    print(f"PASS {name} (listed as an expected failure: "
                          f"remove it from the list)")
                    now_passing.append(name)
                else:
                    print(f"PASS {name}")
                    passed.append(name)
            elif name in expected:
                print(f"FAIL {name} (expected): {reason}")
                failed_expected.append(name)
            else:
                print(f"FAIL {name}: {reason}")
                regressions.append(name)
            sys.stdout.flush()
    finally:
        if not args.work_dir:
            shutil.rmtree(work_root, ignore_errors=True)

    stale = sorted(n for n in expected if n not in names)
    total = len(passed) + len(failed_expected) + len(regressions) + len(now_passing)
    print(f"{len(passed) + len(now_passing)}/{total} fixtures pass; "
          f"{len(failed_expected)} expected failures, "
          f"{len(regressions)} unexpected failures, "
          f"{len(now_passing)} listed fixtures now pass")
    status = 0
    for name in regressions:
        print(f"error: {name} fails and is not on the expected-failure list "
              f"(a regression, or a new fixture)")
        status = 1
    for name in now_passing:
        print(f"error: {name} passes now: remove {name} from "
              f"{args.expect_fail_list}")
        status = 1
    for name in stale:
        print(f"error: {args.expect_fail_list} names {name}, which is not a "
              f"fixture: remove it")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
