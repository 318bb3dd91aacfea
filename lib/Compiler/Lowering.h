// Lowering.h - an entry function through the CPU pipeline, with its
// signature: what compile() and compileLibrary() share.

#ifndef JX_LIB_COMPILER_LOWERING_H
#define JX_LIB_COMPILER_LOWERING_H

#include "jx/Compiler/Compile.h"

#include "mlir/IR/OwningOpRef.h"

#include <vector>

namespace jx::compiler {

struct EntrySignature {
  std::vector<runtime::tensor_spec> inputs, outputs;
  std::vector<uint8_t> mayAlias; // inputs x outputs, row-major
  /// What the code needs of a CPU (target_cpu_info of the options).
  runtime::cpu_info target;
  /// The devices the lowered module runs on: its mhlo.num_replicas and
  /// mhlo.num_partitions after the pipeline (interpreter.run_parallel sets
  /// them from its grid).
  int replicas = 1, partitions = 1;
};

/// A copy of `source` in which `entry` is the only public function, run
/// through the CPU pipeline to the LLVM dialect; `signature` receives the
/// entry's signature. Null (after a diagnostic) on failure, an unknown
/// target CPU among them (found before the pipeline runs). With
/// `externalConstants` (for the JIT only), large constants are left out of
/// the code and kept in the module's `jx.external_constants`
/// (jx-external-constants).
mlir::OwningOpRef<mlir::ModuleOp> lowerEntry(mlir::ModuleOp source,
                                             const std::string &entry,
                                             const compile_options &options,
                                             EntrySignature &signature,
                                             bool externalConstants = false);

} // namespace jx::compiler

#endif // JX_LIB_COMPILER_LOWERING_H
