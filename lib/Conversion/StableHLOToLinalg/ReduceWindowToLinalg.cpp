//===- ReduceWindowToLinalg.cpp - reduce_window to linalg.generic ---------===//
//
// Each input is first padded the spec's way when padding or base dilation
// ask for it: a generic over the padded shape reads the input where the
// position is one (offset padding_low, stride base_dilations; negative
// padding crops) and takes the init value elsewhere. Then one linalg.generic runs over
// (output dims, window dims): a dummy tensor of the window's shape gives
// the window loops their bounds, the padded input is read at
// output * stride + window * window_dilation, and the outputs (filled with
// the init values) accumulate through the body, called as
// body(accumulators..., elements...).
//
// A window that covers everything before (or after) each position along one
// dimension — JAX's cumsum, cumprod, cummax and cummin: window N or more,
// padding N-1 on one side, stride 1 — is a scan instead: one pass along that
// dimension carrying the running value, O(N) rather than O(N^2) (a 4096 x
// 4096 cumsum took 72 s). Only for a body that is one associative op (add,
// multiply, max, min, and, or) whose init value combines with itself to
// itself, so that the window's padding, made of init values, adds nothing:
// then each output is init followed by the elements, combined in order.
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Pads `input` (static shape) with `init0d`: low/high edge padding and
/// interior padding dilation-1 per dimension; negative edges crop. A
/// linalg.generic over the padded shape reads input[(p - lo) / dilation]
/// where that is an input position and the init value elsewhere.
Value padInput(OpBuilder &b, Location loc, Value input, Value init0d,
               ArrayRef<int64_t> lo, ArrayRef<int64_t> hi,
               ArrayRef<int64_t> dilation) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> paddedShape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = type.getDimSize(d);
    int64_t size = lo[d] + hi[d] + (n == 0 ? 0 : (n - 1) * dilation[d] + 1);
    paddedShape.push_back(std::max<int64_t>(size, 0));
  }
  Value empty =
      tensor::EmptyOp::create(b, loc, paddedShape, type.getElementType());
  if (type.getNumElements() == 0)
    return fillWith(b, loc, empty, init0d);
  Value init = extractScalar(b, loc, init0d);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{empty.getType()}, ValueRange{}, ValueRange{empty},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &gb, Location l, ValueRange) {
        Value valid = arith::ConstantIntOp::create(gb, l, 1, 1);
        Value zero = indexConst(gb, l, 0);
        SmallVector<Value> pos;
        for (int64_t d = 0; d < rank; ++d) {
          Value q = arith::SubIOp::create(gb, l,
                                          linalg::IndexOp::create(gb, l, d),
                                          indexConst(gb, l, lo[d]));
          Value dil = indexConst(gb, l, dilation[d]);
          Value k = arith::DivSIOp::create(gb, l, q, dil);
          Value onGrid = arith::CmpIOp::create(
              gb, l, arith::CmpIPredicate::eq,
              arith::RemSIOp::create(gb, l, q, dil), zero);
          Value inLo = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::sge,
                                             q, zero);
          Value inHi = arith::CmpIOp::create(
              gb, l, arith::CmpIPredicate::slt, k,
              indexConst(gb, l, type.getDimSize(d)));
          valid = arith::AndIOp::create(
              gb, l, valid,
              arith::AndIOp::create(gb, l, onGrid,
                                    arith::AndIOp::create(gb, l, inLo, inHi)));
          Value c = arith::MaxSIOp::create(gb, l, k, zero);
          c = arith::MinSIOp::create(gb, l, c,
                                     indexConst(gb, l, type.getDimSize(d) - 1));
          pos.push_back(c);
        }
        Value v = tensor::ExtractOp::create(gb, l, input, pos);
        linalg::YieldOp::create(
            gb, l, ValueRange{arith::SelectOp::create(gb, l, valid, v, init)});
      });
  return generic.getResult(0);
}

/// A reduce_window's window, strides, base and window dilations and low
/// and high padding, defaults filled in.
struct WindowAttributes {
  SmallVector<int64_t> window, strides, baseDil, winDil, lo, hi;
};

