//===- TypeUtils.h - type predicates shared by all stablehlo verifiers -*- C++ -*-===//
//
// The spec compares types "modulo dynamism": a dynamic dimension is
// compatible with any size. These helpers say what the spec's type
// functions (baseline_type, element_type, ...) mean in MLIR terms, and are
// used by verifiers and by the C++ frontend's trace-time checks alike.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_TYPEUTILS_H
#define JX_DIALECT_STABLEHLO_IR_TYPEUTILS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace jx::stablehlo {

/// a * b + c on int64 saturating at the int64 range: shape arithmetic on
/// attribute values a file chose (dilations, padding) must not overflow; a
/// saturated size is then refused by the size checks that follow.
inline int64_t saturatingMulAdd(int64_t a, int64_t b, int64_t c) {
  int64_t m, r;
  if (__builtin_mul_overflow(a, b, &m))
    return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
  if (__builtin_add_overflow(m, c, &r))
    return c < 0 ? INT64_MIN : INT64_MAX;
  return r;
}

/// How a shared shape function reports a failed constraint. In a verifier
/// this is `[&] { return op.emitOpError(); }`; at trace time the frontend
/// collects the message.
using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// Two dimension sizes agree unless both are static and differ.
bool isCompatibleDim(int64_t a, int64_t b);
/// Same rank and pairwise compatible dimensions.
bool isCompatibleShape(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

/// The element type with quantization parameters dropped: for a quantized
/// type, its storage type paired with its expressed type; otherwise the type.
/// Two element types have the same baseline iff this returns true.
bool haveSameBaselineElementType(mlir::Type a, mlir::Type b);

/// complex<T> -> T; any other type is returned unchanged.
mlir::Type complexElementTypeOrSelf(mlir::Type type);

/// Shape and baseline element type agree (`baseline_type(a) = baseline_type(b)`).
bool isCompatibleBaselineType(mlir::Type a, mlir::Type b);

/// Shape and element type agree exactly modulo dynamism (`type(a) = type(b)`).
bool isCompatibleType(mlir::Type a, mlir::Type b);

/// Bit width of an element type; complex<T> counts both parts; quantized
/// types count their storage type.
unsigned getBitWidth(mlir::Type elementType);

/// The spec's is_promotable(from, to): a reduction body may accumulate
/// `from` elements in the wider `to` type of the same kind (same signedness
/// for integers; same expressed type and signedness for quantized types).
bool isPromotableElementType(mlir::Type from, mlir::Type to);

/// Prints `[1, 2, 3]` for error messages.
std::string dimsToString(llvm::ArrayRef<int64_t> dims);

/// Checks that every entry of `dims` is in [0, rank), reporting
///   "<what> [..] must be in range [0, rank)" through `emitError`.
mlir::LogicalResult verifyDimsInRange(EmitErrorFn emitError,
                                      llvm::StringRef what,
                                      llvm::ArrayRef<int64_t> dims,
                                      int64_t rank, llvm::StringRef label);
/// Checks that `dims` has no repeated entry.
mlir::LogicalResult verifyDimsUnique(EmitErrorFn emitError,
                                     llvm::StringRef what,
                                     llvm::ArrayRef<int64_t> dims,
                                     llvm::StringRef label);

/// Why a static shape of `elementBits`-bit elements cannot be stored, or
/// the empty string when it can: its element count, or its size in bytes,
/// exceeds what an int64 holds (2^63 - 1). Dynamic dimensions count as 0.
std::string describeOversizedShape(llvm::ArrayRef<int64_t> shape,
                                   unsigned elementBits);

/// Every tensor operand and result of `op` has a storable size (above);
/// reports "operand/result #i of type T has N elements, ..." otherwise.
mlir::LogicalResult verifyBoundedTensorSizes(mlir::Operation *op);

namespace HLOTrait {
/// The ODS trait HLO_BoundedTensorSizes that every stablehlo and chlo op
/// carries: no tensor the op touches has more elements, or bytes, than an
/// int64 counts (allocations and index arithmetic would wrap).
template <typename ConcreteType>
class BoundedTensorSizes
    : public mlir::OpTrait::TraitBase<ConcreteType, BoundedTensorSizes> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyBoundedTensorSizes(op);
  }
};
} // namespace HLOTrait

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_TYPEUTILS_H
