//===- ElementwiseInPlace.cpp - elementwise results into their inputs ----===//
//
// `--jx-elementwise-in-place`, on linalg before bufferization: an
// elementwise linalg.generic (all loops parallel, an identity map for its
// output) whose result goes into a fresh `tensor.empty` writes instead into
// one of its own inputs of the same type and identity map (others may be
// broadcast), when that input is a temporary used by
// nothing else: the result of another linalg op, or a writable buffer
// handed over by `bufferization.to_tensor` (a library call's output).
// One-shot bufferization then computes the op in place (elementwise
// access makes reading and writing the same buffer safe), so the value is
// read and written where the producer just left it, often still in cache,
// instead of into a second buffer that must be allocated and faulted in:
// the relu after a oneDNN convolution, the activation after a GEMM.
//
// Inputs that bufferization would have to copy to write into (function
// arguments, constants, views of other buffers) are left alone.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

/// Whether `v` is a temporary that an elementwise op may overwrite.
bool isOverwritableTemporary(Value v, Operation *user) {
  if (!v.hasOneUse())
    return false;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != user->getBlock())
    return false;
  if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(def))
    return toTensor.getRestrict() && toTensor.getWritable();
  return isa<linalg::LinalgOp>(def);
}

struct ElementwiseInPlacePass
    : PassWrapper<ElementwiseInPlacePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ElementwiseInPlacePass)
  StringRef getArgument() const override { return "jx-elementwise-in-place"; }
  StringRef getDescription() const override {
    return "Let elementwise linalg ops write into a temporary input instead "
           "of a new tensor";
  }

  void runOnOperation() override {
    getOperation()->walk([](linalg::GenericOp op) {
      if (op.getNumDpsInits() != 1 || op.getNumParallelLoops() != op.getNumLoops())
        return;
      OpOperand *init = op.getDpsInitOperand(0);
      if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(init) ||
          !op.getMatchingIndexingMap(init).isIdentity())
        return;
      Type type = init->get().getType();
      for (OpOperand *in : op.getDpsInputOperands()) {
        if (in->get().getType() != type ||
            !op.getMatchingIndexingMap(in).isIdentity() ||
            !isOverwritableTemporary(in->get(), op))
          continue;
        init->set(in->get());
        return;
      }
    });
  }
};

} // namespace

void registerElementwiseInPlacePass() {
  PassRegistration<ElementwiseInPlacePass>();
}

} // namespace jx
