//===- CudaLaunchesToRuntime.cpp - kernel launches as runtime calls -------===//
//
// `--jx-cuda-launches-to-runtime` runs last in the CUDA pipeline, after
// gpu-to-llvm. Each gpu.binary's PTX becomes a constant of the host code
// ("sm_80\0<ptx>\0sm_90\0<ptx>\0\0": each object's architecture and text),
// and each gpu.launch_func a call of the runtime's
//
//   jx_rt_cuda_launch(objects, kernel_name, grid x/y/z, block x/y/z,
//                     shared_bytes, params)
//
// which loads the module the first time (the driver compiles the PTX of the
// best architecture the device has) and queues the kernel on the device's
// stream (the host waits where it reads: CudaHostWaits.cpp).
// No global constructor loads anything: code compiled this way loads in a
// process without a GPU, and fails with a clear error only when it runs.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

/// A private constant global holding `bytes` (which carries its own
/// terminating NULs), named `name`.
LLVM::GlobalOp bytesGlobal(ModuleOp module, StringRef name, StringRef bytes) {
  auto b = OpBuilder::atBlockBegin(module.getBody());
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(module.getContext(), 8),
                                       bytes.size());
  return LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, name,
                                b.getStringAttr(bytes), /*alignment=*/0);
}

struct CudaLaunchesToRuntimePass
    : PassWrapper<CudaLaunchesToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CudaLaunchesToRuntimePass)
  StringRef getArgument() const override {
    return "jx-cuda-launches-to-runtime";
  }
  StringRef getDescription() const override {
    return "Kernel launches as calls of jx_rt_cuda_launch, the PTX as "
           "constants of the host code";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The objects of each binary.
    llvm::StringMap<LLVM::GlobalOp> objects;
    for (auto binary :
         llvm::make_early_inc_range(module.getOps<gpu::BinaryOp>())) {
      std::string bytes;
      for (Attribute a : binary.getObjects()) {
        auto object = cast<gpu::ObjectAttr>(a);
        auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
        if (!target || object.getFormat() != gpu::CompilationTarget::Assembly) {
          binary.emitError("only PTX objects for NVVM targets can be run");
          return signalPassFailure();
        }
        bytes += target.getChip().str() + '\0' + object.getObject().str() + '\0';
      }
      bytes += '\0';
      objects[binary.getName()] =
          bytesGlobal(module, ("__jx_cuda_" + binary.getName()).str(), bytes);
      binary.erase();
    }
    llvm::StringMap<LLVM::GlobalOp> names;
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    Type i64 = IntegerType::get(ctx, 64), i32 = IntegerType::get(ctx, 32);
    auto launchFn = module.lookupSymbol<LLVM::LLVMFuncOp>("jx_rt_cuda_launch");
    if (!launchFn) {
      auto b = OpBuilder::atBlockBegin(module.getBody());
      launchFn = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), "jx_rt_cuda_launch",
          LLVM::LLVMFunctionType::get(
              LLVM::LLVMVoidType::get(ctx),
              {ptr, ptr, i64, i64, i64, i64, i64, i64, i32, ptr}));
    }
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
    for (gpu::LaunchFuncOp op : launches) {
      Location loc = op.getLoc();
      StringRef moduleName = op.getKernelModuleName().getValue();
      auto found = objects.find(moduleName);
      if (found == objects.end()) {
        op.emitError() << "no binary '" << moduleName << "' for this launch";
        return signalPassFailure();
      }
      std::string kernel = op.getKernelName().getValue().str();
      LLVM::GlobalOp &name = names[moduleName.str() + "." + kernel];
      if (!name)
        name = bytesGlobal(
            module, ("__jx_cuda_kernel_" + moduleName + "_" + kernel).str(),
            kernel + '\0');
      // The parameter slots live in the function's entry block, so that a
      // launch inside a loop does not grow the stack.
      auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
      OpBuilder entry = OpBuilder::atBlockBegin(&fn.getBody().front());
      Value one = LLVM::ConstantOp::create(entry, loc, i64,
                                           entry.getI64IntegerAttr(1));
      ValueRange operands = op.getKernelOperands();
      auto arrayType = LLVM::LLVMArrayType::get(ptr, std::max<size_t>(1, operands.size()));
      Value params = LLVM::AllocaOp::create(entry, loc, ptr, arrayType, one);
      SmallVector<Value> slots;
      for (Value v : operands)
        slots.push_back(LLVM::AllocaOp::create(entry, loc, ptr, v.getType(), one));

      OpBuilder b(op);
      for (auto [i, v] : llvm::enumerate(operands)) {
        LLVM::StoreOp::create(b, loc, v, slots[i]);
        Value at = LLVM::GEPOp::create(
            b, loc, ptr, arrayType, params,
            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
        LLVM::StoreOp::create(b, loc, slots[i], at);
      }
      auto asI64 = [&](Value v) -> Value {
        if (v.getType() == i64)
          return v;
        return LLVM::ZExtOp::create(b, loc, i64, v);
      };
      Value shared = op.getDynamicSharedMemorySize();
      if (!shared)
        shared = LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(0));
      SmallVector<Value> args = {
          LLVM::AddressOfOp::create(b, loc, found->second),
          LLVM::AddressOfOp::create(b, loc, name),
          asI64(op.getGridSizeX()),
          asI64(op.getGridSizeY()),
          asI64(op.getGridSizeZ()),
          asI64(op.getBlockSizeX()),
          asI64(op.getBlockSizeY()),
          asI64(op.getBlockSizeZ()),
          shared,
          params};
      LLVM::CallOp::create(b, loc, launchFn, args);
      op.erase();
    }
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};

} // namespace

void registerCudaLaunchesToRuntimePass() {
  PassRegistration<CudaLaunchesToRuntimePass>();
}

} // namespace jx
