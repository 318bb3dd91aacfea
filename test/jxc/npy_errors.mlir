// jxc run --input with a .npy file that is missing or cannot be read: exit 2
// and a message naming the file and what is wrong with it. Never a crash,
// never a huge allocation because a header says so.

// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/make_npy.py %t/ok.npy '<f4' 2 1 2

// RUN: jxc run %s --input %t/missing.npy > %t/missing.log 2>&1; echo rc=$? >> %t/missing.log
// RUN: FileCheck %s --check-prefix=MISSING < %t/missing.log
// MISSING-DAG: jxc: error: {{.*}}missing.npy: cannot open file: No such file or directory
// MISSING-DAG: FAIL main: cannot read input
// MISSING: rc=2

// RUN: jxc run %s --input %t > %t/dir.log 2>&1; echo rc=$? >> %t/dir.log
// RUN: FileCheck %s --check-prefix=DIR < %t/dir.log
// DIR-DAG: jxc: error: {{.*}}: is a directory, not a .npy file
// DIR: rc=2

// RUN: echo "this is not numpy" > %t/garbage.npy
// RUN: jxc run %s --input %t/garbage.npy > %t/garbage.log 2>&1; echo rc=$? >> %t/garbage.log
// RUN: FileCheck %s --check-prefix=GARBAGE < %t/garbage.log
// GARBAGE-DAG: jxc: error: {{.*}}garbage.npy: not a .npy file (bad magic)
// GARBAGE: rc=2

// RUN: touch %t/empty.npy
// RUN: jxc run %s --input %t/empty.npy > %t/empty.log 2>&1; echo rc=$? >> %t/empty.log
// RUN: FileCheck %s --check-prefix=EMPTY < %t/empty.log
// EMPTY-DAG: jxc: error: {{.*}}empty.npy: not a .npy file (bad magic)
// EMPTY: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/short.npy '<f4' 2 1 2 --drop 3
// RUN: jxc run %s --input %t/short.npy > %t/short.log 2>&1; echo rc=$? >> %t/short.log
// RUN: FileCheck %s --check-prefix=SHORT < %t/short.log
// SHORT-DAG: jxc: error: {{.*}}short.npy: header says f32[2] (8 bytes of data) but the file has 5 bytes after the header
// SHORT: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/long.npy '<f4' 2 1 2 --extra 4
// RUN: jxc run %s --input %t/long.npy > %t/long.log 2>&1; echo rc=$? >> %t/long.log
// RUN: FileCheck %s --check-prefix=LONG < %t/long.log
// LONG-DAG: jxc: error: {{.*}}long.npy: header says f32[2] (8 bytes of data) but the file has 12 bytes after the header
// LONG: rc=2

// A header promising 4e22 bytes: an error, not an allocation.
// RUN: python3 %S/Inputs/make_npy.py %t/huge.npy '<f4' 100000000000,100000000000
// RUN: jxc run %s --input %t/huge.npy > %t/huge.log 2>&1; echo rc=$? >> %t/huge.log
// RUN: FileCheck %s --check-prefix=HUGE < %t/huge.log
// HUGE-DAG: jxc: error: {{.*}}huge.npy: shape (100000000000, 100000000000) is too large
// HUGE: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/big.npy '<f4' 1000000000,1000
// RUN: jxc run %s --input %t/big.npy > %t/big.log 2>&1; echo rc=$? >> %t/big.log
// RUN: FileCheck %s --check-prefix=BIG < %t/big.log
// BIG-DAG: jxc: error: {{.*}}big.npy: header says f32[1000000000,1000] (4000000000000 bytes of data) but the file has 0 bytes after the header
// BIG: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/neg.npy '<f4' -- -1,2
// RUN: jxc run %s --input %t/neg.npy > %t/neg.log 2>&1; echo rc=$? >> %t/neg.log
// RUN: FileCheck %s --check-prefix=NEG < %t/neg.log
// NEG-DAG: jxc: error: {{.*}}neg.npy: malformed shape (-1, 2)
// NEG: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/obj.npy '|O' 2
// RUN: jxc run %s --input %t/obj.npy > %t/obj.log 2>&1; echo rc=$? >> %t/obj.log
// RUN: FileCheck %s --check-prefix=OBJ < %t/obj.log
// OBJ-DAG: jxc: error: {{.*}}obj.npy: unsupported dtype '|O'
// OBJ: rc=2

// RUN: python3 %S/Inputs/make_npy.py %t/be.npy '>f4' 2 1 2
// RUN: jxc run %s --input %t/be.npy > %t/be.log 2>&1; echo rc=$? >> %t/be.log
// RUN: FileCheck %s --check-prefix=BE < %t/be.log
// BE-DAG: jxc: error: {{.*}}be.npy: big-endian arrays ('>f4') are not supported
// BE: rc=2

// The first unreadable input stops the run, whatever comes after it.
// RUN: jxc run %s --input %t/ok.npy --input %t/missing.npy > %t/second.log 2>&1; echo rc=$? >> %t/second.log
// RUN: FileCheck %s --check-prefix=SECOND < %t/second.log
// SECOND-DAG: jxc: error: {{.*}}missing.npy: cannot open file
// SECOND: rc=2

func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.negate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
