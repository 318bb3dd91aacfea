//===- BatchNormToLinalg.cpp - batch_norm_* to linalg ---------------------===//
//
// The spec's decompositions, in the operand's element type, as
// linalg.generics: per-feature sums are generics whose loops follow the
// operand with every dimension but feature_index a reduction; the per-element
// formulas are elementwise generics that read the per-feature vectors
// through a map onto feature_index.
//   inference: scale * (x - mean) / sqrt(var + eps) + offset
//   training:  mean = sum(x) / n, var = sum((x - mean)^2) / n, then inference
//   grad:      c = x - mean, std = sqrt(var + eps),
//              grad_offset = sum(g), grad_scale = sum(g * c / std),
//              grad_operand = scale / std / n
//                             * (g * n - sum(g) - c * sum(g * c) / (var + eps))
// where n is the number of elements per feature.
//
//===----------------------------------------------------------------------===//

#include "DotFamily.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <functional>

using namespace mlir;

namespace jx::stablehlo::dotfamily {
namespace {

struct Norm {
  OpBuilder &b;
  Location loc;
  RankedTensorType type; // the operand's type
  int64_t feature;
  double eps;

  int64_t rank() const { return type.getRank(); }
  Type elem() const { return type.getElementType(); }
  RankedTensorType vecType() const {
    return RankedTensorType::get({type.getDimSize(feature)}, elem());
  }
  double count() const {
    int64_t f = type.getDimSize(feature);
    return f == 0 ? 0.0
                  : static_cast<double>(type.getNumElements()) /
                        static_cast<double>(f);
  }
  AffineMap full() const { return b.getMultiDimIdentityMap(rank()); }
  AffineMap onFeature() const {
    return AffineMap::get(rank(), 0, getAffineDimExpr(feature, b.getContext()));
  }
  Value cst(OpBuilder &nb, Location l, double v) const {
    return scalarConst(nb, l, elem(), v);
  }

  /// Per-feature sums of `numSums` values computed per element by `fn` from
  /// the elements of `full` (operand-shaped) and `vecs` (per-feature).
  SmallVector<Value>
  sums(ValueRange fullInputs, ValueRange vecs, int numSums,
       const std::function<SmallVector<Value>(OpBuilder &, Location,
                                              ValueRange)> &fn) const {
    SmallVector<Value> inputs(fullInputs);
    inputs.append(vecs.begin(), vecs.end());
    SmallVector<AffineMap> maps(fullInputs.size(), full());
    maps.append(vecs.size(), onFeature());
    maps.append(numSums, onFeature());
    SmallVector<utils::IteratorType> iters(rank(),
                                           utils::IteratorType::reduction);
    iters[feature] = utils::IteratorType::parallel;
    Value zero = filledTensor(b, loc, vecType(), cst(b, loc, 0));
    SmallVector<Value> inits(numSums, zero);
    SmallVector<Type> types(numSums, vecType());
    auto generic = linalg::GenericOp::create(
        b, loc, types, inputs, inits, maps, iters,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          SmallVector<Value> terms = fn(nb, l, args.take_front(inputs.size()));
          SmallVector<Value> next;
          for (int i = 0; i < numSums; ++i)
            next.push_back(arith::AddFOp::create(
                nb, l, args[inputs.size() + i], terms[i]));
          linalg::YieldOp::create(nb, l, next);
        });
    return SmallVector<Value>(generic.getResults());
  }

  /// An elementwise generic over the vectors `vecs`.
  Value vecMap(ValueRange vecs,
               const std::function<Value(OpBuilder &, Location, ValueRange)>
                   &fn) const {
    Value init = tensor::EmptyOp::create(b, loc, vecType().getShape(), elem());
    SmallVector<AffineMap> maps(vecs.size() + 1, b.getMultiDimIdentityMap(1));
    return linalg::GenericOp::create(
               b, loc, TypeRange{vecType()}, vecs, ValueRange{init}, maps,
               {utils::IteratorType::parallel},
               [&](OpBuilder &nb, Location l, ValueRange args) {
                 linalg::YieldOp::create(nb, l,
                                         fn(nb, l, args.drop_back()));
               })
        .getResult(0);
  }

  /// An elementwise generic over operand-shaped `fullInputs` and
  /// per-feature `vecs`.
  Value elementwise(ValueRange fullInputs, ValueRange vecs,
                    const std::function<Value(OpBuilder &, Location,
                                              ValueRange)> &fn) const {
    SmallVector<Value> inputs(fullInputs);
    inputs.append(vecs.begin(), vecs.end());
    SmallVector<AffineMap> maps(fullInputs.size(), full());
    maps.append(vecs.size(), onFeature());
    maps.push_back(full());
    Value init = tensor::EmptyOp::create(b, loc, type.getShape(), elem());
    return linalg::GenericOp::create(
               b, loc, TypeRange{type}, inputs, ValueRange{init}, maps,
               SmallVector<utils::IteratorType>(rank(),
                                                utils::IteratorType::parallel),
               [&](OpBuilder &nb, Location l, ValueRange args) {
                 linalg::YieldOp::create(nb, l, fn(nb, l, args.drop_back()));
               })
        .getResult(0);
  }

