//===- ControlFlowToSCF.cpp - while, if, case and friends to scf ----------===//
//
// while becomes scf.while, if becomes scf.if and case becomes
// scf.index_switch, all carrying tensors (they bufferize). The stablehlo
// regions move into the scf op unchanged, so their ops are converted by the
// other patterns; only the stablehlo.return terminators are rewritten here,
// into scf.condition / scf.yield, once their parent is an scf op.
// optimization_barrier forwards its operands. The Misc and RngQuant families
// (MiscToLinalg.cpp, RngToLinalg.cpp) register from here too.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace jx::stablehlo {

void populateStableHLOMiscToLinalgPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns);
void populateStableHLORngToLinalgPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);

namespace {

/// The scalar held by a 0-d tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
}

/// Moves `from` into the (empty) `to` and converts its block argument types.
LogicalResult moveRegion(ConversionPatternRewriter &rewriter, Region &from,
                         Region &to, const TypeConverter &converter) {
  rewriter.inlineRegionBefore(from, to, to.end());
  return rewriter.convertRegionTypes(&to, converter);
}

/// The integer a 0-d constant holds, if `v` is one.
std::optional<int64_t> constantInt(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

/// A while that counts (fori_loop, scan): its condition is only
/// `value_k < limit` (signed) on one of its 0-d signless integer values,
/// the limit a constant or defined outside the loop, and its body returns
/// `value_k + 1` for it. The index of that value, and the limit.
std::optional<unsigned> countedLoop(WhileOp op, Value &limit,
                                    std::optional<int64_t> &constLimit) {
  Block &cond = op.getCond().front();
  auto ret = dyn_cast<ReturnOp>(cond.getTerminator());
  if (!ret || ret->getNumOperands() != 1)
    return std::nullopt;
  auto cmp = ret->getOperand(0).getDefiningOp<CompareOp>();
  if (!cmp || cmp->getBlock() != &cond ||
      cmp.getComparisonDirection() != ComparisonDirection::LT ||
      (cmp.getCompareType() && *cmp.getCompareType() != ComparisonType::SIGNED))
    return std::nullopt;
  auto counter = dyn_cast<BlockArgument>(cmp.getLhs());
  if (!counter || counter.getOwner() != &cond)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(counter.getType());
  if (!type || type.getRank() != 0 ||
      !type.getElementType().isSignlessInteger())
    return std::nullopt;
  // Nothing else in the condition.
  for (Operation &o : cond.without_terminator())
    if (&o != cmp.getOperation() &&
        !(isa<ConstantOp>(o) && o.hasOneUse() &&
          *o.getUsers().begin() == cmp.getOperation()))
      return std::nullopt;
  limit = cmp.getRhs();
  constLimit = constantInt(limit);
  if (!constLimit && !limit.getParentRegion()->isProperAncestor(&op.getCond()))
    return std::nullopt;
  unsigned k = counter.getArgNumber();
  Block &body = op.getBody().front();
  auto add = body.getTerminator()->getOperand(k).getDefiningOp<AddOp>();
  if (!add)
    return std::nullopt;
  Value step;
  if (add.getLhs() == body.getArgument(k))
    step = add.getRhs();
  else if (add.getRhs() == body.getArgument(k))
    step = add.getLhs();
  if (!step || constantInt(step) != std::optional<int64_t>(1))
    return std::nullopt;
  return k;
}

/// A counted while becomes an scf.for over [value_k, limit): its condition
/// forwarded every value through an scf.condition, which bufferization
/// copies, a whole tensor per value and iteration (threefry's five rounds
/// over 2 x 64 MiB). The values, the counter included, are still carried
/// and updated by the body as before; the loop runs as many times.
struct CountedWhileToFor : OpConversionPattern<WhileOp> {
  CountedWhileToFor(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value limit;
    std::optional<int64_t> constLimit;
    std::optional<unsigned> k = countedLoop(op, limit, constLimit);
    if (!k)
      return failure();
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Location loc = op.getLoc();
    auto toIndex = [&](Value tensor0d) -> Value {
      return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                        extractScalar(rewriter, loc, tensor0d));
    };
    Value lb = toIndex(adaptor.getOperands()[*k]);
    Value ub =
        constLimit
            ? Value(arith::ConstantIndexOp::create(rewriter, loc, *constLimit))
            : toIndex(rewriter.getRemappedValue(limit));
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop =
        scf::ForOp::create(rewriter, loc, lb, ub, one, adaptor.getOperands());
    FailureOr<Block *> body =
        rewriter.convertRegionTypes(&op.getBody(), *getTypeConverter());
    if (failed(body))
      return failure();
    rewriter.mergeBlocks(*body, loop.getBody(), loop.getRegionIterArgs());
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct WhileToSCF : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), types,
                                     adaptor.getOperands());
    if (failed(moveRegion(rewriter, op.getCond(), loop.getBefore(),
                          *getTypeConverter())) ||
        failed(moveRegion(rewriter, op.getBody(), loop.getAfter(),
                          *getTypeConverter())))
      return failure();
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct IfToSCF : OpConversionPattern<IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Value cond = extractScalar(rewriter, op.getLoc(), adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), types, cond,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    if (failed(moveRegion(rewriter, op.getTrueBranch(), ifOp.getThenRegion(),
                          *getTypeConverter())) ||
        failed(moveRegion(rewriter, op.getFalseBranch(), ifOp.getElseRegion(),
                          *getTypeConverter())))
      return failure();
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// Branch i < n-1 is case i; the last branch is the default region, which
/// also takes every out-of-range index (negative ones included), as the
/// spec asks.
struct CaseToSCF : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Location loc = op.getLoc();
    Value index = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        extractScalar(rewriter, loc, adaptor.getIndex()));
    unsigned n = op.getBranches().size();
    SmallVector<int64_t> cases;
    for (unsigned i = 0; i + 1 < n; ++i)
      cases.push_back(i);
    auto switchOp =
        scf::IndexSwitchOp::create(rewriter, loc, types, index, cases, n - 1);
    for (unsigned i = 0; i + 1 < n; ++i)
      if (failed(moveRegion(rewriter, op.getBranches()[i],
                            switchOp.getCaseRegions()[i], *getTypeConverter())))
        return failure();
    if (failed(moveRegion(rewriter, op.getBranches()[n - 1],
                          switchOp.getDefaultRegion(), *getTypeConverter())))
      return failure();
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// stablehlo.return inside a region that now belongs to an scf op.
struct ReturnToSCF : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent);
        loop && op->getParentRegion() == &loop.getBefore()) {
      if (adaptor.getOperands().size() != 1)
        return rewriter.notifyMatchFailure(op, "while cond yields one value");
      Value cond =
          extractScalar(rewriter, op.getLoc(), adaptor.getOperands()[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(
          op, cond, op->getBlock()->getArguments());
      return success();
    }
    if (!isa<scf::WhileOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp>(parent))
      return rewriter.notifyMatchFailure(op, "not inside an scf op");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

/// Nothing moves across a barrier in code that the CPU pipeline emits from
/// it: the operands are the results.
struct OptimizationBarrierToIdentity
    : OpConversionPattern<OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

void populateStableHLOControlFlowToSCFPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<CountedWhileToFor, WhileToSCF, IfToSCF, CaseToSCF, ReturnToSCF,
               OptimizationBarrierToIdentity>(converter, patterns.getContext());
  populateStableHLOMiscToLinalgPatterns(converter, patterns);
  populateStableHLORngToLinalgPatterns(converter, patterns);
}

} // namespace jx::stablehlo