WindowAttributes windowAttributes(ReduceWindowOp op) {
  int64_t rank = op.getWindowDimensions().size();
  SmallVector<int64_t> ones(rank, 1), zeros(rank, 0);
  WindowAttributes w{SmallVector<int64_t>(op.getWindowDimensions()),
                     SmallVector<int64_t>(op.getWindowStrides().value_or(ones)),
                     SmallVector<int64_t>(op.getBaseDilations().value_or(ones)),
                     SmallVector<int64_t>(op.getWindowDilations().value_or(ones)),
                     zeros, zeros};
  if (auto padding = op.getPadding()) {
    auto values = llvm::to_vector(padding->getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d) {
      w.lo[d] = values[2 * d];
      w.hi[d] = values[2 * d + 1];
    }
  }
  return w;
}

/// The dimension a scan-shaped reduce_window runs along and whether it runs
/// from the end (file comment), or nothing.
struct ScanShape {
  int64_t dim;
  bool reverse;
};

/// The constant behind a reduce_window's init value: JAX passes it through
/// a broadcast_in_dim to its own type, and the conversion may already have
/// replaced the constant (then `converted` leads to it).
DenseElementsAttr initConstant(Value original, Value converted) {
  DenseElementsAttr init;
  while (auto bc = original.getDefiningOp<BroadcastInDimOp>())
    original = bc.getOperand();
  if (matchPattern(original, m_Constant(&init)))
    return init;
  while (auto cast = converted.getDefiningOp<UnrealizedConversionCastOp>()) {
    if (cast->getNumOperands() != 1)
      break;
    converted = cast->getOperand(0);
  }
  if (matchPattern(converted, m_Constant(&init)))
    return init;
  return {};
}

std::optional<ScanShape> scanShape(ReduceWindowOp op, Value convertedInit,
                                   RankedTensorType inType) {
  if (op.getInputs().size() != 1)
    return std::nullopt;
  int64_t rank = inType.getRank();
  auto [window, strides, baseDil, winDil, lo, hi] = windowAttributes(op);
  std::optional<ScanShape> scan;
  for (int64_t d = 0; d < rank; ++d) {
    if (strides[d] != 1 || baseDil[d] != 1 || winDil[d] != 1)
      return std::nullopt;
    if (window[d] == 1 && lo[d] == 0 && hi[d] == 0)
      continue;
    int64_t w = window[d], size = inType.getDimSize(d);
    if (scan || size < 2 || w < size)
      return std::nullopt;
    if (lo[d] == w - 1 && hi[d] == 0)
      scan = ScanShape{d, false};
    else if (lo[d] == 0 && hi[d] == w - 1)
      scan = ScanShape{d, true};
    else
      return std::nullopt;
  }
  if (!scan)
    return std::nullopt;
  // The body: one associative op of the two arguments, returned.
  Block &body = op.getBody().front();
  if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
    return std::nullopt;
  Operation &combine = body.front();
  auto ret = dyn_cast<ReturnOp>(body.back());
  if (!ret || ret->getNumOperands() != 1 ||
      ret->getOperand(0) != combine.getResult(0) ||
      combine.getNumOperands() != 2 ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(1)))
    return std::nullopt;
  // init (+) init == init: add needs a zero, multiply a one or a zero.
  DenseElementsAttr init = initConstant(op.getInitValues()[0], convertedInit);
  if (!init || init.getNumElements() != 1)
    return std::nullopt;
  Type elem = init.getElementType();
  auto isValue = [&](double v) {
    if (isa<FloatType>(elem))
      return init.getSplatValue<APFloat>().isExactlyValue(v);
    if (elem.isInteger())
      return init.getSplatValue<APInt>() == static_cast<uint64_t>(v);
    return false;
  };
  if (isa<AddOp>(combine))
    return isValue(0) ? scan : std::nullopt;
  if (isa<MulOp>(combine))
    return isValue(0) || isValue(1) ? scan : std::nullopt;
  if (isa<MaxOp, MinOp, AndOp, OrOp>(combine))
    return scan;
  return std::nullopt;
}

