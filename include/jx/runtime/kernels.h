// kernels.h - the runtime's compute kernels that compiled code calls.
//
// jx_rt_gemm_<type> (blas.cpp): C = op(A) op(B) (+ C) through the BLAS
// library, inside up to four loops; the arguments are described in
// blas.cpp and produced by the compiler's jx-contraction-to-blas pass.
//
// jx_rt_conv (dnnl.cpp): a convolution through oneDNN, with its bias add
// fused, described by a constant array of int64 that the
// compiler's jx-convolution-to-dnnl pass writes (layout below);
// jx_rt_conv_filter_gradient: the gradient of one with respect to its
// kernel, described the same way.
//
// jx_rt_lapack (lapack.cpp): one of the LAPACK-backed targets that JAX's
// CPU lowering calls (`stablehlo.custom_call @lapack_*_ffi`), described by
// a constant array of int64 that the compiler's jx-lapack-custom-calls pass
// writes (layout below).
//
// jx_rt_collective (collectives.cpp): one collective op's exchange between
// the devices of a multi-device run (collectives.h), described by a
// constant array of int64 that the compiler's jx-collectives-to-runtime
// pass writes (layout below).

#ifndef JX_RUNTIME_KERNELS_H
#define JX_RUNTIME_KERNELS_H

#include <cstdint>

/// An unranked memref as compiled code passes it: the rank and a pointer
/// to the ranked descriptor (allocated, aligned, offset, sizes, strides).
struct jx_rt_unranked_memref {
  int64_t rank;
  void *descriptor;
};

/// Rounds to bfloat16 (float_conversions.cpp).
extern "C" __bf16 __truncsfbf2(float f);
extern "C" __bf16 __truncdfbf2(double d);

/// memref.copy between buffers that are not both contiguous (MLIR's
/// lowering calls it memrefCopy; the code generator renames the call).
extern "C" void jx_rt_memref_copy(int64_t element_size,
                                  jx_rt_unranked_memref *source,
                                  jx_rt_unranked_memref *target);

#define JX_GEMM_SIGNATURE                                                      \
  (int64_t m, int64_t n, int64_t k, int64_t trans_a, int64_t trans_b,          \
   int64_t a, int64_t lda, int64_t b, int64_t ldb, int64_t c, int64_t ldc,     \
   int64_t overwrite, int64_t loops, int64_t n0, int64_t a0, int64_t b0,       \
   int64_t c0, int64_t n1, int64_t a1, int64_t b1, int64_t c1, int64_t n2,     \
   int64_t a2, int64_t b2, int64_t c2, int64_t n3, int64_t a3, int64_t b3,     \
   int64_t c3)

extern "C" void jx_rt_gemm_f32 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_f64 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_c64 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_c128 JX_GEMM_SIGNATURE;
/// int8 x int8 -> int32 (A and B int8, C int32).
extern "C" void jx_rt_gemm_s8s32 JX_GEMM_SIGNATURE;

/// The descriptor of one convolution for jx_rt_conv: `header` words
/// (below), then arrays of S (the spatial rank) words each, in this order:
///   input spatial sizes, kernel spatial sizes, output spatial sizes,
///   window strides, padding low, padding high, kernel dilations, base
///   (input) dilations,
/// then three arrays of S + 2 element strides, each in oneDNN's logical
/// order:
///   input (batch, feature, spatial...), kernel (output feature, input
///   feature of one group, spatial...), output (batch, feature, spatial...).
/// A bias is `out_features` contiguous elements. Padding and strides are
/// non-negative, sizes static: the compiler emits jx_rt_conv only for what
/// oneDNN computes. With a base dilation, window strides are 1 and padding
/// at most (kernel size - 1) * kernel dilation: the runtime computes it as
/// a deconvolution (oneDNN's name for it) over the reversed kernel.
namespace jx::runtime::conv_desc {
enum : int64_t {
  version = 0,  // kVersion
  element,      // element_f32
  rank,         // S, 1 to 3
  groups,       // feature groups
  flags,        // has_bias, filter_gradient
  batch,        // N
  in_features,  // C (all groups)
  out_features, // O (all groups)
  header,       // the words above
};
constexpr int64_t kVersion = 3;
constexpr int64_t element_f32 = 0;
constexpr int64_t has_bias = 1;
/// The descriptor describes a forward convolution whose kernel gradient
/// jx_rt_conv_filter_gradient computes.
constexpr int64_t filter_gradient = 2;
/// The descriptor's length for spatial rank S.
constexpr int64_t size(int64_t S) { return header + 8 * S + 3 * (S + 2); }
} // namespace jx::runtime::conv_desc

/// out = conv(input, kernel) (+ bias broadcast along the output features),
/// f32 accumulation. Arguments are addresses; bias is 0 when the
/// descriptor's flags say it is absent.
extern "C" void jx_rt_conv(int64_t desc, int64_t input, int64_t kernel,
                           int64_t bias, int64_t output);
