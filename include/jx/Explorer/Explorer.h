//===- Explorer.h - The pipeline explorer's page ----------------*- C++ -*-===//
//
// Compiles one entry of a StableHLO module as the runtime would, keeping
// every stage on the way (StableHLO, the CPU pipeline's phases, LLVM IR,
// assembly), optionally runs it, and returns one self-contained HTML page
// that shows the stages in three modes: the pipeline, the dialect levels,
// the deployment (docs/explorer.md). `jxc explore` and the C++ frontend's
// `Compiled::explore` both write their pages with it.
//
//===----------------------------------------------------------------------===//

#ifndef JX_EXPLORER_EXPLORER_H
#define JX_EXPLORER_EXPLORER_H

#include "jx/runtime/host_buffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace jx::explorer {

struct explore_options {
  /// The entry function compiled and run.
  std::string entry = "main";
  /// Where the program came from (a path, or a description), shown on the
  /// page; the title defaults to its last path component.
  std::string file;
  std::string title;
  /// Milliseconds spent reading the program (the StableHLO stage's time);
  /// negative when unknown.
  double load_ms = -1;
  /// A first stage before StableHLO (a jaxpr, or the source the program was
  /// written from) and its name; none when `source_text` is empty.
  std::string source_text, source_name;
  /// The entry's arguments: with them the page shows the time of a call and
  /// the results. Without them, `run_zeros` runs it on zeros for the time.
  std::vector<runtime::host_buffer> inputs;
  bool run_zeros = false;
  /// The compile options of `jxc run --no-fuse / --no-blas`.
  bool fuse = true, blas = true;
  /// Dense constants of more elements than this print as
  /// dense_resource<__elided__>.
  unsigned elide_constants = 64;
};

struct page {
  std::string html;
  std::size_t stages = 0;
};

/// The page of `module`'s entry. Relocates every op of `module` to its line
/// in the StableHLO stage's text (the origin the later stages name).
/// Failure after a diagnostic on the module's context (the program does not
/// compile, an input does not fit the entry, a stage cannot be translated).
mlir::FailureOr<page> make_page(mlir::ModuleOp module,
                                const explore_options &options);

} // namespace jx::explorer

#endif // JX_EXPLORER_EXPLORER_H
