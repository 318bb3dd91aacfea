//===- VhloToStableHLO.cpp - versioned ops to today's stablehlo -----------===//
//
// Each `vhlo.<name>_v<N>` op becomes `stablehlo.<name>` (func_v1, call_v1 and
// a function's return_v1 become func ops). Types and attribute values were
// already decoded to builtin / stablehlo ones by the bytecode reader, so what
// remains is the difference in *shape* between VHLO's attributes and
// StableHLO's:
//
//  - VHLO spells every attribute out; absent optional ones are `none` types,
//    empty arrays/strings/dictionaries, channel id 0 or `false` flags;
//  - dimension lists are 1-D tensors (StableHLO: dense i64/bool arrays);
//  - dot_general, convolution, gather and scatter flatten their dimension
//    numbers into one attribute per field, dot_general its algorithm too;
//  - collectives carry `channel_id` (StableHLO: a channel handle), send/recv
//    `channel_id` and `channel_type`;
//  - symbols (callee, called computations, decomposition) are strings.
//
// Older op versions (dot_general_v1, gather_v1, custom_call_v1, all_gather_v1
// ...) lack some attributes of the newer ones; their StableHLO defaults are
// used, which is what upgrading them to the current version does.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/VHLO/Vhlo.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
namespace shlo = jx::stablehlo;

namespace jx::vhlo {
namespace {

/// "vhlo.dot_general_v2" -> "dot_general". A corrupted file can name an op
/// of the vhlo dialect without the "vhlo." prefix ("vhlo" alone): what is
/// left is then no op's base name, and the op gets "has no counterpart".
StringRef baseName(StringRef opName) {
  StringRef name = opName;
  (void)name.consume_front("vhlo.");
  size_t v = name.rfind("_v");
  return v == StringRef::npos ? name : name.take_front(v);
}

/// `v` as an int64_t, read as signed or unsigned by `type` (an integer
/// type). False when it does not fit: an i128 or ui64 value beyond int64_t
/// must be an error, not silently wrapped into another program.
bool toInt64(const APInt &v, Type type, int64_t &out) {
  bool isUnsigned = type.isUnsignedInteger();
  if (isUnsigned ? v.getActiveBits() > 63 : v.getSignificantBits() > 64)
    return false;
  out = isUnsigned ? int64_t(v.getZExtValue()) : v.getSExtValue();
  return true;
}

class AttrReader {
public:
  AttrReader(Operation *op, StringRef base) : op(op), base(base) {
    for (NamedAttribute a : op->getAttrs())
      attrs[a.getName().getValue()] = a.getValue();
  }

  Attribute take(StringRef name) {
    auto it = attrs.find(name);
    if (it == attrs.end())
      return {};
    Attribute a = it->second;
    attrs.erase(it);
    return a;
  }

  LogicalResult ints(StringRef name, SmallVectorImpl<int64_t> &out,
                     bool optional = true) {
    Attribute a = take(name);
    if (!a)
      return optional ? success() : fail(name, "is missing");
    auto dense = dyn_cast<DenseIntElementsAttr>(a);
    if (!dense || dense.getType().getRank() > 1)
      return fail(name, "is not a list of integers");
    return values(name, dense, out);
  }
  /// The elements of `dense`, attribute `name`, as int64_t values.
  LogicalResult values(StringRef name, DenseIntElementsAttr dense,
                       SmallVectorImpl<int64_t> &out) {
    for (const APInt &v : dense.getValues<APInt>()) {
      int64_t x;
      if (!toInt64(v, dense.getElementType(), x))
        return tooWide(name, v, dense.getElementType());
      out.push_back(x);
    }
    return success();
  }
  LogicalResult integer(StringRef name, int64_t &out, bool optional = true) {
    Attribute a = take(name);
    if (!a)
      return optional ? success() : fail(name, "is missing");
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i)
      return fail(name, "is not an integer");
    if (!toInt64(i.getValue(), i.getType(), out))
      return tooWide(name, i.getValue(), i.getType());
    return success();
  }
  LogicalResult tooWide(StringRef name, const APInt &v, Type type) {
    return fail(name, "holds " +
                          llvm::toString(v, 10, !type.isUnsignedInteger()) +
                          ", which does not fit in 64 bits");
  }
  LogicalResult fail(StringRef name, const Twine &what) {
    return op->emitError() << "vhlo." << base << ": attribute '" << name
                           << "' " << what;
  }

