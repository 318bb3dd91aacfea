// Random chains of elementwise, broadcast, transpose, reduce and
// dot_general ops run fused, unfused (--no-fuse) and as plain loop nests
// (--no-fuse --no-blas); all three must agree with each other and with
// numpy. The second run: single dot_generals of random layouts and odd
// sizes (1, 3, 17, 255, 1000) through the BLAS path against the loops. The
// third: 2-D convolutions (NHWC and NCHW; strides, padding, both dilations;
// small windows, and windows of more than 64 positions over small outputs,
// as filter gradients have) against numpy's direct evaluation; the fourth
// the same on oneDNN's blocked layout (JX_DNNL_LAYOUT=blocked), which jx
// picks by default only for wide-channel windows. Then filter gradients as
// JAX writes them (random strides, dilations, padding, feature groups and
// depthwise as batch groups), most through oneDNN's backward-weights
// convolution, against numpy and the lowering to contractions.
// RUN: python3 %jx_src_root/scripts/fusion_differential.py jxc --seed 7 --count 40 | FileCheck %s
// RUN: python3 %jx_src_root/scripts/fusion_differential.py jxc --dots --seed 3 --count 40 | FileCheck %s --check-prefix=DOTS
// Each f32 GEMM library on every shape, whatever the per-shape rule picks:
// RUN: env JX_SGEMM_LIBRARY=onednn-sgemm python3 %jx_src_root/scripts/fusion_differential.py jxc --dots --seed 11 --count 30 | FileCheck %s --check-prefix=LIB
// RUN: env JX_SGEMM_LIBRARY=onednn python3 %jx_src_root/scripts/fusion_differential.py jxc --dots --seed 12 --count 30 | FileCheck %s --check-prefix=LIB
// RUN: env JX_SGEMM_LIBRARY=openblas python3 %jx_src_root/scripts/fusion_differential.py jxc --dots --seed 13 --count 30 | FileCheck %s --check-prefix=LIB
// RUN: python3 %jx_src_root/scripts/fusion_differential.py jxc --convs --seed 5 --count 40 | FileCheck %s --check-prefix=CONVS
// RUN: env JX_DNNL_LAYOUT=blocked python3 %jx_src_root/scripts/fusion_differential.py jxc --convs --seed 9 --count 30 | FileCheck %s --check-prefix=BLOCKED
// RUN: python3 %jx_src_root/scripts/fusion_differential.py jxc --filter-grads --seed 4 --count 30 | FileCheck %s --check-prefix=GRADS
// CHECK: fusion differential: 40 passed, 0 failed
// DOTS: dot_general differential: 40 passed, 0 failed
// LIB: dot_general differential: 30 passed, 0 failed
// CONVS: convolution differential: 40 passed, 0 failed
// BLOCKED: convolution differential: 30 passed, 0 failed
// GRADS: filter gradient differential: 30 passed, 0 failed
