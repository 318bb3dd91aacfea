//===- CPUPipeline.h - the staged CPU compilation pipeline -----*- C++ -*-===//
//
// Stages 4 to 8 of docs/design.md for the CPU, as named phases:
//
//   hlo          inline calls, decompose chlo, canonicalize, fold, blocked
//                float sums, CSE
//   linalg       stablehlo -> linalg/tensor/arith/math/complex/scf; fusion
//   bufferized   checks to runtime calls, one-shot bufferization
//   loops        linalg -> scf loops -> cf
//   llvm-dialect everything -> the LLVM dialect
//
// followed by translation to LLVM IR and machine code (CPUTarget.h). Each
// phase ends with a legality check whose error names the op left over and
// the phase.
//
//===----------------------------------------------------------------------===//

#ifndef JX_PIPELINES_CPUPIPELINE_H
#define JX_PIPELINES_CPUPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace mlir {
class PassManager;
} // namespace mlir

namespace jx {

/// The phases, in order.
llvm::ArrayRef<llvm::StringRef> getCPUPipelinePhases();

/// Whether jx-streaming-stores runs by default: where the compiler runs on
/// x86-64 (it compiles for the machine it runs on), unless the environment
/// sets JX_STREAMING_STORES=0.
bool defaultStreamingStores();

struct CPUPipelineOptions {
  /// Stop after this phase (one of getCPUPipelinePhases()); empty: run all.
  llvm::StringRef stopAfter;
  /// Fuse elementwise ops in the linalg phase (jx-fuse-elementwise); off,
  /// every op keeps its own loop nest: the reference path that
  /// differential tests compare the fused code against.
  bool fuse = true;
  /// Dense f32/f64/complex contractions call the runtime's BLAS GEMM
  /// (jx-contraction-to-blas); off, they keep their loop nests: the
  /// reference path the kernels are tested against.
  bool blas = true;
  /// With `blas`, f32 convolutions call the runtime's oneDNN convolution
  /// (jx-convolution-to-dnnl); off, they become GEMMs over the window's
  /// positions (ConvolutionToLinalg).
  bool dnnl = true;
  /// The hlo, linalg and bufferized phases as the CUDA pipeline shares them
  /// (CUDAPipeline.h): without the passes that shape loops for a CPU's
  /// vectors and caches (jx-fuse-rows, the column interchange of
  /// jx-vectorizable-reductions, jx-loop-temporaries-on-stack); row
  /// reductions are split into lanes as on the CPU, the lanes being
  /// neighbouring threads. Set `dnnl` off with it.
  bool sharedPhasesForCuda = false;
  /// With `blas`: "cpu" (OpenBLAS, oneDNN) or "cuda" (cuBLAS on managed
  /// buffers: jx-contraction-to-blas{library=cuda}).
  std::string blasLibrary = "cpu";
  /// Time each top-level loop nest, call and copy of the entry through the
  /// runtime's region timers (jx-time-regions, jx/runtime/region_timers.h).
  bool timeRegions = false;
  /// Constant globals of at least this many bytes are left out of the
  /// machine code (jx-external-constants): declared external, their values
  /// in the module's `jx.external_constants` for the JIT to resolve. 0:
  /// every constant stays in the code (what saved code needs).
  uint64_t externalConstantBytes = 0;
  /// Write results larger than the caches with non-temporal stores
  /// (jx-streaming-stores): on by default where the compiler runs on
  /// x86-64, whose code it makes.
  bool streamingStores = defaultStreamingStores();
  /// Called with the phase name and the module after each phase.
  std::function<void(llvm::StringRef, mlir::ModuleOp)> afterPhase;
  /// Called with each phase's pass manager before it runs: where a tool
  /// applies MLIR's command-line options (--mlir-print-ir-after-all,
  /// --mlir-timing, ...; mlir::applyPassManagerCLOptions).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
};

/// The passes of `phase` as a textual pipeline (what runCPUPipeline runs).
std::string phasePipeline(llvm::StringRef phase,
                          const CPUPipelineOptions &options);

/// Whether the pipelines verify the module after every pass rather than
/// after every phase: JX_VERIFY_EACH_PASS=1 (on in the tests; jx-opt
/// verifies after each pass in any case).
bool verifyEachPass();

/// Runs one phase, the textual pipeline `passes`, on `module`, with the
/// caller's pass-manager configuration (`configure` may be empty): what
/// runCPUPipeline and runCUDAPipeline do for each phase. `pipeline` ("CPU",
/// "CUDA") names the pipeline in the error for a pipeline that cannot be
/// built. The module is verified once, after the phase; after each pass
/// where verifyEachPass() (verifying a large module ~50 times cost 40% of
/// its compile time).
mlir::LogicalResult
runPhase(mlir::ModuleOp module, llvm::StringRef phase, const std::string &passes,
         llvm::StringRef pipeline,
         const std::function<mlir::LogicalResult(mlir::PassManager &)> &configure);

/// Runs the pipeline on `module` in place. Diagnostics go to the context's
/// handler; failure means a pass or a legality check failed.
mlir::LogicalResult runCPUPipeline(mlir::ModuleOp module,
                                   const CPUPipelineOptions &options = {});

/// Registers the pipeline as `--jx-cpu-pipeline` (and one pipeline per
/// phase, `--jx-cpu-<phase>`, each with the option `fuse=false` for the
/// unfused reference path) and jx's own passes for jx-opt.
void registerCPUPipelines();

/// `--jx-expand-math-like-xla` (ExpandMathLikeXla.cpp); registered by
/// registerCPUPipelines.
void registerExpandMathLikeXlaPass();

/// `--jx-approximate-math` (ApproximateMath.cpp): f32 transcendentals as
/// vectorizable polynomials; registered by registerCPUPipelines.
void registerApproximateMathPass();

/// `--jx-vectorizable-reductions` (VectorizableReductions.cpp): column
/// reductions interchanged, row reductions split into lanes, so that their
/// inner loops vectorize; registered by registerCPUPipelines.
void registerVectorizableReductionsPass();

/// `--jx-parallel-loops` (ParallelLoops.cpp): the outermost parallel loops
/// large and safe enough stay scf.parallel (then OpenMP), the rest become
/// scf.for; registered by registerCPUPipelines.
void registerParallelLoopsPass();

/// `--jx-prefetch-next-rows` (PrefetchNextRows.cpp): in a loop over rows,
/// the most expensive nest after the one that streams a row in prefetches
/// the next row; registered by registerCPUPipelines.
void registerPrefetchNextRowsPass();

/// `--jx-streaming-stores` and `--jx-fence-streaming-stores`
/// (StreamingStores.cpp): loops that write results larger than the caches
/// use non-temporal stores (x86), fenced once per thread; registered by
/// registerCPUPipelines.
void registerStreamingStoresPass();

/// `--jx-short-inner-loops` (ShortInnerLoops.cpp): elementwise nests on
/// buffers whose inner loop is short merge the loops their operands read
/// contiguously, so that LLVM vectorizes along memory; reductions along
/// short rows run 16 rows at a time, the rows transposed in registers;
/// registered by registerCPUPipelines.
void registerShortInnerLoopsPass();

/// `--jx-linalg-to-parallel-loops` (LinalgToParallelLoops.cpp): linalg ops
/// on buffers to their loop nests, as convert-linalg-to-parallel-loops
/// does, rewriting only those ops.
void registerLinalgToParallelLoopsPass();

/// `--jx-convert-to-llvm` (ConvertToLLVM.cpp): math, arith, complex, memref,
/// func, cf, index and OpenMP ops to the LLVM dialect in one conversion.
void registerConvertToLLVMPass();

/// `--jx-buffer-alias-scopes` (BufferAliasScopes.cpp): alias scopes on
/// the loads and stores of distinct buffers, so that LLVM knows they do
/// not overlap.
void registerBufferAliasScopesPass();

/// `--jx-expand-strided-metadata` (ExpandStridedMetadata.cpp): memref views
/// to reinterpret_casts of their base, as expand-strided-metadata does,
/// rewriting only memref and affine ops.
void registerExpandStridedMetadataPass();

/// The unit attribute jx-short-inner-loops puts on an scf.parallel
/// whose innermost loop LLVM should vectorize rather than unroll first;
/// jx-parallel-loops turns it into an `llvm.loop_annotation` on that loop.
inline constexpr llvm::StringLiteral kVectorizeInnermostAttr =
    "jx.vectorize_innermost";

/// `--jx-min-max-reductions-as-integers` (MinMaxReductionsAsIntegers.cpp):
/// large float maximum/minimum reductions on the values' bits as integers;
/// registered by registerCPUPipelines.
void registerMinMaxReductionsAsIntegersPass();

/// `--jx-tile-transposes` (TileTransposes.cpp): parallel nests that read
/// along another loop than they write (transposes) one 32 x 32 tile at a
/// time; registered by registerCPUPipelines.
void registerTileTransposesPass();

/// `--jx-outline-loop-nests` (OutlineLoopNests.cpp): each top-level loop
/// nest of a large function in a noinline function of its own, so that
/// LLVM's time stays linear; registered by registerCPUPipelines.
void registerOutlineLoopNestsPass();

/// `--jx-fuse-elementwise` (FuseElementwise.cpp): elementwise fusion of
/// linalg ops under jx's legality rule; registered by registerCPUPipelines.
void registerFuseElementwisePass();

/// `--jx-fuse-elementwise-groups` (FuseElementwiseGroups.cpp): elementwise
/// generics that feed each other merged into one with several results;
/// registered by registerCPUPipelines.
void registerFuseElementwiseGroupsPass();

/// `--jx-contraction-to-blas` (ContractionToBlas.cpp); registered by
/// registerCPUPipelines.
void registerContractionToBlasPass();

/// `--jx-convolution-to-dnnl` (ConvolutionToDnnl.cpp): f32 convolutions
/// and their bias adds as calls of oneDNN; registered by
/// registerCPUPipelines.
void registerConvolutionToDnnlPass();

/// `--jx-lapack-custom-calls` (LapackCustomCalls.cpp): JAX's LAPACK custom
/// calls (`lapack_*_ffi`) as calls of the runtime's LAPACK kernels;
/// registered by registerCPUPipelines.
void registerLapackCustomCallsPass();

/// `--jx-collectives-to-runtime` (CollectivesToRuntime.cpp): in a module
/// compiled for several devices, collectives as exchanges through the
/// runtime (jx_rt_collective) and the stablehlo ops that combine them;
/// registered by registerCPUPipelines.
void registerCollectivesToRuntimePass();

/// `--jx-manual-computations` (ManualComputations.cpp): each
/// sdy.manual_computation's body on the device's shards of its operands,
/// its results gathered; registered by registerCPUPipelines.
void registerManualComputationsPass();

/// `--jx-run-parallel` (RunParallel.cpp): interpreter.run_parallel's grid of
/// processes as the module's devices; registered by registerCPUPipelines.
void registerRunParallelPass();

/// `--jx-elementwise-in-place` (ElementwiseInPlace.cpp): elementwise ops
/// write into a temporary input of their type instead of a new tensor;
/// registered by registerCPUPipelines.
void registerElementwiseInPlacePass();

/// `--jx-external-constants` (ExternalConstants.cpp): large constant
/// globals declared external, their values kept for the JIT; registered by
/// registerCPUPipelines.
void registerExternalConstantsPass();

/// The bytes a static `type`'s elements take in memory when each element
/// is whole bytes (ints and floats of 8, 16, 32, 64 bits and complex
/// numbers of them); none otherwise (i1, dynamic shapes).
std::optional<std::size_t> storedByteSize(mlir::ShapedType type);

/// The bytes of `value` as a global's initializer lays them out: the raw
/// data of a DenseElementsAttr or the blob of a dense_resource, when its
/// elements are whole bytes, it is not a splat and the bytes fill its
/// type; none otherwise.
std::optional<llvm::ArrayRef<char>> storedBytes(mlir::ElementsAttr value);

/// `--jx-split-wide-reads` (SplitWideReads.cpp): the reads of a read-only
/// tensor read by many ops go through read-only aliases of a few reads
/// each, so one-shot bufferization's analysis stays linear; registered by
/// registerCPUPipelines.
void registerSplitWideReadsPass();

/// `--jx-blocked-reductions` (BlockedReductions.cpp): float sums in blocks
/// of at most 1024 terms per accumulator; registered by
/// registerCPUPipelines.
void registerBlockedReductionsPass();

/// `--jx-divide-by-reciprocal` (DivideByReciprocal.cpp): a float division
/// by a broadcast or a constant becomes a multiplication by its reciprocal,
/// as on XLA; registered by registerCPUPipelines.
void registerDivideByReciprocalPass();

/// `--jx-transpose-into-dot` (TransposeIntoDot.cpp): a transpose that swaps
/// a dot_general's free dimensions becomes the dot with its operands
/// swapped; registered by registerCPUPipelines.
void registerTransposeIntoDotPass();

/// `--jx-time-regions` (TimeRegions.cpp): the runtime's region timers
/// around each top-level loop nest, call and copy of the public functions;
/// registered by registerCPUPipelines.
void registerTimeRegionsPass();

/// A region jx-time-regions numbered, as found after it ran (also once the
/// loops phase has lowered scf loops to branches): its id, the
/// jx_rt_region_begin call (which carries the region's location), the op
/// the region starts with, what it is ("loop nest", "parallel loop nest",
/// "copy", or the runtime function it calls) and the op whose body holds
/// its work (an outlined nest's function, or the region op itself).
struct TimedRegionInfo {
  int64_t id;
  mlir::Operation *begin, *op, *body;
  std::string kind;
};
void forEachTimedRegion(mlir::ModuleOp module,
                        llvm::function_ref<void(const TimedRegionInfo &)> fn);

/// `--jx-free-after-last-use` (FreeAfterLastUse.cpp): frees each buffer a
/// block allocates right after its last use, out of the block's one
/// bufferization.dealloc; registered by registerCPUPipelines.
void registerFreeAfterLastUsePass();

/// `--jx-fuse-rows` (FuseRows.cpp): a row reduction and the ops around it
/// in one loop over the rows; registered by registerCPUPipelines.
void registerFuseRowsPass();

/// `--jx-loop-temporaries-on-stack` (LoopTemporariesOnStack.cpp): small
/// buffers of a loop body on the stack; registered by registerCPUPipelines.
void registerLoopTemporariesOnStackPass();

/// The rule itself: whether the producer of `fused` may be fused into its
/// consumer (or, for a constant producer, folded at compile time).
bool isLegalElementwiseFusion(mlir::OpOperand *fused);

} // namespace jx

#endif // JX_PIPELINES_CPUPIPELINE_H
