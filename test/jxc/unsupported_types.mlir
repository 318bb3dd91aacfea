// Element types jx does not compile yet (f8/f6/f4, quantized): exit 2 and
// "element type X is not supported yet", whether the type is in the entry's
// signature or only inside its body. Never a crash or wrong numbers.

// RUN: jxc run --split-input-file %s > %t.log 2>&1; echo rc=$? >> %t.log
// RUN: FileCheck %s < %t.log

// CHECK-DAG: unsupported_types.mlir:[[@LINE+2]]:1: error: argument #0 has element type 'f8E4M3FN', not supported yet
// CHECK-DAG: FAIL f8_signature: could not compile (see stderr)
func.func @f8_signature(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  return %a : tensor<2xf8E4M3FN>
}

// -----

// CHECK-DAG: unsupported_types.mlir:[[@LINE+2]]:1: error: result #0 has element type 'f4E2M1FN', not supported yet
// CHECK-DAG: FAIL f4_result: could not compile (see stderr)
func.func @f4_result(%a: tensor<2xf32>) -> tensor<2xf4E2M1FN> {
  %0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xf4E2M1FN>
  return %0 : tensor<2xf4E2M1FN>
}

// -----

// CHECK-DAG: unsupported_types.mlir:[[@LINE+3]]:{{[0-9]+}}: error: element type 'f8E5M2' is not supported yet
// CHECK-DAG: FAIL f8_body: could not compile (see stderr)
func.func @f8_body(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xf8E5M2>
  %1 = stablehlo.add %0, %0 : tensor<2xf8E5M2>
  %2 = stablehlo.convert %1 : (tensor<2xf8E5M2>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}

// -----

// CHECK-DAG: unsupported_types.mlir:[[@LINE+2]]:1: error: argument #0 has element type '!quant.uniform<i8:f32, 5.000000e-01:3>', not supported yet
// CHECK-DAG: FAIL quant_signature: could not compile (see stderr)
func.func @quant_signature(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-DAG: unsupported_types.mlir:[[@LINE+3]]:{{[0-9]+}}: error: element type '!quant.uniform<i8:f32, 5.000000e-01:3>' is not supported yet
// CHECK-DAG: FAIL quant_body: could not compile (see stderr)
func.func @quant_body(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Only inside a region: a branch of an if.
// CHECK-DAG: unsupported_types.mlir:[[@LINE+4]]:{{[0-9]+}}: error: element type 'f8E4M3FN' is not supported yet
// CHECK-DAG: FAIL f8_region: could not compile (see stderr)
func.func @f8_region(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
    %2 = stablehlo.convert %1 : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
    stablehlo.return %2 : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-NOT: PASS
// CHECK: rc=2