/// The scan (file comment): an scf.for along the dimension carrying the
/// running value (the input's shape without that dimension, starting at
/// init) and the result; each step combines the carry with the step's
/// slice of the input in one parallel generic and inserts it. Along the
/// last dimension, each row is scanned in turn instead.
Value lowerAsScan(OpBuilder &b, Location loc, ReduceWindowOp op,
                  const TypeConverter &converter, Value input, Value init0d,
                  RankedTensorType resultType, ScanShape scan,
                  bool &failedBody) {
  auto inType = cast<RankedTensorType>(input.getType());
  int64_t rank = inType.getRank(), d = scan.dim;
  int64_t steps = inType.getDimSize(d);
  Type elem = resultType.getElementType();
  auto combine = [&](OpBuilder &cb, Value acc, Value x) {
    return emitOneResultRegion(cb, op.getBody(), converter, {acc, x}, acc,
                               failedBody);
  };
  if (d == rank - 1) {
    // Along the contiguous dimension, a step's slice would be a column,
    // one element per row (a page apart in a large matrix): scan each row
    // in turn instead, in memory order.
    SmallVector<Value> rowUbs;
    for (int64_t k = 0; k < d; ++k)
      rowUbs.push_back(indexConst(b, loc, inType.getDimSize(k)));
    Value initScalar = extractScalar(b, loc, init0d);
    Value out = tensor::EmptyOp::create(b, loc, resultType.getShape(), elem);
    auto row = [&](OpBuilder &rb, Location rl, ValueRange rowIvs,
                   ValueRange rowIter) -> SmallVector<Value> {
      auto along = [&](OpBuilder &ab, Location al, ValueRange ivs,
                       ValueRange iter) -> SmallVector<Value> {
        Value at = ivs[0];
        if (scan.reverse)
          at = arith::SubIOp::create(ab, al, indexConst(ab, al, steps - 1),
                                     at);
        SmallVector<Value> pos(rowIvs);
        pos.push_back(at);
        Value x = tensor::ExtractOp::create(ab, al, input, pos);
        Value acc = combine(ab, iter[0], x);
        return {acc, tensor::InsertOp::create(ab, al, acc, iter[1], pos)};
      };
      return {buildLoops(rb, rl, ValueRange{indexConst(rb, rl, steps)},
                         ValueRange{initScalar, rowIter[0]}, along)[1]};
    };
    return buildLoops(b, loc, rowUbs, ValueRange{out}, row)[0];
  }
  SmallVector<int64_t> carryShape(inType.getShape());
  carryShape.erase(carryShape.begin() + d);
  auto carryType = RankedTensorType::get(carryShape, elem);
  auto sliceType = RankedTensorType::get(carryShape, inType.getElementType());
  Value carry = fillWith(
      b, loc, tensor::EmptyOp::create(b, loc, carryShape, elem), init0d);
  Value out = tensor::EmptyOp::create(b, loc, resultType.getShape(), elem);
  int64_t r = carryType.getRank();
  SmallVector<AffineMap> maps(3, b.getMultiDimIdentityMap(r));
  SmallVector<utils::IteratorType> parallel(r, utils::IteratorType::parallel);
  auto step = [&](OpBuilder &lb, Location l, ValueRange ivs,
                  ValueRange iter) -> SmallVector<Value> {
    Value at = ivs[0];
    if (scan.reverse)
      at = arith::SubIOp::create(lb, l, indexConst(lb, l, steps - 1), at);
    SmallVector<OpFoldResult> offsets(rank, lb.getIndexAttr(0)), sizes,
        strides(rank, lb.getIndexAttr(1));
    for (int64_t k = 0; k < rank; ++k)
      sizes.push_back(lb.getIndexAttr(k == d ? 1 : inType.getDimSize(k)));
    offsets[d] = at;
    Value x = tensor::ExtractSliceOp::create(lb, l, sliceType, input, offsets,
                                             sizes, strides);
    auto generic = linalg::GenericOp::create(
        lb, l, TypeRange{carryType}, ValueRange{iter[0], x},
        ValueRange{tensor::EmptyOp::create(lb, l, carryShape, elem)}, maps,
        parallel, [&](OpBuilder &gb, Location gl, ValueRange args) {
          linalg::YieldOp::create(gb, gl,
                                  ValueRange{combine(gb, args[0], args[1])});
        });
    Value next = generic.getResult(0);
    Value updated = tensor::InsertSliceOp::create(lb, l, next, iter[1],
                                                  offsets, sizes, strides);
    return {next, updated};
  };
  SmallVector<Value> results = buildLoops(
      b, loc, ValueRange{indexConst(b, loc, steps)}, ValueRange{carry, out},
      step);
  return results[1];
}

