// jx-expand-math-like-xla computes f32 exp and tanh with fewer instructions
// than MLIR's polynomial approximations of the same formulas (Eigen's,
// which XLA:CPU uses), and must give the same bits on every f32 input,
// NaN payloads included. The script compiles both expansions into one
// loop over all 2^32 bit patterns and counts the lanes that differ.
// RUN: python3 %jx_src_root/scripts/check_math_rewrites.py --jx-opt jx-opt | FileCheck %s
// CHECK: exp: inputs 4294967296 differing 0
// CHECK: tanh: inputs 4294967296 differing 0
// CHECK: PASS
