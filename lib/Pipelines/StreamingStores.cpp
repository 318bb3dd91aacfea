//===- StreamingStores.cpp - large results written past the caches -------===//
//
// `--jx-streaming-stores{min-bytes=N}`, loops phase, after
// jx-parallel-loops, x86 only. An ordinary store to a line that is not in
// the cache first reads the line from memory (to own it), then writes it
// back when it is evicted: a loop that writes a result larger than the
// caches moves each of its bytes over the memory bus twice, once in and
// once out, and its reads of the line compete with the loop's reads of its
// inputs. A non-temporal store (MOVNTPS and friends) writes whole lines
// to memory through the write-combining buffers without reading them.
// Measured on an AMD EPYC (Zen 5), one core: negating 64 MiB of f32 takes
// 2.4 ms with them and 3.0 ms without; a layernorm over the rows of
// f32[4096, 4096] reaches the bandwidth floor only with them
// (docs/performance.md).
//
// An innermost loop qualifies when it stores, along its last induction
// variable, contiguously into a buffer of at least `min-bytes` (default
// 32 MiB: a result that fits the last-level cache may still be there when
// the next loop nest reads it, and is left alone), whole chunks of 256
// bytes per run of the loop, and reads nothing of that buffer; inside a
// loop over rows (jx-fuse-rows), only when jx-prefetch-next-rows fetches
// the next row ahead (see streamable()); and
// only where the loop's arithmetic per byte it moves is small enough that
// the memory bounds it (kMaxCostPerByte). The loop is
// strip-mined into chunks of up to 1 KiB of results: each chunk computes
// into a stack buffer (the loop LLVM vectorizes, as before, now with no
// possible overlap between its input and output), then copies it out with
// 64-byte vector stores marked nontemporal and aligned, which x86 can only
// do at an aligned address: a chunk whose destination is not 64-byte
// aligned (a view at an odd offset) runs the original loop instead.
// Non-temporal stores are weakly ordered: each thread that made them runs
// an SFENCE once, after its share of the loop (jx-fence-streaming-stores,
// after convert-scf-to-openmp, moves the fence into the omp.parallel
// region), before the join that lets anyone read the result. (A fence per
// chunk or per row would stall on the write-combining buffers: a fence per
// KiB made the 64 MiB negation 3.6 times slower.)
//
// Only the order in which memory is written changes: results are the same
// bit for bit.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "LoopBuffers.h"
#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace jx {
namespace {

/// A cache line, and the width of each non-temporal store.
constexpr int64_t kLineBytes = 64;
/// The most bytes of results a chunk computes before copying them out.
constexpr int64_t kChunkBytes = 1024;
/// The least bytes of results per run of the loop, and per chunk.
constexpr int64_t kMinRunBytes = 256;
/// The most work per byte a loop moves (RowLoops.h's costPerIteration
/// over the bytes its loads and stores along the loop touch) for which the
/// memory, not the arithmetic, bounds it: exp(x) * y + z moves 16 bytes
/// for about 22, a tanh-form gelu 8 bytes for about 28.
constexpr int64_t kMaxCostPerByte = 2;
/// Marks the fences that each thread of the parallel loop before them
/// must run (jx-fence-streaming-stores).
constexpr llvm::StringLiteral kFenceEachThread = "jx.fence_each_thread";
constexpr llvm::StringLiteral kSfence = "llvm.x86.sse.sfence";

/// An innermost loop whose last dimension runs from 0 by 1 `trips` times.
struct Loop {
  Operation *op;
  Block *body;
  Value iv;
  int64_t trips;
};

std::optional<Loop> asLoop(Operation *op) {
  Value lb, ub, step, iv;
  Block *body;
  if (auto par = dyn_cast<scf::ParallelOp>(op)) {
    if (!par.getInitVals().empty())
      return std::nullopt;
    lb = par.getLowerBound().back();
    ub = par.getUpperBound().back();
    step = par.getStep().back();
    iv = par.getInductionVars().back();
    body = par.getBody();
  } else if (auto loopFor = dyn_cast<scf::ForOp>(op)) {
    if (loopFor.getNumResults() != 0)
      return std::nullopt;
    lb = loopFor.getLowerBound();
    ub = loopFor.getUpperBound();
    step = loopFor.getStep();
    iv = loopFor.getInductionVar();
    body = loopFor.getBody();
  } else {
    return std::nullopt;
  }
  std::optional<int64_t> l = getConstantIntValue(lb),
                         u = getConstantIntValue(ub),
                         s = getConstantIntValue(step);
  if (!l || !u || !s || *l != 0 || *s != 1 || *u <= 0)
    return std::nullopt;
  bool innermost = llvm::none_of(body->getOperations(), [](Operation &inner) {
    return inner.getNumRegions() != 0;
  });
  if (!innermost)
    return std::nullopt;
  return Loop{op, body, iv, *u};
}

struct StreamingStoresPass
    : PassWrapper<StreamingStoresPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StreamingStoresPass)
  StreamingStoresPass() = default;
  StreamingStoresPass(const StreamingStoresPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "jx-streaming-stores"; }
  StringRef getDescription() const override {
    return "Write results larger than the caches with non-temporal stores "
           "(x86)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, LLVM::LLVMDialect, memref::MemRefDialect,
                scf::SCFDialect, vector::VectorDialect>();
  }

  Option<int64_t> minBytes{
      *this, "min-bytes",
      llvm::cl::desc("The least size of a buffer written with non-temporal "
                     "stores"),
      llvm::cl::init(int64_t{32} << 20)};

  void runOnOperation() override {
    SmallVector<Loop> loops;
    getOperation().walk([&](Operation *op) {
      if (std::optional<Loop> loop = asLoop(op))
        loops.push_back(*loop);
    });
    llvm::SmallPtrSet<Operation *, 8> fenced;
    for (Loop &loop : loops) {
      SmallVector<memref::StoreOp> stores = streamable(loop);
      if (stores.empty())
        continue;
      rewrite(loop, stores);
      // One fence after the outermost loop around, per thread when that
      // loop runs on several.
      Operation *outer = loop.op;
      while (isa<scf::ForOp, scf::ParallelOp>(outer->getParentOp()))
        outer = outer->getParentOp();
      if (!fenced.insert(outer).second)
        continue;
      OpBuilder b(outer->getContext());
      b.setInsertionPointAfter(outer);
      auto fence = LLVM::CallIntrinsicOp::create(
          b, outer->getLoc(), b.getStringAttr(kSfence), ValueRange{});
      if (isa<scf::ParallelOp>(outer))
        fence->setAttr(kFenceEachThread, b.getUnitAttr());
    }
  }

  /// The stores of `loop` that may become non-temporal; none unless the
  /// loop's results come in whole lines.
  SmallVector<memref::StoreOp> streamable(Loop &loop) {
    SmallVector<memref::StoreOp> stores;
    llvm::SmallPtrSet<Value, 4> readRoots;
    int64_t bytesPerIteration = 0;
    // The bytes an access along the loop moves per iteration; false for
    // elements that are not integers or floats (complex: left alone).
    auto count = [&](MemRefType type, ValueRange indices) {
      if (!type.getElementType().isIntOrFloat())
        return false;
      if (!indices.empty() && indices.back() == loop.iv)
        bytesPerIteration += (type.getElementTypeBitWidth() + 7) / 8;
      return true;
    };
    for (Operation &op : loop.body->getOperations()) {
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        readRoots.insert(viewRoot(load.getMemref()));
        if (!count(load.getMemRefType(), load.getIndices()))
          return {};
      } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
        if (!count(store.getMemRefType(), store.getIndices()))
          return {};
      } else if (isa<CallOpInterface>(op)) {
        return {};
      }
    }
    // A loop that computes much per byte it moves is bound by its
    // arithmetic, not the memory: the chunk's trip through the stack buffer
    // costs more than the line reads save (gelu over 16M f32, a tanh per
    // element: 4.1 -> 4.4 ms on one core, no faster on two).
    if (costPerIteration(loop.op) > kMaxCostPerByte * bytesPerIteration)
      return {};
    // In a loop over rows, only where jx-prefetch-next-rows fetches the
    // next row ahead: otherwise its first pass reads the row on demand and
    // the streamed writes, which go straight to memory, hold those reads up
    // (x - max(x) over the rows of f32[4096, 4096]: 3.9 -> 4.8 ms, one
    // core), where ordinary stores leave the write-back to the caches. With
    // the row prefetched they pay: layernorm over f32[4096, 4096] 5.6 ->
    // 3.6-4.0 ms.
    for (Operation *op = loop.op->getParentOp(); op; op = op->getParentOp()) {
      if (!isRowLoop(op))
        continue;
      bool prefetched = false;
      op->walk([&](memref::PrefetchOp) {
        prefetched = true;
        return WalkResult::interrupt();
      });
      if (!prefetched)
        return {};
      break;
    }
    for (Operation &op : loop.body->getOperations()) {
      auto store = dyn_cast<memref::StoreOp>(op);
      if (!store || store.getIndices().empty() ||
          store.getIndices().back() != loop.iv)
        continue;
      // The other indices stay the same along the loop's last dimension.
      bool invariant =
          llvm::all_of(store.getIndices().drop_back(), [&](Value v) {
            if (auto arg = dyn_cast<BlockArgument>(v))
              return arg.getOwner() != loop.body || arg != loop.iv;
            return !loop.op->isAncestor(v.getDefiningOp());
          });
      auto type = cast<MemRefType>(store.getMemref().getType());
      if (!invariant || !type.getElementType().isIntOrFloat())
        continue;
      int64_t bytes = (type.getElementTypeBitWidth() + 7) / 8;
      SmallVector<int64_t> strides;
      int64_t offset;
      if (bytes == 0 || kLineBytes % bytes != 0 ||
          type.getElementTypeBitWidth() != bytes * 8 ||
          failed(type.getStridesAndOffset(strides, offset)) ||
          strides.back() != 1)
        continue;
      // Whole chunks of at least kMinRunBytes, of one element size.
      if ((loop.trips * bytes) % kMinRunBytes != 0 ||
          (!stores.empty() &&
           stores.front().getMemRefType().getElementTypeBitWidth() !=
               type.getElementTypeBitWidth()))
        continue;
      Value root = viewRoot(store.getMemref());
      auto rootType = dyn_cast<MemRefType>(root.getType());
      std::optional<int64_t> rootBytes =
          rootType ? staticBytes(rootType) : std::nullopt;
      if (!rootBytes || *rootBytes < minBytes || readRoots.contains(root))
        continue;
      stores.push_back(store);
    }
    return stores;
  }

  /// Where a stack buffer for `loop` goes: the start of the body of the
  /// parallel loop around it (one per thread, jx-hoist-allocas-per-thread),
  /// else the entry of the function.
  static Block *scratchBlock(Operation *loop) {
    Operation *parallel = nullptr;
    for (Operation *op = loop; op; op = op->getParentOp())
      if (isa<scf::ParallelOp>(op))
        parallel = op;
    if (parallel)
      return cast<scf::ParallelOp>(parallel).getBody();
    // (Not the loop around, also an automatic allocation scope: lowered to
    // branches, its allocas would pile up on the stack every iteration.)
    auto function = loop->getParentOfType<FunctionOpInterface>();
    return &function.getFunctionBody().front();
  }

  void rewrite(Loop &loop, MutableArrayRef<memref::StoreOp> stores) {
    Location loc = loop.op->getLoc();
    // The chunk: the largest power-of-two bytes up to kChunkBytes that
    // divides the loop's run.
    int64_t bytes = stores.front().getMemRefType().getElementTypeBitWidth() / 8;
    int64_t chunkBytes = kChunkBytes;
    while ((loop.trips * bytes) % chunkBytes != 0)
      chunkBytes /= 2;
    int64_t chunk = chunkBytes / bytes;

    // The body's ops, to move under the new branches (before the stack
    // buffers, which may go into the same body).
    SmallVector<Operation *> ops;
    for (Operation &op : loop.body->without_terminator())
      ops.push_back(&op);

    OpBuilder b(loop.op);
    Block *home = scratchBlock(loop.op);
    OpBuilder atHome = OpBuilder::atBlockBegin(home);
    SmallVector<Value> scratch;
    for (memref::StoreOp store : stores) {
      auto type = cast<MemRefType>(store.getMemref().getType());
      auto alloca = memref::AllocaOp::create(
          atHome, loc, MemRefType::get({chunk}, type.getElementType()),
          atHome.getI64IntegerAttr(kLineBytes));
      alloca->setAttr(kPerIterationAttr, atHome.getUnitAttr());
      scratch.push_back(alloca);
    }

    Value step = arith::ConstantIndexOp::create(b, loc, chunk);
    if (auto par = dyn_cast<scf::ParallelOp>(loop.op))
      par.getStepMutable()[par.getStep().size() - 1].set(step);
    else
      cast<scf::ForOp>(loop.op).getStepMutable().set(step);

    // After the stack buffers where they went into this body.
    if (home == loop.body)
      b.setInsertionPointAfter(scratch.back().getDefiningOp());
    else
      b.setInsertionPointToStart(loop.body);
    Value start = loop.iv;
    auto constant = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value zero = constant(0), one = constant(1), size = constant(chunk);

    // Whether every destination of the chunk is a cache line's start.
    Value aligned;
    for (memref::StoreOp store : stores) {
      Value memref = store.getMemref();
      auto type = cast<MemRefType>(memref.getType());
      auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
      Value linear = meta.getOffset();
      auto indices = store.getIndices();
      for (unsigned d = 0; d < indices.size(); ++d) {
        Value index = d + 1 == indices.size() ? start : indices[d];
        linear = arith::AddIOp::create(
            b, loc, linear,
            arith::MulIOp::create(b, loc, index, meta.getStrides()[d]));
      }
      Value base =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
      Value address = arith::AddIOp::create(
          b, loc, base,
          arith::MulIOp::create(b, loc, linear,
                                constant(type.getElementTypeBitWidth() / 8)));
      Value rest =
          arith::AndIOp::create(b, loc, address, constant(kLineBytes - 1));
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest, zero);
      aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
    }
    auto branch = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);

    // Either branch: for k in [0, chunk), the body at start + k.
    auto emitChunk = [&](OpBuilder &at, bool stream) {
      auto inner = scf::ForOp::create(at, loc, zero, size, one);
      OpBuilder in = OpBuilder::atBlockBegin(inner.getBody());
      Value k = inner.getInductionVar();
      IRMapping map;
      map.map(loop.iv, arith::AddIOp::create(in, loc, start, k));
      for (Operation *op : ops) {
        auto store = dyn_cast<memref::StoreOp>(op);
        auto it = store ? llvm::find(stores, store) : stores.end();
        if (stream && it != stores.end()) {
          memref::StoreOp::create(in, loc,
                                  map.lookupOrDefault(store.getValueToStore()),
                                  scratch[it - stores.begin()], ValueRange{k});
          continue;
        }
        in.clone(*op, map);
      }
      if (!stream)
        return;
      // The chunk out, a line per store.
      for (auto [storeRef, buffer] : llvm::zip_equal(stores, scratch)) {
        memref::StoreOp store = storeRef;
        auto type = cast<MemRefType>(store.getMemref().getType());
        int64_t lanes = kLineBytes / (type.getElementTypeBitWidth() / 8);
        auto copy =
            scf::ForOp::create(at, loc, zero, size,
                               arith::ConstantIndexOp::create(at, loc, lanes));
        OpBuilder c = OpBuilder::atBlockBegin(copy.getBody());
        Value j = copy.getInductionVar();
        auto vecType = VectorType::get({lanes}, type.getElementType());
        Value line = vector::LoadOp::create(c, loc, vecType, buffer, j);
        SmallVector<Value> indices(store.getIndices().begin(),
                                   store.getIndices().end());
        indices.back() = arith::AddIOp::create(c, loc, start, j);
        vector::StoreOp::create(c, loc, line, store.getMemref(), indices,
                                /*nontemporal=*/true,
                                llvm::MaybeAlign(kLineBytes));
      }
    };
    OpBuilder thenB = OpBuilder::atBlockBegin(branch.thenBlock());
    thenB.setInsertionPoint(branch.thenBlock()->getTerminator());
    emitChunk(thenB, /*stream=*/true);
    OpBuilder elseB = OpBuilder::atBlockBegin(branch.elseBlock());
    elseB.setInsertionPoint(branch.elseBlock()->getTerminator());
    emitChunk(elseB, /*stream=*/false);
    for (Operation *op : llvm::reverse(ops))
      op->erase();
  }
};

