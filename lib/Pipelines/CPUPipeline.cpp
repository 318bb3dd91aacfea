//===- CPUPipeline.cpp - the staged CPU compilation pipeline --------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <string_view>

using namespace mlir;

namespace jx {
namespace {

/// `--jx-expand-math-for-libm`: the math ops libm lacks, which
/// convert-math-to-libm would reject: copysign as bit operations, rsqrt as
/// 1 / sqrt, ctpop/ctlz as LLVM intrinsics, absi as a select.
struct ExpandMathForLibmPass
    : PassWrapper<ExpandMathForLibmPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandMathForLibmPass)
  StringRef getArgument() const override { return "jx-expand-math-for-libm"; }
  StringRef getDescription() const override {
    return "Expand the math ops libm does not have: copysign, rsqrt and "
           "the integer ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, LLVM::LLVMDialect>();
  }
  void runOnOperation() override {
    getOperation().walk([](math::CopySignOp op) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Type ft = op.getType();
      unsigned w = ft.getIntOrFloatBitWidth();
      Type it = b.getIntegerType(w);
      auto mask = [&](APInt v) {
        return arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, v));
      };
      Value mag = arith::AndIOp::create(
          b, loc, arith::BitcastOp::create(b, loc, it, op.getLhs()),
          mask(APInt::getSignedMaxValue(w)));
      Value sign = arith::AndIOp::create(
          b, loc, arith::BitcastOp::create(b, loc, it, op.getRhs()),
          mask(APInt::getSignMask(w)));
      Value bits = arith::OrIOp::create(b, loc, mag, sign);
      op.replaceAllUsesWith(arith::BitcastOp::create(b, loc, ft, bits).getResult());
      op.erase();
    });
    // Integer math goes straight to LLVM intrinsics (libm has none).
    getOperation().walk([](Operation *op) {
      if (!isa<math::CtPopOp, math::CountLeadingZerosOp, math::AbsIOp>(op))
        return;
      OpBuilder b(op);
      Location loc = op->getLoc();
      Value x = op->getOperand(0);
      Value result;
      if (isa<math::CtPopOp>(op)) {
        result = LLVM::CtPopOp::create(b, loc, x.getType(), x);
      } else if (isa<math::CountLeadingZerosOp>(op)) {
        result = LLVM::CountLeadingZerosOp::create(b, loc, x.getType(), x,
                                                   /*is_zero_poison=*/false);
      } else {
        Value zero = arith::ConstantOp::create(b, loc, x.getType(),
                                               b.getZeroAttr(x.getType()));
        Value negative =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
        result = arith::SelectOp::create(
            b, loc, negative, arith::SubIOp::create(b, loc, zero, x), x);
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    });
    getOperation().walk([](math::RsqrtOp op) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value one = arith::ConstantOp::create(
          b, loc, op.getType(), b.getFloatAttr(op.getType(), 1.0));
      Value root = math::SqrtOp::create(b, loc, op.getOperand());
      op.replaceAllUsesWith(
          arith::DivFOp::create(b, loc, one, root).getResult());
      op.erase();
    });
  }
};

/// `--jx-round-emulated-floats`: f16/bf16 arithmetic is emulated in f32
/// (math-extend-to-supported-types, arith-emulate-unsupported-floats), and
/// those passes mark their conversions `fastmath<contract>`, which lets
/// extf(truncf(x)) fold to x: a chain of f16 ops would then round once at
/// the end instead of after every op, unlike JAX/XLA and jx's eager mode.
/// Dropping the flag keeps each op's rounding.
struct RoundEmulatedFloatsPass
    : PassWrapper<RoundEmulatedFloatsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RoundEmulatedFloatsPass)
  StringRef getArgument() const override { return "jx-round-emulated-floats"; }
  StringRef getDescription() const override {
    return "Keep the rounding of every emulated f16/bf16 operation";
  }
  void runOnOperation() override {
    auto none = arith::FastMathFlagsAttr::get(&getContext(),
                                              arith::FastMathFlags::none);
    getOperation().walk([&](Operation *op) {
      if (isa<arith::ExtFOp, arith::TruncFOp>(op))
        op->setAttr("fastmath", none);
    });
  }
};

