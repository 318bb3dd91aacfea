// A large batch of small systems (8192 LU factorizations and triangular
// solves, JAX's lapack_sgetrf_ffi and lapack_strsm_ffi) is divided among the
// runtime's threads; every matrix is computed alone, so one thread and two
// give the same bits, and A x = b holds for each.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_NUM_THREADS=1 jxc run %s --output-dir %t/one | FileCheck %s
// RUN: env JX_NUM_THREADS=2 jxc run %s --output-dir %t/two | FileCheck %s
// RUN: cmp %t/one/result0.npy %t/two/result0.npy
// RUN: cmp %t/one/result1.npy %t/two/result1.npy

// CHECK: PASS main
func.func @main() -> (tensor<8192x4x4xf32>, tensor<8192x4x1xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<8192x4x4xf32>
  %r = stablehlo.iota dim = 1 : tensor<8192x4x4xf32>
  %c = stablehlo.iota dim = 2 : tensor<8192x4x4xf32>
  %k = stablehlo.constant dense<0.37> : tensor<8192x4x4xf32>
  %t0 = stablehlo.multiply %i, %k : tensor<8192x4x4xf32>
  %t1 = stablehlo.add %t0, %r : tensor<8192x4x4xf32>
  %t2 = stablehlo.multiply %t1, %c : tensor<8192x4x4xf32>
  %t3 = stablehlo.add %t2, %c : tensor<8192x4x4xf32>
  %s = stablehlo.sine %t3 : tensor<8192x4x4xf32>
  // A = sin(...) + 4 I: well conditioned.
  %eye = stablehlo.compare EQ, %r, %c : (tensor<8192x4x4xf32>, tensor<8192x4x4xf32>) -> tensor<8192x4x4xi1>
  %four = stablehlo.constant dense<4.0> : tensor<8192x4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8192x4x4xf32>
  %d = stablehlo.select %eye, %four, %zero : tensor<8192x4x4xi1>, tensor<8192x4x4xf32>
  %a = stablehlo.add %s, %d : tensor<8192x4x4xf32>
  %bi = stablehlo.iota dim = 1 : tensor<8192x4x1xf32>
  %b = stablehlo.cosine %bi : tensor<8192x4x1xf32>
  // P A = L U, then x = U^-1 L^-1 b: L U x = b checks the factors and the
  // solves (the permutation P plays no part).
  %lu:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<8192x4x4xf32>) -> (tensor<8192x4x4xf32>, tensor<8192x4xi32>, tensor<8192xi32>)
  %y = stablehlo.custom_call @lapack_strsm_ffi(%lu#0, %b) {mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<8192x4x4xf32>, tensor<8192x4x1xf32>) -> tensor<8192x4x1xf32>
  %x = stablehlo.custom_call @lapack_strsm_ffi(%lu#0, %y) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<8192x4x4xf32>, tensor<8192x4x1xf32>) -> tensor<8192x4x1xf32>
  // L (unit lower) and U from the packed factors; L U x must be b.
  %lower = stablehlo.compare GT, %r, %c : (tensor<8192x4x4xf32>, tensor<8192x4x4xf32>) -> tensor<8192x4x4xi1>
  %upper = stablehlo.compare LE, %r, %c : (tensor<8192x4x4xf32>, tensor<8192x4x4xf32>) -> tensor<8192x4x4xi1>
  %one = stablehlo.constant dense<1.0> : tensor<8192x4x4xf32>
  %l0 = stablehlo.select %lower, %lu#0, %zero : tensor<8192x4x4xi1>, tensor<8192x4x4xf32>
  %ones = stablehlo.select %eye, %one, %zero : tensor<8192x4x4xi1>, tensor<8192x4x4xf32>
  %l = stablehlo.add %l0, %ones : tensor<8192x4x4xf32>
  %u = stablehlo.select %upper, %lu#0, %zero : tensor<8192x4x4xi1>, tensor<8192x4x4xf32>
  %ux = stablehlo.dot_general %u, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8192x4x4xf32>, tensor<8192x4x1xf32>) -> tensor<8192x4x1xf32>
  %lux = stablehlo.dot_general %l, %ux, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8192x4x4xf32>, tensor<8192x4x1xf32>) -> tensor<8192x4x1xf32>
  check.expect_almost_eq %lux, %b, tolerance = 1.0e-4 : tensor<8192x4x1xf32>
  return %lu#0, %x : tensor<8192x4x4xf32>, tensor<8192x4x1xf32>
}
