"""rewrite_jxe.py IN OUT OLD NEW: replaces the first OLD string field of a
serialized jx executable (see lib/runtime/executable.cpp for the format) by
NEW of the same length and writes it with a valid checksum, as a file
written by another jx version or on another CPU would be."""
import struct
import sys

src, dst, old, new = sys.argv[1:5]
assert len(old) == len(new)
data = bytearray(open(src, "rb").read())
field = struct.pack("<Q", len(old)) + old.encode()
at = data.find(field, 8)
assert at > 0, "no field " + old
data[at + 8 : at + 8 + len(new)] = new.encode()
h = 1469598103934665603
for b in data[:-8]:
    h = ((h ^ b) * 1099511628211) & (2**64 - 1)
data[-8:] = struct.pack("<Q", h)
open(dst, "wb").write(data)
