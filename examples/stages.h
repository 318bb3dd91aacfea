// stages.h - writes every stage of a jitted function's compilation into a
// folder, one file per stage, through JAX's stage API in C++
// (jit(f).lower(x).compile(), jx/jit.h):
//
//   01-jaxpr.txt         the traced program (jx::make_jaxpr)
//   02-stablehlo.mlir    what jit lowers it to (Lowered::as_text())
//   03-hlo.mlir ... 07-llvm-dialect.mlir
//                        the module after each phase of the CPU pipeline
//                        (hlo, linalg, bufferized, loops, llvm-dialect)
//   08-llvm-ir.ll        the LLVM IR, optimized at -O2 for the host
//   09-host.s            the host's assembly

#ifndef JX_EXAMPLES_STAGES_H
#define JX_EXAMPLES_STAGES_H

#include "jx/jit.h"

#include <string>
#include <vector>

namespace example {

struct stage_file {
  std::string path;
  std::size_t bytes;
};

/// Writes `jaxpr` and the stages of `compiled` into `dir`, creating it and
/// removing stage files a previous run left there. Throws
/// std::runtime_error on failure.
std::vector<stage_file> write_stages(const std::string &dir,
                                     const std::string &jaxpr,
                                     const jx::Compiled &compiled);

} // namespace example

#endif // JX_EXAMPLES_STAGES_H
