// RUN: not jxc compile %s --target=cuda --emit=ptx --cuda-arch=gfx90a 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not jxc compile %s --target=cuda --emit=asm 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: not jxc compile %s --target=cuda --emit=cubin 2>&1 | FileCheck %s --check-prefix=CUBIN
// RUN: not jxc compile %s --target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not jxc run %s --device=tpu 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not jxc compile %S/Inputs/f8.mlir --target=cuda --emit=ptx 2>&1 | FileCheck %s --check-prefix=NAMED

// ARCH: jxc: error: --cuda-arch 'gfx90a' is not a GPU architecture such as sm_80 or sm_90
// STAGE: jxc: error: unknown stage 'asm' for --target=cuda; stages are stablehlo, hlo, linalg, bufferized, gpu, kernels, ptx, cubin, llvm-dialect, llvm-ir
// CUBIN: jxc: error: --emit=cubin writes one file per kernel module; give a directory with -o DIR
// TARGET: jxc: error: unknown --target 'tpu' (cpu, cuda)
// DEVICE: jxc: error: unknown --device 'tpu' (cpu, cuda, cuda-emulator)
// NAMED: error: element type 'f8E4M3FN' is not supported yet by the CPU compiler (not supported on cuda yet)
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
