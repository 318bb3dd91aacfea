//===- LoopsToGpu.cpp - loop nests as CUDA kernels ------------------------===//
//
// `--jx-loops-to-gpu` runs in the CUDA pipeline's gpu phase, after
// convert-linalg-to-parallel-loops (every linalg op is an scf.parallel over
// its parallel dimensions, with its reductions as scf.for loops inside) and
// jx-gpu-host-buffers (every buffer is memory the GPU and the host share).
//
//  - The outermost scf.parallel of a nest becomes one gpu.launch: its
//    iteration space is linearized, 256 threads per block, as many blocks
//    as needed, each thread computing one point (the innermost dimension
//    varies fastest between neighbouring threads, so their loads coalesce).
//    Parallel loops nested inside become scf.for loops of that thread.
//  - A sequential loop nest outside any parallel loop (a reduction to a
//    scalar, a scan) becomes a launch of one thread, so that its data stays
//    on the device rather than migrating to the host.
//  - What a kernel cannot do stays on the host, where it runs on the same
//    shared memory: loops that call the runtime (LAPACK, sort, checks),
//    allocate on the heap or carry reductions as results. Control flow
//    (while, if, case) stays on the host and launches the kernels of its
//    regions.
//
// Each launch is synchronous (gpu-to-llvm synchronizes its stream), so the
// host may read what a kernel wrote right after it.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace jx {
namespace {

constexpr int64_t kThreadsPerBlock = 256;

/// Whether `op` can run inside a kernel: arithmetic, math, structured
/// control flow, loads and stores, views and stack buffers. Calls, heap
/// buffers, copies (a runtime call for strided ones) and everything else
/// stay on the host.
bool runsOnDevice(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "arith" || dialect == "math" || dialect == "index" ||
      dialect == "complex" || dialect == "ub")
    return true;
  if (dialect == "scf")
    return !isa<scf::ForallOp, scf::ExecuteRegionOp>(op) &&
           !(isa<scf::ParallelOp>(op) &&
             cast<scf::ParallelOp>(op).getNumResults() > 0);
  if (dialect == "affine")
    return isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp,
               affine::AffineLoadOp, affine::AffineStoreOp>(op);
  if (dialect == "memref")
    return isa<memref::LoadOp, memref::StoreOp, memref::AllocaOp,
               memref::SubViewOp, memref::CastOp, memref::ReinterpretCastOp,
               memref::CollapseShapeOp, memref::ExpandShapeOp, memref::DimOp,
               memref::ExtractStridedMetadataOp,
               memref::ExtractAlignedPointerAsIndexOp, memref::ViewOp,
               memref::TransposeOp, memref::AssumeAlignmentOp>(op);
  if (dialect == "llvm")
    return !isa<LLVM::CallOp, LLVM::CallIntrinsicOp>(op);
  return false;
}

bool bodyRunsOnDevice(Operation *root) {
  return !root
              ->walk([](Operation *op) {
                return runsOnDevice(op) ? WalkResult::advance()
                                        : WalkResult::interrupt();
              })
              .wasInterrupted();
}

/// Nested scf.for loops in place of `par` (which has no results).
void sequentialize(scf::ParallelOp par) {
  OpBuilder b(par);
  IRMapping map;
  for (auto [lb, ub, step, iv] :
       llvm::zip(par.getLowerBound(), par.getUpperBound(), par.getStep(),
                 par.getInductionVars())) {
    auto loop = scf::ForOp::create(b, par.getLoc(), lb, ub, step);
    map.map(iv, loop.getInductionVar());
    b.setInsertionPoint(loop.getBody()->getTerminator());
  }
  for (Operation &op : par.getBody()->without_terminator())
    b.clone(op, map);
  par.erase();
}

/// ceil((ub - lb) / step), at least 0, for a positive step.
Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  span = arith::MaxSIOp::create(b, loc, span, zero);
  return arith::CeilDivSIOp::create(b, loc, span, step);
}

