// A value returned twice (CSE merges identical results) gets a buffer per
// result; the entry's results are written to .npy files.
// RUN: rm -rf %t && jxc run %s --output-dir %t | FileCheck %s
// RUN: python3 -c "import numpy as np; a = np.load('%t/result0.npy'); b = np.load('%t/result1.npy'); assert (a == b).all() and a.tolist() == [2.0, 4.0], (a, b); print('equal')" | FileCheck %s --check-prefix=NPY
// CHECK: PASS main
// NPY: equal

func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.add %c, %c : tensor<2xf32>
  %1 = stablehlo.add %c, %c : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
