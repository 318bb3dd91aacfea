// CostAnalysis.cpp - flops, transcendentals and bytes of a StableHLO
// program, counted as XLA's HloCostAnalysis counts them (Compile.h).

#include "jx/Compiler/Compile.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringSet.h"

namespace jx::compiler {
namespace {

double elements(mlir::Type t) {
  auto shaped = mlir::dyn_cast<mlir::RankedTensorType>(t);
  if (!shaped || !shaped.hasStaticShape())
    return shaped ? 0 : 1;
  double n = 1;
  for (int64_t d : shaped.getShape())
    n *= static_cast<double>(d);
  return n;
}

double bytes(mlir::Type t) {
  auto shaped = mlir::dyn_cast<mlir::RankedTensorType>(t);
  if (!shaped)
    return 0;
  mlir::Type e = shaped.getElementType();
  unsigned bits = 0;
  if (auto c = mlir::dyn_cast<mlir::ComplexType>(e))
    bits = 2 * c.getElementType().getIntOrFloatBitWidth();
  else if (e.isIntOrFloat())
    bits = e.getIntOrFloatBitWidth();
  return elements(t) * std::max(1u, (bits + 7) / 8);
}

bool isTranscendental(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "stablehlo.exponential", "stablehlo.exponential_minus_one",
      "stablehlo.log",         "stablehlo.log_plus_one",
      "stablehlo.logistic",    "stablehlo.tanh",
      "stablehlo.sine",        "stablehlo.cosine",
      "stablehlo.tan",         "stablehlo.atan2",
      "stablehlo.power",       "stablehlo.rsqrt",
      "stablehlo.sqrt",        "stablehlo.cbrt"};
  return names.contains(name);
}

/// Ops that move or reinterpret data without arithmetic.
bool isDataMovement(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "stablehlo.constant",     "stablehlo.reshape",
      "stablehlo.transpose",    "stablehlo.broadcast_in_dim",
      "stablehlo.slice",        "stablehlo.dynamic_slice",
      "stablehlo.concatenate",  "stablehlo.pad",
      "stablehlo.gather",       "stablehlo.iota",
      "stablehlo.convert",      "stablehlo.bitcast_convert",
      "stablehlo.reverse",      "stablehlo.dynamic_update_slice",
      "stablehlo.tuple",        "stablehlo.get_tuple_element",
      "stablehlo.optimization_barrier"};
  return names.contains(name);
}

} // namespace

program_cost cost_of(mlir::ModuleOp module) {
  program_cost cost;
  module.walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (!name.starts_with("stablehlo.") && !name.starts_with("chlo."))
      return;
    // Bytes: every operand read and every result written once, as XLA
    // counts an unfused op (fusion reads and writes less).
    for (mlir::Value v : op->getOperands())
      cost.bytes_accessed += bytes(v.getType());
    for (mlir::Value v : op->getResults())
      cost.bytes_accessed += bytes(v.getType());
    if (op->getNumResults() == 0 || isDataMovement(name))
      return;
    double out = elements(op->getResult(0).getType());
    if (auto dot = mlir::dyn_cast<stablehlo::DotGeneralOp>(op)) {
      auto lhs = mlir::cast<mlir::RankedTensorType>(dot.getLhs().getType());
      double k = 1;
      for (int64_t d : dot.getDotDimensionNumbers().getLhsContractingDimensions())
        k *= static_cast<double>(lhs.getDimSize(d));
      cost.flops += 2 * out * k; // a multiply and an add per term
      return;
    }
    if (auto conv = mlir::dyn_cast<stablehlo::ConvolutionOp>(op)) {
      auto kernel = mlir::cast<mlir::RankedTensorType>(conv.getRhs().getType());
      int64_t outFeatures = kernel.getDimSize(
          conv.getDimensionNumbers().getKernelOutputFeatureDimension());
      double window = elements(kernel) / std::max<int64_t>(outFeatures, 1);
      cost.flops += 2 * out * window;
      return;
    }
    if (mlir::isa<stablehlo::ReduceOp, stablehlo::ReduceWindowOp>(op)) {
      // One application of the body per input element.
      double in = elements(op->getOperand(0).getType());
      unsigned bodyOps = 0;
      for (mlir::Operation &inner : op->getRegion(0).front())
        bodyOps += inner.getNumResults() > 0;
      cost.flops += in * std::max(1u, bodyOps);
      return;
    }
    if (op->getNumRegions() > 0)
      return; // control flow: its body's ops are counted where they are
    if (isTranscendental(name))
      cost.transcendentals += out;
    else
      cost.flops += out;
  });
  return cost;
}

} // namespace jx::compiler
