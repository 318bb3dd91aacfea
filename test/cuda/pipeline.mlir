// RUN: jxc compile %s --target=cuda --emit=gpu | FileCheck %s --check-prefix=GPU
// RUN: jxc compile %s --target=cuda --emit=kernels | FileCheck %s --check-prefix=KERNELS
// RUN: jxc compile %s --target=cuda --emit=ptx --cuda-arch=sm_90 | FileCheck %s --check-prefix=PTX
// RUN: jxc compile %s --target=cuda --emit=llvm-dialect | FileCheck %s --check-prefix=HOST
// RUN: jxc compile %s --target=cuda --print-all-stages | FileCheck %s --check-prefix=ALL

// exp(a + b) * c, then a row sum: a fused elementwise kernel, and one
// thread per row for the sums, starting from the reduction's init value
// (the fill that zeroed them before is folded in: jx-loop-accumulators).
// GPU:          memref.get_global @__constant_8xf32
// GPU:          gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c32,
// GPU:          math.exp
// GPU:          gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c4,
// GPU:            scf.for {{.*}} iter_args(%{{.*}} = %cst) -> (f32)
// GPU-NOT:      gpu.launch

// KERNELS:      gpu.launch_func @main_kernel::@main_kernel
// KERNELS:      gpu.binary @main_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", link = [{{.*}}libdevice.10.bc"]>{{.*}}#gpu.object<#nvvm.target<O = 3, chip = "sm_90"

// PTX:          // ----- kernel module @main_kernel, sm_90 -----
// PTX:          .target sm_90
// PTX:          .visible .entry main_kernel(
// PTX:          fma.rn.f32

// HOST-DAG:     llvm.mlir.global internal constant @__jx_cuda_main_kernel("sm_80\00
// HOST-DAG:     llvm.func @jx_rt_cuda_launch(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr)
// The constant's copy comes from the runtime (made on the first call, kept
// with the executable): nothing is allocated or freed per call.
// HOST-DAG:     llvm.func @jx_rt_cuda_constant(i64, i64) -> i64
// HOST:         llvm.call @jx_rt_cuda_constant
// HOST-COUNT-2: llvm.call @jx_rt_cuda_launch
// HOST-NOT:     llvm.call @jx_rt_cuda_free
// HOST-NOT:     gpu.

// ALL: // ----- stage: stablehlo -----
// ALL: // ----- stage: hlo -----
// ALL: // ----- stage: linalg -----
// ALL: // ----- stage: bufferized -----
// ALL: // ----- stage: gpu -----
// ALL: // ----- stage: kernels -----
// ALL: // ----- stage: ptx (@main_kernel, sm_80) -----
// ALL: // ----- stage: llvm-dialect -----
// ALL: // ----- stage: llvm-ir -----
// ALL: call void @jx_rt_cuda_launch
func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %a, %b : tensor<4x8xf32>
  %1 = stablehlo.exponential %0 : tensor<4x8xf32>
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.multiply %1, %cb : tensor<4x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%2 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %2, %3 : tensor<4x8xf32>, tensor<4xf32>
}
