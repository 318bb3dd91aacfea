// jxc run on a program file that does not exist: exit 2 and the file named.

// RUN: jxc run %t.does-not-exist.mlir > %t.log 2>&1; echo rc=$? >> %t.log
// RUN: FileCheck %s < %t.log
// CHECK: jxc: error: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory
// CHECK-NEXT: rc=2

// RUN: jxc compile %t.does-not-exist.mlir > %t.compile.log 2>&1; echo rc=$? >> %t.compile.log
// RUN: FileCheck %s --check-prefix=COMPILE < %t.compile.log
// COMPILE: jxc: error: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory
// COMPILE-NEXT: rc=2

// An empty file parses to an empty module, which has no entry.
// RUN: rm -f %t.empty.mlir && touch %t.empty.mlir
// RUN: jxc run %t.empty.mlir > %t.empty.log 2>&1; echo rc=$? >> %t.empty.log
// RUN: FileCheck %s --check-prefix=EMPTY < %t.empty.log
// EMPTY-DAG: error: no entry function: expected @main or exactly one public function
// EMPTY: rc=2