/// `--jx-empty-tensor-to-alloc-tensor`: every tensor.empty becomes a
/// bufferization.alloc_tensor of its type and sizes (one-shot bufferize
/// wants those), and an unused one is erased. Upstream's
/// empty-tensor-to-alloc-tensor does the same rewrite through the greedy
/// driver, which also simplifies every region of the module: on an entry of
/// 10 000 ops that was 0.12 s of the compile for nothing (the canonicalize
/// before it has already folded what there is to fold).
struct EmptyTensorToAllocTensorPass
    : PassWrapper<EmptyTensorToAllocTensorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EmptyTensorToAllocTensorPass)
  StringRef getArgument() const override {
    return "jx-empty-tensor-to-alloc-tensor";
  }
  StringRef getDescription() const override {
    return "Replace tensor.empty with bufferization.alloc_tensor";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect>();
  }
  void runOnOperation() override {
    // Erasing the visited op is safe in a post-order walk.
    getOperation().walk([](tensor::EmptyOp empty) {
      if (empty->use_empty()) {
        empty->erase();
        return;
      }
      OpBuilder b(empty);
      Value alloc = bufferization::AllocTensorOp::create(
          b, empty.getLoc(), empty.getType(), empty.getDynamicSizes());
      empty.replaceAllUsesWith(alloc);
      empty->erase();
    });
  }
};

/// `--jx-strided-copies-to-loops`: a memref.copy between static buffers
/// of which one has a strided layout (an output written from a slice)
/// becomes a linalg.copy, hence a loop nest LLVM vectorizes, instead of a
/// call of MLIR's generic element-by-element memrefCopy.
struct StridedCopiesToLoopsPass
    : PassWrapper<StridedCopiesToLoopsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StridedCopiesToLoopsPass)
  StringRef getArgument() const override {
    return "jx-strided-copies-to-loops";
  }
  StringRef getDescription() const override {
    return "Turn memref.copy between strided static buffers into linalg.copy";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }
  void runOnOperation() override {
    getOperation().walk([](memref::CopyOp copy) {
      auto from = dyn_cast<MemRefType>(copy.getSource().getType());
      auto to = dyn_cast<MemRefType>(copy.getTarget().getType());
      if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape() ||
          (from.getLayout().isIdentity() && to.getLayout().isIdentity()))
        return;
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    });
  }
};

constexpr StringRef kPhases[] = {"hlo", "linalg", "bufferized", "loops",
                                 "llvm-dialect"};

} // namespace

bool defaultStreamingStores() {
  const char *env = std::getenv("JX_STREAMING_STORES");
  if (env && std::string_view(env) == "0")
    return false;
  return llvm::Triple(llvm::sys::getProcessTriple()).isX86();
}

