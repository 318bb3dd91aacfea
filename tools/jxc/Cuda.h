//===- Cuda.h - jxc compile --target=cuda -----------------------*- C++ -*-===//

#ifndef JX_TOOLS_JXC_CUDA_H
#define JX_TOOLS_JXC_CUDA_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace jxc {

struct CudaCompileRequest {
  /// A stage of the CUDA pipeline (hlo, linalg, bufferized, gpu, kernels,
  /// llvm-dialect), or ptx, cubin, llvm-ir.
  std::string emit;
  bool printAll = false;
  bool fuse = true;
  std::vector<std::string> chips; // sm_80, sm_90, ...
  /// -o: a file, or with --emit=cubin a directory.
  std::string output;
};

/// The stages --emit accepts with --target=cuda.
bool isCudaStage(llvm::StringRef emit);

/// Compiles `module` for CUDA and writes what `request` asks for; false
/// after a message when it cannot.
bool compileForCuda(mlir::ModuleOp module, const CudaCompileRequest &request,
                   llvm::raw_ostream &os);

} // namespace jxc

#endif // JX_TOOLS_JXC_CUDA_H
