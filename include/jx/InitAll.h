//===- InitAll.h - register jx's dialects and passes ---------*- C++ -*-===//

#ifndef JX_INITALL_H
#define JX_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace jx {

/// Adds every dialect jx parses (ours and the upstream ones a StableHLO
/// program uses: func, quant) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every jx pass and pass pipeline with the global registry.
void registerAllPasses();

} // namespace jx

#endif // JX_INITALL_H
