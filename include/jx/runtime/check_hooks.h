// check_hooks.h - the runtime side of the test-only check ops, in a library
// of its own (libjx_checks), outside the production runtime.
//
// Conformance programs check their results with the `check` dialect; after
// lowering each check is a call of jx_rt_check. A program that runs such
// programs (jxc, jx-run, the fuzzers) links libjx_checks and calls
// enable_checks() once, which hands jx_rt_check to the JIT; shared objects
// find it in the process. A program without it compiles check-free code as
// before, and check ops fail to link, naming jx_rt_check.

#ifndef JX_RUNTIME_CHECK_HOOKS_H
#define JX_RUNTIME_CHECK_HOOKS_H

#include <cstdint>

namespace jx::runtime {
/// Makes jx_rt_check available to code compiled from now on.
void enable_checks();
} // namespace jx::runtime

extern "C" void jx_rt_check(int32_t kind, int64_t actual, int64_t expected,
                            int64_t count, int32_t element_code,
                            double tolerance, int64_t max_ulp, int64_t min_ulp,
                            int64_t line);

#endif // JX_RUNTIME_CHECK_HOOKS_H