  /// scale * ((x - mean) / sqrt(var + eps)) + offset.
  Value inference(Value x, Value scale, Value offset, Value mean,
                  Value var) const {
    return elementwise(
        {x}, {scale, offset, mean, var},
        [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
          Value centered = arith::SubFOp::create(nb, l, a[0], a[3]);
          Value stddev = math::SqrtOp::create(
              nb, l, arith::AddFOp::create(nb, l, a[4], cst(nb, l, eps)));
          Value normalized = arith::DivFOp::create(nb, l, centered, stddev);
          return arith::AddFOp::create(
              nb, l, arith::MulFOp::create(nb, l, a[1], normalized), a[2]);
        });
  }
};

template <typename OpTy>
std::optional<Norm> makeNorm(OpTy op, ConversionPatternRewriter &rewriter,
                             Value operand) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (!type.hasStaticShape())
    return std::nullopt;
  return Norm{rewriter, op.getLoc(), type,
              static_cast<int64_t>(op.getFeatureIndex()),
              op.getEpsilon().convertToDouble()};
}

struct BatchNormInferenceToLinalg
    : OpConversionPattern<BatchNormInferenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormInferenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto norm = makeNorm(op, rewriter, adaptor.getOperand());
    if (!norm)
      return op->emitOpError("with dynamic shapes is not supported yet");
    rewriter.replaceOp(op, norm->inference(adaptor.getOperand(),
                                           adaptor.getScale(),
                                           adaptor.getOffset(),
                                           adaptor.getMean(),
                                           adaptor.getVariance()));
    return success();
  }
};

struct BatchNormTrainingToLinalg : OpConversionPattern<BatchNormTrainingOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormTrainingOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto norm = makeNorm(op, rewriter, adaptor.getOperand());
    if (!norm)
      return op->emitOpError("with dynamic shapes is not supported yet");
    Value x = adaptor.getOperand();
    double n = norm->count();
    auto divideByCount = [&](Value sum) {
      return norm->vecMap({sum},
                          [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
                            return arith::DivFOp::create(nb, l, a[0],
                                                         norm->cst(nb, l, n));
                          });
    };
    Value mean = divideByCount(norm->sums(
        {x}, {}, 1,
        [](OpBuilder &, Location, ValueRange a) -> SmallVector<Value> {
          return {a[0]};
        })[0]);
    Value var = divideByCount(norm->sums(
        {x}, {mean}, 1,
        [](OpBuilder &nb, Location l, ValueRange a) -> SmallVector<Value> {
          Value c = arith::SubFOp::create(nb, l, a[0], a[1]);
          return {arith::MulFOp::create(nb, l, c, c)};
        })[0]);
    Value out = norm->inference(x, adaptor.getScale(), adaptor.getOffset(),
                                mean, var);
    rewriter.replaceOp(op, ValueRange{out, mean, var});
    return success();
  }
};

struct BatchNormGradToLinalg : OpConversionPattern<BatchNormGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchNormGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto norm = makeNorm(op, rewriter, adaptor.getOperand());
    if (!norm)
      return op->emitOpError("with dynamic shapes is not supported yet");
    Value x = adaptor.getOperand(), g = adaptor.getGradOutput();
    Value mean = adaptor.getMean(), var = adaptor.getVariance();
    double n = norm->count(), eps = norm->eps;
    const Norm &nm = *norm;
    // sums of g, g * c and g * c / std.
    SmallVector<Value> s = nm.sums(
        {x, g}, {mean, var}, 3,
        [&](OpBuilder &nb, Location l, ValueRange a) -> SmallVector<Value> {
          Value c = arith::SubFOp::create(nb, l, a[0], a[2]);
          Value stddev = math::SqrtOp::create(
              nb, l, arith::AddFOp::create(nb, l, a[3], nm.cst(nb, l, eps)));
          Value gc = arith::MulFOp::create(nb, l, a[1], c);
          Value gn = arith::MulFOp::create(
              nb, l, a[1], arith::DivFOp::create(nb, l, c, stddev));
          return {a[1], gc, gn};
        });
    Value gradOperand = nm.elementwise(
        {x, g}, {adaptor.getScale(), mean, var, s[0], s[1]},
        [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
          Value scale = a[2], m = a[3], v = a[4], sumG = a[5], sumGC = a[6];
          Value c = arith::SubFOp::create(nb, l, a[0], m);
          Value ve = arith::AddFOp::create(nb, l, v, nm.cst(nb, l, eps));
          Value stddev = math::SqrtOp::create(nb, l, ve);
          Value count = nm.cst(nb, l, n);
          Value i1 = arith::MulFOp::create(nb, l, a[1], count);
          Value i5 = arith::DivFOp::create(
              nb, l, arith::MulFOp::create(nb, l, sumGC, c), ve);
          Value i6 = arith::SubFOp::create(
              nb, l, arith::SubFOp::create(nb, l, i1, sumG), i5);
          Value factor = arith::DivFOp::create(
              nb, l, arith::DivFOp::create(nb, l, scale, stddev), count);
          return arith::MulFOp::create(nb, l, factor, i6);
        });
    rewriter.replaceOp(op, ValueRange{gradOperand, s[2], s[0]});
    return success();
  }
};

} // namespace

void populateBatchNormPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<BatchNormInferenceToLinalg, BatchNormTrainingToLinalg,
               BatchNormGradToLinalg>(converter, patterns.getContext());
}

} // namespace jx::stablehlo::dotfamily
