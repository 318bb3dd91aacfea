//===- RngQuantOps.cpp - random numbers and quantization ------------------===//
//
// Verifiers of rng, rng_bit_generator, uniform_quantize and
// uniform_dequantize. The rng_bit_generator shape rule is shared
// (InferComm.h).
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferComm.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLORngQuantOps.cpp.inc"

//===----------------------------------------------------------------------===//
// rng
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  Type a = getA().getType().getElementType();
  Type b = getB().getType().getElementType();
  Type result = getType().getElementType();
  // rng_c1: element_type(a) = element_type(b) = element_type(result)
  if (a != b || a != result)
    return emitOpError() << "element types of a (" << a << "), b (" << b
                         << ") and result (" << result
                         << ") must match (rng_c1)";
  // rng_c2: NORMAL needs a floating-point element type.
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(a))
    return emitOpError() << "NORMAL distribution needs a floating-point "
                            "element type, got "
                         << a << " (rng_c2)";
  // rng_c3: shape(result) = shape
  int64_t rank = getType().getRank();
  int64_t size = getShape().getType().getDimSize(0);
  if (!ShapedType::isDynamic(size) && size != rank)
    return emitOpError() << "shape has " << size
                         << " elements but the result has rank " << rank
                         << " (rng_c3)";
  DenseIntElementsAttr shape;
  if (matchPattern(getShape(), m_Constant(&shape))) {
    SmallVector<int64_t> dims;
    for (const APInt &d : shape.getValues<APInt>())
      dims.push_back(d.getSExtValue());
    if (!isCompatibleShape(dims, getType().getShape()))
      return emitOpError() << "result shape "
                           << dimsToString(getType().getShape())
                           << " must match shape " << dimsToString(dims)
                           << " (rng_c3)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// rng_bit_generator
//===----------------------------------------------------------------------===//

LogicalResult RngBitGeneratorOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  RankedTensorType output = getOutput().getType();
  auto inferred = inferRngBitGeneratorOp(emitError, getRngAlgorithm(),
                                         getInitialState().getType(),
                                         output.getShape(),
                                         output.getElementType());
  if (failed(inferred))
    return failure();
  // rng_bit_generator_c1: type(initial_state) = type(output_state)
  if (!isCompatibleType(inferred->first, getOutputState().getType()))
    return emitOpError() << "output_state type " << getOutputState().getType()
                         << " must match initial_state type "
                         << getInitialState().getType()
                         << " (rng_bit_generator_c1)";
  return success();
}

//===----------------------------------------------------------------------===//
// uniform_quantize, uniform_dequantize
//===----------------------------------------------------------------------===//

/// `<op>_c1: shape(operand) = shape(result)`.
static LogicalResult verifySameShape(Operation *op, StringRef label) {
  auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (isCompatibleShape(operand.getShape(), result.getShape()))
    return success();
  return op->emitOpError() << "operand shape "
                           << dimsToString(operand.getShape())
                           << " and result shape "
                           << dimsToString(result.getShape())
                           << " must match (" << label << ")";
}

/// The quantized tensor type's quantization_dimension must be a dimension
/// of the tensor, with one scale per element along it.
static LogicalResult verifyPerAxis(Operation *op, RankedTensorType type) {
  auto perAxis =
      dyn_cast<quant::UniformQuantizedPerAxisType>(type.getElementType());
  if (!perAxis)
    return success();
  int64_t dim = perAxis.getQuantizedDimension();
  if (dim < 0 || dim >= type.getRank())
    return op->emitOpError() << "quantization dimension " << dim << " of "
                             << type << " must be in range [0, "
                             << type.getRank() << ")";
  int64_t size = type.getDimSize(dim);
  int64_t scales = perAxis.getScales().size();
  if (!ShapedType::isDynamic(size) && size != scales)
    return op->emitOpError() << type << " has " << scales
                             << " scales but dimension " << dim
                             << " has size " << size;
  return success();
}

LogicalResult UniformQuantizeOp::verify() {
  // uniform_quantize_c1: shape(operand) = shape(result)
  if (failed(verifySameShape(*this, "uniform_quantize_c1")) ||
      failed(verifyPerAxis(*this, getOperand().getType())) ||
      failed(verifyPerAxis(*this, getType())))
    return failure();
  // uniform_quantize_c2: expressed_type(result) = is_float(operand) ?
  //   element_type(operand) : expressed_type(operand)
  Type operand = getOperand().getType().getElementType();
  auto result = cast<quant::QuantizedType>(getType().getElementType());
  Type expected = operand;
  if (auto quantized = dyn_cast<quant::QuantizedType>(operand))
    expected = quantized.getExpressedType();
  if (result.getExpressedType() != expected)
    return emitOpError() << "result expressed type "
                         << result.getExpressedType() << " must be "
                         << expected << " (uniform_quantize_c2)";
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  // uniform_dequantize_c1: shape(operand) = shape(result)
  if (failed(verifySameShape(*this, "uniform_dequantize_c1")) ||
      failed(verifyPerAxis(*this, getOperand().getType())))
    return failure();
  // uniform_dequantize_c2: element_type(result) = expressed_type(operand)
  auto operand =
      cast<quant::QuantizedType>(getOperand().getType().getElementType());
  if (getType().getElementType() != operand.getExpressedType())
    return emitOpError() << "result element type "
                         << getType().getElementType()
                         << " must be the operand's expressed type "
                         << operand.getExpressedType()
                         << " (uniform_dequantize_c2)";
  return success();
}
