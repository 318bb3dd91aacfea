// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_broadcast_in_dim: expected values from jax.lax.broadcast_in_dim.
// Output shapes as constants and as run-time values; a dynamic operand whose
// size is 1 at run time expands.

// CHECK: PASS dynamic_broadcast_in_dim_i1
func.func @dynamic_broadcast_in_dim_i1() {
  %x = stablehlo.constant dense<[[true], [true], [true]]> : tensor<3x1xi1>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xi1>, tensor<3xi64>) -> tensor<3x2x2xi1>
  check.expect_eq_const %r, dense<[[[true, true], [true, true]], [[true, true], [true, true]], [[true, true], [true, true]]]> : tensor<3x2x2xi1>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_i64
func.func @dynamic_broadcast_in_dim_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907], [990580144002], [-782501286895]]> : tensor<3x1xi64>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  check.expect_eq_const %r, dense<[[[-4611686018427387907, -4611686018427387907], [-4611686018427387907, -4611686018427387907]], [[990580144002, 990580144002], [990580144002, 990580144002]], [[-782501286895, -782501286895], [-782501286895, -782501286895]]]> : tensor<3x2x2xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_ui32
func.func @dynamic_broadcast_in_dim_ui32() {
  %x = stablehlo.constant dense<[[3597359297], [1123615560], [4294967292]]> : tensor<3x1xui32>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xui32>, tensor<3xi64>) -> tensor<3x2x2xui32>
  check.expect_eq_const %r, dense<[[[3597359297, 3597359297], [3597359297, 3597359297]], [[1123615560, 1123615560], [1123615560, 1123615560]], [[4294967292, 4294967292], [4294967292, 4294967292]]]> : tensor<3x2x2xui32>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_f16
func.func @dynamic_broadcast_in_dim_f16() {
  %x = stablehlo.constant dense<[[6.0], [-8.5], [-6.5]]> : tensor<3x1xf16>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xf16>, tensor<3xi64>) -> tensor<3x2x2xf16>
  check.expect_eq_const %r, dense<[[[6.0, 6.0], [6.0, 6.0]], [[-8.5, -8.5], [-8.5, -8.5]], [[-6.5, -6.5], [-6.5, -6.5]]]> : tensor<3x2x2xf16>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_f32
func.func @dynamic_broadcast_in_dim_f32() {
  %x = stablehlo.constant dense<[[4.5], [8.75], [7.5]]> : tensor<3x1xf32>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  check.expect_eq_const %r, dense<[[[4.5, 4.5], [4.5, 4.5]], [[8.75, 8.75], [8.75, 8.75]], [[7.5, 7.5], [7.5, 7.5]]]> : tensor<3x2x2xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_c64
func.func @dynamic_broadcast_in_dim_c64() {
  %x = stablehlo.constant dense<[[(3.25, 12.0)], [(6.0, -1.5)], [(-9.75, 0.5)]]> : tensor<3x1xcomplex<f32>>
  %s = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xcomplex<f32>>, tensor<3xi64>) -> tensor<3x2x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[[(3.25, 12.0), (3.25, 12.0)], [(3.25, 12.0), (3.25, 12.0)]], [[(6.0, -1.5), (6.0, -1.5)], [(6.0, -1.5), (6.0, -1.5)]], [[(-9.75, 0.5), (-9.75, 0.5)], [(-9.75, 0.5), (-9.75, 0.5)]]]> : tensor<3x2x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_runtime_shape
func.func @dynamic_broadcast_in_dim_runtime_shape() {
  %x = stablehlo.constant dense<[[-336951519], [1590208222], [1980171296]]> : tensor<3x1xi32>
  %s_c = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %s_z = stablehlo.constant dense<[0, 0, 0]> : tensor<3xi64>
  %s = stablehlo.add %s_c, %s_z : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3x1xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>
  %shape = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?x?xi32>, tensor<3xi64>) -> tensor<3x2x2xi32>
  check.expect_eq_const %q, dense<[[[-336951519, -336951519], [-336951519, -336951519]], [[1590208222, 1590208222], [1590208222, 1590208222]], [[1980171296, 1980171296], [1980171296, 1980171296]]]> : tensor<3x2x2xi32>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_dynamic_operand_size1
func.func @dynamic_broadcast_in_dim_dynamic_operand_size1() {
  %x = stablehlo.constant dense<[-7.5]> : tensor<1xf64>
  %n_c = stablehlo.constant dense<[1]> : tensor<1xi64>
  %n_z = stablehlo.constant dense<[0]> : tensor<1xi64>
  %n = stablehlo.add %n_c, %n_z : tensor<1xi64>
  %d = stablehlo.dynamic_reshape %x, %n : (tensor<1xf64>, tensor<1xi64>) -> tensor<?xf64>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1] : (tensor<?xf64>, tensor<2xi64>) -> tensor<2x3xf64>
  check.expect_eq_const %r, dense<[[-7.5, -7.5, -7.5], [-7.5, -7.5, -7.5]]> : tensor<2x3xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_broadcast_in_dim_dynamic_operand_size3
func.func @dynamic_broadcast_in_dim_dynamic_operand_size3() {
  %x = stablehlo.constant dense<[7.75, 7.25, 6.25]> : tensor<3xf64>
  %n_c = stablehlo.constant dense<[3]> : tensor<1xi64>
  %n_z = stablehlo.constant dense<[0]> : tensor<1xi64>
  %n = stablehlo.add %n_c, %n_z : tensor<1xi64>
  %d = stablehlo.dynamic_reshape %x, %n : (tensor<3xf64>, tensor<1xi64>) -> tensor<?xf64>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %d, %s, dims = [1] : (tensor<?xf64>, tensor<2xi64>) -> tensor<2x3xf64>
  check.expect_eq_const %r, dense<[[7.75, 7.25, 6.25], [7.75, 7.25, 6.25]]> : tensor<2x3xf64>
  func.return
}

// CHECK-NOT: FAIL
