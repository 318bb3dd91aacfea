//===- compile.cpp - fuzz the CPU compiler and the JIT --------------------===//
//
// A module that parses and verifies must compile to native code or fail
// with a diagnostic (jxc run exits 2), never crash. Tiny programs that take
// no arguments are also run, under a 64 MiB memory limit: running must
// give results or an error (jx::runtime::memory_error, a failed check).
//
//===----------------------------------------------------------------------===//

#include "fuzz_mlir.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Compiler/Compile.h"
#include "jx/runtime/check_hooks.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/memory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <vector>

namespace {

/// Larger inputs are skipped: they only slow the run down.
constexpr size_t kMaxInput = 16 << 10;
/// Programs run only when every tensor, and every integer in an array
/// attribute (window sizes, padding, ...), is at most this large, so that a
/// run takes milliseconds; loops (stablehlo.while, or other dialects' ops)
/// are not run at all, since they may never end.
constexpr int64_t kMaxRunSize = 4096;

using namespace mlir;
namespace stablehlo = jx::stablehlo;

func::FuncOp findEntry(ModuleOp module) {
  if (auto main = module.lookupSymbol<func::FuncOp>("main"))
    return main;
  for (auto fn : module.getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isExternal())
      return fn;
  return {};
}

/// Counted here, not with getNumElements(), which asserts on overflow.
bool smallType(Type t) {
  auto shaped = dyn_cast<ShapedType>(t);
  if (!shaped)
    return true;
  if (!shaped.hasRank())
    return false;
  int64_t n = 1;
  for (int64_t d : shaped.getShape()) {
    if (d < 0 || (d > 0 && n > kMaxRunSize / d)) // dynamic, or too large
      return false;
    n *= d;
  }
  return true;
}

bool smallAttr(Attribute a) {
  auto small = [](int64_t v) { return v >= -kMaxRunSize && v <= kMaxRunSize; };
  if (auto array = dyn_cast<DenseI64ArrayAttr>(a))
    return llvm::all_of(array.asArrayRef(), small);
  if (auto ints = dyn_cast<DenseIntElementsAttr>(a))
    return llvm::all_of(ints.getValues<APInt>(), [&](const APInt &v) {
             return v.getSignificantBits() <= 64 && small(v.getSExtValue());
           });
  return true;
}

/// Whether running `module` is sure to be quick (see kMaxRunSize).
bool quickToRun(ModuleOp module, func::FuncOp entry) {
  if (entry.getNumArguments() != 0)
    return false;
  WalkResult walk = module.walk([](Operation *op) {
    StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
    bool known = dialect == "stablehlo" || dialect == "chlo" ||
                 dialect == "check" || dialect == "func" ||
                 isa<ModuleOp>(op);
    if (!known || op->getName().getStringRef() == "stablehlo.while")
      return WalkResult::interrupt();
    for (Type t : op->getResultTypes())
      if (!smallType(t))
        return WalkResult::interrupt();
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument arg : b.getArguments())
          if (!smallType(arg.getType()))
            return WalkResult::interrupt();
    // Sizes, not data: a constant's or a check's values may be anything.
    bool data = isa<stablehlo::ConstantOp>(op) || dialect == "check";
    for (NamedAttribute a : op->getAttrs())
      if (!data && !smallAttr(a.getValue()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

} // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Mutations that still parse and verify: most byte-level mutations of a
/// program break its syntax, and the parser is parse_verify's to fuzz.
/// Tries a few (parsing costs far less than compiling), then takes any.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned) {
  std::vector<uint8_t> original(data, data + size);
  for (int attempt = 0; attempt < 32; ++attempt) {
    size_t n = LLVMFuzzerMutate(data, size, maxSize);
    if (n <= kMaxInput &&
        jx::fuzz::parse({reinterpret_cast<const char *>(data), n}))
      return n;
    std::copy(original.begin(), original.end(), data);
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  jx::runtime::set_memory_limit(64 << 20);
  jx::runtime::enable_checks();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInput)
    return 0;
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module = jx::fuzz::parse(text);
  if (!module)
    return 0;
  func::FuncOp entry = findEntry(*module);
  if (!entry)
    return 0;
  auto exe = jx::compiler::compile(*module, entry.getSymName().str());
  bool run = exe && quickToRun(*module, entry);
  if (jx::fuzz::verbose())
    llvm::errs() << "compile: @" << entry.getSymName() << ": "
                 << (!exe ? "not compiled" : run ? "compiled, run" : "compiled")
                 << "\n";
  if (!run)
    return 0;
  jx::runtime::check_log log;
  try {
    (void)exe->run({}, &log);
  } catch (const std::exception &e) {
    if (jx::fuzz::verbose())
      llvm::errs() << "compile: run failed: " << e.what() << "\n";
  }
  return 0;
}
