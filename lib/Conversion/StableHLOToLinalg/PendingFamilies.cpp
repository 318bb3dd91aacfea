//===- PendingFamilies.cpp - pattern sets still to be written --------------===//
//
// Op families whose lowering is not written yet contribute no patterns; the
// full conversion then reports their ops as not lowered.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

namespace jx::stablehlo {
void populateStableHLOShapeToLinalgPatterns(const mlir::TypeConverter &,
                                            mlir::RewritePatternSet &) {}
void populateStableHLOReductionToLinalgPatterns(const mlir::TypeConverter &,
                                                mlir::RewritePatternSet &) {}
void populateStableHLOControlFlowToSCFPatterns(const mlir::TypeConverter &,
                                               mlir::RewritePatternSet &) {}
void populateStableHLOIndexingToLinalgPatterns(const mlir::TypeConverter &,
                                               mlir::RewritePatternSet &) {}
void populateStableHLODotToLinalgPatterns(const mlir::TypeConverter &,
                                          mlir::RewritePatternSet &) {}
} // namespace jx::stablehlo
