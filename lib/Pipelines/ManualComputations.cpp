//===- ManualComputations.cpp - shard_map's bodies on each device ---------===//
//
// `--jx-manual-computations`, first in the hlo phase. JAX lowers shard_map
// (and, since JAX 0.8, pmap) to `sdy.manual_computation`: a body that each
// device runs on its own shard of the operands, inside a program on global
// arrays. jx runs the program around the body on every device with the
// global values (so an op outside the body needs no partitioning and is
// computed correctly, if redundantly), and the body on the device's shards:
//
//   %s = stablehlo.dynamic_slice %x, (coordinate of this device along the
//        dimension's manual axes) * (shard size), ...     (each operand)
//   ... the body, inlined, on %s ...
//   %g = stablehlo.all_gather %r along each dimension its out_sharding
//        splits, over the devices that differ only in that dimension's
//        axes                                             (each result)
//
// The device's mesh coordinates come from its partition id (through the
// mesh's device_ids when it has them). A dimension an out_sharding leaves
// unsplit holds the same value on every device (shard_map checks that), so
// the body's value is the global one. The sdy.mesh ops go away after.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Dialect/Sdy/SdyOps.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"

#include <map>

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;

struct Mesh {
  SmallVector<std::string> names;
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> deviceIds; // by linear coordinate; empty: iota
  int64_t total() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
  int axis(StringRef name) const {
    for (auto [i, n] : llvm::enumerate(names))
      if (n == name)
        return static_cast<int>(i);
    return -1;
  }
  int64_t deviceAt(int64_t linear) const {
    return deviceIds.empty() ? linear : deviceIds[linear];
  }
  /// The coordinate along `axis` of the device at `linear`.
  int64_t coordinate(int64_t linear, int axis) const {
    int64_t stride = 1;
    for (size_t k = axis + 1; k < sizes.size(); ++k)
      stride *= sizes[k];
    return (linear / stride) % sizes[axis];
  }
};

class Lowering {
public:
  Lowering(ModuleOp module, std::map<std::string, Mesh> meshes,
           int64_t partitions)
      : module(module), meshes(std::move(meshes)), partitions(partitions) {}

  LogicalResult rewrite(sdy::ManualComputationOp op);

private:
  ModuleOp module;
  std::map<std::string, Mesh> meshes;
  int64_t partitions;

  /// A dimension's split over the manual axes: (axis, pre_size, size) of
  /// each, major to minor.
  struct Part {
    int axis;
    int64_t preSize, size;
  };
  using DimSplit = SmallVector<Part>;

  static int64_t product(const DimSplit &split) {
    int64_t n = 1;
    for (const Part &p : split)
      n *= p.size;
    return n;
  }

  /// Index along a split of the device at mesh position `linear`.
  static int64_t indexOf(const Mesh &mesh, const DimSplit &split,
                         int64_t linear) {
    int64_t index = 0;
    for (const Part &p : split) {
      int64_t post = mesh.sizes[p.axis] / (p.preSize * p.size);
      index = index * p.size + (mesh.coordinate(linear, p.axis) / post) % p.size;
    }
    return index;
  }

  FailureOr<SmallVector<DimSplit>>
  splitsOf(Operation *op, const sdy::ShardingSpec &spec, const Mesh &mesh,
           ArrayRef<std::string> manual, int64_t rank) {
    if (static_cast<int64_t>(spec.dims.size()) != rank) {
      op->emitError() << "a sharding names " << spec.dims.size()
                      << " dimensions of a rank-" << rank << " value";
      return failure();
    }
    SmallVector<DimSplit> splits;
    for (const auto &dim : spec.dims) {
      DimSplit split;
      for (const sdy::AxisRef &ref : dim) {
        if (!llvm::is_contained(manual, ref.name))
          continue; // a free axis: every device holds the global value
        int axis = mesh.axis(ref.name);
        if (axis < 0) {
          op->emitError() << "axis \"" << ref.name << "\" is not in the mesh";
          return failure();
        }
        int64_t size = ref.size ? ref.size : mesh.sizes[axis];
        if (ref.preSize < 1 || size < 1 ||
            mesh.sizes[axis] % (ref.preSize * size)) {
          op->emitError() << "sub-axis \"" << ref.name << "\":(" << ref.preSize
                          << ")" << size << " does not divide the axis";
          return failure();
        }
        split.push_back({axis, ref.preSize, size});
      }
      splits.push_back(std::move(split));
    }
    return splits;
  }

  Value constantI64(OpBuilder &b, Location loc, int64_t v) {
    auto t = RankedTensorType::get({}, b.getI64Type());
    return hlo::ConstantOp::create(b, loc, DenseElementsAttr::get(t, v));
  }

