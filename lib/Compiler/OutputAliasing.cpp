// OutputAliasing.cpp - which outputs may be written into which inputs,
// read off the bufferized entry function (buffer donation, jit's donate).

#include "OutputAliasing.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

namespace jx::compiler {

/// Which outputs of the bufferized entry `fn` (inputs, then one
/// out-parameter per output) may share memory with which inputs: a pair
/// (k, j) is safe when no element of input k is read after output j is
/// first written. Conservative: anything not understood (an op with
/// unknown effects on both, a memref flowing through a region, a loop
/// around both, an op reading k and writing j other than an elementwise
/// linalg op or a copy between the arguments themselves) makes a pair
/// unsafe. Only pairs for which `candidate` holds are examined. Returns
/// inputs x outputs flags, row-major.
std::vector<uint8_t>
outputAliasing(mlir::func::FuncOp fn, std::size_t inputs, std::size_t outputs,
               const std::function<bool(std::size_t, std::size_t)> &candidate) {
  std::vector<uint8_t> safe(inputs * outputs, 0);
  std::size_t nargs = fn.getNumArguments();
  if (nargs != inputs + outputs || fn.getBody().empty())
    return safe;
  using roots_t = llvm::SmallBitVector;
  llvm::DenseMap<mlir::Value, roots_t> roots;
  roots_t all(nargs, true);
  for (std::size_t i = 0; i < nargs; ++i) {
    roots_t r(nargs);
    r.set(i);
    roots[fn.getArgument(i)] = r;
  }
  auto roots_of = [&](mlir::Value v) -> roots_t {
    if (!mlir::isa<mlir::BaseMemRefType>(v.getType()))
      return roots_t(nargs);
    auto it = roots.find(v);
    if (it != roots.end())
      return it->second;
    // A memref block argument of a nested region (loop-carried buffers):
    // it may be any argument.
    if (mlir::isa<mlir::BlockArgument>(v))
      return all;
    return roots_t(nargs); // a fresh allocation
  };

  struct access {
    unsigned order;
    mlir::Operation *op;
    roots_t reads, writes;
  };
  std::vector<access> accesses;
  unsigned order = 0;
  bool give_up = false;
  fn.getBody().walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    ++order;
    // What the op's memref results may point into.
    if (op->getNumResults()) {
      bool alloc = mlir::isa<mlir::memref::AllocOp, mlir::memref::AllocaOp>(op);
      roots_t from(nargs);
      if (!alloc) {
        for (mlir::Value operand : op->getOperands())
          from |= roots_of(operand);
        // A memref produced by a region (scf.if yielding a buffer).
        if (op->getNumRegions())
          for (mlir::Value r : op->getResults())
            if (mlir::isa<mlir::BaseMemRefType>(r.getType()))
              from = all;
      }
      for (mlir::Value r : op->getResults())
        if (mlir::isa<mlir::BaseMemRefType>(r.getType()))
          roots[r] = from;
    }
    access a{order, op, roots_t(nargs), roots_t(nargs)};
    if (auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op)) {
      llvm::SmallVector<mlir::MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (auto &e : list) {
        bool read = mlir::isa<mlir::MemoryEffects::Read>(e.getEffect());
        bool write = mlir::isa<mlir::MemoryEffects::Write>(e.getEffect());
        if (!read && !write)
          continue; // allocation, free
        roots_t on(nargs);
        if (mlir::Value v = e.getValue())
          on = roots_of(v);
        else
          for (mlir::Value operand : op->getOperands())
            on |= roots_of(operand);
        if (!e.getValue() && !mlir::isa<mlir::linalg::LinalgOp>(op) &&
            e.getResource() != mlir::SideEffects::DefaultResource::get())
          continue; // another resource than memory (e.g. the allocator)
        if (read)
          a.reads |= on;
        if (write)
          a.writes |= on;
      }
    } else if (!op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>() &&
               !mlir::isa<mlir::func::ReturnOp>(op)) {
      // Unknown effects (calls): reads and writes whatever it is given.
      for (mlir::Value operand : op->getOperands()) {
        a.reads |= roots_of(operand);
        a.writes |= roots_of(operand);
      }
      if (op->getNumRegions())
        give_up = true;
    }
    if (a.reads.any() || a.writes.any())
      accesses.push_back(std::move(a));
  });
  if (give_up)
    return safe;

  // Whether `op` reads input k and writes output j element by element: an
  // all-parallel linalg op with the arguments themselves as operands and
  // the same indexing map, or a copy from argument k to argument j.
  auto elementwise = [&](mlir::Operation *op, unsigned k, unsigned j) {
    mlir::Value in = fn.getArgument(k), out = fn.getArgument(inputs + j);
    if (auto copy = mlir::dyn_cast<mlir::memref::CopyOp>(op))
      return copy.getSource() == in && copy.getTarget() == out;
    auto linalg = mlir::dyn_cast<mlir::linalg::LinalgOp>(op);
    if (!linalg || linalg.getNumLoops() != linalg.getNumParallelLoops())
      return false;
    std::optional<mlir::AffineMap> map;
    for (mlir::OpOperand &operand : op->getOpOperands()) {
      roots_t r = roots_of(operand.get());
      if (!r.test(k) && !r.test(inputs + j))
        continue;
      if (operand.get() != in && operand.get() != out)
        return false; // a view of k or j, or something that may be both
      mlir::AffineMap m = linalg.getMatchingIndexingMap(&operand);
      if (!m.isPermutation() || (map && *map != m))
        return false;
      map = m;
    }
    return true;
  };
  // Per argument: the last read, the first write, the outermost region ops
  // (loops may run an op again after a later one) around its reads and
  // writes, and its writers. Ops inside a region op run more than once.
  auto outermost = [&](mlir::Operation *op) -> mlir::Operation * {
    mlir::Operation *top = nullptr;
    for (mlir::Operation *p = op->getParentOp(); p && p != fn.getOperation();
         p = p->getParentOp())
      top = p;
    return top;
  };
  std::vector<unsigned> last_read(nargs, 0), first_write(nargs, ~0u);
  std::vector<llvm::SmallPtrSet<mlir::Operation *, 4>> read_tops(nargs),
      write_tops(nargs);
  std::vector<std::vector<const access *>> writers(nargs);
  for (const access &a : accesses) {
    mlir::Operation *top = outermost(a.op);
    for (unsigned r : a.reads.set_bits()) {
      last_read[r] = std::max(last_read[r], a.order);
      if (top)
        read_tops[r].insert(top);
    }
    for (unsigned w : a.writes.set_bits()) {
      first_write[w] = std::min(first_write[w], a.order);
      if (top)
        write_tops[w].insert(top);
      writers[w].push_back(&a);
    }
  }
  for (std::size_t k = 0; k < inputs; ++k)
    for (std::size_t j = 0; j < outputs; ++j) {
      if (!candidate(k, j))
        continue;
      std::size_t out = inputs + j;
      bool ok = last_read[k] <= first_write[out]; // equal: the same op
      for (mlir::Operation *top : read_tops[k])
        ok &= !write_tops[out].contains(top);
      for (const access *w : writers[out])
        if (ok && w->reads.test(k))
          ok = !outermost(w->op) && elementwise(w->op, k, j);
      safe[k * outputs + j] = ok;
    }
  return safe;
}

} // namespace jx::compiler
