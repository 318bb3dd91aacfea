//===- RefineShapes.cpp - specialize a shape-polymorphic module -----------===//
//
// JAX lowers a function exported with symbolic shapes (`b, 8`) to StableHLO
// whose dimensions are dynamic (`tensor<?x8xf32>`): @main computes the
// dimension variables from its inputs with get_dimension_size, checks them
// with @shape_assertion custom calls, and passes them on; dynamic ops
// (dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota, ...) take their
// shapes as operands computed from them. Given concrete inputs, everything
// here becomes a constant: this walks the program once in order, giving each
// value its static type, folding the integer arithmetic on dimensions,
// checking the assertions and replacing each dynamic op by its static form.
// Called functions are specialized (cloned) for the argument types of each
// call.
//
//===----------------------------------------------------------------------===//

#include "jx/Compiler/Exported.h"

#include "jx/Dialect/StableHLO/IR/InferIndexing.h"
#include "jx/Dialect/StableHLO/IR/InferLinalg.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "jx/Dialect/StableHLO/IR/InferShape.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
namespace shlo = jx::stablehlo;

namespace jx::compiler {
namespace {

bool isStatic(Type t) {
  auto s = dyn_cast<ShapedType>(t);
  return !s || s.hasStaticShape();
}

/// The integer values of a constant, or none.
std::optional<SmallVector<int64_t>> intsOf(Value v) {
  DenseIntElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> out;
  bool isBool = attr.getElementType().isInteger(1);
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  for (const APInt &x : attr.getValues<APInt>())
    out.push_back(isBool || isUnsigned ? int64_t(x.getZExtValue())
                                       : x.getSExtValue());
  return out;
}

/// Ops whose result has the shape of their first tensor operand.
const llvm::StringSet<> &shapePreserving() {
  static const llvm::StringSet<> names = {
      "abs", "add", "and", "atan2", "cbrt", "ceil",
      "clamp", "compare", "complex", "convert", "cosine", "count_leading_zeros",
      "divide", "exponential", "exponential_minus_one", "floor", "imag",
      "is_finite", "log", "log_plus_one", "logistic", "maximum", "minimum",
      "multiply", "negate", "not", "or", "popcnt", "power", "real",
      "reduce_precision", "remainder", "round_nearest_afz",
      "round_nearest_even", "rsqrt", "select", "shift_left",
      "shift_right_arithmetic", "shift_right_logical", "sign", "sine",
      "sqrt", "subtract", "tan", "tanh", "xor", "sort",
      "optimization_barrier", "dynamic_update_slice", "scatter", "erf",
      "uniform_quantize", "uniform_dequantize", "reverse", "select_and_scatter",
      "batch_norm_inference", "cholesky", "triangular_solve", "fft_same"};
  return names;
}

class Refiner {
public:
  Refiner(ModuleOp module, bool checkAssertions)
      : module(module), symbols(module), checkAssertions(checkAssertions) {}

  /// Refines `f` (in place) for `argTypes`; `f` must have no other callers
  /// with other types (see specialize).
  LogicalResult refineFunction(func::FuncOp f, TypeRange argTypes) {
    Block &entry = f.getBody().front();
    for (auto [arg, type] : llvm::zip(entry.getArguments(), argTypes))
      arg.setType(type);
    if (failed(refineBlock(entry)))
      return failure();
    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    f.setType(FunctionType::get(f.getContext(), argTypes,
                                ret.getOperandTypes()));
    return success();
  }

private:
  LogicalResult refineBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      if (failed(refineOp(&op)))
        return failure();
    return success();
  }

  LogicalResult refineRegions(Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        if (failed(refineBlock(b)))
          return failure();
    return success();
  }

  void setResult(Operation *op, unsigned i, Type t) {
    op->getResult(i).setType(t);
  }

  /// Replaces `op` (one result) by a constant of `values` with its result
  /// type made static as `shape`.
  void replaceByConstant(Operation *op, ArrayRef<int64_t> values,
                         ArrayRef<int64_t> shape) {
    auto rt = cast<RankedTensorType>(op->getResult(0).getType());
    auto type = RankedTensorType::get(shape, rt.getElementType());
    SmallVector<APInt> ints;
    unsigned width = rt.getElementType().getIntOrFloatBitWidth();
    for (int64_t v : values)
      ints.push_back(APInt(width, v, /*isSigned=*/true, /*implicitTrunc=*/true));
    OpBuilder b(op);
    auto c = shlo::ConstantOp::create(b, op->getLoc(),
                                      DenseElementsAttr::get(type, ints));
    op->getResult(0).replaceAllUsesWith(c);
    op->erase();
  }

