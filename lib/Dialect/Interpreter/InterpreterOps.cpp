//===- InterpreterOps.cpp - the StableHLO interpreter's test ops ----------===//

#include "jx/Dialect/Interpreter/InterpreterOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::interpreter;

#include "jx/Dialect/Interpreter/InterpreterDialect.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/Interpreter/InterpreterOps.cpp.inc"
      >();
}

/// `programs` is a non-empty grid of function symbols, every row as long.
LogicalResult RunParallelOp::verify() {
  ArrayAttr rows = getPrograms();
  if (rows.empty())
    return emitOpError("needs at least one program");
  std::size_t cols = 0;
  for (Attribute row : rows) {
    auto list = dyn_cast<ArrayAttr>(row);
    if (!list || list.empty())
      return emitOpError("programs must be a list of non-empty lists of "
                         "function symbols (one row per replica)");
    if (cols && list.size() != cols)
      return emitOpError("every row of programs must have as many programs "
                         "(one per partition)");
    cols = list.size();
    for (Attribute p : list)
      if (!isa<FlatSymbolRefAttr>(p))
        return emitOpError("programs must name functions (@f), not ") << p;
  }
  return success();
}

#define GET_OP_CLASSES
#include "jx/Dialect/Interpreter/InterpreterOps.cpp.inc"
