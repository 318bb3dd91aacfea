// Filter gradients (the convolution JAX's transpose rule writes for the
// gradient of a convolution with respect to its kernel: the output
// gradient as the window) through oneDNN's backward-weights convolution
// (jx_rt_conv_filter_gradient), against the same convolutions through the
// lowering to contractions: a reversed window over a reversed output
// gradient is the same convolution, and window reversal keeps the
// contractions.
// RUN: jxc run --split-input-file %s | FileCheck %s
// RUN: env JX_DNNL_LAYOUT=blocked jxc run --split-input-file %s | FileCheck %s
// RUN: jx-opt --split-input-file --jx-cpu-hlo --jx-cpu-linalg %s | FileCheck %s --check-prefix=IR
// IR-COUNT-9: call @jx_rt_conv_filter_gradient(
// IR-NOT: call @jx_rt_conv(
// The 3x3 SAME convolution's filter gradient, NHWC x HWIO, as JAX writes it.
// CHECK: PASS nhwc_same
func.func @nhwc_same() {
  %xa = stablehlo.iota dim = 0 : tensor<2x12x12x16xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x12x12x16xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x12x12x16xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x12x12x16xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x12x12x16xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x12x12x16xi32>) -> tensor<2x12x12x16xf32>
  %x = stablehlo.sine %xf : tensor<2x12x12x16xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x12x12x32xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x12x12x32xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x12x12x32xi32>
  %yf = stablehlo.convert %yab : (tensor<2x12x12x32xi32>) -> tensor<2x12x12x32xf32>
  %dy = stablehlo.cosine %yf : tensor<2x12x12x32xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<2x12x12x32xf32>) -> tensor<3x3x16x32xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<2x12x12x32xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<2x12x12x32xf32>) -> tensor<3x3x16x32xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x16x32xf32>
  return
}

// -----

// A stride-2 forward convolution: the window dilated by 2.
// CHECK: PASS nhwc_stride2
func.func @nhwc_stride2() {
  %xa = stablehlo.iota dim = 0 : tensor<2x17x17x8xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x17x17x8xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x17x17x8xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x17x17x8xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x17x17x8xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x17x17x8xi32>) -> tensor<2x17x17x8xf32>
  %x = stablehlo.sine %xf : tensor<2x17x17x8xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x9x9x16xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x9x9x16xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x9x9x16xi32>
  %yf = stablehlo.convert %yab : (tensor<2x9x9x16xi32>) -> tensor<2x9x9x16xf32>
  %dy = stablehlo.cosine %yf : tensor<2x9x9x16xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x9x9x16xf32>) -> tensor<3x3x8x16xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<2x9x9x16xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x9x9x16xf32>) -> tensor<3x3x8x16xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x8x16xf32>
  return
}

// -----

// High padding that no window reaches: the forward convolution's right
// padding is 0.
// CHECK: PASS unused_padding
func.func @unused_padding() {
  %xa = stablehlo.iota dim = 0 : tensor<2x17x17x8xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x17x17x8xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x17x17x8xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x17x17x8xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x17x17x8xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x17x17x8xi32>) -> tensor<2x17x17x8xf32>
  %x = stablehlo.sine %xf : tensor<2x17x17x8xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x13x13x16xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x13x13x16xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x13x13x16xi32>
  %yf = stablehlo.convert %yab : (tensor<2x13x13x16xi32>) -> tensor<2x13x13x16xf32>
  %dy = stablehlo.cosine %yf : tensor<2x13x13x16xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x13x13x16xf32>) -> tensor<3x3x8x16xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<2x13x13x16xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x13x13x16xf32>) -> tensor<3x3x8x16xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x8x16xf32>
  return
}

// -----

