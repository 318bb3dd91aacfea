// Inputs that would exhaust MLIR's parser (stack depth, one placeholder per
// result number) are rejected up front with an ordinary diagnostic.
// RUN: python3 -c "print('func.func @f() attributes {a = ' + '['*20000 + ']'*20000 + '} { return }')" > %t.deep.mlir
// RUN: not jx-opt %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not jxc run %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: deep.mlir:1:{{[0-9]+}}: error: input nests brackets more than 512 levels deep
// RUN: not jx-opt %s 2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: parser_limits.mlir:[[# @LINE + 3]]:24: error: result number after '#' is too large (the limit is 65536)

func.func @f(%a: tensor<f32>) {
  %1 = stablehlo.add %0#4294967295, %a : tensor<f32>
  return
}
