// RUN: jx-opt --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics %s | FileCheck %s

// A plain matrix product with one element type is linalg.matmul on a zero
// accumulator.
// CHECK-LABEL: func.func @dot_general_matmul
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[ACC]] : tensor<2x4xf32>)
func.func @dot_general_matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_batch_matmul
// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : tensor<5x2x3xi32>, tensor<5x3x4xi32>)
func.func @dot_general_batch_matmul(%a: tensor<5x2x3xi32>, %b: tensor<5x3x4xi32>) -> tensor<5x2x4xi32> {
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xi32>, tensor<5x3x4xi32>) -> tensor<5x2x4xi32>
  return %r : tensor<5x2x4xi32>
}

// -----

// Other layouts: one generic, loops (batch, lhs free, rhs free, contracting).
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d0, d1)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dot_general_permuted
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @dot_general_permuted(%a: tensor<3x2x4xf32>, %b: tensor<2x5x3xf32>) -> tensor<2x4x5xf32> {
  %r = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<3x2x4xf32>, tensor<2x5x3xf32>) -> tensor<2x4x5xf32>
  return %r : tensor<2x4x5xf32>
}

// -----

// Operands convert to the result type before the multiply: the sum
// accumulates in f32.
// CHECK-LABEL: func.func @dot_general_bf16_to_f32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK: %[[XF:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK: %[[YF:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[XF]], %[[YF]] : f32
// CHECK: arith.addf %[[ACC]], %[[P]] : f32
func.func @dot_general_bf16_to_f32(%a: tensor<2x3xbf16>, %b: tensor<3x4xbf16>) -> tensor<2x4xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Unsigned operands widen with zero extension.
// CHECK-LABEL: func.func @dot_general_ui8_to_ui32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
func.func @dot_general_ui8_to_ui32(%a: tensor<2x3xui8>, %b: tensor<3x4xui8>) -> tensor<2x4xui32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xui8>, tensor<3x4xui8>) -> tensor<2x4xui32>
  return %r : tensor<2x4xui32>
}

// -----

// Booleans: or of ands.
// CHECK-LABEL: func.func @dot_general_i1
// CHECK: %[[AND:.*]] = arith.andi
// CHECK: arith.ori %{{.*}}, %[[AND]] : i1
func.func @dot_general_i1(%a: tensor<2x3xi1>, %b: tensor<3xi1>) -> tensor<2xi1> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2xi1>
  return %r : tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @dot_general_complex
// CHECK: complex.create
// CHECK: linalg.generic
// CHECK: complex.mul
// CHECK: complex.add
func.func @dot_general_complex(%a: tensor<2x3xcomplex<f32>>, %b: tensor<3x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xcomplex<f32>>, tensor<3x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return %r : tensor<2x4xcomplex<f32>>
}

// -----

// Dynamic result sizes come from the operand dimensions they copy.
// CHECK-LABEL: func.func @dot_general_dynamic
// CHECK-DAG: %[[M:.*]] = tensor.dim %arg0, %c0 : tensor<?x3xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %arg1, %c1 : tensor<3x?xf32>
// CHECK: tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf32>
// CHECK: linalg.matmul
func.func @dot_general_dynamic(%a: tensor<?x3xf32>, %b: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @dot_vector_vector
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK-SAME: outs(%{{.*}} : tensor<f64>)
func.func @dot_vector_vector(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<f64> {
  %r = stablehlo.dot %a, %b : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
  return %r : tensor<f64>
}

// -----

// Padding and rhs dilation: the input is zero-padded by a fill and an
// insert_slice (1 row before, 2 columns before and 1 after; a gather-like
// generic only with lhs dilation or negative padding); then, f32 with one group,
// one contraction per window position (2 x 3) over a strided slice of the
// padded input (offset: position * rhs dilation, stride: window stride)
// and the kernel's feature matrix at that position, accumulated in turn.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[KER:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4, d3)>
// CHECK-DAG: #[[RES:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @convolution
// CHECK: %[[FILLED:.*]] = linalg.fill {{.*}} -> tensor<1x7x10x2xf32>
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %[[FILLED]][0, 1, 2, 0] [1, 6, 7, 2] [1, 1, 1, 1]
// CHECK: %[[ZERO:.*]] = linalg.fill
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[PADDED]][0, 0, 0, 0] [1, 3, 8, 2] [1, 2, 1, 1] : tensor<1x7x10x2xf32> to tensor<1x3x8x2xf32>
// CHECK: %[[K0:.*]] = tensor.extract_slice %arg1[0, 0, 0, 0] [1, 1, 2, 3] [1, 1, 1, 1] : tensor<2x3x2x3xf32> to tensor<2x3xf32>
// CHECK: %[[A0:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[KER]], #[[RES]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[S0]], %[[K0]] : tensor<1x3x8x2xf32>, tensor<2x3xf32>) outs(%[[ZERO]] : tensor<1x3x8x3xf32>)
// CHECK: tensor.extract_slice %[[PADDED]][0, 0, 1, 0] [1, 3, 8, 2] [1, 2, 1, 1]
// CHECK: tensor.extract_slice %arg1[0, 1, 0, 0] [1, 1, 2, 3]
// CHECK: linalg.generic {{.*}} outs(%[[A0]] : tensor<1x3x8x3xf32>)
// CHECK: tensor.extract_slice %[[PADDED]][0, 0, 2, 0] [1, 3, 8, 2] [1, 2, 1, 1]
// CHECK: linalg.generic
// CHECK: tensor.extract_slice %[[PADDED]][0, 2, 0, 0] [1, 3, 8, 2] [1, 2, 1, 1]
// CHECK: tensor.extract_slice %arg1[1, 0, 0, 0] [1, 1, 2, 3]
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @convolution(%x: tensor<1x6x7x2xf32>, %w: tensor<2x3x2x3xf32>) -> tensor<1x3x8x3xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 0], [2, 1]], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x7x2xf32>, tensor<2x3x2x3xf32>) -> tensor<1x3x8x3xf32>
  return %r : tensor<1x3x8x3xf32>
}

