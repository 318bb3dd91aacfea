// lower.cpp - jaxpr -> stablehlo module, in JAX's conventions:
//   module @jit_f attributes {mhlo.num_partitions = 1 : i32, ...} {
//     func.func public @main(%arg0: tensor<8xf32>)
//         -> (tensor<8xf32> {jax.result_info = "result"}) { ... }
//   }

#include "frontend/lowering.h"
#include "primitives/primitive.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

#include <cassert>
#include <unordered_map>

namespace jx::frontend {

namespace hlo = jx::stablehlo;

mlir::Value lowering_context::constant(const runtime::host_buffer &value) {
  shaped_array aval{value.dtype, value.shape, false};
  mlir::RankedTensorType type = tensor_type(aval);
  mlir::DenseElementsAttr attr;
  if (value.dtype == dtype::bool_) {
    std::vector<bool> bits(value.data.begin(), value.data.end());
    llvm::SmallVector<bool> v(bits.begin(), bits.end());
    attr = mlir::DenseElementsAttr::get(type, llvm::ArrayRef<bool>(v));
  } else {
    llvm::ArrayRef<char> raw(reinterpret_cast<const char *>(value.data.data()),
                             value.data.size());
    attr = mlir::DenseElementsAttr::getFromRawBuffer(type, raw);
  }
  return hlo::ConstantOp::create(b, loc, attr);
}

mlir::Value lowering_context::broadcast_to(mlir::Value v, const shape_t &shape) {
  auto type = mlir::cast<mlir::RankedTensorType>(v.getType());
  if (type.getShape() == llvm::ArrayRef<int64_t>(shape))
    return v;
  llvm::SmallVector<int64_t> dims;
  if (type.getRank() != 0) {
    assert(type.getRank() == static_cast<int64_t>(shape.size()));
    for (int64_t i = 0; i < type.getRank(); ++i)
      dims.push_back(i);
  }
  auto result = mlir::RankedTensorType::get(shape, type.getElementType());
  return hlo::BroadcastInDimOp::create(b, loc, result, v, dims);
}

std::vector<mlir::Value>
lowering_context::lower_jaxpr(const Jaxpr &j,
                              const std::vector<mlir::Value> &args) {
  std::unordered_map<const var_node *, mlir::Value> env;
  std::size_t i = 0;
  for (const Var &v : j.constvars)
    env[v.get()] = args[i++];
  for (const Var &v : j.invars)
    env[v.get()] = args[i++];
  auto read = [&](const Atom &a) -> mlir::Value {
    if (const Var *v = std::get_if<Var>(&a))
      return env.at(v->get());
    return constant(std::get<Literal>(a).value);
  };
  for (const Eqn &e : j.eqns) {
    std::vector<mlir::Value> in;
    for (const Atom &a : e.invars)
      in.push_back(read(a));
    std::vector<mlir::Value> out = e.primitive->lower(*this, in, e);
    assert(out.size() == e.outvars.size());
    for (std::size_t k = 0; k < out.size(); ++k)
      env[e.outvars[k].get()] = out[k];
  }
  std::vector<mlir::Value> outs;
  for (const Atom &a : j.outvars)
    outs.push_back(read(a));
  return outs;
}

std::vector<mlir::Value>
lowering_context::lower_closed_jaxpr(const ClosedJaxpr &j,
                                     const std::vector<mlir::Value> &args) {
  std::vector<mlir::Value> all;
  for (const runtime::host_buffer &c : j.consts)
    all.push_back(constant(c));
  all.insert(all.end(), args.begin(), args.end());
  return lower_jaxpr(*j.jaxpr, all);
}

mlir::OwningOpRef<mlir::ModuleOp> lower_to_module(const ClosedJaxpr &j,
                                                  const std::string &name) {
  mlir::MLIRContext &ctx = context();
  mlir::OpBuilder b(&ctx);
  mlir::Location loc = mlir::UnknownLoc::get(&ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(loc, llvm::StringRef("jit_" + name));
  module->getOperation()->setAttr("mhlo.num_partitions",
                                  b.getI32IntegerAttr(1));
  module->getOperation()->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(1));

  llvm::SmallVector<mlir::Type> ins, outs;
  for (const shaped_array &a : j.in_avals())
    ins.push_back(tensor_type(a));
  for (const shaped_array &a : j.out_avals())
    outs.push_back(tensor_type(a));
  b.setInsertionPointToEnd(module->getBody());
  auto fn = mlir::func::FuncOp::create(b, loc, "main",
                                       b.getFunctionType(ins, outs));
  fn.setSymVisibility("public");
  for (std::size_t i = 0; i < outs.size(); ++i) {
    std::string info = outs.size() == 1 ? std::string("result")
                                        : "result[" + std::to_string(i) + "]";
    fn.setResultAttr(i, "jax.result_info", b.getStringAttr(info));
  }
  mlir::Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  lowering_context lc(b, loc);
  std::vector<mlir::Value> args;
  for (const runtime::host_buffer &c : j.consts)
    args.push_back(lc.constant(c));
  for (mlir::BlockArgument a : entry->getArguments())
    args.push_back(a);
  std::vector<mlir::Value> results = lc.lower_jaxpr(*j.jaxpr, args);
  mlir::func::ReturnOp::create(b, loc, results);
  diagnostic_capture diagnostics;
  if (mlir::failed(mlir::verify(*module))) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    throw std::logic_error("jx: internal error: lowered module does not "
                           "verify:\n" + diagnostics.text() + text);
  }
  return module;
}

} // namespace jx::frontend
