// Programs that need more memory than the machine has, or than
// --max-memory allows, end with a clear error and exit 2, never a crash.
// RUN: jxc run --split-input-file --max-memory=1G %s > %t.log 2>&1; echo rc=$? >> %t.log
// RUN: FileCheck %s < %t.log
// A large splat constant is filled at run time, not expanded into the
// program (a 4 GB global initializer, or minutes of code generation).
// RUN: jx-opt %s --split-input-file --jx-cpu-pipeline | FileCheck %s --check-prefix=SPLAT
// RUN: not jxc run --max-memory=lots %s 2>&1 | FileCheck %s --check-prefix=BADSIZE
// BADSIZE: jxc: error: --max-memory='lots' is not a size

// CHECK-DAG: jxc: error: @main returns i32[1000000000] (3.73 GiB): 3.73 GiB in all, over the limit of 1.00 GiB
// SPLAT-NOT: dense<2> : tensor<1000000000xi32>
// SPLAT: llvm.func @main
func.func @main() -> tensor<1000000000xi32> {
  %c = stablehlo.constant dense<2> : tensor<1000000000xi32>
  return %c : tensor<1000000000xi32>
}

// -----

// CHECK-DAG: jxc: error: @main returns f32[100000,100000,100] (3.64 TiB)
func.func @main() -> tensor<100000x100000x100xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<100000x100000x100xf32>
  return %0 : tensor<100000x100000x100xf32>
}

// -----

// A temporary over the limit: the allocation in compiled code fails and
// the call ends with an error naming the size (its result was never
// checked before: a segfault).
// CHECK-DAG: jxc: error: @main: a temporary buffer of 3.73 GiB would bring this call's memory to 3.73 GiB, over the limit of 1.00 GiB
func.func @main() -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.constant dense<1.0> : tensor<1000000000xf32>
  %s = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %lt = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<1000000000xf32>) -> tensor<1000000000xf32>
  %1 = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1000000000xf32>, tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
// CHECK: rc=2
