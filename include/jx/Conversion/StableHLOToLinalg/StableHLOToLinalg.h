//===- StableHLOToLinalg.h - stablehlo to linalg/tensor/arith -*- C++ -*-===//
//
// Stage 5 of the pipeline: stablehlo on tensors becomes linalg, tensor,
// arith, math, complex and scf on tensors of signless types. One pattern set
// per op family; the pass `--stablehlo-legalize-to-linalg` applies them all.
//
//===----------------------------------------------------------------------===//

#ifndef JX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
#define JX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H

#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace jx::stablehlo {

/// Converts stablehlo's types to those of the lowered program: unsigned and
/// signed integers become signless (the op patterns keep the signedness in
/// the arith ops they choose), !stablehlo.token becomes an i1 placeholder
/// tensor, everything else is kept. Element types the CPU code generator does
/// not support yet (quantized, f8/f6/f4) have no conversion, so the pass
/// reports them by name.
class LinalgTypeConverter : public mlir::TypeConverter {
public:
  LinalgTypeConverter();
};

/// True for element types jx compiles today; the pass reports the others
/// with "element type X is not supported yet".
bool isSupportedElementType(mlir::Type type);

/// Builds the scalar computation of the elementwise op `op` on scalars
/// `args` (already converted to signless types). `operandTypes` are the
/// op's original (stablehlo) element types, so signedness is known.
/// Returns null and leaves an error on `op` for ops without a mapping.
mlir::Value buildScalarOp(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Operation *op, mlir::TypeRange operandTypes,
                          mlir::Type resultType, mlir::ValueRange args);

/// stablehlo.convert's semantics on one scalar: `x` (signless, original
/// element type `fromOrig`) becomes signless type `to` (original `toOrig`).
mlir::Value convertScalarValue(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value x, mlir::Type fromOrig,
                               mlir::Type to, mlir::Type toOrig);

/// The signed integer (of the float's width) whose order is the float's
/// total order: -0 below +0, positive NaNs above +inf, negative NaNs below
/// -inf. Its own inverse on the bits: the key of a key is the float's bits.
mlir::Value totalOrderKey(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value x);

/// A float stablehlo.maximum or minimum as buildScalarOp spells it out (a
/// compare and select that propagates NaN and orders -0 below +0; not
/// arith.maximumf, which arith-expand lowers without the signed zeros),
/// recognized from the value it yields: select(x wins, x, y).
struct FloatMinMax {
  bool isMax;
  mlir::Value x, y;
  /// The ops of the spelling, the select first.
  llvm::SmallVector<mlir::Operation *> ops;
};
std::optional<FloatMinMax> matchFloatMinMax(mlir::Value v);

/// True when buildScalarOp knows `op`.
bool hasScalarMapping(mlir::Operation *op);

/// Emits the computation of a stablehlo region on 0-d tensors (the body of
/// reduce, reduce_window, scatter, sort, map, select_and_scatter, ...) as
/// scalar code at `b`'s insertion point: block argument i takes
/// `scalarArgs[i]` (signless scalars) and `results` receives the scalars the
/// region's stablehlo.return yields. Supports the elementwise ops, constants
/// and 0-d reshapes/broadcasts/converts; anything else fails with an error
/// on that op.
mlir::LogicalResult
emitScalarRegion(mlir::OpBuilder &b, mlir::Region &region,
                 const mlir::TypeConverter &converter,
                 mlir::ValueRange scalarArgs,
                 llvm::SmallVectorImpl<mlir::Value> &results);

void populateStableHLOElementwiseToLinalgPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
void populateStableHLOShapeToLinalgPatterns(const mlir::TypeConverter &converter,
                                            mlir::RewritePatternSet &patterns);
void populateStableHLOReductionToLinalgPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
void populateStableHLOControlFlowToSCFPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
void populateStableHLOIndexingToLinalgPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
void populateStableHLODotToLinalgPatterns(const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);

std::unique_ptr<mlir::Pass> createStableHLOLegalizeToLinalgPass();
void registerStableHLOToLinalgPasses();

} // namespace jx::stablehlo

#endif // JX_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
