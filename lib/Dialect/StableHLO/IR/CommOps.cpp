//===- CommOps.cpp - collectives, transfers and tokens --------------------===//
//
// Verifiers of the collectives, send/recv, infeed and the syntax of
// after_all. Shape rules are the shared functions of InferComm.h.
//
// Process groups: the number of processes per group (dim(process_groups, 1))
// follows from replica_groups only in cross_replica and flattened_ids mode;
// in cross_replica_and_partition mode it also counts partitions, which the
// module does not record, so the verifiers then check only that the sizes
// are consistent multiples.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferComm.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

namespace {

// Channel types of #stablehlo.channel_handle (the spec's channel_type).
constexpr int64_t kDeviceToDevice = 1;
constexpr int64_t kDeviceToHost = 2;
constexpr int64_t kHostToDevice = 3;

int64_t channelId(std::optional<ChannelHandleAttr> handle) {
  return handle ? handle->getHandle() : 0;
}

SmallVector<RankedTensorType> tensorTypes(TypeRange types) {
  SmallVector<RankedTensorType> tensors;
  for (Type t : types)
    tensors.push_back(cast<RankedTensorType>(t));
  return tensors;
}

/// `<op>_cN: If use_global_device_ids = true, then channel_id > 0.`
LogicalResult verifyGlobalDeviceIds(Operation *op, bool useGlobalDeviceIds,
                                    int64_t channel, StringRef label) {
  if (useGlobalDeviceIds && channel <= 0)
    return op->emitOpError()
           << "use_global_device_ids requires a channel_handle with "
              "handle > 0, got handle "
           << channel << " (" << label << ")";
  return success();
}

/// Checks the reduction `computation` of all_reduce / reduce_scatter:
/// `(tensor<E>, tensor<E>) -> tensor<E>` with every operand element type
/// promotable to E. Returns E.
FailureOr<Type> verifyComputation(Operation *op, Region &region,
                                  TypeRange operandElementTypes,
                                  StringRef label) {
  if (region.empty())
    return op->emitOpError() << "computation must have a block (" << label
                             << ")";
  Block &block = region.front();
  if (block.getNumArguments() != 2)
    return op->emitOpError() << "computation must take 2 arguments, got "
                             << block.getNumArguments() << " (" << label
                             << ")";
  Type lhs = block.getArgument(0).getType();
  Type rhs = block.getArgument(1).getType();
  auto lhsTensor = dyn_cast<RankedTensorType>(lhs);
  if (!lhsTensor || lhsTensor.getRank() != 0 || lhs != rhs)
    return op->emitOpError()
           << "computation arguments must be two 0-dimensional tensors of "
              "the same type, got "
           << lhs << " and " << rhs << " (" << label << ")";
  Type element = lhsTensor.getElementType();
  if (block.empty() || !isa<ReturnOp>(block.back()))
    return op->emitOpError() << "computation must end with stablehlo.return ("
                             << label << ")";
  TypeRange returned = block.back().getOperandTypes();
  if (returned.size() != 1 || returned.front() != lhs) {
    auto diag = op->emitOpError() << "computation must return a single "
                                  << lhs << ", got (";
    llvm::interleaveComma(returned, diag);
    return diag << ") (" << label << ")";
  }
  for (auto [i, operandElement] : llvm::enumerate(operandElementTypes))
    if (!isPromotableElementType(operandElement, element))
      return op->emitOpError()
             << "element type " << operandElement << " of operand #" << i
             << " is not promotable to the computation's element type "
             << element << " (" << label << ")";
  return element;
}

/// The results must be as many as the operands and, shape by shape,
/// compatible with `expected` (the inferred types); their element type must
/// be `expected`'s, or `element` when given.
LogicalResult verifyResultsMatch(Operation *op,
                                 ArrayRef<RankedTensorType> expected,
                                 StringRef shapeLabel, Type element = {},
                                 StringRef elementLabel = {}) {
  if (op->getNumResults() != expected.size())
    return op->emitOpError() << "has " << op->getNumResults()
                             << " results but " << expected.size()
                             << " operands; they must match (" << shapeLabel
                             << ")";
  SmallVector<RankedTensorType> results = tensorTypes(op->getResultTypes());
  for (auto [i, want, got] : llvm::enumerate(expected, results)) {
    if (!isCompatibleShape(want.getShape(), got.getShape()))
      return op->emitOpError()
             << "result #" << i << " has shape "
             << dimsToString(got.getShape()) << " but the operand implies "
             << dimsToString(want.getShape()) << " (" << shapeLabel << ")";
    Type wantElement = element ? element : want.getElementType();
    if (got.getElementType() != wantElement)
      return op->emitOpError()
             << "result #" << i << " has element type " << got.getElementType()
             << " but expected " << wantElement << " ("
             << (element ? elementLabel : shapeLabel) << ")";
  }
  return success();
}

/// With an unknown process group size, a gathered dimension is a multiple of
/// the operand's: `big = small * group size`.
LogicalResult verifyMultiple(Operation *op, int64_t small, int64_t big,
                             int64_t dim, size_t index, StringRef label) {
  if (ShapedType::isDynamic(small) || ShapedType::isDynamic(big))
    return success();
  if (small == 0 ? big == 0 : big % small == 0)
    return success();
  return op->emitOpError() << "dimension " << dim << " of result #" << index
                           << " has size " << big
                           << ", which must be a multiple of the operand's "
                           << small << " (" << label << ")";
}

} // namespace

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOCommOps.cpp.inc"

