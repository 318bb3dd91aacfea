//===- CUDATarget.h - PTX and cubins from the CUDA pipeline ----*- C++ -*-===//
//
// What the kernels phase of the CUDA pipeline (CUDAPipeline.h) produced, as
// text and as machine code: the PTX of each kernel module, and cubins
// assembled from it by the CUDA toolkit's ptxas.
//
//===----------------------------------------------------------------------===//

#ifndef JX_TARGET_CUDA_CUDATARGET_H
#define JX_TARGET_CUDA_CUDATARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace jx::cuda {

/// One kernel module's code for one architecture.
struct PtxObject {
  std::string module; // the gpu.binary's name
  std::string chip;   // "sm_90"
  std::string ptx;
};

/// The PTX of every gpu.binary of `module` (after the kernels phase).
std::vector<PtxObject> collectPtx(mlir::ModuleOp module);

/// ptxas: $JX_PTXAS, else under $CUDA_PATH, $CUDA_HOME, /usr/local/cuda,
/// else on PATH. An error saying where it was looked for otherwise.
llvm::Expected<std::string> findPtxas();

/// `ptx` assembled for `chip` by ptxas: the cubin's bytes, or an error with
/// ptxas's own message.
llvm::Expected<std::string> assemble(const std::string &ptx,
                                     const std::string &chip);

} // namespace jx::cuda

#endif // JX_TARGET_CUDA_CUDATARGET_H
