//===- CheckToRuntime.h - lower test checks to runtime calls ---*- C++ -*-===//
//
// Conformance programs check their results with the test-only `check`
// dialect or with `stablehlo.custom_call @check.*`. jx compiles those checks
// like any other code: the custom calls become check ops early, and after
// lowering to linalg each check becomes a call of the runtime function
// `jx_rt_check` (lib/runtime/checks.cpp) on the two buffers.
//
//===----------------------------------------------------------------------===//

#ifndef JX_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
#define JX_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H

#include "jx/runtime/check_abi.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace jx::check {

/// `--jx-lower-check-custom-calls`: stablehlo.custom_call @check.expect_eq /
/// expect_close / expect_almost_eq -> the check op with the custom call's
/// documented tolerance.
std::unique_ptr<mlir::Pass> createLowerCheckCustomCallsPass();

/// `--jx-lower-checks-to-runtime`: check ops on (signless) tensors -> calls
/// of jx_rt_check on their buffers.
std::unique_ptr<mlir::Pass> createLowerChecksToRuntimePass();

void registerCheckToRuntimePasses();

} // namespace jx::check

#endif // JX_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
