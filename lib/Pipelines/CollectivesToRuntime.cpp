//===- CollectivesToRuntime.cpp - collectives of a multi-device program ---===//
//
// `--jx-collectives-to-runtime`, on stablehlo before its lowering to
// linalg, in a module compiled for more than one device (its
// `mhlo.num_replicas` x `mhlo.num_partitions` above 1; a single-device
// module keeps the identities of the StableHLO-to-linalg conversion).
// Every collective becomes calls of the runtime's jx_rt_collective
// (lib/runtime/collectives.cpp), which only moves bytes between the
// devices of a process group, and stablehlo ops that compute the rest:
//
//   all_gather(x, dim d)       g = gather(x): [G, shape(x)] in group order;
//                              the group axis moved next to d and merged
//   all_reduce(x) {f}          with f one add, multiply, maximum or minimum
//                              of f32/f64/(u)i32/(u)i64: the runtime reduces
//                              it, each participant its share of the
//                              elements, in group order; any other f:
//                              g = gather(x); f(...f(f(g[0], g[1]), g[2])...)
//                              elementwise (stablehlo.map), in group order
//   reduce_scatter(x, d) {f}   x split along d into G parts, part k sent to
//                              participant k (all_to_all); the G parts
//                              received folded with f as above
//   all_to_all(x, s, c, G)     x split along s, exchanged, the parts
//                              received concatenated along c
//   collective_permute         the source's operand (zeros without one)
//   collective_broadcast       the group's first participant's operand (with
//                              a dynamic root: the group's operands gathered,
//                              the root's taken with dynamic_slice)
//   replica_id / partition_id  the device's ids
//
// Folding in the order of the group makes every device compute the same
// bits, whatever the timing and whichever communicator moves the bytes.
// The process groups (replica_groups, channel_handle,
// use_global_device_ids) go to the runtime as they are written: which
// group a device is in is known only when it runs.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "jx/Pipelines/CPUPipeline.h"
#include "jx/runtime/kernels.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;
namespace cd = jx::runtime::collective_desc;

/// The devices a module is compiled for.
struct Grid {
  int64_t replicas = 1, partitions = 1;
};

