"""Rewrites MLIR bytecode's producer string to StableHLO's, so that jx reads
the file as a portable artifact: as_portable.py IN OUT [VERSION].

The producer follows the magic number and the version varint (one byte
while the version is below 128) and ends at a NUL. Nothing after it is addressed
from the start of the file except the padding of aligned sections, which
files without resources (these tests') do not have: its length may change."""
import sys

data = open(sys.argv[1], "rb").read()
version = sys.argv[3] if len(sys.argv) > 3 else "1.15.0"
assert data[:4] == b"ML\xefR" and data[4] < 0x80, "not MLIR bytecode"
end = data.index(b"\0", 5)
open(sys.argv[2], "wb").write(data[:5] + b"StableHLO_v" + version.encode() + data[end:])
