// Sorts (SortToSCF.cpp), and top_k and sorts read only through short
// leading slices (computed by selection, SortSelectToSCF.cpp), against
// numpy's stable sort: NaNs, signed zeros, infinities, ties, ascending
// rows, k from 1 to 64 (and 65, sorted), several operands, slices along
// other dimensions, whole sorts of odd and tiny lengths.
// RUN: python3 %jx_src_root/scripts/sort_select_check.py jxc | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: sorts and selections: 17 passed, 0 failed
