// RUN: jx-opt %s | FileCheck %s
// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s --mlir-print-op-generic | jx-opt | FileCheck %s

// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.cbrt %{{.*}} : tensor<2x3xf32>
  %0 = stablehlo.cbrt %x : tensor<2x3xf32>
  // CHECK: stablehlo.ceil %{{.*}} : tensor<2x3xf32>
  %1 = stablehlo.ceil %0 : tensor<2x3xf32>
  // CHECK: stablehlo.cosine
  %2 = stablehlo.cosine %1 : tensor<2x3xf32>
  // CHECK: stablehlo.exponential
  %3 = stablehlo.exponential %2 : tensor<2x3xf32>
  // CHECK: stablehlo.exponential_minus_one
  %4 = stablehlo.exponential_minus_one %3 : tensor<2x3xf32>
  // CHECK: stablehlo.floor
  %5 = stablehlo.floor %4 : tensor<2x3xf32>
  // CHECK: stablehlo.log
  %6 = stablehlo.log %5 : tensor<2x3xf32>
  // CHECK: stablehlo.log_plus_one
  %7 = stablehlo.log_plus_one %6 : tensor<2x3xf32>
  // CHECK: stablehlo.logistic
  %8 = stablehlo.logistic %7 : tensor<2x3xf32>
  // CHECK: stablehlo.negate
  %9 = stablehlo.negate %8 : tensor<2x3xf32>
  // CHECK: stablehlo.round_nearest_afz
  %10 = stablehlo.round_nearest_afz %9 : tensor<2x3xf32>
  // CHECK: stablehlo.round_nearest_even
  %11 = stablehlo.round_nearest_even %10 : tensor<2x3xf32>
  // CHECK: stablehlo.rsqrt
  %12 = stablehlo.rsqrt %11 : tensor<2x3xf32>
  // CHECK: stablehlo.sign
  %13 = stablehlo.sign %12 : tensor<2x3xf32>
  // CHECK: stablehlo.sine
  %14 = stablehlo.sine %13 : tensor<2x3xf32>
  // CHECK: stablehlo.sqrt
  %15 = stablehlo.sqrt %14 : tensor<2x3xf32>
  // CHECK: stablehlo.tan
  %16 = stablehlo.tan %15 : tensor<2x3xf32>
  // CHECK: stablehlo.tanh
  %17 = stablehlo.tanh %16 : tensor<2x3xf32>
  // CHECK: stablehlo.abs %{{.*}} : tensor<2x3xf32>
  %18 = stablehlo.abs %17 : tensor<2x3xf32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %19 = stablehlo.is_finite %18 : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %18 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @unary_int
func.func @unary_int(%x: tensor<4xi32>, %u: tensor<4xui8>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xui8>, tensor<4xi1>) {
  // CHECK: stablehlo.count_leading_zeros %{{.*}} : tensor<4xi32>
  %0 = stablehlo.count_leading_zeros %x : tensor<4xi32>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<4xui8>
  %1 = stablehlo.popcnt %u : tensor<4xui8>
  // CHECK: stablehlo.not %{{.*}} : tensor<4xi1>
  %2 = stablehlo.not %b : tensor<4xi1>
  // CHECK: stablehlo.abs %{{.*}} : tensor<4xi32>
  %3 = stablehlo.abs %0 : tensor<4xi32>
  // CHECK: stablehlo.negate %{{.*}} : tensor<4xi32>
  %4 = stablehlo.negate %3 : tensor<4xi32>
  // CHECK: stablehlo.sign %{{.*}} : tensor<4xi32>
  %5 = stablehlo.sign %4 : tensor<4xi32>
  return %5, %1, %2 : tensor<4xi32>, tensor<4xui8>, tensor<4xi1>
}

// CHECK-LABEL: func.func @complex_parts
func.func @complex_parts(%a: tensor<2xf64>, %b: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  // CHECK: stablehlo.complex %{{.*}}, %{{.*}} : tensor<2xcomplex<f64>>
  %c = stablehlo.complex %a, %b : tensor<2xcomplex<f64>>
  // CHECK: stablehlo.real %{{.*}} : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %r = stablehlo.real %c : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  // CHECK: stablehlo.imag %{{.*}} : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %i = stablehlo.imag %c : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  // CHECK: stablehlo.abs %{{.*}} : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %m = stablehlo.abs %c : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  // CHECK: stablehlo.exponential %{{.*}} : tensor<2xcomplex<f64>>
  %e = stablehlo.exponential %c : tensor<2xcomplex<f64>>
  return %r, %i, %m : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<3xf32>, %y: tensor<3xf32>, %i: tensor<3xi64>, %j: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xi64>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<3xf32>
  %0 = stablehlo.add %x, %y : tensor<3xf32>
  // CHECK: stablehlo.atan2
  %1 = stablehlo.atan2 %0, %y : tensor<3xf32>
  // CHECK: stablehlo.divide
  %2 = stablehlo.divide %1, %y : tensor<3xf32>
  // CHECK: stablehlo.maximum
  %3 = stablehlo.maximum %2, %y : tensor<3xf32>
  // CHECK: stablehlo.minimum
  %4 = stablehlo.minimum %3, %y : tensor<3xf32>
  // CHECK: stablehlo.multiply
  %5 = stablehlo.multiply %4, %y : tensor<3xf32>
  // CHECK: stablehlo.power
  %6 = stablehlo.power %5, %y : tensor<3xf32>
  // CHECK: stablehlo.remainder
  %7 = stablehlo.remainder %6, %y : tensor<3xf32>
  // CHECK: stablehlo.subtract
  %8 = stablehlo.subtract %7, %y : tensor<3xf32>
  // CHECK: stablehlo.and %{{.*}}, %{{.*}} : tensor<3xi64>
  %9 = stablehlo.and %i, %j : tensor<3xi64>
  // CHECK: stablehlo.or
  %10 = stablehlo.or %9, %j : tensor<3xi64>
  // CHECK: stablehlo.xor
  %11 = stablehlo.xor %10, %j : tensor<3xi64>
  // CHECK: stablehlo.shift_left
  %12 = stablehlo.shift_left %11, %j : tensor<3xi64>
  // CHECK: stablehlo.shift_right_arithmetic
  %13 = stablehlo.shift_right_arithmetic %12, %j : tensor<3xi64>
  // CHECK: stablehlo.shift_right_logical
  %14 = stablehlo.shift_right_logical %13, %j : tensor<3xi64>
  return %8, %14 : tensor<3xf32>, tensor<3xi64>
}

