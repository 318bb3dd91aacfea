//===- SortSelectToSCF.cpp - the first k of a sort, without the sort ------===//
//
// chlo.top_k is a stable descending sort of (values, iota) followed by
// slices of the first k along the sorted dimension, and a program that
// sorts and keeps a prefix (`jnp.sort(x)[..., :k]`) is the same. The merge
// sort (SortToSCF.cpp) orders all n elements of every slice, O(n log n)
// comparisons and log n passes over memory, to keep k of them.
//
// When every use of a sort's results is such a slice (start 0 and stride 1
// along the sorted dimension, any range along the others), and the longest
// prefix k is small (kMaxSelected, and at most half the dimension), the
// sort becomes a selection: each slice is read once, in order, keeping its
// first k elements in sorted order in the result. An element is taken if
// fewer than k are held or the comparator puts it before the last one held;
// it is then inserted after every held element it does not precede (the
// held ones come earlier in the slice, so equal elements keep their order,
// as the stable sort keeps them) and the last held one drops out when k
// are held. Each element costs one comparison with the last held element
// unless it is taken, which for all but the first few of a long slice is
// rare; an ascending slice under a descending sort takes every element,
// at most k shifts each. The results are the stable sort's first k, bit
// for bit, with any comparator that is a strict weak order (the sort's own
// requirement). The slices then read from the k-wide results.
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// The longest prefix selected without sorting: each taken element shifts
/// up to this many held ones.
constexpr int64_t kMaxSelected = 64;

