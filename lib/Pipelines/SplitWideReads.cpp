//===- SplitWideReads.cpp - bounded alias sets for values read many times -===//
//
// `--jx-split-wide-reads`, on tensors right before one-shot bufferization.
//
// One-shot bufferization's analysis visits every tensor operand, and for
// each one gathers the uses of every alias of the operand's value to look
// for writes (`wouldCreateWriteToNonWritableBuffer`) and reads
// (`wouldCreateReadAfterWriteInterference`). A value read by n ops, such as
// a weight every layer of a model reads, therefore costs n² use visits:
// 2 s of the 4000-op compile-time benchmark and 17 s of the 10 000-op one.
//
// This pass gives such a value's reads separate read-only tensors over the
// same buffer, at most `kReadsPerAlias` reads each:
//
//   %m  = bufferization.to_buffer %v read_only
//   %v0 = bufferization.to_tensor %m restrict   // reads 0..7
//   %v1 = bufferization.to_tensor %m restrict   // reads 8..15
//
// Only values whose buffer nothing may write are split: the arguments of
// an entry function (which jx-prepare-entries-for-bufferization marks
// read-only) and constants. Bufferization copies any write into them, so
// their contents never change and reads through separate alias sets cannot
// miss a write. (A value that may be written in place could not be split:
// the analysis would no longer see the moved reads after a write.) Only
// reads that neither write nor return an alias of their operand (the
// inputs of linalg ops, tensor.extract) move. The buffer is the one the
// value had: no copy is made.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

/// Reads per new tensor; a value with more than twice as many is split.
constexpr size_t kReadsPerAlias = 8;

/// Whether `use` only reads its value: no write, no aliasing result.
bool isPureRead(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user))
    return linalgOp.isDpsInput(&use) && linalgOp.hasPureTensorSemantics();
  return isa<tensor::ExtractOp>(user);
}

struct SplitWideReadsPass
    : PassWrapper<SplitWideReadsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitWideReadsPass)
  StringRef getArgument() const override { return "jx-split-wide-reads"; }
  StringRef getDescription() const override {
    return "Give the reads of a tensor read by many ops read-only aliases "
           "of at most 8 reads each, so that one-shot bufferization's "
           "analysis stays linear";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect,
                    memref::MemRefDialect>();
  }

  void split(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || value.hasOneUse())
      return;
    SmallVector<OpOperand *> reads;
    for (OpOperand &use : value.getUses())
      if (isPureRead(use))
        reads.push_back(&use);
    if (reads.size() <= 2 * kReadsPerAlias)
      return;
    OpBuilder b(value.getContext());
    if (Operation *def = value.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    Location loc = value.getLoc();
    auto memrefType =
        MemRefType::get(type.getShape(), type.getElementType());
    auto buffer = bufferization::ToBufferOp::create(b, loc, memrefType, value,
                                                    /*read_only=*/true);
    for (size_t i = 0; i < reads.size(); i += kReadsPerAlias) {
      auto alias = bufferization::ToTensorOp::create(
          b, loc, type, buffer, /*restrict=*/true, /*writable=*/false);
      for (size_t j = i; j < std::min(reads.size(), i + kReadsPerAlias); ++j)
        reads[j]->set(alias);
    }
  }

  void runOnOperation() override {
    SmallVector<Value> values;
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      for (BlockArgument arg : fn.getArguments()) {
        auto writable = fn.getArgAttrOfType<BoolAttr>(
            arg.getArgNumber(), "bufferization.writable");
        if (writable && !writable.getValue())
          values.push_back(arg);
      }
      fn.walk([&](arith::ConstantOp op) { values.push_back(op); });
    }
    for (Value value : values)
      split(value);
  }
};

} // namespace

void registerSplitWideReadsPass() { PassRegistration<SplitWideReadsPass>(); }

} // namespace jx
