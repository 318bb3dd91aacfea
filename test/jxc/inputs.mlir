// jxc run --input: the inputs must match @main's signature in count, shape
// and dtype; a mismatch is exit 2 with a message naming the input, the type
// @main wants and the type the file has. Never a crash.

// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/make_npy.py %t/a.npy '<f4' 2,3 1 2 3 4 5 6
// RUN: python3 %S/Inputs/make_npy.py %t/b.npy '<f4' 2,3 10 20 30 40 50 60
// RUN: python3 %S/Inputs/make_npy.py %t/t.npy '<f4' 3,2 1 2 3 4 5 6
// RUN: python3 %S/Inputs/make_npy.py %t/i.npy '<i4' 2,3 1 2 3 4 5 6
// RUN: python3 %S/Inputs/make_npy.py %t/f64.npy '<f8' 2,3 1 2 3 4 5 6
// RUN: python3 %S/Inputs/make_npy.py %t/r1.npy '<f4' 6 1 2 3 4 5 6

// The right inputs run, and the result is written as result0.npy.
// RUN: jxc run %s --input %t/a.npy --input %t/b.npy --output-dir %t/out > %t/ok.log 2>&1; echo rc=$? >> %t/ok.log
// RUN: FileCheck %s --check-prefix=OK < %t/ok.log
// RUN: python3 -c "import struct, sys; d = open(sys.argv[1], 'rb').read(); print(d[:6] == b'\x93NUMPY', struct.unpack('<6f', d[-24:]))" %t/out/result0.npy | FileCheck %s --check-prefix=RESULT
// OK: PASS main
// OK-NEXT: rc=0
// RESULT: True (11.0, 22.0, 33.0, 44.0, 55.0, 66.0)

// RUN: jxc run %s --input %t/a.npy > %t/few.log 2>&1; echo rc=$? >> %t/few.log
// RUN: FileCheck %s --check-prefix=FEW < %t/few.log
// FEW-DAG: jxc: error: @main takes 2 inputs, got 1
// FEW-DAG: FAIL main: invalid input
// FEW: rc=2

// RUN: jxc run %s > %t/none.log 2>&1; echo rc=$? >> %t/none.log
// RUN: FileCheck %s --check-prefix=NONE < %t/none.log
// NONE-DAG: jxc: error: @main takes 2 inputs, got 0
// NONE: rc=2

// RUN: jxc run %s --input %t/a.npy --input %t/b.npy --input %t/b.npy > %t/many.log 2>&1; echo rc=$? >> %t/many.log
// RUN: FileCheck %s --check-prefix=MANY < %t/many.log
// MANY-DAG: jxc: error: @main takes 2 inputs, got 3
// MANY: rc=2

// RUN: jxc run %s --input %t/a.npy --input %t/t.npy > %t/shape.log 2>&1; echo rc=$? >> %t/shape.log
// RUN: FileCheck %s --check-prefix=SHAPE < %t/shape.log
// SHAPE-DAG: jxc: error: @main input #1 must be f32[2,3], got f32[3,2]
// SHAPE-DAG: FAIL main: invalid input
// SHAPE: rc=2

// RUN: jxc run %s --input %t/r1.npy --input %t/b.npy > %t/rank.log 2>&1; echo rc=$? >> %t/rank.log
// RUN: FileCheck %s --check-prefix=RANK < %t/rank.log
// RANK-DAG: jxc: error: @main input #0 must be f32[2,3], got f32[6]
// RANK: rc=2

// RUN: jxc run %s --input %t/a.npy --input %t/i.npy > %t/int.log 2>&1; echo rc=$? >> %t/int.log
// RUN: FileCheck %s --check-prefix=INT < %t/int.log
// INT-DAG: jxc: error: @main input #1 must be f32[2,3], got i32[2,3]
// INT: rc=2

// RUN: jxc run %s --input %t/f64.npy --input %t/b.npy > %t/f64.log 2>&1; echo rc=$? >> %t/f64.log
// RUN: FileCheck %s --check-prefix=F64 < %t/f64.log
// F64-DAG: jxc: error: @main input #0 must be f32[2,3], got f64[2,3]
// F64: rc=2

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
