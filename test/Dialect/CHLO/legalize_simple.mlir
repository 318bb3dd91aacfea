// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constant
func.func @constant() -> tensor<2xi32> {
  // CHECK: %[[C:.*]] = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: return %[[C]]
  %0 = chlo.constant dense<[1, 2]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @constant_like
func.func @constant_like(%x: tensor<1x2xi64>) -> tensor<1x2xf32> {
  // CHECK: %[[C:.*]] = stablehlo.constant dense<3.200000e+00> : tensor<1x2xf32>
  // CHECK: return %[[C]]
  %0 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<1x2xi64>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

// CHECK-LABEL: func.func @conj
// CHECK-SAME: (%[[Z:.*]]: tensor<3xcomplex<f32>>, %[[X:.*]]: tensor<3xf32>)
func.func @conj(%z: tensor<3xcomplex<f32>>, %x: tensor<3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>) {
  // CHECK-DAG: %[[RE:.*]] = stablehlo.real %[[Z]]
  // CHECK-DAG: %[[IM:.*]] = stablehlo.imag %[[Z]]
  // CHECK: %[[NEG:.*]] = stablehlo.negate %[[IM]]
  // CHECK: %[[R:.*]] = stablehlo.complex %[[RE]], %[[NEG]]
  // CHECK: return %[[R]], %[[X]]
  %0 = chlo.conj %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %1 = chlo.conj %x : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xcomplex<f32>>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @square
// CHECK-SAME: (%[[X:.*]]: tensor<3xi32>)
func.func @square(%x: tensor<3xi32>) -> tensor<3xi32> {
  // CHECK: stablehlo.multiply %[[X]], %[[X]] : tensor<3xi32>
  %0 = chlo.square %x : tensor<3xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @is_inf
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
func.func @is_inf(%x: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  // CHECK-DAG: %[[NEGINF:.*]] = stablehlo.constant dense<0xFF800000> : tensor<3xf32>
  // CHECK-DAG: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<3xf32>
  // CHECK: %[[ABS:.*]] = stablehlo.abs %[[X]]
  // CHECK: %[[A:.*]] = stablehlo.compare EQ, %[[ABS]], %[[INF]]
  // CHECK: %[[B:.*]] = stablehlo.compare EQ, %[[X]], %[[INF]]
  // CHECK: %[[C:.*]] = stablehlo.compare EQ, %[[X]], %[[NEGINF]]
  // CHECK: return %[[A]], %[[B]], %[[C]]
  %0 = chlo.is_inf %x : tensor<3xf32> -> tensor<3xi1>
  %1 = chlo.is_pos_inf %x : tensor<3xf32> -> tensor<3xi1>
  %2 = chlo.is_neg_inf %x : tensor<3xf32> -> tensor<3xi1>
  return %0, %1, %2 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @tan
func.func @tan(%x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: stablehlo.tan %{{.*}} : tensor<3xf32>
  %0 = chlo.tan %x : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Steps the bit pattern by one towards y.
// CHECK-LABEL: func.func @next_after
func.func @next_after(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<3xf32>) -> tensor<3xi32>
  // CHECK: stablehlo.add
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<3xi32>) -> tensor<3xf32>
  // CHECK-NOT: chlo.
  %0 = chlo.next_after %x, %y : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Up to 32 bits: multiply at twice the width and shift.
// CHECK-LABEL: func.func @mulhi_i8
func.func @mulhi_i8(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  // CHECK-DAG: %[[SHIFT:.*]] = stablehlo.constant dense<8> : tensor<3xi16>
  // CHECK-DAG: %[[A:.*]] = stablehlo.convert %{{.*}} : (tensor<3xi8>) -> tensor<3xi16>
  // CHECK-DAG: %[[B:.*]] = stablehlo.convert %{{.*}} : (tensor<3xi8>) -> tensor<3xi16>
  // CHECK: %[[P:.*]] = stablehlo.multiply %[[A]], %[[B]] : tensor<3xi16>
  // CHECK: %[[H:.*]] = stablehlo.shift_right_arithmetic %[[P]], %[[SHIFT]]
  // CHECK: stablehlo.convert %[[H]] : (tensor<3xi16>) -> tensor<3xi8>
  %0 = chlo.mulhi %a, %b : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// CHECK-LABEL: func.func @mulhi_ui32
func.func @mulhi_ui32(%a: tensor<3xui32>, %b: tensor<3xui32>) -> tensor<3xui32> {
  // CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<3xui64>
  // CHECK: stablehlo.shift_right_logical
  %0 = chlo.mulhi %a, %b : tensor<3xui32>, tensor<3xui32> -> tensor<3xui32>
  return %0 : tensor<3xui32>
}

// -----

// 64 bits: schoolbook product of 32-bit halves, then the sign correction.
// CHECK-LABEL: func.func @mulhi_i64
func.func @mulhi_i64(%a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<3xi64>) -> tensor<3xui64>
  // CHECK-COUNT-4: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<3xui64>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<3xui64>) -> tensor<3xi64>
  // CHECK: stablehlo.select
  // CHECK: stablehlo.subtract
  // CHECK-NOT: chlo.
  %0 = chlo.mulhi %a, %b : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
