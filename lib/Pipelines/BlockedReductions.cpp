//===- BlockedReductions.cpp - floating-point sums in blocks --------------===//
//
// `--jx-blocked-reductions`, on stablehlo: a floating-point `reduce` whose
// body is one `add` sums each output element in a single running
// accumulator, and in f32 that loses everything once the sum is 2^24 times
// the terms (16.7M ones sum to 16777216). This pass rewrites such reduces
// so that no accumulator takes more than kBlock terms:
//  - several reduced dimensions are reduced one at a time, innermost first;
//  - a reduced dimension longer than kBlock is split into blocks of kBlock
//    (a free reshape of its first n - n % kBlock elements, plus the rest as
//    one more partial sum), each block summed, then the block sums summed
//    the same way, recursively.
// The error bound becomes about (kBlock * levels) ulps of the sum of
// magnitudes instead of n ulps. The partial sums start from -0.0 (the
// identity of IEEE addition); the reduce's own init value is added once,
// last.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;

/// The most terms one accumulator sums.
constexpr int64_t kBlock = 1024;

/// Whether `op` is a single-operand float sum with a static shape.
bool isFloatSum(hlo::ReduceOp op) {
  if (op.getInputs().size() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!type || !type.hasStaticShape() || !isa<FloatType>(type.getElementType()))
    return false;
  Block &body = op.getBody().front();
  if (body.getOperations().size() != 2)
    return false;
  auto add = dyn_cast<hlo::AddOp>(body.front());
  auto ret = dyn_cast<hlo::ReturnOp>(body.back());
  return add && ret && ret->getNumOperands() == 1 &&
         ret->getOperand(0) == add.getResult() &&
         ((add.getLhs() == body.getArgument(0) &&
           add.getRhs() == body.getArgument(1)) ||
          (add.getLhs() == body.getArgument(1) &&
           add.getRhs() == body.getArgument(0)));
}

/// Builds the blocked form of one reduce, `original`, before it.
struct BlockedSum {
  OpBuilder &b;
  Location loc;
  hlo::ReduceOp original;

  Value negZero(Type elem) {
    auto scalar = RankedTensorType::get({}, elem);
    APFloat zero = APFloat::getZero(cast<FloatType>(elem).getFloatSemantics(),
                                    /*Negative=*/true);
    return hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(scalar, b.getFloatAttr(elem, zero)));
  }

  /// reduce(x, [dim]) with `init`, the original body.
  Value sum(Value x, int64_t dim, Value init) {
    auto type = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != dim)
        shape.push_back(type.getDimSize(d));
    auto out = RankedTensorType::get(shape, type.getElementType());
    auto op = hlo::ReduceOp::create(b, loc, TypeRange{out}, ValueRange{x},
                                    ValueRange{init},
                                    b.getDenseI64ArrayAttr({dim}));
    IRMapping map;
    original.getBody().cloneInto(&op.getBody(), map);
    return op.getResult(0);
  }

  /// The sum of `x` over `dim` in blocks, plus `init` (null: none).
  Value blockedSum(Value x, int64_t dim, Value init) {
    auto type = cast<RankedTensorType>(x.getType());
    Type elem = type.getElementType();
    int64_t n = type.getDimSize(dim);
    Value zero = negZero(elem);
    if (n <= kBlock)
      return sum(x, dim, init ? init : zero);
    int64_t blocks = n / kBlock, whole = blocks * kBlock;
    Value head = x;
    Value tail;
    if (whole != n) {
      SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
          strides(type.getRank(), 1);
      limit[dim] = whole;
      head = hlo::SliceOp::create(b, loc, x, start, limit, strides);
      start[dim] = whole;
      limit[dim] = n;
      tail = sum(hlo::SliceOp::create(b, loc, x, start, limit, strides), dim,
                 zero);
    }
    SmallVector<int64_t> split(type.getShape());
    split[dim] = kBlock;
    split.insert(split.begin() + dim, blocks);
    Value shaped = hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(split, elem), head);
    Value partial = sum(shaped, dim + 1, zero);       // one sum per block
    Value total = blockedSum(partial, dim, nullptr);  // the block sums
    if (tail)
      total = hlo::AddOp::create(b, loc, total, tail);
    if (init) {
      auto outType = cast<RankedTensorType>(total.getType());
      Value wide = hlo::BroadcastInDimOp::create(
          b, loc, outType, init, b.getDenseI64ArrayAttr({}));
      total = hlo::AddOp::create(b, loc, total, wide);
    }
    return total;
  }
};

struct BlockedReductionsPass
    : PassWrapper<BlockedReductionsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BlockedReductionsPass)
  StringRef getArgument() const override { return "jx-blocked-reductions"; }
  StringRef getDescription() const override {
    return "Sum floating-point reductions in blocks, so that no accumulator "
           "takes more than 1024 terms";
  }
  void runOnOperation() override {
    SmallVector<hlo::ReduceOp> sums;
    getOperation()->walk([&](hlo::ReduceOp op) {
      if (isFloatSum(op))
        sums.push_back(op);
    });
    for (hlo::ReduceOp op : sums) {
      auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
      SmallVector<int64_t> dims(op.getDimensions());
      llvm::sort(dims);
      bool needed = dims.size() > 1 && type.getNumElements() > kBlock;
      for (int64_t d : dims)
        needed |= type.getDimSize(d) > kBlock;
      if (!needed)
        continue;
      OpBuilder b(op);
      BlockedSum build{b, op.getLoc(), op};
      Value x = op.getInputs()[0];
      // Innermost dimensions first: their indices do not move the others.
      for (size_t i = dims.size(); i-- > 1;)
        x = build.blockedSum(x, dims[i], nullptr);
      Value result = build.blockedSum(x, dims[0], op.getInitValues()[0]);
      op.getResult(0).replaceAllUsesWith(result);
      op.erase();
    }
  }
};

} // namespace

void registerBlockedReductionsPass() {
  PassRegistration<BlockedReductionsPass>();
}

} // namespace jx