  /// This device's index along `split`, as a 0-d i64 tensor.
  Value indexValue(OpBuilder &b, Location loc, const Mesh &mesh,
                   const DimSplit &split, Value linear) {
    Value index = constantI64(b, loc, 0);
    for (const Part &p : split) {
      int64_t stride = 1;
      for (size_t k = p.axis + 1; k < mesh.sizes.size(); ++k)
        stride *= mesh.sizes[k];
      int64_t post = mesh.sizes[p.axis] / (p.preSize * p.size);
      Value c = hlo::DivOp::create(b, loc, linear,
                                   constantI64(b, loc, stride * post));
      c = hlo::RemOp::create(b, loc, c, constantI64(b, loc, p.size));
      index = hlo::MulOp::create(b, loc, index, constantI64(b, loc, p.size));
      index = hlo::AddOp::create(b, loc, index, c);
    }
    return index;
  }

  /// This device's linear position in the mesh, as a 0-d i64 tensor.
  Value linearValue(OpBuilder &b, Location loc, const Mesh &mesh) {
    Value pid = hlo::PartitionIdOp::create(b, loc);
    Value id = hlo::ConvertOp::create(
        b, loc, RankedTensorType::get({}, b.getI64Type()), pid);
    if (mesh.deviceIds.empty())
      return id;
    // The inverse of device_ids, indexed by the partition id.
    SmallVector<int64_t> inverse(partitions, 0);
    for (auto [linear, device] : llvm::enumerate(mesh.deviceIds))
      inverse[device] = static_cast<int64_t>(linear);
    auto t = RankedTensorType::get({partitions}, b.getI64Type());
    Value table = hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(t, ArrayRef<int64_t>(inverse)));
    Value one = hlo::DynamicSliceOp::create(b, loc, table, ValueRange{id},
                                            ArrayRef<int64_t>{1});
    return hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get({}, b.getI64Type()), one);
  }
};

