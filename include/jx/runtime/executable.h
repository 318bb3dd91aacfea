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
  /// Elementwise fusion (off: the unfused reference path).
  bool fuse = true;
  /// Dense contractions through BLAS (off: their loop nests).
  bool blas = true;
  /// With blas, f32 convolutions through oneDNN (off: GEMMs per window
  /// position).
  bool dnnl = true;
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
  /// inputs(), memory_error (memory.h) when the outputs or a temporary
  /// cannot be allocated or exceed the memory limit. Check ops in the
  /// program report to `log` when given.
  std::vector<host_buffer> run(const std::vector<host_buffer> &args,
                               check_log *log = nullptr) const;

  /// run() without copying the inputs, and with storage for outputs: a
  /// non-empty `reuse[i]` (dtype and shape of outputs()[i]) becomes output
  /// i, the compiled code writing into its data. Buffer donation passes a
  /// donated input both in `args[k]` and as `reuse[i]` (args[k] pointing at
  /// reuse[i]) where may_alias(k, i) says that is safe.
  /// Reused entries are moved out of `reuse` when run() returns.
  std::vector<host_buffer> run(const std::vector<const host_buffer *> &args,
                               std::vector<host_buffer> &reuse,
                               check_log *log = nullptr) const;

  /// Whether output `output` may be written into the memory of input
  /// `input` (same dtype and shape, and the compiled code reads no element
  /// of that input after it starts writing that output): decided when
  /// compiling, from the bufferized program.
  bool may_alias(std::size_t input, std::size_t output) const {
    return may_alias_.empty()
               ? false
               : may_alias_[input * outputs_.size() + output] != 0;
  }

private:
  executable() = default;
  /// Bytes of output #i.
  uint64_t output_size(std::size_t i) const;
  std::unique_ptr<jx::cpu::JitModule> module_;
  void (*entry_fn_)(void **) = nullptr; // entry_'s packed wrapper in module_
  std::string entry_;
  std::vector<tensor_spec> inputs_, outputs_;
  std::vector<uint8_t> may_alias_; // inputs x outputs, row-major
};

/// The dtype of an MLIR element type, or nullopt where jx has none.
std::optional<dtype> dtype_of(mlir::Type element_type);

} // namespace jx::runtime

#endif // JX_RUNTIME_EXECUTABLE_H
