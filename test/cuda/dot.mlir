// RUN: jxc compile %s --target=cuda --emit=bufferized --split-input-file | FileCheck %s
// RUN: jxc run %s --device=cuda-emulator --split-input-file | FileCheck %s --check-prefix=EXEC

// An f32 dot_general on CUDA is a cuBLAS call on the managed buffers (the
// emulator calls the CPU's BLAS in its place).
// CHECK-LABEL: func.func @dot_f32
// CHECK:         call @jx_rt_cuda_gemm_f32
// EXEC: PASS dot_f32
func.func @dot_f32() {
  %a = stablehlo.iota dim = 0 : tensor<64x32xf32>
  %b = stablehlo.constant dense<0.5> : tensor<32x48xf32>
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x48xf32>) -> tensor<64x48xf32>
  %r = stablehlo.slice %c [63:64, 0:2] : (tensor<64x48xf32>) -> tensor<1x2xf32>
  check.expect_eq_const %r, dense<[[1008.0, 1008.0]]> : tensor<1x2xf32>
  return
}

// -----

// f16 is accumulated in f32 (converted once, rounded once): the f32 GEMM.
// CHECK-LABEL: func.func @dot_f16
// CHECK:         call @jx_rt_cuda_gemm_f32
// EXEC: PASS dot_f16
func.func @dot_f16() {
  %a = stablehlo.constant dense<1.0> : tensor<64x32xf16>
  %b = stablehlo.constant dense<0.5> : tensor<32x48xf16>
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf16>, tensor<32x48xf16>) -> tensor<64x48xf16>
  %r = stablehlo.slice %c [0:1, 0:2] : (tensor<64x48xf16>) -> tensor<1x2xf16>
  check.expect_eq_const %r, dense<[[16.0, 16.0]]> : tensor<1x2xf16>
  return
}

// -----

// Integers have no cuBLAS path: the contraction stays a kernel.
// CHECK-LABEL: func.func @dot_i32
// CHECK-NOT:     call @jx_rt_cuda_gemm
// EXEC: PASS dot_i32
func.func @dot_i32() {
  %a = stablehlo.constant dense<3> : tensor<64x32xi32>
  %b = stablehlo.constant dense<2> : tensor<32x48xi32>
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xi32>, tensor<32x48xi32>) -> tensor<64x48xi32>
  %r = stablehlo.slice %c [0:1, 0:2] : (tensor<64x48xi32>) -> tensor<1x2xi32>
  check.expect_eq_const %r, dense<[[192, 192]]> : tensor<1x2xi32>
  return
}
