// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS batch_norm_inference_f32_feature_1
func.func @batch_norm_inference_f32_feature_1() {
  %x = stablehlo.constant dense<[[[-0.803, 0.243, -1.656, 0.656], [1.143, -0.453, 0.43, 0.251], [-0.394, -0.862, -2.033, 1.41]], [[-0.048, 2.522, 0.826, 0.278], [-0.657, 1.392, -0.506, 1.57], [-0.398, 0.186, -1.523, 2.343]]]> : tensor<2x3x4xf32>
  %scale = stablehlo.constant dense<[-0.094, -0.385, 0.811]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[-0.891, 0.768, -1.171]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[0.545, -1.044, -1.837]> : tensor<3xf32>
  %var = stablehlo.constant dense<[1.293, 0.695, 0.562]> : tensor<3xf32>
  %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 1.000000000e-03 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  check.expect_almost_eq_const %r, dense<[[[-0.7796088705169042, -0.866044420546072, -0.7091217537149155, -0.9001724149648543], [-0.24126425630102744, 0.49526329425061405, 0.08777342762335882, 0.17037896117520335], [0.3886709668109716, -0.11716826566826266, -1.3828471999272005, 2.3385298885898997]], [[-0.8419978191517241, -1.0543681476172704, -0.9142202577038204, -0.868936623462918], [0.5894059134940569, -0.3561736297893472, 0.5197219159168026, -0.43831767991352777], [0.3843475545675592, 1.0155657421057487, -0.8316121388921378, 3.3469657943658078]]]> : tensor<2x3x4xf32>
  func.return
}

// -----

// CHECK: PASS batch_norm_inference_f64_feature_last
func.func @batch_norm_inference_f64_feature_last() {
  %x = stablehlo.constant dense<[[[0.022, 0.509, 0.091, -0.354, 0.028], [1.052, -0.183, -0.762, -0.97, -0.222]], [[-0.75, 1.881, -1.179, -1.082, -0.306], [0.65, -0.268, -0.958, -0.807, -0.351]], [[0.973, -0.978, -0.091, -0.613, 0.325], [0.397, -1.465, 2.387, 0.19, -0.509]]]> : tensor<3x2x5xf64>
  %scale = stablehlo.constant dense<[-0.894, -0.26, 0.032, 0.595, 0.006]> : tensor<5xf64>
  %offset = stablehlo.constant dense<[0.484, -1.61, -0.752, -1.007, 0.165]> : tensor<5xf64>
  %mean = stablehlo.constant dense<[0.458, -1.466, -0.168, 0.725, 0.915]> : tensor<5xf64>
  %var = stablehlo.constant dense<[0.842, 1.168, 0.907, 1.155, 0.985]> : tensor<5xf64>
  %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 1.000000000e-05 : f32, feature_index = 2 : i64} : (tensor<3x2x5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>) -> tensor<3x2x5xf64>
  check.expect_almost_eq_const %r, dense<[[[0.9087812938238033, -2.0851351578309956, -0.7432975065564738, -1.604372929472535, 0.15963765748846645], [-0.0947157993838057, -1.918657421517553, -0.7719586143067745, -1.9454125259091262, 0.15812628699479858]], [[1.660916979218244, -2.415203733296375, -0.7859699647544596, -2.007419725261234, 0.15761846650892616], [0.2969403476739214, -1.8982085666235609, -0.7785442850207943, -1.8551699054234698, 0.15734641982006595]], [[-0.017748546603804427, -1.7274004845678612, -0.7494127722194922, -1.7477645779742836, 0.16143316563494386], [0.5434304103744312, -1.6102405747634587, -0.6661510781922412, -1.3031951040480132, 0.15639123366806787]]]> : tensor<3x2x5xf64> {tolerance = 1.0e-6 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_inference_f16
func.func @batch_norm_inference_f16() {
  %x = stablehlo.constant dense<[[-1.0, -0.25, 0.5], [0.25, -0.25, 1.5]]> : tensor<2x3xf16>
  %scale = stablehlo.constant dense<[1.5, 1.0]> : tensor<2xf16>
  %offset = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xf16>
  %mean = stablehlo.constant dense<[-1.25, 2.25]> : tensor<2xf16>
  %var = stablehlo.constant dense<[0.75, 0.75]> : tensor<2xf16>
  %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.000000000e+00 : f32, feature_index = 0 : i64} : (tensor<2x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<2x3xf16>
  check.expect_almost_eq_const %r, dense<[[1.4330127018922194, 2.7320508075688776, 4.031088913245536], [-2.3094010767585034, -2.886751345948129, -0.8660254037844387]]> : tensor<2x3xf16> {tolerance = 1.0e-2 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_inference_bf16
func.func @batch_norm_inference_bf16() {
  %x = stablehlo.constant dense<[[-0.25, 0.25], [-0.25, 1.0], [-0.5, 1.75], [0.5, 0.25]]> : tensor<4x2xbf16>
  %scale = stablehlo.constant dense<[-0.5, 0.25]> : tensor<2xbf16>
  %offset = stablehlo.constant dense<[-0.0, 2.0]> : tensor<2xbf16>
  %mean = stablehlo.constant dense<[1.0, -1.5]> : tensor<2xbf16>
  %var = stablehlo.constant dense<[1.5, 1.25]> : tensor<2xbf16>
  %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.000000000e+00 : f32, feature_index = 1 : i64} : (tensor<4x2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<4x2xbf16>
  check.expect_almost_eq_const %r, dense<[[0.5103103630798288, 2.3913118960624633], [0.5103103630798288, 2.5590169943749475], [0.6123724356957946, 2.7267220926874316], [0.20412414523193154, 2.3913118960624633]]> : tensor<4x2xbf16> {tolerance = 5.0e-2 : f64}
  func.return
}

// -----

// CHECK: PASS batch_norm_inference_rank1
func.func @batch_norm_inference_rank1() {
  %x = stablehlo.constant dense<[1.541, -1.886, 0.001]> : tensor<3xf32>
  %scale = stablehlo.constant dense<[0.812, -0.008, -1.098]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[1.233, -1.78, -1.46]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[1.384, -0.865, 0.247]> : tensor<3xf32>
  %var = stablehlo.constant dense<[0.736, 1.264, 0.656]> : tensor<3xf32>
  %r = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 5.000000000e-01 : f32, feature_index = 0 : i64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  check.expect_almost_eq_const %r, dense<[1.347669111191675, -1.773850122874225, -1.2087775016962468]> : tensor<3xf32>
  func.return
}

// CHECK-NOT: FAIL