/// PTX has no parameters of 1, 2 or 4 bits: such integers the kernel takes
/// from the host travel zero-extended to a byte and are truncated inside.
void passNarrowIntegersWidened(gpu::LaunchOp kernel) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(kernel.getBody(), captured);
  for (Value v : captured) {
    auto type = dyn_cast<IntegerType>(v.getType());
    if (!type || (type.getWidth() >= 8 && llvm::isPowerOf2_32(type.getWidth())))
      continue;
    unsigned width = std::max<unsigned>(8, llvm::PowerOf2Ceil(type.getWidth()));
    OpBuilder b(kernel);
    Value wide = arith::ExtUIOp::create(
        b, v.getLoc(), IntegerType::get(v.getContext(), width), v);
    b.setInsertionPointToStart(&kernel.getBody().front());
    Operation *narrow = arith::TruncIOp::create(b, v.getLoc(), type, wide);
    v.replaceUsesWithIf(narrow->getResult(0), [&](OpOperand &use) -> bool {
      return kernel->isProperAncestor(use.getOwner()) && use.getOwner() != narrow;
    });
  }
}

/// Replaces the loop `op` (an scf.parallel, or a sequential nest run by one
/// thread when `bounds` is empty) by a kernel launch. `ivs` and `bounds`
/// are the induction variables and (lb, ub, step) of the distributed
/// dimensions.
void launch(Operation *op, ValueRange ivs,
            ArrayRef<std::array<Value, 3>> bounds) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value total = one;
  SmallVector<Value> counts;
  for (const auto &[lb, ub, step] : bounds) {
    counts.push_back(tripCount(b, loc, lb, ub, step));
    total = arith::MulIOp::create(b, loc, total, counts.back());
  }
  // A launch of no blocks is an error in CUDA: empty loops launch nothing.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, total,
                                    zero);
  auto guard = scf::IfOp::create(b, loc, any, /*withElse=*/false);
  b.setInsertionPointToStart(guard.thenBlock());
  Value perBlock = arith::MinSIOp::create(
      b, loc, total, arith::ConstantIndexOp::create(b, loc, kThreadsPerBlock));
  Value blocks = arith::CeilDivSIOp::create(b, loc, total, perBlock);
  auto kernel = gpu::LaunchOp::create(b, loc, blocks, one, one, perBlock, one,
                                      one);
  Block &body = kernel.getBody().front();
  b.setInsertionPointToStart(&body);
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&body);
  Value id = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, kernel.getBlockIds().x,
                            kernel.getBlockSize().x),
      kernel.getThreadIds().x);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id, total);
  auto inside = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
  b.setInsertionPointToStart(inside.thenBlock());

  IRMapping map;
  Value rest = id;
  for (int64_t d = static_cast<int64_t>(bounds.size()) - 1; d >= 0; --d) {
    const auto &[lb, ub, step] = bounds[d];
    Value index = d == 0 ? rest
                         : arith::RemSIOp::create(b, loc, rest, counts[d]);
    if (d > 0)
      rest = arith::DivSIOp::create(b, loc, rest, counts[d]);
    map.map(ivs[d], arith::AddIOp::create(
                        b, loc, lb, arith::MulIOp::create(b, loc, index, step)));
  }
  if (auto par = dyn_cast<scf::ParallelOp>(op)) {
    for (Operation &inner : par.getBody()->without_terminator())
      b.clone(inner, map);
  } else {
    b.clone(*op, map);
  }
  op->erase();
  // Parallel loops inside the kernel run sequentially in their thread.
  SmallVector<scf::ParallelOp> nested;
  kernel.walk([&](scf::ParallelOp p) { nested.push_back(p); });
  for (scf::ParallelOp p : llvm::reverse(nested))
    sequentialize(p);
}