/// The passes of each phase, as a textual pipeline. Every name must be
/// registered: a misspelt or missing pass fails the phase.
std::string phasePipeline(StringRef phase, const CPUPipelineOptions &options) {
  bool cpu = !options.sharedPhasesForCuda;
  // Canonicalization without the greedy driver's region simplification,
  // which walks the whole module after every round of rewrites to erase
  // unreachable blocks and dead values and merge blocks: before the loops
  // become a CFG every region is one block, and dead ops are erased by the
  // driver itself. On a model's entry of 10 000 ops those walks were 15% of
  // the compile; the code compiled is the same (bench/compile_time.py,
  // docs/performance.md). The canonicalize after convert-scf-to-cf, where
  // there are blocks to merge, keeps it.
  const std::string canonicalize = "canonicalize{region-simplify=disabled},";
  if (phase == "hlo")
    return "jx-run-parallel,jx-manual-computations,inline,"
           "jx-lower-check-custom-calls,chlo-legalize-to-stablehlo," +
           canonicalize +
           "jx-divide-by-reciprocal,jx-transpose-into-dot,"
           "jx-blocked-reductions,cse,symbol-dce";
  if (phase == "linalg")
    return std::string("jx-collectives-to-runtime,jx-lapack-custom-calls,") +
           (options.blas && options.dnnl ? "jx-convolution-to-dnnl," : "") +
           "stablehlo-legalize-to-linalg," + canonicalize +
           (options.fuse
                ? std::string("jx-fuse-elementwise,") +
                      (cpu ? "jx-fuse-rows,jx-fuse-elementwise-groups," : "") +
                      canonicalize
                : "") +
           (cpu ? "jx-vectorizable-reductions,jx-min-max-reductions-as-"
                  "integers," +
                      canonicalize
                : "jx-vectorizable-reductions{gpu}," + canonicalize) +
           "jx-elementwise-in-place,"
           "jx-empty-tensor-to-alloc-tensor,cse";
  if (phase == "bufferized")
    return std::string(
               "jx-prepare-entries-for-bufferization,"
               "jx-lower-checks-to-runtime,"
               "jx-split-wide-reads,"
               "one-shot-bufferize{bufferize-function-boundaries "
               "allow-return-allocs-from-loops "
               "function-boundary-type-conversion=identity-layout-map},") +
           // Loops that carry a buffer they update in place (a scatter)
           // return it directly once their iter_args are folded, so that it
           // becomes the out-parameter instead of being copied into it.
           canonicalize +
           "buffer-results-to-out-params{hoist-static-allocs "
           "modify-public-functions}," +
           canonicalize + "cse," +
           (options.blas ? (options.blasLibrary == "cuda"
                                ? "jx-contraction-to-blas{library=cuda},"
                                : "jx-contraction-to-blas,")
                         : "") +
           // buffer-deallocation-pipeline, with each temporary freed after
           // its last use rather than all at the end of the function.
           "expand-realloc{emit-deallocs=false}," + canonicalize +
           "ownership-based-buffer-deallocation," + canonicalize +
           "jx-free-after-last-use,buffer-deallocation-simplification,"
           "bufferization-lower-deallocations,cse," +
           canonicalize + (cpu ? "jx-loop-temporaries-on-stack," : "") +
           (cpu && options.externalConstantBytes
                ? "jx-external-constants{min-bytes=" +
                      std::to_string(options.externalConstantBytes) + "},"
                : std::string()) +
           "jx-strided-copies-to-loops";
  if (phase == "loops")
    return std::string("scf-forall-to-parallel,") +
           (cpu ? "jx-short-inner-loops," : "") +
           "jx-linalg-to-parallel-loops," +
           (cpu ? "jx-prefetch-next-rows,func.func(jx-tile-transposes)," : "") +
           "jx-parallel-loops," +
           (cpu && options.streamingStores ? "jx-streaming-stores," : "") +
           "convert-scf-to-openmp,jx-hoist-allocas-per-thread,"
           "jx-fence-streaming-stores," +
           canonicalize + "jx-outline-loop-nests," +
           (options.timeRegions ? "jx-time-regions," : "") +
           "jx-expand-strided-metadata,"
           "lower-affine,"
           "convert-scf-to-cf,canonicalize";
  // llvm-dialect
  return "convert-complex-to-standard,"
         "math-extend-to-supported-types{target-type=f32},"
         "arith-emulate-unsupported-floats{source-types=bf16,f16 "
         "target-type=f32},jx-round-emulated-floats,"
         "jx-expand-math-like-xla,jx-approximate-math,jx-expand-math-for-libm,"
         "jx-math-to-intrinsics,"
         "convert-math-to-libm,"
         "arith-expand{include-bf16=true},convert-vector-to-llvm,"
         "jx-convert-to-llvm,reconcile-unrealized-casts,"
         "jx-buffer-alias-scopes";
}