Grid gridOf(ModuleOp module) {
  Grid g;
  if (auto r = module->getAttrOfType<IntegerAttr>("mhlo.num_replicas"))
    g.replicas = r.getInt();
  if (auto p = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    g.partitions = p.getInt();
  return g;
}

int64_t elementBytes(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * elementBytes(c.getElementType());
  if (t.isIndex())
    return 8;
  return (t.getIntOrFloatBitWidth() + 7) / 8;
}

bool positiveChannel(std::optional<hlo::ChannelHandleAttr> channel) {
  return channel && channel->getHandle() > 0;
}

class Lowering {
public:
  Lowering(ModuleOp module, Grid grid) : module(module), grid(grid) {}

  LogicalResult rewrite(Operation *op);

private:
  ModuleOp module;
  Grid grid;
  int64_t opCode = 0; // of the op being rewritten, for the runtime's messages

  InFlightDiagnostic error(Operation *op) {
    return op->emitError() << "'" << op->getName() << "' on "
                           << grid.replicas << " replicas x "
                           << grid.partitions << " partitions: ";
  }

  /// Checks that `table`'s ids exist under `mode`; `uneven` says whether
  /// -1 pads some group (groups of different sizes).
  LogicalResult checkIds(Operation *op, DenseIntElementsAttr table,
                         int64_t mode, bool &uneven) {
    int64_t ids = mode == cd::cross_partition ? grid.partitions
                  : mode == cd::flattened_ids ? grid.replicas * grid.partitions
                                              : grid.replicas;
    uneven = false;
    for (const APInt &v : table.getValues<APInt>()) {
      int64_t id = v.getSExtValue();
      uneven |= id == -1;
      if (id < -1 || id >= ids)
        return error(op) << "process group id " << id
                         << " is out of range (there are " << ids << " ids)";
    }
    return success();
  }

  /// The size of the process groups `table` makes under `mode`, or failure
  /// (reported) when the groups differ in size.
  FailureOr<int64_t> groupSize(Operation *op, DenseIntElementsAttr table,
                               int64_t mode) {
    auto type = cast<ShapedType>(table.getType());
    int64_t rows = type.getRank() == 2 ? type.getDimSize(0) : 0;
    int64_t cols = type.getRank() == 2 ? type.getDimSize(1) : 0;
    int64_t ids = mode == cd::cross_partition ? grid.partitions
                  : mode == cd::flattened_ids ? grid.replicas * grid.partitions
                                              : grid.replicas;
    if (rows == 0 || cols == 0)
      return mode == cd::cross_replica_and_partition
                 ? grid.replicas * grid.partitions
                 : ids;
    SmallVector<int64_t> values;
    for (const APInt &v : table.getValues<APInt>())
      values.push_back(v.getSExtValue());
    for (int64_t v : values)
      if (v < -1 || v >= ids) {
        error(op) << "process group id " << v << " is out of range (there are "
                  << ids << " ids)";
        return failure();
      }
    if (llvm::is_contained(values, -1)) {
      error(op) << "process groups of different sizes (-1 in "
                   "replica_groups) are not supported";
      return failure();
    }
    return mode == cd::cross_replica_and_partition ? cols * grid.partitions
                                                   : cols;
  }

  /// Calls jx_rt_collective on `operand` (or no operand) and returns the
  /// tensor of type `resultType` it writes.
  Value exchange(OpBuilder &b, Location loc, int64_t kind, int64_t mode,
                 DenseIntElementsAttr table, Value operand,
                 RankedTensorType resultType,
                 std::pair<int64_t, int64_t> reduce = {0, 0}) {
    SmallVector<int64_t> words(cd::header, 0);
    words[cd::version] = cd::kVersion;
    words[cd::kind] = kind;
    words[cd::op] = opCode;
    words[cd::reduction] = reduce.first;
    words[cd::element] = reduce.second;
    words[cd::mode] = mode;
    words[cd::num_replicas] = grid.replicas;
    words[cd::num_partitions] = grid.partitions;
    if (operand) {
      auto t = cast<RankedTensorType>(operand.getType());
      words[cd::bytes] = t.getNumElements() * elementBytes(t.getElementType());
    }
    if (table) {
      auto type = cast<ShapedType>(table.getType());
      if (type.getRank() == 2 && type.getNumElements() > 0) {
        words[cd::rows] = type.getDimSize(0);
        words[cd::cols] = type.getDimSize(1);
        for (const APInt &v : table.getValues<APInt>())
          words.push_back(v.getSExtValue());
      }
    }
    memref::GlobalOp global =
        descriptorGlobal(module, "__jx_collective_desc", words);
    SmallVector<Value> args;
    Value descriptor = memref::GetGlobalOp::create(b, loc, global.getType(),
                                                   global.getSymName());
    args.push_back(bufferAddress(b, loc, descriptor));
    if (operand) {
      auto t = cast<RankedTensorType>(operand.getType());
      Value buffer = bufferization::ToBufferOp::create(
          b, loc, MemRefType::get(t.getShape(), t.getElementType()), operand,
          /*read_only=*/true);
      args.push_back(bufferAddress(b, loc, buffer));
    } else {
      args.push_back(arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
    }
    Value out = memref::AllocOp::create(
        b, loc,
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        b.getI64IntegerAttr(64));
    args.push_back(bufferAddress(b, loc, out));
    func::CallOp::create(
        b, loc, declareRuntimeFunction(module, "jx_rt_collective", 3), args);
    return bufferization::ToTensorOp::create(b, loc, resultType, out,
                                             /*restrict=*/true,
                                             /*writable=*/true);
  }

  /// exchange() on a tensor of any element type: unsigned integers travel
  /// as the signless integers of their width.
  Value exchangeAny(OpBuilder &b, Location loc, int64_t kind, int64_t mode,
                    DenseIntElementsAttr table, Value operand,
                    ArrayRef<int64_t> resultShape) {
    auto t = cast<RankedTensorType>(operand.getType());
    Type elem = t.getElementType();
    auto integer = dyn_cast<IntegerType>(elem);
    bool recast = integer && !integer.isSignless();
    Type carried =
        recast ? Type(IntegerType::get(b.getContext(), integer.getWidth()))
               : elem;
    if (recast)
      operand = hlo::BitcastConvertOp::create(
          b, loc, RankedTensorType::get(t.getShape(), carried), operand);
    Value r = exchange(b, loc, kind, mode, table, operand,
                       RankedTensorType::get(resultShape, carried));
    if (recast)
      r = hlo::BitcastConvertOp::create(
          b, loc, RankedTensorType::get(resultShape, elem), r);
    return r;
  }

  /// The runtime's (reduction, element) codes for an all_reduce whose
  /// region is one add, multiply, maximum or minimum of its two arguments
  /// on an element type the runtime folds itself; nullopt otherwise.
  static std::optional<std::pair<int64_t, int64_t>>
  runtimeReduction(Region &computation, Type elementType) {
    std::optional<int64_t> element;
    if (elementType.isF32())
      element = cd::e_f32;
    else if (elementType.isF64())
      element = cd::e_f64;
    else if (auto i = dyn_cast<IntegerType>(elementType)) {
      if (i.getWidth() == 32)
        element = i.isUnsigned() ? cd::e_u32 : cd::e_i32;
      else if (i.getWidth() == 64)
        element = i.isUnsigned() ? cd::e_u64 : cd::e_i64;
    }
    if (!element || !computation.hasOneBlock())
      return std::nullopt;
    Block &body = computation.front();
    if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
      return std::nullopt;
    Operation &op = body.front();
    auto ret = dyn_cast<hlo::ReturnOp>(body.back());
    if (!ret || ret->getNumOperands() != 1 ||
        ret->getOperand(0) != op.getResult(0) || op.getNumOperands() != 2)
      return std::nullopt;
    Value a = body.getArgument(0), b = body.getArgument(1);
    if (!((op.getOperand(0) == a && op.getOperand(1) == b) ||
          (op.getOperand(0) == b && op.getOperand(1) == a)))
      return std::nullopt;
    std::optional<int64_t> reduction =
        isa<hlo::AddOp>(op)   ? std::optional<int64_t>(cd::sum)
        : isa<hlo::MulOp>(op) ? std::optional<int64_t>(cd::product)
        : isa<hlo::MaxOp>(op) ? std::optional<int64_t>(cd::maximum)
        : isa<hlo::MinOp>(op) ? std::optional<int64_t>(cd::minimum)
                              : std::nullopt;
    if (!reduction)
      return std::nullopt;
    return std::make_pair(*reduction, *element);
  }

  /// g[i] of a [G, shape...] tensor, as a tensor of `shape`.
  Value part(OpBuilder &b, Location loc, Value g, int64_t i) {
    auto t = cast<RankedTensorType>(g.getType());
    SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape()),
        strides(t.getRank(), 1);
    start[0] = i;
    limit[0] = i + 1;
    Value s = hlo::SliceOp::create(b, loc, g, start, limit, strides);
    return hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(t.getShape().drop_front(), t.getElementType()),
        s);
  }

  /// f(...f(f(g[0], g[1]), g[2])..., g[G-1]) elementwise, f being
  /// `computation` (a region of two 0-d tensors).
  Value fold(OpBuilder &b, Location loc, Value g, Region &computation) {
    auto t = cast<RankedTensorType>(g.getType());
    Value acc = part(b, loc, g, 0);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d + 1 < t.getRank(); ++d)
      dims.push_back(d);
    for (int64_t i = 1; i < t.getDimSize(0); ++i) {
      auto map = hlo::MapOp::create(b, loc, acc.getType(),
                                    ValueRange{acc, part(b, loc, g, i)}, dims);
      IRMapping mapping;
      computation.cloneInto(&map.getComputation(), mapping);
      acc = map.getResult();
    }
    return acc;
  }

  /// `x` split along `dim` into `parts`, the parts along a new leading
  /// axis: [parts, shape with dim divided by parts].
  Value splitToFront(OpBuilder &b, Location loc, Value x, int64_t dim,
                     int64_t parts) {
    auto t = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < t.getRank(); ++d) {
      if (d == dim) {
        shape.push_back(parts);
        shape.push_back(t.getDimSize(d) / parts);
      } else {
        shape.push_back(t.getDimSize(d));
      }
    }
    Value r = hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(shape, t.getElementType()), x);
    SmallVector<int64_t> perm{dim};
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      if (d != dim)
        perm.push_back(d);
    return hlo::TransposeOp::create(b, loc, r, perm);
  }

  /// A [G, shape...] tensor's parts concatenated along `dim` of shape.
  Value concatFromFront(OpBuilder &b, Location loc, Value g, int64_t dim,
                        RankedTensorType resultType) {
    auto t = cast<RankedTensorType>(g.getType());
    SmallVector<int64_t> perm;
    for (int64_t d = 1; d <= dim; ++d)
      perm.push_back(d);
    perm.push_back(0);
    for (int64_t d = dim + 1; d < t.getRank(); ++d)
      perm.push_back(d);
    Value moved = hlo::TransposeOp::create(b, loc, g, perm);
    return hlo::ReshapeOp::create(b, loc, resultType, moved);
  }

  static SmallVector<int64_t> withFront(int64_t g, ArrayRef<int64_t> shape) {
    SmallVector<int64_t> s{g};
    s.append(shape.begin(), shape.end());
    return s;
  }

  static int64_t reduceMode(std::optional<hlo::ChannelHandleAttr> channel,
                            bool useGlobal) {
    if (!positiveChannel(channel))
      return cd::cross_replica;
    return useGlobal ? cd::flattened_ids : cd::cross_replica_and_partition;
  }
};

