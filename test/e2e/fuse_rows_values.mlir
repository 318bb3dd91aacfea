// RUN: jxc run %s | FileCheck %s
// CHECK: PASS layernorm_values
// A layernorm-like chain that jx-fuse-rows puts in one loop over the rows
// (fuse_rows.mlir shows the loop) computes what the separate loop nests
// did: x[i, j] = j + i / 2, so x - mean = j - 63.5 in every row and the
// variance is (128^2 - 1) / 12 = 1365.25.
func.func @layernorm_values() {
  %x0 = stablehlo.iota dim = 1 : tensor<512x128xf32>
  %rows = stablehlo.iota dim = 0 : tensor<512x128xf32>
  %half = stablehlo.constant dense<0.5> : tensor<512x128xf32>
  %rh = stablehlo.multiply %rows, %half : tensor<512x128xf32>
  %x = stablehlo.add %x0, %rh : tensor<512x128xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<128.0> : tensor<512xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x128xf32>, tensor<f32>) -> tensor<512xf32>
  %mean = stablehlo.divide %s, %n : tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<512xf32>) -> tensor<512x128xf32>
  %c = stablehlo.subtract %x, %mb : tensor<512x128xf32>
  %sq = stablehlo.multiply %c, %c : tensor<512x128xf32>
  %v = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<512x128xf32>, tensor<f32>) -> tensor<512xf32>
  %var = stablehlo.divide %v, %n : tensor<512xf32>
  %vb = stablehlo.broadcast_in_dim %var, dims = [0] : (tensor<512xf32>) -> tensor<512x128xf32>
  %y = stablehlo.divide %c, %vb : tensor<512x128xf32>
  %first = stablehlo.slice %y [0:8, 0:2] : (tensor<512x128xf32>) -> tensor<8x2xf32>
  check.expect_almost_eq_const %first, dense<[[-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612], [-0.0465116277, -0.0457791612]]> : tensor<8x2xf32> {tolerance = 1.0e-06 : f64}
  func.return
}
