//===- CUDATarget.cpp - PTX and cubins from the CUDA pipeline -------------===//

#include "jx/Target/CUDA/CUDATarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace jx::cuda {

std::vector<PtxObject> collectPtx(mlir::ModuleOp module) {
  std::vector<PtxObject> objects;
  for (auto binary : module.getOps<mlir::gpu::BinaryOp>())
    for (mlir::Attribute a : binary.getObjects()) {
      auto object = mlir::cast<mlir::gpu::ObjectAttr>(a);
      auto target = mlir::dyn_cast<mlir::NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target ||
          object.getFormat() != mlir::gpu::CompilationTarget::Assembly)
        continue;
      objects.push_back({binary.getName().str(), target.getChip().str(),
                         object.getObject().str()});
    }
  return objects;
}

llvm::Expected<std::string> findPtxas() {
  if (const char *env = std::getenv("JX_PTXAS")) {
    if (llvm::sys::fs::can_execute(env))
      return std::string(env);
    return llvm::createStringError("JX_PTXAS=%s is not an executable", env);
  }
  std::vector<std::string> roots;
  for (const char *var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char *env = std::getenv(var))
      roots.push_back(env);
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    std::string p = root + "/bin/ptxas";
    if (llvm::sys::fs::can_execute(p))
      return p;
  }
  if (auto onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  return llvm::createStringError(
      "ptxas (CUDA toolkit) not found: looked in JX_PTXAS, CUDA_PATH, "
      "CUDA_HOME, /usr/local/cuda/bin and PATH");
}

llvm::Expected<std::string> assemble(const std::string &ptx,
                                     const std::string &chip) {
  auto ptxas = findPtxas();
  if (!ptxas)
    return ptxas.takeError();
  llvm::SmallString<128> in, out, err;
  if (auto ec = llvm::sys::fs::createTemporaryFile("jx-kernel", "ptx", in))
    return llvm::createStringError(ec, "cannot create a temporary file");
  llvm::sys::fs::createTemporaryFile("jx-kernel", "cubin", out);
  llvm::sys::fs::createTemporaryFile("jx-ptxas", "log", err);
  auto cleanup = [&] {
    llvm::sys::fs::remove(in);
    llvm::sys::fs::remove(out);
    llvm::sys::fs::remove(err);
  };
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(in, ec);
    os << ptx;
  }
  std::string arch = "-arch=" + chip;
  llvm::StringRef args[] = {*ptxas, arch, "-o", out, in};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, err, err};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects, 0,
                                     0, &message);
  if (rc != 0) {
    std::string log;
    if (auto buf = llvm::MemoryBuffer::getFile(err))
      log = (*buf)->getBuffer().str();
    cleanup();
    return llvm::createStringError("ptxas %s failed%s%s%s", arch.c_str(),
                                   message.empty() ? "" : ": ",
                                   message.c_str(),
                                   log.empty() ? "" : ("\n" + log).c_str());
  }
  auto buf = llvm::MemoryBuffer::getFile(out);
  std::string cubin = buf ? (*buf)->getBuffer().str() : "";
  cleanup();
  if (!buf)
    return llvm::createStringError("ptxas wrote no cubin");
  return cubin;
}

} // namespace jx::cuda
