// RUN: jx-opt %s --split-input-file --jx-cpu-hlo --jx-cpu-linalg | FileCheck %s

// A large row maximum (split into 64 lanes by jx-vectorizable-reductions)
// runs on the values' bits as integers: three accumulators from the bits of
// the init (-inf: 0xff800000), the signed largest and smallest and the
// unsigned largest. Back to a float: the unsigned largest where it is a
// negative NaN (above -inf's bits), else the signed largest where it is not
// negative, else the signed smallest.
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[NEGINF:.*]] = arith.constant -8388608 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[A0:.*]] = linalg.fill ins(%[[NEGINF]] : i32) outs(%{{.*}} : tensor<8x64xi32>)
// CHECK: %[[B0:.*]] = linalg.fill ins(%[[NEGINF]] : i32) outs(%{{.*}} : tensor<8x64xi32>)
// CHECK: %[[C0:.*]] = linalg.fill ins(%[[NEGINF]] : i32) outs(%{{.*}} : tensor<8x64xi32>)
// CHECK: %[[ACC:.*]]:3 = linalg.generic {{.*}} ins(%{{.*}} : tensor<8x64x64xf32>) outs(%[[A0]], %[[B0]], %[[C0]] : tensor<8x64xi32>, tensor<8x64xi32>, tensor<8x64xi32>)
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[SMAX:.*]] = arith.maxsi %{{.*}}, %[[BITS]] : i32
// CHECK: %[[SMIN:.*]] = arith.minsi %{{.*}}, %[[BITS]] : i32
// CHECK: %[[UMAX:.*]] = arith.maxui %{{.*}}, %[[BITS]] : i32
// CHECK: linalg.yield %[[SMAX]], %[[SMIN]], %[[UMAX]] : i32, i32, i32
// CHECK: linalg.generic {{.*}} ins(%[[ACC]]#0, %[[ACC]]#1, %[[ACC]]#2 : tensor<8x64xi32>, tensor<8x64xi32>, tensor<8x64xi32>) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: ^bb0(%[[S:.*]]: i32, %[[L:.*]]: i32, %[[U:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[NEGNAN:.*]] = arith.cmpi ugt, %[[U]], %[[NEGINF]] : i32
// CHECK: %[[NONNEG:.*]] = arith.cmpi sge, %[[S]], %[[ZERO]] : i32
// CHECK: %[[SL:.*]] = arith.select %[[NONNEG]], %[[S]], %[[L]] : i32
// CHECK: %[[R:.*]] = arith.select %[[NEGNAN]], %[[U]], %[[SL]] : i32
// CHECK: arith.bitcast %[[R]] : i32 to f32
func.func @row_max(%x: tensor<8x4096xf32>) -> tensor<8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4096xf32>, tensor<f32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// A minimum over f64 columns: i64 bits; back to a float, the signed largest
// where it is a positive NaN (above +inf's bits), else the unsigned largest
// where it is negative, else the signed smallest.
// CHECK-LABEL: func.func @column_min
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[SMAX:.*]] = arith.maxsi %{{.*}} : i64
// CHECK: %[[SMIN:.*]] = arith.minsi %{{.*}} : i64
// CHECK: %[[UMAX:.*]] = arith.maxui %{{.*}} : i64
// CHECK: linalg.yield %[[SMAX]], %[[SMIN]], %[[UMAX]] : i64, i64, i64
// CHECK: arith.cmpi sgt, %{{.*}}, %c9218868437227405312_i64 : i64
// CHECK: arith.cmpi slt, %{{.*}}, %c0_i64 : i64
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
