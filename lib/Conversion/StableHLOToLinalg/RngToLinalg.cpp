//===- RngToLinalg.cpp - rng_bit_generator and rng -------------------------===//
//
// rng_bit_generator computes every output element in one linalg.generic
// from its index, bit-exact with XLA's CPU implementation (which JAX runs):
//
// THREE_FRY: state ui64[2] = (key, counter). Threefry-2x32 with 20 rounds,
//   key words (lo32(key), hi32(key)), input words (lo32(c), hi32(c)) of a
//   counter c; output pairs (y0, y1).
//   - 64-bit elements: element L (row-major) takes c = counter + L and is
//     y0 | y1 << 32; the counter advances by the element count.
//   - 32-bit and narrower elements: one dimension d is split into pairs:
//     the first even dimension, else the first largest one (the choice that
//     needs the fewest counters). Element i takes c = counter + j, where j is
//     the row-major index of i with i[d] replaced by i[d] / 2 in the shape
//     with dimension d halved (rounded up), and word y[i[d] % 2], truncated
//     to the element width. The counter advances by that halved shape's
//     element count (1 for a 0-d output).
// PHILOX: state ui64[3] = (key, counter_lo, counter_hi), or ui64[2] =
//   (key, counter_lo) whose counter_hi is the key. Philox-4x32 with 10
//   rounds on the 128-bit counter c + b for block b, input words
//   (lo32, hi32) of counter_lo then of counter_hi, key words as above; the
//   four output words of block b are elements 4b..4b+3 (row-major) of a
//   32-bit-or-narrower output, or two 64-bit elements (w0 | w1 << 32,
//   w2 | w3 << 32). The 128-bit counter advances by the block count; a
//   ui64[2] state keeps its low half.
// DEFAULT is PHILOX, as in XLA. Floating-point outputs are the bits of the
// integer of the same width; the state's key is passed through.
//
// rng draws implementation-defined values: Threefry bits of a fixed key
// with the element's row-major index as counter (so equal shapes draw
// equal values), mapped to [a, b) for UNIFORM and through Box-Muller to
// mean a, standard deviation b for NORMAL.
//
// uniform_quantize and uniform_dequantize get no pattern: the pass reports
// their quantized element types as not supported yet before converting.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Scalar integer arithmetic on signless values, wrapping.
struct IntBuilder {
  OpBuilder &b;
  Location loc;