  /// Replaces `op` by a new op `name` (same operands unless given) with
  /// `attrs` and result type `type`.
  Operation *replaceBy(Operation *op, StringRef name, ValueRange operands,
                       ArrayRef<NamedAttribute> attrs, Type type) {
    OperationState state(op->getLoc(), "stablehlo." + name.str());
    state.addOperands(operands);
    state.addAttributes(attrs);
    state.addTypes(type);
    OpBuilder b(op);
    Operation *n = b.create(state);
    op->getResult(0).replaceAllUsesWith(n->getResult(0));
    op->erase();
    return n;
  }

  LogicalResult foldIntegerOp(Operation *op, StringRef name, bool &done);
  LogicalResult refineOp(Operation *op);
  LogicalResult refineCall(func::CallOp call);
  LogicalResult inferResults(Operation *op, StringRef name);
  LogicalResult dynamicReduceWindow(Operation *op);
  LogicalResult customCallShapeOperands(Operation *op);
  LogicalResult inferChlo(Operation *op);

  ModuleOp module;
  SymbolTable symbols;
  std::map<std::string, std::string> specializations;
  unsigned counter = 0;
  bool checkAssertions = true;
};

/// Integer arithmetic on small constant tensors: what dimension
/// computations are made of.
LogicalResult Refiner::foldIntegerOp(Operation *op, StringRef name,
                                     bool &done) {
  done = false;
  if (op->getNumResults() != 1)
    return success();
  auto rt = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!rt || !rt.getElementType().isSignlessInteger() || op->getNumOperands() == 0)
    return success();
  SmallVector<SmallVector<int64_t>> in;
  for (Value v : op->getOperands()) {
    auto vals = intsOf(v);
    if (!vals)
      return success();
    in.push_back(*vals);
  }
  auto opType = [&](unsigned i) {
    return cast<RankedTensorType>(op->getOperand(i).getType());
  };
  auto elementwise = [&](auto fn) {
    size_t n = in[0].size();
    SmallVector<int64_t> out;
    for (size_t i = 0; i < n; ++i) {
      SmallVector<int64_t> args;
      for (auto &v : in)
        args.push_back(v.size() == 1 ? v[0] : v[i]);
      out.push_back(fn(args));
    }
    replaceByConstant(op, out, opType(0).getShape());
    done = true;
    return success();
  };
  if (name == "add")
    return elementwise([](auto a) { return a[0] + a[1]; });
  if (name == "subtract")
    return elementwise([](auto a) { return a[0] - a[1]; });
  if (name == "multiply")
    return elementwise([](auto a) { return a[0] * a[1]; });
  if (name == "maximum")
    return elementwise([](auto a) { return std::max(a[0], a[1]); });
  if (name == "minimum")
    return elementwise([](auto a) { return std::min(a[0], a[1]); });
  if (name == "negate")
    return elementwise([](auto a) { return -a[0]; });
  if (name == "sign")
    return elementwise([](auto a) { return int64_t((a[0] > 0) - (a[0] < 0)); });
  if (name == "abs")
    return elementwise([](auto a) { return a[0] < 0 ? -a[0] : a[0]; });
  if (name == "xor")
    return elementwise([](auto a) { return a[0] ^ a[1]; });
  if (name == "not")
    return elementwise([&](auto a) -> int64_t {
      return rt.getElementType().isInteger(1) ? !a[0] : ~a[0];
    });
  if (name == "and")
    return elementwise([](auto a) { return a[0] & a[1]; });
  if (name == "or")
    return elementwise([](auto a) { return a[0] | a[1]; });
  if (name == "select")
    return elementwise([](auto a) { return a[0] ? a[1] : a[2]; });
  if (name == "convert")
    return elementwise([](auto a) { return a[0]; });
  if (name == "divide" || name == "remainder") {
    for (int64_t d : in[1])
      if (d == 0)
        return success(); // leave a division by zero to run time
    if (name == "divide")
      return elementwise([](auto a) { return a[0] / a[1]; });
    return elementwise([](auto a) { return a[0] % a[1]; });
  }
  if (name == "compare") {
    auto dir = op->getAttrOfType<shlo::ComparisonDirectionAttr>(
        "comparison_direction");
    if (!dir)
      return success();
    auto d = dir.getValue();
    return elementwise([d](auto a) -> int64_t {
      switch (d) {
      case shlo::ComparisonDirection::EQ: return a[0] == a[1];
      case shlo::ComparisonDirection::NE: return a[0] != a[1];
      case shlo::ComparisonDirection::GE: return a[0] >= a[1];
      case shlo::ComparisonDirection::GT: return a[0] > a[1];
      case shlo::ComparisonDirection::LE: return a[0] <= a[1];
      case shlo::ComparisonDirection::LT: return a[0] < a[1];
      }
      return 0;
    });
  }
  if (name == "reshape" && rt.hasStaticShape()) {
    replaceByConstant(op, in[0], rt.getShape());
    done = true;
    return success();
  }
  if (name == "broadcast_in_dim" && rt.hasStaticShape() && in[0].size() == 1) {
    replaceByConstant(op, SmallVector<int64_t>(rt.getNumElements(), in[0][0]),
                      rt.getShape());
    done = true;
    return success();
  }
  if (name == "concatenate" &&
      op->getAttrOfType<IntegerAttr>("dimension").getInt() == 0 &&
      (rt.getRank() == 1 || rt.hasStaticShape())) {
    // Along the outermost dimension, row-major data concatenates as is.
    SmallVector<int64_t> out;
    for (auto &v : in)
      out.append(v);
    SmallVector<int64_t> shape(rt.getShape());
    shape[0] = rt.getRank() == 1 ? int64_t(out.size()) : shape[0];
    replaceByConstant(op, out, shape);
    done = true;
    return success();
  }
  return success();
}

