//===- RunParallel.cpp - interpreter.run_parallel on the devices ----------===//
//
// `--jx-run-parallel`, first in the hlo phase. StableHLO's conformance
// programs run a function on a grid of processes with the reference
// interpreter's `interpreter.run_parallel` (InterpreterOps.td). jx runs the
// whole module on that many devices (R x P, the grid's shape, which become
// the module's mhlo.num_replicas / mhlo.num_partitions) and rewrites
//
//   %r:2N... = "interpreter.run_parallel"(%x_0..., %x_1..., ...) {programs}
//
// into what every device does:
//
//   %d    = replica_id * P + partition_id
//   %args = stablehlo.case %d { return %x_0... } { return %x_1... } ...
//   %mine = func.call @program(%args)           (this device's process)
//   %all  = stablehlo.all_gather %mine over every device (flattened ids)
//   %r_k  = %all[k]                             (each process's results)
//
// so that every device holds every process's results, as the op returns
// them, and the code after it (checks) runs on each. Every process must run
// the same program (each device makes the same call, so its collectives
// meet the other devices').
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "jx/Dialect/Interpreter/InterpreterOps.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;

LogicalResult rewrite(interpreter::RunParallelOp op, int64_t replicas,
                      int64_t partitions) {
  ModuleOp module = op->getParentOfType<ModuleOp>();
  const int64_t n = replicas * partitions;
  if (op.getInfeed() && !op.getInfeed()->empty())
    return op.emitError() << "infeed is not supported yet";
  FlatSymbolRefAttr program;
  for (Attribute row : op.getPrograms())
    for (Attribute p : cast<ArrayAttr>(row)) {
      auto symbol = cast<FlatSymbolRefAttr>(p);
      if (program && symbol != program)
        return op.emitError() << "runs different programs (" << program
                              << ", " << symbol
                              << ") on its processes; jx runs one program "
                                 "on every device";
      program = symbol;
    }
  auto fn = module.lookupSymbol<func::FuncOp>(program.getValue());
  if (!fn)
    return op.emitError() << "no function " << program;
  FunctionType type = fn.getFunctionType();
  const int64_t numArgs = type.getNumInputs(), numResults = type.getNumResults();
  if (static_cast<int64_t>(op.getInputs().size()) != n * numArgs ||
      static_cast<int64_t>(op.getNumResults()) != n * numResults)
    return op.emitError() << "has " << op.getInputs().size() << " inputs and "
                          << op.getNumResults() << " results for " << n
                          << " processes of " << program << ", which takes "
                          << numArgs << " and returns " << numResults;
  for (int64_t k = 0; k < n; ++k) {
    for (int64_t i = 0; i < numArgs; ++i)
      if (op.getInputs()[k * numArgs + i].getType() != type.getInput(i))
        return op.emitError() << "input " << k * numArgs + i << " of process "
                              << k << " is " << op.getInputs()[k * numArgs + i].getType()
                              << ", " << program << " takes " << type.getInput(i);
    for (int64_t j = 0; j < numResults; ++j)
      if (op.getResult(k * numResults + j).getType() != type.getResult(j))
        return op.emitError() << "result " << k * numResults + j << " is "
                              << op.getResult(k * numResults + j).getType()
                              << ", " << program << " returns "
                              << type.getResult(j);
  }
  for (Type t : type.getResults())
    if (!isa<RankedTensorType>(t))
      return op.emitError() << "results of type " << t
                            << " are not supported yet";

  OpBuilder b(op);
  Location loc = op.getLoc();
  auto i32 = RankedTensorType::get({}, b.getI32Type());
  SmallVector<Value> args;
  if (n == 1) {
    args.assign(op.getInputs().begin(), op.getInputs().end());
  } else {
    Value r = hlo::ConvertOp::create(b, loc, i32, hlo::ReplicaIdOp::create(b, loc));
    Value p = hlo::ConvertOp::create(b, loc, i32, hlo::PartitionIdOp::create(b, loc));
    Value cols = hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32, static_cast<int32_t>(partitions)));
    Value d = hlo::AddOp::create(b, loc, hlo::MulOp::create(b, loc, r, cols), p);
    auto select = hlo::CaseOp::create(b, loc, type.getInputs(), d,
                                      static_cast<unsigned>(n));
    for (int64_t k = 0; k < n; ++k) {
      Block *block = b.createBlock(&select->getRegion(k));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(block);
      hlo::ReturnOp::create(
          b, loc, op.getInputs().slice(k * numArgs, numArgs));
    }
    b.setInsertionPointAfter(select);
    args.assign(select->result_begin(), select->result_end());
  }
  auto call = func::CallOp::create(b, loc, fn, args);
  SmallVector<int64_t> everyone;
  for (int64_t k = 0; k < n; ++k)
    everyone.push_back(k);
  auto groups = DenseIntElementsAttr::get(
      RankedTensorType::get({1, n}, b.getI64Type()), ArrayRef<int64_t>(everyone));
  for (int64_t j = 0; j < numResults; ++j) {
    Value mine = call.getResult(j);
    if (n == 1) {
      op.getResult(j).replaceAllUsesWith(mine);
      continue;
    }
    auto t = cast<RankedTensorType>(mine.getType());
    SmallVector<int64_t> one{1}, all{n};
    one.append(t.getShape().begin(), t.getShape().end());
    all.append(t.getShape().begin(), t.getShape().end());
    Value lifted = hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(one, t.getElementType()), mine);
    auto gathered = hlo::AllGatherOp::create(
        b, loc, TypeRange{RankedTensorType::get(all, t.getElementType())},
        ValueRange{lifted}, static_cast<uint64_t>(0), groups,
        hlo::ChannelHandleAttr::get(b.getContext(), 1, 1),
        /*use_global_device_ids=*/true);
    for (int64_t k = 0; k < n; ++k) {
      SmallVector<int64_t> start(all.size(), 0), limit(all), strides(all.size(), 1);
      start[0] = k;
      limit[0] = k + 1;
      Value part = hlo::SliceOp::create(b, loc, gathered.getResult(0), start,
                                        limit, strides);
      op.getResult(k * numResults + j)
          .replaceAllUsesWith(hlo::ReshapeOp::create(b, loc, t, part));
    }
  }
  op->erase();
  return success();
}

