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
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::registerAllPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "jx optimizer driver\n", registry);
  // Reject what would exhaust the parser's stack or memory, with a normal
  // diagnostic, before MLIR reads the file.
  std::string error;
  if (auto file = mlir::openInputFile(input, &error)) {
    std::string diag = jx::checkInputLimits(file->getBuffer(), input);
    if (!diag.empty()) {
      llvm::errs() << diag << "\n";
      return 1;
    }
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