// A depthwise convolution's (16 feature groups): 16 batch groups.
// CHECK: PASS depthwise
func.func @depthwise() {
  %xa = stablehlo.iota dim = 0 : tensor<4x20x20x16xi32>
  %xb = stablehlo.iota dim = 3 : tensor<4x20x20x16xi32>
  %xc = stablehlo.iota dim = 2 : tensor<4x20x20x16xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<4x20x20x16xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<4x20x20x16xi32>
  %xf = stablehlo.convert %xabc : (tensor<4x20x20x16xi32>) -> tensor<4x20x20x16xf32>
  %x = stablehlo.sine %xf : tensor<4x20x20x16xf32>
  %ya = stablehlo.iota dim = 1 : tensor<4x20x20x16xi32>
  %yb = stablehlo.iota dim = 3 : tensor<4x20x20x16xi32>
  %yab = stablehlo.add %ya, %yb : tensor<4x20x20x16xi32>
  %yf = stablehlo.convert %yab : (tensor<4x20x20x16xi32>) -> tensor<4x20x20x16xf32>
  %dy = stablehlo.cosine %yf : tensor<4x20x20x16xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 16 : i64, feature_group_count = 1 : i64} : (tensor<4x20x20x16xf32>, tensor<4x20x20x16xf32>) -> tensor<3x3x1x16xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<4x20x20x16xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]], reverse = [true, true]} {batch_group_count = 16 : i64, feature_group_count = 1 : i64} : (tensor<4x20x20x16xf32>, tensor<4x20x20x16xf32>) -> tensor<3x3x1x16xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x1x16xf32>
  return
}

// -----

// Four groups of four input and two output features.
// CHECK: PASS grouped
func.func @grouped() {
  %xa = stablehlo.iota dim = 0 : tensor<2x12x12x16xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x12x12x16xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x12x12x16xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x12x12x16xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x12x12x16xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x12x12x16xi32>) -> tensor<2x12x12x16xf32>
  %x = stablehlo.sine %xf : tensor<2x12x12x16xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x12x12x8xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x12x12x8xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x12x12x8xi32>
  %yf = stablehlo.convert %yab : (tensor<2x12x12x8xi32>) -> tensor<2x12x12x8xf32>
  %dy = stablehlo.cosine %yf : tensor<2x12x12x8xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<2x12x12x8xf32>) -> tensor<3x3x4x8xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<2x12x12x8xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]], reverse = [true, true]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<2x12x12x16xf32>, tensor<2x12x12x8xf32>) -> tensor<3x3x4x8xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x4x8xf32>
  return
}

// -----

// A forward kernel dilation of 2, no padding: window strides 2.
// CHECK: PASS kernel_dilation
func.func @kernel_dilation() {
  %xa = stablehlo.iota dim = 0 : tensor<2x17x17x8xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x17x17x8xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x17x17x8xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x17x17x8xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x17x17x8xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x17x17x8xi32>) -> tensor<2x17x17x8xf32>
  %x = stablehlo.sine %xf : tensor<2x17x17x8xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x13x13x16xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x13x13x16xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x13x13x16xi32>
  %yf = stablehlo.convert %yab : (tensor<2x13x13x16xi32>) -> tensor<2x13x13x16xf32>
  %dy = stablehlo.cosine %yf : tensor<2x13x13x16xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x13x13x16xf32>) -> tensor<3x3x8x16xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2] : tensor<2x13x13x16xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [2, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x17x17x8xf32>, tensor<2x13x13x16xf32>) -> tensor<3x3x8x16xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x8x16xf32>
  return
}

// -----

// NCHW x OIHW.
// CHECK: PASS nchw
func.func @nchw() {
  %xa = stablehlo.iota dim = 0 : tensor<2x16x17x17xi32>
  %xb = stablehlo.iota dim = 3 : tensor<2x16x17x17xi32>
  %xc = stablehlo.iota dim = 2 : tensor<2x16x17x17xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x16x17x17xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x16x17x17xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x16x17x17xi32>) -> tensor<2x16x17x17xf32>
  %x = stablehlo.sine %xf : tensor<2x16x17x17xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x32x9x9xi32>
  %yb = stablehlo.iota dim = 3 : tensor<2x32x9x9xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x32x9x9xi32>
  %yf = stablehlo.convert %yab : (tensor<2x32x9x9xi32>) -> tensor<2x32x9x9xf32>
  %dy = stablehlo.cosine %yf : tensor<2x32x9x9xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x17x17xf32>, tensor<2x32x9x9xf32>) -> tensor<32x16x3x3xf32>
  %dyr = stablehlo.reverse %dy, dims = [2, 3] : tensor<2x32x9x9xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2], reverse = [true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x17x17xf32>, tensor<2x32x9x9xf32>) -> tensor<32x16x3x3xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<32x16x3x3xf32>
  return
}

