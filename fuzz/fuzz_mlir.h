//===- fuzz_mlir.h - what the MLIR fuzz targets share -----------*- C++ -*-===//
//
// One context with every jx dialect loaded, and a parser that sends its
// diagnostics to a handler (dropped, or printed when JX_FUZZ_VERBOSE is
// set) instead of the default, which prints and may abort.
//
//===----------------------------------------------------------------------===//

#ifndef JX_FUZZ_FUZZ_MLIR_H
#define JX_FUZZ_FUZZ_MLIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace jx::fuzz {

/// The context every input is parsed into: jx's dialects and the LLVM IR
/// translations, single-threaded (a fuzz target runs one input at a time).
mlir::MLIRContext &context();

/// Parses and verifies `text` as a module; null when it is not one, or when
/// it is beyond the parser limits jx's tools enforce first
/// (jx/Support/InputLimits.h). Diagnostics go to the handler above.
mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text);

/// Whether JX_FUZZ_VERBOSE is set: print diagnostics, say what was done.
bool verbose();

} // namespace jx::fuzz

#endif // JX_FUZZ_FUZZ_MLIR_H
