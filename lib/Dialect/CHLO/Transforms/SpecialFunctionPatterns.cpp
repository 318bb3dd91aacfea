//===- SpecialFunctionPatterns.cpp - erf, lgamma, digamma, ... ------------===//

#include "Decompose.h"

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

void jx::chlo::detail::populateSpecialFunctionPatterns(
    RewritePatternSet &patterns) {}
