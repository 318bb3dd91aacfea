//===- CheckKind.cpp - recognize check ops and check custom calls ---------===//

#include "jx/Dialect/Check/CheckOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace jx::check {

std::optional<CheckKind> getCustomCallCheckKind(llvm::StringRef targetName) {
  return llvm::StringSwitch<std::optional<CheckKind>>(targetName)
      .Case("check.expect_eq", CheckKind::ExpectEq)
      .Case("check.expect_close", CheckKind::ExpectClose)
      .Case("check.expect_almost_eq", CheckKind::ExpectAlmostEq)
      .Default(std::nullopt);
}

/// The call_target_name of a stablehlo.custom_call, whether it sits in the
/// op's properties or in its attribute dictionary; empty when absent.
static llvm::StringRef getCallTargetName(Operation *op) {
  if (!op || op->getName().getStringRef() != "stablehlo.custom_call")
    return {};
  if (auto name = op->getAttrOfType<StringAttr>("call_target_name"))
    return name.getValue();
  return {};
}

bool isCheckCustomCall(Operation *op) {
  return getCustomCallCheckKind(getCallTargetName(op)).has_value();
}

std::optional<CheckKind> getCheckKind(Operation *op) {
  if (!op)
    return std::nullopt;
  if (std::optional<CheckKind> kind =
          getCustomCallCheckKind(getCallTargetName(op)))
    return kind;
  return llvm::TypeSwitch<Operation *, std::optional<CheckKind>>(op)
      .Case([](ExpectEqOp) { return CheckKind::ExpectEq; })
      .Case([](ExpectEqConstOp) { return CheckKind::ExpectEqConst; })
      .Case([](ExpectAlmostEqOp) { return CheckKind::ExpectAlmostEq; })
      .Case([](ExpectAlmostEqConstOp) {
        return CheckKind::ExpectAlmostEqConst;
      })
      .Case([](ExpectCloseOp) { return CheckKind::ExpectClose; })
      .Case([](ExpectSerializedEqOp) {
        return CheckKind::ExpectSerializedEq;
      })
      .Default([](Operation *) { return std::nullopt; });
}

llvm::StringRef stringifyCheckKind(CheckKind kind) {
  return checkKindName(kind);
}

} // namespace jx::check