  llvm::MapVector<StringRef, Attribute> attrs;
  Operation *op;
  StringRef base;
};

bool isNone(Attribute a) {
  auto t = dyn_cast_or_null<TypeAttr>(a);
  return t && isa<NoneType>(t.getValue());
}
bool isEmpty(Attribute a) {
  if (auto s = dyn_cast_or_null<StringAttr>(a))
    return s.getValue().empty();
  if (auto arr = dyn_cast_or_null<ArrayAttr>(a))
    return arr.empty();
  if (auto d = dyn_cast_or_null<DictionaryAttr>(a))
    return d.empty();
  if (auto e = dyn_cast_or_null<DenseElementsAttr>(a))
    return e.getNumElements() == 0;
  return false;
}
bool isZero(Attribute a) {
  auto i = dyn_cast_or_null<IntegerAttr>(a);
  return i && i.getValue().isZero();
}

FlatSymbolRefAttr symbol(Attribute a) {
  if (auto s = dyn_cast_or_null<StringAttr>(a))
    return FlatSymbolRefAttr::get(s);
  return {};
}

/// Attributes whose 1-D tensor form stays an elements attribute in StableHLO.
bool keepsElements(StringRef base, StringRef name) {
  return (base == "constant" && name == "value") || name == "padding" ||
         name == "replica_groups" || name == "source_target_pairs";
}

/// Converts one op's attributes; returns failure after an error.
LogicalResult convertAttrs(Operation *op, StringRef base,
                           SmallVectorImpl<NamedAttribute> &out) {
  MLIRContext *ctx = op->getContext();
  AttrReader r(op, base);
  auto add = [&](StringRef name, Attribute value) {
    out.emplace_back(StringAttr::get(ctx, name), value);
  };

  // Structured attributes first.
  if (base == "dot_general") {
    SmallVector<int64_t> lb, rb, lc, rc;
    if (failed(r.ints("lhs_batching_dimensions", lb)) ||
        failed(r.ints("rhs_batching_dimensions", rb)) ||
        failed(r.ints("lhs_contracting_dimensions", lc)) ||
        failed(r.ints("rhs_contracting_dimensions", rc)))
      return failure();
    add("dot_dimension_numbers",
        shlo::DotDimensionNumbersAttr::get(ctx, lb, rb, lc, rc));
    Attribute lpt = r.take("lhs_precision_type"),
              rpt = r.take("rhs_precision_type"),
              acc = r.take("accumulation_type");
    Attribute lcc = r.take("lhs_component_count"),
              rcc = r.take("rhs_component_count"),
              npo = r.take("num_primitive_operations"),
              aia = r.take("allow_imprecise_accumulation");
    if (lpt && !isNone(lpt)) {
      auto type = [](Attribute a) {
        auto t = dyn_cast_or_null<TypeAttr>(a);
        return t ? t.getValue() : Type();
      };
      auto num = [](Attribute a) {
        auto i = dyn_cast_or_null<IntegerAttr>(a);
        return i ? i.getInt() : int64_t(0);
      };
      auto b = dyn_cast_or_null<BoolAttr>(aia);
      if (!type(lpt) || !type(rpt) || !type(acc) || !b)
        return r.fail("lhs_precision_type", "starts an incomplete algorithm");
      add("algorithm", shlo::DotAlgorithmAttr::get(
                           ctx, type(lpt), type(rpt), type(acc), num(lcc),
                           num(rcc), num(npo), b.getValue()));
    }
  } else if (base == "convolution" || base == "dynamic_conv") {
    int64_t ib = 0, ifd = 0, kif = 0, kof = 0, ob = 0, of = 0;
    SmallVector<int64_t> is, ks, os;
    if (failed(r.integer("input_batch_dimension", ib, false)) ||
        failed(r.integer("input_feature_dimension", ifd, false)) ||
        failed(r.ints("input_spatial_dimensions", is)) ||
        failed(r.integer("kernel_input_feature_dimension", kif, false)) ||
        failed(r.integer("kernel_output_feature_dimension", kof, false)) ||
        failed(r.ints("kernel_spatial_dimensions", ks)) ||
        failed(r.integer("output_batch_dimension", ob, false)) ||
        failed(r.integer("output_feature_dimension", of, false)) ||
        failed(r.ints("output_spatial_dimensions", os)))
      return failure();
    add("dimension_numbers", shlo::ConvDimensionNumbersAttr::get(
                                 ctx, ib, ifd, is, kif, kof, ks, ob, of, os));
  } else if (base == "gather" || base == "dynamic_gather") {
    SmallVector<int64_t> offset, collapsed, obd, sibd, sim;
    int64_t ivd = 0;
    if (failed(r.ints("offset_dims", offset)) ||
        failed(r.ints("collapsed_slice_dims", collapsed)) ||
        failed(r.ints("operand_batching_dims", obd)) ||
        failed(r.ints("start_indices_batching_dims", sibd)) ||
        failed(r.ints("start_index_map", sim)) ||
        failed(r.integer("index_vector_dim", ivd, false)))
      return failure();
    add("dimension_numbers",
        shlo::GatherDimensionNumbersAttr::get(ctx, offset, collapsed, obd,
                                              sibd, sim, ivd));
  } else if (base == "scatter") {
    SmallVector<int64_t> uwd, iwd, ibd, sibd, sdod;
    int64_t ivd = 0;
    if (failed(r.ints("update_window_dims", uwd)) ||
        failed(r.ints("inserted_window_dims", iwd)) ||
        failed(r.ints("input_batching_dims", ibd)) ||
        failed(r.ints("scatter_indices_batching_dims", sibd)) ||
        failed(r.ints("scatter_dims_to_operand_dims", sdod)) ||
        failed(r.integer("index_vector_dim", ivd, false)))
      return failure();
    add("scatter_dimension_numbers",
        shlo::ScatterDimensionNumbersAttr::get(ctx, uwd, iwd, ibd, sibd, sdod,
                                               ivd));
  } else if (base == "send" || base == "recv") {
    int64_t id = 0, type = 0;
    if (failed(r.integer("channel_id", id)) ||
        failed(r.integer("channel_type", type)))
      return failure();
    add("channel_handle", shlo::ChannelHandleAttr::get(ctx, id, type));
  }

  // The rest, one attribute at a time. Discardable attributes (not in the
  // op's VHLO attribute list) keep their values as read.
  ArrayRef<StringRef> inherent = attributeNames(op->getName().getStringRef());
  for (auto [name, value] : r.attrs) {
    if (!llvm::is_contained(inherent, name)) {
      add(name, value);
      continue;
    }
    if (isNone(value))
      continue;
    // Flags that are unit attributes in StableHLO.
    if (name == "use_global_device_ids" || name == "has_dynamic_root") {
      auto b = dyn_cast<BoolAttr>(value);
      if (!b)
        return r.fail(name, "is not a boolean");
      if (b.getValue())
        add(name, UnitAttr::get(ctx));
      continue;
    }
    if (name == "channel_id") {
      if (isZero(value))
        continue;
      auto i = dyn_cast<IntegerAttr>(value);
      if (!i)
        return r.fail(name, "is not an integer");
      add("channel_handle", shlo::ChannelHandleAttr::get(ctx, i.getInt(), 0));
      continue;
    }
    if (base == "func") {
      if (name == "sym_visibility" && isEmpty(value))
        continue;
      if ((name == "arg_attrs" || name == "res_attrs") && isEmpty(value))
        continue;
    }
    if (base == "call" && name == "callee") {
      if (!symbol(value))
        return r.fail(name, "is not a symbol name");
      add(name, symbol(value));
      continue;
    }
    if (base == "composite" && name == "decomposition") {
      if (!symbol(value))
        return r.fail(name, "is not a symbol name");
      add(name, symbol(value));
      continue;
    }
    if (base == "custom_call") {
      if (name == "called_computations") {
        auto arr = dyn_cast<ArrayAttr>(value);
        if (!arr)
          return r.fail(name, "is not an array");
        if (arr.empty())
          continue;
        SmallVector<Attribute> syms;
        for (Attribute a : arr) {
          if (!symbol(a))
            return r.fail(name, "holds a non-symbol");
          syms.push_back(symbol(a));
        }
        add(name, ArrayAttr::get(ctx, syms));
        continue;
      }
      if (name == "backend_config" && isEmpty(value))
        continue;
      if ((name == "operand_layouts" || name == "result_layouts") &&
          isEmpty(r.attrs.lookup("operand_layouts")) &&
          isEmpty(r.attrs.lookup("result_layouts")))
        continue;
      if (name == "output_operand_aliases" && isEmpty(value))
        continue;
      if (name == "result_tilings") {
        if (isEmpty(value))
          continue;
        return r.fail(name, "(custom call result tilings) is not supported");
      }
    }
    if (name == "result_accuracy") {
      auto ra = dyn_cast<shlo::ResultAccuracyAttr>(value);
      if (ra && ra.getAtol().isZero() && ra.getRtol().isZero() &&
          ra.getUlps() == 0 &&
          ra.getMode().getValue() == shlo::ResultAccuracyMode::DEFAULT)
        continue;
    }
    if (name == "compare_type") {
      auto t = dyn_cast<shlo::ComparisonTypeAttr>(value);
      if (t && t.getValue() == shlo::ComparisonType::NOTYPE)
        continue;
    }
    if (base == "composite" && name == "composite_attributes" && isEmpty(value))
      continue;
    if ((base == "infeed" || base == "outfeed") && isEmpty(value))
      continue;
    if ((base == "send" || base == "recv") && name == "source_target_pairs" &&
        isEmpty(value))
      continue;
    if (base == "dynamic_broadcast_in_dim" &&
        (name == "known_expanding_dimensions" ||
         name == "known_nonexpanding_dimensions") &&
        isEmpty(value))
      continue;
    // Dimension lists: 1-D tensors become dense arrays.
    if (auto dense = dyn_cast<DenseElementsAttr>(value);
        dense && dense.getType().getRank() == 1 &&
        !keepsElements(base, name)) {
      Type et = dense.getElementType();
      if (et.isInteger(1)) {
        add(name, DenseBoolArrayAttr::get(
                      ctx, llvm::to_vector(dense.getValues<bool>())));
        continue;
      }
      if (isa<IntegerType>(et)) {
        SmallVector<int64_t> v;
        if (failed(r.values(name, cast<DenseIntElementsAttr>(dense), v)))
          return failure();
        add(name, DenseI64ArrayAttr::get(ctx, v));
        continue;
      }
    }
    add(name, value);
  }
  return success();
}

Operation *convertOp(Operation *op, OpBuilder &b) {
  StringRef base = baseName(op->getName().getStringRef());
  SmallVector<NamedAttribute> attrs;
  if (failed(convertAttrs(op, base, attrs)))
    return nullptr;

  std::string name;
  if (base == "func")
    name = "func.func";
  else if (base == "call")
    name = "func.call";
  else if (base == "return")
    name = isa_and_nonnull<func::FuncOp>(op->getParentOp()) ||
                   (op->getParentOp() &&
                    op->getParentOp()->getName().getStringRef() ==
                        "vhlo.func_v1")
               ? "func.return"
               : "stablehlo.return";
  else
    name = ("stablehlo." + base).str();

  MLIRContext *ctx = op->getContext();
  std::optional<RegisteredOperationName> target =
      RegisteredOperationName::lookup(name, ctx);
  if (!target) {
    op->emitError() << "'" << op->getName() << "' has no counterpart '" << name
                    << "' in jx's stablehlo dialect";
    return nullptr;
  }
  OperationState state(op->getLoc(), *target);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  // func.func keeps its attributes as properties: set them by name.
  state.addAttributes(attrs);
  for (Region &region : op->getRegions())
    state.addRegion()->takeBody(region);
  b.setInsertionPoint(op);
  Operation *created = b.create(state);
  op->replaceAllUsesWith(created->getResults());
  op->erase();
  return created;
}

class VhloToStableHLOPass
    : public PassWrapper<VhloToStableHLOPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VhloToStableHLOPass)
  StringRef getArgument() const final { return "jx-vhlo-to-stablehlo"; }
  StringRef getDescription() const final {
    return "Convert versioned VHLO ops (read from a portable artifact) to "
           "stablehlo and func ops";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<func::FuncDialect, shlo::StableHLODialect>();
  }
  void runOnOperation() final {
    SmallVector<Operation *> ops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getDialectNamespace() == "vhlo")
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    // Parents before children: a return_v1 is converted after its function,
    // so it sees whether its parent is a func.func.
    for (Operation *op : ops)
      if (!convertOp(op, b))
        return signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> createVhloToStableHLOPass() {
  return std::make_unique<VhloToStableHLOPass>();
}

void registerVhloPasses() { PassRegistration<VhloToStableHLOPass>(); }

} // namespace jx::vhlo
