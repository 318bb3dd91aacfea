// Batches of small products that OpenBLAS computes (32x48x40, under oneDNN's
// range) are divided among the runtime's threads, one product per thread,
// when OpenBLAS is its OpenMP build (blas.cpp, batch_on_threads): f32 and
// f64 results agree with each other, and one thread and two give the same
// bits.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_NUM_THREADS=1 jxc run %s --output-dir %t/one | FileCheck %s
// RUN: env JX_NUM_THREADS=2 jxc run %s --output-dir %t/two | FileCheck %s
// RUN: cmp %t/one/result0.npy %t/two/result0.npy
// RUN: cmp %t/one/result1.npy %t/two/result1.npy
// RUN: jxc run %s --no-blas | FileCheck %s

// CHECK: PASS main
func.func @main() -> (tensor<64x32x48xf32>, tensor<64x32x48xf64>) {
  %i = stablehlo.iota dim = 0 : tensor<64x32x40xf32>
  %j = stablehlo.iota dim = 1 : tensor<64x32x40xf32>
  %l = stablehlo.iota dim = 2 : tensor<64x32x40xf32>
  %c = stablehlo.constant dense<0.37> : tensor<64x32x40xf32>
  %t0 = stablehlo.multiply %i, %c : tensor<64x32x40xf32>
  %t1 = stablehlo.add %t0, %j : tensor<64x32x40xf32>
  %t2 = stablehlo.multiply %t1, %l : tensor<64x32x40xf32>
  %a = stablehlo.sine %t2 : tensor<64x32x40xf32>
  %bi = stablehlo.iota dim = 0 : tensor<64x40x48xf32>
  %bj = stablehlo.iota dim = 2 : tensor<64x40x48xf32>
  %bk = stablehlo.constant dense<0.11> : tensor<64x40x48xf32>
  %u0 = stablehlo.multiply %bj, %bk : tensor<64x40x48xf32>
  %u1 = stablehlo.add %u0, %bi : tensor<64x40x48xf32>
  %b = stablehlo.cosine %u1 : tensor<64x40x48xf32>
  %p = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<64x32x40xf32>, tensor<64x40x48xf32>) -> tensor<64x32x48xf32>
  %a64 = stablehlo.convert %a : (tensor<64x32x40xf32>) -> tensor<64x32x40xf64>
  %b64 = stablehlo.convert %b : (tensor<64x40x48xf32>) -> tensor<64x40x48xf64>
  %p64 = stablehlo.dot_general %a64, %b64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<64x32x40xf64>, tensor<64x40x48xf64>) -> tensor<64x32x48xf64>
  %pref = stablehlo.convert %p64 : (tensor<64x32x48xf64>) -> tensor<64x32x48xf32>
  check.expect_almost_eq %p, %pref, tolerance = 1.0e-4 : tensor<64x32x48xf32>
  return %p, %p64 : tensor<64x32x48xf32>, tensor<64x32x48xf64>
}
