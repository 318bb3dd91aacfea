#!/usr/bin/env python3
"""Writes a program holding constants of 2 MiB (f32, ui8, bit-packed i1,
f16: large enough for jx to take them out of the text), its input and the
results numpy computes.

  large_constants.py DIR

DIR/f.mlir, DIR/x.npy, DIR/expected.npz (y, us, ps, hs); DIR/bad.mlir holds
a 1 MiB literal given a type of 10 elements.
"""
import numpy as np, sys, os
d = sys.argv[1]; os.makedirs(d, exist_ok=True)
n = 1 << 19  # 512K elements
rng = np.random.default_rng(2)
f = rng.standard_normal(n).astype(np.float32)          # 2 MiB
u = rng.integers(0, 256, 2 << 20).astype(np.uint8)      # 2 MiB ui8
p = rng.integers(0, 2, 16 << 20).astype(np.bool_)        # 16M bools, 2 MiB packed
h = rng.standard_normal(1 << 20).astype(np.float16)     # 2 MiB f16
def hx(a): return a.tobytes().hex().upper()
prog = f'''func.func @main(%x: tensor<{n}xf32>) -> (tensor<{n}xf32>, tensor<ui32>, tensor<i32>, tensor<f32>) {{
  %c = stablehlo.constant dense<"0x{hx(f)}"> : tensor<{n}xf32>
  %y = stablehlo.add %x, %c : tensor<{n}xf32>
  %u = stablehlo.constant dense<"0x{hx(u)}"> : tensor<{u.size}xui8>
  %uw = stablehlo.convert %u : (tensor<{u.size}xui8>) -> tensor<{u.size}xui32>
  %z = stablehlo.constant dense<0> : tensor<ui32>
  %us = stablehlo.reduce(%uw init: %z) applies stablehlo.add across dimensions = [0] : (tensor<{u.size}xui32>, tensor<ui32>) -> tensor<ui32>
  %p = stablehlo.constant dense<"0x{np.packbits(p, bitorder='little').tobytes().hex().upper()}"> : tensor<{p.size}xi1>
  %pi = stablehlo.convert %p : (tensor<{p.size}xi1>) -> tensor<{p.size}xi32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %ps = stablehlo.reduce(%pi init: %zi) applies stablehlo.add across dimensions = [0] : (tensor<{p.size}xi32>, tensor<i32>) -> tensor<i32>
  %h = stablehlo.constant dense<"0x{hx(h)}"> : tensor<{h.size}xf16>
  %hf = stablehlo.convert %h : (tensor<{h.size}xf16>) -> tensor<{h.size}xf32>
  %zf = stablehlo.constant dense<0.0> : tensor<f32>
  %hs = stablehlo.reduce(%hf init: %zf) applies stablehlo.add across dimensions = [0] : (tensor<{h.size}xf32>, tensor<f32>) -> tensor<f32>
  return %y, %us, %ps, %hs : tensor<{n}xf32>, tensor<ui32>, tensor<i32>, tensor<f32>
}}
'''
open(os.path.join(d, 'f.mlir'), 'w').write(prog)
x = rng.standard_normal(n).astype(np.float32)
np.save(os.path.join(d, 'x.npy'), x)
bad = rng.integers(0, 256, 1 << 20).astype(np.uint8)
open(os.path.join(d, 'bad.mlir'), 'w').write(
    'func.func @main() -> tensor<10xf32> {\n'
    f'  %c = stablehlo.constant dense<"0x{hx(bad)}"> : tensor<10xf32>\n'
    '  return %c : tensor<10xf32>\n}\n')
np.savez(os.path.join(d, 'expected.npz'), y=x + f, us=np.uint32(u.astype(np.uint64).sum()), ps=np.int32(p.sum()), hs=np.float32(h.astype(np.float64).sum()))
