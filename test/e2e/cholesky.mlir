// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS cholesky_f32_lower
func.func @cholesky_f32_lower() {
  %a = stablehlo.constant dense<[[8.425, 99.0, 99.0, 99.0], [0.502, 5.722, 99.0, 99.0], [-2.443, -2.448, 9.007, 99.0], [2.338, 1.647, -3.447, 6.604]]> : tensor<4x4xf32>
  %mask = stablehlo.constant dense<[[1.0, 0.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 1.0, 1.0]]> : tensor<4x4xf32>
  %l = stablehlo.cholesky %a, lower = true : tensor<4x4xf32>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<4x4xf32>
  check.expect_almost_eq_const %r, dense<[[2.9025850547399985, 0.0, 0.0, 0.0], [0.17294928159993816, 2.3858098302241246, 0.0, 0.0], [-0.8416635357542809, -0.9650538223853914, 2.7142722067767906, 0.0], [0.8054888852204293, 0.6319410947446545, -0.7954958247952998, 2.2187889717799942]]> : tensor<4x4xf32>
  func.return
}

// -----

// CHECK: PASS cholesky_f32_upper
func.func @cholesky_f32_upper() {
  %a = stablehlo.constant dense<[[12.895, 0.545, -0.275, 2.475], [99.0, 17.53, -0.946, -2.419], [99.0, 99.0, 5.246, -0.367], [99.0, 99.0, 99.0, 5.365]]> : tensor<4x4xf32>
  %mask = stablehlo.constant dense<[[1.0, 1.0, 1.0, 1.0], [0.0, 1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 1.0]]> : tensor<4x4xf32>
  %l = stablehlo.cholesky %a : tensor<4x4xf32>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<4x4xf32>
  check.expect_almost_eq_const %r, dense<[[3.590960874195095, 0.1517699632754034, -0.07658117412979071, 0.6892305671681164], [0.0, 4.18413263153158, -0.22331445016185122, -0.6031368314784129], [0.0, 0.0, 2.2782155253877567, -0.1970432905981018], [0.0, 0.0, 0.0, 2.118339238513409]]> : tensor<4x4xf32>
  func.return
}

// -----

// CHECK: PASS cholesky_f64_batched_lower
func.func @cholesky_f64_batched_lower() {
  %a = stablehlo.constant dense<[[[[5.15, 99.0, 99.0], [-1.199, 14.881, 99.0], [0.99, -3.656, 4.426]], [[5.408, 99.0, 99.0], [1.359, 6.988, 99.0], [-1.406, -0.355, 4.138]]], [[[5.255, 99.0, 99.0], [-0.063, 3.184, 99.0], [1.44, 0.144, 5.101]], [[4.193, 99.0, 99.0], [0.452, 5.092, 99.0], [0.763, -1.288, 4.884]]]]> : tensor<2x2x3x3xf64>
  %mask = stablehlo.constant dense<[[[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]], [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]], [[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]], [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]]]> : tensor<2x2x3x3xf64>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2x3x3xf64>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<2x2x3x3xf64>
  check.expect_almost_eq_const %r, dense<[[[[2.2693611435820435, 0.0, 0.0], [-0.5283425264378389, 3.8212372570618123, 0.0], [0.4362461227468394, -0.8964407051744111, 1.8525882927663]], [[2.3255106965997814, 0.0, 0.0], [0.5843877656581181, 2.5780789241893105, 0.0], [-0.6045983800701353, -0.0006516881754596497, 1.942282259126899]]], [[[2.29237867726953, 0.0, 0.0], [-0.027482370441099982, 1.7841649921783966, 0.0], [0.6281684672251424, 0.09038601206876205, 2.1675411750659594]], [[2.047681615876843, 0.0, 0.0], [0.22073744106280305, 2.2457237101017227, 0.0], [0.3726165210861034, -0.6101598389858044, 2.091138900002223]]]]> : tensor<2x2x3x3xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS cholesky_f64_upper
