#!/usr/bin/env python3
"""The pipeline explorer in a real browser: `jxc explore` pages opened by
headless Chromium, driven through the DevTools protocol over a pipe
(--remote-debugging-pipe; Python's standard library only).

For the MLP train step (examples/mlp_train.cpp: jx-mlp-train --stages
writes its page through the C++ frontend's Compiled::explore) and JAX
fixtures (through `jxc explore`), it checks that the page is under 5 MB, loads in
under 2 s, has the eight stages each non-empty, that the three modes switch,
that selecting a StableHLO op highlights its counterpart in the next stage,
that elementwise ops, reductions and dots are followed down to the loop
nests, LLVM IR and assembly, and that the console has no errors; it writes a
screenshot of each mode under the output folder.

  explorer_test.py --jxc build/bin/jxc --src . --out build/explorer-test
                   [--mlp-train build/bin/jx-mlp-train] [--chromium PATH]

Exit codes: 0 pass, 1 fail, 77 skipped (no Chromium: apt-get install
chromium), which ctest reports as skipped (SKIP_RETURN_CODE).
"""

import argparse
import base64
import fcntl
import glob
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77
REQUIRED_STAGES = ["stablehlo", "hlo", "linalg", "bufferized", "loops",
                   "llvm-dialect", "llvm-ir", "asm"]
DEEP_STAGES = ["linalg", "loops", "llvm-ir", "asm"]
MAX_BYTES = 5 * 1024 * 1024
MAX_LOAD_MS = 2000


