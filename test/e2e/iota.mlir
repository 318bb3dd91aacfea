// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// iota: expected values from jax.lax.broadcasted_iota.

// CHECK: PASS iota_i8_dim0
func.func @iota_i8_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xi8>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi8>
  func.return
}

// -----

// CHECK: PASS iota_i8_dim1
func.func @iota_i8_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xi8>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi8>
  func.return
}

// -----

// CHECK: PASS iota_i16_dim0
func.func @iota_i16_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xi16>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi16>
  func.return
}

// -----

// CHECK: PASS iota_i16_dim1
func.func @iota_i16_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xi16>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi16>
  func.return
}

// -----

// CHECK: PASS iota_i32_dim0
func.func @iota_i32_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xi32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi32>
  func.return
}

// -----

// CHECK: PASS iota_i32_dim1
func.func @iota_i32_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xi32>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi32>
  func.return
}

// -----

// CHECK: PASS iota_i64_dim0
func.func @iota_i64_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xi64>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi64>
  func.return
}

// -----

// CHECK: PASS iota_i64_dim1
func.func @iota_i64_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xi64>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi64>
  func.return
}

// -----

// CHECK: PASS iota_ui8_dim0
func.func @iota_ui8_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xui8>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xui8>
  func.return
}

// -----

// CHECK: PASS iota_ui8_dim1
func.func @iota_ui8_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xui8>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xui8>
  func.return
}

// -----

// CHECK: PASS iota_ui16_dim0
func.func @iota_ui16_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xui16>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xui16>
  func.return
}

// -----

// CHECK: PASS iota_ui16_dim1
func.func @iota_ui16_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xui16>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xui16>
  func.return
}

// -----

// CHECK: PASS iota_ui32_dim0
func.func @iota_ui32_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xui32>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xui32>
  func.return
}

// -----

// CHECK: PASS iota_ui32_dim1
func.func @iota_ui32_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xui32>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xui32>
  func.return
}

// -----

// CHECK: PASS iota_ui64_dim0
func.func @iota_ui64_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xui64>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xui64>
  func.return
}

// -----

// CHECK: PASS iota_ui64_dim1
func.func @iota_ui64_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xui64>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xui64>
  func.return
}

// -----

// CHECK: PASS iota_f16_dim0
func.func @iota_f16_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xf16>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<3x4xf16>
  func.return
}

// -----

// CHECK: PASS iota_f16_dim1
func.func @iota_f16_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xf16>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<3x4xf16>
  func.return
}

// -----

// CHECK: PASS iota_bf16_dim0
func.func @iota_bf16_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xbf16>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<3x4xbf16>
  func.return
}

// -----

// CHECK: PASS iota_bf16_dim1
func.func @iota_bf16_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xbf16>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<3x4xbf16>
  func.return
}

// -----

// CHECK: PASS iota_f32_dim0
func.func @iota_f32_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<3x4xf32>
  func.return
}

// -----

// CHECK: PASS iota_f32_dim1
func.func @iota_f32_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<3x4xf32>
  func.return
}

// -----

// CHECK: PASS iota_f64_dim0
func.func @iota_f64_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xf64>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<3x4xf64>
  func.return
}

// -----

// CHECK: PASS iota_f64_dim1
func.func @iota_f64_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xf64>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0]]> : tensor<3x4xf64>
  func.return
}

// -----

// CHECK: PASS iota_c64_dim0
func.func @iota_c64_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(2.0, 0.0), (2.0, 0.0), (2.0, 0.0), (2.0, 0.0)]]> : tensor<3x4xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS iota_c64_dim1
func.func @iota_c64_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)]]> : tensor<3x4xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS iota_c128_dim0
func.func @iota_c128_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(2.0, 0.0), (2.0, 0.0), (2.0, 0.0), (2.0, 0.0)]]> : tensor<3x4xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS iota_c128_dim1
func.func @iota_c128_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)]]> : tensor<3x4xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS iota_i4_dim0
func.func @iota_i4_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xi4>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]> : tensor<3x4xi4>
  func.return
}

// -----

// CHECK: PASS iota_i4_dim1
func.func @iota_i4_dim1() {
  %r = stablehlo.iota dim = 1 : tensor<3x4xi4>
  check.expect_eq_const %r, dense<[[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi4>
  func.return
}

// -----

// CHECK: PASS iota_i64_rank3_dim2
func.func @iota_i64_rank3_dim2() {
  %r = stablehlo.iota dim = 2 : tensor<2x3x2xi64>
  check.expect_eq_const %r, dense<[[[0, 1], [0, 1], [0, 1]], [[0, 1], [0, 1], [0, 1]]]> : tensor<2x3x2xi64>
  func.return
}

// -----

// CHECK: PASS iota_ui8_wraps
func.func @iota_ui8_wraps() {
  %r = stablehlo.iota dim = 0 : tensor<300xui8>
  check.expect_eq_const %r, dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43]> : tensor<300xui8>
  func.return
}

// -----

// CHECK: PASS iota_f32_empty
func.func @iota_f32_empty() {
  %r = stablehlo.iota dim = 1 : tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  func.return
}

// CHECK-NOT: FAIL
