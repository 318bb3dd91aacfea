// jxc bench --regions times each loop nest, library call and copy of the
// entry with the compiled code's own timers and prints them, slowest
// first, with the source line each came from; --format=json adds them as
// "regions".
// RUN: jxc bench %s --regions --min-time 0.05 --threads 1 | FileCheck %s
// CHECK: @main: compile {{.*}} ms; per call median {{.*}}, 1 threads)
// CHECK-NEXT: per call    share  region
// CHECK-DAG: {{[0-9.]+}} ms {{ *[0-9.]+}} %  jx_rt_gemm_f32 (bench_regions.mlir:20:{{[0-9]+}})
// CHECK-DAG: {{[0-9.]+}} ms {{ *[0-9.]+}} %  {{(parallel )?}}loop nest (bench_regions.mlir:{{[0-9]+}}:{{[0-9]+}}
// CHECK: ms {{ *[0-9.]+}} %  outside the {{[0-9]+}} regions
// RUN: jxc bench %s --regions --min-time 0.05 --format=json | FileCheck %s --check-prefix=JSON
// JSON: "calls": {{[0-9]+}}, "threads": {{[0-9]+}}, "regions": [{"id":0,"kind":"{{[a-z_ 0-9]+}}","source":"bench_regions.mlir:{{[0-9]+}}:{{[0-9]+}}","ms_per_call":{{[0-9.e-]+}}}
// Without --regions, no timers: the code has no region calls.
// RUN: jxc bench %s --min-time 0.05 --format=json | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: regions

func.func @main() -> tensor<128x128xf32> {
  %a = stablehlo.iota dim = 0 : tensor<128x128xf32>
  %b = stablehlo.iota dim = 1 : tensor<128x128xf32>
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %e = stablehlo.exponential %d : tensor<128x128xf32>
  %t = stablehlo.tanh %e : tensor<128x128xf32>
  return %t : tensor<128x128xf32>
}
