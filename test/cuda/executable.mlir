// A CUDA executable to deploy (jxc run FILE.jxe, executable::deserialize):
// host code and the kernels' PTX in one file, for sm_80 and sm_90 unless
// --cuda-arch says otherwise. Running it needs a GPU; unit tests
// (Cuda.SerializedExecutableRunsOnTheGpu) check its device kind and its
// clear error where there is none.
// RUN: jxc compile %s --target=cuda --emit=executable -o %t.jxe
// RUN: grep -a -q '.target sm_80' %t.jxe
// RUN: grep -a -q '.target sm_90' %t.jxe
// RUN: jxc compile %s --target=cuda --cuda-arch=sm_90 --emit=executable -o %t90.jxe
// RUN: not grep -a -q '.target sm_80' %t90.jxe
// RUN: grep -a -q '.target sm_90' %t90.jxe
// RUN: not jxc compile %s --target=cuda --emit=asm 2>&1 | FileCheck %s
// CHECK: jxc: error: unknown stage 'asm' for --target=cuda; stages are {{.*}}, llvm-ir, executable

func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %w = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %0 = stablehlo.multiply %x, %w : tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