namespace {

/// Legality after each phase: what must be gone once the phase is done.
LogicalResult checkLegality(ModuleOp module, StringRef phase) {
  WalkResult result = module.walk([&](Operation *op) -> WalkResult {
    StringRef dialect = op->getName().getDialectNamespace();
    bool bad = false;
    if (phase == "linalg" || phase == "bufferized" || phase == "loops")
      bad = dialect == "stablehlo" || dialect == "chlo";
    if (phase == "bufferized" || phase == "loops") {
      bad |= dialect == "check";
      for (Type t : op->getResultTypes())
        bad |= isa<TensorType>(t);
    }
    if (phase == "loops")
      bad |= dialect == "linalg";
    // OpenMP ops (the parallel loops) are translated to LLVM IR as they are.
    if (phase == "llvm-dialect")
      bad = !isa<ModuleOp>(op) && dialect != "llvm" && dialect != "omp";
    if (!bad)
      return WalkResult::advance();
    op->emitError() << "'" << op->getName() << "' was not lowered by the '"
                    << phase << "' phase of the CPU pipeline";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// `--jx-prepare-entries-for-bufferization`. Prepares public functions for
/// bufferization with out-parameters:
/// - the caller owns the buffers it passes, so bufferization must copy
///   rather than write into them (scatter, dynamic_update_slice);
/// - each result gets its own buffer: a value returned twice (CSE merges
///   identical results) is copied for its second slot.
struct PrepareEntriesForBufferizationPass
    : PassWrapper<PrepareEntriesForBufferizationPass,
                  OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrepareEntriesForBufferizationPass)
  StringRef getArgument() const override {
    return "jx-prepare-entries-for-bufferization";
  }
  StringRef getDescription() const override {
    return "Mark entry arguments read-only and give every returned value "
           "its own buffer, for bufferization with out-parameters";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect,
                    tensor::TensorDialect>();
  }
  void runOnOperation() override;
};

void PrepareEntriesForBufferizationPass::runOnOperation() {
  ModuleOp module = getOperation();
  Builder b(module.getContext());
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (!fn.isPublic() || fn.isExternal())
      continue;
    for (unsigned i = 0; i < fn.getNumArguments(); ++i)
      if (isa<TensorType>(fn.getArgument(i).getType()))
        fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
    fn.walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 8> seen;
      OpBuilder builder(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(operand.get().getType());
        if (!type || seen.insert(operand.get()).second)
          continue;
        SmallVector<Value> sizes;
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (type.isDynamicDim(d))
            sizes.push_back(
                tensor::DimOp::create(builder, ret.getLoc(), operand.get(), d));
        operand.set(bufferization::AllocTensorOp::create(
            builder, ret.getLoc(), type, sizes, operand.get()));
      }
    });
  }
}

} // namespace

ArrayRef<StringRef> getCPUPipelinePhases() { return kPhases; }

LogicalResult
runPhase(ModuleOp module, StringRef phase, const std::string &passes,
         StringRef pipeline,
         const std::function<LogicalResult(PassManager &)> &configure) {
  PassManager pm(module.getContext());
  bool eachPass = verifyEachPass();
  pm.enableVerifier(eachPass);
  if (failed(parsePassPipeline(passes, pm)))
    return module.emitError() << "cannot build the '" << phase
                              << "' phase of the " << pipeline << " pipeline";
  if (configure && failed(configure(pm)))
    return failure();
  if (failed(pm.run(module)))
    return failure();
  if (!eachPass && failed(verify(module)))
    return module.emitError()
           << "the '" << phase << "' phase of the " << pipeline
           << " pipeline produced invalid IR (JX_VERIFY_EACH_PASS=1 names "
              "the pass)";
  return success();
}

bool verifyEachPass() {
  static const bool on = [] {
    const char *v = std::getenv("JX_VERIFY_EACH_PASS");
    return v && *v && std::string_view(v) != "0";
  }();
  return on;
}

