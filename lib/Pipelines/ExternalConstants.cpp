//===- ExternalConstants.cpp - large constants out of the machine code ----===//
//
// `--jx-external-constants{min-bytes=N}`, after bufferization: every
// constant memref.global whose initial value holds at least N bytes
// becomes an external declaration of the same name, and the value moves to
// the module's `jx.external_constants` dictionary (global name -> value).
//
// Compiled into machine code, a constant is copied into an LLVM constant,
// the object file and the JIT's memory, besides the attribute: five copies
// of a model's weights. The JIT instead resolves each external global to
// bytes the runtime holds: the attribute's own bytes where the program's
// loader decoded them into shareable memory (LargeConstants.h), else one
// copy. Only the JIT does this; code that is saved (libraries, serialized
// executables, the compile cache) keeps its constants.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {

std::optional<std::size_t> storedByteSize(ShapedType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  Type element = type.getElementType();
  unsigned factor = 1;
  if (auto complex = dyn_cast<ComplexType>(element)) {
    element = complex.getElementType();
    factor = 2;
  }
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  return type.getNumElements() * factor * element.getIntOrFloatBitWidth() / 8;
}

std::optional<llvm::ArrayRef<char>> storedBytes(ElementsAttr value) {
  auto type = dyn_cast<ShapedType>(value.getType());
  std::optional<std::size_t> size = type ? storedByteSize(type) : std::nullopt;
  if (!size)
    return std::nullopt;
  llvm::ArrayRef<char> data;
  // Strings have no raw data; a splat holds one element.
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value)) {
    if (dense.isSplat())
      return std::nullopt;
    data = dense.getRawData();
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    data = blob->getData();
  } else {
    return std::nullopt;
  }
  if (data.size() != *size)
    return std::nullopt;
  return data;
}

namespace {

struct ExternalConstantsPass
    : PassWrapper<ExternalConstantsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExternalConstantsPass)
  ExternalConstantsPass() = default;
  ExternalConstantsPass(const ExternalConstantsPass &other)
      : PassWrapper(other) {}
  StringRef getArgument() const override { return "jx-external-constants"; }
  StringRef getDescription() const override {
    return "Declare large constant globals external and keep their values "
           "in the module's jx.external_constants, for the JIT to resolve";
  }

  Option<uint64_t> minBytes{*this, "min-bytes",
                            llvm::cl::desc("The least bytes a constant must "
                                           "hold to be left out"),
                            llvm::cl::init(1 << 20)};

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<NamedAttribute> values;
    if (auto existing =
            module->getAttrOfType<DictionaryAttr>("jx.external_constants"))
      values.append(existing.begin(), existing.end());
    for (auto global : module.getOps<memref::GlobalOp>()) {
      if (!global.getConstant() || global.isExternal())
        continue;
      auto value = dyn_cast_or_null<ElementsAttr>(global.getInitialValueAttr());
      std::optional<llvm::ArrayRef<char>> bytes =
          value ? storedBytes(value) : std::nullopt;
      if (!bytes || bytes->size() < minBytes)
        continue;
      values.emplace_back(global.getSymNameAttr(), value);
      global.removeInitialValueAttr();
      global.setPublic();
    }
    if (!values.empty())
      module->setAttr("jx.external_constants",
                      DictionaryAttr::get(&getContext(), values));
  }
};

} // namespace

void registerExternalConstantsPass() {
  PassRegistration<ExternalConstantsPass>();
}

} // namespace jx
