// RUN: jx-opt --jx-split-wide-reads %s | FileCheck %s
// RUN: jx-opt --jx-split-wide-reads --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s --check-prefix=BUF

// A read-only entry argument read by 18 ops: its reads go through three
// read-only aliases of at most 8 reads each.
// CHECK-LABEL: func.func @weights
// CHECK: %[[M:.*]] = bufferization.to_buffer %arg1 read_only : tensor<16xf32> to memref<16xf32>
// CHECK-COUNT-3: bufferization.to_tensor %[[M]] restrict : memref<16xf32> to tensor<16xf32>
// CHECK-NOT: bufferization.to_tensor
// CHECK: return
// After bufferization every read reads the argument's buffer: no copy.
// BUF-LABEL: func.func @weights
// BUF-NOT: memref.copy
// BUF: return
func.func @weights(%x: tensor<16xf32>, %w: tensor<16xf32> {bufferization.writable = false}) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %v0 = linalg.add ins(%x, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v1 = linalg.add ins(%v0, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v2 = linalg.add ins(%v1, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v3 = linalg.add ins(%v2, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v4 = linalg.add ins(%v3, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v5 = linalg.add ins(%v4, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v6 = linalg.add ins(%v5, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v7 = linalg.add ins(%v6, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v8 = linalg.add ins(%v7, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v9 = linalg.add ins(%v8, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v10 = linalg.add ins(%v9, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v11 = linalg.add ins(%v10, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v12 = linalg.add ins(%v11, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v13 = linalg.add ins(%v12, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v14 = linalg.add ins(%v13, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v15 = linalg.add ins(%v14, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v16 = linalg.add ins(%v15, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v17 = linalg.add ins(%v16, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %v17 : tensor<16xf32>
}

// An argument bufferization may write into (no writable = false) keeps
// its reads: splitting them would hide them from the analysis of writes.
// CHECK-LABEL: func.func @writable
// CHECK-NOT: bufferization.to_buffer
// CHECK: return
func.func @writable(%x: tensor<16xf32>, %w: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %v0 = linalg.add ins(%x, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v1 = linalg.add ins(%v0, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v2 = linalg.add ins(%v1, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v3 = linalg.add ins(%v2, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v4 = linalg.add ins(%v3, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v5 = linalg.add ins(%v4, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v6 = linalg.add ins(%v5, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v7 = linalg.add ins(%v6, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v8 = linalg.add ins(%v7, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v9 = linalg.add ins(%v8, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v10 = linalg.add ins(%v9, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v11 = linalg.add ins(%v10, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v12 = linalg.add ins(%v11, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v13 = linalg.add ins(%v12, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v14 = linalg.add ins(%v13, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v15 = linalg.add ins(%v14, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v16 = linalg.add ins(%v15, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v17 = linalg.add ins(%v16, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %v17 : tensor<16xf32>
}

// A constant read 17 times is split; its reads that are not pure reads
// (here the output of a linalg op) keep the constant. A value read 16
// times is left alone.
// CHECK-LABEL: func.func @constant
// CHECK: %[[C:.*]] = arith.constant dense<1.000000e+00>
// CHECK: %[[M:.*]] = bufferization.to_buffer %[[C]] read_only
// CHECK-COUNT-3: bufferization.to_tensor %[[M]] restrict
// CHECK: linalg.add {{.*}} outs(%[[C]] : tensor<16xf32>)
// CHECK-LABEL: func.func @few_reads
// CHECK-NOT: bufferization.to_buffer
// CHECK: return
func.func @constant(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %c = arith.constant dense<1.0> : tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %v0 = linalg.add ins(%x, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v1 = linalg.add ins(%v0, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v2 = linalg.add ins(%v1, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v3 = linalg.add ins(%v2, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v4 = linalg.add ins(%v3, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v5 = linalg.add ins(%v4, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v6 = linalg.add ins(%v5, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v7 = linalg.add ins(%v6, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v8 = linalg.add ins(%v7, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v9 = linalg.add ins(%v8, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v10 = linalg.add ins(%v9, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v11 = linalg.add ins(%v10, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v12 = linalg.add ins(%v11, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v13 = linalg.add ins(%v12, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v14 = linalg.add ins(%v13, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v15 = linalg.add ins(%v14, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v16 = linalg.add ins(%v15, %c : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %o = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%c : tensor<16xf32>) -> tensor<16xf32>
  return %v16, %o : tensor<16xf32>, tensor<16xf32>
}

func.func @few_reads(%x: tensor<16xf32>, %w: tensor<16xf32> {bufferization.writable = false}) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %v0 = linalg.add ins(%x, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v1 = linalg.add ins(%v0, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v2 = linalg.add ins(%v1, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v3 = linalg.add ins(%v2, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v4 = linalg.add ins(%v3, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v5 = linalg.add ins(%v4, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v6 = linalg.add ins(%v5, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v7 = linalg.add ins(%v6, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v8 = linalg.add ins(%v7, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v9 = linalg.add ins(%v8, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v10 = linalg.add ins(%v9, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v11 = linalg.add ins(%v10, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v12 = linalg.add ins(%v11, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v13 = linalg.add ins(%v12, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v14 = linalg.add ins(%v13, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %v15 = linalg.add ins(%v14, %w : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %v15 : tensor<16xf32>
}