LogicalResult Refiner::refineCall(func::CallOp call) {
  auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
  if (!callee || callee.isExternal())
    return success();
  SmallVector<Type> argTypes(call.getOperandTypes());
  // Dimension variables JAX passes as values (arguments marked
  // jax.global_constant, and integer scalars passed on to helpers) are
  // constants now: the callee is specialized for their values too.
  SmallVector<std::optional<SmallVector<int64_t>>> constants;
  bool anyConstant = false;
  for (auto [i, v] : llvm::enumerate(call.getOperands())) {
    constants.push_back(std::nullopt);
    auto t = dyn_cast<RankedTensorType>(v.getType());
    bool scalarInt = t && t.getRank() == 0 && t.getElementType().isInteger();
    if (callee.getArgAttr(i, "jax.global_constant") || scalarInt)
      if ((constants.back() = intsOf(v)))
        anyConstant = true;
  }
  if (!anyConstant && TypeRange(argTypes) == callee.getArgumentTypes() &&
      llvm::all_of(callee.getResultTypes(), isStatic))
    return success();
  std::string key = call.getCallee().str();
  llvm::raw_string_ostream os(key);
  for (auto [t, c] : llvm::zip(argTypes, constants)) {
    os << ";" << t;
    if (c)
      os << "=" << llvm::join(llvm::map_range(*c, [](int64_t x) {
                                return std::to_string(x);
                              }),
                              ",");
  }
  auto it = specializations.find(key);
  func::FuncOp target;
  if (it != specializations.end()) {
    target = symbols.lookup<func::FuncOp>(it->second);
  } else {
    target = callee.clone();
    std::string name =
        (callee.getSymName() + "_jx_refined_" + Twine(counter++)).str();
    target.setSymName(name);
    target.setPrivate();
    symbols.insert(target);
    specializations[key] = name;
    Block &entry = target.getBody().front();
    OpBuilder b(&entry, entry.begin());
    for (auto [i, c] : llvm::enumerate(constants)) {
      if (!c)
        continue;
      auto type = cast<RankedTensorType>(argTypes[i]);
      SmallVector<APInt> ints;
      for (int64_t x : *c)
        ints.push_back(APInt(type.getElementTypeBitWidth(), x,
                             /*isSigned=*/true, /*implicitTrunc=*/true));
      auto k = shlo::ConstantOp::create(b, target.getLoc(),
                                        DenseElementsAttr::get(type, ints));
      entry.getArgument(i).replaceAllUsesWith(k);
    }
    if (failed(refineFunction(target, argTypes)))
      return failure();
  }
  call.setCallee(target.getSymName());
  for (auto [r, t] : llvm::zip(call.getResults(), target.getResultTypes()))
    r.setType(t);
  // Dimension values the callee computes (divmod of a dimension, ...) are
  // constants at the call site too.
  auto ret = cast<func::ReturnOp>(target.getBody().front().getTerminator());
  OpBuilder b(call);
  for (auto [r, v] : llvm::zip(call.getResults(), ret.getOperands())) {
    DenseIntElementsAttr attr;
    if (!r.use_empty() && matchPattern(v, m_Constant(&attr)))
      r.replaceAllUsesWith(
          shlo::ConstantOp::create(b, call.getLoc(), attr).getResult());
  }
  return success();
}

