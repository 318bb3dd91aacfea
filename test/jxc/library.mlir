// jxc compile --emit=library: a header and a static library (or, with
// --shared, a shared object) whose symbols carry the library's name, so
// that several link into one program. examples/aot runs one (ctest).

// RUN: rm -rf %t && jxc compile %s --emit=library --name scale -o %t
// RUN: FileCheck %s --check-prefix=HEADER < %t/scale.h
// HEADER: #define SCALE_MAIN_NUM_INPUTS 2
// HEADER: #define SCALE_MAIN_NUM_OUTPUTS 1
// HEADER: in0: f32[2,3], 6 elements
// HEADER: in1: bf16[], 1 element as its 16 bits
// HEADER: out0: f32[2,3], 6 elements
// HEADER: static inline int scale_main(const float *in0, const uint16_t *in1, float *out0) {
// HEADER: (int64_t)(intptr_t)in0, (int64_t)(intptr_t)in0, 0, 2, 3, 3, 1,
// HEADER: return jx_rt_call_packed(_mlir_jx_scale_main, a);
// HEADER: namespace scale {
// HEADER: inline void main(const float *in0, const uint16_t *in1, float *out0) {
// RUN: llvm-nm %t/libscale.a | FileCheck %s --check-prefix=STATIC
// STATIC: T _mlir_jx_scale_main
// STATIC: T jx_scale_main
// RUN: jxc compile %s --emit=library --name scale --shared -o %t
// RUN: llvm-nm -D --defined-only %t/libscale.so | FileCheck %s --check-prefix=SHARED
// SHARED: T _mlir_jx_scale_main

// RUN: not jxc compile %s --emit=library -o %t 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: jxc: error: --emit=library needs --name NAME
// RUN: not jxc compile %s --emit=library --name 2fast -o %t 2>&1 | FileCheck %s --check-prefix=BADNAME
// BADNAME: error: library name '2fast' is not a C identifier (letters, digits, _)
// RUN: not jxc compile %s --emit=library --name scale 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: give their folder with -o

func.func @main(%x: tensor<2x3xf32>, %s: tensor<bf16>) -> tensor<2x3xf32> {
  %f = stablehlo.convert %s : (tensor<bf16>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %r = stablehlo.multiply %x, %b : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
