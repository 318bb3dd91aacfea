//===- Cuda.cpp - jxc compile --target=cuda -------------------------------===//

#include "Cuda.h"
#include "PrintStage.h"

#include "jx/Pipelines/CUDAPipeline.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/Target/CUDA/CUDATarget.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace jxc {

bool isCudaStage(llvm::StringRef emit) {
  return llvm::is_contained(jx::getCUDAPipelinePhases(), emit) ||
         emit == "stablehlo" || emit == "ptx" || emit == "cubin" ||
         emit == "llvm-ir";
}

bool compileForCuda(mlir::ModuleOp module, const CudaCompileRequest &request,
                   llvm::raw_ostream &os) {
  if (request.printAll)
    printStage(os, "stablehlo", module);
  if (request.emit == "stablehlo" && !request.printAll) {
    module.print(os);
    return true;
  }
  jx::CUDAPipelineOptions options;
  options.fuse = request.fuse;
  if (!request.chips.empty())
    options.chips = request.chips;
  bool toHost = request.printAll || request.emit == "llvm-ir";
  if (request.emit == "ptx" || request.emit == "cubin")
    options.stopAfter = "kernels";
  else if (!toHost)
    options.stopAfter = request.emit;
  std::vector<jx::cuda::PtxObject> ptx;
  options.afterPhase = [&](llvm::StringRef phase, mlir::ModuleOp m) {
    if (phase == "kernels")
      ptx = jx::cuda::collectPtx(m);
    if (request.printAll) {
      printStage(os, phase, m);
      if (phase == "kernels")
        for (const auto &object : ptx)
          os << "// ----- stage: ptx (@" << object.module << ", "
             << object.chip << ") -----\n"
             << object.ptx << "\n";
    }
  };
  if (mlir::failed(jx::runCUDAPipeline(module, options)))
    return false;
  if (request.emit == "ptx" && !request.printAll) {
    for (const auto &object : ptx)
      os << "// ----- kernel module @" << object.module << ", "
         << object.chip << " -----\n"
         << object.ptx << "\n";
    return true;
  }
  if (request.emit == "cubin") {
    // One cubin per kernel module and architecture, in the -o directory.
    if (request.output.empty() || request.output == "-") {
      llvm::errs() << "jxc: error: --emit=cubin writes one file per kernel "
                      "module; give a directory with -o DIR\n";
      return false;
    }
    if (auto ec = llvm::sys::fs::create_directories(request.output)) {
      llvm::errs() << "jxc: error: cannot create " << request.output << ": "
                   << ec.message() << "\n";
      return false;
    }
    for (const auto &object : ptx) {
      auto cubin = jx::cuda::assemble(object.ptx, object.chip);
      if (!cubin) {
        llvm::errs() << "jxc: error: kernel module @" << object.module
                     << ": " << llvm::toString(cubin.takeError()) << "\n";
        return false;
      }
      llvm::SmallString<256> path(request.output);
      llvm::sys::path::append(path, object.module + "." + object.chip + ".cubin");
      std::error_code ec;
      llvm::raw_fd_ostream file(path, ec);
      if (ec) {
        llvm::errs() << "jxc: error: cannot write " << path << ": "
                     << ec.message() << "\n";
        return false;
      }
      file << *cubin;
      os << path << "\n";
    }
    return true;
  }
  if (toHost) {
    llvm::LLVMContext context;
    auto llvmModule = jx::cpu::translateToLLVMIR(module, context,
                                                 /*optimize=*/true, "");
    if (!llvmModule)
      return false;
    if (request.printAll)
      os << "// ----- stage: llvm-ir -----\n";
    llvmModule->print(os, nullptr);
    return true;
  }
  module.print(os);
  return true;
}

} // namespace jxc
