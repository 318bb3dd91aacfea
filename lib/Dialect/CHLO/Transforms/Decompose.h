//===- Decompose.h - helpers shared by the chlo decompositions -*- C++ -*-===//
//
// `Emitter` builds stablehlo elementwise arithmetic on values of one tensor
// type, so that formulas read like math:
//   Emitter e(rewriter, loc, type);
//   Value y = e.add(e.mul(x, x), e.cst(1.0));
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_DIALECT_CHLO_TRANSFORMS_DECOMPOSE_H
#define JX_LIB_DIALECT_CHLO_TRANSFORMS_DECOMPOSE_H

#include "jx/Dialect/CHLO/IR/CHLOOps.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"

#include <initializer_list>

namespace jx::chlo::detail {

namespace hlo = ::jx::stablehlo;
using CmpDir = hlo::ComparisonDirection;

void populateSimplePatterns(mlir::RewritePatternSet &patterns);
void populateBroadcastPatterns(mlir::RewritePatternSet &patterns);
void populateSpecialFunctionPatterns(mlir::RewritePatternSet &patterns);
void populateTrigPatterns(mlir::RewritePatternSet &patterns);
void populateStructuredPatterns(mlir::RewritePatternSet &patterns);

/// Emits elementwise stablehlo ops. Constants take the shape of `type`
/// (which must then be static) and its element type.
class Emitter {
public:
  Emitter(mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType type)
      : b(b), loc(loc), type(type) {}

  mlir::OpBuilder &builder() { return b; }
  mlir::Location location() { return loc; }
  mlir::RankedTensorType tensorType() { return type; }
  mlir::Type elementType() { return type.getElementType(); }
  mlir::RankedTensorType predType() { return type.clone(b.getI1Type()); }

  /// A splat constant of `type` (floats are rounded to the element type).
  mlir::Value cst(double value) { return cstOf(type, value); }
  mlir::Value cstOf(mlir::RankedTensorType t, double value) {
    mlir::Type et = t.getElementType();
    mlir::Attribute attr;
    if (auto ft = llvm::dyn_cast<mlir::FloatType>(et))
      attr = mlir::FloatAttr::get(ft, value);
    else
      attr = mlir::IntegerAttr::get(et, static_cast<int64_t>(value));
    return hlo::ConstantOp::create(
        b, loc, t, mlir::DenseElementsAttr::get(t, attr));
  }
  mlir::Value cstAPFloat(const llvm::APFloat &value) {
    return hlo::ConstantOp::create(
        b, loc, type, mlir::DenseElementsAttr::get(type, value));
  }
  mlir::Value cstInt(mlir::RankedTensorType t, const llvm::APInt &value) {
    return hlo::ConstantOp::create(b, loc, t,
                                   mlir::DenseElementsAttr::get(t, value));
  }
  /// Largest finite value, smallest normal, machine epsilon, infinity.
  const llvm::fltSemantics &semantics() {
    return llvm::cast<mlir::FloatType>(elementType()).getFloatSemantics();
  }
  mlir::Value maxFinite() {
    return cstAPFloat(llvm::APFloat::getLargest(semantics()));
  }
  mlir::Value smallestNormal() {
    return cstAPFloat(llvm::APFloat::getSmallestNormalized(semantics()));
  }
  mlir::Value inf(bool negative = false) {
    return cstAPFloat(llvm::APFloat::getInf(semantics(), negative));
  }
  mlir::Value nan() { return cstAPFloat(llvm::APFloat::getNaN(semantics())); }
  double epsilon() {
    return std::ldexp(1.0, 1 - static_cast<int>(llvm::APFloat::semanticsPrecision(semantics())));
  }

