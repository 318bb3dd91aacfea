// Dense contractions become calls of the runtime's GEMM after
// bufferization, transposed operands read in place (no copy), the zero
// fill of the result dropped; small or unsupported ones keep their loops.
// RUN: jx-opt %s --split-input-file --jx-cpu-hlo --jx-cpu-linalg --jx-cpu-bufferized | FileCheck %s
// RUN: jx-opt %s --split-input-file --jx-cpu-hlo --jx-cpu-linalg --jx-cpu-bufferized=blas=false | FileCheck %s --check-prefix=NOBLAS
// RUN: jx-opt %s --split-input-file --jx-cpu-hlo --jx-cpu-linalg=dnnl=false --jx-cpu-bufferized | FileCheck %s --check-prefix=GEMMS
// NOBLAS-NOT: call @jx_rt_gemm

// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.fill
// CHECK-NOT: memref.copy
// CHECK: call @jx_rt_gemm_f32
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x48xf32>) -> tensor<64x48xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

// -----

// x @ w.T and the gradient's transposed lhs: one call each, no transpose.
// CHECK-LABEL: func.func @transposed
// CHECK-NOT: linalg.generic
// CHECK: call @jx_rt_gemm_f64
// CHECK: call @jx_rt_gemm_f64
func.func @transposed(%x: tensor<64x32xf64>, %w: tensor<48x32xf64>, %g: tensor<64x48xf64>) -> (tensor<64x48xf64>, tensor<32x48xf64>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<64x32xf64>, tensor<48x32xf64>) -> tensor<64x48xf64>
  %1 = stablehlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<64x32xf64>, tensor<64x48xf64>) -> tensor<32x48xf64>
  return %0, %1 : tensor<64x48xf64>, tensor<32x48xf64>
}

// -----

// Attention scores: batch and head dimensions loop around one GEMM shape.
// CHECK-LABEL: func.func @attention
// CHECK: call @jx_rt_gemm_f32
func.func @attention(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>) -> tensor<2x4x16x16xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x16x16xf32>
  return %0 : tensor<2x4x16x16xf32>
}

// -----

// A slice at a run-time position (a scan's step reading its input row):
// the call's address adds the view's offset, read from the memref.
// CHECK-LABEL: func.func @dynamic_offset
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %{{.*}} : memref<1x32x128xf32, strided<[4096, 128, 1], offset: ?>>
// CHECK: %[[OFF64:.*]] = arith.index_cast %[[OFF]] : index to i64
// CHECK: arith.muli %[[OFF64]], %{{.*}} : i64
// CHECK: call @jx_rt_gemm_f32
// CHECK-NOT: linalg.generic
func.func @dynamic_offset(%xs: tensor<64x32x128xf32>, %w: tensor<128x256xf32>, %t: tensor<i32>) -> tensor<1x32x256xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %x = stablehlo.dynamic_slice %xs, %t, %c0, %c0, sizes = [1, 32, 128] : (tensor<64x32x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x128xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<1x32x128xf32>, tensor<128x256xf32>) -> tensor<1x32x256xf32>
  return %0 : tensor<1x32x256xf32>
}

// -----

// The filter gradient of a first layer over RGB images: a window (the
// output gradient, 16x16) larger than the output (3x3). oneDNN's
// backward-weights convolution computes it; without oneDNN, one output
// position at a time: with 3 input channels its GEMMs have 3 rows, so each
// position's window is copied out contiguously and the images, rows and
// columns fold into one reduction: one call per position, K = 4*16*16, no
// loop around it.
// CHECK-LABEL: func.func @filter_gradient_rgb
// CHECK: call @jx_rt_conv_filter_gradient(
// CHECK-NOT: call @jx_rt_gemm_f32
// GEMMS-LABEL: func.func @filter_gradient_rgb
// GEMMS-COUNT-9: call @jx_rt_gemm_f32(%c3_i64, %c16_i64, %c1024_i64, %c1_i64, %c0_i64, %{{.*}}, %c3_i64, %{{.*}}, %c16_i64, %{{.*}}, %c16_i64, %c1_i64, %c0_i64,
// GEMMS-NOT: call @jx_rt_gemm_f32
func.func @filter_gradient_rgb(%x: tensor<4x16x16x3xf32>, %g: tensor<4x16x16x16xf32>) -> tensor<3x3x3x16xf32> {
  %0 = stablehlo.convolution(%x, %g) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x16x16x3xf32>, tensor<4x16x16x16xf32>) -> tensor<3x3x3x16xf32>
  return %0 : tensor<3x3x3x16xf32>
}

// -----

// Too little work for a call, and integer products: loops.
// CHECK-LABEL: func.func @small
// CHECK-NOT: call @jx_rt_gemm
// CHECK: linalg.matmul
func.func @small(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @integers
// CHECK-NOT: call @jx_rt_gemm
func.func @integers(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi32>
  return %0 : tensor<64x64xi32>
}

// -----

// A 3x3 convolution: one call of oneDNN's convolution, on the buffers
// bufferization gives the operands (no copy); with dnnl=false, one GEMM call
// per window position over strided slices of the padded input.
// CHECK-LABEL: func.func @conv
// CHECK-NOT: memref.copy
// CHECK: call @jx_rt_conv
// GEMMS-LABEL: func.func @conv
// GEMMS-COUNT-9: call @jx_rt_gemm_f32
func.func @conv(%x: tensor<2x8x8x16xf32>, %w: tensor<3x3x16x32xf32>) -> tensor<2x8x8x32xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x8x8x32xf32>
  return %0 : tensor<2x8x8x32xf32>
}

// -----

// bf16 products (and bf16 x bf16 -> f32) are extended to f32 as tensors
// first, then one f32 GEMM; a bf16 result is rounded once at the end.
// CHECK-LABEL: func.func @bf16
// CHECK: arith.extf
// CHECK: call @jx_rt_gemm_f32
// CHECK: arith.truncf
// CHECK: call @jx_rt_gemm_f32
func.func @bf16(%a: tensor<64x32xbf16>, %b: tensor<32x48xbf16>) -> (tensor<64x48xbf16>, tensor<64x48xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xbf16>, tensor<32x48xbf16>) -> tensor<64x48xbf16>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xbf16>, tensor<32x48xbf16>) -> tensor<64x48xf32>
  return %0, %1 : tensor<64x48xbf16>, tensor<64x48xf32>
}
