//===- ReductionCommon.h - helpers shared by the reduction lowerings -----===//
//
// Private to lib/Conversion/StableHLOToLinalg: the reduction family is split
// over several files (reduce and map, reduce_window, select_and_scatter,
// sort) that register from populateStableHLOReductionToLinalgPatterns.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_CONVERSION_STABLEHLOTOLINALG_REDUCTIONCOMMON_H
#define JX_LIB_CONVERSION_STABLEHLOTOLINALG_REDUCTIONCOMMON_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace jx::stablehlo {

void populateReduceAndMapPatterns(const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateReduceWindowPatterns(const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
void populateSelectAndScatterPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
void populateSortPatterns(const mlir::TypeConverter &converter,
                          mlir::RewritePatternSet &patterns);
/// A sort read only through short leading slices as a selection
/// (SortSelectToSCF.cpp); part of populateSortPatterns.
void populateSortSelectPatterns(const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);

/// The place of one slice along `dim` of a rank-`rank` tensor: the indices
/// `other` along the other dimensions, in order, and `length` elements from
/// 0 along `dim`.
void sliceAlong(mlir::OpBuilder &b, mlir::ValueRange other, int64_t rank,
                int64_t dim, mlir::OpFoldResult length,
                llvm::SmallVectorImpl<mlir::OpFoldResult> &offsets,
                llvm::SmallVectorImpl<mlir::OpFoldResult> &sizes,
                llvm::SmallVectorImpl<mlir::OpFoldResult> &strides);

/// An scf.forall over the slices along `dim` (one iteration per index of
/// the other dimensions, of `otherSizes`; one in all when there are none):
/// `body` gets the indices along the other dimensions and returns one 1-D
/// tensor of `length` per tensor of `results`, into whose slice it goes
/// (SortToSCF.cpp: the sorts, each slice on its own).
mlir::scf::ForallOp forEachSlice(
    mlir::OpBuilder &b, mlir::Location loc,
    llvm::ArrayRef<mlir::OpFoldResult> otherSizes, int64_t dim,
    mlir::OpFoldResult length, mlir::ValueRange results,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(
        mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>
        body);

/// tensor.empty of `type`; each dynamic dimension i takes `dynSize(i)`.
mlir::Value
emptyTensor(mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType type,
            llvm::function_ref<mlir::Value(int64_t)> dynSize);

/// The scalar held by a 0-d tensor.
mlir::Value extractScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value tensor0d);

/// `tensor` filled with the scalar held by the 0-d `init`.
mlir::Value fillWith(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value tensor, mlir::Value init0d);

/// Converted ranked tensor types of `op`'s results, or failure.
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
convertResultTypes(const mlir::TypeConverter &converter, mlir::Operation *op);

/// A nest of scf.for loops from 0 to each of `ubs` (step 1) carrying
/// `iterArgs`; `body` gets the induction variables and the carried values
/// and returns the values to carry on. With no bounds, `body` runs once.
/// Returns the nest's results.
llvm::SmallVector<mlir::Value> buildLoops(
    mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange ubs,
    mlir::ValueRange iterArgs,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(
        mlir::OpBuilder &, mlir::Location, mlir::ValueRange, mlir::ValueRange)>
        body);

/// `input` (converted, element type originally `fromOrig`) with its elements
/// promoted to `to` (a converted element type), as the spec's is_promotable
/// allows for reduction bodies: integers widen by their signedness, floats
/// and complex parts convert. Returns `input` when nothing changes.
mlir::Value promoteElements(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value input, mlir::Type fromOrig,
                            mlir::Type to);

/// Promotes each input and init value of a reduce-like op (whose original
/// inputs are `origInputs`) to the element type of its converted result, as
/// a body that accumulates in a wider type needs. Init values have the
/// inputs' element types.
void promoteInputsAndInits(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::ValueRange inputs, mlir::ValueRange inits,
                           mlir::ValueRange origInputs,
                           llvm::ArrayRef<mlir::RankedTensorType> resultTypes,
                           llvm::SmallVectorImpl<mlir::Value> &promotedInputs,
                           llvm::SmallVectorImpl<mlir::Value> &promotedInits);

/// Index constant.
mlir::Value indexConst(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// The one result of `region` (a select, scatter or reduction body) applied
/// to `scalarArgs`; when the region does not convert or does not give one
/// result, sets `failedRegion` and returns `fallback`, so that the caller can
/// finish building and then fail the conversion.
mlir::Value emitOneResultRegion(mlir::OpBuilder &b, mlir::Region &region,
                                const mlir::TypeConverter &converter,
                                mlir::ValueRange scalarArgs,
                                mlir::Value fallback, bool &failedRegion);

} // namespace jx::stablehlo

#endif // JX_LIB_CONVERSION_STABLEHLOTOLINALG_REDUCTIONCOMMON_H
