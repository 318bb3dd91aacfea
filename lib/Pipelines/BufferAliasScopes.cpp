//===- BufferAliasScopes.cpp - distinct buffers do not alias --------------===//
//
// `--jx-buffer-alias-scopes`, llvm-dialect phase, after the conversion to
// the LLVM dialect: tells LLVM which loads and stores reach different
// buffers, through alias-scope metadata (LangRef, "noalias and alias.scope
// metadata"), as XLA does from its buffer assignment.
//
// Without it, LLVM sees a kernel's input and output only as two pointers
// (an OpenMP region's captured values, outlined into a function of its
// own): its loop vectorizer checks at run time that they do not overlap
// and keeps a scalar copy of the loop for when they do, unrolled 16 times.
// An attention block's head transposes and softmax had 43 such checks;
// their scalar copies were a third of the LLVM IR its kernels compiled to.
//
// Every load and store whose address derives, through getelementptr and
// the memref descriptors' insertvalue/extractvalue (and integer arithmetic
// on ptrtoint, as aligned allocations are computed), from one root gets
// that root's scope:
//
//  - an allocation, a call of the runtime's allocator
//    (_mlir_memref_to_llvm_alloc / _aligned_alloc): fresh memory, one
//    scope per call op;
//  - the stack: every llvm.alloca, one scope for all of them;
//  - a constant global (llvm.mlir.addressof): one scope per global;
//  - the function's own arguments: one scope for all of them (two inputs,
//    or an input and a donated output, may be the same buffer) -- except
//    in a private function called only directly in the module (an
//    outlined loop nest, jx-outline-loop-nests), whose pointer arguments
//    split into classes: two are apart when at every call site their
//    roots in the caller are known and different.
//
// Each access then has as `noalias` the scopes of the other roots accessed
// in the same kernel (the outermost omp.parallel around it, or else its
// function). Accesses whose root is not found (a pointer loaded from
// memory, a phi of two buffers) get no metadata and may alias anything.
// A kernel that accesses more than kMaxRoots roots is left alone: its
// lists would grow with the square of its size.
//
// Why distinct roots never overlap while both are accessed: a live
// allocation is memory no other live buffer has; a buffer freed and its
// memory handed to a later allocation is accessed before the free and
// after the allocation, and those calls are opaque to LLVM (they carry
// no scopes), so no access moves across them. The stack never holds an
// argument's or a heap buffer's memory, and constants are only read.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace jx {
namespace {

/// Kernels that access more roots keep no metadata.
constexpr unsigned kMaxRoots = 32;

/// What an address derives from: an allocation call, a constant global,
/// or one of the classes below. Null for an integer that holds no
/// pointer (an offset).
using Root = const void *;
char kClasses[3];
const Root kStack = &kClasses[0], kArguments = &kClasses[1],
           kUnknown = &kClasses[2];

bool isAllocator(LLVM::CallOp call) {
  std::optional<StringRef> callee = call.getCallee();
  return callee && (*callee == "_mlir_memref_to_llvm_alloc" ||
                    *callee == "_mlir_memref_to_llvm_aligned_alloc" ||
                    *callee == "malloc" || *callee == "aligned_alloc");
}

/// For a function's pointer arguments, the root each stands for: the
/// representative of its class (arguments that may be the same buffer
/// share one). Empty when all are one class (kArguments).
using ArgumentRoots = llvm::DenseMap<unsigned, Root>;

class RootFinder {
public:
  RootFinder(LLVM::LLVMFuncOp fn, SymbolTableCollection &symbols,
             const ArgumentRoots *arguments = nullptr)
      : fn(fn), symbols(symbols), arguments(arguments) {}

