//===- jx-opt.cpp - jx's MLIR opt driver ----------------------------------===//
//
// Parses, verifies, transforms and prints MLIR with every jx dialect and
// pass registered, e.g. `jx-opt file.mlir`, `jx-opt --canonicalize f.mlir`.
//
//===----------------------------------------------------------------------===//

#include "jx/InitAll.h"
#include "jx/Support/InputLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::registerAllPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "jx optimizer driver\n", registry);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // Reject what would exhaust the parser's stack or memory, with a normal
  // diagnostic, before MLIR reads the text.
  std::string diag = jx::checkInputLimits(file->getBuffer(), input);
  if (!diag.empty()) {
    llvm::errs() << diag << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (mlir::failed(mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->keep();
  return 0;
}