//===----------------------------------------------------------------------===//
// all_gather
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // all_gather_c2: is_unique(replica_groups)
  // all_gather_c4: 0 <= replica_groups < size(replica_groups)
  if (failed(verifyReplicaGroups(emitError, getReplicaGroups(),
                                 "all_gather_c2", "all_gather_c4")))
    return failure();
  int64_t channel = channelId(getChannelHandle());
  // all_gather_c5: use_global_device_ids = true implies channel_id > 0
  if (failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(), channel,
                                   "all_gather_c5")))
    return failure();
  int64_t groupSize = collectiveGroupSize(
      getCollectiveGrouping(channel, getUseGlobalDeviceIds()),
      getReplicaGroups());
  SmallVector<RankedTensorType> operands =
      tensorTypes(getOperands().getTypes());
  FailureOr<SmallVector<RankedTensorType>> inferred =
      inferAllGatherOp(emitError, operands, getAllGatherDim(), groupSize);
  if (failed(inferred) ||
      failed(verifyResultsMatch(*this, *inferred, "all_gather_c6")))
    return failure();
  if (ShapedType::isDynamic(groupSize)) {
    int64_t dim = getAllGatherDim();
    for (auto [i, operand] : llvm::enumerate(operands))
      if (failed(verifyMultiple(
              *this, operand.getDimSize(dim),
              cast<RankedTensorType>(getResult(i).getType()).getDimSize(dim),
              dim, i, "all_gather_c6")))
        return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// all_reduce
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // all_reduce_c1: is_unique(replica_groups)
  // all_reduce_c3: 0 <= replica_groups < size(replica_groups)
  if (failed(verifyReplicaGroups(emitError, getReplicaGroups(),
                                 "all_reduce_c1", "all_reduce_c3")))
    return failure();
  // all_reduce_c4: use_global_device_ids = true implies channel_id > 0
  if (failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   channelId(getChannelHandle()),
                                   "all_reduce_c4")))
    return failure();
  SmallVector<RankedTensorType> operands =
      tensorTypes(getOperands().getTypes());
  SmallVector<Type> elements;
  for (RankedTensorType t : operands)
    elements.push_back(t.getElementType());
  // all_reduce_c5: computation has type (tensor<E>, tensor<E>) -> tensor<E>
  // where is_promotable(element_type(operand), E)
  FailureOr<Type> element =
      verifyComputation(*this, getComputation(), elements, "all_reduce_c5");
  if (failed(element))
    return failure();
  // all_reduce_c6: shape(results...) = shape(operands...)
  // all_reduce_c7: element_type(results...) = E
  return verifyResultsMatch(*this, operands, "all_reduce_c6", *element,
                            "all_reduce_c7");
}

