// Convolutions through oneDNN (jx-convolution-to-dnnl) against the same
// convolutions through the lowering to contractions: a reversed window
// over a reversed kernel is the same convolution, and window reversal
// keeps the contractions. The input holds a NaN, which the fused bias and
// the relu after it must keep (oneDNN's own relu would make it 0).
// RUN: jxc run --split-input-file %s | FileCheck %s
// The same on oneDNN's blocked layout (reorders in and out), which jx picks
// by default for wide-channel windows only:
// RUN: env JX_DNNL_LAYOUT=blocked jxc run --split-input-file %s | FileCheck %s
// RUN: jx-opt --split-input-file --jx-cpu-hlo --jx-cpu-linalg %s | FileCheck %s --check-prefix=IR
// IR-COUNT-3: call @jx_rt_conv

// CHECK: PASS nhwc_bias_relu_nan
func.func @nhwc_bias_relu_nan() {
  %i = stablehlo.iota dim = 1 : tensor<2x12x12x16xi32>
  %j = stablehlo.iota dim = 3 : tensor<2x12x12x16xi32>
  %ij = stablehlo.multiply %i, %j : tensor<2x12x12x16xi32>
  %f = stablehlo.convert %ij : (tensor<2x12x12x16xi32>) -> tensor<2x12x12x16xf32>
  %s = stablehlo.sine %f : tensor<2x12x12x16xf32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<1x1x1x1xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c5 = stablehlo.constant dense<5> : tensor<i32>
  %x = stablehlo.dynamic_update_slice %s, %nan, %c0, %c5, %c5, %c0 : (tensor<2x12x12x16xf32>, tensor<1x1x1x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x12x12x16xf32>
  %ki = stablehlo.iota dim = 2 : tensor<3x3x16x32xf32>
  %kj = stablehlo.iota dim = 3 : tensor<3x3x16x32xf32>
  %kk = stablehlo.add %ki, %kj : tensor<3x3x16x32xf32>
  %k = stablehlo.cosine %kk : tensor<3x3x16x32xf32>
  %bi = stablehlo.iota dim = 0 : tensor<32xf32>
  %b = stablehlo.sine %bi : tensor<32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2x12x12x32xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<32xf32>) -> tensor<2x12x12x32xf32>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x12x12x32xf32>
  %biased = stablehlo.add %conv, %bb : tensor<2x12x12x32xf32>
  %relu = stablehlo.maximum %biased, %zero : tensor<2x12x12x32xf32>
  %kr = stablehlo.reverse %k, dims = [0, 1] : tensor<3x3x16x32xf32>
  %ref = stablehlo.convolution(%x, %kr) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x12x12x32xf32>
  %refb = stablehlo.add %ref, %bb : tensor<2x12x12x32xf32>
  %refr = stablehlo.maximum %refb, %zero : tensor<2x12x12x32xf32>
  check.expect_almost_eq %relu, %refr, tolerance = 1.0e-4 : tensor<2x12x12x32xf32>
  // The NaN reached the nine outputs around it.
  %corner = stablehlo.slice %relu [0:1, 4:7, 4:7, 0:1] : (tensor<2x12x12x32xf32>) -> tensor<1x3x3x1xf32>
  %isnan = stablehlo.compare NE, %corner, %corner : (tensor<1x3x3x1xf32>, tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xi1>
  check.expect_eq_const %isnan, dense<true> : tensor<1x3x3x1xi1>
  func.return
}

// -----

// NCHW x OIHW, 4 feature groups, stride 2, kernel dilation 2, uneven
// padding.
// CHECK: PASS nchw_groups_strided_dilated
func.func @nchw_groups_strided_dilated() {
  %i = stablehlo.iota dim = 1 : tensor<2x16x17x15xf32>
  %j = stablehlo.iota dim = 2 : tensor<2x16x17x15xf32>
  %ij = stablehlo.add %i, %j : tensor<2x16x17x15xf32>
  %x = stablehlo.sine %ij : tensor<2x16x17x15xf32>
  %ki = stablehlo.iota dim = 0 : tensor<32x4x3x3xf32>
  %kj = stablehlo.iota dim = 3 : tensor<32x4x3x3xf32>
  %kk = stablehlo.multiply %ki, %kj : tensor<32x4x3x3xf32>
  %k = stablehlo.cosine %kk : tensor<32x4x3x3xf32>
  %kr = stablehlo.reverse %k, dims = [2, 3] : tensor<32x4x3x3xf32>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[2, 1], [0, 2]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x16x17x15xf32>, tensor<32x4x3x3xf32>) -> tensor<2x32x8x7xf32>
  %ref = stablehlo.convolution(%x, %kr) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[2, 1], [0, 2]], rhs_dilate = [2, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x16x17x15xf32>, tensor<32x4x3x3xf32>) -> tensor<2x32x8x7xf32>
  check.expect_almost_eq %conv, %ref, tolerance = 1.0e-4 : tensor<2x32x8x7xf32>
  func.return
}

// -----

// Base dilation 2 (the input gradient of a stride-2 convolution), kernel
// dilation 2 along one dimension, uneven padding: a oneDNN deconvolution
// over the reversed kernel.
// CHECK: PASS base_dilated
func.func @base_dilated() {
  %i = stablehlo.iota dim = 1 : tensor<2x9x11x16xf32>
  %j = stablehlo.iota dim = 3 : tensor<2x9x11x16xf32>
  %ij = stablehlo.multiply %i, %j : tensor<2x9x11x16xf32>
  %x = stablehlo.sine %ij : tensor<2x9x11x16xf32>
  %ki = stablehlo.iota dim = 0 : tensor<3x3x16x24xf32>
  %kj = stablehlo.iota dim = 3 : tensor<3x3x16x24xf32>
  %kk = stablehlo.add %ki, %kj : tensor<3x3x16x24xf32>
  %k = stablehlo.cosine %kk : tensor<3x3x16x24xf32>
  %kr = stablehlo.reverse %k, dims = [0, 1] : tensor<3x3x16x24xf32>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 1], [0, 4]], lhs_dilate = [2, 2], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x11x16xf32>, tensor<3x3x16x24xf32>) -> tensor<2x18x21x24xf32>
  %ref = stablehlo.convolution(%x, %kr) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 1], [0, 4]], lhs_dilate = [2, 2], rhs_dilate = [1, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x11x16xf32>, tensor<3x3x16x24xf32>) -> tensor<2x18x21x24xf32>
  check.expect_almost_eq %conv, %ref, tolerance = 1.0e-4 : tensor<2x18x21x24xf32>
  func.return
}
