// Batches of small f32 products (attention heads: 8 x 256x256x64, the
// operands' heads interleaved as a transpose leaves them) are divided among
// the runtime's threads, each product computed whole by one thread (blas.cpp,
// batch_on_threads); the result equals the f64 product rounded, and one
// thread and two give the same bits.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_NUM_THREADS=1 jxc run %s --output-dir %t/one | FileCheck %s
// RUN: env JX_NUM_THREADS=2 jxc run %s --output-dir %t/two | FileCheck %s
// RUN: cmp %t/one/result0.npy %t/two/result0.npy
// RUN: cmp %t/one/result1.npy %t/two/result1.npy

// CHECK: PASS main
func.func @main() -> (tensor<8x256x256xf32>, tensor<8x256x64xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<256x512xf32>
  %j = stablehlo.iota dim = 1 : tensor<256x512xf32>
  %k = stablehlo.constant dense<0.013> : tensor<256x512xf32>
  %t0 = stablehlo.multiply %i, %k : tensor<256x512xf32>
  %t1 = stablehlo.add %t0, %j : tensor<256x512xf32>
  %q2 = stablehlo.sine %t1 : tensor<256x512xf32>
  %k2 = stablehlo.cosine %t1 : tensor<256x512xf32>
  // Heads: (256, 8, 64) -> (8, 256, 64), a transpose the GEMM reads in place.
  %q3 = stablehlo.reshape %q2 : (tensor<256x512xf32>) -> tensor<256x8x64xf32>
  %q = stablehlo.transpose %q3, dims = [1, 0, 2] : (tensor<256x8x64xf32>) -> tensor<8x256x64xf32>
  %k3 = stablehlo.reshape %k2 : (tensor<256x512xf32>) -> tensor<256x8x64xf32>
  %kt = stablehlo.transpose %k3, dims = [1, 0, 2] : (tensor<256x8x64xf32>) -> tensor<8x256x64xf32>
  // Scores Q K^T, then scores V.
  %s = stablehlo.dot_general %q, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x256x64xf32>, tensor<8x256x64xf32>) -> tensor<8x256x256xf32>
  %o = stablehlo.dot_general %s, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x256x256xf32>, tensor<8x256x64xf32>) -> tensor<8x256x64xf32>
  // The same in f64, rounded.
  %q64 = stablehlo.convert %q : (tensor<8x256x64xf32>) -> tensor<8x256x64xf64>
  %k64 = stablehlo.convert %kt : (tensor<8x256x64xf32>) -> tensor<8x256x64xf64>
  %s64 = stablehlo.dot_general %q64, %k64, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x256x64xf64>, tensor<8x256x64xf64>) -> tensor<8x256x256xf64>
  %sref = stablehlo.convert %s64 : (tensor<8x256x256xf64>) -> tensor<8x256x256xf32>
  check.expect_almost_eq %s, %sref, tolerance = 1.0e-3 : tensor<8x256x256xf32>
  %sr64 = stablehlo.convert %s : (tensor<8x256x256xf32>) -> tensor<8x256x256xf64>
  %o64 = stablehlo.dot_general %sr64, %k64, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x256x256xf64>, tensor<8x256x64xf64>) -> tensor<8x256x64xf64>
  %oref = stablehlo.convert %o64 : (tensor<8x256x64xf64>) -> tensor<8x256x64xf32>
  check.expect_almost_eq %o, %oref, tolerance = 2.0e-2 : tensor<8x256x64xf32>
  return %s, %o : tensor<8x256x256xf32>, tensor<8x256x64xf32>
}