//===----------------------------------------------------------------------===//
// reduce_scatter
//===----------------------------------------------------------------------===//

LogicalResult ReduceScatterOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // reduce_scatter_c3: is_unique(replica_groups)
  // reduce_scatter_c5: 0 <= replica_groups < size(replica_groups)
  if (failed(verifyReplicaGroups(emitError, getReplicaGroups(),
                                 "reduce_scatter_c3", "reduce_scatter_c5")))
    return failure();
  int64_t channel = channelId(getChannelHandle());
  // reduce_scatter_c6: use_global_device_ids = true implies channel_id > 0
  if (failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(), channel,
                                   "reduce_scatter_c6")))
    return failure();
  RankedTensorType operand = getOperand().getType();
  // reduce_scatter_c7: computation has type (tensor<E>, tensor<E>) ->
  // tensor<E> where is_promotable(element_type(operand), E)
  FailureOr<Type> element =
      verifyComputation(*this, getComputation(),
                        TypeRange{operand.getElementType()},
                        "reduce_scatter_c7");
  if (failed(element))
    return failure();
  int64_t groupSize = collectiveGroupSize(
      getCollectiveGrouping(channel, getUseGlobalDeviceIds()),
      getReplicaGroups());
  int64_t dim = getScatterDimension();
  FailureOr<RankedTensorType> inferred =
      inferReduceScatterOp(emitError, operand, dim, groupSize);
  if (failed(inferred))
    return failure();
  // reduce_scatter_c8: shape(result) = shape(operand) except
  //   dim(result, scatter_dimension) =
  //     dim(operand, scatter_dimension) / dim(process_groups, 1)
  // reduce_scatter_c9: element_type(result) = E
  if (failed(verifyResultsMatch(*this, {*inferred}, "reduce_scatter_c8",
                                *element, "reduce_scatter_c9")))
    return failure();
  if (ShapedType::isDynamic(groupSize))
    return verifyMultiple(*this, getType().getDimSize(dim),
                          operand.getDimSize(dim), dim, 0,
                          "reduce_scatter_c8");
  return success();
}

//===----------------------------------------------------------------------===//
// all_to_all
//===----------------------------------------------------------------------===//

LogicalResult AllToAllOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // all_to_all_c5: is_unique(replica_groups)
  // all_to_all_c7: 0 <= replica_groups < size(replica_groups)
  if (failed(verifyReplicaGroups(emitError, getReplicaGroups(),
                                 "all_to_all_c5", "all_to_all_c7")))
    return failure();
  SmallVector<RankedTensorType> operands =
      tensorTypes(getOperands().getTypes());
  // all_to_all_c1..c4 (dimensions in range, divisible, split_count > 0)
  FailureOr<SmallVector<RankedTensorType>> inferred =
      inferAllToAllOp(emitError, operands, getSplitDimension(),
                      getConcatDimension(), getSplitCount());
  if (failed(inferred))
    return failure();
  // all_to_all_c8: dim(replica_groups, 1) = split_count
  auto groups = getReplicaGroups().getType();
  int64_t splitCount = getSplitCount();
  if (groups.getNumElements() != 0 && groups.getDimSize(1) != splitCount)
    return emitOpError() << "replica_groups have " << groups.getDimSize(1)
                         << " ids per group but split_count is " << splitCount
                         << " (all_to_all_c8)";
  // all_to_all_c9: type(results...) = type(operands...) except the split
  // and concat dimensions.
  return verifyResultsMatch(*this, *inferred, "all_to_all_c9");
}

//===----------------------------------------------------------------------===//
// collective_permute, collective_broadcast
//===----------------------------------------------------------------------===//