func.func @cholesky_f64_upper() {
  %a = stablehlo.constant dense<[[12.846, -3.939, -1.628, 0.635, -0.148], [99.0, 13.392, -4.023, 1.104, 2.025], [99.0, 99.0, 11.616, -1.782, 1.331], [99.0, 99.0, 99.0, 6.524, -0.997], [99.0, 99.0, 99.0, 99.0, 9.305]]> : tensor<5x5xf64>
  %mask = stablehlo.constant dense<[[1.0, 1.0, 1.0, 1.0, 1.0], [0.0, 1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<5x5xf64>
  %l = stablehlo.cholesky %a : tensor<5x5xf64>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<5x5xf64>
  check.expect_almost_eq_const %r, dense<[[3.5841316940090246, -1.0990109561498946, -0.4542243809626881, 0.17716982918384946, -0.041293125542062555], [0.0, 3.4905837503578816, -1.2955419192462425, 0.3720614304811056, 0.5671310428843411], [0.0, 0.0, 3.119495367397558, -0.3909298846973699, 0.6561912919533662], [0.0, 0.0, 0.0, 2.490251989021557, -0.3791451263352907], [0.0, 0.0, 0.0, 0.0, 2.8995377596300855]]> : tensor<5x5xf64> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS cholesky_complex64_lower
func.func @cholesky_complex64_lower() {
  %a = stablehlo.constant dense<[[(6.51, 0.0), (99.0, 0.0), (99.0, 0.0)], [(-1.146, -1.426), (7.885, 0.0), (99.0, 0.0)], [(-1.245, 0.118), (1.525, 0.514), (7.571, 0.0)]]> : tensor<3x3xcomplex<f32>>
  %mask = stablehlo.constant dense<[[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(1.0, 0.0), (1.0, 0.0), (0.0, 0.0)], [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]]> : tensor<3x3xcomplex<f32>>
  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xcomplex<f32>>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<3x3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[(2.5514701644346145, 0.0), (0.0, 0.0), (0.0, 0.0)], [(-0.4491528123566926, -0.5588934645904394), (2.7149401183801767, 0.0), (0.0, 0.0)], [(-0.4879539715393389, 0.04624784629850762), (0.4905013231837441, 0.2974233687432023), (2.6460744226215893, 0.0)]]> : tensor<3x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS cholesky_complex128_batched_upper
func.func @cholesky_complex128_batched_upper() {
  %a = stablehlo.constant dense<[[[(4.5, 0.0), (3.485, 3.143), (1.722, -0.951)], [(99.0, 0.0), (21.219, -0.0), (0.918, -5.531)], [(99.0, 0.0), (99.0, 0.0), (7.288, 0.0)]], [[(11.1, 0.0), (-6.507, 0.094), (-0.208, -3.858)], [(99.0, 0.0), (10.033, 0.0), (-1.634, 2.784)], [(99.0, 0.0), (99.0, 0.0), (6.92, -0.0)]]]> : tensor<2x3x3xcomplex<f64>>
  %mask = stablehlo.constant dense<[[[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(0.0, 0.0), (0.0, 0.0), (1.0, 0.0)]], [[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)], [(0.0, 0.0), (0.0, 0.0), (1.0, 0.0)]]]> : tensor<2x3x3xcomplex<f64>>
  %l = stablehlo.cholesky %a : tensor<2x3x3xcomplex<f64>>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<2x3x3xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[[[(2.1213203435596424, 0.0), (1.6428447549567455, 1.4816244088462127), (0.8117585848021567, -0.44830569927227115)], [(0.0, 0.0), (4.040402235201618, 0.0), (0.06153529249320559, -0.8889664421791826)], [(0.0, 0.0), (0.0, 0.0), (2.373609502942104, 0.0)]], [[(3.331666249791536, 0.0), (-1.9530767826480655, 0.02821411058382022), (-0.062431223419517075, -1.1579791343870043)], [(0.0, 0.0), (2.493530638481317, 0.0), (-0.6910930208867105, 0.20878684559235142)], [(0.0, 0.0), (0.0, 0.0), (2.248107016192944, 0.0)]]]> : tensor<2x3x3xcomplex<f64>> {tolerance = 1.0e-10 : f64}
  func.return
}

// -----

// CHECK: PASS cholesky_f16_exact
func.func @cholesky_f16_exact() {
  %a = stablehlo.constant dense<[[4.0, 99.0, 99.0], [2.0, 17.0, 99.0], [-6.0, 5.0, 14.0]]> : tensor<3x3xf16>
  %mask = stablehlo.constant dense<[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]> : tensor<3x3xf16>
  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf16>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<3x3xf16>
  check.expect_eq_const %r, dense<[[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [-3.0, 2.0, 1.0]]> : tensor<3x3xf16>
  func.return
}

// -----

// CHECK: PASS cholesky_bf16_exact_upper
func.func @cholesky_bf16_exact_upper() {
  %a = stablehlo.constant dense<[[4.0, 2.0, -6.0], [99.0, 17.0, 5.0], [99.0, 99.0, 14.0]]> : tensor<3x3xbf16>
  %mask = stablehlo.constant dense<[[1.0, 1.0, 1.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]]> : tensor<3x3xbf16>
  %l = stablehlo.cholesky %a : tensor<3x3xbf16>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<3x3xbf16>
  check.expect_eq_const %r, dense<[[2.0, 1.0, -3.0], [0.0, 4.0, 2.0], [0.0, 0.0, 1.0]]> : tensor<3x3xbf16>
  func.return
}

// -----

// CHECK: PASS cholesky_1x1
func.func @cholesky_1x1() {
  %a = stablehlo.constant dense<[[9.0]]> : tensor<1x1xf32>
  %mask = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
  %l = stablehlo.cholesky %a, lower = true : tensor<1x1xf32>
  // Values in the unused triangle are implementation-defined.
  %r = stablehlo.multiply %l, %mask : tensor<1x1xf32>
  check.expect_eq_const %r, dense<[[3.0]]> : tensor<1x1xf32>
  func.return
}

// CHECK-NOT: FAIL
