// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS batch_norm_grad_f32_feature_1
func.func @batch_norm_grad_f32_feature_1() {
  %x = stablehlo.constant dense<[[[0.072, -0.114, -1.954, 0.109], [0.003, -1.506, -0.84, 0.085], [0.602, 0.708, -1.105, -1.077]], [[-0.505, -0.05, -0.575, -0.192], [0.71, 0.684, 0.138, -1.141], [-0.491, 0.564, 0.87, 1.062]]]> : tensor<2x3x4xf32>
  %scale = stablehlo.constant dense<[1.891, -0.404, 0.17]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[-1.056, -0.692, -0.332]> : tensor<3xf32>
  %var = stablehlo.constant dense<[0.979, 0.695, 0.803]> : tensor<3xf32>
  %g = stablehlo.constant dense<[[[-1.061, -0.464, -1.21, -2.941], [-1.092, -1.771, 1.394, 0.474], [-0.641, 0.068, 0.416, 1.752]], [[0.778, 1.528, 0.489, 1.306], [1.448, 0.936, 0.038, 1.101], [-0.387, 1.434, -0.267, -0.674]]]> : tensor<2x3x4xf32>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 1.000000000e-03 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %r#0, dense<[[[-1.4736176874512759, -0.36242074467837915, -2.076205310593061, -5.058983876429757], [0.9054743904708609, 0.7487149077764584, -0.5696539445536355, 0.17351267504757845], [-0.1048826373289584, 0.036002568718863016, -0.008581542632902731, 0.2464214131719479]], [[1.9486807356398603, 3.45273899150093, 1.3856473171949821, 3.006388919462406], [-0.09704014781780469, 0.14253355537647205, 0.40170363605376275, -0.5246230673528643], [-0.12338064003663773, 0.2862042122534877, -0.017631627844925436, -0.0830869849724495]]]> : tensor<2x3x4xf32>
  check.expect_almost_eq_const %r#1, dense<[-0.6506816803371818, 4.434871322407719, -2.3073114820800598]> : tensor<3xf32>
  check.expect_almost_eq_const %r#2, dense<[-1.5750000000000002, 2.5279999999999996, 1.7009999999999998]> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS batch_norm_grad_f64_feature_0
func.func @batch_norm_grad_f64_feature_0() {
  %x = stablehlo.constant dense<[[[-1.248, 1.122], [0.715, -2.318]], [[-0.562, 1.003], [-0.761, -0.27]], [[-0.232, -2.249], [-0.879, 0.779]]]> : tensor<3x2x2xf64>
  %scale = stablehlo.constant dense<[0.136, 0.176, -1.75]> : tensor<3xf64>
  %mean = stablehlo.constant dense<[0.06, -1.56, -2.503]> : tensor<3xf64>
  %var = stablehlo.constant dense<[1.26, 0.754, 1.003]> : tensor<3xf64>
  %g = stablehlo.constant dense<[[[1.46, -0.064], [-0.093, 0.57]], [[0.184, 0.527], [-0.856, 0.042]], [[0.524, 0.616], [-1.537, 0.841]]]> : tensor<3x2x2xf64>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 1.000000000e-05 : f32, feature_index = 0 : i64} : (tensor<3x2x2xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3x2x2xf64>) -> (tensor<3x2x2xf64>, tensor<3xf64>, tensor<3xf64>)
  check.expect_almost_eq_const %r#0, dense<[[[0.013439713491517355, 0.022161419181342224], [-0.014558968447285879, -0.18169131214113543]], [[-0.01815451748020861, -0.04376876104137137], [-0.21685101906806084, -0.06468649353685978]], [[0.8713117270968216, -0.7042564981221643], [4.018812346034868, 1.0265533448927542]]]> : tensor<3x2x2xf64> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %r#1, dense<[-3.0236240083805805, 1.0417251452824055, 1.6081235924778035]> : tensor<3xf64> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %r#2, dense<[1.8729999999999998, -0.1029999999999999, 0.4440000000000002]> : tensor<3xf64> {tolerance = 1.0e-6 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_grad_f16
func.func @batch_norm_grad_f16() {
  %x = stablehlo.constant dense<[[0.25, 0.0], [1.25, 0.75], [1.75, 2.5], [0.75, 0.75]]> : tensor<4x2xf16>
  %scale = stablehlo.constant dense<[-0.75, 1.0]> : tensor<2xf16>
  %mean = stablehlo.constant dense<[1.5, -1.5]> : tensor<2xf16>
  %var = stablehlo.constant dense<[0.75, 0.75]> : tensor<2xf16>
  %g = stablehlo.constant dense<[[2.0, -0.75], [-0.25, 0.25], [-1.5, 1.0], [1.5, -1.25]]> : tensor<4x2xf16>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.000000000e+00 : f32, feature_index = 1 : i64} : (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<4x2xf16>) -> (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>)
  check.expect_almost_eq_const %r#0, dense<[[0.06765823467065928, -1.0103629710818451], [0.8795570507185706, -0.036084391824351615], [1.3937596342155811, 0.4089564406759849], [-0.06765823467065928, -1.768135199393229]]> : tensor<4x2xf16> {tolerance = 5.0e-2 : f64}
  check.expect_almost_eq_const %r#1, dense<[-4.546633369868303, 0.7216878364870327]> : tensor<2xf16> {tolerance = 5.0e-2 : f64}
  check.expect_almost_eq_const %r#2, dense<[1.75, -0.75]> : tensor<2xf16> {tolerance = 5.0e-2 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_grad_bf16
func.func @batch_norm_grad_bf16() {
  %x = stablehlo.constant dense<[[-1.75, -0.5, -0.5, 0.0], [0.0, -0.25, -0.25, -0.25]]> : tensor<2x4xbf16>
  %scale = stablehlo.constant dense<[-0.75, -1.25]> : tensor<2xbf16>
  %mean = stablehlo.constant dense<[-1.0, 0.0]> : tensor<2xbf16>
  %var = stablehlo.constant dense<[1.5, 1.25]> : tensor<2xbf16>
  %g = stablehlo.constant dense<[[0.5, 1.0, 1.0, -1.0], [-0.75, -0.75, 1.5, 0.5]]> : tensor<2x4xbf16>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.000000000e+00 : f32, feature_index = 0 : i64} : (tensor<2x4xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2x4xbf16>) -> (tensor<2x4xbf16>, tensor<2xbf16>, tensor<2xbf16>)
  check.expect_almost_eq_const %r#0, dense<[[-0.04784159653873395, -0.4018694109253652, -0.4018694109253652, 0.8037388218507304], [0.978279740156158, 0.9957490212303751, -1.5198274534568883, -0.4017934647069935]]> : tensor<2x4xbf16> {tolerance = 2.0e-1 : f64}
  check.expect_almost_eq_const %r#1, dense<[-0.30618621784789724, -0.2795084971874737]> : tensor<2xbf16> {tolerance = 2.0e-1 : f64}
  check.expect_almost_eq_const %r#2, dense<[1.5, 0.5]> : tensor<2xbf16> {tolerance = 2.0e-1 : f64}
  func.return
}

// CHECK-NOT: FAIL
