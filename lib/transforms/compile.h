// compile.h - internal: a closed jaxpr compiled for the host CPU, shared by
// jit and eager mode.

#ifndef JX_LIB_TRANSFORMS_COMPILE_H
#define JX_LIB_TRANSFORMS_COMPILE_H

#include "jx/jaxpr.h"
#include "jx/runtime/executable.h"

#include <memory>

namespace jx::transforms {

struct compiled {
  std::unique_ptr<runtime::executable> exe;
  std::vector<shaped_array> out_avals; // weak types included
};

/// "f32[2,3];i32[]w;..." - what a compile cache keys on.
std::string signature_key(const std::vector<shaped_array> &avals);

/// Lowers and compiles `j`; throws std::runtime_error with the compiler's
/// diagnostics on failure.
std::shared_ptr<const compiled> compile(const ClosedJaxpr &j,
                                        const std::string &name);

/// Runs `c` on concrete `args`; throws jx::error for a tracer.
std::vector<Array> execute(const compiled &c, const std::vector<Array> &args);

} // namespace jx::transforms

#endif // JX_LIB_TRANSFORMS_COMPILE_H
