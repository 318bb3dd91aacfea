//===- PrintStage.h - one stage of a compilation, as jxc prints it -*- C++ -*-===//

#ifndef JX_TOOLS_JXC_PRINTSTAGE_H
#define JX_TOOLS_JXC_PRINTSTAGE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace jxc {

/// `// ----- stage: <stage> -----` and the module: --print-all-stages.
inline void printStage(llvm::raw_ostream &os, llvm::StringRef stage,
                       mlir::ModuleOp module) {
  os << "// ----- stage: " << stage << " -----\n";
  module.print(os);
  os << "\n";
}

} // namespace jxc

#endif // JX_TOOLS_JXC_PRINTSTAGE_H
