// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// erf on f32 follows XLA:CPU (x N(x^2) / D(x^2), +-1 beyond 3.8325): the
// fused Horner steps are emulated in f64 with round-to-odd.
// CHECK-LABEL: func.func @erf
func.func @erf(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-DAG: stablehlo.constant dense<3.8325069> : tensor<4xf32>
  // CHECK-DAG: stablehlo.constant dense<2.29050653E-4> : tensor<4xf32>
  // CHECK: %[[X2:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
  // CHECK: stablehlo.convert %[[X2]] : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf64>) -> tensor<4xi64>
  // CHECK: stablehlo.divide %{{.*}} : tensor<4xf32>
  // CHECK: stablehlo.compare GE
  // CHECK: stablehlo.select
  // CHECK-NOT: chlo.
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Other special functions evaluate in f64 and round back.
// CHECK-LABEL: func.func @lgamma_f32
func.func @lgamma_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
  // CHECK-NOT: chlo.
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
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
  // CHECK: stablehlo.log %{{.*}} : tensor<4xf32>
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

// -----

// erf_inv on f64 follows XLA too: Giles' double-precision polynomials in
// w = -log1p(-x x) (XLA's log1p: Cephes' rational, log(1 + x) above
// sqrt(2) - 1), the fused Horner steps emulated exactly (Dekker's
// product, round-to-odd sum).
// CHECK-LABEL: func.func @erf_inv_f64
func.func @erf_inv_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  // CHECK-DAG: stablehlo.constant dense<1.6536545626831027> : tensor<4xf64>
  // CHECK-DAG: stablehlo.constant dense<3.0838856104922208> : tensor<4xf64>
  // CHECK-DAG: stablehlo.constant dense<4.8499064014085844> : tensor<4xf64>
  // 2^27 + 1, the Veltkamp splitter:
  // CHECK-DAG: stablehlo.constant dense<0x41A0000002000000> : tensor<4xf64>
  // CHECK: stablehlo.log %{{.*}} : tensor<4xf64>
  // CHECK: stablehlo.sqrt %{{.*}} : tensor<4xf64>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf64>) -> tensor<4xi64>
  // CHECK-NOT: chlo.
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
