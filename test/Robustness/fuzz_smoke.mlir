// A short run of the mutation stress script over these tests' programs: no
// mutant may crash or hang jx-opt, or print what does not parse back.
// RUN: rm -rf %t && python3 %jx_src_root/scripts/fuzz_jx_opt.py --jx-opt jx-opt --seeds '%S/../Dialect/**/*.mlir' --seeds '%S/*.mlir' --runs 40 --time 60 --seed 1 --out %t | FileCheck %s
// CHECK: fuzz_jx_opt: 40 runs in {{[0-9]+}}s, 0 distinct failures
