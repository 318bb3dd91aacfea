// Static libraries of two programs link into one binary: every symbol a
// library defines carries its name's prefix, including the module's own
// constants and OpenMP regions, which become global symbols when the
// module is compiled on several threads (split into objects that refer to
// each other's). Two threads are forced so that the split happens on any
// machine.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_COMPILE_THREADS=2 jxc compile %S/../Fixtures/jax/scipy_expm_f32.mlir --emit=library --name expm -o %t
// RUN: env JX_COMPILE_THREADS=2 jxc compile %S/../Fixtures/jax/scipy_sqrtm_f32.mlir --emit=library --name sqrtm -o %t
// RUN: llvm-ar t %t/libexpm.a | FileCheck %s --check-prefix=PARTS
// RUN: llvm-nm -g --defined-only %t/libexpm.a | FileCheck %s --check-prefix=EXPM
// RUN: llvm-nm -g --defined-only %t/libsqrtm.a | FileCheck %s --check-prefix=SQRTM
// RUN: llvm-nm -g --defined-only %t/libexpm.a %t/libsqrtm.a | grep -E '^[0-9a-f]+ [A-Z] ' | not grep -v -E ' (_mlir_)?jx_(expm|sqrtm)_'

// PARTS: jx_expm_part0.o
// PARTS: jx_expm_part1.o

// EXPM-DAG: T jx_expm_main
// EXPM-DAG: T _mlir_jx_expm_main
// EXPM-DAG: R jx_expm___constant_
// SQRTM-DAG: T jx_sqrtm_main
// SQRTM-DAG: T _mlir_jx_sqrtm_main
