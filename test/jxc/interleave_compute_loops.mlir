// Innermost loops bound by arithmetic (here tanh's rational approximation,
// some twenty operations per element) are interleaved four times by the
// loop vectorizer (lib/Target/CPU/InterleaveComputeLoops.cpp): four
// vector fdivs per iteration of the f32[4096] loop. A loop of 128
// iterations stays as LLVM's cost model leaves it (one vector fdiv), and a
// loop of one operation (negate) is interleaved by LLVM's own heuristic.
// RUN: jxc compile %s --emit=llvm-ir --target-cpu=x86-64-v3 | FileCheck %s
// RUN: jxc run %s | FileCheck %s --check-prefix=RESULT

// CHECK-LABEL: define {{.*}} @main(
// CHECK-COUNT-4: fdiv <8 x float>
// CHECK-NOT: fdiv <
// CHECK: br i1 {{.*}}, label %vector.body{{[0-9]+}}, !llvm.loop
// CHECK: fdiv <8 x float>
// CHECK-NOT: fdiv <
// CHECK: br i1 {{.*}}, label %vector.body{{[0-9]+}}, !llvm.loop
// CHECK-COUNT-4: fneg <8 x float>

// RESULT: [-0.9993292, -0.9993266, -0.99932396, ..., 0.9993213, 0.99932396, 0.9993266]
// RESULT: [-0.7615942, -0.76077276, -0.75994873,
// RESULT: [4, 3.9980469, 3.9960938, ..., -3.9941406, -3.9960938, -3.9980469]

func.func @main() -> (tensor<4096xf32>, tensor<128xf32>, tensor<4096xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<4096xf32>
  %c = stablehlo.constant dense<2048.0> : tensor<4096xf32>
  %s = stablehlo.constant dense<512.0> : tensor<4096xf32>
  %d = stablehlo.subtract %i, %c : tensor<4096xf32>
  %x = stablehlo.divide %d, %s : tensor<4096xf32>
  %y = stablehlo.slice %x [1536:1664] : (tensor<4096xf32>) -> tensor<128xf32>
  %0 = stablehlo.tanh %x : tensor<4096xf32>
  %1 = stablehlo.tanh %y : tensor<128xf32>
  %2 = stablehlo.negate %x : tensor<4096xf32>
  return %0, %1, %2 : tensor<4096xf32>, tensor<128xf32>, tensor<4096xf32>
}
