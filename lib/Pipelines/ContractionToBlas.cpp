//===- ContractionToBlas.cpp - dense contractions as BLAS calls -----------===//
//
// `--jx-contraction-to-blas`, on bufferized code: a linalg contraction
// (linalg.matmul, batch_matmul, or the linalg.generic that dot_general
// lowers to: a multiply-add body, projected-permutation maps) over f32,
// f64, complex<f32> or complex<f64> memrefs, or of i8 operands
// sign-extended into an i32 accumulator, becomes one call of the
// runtime's GEMM (jx_rt_gemm_<type>, lib/runtime/blas.cpp), which calls
// OpenBLAS or oneDNN, threaded.
//
// The loops are grouped as the contraction's batch, m, n and k dimensions
// (linalg::inferContractionDims). Within m, n and k, the innermost loops
// whose strides nest (stride[i] = stride[i + 1] * size[i + 1]) in every
// operand that has them fold into one matrix dimension. Operand A is then
// an m x k matrix with unit stride along k (row major) or along m
// (transposed), B likewise k x n, and C m x n with unit stride along n, so a
// transposed operand is read in place by the kernel, never copied. Batch
// loops and the loops that do not fold (up to four) run around the call in
// the runtime; k loops among them accumulate. What does not fit (a strided
// inner dimension, a dynamic stride, a tiny product) keeps its loop nest;
// a dynamic offset (a slice at a run-time position) is fine.
//
// The zero fill that initializes C (dot_general accumulates into a zero
// tensor) is dropped when it immediately precedes the contraction: the
// call then computes C = A B instead of C += A B.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

/// Contractions with fewer multiply-adds than this keep their loops: a
/// call costs about as much as a few hundred of them.
constexpr int64_t kMinBlasWork = 4096;

