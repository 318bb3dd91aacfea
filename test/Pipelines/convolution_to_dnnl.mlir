// RUN: jx-opt --jx-convolution-to-dnnl --split-input-file %s | FileCheck %s

// The ResNet layer: NHWC x HWIO, SAME padding, with the bias JAX adds
// through two broadcasts. One call does both; the add is gone. Descriptor:
// version 3, f32, rank 2, 1 group, has_bias, N C O = 8 64 64; input,
// kernel and output spatial sizes; strides, padding low/high, kernel and
// base dilations; then the element strides of input (N C H W), kernel
// (O I H W) and output.
// CHECK: func.func private @jx_rt_conv(i64, i64, i64, i64, i64)
// CHECK: memref.global "private" constant @__jx_conv_desc : memref<36xi64> = dense<[3, 0, 2, 1, 1, 8, 64, 64, 56, 56, 3, 3, 56, 56, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 200704, 1, 3584, 64, 1, 64, 12288, 4096, 200704, 1, 3584, 64]>
// CHECK-LABEL: func.func @resnet
// CHECK-DAG: %[[IN:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK-DAG: %[[K:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK-DAG: %[[B:.*]] = bufferization.to_buffer %arg2 read_only : tensor<64xf32> to memref<64xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x56x56x64xf32>
// CHECK: call @jx_rt_conv(
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK-NOT: stablehlo.add
// CHECK: stablehlo.maximum %[[R]]
func.func @resnet(%x: tensor<8x56x56x64xf32>, %k: tensor<3x3x64x64xf32>,
                  %b: tensor<64xf32>) -> tensor<8x56x56x64xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
  %3 = stablehlo.add %0, %2 : tensor<8x56x56x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8x56x56x64xf32>
  %4 = stablehlo.maximum %3, %zero : tensor<8x56x56x64xf32>
  return %4 : tensor<8x56x56x64xf32>
}

// -----

// NCHW x OIHW with 2 feature groups and stride 2: no bias (flags 0), the
// kernel's strides in (O, I, H, W) order.
// CHECK: memref.global "private" constant @__jx_conv_desc : memref<36xi64> = dense<[3, 0, 2, 2, 0, 2, 16, 32, 32, 32, 3, 3, 16, 16, 2, 2, 1, 1, 0, 0, 1, 1, 1, 1, 16384, 1024, 32, 1, 72, 9, 3, 1, 8192, 256, 16, 1]>
// CHECK-LABEL: func.func @grouped_nchw
// CHECK: call @jx_rt_conv
// CHECK-NOT: stablehlo.convolution
func.func @grouped_nchw(%x: tensor<2x16x32x32xf32>, %k: tensor<32x8x3x3xf32>) -> tensor<2x32x16x16xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [1, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x16x32x32xf32>, tensor<32x8x3x3xf32>) -> tensor<2x32x16x16xf32>
  return %0 : tensor<2x32x16x16xf32>
}

// -----

// The input gradient of a stride-2 convolution (base dilation 2, unit
// window strides): a deconvolution in the runtime, the base dilations last
// among the spatial arrays.
// CHECK: memref.global "private" constant @__jx_conv_desc : memref<36xi64> = dense<[3, 0, 2, 1, 0, 8, 64, 64, 28, 28, 3, 3, 56, 56, 1, 1, 1, 1, 2, 2, 1, 1, 2, 2,
// CHECK-LABEL: func.func @kept
// Kept for the lowering to contractions: f64, tiny work, base dilation
// with padding beyond the window or with a window stride, and a window
// larger than the output with feature groups or base dilation (no
// forward convolution has such a filter gradient).
// CHECK-COUNT-6: stablehlo.convolution
// CHECK-NOT: stablehlo.convolution
func.func @kept(%x: tensor<8x28x28x64xf32>, %k: tensor<3x3x64x64xf32>,
                %g: tensor<64x56x56x8xf32>, %dy: tensor<56x56x8x64xf32>,
                %dy4: tensor<56x56x4x64xf32>, %dyb: tensor<100x100x8x64xf32>,
                %xd: tensor<1x8x8x4xf64>, %kd: tensor<3x3x4x4xf64>,
                %xs: tensor<1x4x4x2xf32>, %ks: tensor<3x3x2x2xf32>)
    -> (tensor<8x56x56x64xf32>, tensor<64x3x3x64xf32>, tensor<1x8x8x4xf64>, tensor<1x4x4x2xf32>,
        tensor<8x57x57x64xf32>, tensor<8x28x28x64xf32>, tensor<64x12x12x64xf32>) {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x28x28x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
  %1 = stablehlo.convolution(%g, %dy4) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<64x56x56x8xf32>, tensor<56x56x4x64xf32>) -> tensor<64x3x3x64xf32>
  %2 = stablehlo.convolution(%xd, %kd) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf64>, tensor<3x3x4x4xf64>) -> tensor<1x8x8x4xf64>
  %3 = stablehlo.convolution(%xs, %ks) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x4x2xf32>
  %4 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[3, 1], [3, 1]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x28x28x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x57x57x64xf32>
  %5 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x28x28x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x28x28x64xf32>
  %6 = stablehlo.convolution(%g, %dyb) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<64x56x56x8xf32>, tensor<100x100x8x64xf32>) -> tensor<64x12x12x64xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<8x56x56x64xf32>, tensor<64x3x3x64xf32>, tensor<1x8x8x4xf64>, tensor<1x4x4x2xf32>, tensor<8x57x57x64xf32>, tensor<8x28x28x64xf32>, tensor<64x12x12x64xf32>
}

