// RUN: jxc compile %s --emit=linalg | FileCheck %s
// RUN: jxc compile %s --emit=loops | FileCheck %s --check-prefix=LOOPS

// A softmax over rows of 16 f32 is not a loop over rows (jx-fuse-rows
// leaves rows of fewer than 64 elements, a multiple of 16, to whole-array
// nests): its two reductions run 16 rows at a time, the rows loaded as
// vectors and transposed in registers (jx-short-inner-loops), and
// its elementwise nests run along memory.

// CHECK-LABEL: func.func @main
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NOT: scf.forall

// LOOPS-LABEL: func.func @main
// LOOPS-COUNT-64: vector.shuffle
// LOOPS: vector.store
// LOOPS-COUNT-64: vector.shuffle
// LOOPS: vector.store
func.func @main(%x: tensor<4096x16xf32>) -> tensor<4096x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4096x16xf32>, tensor<f32>) -> tensor<4096xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4096xf32>) -> tensor<4096x16xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4096x16xf32>
  %e = stablehlo.exponential %d : tensor<4096x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4096x16xf32>, tensor<f32>) -> tensor<4096xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4096xf32>) -> tensor<4096x16xf32>
  %r = stablehlo.divide %e, %sb : tensor<4096x16xf32>
  return %r : tensor<4096x16xf32>
}
