//===- FuseElementwiseGroups.cpp - one loop for a web of elementwise ops --===//
//
// `--jx-fuse-elementwise-groups`, linalg phase, after jx-fuse-elementwise.
// Producer-into-consumer fusion leaves a producer with several consumers
// alone unless it is cheap enough to recompute in each, and a chain in
// which every value feeds the next two ops (threefry's rounds: x += y;
// y = rotl(y, r) ^ x, twenty times) would be recomputed exponentially. Each
// such value was therefore its own loop writing a whole tensor: five rounds
// of threefry over 16M counters wrote about thirty 64 MiB temporaries.
//
// This pass merges elementwise linalg.generics of one block over the same
// iteration space, each reading another's result through the identity map,
// into one generic with several results: its body is theirs in order, a
// value one of them passes to another is a scalar of the body, and only
// the values used outside the group become results (written from their
// own fresh tensor). Each element is computed by the same operations as before,
// so results are the same bit for bit. The merged op takes the place of
// the last one of its group, so a group never takes an op whose result an
// op outside the group, between the group's ops, reads.
//
// Ops qualify when every loop is parallel, their results are written
// through the identity map and their payload reads no init, and they have
// the static shape of the group's first op.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace jx {
namespace {

/// The most ops merged into one loop: the body of one threefry round and
/// more, and no body so large that the loop stops fitting its registers
/// for no gain.
constexpr size_t kMaxGroup = 64;

/// An elementwise op that can join a group: its results (one or more, all
/// of one shape) written through the identity map from inits its payload
/// does not read.
bool isGroupable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() == 0 ||
      op.getNumParallelLoops() != op.getNumLoops())
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity() ||
        op.payloadUsesValueFromOperand(&init))
      return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.hasStaticShape() && type.getNumElements() > 1 &&
         llvm::all_of(op->getResultTypes(), [&](Type t) {
           return cast<RankedTensorType>(t).getShape() == type.getShape();
         });
}

/// Merges the ops of `group` (in block order, at least two) into one
/// generic placed where the last one was.
void mergeGroup(ArrayRef<linalg::GenericOp> group) {
  llvm::SmallPtrSet<Operation *, 16> members;
  for (linalg::GenericOp op : group)
    members.insert(op);
  linalg::GenericOp last = group.back();
  // External inputs, each (value, map) once.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> inputMaps;
  llvm::DenseMap<std::pair<Value, AffineMap>, unsigned> inputIndex;
  for (linalg::GenericOp op : group)
    for (OpOperand *in : op.getDpsInputOperands()) {
      Operation *def = in->get().getDefiningOp();
      if (def && members.contains(def))
        continue;
      auto key = std::make_pair(in->get(), op.getMatchingIndexingMap(in));
      if (inputIndex.try_emplace(key, inputs.size()).second) {
        inputs.push_back(key.first);
        inputMaps.push_back(key.second);
      }
    }
  // Results used outside the group (or by nothing: kept, as before).
  SmallVector<OpResult> outputs;
  for (linalg::GenericOp op : group)
    for (OpResult r : op->getResults())
      if (r.use_empty() || llvm::any_of(r.getUsers(), [&](Operation *u) {
            return !members.contains(u);
          }))
        outputs.push_back(r);
  // Each result a fresh tensor to write (no payload reads its init): the
  // members' inits may be one tensor.empty, which CSE shares, and two
  // results of one op must not be written into one buffer.
  OpBuilder b(last);
  SmallVector<Value> inits;
  SmallVector<AffineMap> maps(inputMaps);
  for (OpResult r : outputs) {
    auto op = cast<linalg::GenericOp>(r.getOwner());
    OpOperand *init = op.getDpsInitOperand(r.getResultNumber());
    auto type = cast<RankedTensorType>(r.getType());
    inits.push_back(tensor::EmptyOp::create(b, last.getLoc(), type.getShape(),
                                            type.getElementType()));
    maps.push_back(op.getMatchingIndexingMap(init));
  }
  auto fused = linalg::GenericOp::create(
      b, last.getLoc(), ValueRange(inits).getTypes(), inputs, inits, maps,
      last.getIteratorTypesArray());
  Block *body = b.createBlock(&fused.getRegion());
  for (Value v : inputs)
    body->addArgument(getElementTypeOrSelf(v.getType()), last.getLoc());
  for (Value v : inits)
    body->addArgument(getElementTypeOrSelf(v.getType()), last.getLoc());
  b.setInsertionPointToStart(body);
  llvm::DenseMap<Value, Value> scalarOf; // a member's result -> its scalar
  for (linalg::GenericOp op : group) {
    IRMapping mapping;
    Block *opBody = op.getBlock();
    for (OpOperand *in : op.getDpsInputOperands()) {
      Value arg = opBody->getArgument(in->getOperandNumber());
      auto found = scalarOf.find(in->get());
      if (found != scalarOf.end()) {
        mapping.map(arg, found->second);
        continue;
      }
      unsigned i = inputIndex.lookup(
          std::make_pair(in->get(), op.getMatchingIndexingMap(in)));
      mapping.map(arg, body->getArgument(i));
    }
    for (Operation &o : opBody->without_terminator())
      b.clone(o, mapping);
    for (OpResult r : op->getResults())
      scalarOf[r] = mapping.lookupOrDefault(
          opBody->getTerminator()->getOperand(r.getResultNumber()));
  }
  SmallVector<Value> yields;
  for (OpResult r : outputs)
    yields.push_back(scalarOf.lookup(r));
  linalg::YieldOp::create(b, last.getLoc(), yields);
  for (auto [r, result] : llvm::zip(outputs, fused.getResults()))
    r.replaceAllUsesWith(result);
  for (linalg::GenericOp op : llvm::reverse(group))
    op.erase();
}

