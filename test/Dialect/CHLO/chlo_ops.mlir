// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<20x20xf32>, %h: tensor<4xf16>, %d: tensor<f64>) {
  // CHECK: chlo.acos %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.acos %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.acosh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.acosh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.asin %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.asin %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.asinh %{{.*}} : tensor<f64> -> tensor<f64>
  %3 = chlo.asinh %d : tensor<f64> -> tensor<f64>
  // CHECK: chlo.atan %{{.*}} : tensor<4xf16> -> tensor<4xf16>
  %4 = chlo.atan %h : tensor<4xf16> -> tensor<4xf16>
  // CHECK: chlo.atanh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %5 = chlo.atanh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %6 = chlo.bessel_i1e %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.conj %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %7 = chlo.conj %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.cosh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %8 = chlo.cosh %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.sinh %{{.*}} : tensor<4xf16> -> tensor<4xf16>
  %9 = chlo.sinh %h : tensor<4xf16> -> tensor<4xf16>
  // CHECK: chlo.tan %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %10 = chlo.tan %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.digamma %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %11 = chlo.digamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %12 = chlo.erf %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erfc %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %13 = chlo.erfc %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf_inv %{{.*}} : tensor<f64> -> tensor<f64>
  %14 = chlo.erf_inv %d : tensor<f64> -> tensor<f64>
  // CHECK: chlo.lgamma %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %15 = chlo.lgamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.square %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %16 = chlo.square %x : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.is_inf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xi1>
  %17 = chlo.is_inf %x : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: chlo.is_neg_inf %{{.*}} : tensor<f64> -> tensor<i1>
  %18 = chlo.is_neg_inf %d : tensor<f64> -> tensor<i1>
  // CHECK: chlo.is_pos_inf %{{.*}} : tensor<4xf16> -> tensor<4xi1>
  %19 = chlo.is_pos_inf %h : tensor<4xf16> -> tensor<4xi1>
  // The generic spelling frontends also write.
  // CHECK: chlo.asin %{{.*}} : tensor<f64> -> tensor<f64>
  %20 = "chlo.asin"(%d) : (tensor<f64>) -> tensor<f64>
  return
}

