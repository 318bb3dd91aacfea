//===- InterleaveComputeLoops.h - interleave loops bound by arithmetic -*- C++
//-*-===//
//
// An LLVM IR pass of jx's -O2 pipeline (it runs where the loop vectorizer
// starts): see InterleaveComputeLoops.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_TARGET_CPU_INTERLEAVECOMPUTELOOPS_H
#define JX_LIB_TARGET_CPU_INTERLEAVECOMPUTELOOPS_H

#include "llvm/IR/PassManager.h"

namespace jx::cpu {

/// Gives the innermost loops that are bound by floating-point arithmetic
/// the loop metadata `llvm.loop.interleave.count` 4.
struct InterleaveComputeLoopsPass
    : llvm::PassInfoMixin<InterleaveComputeLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &fn,
                              llvm::FunctionAnalysisManager &analyses);
};

} // namespace jx::cpu

#endif // JX_LIB_TARGET_CPU_INTERLEAVECOMPUTELOOPS_H
