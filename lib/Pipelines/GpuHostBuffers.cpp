//===- GpuHostBuffers.cpp - every buffer where a CUDA kernel can read it --===//
//
// `--jx-gpu-host-buffers` prepares a bufferized module for the CUDA
// pipeline, whose kernels and host code share every buffer (the runtime
// allocates them as CUDA managed memory: jx_rt_cuda_alloc):
//
//  - constants (memref.get_global) live in the host's read-only data, which
//    a kernel cannot read (not those whose address only goes to the
//    runtime, such as kernel descriptors). With `constant-cache=<function>`
//    (jx_rt_cuda_constant; the emulator's jx_rt_host_constant), a function
//    that returns no buffer asks the runtime for each constant's copy where
//    the device reads it, made on the executable's first call and kept while
//    it lives (jx/runtime/constant_copies.h): a model's weights are copied
//    once, not on every call. Otherwise (and in functions that return
//    buffers, whose callers may write into them) the function copies the
//    constants it uses into shared buffers when it starts and frees them
//    when it returns;
//  - a buffer on the host's stack (memref.alloca) becomes a heap buffer
//    freed at the end of its block;
//  - copies between buffers (memref.copy) become linalg.copy, hence loops,
//    hence kernels, so that data stays on the device.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "LoopBuffers.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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
  GpuHostBuffersPass() = default;
  GpuHostBuffersPass(const GpuHostBuffersPass &other) : PassWrapper(other) {}
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, func::FuncDialect, linalg::LinalgDialect,
                LLVM::LLVMDialect, memref::MemRefDialect>();
  }
  Option<std::string> constantCache{
      *this, "constant-cache",
      llvm::cl::desc("The runtime function (int64 address, int64 bytes) -> "
                     "int64 address that gives a constant's cached copy; "
                     "empty: copies made on every call")};

  /// The runtime's copy of constant `global`, as a buffer of its type:
  /// the call's address made into a memref descriptor.
  Value cachedCopy(OpBuilder &b, ModuleOp module, memref::GetGlobalOp global,
                   int64_t bytes, const LLVMTypeConverter &converter) {
    Location loc = global.getLoc();
    auto type = cast<MemRefType>(global.getType());
    auto fn = module.lookupSymbol<func::FuncOp>(constantCache);
    if (!fn) {
      OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
      fn = func::FuncOp::create(
          mb, module.getLoc(), constantCache,
          mb.getFunctionType({mb.getI64Type(), mb.getI64Type()},
                             {mb.getI64Type()}));
      fn.setPrivate();
    }
    Value host = memref::GetGlobalOp::create(b, loc, type, global.getName());
    Value address = arith::IndexCastOp::create(
        b, loc, b.getI64Type(),
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, host));
    Value size = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(bytes));
    Value copy = func::CallOp::create(b, loc, fn, ValueRange{address, size})
                     .getResult(0);
    Value pointer = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), copy);
    Value descriptor =
        MemRefDescriptor::fromStaticShape(b, loc, converter, type, pointer);
    return UnrealizedConversionCastOp::create(b, loc, type, descriptor)
        .getResult(0);
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
    LLVMTypeConverter converter(&getContext());
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
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
      // One shared copy per constant, made (or asked for) when the
      // function starts.
      bool returnsBuffers =
          llvm::any_of(fn.getResultTypes(), llvm::IsaPred<BaseMemRefType>);
      bool cached = !constantCache.empty() && !returnsBuffers;
      OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
      llvm::StringMap<Value> copies;
      SmallVector<Value> buffers;
      for (memref::GetGlobalOp g : globals) {
        Value &copy = copies[g.getName()];
        auto type = cast<MemRefType>(g.getType());
        std::optional<int64_t> bytes = staticBytes(type);
        if (!copy && cached && bytes && type.getLayout().isIdentity()) {
          copy = cachedCopy(b, module, g, *bytes, converter);
        } else if (!copy) {
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
      if (returnsBuffers)
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
