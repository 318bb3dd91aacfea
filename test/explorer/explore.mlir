// jxc explore writes one self-contained page: every stage, the op
// correspondence data, and with inputs the numbers of a run. The page in a
// browser: explorer_test.py (ctest explorer-browser).

// RUN: jxc explore %s -o %t.html --input="2xf32=1 2" --input="2xf32=3 4" 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --input-file %t.html
// RUN: FileCheck %s --input-file %t.html --check-prefix=OFFLINE
// RUN: jxc explore %s -o %t.regions.html --function=big --run-zeros
// RUN: FileCheck %s --input-file %t.regions.html --check-prefix=REGIONS
// RUN: not jxc explore %s.missing -o %t.missing.html 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not jxc explore %s -o %t.bad.html --input="3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=BADINPUT

// LOG: jxc: wrote {{.*}}.html ({{.*}}, 8 stages)

// CHECK: <!DOCTYPE html>
// CHECK: <title>jx explorer: explore.mlir</title>
// CHECK: <script id="jx-data" type="application/json">
// CHECK-SAME: "entry":"main"
// CHECK-SAME: "origins":[
// CHECK-SAME: "stablehlo.add"
// CHECK-SAME: "stablehlo.tanh"
// CHECK-SAME: "id":"stablehlo"
// CHECK-SAME: "id":"hlo"
// CHECK-SAME: "id":"linalg"
// CHECK-SAME: "id":"bufferized"
// CHECK-SAME: "id":"loops"
// CHECK-SAME: "id":"llvm-dialect"
// CHECK-SAME: "id":"llvm-ir"
// CHECK-SAME: "id":"asm"
// CHECK-SAME: "fusion":[{
// CHECK-SAME: "kind":"fused elementwise"
// CHECK-SAME: "run":{"zeros":false
// CHECK-SAME: "type":"f32[2]"
// CHECK-SAME: "lineTables":true
// CHECK: window.jxExplorer

// Nothing from the network: no external scripts, styles or images.
// OFFLINE-NOT: {{(src|href)=["']?(https?:)?//}}
// OFFLINE-NOT: @import
// OFFLINE-NOT: /*JX_

// Time per region: the loop nest of @big, timed by its own timers.
// REGIONS: "regions":[{"id":0,"line":{{[1-9][0-9]*}},"kind":"{{(parallel )?}}loop nest","origins":[{{[0-9,]+}}],"calls":{{[1-9][0-9]*}},"ns":{{[1-9][0-9]*}}}]
// REGIONS: "run":{"zeros":true

// MISSING: jxc: error: {{.*}}.missing

// BADINPUT: error: {{.*}}

func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  %1 = stablehlo.tanh %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}

func.func @big(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = stablehlo.add %a, %b : tensor<1024xf32>
  %1 = stablehlo.tanh %0 : tensor<1024xf32>
  return %1 : tensor<1024xf32>
}
