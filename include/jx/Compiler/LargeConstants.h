//===- LargeConstants.h - weights that cost their own size -----*- C++ -*-===//
//
// A model exported with its weights holds them as constants: in text, as
// `dense<"0x...">` hex literals. MLIR's parser would decode each literal
// into a string, copy that into an attribute, and the compiler would copy
// it again into an LLVM constant, an object file and the JIT's memory: a
// 1 GB constant took 11.7 GB.
//
// Here the large literals are taken out of the text before it is parsed and
// decoded once, in pieces as the file is read, into 64-byte-aligned memory
// that the module holds through `dense_resource` attributes and the
// executables compiled from it share (the CPU pipeline's
// jx-external-constants pass leaves them out of the machine code; the JIT
// resolves them to these bytes).
//
//===----------------------------------------------------------------------===//

#ifndef JX_COMPILER_LARGECONSTANTS_H
#define JX_COMPILER_LARGECONSTANTS_H

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace jx::compiler {

/// Literals of at least this many bytes are taken out of a text program,
/// and constants of at least this many bytes are left out of JIT-compiled
/// machine code.
constexpr std::size_t kLargeConstantBytes = std::size_t(1) << 20;

/// The bytes of a large constant, 64-byte aligned.
struct ConstantBytes {
  std::shared_ptr<char> data;
  std::size_t size = 0;
};

/// A text program with its large literals taken out: each
/// `dense<"0x...">` of at least `minBytes` bytes is `dense_resource<NAME>`
/// in `text`, and its bytes are `constants[NAME]`.
struct TextProgram {
  std::string text;
  std::vector<std::pair<std::string, ConstantBytes>> constants;
};

/// Reads the text program at `path` in pieces, taking out its large
/// literals. Never holds the whole file: a program of 1 GB of weights costs
/// the weights plus the rest of its text. Throws std::runtime_error naming
/// the file when it cannot be read.
TextProgram readTextProgram(const std::string &path,
                            std::size_t minBytes = kLargeConstantBytes);

/// The same for a program already in memory.
TextProgram extractLargeConstants(llvm::StringRef text,
                                  std::size_t minBytes = kLargeConstantBytes);

/// Whether `bytes` (the start of a file) may hold a literal worth taking
/// out: the text is at least `minBytes` long.
inline bool mayHoldLargeConstants(std::size_t fileSize,
                                  std::size_t minBytes = kLargeConstantBytes) {
  return fileSize >= 2 * minBytes;
}

/// Replaces, in `module` parsed from a TextProgram's text, each
/// `dense_resource<NAME>` of `constants` by a dense_resource over its
/// bytes with the type the text gives it. Fails after a diagnostic at the
/// constant when the bytes do not fill that type.
mlir::LogicalResult
attachLargeConstants(mlir::ModuleOp module,
                     std::vector<std::pair<std::string, ConstantBytes>> &constants);

/// A 64-byte-aligned copy of `data` that sharedConstantBytes finds.
ConstantBytes copyConstantBytes(llvm::ArrayRef<char> data);

/// Moves every DenseElementsAttr of at least `minBytes` bytes (of whole-
/// byte elements) in `module` into memory of its own, held as a
/// dense_resource the executables share: for programs read from bytecode,
/// whose constants arrive as attributes. The attribute stays in the
/// context, but nothing copies it further (a reshape folded at compile
/// time, the JIT's copy).
void holdLargeConstantsApart(mlir::ModuleOp module,
                             std::size_t minBytes = kLargeConstantBytes);

/// The bytes attachLargeConstants gave a module that start at `data`,
/// shared; null when `data` is not the start of such bytes (or they are
/// gone).
std::shared_ptr<const char> sharedConstantBytes(const void *data);

} // namespace jx::compiler

#endif // JX_COMPILER_LARGECONSTANTS_H