// -----

// Feature groups pick the input features of the output feature's group;
// window reversal reads the kernel backwards.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 3) * 2 + d6, d2 + -d4 + 1, d3 + d5)>
// CHECK-LABEL: func.func @convolution_groups_reversal
// CHECK: linalg.generic {indexing_maps = [#[[IN]],
func.func @convolution_groups_reversal(%x: tensor<2x4x4x3xf32>, %w: tensor<6x2x2x2xf32>) -> tensor<2x6x3x2xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x4x3xf32>, tensor<6x2x2x2xf32>) -> tensor<2x6x3x2xf32>
  return %r : tensor<2x6x3x2xf32>
}

// -----

// Batch groups pick the input batch of the output feature's group.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> ((d2 floordiv 3) * 2 + d0, d1 + d3, d4)>
// CHECK-LABEL: func.func @convolution_batch_groups
// CHECK: linalg.generic {indexing_maps = [#[[IN]],
func.func @convolution_batch_groups(%x: tensor<4x5x2xi64>, %w: tensor<2x2x6xi64>) -> tensor<2x4x6xi64> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x2xi64>, tensor<2x2x6xi64>) -> tensor<2x4x6xi64>
  return %r : tensor<2x4x6xi64>
}

// -----

// dynamic_conv with a constant padding lowers like convolution.
// CHECK-LABEL: func.func @dynamic_conv
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[0, 0, 0] [1, 6, 2] [1, 1, 1] : tensor<1x6x2xf32> into tensor<1x7x2xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
func.func @dynamic_conv(%x: tensor<1x6x2xf32>, %w: tensor<2x2x1xf32>) -> tensor<1x6x1xf32> {
  %pad = stablehlo.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = "stablehlo.dynamic_conv"(%x, %w, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x2xf32>, tensor<2x2x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  return %r : tensor<1x6x1xf32>
}

// -----

func.func @dynamic_conv_runtime_padding(%x: tensor<1x6x2xf32>, %w: tensor<2x2x1xf32>, %pad: tensor<1x2xi64>) -> tensor<1x6x1xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.dynamic_conv'}}
  // expected-error @+1 {{'stablehlo.dynamic_conv' op with a padding that is not a constant is not supported yet}}
  %r = "stablehlo.dynamic_conv"(%x, %w, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x2xf32>, tensor<2x2x1xf32>, tensor<1x2xi64>) -> tensor<1x6x1xf32>
  return %r : tensor<1x6x1xf32>
}

// -----

// A direct DFT along the axis, in f64: twiddles from (k * n mod N), f64
// sums, one rounding to the element type at the end.
// CHECK-LABEL: func.func @fft
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: outs(%{{.*}} : tensor<2x4xcomplex<f64>>)
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[N:.*]] = linalg.index 2 : index
// CHECK: %[[KN:.*]] = arith.muli %[[K]], %[[N]] : index
// CHECK: arith.remui %[[KN]], %c4
// CHECK: math.cos
// CHECK: math.sin
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: complex.mul
// CHECK: complex.add
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4xcomplex<f32>>)
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @fft(%x: tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>> {
  %r = stablehlo.fft %x, type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return %r : tensor<2x4xcomplex<f32>>
}

// -----

// RFFT keeps n/2+1 outputs along the innermost axis, then transforms the
// others as complex.
// CHECK-LABEL: func.func @rfft_2d
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<3x4xf32>) outs(%{{.*}} : tensor<3x3xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3x3xcomplex<f64>>) outs(%{{.*}} : tensor<3x3xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3x3xcomplex<f64>>) outs(%{{.*}} : tensor<3x3xcomplex<f32>>)
func.func @rfft_2d(%x: tensor<3x4xf32>) -> tensor<3x3xcomplex<f32>> {
  %r = stablehlo.fft %x, type = RFFT, length = [3, 4] : (tensor<3x4xf32>) -> tensor<3x3xcomplex<f32>>
  return %r : tensor<3x3xcomplex<f32>>
}

