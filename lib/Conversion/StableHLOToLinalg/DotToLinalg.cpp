//===- DotToLinalg.cpp - dot_general and dot to linalg --------------------===//
//
// dot_general becomes one linalg.generic whose loops are the batch
// dimensions, the free dimensions of lhs then rhs (all parallel) and the
// contracting dimensions (reductions). Each operand element is converted to
// the result element type before the multiply, so the accumulation happens
// in the result type (bf16 x bf16 -> f32, i8 x i8 -> i32, int x complex).
// Plain matrix products with one element type become linalg.matmul /
// linalg.batch_matmul, so later tiling and vectorization can find them.
//
// The deprecated einsum and unary_einsum become the same kind of generic,
// one loop per letter of their config.
//
// This file also holds the family's shared scalar helpers (DotFamily.h) and
// registers the convolution, fft, solve and batch_norm patterns.
//
//===----------------------------------------------------------------------===//

#include "DotFamily.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace jx::stablehlo {
namespace dotfamily {

Value scalarConst(OpBuilder &b, Location loc, Type type, double v) {
  if (auto c = dyn_cast<ComplexType>(type)) {
    Type part = c.getElementType();
    Value re = scalarConst(b, loc, part, v);
    Value im = scalarConst(b, loc, part, 0.0);
    return complex::CreateOp::create(b, loc, type, re, im);
  }
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, static_cast<int64_t>(v)));
}

Value addScalar(OpBuilder &b, Location loc, Value x, Value y) {
  Type t = x.getType();
  if (isa<ComplexType>(t))
    return complex::AddOp::create(b, loc, x, y);
  if (isa<FloatType>(t))
    return arith::AddFOp::create(b, loc, x, y);
  if (t.isInteger(1))
    return arith::OrIOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}

Value mulScalar(OpBuilder &b, Location loc, Value x, Value y) {
  Type t = x.getType();
  if (isa<ComplexType>(t))
    return complex::MulOp::create(b, loc, x, y);
  if (isa<FloatType>(t))
    return arith::MulFOp::create(b, loc, x, y);
  if (t.isInteger(1))
    return arith::AndIOp::create(b, loc, x, y);
  return arith::MulIOp::create(b, loc, x, y);
}

Value subScalar(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<ComplexType>(x.getType()))
    return complex::SubOp::create(b, loc, x, y);
  return arith::SubFOp::create(b, loc, x, y);
}

Value divScalar(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<ComplexType>(x.getType()))
    return complex::DivOp::create(b, loc, x, y);
  return arith::DivFOp::create(b, loc, x, y);
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value value, ValueRange dynSizes) {
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                        type.getElementType(), dynSizes);
  return linalg::FillOp::create(b, loc, ValueRange{value}, ValueRange{empty})
      .getResult(0);
}

SmallVector<OpFoldResult> tensorSizes(OpBuilder &b, Location loc, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (type.isDynamicDim(i))
      sizes.push_back(tensor::DimOp::create(b, loc, v, i).getResult());
    else
      sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
  }
  return sizes;
}

RankedTensorType convertedTensorType(const TypeConverter &c, Type t) {
  return dyn_cast_or_null<RankedTensorType>(c.convertType(t));
}

} // namespace dotfamily

