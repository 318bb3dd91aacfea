// MLIR bytecode of jx's own dialects round-trips with text, and jxc runs it
// (the form is told from the content, not the file name).

// RUN: jx-opt %s --emit-bytecode -o %t.bc
// RUN: jx-opt %t.bc | FileCheck %s
// RUN: jx-opt %s | jx-opt --emit-bytecode | jx-opt | FileCheck %s
// RUN: jxc run %t.bc --input="2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=OUT
// RUN: cp %t.bc %t.mlir
// RUN: jxc run %t.mlir --input="2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3xf32>
// CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// CHECK-SAME: {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=2, j=3}>}
// OUT: result[0]: f32[3]
// OUT-NEXT: [5, 7, 9]
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=2, j=3}>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