  mlir::Value add(mlir::Value x, mlir::Value y) {
    return hlo::AddOp::create(b, loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return hlo::SubtractOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return hlo::MulOp::create(b, loc, x, y);
  }
  mlir::Value div(mlir::Value x, mlir::Value y) {
    return hlo::DivOp::create(b, loc, x, y);
  }
  mlir::Value rem(mlir::Value x, mlir::Value y) {
    return hlo::RemOp::create(b, loc, x, y);
  }
  mlir::Value max(mlir::Value x, mlir::Value y) {
    return hlo::MaxOp::create(b, loc, x, y);
  }
  mlir::Value min(mlir::Value x, mlir::Value y) {
    return hlo::MinOp::create(b, loc, x, y);
  }
  mlir::Value pow(mlir::Value x, mlir::Value y) {
    return hlo::PowOp::create(b, loc, x, y);
  }
  mlir::Value atan2(mlir::Value y, mlir::Value x) {
    return hlo::Atan2Op::create(b, loc, y, x);
  }
  mlir::Value andOp(mlir::Value x, mlir::Value y) {
    return hlo::AndOp::create(b, loc, x, y);
  }
  mlir::Value orOp(mlir::Value x, mlir::Value y) {
    return hlo::OrOp::create(b, loc, x, y);
  }
  mlir::Value xorOp(mlir::Value x, mlir::Value y) {
    return hlo::XorOp::create(b, loc, x, y);
  }
  mlir::Value notOp(mlir::Value x) { return hlo::NotOp::create(b, loc, x); }
  mlir::Value neg(mlir::Value x) { return hlo::NegOp::create(b, loc, x); }
  mlir::Value abs(mlir::Value x) {
    return hlo::AbsOp::create(b, loc, x.getType(), x);
  }
  mlir::Value exp(mlir::Value x) { return hlo::ExpOp::create(b, loc, x); }
  mlir::Value expm1(mlir::Value x) { return hlo::Expm1Op::create(b, loc, x); }
  mlir::Value log(mlir::Value x) { return hlo::LogOp::create(b, loc, x); }
  mlir::Value log1p(mlir::Value x) { return hlo::Log1pOp::create(b, loc, x); }
  mlir::Value sqrt(mlir::Value x) { return hlo::SqrtOp::create(b, loc, x); }
  mlir::Value rsqrt(mlir::Value x) { return hlo::RsqrtOp::create(b, loc, x); }
  mlir::Value sin(mlir::Value x) { return hlo::SineOp::create(b, loc, x); }
  mlir::Value cos(mlir::Value x) { return hlo::CosineOp::create(b, loc, x); }
  mlir::Value tan(mlir::Value x) { return hlo::TanOp::create(b, loc, x); }
  mlir::Value tanh(mlir::Value x) { return hlo::TanhOp::create(b, loc, x); }
  mlir::Value floor(mlir::Value x) { return hlo::FloorOp::create(b, loc, x); }
  mlir::Value round(mlir::Value x) {
    return hlo::RoundNearestEvenOp::create(b, loc, x);
  }
  mlir::Value sign(mlir::Value x) { return hlo::SignOp::create(b, loc, x); }
  mlir::Value isFinite(mlir::Value x) {
    auto t = llvm::cast<mlir::RankedTensorType>(x.getType());
    return hlo::IsFiniteOp::create(b, loc, t.clone(b.getI1Type()), x);
  }
  mlir::Value select(mlir::Value pred, mlir::Value x, mlir::Value y) {
    return hlo::SelectOp::create(b, loc, x.getType(), pred, x, y);
  }
  mlir::Value cmp(CmpDir dir, mlir::Value x, mlir::Value y) {
    auto t = llvm::cast<mlir::RankedTensorType>(x.getType());
    return hlo::CompareOp::create(
        b, loc, t.clone(b.getI1Type()), x, y,
        hlo::ComparisonDirectionAttr::get(b.getContext(), dir),
        hlo::ComparisonTypeAttr());
  }
  mlir::Value lt(mlir::Value x, mlir::Value y) { return cmp(CmpDir::LT, x, y); }
  mlir::Value le(mlir::Value x, mlir::Value y) { return cmp(CmpDir::LE, x, y); }
  mlir::Value gt(mlir::Value x, mlir::Value y) { return cmp(CmpDir::GT, x, y); }
  mlir::Value ge(mlir::Value x, mlir::Value y) { return cmp(CmpDir::GE, x, y); }
  mlir::Value eq(mlir::Value x, mlir::Value y) { return cmp(CmpDir::EQ, x, y); }
  mlir::Value ne(mlir::Value x, mlir::Value y) { return cmp(CmpDir::NE, x, y); }
  mlir::Value convert(mlir::Value x, mlir::Type elementType) {
    auto t = llvm::cast<mlir::RankedTensorType>(x.getType());
    if (t.getElementType() == elementType)
      return x;
    return hlo::ConvertOp::create(b, loc, t.clone(elementType), x);
  }
  mlir::Value bitcast(mlir::Value x, mlir::Type elementType) {
    auto t = llvm::cast<mlir::RankedTensorType>(x.getType());
    return hlo::BitcastConvertOp::create(b, loc, t.clone(elementType), x);
  }

  /// Horner evaluation of c[0] + c[1] x + ... + c[n] x^n.
  mlir::Value poly(mlir::Value x, llvm::ArrayRef<double> c) {
    mlir::Value acc = cst(c.back());
    for (size_t i = c.size() - 1; i-- > 0;)
      acc = add(mul(acc, x), cst(c[i]));
    return acc;
  }

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::RankedTensorType type;
};

/// The element type a formula is evaluated in: f16, bf16 and the f8/f6/f4
/// types compute in f32; f32 and f64 in themselves.
inline mlir::Type computeElementType(mlir::Type elementType) {
  auto ft = llvm::dyn_cast<mlir::FloatType>(elementType);
  if (ft && ft.getWidth() < 32)
    return mlir::Float32Type::get(elementType.getContext());
  return elementType;
}

/// Rewrites a unary op over a float tensor by evaluating `formula` in the
/// compute type (`minWidth`: 64 computes f32 in f64 too) and converting back.
/// Fails on dynamic shapes (constants need a static shape).
template <class Formula>
mlir::LogicalResult rewriteUnaryFloat(mlir::PatternRewriter &rewriter,
                                      mlir::Operation *op, Formula formula,
                                      unsigned minWidth = 32) {
  auto type = llvm::dyn_cast<mlir::RankedTensorType>(op->getOperand(0).getType());
  if (!type || !type.hasStaticShape() ||
      !llvm::isa<mlir::FloatType>(type.getElementType()))
    return mlir::failure();
  mlir::Type et = type.getElementType();
  mlir::Type ct = computeElementType(et);
  if (minWidth == 64 && ct.getIntOrFloatBitWidth() < 64)
    ct = mlir::Float64Type::get(op->getContext());
  Emitter e(rewriter, op->getLoc(), type.clone(ct));
  mlir::Value x = e.convert(op->getOperand(0), ct);
  mlir::Value y = formula(e, x);
  Emitter back(rewriter, op->getLoc(), type);
  rewriter.replaceOp(op, back.convert(y, et));
  return mlir::success();
}

/// Same for binary ops with operands of one type.
template <class Formula>
mlir::LogicalResult rewriteBinaryFloat(mlir::PatternRewriter &rewriter,
                                       mlir::Operation *op, Formula formula,
                                       unsigned minWidth = 32) {
  auto type = llvm::dyn_cast<mlir::RankedTensorType>(op->getOperand(0).getType());
  if (!type || !type.hasStaticShape() ||
      !llvm::isa<mlir::FloatType>(type.getElementType()))
    return mlir::failure();
  mlir::Type et = type.getElementType();
  mlir::Type ct = computeElementType(et);
  if (minWidth == 64 && ct.getIntOrFloatBitWidth() < 64)
    ct = mlir::Float64Type::get(op->getContext());
  Emitter e(rewriter, op->getLoc(), type.clone(ct));
  mlir::Value x = e.convert(op->getOperand(0), ct);
  mlir::Value y = e.convert(op->getOperand(1), ct);
  mlir::Value r = formula(e, x, y);
  Emitter back(rewriter, op->getLoc(), type);
  rewriter.replaceOp(op, back.convert(r, et));
  return mlir::success();
}

} // namespace jx::chlo::detail

#endif // JX_LIB_DIALECT_CHLO_TRANSFORMS_DECOMPOSE_H