LogicalResult Lowering::rewrite(Operation *op) {
  opCode = isa<hlo::ReplicaIdOp>(op)          ? cd::op_replica_id
           : isa<hlo::PartitionIdOp>(op)      ? cd::op_partition_id
           : isa<hlo::AllGatherOp>(op)        ? cd::op_all_gather
           : isa<hlo::AllReduceOp>(op)        ? cd::op_all_reduce
           : isa<hlo::ReduceScatterOp>(op)    ? cd::op_reduce_scatter
           : isa<hlo::AllToAllOp>(op)         ? cd::op_all_to_all
           : isa<hlo::CollectivePermuteOp>(op) ? cd::op_collective_permute
                                               : cd::op_collective_broadcast;
  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<Value> results;
  if (isa<hlo::ReplicaIdOp, hlo::PartitionIdOp>(op)) {
    Value id = exchange(b, loc,
                        isa<hlo::ReplicaIdOp>(op) ? cd::replica_id
                                                  : cd::partition_id,
                        cd::cross_replica, {}, {},
                        RankedTensorType::get({}, b.getI32Type()));
    results.push_back(hlo::BitcastConvertOp::create(
        b, loc, op->getResult(0).getType(), id));
  } else if (auto ag = dyn_cast<hlo::AllGatherOp>(op)) {
    int64_t mode = reduceMode(ag.getChannelHandle(), ag.getUseGlobalDeviceIds());
    FailureOr<int64_t> g = groupSize(op, ag.getReplicaGroups(), mode);
    if (failed(g))
      return failure();
    for (auto [x, r] : llvm::zip(ag.getOperands(), ag.getResults())) {
      auto t = cast<RankedTensorType>(x.getType());
      Value all = exchangeAny(b, loc, cd::all_gather, mode, ag.getReplicaGroups(),
                              x, withFront(*g, t.getShape()));
      results.push_back(concatFromFront(b, loc, all, ag.getAllGatherDim(),
                                        cast<RankedTensorType>(r.getType())));
    }
  } else if (auto ar = dyn_cast<hlo::AllReduceOp>(op)) {
    int64_t mode = reduceMode(ar.getChannelHandle(), ar.getUseGlobalDeviceIds());
    // Groups of different sizes are fine where the runtime reduces (a
    // result's shape does not depend on its group); the compiled fold needs
    // one size.
    bool uneven = false;
    if (failed(checkIds(op, ar.getReplicaGroups(), mode, uneven)))
      return failure();
    for (auto [x, r] : llvm::zip(ar.getOperands(), ar.getResults())) {
      if (x.getType() != r.getType())
        return error(op) << "result type " << r.getType()
                         << " differs from the operand's " << x.getType();
      auto t = cast<RankedTensorType>(x.getType());
      if (auto reduce =
              runtimeReduction(ar.getComputation(), t.getElementType())) {
        // The runtime reduces it, each participant its share.
        results.push_back(exchange(b, loc, cd::all_reduce, mode,
                                   ar.getReplicaGroups(), x, t, *reduce));
        continue;
      }
      FailureOr<int64_t> g = groupSize(op, ar.getReplicaGroups(), mode);
      if (failed(g))
        return failure();
      Value all = exchangeAny(b, loc, cd::all_gather, mode, ar.getReplicaGroups(),
                              x, withFront(*g, t.getShape()));
      results.push_back(fold(b, loc, all, ar.getComputation()));
    }
  } else if (auto rs = dyn_cast<hlo::ReduceScatterOp>(op)) {
    int64_t mode = reduceMode(rs.getChannelHandle(), rs.getUseGlobalDeviceIds());
    FailureOr<int64_t> g = groupSize(op, rs.getReplicaGroups(), mode);
    if (failed(g))
      return failure();
    auto t = cast<RankedTensorType>(rs.getOperand().getType());
    auto rt = cast<RankedTensorType>(rs.getType());
    int64_t dim = rs.getScatterDimension();
    if (t.getDimSize(dim) != *g * rt.getDimSize(dim))
      return error(op) << "scatter dimension " << dim << " of " << t
                       << " does not split into " << *g << " parts of " << rt;
    Value parts = splitToFront(b, loc, rs.getOperand(), dim, *g);
    Value got = exchangeAny(b, loc, cd::all_to_all, mode, rs.getReplicaGroups(),
                            parts, withFront(*g, rt.getShape()));
    results.push_back(fold(b, loc, got, rs.getComputation()));
  } else if (auto a2a = dyn_cast<hlo::AllToAllOp>(op)) {
    int64_t mode = positiveChannel(a2a.getChannelHandle()) ? cd::cross_partition
                                                           : cd::cross_replica;
    FailureOr<int64_t> g = groupSize(op, a2a.getReplicaGroups(), mode);
    if (failed(g))
      return failure();
    if (*g != a2a.getSplitCount())
      return error(op) << "split_count " << a2a.getSplitCount()
                       << " differs from the process groups' size " << *g;
    for (auto [x, r] : llvm::zip(a2a.getOperands(), a2a.getResults())) {
      Value parts = splitToFront(b, loc, x, a2a.getSplitDimension(), *g);
      auto pt = cast<RankedTensorType>(parts.getType());
      Value got = exchangeAny(b, loc, cd::all_to_all, mode,
                              a2a.getReplicaGroups(), parts, pt.getShape());
      results.push_back(concatFromFront(b, loc, got, a2a.getConcatDimension(),
                                        cast<RankedTensorType>(r.getType())));
    }
  } else if (auto cp = dyn_cast<hlo::CollectivePermuteOp>(op)) {
    int64_t mode = positiveChannel(cp.getChannelHandle()) ? cd::cross_partition
                                                          : cd::cross_replica;
    int64_t ids = mode == cd::cross_partition ? grid.partitions : grid.replicas;
    for (const APInt &v : cp.getSourceTargetPairs().getValues<APInt>())
      if (v.getSExtValue() < 0 || v.getSExtValue() >= ids)
        return error(op) << "source_target_pairs name id " << v.getSExtValue()
                         << " (there are " << ids << ")";
    auto t = cast<RankedTensorType>(cp.getType());
    results.push_back(exchangeAny(b, loc, cd::permute, mode,
                                  cp.getSourceTargetPairs(), cp.getOperand(),
                                  t.getShape()));
  } else if (auto cb = dyn_cast<hlo::CollectiveBroadcastOp>(op)) {
    int64_t mode = positiveChannel(cb.getChannelHandle()) ? cd::cross_partition
                                                          : cd::cross_replica;
    FailureOr<int64_t> g = groupSize(op, cb.getReplicaGroups(), mode);
    if (failed(g))
      return failure();
    if (!cb.getHasDynamicRoot()) {
      for (Value x : cb.getOperands())
        results.push_back(exchangeAny(
            b, loc, cd::broadcast, mode, cb.getReplicaGroups(), x,
            cast<RankedTensorType>(x.getType()).getShape()));
    } else {
      // The root is data: gather the group's operands, then take the
      // root's (root[j] for data operand j).
      ValueRange data = cb.getOperands().drop_back();
      Value root = cb.getOperands().back();
      auto rootType = cast<RankedTensorType>(root.getType());
      auto scalar = RankedTensorType::get({}, rootType.getElementType());
      for (auto [j, x] : llvm::enumerate(data)) {
        auto t = cast<RankedTensorType>(x.getType());
        Value all = exchangeAny(b, loc, cd::all_gather, mode,
                                cb.getReplicaGroups(), x,
                                withFront(*g, t.getShape()));
        Value index = hlo::ReshapeOp::create(
            b, loc, scalar,
            hlo::SliceOp::create(b, loc, root, {static_cast<int64_t>(j)},
                                 {static_cast<int64_t>(j) + 1}, {1}));
        SmallVector<Value> starts{index};
        Value zero = hlo::ConstantOp::create(
            b, loc, DenseElementsAttr::get(scalar, b.getZeroAttr(
                                                       scalar.getElementType())));
        for (int64_t d = 0; d < t.getRank(); ++d)
          starts.push_back(zero);
        SmallVector<int64_t> sizes{1};
        sizes.append(t.getShape().begin(), t.getShape().end());
        Value one = hlo::DynamicSliceOp::create(b, loc, all, starts, sizes);
        results.push_back(hlo::ReshapeOp::create(b, loc, t, one));
      }
    }
  } else {
    return success();
  }
  op->replaceAllUsesWith(results);
  op->erase();
  return success();
}

