// A file cut off in the middle of an op.
// RUN: not jx-opt %s 2>&1 | FileCheck %s
// CHECK: truncated.mlir:7:{{[0-9]+}}: error: expected

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<2