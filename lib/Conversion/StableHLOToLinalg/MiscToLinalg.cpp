//===- MiscToLinalg.cpp - composite, custom_call, tokens, collectives -----===//
//
// What single-device CPU execution makes of the Misc and Comm ops:
// - composite calls its decomposition function (func.call);
// - custom_call: the check targets were rewritten by
//   jx-lower-check-custom-calls; any other target has no CPU
//   implementation and is reported;
// - after_all / create_token: tokens are 0-d i1 placeholders, a constant;
// - replica_id / partition_id: 0, the only process;
// - all_reduce, all_gather, reduce_scatter, all_to_all, collective_broadcast
//   and collective_permute: identities (or zeros) when every process group
//   holds process 0 alone; groups naming other processes need more than one
//   process and are reported.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

struct CompositeToCall : OpConversionPattern<CompositeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CompositeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getDecompositionAttr(),
                                              types, adaptor.getOperands());
    return success();
  }
};

/// Runs without a type converter, so that it also reports calls on types
/// that do not convert.
struct CustomCallUnsupported : OpConversionPattern<CustomCallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CustomCallOp op, OpAdaptor,
                  ConversionPatternRewriter &) const override {
    return op.emitError() << "custom_call @" << op.getCallTargetName()
                          << " has no CPU implementation";
  }
};

/// A token value is a 0-d i1 placeholder; ordering is program order.
template <typename OpTy>
struct TokenToConstant : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "token type does not convert");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, rewriter.getBoolAttr(false)));
    return success();
  }
};

/// replica_id and partition_id of the single process.
template <typename OpTy>
struct ProcessIdToZero : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type,
        DenseElementsAttr::get(type,
                               rewriter.getIntegerAttr(type.getElementType(), 0)));
    return success();
  }
};

/// True when the process ids in `ids` name process 0 only (-1 pads uneven
/// groups).
bool onlyProcessZero(DenseIntElementsAttr ids) {
  for (const APInt &id : ids.getValues<APInt>())
    if (!id.isZero() && !id.isAllOnes())
      return false;
  return true;
}

LogicalResult needsMoreProcesses(Operation *op, StringRef what) {
  return op->emitError() << "'" << op->getName() << "' needs more than one "
                         << "process (its " << what
                         << " name other processes); jx runs on a single "
                            "device, multi-device execution is not "
                            "supported yet";
}

/// all_reduce, all_gather, reduce_scatter, all_to_all and
/// collective_broadcast over groups of one process: every result is the
/// matching operand (a reduction or concatenation of one value is that
/// value; the split count of all_to_all is the group size, 1).
template <typename OpTy>
struct SingleProcessCollective : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!onlyProcessZero(op.getReplicaGroups()))
      return needsMoreProcesses(op, "replica_groups");
    if constexpr (std::is_same_v<OpTy, AllToAllOp>)
      if (op.getSplitCount() != 1)
        return needsMoreProcesses(op, "split_count");
    ValueRange operands = adaptor.getOperands();
    SmallVector<Value> results(
        operands.take_front(op->getNumResults()).begin(),
        operands.take_front(op->getNumResults()).end());
    for (auto [result, value] : llvm::zip(op->getResults(), results))
      if (this->getTypeConverter()->convertType(result.getType()) !=
          value.getType())
        return rewriter.notifyMatchFailure(op, "result and operand differ");
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// collective_permute on one process: its own operand when (0, 0) is a
/// pair, zeros when no pair targets it.
struct SingleProcessPermute : OpConversionPattern<CollectivePermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CollectivePermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DenseIntElementsAttr pairs = op.getSourceTargetPairs();
    if (!onlyProcessZero(pairs))
      return needsMoreProcesses(op, "source_target_pairs");
    Value operand = adaptor.getOperand();
    if (!pairs.empty()) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static shape");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(
                      type, rewriter.getZeroAttr(type.getElementType())));
    return success();
  }
};

} // namespace

void populateStableHLOMiscToLinalgPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<CompositeToCall, TokenToConstant<AfterAllOp>,
               TokenToConstant<CreateTokenOp>, ProcessIdToZero<ReplicaIdOp>,
               ProcessIdToZero<PartitionIdOp>,
               SingleProcessCollective<AllReduceOp>,
               SingleProcessCollective<AllGatherOp>,
               SingleProcessCollective<ReduceScatterOp>,
               SingleProcessCollective<AllToAllOp>,
               SingleProcessCollective<CollectiveBroadcastOp>,
               SingleProcessPermute>(converter, ctx);
  patterns.add<CustomCallUnsupported>(ctx);
}

} // namespace jx::stablehlo
