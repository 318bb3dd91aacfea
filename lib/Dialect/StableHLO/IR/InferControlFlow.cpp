//===- InferControlFlow.cpp - shape functions of control flow ops ---------===//

#include "jx/Dialect/StableHLO/IR/InferControlFlow.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace jx::stablehlo {

std::string typesToString(TypeRange types) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '(';
  llvm::interleaveComma(types, os);
  os << ')';
  return s;
}

FailureOr<TypeRange> getRegionReturnTypes(EmitErrorFn emitError,
                                          Region &region, StringRef what) {
  if (!region.hasOneBlock() || region.front().empty() ||
      !region.front().back().hasTrait<OpTrait::IsTerminator>())
    return emitError() << what
                       << " must have one block ending in a terminator";
  return TypeRange(region.front().getTerminator()->getOperandTypes());
}

/// True when `a` and `b` have the same length and pairwise compatible types.
static bool allCompatible(TypeRange a, TypeRange b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!isCompatibleType(x, y))
      return false;
  return true;
}

FailureOr<SmallVector<Type>> inferWhileOp(EmitErrorFn emitError,
                                          TypeRange operands, Region &cond,
                                          Region &body) {
  FailureOr<TypeRange> condResults =
      getRegionReturnTypes(emitError, cond, "cond");
  if (failed(condResults))
    return failure();
  FailureOr<TypeRange> bodyResults =
      getRegionReturnTypes(emitError, body, "body");
  if (failed(bodyResults))
    return failure();

  // while_c1: cond has type (T0, ..., TN-1) -> tensor<i1>.
  TypeRange condArgs = cond.front().getArgumentTypes();
  if (!allCompatible(condArgs, operands))
    return emitError() << "cond argument types " << typesToString(condArgs)
                       << " must match operand types "
                       << typesToString(operands) << " (while_c1)";
  auto pred = condResults->size() == 1
                  ? dyn_cast<RankedTensorType>((*condResults)[0])
                  : RankedTensorType();
  if (!pred || pred.getRank() != 0 || !pred.getElementType().isInteger(1))
    return emitError() << "cond must return a single tensor<i1>, got "
                       << typesToString(*condResults) << " (while_c1)";

  // while_c2: body has type (T0, ..., TN-1) -> (T0, ..., TN-1).
  TypeRange bodyArgs = body.front().getArgumentTypes();
  if (!allCompatible(bodyArgs, operands))
    return emitError() << "body argument types " << typesToString(bodyArgs)
                       << " must match operand types "
                       << typesToString(operands) << " (while_c2)";
  if (!allCompatible(*bodyResults, operands))
    return emitError() << "body return types "
                       << typesToString(*bodyResults)
                       << " must match operand types "
                       << typesToString(operands) << " (while_c2)";
  // while_c3: type(results...) = type(operand...).
  return SmallVector<Type>(operands);
}

FailureOr<SmallVector<Type>> inferIfOp(EmitErrorFn emitError, Type pred,
                                       Region &trueBranch,
                                       Region &falseBranch) {
  // if_i1: pred is a 0-dimensional tensor of i1.
  auto predType = dyn_cast<RankedTensorType>(pred);
  if (!predType || predType.getRank() != 0 ||
      !predType.getElementType().isInteger(1))
    return emitError() << "pred must be a 0-dimensional tensor of i1, got "
                       << pred << " (if_i1)";
  FailureOr<TypeRange> trueResults =
      getRegionReturnTypes(emitError, trueBranch, "true_branch");
  if (failed(trueResults))
    return failure();
  FailureOr<TypeRange> falseResults =
      getRegionReturnTypes(emitError, falseBranch, "false_branch");
  if (failed(falseResults))
    return failure();
  // if_c1: input_types(true_branch) = input_types(false_branch) = [].
  if (trueBranch.front().getNumArguments() != 0)
    return emitError() << "true_branch must have no arguments, has "
                       << trueBranch.front().getNumArguments() << " (if_c1)";
  if (falseBranch.front().getNumArguments() != 0)
    return emitError() << "false_branch must have no arguments, has "
                       << falseBranch.front().getNumArguments() << " (if_c1)";
  // if_c2: output_types(true_branch) = output_types(false_branch).
  if (!allCompatible(*trueResults, *falseResults))
    return emitError() << "true_branch returns "
                       << typesToString(*trueResults)
                       << " but false_branch returns "
                       << typesToString(*falseResults) << " (if_c2)";
  return SmallVector<Type>(*trueResults);
}

FailureOr<SmallVector<Type>> inferCaseOp(EmitErrorFn emitError, Type index,
                                         MutableArrayRef<Region> branches) {
  // case_i1: index is a 0-dimensional tensor of si32.
  auto indexType = dyn_cast<RankedTensorType>(index);
  if (!indexType || indexType.getRank() != 0 ||
      !indexType.getElementType().isSignlessInteger(32))
    return emitError() << "index must be a 0-dimensional tensor of i32, got "
                       << index << " (case_i1)";
  // case_c1: 0 < size(branches).
  if (branches.empty())
    return emitError() << "must have at least one branch (case_c1)";
  SmallVector<Type> first;
  for (auto [i, branch] : llvm::enumerate(branches)) {
    std::string what = "branch " + std::to_string(i);
    FailureOr<TypeRange> results = getRegionReturnTypes(emitError, branch, what);
    if (failed(results))
      return failure();
    // case_c2: input_types(branches...) = [].
    if (branch.front().getNumArguments() != 0)
      return emitError() << what << " must have no arguments, has "
                         << branch.front().getNumArguments() << " (case_c2)";
    // case_c3: same(output_types(branches...)).
    if (i == 0)
      first.assign(results->begin(), results->end());
    else if (!allCompatible(*results, first))
      return emitError() << what << " returns " << typesToString(*results)
                         << " but branch 0 returns " << typesToString(first)
                         << " (case_c3)";
  }
  return first;
}

} // namespace jx::stablehlo