/// The static strides of a memref, or nothing. The offset may be dynamic
/// (ShapedType::kDynamic; a view whose position is known at run time only:
/// the call reads it from the memref).
std::optional<SmallVector<int64_t>> staticStrides(MemRefType type,
                                                  int64_t &offset) {
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  if (llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  return strides;
}

/// A loop of the contraction as the three operands see it: its extent and
/// the element stride of each operand along it (0 where the operand does
/// not depend on it).
struct Loop {
  int64_t size;
  int64_t stride[3];
};

/// A run of loops folded into one matrix dimension.
struct Dim {
  int64_t size = 1;
  int64_t stride[3] = {0, 0, 0};
};

/// Splits `group` (outermost first) into an innermost run that folds into
/// one dimension for the operands in `uses` (for each, consecutive loops
/// nest: stride[i] = stride[i + 1] * size[i + 1]) and the loops outside it,
/// appended to `outer`.
Dim foldInnermost(ArrayRef<Loop> group, ArrayRef<int> uses,
                  SmallVectorImpl<Loop> &outer) {
  Dim d;
  size_t first = group.size();
  // Walk from the innermost loop outwards while the run still folds.
  for (size_t i = group.size(); i-- > 0;) {
    const Loop &l = group[i];
    if (l.size == 1) {
      first = i;
      continue;
    }
    bool nests = true;
    if (d.size > 1)
      for (int u : uses)
        nests &= l.stride[u] == d.stride[u] * d.size;
    if (!nests)
      break;
    if (d.size == 1)
      for (int u : uses)
        d.stride[u] = l.stride[u];
    d.size *= l.size;
    first = i;
  }
  for (size_t i = 0; i < first; ++i)
    if (group[i].size != 1)
      outer.push_back(group[i]);
  return d;
}

/// Leading dimension for BLAS: the stride of the outer index, at least the
/// extent of the inner one (BLAS rejects smaller values even when the outer
/// extent is 1 and the stride is never used).
int64_t leading(int64_t stride, int64_t inner) {
  return std::max<int64_t>({stride, inner, 1});
}

/// The most loops around one BLAS call that the runtime's GEMM takes.
constexpr unsigned kMaxOuterLoops = 4;

struct ContractionToBlasPass
    : PassWrapper<ContractionToBlasPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ContractionToBlasPass)
  ContractionToBlasPass() = default;
  ContractionToBlasPass(const ContractionToBlasPass &other)
      : PassWrapper(other) {}
  /// `cuda`: calls of cuBLAS (jx_rt_cuda_gemm_f32/f64 on managed buffers,
  /// the CUDA pipeline); f32 and f64 only.
  Option<std::string> library{
      *this, "library",
      llvm::cl::desc("The GEMM to call: cpu (BLAS, oneDNN) or cuda (cuBLAS)"),
      llvm::cl::init("cpu")};
  StringRef getArgument() const override { return "jx-contraction-to-blas"; }
  StringRef getDescription() const override {
    return "Replace dense f32/f64/complex contractions on memrefs by calls "
           "of the runtime's BLAS GEMM";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect,
                    memref::MemRefDialect>();
  }

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && op.getNumDpsInputs() == 2 &&
          op.getNumDpsInits() == 1 && linalg::isaContractionOpInterface(op))
        candidates.push_back(op);
    });
    for (linalg::LinalgOp op : candidates)
      (void)rewrite(op);
  }

  /// The runtime function for `elem` (the accumulator's type; i32 for
  /// int8 products), declared once in the module.
  func::FuncOp callee(Type elem, unsigned numArgs) {
    if (library == "cuda")
      return declareRuntimeFunction(getOperation(),
                                    elem.isF32() ? "jx_rt_cuda_gemm_f32"
                                                 : "jx_rt_cuda_gemm_f64",
                                    numArgs);
    StringRef name;
    if (elem.isInteger(32))
      name = "jx_rt_gemm_s8s32";
    else if (elem.isF32())
      name = "jx_rt_gemm_f32";
    else if (elem.isF64())
      name = "jx_rt_gemm_f64";
    else if (auto c = dyn_cast<ComplexType>(elem))
      name = c.getElementType().isF32() ? "jx_rt_gemm_c64" : "jx_rt_gemm_c128";
    return declareRuntimeFunction(getOperation(), name, numArgs);
  }

  LogicalResult rewrite(linalg::LinalgOp op) {
    Value a = op.getDpsInputOperand(0)->get();
    Value bv = op.getDpsInputOperand(1)->get();
    Value c = op.getDpsInitOperand(0)->get();
    auto ta = dyn_cast<MemRefType>(a.getType());
    auto tb = dyn_cast<MemRefType>(bv.getType());
    auto tc = dyn_cast<MemRefType>(c.getType());
    if (!ta || !tb || !tc)
      return failure();
    Type elem = tc.getElementType();
    Block &body = op->getRegion(0).front();
    if (library == "cuda" && !elem.isF32() && !elem.isF64())
      return failure();
    if (elem.isInteger(32)) {
      if (!ta.getElementType().isInteger(8) ||
          !tb.getElementType().isInteger(8) || !isInt8Product(body))
        return failure();
    } else {
      bool supported = elem.isF32() || elem.isF64();
      if (auto cx = dyn_cast<ComplexType>(elem))
        supported = cx.getElementType().isF32() || cx.getElementType().isF64();
      if (!supported || ta.getElementType() != elem ||
          tb.getElementType() != elem)
        return failure();
      // The body must be exactly c + a * b (no conversions, as
      // isaContractionOpInterface also admits).
      if (body.getOperations().size() != 3)
        return failure();
      Operation &mul = body.front();
      if (!isa<arith::MulFOp, complex::MulOp>(mul) ||
          mul.getOperand(0) != body.getArgument(0) ||
          mul.getOperand(1) != body.getArgument(1))
        return failure();
    }

    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims) || dims->m.size() + dims->n.size() == 0)
      return failure();
    // A loop that is none of these (a reduction over a dimension only one
    // operand has: a broadcast fused into a contraction, summed over) is
    // no GEMM loop: the call would leave its sum out.
    if (dims->batch.size() + dims->m.size() + dims->n.size() +
            dims->k.size() !=
        op.getNumLoops())
      return failure();
    SmallVector<int64_t> loopSizes = op.getStaticLoopRanges();
    if (llvm::any_of(loopSizes, ShapedType::isDynamic))
      return failure();
    int64_t work = 1;
    for (int64_t s : loopSizes)
      work *= s;
    if (work < kMinBlasWork)
      return failure();

    int64_t offA, offB, offC;
    auto sa = staticStrides(ta, offA), sb = staticStrides(tb, offB),
         sc = staticStrides(tc, offC);
    if (!sa || !sb || !sc)
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    ArrayRef<int64_t> strides[3] = {*sa, *sb, *sc};
    auto loop = [&](unsigned l) {
      Loop info{loopSizes[l], {0, 0, 0}};
      for (int o = 0; o < 3; ++o)
        if (auto pos = maps[o].getResultPosition(
                getAffineDimExpr(l, op.getContext())))
          info.stride[o] = strides[o][*pos];
      return info;
    };
    // Each group's loops, outermost first, in the order of the operand
    // that fixes its layout: C for batch, m and n; A for k.
    auto group = [&](ArrayRef<unsigned> loops, int by) {
      SmallVector<Loop> g;
      for (unsigned l : loops)
        g.push_back(loop(l));
      llvm::stable_sort(g, [&](const Loop &x, const Loop &y) {
        return x.stride[by] > y.stride[by];
      });
      return g;
    };
    // Batch loops are all outer loops; m, n and k fold as far as the
    // strides allow, and what does not fold loops around the call.
    SmallVector<Loop> outer = group(dims->batch, 2), reductions;
    Dim m = foldInnermost(group(dims->m, 2), {0, 2}, outer);
    Dim n = foldInnermost(group(dims->n, 2), {1, 2}, outer);
    Dim k = foldInnermost(group(dims->k, 0), {0, 1}, reductions);
    llvm::erase_if(outer, [](const Loop &l) { return l.size == 1; });
    if (outer.size() + reductions.size() > kMaxOuterLoops)
      return failure();
    int64_t M = m.size, N = n.size, K = k.size;

    // C must be row major (unit stride along n); A and B may be either.
    if (N > 1 && n.stride[2] != 1)
      return failure();
    // op(X) is rows x cols; X is stored with unit stride along cols (not
    // transposed) or along rows (transposed).
    auto orient = [](const Dim &rows, const Dim &cols, int o, bool &trans,
                     int64_t &ld) {
      if (cols.size == 1 || cols.stride[o] == 1) {
        trans = false;
        ld = leading(rows.size == 1 ? 0 : rows.stride[o], cols.size);
        return true;
      }
      if (rows.size == 1 || rows.stride[o] == 1) {
        trans = true;
        ld = leading(cols.stride[o], rows.size);
        return true;
      }
      return false;
    };
    bool transA, transB;
    int64_t lda, ldb;
    if (!orient(m, k, 0, transA, lda) || !orient(k, n, 1, transB, ldb))
      return failure();
    int64_t ldc = leading(M == 1 ? 0 : m.stride[2], N);

    // The zero fill of C right before: C = A B instead of C += A B.
    bool overwrite = false;
    Operation *prev = op->getPrevNode();
    if (auto fill = dyn_cast_or_null<linalg::FillOp>(prev)) {
      Attribute value;
      Value init = fill.getDpsInputOperand(0)->get();
      if (fill.getDpsInitOperand(0)->get() == c &&
          matchPattern(init, m_Constant(&value)) &&
          (matchPattern(init, m_AnyZeroFloat()) || matchPattern(init, m_Zero()) ||
           isZeroComplex(value)))
        overwrite = true;
    }

    OpBuilder b(op);
    Location loc = op.getLoc();
    auto i64 = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
    };
    auto address = [&](Value memref, int64_t offset) {
      return bufferAddress(b, loc, memref, offset);
    };
    SmallVector<Value> args = {
        i64(M),        i64(N),          i64(K),    i64(transA),
        i64(transB),   address(a, offA), i64(lda), address(bv, offB),
        i64(ldb),      address(c, offC), i64(ldc), i64(overwrite),
        i64(outer.size() + reductions.size())};
    // A k loop has C stride 0, which tells the runtime it accumulates.
    auto pushLoop = [&](const Loop &l) {
      args.append({i64(l.size), i64(l.stride[0]), i64(l.stride[1]),
                   i64(l.stride[2])});
    };
    llvm::for_each(outer, pushLoop);
    llvm::for_each(reductions, pushLoop);
    for (unsigned i = outer.size() + reductions.size(); i < kMaxOuterLoops; ++i)
      pushLoop(Loop{1, {0, 0, 0}});
    func::FuncOp fn = callee(elem, args.size());
    func::CallOp::create(b, loc, fn, args);
    if (overwrite)
      prev->erase();
    op->erase();
    return success();
  }

  /// Whether `body` is c + sext(a) * sext(b) from i8 into i32 (what
  /// dot_general i8 x i8 -> i32 lowers to).
  static bool isInt8Product(Block &body) {
    if (body.getOperations().size() != 5)
      return false;
    auto add = dyn_cast_or_null<arith::AddIOp>(
        body.getTerminator()->getOperand(0).getDefiningOp());
    if (!add)
      return false;
    Value acc = body.getArgument(2);
    Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
    if (add.getLhs() != acc && add.getRhs() != acc)
      return false;
    auto mul = product.getDefiningOp<arith::MulIOp>();
    if (!mul)
      return false;
    auto x = mul.getLhs().getDefiningOp<arith::ExtSIOp>();
    auto y = mul.getRhs().getDefiningOp<arith::ExtSIOp>();
    return x && y && x.getIn() == body.getArgument(0) &&
           y.getIn() == body.getArgument(1);
  }

  static bool isZeroComplex(Attribute value) {
    auto parts = dyn_cast_or_null<ArrayAttr>(value);
    if (!parts || parts.size() != 2)
      return false;
    return llvm::all_of(parts, [](Attribute p) {
      auto f = dyn_cast<FloatAttr>(p);
      return f && f.getValue().isZero();
    });
  }
};

} // namespace

void registerContractionToBlasPass() {
  PassRegistration<ContractionToBlasPass>();
}

} // namespace jx
