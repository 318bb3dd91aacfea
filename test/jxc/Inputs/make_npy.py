#!/usr/bin/env python3
"""Writes a .npy file without numpy, for jxc's tests.

  make_npy.py OUT DESCR SHAPE [VALUE ...]

DESCR is numpy's dtype string ('<f4', '<i4', '|b1', '>f4', '|O', ...), SHAPE
is comma separated ('2,3', '' for a scalar) and written into the header as
given, so that bad shapes can be tested. VALUEs are packed with the struct
code of DESCR; without VALUEs there is no data at all (the header may
promise any size). --extra N / --drop N append N zero bytes or remove the
last N bytes of the data.
"""
import argparse
import struct

CODES = {"f4": "f", "f8": "d", "f2": "e", "i1": "b", "i2": "h", "i4": "i",
         "i8": "q", "u1": "B", "u2": "H", "u4": "I", "u8": "Q", "b1": "?"}

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("descr")
p.add_argument("shape")
p.add_argument("values", nargs="*")
p.add_argument("--extra", type=int, default=0)
p.add_argument("--drop", type=int, default=0)
a = p.parse_args()

dims = [d.strip() for d in a.shape.split(",") if d.strip()]
shape = "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
header = f"{{'descr': '{a.descr}', 'fortran_order': False, 'shape': {shape}, }}"
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
code = CODES.get(a.descr[1:])
endian = ">" if a.descr[0] == ">" else "<"
if a.values:
    conv = float if code in "fde" else (lambda v: v == "1") if code == "?" else int
    data = struct.pack(endian + code * len(a.values), *map(conv, a.values))
else:
    data = b""
data = data[: len(data) - a.drop] + bytes(a.extra)
with open(a.out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little"))
    f.write(header.encode() + data)
