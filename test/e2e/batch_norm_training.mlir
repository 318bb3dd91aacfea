// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS batch_norm_training_f32_feature_0
func.func @batch_norm_training_f32_feature_0() {
  %x = stablehlo.constant dense<[[[0.121, 0.214], [1.187, 0.934], [0.323, 0.917], [-0.542, -0.764]], [[-1.002, 0.784], [1.625, 0.085], [-1.979, -0.509], [0.468, 0.297]], [[0.094, 0.989], [0.927, -1.341], [0.435, -0.74], [0.233, 1.244]]]> : tensor<3x4x2xf32>
  %scale = stablehlo.constant dense<[1.831, 0.7, -0.506]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[-0.351, 0.533, -0.988]> : tensor<3xf32>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-03 : f32, feature_index = 0 : i64} : (tensor<3x4x2xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3x4x2xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %r#0, dense<[[[-0.8459981881029444, -0.5870117943275641], [2.122598540548189, 1.4180441574818317], [-0.2834686016230862, 1.3707025586196653], [-2.69232054372743, -3.3105461288686597]], [[-0.11831769086970634, 1.077061521352049], [1.6399472534228754, 0.609217137621362], [-0.7722289396606666, 0.21164980724077814], [0.8655610560317384, 0.7511098548615702]], [[-0.905434032940843, -1.4482919981782751], [-1.4106861949998162, -0.03504165292328432], [-1.1122659504223675, -0.3995753256693141], [-0.9897438174860979, -1.602961027380002]]]> : tensor<3x4x2xf32>
  check.expect_almost_eq_const %r#1, dense<[0.29874999999999996, -0.028874999999999984, 0.23012500000000002]> : tensor<3xf32>
  check.expect_almost_eq_const %r#2, dense<[0.4313034375, 1.0928243593750002, 0.694944609375]> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS batch_norm_training_f64_feature_2
func.func @batch_norm_training_f64_feature_2() {
  %x = stablehlo.constant dense<[[[-0.068, 0.605, 0.918, -0.297], [0.37, 1.363, 0.305, -1.716], [0.214, 0.251, -0.421, 0.043]], [[-1.476, 1.246, 0.422, -0.544], [0.236, 0.132, -0.864, -2.667], [-2.847, 2.022, -1.119, -0.294]]]> : tensor<2x3x4xf64>
  %scale = stablehlo.constant dense<[0.572, -0.362, 1.192, -0.949]> : tensor<4xf64>
  %offset = stablehlo.constant dense<[0.563, -2.087, 0.715, 0.688]> : tensor<4xf64>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-05 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>)
  check.expect_almost_eq_const %r#0, dense<[[[0.8178211503993444, -1.907547103587943, 2.421506694880759, 0.07979989366302287], [1.0295410312875763, -2.317879819969057, 1.4199857719875992, 1.4819704068915698], [0.9541339504232746, -1.7159141463334384, 0.23384516836535796, -0.25616767116975103]], [[0.13722390772667215, -2.254543503588331, 1.6111406626539937, 0.32387044811506727], [0.9647682823400351, -1.651495157877828, -0.4899293321920152, 2.4216914485267687], [-0.5254883221769031, -2.674620268643403, -0.906548965695695, 0.0768354739733218]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %r#1, dense<[-0.5951666666666666, 0.9365, -0.1265, -0.9125]> : tensor<4xf64> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %r#2, dense<[1.4002768055555557, 0.4471709166666666, 0.53228625, 0.9223395833333332]> : tensor<4xf64> {tolerance = 1.0e-6 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_training_f16
func.func @batch_norm_training_f16() {
  %x = stablehlo.constant dense<[[0.25, 0.25], [0.25, 0.75], [1.0, -1.0], [1.0, -1.0]]> : tensor<4x2xf16>
  %scale = stablehlo.constant dense<[0.25, -0.25]> : tensor<2xf16>
  %offset = stablehlo.constant dense<[0.5, -0.25]> : tensor<2xf16>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-02 : f32, feature_index = 1 : i64} : (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>) -> (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>)
  check.expect_almost_eq_const %r#0, dense<[[0.25844126492045993, -0.41087236305172536], [0.25844126492045993, -0.5717447261034507], [0.7415587350795401, -0.008691455422411898], [0.7415587350795401, -0.008691455422411898]]> : tensor<4x2xf16> {tolerance = 2.0e-2 : f64}
  check.expect_almost_eq_const %r#1, dense<[0.625, -0.25]> : tensor<2xf16> {tolerance = 2.0e-2 : f64}
  check.expect_almost_eq_const %r#2, dense<[0.140625, 0.59375]> : tensor<2xf16> {tolerance = 2.0e-2 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_training_bf16
func.func @batch_norm_training_bf16() {
  %x = stablehlo.constant dense<[[0.5, -0.5, -1.0, 1.0], [0.5, 0.5, 1.0, -1.0]]> : tensor<2x4xbf16>
  %scale = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xbf16>
  %offset = stablehlo.constant dense<[0.5, -0.25]> : tensor<2xbf16>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-02 : f32, feature_index = 0 : i64} : (tensor<2x4xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> (tensor<2x4xbf16>, tensor<2xbf16>, tensor<2xbf16>)
  check.expect_almost_eq_const %r#0, dense<[[1.1274558052485895, -0.12745580524858946, -0.7549116104971789, 1.754911610497179], [-0.5804093002920446, -0.5804093002920446, -1.241227900876134, 1.4020465014602232]]> : tensor<2x4xbf16> {tolerance = 1.0e-1 : f64}
  check.expect_almost_eq_const %r#1, dense<[0.0, 0.25]> : tensor<2xbf16> {tolerance = 1.0e-1 : f64}
  check.expect_almost_eq_const %r#2, dense<[0.625, 0.5625]> : tensor<2xbf16> {tolerance = 1.0e-1 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_training_single_element_per_feature
func.func @batch_norm_training_single_element_per_feature() {
  %x = stablehlo.constant dense<[[0.272, 0.697, 0.021]]> : tensor<1x3xf32>
  %scale = stablehlo.constant dense<[-0.921, 0.93, 1.177]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[0.685, 1.037, -1.763]> : tensor<3xf32>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-01 : f32, feature_index = 1 : i64} : (tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %r#0, dense<[[0.685, 1.037, -1.763]]> : tensor<1x3xf32>
  check.expect_almost_eq_const %r#1, dense<[0.272, 0.697, 0.021]> : tensor<3xf32>
  check.expect_almost_eq_const %r#2, dense<[0.0, 0.0, 0.0]> : tensor<3xf32>
  func.return
}

// CHECK-NOT: FAIL
