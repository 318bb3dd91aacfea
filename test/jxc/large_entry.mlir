// A function of thousands of ops that do not fuse: its entry is a straight
// line of calls of shared kernels, which jx compiles without optimizing
// (optnone in one module; the JIT and the executables compile it as an
// object of its own with LLVM's -O0 code generator) while the kernels get
// -O2. The result is still right, from the JIT (one and two compile
// threads) and from a serialized executable (its objects linked by lld).
// RUN: rm -rf %t && python3 %S/Inputs/many_ops.py %t 2000
// RUN: jxc compile %t/f.mlir --emit=llvm-ir | FileCheck %s
// RUN: jxc run %t/f.mlir --input %t/a.npy --input %t/b.npy --output-dir %t/out
// RUN: python3 -c "import numpy as np; r = np.load('%t/out/result0.npy'); e = np.load('%t/expected.npy'); assert np.allclose(r, e, rtol=1e-5, atol=1e-6), abs(r - e).max(); print('matches')" | FileCheck %s --check-prefix=RESULT
// RUN: env JX_COMPILE_THREADS=1 jxc run %t/f.mlir --input %t/a.npy --input %t/b.npy --output-dir %t/out1
// RUN: python3 -c "import numpy as np; r = np.load('%t/out1/result0.npy'); e = np.load('%t/expected.npy'); assert np.allclose(r, e, rtol=1e-5, atol=1e-6), abs(r - e).max(); print('matches')" | FileCheck %s --check-prefix=RESULT
// RUN: jxc compile %t/f.mlir --emit=executable -o %t/f.jxe
// RUN: jxc run %t/f.jxe --input %t/a.npy --input %t/b.npy --output-dir %t/out2
// RUN: python3 -c "import numpy as np; r = np.load('%t/out2/result0.npy'); e = np.load('%t/expected.npy'); assert np.allclose(r, e, rtol=1e-5, atol=1e-6), abs(r - e).max(); print('matches')" | FileCheck %s --check-prefix=RESULT

// CHECK: define void @main({{.*}}) {{.*}}#[[GLUE:[0-9]+]] {
// CHECK: define {{.*}} @main_nest{{[0-9]+}}({{.*}}) {{.*}}#[[KERNEL:[0-9]+]] {
// CHECK-DAG: attributes #[[GLUE]] = { noinline optnone }
// CHECK-DAG: attributes #[[KERNEL]] = { {{.*}}norecurse{{.*}} }
// RESULT: matches
