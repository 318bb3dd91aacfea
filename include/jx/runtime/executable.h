// executable.h - compiled code with its signature, run on host buffers.
//
// An executable knows its signature; run() checks the inputs against it
// (count, shape, dtype) before calling compiled code, and returns the
// results as host buffers. The runtime never compiles: the compiler
// (jx/Compiler/Compile.h) makes executables, in this process (its JIT) or
// as bytes that deserialize() loads here or in another process — one that
// links only this runtime, without MLIR or LLVM.

#ifndef JX_RUNTIME_EXECUTABLE_H
#define JX_RUNTIME_EXECUTABLE_H

#include "jx/runtime/checks.h"
#include "jx/runtime/host_buffer.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace jx::runtime {

/// Shape and dtype of one argument or result.
class constant_copies; // constant_copies.h

struct tensor_spec {
  jx::runtime::dtype dtype;
  std::vector<int64_t> shape;
  std::string type_string() const;
  bool operator==(const tensor_spec &o) const {
    return dtype == o.dtype && shape == o.shape;
  }
};

/// A bad argument to run(): wrong count, shape or dtype.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Bytes that are not an executable this runtime can load: truncated or
/// corrupted, written by another jx version, or compiled for a CPU with
/// features this one lacks.
struct load_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The machine code of an executable, kept alive as long as it: the
/// compiler's in-process JIT module, or a shared object loaded here.
class loaded_code {
public:
  virtual ~loaded_code() = default;
};

/// What compiled code is called with: a pointer to each flattened argument
/// (memref descriptor words: inputs, then one out-parameter per output).
using entry_function = void (*)(void **);

/// The host CPU as the runtime sees it: /proc/cpuinfo's model name and
/// flags (sorted). Code compiled for the host needs every flag it had.
struct cpu_info {
  std::string model;
  std::vector<std::string> flags;
};
const cpu_info &host_cpu();
/// The flags of `needed` this CPU lacks (empty: code for `needed` runs here).
std::vector<std::string> missing_cpu_flags(const cpu_info &needed);

/// jx's version ("0.1.0"), written into serialized executables.
const char *version();

class executable {
public:
  /// The signature of `entry` and the code that computes it. `may_alias`
  /// is inputs x outputs, row-major (see may_alias()), or empty for "never".
  /// `shared_object`, when not empty, is the ELF shared object `code` was
  /// loaded from (what serialize() writes), and `cpu` the CPU it was
  /// compiled for.
  executable(std::string entry, std::vector<tensor_spec> inputs,
             std::vector<tensor_spec> outputs, std::vector<uint8_t> may_alias,
             std::unique_ptr<loaded_code> code, entry_function fn,
             std::string shared_object = {}, cpu_info cpu = {});
  ~executable();

  /// Loads an ELF shared object that defines `_mlir_<entry>` (the packed
  /// wrapper of the entry function) as an executable with this signature.
  /// Throws load_error when the object cannot be loaded or lacks the entry.
  static std::unique_ptr<executable>
  load(std::string shared_object, std::string entry,
       std::vector<tensor_spec> inputs, std::vector<tensor_spec> outputs,
       std::vector<uint8_t> may_alias, cpu_info cpu);

  /// Whether serialize() can write this executable: it was compiled to a
  /// shared object (jx::compiler::compile_options::serializable).
  bool serializable() const { return !shared_object_.empty(); }
  /// Bytes that deserialize() turns back into this executable, in this or
  /// another process of the same jx version on a CPU with the features of
  /// the one it was compiled for. Throws std::logic_error when not
  /// serializable().
  std::string serialize() const;
  /// Throws load_error (with what is wrong: "truncated", "not a jx
  /// executable", "written by jx 0.2.0, this is 0.1.0", "compiled for a
  /// CPU with avx512f, which this one lacks").
  static std::unique_ptr<executable> deserialize(const std::string &bytes);

  const std::string &entry() const { return entry_; }
  /// The devices the program runs on (its module's mhlo.num_replicas and
  /// mhlo.num_partitions; 1 x 1 for a single-device program): run() runs
  /// one device's copy, collectives.h runs them all. Serialized with it.
  int num_replicas() const { return replicas_; }
  int num_partitions() const { return partitions_; }
  void set_device_grid(int replicas, int partitions) {
    replicas_ = replicas;
    partitions_ = partitions;
  }
  /// Where the code runs: "cpu", or "cuda" for code of the CUDA pipeline
  /// (jx/runtime/cuda.h), whose run() copies the inputs into CUDA managed
  /// memory and the outputs back. Serialized with it.
  const std::string &device_kind() const { return device_kind_; }
  void set_device_kind(std::string kind) { device_kind_ = std::move(kind); }
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

  /// run() on memory the caller owns, nothing allocated, staged or copied:
  /// inputs[i] holds inputs()[i]'s bytes, outputs[i] has room for
  /// outputs()[i]'s. For a "cuda" executable both are memory its kernels
  /// address (cuda::alloc_managed): what jx::runtime::Client's CUDA
  /// buffers run with. Throws as run().
  void run_in_place(const std::vector<const void *> &inputs,
                    const std::vector<void *> &outputs,
                    check_log *log = nullptr) const;

  /// Whether output `output` may be written into the memory of input
  /// `input` (same dtype and shape, and the compiled code reads no element
  /// of that input after it starts writing that output): decided when
  /// compiling, from the bufferized program.
  /// Constants copied where its device reads them (code of the CUDA
  /// pipeline: jx/runtime/constant_copies.h), on its first call; kept until
  /// it is destroyed.
  std::size_t device_constants() const;

  bool may_alias(std::size_t input, std::size_t output) const {
    return may_alias_.empty()
               ? false
               : may_alias_[input * outputs_.size() + output] != 0;
  }

private:
  /// Calls the entry on its arguments' descriptor words (inputs, then
  /// outputs) and, for CUDA code, waits for the device.
  void invoke(std::vector<int64_t> &words, uint64_t output_bytes,
              check_log *log) const;
  /// Bytes of output #i.
  uint64_t output_size(std::size_t i) const;
  std::unique_ptr<loaded_code> code_;
  /// The device copies of its constants (CUDA code), freed with it.
  std::unique_ptr<constant_copies> constants_;
  entry_function entry_fn_ = nullptr; // entry_'s packed wrapper in code_
  std::string entry_;
  std::vector<tensor_spec> inputs_, outputs_;
  std::vector<uint8_t> may_alias_; // inputs x outputs, row-major
  std::string shared_object_;
  cpu_info cpu_;
  int replicas_ = 1, partitions_ = 1;
  std::string device_kind_ = "cpu";
};

/// The runtime functions compiled code calls, by the names it calls them:
/// what a JIT links it against. Includes those registered below.
std::vector<std::pair<const char *, void *>> compiled_code_symbols();
/// Adds (or replaces) a function compiled code may call, for the JIT
/// (libjx_checks registers jx_rt_check; `name` must stay valid).
void register_compiled_code_symbol(const char *name, void *address);

/// Elements of a tensor of this spec (0 when any dimension is 0).
int64_t element_count(const tensor_spec &t);

/// A buffer of this spec's shape and dtype, all zeros (an entry run for its
/// time: jxc tune, the explorer's --run-zeros).
host_buffer zeros_like(const tensor_spec &t);

} // namespace jx::runtime

#endif // JX_RUNTIME_EXECUTABLE_H
