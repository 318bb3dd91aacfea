// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// broadcast_in_dim: expected values from jax.lax.broadcast_in_dim (increasing
// dims) and a numpy transcription of the spec (result[i] = operand[j] with
// j[k] = 0 where operand dim k is 1, else i[dims[k]]) otherwise.

// CHECK: PASS broadcast_in_dim_i1
func.func @broadcast_in_dim_i1() {
  %x = stablehlo.constant dense<[[true], [true]]> : tensor<2x1xi1>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xi1>) -> tensor<2x3x2xi1>
  check.expect_eq_const %r, dense<[[[true, true], [true, true], [true, true]], [[true, true], [true, true], [true, true]]]> : tensor<2x3x2xi1>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_i8
func.func @broadcast_in_dim_i8() {
  %x = stablehlo.constant dense<[[-7], [3]]> : tensor<2x1xi8>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xi8>) -> tensor<2x3x2xi8>
  check.expect_eq_const %r, dense<[[[-7, -7], [-7, -7], [-7, -7]], [[3, 3], [3, 3], [3, 3]]]> : tensor<2x3x2xi8>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_i16
func.func @broadcast_in_dim_i16() {
  %x = stablehlo.constant dense<[[22123], [-15623]]> : tensor<2x1xi16>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xi16>) -> tensor<2x3x2xi16>
  check.expect_eq_const %r, dense<[[[22123, 22123], [22123, 22123], [22123, 22123]], [[-15623, -15623], [-15623, -15623], [-15623, -15623]]]> : tensor<2x3x2xi16>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_i32
func.func @broadcast_in_dim_i32() {
  %x = stablehlo.constant dense<[[1337901816], [-1779623277]]> : tensor<2x1xi32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xi32>) -> tensor<2x3x2xi32>
  check.expect_eq_const %r, dense<[[[1337901816, 1337901816], [1337901816, 1337901816], [1337901816, 1337901816]], [[-1779623277, -1779623277], [-1779623277, -1779623277], [-1779623277, -1779623277]]]> : tensor<2x3x2xi32>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_i64
func.func @broadcast_in_dim_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907], [24909552067]]> : tensor<2x1xi64>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xi64>) -> tensor<2x3x2xi64>
  check.expect_eq_const %r, dense<[[[-4611686018427387907, -4611686018427387907], [-4611686018427387907, -4611686018427387907], [-4611686018427387907, -4611686018427387907]], [[24909552067, 24909552067], [24909552067, 24909552067], [24909552067, 24909552067]]]> : tensor<2x3x2xi64>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_ui8
func.func @broadcast_in_dim_ui8() {
  %x = stablehlo.constant dense<[[171], [255]]> : tensor<2x1xui8>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xui8>) -> tensor<2x3x2xui8>
  check.expect_eq_const %r, dense<[[[171, 171], [171, 171], [171, 171]], [[255, 255], [255, 255], [255, 255]]]> : tensor<2x3x2xui8>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_ui16
func.func @broadcast_in_dim_ui16() {
  %x = stablehlo.constant dense<[[29166], [65532]]> : tensor<2x1xui16>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xui16>) -> tensor<2x3x2xui16>
  check.expect_eq_const %r, dense<[[[29166, 29166], [29166, 29166], [29166, 29166]], [[65532, 65532], [65532, 65532], [65532, 65532]]]> : tensor<2x3x2xui16>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_ui32
func.func @broadcast_in_dim_ui32() {
  %x = stablehlo.constant dense<[[4058335883], [4294967292]]> : tensor<2x1xui32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xui32>) -> tensor<2x3x2xui32>
  check.expect_eq_const %r, dense<[[[4058335883, 4058335883], [4058335883, 4058335883], [4058335883, 4058335883]], [[4294967292, 4294967292], [4294967292, 4294967292], [4294967292, 4294967292]]]> : tensor<2x3x2xui32>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_ui64
func.func @broadcast_in_dim_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117], [18446744073709551612]]> : tensor<2x1xui64>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xui64>) -> tensor<2x3x2xui64>
  check.expect_eq_const %r, dense<[[[1507893476435237117, 1507893476435237117], [1507893476435237117, 1507893476435237117], [1507893476435237117, 1507893476435237117]], [[18446744073709551612, 18446744073709551612], [18446744073709551612, 18446744073709551612], [18446744073709551612, 18446744073709551612]]]> : tensor<2x3x2xui64>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_f16
func.func @broadcast_in_dim_f16() {
  %x = stablehlo.constant dense<[[-1.75], [7.25]]> : tensor<2x1xf16>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xf16>) -> tensor<2x3x2xf16>
  check.expect_eq_const %r, dense<[[[-1.75, -1.75], [-1.75, -1.75], [-1.75, -1.75]], [[7.25, 7.25], [7.25, 7.25], [7.25, 7.25]]]> : tensor<2x3x2xf16>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_bf16
