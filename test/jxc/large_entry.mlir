// A function of thousands of ops that do not fuse: its entry is a straight
// line of calls of shared kernels, which jx compiles without optimizing
// (optnone) while the kernels get -O2. The result is still right.
// RUN: rm -rf %t && python3 %S/Inputs/many_ops.py %t 2000
// RUN: jxc compile %t/f.mlir --emit=llvm-ir | FileCheck %s
// RUN: jxc run %t/f.mlir --input %t/a.npy --input %t/b.npy --output-dir %t/out
// RUN: python3 -c "import numpy as np; r = np.load('%t/out/result0.npy'); e = np.load('%t/expected.npy'); assert np.allclose(r, e, rtol=1e-5, atol=1e-6), abs(r - e).max(); print('matches')" | FileCheck %s --check-prefix=RESULT

// CHECK: define void @main({{.*}}) {{.*}}#[[GLUE:[0-9]+]] {
// CHECK: define {{.*}} @main_nest{{[0-9]+}}({{.*}}) {{.*}}#[[KERNEL:[0-9]+]] {
// CHECK-DAG: attributes #[[GLUE]] = { noinline optnone }
// CHECK-DAG: attributes #[[KERNEL]] = { {{.*}}norecurse{{.*}} }
// RESULT: matches
