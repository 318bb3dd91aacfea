// A bool .npy whose bytes are not all 0 or 1 (numpy writes what a view of
// other bytes holds): numpy reads every nonzero byte as True, and so must
// jxc run, or reductions disagree (any() False while all() True).

// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; np.save('%t/b.npy', np.frombuffer(bytes([0, 2, 255, 1]), dtype=np.uint8).view(np.bool_)); np.save('%t/t.npy', np.frombuffer(bytes([2, 255, 1, 128]), dtype=np.uint8).view(np.bool_))"
// RUN: jxc run %s --input %t/b.npy --output-dir %t/b
// RUN: jxc run %s --input %t/t.npy --output-dir %t/t
// RUN: python3 -c "import numpy as np; \
// RUN:   [print(n, 'all', bool(np.load('%t/%%s.npy' %% n).all()), bool(np.load('%t/%%s/result0.npy' %% n)), \
// RUN:          'any', bool(np.load('%t/%%s.npy' %% n).any()), bool(np.load('%t/%%s/result1.npy' %% n)), \
// RUN:          'not', np.load('%t/%%s/result2.npy' %% n).tolist()) for n in ('b', 't')]" | FileCheck %s
// CHECK: b all False False any True True not [True, False, False, False]
// CHECK: t all True True any True True not [False, False, False, False]

func.func @main(%b: tensor<4xi1>) -> (tensor<i1>, tensor<i1>, tensor<4xi1>) {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %all = stablehlo.reduce(%b init: %t) applies stablehlo.and across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
  %any = stablehlo.reduce(%b init: %f) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
  %not = stablehlo.not %b : tensor<4xi1>
  return %all, %any, %not : tensor<i1>, tensor<i1>, tensor<4xi1>
}
