//===- ShapeLowering.h - helpers shared by the shape-family lowerings -----===//
//
// Private to lib/Conversion/StableHLOToLinalg: the builders that the static
// and dynamic shape ops (ShapeToLinalg.cpp, DynamicShapeToLinalg.cpp,
// BitcastConvertToLinalg.cpp) have in common. Sizes travel as OpFoldResults
// so that a size known at compile time stays static in the types built.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_CONVERSION_STABLEHLOTOLINALG_SHAPELOWERING_H
#define JX_LIB_CONVERSION_STABLEHLOTOLINALG_SHAPELOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Transforms/DialectConversion.h"

namespace jx::stablehlo::shape {

/// A conversion pattern of an op with one tensor result.
template <typename OpTy>
struct ShapePattern : mlir::OpConversionPattern<OpTy> {
  using mlir::OpConversionPattern<OpTy>::OpConversionPattern;
  /// The converted result type; null when the element type has no lowering.
  mlir::RankedTensorType convertedResult(mlir::Operation *op) const {
    return llvm::dyn_cast_or_null<mlir::RankedTensorType>(
        this->getTypeConverter()->convertType(op->getResult(0).getType()));
  }
};

/// Index arithmetic on OpFoldResults that folds when both sides are known.
struct IndexMath {
  mlir::OpBuilder &b;
  mlir::Location loc;

  mlir::Value value(mlir::OpFoldResult x) const;
  mlir::OpFoldResult add(mlir::OpFoldResult x, mlir::OpFoldResult y) const;
  mlir::OpFoldResult sub(mlir::OpFoldResult x, mlir::OpFoldResult y) const;
  mlir::OpFoldResult mul(mlir::OpFoldResult x, mlir::OpFoldResult y) const;
  mlir::OpFoldResult max(mlir::OpFoldResult x, mlir::OpFoldResult y) const;
  /// ceil(x / y) for x >= 0, y > 0.
  mlir::OpFoldResult ceilDiv(mlir::OpFoldResult x, mlir::OpFoldResult y) const;
  mlir::OpFoldResult constant(int64_t v) const { return b.getIndexAttr(v); }
};

/// The sizes of `type`: static dimensions from the type, dynamic ones from
/// `dynamic` (same rank).
llvm::SmallVector<mlir::OpFoldResult>
mixSizes(mlir::RankedTensorType type, llvm::ArrayRef<mlir::OpFoldResult> dynamic);

/// `value` as `type` (a tensor.cast when the static information differs).
mlir::Value castTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                   mlir::Type type);

/// An integer scalar (signless, `isUnsigned` from the original type) as an
/// index.
mlir::Value scalarToIndex(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value scalar, bool isUnsigned);

/// An index as a value of element type `type` (integer, float or complex).
mlir::Value indexToElement(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value index, mlir::Type type);

/// The linalg.index values of a generic body, created on first use.
class LoopIndices {
public:
  LoopIndices(mlir::OpBuilder &b, mlir::Location loc, int64_t rank)
      : b(b), loc(loc), cache(rank) {}
  mlir::Value operator[](int64_t dim);
  int64_t size() const { return cache.size(); }
  mlir::Value back() { return (*this)[size() - 1]; }
  /// Indices [begin, end).
  llvm::SmallVector<mlir::Value> range(int64_t begin, int64_t end);

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  llvm::SmallVector<mlir::Value> cache;
};

using GenericBody = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, LoopIndices &ivs,
    mlir::ValueRange inputArgs)>;

/// A linalg.generic producing a tensor of `sizes` x `elementType` (static
/// where the sizes are): `inputs` are read through `inputMaps`, `body` gets
/// the loop indices and the input scalars and returns the output scalar.
mlir::Value buildGeneric(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Type elementType,
                         llvm::ArrayRef<mlir::OpFoldResult> sizes,
                         mlir::ValueRange inputs,
                         llvm::ArrayRef<mlir::AffineMap> inputMaps,
                         GenericBody body);

/// iota along `dim` into a tensor of `sizes`.
mlir::Value buildIota(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Type elementType,
                      llvm::ArrayRef<mlir::OpFoldResult> sizes, int64_t dim);

/// broadcast_in_dim of `operand` to `sizes`, operand dimension i going to
/// result dimension dims[i]. Static size-1 operand dimensions expand; a
/// dynamic operand dimension expands at run time when its size is 1, unless
/// `nonExpanding` lists it.
mlir::Value buildBroadcastInDim(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value operand,
                                llvm::ArrayRef<mlir::OpFoldResult> sizes,
                                llvm::ArrayRef<int64_t> dims,
                                llvm::ArrayRef<int64_t> nonExpanding = {});

/// `src` with the same elements in row-major order and shape `sizes`.
mlir::Value buildReshape(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value src,
                         llvm::ArrayRef<mlir::OpFoldResult> sizes);

/// pad semantics: `low`/`high` may be negative (cropping), `interior` >= 0
/// inserts padding between elements. `padValue` is a 0-d tensor.
mlir::Value buildPad(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value operand, mlir::Value padValue,
                     llvm::ArrayRef<mlir::OpFoldResult> low,
                     llvm::ArrayRef<mlir::OpFoldResult> high,
                     llvm::ArrayRef<mlir::OpFoldResult> interior);

/// The elements of a 1-D integer tensor operand (shapes, paddings, indices)
/// as OpFoldResults: constants when `original` is a constant, extracted
/// values of `converted` otherwise. `count` is the number expected.
llvm::SmallVector<mlir::OpFoldResult>
shapeOperandValues(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::Value original, mlir::Value converted, int64_t count);

void populateDynamicShapePatterns(const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateMiscShapePatterns(const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
void populateBitcastConvertPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);

} // namespace jx::stablehlo::shape

#endif // JX_LIB_CONVERSION_STABLEHLOTOLINALG_SHAPELOWERING_H
