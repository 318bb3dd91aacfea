//===- InputLimits.h - reject inputs that would exhaust the parser -*- C++ -*-===//
//
// MLIR's parser recurses once per nesting level and allocates one
// placeholder per result number of a forward reference (`%0#N`), so a
// hostile file can overflow the stack or memory before any diagnostic. jx's
// tools scan the text first and report such input as an ordinary error.
//
//===----------------------------------------------------------------------===//

#ifndef JX_SUPPORT_INPUTLIMITS_H
#define JX_SUPPORT_INPUTLIMITS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace jx {

/// Deepest bracket nesting ((), [], {}, <>) accepted.
constexpr unsigned kMaxInputNesting = 512;
/// Largest result number accepted in `%name#N`.
constexpr unsigned long long kMaxResultNumber = 1u << 16;

/// Returns an empty string when `text` is within the limits, else a
/// diagnostic `path:line:col: error: ...`.
std::string checkInputLimits(llvm::StringRef text, llvm::StringRef path);

} // namespace jx

#endif // JX_SUPPORT_INPUTLIMITS_H