func.func @broadcast_in_dim_bf16() {
  %x = stablehlo.constant dense<[[5.5], [9.0]]> : tensor<2x1xbf16>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xbf16>) -> tensor<2x3x2xbf16>
  check.expect_eq_const %r, dense<[[[5.5, 5.5], [5.5, 5.5], [5.5, 5.5]], [[9.0, 9.0], [9.0, 9.0], [9.0, 9.0]]]> : tensor<2x3x2xbf16>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_f32
func.func @broadcast_in_dim_f32() {
  %x = stablehlo.constant dense<[[-7.5], [-7.5]]> : tensor<2x1xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xf32>) -> tensor<2x3x2xf32>
  check.expect_eq_const %r, dense<[[[-7.5, -7.5], [-7.5, -7.5], [-7.5, -7.5]], [[-7.5, -7.5], [-7.5, -7.5], [-7.5, -7.5]]]> : tensor<2x3x2xf32>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_f64
func.func @broadcast_in_dim_f64() {
  %x = stablehlo.constant dense<[[2.25], [-5.0]]> : tensor<2x1xf64>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xf64>) -> tensor<2x3x2xf64>
  check.expect_eq_const %r, dense<[[[2.25, 2.25], [2.25, 2.25], [2.25, 2.25]], [[-5.0, -5.0], [-5.0, -5.0], [-5.0, -5.0]]]> : tensor<2x3x2xf64>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_c64
func.func @broadcast_in_dim_c64() {
  %x = stablehlo.constant dense<[[(7.75, 12.5)], [(7.25, 14.0)]]> : tensor<2x1xcomplex<f32>>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xcomplex<f32>>) -> tensor<2x3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[[(7.75, 12.5), (7.75, 12.5)], [(7.75, 12.5), (7.75, 12.5)], [(7.75, 12.5), (7.75, 12.5)]], [[(7.25, 14.0), (7.25, 14.0)], [(7.25, 14.0), (7.25, 14.0)], [(7.25, 14.0), (7.25, 14.0)]]]> : tensor<2x3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_c128
func.func @broadcast_in_dim_c128() {
  %x = stablehlo.constant dense<[[(-7.0, 6.0)], [(6.5, -6.0)]]> : tensor<2x1xcomplex<f64>>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x1xcomplex<f64>>) -> tensor<2x3x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[[(-7.0, 6.0), (-7.0, 6.0)], [(-7.0, 6.0), (-7.0, 6.0)], [(-7.0, 6.0), (-7.0, 6.0)]], [[(6.5, -6.0), (6.5, -6.0)], [(6.5, -6.0), (6.5, -6.0)], [(6.5, -6.0), (6.5, -6.0)]]]> : tensor<2x3x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_scalar
func.func @broadcast_in_dim_scalar() {
  %x = stablehlo.constant dense<-0.75> : tensor<f32>
  %r = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[-0.75, -0.75, -0.75], [-0.75, -0.75, -0.75]]> : tensor<2x3xf32>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_permuting_dims
func.func @broadcast_in_dim_permuting_dims() {
  %x = stablehlo.constant dense<[[1449875649, -1023868088, -1678020252], [-865473949, -370167522, 1349589279]]> : tensor<2x3xi32>
  %r = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x4x2xi32>
  check.expect_eq_const %r, dense<[[[1449875649, -865473949], [1449875649, -865473949], [1449875649, -865473949], [1449875649, -865473949]], [[-1023868088, -370167522], [-1023868088, -370167522], [-1023868088, -370167522], [-1023868088, -370167522]], [[-1678020252, 1349589279], [-1678020252, 1349589279], [-1678020252, 1349589279], [-1678020252, 1349589279]]]> : tensor<3x4x2xi32>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_expand_leading
func.func @broadcast_in_dim_expand_leading() {
  %x = stablehlo.constant dense<[[207, 21, 255]]> : tensor<1x3xui8>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x3xui8>) -> tensor<4x3xui8>
  check.expect_eq_const %r, dense<[[207, 21, 255], [207, 21, 255], [207, 21, 255], [207, 21, 255]]> : tensor<4x3xui8>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_size1_stays
func.func @broadcast_in_dim_size1_stays() {
  %x = stablehlo.constant dense<[[4.5]]> : tensor<1x1xf64>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x1xf64>) -> tensor<1x2x1xf64>
  check.expect_eq_const %r, dense<[[[4.5], [4.5]]]> : tensor<1x2x1xf64>
  func.return
}

// -----

// CHECK: PASS broadcast_in_dim_identity
func.func @broadcast_in_dim_identity() {
  %x = stablehlo.constant dense<[[true, true, false], [true, false, true]]> : tensor<2x3xi1>
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %r, dense<[[true, true, false], [true, false, true]]> : tensor<2x3xi1>
  func.return
}

// CHECK-NOT: FAIL
