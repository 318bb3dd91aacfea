//===- DotFamily.h - shared helpers of the Linalg-family lowerings -*- C++ -*-===//
//
// Private to the dot/convolution/fft/solve/batch_norm lowerings: scalar
// arithmetic that knows i1, integers, floats and complex numbers, tensors
// filled with a value, and the populate functions of the family's files
// (all registered from populateStableHLODotToLinalgPatterns).
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_CONVERSION_STABLEHLOTOLINALG_DOTFAMILY_H
#define JX_LIB_CONVERSION_STABLEHLOTOLINALG_DOTFAMILY_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace jx::stablehlo::dotfamily {

/// Scalar constant `v` of an integer, float or complex type (imaginary part 0).
mlir::Value scalarConst(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                        double v);

/// x + y and x * y with stablehlo's semantics: logical or/and on i1.
mlir::Value addScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                      mlir::Value y);
mlir::Value mulScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                      mlir::Value y);
/// Float or complex subtraction and division.
mlir::Value subScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                      mlir::Value y);
mlir::Value divScalar(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                      mlir::Value y);

/// A tensor of `type` (dynamic sizes `dynSizes`) filled with `value`.
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType type, mlir::Value value,
                         mlir::ValueRange dynSizes = {});

/// Sizes of `v` as OpFoldResults (constants where static).
llvm::SmallVector<mlir::OpFoldResult> tensorSizes(mlir::OpBuilder &b,
                                                  mlir::Location loc,
                                                  mlir::Value v);

/// The type converter's result type for `t`, or null.
mlir::RankedTensorType convertedTensorType(const mlir::TypeConverter &c,
                                           mlir::Type t);

void populateConvolutionPatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
void populateFftPatterns(const mlir::TypeConverter &converter,
                         mlir::RewritePatternSet &patterns);
void populateSolvePatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);
void populateBatchNormPatterns(const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);

} // namespace jx::stablehlo::dotfamily

#endif // JX_LIB_CONVERSION_STABLEHLOTOLINALG_DOTFAMILY_H