LogicalResult Lowering::rewrite(sdy::ManualComputationOp op) {
  std::string error;
  auto ins = sdy::parseShardingPerValue(
      sdy::textAttrBody(op.getInShardings()), error);
  auto outs = ins ? sdy::parseShardingPerValue(
                        sdy::textAttrBody(op.getOutShardings()), error)
                  : std::nullopt;
  auto manual =
      outs ? sdy::parseManualAxes(sdy::textAttrBody(op.getManualAxes()), error)
           : std::nullopt;
  if (!manual)
    return op.emitError() << "cannot read the shardings: " << error;
  if (ins->size() != op.getTensors().size() ||
      outs->size() != op.getNumResults())
    return op.emitError() << "has " << ins->size() << " in_shardings for "
                          << op.getTensors().size() << " operands and "
                          << outs->size() << " out_shardings for "
                          << op.getNumResults() << " results";
  std::string meshName = !ins->empty()    ? (*ins)[0].mesh
                         : !outs->empty() ? (*outs)[0].mesh
                                          : std::string();
  for (const auto &s : llvm::concat<const sdy::ShardingSpec>(*ins, *outs))
    if (s.mesh != meshName)
      return op.emitError() << "shardings on two meshes (@" << meshName
                            << ", @" << s.mesh << ")";
  Mesh mesh;
  if (!meshName.empty()) {
    auto it = meshes.find(meshName);
    if (it == meshes.end())
      return op.emitError() << "no sdy.mesh @" << meshName;
    mesh = it->second;
  }
  if (mesh.total() > partitions)
    return op.emitError() << "runs on a mesh of " << mesh.total()
                          << " devices in a program compiled for "
                          << partitions << " partitions (mhlo.num_partitions)";

  OpBuilder b(op);
  Location loc = op.getLoc();
  Block &body = op.getBody().front();
  IRMapping mapping;
  Value linear;
  auto linearOnce = [&] {
    if (!linear)
      linear = linearValue(b, loc, mesh);
    return linear;
  };
  for (auto [i, x] : llvm::enumerate(op.getTensors())) {
    auto t = cast<RankedTensorType>(x.getType());
    auto local = cast<RankedTensorType>(body.getArgument(i).getType());
    FailureOr<SmallVector<DimSplit>> splits =
        splitsOf(op, (*ins)[i], mesh, *manual, t.getRank());
    if (failed(splits))
      return failure();
    SmallVector<Value> starts;
    bool sliced = false;
    for (int64_t d = 0; d < t.getRank(); ++d) {
      int64_t parts = product((*splits)[d]);
      if (t.getDimSize(d) != local.getDimSize(d) * parts)
        return op.emitError() << "operand " << i << " " << t
                              << " split as its in_sharding says is not the "
                                 "body's argument "
                              << local;
      if (parts == 1) {
        starts.push_back(constantI64(b, loc, 0));
        continue;
      }
      sliced = true;
      Value index = indexValue(b, loc, mesh, (*splits)[d], linearOnce());
      starts.push_back(hlo::MulOp::create(
          b, loc, index, constantI64(b, loc, local.getDimSize(d))));
    }
    Value shard = sliced ? Value(hlo::DynamicSliceOp::create(
                               b, loc, x, starts, local.getShape()))
                         : x;
    mapping.map(body.getArgument(i), shard);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  Operation *terminator = body.getTerminator();
  SmallVector<Value> results;
  for (auto [i, r] : llvm::enumerate(op.getResults())) {
    Value v = mapping.lookupOrDefault(terminator->getOperand(i));
    auto t = cast<RankedTensorType>(r.getType());
    FailureOr<SmallVector<DimSplit>> splits =
        splitsOf(op, (*outs)[i], mesh, *manual, t.getRank());
    if (failed(splits))
      return failure();
    for (int64_t d = 0; d < t.getRank(); ++d) {
      const DimSplit &split = (*splits)[d];
      int64_t parts = product(split);
      if (parts == 1)
        continue;
      // Devices that differ only along this dimension's axes, in the order
      // of their index along it.
      std::map<SmallVector<int64_t>, SmallVector<int64_t>> groups;
      for (int64_t l = 0; l < mesh.total(); ++l) {
        SmallVector<int64_t> key;
        for (size_t a = 0; a < mesh.sizes.size(); ++a) {
          bool inSplit = llvm::any_of(
              split, [&](const Part &p) { return p.axis == int(a); });
          key.push_back(inSplit ? -1 : mesh.coordinate(l, a));
        }
        for (const Part &p : split) // what a sub-axis leaves of its axis
          if (p.size != mesh.sizes[p.axis]) {
            int64_t post = mesh.sizes[p.axis] / (p.preSize * p.size);
            int64_t c = mesh.coordinate(l, p.axis);
            key.push_back(c / (post * p.size));
            key.push_back(c % post);
          }
        SmallVector<int64_t> &g = groups[key];
        if (g.empty())
          g.assign(parts, -1);
        g[indexOf(mesh, split, l)] = mesh.deviceAt(l);
      }
      SmallVector<int64_t> table;
      for (auto &[key, g] : groups)
        table.append(g.begin(), g.end());
      auto tableType = RankedTensorType::get(
          {static_cast<int64_t>(groups.size()), parts}, b.getI64Type());
      auto vt = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> shape(vt.getShape());
      shape[d] *= parts;
      auto gathered = hlo::AllGatherOp::create(
          b, loc, TypeRange{RankedTensorType::get(shape, vt.getElementType())},
          ValueRange{v}, static_cast<uint64_t>(d),
          DenseIntElementsAttr::get(tableType, ArrayRef<int64_t>(table)),
          hlo::ChannelHandleAttr::get(b.getContext(), 1, 1),
          /*use_global_device_ids=*/true);
      v = gathered.getResult(0);
    }
    if (v.getType() != r.getType())
      return op.emitError() << "result " << i << " of the body gathered as its "
                            << "out_sharding says is " << v.getType()
                            << ", not " << r.getType();
    results.push_back(v);
  }
  op->replaceAllUsesWith(results);
  op->erase();
  return success();
}

struct ManualComputationsPass
    : PassWrapper<ManualComputationsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ManualComputationsPass)
  StringRef getArgument() const override { return "jx-manual-computations"; }
  StringRef getDescription() const override {
    return "Run each sdy.manual_computation's body on the device's shards "
           "(dynamic_slice by partition id) and gather its results";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<hlo::StableHLODialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::map<std::string, Mesh> meshes;
    SmallVector<Operation *> meshOps;
    for (auto m : module.getOps<sdy::MeshOp>()) {
      sdy::MeshAttr attr = m.getMesh();
      Mesh mesh;
      for (StringAttr n : attr.getAxisNames())
        mesh.names.push_back(n.str());
      mesh.sizes.assign(attr.getAxisSizes().begin(), attr.getAxisSizes().end());
      ArrayRef<int64_t> ids = attr.getDeviceIds();
      // device_ids=[k] on a mesh without axes is a single device.
      if (!mesh.sizes.empty())
        mesh.deviceIds.assign(ids.begin(), ids.end());
      meshes[m.getSymName().str()] = std::move(mesh);
      meshOps.push_back(m);
    }
    int64_t partitions = 1;
    if (auto p = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
      partitions = p.getInt();
    for (auto &[name, mesh] : meshes)
      for (int64_t id : mesh.deviceIds)
        if (id < 0 || id >= partitions) {
          module.emitError() << "sdy.mesh @" << name << " names device " << id
                             << " of a program compiled for " << partitions
                             << " partitions";
          return signalPassFailure();
        }
    Lowering lowering(module, meshes, partitions);
    // Outermost first: an inner one's operands are the outer body's shards
    // (and its copy is what the outer one's rewrite leaves).
    while (true) {
      sdy::ManualComputationOp outer;
      module.walk<WalkOrder::PreOrder>([&](sdy::ManualComputationOp op) {
        outer = op;
        return WalkResult::interrupt();
      });
      if (!outer)
        break;
      if (failed(lowering.rewrite(outer)))
        return signalPassFailure();
    }
    for (Operation *m : meshOps)
      m->erase();
  }
};

} // namespace

void registerManualComputationsPass() {
  PassRegistration<ManualComputationsPass>();
}

} // namespace jx
