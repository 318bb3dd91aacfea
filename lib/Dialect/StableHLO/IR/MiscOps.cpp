//===- MiscOps.cpp - custom_call and composite ----------------------------===//
//
// The spec lists no constraints for custom_call; its checks here keep the
// metadata self-consistent (layouts, aliases, backend_config) and are
// labelled `custom_call_<what>`. composite checks composite_c1 ... c4; the
// symbol checks run through SymbolUserOpInterface, once the symbol tables
// are built.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace jx::stablehlo;

namespace {

/// custom<CustomCallTarget>: `@target` <-> call_target_name = "target".
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &p, Operation *, StringAttr target) {
  p.printSymbolName(target.getValue());
}

} // namespace

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOMiscOps.cpp.inc"

//===----------------------------------------------------------------------===//
// custom_call
//===----------------------------------------------------------------------===//

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!getHasSideEffect())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

namespace {

/// Checks that `layout` (minor-to-major) fits a value of type `type`: a
/// permutation of the tensor's dimensions, empty for a token.
LogicalResult verifyLayout(CustomCallOp op, StringRef what, unsigned index,
                           Attribute layoutAttr, Type type) {
  auto layout = dyn_cast<DenseIntElementsAttr>(layoutAttr);
  if (!layout || layout.getType().getRank() != 1)
    return op.emitOpError() << what << " #" << index
                            << " must be a 1-dimensional tensor of indices, "
                               "got "
                            << layoutAttr << " (custom_call_layouts)";
  SmallVector<int64_t> dims;
  for (const APInt &d : layout.getValues<APInt>())
    dims.push_back(d.getSExtValue());
  if (isa<TupleType>(type))
    return op.emitOpError() << what << " #" << index
                            << " is for a tuple, which layouts do not "
                               "support (custom_call_layouts)";
  int64_t rank = 0;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    rank = tensor.getRank();
  auto emitError = [&] { return op.emitOpError(); };
  std::string name = (what + " #" + Twine(index)).str();
  if (static_cast<int64_t>(dims.size()) != rank)
    return op.emitOpError() << name << " " << dimsToString(dims)
                            << " must have one entry per dimension of " << type
                            << " (custom_call_layouts)";
  return failure(
      failed(verifyDimsInRange(emitError, name, dims, rank,
                               "custom_call_layouts")) ||
      failed(verifyDimsUnique(emitError, name, dims, "custom_call_layouts")));
}

/// Follows `indices` into nested tuples of `type`; null when an index does
/// not name a tuple element.
Type walkTupleIndices(Type type, ArrayRef<int64_t> indices) {
  for (int64_t i : indices) {
    auto tuple = dyn_cast<TupleType>(type);
    if (!tuple || i < 0 || i >= static_cast<int64_t>(tuple.size()))
      return nullptr;
    type = tuple.getType(i);
  }
  return type;
}

} // namespace

