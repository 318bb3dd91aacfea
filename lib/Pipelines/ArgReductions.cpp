//===- ArgReductions.cpp - argmax and argmin in vector lanes --------------===//
//
// JAX lowers argmax (and argmin) to a reduce over two operands, the values
// and an iota of the reduced dimension, whose body keeps the accumulator
// (v, i) against an element (x, j) when
//
//   v > x  or  v is NaN  or  (v == x and i < j)
//
// (< for argmin; integers have no NaN term) and the element otherwise.
// After fusion the iota is a `linalg.index` inside one linalg.generic with
// two results. Evaluated in order, one element after the other, that body
// returns the first maximum, or the first NaN: each step is a dependent
// compare and select on the accumulator, one element per few cycles, and
// LLVM cannot vectorize it (the order matters).
//
// The body is a selection by a total order of (value, index) pairs: a NaN
// above every number and the smaller index above the larger among NaNs or
// equal values (-0 == +0). The elements of a row can therefore be taken
// in any grouping, as long as the lanes are combined by that order and not
// by the body itself, which keeps the accumulator's NaN whatever its index.
// splitArgReduction splits the reduced dimension n into [n / L, L]: lane l
// runs the original body over elements l, l + L, l + 2L, ... (in order, so
// each lane holds its own first maximum and first NaN), a loop LLVM
// vectorizes over the L lanes; then the L partial (value, index) pairs of
// each row are combined by the total order, 8 lanes at a time and then the
// last 8, into the reduction's own init values. The result is the index
// the sequential body returns, bit for bit.
//
// The value result of a float argmax is not reproduced bit for bit when
// the maximum is a zero (the body keeps the value of the last of equal
// elements, so a +0 can follow a -0), so floats are split only where that
// result is unused, as it is in jnp.argmax. Integer values are exact.
//
//===----------------------------------------------------------------------===//

#include "ReductionLanes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace mlir;

namespace jx {
namespace {

/// What the body of an argmax or argmin compares, and where its results go.
struct ArgBody {
  bool isFloat = false;
  /// The order of values the accumulator must lead by to be kept.
  arith::CmpFPredicate floatOrder = arith::CmpFPredicate::OGT;
  arith::CmpIPredicate intOrder = arith::CmpIPredicate::sgt;
  /// How indices compare: slt or ult.
  arith::CmpIPredicate indexOrder = arith::CmpIPredicate::slt;
  unsigned valueResult = 0, indexResult = 1;
};

/// Matches `v` as `op(a, b)` in either operand order; the operands in
/// `lhs`, `rhs`.
template <typename OpTy>
OpTy matchCommutative(Value v, Value &lhs, Value &rhs) {
  auto op = v.getDefiningOp<OpTy>();
  if (!op)
    return nullptr;
  lhs = op->getOperand(0);
  rhs = op->getOperand(1);
  return op;
}

/// Whether `v` is `a` or `b`; the other one in `other`.
bool isOneOf(Value v, Value a, Value b, Value &other) {
  if (v == a) {
    other = b;
    return true;
  }
  if (v == b) {
    other = a;
    return true;
  }
  return false;
}

/// Whether `v` is computed inside `body` without the accumulators (block
/// arguments from `firstAcc` on). Each op is visited once: fused bodies
/// share subexpressions.
bool independentOfAccumulators(Value v, Block *body, unsigned firstAcc) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value u = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(u)) {
      if (arg.getOwner() == body && arg.getArgNumber() >= firstAcc)
        return false;
      continue;
    }
    Operation *def = u.getDefiningOp();
    if (def->getBlock() != body || !seen.insert(def).second)
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return true;
}

