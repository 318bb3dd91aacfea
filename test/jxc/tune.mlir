// jxc tune times OpenBLAS and oneDNN (its matmul primitive and dnnl_sgemm) on
// each f32 GEMM shape of a program and records the fastest in the tuning database; a second run finds nothing new;
// an unreadable database is ignored with a warning; --clear deletes it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env JX_TUNING_DB=%t/db.json jxc tune %s --threads 1 | FileCheck %s --check-prefix=FIRST
// FIRST: tuning @main on {{.+}} (1 threads)
// FIRST-DAG: sgemm m=96 n=80 k=64 ta=0 tb=0 lda=64 ldb=80 ldc=80 threads=1: {{onednn-sgemm|onednn|openblas}} (openblas {{[0-9.]+}} us, onednn {{[0-9.]+}} us, onednn-sgemm {{[0-9.]+}} us)
// FIRST-DAG: sgemm m=64 n=80 k=96 ta=1 tb=0 lda=64 ldb=80 ldc=80 threads=1: {{onednn-sgemm|onednn|openblas}}
// FIRST: database: {{.*}}db.json
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// DB: "winner":
// DB: "version": 1
// RUN: env JX_TUNING_DB=%t/db.json jxc tune %s --threads 1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: nothing new
// RUN: echo '{not json' > %t/bad.json
// RUN: env JX_TUNING_DB=%t/bad.json jxc tune %s --threads 1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: warning: ignoring the tuning database {{.*}}bad.json
// BAD: sgemm m=96
// RUN: env JX_TUNING_DB=%t/db.json jxc tune --clear | FileCheck %s --check-prefix=CLEAR
// CLEAR: removed the tuning database {{.*}}db.json
// RUN: env JX_TUNING_DB=%t/db.json jxc tune --clear | FileCheck %s --check-prefix=NONE
// NONE: no tuning database at
// An unknown JX_SGEMM_LIBRARY is reported and ignored (tuning goes on):
// RUN: env JX_SGEMM_LIBRARY=mkl JX_TUNING_DB=%t/other.json jxc tune %s --threads 1 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: jx: warning: ignoring JX_SGEMM_LIBRARY=mkl (expected openblas, onednn or onednn-sgemm)
// BOGUS: sgemm m=96
// RUN: not jxc tune 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: give a program to tune

func.func @main(%a: tensor<96x64xf32>, %b: tensor<64x80xf32>, %c: tensor<96x80xf32>)
    -> (tensor<96x80xf32>, tensor<64x80xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<96x64xf32>, tensor<64x80xf32>) -> tensor<96x80xf32>
  %1 = stablehlo.dot_general %a, %c, contracting_dims = [0] x [0] : (tensor<96x64xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  return %0, %1 : tensor<96x80xf32>, tensor<64x80xf32>
}