struct CollectivesToRuntimePass
    : PassWrapper<CollectivesToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollectivesToRuntimePass)
  StringRef getArgument() const override { return "jx-collectives-to-runtime"; }
  StringRef getDescription() const override {
    return "In a module compiled for several devices, replace the collectives "
           "by exchanges through the runtime (jx_rt_collective) and the "
           "stablehlo ops that combine what they bring";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    func::FuncDialect, memref::MemRefDialect,
                    hlo::StableHLODialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Grid grid = gridOf(module);
    if (grid.replicas < 1 || grid.partitions < 1) {
      module.emitError() << "mhlo.num_replicas and mhlo.num_partitions must "
                            "be at least 1";
      return signalPassFailure();
    }
    if (grid.replicas * grid.partitions == 1)
      return;
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<hlo::ReplicaIdOp, hlo::PartitionIdOp, hlo::AllGatherOp,
              hlo::AllReduceOp, hlo::ReduceScatterOp, hlo::AllToAllOp,
              hlo::CollectivePermuteOp, hlo::CollectiveBroadcastOp>(op))
        ops.push_back(op);
    });
    Lowering lowering(module, grid);
    for (Operation *op : ops)
      if (failed(lowering.rewrite(op)))
        return signalPassFailure();
  }
};

} // namespace

void registerCollectivesToRuntimePass() {
  PassRegistration<CollectivesToRuntimePass>();
}

} // namespace jx