LogicalResult runCPUPipeline(ModuleOp module, const CPUPipelineOptions &options) {
  if (!options.stopAfter.empty() &&
      !llvm::is_contained(kPhases, options.stopAfter))
    return module.emitError() << "unknown pipeline phase '"
                              << options.stopAfter << "'";
  for (StringRef phase : kPhases) {
    if (failed(runPhase(module, phase, phasePipeline(phase, options), "CPU",
                        options.configurePassManager)) ||
        failed(checkLegality(module, phase)))
      return failure();
    if (options.afterPhase)
      options.afterPhase(phase, module);
    if (phase == options.stopAfter)
      break;
  }
  return success();
}

namespace {
struct PipelineCLOptions : PassPipelineOptions<PipelineCLOptions> {
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Fuse elementwise ops (off: the unfused "
                                   "reference path)"),
                    llvm::cl::init(true)};
  Option<bool> blas{*this, "blas",
                    llvm::cl::desc("Call BLAS for dense contractions (off: "
                                   "their loop nests, the reference path)"),
                    llvm::cl::init(true)};
  Option<bool> dnnl{*this, "dnnl",
                    llvm::cl::desc("With blas, call oneDNN for f32 "
                                   "convolutions (off: GEMMs per window "
                                   "position)"),
                    llvm::cl::init(true)};
};
} // namespace

void registerCPUPipelines() {
  PassRegistration<ExpandMathForLibmPass>();
  PassRegistration<RoundEmulatedFloatsPass>();
  PassRegistration<EmptyTensorToAllocTensorPass>();
  PassRegistration<PrepareEntriesForBufferizationPass>();
  PassRegistration<StridedCopiesToLoopsPass>();
  registerExpandMathLikeXlaPass();
  registerApproximateMathPass();
  registerVectorizableReductionsPass();
  registerParallelLoopsPass();
  registerOutlineLoopNestsPass();
  registerFuseElementwisePass();
  registerFuseElementwiseGroupsPass();
  registerContractionToBlasPass();
  registerConvolutionToDnnlPass();
  registerLapackCustomCallsPass();
  registerCollectivesToRuntimePass();
  registerManualComputationsPass();
  registerRunParallelPass();
  registerElementwiseInPlacePass();
  registerSplitWideReadsPass();
  registerExternalConstantsPass();
  registerBlockedReductionsPass();
  registerFreeAfterLastUsePass();
  registerTimeRegionsPass();
  registerTransposeIntoDotPass();
  registerDivideByReciprocalPass();
  registerFuseRowsPass();
  registerLoopTemporariesOnStackPass();
  registerPrefetchNextRowsPass();
  registerTileTransposesPass();
  registerStreamingStoresPass();
  registerShortInnerLoopsPass();
  registerLinalgToParallelLoopsPass();
  registerConvertToLLVMPass();
  registerBufferAliasScopesPass();
  registerExpandStridedMetadataPass();
  registerMinMaxReductionsAsIntegersPass();
  auto build = [](ArrayRef<StringRef> phases, const PipelineCLOptions &cl,
                  OpPassManager &pm) {
    CPUPipelineOptions options;
    options.fuse = cl.fuse;
    options.blas = cl.blas;
    options.dnnl = cl.dnnl;
    for (StringRef phase : phases)
      (void)parsePassPipeline(phasePipeline(phase, options), pm);
  };
  for (StringRef phase : kPhases) {
    std::string name = ("jx-cpu-" + phase).str();
    std::string description = ("The '" + phase + "' phase of the CPU pipeline").str();
    PassPipelineRegistration<PipelineCLOptions>(
        name, description,
        [phase, build](OpPassManager &pm, const PipelineCLOptions &cl) {
          build(phase, cl, pm);
        });
  }
  PassPipelineRegistration<PipelineCLOptions>(
      "jx-cpu-pipeline",
      "The whole CPU pipeline, hlo to the LLVM dialect (what jxc runs)",
      [build](OpPassManager &pm, const PipelineCLOptions &cl) {
        build(kPhases, cl, pm);
      });
}

} // namespace jx
