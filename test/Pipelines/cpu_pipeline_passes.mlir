// The CPU pipeline's phases are registered passes that run what jxc runs,
// the bufferization preparation included: a function returning the same
// value twice gets a buffer per result instead of crashing jx-opt, and
// --jx-cpu-pipeline goes all the way to the LLVM dialect.
// RUN: jx-opt %s --jx-cpu-hlo --jx-cpu-linalg --jx-cpu-bufferized | FileCheck %s --check-prefix=BUF
// RUN: jx-opt %s --jx-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: jx-opt %s '--jx-cpu-pipeline=fuse=false blas=false' | FileCheck %s --check-prefix=LLVM

// BUF-LABEL: func.func @twice
// BUF-SAME: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>)
// BUF: memref.copy
// LLVM: llvm.func @twice
func.func @twice(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0, %0 : tensor<4xf32>, tensor<4xf32>
}
