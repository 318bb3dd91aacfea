//===- InferElementwise.cpp - shape functions of elementwise ops ----------===//

#include "jx/Dialect/StableHLO/IR/InferElementwise.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace jx::stablehlo {

/// Merges two compatible shapes, keeping the static size where one is known.
static SmallVector<int64_t> refineShape(ArrayRef<int64_t> a,
                                        ArrayRef<int64_t> b) {
  SmallVector<int64_t> shape(a);
  for (auto [i, d] : llvm::enumerate(b))
    if (ShapedType::isDynamic(shape[i]))
      shape[i] = d;
  return shape;
}

FailureOr<RankedTensorType> inferBinaryElementwiseOp(EmitErrorFn emitError,
                                                     StringRef opName,
                                                     RankedTensorType lhs,
                                                     RankedTensorType rhs) {
  // <op>_c1: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result)
  if (!isCompatibleShape(lhs.getShape(), rhs.getShape()))
    return emitError() << "operand shapes " << dimsToString(lhs.getShape())
                       << " and " << dimsToString(rhs.getShape())
                       << " must match (" << opName << "_c1)";
  if (!haveSameBaselineElementType(lhs.getElementType(), rhs.getElementType()))
    return emitError() << "operand element types " << lhs.getElementType()
                       << " and " << rhs.getElementType() << " must match ("
                       << opName << "_c1)";
  return RankedTensorType::get(refineShape(lhs.getShape(), rhs.getShape()),
                               lhs.getElementType(), lhs.getEncoding());
}

FailureOr<RankedTensorType> inferCompareOp(EmitErrorFn emitError,
                                           RankedTensorType lhs,
                                           RankedTensorType rhs) {
  // compare_c1: baseline_element_type(lhs) = baseline_element_type(rhs)
  if (!haveSameBaselineElementType(lhs.getElementType(), rhs.getElementType()))
    return emitError() << "operand element types " << lhs.getElementType()
                       << " and " << rhs.getElementType()
                       << " must match (compare_c1)";
  // compare_c2: shape(lhs) = shape(rhs) = shape(result)
  if (!isCompatibleShape(lhs.getShape(), rhs.getShape()))
    return emitError() << "operand shapes " << dimsToString(lhs.getShape())
                       << " and " << dimsToString(rhs.getShape())
                       << " must match (compare_c2)";
  return RankedTensorType::get(refineShape(lhs.getShape(), rhs.getShape()),
                               IntegerType::get(lhs.getContext(), 1));
}

FailureOr<RankedTensorType> inferSelectOp(EmitErrorFn emitError,
                                          RankedTensorType pred,
                                          RankedTensorType onTrue,
                                          RankedTensorType onFalse) {
  // select_c1: rank(pred) = 0 or shape(pred) = shape(on_true)
  if (pred.getRank() != 0 &&
      !isCompatibleShape(pred.getShape(), onTrue.getShape()))
    return emitError() << "pred shape " << dimsToString(pred.getShape())
                       << " must be scalar or match on_true shape "
                       << dimsToString(onTrue.getShape()) << " (select_c1)";
  // select_c2: baseline_type(on_true) = baseline_type(on_false)
  if (!isCompatibleBaselineType(onTrue, onFalse))
    return emitError() << "on_true type " << onTrue
                       << " and on_false type " << onFalse
                       << " must match (select_c2)";
  return RankedTensorType::get(
      refineShape(onTrue.getShape(), onFalse.getShape()),
      onTrue.getElementType(), onTrue.getEncoding());
}

FailureOr<RankedTensorType> inferClampOp(EmitErrorFn emitError,
                                         RankedTensorType min,
                                         RankedTensorType operand,
                                         RankedTensorType max) {
  // clamp_c1: rank(min) = 0 or shape(min) = shape(operand); same for max.
  for (auto [name, bound] : {std::pair<StringRef, RankedTensorType>{"min", min},
                             {"max", max}}) {
    if (bound.getRank() != 0 &&
        !isCompatibleShape(bound.getShape(), operand.getShape()))
      return emitError() << name << " shape " << dimsToString(bound.getShape())
                         << " must be scalar or match operand shape "
                         << dimsToString(operand.getShape()) << " (clamp_c1)";
    // clamp_c2: baseline_element_type(min/max) = baseline_element_type(operand)
    if (!haveSameBaselineElementType(bound.getElementType(),
                                     operand.getElementType()))
      return emitError() << name << " element type " << bound.getElementType()
                         << " must match operand element type "
                         << operand.getElementType() << " (clamp_c2)";
  }
  return operand;
}

LogicalResult verifyBitcastConvert(EmitErrorFn emitError,
                                   RankedTensorType operand,
                                   RankedTensorType result) {
  unsigned inBits = getBitWidth(operand.getElementType());
  unsigned outBits = getBitWidth(result.getElementType());
  ArrayRef<int64_t> in = operand.getShape(), out = result.getShape();
  // bitcast_convert_c1: with E = bits(in)/bits(out) ...
  if (inBits == outBits) {
    if (!isCompatibleShape(in, out))
      return emitError() << "operand shape " << dimsToString(in)
                         << " and result shape " << dimsToString(out)
                         << " must match when element widths are equal "
                            "(bitcast_convert_c1)";
  } else if (inBits > outBits) {
    // The result has one more dimension of size inBits/outBits.
    if (inBits % outBits != 0 || out.size() != in.size() + 1 ||
        !isCompatibleShape(in, out.drop_back()) ||
        !isCompatibleDim(out.back(), inBits / outBits))
      return emitError() << "result shape " << dimsToString(out)
                         << " must be operand shape " << dimsToString(in)
                         << " plus a last dimension of " << inBits / outBits
                         << " (bitcast_convert_c1)";
  } else {
    if (outBits % inBits != 0 || in.size() != out.size() + 1 ||
        !isCompatibleShape(out, in.drop_back()) ||
        !isCompatibleDim(in.back(), outBits / inBits))
      return emitError() << "operand shape " << dimsToString(in)
                         << " must be result shape " << dimsToString(out)
                         << " plus a last dimension of " << outBits / inBits
                         << " (bitcast_convert_c1)";
  }
  // bitcast_convert_c2: is_complex(operand) or is_complex(result) implies
  // is_complex(operand) and is_complex(result).
  bool inComplex = isa<ComplexType>(operand.getElementType());
  bool outComplex = isa<ComplexType>(result.getElementType());
  if (inComplex != outComplex)
    return emitError() << "cannot bitcast between " << operand.getElementType()
                       << " and " << result.getElementType()
                       << " (bitcast_convert_c2)";
  return success();
}

} // namespace jx::stablehlo
