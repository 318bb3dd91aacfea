//===- ConvolutionToDnnl.cpp - convolutions as oneDNN calls ---------------===//
//
// `--jx-convolution-to-dnnl`, on stablehlo before its lowering to linalg:
// an f32 `convolution` that oneDNN computes directly becomes one call of
// the runtime's jx_rt_conv or jx_rt_conv_filter_gradient
// (lib/runtime/dnnl.cpp), and a bias added to it
// right after (a vector along the output features, broadcast) is added by
// the same call. The call works on buffers, so the convolution becomes
//
//   %in  = bufferization.to_buffer %lhs read_only
//   %k   = bufferization.to_buffer %rhs read_only
//   %out = memref.alloc()
//   call @jx_rt_conv(descriptor, %in, %k, bias, %out)     (addresses)
//   %r   = bufferization.to_tensor %out restrict writable
//
// with the descriptor (kernels.h) a constant global. Nothing but pointer
// arithmetic sits between the to_buffer ops and the call, so no in-place
// write can come between them once bufferized.
//
// Which convolutions: f32, static shapes, spatial rank 1 to 3, any
// dimension layout, feature groups, window strides, kernel dilation and
// non-negative padding, and base (lhs) dilation with unit window strides
// (the input gradient of a strided convolution, which the runtime computes
// as oneDNN's deconvolution); not batch groups or window reversal, which
// keep the lowering to contractions (ConvolutionToLinalg).
// A kernel window larger than the output's spatial extent is the filter
// gradient JAX's transpose rule emits (a 56x56 window, the output
// gradient, over a 3x3 output): oneDNN's forward convolution is slow on
// it, so it becomes jx_rt_conv_filter_gradient, oneDNN's backward-weights
// convolution of the forward convolution it is the gradient of (any
// batch groups, no feature groups or base dilation). Tiny convolutions
// keep the lowering to contractions.
//
// A relu after the bias is not fused: oneDNN's relu maps NaN to 0, where
// stablehlo.maximum keeps it.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "jx/Pipelines/CPUPipeline.h"
#include "jx/runtime/kernels.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;
namespace cd = jx::runtime::conv_desc;

/// Convolutions with fewer multiply-adds keep their loop nests.
constexpr int64_t kMinDnnlWork = 1 << 16;

/// The value broadcast into `v` when it is a bias for a convolution whose
/// output has features along `featureDim` (`features` of them): a chain of
/// broadcast_in_dim from a tensor whose only dimension larger than 1 lands
/// on `featureDim`, holding `features` elements.
Value biasSource(Value v, int64_t featureDim, int64_t features) {
  auto bcast = v.getDefiningOp<hlo::BroadcastInDimOp>();
  if (!bcast)
    return {};
  // dims[i]: the dimension of `v` that dimension i of `source` lands on.
  Value source = bcast.getOperand();
  SmallVector<int64_t> dims(bcast.getBroadcastDimensions());
  while (auto inner = source.getDefiningOp<hlo::BroadcastInDimOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t d : inner.getBroadcastDimensions())
      composed.push_back(dims[d]);
    dims = std::move(composed);
    source = inner.getOperand();
  }
  auto type = dyn_cast<RankedTensorType>(source.getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() != features)
    return {};
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.getDimSize(i) != 1 && dims[i] != featureDim)
      return {};
  return source;
}