LogicalResult CustomCallOp::verify() {
  // A dictionary backend_config is the typed-FFI form.
  if (auto config = getBackendConfig();
      config && isa<DictionaryAttr>(*config) &&
      getApiVersion() != CustomCallApiVersion::API_VERSION_TYPED_FFI)
    return emitOpError() << "backend_config may be a dictionary only with "
                            "api_version = "
                         << static_cast<int32_t>(
                                CustomCallApiVersion::API_VERSION_TYPED_FFI)
                         << " (typed FFI), got api_version = "
                         << static_cast<int32_t>(getApiVersion())
                         << " (custom_call_backend_config)";

  // Layouts come for both operands and results, or for neither.
  std::optional<ArrayAttr> operandLayouts = getOperandLayouts();
  std::optional<ArrayAttr> resultLayouts = getResultLayouts();
  if (operandLayouts.has_value() != resultLayouts.has_value())
    return emitOpError() << "operand_layouts and result_layouts must be given "
                            "together (custom_call_layouts)";
  if (operandLayouts) {
    if (operandLayouts->size() != getInputs().size())
      return emitOpError() << "has " << operandLayouts->size()
                           << " operand_layouts for " << getInputs().size()
                           << " operands (custom_call_layouts)";
    for (auto [i, pair] : llvm::enumerate(
             llvm::zip(operandLayouts->getValue(), getInputs().getTypes())))
      if (failed(verifyLayout(*this, "operand_layouts", i,
                              std::get<0>(pair), std::get<1>(pair))))
        return failure();
    // A single tuple result is laid out element by element.
    SmallVector<Type> resultTypes(getResultTypes());
    if (resultTypes.size() == 1)
      if (auto tuple = dyn_cast<TupleType>(resultTypes[0]))
        resultTypes.assign(tuple.getTypes().begin(), tuple.getTypes().end());
    if (resultLayouts->size() != resultTypes.size())
      return emitOpError() << "has " << resultLayouts->size()
                           << " result_layouts for " << resultTypes.size()
                           << " results (custom_call_layouts)";
    for (auto [i, pair] :
         llvm::enumerate(llvm::zip(resultLayouts->getValue(), resultTypes)))
      if (failed(verifyLayout(*this, "result_layouts", i, std::get<0>(pair),
                              std::get<1>(pair))))
        return failure();
  }

  // Each output_operand_alias names an operand (part) and an output (part)
  // of the same type.
  Type outputType = getNumResults() == 1
                        ? getResult(0).getType()
                        : TupleType::get(getContext(), getResultTypes());
  for (auto [i, attr] : llvm::enumerate(getOutputOperandAliases())) {
    auto alias = cast<OutputOperandAliasAttr>(attr);
    int64_t operandIndex = alias.getOperandIndex();
    if (operandIndex < 0 ||
        operandIndex >= static_cast<int64_t>(getInputs().size()))
      return emitOpError() << "output_operand_aliases #" << i
                           << " names operand " << operandIndex
                           << " but the op has " << getInputs().size()
                           << " operands (custom_call_output_operand_aliases)";
    Type operandPart = walkTupleIndices(getInputs()[operandIndex].getType(),
                                        alias.getOperandTupleIndices());
    if (!operandPart)
      return emitOpError()
             << "output_operand_aliases #" << i << " operand_tuple_indices "
             << dimsToString(alias.getOperandTupleIndices())
             << " do not name a part of operand type "
             << getInputs()[operandIndex].getType()
             << " (custom_call_output_operand_aliases)";
    Type outputPart =
        walkTupleIndices(outputType, alias.getOutputTupleIndices());
    if (!outputPart)
      return emitOpError()
             << "output_operand_aliases #" << i << " output_tuple_indices "
             << dimsToString(alias.getOutputTupleIndices())
             << " do not name a part of the results " << outputType
             << " (custom_call_output_operand_aliases)";
    if (operandPart != outputPart)
      return emitOpError() << "output_operand_aliases #" << i
                           << " aliases output type " << outputPart
                           << " with operand type " << operandPart
                           << ", which must be equal "
                              "(custom_call_output_operand_aliases)";
  }
  return success();
}

LogicalResult
CustomCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  for (Attribute attr : getCalledComputations()) {
    auto ref = cast<FlatSymbolRefAttr>(attr);
    if (!symbolTable.lookupNearestSymbolFrom(*this, ref))
      return emitOpError() << "called computation " << ref
                           << " is not defined "
                              "(custom_call_called_computations)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// composite
//===----------------------------------------------------------------------===//

LogicalResult CompositeOp::verify() {
  // composite_c1: is_namespaced_op_name(name): `namespace.op`, with no empty
  // part and no blank.
  StringRef name = getName();
  SmallVector<StringRef> parts;
  name.split(parts, '.');
  if (parts.size() < 2 ||
      llvm::any_of(parts, [](StringRef part) { return part.empty(); }) ||
      llvm::any_of(name, [](char c) { return isspace(c) || !isprint(c); }))
    return emitOpError() << "name \"" << name
                         << "\" must be a namespaced op name such as "
                            "\"my_namespace.my_op\" (composite_c1)";
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // composite_c2: is_defined_in_parent_scope(decomposition).
  FlatSymbolRefAttr ref = getDecompositionAttr();
  Operation *symbol = symbolTable.lookupNearestSymbolFrom(*this, ref);
  if (!symbol)
    return emitOpError() << "decomposition " << ref
                         << " is not defined (composite_c2)";
  auto fn = dyn_cast<FunctionOpInterface>(symbol);
  if (!fn)
    return emitOpError() << "decomposition " << ref << " is a '"
                         << symbol->getName() << "', not a function "
                         << "(composite_c2)";
  // Types print as MLIR writes them in a function type: `(t0, t1)`.
  auto typesToString = [](TypeRange types) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << '(';
    llvm::interleaveComma(types, os);
    os << ')';
    return s;
  };
  // composite_c3: types(inputs...) == input_types(decomposition).
  if (TypeRange(fn.getArgumentTypes()) != getInputs().getTypes())
    return emitOpError() << "operand types "
                         << typesToString(getInputs().getTypes())
                         << " must match the input types "
                         << typesToString(fn.getArgumentTypes())
                         << " of decomposition " << ref << " (composite_c3)";
  // composite_c4: types(results...) == output_types(decomposition).
  if (TypeRange(fn.getResultTypes()) != getResultTypes())
    return emitOpError() << "result types " << typesToString(getResultTypes())
                         << " must match the output types "
                         << typesToString(fn.getResultTypes())
                         << " of decomposition " << ref << " (composite_c4)";
  return success();
}
