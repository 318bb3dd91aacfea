//===- vhlo.cpp - fuzz the reading of StableHLO portable artifacts --------===//
//
// Any byte string given to jx as a portable artifact (what jax.export ships):
// the header check, the bytecode structure check, MLIR's reader with jx's
// VHLO and Shardy bytecode interfaces, and the VHLO -> stablehlo conversion
// must answer with a diagnostic, never crash or hang. What is read must
// print.
//
//===----------------------------------------------------------------------===//

#include "fuzz_mlir.h"

#include "jx/Dialect/VHLO/Vhlo.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A copy: MemoryBuffer's storage is aligned as MLIR's reader expects of a
  // file's buffer (the fuzzer's is not).
  std::unique_ptr<llvm::MemoryBuffer> buffer = llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "<fuzz>");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      jx::vhlo::readPortableArtifact(buffer->getBuffer(), &jx::fuzz::context());
  if (module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
  }
  return 0;
}