// -----

// A filter gradient (the window, the output gradient, larger than the
// output): oneDNN's backward-weights convolution of the forward
// convolution it belongs to. Descriptor, flagged filter_gradient (2):
// N C O = 8 64 64 (the lhs feature and batch sizes, the output feature
// size); input, kernel (the result's) and output (rhs's) spatial sizes;
// strides 1 (rhs dilation), padding low 1 and high 1, dilations 1 (window
// strides), base dilations 1; then the element strides of the input
// (lhs: feature, batch, spatial), kernel (result: feature, batch,
// spatial) and output (rhs: input feature, output feature, spatial).
// CHECK: func.func private @jx_rt_conv_filter_gradient(i64, i64, i64, i64)
// CHECK: memref.global "private" constant @__jx_conv_desc : memref<36xi64> = dense<[3, 0, 2, 1, 2, 8, 64, 64, 56, 56, 3, 3, 56, 56, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 25088, 448, 8, 1, 576, 192, 64, 64, 1, 28672, 512]>
// CHECK-LABEL: func.func @filter_gradient
// CHECK-DAG: %[[IN:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK-DAG: %[[DY:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x3x3x64xf32>
// CHECK: call @jx_rt_conv_filter_gradient(
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
// CHECK-NOT: stablehlo.convolution
func.func @filter_gradient(%g: tensor<64x56x56x8xf32>, %dy: tensor<56x56x8x64xf32>) -> tensor<64x3x3x64xf32> {
  %0 = stablehlo.convolution(%g, %dy) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<64x56x56x8xf32>, tensor<56x56x8x64xf32>) -> tensor<64x3x3x64xf32>
  return %0 : tensor<64x3x3x64xf32>
}

// -----

// The forward convolution had 2 feature groups and strides 2: 2 batch
// groups, rhs dilation 2 (the forward strides), padding 0 low and 1 high.
// The kernel's strides gain the groups' (O/G times the output feature
// stride) in the runtime.
// CHECK: memref.global "private" constant @__jx_conv_desc : memref<36xi64> = dense<[3, 0, 2, 2, 2, 4, 16, 32, 16, 16, 3, 3, 8, 8, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1,
// CHECK-LABEL: func.func @filter_gradient_groups
// CHECK: call @jx_rt_conv_filter_gradient(
func.func @filter_gradient_groups(%x: tensor<4x16x16x16xf32>, %dy: tensor<4x8x8x32xf32>) -> tensor<3x3x8x32xf32> {
  %0 = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[0, 1], [0, 1]], rhs_dilate = [2, 2]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x16x16x16xf32>, tensor<4x8x8x32xf32>) -> tensor<3x3x8x32xf32>
  return %0 : tensor<3x3x8x32xf32>
}

// -----

// The convolution's result is used twice: the bias is not fused, so the
// other use still sees the convolution alone.
// CHECK-LABEL: func.func @two_uses
// CHECK: call @jx_rt_conv
// CHECK: stablehlo.add
func.func @two_uses(%x: tensor<2x16x16x16xf32>, %k: tensor<3x3x16x16xf32>, %b: tensor<16xf32>)
    -> (tensor<2x16x16x16xf32>, tensor<2x16x16x16xf32>) {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x16x16x16xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<2x16x16x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x16x16x16xf32>
  return %0, %2 : tensor<2x16x16x16xf32>, tensor<2x16x16x16xf32>
}