def find_chromium(explicit):
    for name in [explicit, os.environ.get("JX_CHROMIUM"), "chromium",
                 "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Browser:
    """Headless Chromium driven through the DevTools protocol on fds 3/4."""

    def __init__(self, exe, workdir):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Out of the way of 3 and 4 before the child moves them there.
        hi = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_chrome_r, from_chrome_w)]
        for fd in (to_chrome_r, from_chrome_w):
            os.close(fd)

        def child():
            os.dup2(hi[0], 3)
            os.dup2(hi[1], 4)

        self.log = open(os.path.join(workdir, "chromium.log"), "wb")
        args = [exe, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-dev-shm-usage", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update",
                "--user-data-dir=" + os.path.join(workdir, "profile"), "about:blank"]
        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=child,
                                     stdin=subprocess.DEVNULL, stdout=self.log,
                                     stderr=subprocess.STDOUT)
        for fd in hi:
            os.close(fd)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.next_id = 0
        self.replies = {}
        self.events = queue.Queue()
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.session = None

    def _read(self):
        buf = b""
        while True:
            chunk = self.inp.read(65536)
            if not chunk:
                with self.cond:
                    self.replies[None] = "closed"
                    self.cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                msg, buf = buf.split(b"\0", 1)
                m = json.loads(msg)
                if "id" in m:
                    with self.cond:
                        self.replies[m["id"]] = m
                        self.cond.notify_all()
                else:
                    self.events.put(m)

    def call(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        i = self.next_id
        msg = {"id": i, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        with self.cond:
            while i not in self.replies:
                if None in self.replies:
                    raise RuntimeError("chromium closed the pipe (see chromium.log)")
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError(method)
                self.cond.wait(left)
            m = self.replies.pop(i)
        if "error" in m:
            raise RuntimeError("%s: %s" % (method, m["error"]))
        return m.get("result", {})

    def open_page(self, width=1600, height=1000):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)
        att = self.call("Target.attachToTarget",
                        {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = att["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def drain(self):
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def evaluate(self, expr, timeout=30):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                           "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluating %s: %s" % (expr, json.dumps(r["exceptionDetails"])[:800]))
        return r["result"].get("value")

    def screenshot(self, path):
        r = self.call("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def console_errors(events):
    errs = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.exceptionThrown":
            errs.append("exception: " + json.dumps(p.get("exceptionDetails", {}))[:500])
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            errs.append("console.%s: %s" % (p["type"], json.dumps(p.get("args"))[:500]))
        elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            errs.append("log: " + p["entry"].get("text", "")[:500])
    return errs


class Checks:
    def __init__(self):
        self.failures = []

    def check(self, ok, what):
        print("  %s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            self.failures.append(what)


def explore(jxc, program, out, extra):
    cmd = [jxc, "explore", program, "-o", out] + extra
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s" % (" ".join(cmd), r.returncode, r.stderr))
    return time.time() - t0


def test_page(browser, checks, name, path, deep, shots=None):
    size = os.path.getsize(path)
    print("%s: %s (%.2f MB)" % (name, path, size / 1e6))
    checks.check(size < MAX_BYTES, "%s: page under 5 MB (%.2f MB)" % (name, size / 1e6))
    browser.drain()
    t0 = time.time()
    browser.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
    ready = None
    while time.time() - t0 < 30:
        try:
            ready = browser.evaluate("(document.getElementById('jx-status')||{dataset:{}}).dataset.ready")
        except RuntimeError:
            ready = None
        if ready == "1":
            break
        time.sleep(0.02)
    wall_ms = (time.time() - t0) * 1000
    if ready != "1":
        errs = console_errors(browser.drain())
        try:
            errs.append(str(browser.evaluate("document.getElementById('jx-status').dataset.lastError")))
        except RuntimeError:
            pass
        checks.check(False, "%s: the page reports ready: %s" % (name, "; ".join(errs)[:1500]))
        return
    checks.check(True, "%s: the page reports ready" % name)
    page_ms = float(browser.evaluate("document.getElementById('jx-status').dataset.loadMs"))
    print("  load: %.0f ms in the page (navigation start to first render), %.0f ms measured here" % (page_ms, wall_ms))
    checks.check(page_ms < MAX_LOAD_MS and wall_ms < MAX_LOAD_MS + 500,
                 "%s: loads in under 2 s (%.0f ms)" % (name, page_ms))
    res = browser.evaluate("JSON.stringify(window.jxExplorer.selfTest())")
    res = json.loads(res)
    ids = [s["id"] for s in res["stages"]]
    checks.check(all(s in ids for s in REQUIRED_STAGES) and len(ids) >= 8,
                 "%s: eight stages or more (%s)" % (name, ", ".join(ids)))
    empty = [s["id"] for s in res["stages"] if s["lines"] == 0 or s["ops"] == 0]
    checks.check(not empty, "%s: every stage non-empty%s" % (name, (" (empty: %s)" % empty) if empty else ""))
    checks.check(all(res["modes"].values()) and len(res["modes"]) == 3,
                 "%s: the three modes switch (%s)" % (name, res["modes"]))
    sel = res["select"]
    checks.check(sel["domSelected"] > 0 and sel["domMatched"] > 0 and sel["next"] and sel["next"]["lines"],
                 "%s: selecting %s in StableHLO highlights %d line(s) of %s" % (
                     name, sel["op"], sel["domMatched"], sel["next"]["stage"] if sel["next"] else "?"))
    for kind in deep:
        f = res["follow"].get(kind)
        if not f:
            checks.check(False, "%s: the program has a %s to follow" % (name, kind))
            continue
        counts = {s: f["stages"].get(s, 0) for s in DEEP_STAGES}
        checks.check(all(counts.values()), "%s: %s (line %d) followed to %s" % (
            name, f["op"], f["line"], ", ".join("%s %d" % kv for kv in counts.items())))
    # The diff view renders.
    n = browser.evaluate("window.jxExplorer.diff(%d)" % max(1, ids.index("linalg")))
    checks.check(n > 0, "%s: the diff of linalg against hlo shows %d changed lines" % (name, n))
    browser.evaluate("window.jxExplorer.show(%d); 0" % ids.index("stablehlo"))
    if shots:
        for mode in ("pipeline", "levels", "deploy"):
            browser.evaluate("window.jxExplorer.setMode('%s')" % mode)
            if mode == "pipeline":
                # A tanh selected in StableHLO, its fused loop nest
                # highlighted in the linalg stage beside it.
                browser.evaluate("""(function(){var J=window.jxExplorer, O=J.data.origins;
                  J.show(%d, %d);
                  for (var o=0;o<O.length;o++) if (/tanh|exponential/.test(O[o][1])) { J.selectOrigin(o); break; }
                  return 0;})()""" % (ids.index("stablehlo"), ids.index("linalg")))
            time.sleep(0.15)
            shot = os.path.join(shots, "explorer-%s.png" % mode)
            browser.screenshot(shot)
            print("  screenshot: %s" % shot)
    errs = console_errors(browser.drain())
    page_errs = browser.evaluate("window.jxExplorer.errors.slice()")
    checks.check(not errs and not page_errs, "%s: no console errors%s" % (
        name, "" if not errs and not page_errs else ": " + "; ".join(errs + page_errs)[:1500]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jxc", required=True)
    ap.add_argument("--src", required=True, help="the jx checkout")
    ap.add_argument("--out", required=True, help="where pages and screenshots go")
    ap.add_argument("--mlp-train", help="jx-mlp-train, for the MLP train step")
    ap.add_argument("--chromium")
    ap.add_argument("--size", default="1600x1000", help="the window (and screenshots), WxH")
    ap.add_argument("--fixtures", metavar="GLOB",
                    help="also every JAX fixture whose name matches (e.g. '*'): "
                         "a page each, checked in the browser (minutes)")
    args = ap.parse_args()
    start = time.time()
    chromium = find_chromium(args.chromium)
    if not chromium:
        print("SKIP: no Chromium found (apt-get install chromium, or set JX_CHROMIUM); "
              "the explorer's browser test needs it")
        return SKIP
    os.makedirs(args.out, exist_ok=True)
    fixtures = os.path.join(args.src, "test", "Fixtures", "jax")
    pages = []  # (name, path, deep kinds, screenshots?)

    # The MLP train step, as ./jx.sh demo compiles it: its page is written by
    # the C++ frontend's Compiled::explore, run on the first batch.
    step = None
    if args.mlp_train and os.path.exists(args.mlp_train):
        stages = os.path.join(args.out, "mlp_stages")
        t0 = time.time()
        r = subprocess.run([args.mlp_train, "--epochs", "1", "--min-accuracy", "0",
                            "--stages", stages], capture_output=True, text=True)
        page = os.path.join(stages, "explorer.html")
        if r.returncode == 0 and os.path.exists(page):
            step = page
            print("jx-mlp-train (one epoch, stages and Compiled::explore): %.1f s"
                  % (time.time() - t0))
        else:
            print("note: jx-mlp-train could not run (%d): %s" % (r.returncode, r.stderr.strip()[-300:]))
    if step:
        pages.append(("MLP train step", step, ["elementwise", "reduction", "dot"], True))
    else:
        print("note: no MLP train step (jx-mlp-train missing or failed): using "
              "the JAX fixture mlp_grad.mlir in its place")
    for fixture, deep in (("mlp_grad", ["elementwise", "reduction", "dot"]),
                          ("mlp_forward", ["elementwise", "dot"])):
        prog = os.path.join(fixtures, fixture + ".mlir")
        extra = ["--source", os.path.join(fixtures, fixture + ".jaxpr.txt")]
        for npy in sorted(glob.glob(os.path.join(fixtures, fixture + ".in*.npy"))):
            extra += ["--input", npy]
        out = os.path.join(args.out, fixture + ".html")
        secs = explore(args.jxc, prog, out, extra)
        print("jxc explore (%s): %.1f s" % (fixture, secs))
        pages.append((fixture, out, deep, not step and fixture == "mlp_grad"))

    fixture_failures = []
    if args.fixtures:
        for prog in sorted(glob.glob(os.path.join(fixtures, args.fixtures + ".mlir"))):
            base = prog[:-len(".mlir")]
            extra = []
            if os.path.exists(base + ".jaxpr.txt"):
                extra += ["--source", base + ".jaxpr.txt"]
            for npy in sorted(glob.glob(base + ".in*.npy")):
                extra += ["--input", npy]
            out = os.path.join(args.out, "fixtures", os.path.basename(base) + ".html")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            try:
                explore(args.jxc, prog, out, extra)
            except RuntimeError:
                # Inputs jxc run does not take as stored (bf16 as uint16
                # bits, see check_fixture_outputs.py): the page without a run.
                try:
                    explore(args.jxc, prog, out, [e for e in extra if not e.endswith(".npy") and e != "--input"])
                except RuntimeError as e:
                    fixture_failures.append(str(e))
                    continue
            pages.append((os.path.basename(base), out, [], False))

    checks = Checks()
    for f in fixture_failures:
        checks.check(False, f)
    with tempfile.TemporaryDirectory(prefix="jx-explorer-") as work:
        browser = Browser(chromium, work)
        try:
            browser.open_page(*[int(x) for x in args.size.split("x")])
            for name, path, deep, shots in pages:
                test_page(browser, checks, name, path, deep, args.out if shots else None)
        finally:
            browser.close()
    print("explorer browser test: %d checks failed, %.1f s" % (len(checks.failures), time.time() - start))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
