//===- Load.cpp - read a program in any of the forms JAX and jx write -----===//

#include "jx/Compiler/Load.h"

#include "jx/Compiler/Exported.h"
#include "jx/Compiler/LargeConstants.h"

#include "jx/Dialect/VHLO/BytecodeCheck.h"
#include "jx/Dialect/VHLO/Vhlo.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace jx::compiler {

const char *formName(ProgramForm form) {
  switch (form) {
  case ProgramForm::Text:
    return "text";
  case ProgramForm::Bytecode:
    return "MLIR bytecode";
  case ProgramForm::PortableArtifact:
    return "StableHLO portable artifact";
  case ProgramForm::Exported:
    return "jax.export artifact";
  }
  return "unknown";
}

ProgramForm detectForm(llvm::StringRef bytes) {
  if (vhlo::isBytecode(bytes)) {
    // The producer string follows the magic and the version varint.
    llvm::StringRef header = bytes.drop_front(4);
    header = header.take_front(header.find('\0'));
    return header.contains("StableHLO_v") ? ProgramForm::PortableArtifact
                                          : ProgramForm::Bytecode;
  }
  // A flatbuffer starts with a 4-byte little-endian offset to its root table;
  // text never has NUL bytes in its first bytes.
  if (bytes.size() >= 8 && bytes.take_front(8).contains('\0'))
    return ProgramForm::Exported;
  return ProgramForm::Text;
}

OwningOpRef<ModuleOp>
parseProgram(llvm::SourceMgr &sourceMgr, MLIRContext &context,
             std::shared_ptr<const exported::Exported> *exportedOut) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef bytes = buffer->getBuffer();
  switch (detectForm(bytes)) {
  case ProgramForm::PortableArtifact: {
    OwningOpRef<ModuleOp> module = vhlo::readPortableArtifact(
        bytes, &context, /*error=*/nullptr,
        FileLineColLoc::get(&context, buffer->getBufferIdentifier(), 0, 0));
    if (module)
      holdLargeConstantsApart(*module);
    return module;
  }
  case ProgramForm::Exported: {
    auto loc =
        FileLineColLoc::get(&context, buffer->getBufferIdentifier(), 0, 0);
    auto e = std::make_shared<exported::Exported>();
    try {
      *e = exported::parse(std::string_view(bytes.data(), bytes.size()));
    } catch (const exported::format_error &err) {
      emitError(loc) << err.what();
      return nullptr;
    }
    OwningOpRef<ModuleOp> module = loadExported(*e, context, loc);
    if (module)
      holdLargeConstantsApart(*module);
    if (module && exportedOut)
      *exportedOut = e;
    return module;
  }
  case ProgramForm::Bytecode: {
    std::string corrupt = vhlo::checkBytecodeStructure(bytes);
    if (!corrupt.empty()) {
      emitError(FileLineColLoc::get(&context, buffer->getBufferIdentifier(), 0,
                                    0))
          << "corrupted MLIR bytecode: " << corrupt;
      return nullptr;
    }
    ParserConfig config(&context);
    vhlo::guardBytecodeReader(config, bytes.size());
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
    if (module)
      holdLargeConstantsApart(*module);
    return module;
  }
  case ProgramForm::Text:
    if (mayHoldLargeConstants(bytes.size())) {
      TextProgram program = extractLargeConstants(bytes);
      if (!program.constants.empty())
        return parseTextProgram(program, buffer->getBufferIdentifier(),
                                context);
    }
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
  return nullptr;
}

OwningOpRef<ModuleOp> parseTextProgram(TextProgram &program,
                                       llvm::StringRef name,
                                       MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      // std::string's bytes end with the NUL the lexer stops at.
      llvm::MemoryBuffer::getMemBuffer(program.text, name),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (module && failed(attachLargeConstants(*module, program.constants)))
    return nullptr;
  return module;
}

} // namespace jx::compiler