LogicalResult Refiner::refineOp(Operation *op) {
  if (auto call = dyn_cast<func::CallOp>(op))
    return refineCall(call);
  if (op->getName().getDialectNamespace() == "chlo") {
    if (failed(refineRegions(op)))
      return failure();
    return inferChlo(op);
  }
  if (isa<func::ReturnOp>(op) || op->getName().getDialectNamespace() != "stablehlo")
    return refineRegions(op);
  StringRef name = op->getName().stripDialect();

  if (name == "get_dimension_size") {
    auto t = cast<RankedTensorType>(op->getOperand(0).getType());
    int64_t dim = op->getAttrOfType<IntegerAttr>("dimension").getInt();
    if (t.isDynamicDim(dim))
      return op->emitError("dimension ") << dim << " of " << t
                                         << " is still unknown";
    replaceByConstant(op, {t.getDimSize(dim)}, {});
    return success();
  }
  if (name == "custom_call") {
    auto target = op->getAttrOfType<StringAttr>("call_target_name");
    if (target && target.getValue() == "shape_assertion") {
      if (!checkAssertions) {
        op->erase();
        return success();
      }
      auto pred = intsOf(op->getOperand(0));
      if (!pred || pred->size() != 1)
        return op->emitError("a shape assertion that does not evaluate to a "
                             "constant once the input shapes are known");
      if (!(*pred)[0]) {
        std::string msg;
        if (auto m = op->getAttrOfType<StringAttr>("error_message"))
          msg = m.getValue().str();
        for (unsigned i = 1; i < op->getNumOperands(); ++i) {
          auto v = intsOf(op->getOperand(i));
          std::string placeholder = "{" + std::to_string(i - 1) + "}";
          std::string value = v && v->size() == 1 ? std::to_string((*v)[0])
                                                  : "?";
          for (size_t at; (at = msg.find(placeholder)) != std::string::npos;)
            msg.replace(at, placeholder.size(), value);
        }
        // JAX's message, as its Exported.call raises it.
        return emitError(op->getLoc(), msg);
      }
      op->erase();
      return success();
    }
  }

  if (name == "custom_call") {
    auto target = op->getAttrOfType<StringAttr>("call_target_name");
    if (target && target.getValue() == "stablehlo.dynamic_reduce_window")
      return dynamicReduceWindow(op);
    if (op->hasAttr("indices_of_shape_operands"))
      return customCallShapeOperands(op);
  }
  if (name == "composite") {
    // A composite computes what its decomposition does: refine it as a
    // call (the CPU pipeline inlines composites the same way).
    auto decomposition = op->getAttrOfType<FlatSymbolRefAttr>("decomposition");
    if (!decomposition)
      return op->emitError("composite without a decomposition");
    OpBuilder b(op);
    auto call = func::CallOp::create(b, op->getLoc(), decomposition,
                                     op->getResultTypes(), op->getOperands());
    op->replaceAllUsesWith(call.getResults());
    op->erase();
    return refineCall(call);
  }

  // Regions first where their block arguments follow the operands.
  if (name == "while") {
    for (Region &r : op->getRegions())
      for (auto [arg, v] : llvm::zip(r.front().getArguments(), op->getOperands()))
        arg.setType(v.getType());
  }
  if (failed(refineRegions(op)))
    return failure();

  bool folded = false;
  if (failed(foldIntegerOp(op, name, folded)))
    return failure();
  if (folded)
    return success();

  // Dynamic ops whose shape operands are now constants.
  auto staticType = [&](Value shapeOperand) -> RankedTensorType {
    auto shape = intsOf(shapeOperand);
    auto rt = cast<RankedTensorType>(op->getResult(0).getType());
    if (!shape)
      return {};
    return RankedTensorType::get(*shape, rt.getElementType());
  };
  auto named = [&](StringRef n, Attribute a) {
    return NamedAttribute(StringAttr::get(op->getContext(), n), a);
  };
  if (name == "dynamic_broadcast_in_dim") {
    if (auto t = staticType(op->getOperand(1))) {
      replaceBy(op, "broadcast_in_dim", op->getOperand(0),
                {named("broadcast_dimensions",
                       op->getAttr("broadcast_dimensions"))},
                t);
      return success();
    }
  } else if (name == "dynamic_reshape") {
    if (auto t = staticType(op->getOperand(1))) {
      replaceBy(op, "reshape", op->getOperand(0), {}, t);
      return success();
    }
  } else if (name == "dynamic_iota") {
    if (auto t = staticType(op->getOperand(0))) {
      replaceBy(op, "iota", {}, {named("iota_dimension",
                                       op->getAttr("iota_dimension"))},
                t);
      return success();
    }
  } else if (name == "real_dynamic_slice") {
    auto start = intsOf(op->getOperand(1)), limit = intsOf(op->getOperand(2)),
         strides = intsOf(op->getOperand(3));
    if (start && limit && strides) {
      auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
      auto t = shlo::inferSliceOp([&] { return op->emitError(); }, operand,
                                  *start, *limit, *strides);
      if (failed(t))
        return failure();
      MLIRContext *c = op->getContext();
      replaceBy(op, "slice", op->getOperand(0),
                {named("start_indices", DenseI64ArrayAttr::get(c, *start)),
                 named("limit_indices", DenseI64ArrayAttr::get(c, *limit)),
                 named("strides", DenseI64ArrayAttr::get(c, *strides))},
                *t);
      return success();
    }
    // limit = start + sizes with constant sizes and unit strides (what JAX
    // writes for a slice at a run-time offset): a dynamic_slice.
    Operation *add = op->getOperand(2).getDefiningOp();
    if (strides && llvm::all_of(*strides, [](int64_t s) { return s == 1; }) &&
        add && add->getName().getStringRef() == "stablehlo.add") {
      std::optional<SmallVector<int64_t>> sizes;
      if (add->getOperand(0) == op->getOperand(1))
        sizes = intsOf(add->getOperand(1));
      else if (add->getOperand(1) == op->getOperand(1))
        sizes = intsOf(add->getOperand(0));
      if (sizes) {
        OpBuilder b(op);
        Value startVec = op->getOperand(1);
        auto vt = cast<RankedTensorType>(startVec.getType());
        auto scalar = RankedTensorType::get({}, vt.getElementType());
        auto one = RankedTensorType::get({1}, vt.getElementType());
        SmallVector<Value> operands = {op->getOperand(0)};
        MLIRContext *c = op->getContext();
        for (int64_t i = 0; i < int64_t(sizes->size()); ++i) {
          OperationState sl(op->getLoc(), "stablehlo.slice");
          sl.addOperands(startVec);
          sl.addAttribute("start_indices", DenseI64ArrayAttr::get(c, {i}));
          sl.addAttribute("limit_indices", DenseI64ArrayAttr::get(c, {i + 1}));
          sl.addAttribute("strides", DenseI64ArrayAttr::get(c, {1}));
          sl.addTypes(one);
          Operation *s1 = b.create(sl);
          OperationState rs(op->getLoc(), "stablehlo.reshape");
          rs.addOperands(s1->getResult(0));
          rs.addTypes(scalar);
          operands.push_back(b.create(rs)->getResult(0));
        }
        auto rt = cast<RankedTensorType>(op->getResult(0).getType());
        replaceBy(op, "dynamic_slice", operands,
                  {named("slice_sizes", DenseI64ArrayAttr::get(c, *sizes))},
                  RankedTensorType::get(*sizes, rt.getElementType()));
        return success();
      }
    }
  } else if (name == "dynamic_gather") {
    if (auto sizes = intsOf(op->getOperand(2))) {
      MLIRContext *c = op->getContext();
      SmallVector<NamedAttribute> attrs = {
          named("slice_sizes", DenseI64ArrayAttr::get(c, *sizes))};
      for (StringRef n : {"dimension_numbers", "indices_are_sorted"})
        if (Attribute a = op->getAttr(n))
          attrs.push_back(named(n, a));
      Operation *g = replaceBy(op, "gather",
                               {op->getOperand(0), op->getOperand(1)}, attrs,
                               op->getResult(0).getType());
      return inferResults(g, "gather");
    }
  } else if (name == "dynamic_pad") {
    auto lo = intsOf(op->getOperand(2)), hi = intsOf(op->getOperand(3)),
         in = intsOf(op->getOperand(4));
    if (lo && hi && in) {
      auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
      auto padv = cast<RankedTensorType>(op->getOperand(1).getType());
      auto t = shlo::inferPadOp([&] { return op->emitError(); }, operand,
                                padv, *lo, *hi, *in);
      if (failed(t))
        return failure();
      MLIRContext *c = op->getContext();
      replaceBy(op, "pad", {op->getOperand(0), op->getOperand(1)},
                {named("edge_padding_low", DenseI64ArrayAttr::get(c, *lo)),
                 named("edge_padding_high", DenseI64ArrayAttr::get(c, *hi)),
                 named("interior_padding", DenseI64ArrayAttr::get(c, *in))},
                *t);
      return success();
    }
  }
  return inferResults(op, name);
}

