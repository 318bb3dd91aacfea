// A cheap elementwise producer with two consumers (a layernorm's x - mean,
// read by the variance and by the output) is recomputed in each consumer
// instead of written once and read twice: the only 64x1024 buffer is the
// result, and the subtraction appears in both fused loops. An expensive
// producer (above jx-fuse-elementwise's recompute cost) stays shared.
// (jx-fuse-elementwise alone: in the whole linalg phase jx-fuse-rows then
// puts this chain in one loop over the rows, fuse_rows.mlir.)
// RUN: jx-opt %s --jx-cpu-hlo --stablehlo-legalize-to-linalg --canonicalize --jx-fuse-elementwise --empty-tensor-to-alloc-tensor | FileCheck %s
// RUN: jxc compile %s --emit=linalg --no-fuse | FileCheck %s --check-prefix=NOFUSE
// CHECK-LABEL: func.func @layernorm
// CHECK-NOT: alloc_tensor() : tensor<64x1024xf32>
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK-NOT: alloc_tensor() : tensor<64x1024xf32>
// CHECK: alloc_tensor() : tensor<64x1024xf32>
// CHECK-NOT: alloc_tensor() : tensor<64x1024xf32>
// CHECK: arith.subf
// CHECK: return
// NOFUSE-LABEL: func.func @layernorm
// NOFUSE-COUNT-4: bufferization.alloc_tensor() : tensor<64x1024xf32>
func.func @layernorm(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x1024xf32>
  %c = stablehlo.subtract %x, %sb : tensor<64x1024xf32>
  %sq = stablehlo.multiply %c, %c : tensor<64x1024xf32>
  %v = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<64xf32>) -> tensor<64x1024xf32>
  %y = stablehlo.multiply %c, %vb : tensor<64x1024xf32>
  return %y : tensor<64x1024xf32>
}

// CHECK-LABEL: func.func @expensive
// CHECK-COUNT-2: bufferization.alloc_tensor() : tensor<64x1024xf32>
func.func @expensive(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %e1 = stablehlo.sine %x : tensor<64x1024xf32>
  %e2 = stablehlo.cosine %e1 : tensor<64x1024xf32>
  %e = stablehlo.log_plus_one %e2 : tensor<64x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x1024xf32>
  %y = stablehlo.divide %e, %sb : tensor<64x1024xf32>
  return %y : tensor<64x1024xf32>
}
