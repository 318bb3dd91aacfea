// jxc runs jax.export artifacts (serialized jax.export.Exported), detected
// from their content. The fixtures and JAX's outputs are in
// test/Fixtures/export (scripts/gen_export_fixtures.py).

// A shape-polymorphic export ("b, 8") runs at two batch sizes.
// RUN: jxc run %S/../Fixtures/export/poly_mlp.exported --input %S/../Fixtures/export/poly_mlp.b3.in0.npy --input %S/../Fixtures/export/poly_mlp.b3.in1.npy --output-dir %t.b3 | FileCheck %s --check-prefix=B3
// B3: result[0]: f32[3]
// B3: PASS main
// RUN: python3 -c "import numpy as np, sys; g=np.load('%t.b3/result0.npy'); w=np.load('%S/../Fixtures/export/poly_mlp.b3.out0.npy'); sys.exit(0 if np.allclose(g, w, rtol=1e-5, atol=1e-6) else 1)"
// RUN: jxc run %S/../Fixtures/export/poly_mlp.exported --input %S/../Fixtures/export/poly_mlp.b5.in0.npy --input %S/../Fixtures/export/poly_mlp.b5.in1.npy --output-dir %t.b5 | FileCheck %s --check-prefix=B5
// B5: result[0]: f32[5]
// B5: PASS main
// RUN: python3 -c "import numpy as np, sys; g=np.load('%t.b5/result0.npy'); w=np.load('%S/../Fixtures/export/poly_mlp.b5.out0.npy'); sys.exit(0 if np.allclose(g, w, rtol=1e-5, atol=1e-6) else 1)"

// Inputs that violate the symbolic shapes get JAX's messages and exit 2.
// RUN: jxc run %S/../Fixtures/export/poly_two_args.exported --input %S/../Fixtures/export/poly_two_args.bad_batch_mismatch.in0.npy --input %S/../Fixtures/export/poly_two_args.bad_batch_mismatch.in1.npy > %t.out 2> %t.err || test $? = 2
// RUN: FileCheck %s --check-prefix=ASSERT < %t.err
// ASSERT: error: {{.*}}Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= 4) and the specification 'b' (= 3).
// RUN: not jxc run %S/../Fixtures/export/poly_mlp.exported --input %S/../Fixtures/export/poly_mlp.bad_rank.in0.npy --input %S/../Fixtures/export/poly_mlp.bad_rank.in1.npy 2>&1 > /dev/null | FileCheck %s --check-prefix=RANK
// RANK: jxc: error: Rank mismatch for args[0]: expected (b, 8) and called with (3, 8, 1)
// RUN: not jxc run %S/../Fixtures/export/poly_mlp.exported --input %S/../Fixtures/export/poly_mlp.bad_static_dim.in0.npy --input %S/../Fixtures/export/poly_mlp.bad_static_dim.in1.npy 2>&1 > /dev/null | FileCheck %s --check-prefix=DIM
// DIM: jxc: error: Shape mismatch for args[0].shape[1] (expected same constant): expected (b, 8) and called with (3, 7)

// Lowered for several platforms: the CPU's branch is taken. Lowered for
// CUDA only: refused.
// RUN: jxc run %S/../Fixtures/export/platforms_cpu_cuda.exported --input %S/../Fixtures/export/platforms_cpu_cuda.default.in0.npy --input %S/../Fixtures/export/platforms_cpu_cuda.default.in1.npy | FileCheck %s --check-prefix=PLATFORMS
// PLATFORMS: PASS main
// RUN: not jxc run %S/../Fixtures/export/platforms_cuda_only.exported 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: error: this jax.export artifact was lowered for cuda only; jx runs programs on the CPU

// Shardings of a 2-device export do not change what one device computes.
// RUN: jxc run %S/../Fixtures/export/sharded_2_devices.exported --input %S/../Fixtures/export/sharded_2_devices.default.in0.npy --input %S/../Fixtures/export/sharded_2_devices.default.in1.npy | FileCheck %s --check-prefix=SHARDED
// SHARDED: PASS main

// Damaged containers: a clear error, exit 2.
// RUN: head -c 700 %S/../Fixtures/export/poly_mlp.exported > %t.trunc
// RUN: not jxc run %t.trunc 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error: not a serialized jax.export.Exported
