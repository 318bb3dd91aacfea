//===- Explore.h - jxc explore: the pipeline explorer page ------*- C++ -*-===//
//
//   jxc explore FILE [--input a.npy ...] [--source jaxpr.txt] -o explorer.html
//
// Reads the program and its inputs as `jxc run` does and writes the page
// jx::explorer::make_page (lib/Explorer) makes of its entry: every stage in
// three modes, the pipeline, the dialect levels, the deployment. See
// docs/explorer.md.
//
//===----------------------------------------------------------------------===//

#ifndef JX_TOOLS_JXC_EXPLORE_H
#define JX_TOOLS_JXC_EXPLORE_H

#include "jx/runtime/host_buffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <vector>

namespace jxc::explore {

/// The `explore` subcommand; true once the command line selected it.
extern llvm::cl::SubCommand command;

/// Hides LLVM's and MLIR's options from `jxc explore --help`.
void hideUnrelatedOptions();

/// What jxc.cpp lends the explorer, so that it reads programs exactly as
/// `jxc run` does.
struct Hooks {
  /// Reads and parses a program in any form jxc takes; null after a
  /// diagnostic.
  std::function<mlir::OwningOpRef<mlir::ModuleOp>(
      mlir::MLIRContext &, llvm::SourceMgr &, llvm::StringRef)>
      load;
  /// The entry jxc runs (@main, else the only public function).
  std::function<mlir::func::FuncOp(mlir::ModuleOp)> findEntry;
  /// Specializes a jax.export artifact to the inputs' shapes (a no-op for
  /// other forms); false after a message.
  std::function<bool(mlir::ModuleOp,
                     const std::vector<jx::runtime::host_buffer> &)>
      specialize;
};

/// Runs `jxc explore`: 0 on success, 2 when the program or an input cannot
/// be read or compiled, or the page cannot be written.
int run(mlir::MLIRContext &context, const Hooks &hooks);

} // namespace jxc::explore

#endif // JX_TOOLS_JXC_EXPLORE_H
