// A loop whose body is long (twelve tanh in a row, some 240 floating-point
// operations per element) is not interleaved further: it has independent
// work enough, and four copies of it would cost compile time and registers
// (lib/Target/CPU/InterleaveComputeLoops.cpp, kMaxArithmeticOperations).
// RUN: jxc compile %s --emit=llvm-ir --target-cpu=x86-64-v3 | FileCheck %s
// RUN: jxc run %s | FileCheck %s --check-prefix=RESULT

// CHECK-COUNT-12: fdiv <8 x float>
// CHECK-NOT: fdiv <
// CHECK: br i1 {{.*}}, label %vector.body{{[0-9]*}}, !llvm.loop

// RESULT: [-0.34188244, -0.34188244, -0.34188232, ..., 0.3418822, 0.34188232, 0.34188244]

func.func @main() -> tensor<4096xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4096xf32>
  %c = stablehlo.constant dense<2048.0> : tensor<4096xf32>
  %s = stablehlo.constant dense<512.0> : tensor<4096xf32>
  %d = stablehlo.subtract %i, %c : tensor<4096xf32>
  %x = stablehlo.divide %d, %s : tensor<4096xf32>
  %t0 = stablehlo.tanh %x : tensor<4096xf32>
  %t1 = stablehlo.tanh %t0 : tensor<4096xf32>
  %t2 = stablehlo.tanh %t1 : tensor<4096xf32>
  %t3 = stablehlo.tanh %t2 : tensor<4096xf32>
  %t4 = stablehlo.tanh %t3 : tensor<4096xf32>
  %t5 = stablehlo.tanh %t4 : tensor<4096xf32>
  %t6 = stablehlo.tanh %t5 : tensor<4096xf32>
  %t7 = stablehlo.tanh %t6 : tensor<4096xf32>
  %t8 = stablehlo.tanh %t7 : tensor<4096xf32>
  %t9 = stablehlo.tanh %t8 : tensor<4096xf32>
  %t10 = stablehlo.tanh %t9 : tensor<4096xf32>
  %t11 = stablehlo.tanh %t10 : tensor<4096xf32>
  return %t11 : tensor<4096xf32>
}