struct FuseElementwiseGroupsPass
    : PassWrapper<FuseElementwiseGroupsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseElementwiseGroupsPass)
  StringRef getArgument() const override {
    return "jx-fuse-elementwise-groups";
  }
  StringRef getDescription() const override {
    return "Merge elementwise generics that feed each other into one "
           "generic with several results";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect, tensor::TensorDialect>();
  }
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      fuseIn(block);
  }

  /// Groups grow in block order: an op joins the open groups it reads
  /// (merging them) when it has their shape and reads each of their
  /// results through the identity map; an op that reads a group and does
  /// not join closes it (the merged op, placed at the group's last op, must
  /// come before that reader); any other qualifying op opens a group.
  void fuseIn(Block *block) {
    struct Group {
      SmallVector<linalg::GenericOp> ops;
      bool open = true;
    };
    SmallVector<Group> groups;
    llvm::DenseMap<Operation *, unsigned> groupOf;
    // The group an op's merged group lives in now (groups merge).
    SmallVector<unsigned> leader;
    auto find = [&](unsigned g) {
      while (leader[g] != g)
        g = leader[g] = leader[leader[g]];
      return g;
    };
    // The open groups `o` reads; `inside` whether an op nested in it reads
    // one (a payload's tensor.extract: not an elementwise read).
    auto readGroups = [&](Operation *o, bool &inside) {
      llvm::SmallSetVector<unsigned, 4> read;
      inside = false;
      o->walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (Operation *def = v.getDefiningOp())
            if (auto it = groupOf.find(def); it != groupOf.end())
              if (groups[find(it->second)].open) {
                read.insert(find(it->second));
                inside |= inner != o;
              }
      });
      return read;
    };
    for (Operation &o : *block) {
      bool inside = false;
      llvm::SmallSetVector<unsigned, 4> read = readGroups(&o, inside);
      auto op = dyn_cast<linalg::GenericOp>(&o);
      bool joins = op && isGroupable(op) && !read.empty() && !inside;
      if (joins) {
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(op->getResult(0).getType()).getShape();
        size_t size = 1;
        for (unsigned g : read) {
          Group &group = groups[g];
          size += group.ops.size();
          joins &=
              cast<RankedTensorType>(group.ops.front()->getResult(0).getType())
                  .getShape() == shape;
        }
        joins &= size <= kMaxGroup;
        // The groups' results read elementwise, as inputs through the
        // identity map: not another element, and not as an init written in
        // place (which cannot be one of the merged op's own results).
        for (OpOperand &operand : op->getOpOperands()) {
          Operation *def = operand.get().getDefiningOp();
          if (!def || !groupOf.count(def) ||
              !read.contains(find(groupOf.lookup(def))))
            continue;
          joins &= op.isDpsInput(&operand) &&
                   op.getMatchingIndexingMap(&operand).isIdentity();
        }
      }
      if (joins) {
        unsigned into = read.front();
        for (unsigned g : read.getArrayRef().drop_front()) {
          llvm::append_range(groups[into].ops, groups[g].ops);
          groups[g].ops.clear();
          groups[g].open = false;
          leader[g] = into;
        }
        llvm::sort(groups[into].ops,
                   [](linalg::GenericOp a, linalg::GenericOp b) {
                     return a->isBeforeInBlock(b);
                   });
        groups[into].ops.push_back(op);
        groupOf[op] = into;
        continue;
      }
      for (unsigned g : read)
        groups[g].open = false;
      if (op && isGroupable(op)) {
        groupOf[op] = groups.size();
        leader.push_back(groups.size());
        groups.push_back(Group{{op}, true});
      }
    }
    for (Group &group : groups)
      if (group.ops.size() >= 2)
        mergeGroup(group.ops);
  }
};

} // namespace

void registerFuseElementwiseGroupsPass() {
  PassRegistration<FuseElementwiseGroupsPass>();
}

} // namespace jx
