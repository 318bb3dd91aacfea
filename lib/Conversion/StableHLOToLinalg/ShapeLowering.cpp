//===- ShapeLowering.cpp - helpers shared by the shape-family lowerings ---===//
//
// Builders for iota, broadcasts, reshapes and padding on tensors, used by the
// static and dynamic variants of those ops alike.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace jx::stablehlo::shape {

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

Value IndexMath::value(OpFoldResult x) const {
  return getValueOrCreateConstantIndexOp(b, loc, x);
}

OpFoldResult IndexMath::add(OpFoldResult x, OpFoldResult y) const {
  auto cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy)
    return constant(*cx + *cy);
  if (cy && *cy == 0)
    return x;
  if (cx && *cx == 0)
    return y;
  return arith::AddIOp::create(b, loc, value(x), value(y)).getResult();
}

OpFoldResult IndexMath::sub(OpFoldResult x, OpFoldResult y) const {
  auto cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy)
    return constant(*cx - *cy);
  if (cy && *cy == 0)
    return x;
  return arith::SubIOp::create(b, loc, value(x), value(y)).getResult();
}

OpFoldResult IndexMath::mul(OpFoldResult x, OpFoldResult y) const {
  auto cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy)
    return constant(*cx * *cy);
  if (cy && *cy == 1)
    return x;
  if (cx && *cx == 1)
    return y;
  return arith::MulIOp::create(b, loc, value(x), value(y)).getResult();
}

OpFoldResult IndexMath::max(OpFoldResult x, OpFoldResult y) const {
  auto cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy)
    return constant(std::max(*cx, *cy));
  return arith::MaxSIOp::create(b, loc, value(x), value(y)).getResult();
}

OpFoldResult IndexMath::ceilDiv(OpFoldResult x, OpFoldResult y) const {
  auto cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy && *cy > 0)
    return constant(*cx <= 0 ? 0 : (*cx + *cy - 1) / *cy);
  if (cy && *cy == 1)
    return x;
  return arith::CeilDivSIOp::create(b, loc, value(x), value(y)).getResult();
}

//===----------------------------------------------------------------------===//
// Small conversions
//===----------------------------------------------------------------------===//

SmallVector<OpFoldResult> mixSizes(RankedTensorType type,
                                   ArrayRef<OpFoldResult> dynamic) {
  SmallVector<OpFoldResult> sizes;
  Builder b(type.getContext());
  for (int64_t i = 0; i < type.getRank(); ++i)
    sizes.push_back(type.isDynamicDim(i) ? dynamic[i]
                                         : OpFoldResult(b.getIndexAttr(
                                               type.getDimSize(i))));
  return sizes;
}

Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

Value scalarToIndex(OpBuilder &b, Location loc, Value scalar, bool isUnsigned) {
  if (scalar.getType().isIndex())
    return scalar;
  if (isUnsigned)
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), scalar);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar);
}

Value indexToElement(OpBuilder &b, Location loc, Value index, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Value re = indexToElement(b, loc, index, complex.getElementType());
    Value im = arith::ConstantOp::create(
        b, loc, b.getFloatAttr(complex.getElementType(), 0.0));
    return complex::CreateOp::create(b, loc, complex, re, im);
  }
  if (isa<FloatType>(type)) {
    Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
    return arith::SIToFPOp::create(b, loc, type, i64);
  }
  return arith::IndexCastOp::create(b, loc, type, index);
}

//===----------------------------------------------------------------------===//
// Generic builders
//===----------------------------------------------------------------------===//

Value LoopIndices::operator[](int64_t dim) {
  if (!cache[dim])
    cache[dim] = linalg::IndexOp::create(b, loc, dim);
  return cache[dim];
}

SmallVector<Value> LoopIndices::range(int64_t begin, int64_t end) {
  SmallVector<Value> r;
  for (int64_t d = begin; d < end; ++d)
    r.push_back((*this)[d]);
  return r;
}

Value buildGeneric(OpBuilder &b, Location loc, Type elementType,
                   ArrayRef<OpFoldResult> sizes, ValueRange inputs,
                   ArrayRef<AffineMap> inputMaps, GenericBody body) {
  auto init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  int64_t rank = sizes.size();
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        LoopIndices ivs(nb, l, rank);
        Value v = body(nb, l, ivs, args.drop_back());
        linalg::YieldOp::create(nb, l, v);
      });
  return generic.getResult(0);
}

