// executable.h - a StableHLO entry function compiled for the host CPU.
//
// An executable knows its signature; run() checks the inputs against it
// (count, shape, dtype) before calling compiled code, and returns the
// results as host buffers.

#ifndef JX_RUNTIME_EXECUTABLE_H
#define JX_RUNTIME_EXECUTABLE_H

#include "jx/runtime/checks.h"
#include "jx/runtime/host_buffer.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace jx::cpu {
class JitModule;
} // namespace jx::cpu

namespace jx::runtime {

/// Shape and dtype of one argument or result.
struct tensor_spec {
  jx::runtime::dtype dtype;
  std::vector<int64_t> shape;
  std::string type_string() const;
};

/// A bad argument to run(): wrong count, shape or dtype.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct compile_options {
  /// Called after each pipeline phase with its name and the module.
  std::function<void(const std::string &, mlir::ModuleOp)> after_phase;
};

class executable {
public:
  /// Compiles `entry` of `module` (which is not modified). Diagnostics go to
  /// the module's context; returns null on failure.
  static std::unique_ptr<executable> compile(mlir::ModuleOp module,
                                             const std::string &entry,
                                             const compile_options &options = {});
  ~executable();

  const std::vector<tensor_spec> &inputs() const { return inputs_; }
  const std::vector<tensor_spec> &outputs() const { return outputs_; }

  /// Runs the compiled code. Throws invalid_input when `args` do not match
  /// inputs(). Check ops in the program report to `log` when given.
  std::vector<host_buffer> run(const std::vector<host_buffer> &args,
                               check_log *log = nullptr) const;

private:
  executable() = default;
  std::unique_ptr<jx::cpu::JitModule> module_;
  void (*entry_fn_)(void **) = nullptr; // entry_'s packed wrapper in module_
  std::string entry_;
  std::vector<tensor_spec> inputs_, outputs_;
};

/// The dtype of an MLIR element type, or nullopt where jx has none.
std::optional<dtype> dtype_of(mlir::Type element_type);

} // namespace jx::runtime

#endif // JX_RUNTIME_EXECUTABLE_H