/// JAX writes reduce_window with symbolic window attributes as
/// custom_call @stablehlo.dynamic_reduce_window(inputs..., inits...,
/// window_dimensions, window_strides, base_dilations, window_dilations,
/// padding) calling the reducer function; with the attributes constant it is
/// an ordinary reduce_window whose body is the reducer's.
LogicalResult Refiner::dynamicReduceWindow(Operation *op) {
  unsigned n = op->getNumOperands();
  if (n < 7 || (n - 5) % 2)
    return op->emitError("dynamic_reduce_window takes inputs, init values "
                         "and five window operands");
  unsigned inputs = (n - 5) / 2;
  SmallVector<SmallVector<int64_t>> window;
  for (unsigned i = n - 5; i < n; ++i) {
    auto v = intsOf(op->getOperand(i));
    if (!v)
      return op->emitError("dynamic_reduce_window's window is not constant "
                           "once the input shapes are known");
    window.push_back(*v);
  }
  auto called = op->getAttrOfType<ArrayAttr>("called_computations");
  auto reducer = called && called.size() == 1
                     ? symbols.lookup<func::FuncOp>(
                           cast<FlatSymbolRefAttr>(called[0]).getValue())
                     : func::FuncOp();
  if (!reducer || reducer.isExternal())
    return op->emitError("dynamic_reduce_window without its reducer");
  MLIRContext *c = op->getContext();
  OperationState state(op->getLoc(), "stablehlo.reduce_window");
  state.addOperands(op->getOperands().take_front(2 * inputs));
  auto named = [&](StringRef k, Attribute a) {
    state.addAttribute(k, a);
  };
  named("window_dimensions", DenseI64ArrayAttr::get(c, window[0]));
  named("window_strides", DenseI64ArrayAttr::get(c, window[1]));
  named("base_dilations", DenseI64ArrayAttr::get(c, window[2]));
  named("window_dilations", DenseI64ArrayAttr::get(c, window[3]));
  int64_t rank = window[0].size();
  named("padding",
        DenseIntElementsAttr::get(
            RankedTensorType::get({rank, 2}, IntegerType::get(c, 64)),
            ArrayRef<int64_t>(window[4])));
  state.addTypes(op->getResultTypes());
  Region *body = state.addRegion();
  IRMapping map;
  reducer.getBody().cloneInto(body, map);
  for (Block &b : *body)
    if (auto ret = dyn_cast<func::ReturnOp>(b.getTerminator())) {
      OpBuilder rb(ret);
      OperationState rs(ret.getLoc(), "stablehlo.return");
      rs.addOperands(ret.getOperands());
      rb.create(rs);
      ret.erase();
    }
  OpBuilder b(op);
  Operation *rw = b.create(state);
  op->replaceAllUsesWith(rw->getResults());
  op->erase();
  if (failed(refineRegions(rw)))
    return failure();
  return inferResults(rw, "reduce_window");
}

