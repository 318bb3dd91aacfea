//===- ScalarRegion.cpp - stablehlo regions on 0-d tensors as scalar code -===//
//
// The bodies of reduce, scatter, sort and friends compute on 0-d tensors.
// Lowered, they run once per element inside a linalg or scf body, so each op
// becomes its scalar form (buildScalarOp), with no tensors left.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <complex>

using namespace mlir;

namespace jx::stablehlo {

/// The scalar of a splat `dense` as an arith/complex constant of `type`.
static LogicalResult emitConstant(OpBuilder &b, Location loc,
                                  DenseElementsAttr dense, Type type,
                                  Value &result) {
  if (!dense.isSplat())
    return failure();
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    auto value = dense.getSplatValue<std::complex<APFloat>>();
    Type part = complexType.getElementType();
    Value re = arith::ConstantOp::create(b, loc, part,
                                         b.getFloatAttr(part, value.real()));
    Value im = arith::ConstantOp::create(b, loc, part,
                                         b.getFloatAttr(part, value.imag()));
    result = complex::CreateOp::create(b, loc, type, re, im);
  } else if (isa<FloatType>(type)) {
    result = arith::ConstantOp::create(
        b, loc, type, b.getFloatAttr(type, dense.getSplatValue<APFloat>()));
  } else {
    result = arith::ConstantOp::create(
        b, loc, type, b.getIntegerAttr(type, dense.getSplatValue<APInt>()));
  }
  return success();
}

LogicalResult emitScalarRegion(OpBuilder &b, Region &region,
                               const TypeConverter &converter,
                               ValueRange scalarArgs,
                               SmallVectorImpl<Value> &results) {
  if (!region.hasOneBlock())
    return emitError(region.getLoc(), "expected a region with one block");
  Block &block = region.front();
  if (block.getNumArguments() != scalarArgs.size())
    return emitError(region.getLoc())
           << "region takes " << block.getNumArguments()
           << " arguments, lowering passed " << scalarArgs.size();
  IRMapping map;
  for (auto [arg, value] : llvm::zip(block.getArguments(), scalarArgs))
    map.map(arg, value);
  auto scalarType = [&](Type t) -> Type {
    return converter.convertType(getElementTypeOrSelf(t));
  };
  // The scalar standing for `v`: a block argument or earlier result, or a
  // value from above the region (canonicalize hoists constants out of
  // bodies): a constant is re-emitted as a scalar, anything else is read
  // from its 0-d tensor. Null after an error on `user`.
  auto resolve = [&](Value v, Operation &user) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    Location loc = user.getLoc();
    auto tensor = dyn_cast<RankedTensorType>(v.getType());
    if (!tensor || tensor.getRank() != 0) {
      user.emitError("cannot lower a non-0-d value from above the region "
                     "inside a scalar region");
      return Value();
    }
    Type type = scalarType(tensor);
    if (!type) {
      user.emitError("unsupported element type in a scalar region");
      return Value();
    }
    DenseElementsAttr dense;
    Value scalar;
    if (matchPattern(v, m_Constant(&dense))) {
      if (failed(emitConstant(b, loc, dense, type, scalar))) {
        user.emitError("unsupported constant in a scalar region");
        return Value();
      }
    } else {
      Value converted = v;
      auto convertedType = RankedTensorType::get({}, type);
      if (tensor != convertedType)
        converted =
            UnrealizedConversionCastOp::create(b, loc, convertedType, v)
                .getResult(0);
      scalar = tensor::ExtractOp::create(b, loc, converted, ValueRange{});
    }
    map.map(v, scalar);
    return scalar;
  };
  for (Operation &op : block) {
    Location loc = op.getLoc();
    if (isa<ReturnOp>(op)) {
      for (Value v : op.getOperands()) {
        Value scalar = resolve(v, op);
        if (!scalar)
          return failure();
        results.push_back(scalar);
      }
      return success();
    }
    for (Type t : op.getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(t);
          !tensor || tensor.getRank() != 0)
        return op.emitError() << "cannot lower '" << op.getName()
                              << "' on " << t << " inside a scalar region";
    SmallVector<Value> operands;
    for (Value v : op.getOperands()) {
      Value scalar = resolve(v, op);
      if (!scalar)
        return failure();
      operands.push_back(scalar);
    }
    Value result;
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      Type type = scalarType(constant.getType());
      if (!dense || !type || failed(emitConstant(b, loc, dense, type, result)))
        return op.emitError("unsupported constant in a scalar region");
    } else if (isa<ReshapeOp, BroadcastInDimOp, BitcastConvertOp>(op) &&
               op.getNumOperands() == 1 &&
               getElementTypeOrSelf(op.getOperand(0)) ==
                   getElementTypeOrSelf(op.getResult(0))) {
      result = operands[0]; // 0-d to 0-d: nothing moves
    } else if (hasScalarMapping(&op)) {
      SmallVector<Type> origTypes;
      for (Value v : op.getOperands())
        origTypes.push_back(getElementTypeOrSelf(v.getType()));
      Type type = scalarType(op.getResult(0).getType());
      if (!type)
        return op.emitError("unsupported element type in a scalar region");
      result = buildScalarOp(b, loc, &op, origTypes, type, operands);
      if (!result)
        return failure();
    } else {
      return op.emitError() << "cannot lower '" << op.getName()
                            << "' inside a scalar region yet";
    }
    map.map(op.getResult(0), result);
  }
  return emitError(region.getLoc(), "region has no stablehlo.return");
}

} // namespace jx::stablehlo
