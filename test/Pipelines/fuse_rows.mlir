// RUN: jxc compile %s --emit=linalg | FileCheck %s
// RUN: jxc compile %s --emit=loops | FileCheck %s --check-prefix=LOOPS

// A softmax: the max, the sum of exponentials and the division are one
// loop over the rows (jx-fuse-rows); the max is computed once per row, the
// exponentials once, into a row that the sum and the division both read
// (jx-fuse-elementwise does not recompute them where the row stays in the
// cache); the only full-size tensor is the result, every other temporary
// is a row's.
// CHECK-LABEL: func.func @softmax(
// CHECK-NOT: linalg.generic
// CHECK: %[[OUT:.*]] = bufferization.alloc_tensor() : tensor<256x1024xf32>
// CHECK: scf.forall (%[[R:.*]]) in (256) shared_outs(%[[O:.*]] = %[[OUT]])
// CHECK: tensor.extract_slice %arg0[%[[R]], 0] [1, 1024] [1, 1]
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf ogt
// CHECK: %[[E:.*]] = bufferization.alloc_tensor() : tensor<1x1024xf32>
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: arith.addf
// CHECK-NOT: math.exp
// CHECK: arith.divf
// CHECK-NOT: arith.cmpf ogt
// CHECK-NOT: math.exp
// CHECK: tensor.parallel_insert_slice {{.*}} into %[[O]][%[[R]], 0] [1, 1024] [1, 1]
// CHECK-NOT: alloc_tensor() : tensor<256
// CHECK: return
//
// Its per-row buffers are on the stack of each thread of the parallel
// loop, allocated once per thread (jx-loop-temporaries-on-stack,
// jx-hoist-allocas-per-thread), with no heap allocation in the loop.
// LOOPS-LABEL: func.func @softmax(
// LOOPS: omp.parallel {
// LOOPS-NOT: omp.wsloop
// LOOPS: memref.alloca() {{.*}} : memref<1x64xf32>
// LOOPS: omp.wsloop
// LOOPS-NOT: memref.alloc(
// LOOPS-NOT: memref.dealloc
// LOOPS: return
func.func @softmax(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<256x1024xf32>
  %e = stablehlo.exponential %d : tensor<256x1024xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x1024xf32>
  %y = stablehlo.divide %e, %sb : tensor<256x1024xf32>
  return %y : tensor<256x1024xf32>
}

// A matrix product is not fused (it stays one BLAS call): the row sum of
// its result gets a row loop of its own. A reduction too small to be
// worth a loop stays as it is.
// CHECK-LABEL: func.func @not_fused(
// CHECK-NOT: scf.forall
// CHECK: linalg.matmul ins(%arg0, %arg1
// CHECK: scf.forall (%{{.*}}) in (256)
// CHECK-NOT: linalg.matmul
// CHECK: scf.forall.in_parallel
// CHECK-NOT: scf.forall
// CHECK: return
func.func @not_fused(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>, %s: tensor<4x8xf32>) -> (tensor<256xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %t = stablehlo.reduce(%s init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r, %t : tensor<256xf32>, tensor<4xf32>
}

// Attention's softmax over the last axis of (heads, queries, keys): the row
// loop runs over (head, query) pairs, a row being one query's 256 keys, not
// over the 8 heads with a whole head's 256 x 256 exponentials per
// iteration; its per-row buffers go on the stack and the loop runs on all
// cores, with no heap allocation inside.
// CHECK-LABEL: func.func @attention_softmax(
// CHECK: scf.forall (%[[H:.*]], %[[Q:.*]]) in (8, 256)
// CHECK: tensor.extract_slice %arg0[%[[H]], %[[Q]], 0] [1, 1, 256] [1, 1, 1]
// CHECK-NOT: tensor<1x256x256xf32>
// CHECK: tensor.parallel_insert_slice {{.*}}[%[[H]], %[[Q]], 0] [1, 1, 256] [1, 1, 1]
// CHECK: return
// LOOPS-LABEL: func.func @attention_softmax(
// LOOPS: omp.parallel {
// LOOPS: omp.wsloop
// LOOPS-NOT: memref.alloc(
// LOOPS-NOT: memref.dealloc
// LOOPS: return
func.func @attention_softmax(%x: tensor<8x256x256xf32>) -> tensor<8x256x256xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<8x256x256xf32>, tensor<f32>) -> tensor<8x256xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<8x256xf32>) -> tensor<8x256x256xf32>
  %d = stablehlo.subtract %x, %mb : tensor<8x256x256xf32>
  %e = stablehlo.exponential %d : tensor<8x256x256xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<8x256x256xf32>, tensor<f32>) -> tensor<8x256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<8x256xf32>) -> tensor<8x256x256xf32>
  %y = stablehlo.divide %e, %sb : tensor<8x256x256xf32>
  return %y : tensor<8x256x256xf32>
}