namespace {
using namespace dotfamily;

/// Lowers a contraction: `lhsBatch[i]` pairs with `rhsBatch[i]`,
/// `lhsContract[j]` with `rhsContract[j]`; the result lists the batch
/// dimensions, then lhs's free dimensions, then rhs's, in order.
LogicalResult lowerContraction(ConversionPatternRewriter &rewriter,
                               Operation *op, Value lhs, Value rhs,
                               RankedTensorType resultType,
                               ArrayRef<int64_t> lhsBatch,
                               ArrayRef<int64_t> rhsBatch,
                               ArrayRef<int64_t> lhsContract,
                               ArrayRef<int64_t> rhsContract) {
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  Type lhsOrig = getElementTypeOrSelf(op->getOperand(0).getType());
  Type rhsOrig = getElementTypeOrSelf(op->getOperand(1).getType());
  Type resultOrig = getElementTypeOrSelf(op->getResult(0).getType());
  Type elem = resultType.getElementType();

  int64_t nB = lhsBatch.size(), nC = lhsContract.size();
  SmallVector<int64_t> lhsFree, rhsFree;
  for (int64_t d = 0; d < lhsType.getRank(); ++d)
    if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
      lhsFree.push_back(d);
  for (int64_t d = 0; d < rhsType.getRank(); ++d)
    if (!llvm::is_contained(rhsBatch, d) && !llvm::is_contained(rhsContract, d))
      rhsFree.push_back(d);
  int64_t nLF = lhsFree.size(), nRF = rhsFree.size();
  int64_t nPar = nB + nLF + nRF, nLoops = nPar + nC;
  if (resultType.getRank() != nPar)
    return rewriter.notifyMatchFailure(op, "unexpected result rank");

  // Result sizes, from the operand dimension each result dimension copies.
  SmallVector<Value> dynSizes;
  for (int64_t r = 0; r < nPar; ++r) {
    if (!resultType.isDynamicDim(r))
      continue;
    Value src = r < nB + nLF ? lhs : rhs;
    int64_t d = r < nB ? lhsBatch[r]
                : r < nB + nLF ? lhsFree[r - nB]
                               : rhsFree[r - nB - nLF];
    dynSizes.push_back(tensor::DimOp::create(rewriter, loc, src, d));
  }
  // f16/bf16 products accumulate in f32 and round once at the end, as XLA
  // does on the CPU (rounding every partial sum to 8 or 11 bits would lose
  // most of a long contraction).
  bool widen = isa<FloatType>(elem) && elem.getIntOrFloatBitWidth() < 32;
  Type acc = widen ? Type(rewriter.getF32Type()) : elem;
  RankedTensorType accType = resultType.clone(acc);

  // Narrower float operands of a large f32/f64 contraction (bf16 or f16
  // products, bf16 x bf16 -> f32) are extended to the accumulation type
  // first, exactly, as tensors: the contraction is then a plain f32/f64
  // multiply-add that the BLAS path takes, instead of a loop nest that
  // extends every element once per use.
  auto narrower = [&](Value v, Type orig) {
    Type t = cast<RankedTensorType>(v.getType()).getElementType();
    return isa<FloatType>(t) && isa<FloatType>(orig) && t == orig &&
           t.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth();
  };
  // Multiply-adds: every lhs element meets every combination of rhs free
  // dimensions. Below the BLAS path's threshold (4096, ContractionToBlas.cpp)
  // the extension would buy nothing.
  int64_t work = lhsType.hasStaticShape() && rhsType.hasStaticShape()
                     ? lhsType.getNumElements()
                     : 0;
  for (int64_t d : rhsFree)
    work *= rhsType.getDimSize(d);
  bool accIsBlasFloat = acc.isF32() || acc.isF64();
  if (accIsBlasFloat && work >= 4096 &&
      (narrower(lhs, lhsOrig) || narrower(rhs, rhsOrig)) &&
      (narrower(lhs, lhsOrig) || lhsType.getElementType() == acc) &&
      (narrower(rhs, rhsOrig) || rhsType.getElementType() == acc)) {
    auto extend = [&](Value v) {
      auto type = cast<RankedTensorType>(v.getType());
      if (type.getElementType() == acc)
        return v;
      auto wide = type.clone(acc);
      Value empty = tensor::EmptyOp::create(rewriter, loc, wide.getShape(), acc);
      AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
      return linalg::GenericOp::create(
                 rewriter, loc, TypeRange{wide}, ValueRange{v},
                 ValueRange{empty}, ArrayRef<AffineMap>{id, id},
                 SmallVector<utils::IteratorType>(type.getRank(),
                                                  utils::IteratorType::parallel),
                 [&](OpBuilder &b, Location l, ValueRange args) {
                   linalg::YieldOp::create(
                       b, l, arith::ExtFOp::create(b, l, acc, args[0])
                                 .getResult());
                 })
          .getResult(0);
    };
    lhs = extend(lhs);
    rhs = extend(rhs);
    lhsType = cast<RankedTensorType>(lhs.getType());
    rhsType = cast<RankedTensorType>(rhs.getType());
    lhsOrig = rhsOrig = resultOrig = acc;
    elem = acc;
    widen = false;
    // The contraction now produces `acc`; a narrower result is rounded
    // from it once at the end.
  }
  bool roundAtEnd = acc != resultType.getElementType();
  // Without contracting dimensions every result element is one product:
  // the generic is all-parallel and must not read its output (an
  // all-parallel op that accumulates into its init is wrong once fusion
  // puts it inside a larger loop nest), and needs no zero fill.
  Value init =
      nC == 0 ? tensor::EmptyOp::create(rewriter, loc, accType.getShape(), acc,
                                        dynSizes)
                    .getResult()
              : filledTensor(rewriter, loc, accType,
                             scalarConst(rewriter, loc, acc, 0), dynSizes);

  // linalg.matmul / batch_matmul when the layout and the types allow.
  bool sameTypes = !widen && !roundAtEnd && lhsType.getElementType() == elem &&
                   rhsType.getElementType() == elem && lhsOrig == resultOrig &&
                   rhsOrig == resultOrig &&
                   (isa<FloatType>(elem) || (isa<IntegerType>(elem) &&
                                             !elem.isInteger(1)));
  if (sameTypes && nC == 1 && nLF == 1 && nRF == 1) {
    if (nB == 0 && lhsContract[0] == 1 && rhsContract[0] == 0) {
      auto mm = linalg::MatmulOp::create(rewriter, loc, TypeRange{resultType},
                                         ValueRange{lhs, rhs}, ValueRange{init});
      rewriter.replaceOp(op, mm->getResults());
      return success();
    }
    if (nB == 1 && lhsBatch[0] == 0 && rhsBatch[0] == 0 &&
        lhsContract[0] == 2 && rhsContract[0] == 1) {
      auto mm = linalg::BatchMatmulOp::create(
          rewriter, loc, TypeRange{resultType}, ValueRange{lhs, rhs},
          ValueRange{init});
      rewriter.replaceOp(op, mm->getResults());
      return success();
    }
  }

  auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contract, ArrayRef<int64_t> free,
                        int64_t freeBase) {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d) {
      if (auto *it = llvm::find(batch, d); it != batch.end())
        exprs.push_back(getAffineDimExpr(it - batch.begin(), ctx));
      else if (auto *it = llvm::find(contract, d); it != contract.end())
        exprs.push_back(getAffineDimExpr(nPar + (it - contract.begin()), ctx));
      else
        exprs.push_back(
            getAffineDimExpr(freeBase + (llvm::find(free, d) - free.begin()),
                             ctx));
    }
    return AffineMap::get(nLoops, 0, exprs, ctx);
  };
  SmallVector<AffineMap> maps = {
      operandMap(lhsType.getRank(), lhsBatch, lhsContract, lhsFree, nB),
      operandMap(rhsType.getRank(), rhsBatch, rhsContract, rhsFree, nB + nLF),
      // The result takes the first nPar loops.
      AffineMap::get(nLoops, 0,
                     AffineMap::getMultiDimIdentityMap(nPar, ctx).getResults(),
                     ctx)};
  SmallVector<utils::IteratorType> iterators(nPar,
                                             utils::IteratorType::parallel);
  iterators.append(nC, utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{accType}, ValueRange{lhs, rhs},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = convertScalarValue(b, l, args[0], lhsOrig, elem, resultOrig);
        Value y = convertScalarValue(b, l, args[1], rhsOrig, elem, resultOrig);
        if (widen) {
          x = arith::ExtFOp::create(b, l, acc, x);
          y = arith::ExtFOp::create(b, l, acc, y);
        }
        Value product = mulScalar(b, l, x, y);
        linalg::YieldOp::create(
            b, l, nC == 0 ? product : addScalar(b, l, args[2], product));
      });
  if (!roundAtEnd) {
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
  Type resultElem = resultType.getElementType();
  Value out = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                      resultElem, dynSizes);
  AffineMap id = AffineMap::getMultiDimIdentityMap(nPar, ctx);
  auto round = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, generic.getResults(),
      ValueRange{out}, ArrayRef<AffineMap>{id, id},
      SmallVector<utils::IteratorType>(nPar, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l,
                                arith::TruncFOp::create(b, l, resultElem,
                                                        args[0])
                                    .getResult());
      });
  rewriter.replaceOp(op, round.getResults());
  return success();
}

struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    auto dims = op.getDotDimensionNumbers();
    return lowerContraction(rewriter, op, adaptor.getLhs(), adaptor.getRhs(),
                            resultType, dims.getLhsBatchingDimensions(),
                            dims.getRhsBatchingDimensions(),
                            dims.getLhsContractingDimensions(),
                            dims.getRhsContractingDimensions());
  }
};

struct DotToLinalg : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    int64_t lhsRank = cast<RankedTensorType>(adaptor.getLhs().getType()).getRank();
    int64_t lhsContract[] = {lhsRank - 1};
    int64_t rhsContract[] = {0};
    return lowerContraction(rewriter, op, adaptor.getLhs(), adaptor.getRhs(),
                            resultType, {}, {}, lhsContract, rhsContract);
  }
};

/// einsum and unary_einsum (deprecated, not in the spec): each letter of
/// the config is a loop; the output's letters are parallel loops in output
/// order, the others reductions. A product (einsum) or copy (unary_einsum)
/// of the operands, converted to the result element type, is summed.
/// Ellipses and malformed configs are reported.
template <typename OpTy>
struct EinsumToLinalg : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*this->getTypeConverter(),
                                          op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    StringRef config = op.getEinsumConfig();
    SmallVector<Value> operands(adaptor.getOperands());
    auto fail = [&](const Twine &why) {
      return op.emitOpError() << "cannot lower einsum_config \"" << config
                              << "\": " << why;
    };
    size_t arrow = config.find("->");
    StringRef out = config.drop_front(arrow + 2).trim();
    SmallVector<StringRef> terms;
    config.take_front(arrow).split(terms, ',');
    if (terms.size() != operands.size())
      return fail("expected one term per operand");
    std::string letters; // loop order: output letters, then the others
    auto isLetter = [](char c) { return llvm::isAlpha(c); };
    for (char c : out) {
      if (!isLetter(c))
        return fail("only letters are supported (no ellipsis)");
      if (letters.find(c) != std::string::npos)
        return fail("a letter repeats in the output");
      letters.push_back(c);
    }
    size_t numParallel = letters.size();
    SmallVector<int64_t> sizes(numParallel, ShapedType::kDynamic);
    for (auto [term, operand] : llvm::zip(terms, operands)) {
      term = term.trim();
      auto type = cast<RankedTensorType>(operand.getType());
      if (static_cast<int64_t>(term.size()) != type.getRank())
        return fail("a term's length differs from its operand's rank");
      for (auto [i, c] : llvm::enumerate(term)) {
        if (!isLetter(c))
          return fail("only letters are supported (no ellipsis)");
        if (letters.find(c) == std::string::npos) {
          letters.push_back(c);
          sizes.push_back(ShapedType::kDynamic);
        }
        int64_t &size = sizes[letters.find(c)];
        int64_t dim = type.getDimSize(i);
        if (ShapedType::isDynamic(dim))
          return fail("dynamic shapes are not supported");
        if (!ShapedType::isDynamic(size) && size != dim)
          return fail(Twine("letter '") + Twine(c) + "' has sizes " +
                      Twine(size) + " and " + Twine(dim));
        size = dim;
      }
    }
    if (static_cast<int64_t>(numParallel) != resultType.getRank())
      return fail("the output's length differs from the result's rank");
    for (size_t i = 0; i < numParallel; ++i) {
      if (ShapedType::isDynamic(sizes[i]))
        return fail(Twine("output letter '") + Twine(out[i]) +
                    "' appears in no input");
      if (resultType.getDimSize(i) != sizes[i])
        return fail("the result shape does not match the operands");
    }

    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    int64_t nLoops = letters.size();
    SmallVector<AffineMap> maps;
    for (StringRef term : terms) {
      SmallVector<AffineExpr> exprs;
      for (char c : term.trim())
        exprs.push_back(getAffineDimExpr(letters.find(c), ctx));
      maps.push_back(AffineMap::get(nLoops, 0, exprs, ctx));
    }
    maps.push_back(AffineMap::get(
        nLoops, 0,
        AffineMap::getMultiDimIdentityMap(numParallel, ctx).getResults(), ctx));
    SmallVector<utils::IteratorType> iterators(numParallel,
                                               utils::IteratorType::parallel);
    iterators.append(nLoops - numParallel, utils::IteratorType::reduction);
    Type elem = resultType.getElementType();
    Type resultOrig = getElementTypeOrSelf(op.getType());
    SmallVector<Type> origs;
    for (Value v : op->getOperands())
      origs.push_back(getElementTypeOrSelf(v.getType()));
    bool reduces = nLoops > static_cast<int64_t>(numParallel);
    Value init =
        reduces ? filledTensor(rewriter, loc, resultType,
                               scalarConst(rewriter, loc, elem, 0))
                : tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                          elem)
                      .getResult();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, operands, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value product;
          for (size_t i = 0; i + 1 < args.size(); ++i) {
            Value v = convertScalarValue(b, l, args[i], origs[i], elem,
                                         resultOrig);
            product = product ? mulScalar(b, l, product, v) : v;
          }
          linalg::YieldOp::create(
              b, l, reduces ? addScalar(b, l, args.back(), product) : product);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateStableHLODotToLinalgPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<DotGeneralToLinalg, DotToLinalg, EinsumToLinalg<EinsumOp>,
               EinsumToLinalg<UnaryEinsumOp>>(converter, ctx);
  dotfamily::populateConvolutionPatterns(converter, patterns);
  dotfamily::populateFftPatterns(converter, patterns);
  dotfamily::populateSolvePatterns(converter, patterns);
  dotfamily::populateBatchNormPatterns(converter, patterns);
}

} // namespace jx::stablehlo