/// chlo ops: elementwise ones keep their operand's shape; top_k replaces
/// the last dimension by k.
LogicalResult Refiner::inferChlo(Operation *op) {
  if (llvm::all_of(op->getResultTypes(), isStatic))
    return success();
  auto in = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!in)
    return op->emitError("an unranked operand");
  for (OpResult r : op->getResults()) {
    auto old = cast<RankedTensorType>(r.getType());
    SmallVector<int64_t> shape(in.getShape());
    if (op->getName().stripDialect() == "top_k")
      shape.back() = old.getShape().back();
    else if (old.getRank() != in.getRank())
      return op->emitError("jx cannot give this op's result a static shape "
                           "yet (shape-polymorphic export)");
    r.setType(RankedTensorType::get(shape, old.getElementType()));
  }
  return success();
}

/// A custom call with dynamic results lists, in indices_of_shape_operands,
/// the operands holding each result's shape (JAX's convention); with those
/// constant the results get static types and the shape operands go.
LogicalResult Refiner::customCallShapeOperands(Operation *op) {
  SmallVector<int64_t> idx;
  Attribute indices = op->getAttr("indices_of_shape_operands");
  if (auto dense = dyn_cast<DenseIntElementsAttr>(indices))
    for (const APInt &v : dense.getValues<APInt>())
      idx.push_back(v.getSExtValue());
  else if (auto arr = dyn_cast<DenseI64ArrayAttr>(indices))
    idx.append(arr.asArrayRef().begin(), arr.asArrayRef().end());
  else
    return op->emitError("indices_of_shape_operands is not a list of "
                         "integers");
  if (idx.size() != op->getNumResults())
    return op->emitError("indices_of_shape_operands names ")
           << idx.size() << " shape operands for " << op->getNumResults()
           << " results";
  for (auto [i, operand] : llvm::enumerate(idx)) {
    if (operand < 0 || operand >= op->getNumOperands())
      return op->emitError("shape operand index ") << operand
                                                   << " out of range";
    auto shape = intsOf(op->getOperand(operand));
    if (!shape)
      return op->emitError("the shape of result ")
             << i << " is not constant once the input shapes are known";
    auto old = cast<ShapedType>(op->getResult(i).getType());
    op->getResult(i).setType(
        RankedTensorType::get(*shape, old.getElementType()));
  }
  // Drop the shape operands (and their layouts).
  llvm::BitVector drop(op->getNumOperands());
  for (int64_t i : idx)
    drop.set(i);
  if (auto layouts = op->getAttrOfType<ArrayAttr>("operand_layouts")) {
    SmallVector<Attribute> kept;
    for (auto [i, a] : llvm::enumerate(layouts))
      if (i >= drop.size() || !drop.test(i))
        kept.push_back(a);
    op->setAttr("operand_layouts", ArrayAttr::get(op->getContext(), kept));
  }
  op->eraseOperands(drop);
  op->removeAttr("indices_of_shape_operands");
  return success();
}