/// The body of `op` as an argmax or argmin along loop `dim` (see the file
/// comment), or nothing.
std::optional<ArgBody> matchArgBody(linalg::GenericOp op, unsigned dim) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 2 ||
      op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray()[dim] != utils::IteratorType::reduction)
    return std::nullopt;
  Block *body = op.getBlock();
  unsigned firstAcc = op.getNumDpsInputs();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  ArgBody result;
  arith::SelectOp selects[2];
  for (unsigned k = 0; k < 2; ++k) {
    selects[k] = yield.getOperand(k).getDefiningOp<arith::SelectOp>();
    if (!selects[k] ||
        selects[k].getTrueValue() != body->getArgument(firstAcc + k))
      return std::nullopt;
  }
  // The index: the element's is the loop index of `dim`.
  auto isLoopIndex = [&](Value v) {
    Operation *cast = v.getDefiningOp();
    if (!cast || !isa<arith::IndexCastOp, arith::IndexCastUIOp>(cast))
      return false;
    auto index = cast->getOperand(0).getDefiningOp<linalg::IndexOp>();
    return index && index.getDim() == dim;
  };
  if (isLoopIndex(selects[1].getFalseValue())) {
    result.valueResult = 0;
    result.indexResult = 1;
  } else if (isLoopIndex(selects[0].getFalseValue())) {
    result.valueResult = 1;
    result.indexResult = 0;
  } else {
    return std::nullopt;
  }
  arith::SelectOp valueSel = selects[result.valueResult];
  arith::SelectOp indexSel = selects[result.indexResult];
  Value accV = valueSel.getTrueValue(), x = valueSel.getFalseValue();
  Value accI = indexSel.getTrueValue(), j = indexSel.getFalseValue();
  Type valueType = accV.getType();
  result.isFloat = isa<FloatType>(valueType);
  if (!result.isFloat && !valueType.isSignlessInteger())
    return std::nullopt;
  if (!independentOfAccumulators(x, body, firstAcc))
    return std::nullopt;
  Value pickV = valueSel.getCondition();

  // pickI = pickV | (accV == x & accI < j)
  Value a, b, tie, eq, lt;
  if (!matchCommutative<arith::OrIOp>(indexSel.getCondition(), a, b) ||
      !isOneOf(pickV, a, b, tie) ||
      !matchCommutative<arith::AndIOp>(tie, eq, lt))
    return std::nullopt;
  auto isIndexLess = [&](Value v) {
    auto cmp = v.getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getLhs() != accI || cmp.getRhs() != j ||
        (cmp.getPredicate() != arith::CmpIPredicate::slt &&
         cmp.getPredicate() != arith::CmpIPredicate::ult))
      return false;
    result.indexOrder = cmp.getPredicate();
    return true;
  };
  auto isEqual = [&](Value v) {
    Operation *cmp = v.getDefiningOp();
    if (!cmp || cmp->getOperand(0) != accV || cmp->getOperand(1) != x)
      return false;
    if (auto f = dyn_cast<arith::CmpFOp>(cmp))
      return f.getPredicate() == arith::CmpFPredicate::OEQ;
    if (auto i = dyn_cast<arith::CmpIOp>(cmp))
      return i.getPredicate() == arith::CmpIPredicate::eq;
    return false;
  };
  if (!(isEqual(eq) && isIndexLess(lt)) && !(isEqual(lt) && isIndexLess(eq)))
    return std::nullopt;

  // pickV = accV > x (| accV != accV for floats); < for argmin.
  if (!result.isFloat) {
    auto cmp = pickV.getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getLhs() != accV || cmp.getRhs() != x)
      return std::nullopt;
    using P = arith::CmpIPredicate;
    P p = cmp.getPredicate();
    if (p != P::sgt && p != P::slt && p != P::ugt && p != P::ult)
      return std::nullopt;
    result.intOrder = p;
    return result;
  }
  if (!matchCommutative<arith::OrIOp>(pickV, a, b))
    return std::nullopt;
  auto isOrder = [&](Value v) {
    auto cmp = v.getDefiningOp<arith::CmpFOp>();
    if (!cmp || cmp.getLhs() != accV || cmp.getRhs() != x ||
        (cmp.getPredicate() != arith::CmpFPredicate::OGT &&
         cmp.getPredicate() != arith::CmpFPredicate::OLT))
      return false;
    result.floatOrder = cmp.getPredicate();
    return true;
  };
  auto isNaN = [&](Value v) {
    auto cmp = v.getDefiningOp<arith::CmpFOp>();
    return cmp && cmp.getLhs() == accV && cmp.getRhs() == accV &&
           (cmp.getPredicate() == arith::CmpFPredicate::UNE ||
            cmp.getPredicate() == arith::CmpFPredicate::UNO);
  };
  if (!(isOrder(a) && isNaN(b)) && !(isOrder(b) && isNaN(a)))
    return std::nullopt;
  return result;
}

