// Parallel loops (jx-parallel-loops, on OpenMP) divide only parallel
// dimensions among threads: a softmax and a layernorm over 512 x 1024
// give the same bytes on 1 and on 2 threads, and the loops are parallel.
// RUN: rm -rf %t && mkdir -p %t/1 %t/2
// RUN: env JX_NUM_THREADS=1 jxc run %s --output-dir %t/1
// RUN: env JX_NUM_THREADS=2 jxc run %s --output-dir %t/2
// RUN: cmp %t/1/result0.npy %t/2/result0.npy
// RUN: cmp %t/1/result1.npy %t/2/result1.npy
// RUN: jxc compile %s --emit=loops | FileCheck %s
// CHECK: omp.parallel
// CHECK: omp.loop_nest

func.func @main() -> (tensor<512x1024xf32>, tensor<512x1024xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<512x1024xi32>
  %j = stablehlo.iota dim = 1 : tensor<512x1024xi32>
  %k = stablehlo.multiply %i, %j : tensor<512x1024xi32>
  %f = stablehlo.convert %k : (tensor<512x1024xi32>) -> tensor<512x1024xf32>
  %x = stablehlo.sine %f : tensor<512x1024xf32>
  // softmax over rows
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<512x1024xf32>
  %e = stablehlo.exponential %d : tensor<512x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %p = stablehlo.divide %e, %sb : tensor<512x1024xf32>
  // layernorm over rows (no scale)
  %sum = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %n = stablehlo.constant dense<9.765625e-04> : tensor<512xf32>
  %mean = stablehlo.multiply %sum, %n : tensor<512xf32>
  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %c = stablehlo.subtract %x, %meanb : tensor<512x1024xf32>
  %sq = stablehlo.multiply %c, %c : tensor<512x1024xf32>
  %v = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %var = stablehlo.multiply %v, %n : tensor<512xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<512xf32>
  %ve = stablehlo.add %var, %eps : tensor<512xf32>
  %r = stablehlo.rsqrt %ve : tensor<512xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %y = stablehlo.multiply %c, %rb : tensor<512x1024xf32>
  return %p, %y : tensor<512x1024xf32>, tensor<512x1024xf32>
}
