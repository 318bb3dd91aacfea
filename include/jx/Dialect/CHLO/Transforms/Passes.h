//===- Passes.h - chlo passes and decomposition patterns ------*- C++ -*-===//

#ifndef JX_DIALECT_CHLO_TRANSFORMS_PASSES_H
#define JX_DIALECT_CHLO_TRANSFORMS_PASSES_H

#include "jx/Dialect/CHLO/IR/CHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace jx::chlo {

#define GEN_PASS_DECL
#include "jx/Dialect/CHLO/Transforms/Passes.h.inc"

/// Adds the patterns that rewrite chlo ops into stablehlo ops.
void populateChloDecompositionPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "jx/Dialect/CHLO/Transforms/Passes.h.inc"

} // namespace jx::chlo

#endif // JX_DIALECT_CHLO_TRANSFORMS_PASSES_H
