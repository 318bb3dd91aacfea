//===- MinMaxReductionsAsIntegers.cpp - max/min reductions on int keys ----===//
//
// `--jx-min-max-reductions-as-integers`, linalg phase, after
// jx-vectorizable-reductions (CPU). A float maximum (or minimum) reduction
// combines with stablehlo's semantics — NaN propagates, -0 < +0 — which
// jx spells as three compares, a sign test, three logical ops and a select
// per element (ScalarOps.cpp, minMax): AVX-512 runs them on its few mask
// registers, and the max pass of a softmax costs twice what its sum does.
//
// The same reduction on integer keys: an f32 x's bits b, as a signed
// integer, b ^ ((b >> 31) & 0x7fffffff), are in the order of the values
// (-0 below +0) for every non-NaN float; positive NaNs come above +inf and
// negative NaNs below -inf. A maximum reduction keeps two accumulators:
// the largest key (the result, and any positive NaN) and the smallest
// (any negative NaN); at the end the result is the largest key's float,
// unless the smallest is a negative NaN, which is then the result. Two
// integer max/min instructions per element and no mask registers; for
// every input without NaN the result is the same value, bit for bit, and
// with a NaN it is a NaN of the input (one of them, as before). A minimum
// is the mirror image. f32 and f64 (i32 and i64 keys).
//
// Only reductions of at least kMinIterations elements, kMinPerResult per
// result, are rewritten: the keys cost a conversion of the accumulators
// before and after, which the small second stages of a split reduction, or
// a 2x2 max pool (6.4 ms instead of 4.3 over f32[4096, 4096]), would not
// pay back.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace jx {
namespace {

/// The least number of iterations of a reduction worth its keys, and of
/// elements reduced into each result (a 2x2 max pool's four are not).
constexpr int64_t kMinIterations = 4096;
constexpr int64_t kMinPerResult = 16;

/// The float of a key (the key of a key is the float's bits).
Value floatOf(OpBuilder &b, Location loc, Value key, Type floatType) {
  Value bits = stablehlo::totalOrderKey(
      b, loc, arith::BitcastOp::create(b, loc, floatType, key));
  return arith::BitcastOp::create(b, loc, floatType, bits);
}

/// The key of the float constant `v` (totalOrderKey at compile time).
APInt constantKey(APFloat v) {
  APInt bits = v.bitcastToAPInt();
  unsigned w = bits.getBitWidth();
  return bits.isNegative() ? bits ^ APInt::getSignedMaxValue(w) : bits;
}

struct MinMaxReductionsAsIntegersPass
    : PassWrapper<MinMaxReductionsAsIntegersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MinMaxReductionsAsIntegersPass)
  StringRef getArgument() const override {
    return "jx-min-max-reductions-as-integers";
  }
  StringRef getDescription() const override {
    return "Reduce float maximum/minimum on integer keys of the values";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                    tensor::TensorDialect>();
  }

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) { ops.push_back(op); });
    for (linalg::GenericOp op : ops)
      rewrite(op);
  }

  void rewrite(linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() == 0)
      return;
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || !type.hasStaticShape() ||
        !(type.getElementType().isF32() || type.getElementType().isF64()))
      return;
    int64_t iterations = 1, perResult = 1;
    for (auto [n, kind] : llvm::zip_equal(op.getStaticLoopRanges(),
                                          op.getIteratorTypesArray())) {
      if (ShapedType::isDynamic(n))
        return;
      iterations *= n;
      if (kind == utils::IteratorType::reduction)
        perResult *= n;
    }
    if (iterations < kMinIterations || perResult < kMinPerResult)
      return;
    Block &body = op.getRegion().front();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    std::optional<stablehlo::FloatMinMax> m =
        stablehlo::matchFloatMinMax(yield.getValues()[0]);
    if (!m)
      return;
    Value acc = body.getArgument(op.getNumDpsInputs());
    Value value = m->x == acc ? m->y : m->y == acc ? m->x : Value();
    if (!value || value == acc)
      return;
    // The spelling and the accumulator are used by nothing else.
    llvm::SmallPtrSet<Operation *, 16> spelled(m->ops.begin(), m->ops.end());
    auto onlyIn = [&](Value v) {
      return llvm::all_of(v.getUsers(), [&](Operation *user) {
        return spelled.contains(user) ||
               (user == yield && v == m->ops[0]->getResult(0));
      });
    };
    if (!onlyIn(acc) || !llvm::all_of(m->ops, [&](Operation *o) {
          return onlyIn(o->getResult(0));
        }))
      return;

    Location loc = op.getLoc();
    OpBuilder b(op);
    Type floatType = type.getElementType();
    unsigned w = floatType.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(w);
    auto keyType = RankedTensorType::get(type.getShape(), it);
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    Value init = op.getDpsInits()[0];
    int64_t rank = type.getRank();
    SmallVector<AffineMap> same(2, b.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> parallel(rank,
                                              utils::IteratorType::parallel);

    // The accumulators' start: the keys of the init.
    auto keysOfInit = [&]() -> Value {
      Value empty = tensor::EmptyOp::create(b, loc, type.getShape(), it);
      APFloat c(0.0);
      if (auto fill = init.getDefiningOp<linalg::FillOp>();
          fill && matchPattern(fill.getInputs()[0], m_ConstantFloat(&c))) {
        Value k = arith::ConstantOp::create(
            b, loc, it, b.getIntegerAttr(it, constantKey(c)));
        return linalg::FillOp::create(b, loc, k, empty).getResult(0);
      }
      return linalg::GenericOp::create(
                 b, loc, keyType, init, empty, same, parallel,
                 [&](OpBuilder &nb, Location nl, ValueRange args) {
                   linalg::YieldOp::create(
                       nb, nl, stablehlo::totalOrderKey(nb, nl, args[0]));
                 })
          .getResult(0);
    };
    Value first = keysOfInit(), second = keysOfInit();

    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    maps.push_back(outMap);
    SmallVector<Value> inputs = op.getDpsInputs();
    auto keyed = linalg::GenericOp::create(
        b, loc, TypeRange{keyType, keyType}, inputs, ValueRange{first, second},
        maps, op.getIteratorTypesArray(),
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          IRMapping map;
          for (unsigned i = 0; i < inputs.size(); ++i)
            map.map(body.getArgument(i), args[i]);
          for (Operation &inner : body.without_terminator())
            if (!spelled.contains(&inner))
              nb.clone(inner, map);
          Value k =
              stablehlo::totalOrderKey(nb, nl, map.lookupOrDefault(value));
          Value kept = args[inputs.size()], other = args[inputs.size() + 1];
          // A maximum keeps the largest key and watches the smallest for
          // a negative NaN; a minimum the other way round.
          Value hi = arith::MaxSIOp::create(nb, nl, m->isMax ? kept : other, k);
          Value lo = arith::MinSIOp::create(nb, nl, m->isMax ? other : kept, k);
          linalg::YieldOp::create(
              nb, nl, m->isMax ? ValueRange{hi, lo} : ValueRange{lo, hi});
        });

    // Back to floats: the kept key's float, unless the other accumulator
    // holds a NaN the kept one does not.
    APInt posInf = constantKey(
        APFloat::getInf(cast<FloatType>(floatType).getFloatSemantics()));
    APInt negInf = constantKey(
        APFloat::getInf(cast<FloatType>(floatType).getFloatSemantics(),
                        /*Negative=*/true));
    Value empty = tensor::EmptyOp::create(b, loc, type.getShape(), floatType);
    SmallVector<AffineMap> three(3, b.getMultiDimIdentityMap(rank));
    auto back = linalg::GenericOp::create(
        b, loc, type, keyed->getResults(), empty, three, parallel,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          Value kept = args[0], other = args[1];
          // Whether `key` is a NaN's: above +inf's key, or below -inf's.
          auto isNan = [&](Value key, bool above) {
            Value bound = arith::ConstantOp::create(
                nb, nl, it, nb.getIntegerAttr(it, above ? posInf : negInf));
            return arith::CmpIOp::create(nb, nl,
                                         above ? arith::CmpIPredicate::sgt
                                               : arith::CmpIPredicate::slt,
                                         key, bound);
          };
          // A maximum's smallest key can be a negative NaN the largest is
          // not; a minimum's largest a positive NaN.
          Value nan = isNan(other, /*above=*/!m->isMax);
          Value keptNan = isNan(kept, /*above=*/m->isMax);
          Value useOther = arith::AndIOp::create(
              nb, nl, nan,
              arith::XOrIOp::create(
                  nb, nl, keptNan,
                  arith::ConstantOp::create(nb, nl, nb.getI1Type(),
                                            nb.getBoolAttr(true))));
          Value key = arith::SelectOp::create(nb, nl, useOther, other, kept);
          linalg::YieldOp::create(nb, nl, floatOf(nb, nl, key, floatType));
        });
    op->getResult(0).replaceAllUsesWith(back.getResult(0));
    op->erase();
  }
};

} // namespace

void registerMinMaxReductionsAsIntegersPass() {
  PassRegistration<MinMaxReductionsAsIntegersPass>();
}

} // namespace jx
