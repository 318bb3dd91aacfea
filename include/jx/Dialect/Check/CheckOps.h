//===- CheckOps.h - the test-only check dialect ------------------*- C++ -*-===//
//
// The `check` dialect (jx::check): ops that assert tensor values in test
// programs, and helpers that recognize the equivalent
// `stablehlo.custom_call @check.*` calls JAX-generated tests use.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_CHECK_CHECKOPS_H
#define JX_DIALECT_CHECK_CHECKOPS_H

#include "jx/runtime/check_abi.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include <optional>

#include "jx/Dialect/Check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "jx/Dialect/Check/CheckOps.h.inc"

namespace jx::check {


/// Default absolute tolerance of check.expect_almost_eq(_const).
inline constexpr double kDefaultTolerance = 1e-4;
/// Absolute tolerance of `stablehlo.custom_call @check.expect_almost_eq`.
inline constexpr double kCustomCallTolerance = 1e-3;
/// Largest ULP distance `stablehlo.custom_call @check.expect_close` accepts.
inline constexpr int64_t kCustomCallMaxUlpDifference = 3;

/// True for `stablehlo.custom_call` ops whose call_target_name is
/// check.expect_eq, check.expect_close or check.expect_almost_eq. Looks only
/// at the op name and the `call_target_name` string attribute, so it needs no
/// stablehlo op class.
bool isCheckCustomCall(mlir::Operation *op);

/// The kind of check `op` is: a check dialect op, or a check custom call
/// (ExpectEq, ExpectClose or ExpectAlmostEq, comparing its two operands).
/// std::nullopt for any other op.
std::optional<CheckKind> getCheckKind(mlir::Operation *op);

/// The kind named by a custom call target (`check.expect_eq`, ...).
std::optional<CheckKind> getCustomCallCheckKind(llvm::StringRef targetName);

/// "expect_eq", "expect_almost_eq_const", ...
llvm::StringRef stringifyCheckKind(CheckKind kind);

} // namespace jx::check

#endif // JX_DIALECT_CHECK_CHECKOPS_H
