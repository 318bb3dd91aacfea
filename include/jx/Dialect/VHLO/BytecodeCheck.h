//===- BytecodeCheck.h - structural check of MLIR bytecode ------*- C++ -*-===//
//
// MLIR's bytecode reader (mlir::readBytecodeFile) trusts the counts a file
// states: a corrupted file can make it reserve absurd amounts of memory
// (`SmallVector unable to grow` aborts the process), write past the end of
// a table, or build a StringRef of length SIZE_MAX. jx reads untrusted
// portable artifacts, so before it hands a buffer to MLIR it walks the
// buffer here, exactly as the format defines it (mlir/docs/BytecodeFormat.md,
// versions 0 to 6), and checks every count and index against the bytes that
// remain and against the tables seen so far.
//
// The check covers the structure the reader itself walks: the header, the
// section table, the string, dialect, attribute/type offset, properties and
// resource sections, and the IR section recursively (ops, regions, blocks,
// block arguments, value numbering, successors, use-list orders, isolated
// regions stored as nested sections). It does not decode the payloads of
// attribute, type, properties or dialect-version entries: those are
// dialect-specific and decoded by the dialects' own readers.
//
// It needs no MLIR: only LLVM Support.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_VHLO_BYTECODECHECK_H
#define JX_DIALECT_VHLO_BYTECODECHECK_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace jx::vhlo {

/// Empty when the structure is sound, else a one-line reason naming the
/// section and byte offset (from the start of `bytes`), e.g.
///   "IR section, byte 1234: region block count 395221406740 exceeds the 57
///    bytes that remain".
/// Alignment padding is checked relative to the start of `bytes`; MLIR's
/// reader additionally requires the buffer to start at an address aligned to
/// every section alignment the file declares.
std::string checkBytecodeStructure(llvm::StringRef bytes);

/// The deepest nesting of regions checkBytecodeStructure accepts; deeper IR
/// is refused as "nested too deeply". MLIR's reader is iterative, but the
/// verifier, walks and jx's passes recurse once per level: `jxc run` on 4090
/// nested regions needed more than 4 MiB of stack, on 1000 between 1 and 2
/// MiB. 1024 leaves room on an 8 MiB stack (jx's text inputs are limited to
/// 512 nested brackets, about 256 regions).
constexpr unsigned kMaxBytecodeRegionDepth = 1024;

} // namespace jx::vhlo

#endif // JX_DIALECT_VHLO_BYTECODECHECK_H