  Value c(Type type, uint64_t v) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, APInt(type.getIntOrFloatBitWidth(), v)));
  }
  Value c32(uint64_t v) { return c(b.getI32Type(), v); }
  Value c64(uint64_t v) { return c(b.getI64Type(), v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value xor_(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  Value or_(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value divu(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value remu(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value trunc(Type t, Value x) { return arith::TruncIOp::create(b, loc, t, x); }
  Value zext(Type t, Value x) { return arith::ExtUIOp::create(b, loc, t, x); }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value lo32(Value x64) { return trunc(b.getI32Type(), x64); }
  Value hi32(Value x64) { return trunc(b.getI32Type(), shr(x64, c64(32))); }
  /// x0 | x1 << 32.
  Value join(Value x0, Value x1) {
    return or_(zext(b.getI64Type(), x0),
               shl(zext(b.getI64Type(), x1), c64(32)));
  }
  Value rotl(Value x, unsigned r) {
    return or_(shl(x, c32(r)), shr(x, c32(32 - r)));
  }
  /// words[w] for a runtime w in [0, words.size()).
  Value pick(ArrayRef<Value> words, Value w) {
    Value result = words.back();
    for (int64_t i = words.size() - 2; i >= 0; --i)
      result = select(eq(w, c(w.getType(), i)), words[i], result);
    return result;
  }
};

/// Threefry-2x32, 20 rounds.
std::pair<Value, Value> threefry2x32(IntBuilder &ib, Value k0, Value k1,
                                     Value x0, Value x1) {
  static constexpr unsigned kRotations[2][4] = {{13, 15, 26, 6},
                                                {17, 29, 16, 24}};
  Value ks[3] = {k0, k1, ib.xor_(ib.xor_(k0, k1), ib.c32(0x1BD11BDA))};
  x0 = ib.add(x0, ks[0]);
  x1 = ib.add(x1, ks[1]);
  for (unsigned i = 0; i < 5; ++i) {
    for (unsigned r : kRotations[i % 2]) {
      x0 = ib.add(x0, x1);
      x1 = ib.rotl(x1, r);
      x1 = ib.xor_(x1, x0);
    }
    x0 = ib.add(x0, ks[(i + 1) % 3]);
    x1 = ib.add(ib.add(x1, ks[(i + 2) % 3]), ib.c32(i + 1));
  }
  return {x0, x1};
}

/// Philox-4x32, 10 rounds.
std::array<Value, 4> philox4x32(IntBuilder &ib, Value k0, Value k1,
                                std::array<Value, 4> x) {
  Type i64 = ib.b.getI64Type();
  auto mulhilo = [&](uint64_t m, Value v) -> std::pair<Value, Value> {
    Value p = ib.mul(ib.c64(m), ib.zext(i64, v));
    return {ib.hi32(p), ib.lo32(p)};
  };
  for (unsigned round = 0; round < 10; ++round) {
    auto [hi0, lo0] = mulhilo(0xD2511F53, x[0]);
    auto [hi1, lo1] = mulhilo(0xCD9E8D57, x[2]);
    x = {ib.xor_(ib.xor_(hi1, x[1]), k0), lo1, ib.xor_(ib.xor_(hi0, x[3]), k1),
         lo0};
    k0 = ib.add(k0, ib.c32(0x9E3779B9));
    k1 = ib.add(k1, ib.c32(0xBB67AE85));
  }
  return x;
}

/// Row-major linear index (i64) of the element at `indices` in `shape`.
Value linearIndex(IntBuilder &ib, ArrayRef<Value> indices,
                  ArrayRef<int64_t> shape) {
  Value linear = ib.c64(0);
  for (auto [index, size] : llvm::zip(indices, shape))
    linear = ib.add(ib.mul(linear, ib.c64(size)), index);
  return linear;
}

/// The indices of the current linalg.generic element, as i64.
SmallVector<Value> elementIndices(IntBuilder &ib, int64_t rank) {
  SmallVector<Value> indices;
  for (int64_t d = 0; d < rank; ++d)
    indices.push_back(arith::IndexCastOp::create(
        ib.b, ib.loc, ib.b.getI64Type(),
        linalg::IndexOp::create(ib.b, ib.loc, d)));
  return indices;
}

/// Integer element type of `width` bits, or `type` converted to bits.
Type bitsType(Type type) {
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

/// Builds a tensor of `type` whose element at each index is `body(indices)`.
Value generate(OpBuilder &b, Location loc, RankedTensorType type,
               function_ref<Value(IntBuilder &, ArrayRef<Value>)> body) {
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType());
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, type, ValueRange{}, init, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange) {
        IntBuilder ib{nb, l};
        SmallVector<Value> indices = elementIndices(ib, rank);
        linalg::YieldOp::create(nb, l, body(ib, indices));
      });
  return generic.getResult(0);
}

/// Dimension of `shape` that THREE_FRY splits into pairs for outputs of 32
/// bits or less, and the number of counters it uses.
std::pair<int64_t, int64_t> threefryPairing(ArrayRef<int64_t> shape) {
  int64_t bestDim = -1, bestCount = 1;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    int64_t count = (shape[d] + 1) / 2;
    for (int64_t k = 0; k < static_cast<int64_t>(shape.size()); ++k)
      if (k != d)
        count *= shape[k];
    if (bestDim < 0 || count < bestCount) {
      bestDim = d;
      bestCount = count;
    }
  }
  return {bestDim, bestCount};
}

struct RngBitGeneratorToLinalg : OpConversionPattern<RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto stateType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutputState().getType()));
    auto outType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutput().getType()));
    if (!stateType || !outType)
      return rewriter.notifyMatchFailure(op, "types do not convert");
    if (!stateType.hasStaticShape() ||
        stateType.getElementType().getIntOrFloatBitWidth() != 64)
      return op.emitError() << "rng_bit_generator needs an initial_state of "
                               "2 or 3 64-bit elements, got "
                            << op.getInitialState().getType();
    if (!outType.hasStaticShape())
      return op.emitError() << "rng_bit_generator with a dynamic output shape "
                               "is not supported yet";
    Type element = outType.getElementType();
    unsigned width = element.getIntOrFloatBitWidth();
    if (!llvm::is_contained({8u, 16u, 32u, 64u}, width) ||
        isa<ComplexType>(element))
      return op.emitError() << "rng_bit_generator output element type "
                            << element << " is not supported";
    RngAlgorithm algorithm = op.getRngAlgorithm();
    if (algorithm == RngAlgorithm::DEFAULT)
      algorithm = RngAlgorithm::PHILOX;
    int64_t stateSize = stateType.getDimSize(0);
    if (stateSize != 2 && !(stateSize == 3 && algorithm == RngAlgorithm::PHILOX))
      return op.emitError() << "rng_bit_generator " << stringifyRngAlgorithm(algorithm)
                            << " cannot use a state of " << stateSize
                            << " elements";

    IntBuilder ib{rewriter, loc};
    Type i64 = rewriter.getI64Type();
    Type stateElement = stateType.getElementType();
    auto stateWord = [&](int64_t i) -> Value {
      Value idx = arith::ConstantIndexOp::create(rewriter, loc, i);
      Value v = tensor::ExtractOp::create(rewriter, loc,
                                          adaptor.getInitialState(), idx);
      return stateElement == i64 ? v
                                 : arith::BitcastOp::create(rewriter, loc, i64, v);
    };
    Value key = stateWord(0);
    Value counter = stateWord(1);
    Value k0 = ib.lo32(key), k1 = ib.hi32(key);
    ArrayRef<int64_t> shape = outType.getShape();
    int64_t numElements = outType.getNumElements();
    Type bits = bitsType(element);

    // The element's bits, then its value.
    auto finish = [&](IntBuilder &b, Value value) -> Value {
      if (value.getType() != bits)
        value = b.trunc(bits, value);
      if (bits != element)
        value = arith::BitcastOp::create(b.b, b.loc, element, value);
      return value;
    };

    SmallVector<Value> newState{key};
    Value output;
    if (algorithm == RngAlgorithm::THREE_FRY) {
      int64_t advance = numElements;
      if (width == 64) {
        output = generate(rewriter, loc, outType,
                          [&](IntBuilder &b, ArrayRef<Value> indices) {
                            Value c = b.add(counter,
                                            linearIndex(b, indices, shape));
                            auto [y0, y1] = threefry2x32(b, k0, k1, b.lo32(c),
                                                         b.hi32(c));
                            return finish(b, b.join(y0, y1));
                          });
      } else {
        auto [dim, count] = threefryPairing(shape);
        advance = count;
        SmallVector<int64_t> halved(shape);
        if (dim >= 0)
          halved[dim] = (halved[dim] + 1) / 2;
        output = generate(
            rewriter, loc, outType,
            [&, dim = dim](IntBuilder &b, ArrayRef<Value> indices) {
              SmallVector<Value> pairIndices(indices);
              Value word = b.c64(0);
              if (dim >= 0) {
                word = b.remu(indices[dim], b.c64(2));
                pairIndices[dim] = b.divu(indices[dim], b.c64(2));
              }
              Value c = b.add(counter, linearIndex(b, pairIndices, halved));
              auto [y0, y1] = threefry2x32(b, k0, k1, b.lo32(c), b.hi32(c));
              return finish(b, b.pick({y0, y1}, word));
            });
      }
      newState.push_back(ib.add(counter, ib.c64(advance)));
    } else {
      Value counterHi = stateSize == 3 ? stateWord(2) : key;
      // 128-bit counter plus a 64-bit block number.
      auto blockCounter = [](IntBuilder &b, Value lo, Value hi,
                             Value block) -> std::pair<Value, Value> {
        Value sum = b.add(lo, block);
        Value carry = b.zext(b.b.getI64Type(), b.ult(sum, lo));
        return {sum, b.add(hi, carry)};
      };
      int64_t wordsPerElement = width == 64 ? 2 : 1;
      int64_t blocks = (numElements * wordsPerElement + 3) / 4;
      output = generate(
          rewriter, loc, outType, [&](IntBuilder &b, ArrayRef<Value> indices) {
            Value linear = linearIndex(b, indices, shape);
            int64_t perBlock = 4 / wordsPerElement;
            Value block = b.divu(linear, b.c64(perBlock));
            Value slot = b.remu(linear, b.c64(perBlock));
            auto [lo, hi] = blockCounter(b, counter, counterHi, block);
            std::array<Value, 4> y = philox4x32(
                b, k0, k1, {b.lo32(lo), b.hi32(lo), b.lo32(hi), b.hi32(hi)});
            if (width == 64)
              return finish(b, b.pick({b.join(y[0], y[1]), b.join(y[2], y[3])},
                                       slot));
            return finish(b, b.pick(y, slot));
          });
      auto [lo, hi] = blockCounter(ib, counter, counterHi, ib.c64(blocks));
      newState.push_back(lo);
      if (stateSize == 3)
        newState.push_back(hi);
    }
    if (stateElement != i64)
      for (Value &v : newState)
        v = arith::BitcastOp::create(rewriter, loc, stateElement, v);
    Value state =
        tensor::FromElementsOp::create(rewriter, loc, stateType, newState);
    rewriter.replaceOp(op, {state, output});
    return success();
  }
};