/// kernel = the gradient of the forward convolution `desc` (flagged
/// filter_gradient) with respect to its kernel, given its input and the
/// gradient of its output (oneDNN's backward-weights convolution).
extern "C" void jx_rt_conv_filter_gradient(int64_t desc, int64_t input,
                                           int64_t output_gradient,
                                           int64_t kernel);

/// The descriptor of one LAPACK-backed custom call for jx_rt_lapack:
/// `header` words, then `params` words whose meaning depends on the
/// routine (lapack.cpp lists them), then for each of `kMaxBuffers` buffers
/// the bytes one matrix of the batch takes (0 past the last), by which the
/// runtime divides the batch among threads. The buffers are the call's operands
/// then its results, each in the memory order its layout gives (the
/// compiler transposes to and from it): `batch` matrices one after the
/// other, each column-major, as JAX's FFI kernels see them.
namespace jx::runtime::lapack_desc {
enum : int64_t {
  version = 0, // kVersion
  routine,     // a `routine` below
  element,     // f32, f64, c64 or c128
  batch,       // the product of the batch dimensions
  header,
};
/// The routines, by their real-type names (orgqr stands for ungqr too).
enum routine_kind : int64_t {
  trsm = 0,
  getrf,
  geqrf,
  geqp3,
  orgqr,
  ormqr,
  potrf,
  gesdd,
  gesvd,
  syevd,
  geev,
  gees,
  gehrd,
  sytrd,
  gtsv,
  tridiagonal_solve_perturbed,
  num_routines,
};
enum element_kind : int64_t { f32 = 0, f64, c64, c128 };
constexpr int64_t kVersion = 2;
constexpr int64_t params = 8;
/// The most buffers (operands and results) one call has: gtsv's 9.
constexpr int kMaxBuffers = 10;
constexpr int64_t strides = header + params;
constexpr int64_t size = strides + kMaxBuffers;
} // namespace jx::runtime::lapack_desc

/// Runs the routine that `desc` describes on buffers b0..b9 (addresses; 0
/// past the last). LAPACK's `info` is a result, as JAX returns it; the
/// running call fails with a message only when the descriptor is not this
/// runtime's, a routine refuses an attribute (an SVD mode other than A, S
/// or N, gees with sorting) or memory for a workspace runs out.
extern "C" void jx_rt_lapack(int64_t desc, int64_t b0, int64_t b1, int64_t b2,
                             int64_t b3, int64_t b4, int64_t b5, int64_t b6,
                             int64_t b7, int64_t b8, int64_t b9);

/// The descriptor of one collective for jx_rt_collective: `header` words,
/// then the op's process groups as a rows x cols table of ids (-1 pads a
/// short row; an empty table means one group of every id), or for a
/// permute the (source, target) pairs as rows of 2. What the ids are is
/// the mode's: replica ids, partition ids or flattened ids (replica *
/// num_partitions + partition), as StableHLO's spec defines the modes.
namespace jx::runtime::collective_desc {
enum : int64_t {
  version = 0, // kVersion
  kind,        // a `kind` below
  mode,        // a `mode` below
  op,          // the StableHLO op it implements (an `op_code`), for messages
  num_replicas,
  num_partitions,
  bytes, // the operand's bytes (all_to_all: all of its chunks)
  rows,
  cols,
  reduction, // all_reduce: a `reduction_code`
  element,   // all_reduce: an `element_code`
  header,
};
/// replica_id / partition_id write the device's id as a ui32; all_gather
/// writes the group's operands one after the other, all_to_all the chunk
/// each participant meant for this device, permute the source's operand
/// (zeros without one), broadcast the first participant's; all_reduce the
/// elementwise reduction of the group's operands, folded in group order
/// (((x0 op x1) op x2) ...), for the reductions and element types below
/// (the compiler folds any other all_reduce itself from an all_gather).
enum kind_code : int64_t {
  replica_id = 0,
  partition_id,
  all_gather,
  all_to_all,
  permute,
  broadcast,
  all_reduce,
  num_kinds,
};
/// Floating maximum and minimum propagate NaN; integer sums and products
/// wrap.
enum reduction_code : int64_t { sum = 0, product, maximum, minimum, num_reductions };
enum element_code : int64_t {
  e_f32 = 0,
  e_f64,
  e_i32,
  e_i64,
  e_u32,
  e_u64,
  num_elements,
};
enum mode_code : int64_t {
  cross_replica = 0,
  cross_partition,
  cross_replica_and_partition,
  flattened_ids,
  num_modes,
};
enum op_code : int64_t {
  op_replica_id = 0,
  op_partition_id,
  op_all_gather,
  op_all_reduce,
  op_reduce_scatter,
  op_all_to_all,
  op_collective_permute,
  op_collective_broadcast,
  num_ops,
};
constexpr int64_t kVersion = 2;
} // namespace jx::runtime::collective_desc

/// Runs the exchange `desc` describes for the calling thread's device
/// (collectives.h) from buffer `in` into buffer `out` (addresses). Fails
/// the running call with a message when no multi-device run is under way,
/// the run's device counts differ from the compiled ones, or the devices
/// disagree.
extern "C" void jx_rt_collective(int64_t desc, int64_t in, int64_t out);

#endif // JX_RUNTIME_KERNELS_H
