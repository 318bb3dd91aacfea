//===- LoopBuffers.h - the buffers of loop nests ----------------*- C++ -*-===//
//
// What jx-loop-temporaries-on-stack, jx-hoist-allocas-per-thread,
// jx-prefetch-next-rows and jx-streaming-stores share about the buffers
// loop nests read and write.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_LOOPBUFFERS_H
#define JX_LIB_PIPELINES_LOOPBUFFERS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace jx {

/// Marks a memref.alloca that is a fresh buffer per iteration of its loop,
/// whose contents no iteration reads before writing them, so that the
/// iterations of one thread may share it (jx-hoist-allocas-per-thread).
constexpr llvm::StringLiteral kPerIterationAttr = "jx.per_iteration";

/// The bytes of a static memref of integers or floats.
inline std::optional<int64_t> staticBytes(mlir::MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  int64_t bits = type.getElementTypeBitWidth();
  return type.getNumElements() * ((bits + 7) / 8);
}

/// The buffer a chain of views (subview, reinterpret_cast, reshapes, ...)
/// of `memref` starts from.
inline mlir::Value viewRoot(mlir::Value memref) {
  while (auto view = memref.getDefiningOp<mlir::ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

} // namespace jx

#endif // JX_LIB_PIPELINES_LOOPBUFFERS_H