struct RunParallelPass
    : PassWrapper<RunParallelPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RunParallelPass)
  StringRef getArgument() const override { return "jx-run-parallel"; }
  StringRef getDescription() const override {
    return "Run interpreter.run_parallel's grid of processes as the module's "
           "devices: each calls its program, the results are all-gathered";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<hlo::StableHLODialect, func::FuncDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<interpreter::RunParallelOp> ops;
    module.walk([&](interpreter::RunParallelOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    // One grid for the module: the devices it runs on.
    int64_t replicas = ops[0].getPrograms().size();
    int64_t partitions = cast<ArrayAttr>(ops[0].getPrograms()[0]).size();
    for (interpreter::RunParallelOp op : ops) {
      int64_t r = op.getPrograms().size();
      int64_t p = cast<ArrayAttr>(op.getPrograms()[0]).size();
      if (r != replicas || p != partitions) {
        op.emitError() << "runs on " << r << " x " << p << " processes, "
                       << "another run_parallel of this module on "
                       << replicas << " x " << partitions;
        return signalPassFailure();
      }
    }
    Builder b(module.getContext());
    for (auto [name, value] : {std::pair<StringRef, int64_t>{"mhlo.num_replicas", replicas},
                               {"mhlo.num_partitions", partitions}}) {
      auto existing = module->getAttrOfType<IntegerAttr>(name);
      if (existing && existing.getInt() != value) {
        module.emitError() << name << " is " << existing.getInt()
                           << " but interpreter.run_parallel runs on "
                           << replicas << " x " << partitions << " processes";
        return signalPassFailure();
      }
      module->setAttr(name, b.getI32IntegerAttr(value));
    }
    for (interpreter::RunParallelOp op : ops)
      if (failed(rewrite(op, replicas, partitions)))
        return signalPassFailure();
  }
};

} // namespace

void registerRunParallelPass() { PassRegistration<RunParallelPass>(); }

} // namespace jx
