// OutputAliasing.h - which outputs may be written into which inputs.

#ifndef JX_LIB_COMPILER_OUTPUTALIASING_H
#define JX_LIB_COMPILER_OUTPUTALIASING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace jx::compiler {

/// Which outputs of the bufferized entry `fn` (inputs, then one
/// out-parameter per output) may share memory with which inputs: a pair
/// (k, j) is safe when no element of input k is read after output j is
/// first written. Conservative (see OutputAliasing.cpp). Only pairs for
/// which `candidate` holds are examined. Returns inputs x outputs flags,
/// row-major.
std::vector<uint8_t>
outputAliasing(mlir::func::FuncOp fn, std::size_t inputs, std::size_t outputs,
               const std::function<bool(std::size_t, std::size_t)> &candidate);

} // namespace jx::compiler

#endif // JX_LIB_COMPILER_OUTPUTALIASING_H
