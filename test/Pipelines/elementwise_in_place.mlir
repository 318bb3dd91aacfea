// RUN: jx-opt --jx-elementwise-in-place %s | FileCheck %s

#id = affine_map<(d0) -> (d0)>

// The relu after a library call's output writes into that output.
// CHECK-LABEL: func.func @after_call
// CHECK: %[[T:.*]] = bufferization.to_tensor
// CHECK: linalg.generic {{.*}} ins(%[[T]] : tensor<64xf32>) outs(%[[T]] : tensor<64xf32>)
func.func @after_call(%m: memref<64xf32>) -> tensor<64xf32> {
  %t = bufferization.to_tensor %m restrict writable : memref<64xf32> to tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// A linalg result used once is overwritten; a function argument, a value
// used twice, and an input of another type are not.
// CHECK-LABEL: func.func @temporaries
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64xf32>
// CHECK: %[[A:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<64xf32>) outs(%[[E]] : tensor<64xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[A]], %arg0 : tensor<64xf32>, tensor<64xf32>) outs(%[[A]] : tensor<64xf32>)
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%arg0, %arg0 : tensor<64xf32>, tensor<64xf32>) outs(%[[E]] : tensor<64xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[C]], %[[C]] : {{.*}}) outs(%[[E]] : tensor<64xf32>)
func.func @temporaries(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = math.exp %v : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %x : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %y = arith.addf %v, %w : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %c = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %x : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %y = arith.mulf %v, %w : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%c, %c : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %y = arith.subf %v, %w : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %b, %d : tensor<64xf32>, tensor<64xf32>
}
