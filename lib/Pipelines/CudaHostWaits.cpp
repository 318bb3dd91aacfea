//===- CudaHostWaits.cpp - the host waits for kernels only where it reads -===//
//
// `--jx-cuda-host-waits`, at the end of the CUDA pipeline's gpu phase: kernel
// launches and cuBLAS calls are queued on the device's stream one after the
// other, and the host does not wait for each (which cost a round trip to
// the device per kernel). Host code that touches memory (a predicate of a
// while loop read from a kernel's result, a scalar computed on the host, a
// runtime call such as a LAPACK routine or a collective that reads or
// writes buffers) first calls
//
//   jx_rt_cuda_wait()
//
// which waits for the work queued since the last wait (nothing when none
// is) and reports a kernel's failure. Queued work runs in order, so
// kernels after kernels, and cuBLAS calls between them, need no wait; nor
// do allocations (a block the pool hands out again is next written by
// queued work, or by the host after a wait), views and arithmetic. The
// runtime waits for everything before a call returns (executable::run).
//
// Each block starts as if work were queued (the caller's, or a loop's
// previous iteration's), and so does the code after an op whose regions
// queue work.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

constexpr StringLiteral kWait = "jx_rt_cuda_wait";

/// Work queued on the device's stream: a launch, or a cuBLAS call.
bool queuesWork(Operation *op) {
  if (isa<gpu::LaunchOp>(op))
    return true;
  auto call = dyn_cast<func::CallOp>(op);
  return call && (call.getCallee() == "jx_rt_cuda_gemm_f32" ||
                  call.getCallee() == "jx_rt_cuda_gemm_f64");
}

/// Whether `op` (without regions, not queued work) may touch memory the
/// queued work uses. A constant's copy is made before any kernel reads it.
bool touchesMemory(Operation *op) {
  if (isa<memref::AllocOp, memref::DeallocOp, memref::AllocaOp,
          ViewLikeOpInterface>(op))
    return false;
  if (auto call = dyn_cast<func::CallOp>(op))
    return call.getCallee() != "jx_rt_cuda_constant";
  return !isMemoryEffectFree(op);
}

struct CudaHostWaitsPass
    : PassWrapper<CudaHostWaitsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CudaHostWaitsPass)
  StringRef getArgument() const override { return "jx-cuda-host-waits"; }
  StringRef getDescription() const override {
    return "Wait for queued kernels only before host code that touches "
           "memory";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect>();
  }

  func::FuncOp wait;

  void runOnBlock(Block &block) {
    bool queued = true;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (queuesWork(&op)) {
        queued = true;
        continue;
      }
      if (auto call = dyn_cast<func::CallOp>(op);
          call && call.getCallee() == kWait) {
        queued = false;
        continue;
      }
      if (op.getNumRegions() > 0) {
        // Its own code waits where it must; what it reads before its
        // regions run (a loop's bounds and initial values) are values.
        for (Region &region : op.getRegions())
          for (Block &inner : region)
            runOnBlock(inner);
        queued |= op.walk([](Operation *inner) {
                      return queuesWork(inner) ? WalkResult::interrupt()
                                               : WalkResult::advance();
                    }).wasInterrupted();
        continue;
      }
      if (!queued || !touchesMemory(&op) ||
          op.hasTrait<OpTrait::IsTerminator>())
        continue;
      OpBuilder b(&op);
      func::CallOp::create(b, op.getLoc(), wait, ValueRange{});
      queued = false;
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    wait = module.lookupSymbol<func::FuncOp>(kWait);
    if (!wait) {
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      wait = func::FuncOp::create(b, module.getLoc(), kWait,
                                  b.getFunctionType({}, {}));
      wait.setPrivate();
    }
    for (auto fn : module.getOps<func::FuncOp>())
      for (Block &block : fn.getBody())
        runOnBlock(block);
  }
};

} // namespace

void registerCudaHostWaitsPass() { PassRegistration<CudaHostWaitsPass>(); }

} // namespace jx