/// The (value, index) pair of `a` and `b` the total order of the file
/// comment puts first, as `pick` (true: a).
Value picksFirst(OpBuilder &b, Location loc, const ArgBody &arg, Value av,
                 Value ai, Value bv, Value bi) {
  Value lower =
      arith::CmpIOp::create(b, loc, arg.indexOrder, ai, bi).getResult();
  if (!arg.isFloat) {
    Value ahead = arith::CmpIOp::create(b, loc, arg.intOrder, av, bv);
    Value eq = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, av, bv);
    return arith::OrIOp::create(b, loc, ahead,
                                arith::AndIOp::create(b, loc, eq, lower));
  }
  using P = arith::CmpFPredicate;
  Value ahead = arith::CmpFOp::create(b, loc, arg.floatOrder, av, bv);
  Value aNaN = arith::CmpFOp::create(b, loc, P::UNO, av, av);
  Value bNaN = arith::CmpFOp::create(b, loc, P::UNO, bv, bv);
  Value bNumber = arith::CmpFOp::create(b, loc, P::ORD, bv, bv);
  Value eq = arith::CmpFOp::create(b, loc, P::OEQ, av, bv);
  // ahead | (aNaN & !bNaN) | ((eq | (aNaN & bNaN)) & lower)
  Value nanAhead = arith::AndIOp::create(b, loc, aNaN, bNumber);
  Value tied = arith::OrIOp::create(b, loc, eq,
                                    arith::AndIOp::create(b, loc, aNaN, bNaN));
  return arith::OrIOp::create(b, loc,
                              arith::OrIOp::create(b, loc, ahead, nanAhead),
                              arith::AndIOp::create(b, loc, tied, lower));
}

/// The constant a linalg.fill writes, if `init` is one.
std::optional<Attribute> filledConstant(Value init, Value &fillValue) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return std::nullopt;
  fillValue = fill.getInputs()[0];
  Attribute attr;
  if (!matchPattern(fillValue, m_Constant(&attr)))
    return std::nullopt;
  return attr;
}

} // namespace

bool isArgReduction(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 2)
    return false;
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  for (unsigned d = 0; d < iters.size(); ++d)
    if (iters[d] == utils::IteratorType::reduction)
      return matchArgBody(op, d).has_value();
  return false;
}

