// LLVM's partial and runtime loop unrolling are off in jx's compiles (x86's
// cost model turns them on for CPUs with a loop buffer, copying every loop
// body several times); an option given on the command line still wins. The
// running sum below is a loop LLVM cannot vectorize (the order of the f32
// additions is fixed), so the number of its fadds shows the unrolling.
// RUN: jxc compile %s --emit=llvm-ir | FileCheck %s --check-prefix=ONCE
// RUN: jxc compile %s --emit=llvm-ir --unroll-runtime=true --unroll-allow-partial=true | FileCheck %s --check-prefix=UNROLLED
// RUN: jxc run %s | FileCheck %s --check-prefix=RESULT

// ONCE: fadd
// ONCE-NOT: fadd
// UNROLLED-COUNT-2: fadd
// RESULT: [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171, 190,

func.func @main() -> tensor<1000xf32> {
  %x = stablehlo.iota dim = 0 : tensor<1000xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1000>, padding = dense<[[999, 0]]> : tensor<1x2xi64>} : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}
