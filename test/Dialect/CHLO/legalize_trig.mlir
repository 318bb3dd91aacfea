// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// asin x = 2 atan2(x, 1 + sqrt((1 - x)(1 + x)))
// CHECK-LABEL: func.func @asin
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @asin(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[OMX:.*]] = stablehlo.subtract %[[ONE]], %[[X]]
  // CHECK-DAG: %[[OPX:.*]] = stablehlo.add %[[X]], %[[ONE]]
  // CHECK: %[[M:.*]] = stablehlo.multiply %[[OMX]], %[[OPX]]
  // CHECK: %[[S:.*]] = stablehlo.sqrt %[[M]]
  // CHECK: %[[D:.*]] = stablehlo.add %[[S]], %[[ONE]]
  // CHECK: %[[H:.*]] = stablehlo.atan2 %[[X]], %[[D]]
  // CHECK: %[[R:.*]] = stablehlo.add %[[H]], %[[H]]
  // CHECK: return %[[R]]
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// acos x = 2 atan2(sqrt(1 - x), sqrt(1 + x))
// CHECK-LABEL: func.func @acos
func.func @acos(%x: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK: %[[A:.*]] = stablehlo.sqrt
  // CHECK: %[[B:.*]] = stablehlo.sqrt
  // CHECK: %[[H:.*]] = stablehlo.atan2 %[[A]], %[[B]] : tensor<4xf64>
  // CHECK: stablehlo.add %[[H]], %[[H]]
  %0 = chlo.acos %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// f16 computes in f32.
// CHECK-LABEL: func.func @atan_f16
func.func @atan_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  // CHECK: %[[W:.*]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
  // CHECK: %[[R:.*]] = stablehlo.atan2 %[[W]], %{{.*}} : tensor<4xf32>
  // CHECK: stablehlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xf16>
  %0 = chlo.atan %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Three ranges: log1p near 1, log(2x - 1/(x + sqrt(x^2 - 1))), log(x) + log 2.
// CHECK-LABEL: func.func @acosh
func.func @acosh(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-DAG: stablehlo.log_plus_one
  // CHECK-DAG: stablehlo.constant dense<0.693147182> : tensor<4xf32>
  // CHECK-DAG: stablehlo.compare LE
  // CHECK-DAG: stablehlo.compare GE
  // CHECK: stablehlo.select
  // CHECK-NOT: chlo.
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @asinh_atanh
func.func @asinh_atanh(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  // CHECK-DAG: stablehlo.log_plus_one
  // CHECK-DAG: stablehlo.log
  // CHECK-DAG: stablehlo.negate
  // CHECK-NOT: chlo.
  %0 = chlo.asinh %x : tensor<4xf64> -> tensor<4xf64>
  %1 = chlo.atanh %x : tensor<4xf64> -> tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// -----

// sinh through expm1, cosh through exp; both switch to exp(|x|/2)^2/2 near
// overflow.
// CHECK-LABEL: func.func @sinh_cosh
func.func @sinh_cosh(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-DAG: stablehlo.exponential_minus_one
  // CHECK-DAG: stablehlo.exponential
  // CHECK-NOT: chlo.
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Complex arguments: real arithmetic on the parts, recombined.
// CHECK-LABEL: func.func @complex
func.func @complex(%z: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>,
    tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  // CHECK-DAG: stablehlo.real %arg0 : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  // CHECK-DAG: stablehlo.imag %arg0 : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  // CHECK-DAG: stablehlo.complex %{{.*}}, %{{.*}} : tensor<4xcomplex<f64>>
  // CHECK-NOT: chlo.
  %0 = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = chlo.acos %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %2 = chlo.asinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %3 = chlo.acosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %4 = chlo.atan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %5 = chlo.atanh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %6 = chlo.sinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %7 = chlo.cosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>,
    tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}