Value buildIota(OpBuilder &b, Location loc, Type elementType,
                ArrayRef<OpFoldResult> sizes, int64_t dim) {
  return buildGeneric(b, loc, elementType, sizes, {}, {},
                      [&](OpBuilder &nb, Location l, LoopIndices &ivs,
                          ValueRange) {
                        return indexToElement(nb, l, ivs[dim], elementType);
                      });
}

Value buildBroadcastInDim(OpBuilder &b, Location loc, Value operand,
                          ArrayRef<OpFoldResult> sizes, ArrayRef<int64_t> dims,
                          ArrayRef<int64_t> nonExpanding) {
  auto srcType = cast<RankedTensorType>(operand.getType());
  Type elementType = srcType.getElementType();
  int64_t rank = sizes.size();
  enum Kind { Same, Expand, Runtime };
  SmallVector<Kind> kinds;
  bool runtime = false;
  for (int64_t i = 0; i < srcType.getRank(); ++i) {
    std::optional<int64_t> resultSize = getConstantIntValue(sizes[dims[i]]);
    bool resultIsOne = resultSize && *resultSize == 1;
    if (srcType.getDimSize(i) == 1 && !resultIsOne)
      kinds.push_back(Expand);
    else if (srcType.isDynamicDim(i) && !resultIsOne &&
             !llvm::is_contained(nonExpanding, i))
      kinds.push_back(Runtime), runtime = true;
    else
      kinds.push_back(Same);
  }

  if (!runtime) {
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      exprs.push_back(kinds[i] == Expand ? b.getAffineConstantExpr(0)
                                         : b.getAffineDimExpr(dims[i]));
    auto map = AffineMap::get(rank, 0, exprs, b.getContext());
    return buildGeneric(
        b, loc, elementType, sizes, operand, map,
        [](OpBuilder &, Location, LoopIndices &, ValueRange args) {
          return args[0];
        });
  }

  // Dynamic operand dimensions of size 1 expand at run time: read the
  // operand with computed indices.
  SmallVector<Value> isOne(srcType.getRank());
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t i = 0; i < srcType.getRank(); ++i)
    if (kinds[i] == Runtime)
      isOne[i] = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          tensor::DimOp::create(b, loc, operand, i), one);
  return buildGeneric(
      b, loc, elementType, sizes, {}, {},
      [&](OpBuilder &nb, Location l, LoopIndices &ivs, ValueRange) {
        Value zero = arith::ConstantIndexOp::create(nb, l, 0);
        SmallVector<Value> idx;
        for (int64_t i = 0; i < srcType.getRank(); ++i) {
          if (kinds[i] == Expand)
            idx.push_back(zero);
          else if (kinds[i] == Runtime)
            idx.push_back(
                arith::SelectOp::create(nb, l, isOne[i], zero, ivs[dims[i]]));
          else
            idx.push_back(ivs[dims[i]]);
        }
        return tensor::ExtractOp::create(nb, l, operand, idx).getResult();
      });
}

Value buildReshape(OpBuilder &b, Location loc, Value src,
                   ArrayRef<OpFoldResult> sizes) {
  auto srcType = cast<RankedTensorType>(src.getType());
  Type element = srcType.getElementType();
  SmallVector<int64_t> shape;
  for (OpFoldResult s : sizes)
    shape.push_back(getConstantIntValue(s).value_or(ShapedType::kDynamic));
  auto resultType = RankedTensorType::get(shape, element);
  if (srcType == resultType)
    return src;

  // Rank 0 from all-ones dimensions and back.
  if (resultType.getRank() == 0 && srcType.hasStaticShape())
    return tensor::CollapseShapeOp::create(b, loc, resultType, src,
                                           ArrayRef<ReassociationIndices>{});
  if (srcType.getRank() == 0 && resultType.hasStaticShape())
    return tensor::ExpandShapeOp::create(b, loc, resultType, src,
                                         ArrayRef<ReassociationIndices>{});

  // Flatten the source into one dimension (row-major order)...
  Value flat = src;
  if (srcType.getRank() == 0)
    flat = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, element), src,
        ArrayRef<ReassociationIndices>{});
  else if (srcType.getRank() > 1)
    flat = tensor::CollapseShapeOp::create(
        b, loc, src,
        ArrayRef<ReassociationIndices>{
            llvm::to_vector(llvm::seq<int64_t>(0, srcType.getRank()))});
  // ... of the result's size when that is known ...
  flat = castTo(b, loc, flat,
                RankedTensorType::get({resultType.hasStaticShape()
                                           ? resultType.getNumElements()
                                           : ShapedType::kDynamic},
                                      element));
  // ... and expand it to the result.
  if (resultType.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, resultType, flat,
                                           ArrayRef<ReassociationIndices>{});
  if (resultType.getRank() == 1)
    return castTo(b, loc, flat, resultType);
  return tensor::ExpandShapeOp::create(
      b, loc, resultType, flat,
      ArrayRef<ReassociationIndices>{
          llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()))},
      sizes);
}