/// Recomputes the result types of an op whose operands were refined.
LogicalResult Refiner::inferResults(Operation *op, StringRef name) {
  if (llvm::all_of(op->getResultTypes(), isStatic) &&
      !llvm::is_contained(ArrayRef<StringRef>{"while", "case", "if"}, name))
    return success();
  auto emitError = [&] { return op->emitError(); };
  auto operandType = [&](unsigned i) {
    return dyn_cast<RankedTensorType>(op->getOperand(i).getType());
  };
  auto keepElement = [&](unsigned i, ArrayRef<int64_t> shape) {
    auto old = cast<ShapedType>(op->getResult(i).getType());
    setResult(op, i, RankedTensorType::get(shape, old.getElementType()));
  };

  if (shapePreserving().contains(name)) {
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      // sort/optimization_barrier: result i follows operand i; the others
      // follow the first operand of the result's rank.
      RankedTensorType source;
      if ((name == "sort" || name == "optimization_barrier") &&
          i < op->getNumOperands())
        source = operandType(i);
      for (unsigned j = 0; !source && j < op->getNumOperands(); ++j) {
        auto t = operandType(j);
        auto r = dyn_cast<RankedTensorType>(op->getResult(i).getType());
        if (t && r && t.getRank() == r.getRank())
          source = t;
      }
      if (source)
        keepElement(i, source.getShape());
    }
  } else if (name == "while") {
    for (auto [r, v] : llvm::zip(op->getResults(), op->getOperands()))
      r.setType(v.getType());
  } else if (name == "case" || name == "if") {
    Operation *ret = op->getRegion(0).front().getTerminator();
    for (auto [r, v] : llvm::zip(op->getResults(), ret->getOperands()))
      r.setType(v.getType());
  } else if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
    auto d = dot.getDotDimensionNumbers();
    auto t = shlo::inferDotGeneralOp(
        emitError, operandType(0), operandType(1),
        d.getLhsBatchingDimensions(), d.getRhsBatchingDimensions(),
        d.getLhsContractingDimensions(), d.getRhsContractingDimensions(),
        cast<ShapedType>(op->getResult(0).getType()).getElementType());
    if (failed(t))
      return failure();
    setResult(op, 0, *t);
  } else if (name == "reduce") {
    auto dims = op->getAttrOfType<DenseI64ArrayAttr>("dimensions");
    unsigned n = op->getNumResults();
    for (unsigned i = 0; i < n; ++i) {
      SmallVector<int64_t> shape;
      auto in = operandType(i);
      for (int64_t d = 0; d < in.getRank(); ++d)
        if (!llvm::is_contained(dims.asArrayRef(), d))
          shape.push_back(in.getDimSize(d));
      keepElement(i, shape);
    }
  } else if (name == "transpose") {
    auto perm = op->getAttrOfType<DenseI64ArrayAttr>("permutation");
    SmallVector<int64_t> shape;
    for (int64_t p : perm.asArrayRef())
      shape.push_back(operandType(0).getDimSize(p));
    keepElement(0, shape);
  } else if (name == "concatenate") {
    auto t = shlo::inferConcatenateOp(
        emitError, op->getOperandTypes(),
        op->getAttrOfType<IntegerAttr>("dimension").getInt());
    if (failed(t))
      return failure();
    keepElement(0, t->getShape());
  } else if (name == "bitcast_convert") {
    // Same width: same shape; narrower: a trailing dimension of the ratio;
    // wider: the trailing dimension goes.
    auto in = operandType(0);
    auto out = cast<RankedTensorType>(op->getResult(0).getType());
    unsigned wi = in.getElementTypeBitWidth(), wo = out.getElementTypeBitWidth();
    SmallVector<int64_t> shape(in.getShape());
    if (wo < wi)
      shape.push_back(wi / wo);
    else if (wo > wi && !shape.empty())
      shape.pop_back();
    keepElement(0, shape);
  } else if (name == "pad") {
    auto arr = [&](StringRef n) {
      return op->getAttrOfType<DenseI64ArrayAttr>(n).asArrayRef();
    };
    auto t = shlo::inferPadOp(emitError, operandType(0), operandType(1),
                              arr("edge_padding_low"), arr("edge_padding_high"),
                              arr("interior_padding"));
    if (failed(t))
      return failure();
    keepElement(0, t->getShape());
  } else if (name == "slice") {
    auto arr = [&](StringRef n) {
      return op->getAttrOfType<DenseI64ArrayAttr>(n).asArrayRef();
    };
    auto t = shlo::inferSliceOp(emitError, operandType(0), arr("start_indices"),
                                arr("limit_indices"), arr("strides"));
    if (failed(t))
      return failure();
    keepElement(0, t->getShape());
  } else if (name == "dynamic_slice") {
    keepElement(0, op->getAttrOfType<DenseI64ArrayAttr>("slice_sizes")
                       .asArrayRef());
  } else if (auto conv = dyn_cast<shlo::ConvolutionOp>(op)) {
    shlo::ConvolutionConfig config;
    SmallVector<std::pair<int64_t, int64_t>> padding;
    if (auto p = conv.getPaddingAttr()) {
      SmallVector<int64_t> flat;
      for (const APInt &v : p.getValues<APInt>())
        flat.push_back(v.getSExtValue());
      for (size_t i = 0; i + 1 < flat.size(); i += 2)
        padding.push_back({flat[i], flat[i + 1]});
      config.padding = ArrayRef<std::pair<int64_t, int64_t>>(padding);
    }
    auto arr = [&](StringRef n) -> std::optional<ArrayRef<int64_t>> {
      if (auto a = op->getAttrOfType<DenseI64ArrayAttr>(n))
        return a.asArrayRef();
      return std::nullopt;
    };
    config.windowStrides = arr("window_strides");
    config.lhsDilation = arr("lhs_dilation");
    config.rhsDilation = arr("rhs_dilation");
    if (auto r = op->getAttrOfType<DenseBoolArrayAttr>("window_reversal"))
      config.windowReversal = r.asArrayRef();
    config.dimensionNumbers = conv.getDimensionNumbers();
    config.featureGroupCount = conv.getFeatureGroupCount();
    config.batchGroupCount = conv.getBatchGroupCount();
    auto t = shlo::inferConvolutionOp(
        emitError, "convolution", operandType(0), operandType(1), config,
        cast<ShapedType>(op->getResult(0).getType()).getElementType());
    if (failed(t))
      return failure();
    keepElement(0, t->getShape());
  } else if (auto gather = dyn_cast<shlo::GatherOp>(op)) {
    auto t = shlo::inferGatherOp(
        emitError, "gather", operandType(0), operandType(1),
        shlo::toGatherDims(gather.getDimensionNumbers()),
        gather.getSliceSizes());
    if (failed(t))
      return failure();
    keepElement(0, t->getShape());
  } else if (name == "reduce_window") {
    auto get = [&](StringRef n) -> std::optional<ArrayRef<int64_t>> {
      if (auto a = op->getAttrOfType<DenseI64ArrayAttr>(n))
        return a.asArrayRef();
      return std::nullopt;
    };
    SmallVector<int64_t> padding;
    if (auto p = op->getAttrOfType<DenseIntElementsAttr>("padding"))
      for (const APInt &v : p.getValues<APInt>())
        padding.push_back(v.getSExtValue());
    shlo::WindowConfig w;
    w.dimensions = *get("window_dimensions");
    w.strides = get("window_strides");
    w.baseDilations = get("base_dilations");
    w.windowDilations = get("window_dilations");
    if (!padding.empty())
      w.padding = ArrayRef<int64_t>(padding);
    unsigned n = op->getNumResults();
    SmallVector<int64_t> windows =
        shlo::computeNumWindows(operandType(0).getShape(), w);
    for (unsigned i = 0; i < n; ++i)
      keepElement(i, windows);
  }
  for (Type t : op->getResultTypes())
    if (!isStatic(t))
      return op->emitError("jx cannot give this op's result a static shape "
                           "yet (shape-polymorphic export)");
  return success();
}

} // namespace