// -----

// Substitution one row at a time: an scf.for over the rows, the row's sum
// over the rows before it, then (x[i] - sum) / a[i, i] in place.
// CHECK-LABEL: func.func @triangular_solve
// CHECK: scf.for %[[I:.*]] = %c0 to %c3 step %c1 iter_args(%[[X:.*]] = %arg1) -> (tensor<3x2xf32>)
// CHECK: %[[AROW:.*]] = tensor.extract_slice %arg0[%[[I]], 0] [1, 3] [1, 1] : tensor<3x3xf32> to tensor<3xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[AROW]], %[[X]] : tensor<3xf32>, tensor<3x2xf32>)
// CHECK: arith.cmpi ult, %{{.*}}, %[[I]] : index
// CHECK: %[[XROW:.*]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, 2] [1, 1]
// CHECK: %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[SUM]], %{{.*}} : tensor<2xf32>, tensor<f32>) outs(%[[XROW]] : tensor<2xf32>)
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: tensor.insert_slice %[[ROW]] into %[[X]][%[[I]], 0] [1, 2] [1, 1]
func.func @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// Right side with an adjoint: x a^H = b is conj(a) x^T = b^T, so b is
// transposed in, the matrix solved with is conj(a) (still lower: forward
// substitution) and the solution is transposed out.
// CHECK-LABEL: func.func @triangular_solve_right_adjoint
// CHECK: linalg.generic
// CHECK: complex.conj
// CHECK: scf.for
// CHECK: arith.cmpi ult
// CHECK: complex.div
// CHECK: linalg.generic
func.func @triangular_solve_right_adjoint(%a: tensor<3x3xcomplex<f32>>, %b: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %r : tensor<2x3xcomplex<f32>>
}

// -----

// One column of L per iteration, written in place into L.
// CHECK-LABEL: func.func @cholesky
// CHECK: scf.for %[[J:.*]] = %c0 to %c3 step %c1 iter_args(%[[L:.*]] = %{{.*}}) -> (tensor<3x3xf32>)
// CHECK: %[[COL:.*]] = tensor.extract_slice %[[L]][0, %[[J]]] [3, 1] [1, 1]
// CHECK: %[[NEW:.*]] = linalg.generic {{.*}} outs(%[[COL]] : tensor<3xf32>)
// CHECK: math.sqrt
// CHECK: tensor.insert_slice %[[NEW]] into %[[L]][0, %[[J]]] [3, 1] [1, 1]
func.func @cholesky(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %r = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[F:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @batch_norm_inference
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[F]], #[[F]], #[[F]], #[[F]], #[[ID]]]
// CHECK: arith.subf
// CHECK: arith.addf
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @batch_norm_inference(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Per-feature sums reduce every dimension but the feature.
// CHECK-LABEL: func.func @batch_norm_training
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "reduction"]
func.func @batch_norm_training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @einsum
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
func.func @einsum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  %r = stablehlo.einsum %a, %b, config = "ab,bc->ca" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @einsum_ellipsis(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.einsum'}}
  // expected-error @+1 {{'stablehlo.einsum' op cannot lower einsum_config "...b,bc->...c": only letters are supported (no ellipsis)}}
  %r = stablehlo.einsum %a, %b, config = "...b,bc->...c" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @unary_einsum_unknown_letter(%a: tensor<2x3xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.unary_einsum'}}
  // expected-error @+1 {{'stablehlo.unary_einsum' op cannot lower einsum_config "ab->c": output letter 'c' appears in no input}}
  %r = stablehlo.unary_einsum %a, config = "ab->c" : (tensor<2x3xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @convolution_dynamic(%x: tensor<?x6x2xf32>, %w: tensor<2x2x1xf32>) -> tensor<?x5x1xf32> {
  // expected-error @+2 {{failed to legalize operation 'stablehlo.convolution'}}
  // expected-error @+1 {{'stablehlo.convolution' op with dynamic shapes is not supported yet}}
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x6x2xf32>, tensor<2x2x1xf32>) -> tensor<?x5x1xf32>
  return %r : tensor<?x5x1xf32>
}
