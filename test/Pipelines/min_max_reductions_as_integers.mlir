// RUN: jx-opt %s --split-input-file --jx-cpu-hlo --jx-cpu-linalg | FileCheck %s

// A large row maximum (split into 64 lanes by jx-vectorizable-reductions)
// runs on integer keys: bits ^ ((bits >> 31) & 0x7fffffff), two
// accumulators from the key of the init (-inf: 0x807fffff), the largest
// and the smallest key; back to a float, the smallest where it is a
// negative NaN (below -inf's key) and the largest is no NaN (at most
// +inf's key, 0x7f800000).
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[POSINF:.*]] = arith.constant 2139095040 : i32
// CHECK-DAG: %[[MAG:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant 31 : i32
// CHECK-DAG: %[[NEGINF:.*]] = arith.constant -2139095041 : i32
// CHECK: %[[HI0:.*]] = linalg.fill ins(%[[NEGINF]] : i32) outs(%{{.*}} : tensor<8x64xi32>)
// CHECK: %[[LO0:.*]] = linalg.fill ins(%[[NEGINF]] : i32) outs(%{{.*}} : tensor<8x64xi32>)
// CHECK: %[[KEYS:.*]]:2 = linalg.generic {{.*}} ins(%{{.*}} : tensor<8x64x64xf32>) outs(%[[HI0]], %[[LO0]] : tensor<8x64xi32>, tensor<8x64xi32>)
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[BITS]], %[[SHIFT]] : i32
// CHECK: %[[FLIP:.*]] = arith.andi %[[SIGN]], %[[MAG]] : i32
// CHECK: %[[KEY:.*]] = arith.xori %[[BITS]], %[[FLIP]] : i32
// CHECK: %[[HI:.*]] = arith.maxsi %{{.*}}, %[[KEY]] : i32
// CHECK: %[[LO:.*]] = arith.minsi %{{.*}}, %[[KEY]] : i32
// CHECK: linalg.yield %[[HI]], %[[LO]] : i32, i32
// CHECK: linalg.generic {{.*}} ins(%[[KEYS]]#0, %[[KEYS]]#1 : tensor<8x64xi32>, tensor<8x64xi32>) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: ^bb0(%[[K:.*]]: i32, %[[OTHER:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[NEGNAN:.*]] = arith.cmpi slt, %[[OTHER]], %[[NEGINF]] : i32
// CHECK: %[[NOTNAN:.*]] = arith.cmpi sle, %[[K]], %[[POSINF]] : i32
// CHECK: %[[USE:.*]] = arith.andi %[[NEGNAN]], %[[NOTNAN]] : i1
// CHECK: arith.select %[[USE]], %[[OTHER]], %[[K]] : i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
func.func @row_max(%x: tensor<8x4096xf32>) -> tensor<8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4096xf32>, tensor<f32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// A minimum over f64 columns: i64 keys, the smallest kept.
// CHECK-LABEL: func.func @column_min
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK-DAG: %[[LO:.*]] = arith.minsi %{{.*}} : i64
// CHECK-DAG: %[[HI:.*]] = arith.maxsi %{{.*}} : i64
// CHECK: linalg.yield %[[LO]], %[[HI]] : i64, i64
func.func @column_min(%x: tensor<4096x32xf64>) -> tensor<32xf64> {
  %inf = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %m = stablehlo.reduce(%x init: %inf) applies stablehlo.minimum across dimensions = [0] : (tensor<4096x32xf64>, tensor<f64>) -> tensor<32xf64>
  return %m : tensor<32xf64>
}

// -----

// Too small (32 elements), four elements per result (a 2x2 max pool), or
// f16: the compares and selects stay.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.maxsi
// CHECK-NOT: arith.minsi
// CHECK: return
func.func @left_alone(%x: tensor<4x8xf32>, %y: tensor<256x256xf32>, %z: tensor<8x4096xf16>) -> (tensor<4xf32>, tensor<128x128xf32>, tensor<8xf16>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %a = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %b = "stablehlo.reduce_window"(%y, %ninf) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %r = stablehlo.maximum %p, %q : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<256x256xf32>, tensor<f32>) -> tensor<128x128xf32>
  %hinf = stablehlo.constant dense<0xFC00> : tensor<f16>
  %c = stablehlo.reduce(%z init: %hinf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4096xf16>, tensor<f16>) -> tensor<8xf16>
  return %a, %b, %c : tensor<4xf32>, tensor<128x128xf32>, tensor<8xf16>
}