Value buildPad(OpBuilder &b, Location loc, Value operand, Value padValue,
               ArrayRef<OpFoldResult> low, ArrayRef<OpFoldResult> high,
               ArrayRef<OpFoldResult> interior) {
  IndexMath m{b, loc};
  auto srcType = cast<RankedTensorType>(operand.getType());
  SmallVector<OpFoldResult> srcSizes = tensor::getMixedSizes(b, loc, operand);
  OpFoldResult zero = m.constant(0), one = m.constant(1);
  // Pad with the non-negative parts of low/high, then crop the negative
  // parts away.
  SmallVector<OpFoldResult> full, insertOffsets, insertStrides, cropOffsets,
      cropSizes, unitStrides;
  bool crop = false;
  for (int64_t i = 0; i < srcType.getRank(); ++i) {
    OpFoldResult lowPos = m.max(low[i], zero), highPos = m.max(high[i], zero);
    OpFoldResult stride = m.add(interior[i], one);
    // n elements with `interior` padding between them: n + (n-1)*interior,
    // and 0 for n = 0.
    OpFoldResult core =
        m.max(m.sub(m.mul(srcSizes[i], stride), interior[i]), zero);
    OpFoldResult size = m.add(m.add(lowPos, core), highPos);
    full.push_back(size);
    insertOffsets.push_back(lowPos);
    insertStrides.push_back(stride);
    OpFoldResult cropLow = m.sub(lowPos, low[i]);   // max(-low, 0)
    OpFoldResult cropHigh = m.sub(highPos, high[i]); // max(-high, 0)
    cropOffsets.push_back(cropLow);
    cropSizes.push_back(m.sub(m.sub(size, cropLow), cropHigh));
    unitStrides.push_back(one);
    auto cl = getConstantIntValue(cropLow), ch = getConstantIntValue(cropHigh);
    crop |= !cl || *cl != 0 || !ch || *ch != 0;
  }
  Value scalar = tensor::ExtractOp::create(b, loc, padValue, ValueRange{});
  Value init = tensor::EmptyOp::create(b, loc, full, srcType.getElementType());
  Value filled =
      linalg::FillOp::create(b, loc, ValueRange{scalar}, ValueRange{init})
          .getResult(0);
  // An operand with no elements leaves only padding (and an insert_slice
  // of it at an offset equal to the size would not verify).
  bool empty = llvm::is_contained(srcType.getShape(), 0);
  Value result = empty ? filled
                       : tensor::InsertSliceOp::create(b, loc, operand, filled,
                                                       insertOffsets, srcSizes,
                                                       insertStrides)
                             .getResult();
  if (crop)
    result = tensor::ExtractSliceOp::create(b, loc, result, cropOffsets,
                                            cropSizes, unitStrides);
  return result;
}

SmallVector<OpFoldResult> shapeOperandValues(OpBuilder &b, Location loc,
                                             Value original, Value converted,
                                             int64_t count) {
  SmallVector<OpFoldResult> values;
  bool isUnsigned = getElementTypeOrSelf(original.getType()).isUnsignedInteger();
  DenseIntElementsAttr attr;
  if (matchPattern(original, m_Constant(&attr)) ||
      matchPattern(converted, m_Constant(&attr))) {
    for (const APInt &v : attr.getValues<APInt>())
      values.push_back(b.getIndexAttr(isUnsigned ? (int64_t)v.getZExtValue()
                                                 : v.getSExtValue()));
    return values;
  }
  for (int64_t i = 0; i < count; ++i) {
    Value idx = arith::ConstantIndexOp::create(b, loc, i);
    Value e = tensor::ExtractOp::create(b, loc, converted, idx);
    values.push_back(scalarToIndex(b, loc, e, isUnsigned));
  }
  return values;
}

} // namespace jx::stablehlo::shape