// -----

// One spatial dimension, a window of 5.
// CHECK: PASS one_d
func.func @one_d() {
  %xa = stablehlo.iota dim = 0 : tensor<4x40x16xi32>
  %xb = stablehlo.iota dim = 2 : tensor<4x40x16xi32>
  %xc = stablehlo.iota dim = 1 : tensor<4x40x16xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<4x40x16xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<4x40x16xi32>
  %xf = stablehlo.convert %xabc : (tensor<4x40x16xi32>) -> tensor<4x40x16xf32>
  %x = stablehlo.sine %xf : tensor<4x40x16xf32>
  %ya = stablehlo.iota dim = 1 : tensor<4x40x24xi32>
  %yb = stablehlo.iota dim = 2 : tensor<4x40x24xi32>
  %yab = stablehlo.add %ya, %yb : tensor<4x40x24xi32>
  %yf = stablehlo.convert %yab : (tensor<4x40x24xi32>) -> tensor<4x40x24xf32>
  %dy = stablehlo.cosine %yf : tensor<4x40x24xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, b]x[i, 0, o]->[0, b, f], window = {pad = [[2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x40x16xf32>, tensor<4x40x24xf32>) -> tensor<5x16x24xf32>
  %dyr = stablehlo.reverse %dy, dims = [1] : tensor<4x40x24xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, b]x[i, 0, o]->[0, b, f], window = {pad = [[2, 2]], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x40x16xf32>, tensor<4x40x24xf32>) -> tensor<5x16x24xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<5x16x24xf32>
  return
}

// -----

// Three spatial dimensions.
// CHECK: PASS three_d
func.func @three_d() {
  %xa = stablehlo.iota dim = 0 : tensor<2x6x6x6x8xi32>
  %xb = stablehlo.iota dim = 4 : tensor<2x6x6x6x8xi32>
  %xc = stablehlo.iota dim = 3 : tensor<2x6x6x6x8xi32>
  %xab = stablehlo.multiply %xa, %xb : tensor<2x6x6x6x8xi32>
  %xabc = stablehlo.add %xab, %xc : tensor<2x6x6x6x8xi32>
  %xf = stablehlo.convert %xabc : (tensor<2x6x6x6x8xi32>) -> tensor<2x6x6x6x8xf32>
  %x = stablehlo.sine %xf : tensor<2x6x6x6x8xf32>
  %ya = stablehlo.iota dim = 1 : tensor<2x6x6x6x8xi32>
  %yb = stablehlo.iota dim = 4 : tensor<2x6x6x6x8xi32>
  %yab = stablehlo.add %ya, %yb : tensor<2x6x6x6x8xi32>
  %yf = stablehlo.convert %yab : (tensor<2x6x6x6x8xi32>) -> tensor<2x6x6x6x8xf32>
  %dy = stablehlo.cosine %yf : tensor<2x6x6x6x8xf32>
  %dw = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, 2, b]x[i, 0, 1, 2, o]->[0, 1, 2, b, f], window = {pad = [[1, 1], [1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x6x8xf32>, tensor<2x6x6x6x8xf32>) -> tensor<3x3x3x8x8xf32>
  %dyr = stablehlo.reverse %dy, dims = [1, 2, 3] : tensor<2x6x6x6x8xf32>
  %ref = stablehlo.convolution(%x, %dyr) dim_numbers = [f, 0, 1, 2, b]x[i, 0, 1, 2, o]->[0, 1, 2, b, f], window = {pad = [[1, 1], [1, 1], [1, 1]], reverse = [true, true, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x6x8xf32>, tensor<2x6x6x6x8xf32>) -> tensor<3x3x3x8x8xf32>
  check.expect_almost_eq %dw, %ref, tolerance = 1.0e-3 : tensor<3x3x3x8x8xf32>
  return
}
