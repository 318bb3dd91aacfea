//===- StableHLOCommOps.td - stablehlo Comm ops ---*- tablegen -*-===//
//
// Collectives (all_reduce, all_gather, all_to_all, reduce_scatter,
// collective_permute, collective_broadcast), process ids, point-to-point
// transfers (send, recv), host I/O (infeed, outfeed) and tokens.
//
// Upstream tools print the collectives, send/recv and infeed/outfeed in the
// generic form (`"stablehlo.all_gather"(%x) <{...}> : (...) -> ...`), so
// they have no custom syntax; the generic parser also accepts their
// attributes in a plain `{...}` dictionary. Verifiers and shape rules live in
// CommOps.cpp and InferComm.h and cite the spec's constraint labels.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_COMM_OPS
#define JX_STABLEHLO_COMM_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather"> {
  let summary = "all_gather: concatenates operands of every process of a group";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    I64Attr:$all_gather_dim,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce"> {
  let summary = "all_reduce: reduces operands across the processes of a group";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter"> {
  let summary = "reduce_scatter: all_reduce, then each process keeps one part";
  let arguments = (ins
    HLO_Tensor:$operand,
    I64Attr:$scatter_dimension,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all"> {
  let summary = "all_to_all: splits, exchanges and concatenates within a group";
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    I64Attr:$split_dimension,
    I64Attr:$concat_dimension,
    I64Attr:$split_count,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute"> {
  let summary = "collective_permute: sends the operand from source to target";
  let arguments = (ins
    HLO_Tensor:$operand,
    I64ElementsAttr:$source_target_pairs,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp : StableHLO_Op<"collective_broadcast"> {
  let summary = "collective_broadcast: the first process of a group broadcasts";
  let description = [{
    With `has_dynamic_root`, the operands are the data tensors followed by a
    1-dimensional integer `root` tensor holding, for each data operand, the
    index within its process group of the process whose value is broadcast;
    the results match the data operands.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$operands,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
    UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Process ids
//===----------------------------------------------------------------------===//

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure]> {
  let summary = "replica_id: the replica id of the current process";
  let results = (outs 0DTensorOf<[UI32]>:$result);
  // `stablehlo.replica_id : tensor<ui32>`
  let assemblyFormat = "attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::RankedTensorType::get({},
        $_builder.getIntegerType(32, /*isSigned=*/false)));
  }]>];
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure]> {
  let summary = "partition_id: the partition id of the current process";
  let results = (outs 0DTensorOf<[UI32]>:$result);
  // `stablehlo.partition_id : tensor<ui32>`
  let assemblyFormat = "attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::RankedTensorType::get({},
        $_builder.getIntegerType(32, /*isSigned=*/false)));
  }]>];
}

//===----------------------------------------------------------------------===//
// Point-to-point and host transfers
//===----------------------------------------------------------------------===//

def StableHLO_SendOp : StableHLO_Op<"send"> {
  let summary = "send: sends inputs over a channel, ordered by a token";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    StableHLO_Token:$token,
    StableHLO_ChannelHandle:$channel_handle,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
    OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs StableHLO_Token);
  let hasVerifier = 1;
}

def StableHLO_RecvOp : StableHLO_Op<"recv"> {
  let summary = "recv: receives tensors over a channel, then a token";
  let arguments = (ins
    StableHLO_Token:$token,
    StableHLO_ChannelHandle:$channel_handle,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
    OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed"> {
  let summary = "infeed: reads tensors from the infeed queue, then a token";
  let arguments = (ins
    StableHLO_Token:$token,
    DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
    OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed"> {
  let summary = "outfeed: writes inputs to the outfeed queue";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    StableHLO_Token:$token,
    DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs StableHLO_Token);
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "after_all: a token ordered after all input tokens";
  let arguments = (ins Variadic<StableHLO_Token>:$inputs);
  let results = (outs StableHLO_Token:$result);
  // `stablehlo.after_all %a, %b : !stablehlo.token`; the function type
  // `(!stablehlo.token, !stablehlo.token) -> !stablehlo.token` parses too.
  let hasCustomAssemblyFormat = 1;
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$inputs), [{
    build($_builder, $_state, ::jx::stablehlo::TokenType::get($_builder.getContext()),
          inputs);
  }]>];
}

def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [Pure]> {
  let summary = "create_token: a fresh token (same as after_all with no inputs)";
  let results = (outs StableHLO_Token:$output);
  // `stablehlo.create_token : !stablehlo.token`
  let assemblyFormat = "attr-dict `:` type($output)";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::jx::stablehlo::TokenType::get($_builder.getContext()));
  }]>];
}

#endif // JX_STABLEHLO_COMM_OPS