  /// The root of pointer or pointer-derived integer `v`.
  Root find(Value v) {
    auto it = cache.find(v);
    if (it != cache.end())
      return it->second;
    cache[v] = kUnknown; // cycles through block arguments stay unknown
    Root r = compute(v);
    cache[v] = r;
    return r;
  }

private:
  Root compute(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *owner = arg.getOwner();
      if (!isa<IntegerType>(v.getType()) && owner->isEntryBlock() &&
          owner->getParentOp() == fn.getOperation()) {
        if (arguments)
          if (auto it = arguments->find(arg.getArgNumber());
              it != arguments->end())
            return it->second;
        return kArguments;
      }
      return kUnknown; // a phi, a loop's induction variable, ...
    }
    Operation *op = v.getDefiningOp();
    if (isa<IntegerType>(v.getType()))
      return integer(op);
    if (auto gep = dyn_cast<LLVM::GEPOp>(op))
      return find(gep.getBase());
    if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(op))
      return find(cast.getArg());
    if (auto cast = dyn_cast<LLVM::IntToPtrOp>(op)) {
      Root r = find(cast.getArg());
      return r ? r : kUnknown;
    }
    if (auto extract = dyn_cast<LLVM::ExtractValueOp>(op))
      return extracted(extract);
    if (isa<LLVM::AllocaOp>(op))
      return kStack;
    if (auto call = dyn_cast<LLVM::CallOp>(op))
      return isAllocator(call) ? Root(op) : kUnknown;
    if (auto address = dyn_cast<LLVM::AddressOfOp>(op)) {
      auto global = symbols.lookupNearestSymbolFrom<LLVM::GlobalOp>(
          address, address.getGlobalNameAttr());
      return global && global.getConstant() ? Root(global.getOperation())
                                            : kUnknown;
    }
    return kUnknown;
  }

  /// The root of an integer made by `op`: a pointer's (ptrtoint, and sums
  /// with offsets: an aligned allocation is ptr + 63 - (ptr + 63) % 64),
  /// null for offsets made of constants, unknown otherwise.
  Root integer(Operation *op) {
    if (isa<LLVM::ConstantOp>(op))
      return nullptr;
    if (auto cast = dyn_cast<LLVM::PtrToIntOp>(op))
      return find(cast.getArg());
    if (isa<LLVM::AddOp>(op))
      return sum(find(op->getOperand(0)), find(op->getOperand(1)));
    if (isa<LLVM::SubOp>(op)) {
      // A pointer minus an offset; a difference of two pointers is an
      // integer that added to a third pointer may reach either buffer.
      Root a = find(op->getOperand(0)), b = find(op->getOperand(1));
      return b ? kUnknown : a;
    }
    // x % c is below c, whatever x is.
    if (isa<LLVM::URemOp>(op) &&
        op->getOperand(1).getDefiningOp<LLVM::ConstantOp>())
      return nullptr;
    // Arithmetic on offsets is an offset.
    if (!isa<LLVM::MulOp, LLVM::ShlOp, LLVM::LShrOp, LLVM::AShrOp, LLVM::UDivOp,
             LLVM::SDivOp, LLVM::URemOp, LLVM::SRemOp, LLVM::AndOp, LLVM::OrOp,
             LLVM::XOrOp, LLVM::ZExtOp, LLVM::SExtOp, LLVM::TruncOp,
             LLVM::SelectOp, LLVM::ICmpOp>(op))
      return kUnknown;
    for (Value operand : op->getOperands())
      if (find(operand))
        return kUnknown;
    return nullptr;
  }

  /// The root of an integer sum of two terms: the pointer's, when the
  /// other term is an offset (null).
  static Root sum(Root a, Root b) {
    if (!a)
      return b;
    if (!b)
      return a;
    return kUnknown;
  }

  /// The root of the value an insertvalue chain put where `extract` reads.
  Root extracted(LLVM::ExtractValueOp extract) {
    ArrayRef<int64_t> position = extract.getPosition();
    Value aggregate = extract.getContainer();
    while (auto insert = aggregate.getDefiningOp<LLVM::InsertValueOp>()) {
      ArrayRef<int64_t> at = insert.getPosition();
      if (at == position)
        return find(insert.getValue());
      // A write to an enclosing or enclosed position: give up.
      size_t common = std::min(at.size(), position.size());
      if (at.take_front(common) == position.take_front(common))
        return kUnknown;
      aggregate = insert.getContainer();
    }
    if (auto arg = dyn_cast<BlockArgument>(aggregate))
      return find(arg);
    return kUnknown;
  }

  LLVM::LLVMFuncOp fn;
  SymbolTableCollection &symbols;
  const ArgumentRoots *arguments;
  llvm::DenseMap<Value, Root> cache;
};