/// `--jx-fence-streaming-stores`, after convert-scf-to-openmp: a fence
/// jx-streaming-stores put after a parallel loop moves to the end of the
/// omp.parallel region the loop became, which every thread of the team
/// runs after its share of the loop and before the join.
struct FenceStreamingStoresPass
    : PassWrapper<FenceStreamingStoresPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FenceStreamingStoresPass)
  StringRef getArgument() const override { return "jx-fence-streaming-stores"; }
  StringRef getDescription() const override {
    return "Run the fence of non-temporal stores on every thread of the "
           "parallel loop that made them";
  }
  void runOnOperation() override {
    SmallVector<LLVM::CallIntrinsicOp> fences;
    getOperation()->walk([&](LLVM::CallIntrinsicOp op) {
      if (op->hasAttr(kFenceEachThread))
        fences.push_back(op);
    });
    for (LLVM::CallIntrinsicOp fence : fences) {
      fence->removeAttr(kFenceEachThread);
      Operation *before = fence->getPrevNode();
      omp::ParallelOp team;
      if (before)
        before->walk([&](omp::ParallelOp op) {
          team = op;
          return WalkResult::interrupt();
        });
      if (!team)
        continue;
      Block &last = team.getRegion().back();
      fence->moveBefore(last.getTerminator());
    }
  }
};

} // namespace

void registerStreamingStoresPass() {
  PassRegistration<StreamingStoresPass>();
  PassRegistration<FenceStreamingStoresPass>();
}

} // namespace jx
