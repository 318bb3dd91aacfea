// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// Special functions evaluate in f64 and round back.
// CHECK-LABEL: func.func @erf
func.func @erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[W:.*]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK-DAG: stablehlo.exponential
  // CHECK-DAG: stablehlo.compare LT
  // CHECK: %[[R:.*]] = stablehlo.select
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
  // CHECK-NOT: chlo.
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @erfc
func.func @erfc(%x: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK: stablehlo.constant dense<2.000000e+00> : tensor<4xf64>
  // CHECK-NOT: chlo.
  // CHECK: return
  %0 = chlo.erfc %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @erf_inv
func.func @erf_inv(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // bf16 through f32 (Giles' single-precision erfinv, as JAX/XLA), the
  // fused Horner steps emulated in f64 with round-to-odd.
  // CHECK: stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
  // CHECK: stablehlo.log_plus_one %{{.*}} : tensor<4xf32>
  // CHECK: stablehlo.sqrt %{{.*}} : tensor<4xf32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf64>) -> tensor<4xi64>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
  // CHECK-NOT: chlo.
  %0 = chlo.erf_inv %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// lgamma: reflection through sin(pi x) below 1/2.
// CHECK-LABEL: func.func @lgamma
func.func @lgamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-DAG: stablehlo.round_nearest_even
  // CHECK-DAG: stablehlo.sine
  // CHECK-DAG: stablehlo.floor
  // CHECK-NOT: chlo.
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// digamma: reflection through tan(pi x) below 1/2.
// CHECK-LABEL: func.func @digamma
func.func @digamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK-DAG: stablehlo.tan
  // CHECK-DAG: stablehlo.log
  // CHECK-NOT: chlo.
  %0 = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @zeta_polygamma
func.func @zeta_polygamma(%x: tensor<4xf32>, %q: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-DAG: stablehlo.power
  // CHECK-NOT: chlo.
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @bessel_i1e
func.func @bessel_i1e(%x: tensor<4xf16>) -> tensor<4xf16> {
  // CHECK: stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf64>
  // CHECK-DAG: stablehlo.exponential
  // CHECK-DAG: stablehlo.sqrt
  // CHECK-NOT: chlo.
  %0 = chlo.bessel_i1e %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