struct SortSelectToSCF : OpConversionPattern<SortOp> {
  SortSelectToSCF(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> inputs(adaptor.getInputs());
    if (inputs.empty())
      return failure();
    auto inType = dyn_cast<RankedTensorType>(inputs[0].getType());
    if (!inType || !inType.hasStaticShape() || inType.getRank() == 0)
      return failure();
    int64_t rank = inType.getRank();
    int64_t dim = op.getDimension();
    if (dim < 0)
      dim += rank;
    int64_t n = inType.getDimSize(dim);
    // Every use a leading slice along `dim`; k the longest.
    int64_t k = 0;
    SmallVector<std::pair<SliceOp, unsigned>> slices;
    for (OpResult r : op->getResults())
      for (Operation *user : r.getUsers()) {
        auto slice = dyn_cast<SliceOp>(user);
        if (!slice || slice.getStartIndices()[dim] != 0 ||
            slice.getStrides()[dim] != 1)
          return failure();
        k = std::max(k, slice.getLimitIndices()[dim]);
        slices.push_back({slice, r.getResultNumber()});
      }
    if (slices.empty() || k < 1 || k > kMaxSelected || 2 * k > n)
      return failure();

    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    size_t numInputs = inputs.size();
    SmallVector<Value> results;
    for (Value in : inputs) {
      SmallVector<int64_t> shape(
          cast<RankedTensorType>(in.getType()).getShape());
      shape[dim] = k;
      results.push_back(bufferization::AllocTensorOp::create(
          rewriter, loc,
          RankedTensorType::get(shape, getElementTypeOrSelf(in.getType())),
          ValueRange{}));
    }
    SmallVector<OpFoldResult> otherSizes;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        otherSizes.push_back(rewriter.getIndexAttr(inType.getDimSize(d)));
    Value zero = indexConst(rewriter, loc, 0);
    Value one = indexConst(rewriter, loc, 1);
    Value kValue = indexConst(rewriter, loc, k);
    Value lastHeld = indexConst(rewriter, loc, k - 1);
    bool failedBody = false;

    // Whether the element `e` (one value per input) comes before the one
    // held at `q` of `held` (the slice's k-element results).
    auto precedes = [&](OpBuilder &b, Location l, ValueRange e, ValueRange held,
                        Value q) -> Value {
      SmallVector<Value> args, less;
      for (size_t m = 0; m < numInputs; ++m) {
        args.push_back(e[m]);
        args.push_back(tensor::ExtractOp::create(b, l, held[m], q));
      }
      if (failed(
              emitScalarRegion(b, op.getComparator(), converter, args, less)) ||
          less.size() != 1) {
        failedBody = true;
        return arith::ConstantIntOp::create(b, l, 0, 1);
      }
      return less[0];
    };

    // The first k of the slice at `other` (the indices along the other
    // dimensions), one k-element tensor per input.
    auto slice = [&](OpBuilder &sb, Location sl,
                     ValueRange other) -> SmallVector<Value> {
      SmallVector<Value> carried = {zero};
      // Allocations, not tensor.empty, which CSE would merge for inputs of
      // one element type (bufferization would then hold both in one buffer).
      for (Value in : inputs)
        carried.push_back(bufferization::AllocTensorOp::create(
            sb, sl,
            RankedTensorType::get({k}, getElementTypeOrSelf(in.getType())),
            ValueRange{}));
      auto scan = scf::ForOp::create(
          sb, sl, zero, indexConst(sb, sl, n), one, carried,
          [&](OpBuilder &b, Location l, Value j, ValueRange it) {
            Value count = it[0];
            ValueRange held = it.drop_front();
            SmallVector<Value> e;
            for (auto [in, orig] : llvm::zip(inputs, op.getInputs())) {
              // An iota along `dim` (top_k's indices) is the position.
              auto iota = orig.getDefiningOp<IotaOp>();
              auto elem = getElementTypeOrSelf(in.getType());
              if (iota && iota.getIotaDimension() == uint64_t(dim) &&
                  elem.isSignlessInteger())
                e.push_back(arith::IndexCastOp::create(b, l, elem, j));
              else
                e.push_back(
                    tensor::ExtractOp::create(b, l, in, at(other, dim, j)));
            }
            Value full = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                               count, kValue);
            auto take = scf::IfOp::create(
                b, l, full,
                [&](OpBuilder &tb, Location tl) {
                  scf::YieldOp::create(tb, tl,
                                       precedes(tb, tl, e, held, lastHeld));
                },
                [&](OpBuilder &fb, Location fl) {
                  scf::YieldOp::create(
                      fb, fl,
                      arith::ConstantIntOp::create(fb, fl, 1, 1).getResult());
                });
            auto insert = scf::IfOp::create(
                b, l, take.getResult(0),
                [&](OpBuilder &tb, Location tl) {
                  // Shift the held elements that `e` precedes up by one,
                  // from the last place it may take.
                  SmallVector<Value> init = {
                      arith::MinSIOp::create(tb, tl, count, lastHeld)};
                  init.append(held.begin(), held.end());
                  auto shift = scf::WhileOp::create(
                      tb, tl, ValueRange(init).getTypes(), init,
                      [&](OpBuilder &cb, Location cl, ValueRange args) {
                        Value q = args[0];
                        Value before = arith::MaxSIOp::create(
                            cb, cl, arith::SubIOp::create(cb, cl, q, one),
                            zero);
                        Value more = arith::AndIOp::create(
                            cb, cl,
                            arith::CmpIOp::create(
                                cb, cl, arith::CmpIPredicate::sgt, q, zero),
                            precedes(cb, cl, e, args.drop_front(), before));
                        scf::ConditionOp::create(cb, cl, more, args);
                      },
                      [&](OpBuilder &bb, Location bl, ValueRange args) {
                        Value q = args[0];
                        Value before = arith::SubIOp::create(bb, bl, q, one);
                        SmallVector<Value> next = {before};
                        for (Value h : args.drop_front())
                          next.push_back(tensor::InsertOp::create(
                              bb, bl,
                              tensor::ExtractOp::create(bb, bl, h, before), h,
                              q));
                        scf::YieldOp::create(bb, bl, next);
                      });
                  Value q = shift.getResult(0);
                  SmallVector<Value> next = {arith::MinSIOp::create(
                      tb, tl, arith::AddIOp::create(tb, tl, count, one),
                      kValue)};
                  for (size_t m = 0; m < numInputs; ++m)
                    next.push_back(tensor::InsertOp::create(
                        tb, tl, e[m], shift.getResult(1 + m), q));
                  scf::YieldOp::create(tb, tl, next);
                },
                [&](OpBuilder &fb, Location fl) {
                  scf::YieldOp::create(fb, fl, it);
                });
            scf::YieldOp::create(b, l, insert.getResults());
          });
      return SmallVector<Value>(scan.getResults().drop_front());
    };
    // The slices in parallel, each into its k places of the results.
    auto forall = forEachSlice(rewriter, loc, otherSizes, dim,
                               rewriter.getIndexAttr(k), results, slice);
    SmallVector<Value> selected(forall.getResults());
    if (failedBody)
      return failure();
    // The slices read the same ranges of the k-wide results.
    for (auto [s, r] : slices) {
      auto type = cast<RankedTensorType>(
          converter.convertType(s.getResult().getType()));
      Value from = selected[r];
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(rewriter.getIndexAttr(s.getStartIndices()[d]));
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
        strides.push_back(rewriter.getIndexAttr(s.getStrides()[d]));
      }
      rewriter.replaceOp(s, tensor::ExtractSliceOp::create(rewriter, loc, type,
                                                           from, offsets, sizes,
                                                           strides));
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// The indices of element `i` along `dim` of the slice `other`.
  static SmallVector<Value> at(ValueRange other, int64_t dim, Value i) {
    SmallVector<Value> idx(other.begin(), other.end());
    idx.insert(idx.begin() + dim, i);
    return idx;
  }
};

} // namespace

void populateSortSelectPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<SortSelectToSCF>(converter, patterns.getContext());
}

} // namespace jx::stablehlo
