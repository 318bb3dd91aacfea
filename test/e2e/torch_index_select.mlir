// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// torch_index_select (deprecated): expected values from numpy take along
// `dim`, with the leading `batch_dims` of operand and index shared.

// CHECK: PASS torch_index_select_i1
func.func @torch_index_select_i1() {
  %x = stablehlo.constant dense<[[true, true], [true, false], [false, false], [false, false], [false, true]]> : tensor<5x2xi1>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xi1>, tensor<3xi32>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[false, true], [true, true], [false, false]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS torch_index_select_i32
func.func @torch_index_select_i32() {
  %x = stablehlo.constant dense<[[-115153665, 50773491], [1095936102, 1934726843], [-1997793075, -1528322826], [1387032530, 1926934702], [-1077054807, -808177760]]> : tensor<5x2xi32>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xi32>, tensor<3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[-1077054807, -808177760], [-115153665, 50773491], [-1997793075, -1528322826]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS torch_index_select_ui8
func.func @torch_index_select_ui8() {
  %x = stablehlo.constant dense<[[214, 66], [27, 76], [105, 208], [115, 23], [85, 255]]> : tensor<5x2xui8>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xui8>, tensor<3xi32>) -> tensor<3x2xui8>
  check.expect_eq_const %r, dense<[[85, 255], [214, 66], [105, 208]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS torch_index_select_f16
func.func @torch_index_select_f16() {
  %x = stablehlo.constant dense<[[6.0, -8.5], [-6.5, -5.5], [-6.5, 6.0], [7.25, 1.5], [-9.25, -8.25]]> : tensor<5x2xf16>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xf16>, tensor<3xi32>) -> tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[-9.25, -8.25], [6.0, -8.5], [-6.5, 6.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS torch_index_select_f32
func.func @torch_index_select_f32() {
  %x = stablehlo.constant dense<[[4.5, 8.75], [7.5, 0.0], [8.75, 9.5], [9.25, -8.5], [-1.0, 2.0]]> : tensor<5x2xf32>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[-1.0, 2.0], [4.5, 8.75], [8.75, 9.5]]> : tensor<3x2xf32>
  func.return
}

// -----

// CHECK: PASS torch_index_select_c64
func.func @torch_index_select_c64() {
  %x = stablehlo.constant dense<[[(3.25, -9.0), (6.0, -5.0)], [(-9.75, 2.5), (6.0, -4.0)], [(-0.75, -15.0), (0.25, -18.5)], [(2.5, -20.0), (-4.5, -18.5)], [(9.5, -14.5), (-9.0, 19.5)]]> : tensor<5x2xcomplex<f32>>
  %i = stablehlo.constant dense<[4, 0, 2]> : tensor<3xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xcomplex<f32>>, tensor<3xi32>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(9.5, -14.5), (-9.0, 19.5)], [(3.25, -9.0), (6.0, -5.0)], [(-0.75, -15.0), (0.25, -18.5)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS torch_index_select_dim1_2d_index
func.func @torch_index_select_dim1_2d_index() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 990580144002, -782501286895, 986590567845], [-413787012993, -168606921796, 720625624715, -199673210749], [109057672521, -1038908496853, 557481221563, 83878032812]]> : tensor<3x4xi64>
  %i = stablehlo.constant dense<[[3, 1], [0, 0]]> : tensor<2x2xi64>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 1 : i64}> : (tensor<3x4xi64>, tensor<2x2xi64>) -> tensor<3x2x2xi64>
  check.expect_eq_const %r, dense<[[[986590567845, 990580144002], [-4611686018427387907, -4611686018427387907]], [[-199673210749, -168606921796], [-413787012993, -413787012993]], [[83878032812, -1038908496853], [109057672521, 109057672521]]]> : tensor<3x2x2xi64>
  func.return
}

// -----

// CHECK: PASS torch_index_select_batch
func.func @torch_index_select_batch() {
  %x = stablehlo.constant dense<[[[6.75, -5.0, -8.0], [-4.25, -1.75, 6.25], [-1.0, -8.25, -3.5], [2.0, 6.25, 4.5]], [[9.75, -6.25, 7.5], [-9.0, 1.0, -4.75], [-6.0, 3.0, -4.0], [1.0, -5.0, -7.0]]]> : tensor<2x4x3xf64>
  %i = stablehlo.constant dense<[[3, 0], [1, 1]]> : tensor<2x2xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 1 : i64, dim = 1 : i64}> : (tensor<2x4x3xf64>, tensor<2x2xi32>) -> tensor<2x2x3xf64>
  check.expect_eq_const %r, dense<[[[2.0, 6.25, 4.5], [6.75, -5.0, -8.0]], [[-9.0, 1.0, -4.75], [-9.0, 1.0, -4.75]]]> : tensor<2x2x3xf64>
  func.return
}

// -----

// CHECK: PASS torch_index_select_unsigned_index
func.func @torch_index_select_unsigned_index() {
  %x = stablehlo.constant dense<[[6.0, -8.5], [-6.5, -5.5], [-6.5, 6.0], [7.25, 1.5]]> : tensor<4x2xf32>
  %i = stablehlo.constant dense<[3, 1]> : tensor<2xui16>
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<4x2xf32>, tensor<2xui16>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.25, 1.5], [-6.5, -5.5]]> : tensor<2x2xf32>
  func.return
}

// CHECK-NOT: FAIL