struct ReduceWindowToGeneric : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    size_t n = inputs.size();
    if (n == 0 || inits.size() != n || resultTypes->size() != n)
      return rewriter.notifyMatchFailure(op, "operand count mismatch");
    auto inType = cast<RankedTensorType>(inputs[0].getType());
    int64_t rank = inType.getRank();
    if (!inType.hasStaticShape() ||
        llvm::any_of(*resultTypes,
                     [](RankedTensorType t) { return !t.hasStaticShape(); }))
      return op.emitError(
          "reduce_window on dynamic shapes is not supported yet");

    Location loc = op.getLoc();
    // Bodies may accumulate in a wider type than the inputs (is_promotable).
    SmallVector<Value> promoted, promotedInits;
    promoteInputsAndInits(rewriter, loc, adaptor.getInputs(),
                          adaptor.getInitValues(), op.getInputs(),
                          *resultTypes, promoted, promotedInits);
    inputs = promoted;
    inits = promotedInits;
    if (std::optional<ScanShape> scan =
            scanShape(op, adaptor.getInitValues()[0], inType)) {
      bool failedBody = false;
      Value result =
          lowerAsScan(rewriter, loc, op, *getTypeConverter(), inputs[0],
                      inits[0], resultTypes->front(), *scan, failedBody);
      if (failedBody)
        return failure();
      rewriter.replaceOp(op, result);
      return success();
    }
    auto [window, strides, baseDil, winDil, lo, hi] = windowAttributes(op);
    bool needPad = llvm::any_of(lo, [](int64_t v) { return v != 0; }) ||
                   llvm::any_of(hi, [](int64_t v) { return v != 0; }) ||
                   llvm::any_of(baseDil, [](int64_t v) { return v != 1; });

    SmallVector<Value> sources(inputs);
    if (needPad)
      for (size_t i = 0; i < n; ++i)
        sources[i] =
            padInput(rewriter, loc, inputs[i], inits[i], lo, hi, baseDil);

    // Iteration space: (o_0..o_{r-1}, w_0..w_{r-1}).
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> inExprs, winExprs, outExprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr o = getAffineDimExpr(d, ctx);
      AffineExpr w = getAffineDimExpr(rank + d, ctx);
      inExprs.push_back(o * strides[d] + w * winDil[d]);
      winExprs.push_back(w);
      outExprs.push_back(o);
    }
    SmallVector<AffineMap> maps(n, AffineMap::get(2 * rank, 0, inExprs, ctx));
    maps.push_back(AffineMap::get(2 * rank, 0, winExprs, ctx));
    maps.append(n, AffineMap::get(2 * rank, 0, outExprs, ctx));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);

    sources.push_back(
        tensor::EmptyOp::create(rewriter, loc, window, rewriter.getI8Type()));
    SmallVector<Value> outputs;
    SmallVector<Type> outTypes;
    for (auto [type, init] : llvm::zip(*resultTypes, inits)) {
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      outputs.push_back(fillWith(rewriter, loc, empty, init));
      outTypes.push_back(type);
    }
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, outTypes, sources, outputs, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> scalarArgs, results;
          for (size_t i = 0; i < n; ++i)
            scalarArgs.push_back(args[n + 1 + i]);
          for (size_t i = 0; i < n; ++i)
            scalarArgs.push_back(args[i]);
          if (failed(emitScalarRegion(b, op.getBody(), *getTypeConverter(),
                                      scalarArgs, results)) ||
              results.size() != n) {
            failedBody = true;
            results.clear();
          }
          linalg::YieldOp::create(b, l, results);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateReduceWindowPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToGeneric>(converter, patterns.getContext());
}

} // namespace jx::stablehlo
