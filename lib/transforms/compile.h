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
/// Appends one aval's part of signature_key ("f32[2,3];") to `key`.
void append_signature(std::string &key, const shaped_array &aval);

/// Lowers and compiles `j`; throws std::runtime_error with the compiler's
/// diagnostics on failure.
std::shared_ptr<const compiled> compile(const ClosedJaxpr &j,
                                        const std::string &name);

/// Runs `c` on concrete `args`; throws jx::error for a tracer or a donated
/// array.
std::vector<Array> execute(const compiled &c, const std::vector<Array> &args);

/// execute() donating the args whose `donate` flag is set (concrete, not
/// C++ scalars): each output takes the memory of a donated arg of its dtype
/// and shape where the executable allows it (executable::may_alias) and
/// the arg appears once in `args`; afterwards every donated arg is deleted
/// (its data dropped, any use throws naming `donated_to`, "jit(f)").
std::vector<Array> execute(const compiled &c, const std::vector<Array> &args,
                           const std::vector<char> &donate,
                           const std::shared_ptr<const std::string> &donated_to);

} // namespace jx::transforms

#endif // JX_LIB_TRANSFORMS_COMPILE_H
