//===- RuntimeCalls.h - calls of the runtime's kernels ----------*- C++ -*-===//
//
// What the passes that hand work to the runtime's kernels
// (jx-contraction-to-blas, jx-convolution-to-dnnl) share: the kernels take
// int64 arguments only, buffers as addresses.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_RUNTIMECALLS_H
#define JX_LIB_PIPELINES_RUNTIMECALLS_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace jx {

/// The private declaration of runtime function `name` taking `numArgs`
/// int64 arguments, added to `module` once.
inline mlir::func::FuncOp declareRuntimeFunction(mlir::ModuleOp module,
                                                 llvm::StringRef name,
                                                 unsigned numArgs) {
  if (auto fn = module.lookupSymbol<mlir::func::FuncOp>(name))
    return fn;
  auto b = mlir::OpBuilder::atBlockBegin(module.getBody());
  llvm::SmallVector<mlir::Type> args(numArgs, b.getI64Type());
  auto fn = mlir::func::FuncOp::create(b, module.getLoc(), name,
                                       b.getFunctionType(args, {}));
  fn.setPrivate();
  return fn;
}

/// A private constant global of `module` holding `words` (a kernel's
/// descriptor), named `prefix` or `prefix_<i>`.
inline mlir::memref::GlobalOp descriptorGlobal(mlir::ModuleOp module,
                                               llvm::StringRef prefix,
                                               llvm::ArrayRef<int64_t> words) {
  auto b = mlir::OpBuilder::atBlockBegin(module.getBody());
  auto type = mlir::MemRefType::get({static_cast<int64_t>(words.size())},
                                    b.getI64Type());
  auto value = mlir::DenseIntElementsAttr::get(
      mlir::RankedTensorType::get(type.getShape(), b.getI64Type()), words);
  std::string name = prefix.str();
  for (unsigned i = 0; module.lookupSymbol(name); ++i)
    name = prefix.str() + "_" + std::to_string(i);
  return mlir::memref::GlobalOp::create(
      b, module.getLoc(), name, b.getStringAttr("private"), type, value,
      /*constant=*/true, /*alignment=*/b.getI64IntegerAttr(8));
}

/// The address, as int64, of element `offset` of `memref`'s aligned
/// buffer; a dynamic `offset` (ShapedType::kDynamic: a view at a position
/// known at run time, such as a dynamic_slice inside a loop) is read from
/// the memref's metadata.
inline mlir::Value bufferAddress(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value memref, int64_t offset = 0) {
  mlir::Value base =
      mlir::memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  mlir::Value addr =
      mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), base);
  if (offset == 0)
    return addr;
  unsigned bytes = stablehlo::getBitWidth(
                       mlir::cast<mlir::MemRefType>(memref.getType())
                           .getElementType()) /
                   8;
  mlir::Value delta;
  if (mlir::ShapedType::isDynamic(offset)) {
    auto meta = mlir::memref::ExtractStridedMetadataOp::create(b, loc, memref);
    mlir::Value elems = mlir::arith::IndexCastOp::create(
        b, loc, b.getI64Type(), meta.getOffset());
    delta = mlir::arith::MulIOp::create(
        b, loc, elems,
        mlir::arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(bytes)));
  } else {
    delta = mlir::arith::ConstantOp::create(
        b, loc, b.getI64IntegerAttr(offset * bytes));
  }
  return mlir::arith::AddIOp::create(b, loc, addr, delta);
}

} // namespace jx

#endif // JX_LIB_PIPELINES_RUNTIMECALLS_H
