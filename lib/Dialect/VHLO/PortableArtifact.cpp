//===- PortableArtifact.cpp - versions and reading a whole artifact -------===//

#include "jx/Dialect/VHLO/Vhlo.h"

#include "jx/Dialect/VHLO/BytecodeCheck.h"
#include "jx/Support/BytecodeLists.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace jx::vhlo {

std::optional<Version> Version::parse(llvm::StringRef text) {
  Version v;
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, '.');
  if (parts.size() != 3 || parts[0].getAsInteger(10, v.major) ||
      parts[1].getAsInteger(10, v.minor) || parts[2].getAsInteger(10, v.patch))
    return std::nullopt;
  return v;
}

std::string Version::str() const {
  return std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(patch);
}

// The newest VHLO op versions in VhloOps.def are those of StableHLO 1.20.0.
Version supportedVersion() { return {1, 20, 0}; }
Version minimumVersion() { return {0, 9, 0}; }

bool isBytecode(llvm::StringRef bytes) { return bytes.starts_with("ML\xefR"); }

std::optional<Version> readPortableArtifactVersion(llvm::StringRef bytes,
                                                   std::string *error) {
  auto fail = [&](const llvm::Twine &msg) -> std::optional<Version> {
    if (error)
      *error = msg.str();
    return std::nullopt;
  };
  if (!isBytecode(bytes))
    return fail("not MLIR bytecode (no 'ML\\xefR' magic number)");
  // Magic, bytecode version (a varint), then the NUL-terminated producer.
  llvm::StringRef rest = bytes.drop_front(4);
  size_t nul = rest.find('\0');
  if (nul == llvm::StringRef::npos)
    return fail("truncated bytecode header (no producer string)");
  llvm::StringRef header = rest.take_front(nul);
  size_t at = header.find("StableHLO_v");
  if (at == llvm::StringRef::npos)
    return fail("MLIR bytecode, but not a StableHLO portable artifact (its "
                "producer is not 'StableHLO_vX.Y.Z')");
  llvm::StringRef text = header.drop_front(at + strlen("StableHLO_v"));
  std::optional<Version> v = Version::parse(text);
  if (!v)
    return fail("unreadable StableHLO version '" + text + "' in the header");
  if (supportedVersion() < *v)
    return fail("this portable artifact was written by StableHLO v" +
                v->str() + "; jx reads artifacts up to StableHLO v" +
                supportedVersion().str() +
                " (re-export it with an older target version, e.g. "
                "jax.export's default compatibility window)");
  if (*v < minimumVersion())
    return fail("this portable artifact was written by StableHLO v" +
                v->str() + ", older than the oldest version jx reads (v" +
                minimumVersion().str() + ")");
  return v;
}

void guardBytecodeReader(ParserConfig &config, uint64_t bytes) {
  // Lists in jx's dialect readers cannot be longer than the file.
  jx::bytecodeListLimit = bytes;
  // A well-formed file decodes each entry a few times at most (an entry
  // nested deeper than the reader's limit is retried once its dependencies
  // are resolved); entries are at least a byte each.
  auto budget = std::make_shared<uint64_t>(64 * bytes + 4096);
  auto spend = [budget](DialectBytecodeReader &reader) -> LogicalResult {
    if (*budget == 0)
      return reader.emitError(
          "the bytecode's attribute and type table does not resolve "
          "(circular references: a corrupted file)");
    --*budget;
    return success();
  };
  BytecodeReaderConfig &rc = config.getBytecodeReaderConfig();
  rc.attachAttributeCallback(
      [spend](DialectBytecodeReader &reader, StringRef, Attribute &) {
        return spend(reader);
      });
  rc.attachTypeCallback(
      [spend](DialectBytecodeReader &reader, StringRef, Type &) {
        return spend(reader);
      });
}

OwningOpRef<ModuleOp> readPortableArtifact(llvm::StringRef bytes,
                                           MLIRContext *context,
                                           std::string *error,
                                           LocationAttr loc) {
  if (!loc)
    loc = UnknownLoc::get(context);
  std::string why;
  if (!readPortableArtifactVersion(bytes, &why)) {
    emitError(loc) << why;
    if (error)
      *error = why;
    return nullptr;
  }
  // MLIR's reader trusts the counts in the file; check them first.
  std::string corrupt = checkBytecodeStructure(bytes);
  if (!corrupt.empty()) {
    emitError(loc) << "corrupted portable artifact: " << corrupt;
    if (error)
      *error = "corrupted portable artifact: " + corrupt;
    return nullptr;
  }
  context->getOrLoadDialect<VhloDialect>();
  context->getOrLoadDialect<func::FuncDialect>();
  context->getOrLoadDialect<jx::stablehlo::StableHLODialect>();

  // VHLO has no verifier; the module is verified once it is stablehlo.
  Block block;
  ParserConfig config(context, /*verifyAfterParse=*/false);
  llvm::StringRef name = "portable-artifact";
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    name = file.getFilename();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, name,
                                                 /*RequiresNullTerminator=*/false);
  guardBytecodeReader(config, bytes.size());
  if (failed(readBytecodeFile(buffer->getMemBufferRef(), &block, config))) {
    if (error)
      *error = "the portable artifact's bytecode could not be read";
    return nullptr;
  }
  if (!llvm::hasSingleElement(block) || !isa<ModuleOp>(block.front())) {
    emitError(loc) << "a portable artifact must hold one builtin.module";
    if (error)
      *error = "the portable artifact does not hold one module";
    return nullptr;
  }
  OwningOpRef<ModuleOp> module(cast<ModuleOp>(block.front()));
  module->getOperation()->remove();

  PassManager pm(context);
  pm.addPass(createVhloToStableHLOPass());
  if (failed(pm.run(*module))) {
    if (error)
      *error = "the portable artifact's VHLO could not be converted";
    return nullptr;
  }
  if (failed(verify(*module))) {
    if (error)
      *error = "the converted portable artifact does not verify";
    return nullptr;
  }
  return module;
}

} // namespace jx::vhlo