LogicalResult CollectivePermuteOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // collective_permute_c1: dim(source_target_pairs, 1) = 2
  // collective_permute_c2: is_unique(source_target_pairs[:, 0])
  // collective_permute_c3: is_unique(source_target_pairs[:, 1])
  // collective_permute_c4: 0 <= source_target_pairs < N (N: process count,
  // unknown here; only negative ids are rejected)
  if (failed(verifySourceTargetPairs(
          emitError, getSourceTargetPairs(), "collective_permute_c1",
          "collective_permute_c2", "collective_permute_c3",
          "collective_permute_c4")))
    return failure();
  // collective_permute_c5: type(result) = type(operand)
  if (!isCompatibleType(getOperand().getType(), getType()))
    return emitOpError() << "result type " << getType()
                         << " must match operand type "
                         << getOperand().getType()
                         << " (collective_permute_c5)";
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  // collective_broadcast_c1: is_unique(replica_groups)
  // collective_broadcast_c2: 0 <= replica_groups < N (N: replica or
  // partition count, unknown here; only negative ids are rejected)
  if (failed(verifyReplicaGroups(emitError, getReplicaGroups(),
                                 "collective_broadcast_c1",
                                 "collective_broadcast_c2",
                                 /*checkUpperBound=*/false)))
    return failure();
  OperandRange data = getOperands();
  if (getHasDynamicRoot()) {
    // The last operand is the root index of each data operand.
    if (data.size() < 2)
      return emitOpError() << "with has_dynamic_root needs data operands "
                              "followed by a root tensor, got "
                           << data.size() << " operand(s)";
    auto root = cast<RankedTensorType>(data.back().getType());
    data = data.drop_back();
    if (root.getRank() != 1 || !isa<IntegerType>(root.getElementType()) ||
        !isCompatibleDim(root.getDimSize(0), data.size()))
      return emitOpError() << "root must be a 1-dimensional integer tensor "
                              "with one entry per data operand ("
                           << data.size() << "), got " << root;
  } else if (data.empty()) {
    return emitOpError() << "needs at least one operand";
  }
  // collective_broadcast_c3: type(result) = type(operand)
  if (getNumResults() != data.size())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << data.size()
                         << " data operands; they must match "
                            "(collective_broadcast_c3)";
  for (auto [i, operand, result] :
       llvm::enumerate(data.getTypes(), getResultTypes()))
    if (!isCompatibleType(operand, result))
      return emitOpError() << "result #" << i << " type " << result
                           << " must match operand type " << operand
                           << " (collective_broadcast_c3)";
  return success();
}

//===----------------------------------------------------------------------===//
// send, recv
//===----------------------------------------------------------------------===//

static StringRef channelTypeName(int64_t type) {
  switch (type) {
  case kDeviceToDevice:
    return "DEVICE_TO_DEVICE";
  case kDeviceToHost:
    return "DEVICE_TO_HOST";
  case kHostToDevice:
    return "HOST_TO_DEVICE";
  default:
    return "CHANNEL_TYPE_INVALID";
  }
}

/// `<op>_c1`: the channel type follows from is_host_transfer.
static LogicalResult verifyChannelType(Operation *op, ChannelHandleAttr handle,
                                       bool isHostTransfer,
                                       int64_t hostType, StringRef label) {
  int64_t expected = isHostTransfer ? hostType : kDeviceToDevice;
  if (handle.getType() == expected)
    return success();
  return op->emitOpError() << "channel_handle type " << handle.getType()
                           << " (" << channelTypeName(handle.getType())
                           << ") must be " << expected << " ("
                           << channelTypeName(expected)
                           << ") when is_host_transfer is "
                           << (isHostTransfer ? "true" : "false") << " ("
                           << label << ")";
}

