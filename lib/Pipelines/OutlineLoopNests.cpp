//===- OutlineLoopNests.cpp - one function per loop nest ------------------===//
//
// `--jx-outline-loop-nests`: in a function with many top-level loop nests
// (a model's forward pass: hundreds of them, one per fused op), every nest
// becomes a private function of its own, marked noinline, called where the
// nest was. LLVM's optimization and code generation work per function and
// some of their analyses grow faster than linearly with a function's size:
// one function of a thousand loop nests took 16 s in LLVM alone, the same
// nests as a thousand functions a fraction of that. XLA compiles each
// fusion as a function for the same reason.
//
// Constants a nest uses (its loop bounds among them) are cloned into the
// new function rather than passed, so that its trip counts stay known to
// LLVM; every other value from outside becomes an argument. Functions with
// few nests are left alone: a small program keeps its one function.
//
// Nests that outline to the same function (same argument types, same ops,
// same attributes: a model's repeated layers, a training step's identical
// updates of equally shaped parameters) share one function, so LLVM
// optimizes and compiles each distinct kernel once.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SetVector.h"

#include <string>

using namespace mlir;

namespace jx {
namespace {

/// Functions with fewer top-level loop nests stay whole.
constexpr unsigned kMinNests = 16;

bool isLoopNest(Operation &op) {
  return isa<scf::ForOp, scf::ParallelOp, scf::WhileOp, scf::IfOp,
             omp::ParallelOp>(op);
}

/// The outlined functions so far, bucketed by a hash of their bodies, so
/// that a nest equal to one already outlined reuses its function.
class OutlinedKernels {
public:
  /// The function already outlined that is equivalent to `fn`, or null
  /// (then `fn` is recorded).
  func::FuncOp findOrInsert(func::FuncOp fn) {
    llvm::hash_code hash = hashBody(fn);
    SmallVector<func::FuncOp> &bucket = buckets[hash];
    for (func::FuncOp other : bucket)
      if (other.getFunctionType() == fn.getFunctionType() &&
          OperationEquivalence::isRegionEquivalentTo(
              &other.getBody(), &fn.getBody(),
              OperationEquivalence::IgnoreLocations))
        return other;
    bucket.push_back(fn);
    return nullptr;
  }

private:
  static llvm::hash_code hashBody(func::FuncOp fn) {
    llvm::hash_code hash = hash_value(fn.getFunctionType());
    fn.getBody().walk([&](Operation *op) {
      hash = llvm::hash_combine(
          hash, OperationEquivalence::computeHash(
                    op, OperationEquivalence::ignoreHashValue,
                    OperationEquivalence::ignoreHashValue,
                    OperationEquivalence::IgnoreLocations));
    });
    return hash;
  }

  llvm::DenseMap<llvm::hash_code, SmallVector<func::FuncOp>> buckets;
};

/// Outlines `nest` of `parent` into a function placed after `after`, or
/// calls the equal function `kernels` already has; returns the new function
/// (null when an existing one was called).
func::FuncOp outline(Operation *nest, func::FuncOp parent, Operation *after,
                     SymbolTable &symbols, unsigned index,
                     OutlinedKernels &kernels) {
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(nest->getRegions(), used);
  used.insert(nest->getOperands().begin(), nest->getOperands().end());
  SmallVector<Value> args, constants;
  for (Value v : used) {
    Operation *def = v.getDefiningOp();
    if (def && def->getNumResults() == 1 && matchPattern(def, m_Constant()))
      constants.push_back(v);
    else
      args.push_back(v);
  }
  OpBuilder b(parent);
  b.setInsertionPointAfter(after);
  SmallVector<Type> argTypes;
  for (Value v : args)
    argTypes.push_back(v.getType());
  auto type = b.getFunctionType(argTypes, nest->getResultTypes());
  std::string name = (parent.getName() + "_nest" + std::to_string(index)).str();
  auto fn = func::FuncOp::create(b, nest->getLoc(), name, type);
  fn.setPrivate();
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  symbols.insert(fn); // renames on a clash

  Block *entry = fn.addEntryBlock();
  OpBuilder body = OpBuilder::atBlockBegin(entry);
  IRMapping mapping;
  for (auto [v, arg] : llvm::zip(args, entry->getArguments()))
    mapping.map(v, arg);
  for (Value c : constants)
    body.clone(*c.getDefiningOp(), mapping);
  Operation *copy = body.clone(*nest, mapping);
  func::ReturnOp::create(body, nest->getLoc(), copy->getResults());

  func::FuncOp callee = kernels.findOrInsert(fn);
  if (callee) {
    symbols.erase(fn);
    fn = nullptr;
  } else {
    callee = fn;
  }
  OpBuilder at(nest);
  auto call = func::CallOp::create(at, nest->getLoc(), callee, args);
  nest->replaceAllUsesWith(call.getResults());
  nest->erase();
  return fn;
}

struct OutlineLoopNestsPass
    : PassWrapper<OutlineLoopNestsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(OutlineLoopNestsPass)
  StringRef getArgument() const override { return "jx-outline-loop-nests"; }
  StringRef getDescription() const override {
    return "Give each top-level loop nest of a large function a noinline "
           "function of its own, to keep LLVM's work per function small";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    OutlinedKernels kernels;
    for (func::FuncOp fn : functions) {
      if (fn.isExternal() || !fn.getBody().hasOneBlock())
        continue;
      SmallVector<Operation *> nests;
      for (Operation &op : fn.getBody().front())
        if (isLoopNest(op))
          nests.push_back(&op);
      if (nests.size() < kMinNests)
        continue;
      Operation *after = fn;
      for (auto [i, nest] : llvm::enumerate(nests))
        if (func::FuncOp outlined =
                outline(nest, fn, after, symbols, i, kernels))
          after = outlined;
    }
  }
};

} // namespace

void registerOutlineLoopNestsPass() {
  PassRegistration<OutlineLoopNestsPass>();
}

} // namespace jx
