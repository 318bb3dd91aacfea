//===- InterpreterOps.h - the StableHLO interpreter's test ops --*- C++ -*-===//

#ifndef JX_DIALECT_INTERPRETER_INTERPRETEROPS_H
#define JX_DIALECT_INTERPRETER_INTERPRETEROPS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "jx/Dialect/Interpreter/InterpreterDialect.h.inc"

#define GET_OP_CLASSES
#include "jx/Dialect/Interpreter/InterpreterOps.h.inc"

#endif // JX_DIALECT_INTERPRETER_INTERPRETEROPS_H