struct LoopsToGpuPass
    : PassWrapper<LoopsToGpuPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopsToGpuPass)
  StringRef getArgument() const override { return "jx-loops-to-gpu"; }
  StringRef getDescription() const override {
    return "Run the outermost parallel loops (and sequential loop nests "
           "outside them) as CUDA kernels, one thread per iteration";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, scf::SCFDialect, arith::ArithDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    SmallVector<Operation *> parallel, sequential;
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (auto par = dyn_cast<scf::ParallelOp>(op)) {
          if (par.getNumResults() == 0 && bodyRunsOnDevice(par)) {
            parallel.push_back(op);
            return WalkResult::skip();
          }
          return WalkResult::advance();
        }
        if (auto loop = dyn_cast<scf::ForOp>(op)) {
          bool hasParallel = false;
          loop.walk([&](scf::ParallelOp) { hasParallel = true; });
          if (!hasParallel && loop.getNumResults() == 0 &&
              bodyRunsOnDevice(loop)) {
            sequential.push_back(op);
            return WalkResult::skip();
          }
        }
        return WalkResult::advance();
      });
    }
    for (Operation *op : parallel) {
      auto par = cast<scf::ParallelOp>(op);
      SmallVector<std::array<Value, 3>> bounds;
      for (auto [lb, ub, step] : llvm::zip(
               par.getLowerBound(), par.getUpperBound(), par.getStep()))
        bounds.push_back({lb, ub, step});
      SmallVector<Value> ivs(par.getInductionVars());
      launch(op, ivs, bounds);
    }
    for (Operation *op : sequential)
      launch(op, {}, {});
  }
};

/// `--jx-widen-kernel-parameters`, right before gpu-kernel-outlining (after
/// canonicalize, which would fold the truncation of the extension away).
struct WidenKernelParametersPass
    : PassWrapper<WidenKernelParametersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WidenKernelParametersPass)
  StringRef getArgument() const override {
    return "jx-widen-kernel-parameters";
  }
  StringRef getDescription() const override {
    return "Pass 1-, 2- and 4-bit integers to kernels as bytes (PTX has no "
           "narrower parameters)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    getOperation().walk(
        [](gpu::LaunchOp kernel) { passNarrowIntegersWidened(kernel); });
  }
};

/// `--jx-gpu-launches-to-loops`: each gpu.launch as loops over its blocks
/// and threads on the host, so that the CUDA pipeline's kernels can be run
/// (and tested) on a machine without a GPU: the CUDA emulator device.
struct GpuLaunchesToLoopsPass
    : PassWrapper<GpuLaunchesToLoopsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuLaunchesToLoopsPass)
  StringRef getArgument() const override {
    return "jx-gpu-launches-to-loops";
  }
  StringRef getDescription() const override {
    return "Run each gpu.launch as host loops over its blocks and threads";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, arith::ArithDialect>();
  }
  void runOnOperation() override {
    SmallVector<gpu::LaunchOp> launches;
    getOperation().walk([&](gpu::LaunchOp op) { launches.push_back(op); });
    for (gpu::LaunchOp launch : launches) {
      if (!launch.getBody().hasOneBlock()) {
        launch.emitError("a kernel of several blocks cannot be emulated");
        return signalPassFailure();
      }
      OpBuilder b(launch);
      Location loc = launch.getLoc();
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      IRMapping map;
      auto loop = [&](Value bound, Value id) {
        auto forOp = scf::ForOp::create(b, loc, zero, bound, one);
        map.map(id, forOp.getInductionVar());
        b.setInsertionPoint(forOp.getBody()->getTerminator());
      };
      loop(grid.x, launch.getBlockIds().x);
      loop(grid.y, launch.getBlockIds().y);
      loop(grid.z, launch.getBlockIds().z);
      loop(block.x, launch.getThreadIds().x);
      loop(block.y, launch.getThreadIds().y);
      loop(block.z, launch.getThreadIds().z);
      gpu::KernelDim3 gridArgs = launch.getGridSize();
      gpu::KernelDim3 blockArgs = launch.getBlockSize();
      map.map(gridArgs.x, grid.x);
      map.map(gridArgs.y, grid.y);
      map.map(gridArgs.z, grid.z);
      map.map(blockArgs.x, block.x);
      map.map(blockArgs.y, block.y);
      map.map(blockArgs.z, block.z);
      for (Operation &op : launch.getBody().front().without_terminator())
        b.clone(op, map);
      launch.erase();
    }
  }
};

} // namespace

void registerLoopsToGpuPass() {
  PassRegistration<LoopsToGpuPass>();
  PassRegistration<WidenKernelParametersPass>();
  PassRegistration<GpuLaunchesToLoopsPass>();
}

} // namespace jx