// CHECK-LABEL: func.func @unary_complex
func.func @unary_complex(%z: tensor<20x20xcomplex<f64>>, %i: tensor<3xi32>) {
  // CHECK: chlo.asin %{{.*}} : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  %0 = chlo.asin %z : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  // CHECK: chlo.conj %{{.*}} : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  %1 = chlo.conj %z : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  // CHECK: chlo.square %{{.*}} : tensor<3xi32> -> tensor<3xi32>
  %2 = chlo.square %i : tensor<3xi32> -> tensor<3xi32>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<2x3xf64>, %y: tensor<2x3xf64>, %a: tensor<3xi8>, %b: tensor<3xui16>) {
  // CHECK: chlo.next_after %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  %0 = chlo.next_after %x, %y : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  // CHECK: chlo.polygamma %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  %1 = chlo.polygamma %x, %y : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  // CHECK: chlo.zeta %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  %2 = chlo.zeta %x, %y : tensor<2x3xf64>, tensor<2x3xf64> -> tensor<2x3xf64>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %3 = "chlo.mulhi"(%a, %a) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<3xui16>, tensor<3xui16> -> tensor<3xui16>
  %4 = chlo.mulhi %b, %b : tensor<3xui16>, tensor<3xui16> -> tensor<3xui16>
  return
}

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%m: tensor<2x3xf32>, %v: tensor<3xf32>, %c: tensor<2xf32>, %s: tensor<f32>,
                     %i: tensor<2x3xi32>, %j: tensor<3xi32>, %p: tensor<2x3xi1>, %q: tensor<i1>,
                     %dyn: tensor<?x3xf32>) {
  // CHECK: chlo.broadcast_add %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_add %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_subtract %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_subtract %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_multiply %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_multiply %s, %m : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_divide
  %3 = chlo.broadcast_divide %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_remainder
  %4 = chlo.broadcast_remainder %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_maximum
  %5 = chlo.broadcast_maximum %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_minimum
  %6 = chlo.broadcast_minimum %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_power
  %7 = chlo.broadcast_power %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_atan2
  %8 = chlo.broadcast_atan2 %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_and %{{.*}}, %{{.*}} : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
  %9 = chlo.broadcast_and %p, %q : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_or
  %10 = chlo.broadcast_or %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: chlo.broadcast_xor
  %11 = chlo.broadcast_xor %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: chlo.broadcast_shift_left
  %12 = chlo.broadcast_shift_left %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: chlo.broadcast_shift_right_arithmetic
  %13 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: chlo.broadcast_shift_right_logical
  %14 = chlo.broadcast_shift_right_logical %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %15 = chlo.broadcast_compare %m, %v {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xi1>
  %16 = chlo.broadcast_compare %dyn, %s {compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xi1>
  // CHECK: chlo.broadcast_complex %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  %17 = chlo.broadcast_complex %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  // CHECK: chlo.broadcast_next_after
  %18 = chlo.broadcast_next_after %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_polygamma
  %19 = chlo.broadcast_polygamma %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_zeta
  %20 = chlo.broadcast_zeta %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_add %{{.*}}, %{{.*}} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %21 = "chlo.broadcast_add"(%dyn, %v) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  // CHECK: chlo.broadcast_select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %22 = chlo.broadcast_select %q, %m, %v : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @broadcast_quantized
func.func @broadcast_quantized(%a: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:15>> {
  // CHECK: chlo.broadcast_add
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
}

// CHECK-LABEL: func.func @constants
func.func @constants(%x: tensor<1x2xi64>, %d: tensor<?x3xf32>) {
  // CHECK: chlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = chlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: "chlo.constant_like"(%{{.*}}) <{value = 3.200000e+00 : f32}> : (tensor<1x2xi64>) -> tensor<1x2xf32>
  %1 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<1x2xi64>) -> tensor<1x2xf32>
  // CHECK: "chlo.constant_like"(%{{.*}}) <{value = 1.000000e+00 : f32}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "chlo.constant_like"(%d) <{value = 1.0 : f32}> : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return
}

// CHECK-LABEL: func.func @top_k
func.func @top_k(%x: tensor<5x3xf16>, %u: tensor<5x3xui32>, %d: tensor<?x16x?xf32>) {
  // CHECK: %values, %indices = chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xf16> -> (tensor<5x2xf16>, tensor<5x2xi32>)
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf16> -> (tensor<5x2xf16>, tensor<5x2xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xui32> -> (tensor<5x2xui32>, tensor<5x2xi32>)
  %0:2 = chlo.top_k(%u, k=2) : tensor<5x3xui32> -> (tensor<5x2xui32>, tensor<5x2xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 8) : tensor<?x16x?xf32> -> (tensor<?x16x8xf32>, tensor<?x16x8xi32>)
  %1:2 = chlo.top_k(%d, k = 8) : tensor<?x16x?xf32> -> (tensor<?x16x8xf32>, tensor<?x16x8xi32>)
  return
}

// CHECK-LABEL: func.func @ragged_dot
func.func @ragged_dot(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>,
                      %lhs2: tensor<11x5xf32>, %rhs2: tensor<5x7xf32>) {
  // CHECK: "chlo.ragged_dot"(%{{.*}}, %{{.*}}, %{{.*}}) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  // Ragged contracting dimension: a leading group dimension in the result.
  // CHECK: #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  // CHECK-SAME: -> tensor<3x11x7xf32>
  %1 = "chlo.ragged_dot"(%lhs2, %rhs2, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return
}

// CHECK-LABEL: func.func @scan
func.func @scan(%input: tensor<4xi32>, %init: tensor<i32>, %m: tensor<2x3xf32>, %c: tensor<3xf32>,
                %mi: tensor<2x3xi32>, %ci: tensor<3xi32>) {
  // CHECK: chlo.scan(%{{.*}}) inits(%{{.*}}) dimension = 0 {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
  // CHECK-NEXT: stablehlo.add
  // CHECK-NEXT: stablehlo.return
  // CHECK-NEXT: } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  // CHECK: chlo.scan(%{{.*}}) inits(%{{.*}}) dimension = 0 attributes {is_reverse = true} {
  %2:2 = chlo.scan(%input) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %3 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %3, %3 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  // CHECK: chlo.scan(%{{.*}}, %{{.*}}) inits(%{{.*}}, %{{.*}}) dimension = 0 attributes {is_associative = true, scan_dim_size = 2 : i64} {
  %4:4 = chlo.scan (%m, %mi) inits (%c, %ci) dimension = 0 attributes {is_associative = true, scan_dim_size = 2 : i64} {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xi32>, %x: tensor<3xf32>, %y: tensor<3xi32>):
    %5 = stablehlo.add %a, %x : tensor<3xf32>
    %6 = stablehlo.add %b, %y : tensor<3xi32>
    stablehlo.return %5, %6, %5, %6 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>
  } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>)
  // A scan without carries.
  // CHECK: chlo.scan(%{{.*}}) inits() dimension = 1 {
  %7 = chlo.scan(%m) inits() dimension = 1 {
  ^bb0(%a: tensor<2xf32>):
    stablehlo.return %a : tensor<2xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