// Dynamic dimensions are compatible with static ones; the printed type
// becomes the function type when operand and result types differ.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.add %x, %y : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @compare
func.func @compare(%a: tensor<4xi32>, %b: tensor<4xi32>, %x: tensor<4xf32>, %c: tensor<4xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  // The older double-space spelling parses too.
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %0 = stablehlo.compare  LT, %a, %b,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = stablehlo.compare EQ, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare GE, %{{.*}}, %{{.*}}, TOTALORDER
  %2 = "stablehlo.compare"(%x, %x) {comparison_direction = #stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare NE, %{{.*}}, %{{.*}}, FLOAT : (tensor<4xcomplex<f32>>
  %3 = stablehlo.compare #stablehlo<comparison_direction NE>, %c, %c, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @ternary
func.func @ternary(%p: tensor<i1>, %q: tensor<3xi1>, %x: tensor<3xf32>, %lo: tensor<f32>) -> tensor<3xf32> {
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<3xf32>
  %0 = stablehlo.select %p, %x, %x : tensor<i1>, tensor<3xf32>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xf32>
  %1 = "stablehlo.select"(%q, %0, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = stablehlo.clamp %lo, %1, %lo : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xf32>
  %3 = stablehlo.clamp %2, %2, %2 : tensor<3xf32>
  return %3 : tensor<3xf32>
}

// CHECK-LABEL: func.func @conversions
func.func @conversions(%x: tensor<2xf32>, %h: tensor<2xbf16>, %u: tensor<2xui16>) -> (tensor<2xi32>, tensor<2x2xi8>, tensor<2xf32>, tensor<2xf16>) {
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi32>
  %0 = stablehlo.convert %x : (tensor<2xf32>) -> tensor<2xi32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xui16>) -> tensor<2x2xi8>
  %1 = stablehlo.bitcast_convert %u : (tensor<2xui16>) -> tensor<2x2xi8>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e8m7 : tensor<2xf32>
  %2 = stablehlo.reduce_precision %x, format = e8m7 : tensor<2xf32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
  %c = stablehlo.complex %x, %x : tensor<2xcomplex<f32>>
  %cc = stablehlo.convert %c : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %b2 = stablehlo.bitcast_convert %cc : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2xbf16>) -> tensor<2xf16>
  %3 = "stablehlo.convert"(%h) : (tensor<2xbf16>) -> tensor<2xf16>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<2x2xi8>, tensor<2xf32>, tensor<2xf16>
}

// CHECK-LABEL: func.func @accuracy
func.func @accuracy(%x: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.exponential %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<f32>
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<TOLERANCE>, ulps = 2, atol = 1.0e-5, rtol = 0.0>} : tensor<f32>
  return %0 : tensor<f32>
}

// Every element type family of the spec.
// CHECK-LABEL: func.func @element_types
func.func @element_types(%a: tensor<2xi2>, %b: tensor<2xui4>, %c: tensor<2xf8E4M3FN>, %d: tensor<2xf8E5M2>, %e: tensor<2xf4E2M1FN>, %f: tensor<2xf6E2M3FN>, %g: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %h: tensor<2xf8E8M0FNU>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<2xi2>
  %0 = stablehlo.add %a, %a : tensor<2xi2>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<2xui4>
  %1 = stablehlo.add %b, %b : tensor<2xui4>
  // CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2xf8E4M3FN>
  %2 = stablehlo.multiply %c, %c : tensor<2xf8E4M3FN>
  // CHECK: stablehlo.negate %{{.*}} : tensor<2xf8E5M2>
  %3 = stablehlo.negate %d : tensor<2xf8E5M2>
  // CHECK: stablehlo.abs %{{.*}} : tensor<2xf4E2M1FN>
  %4 = stablehlo.abs %e : tensor<2xf4E2M1FN>
  // CHECK: stablehlo.subtract %{{.*}}, %{{.*}} : tensor<2xf6E2M3FN>
  %5 = stablehlo.subtract %f, %f : tensor<2xf6E2M3FN>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %6 = stablehlo.add %g, %g : tensor<2x!quant.uniform<i8:f32, 0.5:-3>>
  // CHECK: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<2xf8E8M0FNU>
  %7 = stablehlo.maximum %h, %h : tensor<2xf8E8M0FNU>
  return
}
