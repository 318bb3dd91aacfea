//===- DotToLinalg.cpp - Dot/convolution/linear-algebra ops of stablehlo, lowered ----------------------===//
//
// Not written yet: this family contributes no patterns, so the full
// conversion reports its ops as not lowered by the 'linalg' phase.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

namespace jx::stablehlo {

void populateStableHLODotToLinalgPatterns(const mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace jx::stablehlo