/// The address operand of a load or store, or null for other ops.
Value addressOf(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return load.getAddr();
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return store.getAddr();
  return {};
}

/// The kernel `op` belongs to: its outermost enclosing omp.parallel, or
/// its function.
Operation *kernelOf(Operation *op, LLVM::LLVMFuncOp fn) {
  Operation *kernel = fn;
  for (Operation *p = op->getParentOp(); p && p != fn.getOperation();
       p = p->getParentOp())
    if (isa<omp::ParallelOp>(p))
      kernel = p;
  return kernel;
}

/// The calls of each function in a module, and the functions whose
/// symbol is used otherwise.
struct CallSites {
  llvm::DenseMap<StringAttr, SmallVector<LLVM::CallOp>> direct;
  llvm::DenseSet<StringAttr> other;
};

struct BufferAliasScopesPass
    : PassWrapper<BufferAliasScopesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BufferAliasScopesPass)

  StringRef getArgument() const override { return "jx-buffer-alias-scopes"; }
  StringRef getDescription() const override {
    return "Give loads and stores of distinct buffers (allocations, the "
           "stack, constants, the arguments) alias scopes that tell LLVM "
           "they do not overlap";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    // Each caller's roots of pointers (its arguments taken as one class),
    // made once: for its call sites, and for its own accesses when its
    // arguments are one class anyway.
    llvm::DenseMap<Operation *, std::unique_ptr<RootFinder>> callers;
    auto finderOf = [&](LLVM::LLVMFuncOp fn) -> RootFinder & {
      std::unique_ptr<RootFinder> &f = callers[fn];
      if (!f)
        f = std::make_unique<RootFinder>(fn, symbols);
      return *f;
    };
    // The direct calls of each function, and the symbols used otherwise
    // (a function's address taken).
    CallSites sites;
    module.walk([&](Operation *op) {
      // A call's callee is its only symbol; the commonest ops have none.
      // Reading every op's attributes builds a dictionary of an LLVM op's
      // properties each time: that was half of this pass's time.
      if (auto call = dyn_cast<LLVM::CallOp>(op)) {
        if (FlatSymbolRefAttr callee = call.getCalleeAttr())
          sites.direct[callee.getAttr()].push_back(call);
        return;
      }
      if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::GEPOp, LLVM::ExtractValueOp,
              LLVM::InsertValueOp, LLVM::ConstantOp, LLVM::PoisonOp,
              LLVM::UndefOp, LLVM::ZeroOp, LLVM::AllocaOp, LLVM::BrOp,
              LLVM::CondBrOp, LLVM::ReturnOp, LLVM::ICmpOp, LLVM::FCmpOp,
              LLVM::SelectOp, LLVM::PtrToIntOp, LLVM::IntToPtrOp,
              LLVM::BitcastOp, LLVM::AddOp, LLVM::SubOp, LLVM::MulOp,
              LLVM::AndOp, LLVM::OrOp, LLVM::FAddOp, LLVM::FMulOp>(op))
        return;
      for (NamedAttribute attr : op->getAttrs())
        attr.getValue().walk([&](SymbolRefAttr ref) {
          sites.other.insert(ref.getRootReference());
        });
    });
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal())
        continue;
      ArgumentRoots arguments = argumentRoots(fn, sites, finderOf);
      if (arguments.empty()) {
        // Its arguments one class: the roots its calls found already.
        annotate(fn, finderOf(fn));
      } else {
        RootFinder finder(fn, symbols, &arguments);
        annotate(fn, finder);
      }
    }
  }

  /// Classes of `fn`'s pointer arguments: two arguments are in different
  /// classes when at every call site (all direct calls, in this module,
  /// of a private function whose symbol has no other use) their roots are
  /// known and different. The outlined loop nests (jx-outline-loop-nests) take
  /// their buffers as arguments; this keeps the caller's knowledge of them.
  template <typename FinderOf>
  ArgumentRoots argumentRoots(LLVM::LLVMFuncOp fn, const CallSites &sites,
                              FinderOf &finderOf) {
    auto it = sites.direct.find(fn.getSymNameAttr());
    bool local = fn.isPrivate() || fn.getLinkage() == LLVM::Linkage::Private ||
                 fn.getLinkage() == LLVM::Linkage::Internal;
    if (!local || it == sites.direct.end() ||
        sites.other.contains(fn.getSymNameAttr()))
      return ArgumentRoots();
    // Pointers only as pointer arguments (an aggregate could hold one).
    SmallVector<unsigned> pointers;
    for (BlockArgument arg : fn.getArguments()) {
      Type type = arg.getType();
      if (isa<LLVM::LLVMPointerType>(type))
        pointers.push_back(arg.getArgNumber());
      else if (!type.isIntOrIndexOrFloat())
        return ArgumentRoots();
    }
    unsigned n = pointers.size();
    if (n < 2)
      return ArgumentRoots();
    // separate[i][j]: pointers i and j were distinct at every call so far.
    std::vector<std::vector<bool>> separate(n, std::vector<bool>(n, true));
    for (LLVM::CallOp call : it->second) {
      if (call.getArgOperands().size() != fn.getNumArguments())
        return ArgumentRoots();
      RootFinder &finder = finderOf(call->getParentOfType<LLVM::LLVMFuncOp>());
      SmallVector<Root> roots;
      for (unsigned i : pointers)
        roots.push_back(finder.find(call.getArgOperands()[i]));
      for (unsigned i = 0; i < n; ++i)
        for (unsigned j = 0; j < n; ++j)
          if (!roots[i] || roots[i] == kUnknown || roots[i] == roots[j])
            separate[i][j] = separate[j][i] = false;
    }
    // Classes: the connected parts of "may be the same buffer".
    SmallVector<unsigned> parent(n);
    for (unsigned i = 0; i < n; ++i)
      parent[i] = i;
    auto top = [&](unsigned i) {
      while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
      return i;
    };
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = i + 1; j < n; ++j)
        if (!separate[i][j])
          parent[top(j)] = top(i);
    ArgumentRoots classes;
    llvm::SmallSetVector<unsigned, 8> tops;
    for (unsigned i = 0; i < n; ++i)
      tops.insert(top(i));
    if (tops.size() < 2)
      return ArgumentRoots();
    for (unsigned i = 0; i < n; ++i)
      classes[pointers[i]] =
          fn.getArgument(pointers[top(i)]).getAsOpaquePointer();
    return classes;
  }

  void annotate(LLVM::LLVMFuncOp fn, RootFinder &finder) {
    // Per kernel, its accesses and their roots, in program order.
    llvm::MapVector<Operation *, SmallVector<std::pair<Operation *, Root>>>
        kernels;
    fn.walk([&](Operation *op) {
      Value address = addressOf(op);
      if (!address)
        return;
      Root root = finder.find(address);
      if (root && root != kUnknown)
        kernels[kernelOf(op, fn)].push_back({op, root});
    });
    MLIRContext *context = fn.getContext();
    for (auto &[kernel, accesses] : kernels) {
      llvm::SetVector<Root> roots;
      for (auto &[op, root] : accesses)
        roots.insert(root);
      if (roots.size() < 2 || roots.size() > kMaxRoots)
        continue;
      auto domain = LLVM::AliasScopeDomainAttr::get(
          context, StringAttr::get(context, "jx buffers"));
      llvm::DenseMap<Root, LLVM::AliasScopeAttr> scopes;
      for (Root root : roots)
        scopes[root] = LLVM::AliasScopeAttr::get(domain);
      // The scope lists, one pair per root, shared by its accesses.
      llvm::DenseMap<Root, std::pair<ArrayAttr, ArrayAttr>> lists;
      for (Root root : roots) {
        SmallVector<Attribute> others;
        for (Root other : roots)
          if (other != root)
            others.push_back(scopes[other]);
        lists[root] = {ArrayAttr::get(context, {scopes[root]}),
                       ArrayAttr::get(context, others)};
      }
      for (auto &[op, root] : accesses) {
        auto access = cast<LLVM::AliasAnalysisOpInterface>(op);
        access.setAliasScopes(lists[root].first);
        access.setNoAliasScopes(lists[root].second);
      }
    }
  }
};

} // namespace

void registerBufferAliasScopesPass() {
  PassRegistration<BufferAliasScopesPass>();
}

} // namespace jx