struct ConvolutionToDnnlPass
    : PassWrapper<ConvolutionToDnnlPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConvolutionToDnnlPass)
  StringRef getArgument() const override { return "jx-convolution-to-dnnl"; }
  StringRef getDescription() const override {
    return "Replace f32 convolutions (and the bias added to them) by calls "
           "of the runtime's oneDNN convolution";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    func::FuncDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    SmallVector<hlo::ConvolutionOp> convs;
    getOperation().walk([&](hlo::ConvolutionOp op) { convs.push_back(op); });
    for (hlo::ConvolutionOp op : convs)
      rewrite(op);
  }

  /// What describe() and describeFilterGradient() read of a convolution:
  /// its window, with defaults filled in.
  struct Window {
    int64_t S;
    SmallVector<int64_t> strides, lhsDil, rhsDil, padLo, padHi;
  };

  /// The window of an f32 convolution of static shapes and spatial rank 1
  /// to 3, without window reversal or negative padding; nothing otherwise.
  std::optional<Window> window(hlo::ConvolutionOp op) {
    auto lhs = op.getLhs().getType(), rhs = op.getRhs().getType();
    auto out = op.getResult().getType();
    if (!lhs.hasStaticShape() || !rhs.hasStaticShape() ||
        !out.hasStaticShape() || !lhs.getElementType().isF32() ||
        !rhs.getElementType().isF32() || !out.getElementType().isF32() ||
        out.getNumElements() == 0 || lhs.getNumElements() == 0)
      return std::nullopt;
    Window w;
    w.S = op.getDimensionNumbers().getInputSpatialDimensions().size();
    if (w.S < 1 || w.S > 3)
      return std::nullopt;
    auto orOnes = [&](std::optional<ArrayRef<int64_t>> v) {
      return v ? SmallVector<int64_t>(*v) : SmallVector<int64_t>(w.S, 1);
    };
    w.strides = orOnes(op.getWindowStrides());
    w.lhsDil = orOnes(op.getLhsDilation());
    w.rhsDil = orOnes(op.getRhsDilation());
    if (auto rev = op.getWindowReversal())
      if (llvm::is_contained(*rev, true))
        return std::nullopt;
    w.padLo.assign(w.S, 0);
    w.padHi.assign(w.S, 0);
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> flat(padding->getValues<int64_t>());
      for (int64_t i = 0; i < w.S; ++i) {
        w.padLo[i] = flat[2 * i];
        w.padHi[i] = flat[2 * i + 1];
      }
    }
    if (llvm::any_of(w.padLo, [](int64_t p) { return p < 0; }) ||
        llvm::any_of(w.padHi, [](int64_t p) { return p < 0; }))
      return std::nullopt;
    return w;
  }

  /// One operand of the forward convolution a descriptor describes: its
  /// tensor, the dimensions oneDNN counts first and second (batch and
  /// feature; for the kernel, output and input feature) and the spatial
  /// ones.
  struct Operand {
    RankedTensorType type;
    int64_t first, second;
    ArrayRef<int64_t> spatial;
  };

  /// The descriptor (kernels.h) of the forward convolution of `input` by
  /// `kernel` into `output`, in G feature groups: the header (N and C from
  /// the input's first and second dimensions, O from the kernel's first),
  /// the three operands' spatial sizes, the window arrays, then each
  /// operand's row-major element strides.
  static SmallVector<int64_t>
  encode(int64_t G, int64_t flags, const Operand &input, const Operand &kernel,
         const Operand &output, ArrayRef<int64_t> strides,
         ArrayRef<int64_t> padLo, ArrayRef<int64_t> padHi,
         ArrayRef<int64_t> dilation, ArrayRef<int64_t> baseDilation) {
    int64_t S = input.spatial.size();
    SmallVector<int64_t> d(cd::header, 0);
    d[cd::version] = cd::kVersion;
    d[cd::element] = cd::element_f32;
    d[cd::rank] = S;
    d[cd::groups] = G;
    d[cd::flags] = flags;
    d[cd::batch] = input.type.getDimSize(input.first);
    d[cd::in_features] = input.type.getDimSize(input.second);
    d[cd::out_features] = kernel.type.getDimSize(kernel.first);
    for (const Operand *o : {&input, &kernel, &output})
      for (int64_t dim : o->spatial)
        d.push_back(o->type.getDimSize(dim));
    for (ArrayRef<int64_t> v : {strides, padLo, padHi, dilation, baseDilation})
      d.append(v.begin(), v.end());
    for (const Operand *o : {&input, &kernel, &output}) {
      SmallVector<int64_t> st = computeStrides(o->type.getShape());
      d.push_back(st[o->first]);
      d.push_back(st[o->second]);
      for (int64_t dim : o->spatial)
        d.push_back(st[dim]);
    }
    assert(static_cast<int64_t>(d.size()) == cd::size(S));
    return d;
  }

  /// The descriptor of `op` as oneDNN's forward convolution (or
  /// deconvolution), or nothing when oneDNN is not the way.
  std::optional<SmallVector<int64_t>> describe(hlo::ConvolutionOp op) {
    std::optional<Window> w = window(op);
    if (!w || op.getBatchGroupCount() != 1)
      return std::nullopt;
    auto lhs = op.getLhs().getType(), rhs = op.getRhs().getType();
    auto out = op.getResult().getType();
    hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    int64_t S = w->S;
    // Base dilation (the input gradient of a strided convolution) is
    // oneDNN's deconvolution: window strides 1, and padding that the
    // deconvolution's own (window extent - 1 - padding) keeps non-negative.
    bool baseDilated =
        llvm::any_of(w->lhsDil, [](int64_t d) { return d != 1; });
    if (baseDilated &&
        llvm::any_of(w->strides, [](int64_t s) { return s != 1; }))
      return std::nullopt;
    for (int64_t i = 0; baseDilated && i < S; ++i) {
      int64_t extent =
          (rhs.getDimSize(dn.getKernelSpatialDimensions()[i]) - 1) *
          w->rhsDil[i];
      if (w->padLo[i] > extent || w->padHi[i] > extent)
        return std::nullopt;
    }

    int64_t G = op.getFeatureGroupCount();
    int64_t C = lhs.getDimSize(dn.getInputFeatureDimension());
    int64_t window = 1, outSpatial = 1;
    for (int64_t i = 0; i < S; ++i) {
      window *= rhs.getDimSize(dn.getKernelSpatialDimensions()[i]);
      outSpatial *= out.getDimSize(dn.getOutputSpatialDimensions()[i]);
    }
    int64_t work = out.getNumElements() * window * (C / G);
    if (window > outSpatial || work < kMinDnnlWork)
      return std::nullopt;

    return encode(
        G, /*flags=*/0,
        {lhs, dn.getInputBatchDimension(), dn.getInputFeatureDimension(),
         dn.getInputSpatialDimensions()},
        {rhs, dn.getKernelOutputFeatureDimension(),
         dn.getKernelInputFeatureDimension(), dn.getKernelSpatialDimensions()},
        {out, dn.getOutputBatchDimension(), dn.getOutputFeatureDimension(),
         dn.getOutputSpatialDimensions()},
        w->strides, w->padLo, w->padHi, w->rhsDil, w->lhsDil);
  }

  /// The descriptor of `op` as the filter gradient of a forward
  /// convolution (oneDNN's backward-weights convolution), or nothing.
  ///
  /// JAX's transpose rule writes the gradient of a convolution's kernel as
  /// a convolution whose window is the output gradient:
  ///   out[c, p, o] = sum over n, q of lhs[c, q * R + p * D - lo, n]
  ///                                   * rhs[n, q, o]
  /// (lhs batch c, lhs feature n; rhs input feature n, output feature o;
  /// window strides D, window dilation R). That is the forward convolution
  /// of lhs (batch n, features c) with strides R, dilation D and padding
  /// lo, whose output gradient is rhs and whose kernel gradient is out.
  /// Batch groups are the forward convolution's feature groups. The
  /// descriptor describes that forward convolution, flagged
  /// filter_gradient; its right padding is what makes the forward output
  /// exactly rhs's size (at most the given high padding: the padding the
  /// last window did not reach is read by no output).
  std::optional<SmallVector<int64_t>>
  describeFilterGradient(hlo::ConvolutionOp op) {
    std::optional<Window> w = window(op);
    if (!w || op.getFeatureGroupCount() != 1 ||
        llvm::any_of(w->lhsDil, [](int64_t d) { return d != 1; }))
      return std::nullopt;
    auto lhs = op.getLhs().getType(), rhs = op.getRhs().getType();
    auto out = op.getResult().getType();
    hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    int64_t S = w->S;
    int64_t window = 1, outSpatial = 1;
    SmallVector<int64_t> padHi(S);
    for (int64_t i = 0; i < S; ++i) {
      int64_t in = lhs.getDimSize(dn.getInputSpatialDimensions()[i]);
      int64_t q = rhs.getDimSize(dn.getKernelSpatialDimensions()[i]);
      int64_t k = out.getDimSize(dn.getOutputSpatialDimensions()[i]);
      window *= q;
      outSpatial *= k;
      padHi[i] = (q - 1) * w->rhsDil[i] + (k - 1) * w->strides[i] + 1 - in -
                 w->padLo[i];
      if (padHi[i] < 0 || padHi[i] > w->padHi[i])
        return std::nullopt;
    }
    int64_t G = op.getBatchGroupCount();
    int64_t N = lhs.getDimSize(dn.getInputFeatureDimension());
    // Only a window larger than the result (the shape JAX's transpose rule
    // gives) goes this way; the others are forward convolutions.
    if (window <= outSpatial ||
        out.getNumElements() * window * N < kMinDnnlWork)
      return std::nullopt;

    // The forward convolution: input lhs (batch its feature dimension),
    // kernel the result, output rhs.
    SmallVector<int64_t> ones(S, 1);
    return encode(
        G, cd::filter_gradient,
        {lhs, dn.getInputFeatureDimension(), dn.getInputBatchDimension(),
         dn.getInputSpatialDimensions()},
        {out, dn.getOutputFeatureDimension(), dn.getOutputBatchDimension(),
         dn.getOutputSpatialDimensions()},
        {rhs, dn.getKernelInputFeatureDimension(),
         dn.getKernelOutputFeatureDimension(), dn.getKernelSpatialDimensions()},
        w->rhsDil, w->padLo, padHi, w->strides, ones);
  }

  void rewrite(hlo::ConvolutionOp op) {
    std::optional<SmallVector<int64_t>> desc = describe(op);
    if (!desc)
      desc = describeFilterGradient(op);
    if (!desc)
      return;
    bool gradient = (*desc)[cd::flags] & cd::filter_gradient;
    auto outType = op.getResult().getType();
    int64_t featureDim =
        op.getDimensionNumbers().getOutputFeatureDimension();
    int64_t O = (*desc)[cd::out_features];

    // The bias added right after, when the convolution is its only use.
    Operation *last = op;
    Value bias;
    if (!gradient && op->hasOneUse())
      if (auto add = dyn_cast<hlo::AddOp>(*op->user_begin())) {
        Value other = add.getOperand(0) == op.getResult() ? add.getOperand(1)
                                                          : add.getOperand(0);
        if (other != op.getResult() && other.getType() == outType)
          if ((bias = biasSource(other, featureDim, O)))
            last = add;
      }
    if (bias)
      (*desc)[cd::flags] |= cd::has_bias;

    memref::GlobalOp global =
        descriptorGlobal(getOperation(), "__jx_conv_desc", *desc);
    OpBuilder b(last);
    Location loc = op.getLoc();
    auto bufferOf = [&](Value tensor) -> Value {
      auto t = cast<RankedTensorType>(tensor.getType());
      auto type = MemRefType::get(t.getShape(), t.getElementType());
      return bufferization::ToBufferOp::create(b, loc, type, tensor,
                                               /*read_only=*/true);
    };
    auto address = [&](Value memref) { return bufferAddress(b, loc, memref); };
    Value lhs = bufferOf(op.getLhs()), rhs = bufferOf(op.getRhs());
    Value biasBuffer = bias ? bufferOf(bias) : Value();
    auto resultBufferType =
        MemRefType::get(outType.getShape(), outType.getElementType());
    Value result = memref::AllocOp::create(b, loc, resultBufferType,
                                           b.getI64IntegerAttr(64));
    Value descriptor = memref::GetGlobalOp::create(
        b, loc, global.getType(), global.getSymName());
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    // The gradient's operands are the forward input and output gradient.
    SmallVector<Value> args =
        gradient ? SmallVector<Value>{address(descriptor), address(lhs),
                                      address(rhs), address(result)}
                 : SmallVector<Value>{address(descriptor), address(lhs),
                                      address(rhs),
                                      biasBuffer ? address(biasBuffer) : zero,
                                      address(result)};
    StringRef callee = gradient ? "jx_rt_conv_filter_gradient" : "jx_rt_conv";
    func::CallOp::create(
        b, loc, declareRuntimeFunction(getOperation(), callee, args.size()),
        args);
    auto tensor = bufferization::ToTensorOp::create(b, loc, outType, result,
                                                    /*restrict=*/true,
                                                    /*writable=*/true);
    last->getResult(0).replaceAllUsesWith(tensor.getResult());
    if (last != op.getOperation())
      last->erase();
    op->erase();
  }
};

} // namespace

void registerConvolutionToDnnlPass() {
  PassRegistration<ConvolutionToDnnlPass>();
}

} // namespace jx
