// One function of 24 GEMMs, each followed by an add of its own constant:
// 24 loop nests, outlined as 24 distinct kernels, which the JIT optimizes
// and compiles on one thread or split across two (JX_COMPILE_THREADS)
// before linking them together. The values are exact (a permutation and
// integer additions).
// RUN: env JX_COMPILE_THREADS=1 jxc run %s | FileCheck %s
// RUN: env JX_COMPILE_THREADS=2 jxc run %s | FileCheck %s
// RUN: env JX_COMPILE_THREADS=3 jxc run %s | FileCheck %s
// CHECK: PASS many_kernels

func.func @many_kernels() {
  %x0 = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<4x4xf32>
  %p = stablehlo.constant dense<[[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>
  %d0 = stablehlo.dot_general %x0, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c0 = stablehlo.constant dense<1.0> : tensor<4x4xf32>
  %x1 = stablehlo.add %d0, %c0 : tensor<4x4xf32>
  %d1 = stablehlo.dot_general %x1, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c1 = stablehlo.constant dense<-1.0> : tensor<4x4xf32>
  %x2 = stablehlo.add %d1, %c1 : tensor<4x4xf32>
  %d2 = stablehlo.dot_general %x2, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c2 = stablehlo.constant dense<3.0> : tensor<4x4xf32>
  %x3 = stablehlo.add %d2, %c2 : tensor<4x4xf32>
  %d3 = stablehlo.dot_general %x3, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c3 = stablehlo.constant dense<-3.0> : tensor<4x4xf32>
  %x4 = stablehlo.add %d3, %c3 : tensor<4x4xf32>
  %d4 = stablehlo.dot_general %x4, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c4 = stablehlo.constant dense<5.0> : tensor<4x4xf32>
  %x5 = stablehlo.add %d4, %c4 : tensor<4x4xf32>
  %d5 = stablehlo.dot_general %x5, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c5 = stablehlo.constant dense<-5.0> : tensor<4x4xf32>
  %x6 = stablehlo.add %d5, %c5 : tensor<4x4xf32>
  %d6 = stablehlo.dot_general %x6, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c6 = stablehlo.constant dense<7.0> : tensor<4x4xf32>
  %x7 = stablehlo.add %d6, %c6 : tensor<4x4xf32>
  %d7 = stablehlo.dot_general %x7, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c7 = stablehlo.constant dense<-7.0> : tensor<4x4xf32>
  %x8 = stablehlo.add %d7, %c7 : tensor<4x4xf32>
  %d8 = stablehlo.dot_general %x8, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c8 = stablehlo.constant dense<9.0> : tensor<4x4xf32>
  %x9 = stablehlo.add %d8, %c8 : tensor<4x4xf32>
  %d9 = stablehlo.dot_general %x9, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c9 = stablehlo.constant dense<-9.0> : tensor<4x4xf32>
  %x10 = stablehlo.add %d9, %c9 : tensor<4x4xf32>
  %d10 = stablehlo.dot_general %x10, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c10 = stablehlo.constant dense<11.0> : tensor<4x4xf32>
  %x11 = stablehlo.add %d10, %c10 : tensor<4x4xf32>
  %d11 = stablehlo.dot_general %x11, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c11 = stablehlo.constant dense<-11.0> : tensor<4x4xf32>
  %x12 = stablehlo.add %d11, %c11 : tensor<4x4xf32>
  %d12 = stablehlo.dot_general %x12, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c12 = stablehlo.constant dense<13.0> : tensor<4x4xf32>
  %x13 = stablehlo.add %d12, %c12 : tensor<4x4xf32>
  %d13 = stablehlo.dot_general %x13, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c13 = stablehlo.constant dense<-13.0> : tensor<4x4xf32>
  %x14 = stablehlo.add %d13, %c13 : tensor<4x4xf32>
  %d14 = stablehlo.dot_general %x14, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c14 = stablehlo.constant dense<15.0> : tensor<4x4xf32>
  %x15 = stablehlo.add %d14, %c14 : tensor<4x4xf32>
  %d15 = stablehlo.dot_general %x15, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c15 = stablehlo.constant dense<-15.0> : tensor<4x4xf32>
  %x16 = stablehlo.add %d15, %c15 : tensor<4x4xf32>
  %d16 = stablehlo.dot_general %x16, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c16 = stablehlo.constant dense<17.0> : tensor<4x4xf32>
  %x17 = stablehlo.add %d16, %c16 : tensor<4x4xf32>
  %d17 = stablehlo.dot_general %x17, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c17 = stablehlo.constant dense<-17.0> : tensor<4x4xf32>
  %x18 = stablehlo.add %d17, %c17 : tensor<4x4xf32>
  %d18 = stablehlo.dot_general %x18, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c18 = stablehlo.constant dense<19.0> : tensor<4x4xf32>
  %x19 = stablehlo.add %d18, %c18 : tensor<4x4xf32>
  %d19 = stablehlo.dot_general %x19, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c19 = stablehlo.constant dense<-19.0> : tensor<4x4xf32>
  %x20 = stablehlo.add %d19, %c19 : tensor<4x4xf32>
  %d20 = stablehlo.dot_general %x20, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c20 = stablehlo.constant dense<21.0> : tensor<4x4xf32>
  %x21 = stablehlo.add %d20, %c20 : tensor<4x4xf32>
  %d21 = stablehlo.dot_general %x21, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c21 = stablehlo.constant dense<-21.0> : tensor<4x4xf32>
  %x22 = stablehlo.add %d21, %c21 : tensor<4x4xf32>
  %d22 = stablehlo.dot_general %x22, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c22 = stablehlo.constant dense<23.0> : tensor<4x4xf32>
  %x23 = stablehlo.add %d22, %c22 : tensor<4x4xf32>
  %d23 = stablehlo.dot_general %x23, %p, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c23 = stablehlo.constant dense<-23.0> : tensor<4x4xf32>
  %x24 = stablehlo.add %d23, %c23 : tensor<4x4xf32>
  check.expect_eq_const %x24, dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<4x4xf32>
  func.return
}
