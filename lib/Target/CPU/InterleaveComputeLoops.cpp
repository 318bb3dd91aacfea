//===- InterleaveComputeLoops.cpp - interleave loops bound by arithmetic --===//
//
// LLVM's loop vectorizer interleaves (runs several vector iterations side by
// side) only small loops and loops with reductions. A fused elementwise loop
// that evaluates a transcendental (gelu's tanh, softmax's exp) is neither:
// it is vectorized once, and each iteration is a chain of some forty
// dependent operations (about 70 cycles of latency for gelu) of which the
// core runs one every cycle or so. The out-of-order window overlaps too few
// iterations to hide that latency: on an AMD EPYC with Zen 4 cores, gelu on
// f32[16M] ran 7.0 ms per call at one vector iteration, 6.6 ms at two and
// 6.4 ms at four, exp(x)*y+z 7.7 -> 7.0 ms, softmax over 4096x4096 rows
// 6.45 -> 6.13 ms; loops of a few operations (a row sum, layernorm's
// statistics) did not change (docs/performance.md).
//
// This pass asks the vectorizer for four interleaved iterations in the
// innermost loops that are bound by arithmetic: at least
// kArithmeticOperations floating-point operations per scalar iteration, no
// interleave count given already, and no known trip count below
// kMinTripCount (a loop that short would run mostly in its remainder).
// A body of more than kMaxArithmeticOperations has independent work enough
// of its own, and four copies of it would only cost compile time and
// registers: it is left as the vectorizer decides.
//
//===----------------------------------------------------------------------===//

#include "InterleaveComputeLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

namespace jx::cpu {
namespace {

constexpr unsigned kArithmeticOperations = 12;
constexpr unsigned kMaxArithmeticOperations = 160;
constexpr unsigned kInterleaveCount = 4;
constexpr unsigned kMinTripCount = 256;

bool isFloatingPoint(const llvm::Type *type) {
  return type->getScalarType()->isFloatingPointTy();
}

/// Whether `inst` is one floating-point operation the loop computes.
bool isArithmetic(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::BinaryOperator, llvm::UnaryOperator, llvm::SelectInst>(
          inst))
    return isFloatingPoint(inst.getType());
  if (llvm::isa<llvm::FCmpInst>(inst))
    return true;
  if (const auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
    return isFloatingPoint(call->getType()) && !call->mayReadOrWriteMemory();
  return false;
}

unsigned countArithmetic(const llvm::Loop &loop) {
  unsigned count = 0;
  for (const llvm::BasicBlock *block : loop.blocks())
    for (const llvm::Instruction &inst : *block)
      count += isArithmetic(inst);
  return count;
}

} // namespace

llvm::PreservedAnalyses
InterleaveComputeLoopsPass::run(llvm::Function &fn,
                                llvm::FunctionAnalysisManager &analyses) {
  auto &loops = analyses.getResult<llvm::LoopAnalysis>(fn);
  auto &scev = analyses.getResult<llvm::ScalarEvolutionAnalysis>(fn);
  bool changed = false;
  for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost() ||
        llvm::findOptionMDForLoop(loop, "llvm.loop.interleave.count"))
      continue;
    unsigned trips = scev.getSmallConstantTripCount(loop);
    if (trips != 0 && trips < kMinTripCount)
      continue;
    unsigned arithmetic = countArithmetic(*loop);
    if (arithmetic < kArithmeticOperations ||
        arithmetic > kMaxArithmeticOperations)
      continue;
    llvm::addStringMetadataToLoop(loop, "llvm.loop.interleave.count",
                                  kInterleaveCount);
    changed = true;
  }
  if (!changed)
    return llvm::PreservedAnalyses::all();
  // Only loop metadata changed: the CFG and every analysis of values stand.
  llvm::PreservedAnalyses preserved;
  preserved.preserveSet<llvm::CFGAnalyses>();
  preserved.preserve<llvm::LoopAnalysis>();
  preserved.preserve<llvm::ScalarEvolutionAnalysis>();
  return preserved;
}

} // namespace jx::cpu