LogicalResult refineShapes(ModuleOp module, StringRef entry,
                           const std::vector<std::vector<int64_t>> &inputShapes,
                           bool checkAssertions) {
  auto f = module.lookupSymbol<func::FuncOp>(entry);
  if (!f)
    return module.emitError("no function @") << entry;
  if (llvm::all_of(f.getArgumentTypes(), isStatic) &&
      llvm::all_of(f.getResultTypes(), isStatic))
    return success();
  if (f.getNumArguments() != inputShapes.size())
    return f.emitError("@") << entry << " takes " << f.getNumArguments()
                            << " inputs, got " << inputShapes.size();
  SmallVector<Type> inputTypes;
  for (auto [arg, shape] : llvm::zip(f.getArgumentTypes(), inputShapes))
    inputTypes.push_back(RankedTensorType::get(
        shape, cast<ShapedType>(arg).getElementType()));
  Refiner refiner(module, checkAssertions);
  if (failed(refiner.refineFunction(f, inputTypes)))
    return failure();
  // Functions only the original (unrefined) callers used are dead now.
  bool erased = true;
  while (erased) {
    erased = false;
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (fn.isPrivate() &&
          SymbolTable::symbolKnownUseEmpty(fn, module.getOperation())) {
        fn.erase();
        erased = true;
      }
  }
  return success();
}

} // namespace jx::compiler