bool splitArgReduction(RewriterBase &rewriter, linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();
  unsigned dim = loops - 1;
  std::optional<ArgBody> arg = matchArgBody(op, dim);
  if (!arg || !isContiguousInputDim(op, dim))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t n = ranges[dim];
  if (ShapedType::isDynamic(n))
    return false;
  if (arg->isFloat && !op->getResult(arg->valueResult).use_empty())
    return false;
  Value inits[2], identities[2];
  for (unsigned k = 0; k < 2; ++k) {
    inits[k] = op.getDpsInitOperand(k)->get();
    std::optional<Attribute> c = filledConstant(inits[k], identities[k]);
    if (!c)
      return false;
    // An init NaN would be kept by the body whatever its index.
    if (auto f = dyn_cast<FloatAttr>(*c); f && f.getValue().isNaN())
      return false;
  }
  auto valueType = cast<RankedTensorType>(inits[arg->valueResult].getType());
  auto indexType = cast<RankedTensorType>(inits[arg->indexResult].getType());
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outMap != op.getMatchingIndexingMap(op.getDpsInitOperand(1)) ||
      !outMap.isProjectedPermutation() || !valueType.hasStaticShape())
    return false;
  // Indices must not wrap: j * L + l is computed as the element's index.
  unsigned indexBits = indexType.getElementType().getIntOrFloatBitWidth();
  if (indexBits < 64 && n > (int64_t(1) << (indexBits - 1)))
    return false;
  unsigned valueBits = valueType.getElementType().getIntOrFloatBitWidth();
  int64_t lanes = laneCount(n, std::max(valueBits, indexBits));
  if (!lanes)
    return false;

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // The split op: the original loops, `dim` now of n / L, the lanes last.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  splitInputsIntoLanes(rewriter, op, dim, lanes, inputs, maps);
  SmallVector<Value> partialInits;
  for (unsigned k = 0; k < 2; ++k) {
    partialInits.push_back(filledWithLanes(
        rewriter, loc, cast<RankedTensorType>(inits[k].getType()), lanes,
        identities[k]));
    maps.push_back(appendLane(outMap));
  }
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  iters.push_back(utils::IteratorType::parallel);
  auto partial = linalg::GenericOp::create(rewriter, loc,
                                           ValueRange(partialInits).getTypes(),
                                           inputs, partialInits, maps, iters);
  rewriter.inlineRegionBefore(op.getRegion(), partial.getRegion(),
                              partial.getRegion().begin());
  // The element's index along `dim`: j * L + l, computed in the type the
  // body casts it to (a vector of i32 where the results are i32).
  Block *body = partial.getBlock();
  SmallVector<linalg::IndexOp> indices;
  for (auto index : body->getOps<linalg::IndexOp>())
    if (index.getDim() == dim)
      indices.push_back(index);
  rewriter.setInsertionPointToStart(body);
  Value step = linalg::IndexOp::create(rewriter, loc, dim);
  Value within = linalg::IndexOp::create(rewriter, loc, loops);
  auto indexIn = [&](Type type) -> Value {
    Value j = step, l = within, width;
    if (type.isIndex()) {
      width = arith::ConstantIndexOp::create(rewriter, loc, lanes);
    } else {
      j = arith::IndexCastOp::create(rewriter, loc, type, step);
      l = arith::IndexCastOp::create(rewriter, loc, type, within);
      width = arith::ConstantIntOp::create(rewriter, loc, type, lanes);
    }
    return arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, j, width), l);
  };
  for (linalg::IndexOp index : indices) {
    for (OpOperand &use : llvm::make_early_inc_range(index->getUses())) {
      Operation *user = use.getOwner();
      if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(user))
        rewriter.replaceOp(user, indexIn(user->getResult(0).getType()));
    }
    if (!index->use_empty())
      rewriter.replaceOp(index, indexIn(rewriter.getIndexType()));
    else
      rewriter.eraseOp(index);
  }

  // Combine the lanes by the total order.
  rewriter.setInsertionPoint(op);
  unsigned v = arg->valueResult, i = arg->indexResult;
  SmallVector<Value> combined = combineLanes(
      rewriter, loc, partial.getResults(), ValueRange{inits[0], inits[1]},
      ValueRange{identities[0], identities[1]}, lanes,
      [&](OpBuilder &b, Location l, ValueRange args) {
        // args: the lane's pair, then the accumulator.
        Value accV = args[2 + v], accI = args[2 + i];
        Value laneV = args[v], laneI = args[i];
        Value keep = picksFirst(b, l, *arg, accV, accI, laneV, laneI);
        Value results[2];
        results[v] = arith::SelectOp::create(b, l, keep, accV, laneV);
        results[i] = arith::SelectOp::create(b, l, keep, accI, laneI);
        linalg::YieldOp::create(b, l, ValueRange(results));
      });
  rewriter.replaceOp(op, combined);
  return true;
}

} // namespace jx
