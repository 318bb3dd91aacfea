//===- Load.h - read a program in any of the forms JAX and jx write -*- C++ -*-===//
//
// A program reaches jx in one of four forms, told apart by content, never by
// file name:
//
//  - text: StableHLO (or any jx dialect) as `jax.jit(f).lower(x).as_text()`
//    or `jx-opt` prints it;
//  - bytecode: MLIR bytecode of jx's own dialects (`jx-opt --emit-bytecode`);
//  - a StableHLO portable artifact: bytecode of the versioned VHLO dialect
//    (producer "StableHLO_vX.Y.Z"), as `jax.export` and
//    `stablehlo.serialize_portable_artifact` write it;
//  - a serialized `jax.export.Exported` (a flatbuffer holding a portable
//    artifact plus the calling convention).
//
//===----------------------------------------------------------------------===//

#ifndef JX_COMPILER_LOAD_H
#define JX_COMPILER_LOAD_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>

namespace jx::exported {
struct Exported;
}

namespace jx::compiler {

enum class ProgramForm { Text, Bytecode, PortableArtifact, Exported };

/// "text", "MLIR bytecode", "StableHLO portable artifact", "jax.export
/// artifact".
const char *formName(ProgramForm form);

/// The form of `bytes`, from their content.
ProgramForm detectForm(llvm::StringRef bytes);

/// Parses a program in any of the four forms held in `sourceMgr`'s main
/// buffer into a verified module; null after a diagnostic (through the
/// context's handler) otherwise. Portable artifacts are converted to
/// stablehlo; a jax.export artifact's module gets its calling convention
/// applied (see Exported.h: @main takes every input of the export), and
/// the export's description is stored in `*exported` when given. Large hex
/// literals of a text program are decoded once, into memory the module and
/// its executables share (LargeConstants.h).
mlir::OwningOpRef<mlir::ModuleOp>
parseProgram(llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context,
             std::shared_ptr<const exported::Exported> *exported = nullptr);

struct TextProgram;

/// Parses a text program whose large literals were taken out
/// (LargeConstants.h) and gives the module their bytes; diagnostics name
/// `name`. Null after a diagnostic.
mlir::OwningOpRef<mlir::ModuleOp> parseTextProgram(TextProgram &program,
                                                   llvm::StringRef name,
                                                   mlir::MLIRContext &context);

} // namespace jx::compiler

#endif // JX_COMPILER_LOAD_H