LogicalResult SendOp::verify() {
  // send_c1: channel_type = is_host_transfer ? DEVICE_TO_HOST :
  // DEVICE_TO_DEVICE
  if (failed(verifyChannelType(*this, getChannelHandle(),
                               getIsHostTransfer(), kDeviceToHost,
                               "send_c1")))
    return failure();
  // send_c2..c5: source_target_pairs, as for collective_permute.
  if (std::optional<DenseIntElementsAttr> pairs = getSourceTargetPairs()) {
    auto emitError = [&] { return emitOpError(); };
    return verifySourceTargetPairs(emitError, *pairs, "send_c2", "send_c3",
                                   "send_c4", "send_c5");
  }
  return success();
}

/// recv_c2..c4 / infeed_c1..c3: one or more results, tensors then a token.
static LogicalResult verifyTensorsThenToken(Operation *op,
                                            StringRef countLabel,
                                            StringRef tensorLabel,
                                            StringRef tokenLabel) {
  TypeRange results = op->getResultTypes();
  if (results.empty())
    return op->emitOpError() << "must have at least one result (a token) ("
                             << countLabel << ")";
  for (auto [i, type] : llvm::enumerate(results.drop_back()))
    if (!isa<RankedTensorType>(type))
      return op->emitOpError() << "result #" << i << " must be a tensor, got "
                               << type << " (" << tensorLabel << ")";
  if (!isa<TokenType>(results.back()))
    return op->emitOpError() << "last result must be a !stablehlo.token, got "
                             << results.back() << " (" << tokenLabel << ")";
  return success();
}

LogicalResult RecvOp::verify() {
  // recv_c1: channel_type = is_host_transfer ? HOST_TO_DEVICE :
  // DEVICE_TO_DEVICE
  if (failed(verifyChannelType(*this, getChannelHandle(),
                               getIsHostTransfer(), kHostToDevice,
                               "recv_c1")))
    return failure();
  // recv_c2: 0 < size(results)
  // recv_c3: is_empty(results[:-1]) or is_tensor(type(results[:-1]))
  // recv_c4: is_token(type(results[-1]))
  if (failed(verifyTensorsThenToken(*this, "recv_c2", "recv_c3", "recv_c4")))
    return failure();
  // recv_c5..c8: source_target_pairs, as for collective_permute.
  if (std::optional<DenseIntElementsAttr> pairs = getSourceTargetPairs()) {
    auto emitError = [&] { return emitOpError(); };
    return verifySourceTargetPairs(emitError, *pairs, "recv_c5", "recv_c6",
                                   "recv_c7", "recv_c8");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// infeed
//===----------------------------------------------------------------------===//

LogicalResult InfeedOp::verify() {
  // infeed_c1: 0 < size(results)
  // infeed_c2: is_empty(results[:-1]) or is_tensor(type(results[:-1]))
  // infeed_c3: is_token(type(results[-1]))
  if (failed(verifyTensorsThenToken(*this, "infeed_c1", "infeed_c2",
                                    "infeed_c3")))
    return failure();
  // The layout, when given, has one entry per tensor result.
  if (std::optional<ArrayAttr> layout = getLayout()) {
    if (layout->size() != getNumResults() - 1)
      return emitOpError() << "layout has " << layout->size()
                           << " entries but there are " << getNumResults() - 1
                           << " tensor results";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// after_all
//===----------------------------------------------------------------------===//

ParseResult AfterAllOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs;
  if (parser.parseOperandList(inputs) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  SmallVector<Type> inputTypes(inputs.size(), type);
  Type resultType = type;
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumResults() != 1)
      return parser.emitError(typeLoc, "expected one result type, got ")
             << fn.getNumResults();
    inputTypes.assign(fn.getInputs().begin(), fn.getInputs().end());
    resultType = fn.getResult(0);
  }
  result.addTypes(resultType);
  return parser.resolveOperands(inputs, inputTypes, typeLoc, result.operands);
}

void AfterAllOp::print(OpAsmPrinter &p) {
  if (!getInputs().empty())
    p << ' ' << getInputs();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : ";
  Type result = getType();
  if (llvm::all_of(getInputs().getTypes(),
                   [&](Type t) { return t == result; }))
    p << result;
  else
    p.printFunctionalType(getInputs().getTypes(), TypeRange{result});
}
