//===- BytecodeLists.h - bounded lists for dialect bytecode readers -*- C++ -*-===//
//
// DialectBytecodeReader::readList reserves as many elements as the file
// says before reading them, so a corrupted count aborts the process. The
// dialect readers jx writes (VHLO, Shardy) read lists through these
// instead: a count larger than the bytes of the file being read (each
// element takes at least one) is an error.
//
//===----------------------------------------------------------------------===//

#ifndef JX_SUPPORT_BYTECODELISTS_H
#define JX_SUPPORT_BYTECODELISTS_H

#include "mlir/Bytecode/BytecodeImplementation.h"

#include <cstdint>

namespace jx {

/// The size of the bytecode being read on this thread (set by
/// vhlo::guardBytecodeReader); lists longer than this are refused.
inline thread_local uint64_t bytecodeListLimit = uint64_t(1) << 24;

template <typename T, typename ReadFn>
mlir::LogicalResult readBoundedList(mlir::DialectBytecodeReader &reader,
                                    llvm::SmallVectorImpl<T> &out,
                                    ReadFn &&readOne) {
  uint64_t count;
  if (mlir::failed(reader.readVarInt(count)))
    return mlir::failure();
  if (count > bytecodeListLimit)
    return reader.emitError("a list of ")
           << count << " elements in a file of " << bytecodeListLimit
           << " bytes (corrupted)";
  out.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    T value{};
    if (mlir::failed(readOne(value)))
      return mlir::failure();
    out.push_back(std::move(value));
  }
  return mlir::success();
}

inline mlir::LogicalResult
readBoundedSignedVarInts(mlir::DialectBytecodeReader &reader,
                         llvm::SmallVectorImpl<int64_t> &out) {
  return readBoundedList(reader, out, [&](int64_t &v) {
    return reader.readSignedVarInt(v);
  });
}

} // namespace jx

#endif // JX_SUPPORT_BYTECODELISTS_H
