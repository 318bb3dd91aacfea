#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpus, fuzz/corpus/<target>/.

MLIR seeds are chunks (split at `// -----`, comment lines dropped) of jx's
own tests: test/Dialect and test/Robustness for parse_verify, test/e2e for
compile, and a few of the JAX fixtures for both, an evenly spaced selection
of the small ones. .npy seeds are made here with numpy: every dtype jxc
reads, 0-d, empty and 3-d shapes, header versions 1 to 3, and files jxc
must refuse (Fortran order, big-endian, truncated, bad magic). jax.export
seeds are the smallest .exported fixtures.

The StableHLO conformance programs (../shared/conformance) are not copied
(their README asks for that); jx.sh fuzz reads them as extra seeds where
they are present. Run from anywhere: python3 fuzz/make_corpus.py
"""
import glob
import io
import os
import shutil

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")
MAX_SEED = 1500  # bytes: small seeds mutate and run fast


def pieces(chunk):
    """A chunk, or its top-level functions when it is too large."""
    lines = [l for l in chunk.splitlines() if not l.lstrip().startswith("//")]
    text = "\n".join(lines).strip() + "\n"
    if len(text) <= MAX_SEED:
        return [text]
    return ["func.func" + f for f in text.split("\nfunc.func")[1:]]


def chunks(path):
    """The test cases of a lit test file, without comment lines."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    i = 0
    for chunk in text.split("\n// -----\n"):
        for body in pieces(chunk):
            if body.strip() and len(body) <= MAX_SEED:
                yield i, body
            i += 1


def spread(items, n):
    """n items evenly spaced over the list (all of it when shorter)."""
    if len(items) <= n:
        return items
    return [items[(i * len(items)) // n] for i in range(n)]


def mlir_seeds(patterns, n):
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            stem = os.path.splitext(os.path.relpath(path, os.path.join(ROOT, "test")))[0]
            name = stem.replace(os.sep, "-")
            found += [("%s-%d.mlir" % (name, i), body) for i, body in chunks(path)]
    return spread(found, n)


def npy_bytes(array, version=None):
    out = io.BytesIO()
    np.lib.format.write_array(out, array, version=version, allow_pickle=False)
    return out.getvalue()


def npy_seeds():
    rng = np.random.default_rng(0)
    seeds = {}
    for dtype in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                  "uint32", "uint64", "float16", "float32", "float64",
                  "complex64", "complex128"]:
        a = (rng.standard_normal((2, 3)) * 4).astype(dtype)
        seeds["%s-2x3.npy" % dtype] = npy_bytes(a)
    seeds["float32-scalar.npy"] = npy_bytes(np.float32(1.5))
    seeds["float32-empty.npy"] = npy_bytes(np.zeros((0, 4), np.float32))
    seeds["int32-3d.npy"] = npy_bytes(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
    seeds["float64-v2.npy"] = npy_bytes(np.arange(3.0), version=(2, 0))
    seeds["int16-v3.npy"] = npy_bytes(np.arange(5, dtype=np.int16), version=(3, 0))
    # bfloat16 as ml_dtypes saves it: two-byte voids.
    seeds["bfloat16-v2.npy"] = npy_bytes(np.array([0x3F80, 0x4000], "<u2").view("V2"))
    bools = bytearray(npy_bytes(np.array([True, False, True])))
    bools[-3] = 7  # numpy reads any nonzero byte as True
    seeds["bool-bytes.npy"] = bytes(bools)
    # Refused, each with its own message.
    seeds["fortran.npy"] = npy_bytes(np.asfortranarray(np.ones((2, 2), np.float32)))
    seeds["big-endian.npy"] = npy_bytes(np.arange(4, dtype=">i4"))
    seeds["truncated.npy"] = npy_bytes(np.arange(8, dtype=np.float32))[:-5]
    seeds["bad-magic.npy"] = b"\x93NUMPZ" + npy_bytes(np.ones(2))[6:]
    seeds["object.npy"] = npy_bytes(np.array(["ab", "c"]))
    return seeds


def exported_seeds(n):
    """The n smallest jax.export files of test/Fixtures (export/ and jax/)."""
    paths = glob.glob(os.path.join(ROOT, "test/Fixtures/export/*.exported"))
    paths += glob.glob(os.path.join(ROOT, "test/Fixtures/jax/*.exported"))
    paths.sort(key=lambda p: (os.path.getsize(p), p))
    seeds = []
    for p in paths[:n]:
        with open(p, "rb") as f:
            seeds.append((os.path.basename(p), f.read()))
    return seeds


def write(target, files):
    folder = os.path.join(OUT, target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name, body in files:
        mode = "wb" if isinstance(body, bytes) else "w"
        with open(os.path.join(folder, name), mode) as f:
            f.write(body)
    print("%s: %d seeds, %d bytes" % (target, len(files), sum(len(b) for _, b in files)))


def main():
    fixtures = mlir_seeds(["test/Fixtures/jax/*.mlir"], 8)
    write("parse_verify",
          mlir_seeds(["test/Dialect/**/*_ops.mlir"], 20) +
          mlir_seeds(["test/Dialect/**/*_invalid.mlir"], 16) +
          mlir_seeds(["test/Robustness/*.mlir"], 6) + fixtures)
    write("compile", mlir_seeds(["test/e2e/*.mlir"], 24) + fixtures)
    write("read_npy", sorted(npy_seeds().items()))
    write("exported", exported_seeds(4))


if __name__ == "__main__":
    main()
