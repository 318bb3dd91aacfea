//===- jx-opt.cpp - jx's MLIR opt driver ----------------------------------===//
//
// Parses, verifies, transforms and prints MLIR with every jx dialect and
// pass registered, e.g. `jx-opt file.mlir`, `jx-opt --canonicalize f.mlir`.
//
//===----------------------------------------------------------------------===//

#include "jx/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "jx optimizer driver\n", registry));
}
