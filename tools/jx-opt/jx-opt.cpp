//===- jx-opt.cpp - jx's MLIR opt driver ----------------------------------===//
//
// Parses, verifies, transforms and prints MLIR with every jx dialect and
// pass registered, e.g. `jx-opt file.mlir`, `jx-opt --canonicalize f.mlir`.
//
//===----------------------------------------------------------------------===//

#include "jx/InitAll.h"
#include "jx/Dialect/VHLO/BytecodeCheck.h"
#include "jx/Dialect/VHLO/Vhlo.h"
#include "jx/Support/InputLimits.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"

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
  // diagnostic, before MLIR reads the text; bytecode is checked for sound
  // structure, and read once under the reader guards (a corrupted file's
  // circular attribute table would make MLIR's reader loop).
  llvm::StringRef bytes = file->getBuffer();
  if (jx::vhlo::isBytecode(bytes)) {
    std::string corrupt = jx::vhlo::checkBytecodeStructure(bytes);
    if (!corrupt.empty()) {
      llvm::errs() << input << ": error: corrupted MLIR bytecode: " << corrupt
                   << "\n";
      return 1;
    }
    mlir::MLIRContext context(registry);
    mlir::ParserConfig parse(&context, /*verifyAfterParse=*/false);
    jx::vhlo::guardBytecodeReader(parse, bytes.size());
    mlir::Block block;
    if (mlir::failed(mlir::readBytecodeFile(file->getMemBufferRef(), &block,
                                            parse)))
      return 1;
  } else {
    std::string diag = jx::checkInputLimits(bytes, input);
    if (!diag.empty()) {
      llvm::errs() << diag << "\n";
      return 1;
    }
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