/// Uniform double/float in [0, 1) from 64 random bits.
Value unitInterval(IntBuilder &b, FloatType computeType, Value bits64) {
  unsigned mantissa = computeType.getFPMantissaWidth(); // with implicit bit
  Value top = b.shr(bits64, b.c64(64 - mantissa));
  Value asFloat = arith::UIToFPOp::create(b.b, b.loc, computeType, top);
  Value scale = arith::ConstantOp::create(
      b.b, b.loc, computeType,
      b.b.getFloatAttr(computeType, std::ldexp(1.0, -static_cast<int>(mantissa))));
  return arith::MulFOp::create(b.b, b.loc, asFloat, scale);
}

struct RngToLinalg : OpConversionPattern<RngOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RngOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (!type.hasStaticShape())
      return op.emitError() << "rng with a dynamic result shape is not "
                               "supported yet";
    Type element = type.getElementType();
    Type original = getElementTypeOrSelf(op.getType());
    Value a = tensor::ExtractOp::create(rewriter, loc, adaptor.getA());
    Value b = tensor::ExtractOp::create(rewriter, loc, adaptor.getB());
    bool normal = op.getRngDistribution() == RngDistribution::NORMAL;
    ArrayRef<int64_t> shape = type.getShape();

    Value result = generate(
        rewriter, loc, type, [&](IntBuilder &ib, ArrayRef<Value> indices) {
          OpBuilder &nb = ib.b;
          Location l = ib.loc;
          Value c = linearIndex(ib, indices, shape);
          // A fixed key; the counter is the element's index.
          auto [y0, y1] = threefry2x32(ib, ib.c32(0x6a78), ib.c32(0x726e67),
                                       ib.lo32(c), ib.hi32(c));
          Value bits = ib.join(y0, y1);
          if (auto floatType = dyn_cast<FloatType>(element)) {
            FloatType compute = floatType.getWidth() == 64
                                    ? FloatType(nb.getF64Type())
                                    : FloatType(nb.getF32Type());
            auto widen = [&](Value v) -> Value {
              return v.getType() == compute
                         ? v
                         : arith::ExtFOp::create(nb, l, compute, v).getResult();
            };
            Value fa = widen(a), fb = widen(b), r;
            if (!normal) {
              Value u = unitInterval(ib, compute, bits);
              r = arith::AddFOp::create(
                  nb, l, fa,
                  arith::MulFOp::create(
                      nb, l, arith::SubFOp::create(nb, l, fb, fa), u));
            } else {
              // Box-Muller: u1 in (0, 1], u2 in [0, 1).
              Value one = arith::ConstantOp::create(
                  nb, l, compute, nb.getFloatAttr(compute, 1.0));
              auto high = [&](Value word) {
                return ib.shl(ib.zext(nb.getI64Type(), word), ib.c64(32));
              };
              Value u1 = arith::SubFOp::create(
                  nb, l, one, unitInterval(ib, compute, high(y0)));
              Value u2 = unitInterval(ib, compute, high(y1));
              Value radius = math::SqrtOp::create(
                  nb, l,
                  arith::MulFOp::create(
                      nb, l,
                      arith::ConstantOp::create(nb, l, compute,
                                                nb.getFloatAttr(compute, -2.0)),
                      math::LogOp::create(nb, l, u1)));
              Value angle = arith::MulFOp::create(
                  nb, l,
                  arith::ConstantOp::create(
                      nb, l, compute,
                      nb.getFloatAttr(compute, 2.0 * llvm::numbers::pi)),
                  u2);
              Value z = arith::MulFOp::create(
                  nb, l, radius, math::CosOp::create(nb, l, angle));
              r = arith::AddFOp::create(nb, l, fa,
                                        arith::MulFOp::create(nb, l, fb, z));
            }
            if (compute != element)
              r = arith::TruncFOp::create(nb, l, element, r);
            if (!normal) {
              // Rounding may reach b; the interval is half-open.
              Value inside = arith::CmpFOp::create(
                  nb, l, arith::CmpFPredicate::OLT, r, b);
              r = ib.select(inside, r, a);
            }
            return r;
          }
          // Integers: a + bits mod (b - a), in 64-bit arithmetic.
          bool isSigned = !original.isUnsignedInteger() &&
                          element.getIntOrFloatBitWidth() > 1;
          Type i64 = nb.getI64Type();
          auto extend = [&](Value v) -> Value {
            if (v.getType() == i64)
              return v;
            if (isSigned)
              return arith::ExtSIOp::create(nb, l, i64, v);
            return ib.zext(i64, v);
          };
          Value wa = extend(a), wb = extend(b);
          Value range = arith::SubIOp::create(nb, l, wb, wa);
          Value empty = arith::CmpIOp::create(
              nb, l,
              isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule,
              wb, wa);
          Value safeRange = ib.select(empty, ib.c64(1), range);
          Value r = ib.add(wa, ib.remu(bits, safeRange));
          r = ib.select(empty, wa, r);
          if (element != i64)
            r = ib.trunc(element, r);
          return r;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateStableHLORngToLinalgPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<RngBitGeneratorToLinalg, RngToLinalg>(converter, ctx);
}

} // namespace jx::stablehlo
