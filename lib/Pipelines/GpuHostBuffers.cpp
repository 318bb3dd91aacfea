//===- GpuHostBuffers.cpp - every buffer where a CUDA kernel can read it --===//
//
// `--jx-gpu-host-buffers` prepares a bufferized module for the CUDA
// pipeline, whose kernels and host code share every buffer (the runtime
// allocates them as CUDA managed memory: jx_rt_cuda_alloc):
//
//  - constants (memref.get_global) live in the host's read-only data, which
//    a kernel cannot read: each function copies the constants it uses into
//    shared buffers when it starts and frees them when it returns (not those
//    whose address only goes to the runtime, such as kernel descriptors);
//  - a buffer on the host's stack (memref.alloca) becomes a heap buffer
//    freed at the end of its block;
//  - copies between buffers (memref.copy) become linalg.copy, hence loops,
//    hence kernels, so that data stays on the device.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

struct GpuHostBuffersPass
    : PassWrapper<GpuHostBuffersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuHostBuffersPass)
  StringRef getArgument() const override { return "jx-gpu-host-buffers"; }
  StringRef getDescription() const override {
    return "Put constants and stack buffers where CUDA kernels can read "
           "them; copies as loops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    module.walk([](memref::CopyOp copy) {
      auto from = dyn_cast<MemRefType>(copy.getSource().getType());
      auto to = dyn_cast<MemRefType>(copy.getTarget().getType());
      if (!from || !to)
        return;
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    });
    module.walk([](memref::AllocaOp alloca) {
      if (alloca->getParentOfType<scf::ParallelOp>())
        return; // a thread's own buffer, once the loop is a kernel
      OpBuilder b(alloca);
      auto heap = memref::AllocOp::create(b, alloca.getLoc(), alloca.getType(),
                                          alloca.getDynamicSizes(),
                                          alloca.getSymbolOperands(),
                                          alloca.getAlignmentAttr());
      alloca.replaceAllUsesWith(heap.getResult());
      b.setInsertionPoint(alloca->getBlock()->getTerminator());
      memref::DeallocOp::create(b, alloca.getLoc(), heap);
      alloca.erase();
    });
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      SmallVector<memref::GetGlobalOp> globals;
      fn.walk([&](memref::GetGlobalOp g) {
        // A constant whose address only goes to a runtime call (a kernel's
        // descriptor: collectives meet on its address) stays where it is.
        if (llvm::all_of(g->getUsers(), [](Operation *user) {
              return isa<memref::ExtractAlignedPointerAsIndexOp>(user);
            }))
          return;
        globals.push_back(g);
      });
      if (globals.empty())
        continue;
      // One shared copy per constant, made when the function starts.
      OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
      llvm::StringMap<Value> copies;
      SmallVector<Value> buffers;
      for (memref::GetGlobalOp g : globals) {
        Value &copy = copies[g.getName()];
        if (!copy) {
          auto type = cast<MemRefType>(g.getType());
          Value global = memref::GetGlobalOp::create(b, g.getLoc(), type,
                                                     g.getName());
          copy = memref::AllocOp::create(
              b, g.getLoc(), MemRefType::get(type.getShape(),
                                             type.getElementType()));
          memref::CopyOp::create(b, g.getLoc(), global, copy);
          buffers.push_back(copy);
        }
        Value replacement = copy;
        if (replacement.getType() != g.getType())
          replacement = memref::CastOp::create(b, g.getLoc(), g.getType(),
                                               replacement);
        g.replaceAllUsesWith(replacement);
      }
      // Erased last: the builder's insertion point may be one of them.
      for (memref::GetGlobalOp g : globals)
        g.erase();
      // A function that returns buffers (not an entry, whose results are
      // out-parameters) may return a constant's copy: it keeps it.
      if (llvm::any_of(fn.getResultTypes(), llvm::IsaPred<BaseMemRefType>))
        continue;
      fn.walk([&](func::ReturnOp ret) {
        OpBuilder rb(ret);
        for (Value buffer : buffers)
          memref::DeallocOp::create(rb, ret.getLoc(), buffer);
      });
    }
  }
};

} // namespace

void registerGpuHostBuffersPass() { PassRegistration<GpuHostBuffersPass>(); }

} // namespace jx
