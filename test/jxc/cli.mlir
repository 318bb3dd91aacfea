// jxc as users of iree-run-module and mlir-opt expect: results printed
// (values elided when long), inline inputs, --function, --version, a --help
// that lists jxc's options rather than LLVM's, and exit code 2 for a wrong
// command line.

// RUN: jxc run %s --input="2x3xf32=1 2 3 4.5 5 0.1" --input=i32=7 | FileCheck %s
// CHECK: result[0]: f32[2,3]
// CHECK-NEXT: {{\[\[}}1, 4, 9],
// CHECK-NEXT:  [20.25, 25, 0.010000001]]
// CHECK-NEXT: result[1]: i32[]
// CHECK-NEXT: 14
// CHECK-NEXT: result[2]: f32[2000]
// CHECK-NEXT: [0, 1, 2, ..., 1997, 1998, 1999]
// CHECK-NEXT: PASS main

// An .npy file with @, another entry, a splat inline value.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; np.save('%t/b.npy', np.array([True, False, True]))"
// RUN: jxc run %s --function=flip --input=@%t/b.npy --input="3xui8=5" | FileCheck %s --check-prefix=FLIP
// FLIP: result[0]: bool[3]
// FLIP-NEXT: [false, true, false]
// FLIP-NEXT: result[1]: u8[3]
// FLIP-NEXT: [6, 6, 6]
// FLIP-NEXT: PASS flip

// RUN: not jxc run %s --function=nope 2>&1 | FileCheck %s --check-prefix=NOFN
// NOFN: jxc: error: {{.*}}cli.mlir: no function @nope to run (--function)
// NOFN: FAIL nope: no such function
// RUN: not jxc run %s --input="2x3xf32=1 2" --input=i32=7 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: jxc: error: inline input '2x3xf32=1 2': 2 values for 6 elements
// RUN: not jxc run %s --input="2x3xq9=1" --input=i32=7 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: unknown element type 'q9'
// RUN: not jxc run %s --input="2x3xf32=1 2 x 4 5 6" --input=i32=7 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: inline input '2x3xf32=1 2 x 4 5 6': 'x' is not a number
// RUN: not jxc run %s --function=flip --input="3xi1=1 0 2" --input="3xui8=300" 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: '2' is not 0, 1, true or false

// --timing: each phase's time; MLIR's pass manager options reach every phase.
// RUN: jxc run %s --function=flip --input=3xi1=1 --input=3xui8=1 --timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: jxc: timing @flip: hlo {{[0-9.]+}} ms, linalg {{[0-9.]+}} ms, bufferized {{[0-9.]+}} ms, loops {{[0-9.]+}} ms, llvm-dialect {{[0-9.]+}} ms, machine code {{[0-9.]+}} ms (total {{[0-9.]+}} ms)
// RUN: jxc compile %s --emit=linalg --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINTIR
// PRINTIR: IR Dump After Canonicalizer (canonicalize)

// RUN: jxc --version | FileCheck %s --check-prefix=VERSION
// VERSION: jxc (jx {{[0-9]+\.[0-9]+\.[0-9]+}}), LLVM and MLIR 22
// RUN: jxc run --help | FileCheck %s --check-prefix=HELP
// HELP: jxc options:
// HELP: --function=<string>
// HELP: --input=<string>
// HELP-NOT: --mlir-print-debuginfo
// HELP-NOT: --x86-asm-syntax
// RUN: sh -c 'jxc run %s --bogus; test $? -eq 2' 2> %t/bogus.err
// RUN: FileCheck %s --check-prefix=BOGUS < %t/bogus.err
// BOGUS: Unknown command line argument '--bogus'

func.func @main(%x: tensor<2x3xf32>, %k: tensor<i32>)
    -> (tensor<2x3xf32>, tensor<i32>, tensor<2000xf32>) {
  %0 = stablehlo.multiply %x, %x : tensor<2x3xf32>
  %1 = stablehlo.add %k, %k : tensor<i32>
  %2 = stablehlo.iota dim = 0 : tensor<2000xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<i32>, tensor<2000xf32>
}

func.func @flip(%x: tensor<3xi1>, %y: tensor<3xui8>) -> (tensor<3xi1>, tensor<3xui8>) {
  %0 = stablehlo.not %x : tensor<3xi1>
  %c = stablehlo.constant dense<1> : tensor<3xui8>
  %1 = stablehlo.add %y, %c : tensor<3xui8>
  return %0, %1 : tensor<3xi1>, tensor<3xui8>
}
