// RUN: jx-opt --jx-fuse-elementwise-groups --split-input-file %s | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// One round of a threefry-like mix: x1 = x + y; y1 = (y << r) ^ x1;
// x2 = x1 + y1. Every value feeds two ops; the three generics become one
// with the values used outside (y1 and x2; x1 is only used inside) as its
// results, x1 a scalar of the body; the shift amount, a 0-d tensor, is an
// input read through its own map.
// CHECK-LABEL: func.func @round
// CHECK-SAME: (%[[X:.*]]: tensor<64xi32>, %[[Y:.*]]: tensor<64xi32>, %[[R:.*]]: tensor<i32>)
// CHECK: %[[F:.*]]:2 = linalg.generic {{.*}} ins(%[[X]], %[[Y]], %[[R]] : tensor<64xi32>, tensor<64xi32>, tensor<i32>) outs(%{{.*}}, %{{.*}} : tensor<64xi32>, tensor<64xi32>)
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[S:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK:   %[[X1:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK:   %[[SH:.*]] = arith.shli %[[B]], %[[S]] : i32
// CHECK:   %[[Y1:.*]] = arith.xori %[[SH]], %[[X1]] : i32
// CHECK:   %[[X2:.*]] = arith.addi %[[X1]], %[[Y1]] : i32
// CHECK:   linalg.yield %[[Y1]], %[[X2]] : i32, i32
// CHECK-NOT: linalg.generic
// CHECK: return %[[F]]#1, %[[F]]#0
func.func @round(%x: tensor<64xi32>, %y: tensor<64xi32>, %r: tensor<i32>) -> (tensor<64xi32>, tensor<64xi32>) {
  %e = tensor.empty() : tensor<64xi32>
  %x1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<64xi32>, tensor<64xi32>) outs(%e : tensor<64xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %s = arith.addi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<64xi32>
  %y1 = linalg.generic {indexing_maps = [#id, #scalar, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %r, %x1 : tensor<64xi32>, tensor<i32>, tensor<64xi32>) outs(%e : tensor<64xi32>) {
  ^bb0(%b: i32, %s: i32, %a: i32, %o: i32):
    %sh = arith.shli %b, %s : i32
    %v = arith.xori %sh, %a : i32
    linalg.yield %v : i32
  } -> tensor<64xi32>
  %x2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x1, %y1 : tensor<64xi32>, tensor<64xi32>) outs(%e : tensor<64xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %s = arith.addi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<64xi32>
  return %x2, %y1 : tensor<64xi32>, tensor<64xi32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (63 - d0)>

// Not merged: a consumer that reads the producer reversed (another
// element of it).
// CHECK-LABEL: func.func @reversed
// CHECK-COUNT-2: linalg.generic
func.func @reversed(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %b : tensor<64xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Not merged: a result read between the members (by tensor.extract),
// where the merged op, placed at the last member, would come after it.
// CHECK-LABEL: func.func @read_between
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: linalg.generic
func.func @read_between(%x: tensor<64xf32>) -> (tensor<64xf32>, f32) {
  %e = tensor.empty() : tensor<64xf32>
  %c0 = arith.constant 0 : index
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  %read = tensor.extract %c[%c0] : tensor<64xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%c : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %d, %read : tensor<64xf32>, f32
}
